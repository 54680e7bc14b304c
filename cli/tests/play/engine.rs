//! `play`'s engine and `hint` are the library's (`Solver::engine`).

use stone_game::{Convention, Position, ScannedTables, Solver};

use crate::player::{misere_remoteness, remoteness, values};
use crate::session::{Session, Told, engine_reply, output, pile_name, told, typed};

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
