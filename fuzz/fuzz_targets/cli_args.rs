//! The command-line tool in-process, `stone_game_cli::run`, with arbitrary
//! argument vectors biased toward its real commands and flags (sums of
//! games, `--all` and `--misere` among them): exit code 0 or 2 (1 would mean
//! `verify` found a mismatch or an internal error, since in-memory output
//! cannot fail), one `error:` line exactly when it is 2, and never a panic.
//! `serve` never starts (it would serve until stopped), and `draw` never
//! gets an output file: its arguments are parsed and refused.

#![no_main]

use std::ffi::OsString;
use std::hash::{DefaultHasher, Hash, Hasher};

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use stone_game::LIMIT;

// New names go at the end: the seeds name the others by their index.
const COMMANDS: [&str; 14] = [
    "sum",
    "count",
    "is-losing",
    "partner",
    "moves",
    "list",
    "verify",
    "play",
    "help",
    "is_losing",
    "value",
    "grundy",
    "draw",
    "serve",
];

const FLAGS: [&str; 15] = [
    "--json",
    "--scan",
    "--limit",
    "--format",
    "--brute-limit",
    "--help",
    "--version",
    "-h",
    "-V",
    "--",
    "-",
    "--limit=",
    "--all",
    "--misere",
    // Between the games of a sum.
    "+",
];

const FORMATS: [&str; 5] = ["plain", "csv", "json", "JSON", ""];

/// The largest number a command that scans to it (`sum`, `count`, `list`,
/// `partner`; `is-losing` and `moves` to their second-largest pile, or to
/// the largest while it is near the second, below 1.11 times it here) may
/// get: past it a runtime scan would stall the fuzzer.
const SCAN_CAP: u128 = LIMIT as u128 + 256;

/// The largest `--brute-limit` for `verify`: the brute force grows as the
/// fourth power of its limit.
const BRUTE_CAP: u128 = 40;

/// The largest number of a command that computes the remoteness or the
/// Grundy values of every position up to its largest pile (`value`,
/// `grundy`, `play`, `moves --all`, a sum of games): their time grows as
/// about the cube of the pile.
const VALUES_CAP: u128 = 64;

/// The share of the inputs naming `verify` that are run.
const VERIFY_ONE_IN: u64 = 16;

/// A number as an argument.
#[derive(Arbitrary, Debug)]
enum Number {
    /// In and near the embedded table.
    Near(u16),
    /// Small.
    Tiny(u8),
    /// Anything a `u64` holds.
    Any(u64),
    /// Just past `u64::MAX`.
    TooLarge(u8),
    /// With leading zeros.
    Padded(u8, u16),
    /// Negative.
    Negative(u16),
}

impl Number {
    fn text(&self) -> String {
        match *self {
            Number::Near(v) => (u64::from(v) % (u64::from(LIMIT) + 300)).to_string(),
            Number::Tiny(v) => v.to_string(),
            Number::Any(v) => v.to_string(),
            Number::TooLarge(v) => (u128::from(u64::MAX) + 1 + u128::from(v)).to_string(),
            Number::Padded(zeros, v) => format!("{}{v}", "0".repeat(usize::from(zeros % 24))),
            Number::Negative(v) => format!("-{v}"),
        }
    }
}

/// One argument.
#[derive(Arbitrary, Debug)]
enum Arg {
    Command(u8),
    Flag(u8),
    /// `--flag=value`.
    FlagValue(u8, Number),
    Number(Number),
    Format(u8),
    Text(String),
    /// Any bytes: not always UTF-8.
    Bytes(Vec<u8>),
}

impl Arg {
    fn os(&self) -> OsString {
        match self {
            Arg::Command(i) => COMMANDS[usize::from(*i) % COMMANDS.len()].into(),
            Arg::Flag(i) => FLAGS[usize::from(*i) % FLAGS.len()].into(),
            Arg::FlagValue(i, n) => {
                let flag = ["--limit", "--format", "--brute-limit", "--json"][usize::from(*i) % 4];
                format!("{flag}={}", n.text()).into()
            }
            Arg::Number(n) => n.text().into(),
            Arg::Format(i) => FORMATS[usize::from(*i) % FORMATS.len()].into(),
            Arg::Text(s) => s.into(),
            Arg::Bytes(bytes) => bytes_to_os(bytes.clone()),
        }
    }
}

#[cfg(unix)]
fn bytes_to_os(bytes: Vec<u8>) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes)
}

#[cfg(not(unix))]
fn bytes_to_os(bytes: Vec<u8>) -> OsString {
    String::from_utf8_lossy(&bytes).into_owned().into()
}

/// Every run of ASCII digits in the arguments, as a number (saturating).
fn numbers(args: &[OsString]) -> Vec<u128> {
    let mut found = Vec::new();
    for arg in args {
        let text = arg.to_string_lossy();
        for run in text.split(|c: char| !c.is_ascii_digit()) {
            let digits = run.trim_start_matches('0');
            if run.is_empty() {
                continue;
            }
            found.push(if digits.len() > 30 {
                u128::MAX
            } else {
                digits.parse().unwrap_or(0)
            });
        }
    }
    found
}

/// Whether an argument may name `draw`'s output file: `-o` (alone, with its
/// value, or in a cluster of short flags) or a long flag clap could read as
/// `--output`.
fn names_an_output(arg: &OsString) -> bool {
    let text = arg.to_string_lossy();
    match text.strip_prefix("--") {
        Some(long) => long.starts_with('o'),
        None => text.starts_with('-') && text.contains('o'),
    }
}

/// Whether the arguments may ask for a long computation, `serve` (which
/// serves until it is stopped) or a picture written wherever the arguments
/// say (`draw`'s pictures have tests of their own).
fn too_costly(args: &[OsString]) -> bool {
    let has = |word: &str| args.iter().any(|a| a.to_string_lossy().contains(word));
    let first_is_help = args.first().is_some_and(|a| a == "help");
    if has("serve") && !first_is_help {
        return true;
    }
    if has("draw") && args.iter().any(names_an_output) {
        return true;
    }
    let numbers = numbers(args);
    let values = ["value", "grundy", "play", "--all"].iter().any(|w| has(w))
        || (has("moves") && numbers.len() > 3);
    if values && numbers.iter().any(|&n| n > VALUES_CAP) {
        return true;
    }
    if has("verify") {
        // `verify` checks the whole embedded table (seconds per run, where
        // the others take milliseconds at most): let one input in
        // `VERIFY_ONE_IN` through, chosen by a hash of the arguments so that
        // the fuzzer cannot learn to pick it.
        let mut hasher = DefaultHasher::new();
        args.hash(&mut hasher);
        if numbers.iter().any(|&n| n > BRUTE_CAP) || !hasher.finish().is_multiple_of(VERIFY_ONE_IN)
        {
            return true;
        }
    }
    let past = numbers.iter().filter(|&&n| n > SCAN_CAP).count();
    if ["sum", "count", "list", "partner"].iter().any(|w| has(w)) {
        past > 0
    } else {
        // is-losing and moves answer one pile past the table from its
        // partners, and scan to the second-largest (or to the largest, only
        // while it is near the second: a scan to 1400 at most).
        past > 1
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    args: Vec<Arg>,
}

fuzz_target!(|input: Input| {
    if input.args.len() > 8 {
        return;
    }
    let mut argv: Vec<OsString> = vec!["stone-game".into()];
    argv.extend(input.args.iter().map(Arg::os));
    if too_costly(&argv[1..]) {
        return;
    }

    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = stone_game_cli::run(argv.clone(), &mut out, &mut err);
    let stderr = String::from_utf8_lossy(&err);
    let errors = stderr.lines().filter(|l| l.starts_with("error:")).count();
    match code {
        0 => assert_eq!(errors, 0, "{argv:?}: exit 0 with errors:\n{stderr}"),
        2 => {
            assert_eq!(
                errors, 1,
                "{argv:?}: exit 2 with {errors} error lines:\n{stderr}"
            );
            assert!(
                out.is_empty(),
                "{argv:?}: exit 2 after output:\n{}",
                String::from_utf8_lossy(&out)
            );
        }
        // In-memory output cannot fail, so exit 1 is a mismatch `verify`
        // found or an internal error: a bug of the library either way.
        1 => panic!("{argv:?}: exit 1:\n{stderr}"),
        _ => panic!("{argv:?}: exit code {code}:\n{stderr}"),
    }
    assert!(
        std::str::from_utf8(&out).is_ok(),
        "{argv:?}: stdout is not UTF-8"
    );
});
