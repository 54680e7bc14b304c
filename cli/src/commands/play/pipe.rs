//! The pipe protocol: one plain line an event, stable for scripts and tests
//! (README, "Playing"; `play --help`).

use std::io::{self, Write};

use super::referee::{End, Winner, taken_text};
use super::view::{Leaving, View};
use crate::words::piles_text;

/// The protocol's lines: `start:`, `engine:`, `hint:`, `undo:`, `help:`,
/// `illegal:`, and one closing line, `you win` or `engine wins`. No prompt,
/// no echo of the player's move, and nothing when the player leaves.
pub(super) struct Pipe;

impl View for Pipe {
    fn start(&self, out: &mut dyn Write, p: &[u64], _: bool) -> io::Result<()> {
        writeln!(out, "start: {}", piles_text(p))
    }

    fn prompt(&self, _: &mut dyn Write, _: &[u64]) -> io::Result<()> {
        Ok(())
    }

    fn players_move(&self, _: &mut dyn Write, _: &[u64], _: &[u64]) -> io::Result<()> {
        Ok(())
    }

    /// The position left, then what was taken, after two spaces as the
    /// hint's `win in N`: the piles stay the line's first words.
    fn engine_move(&self, out: &mut dyn Write, from: &[u64], to: &[u64]) -> io::Result<()> {
        match taken_text(from, to) {
            Some(taken) => writeln!(out, "engine: {}  takes {taken}", piles_text(to)),
            None => writeln!(out, "engine: {}", piles_text(to)),
        }
    }

    fn undo(&self, out: &mut dyn Write, back_to: Option<&[u64]>) -> io::Result<()> {
        match back_to {
            Some(p) => writeln!(out, "undo: {}", piles_text(p)),
            None => writeln!(out, "undo: none"),
        }
    }

    fn help(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "help: type the position you leave, every pile in the order shown, by spaces \
             or commas; or hint, undo (u), help (h), quit (q)"
        )
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
        let to = [3, 5, 6, 2, 6, 8];
        assert_eq!(written(|o| Pipe.players_move(o, &p, &to)), "");
        assert_eq!(
            written(|o| Pipe.engine_move(o, &p, &to)),
            "engine: 3 5 6 2 6 8  takes 1 from E and F in game 2\n"
        );
        assert_eq!(
            written(|o| Pipe.engine_move(o, &[1, 3, 4], &[1, 1, 2])),
            "engine: 1 1 2  takes 2 from B and C\n"
        );
        assert_eq!(written(|o| Pipe.undo(o, Some(&p))), "undo: 3 5 6 2 7 9\n");
        assert_eq!(written(|o| Pipe.undo(o, None)), "undo: none\n");
        let help = written(|o| Pipe.help(o));
        assert!(
            help.starts_with("help: ") && help.ends_with("quit (q)\n"),
            "{help}"
        );
        assert_eq!(help.lines().count(), 1, "{help}");
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
