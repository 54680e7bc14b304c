//! The `stone-game` command-line tool, as a library so that it can be tested
//! and fuzzed in-process. The game and its tables are the `stone-game`
//! crate's; GAME.md in the repository explains the mathematics.
//!
//! The binary's `main` is [`main`]; [`run`] is the same with any arguments
//! and any output streams. The commands:
//!
//! | command | prints |
//! |---|---|
//! | *(none)* | S([`LIMIT`](stone_game::LIMIT)) |
//! | `sum [L \| --limit L] [--scan] [--json]` | S(L), the sum of `x + y + z` over the losing positions `x <= y <= z <= L` |
//! | `count [L \| --limit L] [--scan] [--json]` | how many losing positions have `z <= L` |
//! | `is-losing A B C [+ D E F ...] [--json]` | `losing` or `winning`; of a sum, by the XOR of its games' Grundy values |
//! | `partner A B [--json]` | the one `C` for which `A B C` is losing |
//! | `moves A B C [...] [--json]` | the positions the winning moves leave, piles in the order given (each line a move `play` takes from the same piles), or why there is none |
//! | `moves A B C [...] --all [--json]` | every legal move, best first, with the outcome (and for one game the remoteness) of the position it leaves: `X Y Z  lose in 4` |
//! | `value A B C [...] [--json]` | `win in N` or `lose in N`: who wins, and in how many moves with perfect play; `win` or `lose` for a sum of games |
//! | `grundy A B C [+ D E F ...] [--json]` | the Sprague-Grundy value, of a sum the XOR of its games': 0 exactly at a losing position |
//! | `list [L \| --limit L] [--format plain\|csv\|json \| --json] [--scan]` | the losing positions with `z <= L` |
//! | `verify [--brute-limit M]` | checks of the tables against a brute force and GAME.md |
//! | `draw slice A\|partners\|counts\|grundy A\|remoteness A [--limit N] -o FILE` | a picture of the losing positions, PNG or SVG |
//! | `play [A B C ...] [--seed N] [--engine-first]` | a game, or a sum of games, against the engine, moves read from stdin |
//! | `serve [--host ADDR] [--port N] [--allow-host NAME]...` | the web explorer, in a browser (feature `serve`) |
//! | `completions bash\|zsh\|fish\|powershell\|elvish` | the shell's completion script (clap_complete) |
//! | `man [COMMAND]...` | the man page of the tool or of a command, in roff (clap_mangen) |
//! | `help [COMMAND...]` | the help of the tool or of a command |
//!
//! Every command asks the library's [`Solver`](stone_game::Solver) and
//! prints its answer; `--json` prints the library's JSON shape of it
//! (README, "JSON answers"), which names its convention. `is-losing`,
//! `value`, `moves` and `grundy` take a sum of games as `play` does: three
//! piles for each game.
//!
//! `--misere` plays the misère game (whoever takes the last stone loses) on
//! every command that answers, `draw` and `play`; `grundy`, `draw grundy`
//! and a sum of games refuse it in the library's words. The misère tables
//! are always scanned at run time. (`verify` checks the embedded
//! tables, which are normal play's; `serve` leaves the choice to each
//! request.)
//!
//! A limit is `--limit L` on every command that takes one (`verify`'s brute
//! force is `--brute-limit M`); `sum`, `count` and `list` take `L` alone too. A number past what a command computes
//! names that command's largest.
//!
//! Past the embedded tables, a limit is scanned at run time, after a note on
//! stderr: `list` with
//! [`ScannedTriples::scan`](stone_game::ScannedTriples::scan), which stops at
//! the limit; `sum` and `count` with the same scan keeping only its totals
//! ([`ScannedTotals::scan`](stone_game::ScannedTotals::scan)); `is-losing`,
//! `moves` and `play` of one game with whichever needs less memory, the
//! whole tables to its second-largest pile (up to 32000) or the triples to
//! its largest (up to 65535); `partner`, the pictures of slices and
//! partners and a random misère start of `play` with
//! [`ScannedTables::scan`](stone_game::ScannedTables::scan); sums of games
//! with Grundy values and one game's values with its remoteness, both
//! computed at run time whatever the limit. Exit codes: 0
//! for success, 1 when `verify` finds a mismatch, the output or a picture
//! cannot be written or `serve` cannot listen on its port, 2 for bad arguments (one `error:` line that says the fix,
//! and a usage hint, on stderr), including a limit whose scan would not fit in
//! the memory available (the host's, or less when a control group limits
//! the process), and 130 when Ctrl-C interrupts `play`.
//!
//! The modules and the direction of their imports are drawn in
//! `commands/mod.rs`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::ffi::OsString;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

mod args;
mod commands;
mod context;
mod limits;
mod play_lines;
mod progress;
mod runtime;
mod solver;
mod usage;
mod words;

use args::{Cli, Command};
use commands::{
    default, documentation, draw, grundy, is_losing, list, moves, partner, play, totals, value,
    verify,
};
use context::{Ctx, Failure};
use usage::USAGE_HINT;

/// Runs the tool with `args` (`argv[0]` first) and returns its exit code: 0
/// for success, 1 when `verify` finds a mismatch or the output or a picture
/// cannot be written, 2 for bad arguments.
///
/// Answers go to `stdout`; notes and errors to `stderr`. A bad argument gives
/// exactly one `error: ...` line and a usage hint on `stderr`. It never
/// panics, whatever the arguments; a closed `stdout` (a broken pipe) ends it
/// quietly. It never draws a progress bar: only [`main`] does, on a terminal.
///
/// ```
/// let mut out = Vec::new();
/// let mut err = Vec::new();
/// let code = stone_game_cli::run(["stone-game", "sum", "4"], &mut out, &mut err);
/// assert_eq!((code, &out[..], &err[..]), (0, &b"27\n"[..], &b""[..]));
///
/// let code = stone_game_cli::run(["stone-game", "partner", "1", "3", "--json"], &mut out, &mut err);
/// assert_eq!(code, 0);
/// assert!(out.ends_with(b"{\"convention\":\"normal\",\"pair\":[1,3],\"partner\":3}\n"));
///
/// out.clear();
/// let code = stone_game_cli::run(["stone-game", "sum", "-5"], &mut out, &mut err);
/// assert_eq!(code, 2);
/// assert!(out.is_empty());
/// let err = String::from_utf8(err).unwrap();
/// assert!(err.starts_with("error: invalid value '-5'"));
/// assert_eq!(err.lines().count(), 2);
/// ```
pub fn run<I, T>(args: I, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_input(args, &mut io::empty(), stdout, stderr)
}

/// [`run`] with `stdin` as the standard input, which only `play` reads: it
/// plays over the pipe protocol (README, "Playing").
///
/// ```
/// let mut out = Vec::new();
/// let mut err = Vec::new();
/// let moves = &mut &b"0 1 2\n0 0 0\n"[..];
/// let code = stone_game_cli::run_with_input(["stone-game", "play", "0", "0", "2"], moves, &mut out, &mut err);
/// assert_eq!(code, 0);
/// let transcript = String::from_utf8(out).unwrap();
/// assert_eq!(transcript.lines().collect::<Vec<_>>(), [
///     "start: 0 0 2",
///     "illegal: pile B would grow from 0 to 1; a move only takes stones",
///     "you win",
/// ]);
/// ```
pub fn run_with_input<I, T>(
    args: I,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut ctx = Ctx {
        out: stdout,
        err: stderr,
        input: stdin,
        interactive: false,
        progress_bar: false,
        memory: None,
    };
    execute(args, &mut ctx)
}

/// The binary's entry point: [`run`] with the process's arguments, stdout and
/// stderr, and a progress bar for long runtime scans when stderr is a terminal.
pub fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    let stdin = io::stdin();
    let interactive = stdin.is_terminal() && io::stdout().is_terminal();
    let mut input = stdin.lock();
    let mut ctx = Ctx {
        out: &mut out,
        err: &mut err,
        input: &mut input,
        interactive,
        progress_bar: io::stderr().is_terminal(),
        memory: None,
    };
    ExitCode::from(execute(std::env::args_os(), &mut ctx))
}

/// Parses and runs; every outcome becomes an exit code.
fn execute<I, T>(args: I, ctx: &mut Ctx) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return clap_error(ctx, e, &args),
    };
    let result = dispatch(ctx, cli.command).and_then(|code| {
        ctx.out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(Failure::Usage(message)) => usage_error(ctx, &message),
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            let _ = writeln!(ctx.err, "error: cannot write the output: {e}");
            1
        }
        Err(Failure::Output(message)) => {
            let _ = writeln!(ctx.err, "error: {}", one_line(&message));
            1
        }
        Err(Failure::Internal(message)) => {
            let _ = writeln!(ctx.err, "error: internal error: {message}");
            1
        }
    }
}

fn dispatch(ctx: &mut Ctx, command: Option<Command>) -> Result<u8, Failure> {
    match command {
        None => default::default(ctx),
        Some(Command::Sum(query)) => totals::sum_or_count(ctx, &query, totals::Total::Sum),
        Some(Command::Count(query)) => totals::sum_or_count(ctx, &query, totals::Total::Count),
        Some(Command::IsLosing(q)) => {
            is_losing::is_losing(ctx, &q.piles, q.rules.convention(), q.json)
        }
        Some(Command::Partner { a, b, json, rules }) => {
            partner::partner(ctx, a, b, rules.convention(), json)
        }
        Some(Command::Moves(m)) => moves::moves(ctx, &m.piles, m.rules.convention(), m.all, m.json),
        Some(Command::Value(v)) => value::value(ctx, &v.piles, v.rules.convention(), v.json),
        Some(Command::Grundy(g)) => grundy::grundy(ctx, &g.piles, g.rules.convention(), g.json),
        Some(Command::List(query)) => list::list(ctx, &query),
        Some(Command::Verify { brute_limit }) => verify::verify(ctx, brute_limit),
        Some(Command::Help { command }) => usage::help(ctx, &command),
        Some(Command::Play(game)) => play::play(
            ctx,
            &game.piles,
            game.seed,
            game.engine_first,
            game.rules.convention(),
        ),
        Some(Command::Draw(picture)) => draw::draw(ctx, &picture),
        Some(Command::Completions { shell }) => documentation::completions(ctx, shell),
        Some(Command::Man { command }) => documentation::man(ctx, &command),
        #[cfg(feature = "serve")]
        Some(Command::Serve(s)) => commands::serve::serve(ctx, s.host, s.port, s.allow_hosts),
    }
}

/// Writes `error: message` and the usage hint on stderr; exit code 2.
fn usage_error(ctx: &mut Ctx, message: &str) -> u8 {
    let _ = writeln!(ctx.err, "error: {}", one_line(message));
    let _ = writeln!(ctx.err, "{USAGE_HINT}");
    2
}

/// Help and version go to stdout (exit code 0); anything else is a usage
/// error of one line, with the fix.
fn clap_error(ctx: &mut Ctx, e: clap::Error, args: &[OsString]) -> u8 {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = e.render().to_string();
            let written = ctx
                .out
                .write_all(text.as_bytes())
                .and_then(|()| ctx.out.flush());
            match written {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    let _ = writeln!(ctx.err, "error: cannot write the output: {e}");
                    1
                }
                _ => 0,
            }
        }
        _ => {
            let message = usage::with_fix(e, args).apply::<usage::OneLine>();
            usage_error(ctx, &message.to_string())
        }
    }
}

/// `text` on one line: control characters (newlines among them) escaped.
fn one_line(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs with a set amount of available memory.
    fn run_with_memory(args: &[&str], memory: u64) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, memory);
        let mut argv = vec!["stone-game"];
        argv.extend_from_slice(args);
        let code = execute(argv, &mut ctx);
        (
            code,
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        )
    }

    fn assert_refused(args: &[&str], memory: u64, needle: &str) {
        let (code, out, err) = run_with_memory(args, memory);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {err}");
        assert!(lines[0].starts_with("error: "), "{err}");
        assert!(lines[0].contains(needle), "{args:?}: {err}");
        assert_eq!(lines[1], USAGE_HINT);
    }

    #[test]
    fn scans_that_do_not_fit_are_refused() {
        let above = u64::from(stone_game::LIMIT) + 1;
        // A sum needs the totals alone; a list the triples; a partner, the
        // whole tables.
        let whole = stone_game_memory::human_size(stone_game::ScannedTables::memory_needed(
            stone_game::LIMIT + 1,
        ));
        let triples = stone_game_memory::human_size(stone_game::ScannedTriples::memory_needed(
            stone_game::LIMIT + 1,
        ));
        let totals = stone_game_memory::human_size(stone_game::ScannedTotals::memory_needed(
            stone_game::LIMIT + 1,
        ));
        for args in [
            vec!["sum".to_string(), above.to_string()],
            vec!["count".to_string(), above.to_string()],
            vec!["list".to_string(), "--limit".to_string(), above.to_string()],
            vec!["sum".to_string(), "--scan".to_string(), "0".to_string()],
            vec!["list".to_string(), "--scan".to_string()],
            vec!["partner".to_string(), "0".to_string(), above.to_string()],
            vec![
                "is-losing".to_string(),
                above.to_string(),
                above.to_string(),
                "5".to_string(),
            ],
            vec![
                "moves".to_string(),
                above.to_string(),
                above.to_string(),
                "5".to_string(),
            ],
            vec![
                "verify".to_string(),
                "--brute-limit".to_string(),
                "35".to_string(),
            ],
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_refused(&args, 10, "only 10 B is available");
        }
        let above = above.to_string();
        assert_refused(&["sum", &above], 1000, &format!("about {totals} of memory"));
        assert_refused(
            &["list", "--limit", &above],
            1000,
            &format!("about {triples} of memory"),
        );
        assert_refused(
            &["partner", "0", &above],
            1000,
            &format!("about {whole} of memory"),
        );
    }

    #[test]
    fn scans_that_fit_run() {
        let above = (u64::from(stone_game::LIMIT) + 1).to_string();
        let (code, out, err) = run_with_memory(&["count", &above], 1 << 30);
        assert_eq!(code, 0, "{err}");
        assert!(out.trim().parse::<u64>().is_ok());
        assert!(err.starts_with("note: "));
    }

    /// An output that refuses every write with `kind`.
    struct Refusing(io::ErrorKind);

    impl Write for Refusing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_is_an_error_but_a_broken_pipe_ends_quietly() {
        // An answer, a completion script (which clap_complete writes) and a
        // man page (clap_mangen).
        for args in [
            &["stone-game", "sum", "4"][..],
            &["stone-game", "completions", "bash"],
            &["stone-game", "completions", "zsh"],
            &["stone-game", "man"],
        ] {
            let mut err = Vec::new();
            let code = run(args, &mut Refusing(io::ErrorKind::Other), &mut err);
            let err = String::from_utf8(err).unwrap();
            assert_eq!(code, 1, "{args:?}: {err}");
            assert!(
                err.starts_with("error: cannot write the output") && err.lines().count() == 1,
                "{args:?}: {err}"
            );
            let mut err = Vec::new();
            let code = run(args, &mut Refusing(io::ErrorKind::BrokenPipe), &mut err);
            assert_eq!((code, err.len()), (0, 0), "{args:?}");
        }
        // The same for help, which clap renders itself.
        for (kind, expected) in [(io::ErrorKind::Other, 1), (io::ErrorKind::BrokenPipe, 0)] {
            let mut err = Vec::new();
            let code = run(["stone-game", "--help"], &mut Refusing(kind), &mut err);
            let err = String::from_utf8(err).unwrap();
            assert_eq!(code, expected, "{kind:?}: {err}");
            assert_eq!(err.is_empty(), expected == 0, "{kind:?}: {err}");
        }
    }

    #[test]
    fn clap_suggestions_are_kept() {
        for (args, suggestion) in [
            (&["sumx"][..], "(did you mean 'sum'?)"),
            (&["sum", "--jsn"][..], "(did you mean '--json'?)"),
        ] {
            let (code, _, err) = run_with_memory(args, 1 << 30);
            assert_eq!(code, 2);
            assert!(err.lines().next().unwrap().contains(suggestion), "{err}");
        }
    }

    #[test]
    fn help_prints_the_help_of_any_command_itself_included() {
        for (args, first) in [
            (
                &["help"][..],
                "Every losing position of the three-pile stone game.",
            ),
            (
                &["help", "--help"],
                "Print this message or the help of the given command(s)",
            ),
            (
                &["help", "-h"],
                "Print this message or the help of the given command(s)",
            ),
            (
                &["help", "help"],
                "Print this message or the help of the given command(s)",
            ),
            (
                &["help", "sum"],
                "S(L): the sum of x+y+z over the losing positions x <= y <= z <= L",
            ),
            (
                &["help", "draw", "counts"],
                "The count of losing positions and S(l) against l, on log-log axes",
            ),
        ] {
            let (code, out, err) = run_with_memory(args, 1 << 30);
            assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
            assert_eq!(out.lines().next(), Some(first), "{args:?}");
        }
        // `help`'s own argument is what it takes, not `man`'s.
        let (_, out, _) = run_with_memory(&["help", "help"], 1 << 30);
        assert!(
            out.contains(
                "[COMMAND]...\n          The command to print the help of (`help sum`), and for \
                 `draw` a picture (`help draw slice`); none: the help of the tool\n"
            ),
            "{out}"
        );
        for (args, message) in [
            (
                &["help", "frob"][..],
                "unrecognized subcommand 'frob'; the commands are sum, count, ",
            ),
            (
                &["help", "draw", "x"],
                "unrecognized subcommand 'x'; the pictures of 'draw' are slice, ",
            ),
            (
                &["help", "sum", "x"],
                "'sum' has no subcommands; run 'stone-game help sum'",
            ),
        ] {
            assert_refused(args, 1 << 30, message);
        }
    }

    #[test]
    fn messages_stay_on_one_line() {
        assert_eq!(one_line("a\nb\r\tc"), "a\\nb\\r\\tc");
        let (code, out, err) = run_with_memory(&["sum", "1\n2"], 1 << 30);
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 2, "{err}");
    }
}
