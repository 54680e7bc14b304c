//! A line typed by the player: the position left, `hint` or `quit`.

use super::referee::{example_move, piles_text};
use crate::args::{NotANumber, parse_whole};

/// What a line typed by the player asks.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Input {
    /// Leave this position.
    Leave(Vec<u64>),
    Hint,
    Quit,
    /// Nothing typed: ask again.
    Empty,
}

/// Reads a line typed at `position`: as many piles as it has, `hint` or
/// `quit`. A line of the wrong shape is explained with an example of a
/// move that is legal from `position`.
pub(super) fn parse_input(line: &str, position: &[u64]) -> Result<Input, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let piles = position.len();
    match words[..] {
        [] => Ok(Input::Empty),
        [w] if w.eq_ignore_ascii_case("hint") => Ok(Input::Hint),
        [w] if w.eq_ignore_ascii_case("quit") => Ok(Input::Quit),
        _ if words.len() == piles => words
            .iter()
            .map(|word| {
                parse_whole(word).map_err(|e| match e {
                    NotANumber::TooLarge => format!("'{word}' is more stones than any pile holds"),
                    _ => format!("'{word}' is not a number of stones"),
                })
            })
            .collect::<Result<_, _>>()
            .map(Input::Leave),
        _ => {
            let how_many = if piles == 3 {
                "three numbers".to_string()
            } else {
                format!("{piles} numbers, every pile in the order shown")
            };
            Err(format!(
                "type the position you leave as {how_many} (e.g. '{}'), or 'hint' or 'quit'",
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
            (
                "1 2 3",
                sum,
                "6 numbers, every pile in the order shown (e.g. '1 3 4 0 0 7')",
            ),
            ("a b c", one, "'a' is not a number of stones"),
            ("-1 2 3", one, "'-1' is not a number of stones"),
            ("1 2 99999999999999999999", one, "more stones than any pile"),
            ("hello", one, "three numbers"),
        ] {
            let why = parse_input(bad, position).unwrap_err();
            assert!(why.contains(needle), "{bad:?}: {why}");
        }
    }

    #[test]
    fn the_example_is_a_move_from_the_position_as_it_stands() {
        let why = parse_input("move", &[10, 20, 30]).unwrap_err();
        assert_eq!(
            why,
            "type the position you leave as three numbers (e.g. '10 20 29'), or 'hint' or 'quit'"
        );
    }
}
