//! The `stone-game` binary as a user runs it, for the test files that run
//! it: a run's exit code and output, and the checks of a success and of a
//! refusal.

#![allow(dead_code)] // Each test file uses what it needs.

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;
use stone_game::LIMIT;

pub const BIN: &str = env!("CARGO_BIN_EXE_stone-game");

/// The largest `verify --brute-limit` the tool runs (README, "The
/// command-line tool").
pub const MAX_BRUTE: u64 = 500;

/// The largest limit of a scan of the whole tables the tool runs (README,
/// "The command-line tool").
pub const MAX_WHOLE_SCAN: u64 = 32_000;
/// The largest pile whose Grundy values the tool computes, as README says.
pub const MAX_GRUNDY: u32 = 1500;

/// A finished run: exit code, stdout, stderr.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

pub fn run<S: Into<OsString>>(args: impl IntoIterator<Item = S>) -> Run {
    finished(Command::new(BIN).args(args.into_iter().map(Into::into)))
}

/// Runs `args` with the binary's address space limited to `kib` KiB
/// (`ulimit -v`, through `sh`): the memory check, which reads the
/// machine's memory, lets a table through that the allocator refuses.
pub fn run_in_address_space(kib: u64, args: &[&str]) -> Run {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    finished(Command::new("sh").arg("-c").arg(script).arg(BIN).args(args))
}

/// Runs `args` where no thread can be started: under a limit of one
/// process for the user (util-linux's `prlimit --nproc=1`), which every
/// thread counts against. Root is not held to it, so as root the binary
/// runs as `nobody` (uid 65534, through util-linux's `setpriv`), from a
/// copy in a directory of its own that `nobody` may enter.
pub fn run_without_threads(args: &[&str]) -> Run {
    use std::os::unix::fs::PermissionsExt;
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|id| id.stdout == b"0\n");
    if !root {
        return finished(Command::new("prlimit").arg("--nproc=1").arg(BIN).args(args));
    }
    let place = tempfile::tempdir().expect("a directory for the binary");
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(place.path(), open.clone()).expect("the directory opened");
    let bin = place.path().join("stone-game");
    std::fs::copy(BIN, &bin).expect("the binary copied");
    std::fs::set_permissions(&bin, open).expect("the binary opened");
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .args(["prlimit", "--nproc=1"])
        .arg(&bin)
        .args(args)
        .current_dir(place.path());
    finished(&mut command)
}

/// `command`'s run to its end, with nothing on stdin.
fn finished(command: &mut Command) -> Run {
    let output = command
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("an exit code, not a signal"),
        out: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        err: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `args` with `input` on stdin.
pub fn run_with_stdin(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code().expect("an exit code"),
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs `args`, expects success and an empty stderr, returns stdout.
pub fn ok(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    assert_eq!(r.err, "", "{args:?}");
    r.out
}

/// Runs `args`, expects success and exactly one `note:` line on stderr.
pub fn ok_with_note(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    let lines: Vec<&str> = r.err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {:?}", r.err);
    assert!(lines[0].starts_with("note: "), "{args:?}: {:?}", r.err);
    assert!(
        r.err.ends_with('\n') && !r.err.contains('\r'),
        "{:?}",
        r.err
    );
    r.out
}

/// Runs `args`, expects success, and a stderr that is empty or one note (a
/// runtime scan, at a LIMIT below the arguments); returns stdout.
pub fn ok_maybe_scanned(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    assert!(
        r.err.is_empty() || (r.err.starts_with("note: ") && r.err.lines().count() == 1),
        "{args:?}: {:?}",
        r.err
    );
    r.out
}

pub fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text:?}"))
}

/// A bad input: exit code 2, nothing on stdout, one `error:` line and a usage
/// hint on stderr, no panic. Returns the error line.
pub fn bad<S: Into<OsString> + Clone + std::fmt::Debug>(args: &[S]) -> String {
    let r = run(args.iter().cloned());
    assert_eq!(r.code, 2, "{args:?}: {}", r.err);
    assert_eq!(r.out, "", "{args:?}");
    assert!(!r.err.contains("panicked"), "{args:?}: {}", r.err);
    let lines: Vec<&str> = r.err.lines().collect();
    assert_eq!(lines.len(), 2, "{args:?}: {:?}", r.err);
    assert_eq!(r.err.matches("error:").count(), 1, "{args:?}: {:?}", r.err);
    assert!(lines[0].starts_with("error: "), "{args:?}: {:?}", r.err);
    assert!(lines[0].len() > "error: ".len() + 10, "{:?}", lines[0]);
    assert!(
        lines[1].starts_with("usage hint: "),
        "{args:?}: {:?}",
        r.err
    );
    lines[0].to_string()
}

pub fn limit() -> u64 {
    u64::from(LIMIT)
}

/// A limit past the embedded tables, cheap to scan in a debug build.
pub fn above() -> u32 {
    LIMIT + 200
}
