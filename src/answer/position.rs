//! The answers about one position: its value, its moves, the engine's move.

use alloc::vec::Vec;

use crate::{Convention, Move, Outcome, Position};

/// Who wins a position, and what else is known of it.
///
/// `remoteness` is given for one game whose remoteness table reaches its
/// piles; `grundy` in normal play where the Grundy values reach them (for
/// a sum, the XOR of its games' values, which decides it).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ValueAnswer {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The position asked about.
    pub position: Position,
    /// Who wins, for the player to move.
    pub outcome: Outcome,
    /// The moves left with perfect play: one game only.
    pub remoteness: Option<u32>,
    /// The Sprague-Grundy value: normal play only.
    pub grundy: Option<u32>,
}

/// One move of a position, and what it leaves for the player who must
/// answer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MoveAnswer {
    /// The game moved in: its index in the position, 0 for one game.
    pub game: usize,
    /// The move, in that game's piles.
    pub take: Move,
    /// The game's piles after the move, in the order given; every other
    /// game stays as it was.
    pub to: [u64; 3],
    /// Who wins the position left, for the player to move there: `Lose`
    /// makes this a winning move.
    pub outcome: Outcome,
    /// The remoteness of the position left, for one game.
    pub remoteness: Option<u32>,
}

impl MoveAnswer {
    /// The piles the move takes from, as indexes into the whole position's
    /// [`piles`](Position::piles).
    ///
    /// ```
    /// use stone_game::{Convention, GrundyTable, Position, Solver};
    /// let table = GrundyTable::compute(6)?;
    /// let sum: Position = "1 2 3 + 4 5 6".parse()?;
    /// let answer = Solver::new(Convention::Normal).with_grundy(&table)?.position(&sum)?;
    /// // In the second game, a stone from its first and last piles.
    /// let m = answer.moves.iter().find(|m| m.game == 1 && m.to == [3, 5, 5]).unwrap();
    /// assert_eq!(m.piles().collect::<Vec<_>>(), [3, 5]);
    /// assert_eq!(m.leaves(&sum), Some("1 2 3 + 3 5 5".parse()?));
    /// // A position with no second game is not the one answered.
    /// assert_eq!(m.leaves(&Position::game([1, 2, 3])), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piles(&self) -> impl Iterator<Item = usize> + '_ {
        // The fields are public: a game past any position's saturates
        // rather than overflows.
        let first = self.game.saturating_mul(3);
        (0..3)
            .filter(|&i| self.take.piles()[i])
            .map(move |i| first.saturating_add(i))
    }

    /// The whole position the move leaves from `from`, the position
    /// answered; `None` when `from` has no game [`game`](Self::game), as
    /// a position with fewer games than the one answered.
    pub fn leaves(&self, from: &Position) -> Option<Position> {
        from.with_game(self.game, self.to)
    }

    /// Whether the move leaves the player to move a lost position.
    pub fn wins(&self) -> bool {
        self.outcome == Outcome::Lose
    }
}

/// Everything about a position: its value, every legal move with the value
/// of the position it leaves, and the engine's move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PositionAnswer {
    /// The position's own value.
    pub value: ValueAnswer,
    /// The move the engine makes ([`Solver`](super::Solver) says how it
    /// chooses); `None` when no move is left.
    pub engine: Option<MoveAnswer>,
    /// Every legal move, game by game, each game's in the order of
    /// [`Move::all_from`]. Two moves that leave the same position by
    /// different piles are both here.
    pub moves: Vec<MoveAnswer>,
}

/// The winning moves of a position: those that leave the player to move a
/// lost position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WinningMovesAnswer {
    /// The position's own value.
    pub value: ValueAnswer,
    /// The winning moves, in the order of [`PositionAnswer::moves`]; none
    /// when the position is lost (or, under misère play, already won with
    /// no stones left).
    pub moves: Vec<MoveAnswer>,
}

/// The convention's name in answers: `normal` or `misere`. Only the JSON
/// shapes name it.
#[cfg(feature = "serde")]
pub(crate) const fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}
