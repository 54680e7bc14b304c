//! Sums of games: perfect play on both sides, illegal moves and hints in
//! a sum, a start typed as `value` takes it, and misère refused.

use crate::player::{lost, moves_from, play_out, values};
use crate::session::{Session, engine_reply, output, position, typed};

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
