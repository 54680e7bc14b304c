const T: stone_game::Tables<'static> = stone_game::tables!(10, misere, 3);

fn main() {}
