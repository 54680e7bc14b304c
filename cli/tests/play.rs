//! `stone-game play` over pipes, as a script plays it: whole games and sums
//! of games of a perfect player against the engine, every kind of illegal
//! move, and the refusals at the start.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;

use stone_game::{EMBEDDED, GrundyTable, LOSING_TRIPLES, Move};

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

/// The piles of a protocol line that starts with `prefix`.
fn position(line: &str, prefix: &str) -> Vec<u64> {
    let rest = line
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("expected {prefix:?}, got {line:?}"));
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

/// The player's move: a winning move when there is one, else one stone
/// from the largest pile.
fn players_move(p: &[u64]) -> Vec<u64> {
    moves_from(p)
        .into_iter()
        .find(|to| lost(to))
        .unwrap_or_else(|| {
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
            let to = position(&line, "engine: ");
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
    let to = [to[0], to[1], to[2]];
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
    assert!(!lost(&reply));
    game.send("hint");
    let hint = position(&game.line(), "hint: ");
    assert!(lost(&hint));
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
        assert!(!lost(&p), "{p:?}");
    }
}

#[test]
fn bad_arguments_are_refused_at_the_start() {
    for (args, needle) in [
        (vec!["1", "2"], "three piles or none"),
        (vec!["1", "2", "3", "4"], "a multiple of three), not 4"),
        (vec!["1", "2", "3", "4", "5"], "a multiple of three), not 5"),
        (vec!["1", "x", "3"], "invalid value 'x'"),
        (vec!["1", "-2", "3"], "negative"),
        (vec!["--seed", "x"], "invalid value 'x'"),
        (
            vec!["1", "100000000", "100000000"],
            "past the largest this tool runs",
        ),
        (
            vec!["1", "2", "3", "4", "5", "501"],
            "playing the sum (1, 2, 3) + (4, 5, 501) would need the Grundy values to 501, \
             past the largest this tool computes",
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
    let reply = position(&game.line(), "engine: ");
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
