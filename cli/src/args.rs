//! The command line, as clap parses it.

use std::path::PathBuf;

use clap::{ColorChoice, Parser, Subcommand, ValueEnum};

/// Every losing position of the three-pile stone game.
///
/// With no command, prints S(LIMIT): the sum of x+y+z over the losing
/// positions x <= y <= z <= LIMIT of the embedded tables.
#[derive(Debug, Parser)]
#[command(
    name = "stone-game",
    version,
    color = ColorChoice::Never,
    after_help = "A move takes the same number of stones (at least one) from one, two or all \
                  three piles; whoever takes the last stone wins. Numbers are plain decimals. \
                  Limits above the embedded tables are scanned at run time."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// S(L): the sum of x+y+z over the losing positions x <= y <= z <= L
    #[command(allow_negative_numbers = true)]
    Sum(LimitQuery),
    /// The number of losing positions x <= y <= z <= L
    #[command(allow_negative_numbers = true)]
    Count(LimitQuery),
    /// Whether the position A B C (piles in any order) is losing for the player to move
    #[command(allow_negative_numbers = true)]
    IsLosing(Position),
    /// The one pile C for which A B C is losing
    #[command(allow_negative_numbers = true)]
    Partner {
        /// A pile
        #[arg(value_parser = parse_number)]
        a: u64,
        /// Another pile
        #[arg(value_parser = parse_number)]
        b: u64,
        /// Print JSON: {"pair":[a,b],"partner":c}
        #[arg(long)]
        json: bool,
    },
    /// The winning moves of A B C: the losing positions a move reaches, sorted
    #[command(allow_negative_numbers = true)]
    Moves(Position),
    /// The Sprague-Grundy value of A B C (piles in any order): 0 exactly when
    /// it is losing; a sum of games is lost when the XOR of their values is 0
    #[command(allow_negative_numbers = true)]
    Grundy(Position),
    /// Play against the engine from A B C, or a sum of games, or from a random winning position
    ///
    /// Type each move as the position you leave, piles in the order shown.
    /// Six piles or more (a multiple of three) are a sum of games, three
    /// piles each: a move changes one of them. Over a pipe: a line
    /// `start: A B C ...`, then `engine: X Y Z ...` for each reply, and
    /// `you win` or `engine wins` at the end (README, "Playing").
    #[command(allow_negative_numbers = true)]
    Play(Game),
    /// Draw a picture of the losing positions, as PNG or SVG (by the extension of -o)
    #[command(subcommand)]
    Draw(Picture),
    /// The losing positions x <= y <= z <= L
    #[command(allow_negative_numbers = true)]
    List {
        /// The largest pile [default: the embedded limit]
        #[arg(long, value_name = "L", value_parser = parse_number)]
        limit: Option<u64>,
        /// How to print them
        #[arg(long, value_enum, default_value_t = Format::Plain)]
        format: Format,
        /// Scan at run time even when the embedded tables cover L
        #[arg(long)]
        scan: bool,
    },
    /// Check the embedded tables against a brute force from the rules, and more
    #[command(allow_negative_numbers = true)]
    Verify {
        /// Solve every position with piles up to M by trying every move
        #[arg(long, value_name = "M", default_value_t = 35, value_parser = parse_number)]
        brute_limit: u64,
    },
    /// Serve the web explorer: play, and map the positions, in a browser
    #[cfg(feature = "serve")]
    Serve(Serve),
}

/// `serve`.
#[cfg(feature = "serve")]
#[derive(Debug, clap::Args)]
pub(crate) struct Serve {
    /// The port to listen on (0: a free one)
    #[arg(long, value_name = "N", default_value_t = 8260)]
    pub port: u16,
    /// The address to listen on; one that is not loopback lets other
    /// machines in
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
}

/// `sum` and `count`.
#[derive(Debug, clap::Args)]
pub(crate) struct LimitQuery {
    /// The largest pile [default: the embedded limit]
    #[arg(value_name = "L", value_parser = parse_number)]
    pub limit: Option<u64>,
    /// Scan at run time even when the embedded tables cover L
    #[arg(long)]
    pub scan: bool,
    /// Print JSON: {"limit":L,"sum":S} or {"limit":L,"count":N}
    #[arg(long)]
    pub json: bool,
}

/// `play`.
#[derive(Debug, clap::Args)]
pub(crate) struct Game {
    /// The piles to start from: three, or three per game of a sum (none: a
    /// random winning position)
    #[arg(value_name = "PILE", value_parser = parse_number)]
    pub piles: Vec<u64>,
    /// Seed of the random start, to play the same game again
    #[arg(long, value_name = "N", value_parser = parse_number)]
    pub seed: Option<u64>,
    /// Let the engine move first
    #[arg(long)]
    pub engine_first: bool,
}

/// The pictures of `draw`.
#[derive(Debug, Subcommand)]
pub(crate) enum Picture {
    /// The losing positions {A, b, c} with b, c <= N, as marks in the (b, c) plane
    #[command(allow_negative_numbers = true)]
    Slice {
        /// The pile the slice fixes (0: Wythoff's game)
        #[arg(value_parser = parse_number)]
        a: u64,
        #[command(flatten)]
        target: DrawTarget,
    },
    /// The partner of every pair (a, b) with a, b <= N, as a heat map
    #[command(allow_negative_numbers = true)]
    Partners {
        #[command(flatten)]
        target: DrawTarget,
    },
    /// The Grundy values of {A, b, c} with b, c <= N, as a heat map (0, the losing positions, in black)
    #[command(allow_negative_numbers = true)]
    Grundy {
        /// The pile the slice fixes (0: Wythoff's game)
        #[arg(value_parser = parse_number)]
        a: u64,
        #[command(flatten)]
        target: DrawTarget,
    },
    /// The count of losing positions and S(l) against l, on log-log axes
    #[command(allow_negative_numbers = true)]
    Counts {
        #[command(flatten)]
        target: DrawTarget,
    },
}

/// The limit and the file of a picture.
#[derive(Debug, clap::Args)]
pub(crate) struct DrawTarget {
    /// The largest pile drawn [default: the embedded limit, or the largest
    /// the picture allows if smaller]
    #[arg(long, value_name = "N", value_parser = parse_number)]
    pub limit: Option<u64>,
    /// The file to write: .png or .svg
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// `is-losing` and `moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct Position {
    /// A pile
    #[arg(value_parser = parse_number)]
    pub a: u64,
    /// Another pile
    #[arg(value_parser = parse_number)]
    pub b: u64,
    /// The third pile
    #[arg(value_parser = parse_number)]
    pub c: u64,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

/// The output formats of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// `x y z` lines
    Plain,
    /// A header `x,y,z`, then `x,y,z` lines
    Csv,
    /// An array of `[x,y,z]` arrays
    Json,
}

/// Why a word is not a whole number, for its reader to word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotANumber {
    Empty,
    /// A minus sign, then digits.
    Negative,
    /// Anything but decimal digits (a sign, a space, a point, an exponent).
    NotDigits,
    /// Digits past `u64::MAX`.
    TooLarge,
}

/// A number of stones or a limit: plain decimal digits that fit in a `u64`.
/// The one reading of numbers, for the arguments and for `play`'s moves.
pub(crate) fn parse_whole(s: &str) -> Result<u64, NotANumber> {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if s.is_empty() {
        Err(NotANumber::Empty)
    } else if s.strip_prefix('-').is_some_and(digits) {
        Err(NotANumber::Negative)
    } else if !digits(s) {
        Err(NotANumber::NotDigits)
    } else {
        s.parse::<u64>().map_err(|_| NotANumber::TooLarge)
    }
}

/// [`parse_whole`] for clap, in the words of an argument's error.
fn parse_number(s: &str) -> Result<u64, String> {
    parse_whole(s).map_err(|e| match e {
        NotANumber::Empty => "expected a whole number, got an empty string".into(),
        NotANumber::Negative => "it is negative; expected a whole number from 0".into(),
        NotANumber::NotDigits => "expected a whole number (decimal digits only)".into(),
        NotANumber::TooLarge => format!("it is too large; the largest number is {}", u64::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn numbers_are_plain_decimals() {
        assert_eq!(parse_number("0"), Ok(0));
        assert_eq!(parse_number("007"), Ok(7));
        assert_eq!(parse_number("18446744073709551615"), Ok(u64::MAX));
        for bad in [
            "",
            "-5",
            "-",
            "+5",
            " 5",
            "5 ",
            "1e3",
            "1.0",
            "abc",
            "18446744073709551616",
            "٣",
        ] {
            assert!(parse_number(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_whole(""), Err(NotANumber::Empty));
        assert_eq!(parse_whole("-5"), Err(NotANumber::Negative));
        assert_eq!(parse_whole("-"), Err(NotANumber::NotDigits));
        assert_eq!(parse_whole("5-"), Err(NotANumber::NotDigits));
        assert_eq!(
            parse_whole("18446744073709551616"),
            Err(NotANumber::TooLarge)
        );
    }
}
