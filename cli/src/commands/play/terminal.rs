//! The terminal: friendly sentences, and the piles drawn as rows of stones,
//! in a sum grouped by game.

use std::io::{self, Write};

use super::referee::{End, Winner, example_move, is_over, pile_name, taken_text};
use super::view::{Leaving, View};
use crate::play_lines::typed_text;
use crate::words::piles_text;

/// The most stones a row draws; a larger pile is drawn cut short, with its size.
const ROW_STONES_MAX: u64 = 40;

/// For a person at a terminal on both ends.
pub(super) struct Terminal;

impl View for Terminal {
    fn start(&self, out: &mut dyn Write, p: &[u64], misere: bool) -> io::Result<()> {
        if p.len() == 3 {
            writeln!(
                out,
                "Three piles of stones. Take the same number (at least one) from one,\n\
                 two or all three piles; whoever takes the last stone {}.",
                if misere { "loses (misère)" } else { "wins" }
            )?;
        } else {
            writeln!(
                out,
                "A sum of {} games of three piles. Take the same number (at least one)\n\
                 from one, two or all three piles of one game; whoever takes the last\n\
                 stone of all wins.",
                p.len() / 3
            )?;
        }
        draw_piles(out, p)
    }

    fn prompt(&self, out: &mut dyn Write, p: &[u64]) -> io::Result<()> {
        write!(
            out,
            "your move (the piles you leave, e.g. '{}', or 'help')> ",
            piles_text(&example_move(p))
        )
    }

    fn players_move(&self, out: &mut dyn Write, from: &[u64], to: &[u64]) -> io::Result<()> {
        writeln!(out, "{}.", told("You take", "You leave", from, to))
    }

    fn engine_move(&self, out: &mut dyn Write, from: &[u64], to: &[u64]) -> io::Result<()> {
        writeln!(
            out,
            "{}.",
            told("The engine takes", "The engine leaves", from, to)
        )?;
        draw_piles(out, to)
    }

    fn undo(&self, out: &mut dyn Write, back_to: Option<&[u64]>) -> io::Result<()> {
        match back_to {
            Some(p) => {
                writeln!(
                    out,
                    "Taken back: your last move and the engine's reply. Back to {}.",
                    piles_text(p)
                )?;
                draw_piles(out, p)
            }
            None => writeln!(out, "There is nothing to undo: you have not moved yet."),
        }
    }

    fn help(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Type at your move:\n{}", typed_text())
    }

    fn hint(
        &self,
        out: &mut dyn Write,
        _: &[u64],
        best: Option<&[u64]>,
        wins_in: Option<u32>,
    ) -> io::Result<()> {
        if let (Some(to), Some(n)) = (best, wins_in)
            && !is_over(to)
        {
            return writeln!(
                out,
                "Leave {}: you win in {n} moves with perfect play (yours and the engine's).",
                piles_text(to)
            );
        }
        match best {
            Some(to) if is_over(to) => writeln!(out, "Take every stone left, and win."),
            Some(to) => writeln!(
                out,
                "Leave {}: from there the engine cannot win against perfect play.",
                piles_text(to)
            ),
            None => writeln!(
                out,
                "There is no winning move here: every move leaves the engine a winning \
                 position. Take little and hope."
            ),
        }
    }

    fn illegal(&self, out: &mut dyn Write, why: &str) -> io::Result<()> {
        writeln!(out, "That is not a move: {why}.")
    }

    fn left(&self, out: &mut dyn Write, how: Leaving) -> io::Result<()> {
        match how {
            Leaving::Quit => writeln!(out, "bye"),
            // The prompt's line is still open.
            Leaving::EndOfInput => writeln!(out, "\nbye"),
        }
    }

    fn end(&self, out: &mut dyn Write, end: End) -> io::Result<()> {
        writeln!(
            out,
            "{}",
            match end {
                End::LastStone(Winner::Player) => "You took the last stone: you win!",
                End::MisereLastStone(Winner::Player) => "The engine took the last stone: you win!",
                End::MisereLastStone(Winner::Engine) => "You took the last stone: the engine wins.",
                End::MisereNoStones(Winner::Player) =>
                    "There is no stone to take: you, to move first, have won. You win!",
                End::MisereNoStones(Winner::Engine) =>
                    "There is no stone to take: the engine, to move first, has won. The engine wins.",
                End::LastStone(Winner::Engine) =>
                    "The engine took the last stone: the engine wins.",
                End::NoStones(Winner::Player) =>
                    "There is no stone to take: the engine, to move first, has lost. You win!",
                End::NoStones(Winner::Engine) =>
                    "There is no stone to take: you, to move first, have lost. The engine wins.",
            }
        )
    }
}

/// A move in words: `takes` what it took, leaving `to` (`You take 1 from C,
/// leaving 1 3 3`); `leaves` alone if it were no move.
fn told(takes: &str, leaves: &str, from: &[u64], to: &[u64]) -> String {
    match taken_text(from, to) {
        Some(taken) => format!("{takes} {taken}, leaving {}", piles_text(to)),
        None => format!("{leaves} {}", piles_text(to)),
    }
}

/// The piles as rows of stones, each with its name and size (right-aligned
/// to the widest, three digits at least, so that the stones line up); in a
/// sum, each game's three rows under its number.
fn draw_piles(out: &mut dyn Write, p: &[u64]) -> io::Result<()> {
    let width = pile_name(p.len().saturating_sub(1)).len();
    let digits = p
        .iter()
        .map(|pile| pile.to_string().len())
        .fold(3, usize::max);
    writeln!(out)?;
    for (g, game) in p.chunks(3).enumerate() {
        if p.len() > 3 {
            writeln!(out, "  game {}", g + 1)?;
        }
        for (i, &pile) in game.iter().enumerate() {
            let name = pile_name(3 * g + i);
            writeln!(out, "  {name:>width$} {pile:>digits$}  {}", stone_row(pile))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A row of `pile` stones in groups of five, cut short past
/// [`ROW_STONES_MAX`].
fn stone_row(pile: u64) -> String {
    let shown = pile.min(ROW_STONES_MAX);
    let mut row = String::new();
    for i in 0..shown {
        if i > 0 && i % 5 == 0 {
            row.push(' ');
        }
        row.push('●');
    }
    if shown < pile {
        row.push_str(" …");
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::play::view::written;

    #[test]
    fn the_piles_are_drawn_as_rows_of_stones() {
        assert_eq!(
            written(|o| Terminal.engine_move(o, &[3, 5, 9], &[1, 3, 7])),
            "The engine takes 2 from A, B and C, leaving 1 3 7.\n\n  A   1  ●\n  B   3  ●●●\n  \
             C   7  ●●●●● ●●\n\n"
        );
        assert_eq!(
            written(|o| Terminal.engine_move(o, &[1, 3, 0, 2, 1, 1], &[1, 3, 0, 2, 0, 1])),
            "The engine takes 1 from E in game 2, leaving 1 3 0 2 0 1.\n\n  game 1\n  A   1  ●\n  \
             B   3  ●●●\n  C   0  \n\n  game 2\n  D   2  ●●\n  E   0  \n  F   1  ●\n\n"
        );
        // Past Z the names take two letters, and the column widens.
        let many = written(|o| Terminal.engine_move(o, &[1; 27], &[1; 27]));
        assert!(many.contains("\n   A   1  ●\n"), "{many}");
        assert!(many.contains("\n  AA   1  ●\n"), "{many}");
        // A pile of four digits or more widens the sizes' column for every
        // row, and the stones still start in one column.
        let wide = written(|o| Terminal.engine_move(o, &[3, 41, 1501], &[3, 40, 1500]));
        let forty = ["●●●●●"; 8].join(" ");
        assert!(
            wide.ends_with(&format!(
                "\n  A    3  ●●●\n  B   40  {forty}\n  C 1500  {forty} …\n\n"
            )),
            "{wide}"
        );
    }

    #[test]
    fn the_start_names_a_game_or_a_sum_and_draws_it() {
        let one = written(|o| Terminal.start(o, &[1, 3, 7], false));
        assert!(one.starts_with("Three piles of stones."), "{one}");
        assert!(one.ends_with("  C   7  ●●●●● ●●\n\n"), "{one}");
        let sum = written(|o| Terminal.start(o, &[1, 3, 0, 2, 0, 1], false));
        assert!(sum.starts_with("A sum of 2 games of three piles."), "{sum}");
        assert!(sum.contains("  game 2\n"), "{sum}");
    }

    #[test]
    fn a_hint_says_how_to_win() {
        let hint = |best: Option<&[u64]>| written(|o| Terminal.hint(o, &[1, 3, 4], best, None));
        assert_eq!(hint(Some(&[0, 0, 0])), "Take every stone left, and win.\n");
        assert!(hint(Some(&[1, 3, 3])).starts_with("Leave 1 3 3:"));
        assert!(hint(None).starts_with("There is no winning move here"));
    }

    #[test]
    fn the_prompt_suggests_a_legal_move_and_the_rest_is_said_in_sentences() {
        assert_eq!(
            written(|o| Terminal.prompt(o, &[1, 4, 4])),
            "your move (the piles you leave, e.g. '1 3 4', or 'help')> "
        );
        assert_eq!(
            written(|o| Terminal.players_move(o, &[1, 3, 4], &[1, 3, 3])),
            "You take 1 from C, leaving 1 3 3.\n"
        );
        // Only a move is told by what it takes.
        assert_eq!(
            written(|o| Terminal.players_move(o, &[1, 3, 4], &[1, 3, 4])),
            "You leave 1 3 4.\n"
        );
        assert_eq!(
            written(|o| Terminal.illegal(o, "why")),
            "That is not a move: why.\n"
        );
        assert_eq!(written(|o| Terminal.left(o, Leaving::Quit)), "bye\n");
        assert_eq!(
            written(|o| Terminal.left(o, Leaving::EndOfInput)),
            "\nbye\n"
        );
    }

    #[test]
    fn the_end_says_who_won_and_how() {
        let end = |e| written(|o| Terminal.end(o, e));
        // Under misère the last stone loses.
        assert_eq!(
            end(End::MisereLastStone(Winner::Player)),
            "The engine took the last stone: you win!\n"
        );
        assert_eq!(
            end(End::MisereLastStone(Winner::Engine)),
            "You took the last stone: the engine wins.\n"
        );
        assert!(end(End::MisereNoStones(Winner::Player)).contains("you, to move first, have won"));
        let rules = written(|o| Terminal.start(o, &[1, 3, 7], true));
        assert!(
            rules.contains("whoever takes the last stone loses (misère)"),
            "{rules}"
        );
        assert_eq!(
            end(End::LastStone(Winner::Player)),
            "You took the last stone: you win!\n"
        );
        assert_eq!(
            end(End::LastStone(Winner::Engine)),
            "The engine took the last stone: the engine wins.\n"
        );
        let nothing = end(End::NoStones(Winner::Engine));
        assert!(
            nothing.starts_with("There is no stone to take"),
            "{nothing}"
        );
        assert!(
            nothing.contains("you, to move first, have lost"),
            "{nothing}"
        );
        let nothing = end(End::NoStones(Winner::Player));
        assert!(
            nothing.contains("the engine, to move first, has lost"),
            "{nothing}"
        );
    }

    #[test]
    fn undo_goes_back_or_says_there_is_nothing_to_undo() {
        assert_eq!(
            written(|o| Terminal.undo(o, Some(&[1, 3, 4]))),
            "Taken back: your last move and the engine's reply. Back to 1 3 4.\n\n  A   1  ●\n  \
             B   3  ●●●\n  C   4  ●●●●\n\n"
        );
        assert_eq!(
            written(|o| Terminal.undo(o, None)),
            "There is nothing to undo: you have not moved yet.\n"
        );
    }

    #[test]
    fn help_lists_every_command_and_its_shortcut() {
        let help = written(|o| Terminal.help(o));
        assert!(help.starts_with("Type at your move:\n"), "{help}");
        for command in [
            "hint ", "undo, u ", "help, h ", "quit, q ", "commas", "Ctrl-C",
        ] {
            assert!(help.contains(command), "{command:?} in {help}");
        }
    }

    #[test]
    fn rows_stay_short() {
        assert_eq!(stone_row(0), "");
        assert_eq!(stone_row(7), "●●●●● ●●");
        assert_eq!(stone_row(40).chars().filter(|&c| c == '●').count(), 40);
        assert!(stone_row(41).ends_with(" …"));
        assert!(stone_row(1000).ends_with(" …"));
    }
}
