const T: stone_game::Tables<'static> = stone_game::tables!(4001);

fn main() {}
