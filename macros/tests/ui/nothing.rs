const T: stone_game::Tables<'static> = stone_game::tables!();

fn main() {}
