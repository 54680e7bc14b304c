const T: stone_game::Tables<'static> = stone_game::tables!(100 misere);

fn main() {}
