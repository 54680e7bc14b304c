//! The web explorer's engine, in the calls its code makes, until the web
//! server asks the library's [`Solver`] itself: a sum of games is the
//! library's engine ([`Solver::engine`]), the engine `play` plays; one game
//! is rated here by the same order, the quickest win first, then the
//! longest resistance, ties to the least position.

use stone_game::{Convention, GrundyTable, Outcome, Position, RemotenessTable, Solver, Value};

use crate::context::Failure;

/// What decides the positions of a game.
pub(crate) enum Referee<'t> {
    /// A sum of games: the Grundy values of every game.
    Sum(&'t GrundyTable),
}

/// A move's place in [`best_first`]'s order: whether it leaves a won
/// position, its remoteness (negated for a won one), the position left.
type Rank = (bool, i64, [u64; 3]);

/// The library's order of one game's moves by the values of the positions
/// they leave, best for the mover first.
fn best_first(to: [u64; 3], value: Value) -> Rank {
    let r = i64::from(value.remoteness);
    match value.outcome {
        Outcome::Lose => (false, r, to),
        Outcome::Win => (true, -r, to),
    }
}

/// The best of one game's moves, each the position it leaves and that
/// position's value ([`best_first`]); `None` when there is no move.
pub(crate) fn best_of(
    moves: impl IntoIterator<Item = ([u64; 3], Value)>,
) -> Option<([u64; 3], Value)> {
    moves
        .into_iter()
        .min_by_key(|&(to, value)| best_first(to, value))
}

/// The library's engine's move from `position`, as the whole position it
/// leaves: by the remoteness when a table is given, else by the stones
/// left.
pub(crate) fn engine_move_with(
    referee: &Referee,
    remoteness: Option<&RemotenessTable>,
    position: &[u64],
) -> Result<Vec<u64>, Failure> {
    let internal = |e: &dyn std::fmt::Display| Failure::Internal(e.to_string());
    let Referee::Sum(table) = referee;
    let mut solver = Solver::new(Convention::Normal)
        .with_grundy(table)
        .map_err(|e| internal(&e))?;
    if let Some(table) = remoteness {
        solver = solver.with_remoteness(table).map_err(|e| internal(&e))?;
    }
    let from = Position::new(position.to_vec()).map_err(|e| internal(&e))?;
    let engine = solver.engine(&from).map_err(|e| internal(&e))?;
    engine
        .map(|m| m.leaves(&from).piles().to_vec())
        .ok_or_else(|| Failure::Internal(format!("the engine found no move from {position:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_of_a_sum_is_the_librarys() {
        let table = GrundyTable::compute(6).unwrap();
        let solver = Solver::new(Convention::Normal).with_grundy(&table).unwrap();
        for piles in [
            vec![1, 2, 3, 4, 5, 6],
            vec![1, 3, 4, 1, 3, 4],
            vec![2, 5, 0, 0, 0, 0, 3, 3, 1],
        ] {
            let from = Position::new(piles.clone()).unwrap();
            let expected = solver.engine(&from).unwrap().unwrap().leaves(&from);
            let got = engine_move_with(&Referee::Sum(&table), None, &piles).unwrap();
            assert_eq!(got, expected.piles(), "{piles:?}");
        }
        assert!(matches!(
            engine_move_with(&Referee::Sum(&table), None, &[0, 0, 0, 0, 0, 0]),
            Err(Failure::Internal(_))
        ));
        assert!(matches!(
            engine_move_with(&Referee::Sum(&table), None, &[0, 0, 7, 1, 1, 1]),
            Err(Failure::Internal(_))
        ));
    }

    #[test]
    fn one_game_is_rated_quickest_win_then_longest_resistance() {
        let value = |outcome, remoteness| Value {
            outcome,
            remoteness,
        };
        let moves = [
            ([0, 2, 3], value(Outcome::Win, 3)),
            ([1, 3, 3], value(Outcome::Lose, 4)),
            ([1, 1, 4], value(Outcome::Lose, 4)),
            ([0, 0, 0], value(Outcome::Win, 9)),
        ];
        assert_eq!(best_of(moves).map(|m| m.0), Some([1, 1, 4]));
        assert_eq!(
            best_of(moves[..1].iter().copied().chain([moves[3]])).map(|m| m.0),
            Some([0, 0, 0])
        );
        assert_eq!(best_of([]), None);
    }
}
