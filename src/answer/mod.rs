//! Answers: every question a person or a program asks of the game,
//! computed once, here, for the command-line tool, the web explorer and
//! any other caller alike.
//!
//! A [`Solver`] holds the tables of one convention and answers from them;
//! each answer is a plain value that names its convention, and with the
//! feature `serde` serializes to the one JSON shape the tool's `--json` and
//! the web API share (README, "JSON answers").
//!
//! - `position`: a position's value, moves and the engine's move;
//! - `plane`: slices and maps of the positions `{A, b, c}`;
//! - `total`: totals, lists and partners;
//! - `engine`: the order the engine chooses its move by;
//! - `solver`: which tables answer which question;
//! - `serialize`: the JSON shapes;
//! - `error`: why a question has no answer.

mod engine;
mod error;
mod plane;
mod position;
#[cfg(feature = "serde")]
mod serialize;
mod solver;
mod total;

pub use error::{AnswerError, MisereUndefined, TableKind};
pub use plane::{Grid, GrundyMap, RemotenessMap, Slice};
pub use position::{MoveAnswer, PositionAnswer, ValueAnswer, WinningMovesAnswer};
pub use solver::Solver;
pub use total::{LosingList, PartnerAnswer, Total};
