//! `stone-game play` over pipes, as a script plays it: whole games and sums
//! of games of a perfect player against the engine, every kind of illegal
//! move, and the refusals at the start.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use stone_game::{
    Convention, EMBEDDED, GrundyTable, LOSING_TRIPLES, Move, Outcome, Position, RemotenessTable,
    ScannedTables, Solver,
};

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
fn wait_patiently(child: &mut Child) -> ExitStatus {
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
fn output(args: &[&str]) -> Output {
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
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<String>,
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
        let stdout = lines_of(child.stdout.take().expect("stdout is piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// The next line, within [`PATIENCE`].
    fn line(&mut self) -> String {
        match self.stdout.recv_timeout(PATIENCE) {
            Ok(line) => {
                assert!(line.ends_with('\n'), "the game stopped early: {line:?}");
                line.trim_end().to_string()
            }
            Err(RecvTimeoutError::Timeout) => panic!("no line within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the game stopped early"),
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{text}").expect("stdin writes");
        stdin.flush().expect("stdin flushes");
    }

    /// Closes stdin and returns the rest of stdout and the exit code.
    fn finish(mut self) -> (Vec<String>, i32) {
        drop(self.stdin.take());
        let code = wait_patiently(&mut self.child).code();
        let rest = self.stdout.iter().map(|l| l.trim_end().to_string());
        (rest.collect(), code.expect("an exit code, not a signal"))
    }

    /// Closes stdin, and checks that the game had nothing more to say and
    /// ended with exit code 0.
    fn finish_quietly(self) {
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
fn position(line: &str, prefix: &str) -> Vec<u64> {
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
struct Told {
    stones: u64,
    /// The names of the piles it took from, in order.
    piles: Vec<String>,
    /// The game it moved in, from 1, in a sum.
    game: Option<usize>,
}

/// The words of an `engine:` line.
fn told(line: &str) -> Told {
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
fn pile_name(i: usize) -> String {
    char::from(b'A' + u8::try_from(i).expect("a small index")).to_string()
}

/// The position an `engine:` line says the engine left from `from`, once
/// its words are checked against the two positions: the piles that lost
/// stones, each the same number, and in a sum the game they are in.
fn engine_reply(line: &str, from: &[u64]) -> Vec<u64> {
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
fn typed(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The largest pile the games of these tests reach.
const MOST: u32 = 40;

/// The Grundy values of the tests' games: what a perfect player of sums
/// needs.
fn values() -> &'static GrundyTable {
    static VALUES: OnceLock<GrundyTable> = OnceLock::new();
    VALUES.get_or_init(|| GrundyTable::compute(MOST).expect("a small limit"))
}

/// Whether the player to move loses the position `p`, a game or a sum of
/// games, against perfect play. One game is read from the embedded tables;
/// a sum by the XOR of its games' values (GAME.md).
fn lost(p: &[u64]) -> bool {
    if let [a, b, c] = *p {
        return EMBEDDED.is_losing(a, b, c) == Some(true);
    }
    p.chunks(3)
        .map(|g| values().value(g[0], g[1], g[2]).expect("covered"))
        .fold(0, |x, v| x ^ v)
        == 0
}

/// Every position one legal move from `p`: one game changed by a move of it.
fn moves_from(p: &[u64]) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (g, game) in p.chunks(3).enumerate() {
        let game = [game[0], game[1], game[2]];
        for m in Move::all_from(game) {
            let mut to = p.to_vec();
            to[3 * g..3 * g + 3].copy_from_slice(&m.apply(game).expect("legal"));
            all.push(to);
        }
    }
    all
}

/// The player's move: a winning move when there is one, the library's
/// (the tables' for one game, the Grundy values' for a sum), else one stone
/// from the largest pile.
fn players_move(p: &[u64]) -> Vec<u64> {
    let winning = if let [a, b, c] = *p {
        let mut moves = EMBEDDED.winning_moves(a, b, c).expect("covered");
        moves.next().map(|m| m.to.to_vec())
    } else {
        let games: Vec<[u64; 3]> = p.chunks(3).map(|g| [g[0], g[1], g[2]]).collect();
        let moves = values().sum_winning_moves(&games).expect("covered");
        moves.first().map(|m| {
            let mut to = p.to_vec();
            to[3 * m.game..3 * m.game + 3].copy_from_slice(&m.to);
            to
        })
    };
    winning.unwrap_or_else(|| {
        let mut to = p.to_vec();
        let largest = (0..p.len()).max_by_key(|&i| p[i]).expect("piles");
        to[largest] -= 1;
        to
    })
}

/// Plays a whole game with `players_move`, checking every engine reply, and
/// returns the closing line.
fn play_out(args: &[&str]) -> String {
    let mut game = Session::start(args);
    let mut p = position(&game.line(), "start: ");
    let piles: Vec<&&str> = args.iter().take_while(|a| !a.starts_with('-')).collect();
    if !piles.is_empty() {
        assert_eq!(
            typed(&p),
            piles.iter().map(|a| **a).collect::<Vec<_>>().join(" ")
        );
    }
    let mut players_turn = !args.contains(&"--engine-first");
    for _ in 0..10_000 {
        if players_turn {
            if p.iter().all(|&pile| pile == 0) {
                break;
            }
            let to = players_move(&p);
            game.send(&typed(&to));
            p = to;
        } else {
            let line = game.line();
            if line == "you win" || line == "engine wins" {
                let (rest, code) = game.finish();
                assert!(rest.is_empty(), "{rest:?}");
                assert_eq!(code, 0);
                return line;
            }
            let to = engine_reply(&line, &p);
            // The engine moved legally: one game, by one of its moves.
            assert!(moves_from(&p).contains(&to), "{p:?} -> {to:?}");
            // Perfect play: from a won position it leaves a lost one.
            if !lost(&p) {
                assert!(lost(&to), "{p:?} -> {to:?}");
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

/// With the engine first and no piles, the random start is lost for the
/// engine: a perfect player wins every seed.
#[test]
fn a_perfect_player_wins_a_random_start_when_the_engine_moves_first() {
    for seed in ["1", "2", "3", "4", "5", "6", "7", "8"] {
        let mut game = Session::start(&["--engine-first", "--seed", seed]);
        let start = position(&game.line(), "start: ");
        game.finish();
        assert!(lost(&start), "seed {seed}: {start:?}");
        assert!(start.iter().all(|&pile| pile > 0), "seed {seed}: {start:?}");
        let args = ["--engine-first", "--seed", seed];
        assert_eq!(play_out(&args), "you win", "seed {seed}");
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
    for args in [["1", "3", "4"], ["10", "20", "30"], ["0", "0", "7"]] {
        let args = [&args[..], &["--engine-first"]].concat();
        assert_eq!(play_out(&args), "engine wins", "{args:?}");
    }
}

/// With no stone to take, the side to move has lost before moving: the
/// closing line follows the start at once.
#[test]
fn a_start_with_no_stones_is_over_at_once() {
    for (args, last) in [
        (&["0", "0", "0"][..], "engine wins"),
        (&["0", "0", "0", "--engine-first"], "you win"),
        (&["0", "0", "0", "0", "0", "0"], "engine wins"),
        (&["0", "0", "0", "0", "0", "0", "--engine-first"], "you win"),
    ] {
        let out = output(&[&["play"], args].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let zeros = args.iter().filter(|a| **a == "0").count();
        assert_eq!(
            String::from_utf8(out.stdout).expect("UTF-8"),
            format!("start: {}\n{last}\n", vec!["0"; zeros].join(" ")),
            "{args:?}"
        );
    }
}

#[test]
fn the_engine_plays_a_long_game_from_a_losing_position() {
    // From the losing (1, 3, 3), lost in 4, its move leaves a position won
    // in 3, the longest any move leaves ...
    let mut game = Session::start(&["1", "3", "3", "--engine-first"]);
    assert_eq!(game.line(), "start: 1 3 3");
    let to = engine_reply(&game.line(), &[1, 3, 3]);
    let value = remoteness().value(to[0], to[1], to[2]).unwrap();
    assert_eq!(
        (value.outcome, value.remoteness),
        (Outcome::Win, 3),
        "{to:?}"
    );
    // ... and no reply takes every stone at once, as from (0, 3, 3).
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
    // Of the two quickest wins, (1, 1, 4) and (1, 3, 3), the first in order.
    assert_eq!(game.line(), "hint: 1 1 4  win in 5");
    game.send("1 3 3");
    let reply = engine_reply(&game.line(), &[1, 3, 3]);
    assert!(!lost(&reply));
    game.send("hint");
    let hint = position(&game.line(), "hint: ");
    assert!(lost(&hint));
    game.send("quit");
    let (rest, code) = game.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(code, 0);
}

/// The position an `illegal:` line suggests typing, as in `(e.g. '1 3 3')`.
fn suggested(line: &str) -> Vec<u64> {
    let (_, rest) = line
        .split_once("(e.g. '")
        .unwrap_or_else(|| panic!("no example in {line:?}"));
    let (piles, _) = rest.split_once('\'').expect("a closing quote");
    piles
        .split(' ')
        .map(|w| w.parse().expect("a pile"))
        .collect()
}

#[test]
fn an_illegal_line_suggests_a_move_legal_where_the_game_stands() {
    for (start, garbled) in [
        (&["10", "20", "30"][..], "1 2"),
        (&["3", "5", "6", "2", "7", "9"], "3 5 6"),
    ] {
        let mut game = Session::start(start);
        let mut p = position(&game.line(), "start: ");
        for _ in 0..3 {
            game.send(garbled);
            let example = suggested(&game.line());
            assert!(moves_from(&p).contains(&example), "{p:?}: {example:?}");
            // Where the game stands after that move and the engine's reply.
            game.send(&typed(&example));
            p = engine_reply(&game.line(), &example);
        }
        game.finish();
    }
}

#[test]
fn help_names_the_commands_and_the_protocols_lines() {
    let out = output(&["play", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).expect("UTF-8");
    for needle in [
        "hint ",
        "undo, u ",
        "help, h ",
        "quit, q ",
        "by spaces or commas ('1 3 3' or '1,3,3')",
        "Ctrl-C leaves at once, with exit code 130",
        "start: A B C",
        "engine: X Y Z ...  takes N from P",
        "'2 from B and C' (a sum: '... in game 2')",
        "hint: X Y Z ... / hint: none",
        "undo: X Y Z ... / undo: none",
        "help: ...",
        "illegal: WHY",
        "you win / engine wins",
        "no stone to take",
        "with --misere,\n",
        "won: the other side took the last stone",
        "--seed",
        "--engine-first",
    ] {
        assert!(help.contains(needle), "{needle:?} in {help}");
    }
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
    let start = |args: &[&str]| {
        let mut game = Session::start(args);
        let p = position(&game.line(), "start: ");
        game.finish();
        p
    };
    for seed in ["0", "7", "18446744073709551615"] {
        let p = start(&["--seed", seed]);
        assert_eq!(p, start(&["--seed", seed]));
        assert!(!lost(&p), "{p:?}");
        // With the engine first, a start lost for the engine.
        let p = start(&["--seed", seed, "--engine-first"]);
        assert_eq!(p, start(&["--engine-first", "--seed", seed]));
        assert!(lost(&p), "{p:?}");
    }
}

#[test]
fn bad_arguments_are_refused_at_the_start() {
    for (args, needle) in [
        (vec!["1", "2"], "2 piles: a position is three piles"),
        (
            vec!["1", "2", "3", "4"],
            "4 piles: a position is three piles",
        ),
        (
            vec!["1", "2", "3", "4", "5"],
            "5 piles: a position is three piles",
        ),
        (
            vec!["1", "x", "3"],
            "'x' is not a pile: expected a whole number",
        ),
        (vec!["1", "-2", "3"], "'-2' is not a pile: it is negative"),
        (vec!["", "1", "2", "3"], "an empty argument is not a pile"),
        (
            vec!["1", "2", "+", "3", "4", "5", "6"],
            "a '+' after 2 piles",
        ),
        (vec!["--seed", "x"], "invalid value 'x'"),
        (
            vec!["1", "2", "3", "--seed", "4"],
            "--seed only chooses a random start, so it takes no piles",
        ),
        (
            vec![
                "--engine-first",
                "--seed",
                "4",
                "0",
                "0",
                "1",
                "0",
                "1",
                "1",
            ],
            "--seed only chooses a random start",
        ),
        (
            vec!["1", "100000000", "100000000"],
            "past the largest this tool runs",
        ),
        (
            vec!["1", "2", "3", "4", "5", "1501"],
            "playing the sum (1, 2, 3) + (4, 5, 1501) would need the Grundy values to 1501, \
             past the largest this tool computes",
        ),
    ] {
        let out = output(&[&["play"], &args[..]].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.starts_with("error: "), "{args:?}: {err}");
        assert!(first.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1);
    }
}

// --- sums of games ------------------------------------------------------------

#[test]
fn a_perfect_player_wins_a_sum_whose_xor_is_not_0() {
    for args in [
        vec!["3", "5", "6", "2", "7", "9"],
        vec!["0", "0", "1", "0", "1", "1"],
        vec!["1", "1", "1", "0", "0", "2"],
        vec!["4", "0", "9", "3", "3", "3", "1", "2", "2"],
        vec!["10", "20", "30", "0", "0", "7"],
    ] {
        let p: Vec<u64> = args.iter().map(|a| a.parse().unwrap()).collect();
        assert!(!lost(&p), "{args:?}");
        assert_eq!(play_out(&args), "you win", "{args:?}");
    }
}

#[test]
fn the_engine_wins_a_sum_whose_xor_is_0() {
    let mut played = 0;
    // Pairs of games of equal value, and GAME.md's (0,0,2) + (0,1,1).
    let mut starts = vec![vec![0, 0, 2, 0, 1, 1], vec![1, 1, 1, 0, 0, 3]];
    for (g, h) in [
        ([1, 2, 4], [3, 3, 6]),
        ([2, 5, 7], [0, 0, 9]),
        ([6, 6, 6], [1, 3, 3]),
    ] {
        let v = |p: [u64; 3]| values().value(p[0], p[1], p[2]).unwrap();
        // A third game of the XOR of the two makes the sum lost.
        let x = v(g) ^ v(h);
        starts.push([g, h, [0, 0, u64::from(x)]].concat());
    }
    for start in starts {
        assert!(lost(&start), "{start:?}");
        let args: Vec<String> = start.iter().map(u64::to_string).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(play_out(&args), "engine wins", "{args:?}");
        played += 1;
    }
    assert_eq!(played, 5);
    // Moving first from a won sum, the engine wins too.
    assert_eq!(
        play_out(&["3", "5", "6", "2", "7", "9", "--engine-first"]),
        "engine wins"
    );
}

#[test]
fn in_a_sum_illegal_moves_are_explained_and_hint_names_a_winning_move() {
    let mut game = Session::start(&["0", "0", "1", "0", "1", "1"]);
    assert_eq!(game.line(), "start: 0 0 1 0 1 1");
    for (typed, needle) in [
        ("0 0 1 0 1 1", "at least one stone"),
        ("0 0 1", "6 numbers, every pile in the order shown"),
        (
            "0 0 0 0 0 1",
            "a move changes one game, but this changes games 1 and 2",
        ),
        ("0 0 1 0 2 1", "pile E would grow from 1 to 2"),
        ("0 0 1 0 1 x", "'x' is not a number"),
    ] {
        game.send(typed);
        let line = game.line();
        assert!(line.starts_with("illegal: "), "{typed:?}: {line:?}");
        assert!(line.contains(needle), "{typed:?}: {line:?}");
    }
    // Worth 1 and 2: the winning moves take the second game to value 1.
    game.send("hint");
    let hint = position(&game.line(), "hint: ");
    assert!(lost(&hint) && moves_from(&[0, 0, 1, 0, 1, 1]).contains(&hint));
    game.send(&typed(&hint));
    let reply = engine_reply(&game.line(), &hint);
    assert!(!lost(&reply));
    game.send("quit");
    let (rest, code) = game.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(code, 0);
    // From a lost sum there is no winning move to name.
    let mut game = Session::start(&["0", "0", "2", "0", "1", "1"]);
    assert_eq!(game.line(), "start: 0 0 2 0 1 1");
    game.send("hint");
    assert_eq!(game.line(), "hint: none");
    game.finish();
}

/// The remoteness of every position up to 20, as the library computes it.
fn remoteness() -> &'static RemotenessTable {
    static TABLE: OnceLock<RemotenessTable> = OnceLock::new();
    TABLE.get_or_init(|| RemotenessTable::compute(20, Convention::Normal).expect("small"))
}

/// The same under misère.
fn misere_remoteness() -> &'static RemotenessTable {
    static TABLE: OnceLock<RemotenessTable> = OnceLock::new();
    TABLE.get_or_init(|| RemotenessTable::compute(20, Convention::Misere).expect("small"))
}

/// The best move by the remoteness in `table`: the quickest win, or from a
/// lost position the longest resistance.
fn by_remoteness(table: &RemotenessTable, p: &[u64]) -> Vec<u64> {
    moves_from(p)
        .into_iter()
        .min_by_key(|to| {
            let v = table.value(to[0], to[1], to[2]).unwrap();
            let r = i64::from(v.remoteness);
            match v.outcome {
                Outcome::Lose => (false, r, to.clone()),
                Outcome::Win => (true, -r, to.clone()),
            }
        })
        .expect("a move")
}

/// Plays `start` over the pipe, the player moving [`by_remoteness`]: the
/// number of moves of the game and its last line.
fn played_by_remoteness(start: [u64; 3], engine_first: bool, misere: bool) -> (u32, String) {
    let mut args: Vec<String> = start.iter().map(u64::to_string).collect();
    if engine_first {
        args.push("--engine-first".into());
    }
    let table = if misere {
        args.push("--misere".into());
        misere_remoteness()
    } else {
        remoteness()
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut game = Session::start(&args);
    assert_eq!(game.line(), format!("start: {}", typed(&start)));
    let (mut p, mut moves, mut engines_turn) = (start.to_vec(), 0, engine_first);
    while p.iter().any(|&pile| pile > 0) {
        if engines_turn {
            p = engine_reply(&game.line(), &p);
        } else {
            p = by_remoteness(table, &p);
            game.send(&typed(&p));
        }
        moves += 1;
        engines_turn = !engines_turn;
    }
    let end = game.line();
    game.finish();
    (moves, end)
}

#[test]
fn the_engine_wins_in_exactly_the_remoteness_against_the_longest_defence() {
    for start in [
        [1, 3, 4],
        [2, 5, 9],
        [7, 7, 3],
        [10, 12, 5],
        [0, 4, 6],
        [6, 9, 13],
    ] {
        let v = remoteness().value(start[0], start[1], start[2]).unwrap();
        // The engine moves first from a won position, or second from a lost one.
        let engine_first = v.outcome == Outcome::Win;
        let (moves, end) = played_by_remoteness(start, engine_first, false);
        assert_eq!(
            (moves, end.as_str()),
            (v.remoteness, "engine wins"),
            "{start:?}"
        );
    }
}

#[test]
fn the_engine_holds_out_exactly_the_remoteness_against_the_quickest_win() {
    for start in [
        [1, 3, 4],
        [2, 5, 9],
        [1, 3, 3],
        [3, 5, 0],
        [8, 11, 13],
        [6, 9, 13],
    ] {
        let v = remoteness().value(start[0], start[1], start[2]).unwrap();
        // The player moves first from a won position, or second from a lost one.
        let engine_first = v.outcome == Outcome::Lose;
        let (moves, end) = played_by_remoteness(start, engine_first, false);
        assert_eq!(
            (moves, end.as_str()),
            (v.remoteness, "you win"),
            "{start:?}"
        );
    }
}

#[test]
fn past_the_remoteness_cap_a_note_says_so_once_and_the_game_goes_on() {
    let out = output(&["play", "1", "1", "1501"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.matches("note: ").count(), 1, "{err}");
    assert!(
        err.contains("past 1500, the largest whose remoteness"),
        "{err}"
    );
    let within = output(&["play", "1", "1", "20"]);
    assert_eq!(String::from_utf8(within.stderr).expect("UTF-8"), "");
    assert_eq!(
        String::from_utf8(out.stdout).expect("UTF-8"),
        "start: 1 1 1501\n"
    );
}

#[test]
fn under_misere_both_sides_play_out_exactly_the_remoteness() {
    for start in [
        [0, 0, 0],
        [0, 0, 1],
        [0, 0, 5],
        [1, 3, 4],
        [2, 5, 9],
        [1, 1, 3],
        [6, 9, 13],
    ] {
        let v = misere_remoteness()
            .value(start[0], start[1], start[2])
            .unwrap();
        for engine_first in [false, true] {
            // The side to move at the start wins exactly when it is won.
            let engine_wins = (v.outcome == Outcome::Win) == engine_first;
            let expected = if engine_wins {
                "engine wins"
            } else {
                "you win"
            };
            let (moves, end) = played_by_remoteness(start, engine_first, true);
            assert_eq!((moves, end.as_str()), (v.remoteness, expected), "{start:?}");
        }
    }
}

/// The start is typed as `value` and `moves` take a position: spaces,
/// commas or `+` between the games; a count that is not a position is
/// refused with the library's reason.
#[test]
fn the_start_is_typed_as_value_takes_it() {
    for (args, start) in [
        (
            &["1", "2", "3", "+", "4", "5", "6"][..],
            "start: 1 2 3 4 5 6",
        ),
        (&["1,2,3", "+", "4,5,6"], "start: 1 2 3 4 5 6"),
        (&["3,5,7"], "start: 3 5 7"),
    ] {
        let out = output(&[&["play"], args, &["--engine-first"]].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let shown = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(shown.lines().next(), Some(start), "{args:?}: {shown}");
    }
    for (args, why) in [
        (
            &["play", "1", "2", "3", "+", "4"][..],
            "error: 4 piles: a position is three piles, or three for each game of a sum",
        ),
        (
            &["play", "1", "2", "+", "3", "4", "5", "6"],
            "error: a '+' after 2 piles: a '+' goes between games, each of three piles",
        ),
    ] {
        let out = output(args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert!(err.starts_with(why), "{err}");
    }
}

#[test]
fn a_misere_sum_is_refused() {
    let out = output(&["play", "1", "2", "3", "4", "5", "6", "--misere"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(
        err.starts_with("error: play with a sum of games takes no --misere"),
        "{err}"
    );
}

/// The library's engine from `start`: the whole position it leaves, the
/// `N` of `win in N` when the move wins and its remoteness is known, and
/// what it takes, as an `engine:` line should tell it.
fn librarys_engine(solver: Solver, start: &[u64]) -> (Vec<u64>, bool, Option<u32>, Told) {
    let from = Position::new(start.to_vec()).unwrap();
    let engine = solver.engine(&from).unwrap().unwrap();
    let left = engine.leaves(&from).unwrap().piles().to_vec();
    let taken = Told {
        stones: engine.take.stones(),
        piles: engine.piles().map(pile_name).collect(),
        game: from.is_sum().then_some(engine.game + 1),
    };
    (left, engine.wins(), engine.remoteness.map(|r| r + 1), taken)
}

/// `play`'s engine and `hint` are the library's engine (`Solver::engine`):
/// one game by its remoteness in both conventions, past the remoteness cap
/// by the losing positions alone (misère too, where a rule of thumb of
/// normal play would not do), and sums by their Grundy values.
#[test]
fn the_engine_and_the_hint_are_the_librarys() {
    let past = 1501;
    let misere_tables = ScannedTables::scan_for(Convention::Misere, 20, |_| {}).unwrap();
    // Past the embedded tables and the remoteness cap, with the largest pile
    // near the second: `play` decides the game from the triples to it, the
    // library here from the whole tables to the second.
    let near = [past + 9, past + 30, past];
    let second = u32::try_from(past + 9).unwrap();
    let normal_near = ScannedTables::scan(second).unwrap();
    let misere_near = ScannedTables::scan_for(Convention::Misere, second, |_| {}).unwrap();
    let grundy = values();
    let cases: Vec<(Vec<u64>, bool, Solver)> = vec![
        (
            vec![1, 3, 4],
            false,
            Solver::new(Convention::Normal)
                .with_remoteness(remoteness())
                .unwrap(),
        ),
        (
            vec![1, 3, 3],
            false,
            Solver::new(Convention::Normal)
                .with_remoteness(remoteness())
                .unwrap(),
        ),
        (
            vec![9, 4, 7],
            false,
            Solver::new(Convention::Normal)
                .with_remoteness(remoteness())
                .unwrap(),
        ),
        (
            vec![1, 3, 4],
            true,
            Solver::new(Convention::Misere)
                .with_remoteness(misere_remoteness())
                .unwrap(),
        ),
        (
            vec![1, 1, 3],
            true,
            Solver::new(Convention::Misere)
                .with_remoteness(misere_remoteness())
                .unwrap(),
        ),
        (vec![1, 1, past], false, Solver::new(Convention::Normal)),
        (vec![2, 5, past], false, Solver::new(Convention::Normal)),
        (
            vec![1, 1, past],
            true,
            Solver::new(Convention::Misere)
                .with_tables(misere_tables.as_tables())
                .unwrap(),
        ),
        (
            vec![2, 2, past],
            true,
            Solver::new(Convention::Misere)
                .with_tables(misere_tables.as_tables())
                .unwrap(),
        ),
        (
            near.to_vec(),
            false,
            Solver::new(Convention::Normal)
                .with_tables(normal_near.as_tables())
                .unwrap(),
        ),
        (
            near.to_vec(),
            true,
            Solver::new(Convention::Misere)
                .with_tables(misere_near.as_tables())
                .unwrap(),
        ),
        (
            vec![1, 2, 3, 4, 5, 6],
            false,
            Solver::new(Convention::Normal).with_grundy(grundy).unwrap(),
        ),
        (
            vec![0, 0, 2, 0, 1, 1],
            false,
            Solver::new(Convention::Normal).with_grundy(grundy).unwrap(),
        ),
    ];
    for (start, misere, solver) in cases {
        let (left, wins, wins_in, taken) = librarys_engine(solver, &start);
        let mut args: Vec<String> = start.iter().map(u64::to_string).collect();
        if misere {
            args.push("--misere".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The player asks for a hint: the engine's move when it wins.
        let mut game = Session::start(&args);
        assert_eq!(game.line(), format!("start: {}", typed(&start)));
        game.send("hint");
        let hint = match (wins, wins_in) {
            (false, _) => "hint: none".to_string(),
            (true, None) => format!("hint: {}", typed(&left)),
            (true, Some(n)) => format!("hint: {}  win in {n}", typed(&left)),
        };
        assert_eq!(game.line(), hint, "{start:?} misere {misere}");
        game.finish();
        // The engine moves first: the library's move.
        let mut game = Session::start(&[&args[..], &["--engine-first"]].concat());
        assert_eq!(game.line(), format!("start: {}", typed(&start)));
        let line = game.line();
        assert_eq!(
            engine_reply(&line, &start),
            left,
            "{start:?} misere {misere}"
        );
        assert_eq!(told(&line), taken, "{line:?} misere {misere}");
        game.finish();
    }
    // The game near the second pile was decided from the triples, as the
    // note of its scan says.
    let near: Vec<String> = near.iter().map(u64::to_string).collect();
    let out = output(&["play", &near[0], &near[1], &near[2]]);
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    let scan = format!("scanning the triples to the largest pile {}", past + 30);
    assert!(err.contains(&scan), "{err}");
}

// --- undo, help, shortcuts, commas, Ctrl-C ---------------------------------

/// The game really stands at `p`: a hint is the library's winning move from
/// `p`, or none.
fn assert_stands_at(game: &mut Session, p: &[u64]) {
    game.send("hint");
    let line = game.line();
    if lost(p) {
        assert_eq!(line, "hint: none", "{p:?}");
    } else {
        let hint = position(&line, "hint: ");
        assert!(
            lost(&hint) && moves_from(p).contains(&hint),
            "{p:?}: {line:?}"
        );
    }
}

#[test]
fn undo_takes_back_your_move_and_the_engines_reply() {
    let mut game = Session::start(&["2", "5", "9"]);
    let start = position(&game.line(), "start: ");
    // Nothing to undo yet, and the game goes on.
    game.send("undo");
    assert_eq!(game.line(), "undo: none");
    // Two moves of the player's, each with the engine's reply.
    let first = players_move(&start);
    game.send(&typed(&first));
    let after_first = engine_reply(&game.line(), &first);
    let second = players_move(&after_first);
    game.send(&typed(&second));
    let after_second = engine_reply(&game.line(), &second);
    assert_stands_at(&mut game, &after_second);
    // Each undo goes back one move of the player's, and the engine's reply.
    game.send("undo");
    assert_eq!(game.line(), format!("undo: {}", typed(&after_first)));
    assert_stands_at(&mut game, &after_first);
    game.send("u");
    assert_eq!(game.line(), format!("undo: {}", typed(&start)));
    assert_stands_at(&mut game, &start);
    game.send("U");
    assert_eq!(game.line(), "undo: none");
    // The game goes on from the start: a move from there is legal again,
    // and the engine replies to it.
    let again = moves_from(&start)
        .into_iter()
        .find(|to| *to != first)
        .expect("another move");
    game.send(&typed(&again));
    engine_reply(&game.line(), &again);
    game.finish_quietly();
}

/// With the engine first, its first move is not the player's to take back.
#[test]
fn undo_never_takes_back_the_engines_first_move() {
    let mut game = Session::start(&["1", "3", "4", "--engine-first"]);
    assert_eq!(game.line(), "start: 1 3 4");
    let opened = engine_reply(&game.line(), &[1, 3, 4]);
    game.send("u");
    assert_eq!(game.line(), "undo: none");
    let mine = players_move(&opened);
    game.send(&typed(&mine));
    let line = game.line();
    // Unless that move took the last stone.
    if line != "you win" {
        engine_reply(&line, &mine);
        game.send("undo");
        assert_eq!(game.line(), format!("undo: {}", typed(&opened)));
        game.send("undo");
        assert_eq!(game.line(), "undo: none");
    }
    game.finish();
}

#[test]
fn in_a_sum_undo_gives_back_every_pile() {
    let start = [3, 5, 6, 2, 7, 9];
    let mut game = Session::start(&["3", "5", "6", "2", "7", "9"]);
    assert_eq!(game.line(), "start: 3 5 6 2 7 9");
    game.send("undo");
    assert_eq!(game.line(), "undo: none");
    let mine = players_move(&start);
    game.send(&typed(&mine));
    engine_reply(&game.line(), &mine);
    game.send("undo");
    assert_eq!(game.line(), "undo: 3 5 6 2 7 9");
    assert_stands_at(&mut game, &start);
    game.finish();
}

/// After a losing move is taken back, the game is won by the
/// convention's winning moves, and its end says so by the convention's
/// rule: normal play (the last stone wins) and misère (it loses).
#[test]
fn after_an_undo_the_game_ends_by_its_convention() {
    for (misere, table) in [(false, remoteness()), (true, misere_remoteness())] {
        let start = [1, 3, 4];
        let won = |p: &[u64]| table.value(p[0], p[1], p[2]).unwrap().outcome == Outcome::Win;
        assert!(won(&start), "misere {misere}");
        let mut args = vec!["1", "3", "4"];
        if misere {
            args.push("--misere");
        }
        let mut game = Session::start(&args);
        assert_eq!(game.line(), "start: 1 3 4");
        // A move that leaves the engine a won position, and stones to take.
        let bad = moves_from(&start)
            .into_iter()
            .find(|to| won(to) && to.iter().any(|&pile| pile > 0))
            .expect("a losing move");
        game.send(&typed(&bad));
        engine_reply(&game.line(), &bad);
        game.send("undo");
        assert_eq!(game.line(), "undo: 1 3 4", "misere {misere}");
        // Then the quickest win, the engine answering each move.
        let mut p = start.to_vec();
        // The closing line, and whether the player took the last stone.
        let (last, players_last) = loop {
            p = by_remoteness(table, &p);
            game.send(&typed(&p));
            let line = game.line();
            if !line.starts_with("engine: ") {
                break (line, true);
            }
            p = engine_reply(&line, &p);
            if p.iter().all(|&pile| pile == 0) {
                break (game.line(), false);
            }
        };
        assert_eq!(last, "you win", "misere {misere}");
        // The player took the last stone in normal play; under misère the
        // engine had to.
        assert_eq!(players_last, !misere, "misere {misere}");
        game.finish_quietly();
    }
}

#[test]
fn help_and_its_shortcut_name_every_command() {
    let mut game = Session::start(&["1", "3", "4"]);
    assert_eq!(game.line(), "start: 1 3 4");
    game.send("help");
    let help = game.line();
    assert!(help.starts_with("help: "), "{help}");
    for command in ["hint", "undo (u)", "help (h)", "quit (q)", "commas"] {
        assert!(help.contains(command), "{command:?} in {help}");
    }
    game.send("h");
    assert_eq!(game.line(), help);
    game.send("H");
    assert_eq!(game.line(), help);
    // A line that is no move names the commands too.
    game.send("what");
    let illegal = game.line();
    assert!(
        illegal.starts_with("illegal: ") && illegal.contains("'hint', 'undo', 'help' or 'quit'"),
        "{illegal}"
    );
    // The game went on: `q` leaves it, quietly.
    game.send("q");
    game.finish_quietly();
}

#[test]
fn quit_leaves_by_its_shortcut_at_any_turn() {
    for (args, moves) in [(&["10", "20", "30"][..], 0), (&["10", "20", "30"], 2)] {
        let mut game = Session::start(args);
        let mut p = position(&game.line(), "start: ");
        for _ in 0..moves {
            let mine = players_move(&p);
            game.send(&typed(&mine));
            p = engine_reply(&game.line(), &mine);
        }
        game.send("Q");
        game.finish_quietly();
    }
}

/// Commas separate piles as spaces do, as the page takes them; in a sum so
/// does a plus sign between games.
#[test]
fn moves_are_typed_with_commas_or_spaces() {
    for (start, typed_move, to) in [
        (&["1", "3", "4"][..], "1,3,3", vec![1, 3, 3]),
        (&["1", "3", "4"], " 1, 1 ,4 ", vec![1, 1, 4]),
        (&["4", "5", "6"], "4,5,5", vec![4, 5, 5]),
        (
            &["3", "5", "6", "2", "7", "9"],
            "3,5,6,2,7,5",
            vec![3, 5, 6, 2, 7, 5],
        ),
        (
            &["3", "5", "6", "2", "7", "9"],
            "3 5 6 + 2,7,5",
            vec![3, 5, 6, 2, 7, 5],
        ),
    ] {
        let mut game = Session::start(start);
        position(&game.line(), "start: ");
        game.send(typed_move);
        // The engine answers the move typed: from the position it leaves.
        let line = game.line();
        assert!(line.starts_with("engine: "), "{typed_move:?}: {line:?}");
        engine_reply(&line, &to);
        game.finish();
    }
    // A comma does not make a bad pile good.
    let mut game = Session::start(&["1", "3", "4"]);
    game.line();
    for (bad, needle) in [
        ("1,3", "three numbers"),
        ("1,x,3", "'x' is not a number of stones"),
        (
            "1,,3,3,3",
            "a ',' after 1 pile: a comma goes between two piles",
        ),
    ] {
        game.send(bad);
        let line = game.line();
        assert!(
            line.starts_with("illegal: ") && line.contains(needle),
            "{bad:?}: {line:?}"
        );
    }
    game.finish();
}

/// Ctrl-C (SIGINT) ends the game at once with exit code 130, as a shell
/// reports an interrupted command: not a finished game, not a `quit`.
#[test]
fn ctrl_c_ends_the_game_with_exit_code_130() {
    for args in [&["1", "3", "4"][..], &["3", "5", "6", "2", "7", "9"]] {
        let mut game = Session::start(args);
        // The start is shown once Ctrl-C is handled.
        position(&game.line(), "start: ");
        let interrupted = Command::new("kill")
            .args(["-INT", &game.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(interrupted.success());
        let status = wait_patiently(&mut game.child);
        assert_eq!(status.code(), Some(130), "{args:?}: {status:?}");
        let rest: Vec<String> = game.stdout.iter().collect();
        assert!(rest.is_empty(), "{args:?}: {rest:?}");
    }
}
