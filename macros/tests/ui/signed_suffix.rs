const T: stone_game::Tables<'static> = stone_game::tables!(100i32);

fn main() {}
