//! How the engine chooses its move: one order of moves, best for the mover
//! first, the same under both conventions and for sums of games.
//!
//! A move that leaves the opponent lost comes before one that does not.
//! Among winning moves the quickest win comes first; among the others the
//! longest resistance. *Quick* and *long* are the remoteness of the position
//! left where it is known (one game); for a sum of games, whose remoteness
//! no Grundy value tells, the stones left stand in for it: fewer stones
//! leave the opponent fewer moves. Ties go to the game moved in first, then
//! to the least position left. Remoteness counts moves under the
//! convention's own rule, so the order is right under misère play too.

use alloc::vec::Vec;

use super::position::{MoveAnswer, PositionAnswer};
use crate::{Outcome, Position};

impl PositionAnswer {
    /// The moves, best for the mover first: the engine's order
    /// ([`Solver`](super::Solver)).
    ///
    /// ```
    /// use stone_game::{Convention, Position, Solver};
    /// let answer = Solver::new(Convention::Normal).position(&Position::game([1, 3, 4]))?;
    /// let best = answer.moves_best_first();
    /// // The two winning moves, both in 5, the lesser position left first.
    /// let first: Vec<_> = best.iter().take(2).map(|m| m.to).collect();
    /// assert_eq!(first, [[1, 1, 4], [1, 3, 3]]);
    /// assert_eq!(answer.engine, Some(best[0]));
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn moves_best_first(&self) -> Vec<MoveAnswer> {
        let mut moves = self.moves.clone();
        moves.sort_by_key(|m| rank(&self.value.position, m));
        moves
    }
}

/// A move's place in the engine's order: the smallest is best.
type Rank = (bool, i128, usize, [u64; 3]);

/// The rank of `m`, a move from `from`.
fn rank(from: &Position, m: &MoveAnswer) -> Rank {
    let length = match m.remoteness {
        Some(r) => i128::from(r),
        None => i128::from(stones_left(from, m)),
    };
    match m.outcome {
        Outcome::Lose => (false, length, m.game, m.to),
        Outcome::Win => (true, -length, m.game, m.to),
    }
}

/// The stones left in the whole position after `m`.
fn stones_left(from: &Position, m: &MoveAnswer) -> u64 {
    let taken = m.take.stones() * m.take.piles().iter().filter(|&&p| p).count() as u64;
    from.stones() - taken
}

/// The engine's move among `moves`, moves from `from`: the first in its
/// order; `None` when there is none.
pub(crate) fn choose(from: &Position, moves: &[MoveAnswer]) -> Option<MoveAnswer> {
    moves.iter().min_by_key(|m| rank(from, m)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    fn answer(to: [u64; 3], outcome: Outcome, remoteness: Option<u32>) -> MoveAnswer {
        let from = [5, 5, 5];
        MoveAnswer {
            game: 0,
            take: Move::between(from, to).unwrap(),
            to,
            outcome,
            remoteness,
        }
    }

    #[test]
    fn the_quickest_win_then_the_longest_defence_then_the_least_position() {
        let from = Position::game([5, 5, 5]);
        let quick = answer([0, 0, 0], Outcome::Lose, Some(0));
        let slow = answer([3, 3, 3], Outcome::Lose, Some(4));
        let long = answer([4, 5, 5], Outcome::Win, Some(9));
        let short = answer([5, 5, 4], Outcome::Win, Some(1));
        let tie = answer([4, 4, 5], Outcome::Win, Some(9));
        let all = [short, long, slow, quick, tie];
        assert_eq!(choose(&from, &all), Some(quick));
        assert_eq!(choose(&from, &all[..3]), Some(slow));
        assert_eq!(choose(&from, &[short, long]), Some(long));
        assert_eq!(choose(&from, &[long, tie]), Some(tie));
        assert_eq!(choose(&from, &[]), None);
    }

    #[test]
    fn without_remoteness_the_stones_left_stand_in_for_it() {
        let from = Position::game([5, 5, 5]);
        let all_three = answer([0, 0, 0], Outcome::Lose, None);
        let one_pile = answer([5, 5, 0], Outcome::Lose, None);
        assert_eq!(choose(&from, &[one_pile, all_three]), Some(all_three));
        let one_stone = answer([4, 5, 5], Outcome::Win, None);
        let two_stones = answer([3, 5, 5], Outcome::Win, None);
        let pair = answer([4, 4, 5], Outcome::Win, None);
        assert_eq!(
            choose(&from, &[two_stones, pair, one_stone]),
            Some(one_stone)
        );
        assert_eq!(stones_left(&from, &pair), 13);
        assert_eq!(stones_left(&from, &all_three), 0);
    }

    #[test]
    fn ties_go_to_the_first_game() {
        let from = Position::new(alloc::vec![5, 5, 5, 5, 5, 5]).unwrap();
        let first = answer([4, 5, 5], Outcome::Win, None);
        let second = MoveAnswer { game: 1, ..first };
        assert_eq!(choose(&from, &[second, first]), Some(first));
    }
}
