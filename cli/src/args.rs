//! The command line, as clap parses it.

use std::path::PathBuf;

use clap::{ColorChoice, Parser, Subcommand, ValueEnum};
use stone_game::{Convention, ScannedTables, ScannedTriples};

use crate::limits::{MAX_BRUTE, MAX_GRUNDY, MAX_REMOTENESS, MAX_WHOLE_SCAN};
use crate::play_lines::play_help;
use crate::runtime::RuntimeScan;

/// Every losing position of the three-pile stone game.
#[derive(Debug, Parser)]
#[command(
    name = "stone-game",
    // The name in usage lines and help, whatever the binary was run as:
    // the messages and pages name `stone-game` alike.
    bin_name = "stone-game",
    long_about = format!(
        "Every losing position of the three-pile stone game.\n\nWith no command, prints \
         S({l}): the sum of x+y+z over the losing positions x <= y <= z <= {l}, {l} being \
         the limit of the embedded tables (as 'stone-game sum' does).",
        l = stone_game::LIMIT
    ),
    version,
    color = ColorChoice::Never,
    disable_help_subcommand = true,
    after_help = "A move takes the same number of stones (at least one) from one, two or all \
                  three piles; whoever takes the last stone wins. Numbers are plain decimals. \
                  A limit is '--limit L' (sum, count and list take 'L' alone too); limits \
                  above the embedded tables are scanned at run time. Exit codes: 0 success, \
                  1 a failed check, a file that cannot be written or a port serve cannot \
                  listen on, 2 bad input (an 'error:' line on stderr says which), 130 a game \
                  of play interrupted."
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
    /// Whether A B C, or a sum of games, is losing for the player to move
    ///
    /// Piles in any order, however large the largest; a sum of games by the
    /// XOR of their Grundy values (piles up to 1500).
    #[command(allow_negative_numbers = true)]
    IsLosing(IsLosingQuery),
    /// The one pile C for which A B C is losing (A and B in either order, up
    /// to 32000)
    #[command(allow_negative_numbers = true)]
    Partner {
        /// A pile
        #[arg(value_parser = pile_of_a_pair)]
        a: u64,
        /// Another pile
        #[arg(value_parser = pile_of_a_pair)]
        b: u64,
        // In `help`, not a doc comment: rustdoc would read `[a,b]` as a link.
        #[arg(long, help = r#"Print JSON: {"convention","pair":[a,b],"partner":c}"#)]
        json: bool,
        #[command(flatten)]
        rules: Rules,
    },
    /// The winning moves of A B C, or of a sum of games
    ///
    /// Each line is the losing position a winning move leaves, piles in the
    /// order given, so that it is a move for `play` from the same piles.
    #[command(allow_negative_numbers = true)]
    Moves(Moves),
    /// Who wins A B C, or a sum of games, and in how many moves
    ///
    /// `win in N` or `lose in N` for the player to move (piles in any order,
    /// up to 1500), the winner hurrying and the loser holding out; for a sum
    /// of games, `win` or `lose` by the XOR of their Grundy values.
    #[command(allow_negative_numbers = true)]
    Value(ValueQuery),
    /// The Sprague-Grundy value of A B C, or of a sum of games
    ///
    /// Piles in any order, up to 1500; a sum's value is the XOR of its
    /// games'. 0 exactly when the position is losing.
    // `--misere` is taken only to be refused with the reason (Grundy values
    // are normal play's), so its help does not offer it.
    #[command(allow_negative_numbers = true, mut_arg("misere", |a| a.hide(true)))]
    Grundy(GrundyPosition),
    /// Play against the engine from A B C, or a sum of games, or from a random start you can win
    ///
    /// Type each move as the position you leave, piles in the order shown.
    /// Six piles or more (a multiple of three) are a sum of games, three
    /// piles each: a move changes one of them.
    #[command(allow_negative_numbers = true, after_help = play_help())]
    Play(Game),
    /// Draw a picture of the losing positions, as PNG or SVG (by the extension of -o)
    // A missing picture is an error that lists the pictures, not the help;
    // `help` is not a picture (`stone-game help draw` and `draw --help` are
    // the help).
    #[command(
        subcommand,
        subcommand_required = true,
        arg_required_else_help = false,
        disable_help_subcommand = true,
        subcommand_value_name = "PICTURE",
        subcommand_help_heading = "Pictures",
        after_help = "Each picture is written to the file of -o FILE (.png or .svg) and \
            takes --limit N, and all but grundy --misere; `stone-game draw PICTURE --help` \
            lists a picture's options. For example: stone-game draw slice 0 --limit 100 \
            -o slice.png"
    )]
    Draw(Picture),
    /// The losing positions x <= y <= z <= L
    #[command(allow_negative_numbers = true)]
    List(ListQuery),
    /// Check the embedded tables against a brute force from the rules
    ///
    /// And against a scan at run time and GAME.md's examples; exit code 1
    /// on a mismatch.
    #[command(allow_negative_numbers = true)]
    Verify {
        /// Solve every position with piles up to M (at most 500) by trying
        /// every move
        #[arg(long, value_name = "M", default_value_t = 35, value_parser = brute_limit)]
        brute_limit: u64,
    },
    /// Serve the web explorer: play, and map the positions, in a browser
    #[cfg(feature = "serve")]
    #[command(allow_negative_numbers = true)]
    Serve(Serve),
    /// Print the completion script of a shell
    ///
    /// To install where the shell reads completions (README, "Shell
    /// completions and the man page").
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page, in roff
    ///
    /// `stone-game man | man -l -` reads it; `stone-game man sum` prints the
    /// page of `stone-game sum`, with its options.
    Man {
        /// The command, and a subcommand of `draw`
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
    /// Print this message or the help of the given command(s)
    Help {
        /// The command to print the help of (`help sum`), and for `draw` a
        /// picture (`help draw slice`); none: the help of the tool
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
}

/// `serve`.
#[cfg(feature = "serve")]
#[derive(Debug, clap::Args)]
pub(crate) struct Serve {
    /// The port to listen on (0: a free one)
    #[arg(long, value_name = "N", default_value_t = 8260, value_parser = port)]
    pub port: u16,
    /// The address to listen on; one that is not loopback lets other
    /// machines in
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1", value_parser = listen_address)]
    pub host: std::net::IpAddr,
    /// A name, besides IP addresses and localhost, that requests may give
    /// as the server's in their Host header; any other name is refused with
    /// 403, against DNS rebinding (repeatable)
    #[arg(long = "allow-host", value_name = "NAME", value_parser = host_name)]
    pub allow_hosts: Vec<String>,
}

/// The pile `A` of a picture's plane, which `draw` refuses past `largest`,
/// the furthest the picture computes: one past `u64` is refused naming it
/// too, not `u64`'s largest.
fn plane_pile(s: &str, largest: u32) -> Result<u64, String> {
    parse_up_to(s, || format!("the largest A of this picture is {largest}"))
}

/// `A` of `draw slice`: a scan of the whole tables reaches it.
fn slice_pile(s: &str) -> Result<u64, String> {
    plane_pile(s, MAX_WHOLE_SCAN)
}

/// `A` of `draw grundy`: the Grundy values reach it.
fn grundy_pile(s: &str) -> Result<u64, String> {
    plane_pile(s, MAX_GRUNDY)
}

/// `A` of `draw remoteness`: the remoteness reaches it.
fn remoteness_pile(s: &str) -> Result<u64, String> {
    plane_pile(s, MAX_REMOTENESS)
}

/// The limit of `sum`, `count` and `list`: `L` or `--limit L`, one of them.
#[derive(Debug, clap::Args)]
pub(crate) struct Limit {
    /// The largest pile, as --limit L
    #[arg(value_name = "L", value_parser = limit, conflicts_with = "limit_flag")]
    positional: Option<u64>,
    /// The largest pile; L alone says the same
    #[arg(
        long = "limit",
        id = "limit_flag",
        value_name = "L",
        value_parser = limit,
        default_value_t = u64::from(stone_game::LIMIT)
    )]
    flag: u64,
}

impl Limit {
    /// The limit, however it was given.
    pub(crate) fn get(&self) -> u64 {
        self.positional.unwrap_or(self.flag)
    }
}

/// `sum` and `count`.
#[derive(Debug, clap::Args)]
pub(crate) struct LimitQuery {
    #[command(flatten)]
    pub limit: Limit,
    /// Scan at run time even when the embedded tables cover L
    #[arg(long)]
    pub scan: bool,
    /// Print JSON: {"convention","limit":L,"sum":S,"count":N}
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// `--misere`: the game in which whoever takes the last stone loses.
#[derive(Debug, Default, clap::Args)]
pub(crate) struct Rules {
    /// The misère game: whoever takes the last stone loses (computed at run time)
    #[arg(long)]
    misere: bool,
}

impl Rules {
    /// The convention asked for.
    pub(crate) fn convention(&self) -> Convention {
        if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }
}

/// `list`.
#[derive(Debug, clap::Args)]
pub(crate) struct ListQuery {
    #[command(flatten)]
    pub limit: Limit,
    /// How to print them
    #[arg(long, value_enum, default_value_t = Format::Plain)]
    pub format: Format,
    // In `help`, not a doc comment: rustdoc would read `[x,y,z]` as a link.
    #[arg(
        long,
        conflicts_with = "format",
        help = r#"Print JSON, as --format json: {"convention","limit":L,"positions":[[x,y,z],...]}, one triple a line"#
    )]
    pub json: bool,
    /// Scan at run time even when the embedded tables cover L
    #[arg(long)]
    pub scan: bool,
    #[command(flatten)]
    pub rules: Rules,
}

impl ListQuery {
    /// The format, `--json` included.
    pub(crate) fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }
}

/// `play`.
#[derive(Debug, clap::Args)]
pub(crate) struct Game {
    /// The piles to start from: three, or three per game of a sum (`1 2 3 4
    /// 5 6`, or `1 2 3 + 4 5 6`); none: a random start that you can win,
    /// losing for the engine with --engine-first
    #[arg(value_name = "PILE")]
    pub piles: Vec<String>,
    /// Seed of the random start, to play the same game again (with no piles)
    #[arg(long, value_name = "N", value_parser = parse_number)]
    pub seed: Option<u64>,
    /// Let the engine move first
    #[arg(long)]
    pub engine_first: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// The pictures of `draw`, in the order its errors and help list them.
#[derive(Debug, Subcommand)]
pub(crate) enum Picture {
    /// The losing positions {A, b, c} with b, c <= N, as marks in the (b, c) plane
    #[command(allow_negative_numbers = true)]
    Slice {
        /// The pile the slice fixes (0: Wythoff's game)
        #[arg(value_parser = slice_pile)]
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
    /// The count of losing positions and S(l) against l, on log-log axes
    #[command(allow_negative_numbers = true)]
    Counts {
        #[command(flatten)]
        target: DrawTarget,
    },
    /// The Grundy values of {A, b, c} with b, c <= N, as a heat map: 0, the losing positions, in dark blue, the others in oranges
    // As on `grundy`, `--misere` is taken only to be refused with the
    // reason, so its help does not offer it.
    #[command(allow_negative_numbers = true, mut_arg("misere", |a| a.hide(true)))]
    Grundy {
        /// The pile the slice fixes (0: Wythoff's game)
        #[arg(value_parser = grundy_pile)]
        a: u64,
        #[command(flatten)]
        target: DrawTarget,
    },
    /// The remoteness of {A, b, c} with b, c <= N: losses in blues, wins in oranges, darker = longer
    #[command(allow_negative_numbers = true)]
    Remoteness {
        /// The pile the slice fixes (0: Wythoff's game)
        #[arg(value_parser = remoteness_pile)]
        a: u64,
        #[command(flatten)]
        target: DrawTarget,
    },
}

/// The limit and the file of a picture.
#[derive(Debug, clap::Args)]
pub(crate) struct DrawTarget {
    /// The largest pile drawn [default: the embedded limit, or the largest
    /// the picture allows if smaller]
    #[arg(long, value_name = "N", value_parser = parse_picture_limit)]
    pub limit: Option<PictureLimit>,
    /// The file to write: .png or .svg
    #[arg(short, long, value_name = "FILE", value_parser = output_file())]
    pub output: PathBuf,
    #[command(flatten)]
    pub rules: Rules,
}

/// The limit of a picture, as typed: `draw` refuses one past the picture's
/// largest naming that largest, digits past `u64::MAX` among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PictureLimit {
    /// A whole number.
    Whole(u64),
    /// Decimal digits past `u64::MAX`, as typed.
    TooLarge(String),
}

/// [`parse_number`], but digits past `u64::MAX` are kept for `draw` to
/// refuse in the picture's words.
fn parse_picture_limit(s: &str) -> Result<PictureLimit, String> {
    match parse_whole(s) {
        Err(NotANumber::TooLarge) => Ok(PictureLimit::TooLarge(s.to_owned())),
        _ => parse_number(s).map(PictureLimit::Whole),
    }
}

/// `is-losing`.
#[derive(Debug, clap::Args)]
pub(crate) struct IsLosingQuery {
    /// The piles: three, or three per game of a sum (`1 2 3 4 5 6`, or
    /// `1 2 3 + 4 5 6`)
    #[arg(value_name = "PILE", required = true)]
    pub piles: Vec<String>,
    /// Print JSON: {"convention","position","outcome":"win"|"lose","remoteness":null,"grundy":null|g},
    /// g for a sum: the XOR of its games' Grundy values
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// `moves`.
#[derive(Debug, clap::Args)]
pub(crate) struct Moves {
    /// The piles: three, or three per game of a sum (`1 2 3 4 5 6`, or
    /// `1 2 3 + 4 5 6`)
    #[arg(value_name = "PILE", required = true)]
    pub piles: Vec<String>,
    /// Print JSON (README, "JSON answers"): {"convention","position","outcome","remoteness","grundy","moves":[{"piles","stones","to","outcome","remoteness"},...]};
    /// with --all, "engine" too and every move
    #[arg(long)]
    pub json: bool,
    /// Every legal move, best first, with the outcome and remoteness of the
    /// position it leaves for the player who moves there (piles up to 1500;
    /// a sum of games has no remoteness)
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// `value`.
#[derive(Debug, clap::Args)]
pub(crate) struct ValueQuery {
    /// The piles: three, or three per game of a sum (`1 2 3 4 5 6`, or
    /// `1 2 3 + 4 5 6`)
    #[arg(value_name = "PILE", required = true)]
    pub piles: Vec<String>,
    /// Print JSON: {"convention","position","outcome":"win"|"lose","remoteness":n|null,"grundy":g|null}
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// `grundy`.
#[derive(Debug, clap::Args)]
pub(crate) struct GrundyPosition {
    /// The piles: three, or three per game of a sum (`1 2 3 4 5 6`, or
    /// `1 2 3 + 4 5 6`)
    #[arg(value_name = "PILE", required = true)]
    pub piles: Vec<String>,
    /// Print JSON: {"convention","position","outcome","remoteness":null,"grundy":g}
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: Rules,
}

/// The output formats of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// `x y z` lines
    Plain,
    /// A header `x,y,z`, then `x,y,z` lines
    Csv,
    /// `{"convention","limit","positions":[[x,y,z],...]}`
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

/// [`parse_whole`] for clap, in the words of an argument's error; `too_large`
/// says what a number past `u64` is too large for.
fn parse_up_to(s: &str, too_large: impl FnOnce() -> String) -> Result<u64, String> {
    parse_whole(s).map_err(|e| in_words(e, too_large))
}

/// What is wrong with a number, in the words of an argument's error;
/// `too_large` says what a number too large is too large for.
fn in_words(e: NotANumber, too_large: impl FnOnce() -> String) -> String {
    match e {
        NotANumber::Empty => "expected a whole number, got an empty string".into(),
        NotANumber::Negative => "it is negative; expected a whole number from 0".into(),
        NotANumber::NotDigits => "expected a whole number (decimal digits only)".into(),
        NotANumber::TooLarge => format!("it is too large; {}", too_large()),
    }
}

/// Any whole number up to `u64::MAX`: `play --seed`, and a picture's
/// limit within `u64` ([`PictureLimit`]).
fn parse_number(s: &str) -> Result<u64, String> {
    parse_up_to(s, || format!("the largest number is {}", u64::MAX))
}

/// The limit of `sum`, `count` and `list`: a scan of the triples goes to
/// [`RuntimeScan::MAX_LIMIT`] of
/// `ScannedTriples`.
fn limit(s: &str) -> Result<u64, String> {
    parse_up_to(s, || {
        format!(
            "the largest limit is {} ({})",
            ScannedTriples::MAX_LIMIT,
            ScannedTriples::NO_FURTHER
        )
    })
}

/// A pile of `partner`: both are scanned to, up to [`MAX_WHOLE_SCAN`].
fn pile_of_a_pair(s: &str) -> Result<u64, String> {
    parse_up_to(s, || {
        format!(
            "the largest pile is {MAX_WHOLE_SCAN} ({})",
            ScannedTables::NO_FURTHER
        )
    })
}

/// `draw -o`: a file name, any the system takes (not only UTF-8); an empty
/// one is refused in words, where clap would say that no value was given.
fn output_file() -> impl clap::builder::TypedValueParser<Value = PathBuf> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().try_map(|name| {
        if name.is_empty() {
            Err("expected a file name (.png or .svg), got an empty string")
        } else {
            Ok(PathBuf::from(name))
        }
    })
}

/// `verify --brute-limit`: the brute force runs up to [`MAX_BRUTE`].
fn brute_limit(s: &str) -> Result<u64, String> {
    parse_up_to(s, || format!("the largest brute force is {MAX_BRUTE}"))
}

/// `serve --port`: a port is a 16-bit number.
#[cfg(feature = "serve")]
fn port(s: &str) -> Result<u16, String> {
    parse_whole(s)
        .and_then(|port| u16::try_from(port).map_err(|_| NotANumber::TooLarge))
        .map_err(|e| in_words(e, || format!("the largest port is {}", u16::MAX)))
}

/// `serve --host`: the IP address to listen on. A name is refused with
/// the address to give instead: the server binds an address, and which
/// names requests may give is `--allow-host`'s.
#[cfg(feature = "serve")]
fn listen_address(s: &str) -> Result<std::net::IpAddr, String> {
    s.parse().map_err(|_| {
        if s.is_empty() {
            "expected an IP address, got an empty string".to_string()
        } else if s.eq_ignore_ascii_case("localhost") {
            "expected an IP address: for localhost, give 127.0.0.1 (or ::1)".to_string()
        } else {
            "expected an IP address, as 127.0.0.1, ::1 or 0.0.0.0; for a host name, give \
             its address (and --allow-host NAME for the name)"
                .to_string()
        }
    })
}

/// `serve --allow-host`: a host name as `Host` gives it, without a port
/// (a request's port is not compared): letters, digits, `-` and `.`. An
/// empty name, a port or a wildcard would never match, or match what it
/// should not.
#[cfg(feature = "serve")]
fn host_name(s: &str) -> Result<String, String> {
    if s.is_empty() {
        return Err("expected a host name, got an empty string".to_string());
    }
    if let Some((name, _)) = s.split_once(':') {
        return Err(format!(
            "a host name has no port: give '{name}', which any port of it matches"
        ));
    }
    if !s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return Err(
            "a host name is letters, digits, '-' and '.' (no wildcard: give each name)".to_string(),
        );
    }
    Ok(s.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[cfg(feature = "serve")]
    #[test]
    fn the_address_listened_on_is_an_ip_address() {
        assert_eq!(listen_address("127.0.0.1"), Ok([127, 0, 0, 1].into()));
        assert_eq!(
            listen_address("::1"),
            Ok(std::net::Ipv6Addr::LOCALHOST.into())
        );
        assert_eq!(
            listen_address("localhost"),
            Err("expected an IP address: for localhost, give 127.0.0.1 (or ::1)".to_string())
        );
        for name in ["example.org", "127.0.0.1:80", "1.2.3"] {
            let why = listen_address(name).unwrap_err();
            assert!(why.contains("give its address"), "{name}: {why}");
        }
        assert!(listen_address("").unwrap_err().contains("empty"));
    }

    #[cfg(feature = "serve")]
    #[test]
    fn an_allowed_host_is_a_name_alone() {
        assert_eq!(host_name("Stones.LAN"), Ok("stones.lan".to_string()));
        assert_eq!(host_name("my-box"), Ok("my-box".to_string()));
        for (bad, why) in [
            ("", "empty string"),
            (
                "stones.lan:8260",
                "give 'stones.lan', which any port of it matches",
            ),
            ("*", "no wildcard"),
            ("*.lan", "no wildcard"),
            ("a b", "letters, digits"),
            ("caf\u{e9}.lan", "letters, digits"),
        ] {
            let e = host_name(bad).unwrap_err();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
    }

    #[cfg(feature = "serve")]
    #[test]
    fn a_port_is_a_whole_number_that_fits_in_16_bits() {
        assert_eq!(port("0"), Ok(0));
        assert_eq!(port("08260"), Ok(8260));
        assert_eq!(port("65535"), Ok(65535));
        assert_eq!(
            port("+0"),
            Err("expected a whole number (decimal digits only)".to_string())
        );
        assert_eq!(
            port("65536"),
            Err("it is too large; the largest port is 65535".to_string())
        );
    }

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
