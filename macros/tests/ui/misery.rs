const T: stone_game::Tables<'static> = stone_game::tables!(10, misery);

fn main() {}
