//! The CLI run in the test's process, through the library crate's `run`:
//! what the binary does, without a process per command.

/// Runs the CLI in-process: exit code, stdout, stderr.
pub fn run(args: &[String]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("stone-game".to_string()).chain(args.iter().cloned());
    let code = stone_game_cli::run(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}
