//! The `stone-game` command-line tool; see [`stone_game::cli`].

fn main() -> std::process::ExitCode {
    stone_game::cli::main()
}
