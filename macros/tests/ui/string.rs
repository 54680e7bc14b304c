const T: stone_game::Tables<'static> = stone_game::tables!("100");

fn main() {}
