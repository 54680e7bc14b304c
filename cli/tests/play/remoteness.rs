//! The engine plays by remoteness: it wins in exactly the remoteness and
//! holds out exactly as long, in both conventions, and past its cap says so.

use stone_game::Outcome;

use crate::player::{by_remoteness, misere_remoteness, remoteness};
use crate::session::{Session, engine_reply, output, typed};

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
