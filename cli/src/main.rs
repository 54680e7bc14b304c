//! The `stone-game` command-line tool; see [`stone_game_cli`].

fn main() -> std::process::ExitCode {
    stone_game_cli::main()
}
