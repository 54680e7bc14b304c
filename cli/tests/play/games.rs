//! Single games: perfect play on both sides, every kind of illegal move,
//! `help` and `hint`, seeds, and the refusals at the start.

use stone_game::{EMBEDDED, LOSING_TRIPLES, Outcome};

use crate::player::{lost, moves_from, play_out, remoteness};
use crate::session::{Session, engine_reply, output, position, typed};

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
