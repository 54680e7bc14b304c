//! `Solver`'s answers against a brute force that knows only the rules:
//! every move from every position, memoised, for one game and for sums of
//! games, in both conventions. Nothing here reads keys, partners or Grundy
//! values.

use std::collections::HashMap;

use proptest::prelude::*;
use stone_game::{
    AnswerError, Convention, GrundyTable, MisereUndefined, Move, Outcome, Position, PositionAnswer,
    RemotenessTable, ScannedTables, ScannedTotals, ScannedTriples, Solver, TableKind,
};

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// Every single game checked has piles up to this.
const GAME_LIMIT: u64 = 12;

/// Every position one move leaves from `piles` (a game or a sum): `n >= 1`
/// stones from each pile of a non-empty set of one game's piles.
fn options(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut to = Vec::new();
    for game in 0..piles.len() / 3 {
        for set in 1..8u8 {
            let chosen: Vec<usize> = (0..3).filter(|i| set >> i & 1 == 1).collect();
            let most = chosen.iter().map(|&i| piles[3 * game + i]).min().unwrap();
            for n in 1..=most {
                let mut next = piles.to_vec();
                for &i in &chosen {
                    next[3 * game + i] -= n;
                }
                to.push(next);
            }
        }
    }
    to
}

/// Who wins and in how many moves, by the definition: the winner hurries,
/// the loser delays.
struct Rules {
    convention: Convention,
    memo: HashMap<Vec<u64>, (Outcome, u32)>,
}

impl Rules {
    fn new(convention: Convention) -> Rules {
        Rules {
            convention,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, piles: &[u64]) -> (Outcome, u32) {
        if let Some(&v) = self.memo.get(piles) {
            return v;
        }
        let next = options(piles);
        let v = if next.is_empty() {
            match self.convention {
                Convention::Normal => (Outcome::Lose, 0),
                Convention::Misere => (Outcome::Win, 0),
            }
        } else {
            let values: Vec<_> = next.iter().map(|p| self.value(p)).collect();
            let wins = values.iter().filter(|v| v.0 == Outcome::Lose).map(|v| v.1);
            match wins.min() {
                Some(r) => (Outcome::Win, r + 1),
                None => (Outcome::Lose, values.iter().map(|v| v.1).max().unwrap() + 1),
            }
        };
        self.memo.insert(piles.to_vec(), v);
        v
    }
}

/// Every whole position a move of `answer` leaves, by the answer's own
/// fields: its piles, its stones and its `to`.
fn checked_leaves(from: &Position, answer: &PositionAnswer) -> Vec<Vec<u64>> {
    answer
        .moves
        .iter()
        .map(|m| {
            let mut expected = from.piles().to_vec();
            for i in m.piles() {
                expected[i] -= m.take.stones();
            }
            assert_eq!(
                m.leaves(from).unwrap().piles(),
                &expected[..],
                "{from} {m:?}"
            );
            expected
        })
        .collect()
}

/// A move's fields are public: changed to a game no position has, it
/// leaves none, and its piles saturate rather than overflow.
#[test]
fn a_move_changed_to_a_game_past_any_position_leaves_none_and_saturates() {
    let from = Position::game([1, 2, 3]);
    let answer = Solver::new(Convention::Normal).position(&from).unwrap();
    let mut m = *answer
        .moves
        .iter()
        .find(|m| m.take.piles() == [true, false, true])
        .unwrap();
    assert_eq!(m.piles().collect::<Vec<_>>(), [0, 2]);
    m.game = 1;
    assert_eq!(m.piles().collect::<Vec<_>>(), [3, 5]);
    assert_eq!(m.leaves(&from), None);
    m.game = usize::MAX / 3 - 1;
    assert_eq!(
        m.piles().collect::<Vec<_>>(),
        [usize::MAX - 3, usize::MAX - 1]
    );
    m.game = usize::MAX;
    assert_eq!(m.piles().collect::<Vec<_>>(), [usize::MAX, usize::MAX]);
    assert_eq!(m.leaves(&from), None);
}

/// Checks `answer` for `from` against the rules: the value, every move (the
/// same moves as the rules, each with its value), and the engine's move
/// (the best by the rules' remoteness, or by stones for a sum).
fn assert_answer_follows_the_rules(rules: &mut Rules, from: &Position, answer: &PositionAnswer) {
    let (outcome, remoteness) = rules.value(from.piles());
    assert_eq!(answer.value.outcome, outcome, "{from}");
    assert_eq!(answer.value.position, *from);
    assert_eq!(answer.value.convention, rules.convention);
    if from.is_sum() {
        assert_eq!(answer.value.remoteness, None, "{from}");
    } else {
        assert_eq!(answer.value.remoteness, Some(remoteness), "{from}");
    }
    let mut leaves = checked_leaves(from, answer);
    for (m, to) in answer.moves.iter().zip(&leaves) {
        let (outcome, remoteness) = rules.value(to);
        assert_eq!(m.outcome, outcome, "{from} -> {to:?}");
        let expected = (!from.is_sum()).then_some(remoteness);
        assert_eq!(m.remoteness, expected, "{from} -> {to:?}");
    }
    let mut expected = options(from.piles());
    leaves.sort();
    expected.sort();
    assert_eq!(leaves, expected, "{from}");
    assert_engine_is_best(rules, from, answer);
}

/// The engine's move wins when a move does, in the fewest moves, and else
/// holds out the longest; for a sum, the stones left stand in for the
/// moves.
fn assert_engine_is_best(rules: &mut Rules, from: &Position, answer: &PositionAnswer) {
    let Some(engine) = answer.engine else {
        assert!(answer.moves.is_empty(), "{from}");
        return;
    };
    let length = |rules: &mut Rules, to: &Position| {
        if from.is_sum() {
            i128::from(to.stones())
        } else {
            i128::from(rules.value(to.piles()).1)
        }
    };
    let chosen = engine.leaves(from).unwrap();
    let chosen_value = rules.value(chosen.piles());
    let can_win = answer.moves.iter().any(|m| m.outcome == Outcome::Lose);
    assert_eq!(
        chosen_value.0 == Outcome::Lose,
        can_win,
        "{from} -> {chosen}"
    );
    let sign = if can_win { 1 } else { -1 };
    let best = answer
        .moves
        .iter()
        .filter(|m| m.outcome == chosen_value.0)
        .map(|m| sign * length(rules, &m.leaves(from).unwrap()))
        .min()
        .unwrap();
    assert_eq!(sign * length(rules, &chosen), best, "{from} -> {chosen}");
}

fn every_game_to(limit: u64) -> impl Iterator<Item = Position> {
    (0..=limit).flat_map(move |a| {
        (0..=limit).flat_map(move |b| (0..=limit).map(move |c| Position::game([a, b, c])))
    })
}

#[test]
fn every_single_game_follows_the_rules_in_both_conventions() {
    for convention in CONVENTIONS {
        let table = RemotenessTable::compute(GAME_LIMIT as u32, convention).unwrap();
        let solver = Solver::new(convention).with_remoteness(&table).unwrap();
        let mut rules = Rules::new(convention);
        for position in every_game_to(GAME_LIMIT) {
            let answer = solver.position(&position).unwrap();
            assert_answer_follows_the_rules(&mut rules, &position, &answer);
            let value = solver.value(&position).unwrap();
            assert_eq!(value, answer.value);
        }
    }
}

/// The remoteness and the losing positions of every game checked.
fn tables_of_every_game(convention: Convention) -> (RemotenessTable, ScannedTables) {
    let limit = GAME_LIMIT as u32;
    (
        RemotenessTable::compute(limit, convention).unwrap(),
        ScannedTables::scan_for(convention, limit, |_| {}).unwrap(),
    )
}

/// The losing triples of every game checked, and tables that reach only
/// the pair (0, 0): a solver of both decides nearly every game from the
/// triples, in normal play too, where a solver starts with the embedded
/// tables.
fn triples_of_every_game(convention: Convention) -> (ScannedTriples, ScannedTables) {
    (
        ScannedTriples::scan_for(convention, GAME_LIMIT as u32, |_| {}).unwrap(),
        ScannedTables::scan_for(convention, 0, |_| {}).unwrap(),
    )
}

#[test]
fn winning_moves_are_the_moves_that_leave_a_lost_position() {
    for convention in CONVENTIONS {
        let (remoteness, scanned) = tables_of_every_game(convention);
        let full = Solver::new(convention)
            .with_remoteness(&remoteness)
            .unwrap();
        // From the losing positions alone, and from the remoteness alone.
        let by_tables = Solver::new(convention)
            .with_tables(scanned.as_tables())
            .unwrap();
        // From the triples, past tables that reach no game's smaller piles.
        let (triples, least) = triples_of_every_game(convention);
        let by_triples = Solver::new(convention)
            .with_tables(least.as_tables())
            .and_then(|s| s.with_triples(&triples))
            .unwrap();
        let mut rules = Rules::new(convention);
        for position in every_game_to(GAME_LIMIT) {
            let expected: Vec<Vec<u64>> = options(position.piles())
                .into_iter()
                .filter(|to| rules.value(to).0 == Outcome::Lose)
                .collect();
            for solver in [full, by_tables, by_triples] {
                let answer = solver.winning_moves(&position).unwrap();
                let mut got: Vec<Vec<u64>> = answer
                    .moves
                    .iter()
                    .map(|m| m.leaves(&position).unwrap().piles().to_vec())
                    .collect();
                got.sort();
                let mut want = expected.clone();
                want.sort();
                assert_eq!(got, want, "{convention:?} {position}");
                assert_eq!(answer.value.outcome, rules.value(position.piles()).0);
            }
        }
    }
}

/// Sums of two games with piles up to 3, and of three with piles up to 2:
/// every one, in normal play.
#[test]
fn every_small_sum_follows_the_rules() {
    let grundy = GrundyTable::compute(3).unwrap();
    let solver = Solver::new(Convention::Normal)
        .with_grundy(&grundy)
        .unwrap();
    let mut rules = Rules::new(Convention::Normal);
    for (games, most) in [(2, 3u64), (3, 2)] {
        let piles = 3 * games;
        let side = most + 1;
        for code in 0..side.pow(piles as u32) {
            let position: Vec<u64> = (0..piles)
                .map(|i| code / side.pow(i as u32) % side)
                .collect();
            let position = Position::new(position).unwrap();
            let answer = solver.position(&position).unwrap();
            assert_answer_follows_the_rules(&mut rules, &position, &answer);
            assert_eq!(answer.value.grundy, Some(solver.grundy(&position).unwrap()));
        }
    }
}

/// A position's moves, of one game or of a sum, are listed into room made
/// once for exactly them: their vector neither grew by doubling as they
/// were found nor holds room they do not use.
#[test]
fn a_positions_moves_fill_the_room_made_for_them() {
    let remoteness = RemotenessTable::compute(GAME_LIMIT as u32, Convention::Normal).unwrap();
    let grundy = GrundyTable::compute(GAME_LIMIT as u32).unwrap();
    let solver = Solver::new(Convention::Normal)
        .with_remoteness(&remoteness)
        .unwrap()
        .with_grundy(&grundy)
        .unwrap();
    for piles in [
        vec![1, 3, 4],
        vec![12, 7, 9],
        vec![3, 5, 7, 2, 4, 6],
        vec![0, 0, 0],
    ] {
        let position = Position::new(piles.clone()).unwrap();
        let moves = solver.position(&position).unwrap().moves;
        assert_eq!(moves.capacity(), moves.len(), "{piles:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Sums of two games with piles up to 6, three up to 2, four up to 1,
    /// in normal play.
    #[test]
    fn random_sums_follow_the_rules(piles in prop_oneof![
        proptest::collection::vec(0u64..=6, 6),
        proptest::collection::vec(0u64..=2, 9),
        proptest::collection::vec(0u64..=1, 12),
    ]) {
        let grundy = GrundyTable::compute(6).unwrap();
        let solver = Solver::new(Convention::Normal).with_grundy(&grundy).unwrap();
        let position = Position::new(piles).unwrap();
        let answer = solver.position(&position).unwrap();
        assert_answer_follows_the_rules(&mut Rules::new(Convention::Normal), &position, &answer);
    }
}

#[test]
fn misere_refuses_grundy_values_and_sums_with_a_typed_error() {
    let grundy = GrundyTable::compute(4).unwrap();
    let misere = Solver::new(Convention::Misere);
    let undefined = |what| Err(AnswerError::MisereUndefined(what));
    assert_eq!(
        misere.with_grundy(&grundy).map(|_| ()),
        undefined(MisereUndefined::GrundyValue)
    );
    let sum: Position = "1 2 3 + 1 2 3".parse().unwrap();
    assert_eq!(
        misere.value(&sum).map(|_| ()),
        undefined(MisereUndefined::SumOfGames)
    );
    assert_eq!(
        misere.position(&sum).map(|_| ()),
        undefined(MisereUndefined::SumOfGames)
    );
    assert_eq!(
        misere.winning_moves(&sum).map(|_| ()),
        undefined(MisereUndefined::SumOfGames)
    );
    let game = Position::game([1, 2, 3]);
    assert_eq!(
        misere.grundy(&game).map(|_| ()),
        undefined(MisereUndefined::GrundyValue)
    );
    assert_eq!(
        misere.grundy_map(1, 3).map(|_| ()),
        undefined(MisereUndefined::GrundyValue)
    );
    // A misère value has no Grundy value, even from a solver that has the
    // normal-play table of one.
    let table = RemotenessTable::compute(4, Convention::Misere).unwrap();
    let value = misere
        .with_remoteness(&table)
        .unwrap()
        .value(&game)
        .unwrap();
    assert_eq!(value.grundy, None);
    assert_eq!(value.convention, Convention::Misere);
}

#[test]
fn a_table_of_the_other_convention_is_refused() {
    for (solver, table) in [
        (Convention::Misere, Convention::Normal),
        (Convention::Normal, Convention::Misere),
    ] {
        let mismatch = Err(AnswerError::ConventionMismatch { solver, table });
        let remoteness = RemotenessTable::compute(4, table).unwrap();
        let tables = ScannedTables::scan_for(table, 4, |_| {}).unwrap();
        let triples = ScannedTriples::scan_for(table, 4, |_| {}).unwrap();
        let totals = ScannedTotals::scan_for(table, 4, |_| {}).unwrap();
        assert_eq!(tables.as_tables().convention(), table);
        assert_eq!(triples.convention(), table);
        assert_eq!(totals.convention(), table);
        let asked = Solver::new(solver);
        assert_eq!(asked.with_remoteness(&remoteness).map(|_| ()), mismatch);
        assert_eq!(asked.with_tables(tables.as_tables()).map(|_| ()), mismatch);
        assert_eq!(asked.with_triples(&triples).map(|_| ()), mismatch);
        assert_eq!(asked.with_totals(&totals).map(|_| ()), mismatch);
        // The same tables in their own convention are taken.
        let own = Solver::new(table);
        assert!(own.with_remoteness(&remoteness).is_ok());
        assert!(own.with_tables(tables.as_tables()).is_ok());
        assert!(own.with_triples(&triples).is_ok());
        assert!(own.with_totals(&totals).is_ok());
    }
    // The embedded tables are normal play's.
    assert_eq!(stone_game::EMBEDDED.convention(), Convention::Normal);
    assert_eq!(
        Solver::new(Convention::Misere)
            .with_tables(stone_game::EMBEDDED)
            .map(|_| ()),
        Err(AnswerError::ConventionMismatch {
            solver: Convention::Misere,
            table: Convention::Normal
        })
    );
}

#[test]
fn questions_past_the_tables_name_the_tables_they_need() {
    let remoteness = RemotenessTable::compute(10, Convention::Normal).unwrap();
    let grundy = GrundyTable::compute(10).unwrap();
    let normal = Solver::new(Convention::Normal)
        .with_remoteness(&remoteness)
        .unwrap()
        .with_grundy(&grundy)
        .unwrap();
    let not_covered = |table, pile, limit| Err(AnswerError::NotCovered { table, pile, limit });
    let sum: Position = "1 2 3 + 1 2 11".parse().unwrap();
    assert_eq!(
        normal.value(&sum).map(|_| ()),
        not_covered(TableKind::Grundy, 11, Some(10))
    );
    assert_eq!(
        normal.remoteness_map(0, 11).map(|_| ()),
        not_covered(TableKind::Remoteness, 11, Some(10))
    );
    assert_eq!(
        normal.remoteness_map(11, 3).map(|_| ()),
        not_covered(TableKind::Remoteness, 11, Some(10))
    );
    assert_eq!(
        normal.grundy_map(11, 3).map(|_| ()),
        not_covered(TableKind::Grundy, 11, Some(10))
    );
    let past = u64::from(stone_game::LIMIT) + 1;
    assert_eq!(
        normal.slice(0, past).map(|_| ()),
        not_covered(TableKind::LosingPositions, past, Some(stone_game::LIMIT))
    );
    assert_eq!(
        normal.total(past).map(|_| ()),
        not_covered(TableKind::Totals, past, Some(stone_game::LIMIT))
    );
    let misere = Solver::new(Convention::Misere);
    // A game's outcome needs only the losing positions: a solver without a
    // remoteness table names those, and the furthest of them it holds.
    assert_eq!(
        misere.value(&Position::game([0, 0, 1])).map(|_| ()),
        not_covered(TableKind::LosingPositions, 1, None)
    );
    let embedded = Solver::new(Convention::Normal);
    let game = Position::game([past, past, past]);
    let limit = Some(stone_game::LIMIT);
    assert_eq!(
        embedded.value(&game).map(|_| ()),
        not_covered(TableKind::LosingPositions, past, limit)
    );
    assert_eq!(
        embedded.position(&game).map(|_| ()),
        not_covered(TableKind::LosingPositions, past, limit)
    );
    assert_eq!(
        embedded.engine(&game).map(|_| ()),
        not_covered(TableKind::LosingPositions, past, limit)
    );
    // A list needs the losing positions themselves, not their totals.
    assert_eq!(
        normal.losing_list(past).map(|_| ()),
        not_covered(TableKind::LosingPositions, past, limit)
    );
    assert_eq!(
        misere.losing_list(3).map(|_| ()),
        not_covered(TableKind::LosingPositions, 3, None)
    );
    assert_eq!(
        misere.slice(0, 3).map(|_| ()),
        not_covered(TableKind::LosingPositions, 3, None)
    );
    assert_eq!(
        misere.total(3).map(|_| ()),
        not_covered(TableKind::Totals, 3, None)
    );
    assert_eq!(
        misere.remoteness_map(0, 3).map(|_| ()),
        not_covered(TableKind::Remoteness, 3, None)
    );
    // Past the remoteness, one game's value still comes from the losing
    // positions, without remoteness; a game past both is refused naming
    // the tables that reach further, the embedded ones, and the middle
    // pile, as far as they must reach.
    let value = normal.value(&Position::game([1, 3, 500])).unwrap();
    assert_eq!((value.outcome, value.remoteness), (Outcome::Win, None));
    let far = Position::game([2000, 5000, 3000]);
    assert_eq!(
        normal.value(&far).map(|_| ()),
        not_covered(TableKind::LosingPositions, 3000, limit)
    );
    // A remoteness table that reaches past the losing positions' names
    // itself, and the largest pile: it must reach all three.
    let misere_remoteness = RemotenessTable::compute(10, Convention::Misere).unwrap();
    let misere_far = Solver::new(Convention::Misere)
        .with_remoteness(&misere_remoteness)
        .unwrap();
    assert_eq!(
        misere_far.value(&Position::game([11, 1, 12])).map(|_| ()),
        not_covered(TableKind::Remoteness, 12, Some(10))
    );
    // Triples that reach further name themselves, and the largest pile:
    // they too must reach all three.
    let few = ScannedTriples::scan_misere(20).unwrap();
    let misere_further = misere_far.with_triples(&few).unwrap();
    assert_eq!(
        misere_further
            .value(&Position::game([21, 1, 30]))
            .map(|_| ()),
        not_covered(TableKind::LosingPositions, 30, Some(20))
    );
    // Fewer triples than remoteness: the remoteness names itself; as many:
    // the triples do, the losing positions being all a game's value needs.
    let fewer = ScannedTriples::scan_misere(5).unwrap();
    let as_many = ScannedTriples::scan_misere(10).unwrap();
    let game = Position::game([11, 1, 12]);
    for (triples, table) in [
        (&fewer, TableKind::Remoteness),
        (&as_many, TableKind::LosingPositions),
    ] {
        let solver = Solver::new(Convention::Misere)
            .with_triples(triples)
            .unwrap()
            .with_remoteness(&misere_remoteness)
            .unwrap();
        assert_eq!(
            solver.value(&game).map(|_| ()),
            not_covered(table, 12, Some(10)),
            "{triples:?}"
        );
    }
}

/// Where only the Grundy values reach a game (its two smaller piles past
/// the losing positions' tables, no remoteness), its value comes from them:
/// as `stone-game grundy 1001 1001 0` asks of a Grundy table past the
/// embedded tables.
#[test]
fn one_games_value_comes_from_the_grundy_values_where_only_they_reach() {
    let grundy = GrundyTable::compute(GAME_LIMIT as u32).unwrap();
    let small = ScannedTables::scan(4).unwrap();
    let solver = Solver::new(Convention::Normal)
        .with_tables(small.as_tables())
        .unwrap()
        .with_grundy(&grundy)
        .unwrap();
    let mut rules = Rules::new(Convention::Normal);
    let mut past_the_tables = 0;
    for position in every_game_to(GAME_LIMIT) {
        let game = position.single().unwrap();
        let value = solver.value(&position).unwrap();
        assert_eq!(value.outcome, rules.value(&game).0, "{game:?}");
        assert_eq!(value.remoteness, None, "{game:?}");
        if small
            .as_tables()
            .is_losing(game[0], game[1], game[2])
            .is_none()
        {
            past_the_tables += 1;
        }
    }
    assert!(
        past_the_tables > 1000,
        "{past_the_tables} games past the tables"
    );
}

#[test]
fn slices_maps_and_totals_follow_the_rules_in_both_conventions() {
    const L: u64 = 9;
    for convention in CONVENTIONS {
        let mut rules = Rules::new(convention);
        let lost = |rules: &mut Rules, p: [u64; 3]| rules.value(&p).0 == Outcome::Lose;
        let scanned = ScannedTables::scan_for(convention, L as u32, |_| {}).unwrap();
        let remoteness = RemotenessTable::compute(L as u32, convention).unwrap();
        let solver = Solver::new(convention)
            .with_tables(scanned.as_tables())
            .unwrap()
            .with_remoteness(&remoteness)
            .unwrap();
        for a in 0..=L {
            let slice = solver.slice(a, L).unwrap();
            let expected: Vec<[u64; 2]> = (0..=L)
                .flat_map(|b| (0..=L).map(move |c| [b, c]))
                .filter(|&[b, c]| lost(&mut rules, [a, b, c]))
                .collect();
            assert_eq!(slice.losing, expected, "{convention:?} a = {a}");
            assert_eq!((slice.a, slice.limit, slice.convention), (a, L, convention));
            let map = solver.remoteness_map(a, L).unwrap();
            assert_eq!(map.remoteness.side(), L as usize + 1);
            for b in 0..=L {
                for c in 0..=L {
                    let (outcome, r) = rules.value(&[a, b, c]);
                    assert_eq!(map.remoteness.get(b, c), Some(r));
                    assert_eq!(map.is_losing(b, c), Some(outcome == Outcome::Lose));
                }
            }
            assert_eq!(map.remoteness.get(L + 1, 0), None);
            assert_eq!(map.is_losing(0, L + 1), None);
        }
        let losing: Vec<[u64; 3]> = (0..=L)
            .flat_map(|x| (x..=L).flat_map(move |y| (y..=L).map(move |z| [x, y, z])))
            .filter(|&p| lost(&mut rules, p))
            .collect();
        for l in 0..=L {
            let within: Vec<_> = losing.iter().filter(|p| p[2] <= l).collect();
            let total = solver.total(l).unwrap();
            assert_eq!(total.count, within.len() as u64);
            assert_eq!(
                total.sum,
                within.iter().map(|p| p.iter().sum::<u64>()).sum::<u64>()
            );
            let list: Vec<[u64; 3]> = solver
                .losing_list(l)
                .unwrap()
                .positions()
                .map(|t| t.map(u64::from))
                .collect();
            assert_eq!(list.iter().collect::<Vec<_>>(), within);
        }
        // The scan of the triples alone answers the same totals.
        let triples = ScannedTriples::scan_for(convention, L as u32, |_| {}).unwrap();
        let by_triples = Solver::new(convention).with_triples(&triples).unwrap();
        assert_eq!(by_triples.total(L), solver.total(L));
        // And so does the scan of the totals alone.
        let totals = ScannedTotals::scan_for(convention, L as u32, |_| {}).unwrap();
        let by_totals = Solver::new(convention).with_totals(&totals).unwrap();
        for l in 0..=L {
            assert_eq!(by_totals.total(l), solver.total(l), "{convention:?} to {l}");
        }
        if convention == Convention::Misere {
            // No embedded tables answer misère play: the totals list nothing,
            // and answer nothing past their limit.
            assert!(by_totals.losing_list(L).is_err());
            assert!(by_totals.total(L + 1).is_err());
        }
        for a in 0..=L {
            for b in 0..=L {
                let partner = solver.partner(a, b).unwrap().partner;
                assert!(lost(&mut rules, [a, b, partner]), "{a} {b} {partner}");
            }
        }
    }
}

#[test]
fn grundy_maps_are_zero_exactly_at_the_losing_positions() {
    let grundy = GrundyTable::compute(9).unwrap();
    let solver = Solver::new(Convention::Normal)
        .with_grundy(&grundy)
        .unwrap();
    let mut rules = Rules::new(Convention::Normal);
    for a in 0..=9 {
        let map = solver.grundy_map(a, 9).unwrap();
        for b in 0..=9 {
            for c in 0..=9 {
                let lost = rules.value(&[a, b, c]).0 == Outcome::Lose;
                assert_eq!(map.values.get(b, c) == Some(0), lost, "{a} {b} {c}");
                assert_eq!(map.values.get(b, c), grundy.value(a, b, c));
            }
        }
    }
}

/// `Solver::engine` is the engine of `position`: the same move as
/// `PositionAnswer::engine`, with a remoteness table and from the losing
/// positions alone (where it lists no move it need not), and with the
/// tables alone the best by the rules' stones left.
#[test]
fn the_engine_alone_is_the_engine_of_the_whole_answer() {
    for convention in CONVENTIONS {
        let (remoteness, scanned) = tables_of_every_game(convention);
        let full = Solver::new(convention)
            .with_remoteness(&remoteness)
            .unwrap();
        let by_tables = Solver::new(convention)
            .with_tables(scanned.as_tables())
            .unwrap();
        let (triples, least) = triples_of_every_game(convention);
        let by_triples = Solver::new(convention)
            .with_tables(least.as_tables())
            .and_then(|s| s.with_triples(&triples))
            .unwrap();
        let mut rules = Rules::new(convention);
        for (position, solver) in
            every_game_to(GAME_LIMIT).flat_map(|p| [(p.clone(), by_tables), (p, by_triples)])
        {
            let answer = full.position(&position).unwrap();
            let engine = full.engine(&position).unwrap();
            assert_eq!(engine, answer.engine, "{convention:?} {position}");
            let answer = solver.position(&position).unwrap();
            let engine = solver.engine(&position).unwrap();
            assert_eq!(engine, answer.engine, "{convention:?} {position}");
            // Every outcome from the losing positions, with no remoteness.
            let outcome = rules.value(position.piles()).0;
            assert_eq!(answer.value.outcome, outcome, "{convention:?} {position}");
            for m in &answer.moves {
                let to = m.leaves(&position).unwrap();
                let outcome = rules.value(to.piles()).0;
                assert_eq!(m.outcome, outcome, "{convention:?} {position} -> {to}");
                assert_eq!(m.remoteness, None, "{convention:?} {position} -> {to}");
            }
            // From the losing positions alone, the stones left stand in for
            // the remoteness: the fewest for a win, the most for a defence.
            let Some(engine) = answer.engine else {
                assert!(options(position.piles()).is_empty());
                continue;
            };
            let left = |to: &Position| to.stones();
            let chosen = engine.leaves(&position).unwrap();
            let wins = rules.value(chosen.piles()).0 == Outcome::Lose;
            let best = options(position.piles())
                .into_iter()
                .filter(|to| (rules.value(to).0 == Outcome::Lose) == wins)
                .map(|to| left(&Position::new(to).unwrap()))
                .reduce(if wins { u64::min } else { u64::max })
                .unwrap();
            assert_eq!(left(&chosen), best, "{convention:?} {position}");
            let can_win = options(position.piles())
                .iter()
                .any(|to| rules.value(to).0 == Outcome::Lose);
            assert_eq!(wins, can_win, "{convention:?} {position}");
        }
    }
}

#[test]
fn the_engine_answers_one_game_past_any_remoteness_table_at_once() {
    let huge = u64::MAX / 2;
    let solver = Solver::new(Convention::Normal);
    // Won: to the partner of the two small piles, 0.
    let engine = solver
        .engine(&Position::game([3, huge, 5]))
        .unwrap()
        .unwrap();
    assert_eq!((engine.to, engine.outcome), ([3, 0, 5], Outcome::Lose));
    // Lost (0 0 0 stays lost): no move, since there is none.
    assert_eq!(solver.engine(&Position::game([0, 0, 0])).unwrap(), None);
    // Lost with stones: one stone from the first pile that has one.
    let engine = solver.engine(&Position::game([1, 3, 3])).unwrap().unwrap();
    assert_eq!((engine.to, engine.outcome), ([0, 3, 3], Outcome::Win));
}

#[test]
fn a_game_with_a_huge_pile_has_its_winning_and_engine_moves_but_not_every_move() {
    let huge = u64::MAX / 2;
    let far = Position::game([3, huge, 5]);
    let not_covered = |table, limit| {
        Err(AnswerError::NotCovered {
            table,
            pile: huge,
            limit: Some(limit),
        })
    };
    let remoteness = RemotenessTable::compute(10, Convention::Normal).unwrap();
    let normal = Solver::new(Convention::Normal)
        .with_remoteness(&remoteness)
        .unwrap();
    // Its value and winning moves come from the two smaller piles, and so
    // does the engine's move, though a remoteness table is given; listing
    // all of its about 3 * 2^62 moves is refused.
    assert_eq!(normal.value(&far).unwrap().outcome, Outcome::Win);
    let winning = normal.winning_moves(&far).unwrap().moves;
    let to: Vec<_> = winning.iter().map(|m| m.to).collect();
    assert_eq!(to, [[3, 0, 5]]);
    let engine = normal.engine(&far).unwrap().unwrap();
    assert_eq!((engine.to, engine.remoteness), ([3, 0, 5], None));
    assert_eq!(
        normal.position(&far).map(|_| ()),
        not_covered(TableKind::LosingPositions, stone_game::LIMIT)
    );
    // Misère: with only a remoteness table, refused from the value on;
    // with losing positions too, answered as in normal play. The furthest
    // table that answers one game is the one named.
    let misere_remoteness = RemotenessTable::compute(30, Convention::Misere).unwrap();
    let misere_tables = ScannedTables::scan_for(Convention::Misere, 20, |_| {}).unwrap();
    let misere = Solver::new(Convention::Misere)
        .with_remoteness(&misere_remoteness)
        .unwrap();
    for question in [
        misere.position(&far).map(|_| ()),
        misere.engine(&far).map(|_| ()),
        misere.winning_moves(&far).map(|_| ()),
    ] {
        assert_eq!(question, not_covered(TableKind::Remoteness, 30));
    }
    let misere = misere.with_tables(misere_tables.as_tables()).unwrap();
    let engine = misere.engine(&far).unwrap().unwrap();
    assert_eq!(engine.outcome, Outcome::Lose);
    assert_eq!(misere.winning_moves(&far).unwrap().moves, [engine]);
    assert_eq!(
        misere.position(&far).map(|_| ()),
        not_covered(TableKind::Remoteness, 30)
    );
    let misere = Solver::new(Convention::Misere)
        .with_tables(misere_tables.as_tables())
        .unwrap();
    assert_eq!(
        misere.position(&far).map(|_| ()),
        not_covered(TableKind::LosingPositions, 20)
    );
}

#[test]
fn a_games_moves_carry_remoteness_only_when_the_table_reaches_the_game() {
    // Past the remoteness table, every move is ranked by the stones left,
    // even those that leave a position the table reaches, and the engine
    // alone agrees with the whole answer.
    for convention in CONVENTIONS {
        let remoteness = RemotenessTable::compute(6, convention).unwrap();
        let tables = ScannedTables::scan_for(convention, 12, |_| {}).unwrap();
        let solver = Solver::new(convention)
            .with_tables(tables.as_tables())
            .unwrap()
            .with_remoteness(&remoteness)
            .unwrap();
        for position in every_game_to(GAME_LIMIT) {
            let reached = position.largest_pile() <= 6;
            let answer = solver.position(&position).unwrap();
            for m in &answer.moves {
                assert_eq!(m.remoteness.is_some(), reached, "{convention:?} {position}");
            }
            let winning = solver.winning_moves(&position).unwrap().moves;
            for m in &winning {
                assert_eq!(m.remoteness.is_some(), reached, "{convention:?} {position}");
            }
            assert_eq!(
                solver.engine(&position).unwrap(),
                answer.engine,
                "{convention:?} {position}"
            );
        }
    }
}

#[test]
fn moves_best_first_start_with_the_engines_and_keep_every_move() {
    for convention in CONVENTIONS {
        let table = RemotenessTable::compute(8, convention).unwrap();
        let solver = Solver::new(convention).with_remoteness(&table).unwrap();
        assert_eq!(solver.convention(), convention);
        for position in every_game_to(8) {
            let answer = solver.position(&position).unwrap();
            let best = answer.moves_best_first();
            assert_eq!(best.first().copied(), answer.engine, "{position}");
            let mut sorted = best.clone();
            let mut all = answer.moves.clone();
            sorted.sort_by_key(|m| (m.game, m.to, m.take.stones()));
            all.sort_by_key(|m| (m.game, m.to, m.take.stones()));
            assert_eq!(sorted, all, "{position}");
            // Winning moves first, the quickest first; then the longest
            // defence first.
            let key = |m: &stone_game::MoveAnswer| {
                let r = i64::from(m.remoteness.unwrap());
                if m.wins() { (0, r) } else { (1, -r) }
            };
            assert!(
                best.windows(2).all(|w| key(&w[0]) <= key(&w[1])),
                "{position}"
            );
        }
    }
}

#[test]
fn what_the_tables_reach_decides_which_answer_and_each_field_comes_from_its_table() {
    // Totals and lists past the embedded tables come from the scan of the
    // triples, and past both are refused.
    let past = stone_game::LIMIT + 10;
    let triples = ScannedTriples::scan(past).unwrap();
    let solver = Solver::new(Convention::Normal)
        .with_triples(&triples)
        .unwrap();
    let l = u64::from(past) - 5;
    let listed = solver.losing_list(l).unwrap().positions().count() as u64;
    assert_eq!(listed, triples.losing_count(past - 5).unwrap());
    assert_eq!(solver.total(l).unwrap().count, listed);
    assert!(solver.losing_list(u64::from(past) + 1).is_err());
    let within = solver.losing_list(3).unwrap().positions().count();
    assert_eq!(within as u64, solver.total(3).unwrap().count);
    assert_eq!(within, 3);
    // A misère solver has no tables of its own: its triples alone answer.
    let misere_triples = ScannedTriples::scan_misere(past).unwrap();
    let alone = Solver::new(Convention::Misere)
        .with_triples(&misere_triples)
        .unwrap();
    assert!(alone.losing_list(u64::from(past)).is_ok());
    assert!(alone.losing_list(u64::from(past) + 1).is_err());
    // They decide a game whose piles they all reach, as the whole tables
    // do, and name themselves past it.
    let top = u64::from(past);
    let whole = ScannedTables::scan_misere(past).unwrap();
    let answer = alone.position(&Position::game([1, top, top - 2])).unwrap();
    assert_eq!(
        answer.moves.len() as u64,
        Move::count_from([1, top, top - 2])
    );
    for m in answer.moves.iter().chain(&answer.engine) {
        let [a, b, c] = m.to;
        let losing = whole.as_tables().is_losing(a, b, c).unwrap();
        assert_eq!(m.outcome == Outcome::Lose, losing, "{:?}", m.to);
    }
    assert_eq!(
        alone.position(&Position::game([1, 2, top + 1])).map(|_| ()),
        Err(AnswerError::NotCovered {
            table: TableKind::LosingPositions,
            pile: top + 1,
            limit: Some(past)
        })
    );
    // Past the tables and the triples, a game's refusal names the further
    // of the two.
    let few = ScannedTriples::scan(20).unwrap();
    let past_both = Solver::new(Convention::Normal).with_triples(&few).unwrap();
    let beyond = u64::from(stone_game::LIMIT) + 1;
    assert_eq!(
        past_both
            .value(&Position::game([1, beyond, beyond]))
            .map(|_| ()),
        Err(AnswerError::NotCovered {
            table: TableKind::LosingPositions,
            pile: beyond,
            limit: Some(stone_game::LIMIT)
        })
    );
    // A slice names the pile past the tables, whichever it is.
    let far = u64::from(stone_game::LIMIT) + 1;
    assert_eq!(
        solver.slice(far, 3).map(|_| ()),
        Err(AnswerError::NotCovered {
            table: TableKind::LosingPositions,
            pile: far,
            limit: Some(stone_game::LIMIT)
        })
    );
    // Winning moves from the losing positions carry the remoteness of the
    // table that reaches them; a game's value carries its Grundy value.
    let remoteness = RemotenessTable::compute(9, Convention::Normal).unwrap();
    let grundy = GrundyTable::compute(9).unwrap();
    let full = Solver::new(Convention::Normal)
        .with_remoteness(&remoteness)
        .unwrap()
        .with_grundy(&grundy)
        .unwrap();
    let mut rules = Rules::new(Convention::Normal);
    for position in every_game_to(9) {
        let value = full.value(&position).unwrap();
        let [a, b, c] = position.single().unwrap();
        assert_eq!(value.grundy, grundy.value(a, b, c), "{position}");
        for m in full.winning_moves(&position).unwrap().moves {
            let to = m.leaves(&position).unwrap();
            assert_eq!(
                m.remoteness,
                Some(rules.value(to.piles()).1),
                "{position} -> {to}"
            );
        }
    }
}
