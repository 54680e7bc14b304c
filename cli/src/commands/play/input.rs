//! A line typed by the player: the position left, or one of the commands
//! `hint`, `undo` (`u`), `help` (`h`) and `quit` (`q`).

use stone_game::{Position, PositionError};

use super::referee::example_move;
use crate::words::piles_text;

/// What a line typed by the player asks.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Input {
    /// Leave this position.
    Leave(Vec<u64>),
    Hint,
    /// Take back the player's last move and the engine's reply.
    Undo,
    /// Show what can be typed.
    Help,
    Quit,
    /// Nothing typed: ask again.
    Empty,
}

/// The commands, each with its shortcut if it has one. `hint` has none:
/// `h` is `help`, which is harmless to type by mistake.
const COMMANDS: [(&str, Option<&str>, Input); 4] = [
    ("hint", None, Input::Hint),
    ("undo", Some("u"), Input::Undo),
    ("help", Some("h"), Input::Help),
    ("quit", Some("q"), Input::Quit),
];

/// Reads a line typed at `position`: a command, or as many piles as it
/// has, separated as the library's [`Position`] reads them (spaces, commas,
/// `+` between the games of a sum). A line of the wrong shape is explained
/// with an example of a move that is legal from `position`.
pub(super) fn parse_input(line: &str, position: &[u64]) -> Result<Input, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Input::Empty);
    }
    for (name, shortcut, input) in COMMANDS {
        if line.eq_ignore_ascii_case(name) || shortcut.is_some_and(|s| line.eq_ignore_ascii_case(s))
        {
            return Ok(input);
        }
    }
    match line.parse::<Position>() {
        Ok(to) if to.piles().len() == position.len() => Ok(Input::Leave(to.piles().to_vec())),
        // A word among piles; a word alone is not a try at a position.
        Err(PositionError::TooLarge { word }) if word != line => {
            Err(format!("'{word}' is more stones than any pile holds"))
        }
        Err(PositionError::NotAPile { word } | PositionError::Negative { word })
            if word != line =>
        {
            Err(format!("'{word}' is not a number of stones"))
        }
        Err(
            misplaced
            @ (PositionError::MisplacedPlus { .. } | PositionError::MisplacedComma { .. }),
        ) => Err(misplaced.to_string()),
        _ => {
            let how_many = if position.len() == 3 {
                "three numbers".to_string()
            } else {
                format!("{} numbers, every pile in the order shown", position.len())
            };
            Err(format!(
                "type the position you leave as {how_many} (e.g. '{}'), or 'hint', 'undo', \
                 'help' or 'quit'",
                piles_text(&example_move(position))
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_read() {
        let (one, sum) = (&[1, 3, 4][..], &[1, 3, 4, 0, 0, 8][..]);
        assert_eq!(
            parse_input(" 1 3  3\n", one),
            Ok(Input::Leave(vec![1, 3, 3]))
        );
        assert_eq!(
            parse_input("1 3 3 0 0 7", sum),
            Ok(Input::Leave(vec![1, 3, 3, 0, 0, 7]))
        );
        assert_eq!(parse_input("HINT\r\n", one), Ok(Input::Hint));
        assert_eq!(parse_input("quit", sum), Ok(Input::Quit));
        assert_eq!(parse_input("  \n", one), Ok(Input::Empty));
        for (bad, position, needle) in [
            ("1 2", one, "three numbers (e.g. '1 3 3')"),
            ("1 2 3 4", one, "three numbers"),
            ("1,2,3,4,5,6", one, "three numbers"),
            (
                "1 2 3",
                sum,
                "6 numbers, every pile in the order shown (e.g. '1 3 4 0 0 7')",
            ),
            ("a b c", one, "'a' is not a number of stones"),
            ("1,x,3", one, "'x' is not a number of stones"),
            ("-1 2 3", one, "'-1' is not a number of stones"),
            ("1 2 99999999999999999999", one, "more stones than any pile"),
            (
                "1 2 999999999999999999999999",
                one,
                "'99999999999999999999...' is more stones",
            ),
            (
                "1 3 + 3 0 0 7",
                sum,
                "a '+' after 2 piles: a '+' goes between games",
            ),
            (
                "1,,3,4",
                one,
                "a ',' after 1 pile: a comma goes between two piles",
            ),
            ("hello", one, "three numbers"),
            ("hint please", one, "'hint' is not a number of stones"),
            ("uu", one, "three numbers"),
        ] {
            let why = parse_input(bad, position).unwrap_err();
            assert!(why.contains(needle), "{bad:?}: {why}");
        }
    }

    #[test]
    fn commands_have_shortcuts_in_either_case() {
        let p = &[1, 3, 4][..];
        for (typed, input) in [
            ("undo", Input::Undo),
            ("u", Input::Undo),
            ("U\n", Input::Undo),
            ("help", Input::Help),
            ("h", Input::Help),
            (" H ", Input::Help),
            ("q", Input::Quit),
            ("Quit", Input::Quit),
            ("hint", Input::Hint),
        ] {
            assert_eq!(parse_input(typed, p), Ok(input), "{typed:?}");
        }
    }

    /// Commas and plus signs separate piles as spaces do, as the library's
    /// positions read them.
    #[test]
    fn piles_are_separated_by_spaces_commas_or_plus_signs() {
        let (one, sum) = (&[4, 5, 6][..], &[4, 5, 6, 1, 2, 3][..]);
        for typed in ["4,5,5", "4, 5, 5", " 4 ,5,5\n", "4,5 5"] {
            assert_eq!(
                parse_input(typed, one),
                Ok(Input::Leave(vec![4, 5, 5])),
                "{typed:?}"
            );
        }
        for typed in ["4,5,6,0,1,2", "4 5 6 + 0 1 2", "4,5,6+0,1,2"] {
            assert_eq!(
                parse_input(typed, sum),
                Ok(Input::Leave(vec![4, 5, 6, 0, 1, 2])),
                "{typed:?}"
            );
        }
    }

    #[test]
    fn the_example_is_a_move_from_the_position_as_it_stands() {
        let why = parse_input("move", &[10, 20, 30]).unwrap_err();
        assert_eq!(
            why,
            "type the position you leave as three numbers (e.g. '10 20 29'), or 'hint', \
             'undo', 'help' or 'quit'"
        );
    }
}
