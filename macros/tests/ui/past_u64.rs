const T: stone_game::Tables<'static> = stone_game::tables!(18_446_744_073_709_551_616);

fn main() {}
