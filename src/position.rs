//! A position as a person or a program gives it: one game of three piles,
//! or a sum of several such games played at once.

use alloc::vec::Vec;

/// A position: one game of three piles, or a sum of games of three piles
/// each, where a move changes one game by one of its moves and whoever
/// takes the last stone of all wins (normal play).
///
/// The piles keep the order they were given in: every answer about a
/// position names its piles, and the positions its moves leave, in that
/// order.
///
/// ```
/// use stone_game::Position;
/// let game = Position::game([1, 3, 4]);
/// assert!(!game.is_sum());
/// let sum: Position = "1 2 3 + 4 5 6".parse()?;
/// assert_eq!(sum.piles(), [1, 2, 3, 4, 5, 6]);
/// assert_eq!(sum.games().collect::<Vec<_>>(), [[1, 2, 3], [4, 5, 6]]);
/// assert_eq!(sum.to_string(), "1 2 3 + 4 5 6");
/// assert_eq!("4,5,5".parse::<Position>()?, Position::game([4, 5, 5]));
/// # Ok::<(), stone_game::PositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    piles: Vec<u64>,
}

/// Why piles are not a position, from [`Position::new`] or parsing. A word
/// is quoted as it was typed, cut to its first 20 characters and `...` when
/// longer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// The number of piles is not a positive multiple of three.
    PileCount {
        /// How many piles were given.
        piles: usize,
    },
    /// A word is not a pile: not decimal digits.
    NotAPile {
        /// The word, quoted.
        word: alloc::string::String,
    },
    /// A word is a negative number.
    Negative {
        /// The word, quoted.
        word: alloc::string::String,
    },
    /// A word is decimal digits past `u64`.
    TooLarge {
        /// The word, quoted.
        word: alloc::string::String,
    },
    /// A `+` that does not stand between two games: before any pile, after
    /// a number of piles that is not a multiple of three, after another
    /// `+`, or at the end.
    MisplacedPlus {
        /// How many piles came before it.
        piles: usize,
    },
    /// A comma that does not stand between two piles: before any pile,
    /// beside another comma or a `+`, or at the end.
    MisplacedComma {
        /// How many piles came before it.
        piles: usize,
    },
}

/// The most characters of a word an error quotes.
const QUOTED: usize = 20;

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PositionError::PileCount { piles } => write!(
                f,
                "{piles} pile{}: a position is three piles, or three for each game of a sum",
                plural(*piles)
            ),
            PositionError::NotAPile { word } => write!(
                f,
                "'{word}' is not a pile: expected a whole number (decimal digits only)"
            ),
            PositionError::Negative { word } => write!(
                f,
                "'{word}' is not a pile: it is negative; expected a whole number from 0"
            ),
            PositionError::TooLarge { word } => write!(
                f,
                "'{word}' is not a pile: it is too large; the largest pile is {}",
                u64::MAX
            ),
            PositionError::MisplacedPlus { piles } => write!(
                f,
                "a '+' after {piles} pile{}: a '+' goes between games, each of three piles",
                plural(*piles)
            ),
            PositionError::MisplacedComma { piles } => write!(
                f,
                "a ',' after {piles} pile{}: a comma goes between two piles",
                plural(*piles)
            ),
        }
    }
}

/// The ending of "pile" for `n` of them.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl core::error::Error for PositionError {}

impl Position {
    /// One game of three piles.
    pub fn game(piles: [u64; 3]) -> Position {
        Position {
            piles: piles.to_vec(),
        }
    }

    /// The position of `piles`: three for one game, three for each game of
    /// a sum.
    ///
    /// ```
    /// use stone_game::{Position, PositionError};
    /// assert!(Position::new(vec![1, 2, 3, 4, 5, 6]).unwrap().is_sum());
    /// assert_eq!(Position::new(vec![1, 2]), Err(PositionError::PileCount { piles: 2 }));
    /// assert_eq!(Position::new(vec![]), Err(PositionError::PileCount { piles: 0 }));
    /// ```
    pub fn new(piles: Vec<u64>) -> Result<Position, PositionError> {
        if piles.is_empty() || !piles.len().is_multiple_of(3) {
            return Err(PositionError::PileCount { piles: piles.len() });
        }
        Ok(Position { piles })
    }

    /// Every pile, game after game, in the order given.
    pub fn piles(&self) -> &[u64] {
        &self.piles
    }

    /// The games, three piles each, in the order given.
    pub fn games(&self) -> impl ExactSizeIterator<Item = [u64; 3]> + '_ {
        self.piles.chunks_exact(3).map(|g| [g[0], g[1], g[2]])
    }

    /// The number of games: 1 for one game.
    pub fn game_count(&self) -> usize {
        self.piles.len() / 3
    }

    /// Whether this is a sum of two or more games.
    pub fn is_sum(&self) -> bool {
        self.piles.len() > 3
    }

    /// The one game, when this is not a sum.
    pub fn single(&self) -> Option<[u64; 3]> {
        match self.piles[..] {
            [a, b, c] => Some([a, b, c]),
            _ => None,
        }
    }

    /// The largest pile: what a table must reach to answer for every
    /// position this one can lead to.
    pub fn largest_pile(&self) -> u64 {
        self.piles.iter().copied().max().unwrap_or(0)
    }

    /// The stones left in every pile together, saturating.
    pub fn stones(&self) -> u64 {
        self.piles.iter().fold(0u64, |n, &p| n.saturating_add(p))
    }

    /// This position with game `game` (counted from 0) replaced by `to`;
    /// `None` when the position has no game `game`.
    ///
    /// ```
    /// use stone_game::Position;
    /// let sum: Position = "1 2 3 + 4 5 6".parse()?;
    /// assert_eq!(sum.with_game(1, [0, 5, 6]), Some("1 2 3 + 0 5 6".parse()?));
    /// assert_eq!(sum.with_game(2, [0, 5, 6]), None);
    /// # Ok::<(), stone_game::PositionError>(())
    /// ```
    pub fn with_game(&self, game: usize, to: [u64; 3]) -> Option<Position> {
        let first = game.checked_mul(3)?;
        let mut piles = self.piles.clone();
        piles
            .get_mut(first..first.checked_add(3)?)?
            .copy_from_slice(&to);
        Some(Position { piles })
    }
}

/// Piles as people type them: whole numbers separated by spaces, a comma
/// or both, with an optional `+` between the games of a sum. A `+` stands
/// only between games: `1 2 + 3 4 5 6` is refused, not read as another
/// grouping of the same piles; and a comma only between two piles, so
/// that a slip (`1,,2,3`) is refused, not read as another position.
///
/// ```
/// use stone_game::{Position, PositionError};
/// assert_eq!("1 2 3+4 5 6".parse::<Position>()?.game_count(), 2);
/// assert_eq!("4, 5, 5".parse::<Position>()?, Position::game([4, 5, 5]));
/// assert_eq!(
///     "1 2 + 3 4 5 6".parse::<Position>(),
///     Err(PositionError::MisplacedPlus { piles: 2 })
/// );
/// assert_eq!(
///     "1,,2,3".parse::<Position>(),
///     Err(PositionError::MisplacedComma { piles: 1 })
/// );
/// # Ok::<(), PositionError>(())
/// ```
impl core::str::FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let mut piles = Vec::new();
        // What was read last: a comma and a `+` must be followed by a pile.
        let mut last = "";
        for word in words(text) {
            let n = piles.len();
            match word {
                "+" if last == "," => return Err(PositionError::MisplacedComma { piles: n }),
                "+" if n == 0 || !n.is_multiple_of(3) || last == "+" => {
                    return Err(PositionError::MisplacedPlus { piles: n });
                }
                "," if n == 0 || last == "," || last == "+" => {
                    return Err(PositionError::MisplacedComma { piles: n });
                }
                "+" | "," => {}
                pile => piles.push(parse_pile(pile)?),
            }
            last = word;
        }
        match last {
            "+" => Err(PositionError::MisplacedPlus { piles: piles.len() }),
            "," => Err(PositionError::MisplacedComma { piles: piles.len() }),
            _ => Position::new(piles),
        }
    }
}

/// The words of `text`: runs of characters between spaces, commas and
/// `+`, and each comma and `+` a word of its own.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .flat_map(|run| run.split_inclusive([',', '+']))
        .flat_map(|part| match part.strip_suffix([',', '+']) {
            Some(before) => [before, &part[before.len()..]],
            None => [part, ""],
        })
        .filter(|word| !word.is_empty())
}

/// One pile: decimal digits within `u64`.
fn parse_pile(word: &str) -> Result<u64, PositionError> {
    if is_digits(word) {
        return word
            .parse::<u64>()
            .map_err(|_| PositionError::TooLarge { word: quoted(word) });
    }
    if word.strip_prefix('-').is_some_and(is_digits) {
        return Err(PositionError::Negative { word: quoted(word) });
    }
    Err(PositionError::NotAPile { word: quoted(word) })
}

/// Whether `word` is one or more ASCII digits and nothing else.
fn is_digits(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// `word` as an error quotes it: its first [`QUOTED`] characters, and
/// `...` when there are more.
fn quoted(word: &str) -> alloc::string::String {
    let mut quote: alloc::string::String = word.chars().take(QUOTED).collect();
    if quote.len() < word.len() {
        quote.push_str("...");
    }
    quote
}

/// `1 2 3`, or `1 2 3 + 4 5 6` for a sum: what [`FromStr`](core::str::FromStr)
/// reads back.
impl core::fmt::Display for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, [a, b, c]) in self.games().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{a} {b} {c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// Why `text` is not a position.
    fn err(text: &str) -> PositionError {
        text.parse::<Position>().unwrap_err()
    }

    #[test]
    fn positions_read_back_what_they_print() {
        for text in ["0 0 0", "1 2 3 + 4 5 6", "7 8 9 + 0 0 1 + 2 2 2"] {
            let position: Position = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
        }
    }

    #[test]
    fn separators_are_spaces_commas_and_plus_signs() {
        let expected = Position::new(vec![4, 5, 5, 1, 0, 2]).unwrap();
        for text in [
            "4 5 5 1 0 2",
            "4,5,5,1,0,2",
            " 4, 5 ,5 + 1,0,2 ",
            "4\t5\n5+1 0 2",
        ] {
            assert_eq!(text.parse::<Position>(), Ok(expected.clone()), "{text:?}");
        }
    }

    #[test]
    fn bad_piles_say_what_is_wrong() {
        assert_eq!(err(""), PositionError::PileCount { piles: 0 });
        assert_eq!(err("1 2 3 4"), PositionError::PileCount { piles: 4 });
        assert_eq!(err("1 -2 3"), PositionError::Negative { word: "-2".into() });
        assert_eq!(err("1 - 3"), PositionError::NotAPile { word: "-".into() });
        assert_eq!(
            err("1 --2 3"),
            PositionError::NotAPile { word: "--2".into() }
        );
        let long = "9".repeat(30);
        let quote = format!("{}...", "9".repeat(20));
        assert_eq!(
            err(&long),
            PositionError::TooLarge {
                word: quote.clone()
            }
        );
        assert_eq!(
            err(&long).to_string(),
            format!(
                "'{quote}' is not a pile: it is too large; the largest pile is 18446744073709551615"
            )
        );
        // u64::MAX is a pile; one more is too large, and quoted whole.
        assert_eq!(
            "18446744073709551615 0 0"
                .parse::<Position>()
                .map(|p| p.largest_pile()),
            Ok(u64::MAX)
        );
        assert_eq!(
            err("18446744073709551616 0 0"),
            PositionError::TooLarge {
                word: "18446744073709551616".into()
            }
        );
        assert_eq!(
            err("1 2 3 + x"),
            PositionError::NotAPile { word: "x".into() }
        );
        assert_eq!(
            err("1 2 3x").to_string(),
            "'3x' is not a pile: expected a whole number (decimal digits only)"
        );
        assert_eq!(
            err("1 -2 3").to_string(),
            "'-2' is not a pile: it is negative; expected a whole number from 0"
        );
        assert_eq!(
            err("1 2").to_string(),
            "2 piles: a position is three piles, or three for each game of a sum"
        );
        assert_eq!(
            err("1").to_string(),
            "1 pile: a position is three piles, or three for each game of a sum"
        );
    }

    /// A comma stands between two piles: a slip that would read as another
    /// position is refused, naming the piles before it.
    #[test]
    fn a_comma_stands_between_two_piles() {
        let comma = |piles| PositionError::MisplacedComma { piles };
        for (text, expected) in [
            ("1,,2,3", comma(1)),
            ("1, ,2,3", comma(1)),
            (",1,2,3", comma(0)),
            ("1,2,3,", comma(3)),
            ("1,2,3, + 4,5,6", comma(3)),
            ("1,2,3 +,4,5,6", comma(3)),
            ("1,2,3 + 4,5,6,", comma(6)),
        ] {
            assert_eq!(err(text), expected, "{text:?}");
        }
        assert_eq!(
            err("1,,2,3").to_string(),
            "a ',' after 1 pile: a comma goes between two piles"
        );
        assert_eq!(
            err(",1,2,3").to_string(),
            "a ',' after 0 piles: a comma goes between two piles"
        );
        for text in ["1,2,3", "1 ,2, 3", "1,2,3+4,5,6", "1, 2, 3 + 4 ,5 ,6"] {
            assert!(text.parse::<Position>().is_ok(), "{text:?}");
        }
    }

    #[test]
    fn a_plus_stands_only_between_games() {
        let misplaced = |piles| PositionError::MisplacedPlus { piles };
        // Before any pile, inside a game, twice, at the end.
        assert_eq!(err("+ 1 2 3"), misplaced(0));
        assert_eq!(err("1 2 + 3 4 5 6"), misplaced(2));
        assert_eq!(err("1 +2 3"), misplaced(1));
        assert_eq!(err("1 2 3 4 + 5 6"), misplaced(4));
        assert_eq!(err("1 2 3 + + 4 5 6"), misplaced(3));
        assert_eq!(err("1 2 3++4 5 6"), misplaced(3));
        assert_eq!(err("1 2 3 +"), misplaced(3));
        assert_eq!(err("1 2 3 4 5 6+"), misplaced(6));
        assert_eq!(
            err("1 2 + 3 4 5 6").to_string(),
            "a '+' after 2 piles: a '+' goes between games, each of three piles"
        );
        assert_eq!(
            err("1+2 3").to_string(),
            "a '+' after 1 pile: a '+' goes between games, each of three piles"
        );
        // Between games, with or without spaces, and after any whole number
        // of games.
        let sum = Position::new(vec![1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
        for text in [
            "1 2 3+4 5 6+7 8 9",
            "1,2,3 + 4,5,6 7,8,9",
            "1 2 3 4 5 6 + 7 8 9",
        ] {
            assert_eq!(text.parse::<Position>(), Ok(sum.clone()), "{text:?}");
        }
    }

    #[test]
    fn a_position_knows_its_games() {
        let p = Position::new(vec![1, 9, 3, 4, 5, 6]).unwrap();
        assert_eq!(p.game_count(), 2);
        assert!(p.is_sum());
        assert_eq!(p.single(), None);
        assert_eq!(p.largest_pile(), 9);
        assert_eq!(p.stones(), 28);
        assert_eq!(
            p.with_game(1, [0, 0, 0]).unwrap().piles(),
            [1, 9, 3, 0, 0, 0]
        );
        assert_eq!(
            p.with_game(0, [0, 1, 2]).unwrap().piles(),
            [0, 1, 2, 4, 5, 6]
        );
        for past in [2, usize::MAX / 3, usize::MAX / 3 + 1, usize::MAX] {
            assert_eq!(p.with_game(past, [0, 0, 0]), None, "{past}");
        }
        let one = Position::game([2, 0, 7]);
        assert_eq!(one.single(), Some([2, 0, 7]));
        assert_eq!(one.game_count(), 1);
        assert!(!one.is_sum());
        assert_eq!(Position::game([u64::MAX, 1, 0]).stones(), u64::MAX);
    }
}
