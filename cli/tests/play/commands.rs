//! `undo`, `help`, the shortcuts, commas in a move, and Ctrl-C.

use std::process::Command;

use stone_game::Outcome;

use crate::player::{by_remoteness, lost, misere_remoteness, moves_from, players_move, remoteness};
use crate::session::{Session, engine_reply, position, typed, wait_patiently};

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
