//! `stone-game play` over pipes, as a script plays it: whole games of a
//! perfect player against the engine, every kind of illegal move, and the
//! refusals at the start.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use stone_game::{EMBEDDED, LOSING_TRIPLES};

const BIN: &str = env!("CARGO_BIN_EXE_stone-game");

/// A game running in the binary, driven line by line.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(BIN)
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("stdout reads");
        assert!(line.ends_with('\n'), "the game stopped early: {line:?}");
        line.trim_end().to_string()
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{text}").expect("stdin writes");
        stdin.flush().expect("stdin flushes");
    }

    /// Closes stdin and returns the rest of stdout and the exit code.
    fn finish(mut self) -> (Vec<String>, i32) {
        drop(self.stdin.take());
        let rest: Vec<String> = self.stdout.lines().map(|l| l.expect("UTF-8")).collect();
        let code = self.child.wait().expect("the binary ends").code();
        (rest, code.expect("an exit code, not a signal"))
    }
}

fn position(line: &str, prefix: &str) -> [u64; 3] {
    let rest = line
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("expected {prefix:?}, got {line:?}"));
    let piles: Vec<u64> = rest
        .split(' ')
        .map(|w| w.parse().expect("a pile"))
        .collect();
    piles.try_into().expect("three piles")
}

fn losing(p: [u64; 3]) -> bool {
    EMBEDDED.is_losing(p[0], p[1], p[2]) == Some(true)
}

/// The player's move: a winning move when there is one, else one stone
/// from the largest pile.
fn players_move(p: [u64; 3]) -> [u64; 3] {
    let winning = EMBEDDED
        .winning_moves(p[0], p[1], p[2])
        .expect("covered")
        .next();
    winning.map_or_else(
        || {
            let mut to = p;
            let largest = (0..3).max_by_key(|&i| p[i]).expect("three piles");
            to[largest] -= 1;
            to
        },
        |m| m.to,
    )
}

/// Plays a whole game with `players_move`, checking every engine reply, and
/// returns the closing line.
fn play_out(args: &[&str]) -> String {
    let mut game = Session::start(args);
    let mut p = position(&game.line(), "start: ");
    let mut players_turn = !args.contains(&"--engine-first");
    for _ in 0..10_000 {
        if players_turn {
            if p == [0; 3] {
                break;
            }
            let to = players_move(p);
            game.send(&format!("{} {} {}", to[0], to[1], to[2]));
            p = to;
        } else {
            let line = game.line();
            if line == "you win" || line == "engine wins" {
                let (rest, code) = game.finish();
                assert!(rest.is_empty(), "{rest:?}");
                assert_eq!(code, 0);
                return line;
            }
            let to = position(&line, "engine: ");
            // The engine moved legally: the same positive number from some piles.
            let taken: Vec<u64> = (0..3)
                .filter(|&i| to[i] != p[i])
                .map(|i| p[i] - to[i])
                .collect();
            assert!(
                !taken.is_empty() && taken.iter().all(|&n| n == taken[0]),
                "{p:?} -> {to:?}"
            );
            // Perfect play: from a winning position it leaves a losing one.
            if !losing(p) {
                assert!(losing(to), "{p:?} -> {to:?}");
            }
            p = to;
        }
        players_turn = !players_turn;
    }
    let last = game.line();
    let (_, code) = game.finish();
    assert_eq!(code, 0);
    last
}

#[test]
fn a_perfect_player_wins_from_a_winning_position() {
    for args in [
        vec!["1", "3", "4"],
        vec!["10", "20", "30"],
        vec!["0", "0", "7"],
        vec!["--seed", "1"],
        vec!["--seed", "2"],
        vec!["--seed", "3"],
    ] {
        assert_eq!(play_out(&args), "you win", "{args:?}");
    }
}

#[test]
fn the_engine_wins_from_a_losing_position() {
    for t in LOSING_TRIPLES.iter().filter(|t| t[2] <= 30).step_by(7) {
        let args: Vec<String> = t.iter().map(|p| p.to_string()).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if t == [0, 0, 0] {
            continue;
        }
        assert_eq!(play_out(&args), "engine wins", "{t:?}");
    }
    // Moving first from a winning position, the engine wins too.
    for seed in ["4", "5"] {
        assert_eq!(play_out(&["--seed", seed, "--engine-first"]), "engine wins");
    }
}

#[test]
fn the_engine_plays_a_long_game_from_a_losing_position() {
    // From the losing (1, 3, 3) its move takes a single stone.
    let mut game = Session::start(&["1", "3", "3", "--engine-first"]);
    assert_eq!(game.line(), "start: 1 3 3");
    let to = position(&game.line(), "engine: ");
    assert_eq!(to.iter().sum::<u64>(), 6, "{to:?}");
    // ... and leaves no reply that takes every stone at once, as (0, 3, 3) would.
    let replies = EMBEDDED.winning_moves(to[0], to[1], to[2]).unwrap();
    assert!(replies.into_iter().all(|m| m.to != [0; 3]), "{to:?}");
    game.finish();
}

#[test]
fn illegal_moves_are_explained_and_the_game_goes_on() {
    let mut game = Session::start(&["1", "3", "4"]);
    assert_eq!(game.line(), "start: 1 3 4");
    for (typed, needle) in [
        ("1 3 4", "at least one stone"),
        ("2 3 4", "pile A would grow from 1 to 2"),
        ("0 1 4", "same number of stones"),
        ("0 2 2", "same number of stones"),
        ("1 3", "three numbers"),
        ("1 3 3 3", "three numbers"),
        ("a b c", "'a' is not a number"),
        ("1 -3 3", "'-3' is not a number"),
        ("1 3 99999999999999999999", "more stones than any pile"),
        ("move", "three numbers"),
    ] {
        game.send(typed);
        let line = game.line();
        assert!(line.starts_with("illegal: "), "{typed:?}: {line:?}");
        assert!(line.contains(needle), "{typed:?}: {line:?}");
    }
    game.send("");
    game.send("hint");
    assert_eq!(game.line(), "hint: 1 3 3");
    game.send("1 3 3");
    let reply = position(&game.line(), "engine: ");
    assert!(!losing(reply));
    game.send("hint");
    let hint = position(&game.line(), "hint: ");
    assert!(losing(hint));
    game.send("quit");
    let (rest, code) = game.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(code, 0);
}

#[test]
fn hint_says_when_there_is_no_winning_move() {
    let mut game = Session::start(&["1", "3", "3"]);
    assert_eq!(game.line(), "start: 1 3 3");
    game.send("hint");
    assert_eq!(game.line(), "hint: none");
    // End of input ends the game quietly.
    let (rest, code) = game.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(code, 0);
}

#[test]
fn a_seed_repeats_the_start() {
    let start = |seed: &str| {
        let mut game = Session::start(&["--seed", seed]);
        let p = position(&game.line(), "start: ");
        game.finish();
        p
    };
    for seed in ["0", "7", "18446744073709551615"] {
        let p = start(seed);
        assert_eq!(p, start(seed));
        assert!(!losing(p), "{p:?}");
    }
}

#[test]
fn bad_arguments_are_refused_at_the_start() {
    for (args, needle) in [
        (vec!["1", "2"], "three piles or none"),
        (vec!["1", "2", "3", "4"], "three piles or none"),
        (vec!["1", "x", "3"], "invalid value 'x'"),
        (vec!["1", "-2", "3"], "negative"),
        (vec!["--seed", "x"], "invalid value 'x'"),
        (
            vec!["1", "100000000", "100000000"],
            "past the largest this tool runs",
        ),
    ] {
        let out = Command::new(BIN)
            .arg("play")
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.starts_with("error: "), "{args:?}: {err}");
        assert!(first.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1);
    }
}
