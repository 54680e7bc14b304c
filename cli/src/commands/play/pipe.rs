//! The pipe protocol: one plain line an event, stable for scripts and tests
//! (README, "Playing"; `play --help`).

use std::io::{self, Write};

use super::referee::{End, Winner, piles_text};
use super::view::{Leaving, View};

/// The protocol's lines: `start:`, `engine:`, `hint:`, `illegal:`, and one
/// closing line, `you win` or `engine wins`. No prompt, and nothing when the
/// player leaves.
pub(super) struct Pipe;

impl View for Pipe {
    fn start(&self, out: &mut dyn Write, p: &[u64], _: bool) -> io::Result<()> {
        writeln!(out, "start: {}", piles_text(p))
    }

    fn prompt(&self, _: &mut dyn Write, _: &[u64]) -> io::Result<()> {
        Ok(())
    }

    fn engine_move(&self, out: &mut dyn Write, p: &[u64]) -> io::Result<()> {
        writeln!(out, "engine: {}", piles_text(p))
    }

    fn hint(
        &self,
        out: &mut dyn Write,
        _: &[u64],
        best: Option<&[u64]>,
        wins_in: Option<u32>,
    ) -> io::Result<()> {
        match (best, wins_in) {
            (Some(to), Some(n)) => writeln!(out, "hint: {}  win in {n}", piles_text(to)),
            (Some(to), None) => writeln!(out, "hint: {}", piles_text(to)),
            (None, _) => writeln!(out, "hint: none"),
        }
    }

    fn illegal(&self, out: &mut dyn Write, why: &str) -> io::Result<()> {
        writeln!(out, "illegal: {why}")
    }

    fn left(&self, _: &mut dyn Write, _: Leaving) -> io::Result<()> {
        Ok(())
    }

    /// The same closing line however the game ended: a start with no stones
    /// is lost for the side to move, as any position with none left is.
    fn end(&self, out: &mut dyn Write, end: End) -> io::Result<()> {
        match end {
            End::LastStone(Winner::Player)
            | End::NoStones(Winner::Player)
            | End::MisereLastStone(Winner::Player)
            | End::MisereNoStones(Winner::Player) => {
                writeln!(out, "you win")
            }
            End::LastStone(Winner::Engine)
            | End::NoStones(Winner::Engine)
            | End::MisereLastStone(Winner::Engine)
            | End::MisereNoStones(Winner::Engine) => {
                writeln!(out, "engine wins")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::play::view::written;

    #[test]
    fn every_event_is_one_plain_line_or_nothing() {
        let p = [3, 5, 6, 2, 7, 9];
        assert_eq!(
            written(|o| Pipe.start(o, &p, false)),
            "start: 3 5 6 2 7 9\n"
        );
        assert_eq!(written(|o| Pipe.prompt(o, &p)), "");
        assert_eq!(
            written(|o| Pipe.engine_move(o, &p)),
            "engine: 3 5 6 2 7 9\n"
        );
        assert_eq!(
            written(|o| Pipe.hint(o, &p, Some(&[0; 6]), None)),
            "hint: 0 0 0 0 0 0\n"
        );
        assert_eq!(written(|o| Pipe.hint(o, &p, None, None)), "hint: none\n");
        assert_eq!(
            written(|o| Pipe.hint(o, &[1, 3, 4], Some(&[1, 3, 3]), Some(5))),
            "hint: 1 3 3  win in 5\n"
        );
        assert_eq!(written(|o| Pipe.illegal(o, "why")), "illegal: why\n");
        assert_eq!(written(|o| Pipe.left(o, Leaving::Quit)), "");
        assert_eq!(written(|o| Pipe.left(o, Leaving::EndOfInput)), "");
        for (end, line) in [
            (End::LastStone(Winner::Player), "you win\n"),
            (End::NoStones(Winner::Player), "you win\n"),
            (End::LastStone(Winner::Engine), "engine wins\n"),
            (End::NoStones(Winner::Engine), "engine wins\n"),
        ] {
            assert_eq!(written(|o| Pipe.end(o, end)), line, "{end:?}");
        }
    }
}
