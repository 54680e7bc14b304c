//! How a game is shown: the pipe protocol for scripts, rows of stones for a
//! person at a terminal. Both show the same events, in the same order.

use std::io::{self, Write};

use super::referee::End;

/// Why the player left before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Leaving {
    /// `quit` or `q` was typed.
    Quit,
    /// The input ended.
    EndOfInput,
}

/// The events of a game, as one way of showing them writes them to `out`.
/// Positions are whole: every pile, games of three in order.
pub(super) trait View {
    /// The game starts from `p`; `misere`: whoever takes the last stone
    /// loses.
    fn start(&self, out: &mut dyn Write, p: &[u64], misere: bool) -> io::Result<()>;
    /// The player is asked for a move from `p`.
    fn prompt(&self, out: &mut dyn Write, p: &[u64]) -> io::Result<()>;
    /// The player moved from `from` and left `to`.
    fn players_move(&self, out: &mut dyn Write, from: &[u64], to: &[u64]) -> io::Result<()>;
    /// The engine moved from `from` and left `to`.
    fn engine_move(&self, out: &mut dyn Write, from: &[u64], to: &[u64]) -> io::Result<()>;
    /// The answer to `undo`: the position where the player moved last,
    /// back again with that move and the engine's reply taken back; `None`
    /// when the player has not moved yet.
    fn undo(&self, out: &mut dyn Write, back_to: Option<&[u64]>) -> io::Result<()>;
    /// The answer to `help`: what the player can type.
    fn help(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The answer to `hint`: the winning move the engine would make, as the
    /// position it leaves, or `None` when `p` has none; `wins_in`, the moves
    /// the win takes with perfect play, where the remoteness is known.
    fn hint(
        &self,
        out: &mut dyn Write,
        p: &[u64],
        best: Option<&[u64]>,
        wins_in: Option<u32>,
    ) -> io::Result<()>;
    /// A typed line was not a legal move, for the reason `why`.
    fn illegal(&self, out: &mut dyn Write, why: &str) -> io::Result<()>;
    /// The player left before the end.
    fn left(&self, out: &mut dyn Write, how: Leaving) -> io::Result<()>;
    /// The game is over.
    fn end(&self, out: &mut dyn Write, end: End) -> io::Result<()>;
}

/// What `show` writes: a view's event, as text.
#[cfg(test)]
pub(super) fn written(show: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut out = Vec::new();
    show(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}
