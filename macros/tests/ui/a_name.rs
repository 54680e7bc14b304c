const T: stone_game::Tables<'static> = stone_game::tables!(abc);

fn main() {}
