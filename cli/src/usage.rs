//! What the tool says when clap refuses a command line: one `error: ...`
//! line, then a usage hint. The line is what clap says is wrong, in its own
//! words, then on the same line what clap says below it (its suggestion, its
//! tips, the command's usage) and only what clap cannot say: that `draw`
//! needs a picture, the commands there are, where a number goes. And `help`,
//! which prints the help of any command, itself included.

use std::ffi::OsString;

use clap::CommandFactory;
use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorFormatter, ErrorKind};

use crate::args::{Cli, parse_whole};
use crate::context::{Ctx, Failure};

/// The second line of every usage error.
pub(crate) const USAGE_HINT: &str = "usage hint: run 'stone-game --help'";

/// clap's errors as one line, without the `error: ` prefix: what clap says
/// is wrong, then its suggestion (`(did you mean 'sum'?)`), its tips, and
/// where the fix is the form of the command, the command's usage.
pub(crate) struct OneLine;

impl ErrorFormatter for OneLine {
    fn format_error(error: &clap::error::Error<Self>) -> StyledStr {
        StyledStr::from(message(error))
    }
}

/// The message of `e`, on one line.
fn message<F: ErrorFormatter>(e: &clap::error::Error<F>) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(s)) if !s.is_empty() => Some(s.join("', '")),
        Some(ContextValue::StyledStr(s)) => Some(s.to_string()),
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg).unwrap_or_default();
    // What clap says, as `with_fix` kept it.
    let said = text(ContextKind::Custom).unwrap_or_else(|| {
        e.kind()
            .as_str()
            .map_or_else(|| format!("{:?}", e.kind()), str::to_owned)
    });
    let mut message = match e.kind() {
        ErrorKind::MissingSubcommand => {
            // clap names the command by its whole path, `stone-game draw`.
            let path = text(ContextKind::InvalidSubcommand).unwrap_or_default();
            let name = path.rsplit(' ').next().unwrap_or_default().to_owned();
            let kind = Cli::command()
                .find_subcommand(&name)
                .and_then(|c| c.get_subcommand_value_name().map(str::to_lowercase))
                .unwrap_or_else(|| "command".to_owned());
            format!("'{name}' needs a {kind}, and none was given")
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            Some(prior) if prior != arg => format!("{said}; give one of them"),
            _ => said,
        },
        _ => said,
    };
    let mut suggested = false;
    for kind in [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ] {
        if let Some(s) = text(kind) {
            message.push_str(&format!(" (did you mean '{s}'?)"));
            suggested = true;
        }
    }
    if let Some(ContextValue::StyledStrs(tips)) = e.get(ContextKind::Suggested) {
        for tip in tips {
            message.push_str(&format!("; {tip}"));
            suggested = true;
        }
    }
    // Where nothing more precise says what to type, the command's usage does.
    let usage_fixes = matches!(
        e.kind(),
        ErrorKind::UnknownArgument | ErrorKind::MissingRequiredArgument | ErrorKind::TooManyValues
    );
    if usage_fixes
        && !suggested
        && let Some(usage) = text(ContextKind::Usage)
    {
        let forms: Vec<&str> = usage
            .lines()
            .map(|line| line.trim().trim_start_matches("Usage:").trim())
            .filter(|line| !line.is_empty())
            .collect();
        message.push_str(&format!("; usage: {}", forms.join(" or ")));
    }
    message
}

/// `e` with the fix where clap has none: an unknown or a missing command gets
/// the list of commands (beside clap's closest match, if any), and a number in the wrong place, the right place: a command that
/// takes a limit only as an option (`draw partners --limit 100`, `verify
/// --brute-limit 50`) gets a number alone as an unexpected argument, and the
/// error says how to give it.
pub(crate) fn with_fix(mut e: clap::Error, args: &[OsString]) -> clap::Error {
    let said = clap_says(&e);
    e.insert(ContextKind::Custom, ContextValue::String(said));
    if matches!(
        e.kind(),
        ErrorKind::InvalidSubcommand | ErrorKind::MissingSubcommand
    ) {
        let (path, command) = subcommand_of(args);
        let tip = the_commands(&path, &command, e.kind() == ErrorKind::MissingSubcommand);
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![StyledStr::from(tip)]),
        );
        return e;
    }
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    // clap's tip to pass an unknown flag as a value after `--` fits no
    // argument of this tool: the usage says what it takes instead.
    if let Some(ContextValue::StyledStrs(tips)) = e.remove(ContextKind::Suggested) {
        let tips: Vec<StyledStr> = tips
            .into_iter()
            .filter(|tip| !tip.to_string().starts_with("to pass '"))
            .collect();
        if !tips.is_empty() {
            e.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
        }
    }
    let number = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) if parse_whole(arg).is_ok() => arg.clone(),
        _ => return e,
    };
    let (_, command) = subcommand_of(args);
    let takes_a_limit_alone = command
        .get_positionals()
        .any(|p| p.get_value_names().is_some_and(|names| names == ["L"]));
    let limit_option = command
        .get_opts()
        .filter_map(|o| o.get_long())
        .find(|long| long.ends_with("limit"));
    if let (Some(long), false) = (limit_option, takes_a_limit_alone) {
        let tip = format!(
            "give the limit as '{}'",
            with_limit_option(args, &number, long)
        );
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![StyledStr::from(tip)]),
        );
    }
    e
}

/// What clap says is wrong, in its own words on one line: the first
/// paragraph of its rendering, without `error: `, the lines clap indents
/// under it (a list of missing arguments, the possible values) joined to
/// it. A newline inside a value typed stays, for the one line's escapes.
fn clap_says(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let text = rendered.strip_prefix("error: ").unwrap_or(&rendered);
    let first = text.split("\n\n").next().unwrap_or_default();
    first.trim_end().replace("\n  ", " ")
}

/// The command line `args` as typed (without the program), its last word
/// `number` given as `--LONG number` instead: the command that the tip of
/// [`with_fix`] offers, whatever else was typed around the number.
fn with_limit_option(args: &[OsString], number: &str, long: &str) -> String {
    let mut words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    if let Some(word) = words.iter_mut().rev().find(|word| *word == number) {
        *word = format!("--{long} {number}");
    }
    words.join(" ")
}

/// `the commands of 'PATH' are ...`: the subcommands of `command`, which
/// `path` names (`the commands are ...` for the top command), by the name
/// the command gives them (`the pictures of 'draw' are ...`; `the pictures
/// are ...` where the message names the command already, as for a missing
/// one).
fn the_commands(path: &str, command: &clap::Command, missing: bool) -> String {
    let names: Vec<&str> = command.get_subcommands().map(|s| s.get_name()).collect();
    let kind = command
        .get_subcommand_value_name()
        .map_or_else(|| "command".to_owned(), str::to_lowercase);
    let whose = if path.is_empty() || missing {
        String::new()
    } else {
        format!(" of '{path}'")
    };
    format!("the {kind}s{whose} are {}", names.join(", "))
}

/// The deepest subcommand `args` name (`draw partners`), as typed, and its
/// definition; the top command when they name none.
fn subcommand_of(args: &[OsString]) -> (String, clap::Command) {
    let mut command = Cli::command();
    let mut path = Vec::new();
    for arg in args.iter().skip(1) {
        let Some(sub) = arg.to_str().and_then(|a| command.find_subcommand(a)) else {
            continue;
        };
        let sub = sub.clone();
        path.push(sub.get_name().to_owned());
        command = sub;
    }
    (path.join(" "), command)
}

/// `help [COMMAND...]`: the help of the top command, or of the one named
/// (`help draw slice`), on stdout.
pub(crate) fn help(ctx: &mut Ctx, names: &[String]) -> Result<u8, Failure> {
    let mut command = Cli::command();
    command.build();
    let mut found = named(&command, names)
        .map_err(|(depth, last)| {
            let (name, path) = (&names[depth], names[..depth].join(" "));
            Failure::Usage(if last.has_subcommands() {
                format!(
                    "unrecognized subcommand '{name}'; {}",
                    the_commands(&path, last, false)
                )
            } else {
                format!("'{path}' has no subcommands; run 'stone-game help {path}'")
            })
        })?
        .clone();
    write!(ctx.out, "{}", found.render_long_help())?;
    Ok(0)
}

/// The command that `names` name under `top` (`draw slice`), built as
/// `top` is; or where they stop naming one: how many of them do, and the
/// command those lead to. `help` and `man` find their command by it.
pub(crate) fn named<'c>(
    top: &'c clap::Command,
    names: &[String],
) -> Result<&'c clap::Command, (usize, &'c clap::Command)> {
    let mut found = top;
    for (depth, name) in names.iter().enumerate() {
        found = found.find_subcommand(name).ok_or((depth, found))?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Cli;
    use clap::Parser;

    /// The one-line message for `args`.
    fn refusal(args: &[&str]) -> String {
        let argv: Vec<OsString> = std::iter::once("stone-game")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        let e = Cli::try_parse_from(&argv).expect_err("refused");
        with_fix(e, &argv).apply::<OneLine>().to_string()
    }

    #[test]
    fn each_kind_reads_as_one_line_with_its_fix() {
        for (args, expected) in [
            (
                &["partner", "1"][..],
                "the following required arguments were not provided: <B>; usage: \
                 stone-game partner <A> <B>",
            ),
            (
                &["sum", "1", "2"],
                "unexpected argument '2' found; usage: stone-game sum [OPTIONS] [L]",
            ),
            (
                &["partner"],
                "the following required arguments were not provided: <A> <B>; usage: \
                 stone-game partner <A> <B>",
            ),
            (
                &["sum", "--json", "--json"],
                "the argument '--json' cannot be used multiple times",
            ),
            (
                &["sumx"],
                if cfg!(feature = "serve") {
                    "unrecognized subcommand 'sumx' (did you mean 'sum'?); the commands are sum, \
                     count, is-losing, partner, moves, value, grundy, play, draw, list, verify, \
                     serve, completions, man, help"
                } else {
                    "unrecognized subcommand 'sumx' (did you mean 'sum'?); the commands are sum, \
                     count, is-losing, partner, moves, value, grundy, play, draw, list, verify, \
                     completions, man, help"
                },
            ),
            (
                &["frob"],
                if cfg!(feature = "serve") {
                    "unrecognized subcommand 'frob'; the commands are sum, count, is-losing, \
                     partner, moves, value, grundy, play, draw, list, verify, serve, completions, \
                     man, help"
                } else {
                    "unrecognized subcommand 'frob'; the commands are sum, count, is-losing, \
                     partner, moves, value, grundy, play, draw, list, verify, completions, man, \
                     help"
                },
            ),
            (
                &["draw", "square"],
                "unrecognized subcommand 'square'; the pictures of 'draw' are slice, partners, \
                 counts, grundy, remoteness",
            ),
            (
                &["list", "--json", "--format", "csv"],
                "the argument '--json' cannot be used with '--format <FORMAT>'; give one of them",
            ),
            (
                &["sum", "--frob"],
                "unexpected argument '--frob' found; usage: stone-game sum [OPTIONS] [L]",
            ),
            (
                &["sum", "--jsn"],
                "unexpected argument '--jsn' found (did you mean '--json'?)",
            ),
            (
                &["sum", "-5"],
                "invalid value '-5' for '[L]': it is negative; expected a whole number from 0",
            ),
            (
                &["list", "--format", "xml"],
                "invalid value 'xml' for '--format <FORMAT>' [possible values: plain, csv, json]",
            ),
            (
                &["list", "--format"],
                "a value is required for '--format <FORMAT>' but none was supplied \
                 [possible values: plain, csv, json]",
            ),
            (
                &["sum", "4", "--limit", "5"],
                "the argument '[L]' cannot be used with '--limit <L>'; give one of them",
            ),
            (
                &["verify", "50"],
                "unexpected argument '50' found; give the limit as 'verify --brute-limit 50'",
            ),
            (
                &["draw", "partners", "100", "-o", "x.png"],
                "unexpected argument '100' found; give the limit as 'draw partners --limit 100 \
                 -o x.png'",
            ),
            (
                &["draw", "slice", "0", "100", "-o", "x.png"],
                "unexpected argument '100' found; give the limit as 'draw slice 0 --limit 100 \
                 -o x.png'",
            ),
            (
                &["draw", "grundy", "-o", "x.png", "3", "100"],
                "unexpected argument '100' found; give the limit as 'draw grundy -o x.png 3 \
                 --limit 100'",
            ),
        ] {
            assert_eq!(refusal(args), expected, "{args:?}");
        }
    }

    #[test]
    fn a_number_past_u64_names_the_cap_of_its_command() {
        let past = "99999999999999999999999";
        for (args, cap) in [
            (vec!["sum", past], "the largest limit is 65535"),
            (vec!["list", "--limit", past], "the largest limit is 65535"),
            (vec!["partner", "1", past], "the largest pile is 32000"),
            (
                vec!["verify", "--brute-limit", past],
                "the largest brute force is 500",
            ),
        ] {
            let message = refusal(&args);
            assert!(
                message.contains(&format!("it is too large; {cap}")),
                "{message}"
            );
        }
    }
}
