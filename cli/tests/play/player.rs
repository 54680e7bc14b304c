//! The perfect player the tests play with, from the library's tables, and
//! a whole game played out against the engine.

use std::sync::OnceLock;

use stone_game::{Convention, EMBEDDED, GrundyTable, Move, Outcome, RemotenessTable};

use crate::session::{Session, engine_reply, position, typed};

/// The largest pile the games of these tests reach.
const MOST: u32 = 40;

/// The Grundy values of the tests' games: what a perfect player of sums
/// needs.
pub(crate) fn values() -> &'static GrundyTable {
    static VALUES: OnceLock<GrundyTable> = OnceLock::new();
    VALUES.get_or_init(|| GrundyTable::compute(MOST).expect("a small limit"))
}

/// Whether the player to move loses the position `p`, a game or a sum of
/// games, against perfect play. One game is read from the embedded tables;
/// a sum by the XOR of its games' values (GAME.md).
pub(crate) fn lost(p: &[u64]) -> bool {
    if let [a, b, c] = *p {
        return EMBEDDED.is_losing(a, b, c) == Some(true);
    }
    p.chunks(3)
        .map(|g| values().value(g[0], g[1], g[2]).expect("covered"))
        .fold(0, |x, v| x ^ v)
        == 0
}

/// Every position one legal move from `p`: one game changed by a move of it.
pub(crate) fn moves_from(p: &[u64]) -> Vec<Vec<u64>> {
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
pub(crate) fn players_move(p: &[u64]) -> Vec<u64> {
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
pub(crate) fn play_out(args: &[&str]) -> String {
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

/// The remoteness of every position up to 20, as the library computes it.
pub(crate) fn remoteness() -> &'static RemotenessTable {
    static TABLE: OnceLock<RemotenessTable> = OnceLock::new();
    TABLE.get_or_init(|| RemotenessTable::compute(20, Convention::Normal).expect("small"))
}

/// The same under misère.
pub(crate) fn misere_remoteness() -> &'static RemotenessTable {
    static TABLE: OnceLock<RemotenessTable> = OnceLock::new();
    TABLE.get_or_init(|| RemotenessTable::compute(20, Convention::Misere).expect("small"))
}

/// The best move by the remoteness in `table`: the quickest win, or from a
/// lost position the longest resistance.
pub(crate) fn by_remoteness(table: &RemotenessTable, p: &[u64]) -> Vec<u64> {
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
