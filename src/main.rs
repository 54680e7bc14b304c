fn main() {
    println!(
        "{}",
        stone_game::losing_sum(u64::from(stone_game::LIMIT)).unwrap_or(0)
    );
}
