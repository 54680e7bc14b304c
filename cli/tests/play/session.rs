//! The binary over pipes, and the protocol's lines read back: a game
//! driven line by line, and what an `engine:` line says.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_stone-game");

/// How long a test waits for a line, or for the binary to end: far more
/// than any move takes, so that only a stuck engine runs out of it, and
/// fails its test instead of hanging the suite.
const PATIENCE: Duration = Duration::from_secs(30);

/// The lines `from` writes, each with its newline (a last line without one
/// as it is), read by a thread of their own so that a read can time out.
fn lines_of(from: impl Read + Send + 'static) -> Receiver<String> {
    let (lines, rx) = channel();
    thread::spawn(move || {
        let mut from = BufReader::new(from);
        loop {
            let mut line = String::new();
            // The end of output, or the test no longer listening, ends it.
            let read = matches!(from.read_line(&mut line), Ok(n) if n > 0);
            if !read || lines.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for `child` to end, for [`PATIENCE`] at most: past it, kills it
/// and fails.
pub(crate) fn wait_patiently(child: &mut Child) -> ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().expect("the binary is waited for") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the binary did not end within {PATIENCE:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs the binary with `args` and no input, as `Command::output` does,
/// but failing after [`PATIENCE`] instead of waiting for ever.
pub(crate) fn output(args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdout = lines_of(child.stdout.take().expect("stdout is piped"));
    let stderr = lines_of(child.stderr.take().expect("stderr is piped"));
    let status = wait_patiently(&mut child);
    // The binary has ended: its pipes are closed, and drain at once.
    let all = |lines: Receiver<String>| lines.iter().collect::<String>().into_bytes();
    Output {
        status,
        stdout: all(stdout),
        stderr: all(stderr),
    }
}

/// A game running in the binary, driven line by line. Dropped, it kills
/// the binary if it still runs, so that a failed test leaves none behind.
pub(crate) struct Session {
    pub(crate) child: Child,
    stdin: Option<ChildStdin>,
    pub(crate) stdout: Receiver<String>,
}

impl Session {
    pub(crate) fn start(args: &[&str]) -> Session {
        let mut child = Command::new(BIN)
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take();
        let stdout = lines_of(child.stdout.take().expect("stdout is piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// The next line, within [`PATIENCE`].
    pub(crate) fn line(&mut self) -> String {
        match self.stdout.recv_timeout(PATIENCE) {
            Ok(line) => {
                assert!(line.ends_with('\n'), "the game stopped early: {line:?}");
                line.trim_end().to_string()
            }
            Err(RecvTimeoutError::Timeout) => panic!("no line within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the game stopped early"),
        }
    }

    pub(crate) fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{text}").expect("stdin writes");
        stdin.flush().expect("stdin flushes");
    }

    /// Closes stdin and returns the rest of stdout and the exit code.
    pub(crate) fn finish(mut self) -> (Vec<String>, i32) {
        drop(self.stdin.take());
        let code = wait_patiently(&mut self.child).code();
        let rest = self.stdout.iter().map(|l| l.trim_end().to_string());
        (rest.collect(), code.expect("an exit code, not a signal"))
    }

    /// Closes stdin, and checks that the game had nothing more to say and
    /// ended with exit code 0.
    pub(crate) fn finish_quietly(self) {
        let (rest, code) = self.finish();
        assert!(rest.is_empty(), "{rest:?}");
        assert_eq!(code, 0);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The piles of a protocol line that starts with `prefix`.
pub(crate) fn position(line: &str, prefix: &str) -> Vec<u64> {
    let rest = line
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("expected {prefix:?}, got {line:?}"));
    // One game's hint ends in `  win in N`.
    let rest = rest.split("  ").next().unwrap_or_default();
    let piles: Vec<u64> = rest
        .split(' ')
        .map(|w| w.parse().expect("a pile"))
        .collect();
    assert!(
        !piles.is_empty() && piles.len().is_multiple_of(3),
        "{line:?}"
    );
    piles
}

/// What an `engine:` line says the engine took (`  takes 2 from B and C`,
/// in a sum `... in game 2`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Told {
    pub(crate) stones: u64,
    /// The names of the piles it took from, in order.
    pub(crate) piles: Vec<String>,
    /// The game it moved in, from 1, in a sum.
    pub(crate) game: Option<usize>,
}

/// The words of an `engine:` line.
pub(crate) fn told(line: &str) -> Told {
    let (_, words) = line
        .split_once("  takes ")
        .unwrap_or_else(|| panic!("no 'takes' in {line:?}"));
    let (stones, rest) = words
        .split_once(" from ")
        .unwrap_or_else(|| panic!("no 'from' in {line:?}"));
    let (names, game) = match rest.split_once(" in game ") {
        Some((names, game)) => (names, Some(game.parse().expect("a game"))),
        None => (rest, None),
    };
    Told {
        stones: stones.parse().expect("a number of stones"),
        piles: names
            .split(", ")
            .flat_map(|n| n.split(" and "))
            .map(String::from)
            .collect(),
        game,
    }
}

/// The name the game gives pile `i` (of the tests' fewer than 27): `A`,
/// `B`, ...
pub(crate) fn pile_name(i: usize) -> String {
    char::from(b'A' + u8::try_from(i).expect("a small index")).to_string()
}

/// The position an `engine:` line says the engine left from `from`, once
/// its words are checked against the two positions: the piles that lost
/// stones, each the same number, and in a sum the game they are in.
pub(crate) fn engine_reply(line: &str, from: &[u64]) -> Vec<u64> {
    let to = position(line, "engine: ");
    assert_eq!(to.len(), from.len(), "{line:?} from {from:?}");
    let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
    let first = *changed
        .first()
        .unwrap_or_else(|| panic!("{line:?} from {from:?}"));
    let stones = from[first].checked_sub(to[first]).expect("a pile shrinks");
    assert!(
        changed
            .iter()
            .all(|&i| from[i].checked_sub(to[i]) == Some(stones)),
        "{line:?} from {from:?}"
    );
    assert_eq!(
        told(line),
        Told {
            stones,
            piles: changed.iter().copied().map(pile_name).collect(),
            game: (from.len() > 3).then_some(first / 3 + 1),
        },
        "{line:?} from {from:?}"
    );
    to
}

/// The piles as the player types them.
pub(crate) fn typed(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}
