//! Why a question has no answer.

use crate::Convention;

/// The tables a [`Solver`](super::Solver) answers from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TableKind {
    /// The losing positions ([`Tables`](crate::Tables)): outcomes,
    /// partners, winning moves, slices.
    LosingPositions,
    /// The running totals of the losing positions: sums and counts.
    Totals,
    /// The outcome and remoteness of every position
    /// ([`RemotenessTable`](crate::RemotenessTable)).
    Remoteness,
    /// The Sprague-Grundy values ([`GrundyTable`](crate::GrundyTable)).
    Grundy,
}

impl TableKind {
    /// What the tables hold, as messages name it.
    fn describe(self) -> &'static str {
        match self {
            TableKind::LosingPositions => "the losing positions",
            TableKind::Totals => "the totals of the losing positions",
            TableKind::Remoteness => "the remoteness of every position",
            TableKind::Grundy => "the Grundy values",
        }
    }
}

/// What misère play leaves undefined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MisereUndefined {
    /// A Sprague-Grundy value: under misère play the values of a game's
    /// parts do not decide a sum, so the value means nothing there.
    GrundyValue,
    /// A sum of games: decided by the XOR of Grundy values in normal play
    /// only.
    SumOfGames,
}

/// Why a [`Solver`](super::Solver) has no answer.
///
/// ```
/// use stone_game::{AnswerError, Convention, MisereUndefined, Position, Solver};
/// let misere = Solver::new(Convention::Misere);
/// let sum: Position = "1 2 3 + 4 5 6".parse()?;
/// let err = misere.position(&sum).unwrap_err();
/// assert_eq!(err, AnswerError::MisereUndefined(MisereUndefined::SumOfGames));
/// assert!(err.to_string().contains("normal play only"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnswerError {
    /// Asked under misère play, where the question has no answer.
    MisereUndefined(MisereUndefined),
    /// The tables that answer the question were not given, or do not reach
    /// `pile`.
    NotCovered {
        /// The tables the question needs.
        table: TableKind,
        /// The pile (or limit) they must reach.
        pile: u64,
        /// How far the given tables reach; `None` when none were given.
        limit: Option<u32>,
    },
    /// A table of one convention was given to a solver of the other.
    ConventionMismatch {
        /// The solver's convention.
        solver: Convention,
        /// The table's.
        table: Convention,
    },
}

/// The word of a convention in messages.
pub(crate) fn convention_words(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal play",
        Convention::Misere => "misère play",
    }
}

impl core::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            AnswerError::MisereUndefined(MisereUndefined::GrundyValue) => f.write_str(
                "Grundy values are defined for normal play only: they decide a sum of \
                 games by XOR, and under misère play the XOR does not decide it",
            ),
            AnswerError::MisereUndefined(MisereUndefined::SumOfGames) => f.write_str(
                "a sum of games is answered in normal play only: a misère sum is not decided \
                 by the XOR of its games' Grundy values",
            ),
            AnswerError::NotCovered {
                table,
                pile,
                limit: Some(limit),
            } => write!(
                f,
                "the tables of {} reach piles up to {limit}, not {pile}",
                table.describe()
            ),
            AnswerError::NotCovered {
                table,
                pile,
                limit: None,
            } => write!(
                f,
                "no tables of {} were given, and pile {pile} needs them",
                table.describe()
            ),
            AnswerError::ConventionMismatch { solver, table } => write!(
                f,
                "a table of {} cannot answer for {}",
                convention_words(table),
                convention_words(solver)
            ),
        }
    }
}

impl core::error::Error for AnswerError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn each_error_says_what_is_missing() {
        let cases = [
            (
                AnswerError::MisereUndefined(MisereUndefined::GrundyValue),
                "Grundy values are defined for normal play only: they decide a sum of games by \
                 XOR, and under misère play the XOR does not decide it",
            ),
            (
                AnswerError::NotCovered {
                    table: TableKind::Remoteness,
                    pile: 70,
                    limit: Some(50),
                },
                "the tables of the remoteness of every position reach piles up to 50, not 70",
            ),
            (
                AnswerError::NotCovered {
                    table: TableKind::Grundy,
                    pile: 7,
                    limit: None,
                },
                "no tables of the Grundy values were given, and pile 7 needs them",
            ),
            (
                AnswerError::NotCovered {
                    table: TableKind::LosingPositions,
                    pile: 7,
                    limit: None,
                },
                "no tables of the losing positions were given, and pile 7 needs them",
            ),
            (
                AnswerError::NotCovered {
                    table: TableKind::Totals,
                    pile: 7,
                    limit: Some(3),
                },
                "the tables of the totals of the losing positions reach piles up to 3, not 7",
            ),
            (
                AnswerError::ConventionMismatch {
                    solver: Convention::Normal,
                    table: Convention::Misere,
                },
                "a table of misère play cannot answer for normal play",
            ),
        ];
        for (err, text) in cases {
            assert_eq!(err.to_string(), text);
        }
    }
}
