const T: stone_game::Tables<'static> = stone_game::tables!(1.5);

fn main() {}
