//! `completions SHELL` and `man`: the tool described for a shell and for
//! `man`, both written by clap's own crates from the one definition of the
//! commands, so that neither can fall behind it.

use clap::CommandFactory;
use clap_complete::Shell;

use roff::{Roff, bold, roman};

use crate::args::Cli;
use crate::context::{Ctx, Failure};
use crate::play_lines::{PIPE, PIPE_HEADING, Row, TYPED, TYPED_AFTER};
use crate::usage::named;

/// The name the tool is installed and completed under.
const BIN: &str = "stone-game";

/// `completions SHELL`: the completion script of `shell` on stdout.
pub(crate) fn completions(ctx: &mut Ctx, shell: Shell) -> Result<u8, Failure> {
    // clap_complete panics on a failed write: it writes into memory, which
    // cannot fail, and the tool writes the script as it writes any answer.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    if shell == Shell::Bash {
        script = bash_cases_named_as_set(&script).into_bytes();
    }
    ctx.out.write_all(&script)?;
    Ok(0)
}

/// The bash `script` with each command's case named as its loop names the
/// command. clap_complete 4.6.12 writes `cmd="stone__game__subcmd__draw"`
/// in the loop but `stone__subcmd__game__subcmd__draw)` as the case, the
/// hyphen of a binary's name turned into its subcommand separator, so that
/// nothing after a command completes (a defect of clap_complete's bash
/// generator, reported upstream). To be removed
/// once clap_complete names both alike: the names are then left as they
/// are.
fn bash_cases_named_as_set(script: &[u8]) -> String {
    let wrong = format!("{}__subcmd__", BIN.replace('-', "__subcmd__"));
    let right = format!("{}__subcmd__", BIN.replace('-', "__"));
    String::from_utf8_lossy(script).replace(&wrong, &right)
}

/// `man [COMMAND...]`: the man page of the tool, or of the command named
/// (`man draw slice`), in roff, on stdout. The pages are clap_mangen's as
/// its `generate_to` writes them: the command built, so that a command's
/// page is `stone-game-sum(1)`, the name the tool's own page lists it by.
pub(crate) fn man(ctx: &mut Ctx, names: &[String]) -> Result<u8, Failure> {
    let mut command = Cli::command().name(BIN).disable_help_subcommand(true);
    command.build();
    // Every page's footer names the tool and its version; a command's own
    // would be its name alone, as clap gives commands no version.
    let source = format!("{BIN} {}", command.get_version().unwrap_or_default());
    let page = named(&command, names).map_err(|(depth, last)| {
        let asked = words(BIN, names);
        let known: Vec<&str> = last.get_subcommands().map(|c| c.get_name()).collect();
        Failure::Usage(if known.is_empty() {
            // The page asked for is under a command that has none.
            let page = words(BIN, &names[..depth]);
            format!(
                "no man page for '{asked}': '{page}' has no subcommands; run '{BIN} man {}'",
                names[..depth].join(" ")
            )
        } else {
            format!(
                "no man page for '{asked}': the pages are {}'s and those of {}",
                words(BIN, &names[..depth]),
                known.join(", ")
            )
        })
    })?;
    if page.get_name() == "play" {
        // clap_mangen writes an after-help's lines as filled text, which
        // wraps play's two columns into each other: the page has its
        // lists as roff's tagged paragraphs instead, after the rest.
        clap_mangen::Man::new(page.clone().after_help(None::<&str>))
            .source(source)
            .render(&mut ctx.out)?;
        // Roff's preamble (what an apostrophe prints as) heads the page
        // already: the section follows without it.
        let extra = play_extra().render();
        let preamble = Roff::new().render();
        let extra = extra.strip_prefix(&preamble).unwrap_or(&extra);
        ctx.out.write_all(extra.as_bytes())?;
    } else {
        clap_mangen::Man::new(page.clone())
            .source(source)
            .render(&mut ctx.out)?;
    }
    Ok(0)
}

/// The EXTRA section of play's page: what a player types and the pipe
/// protocol's lines, each row a tagged paragraph that roff fills to the
/// reader's width.
fn play_extra() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["EXTRA"]);
    tagged(&mut roff, "Typed at each turn:", TYPED);
    roff.control("PP", []).text([roman(TYPED_AFTER)]);
    tagged(&mut roff, PIPE_HEADING, PIPE);
    roff
}

/// `heading`, then each row: what is typed or printed in bold, its meaning
/// indented below it.
fn tagged(roff: &mut Roff, heading: &str, rows: &[Row]) {
    roff.control("PP", []).text([roman(heading)]);
    for row in rows {
        roff.control("TP", [])
            .text([bold(row.what)])
            .text([roman(row.means)]);
    }
}

/// `bin` and `names`, joined as a command line.
fn words(bin: &str, names: &[String]) -> String {
    [bin]
        .into_iter()
        .chain(names.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(run: impl FnOnce(&mut Ctx) -> Result<u8, Failure>) -> String {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, 1 << 30);
        assert_eq!(run(&mut ctx).unwrap(), 0);
        assert!(err.is_empty());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_shell_completes_every_command() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::PowerShell,
            Shell::Elvish,
        ] {
            let script = output(|ctx| completions(ctx, shell));
            for command in [
                "sum",
                "is-losing",
                "moves",
                "value",
                "play",
                "draw",
                "completions",
            ] {
                assert!(script.contains(command), "{shell:?} lacks {command}");
            }
            assert!(script.contains("misere"), "{shell:?}");
        }
    }

    /// bash reads the script without a syntax error.
    #[test]
    fn the_bash_script_parses() {
        let script = output(|ctx| completions(ctx, Shell::Bash));
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), script).unwrap();
        let status = std::process::Command::new("bash")
            .arg("-n")
            .arg(file.path())
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// What bash's completion of the tool offers for `words`, the last one
    /// being completed, or `None` without bash.
    fn bash_completes(words: &[&str]) -> Option<Vec<String>> {
        let script = output(|ctx| completions(ctx, Shell::Bash));
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), script).unwrap();
        // The function the script registers for the tool, called as bash
        // calls it: the command, the word completed and the one before.
        let complete = r#"source "$1" || exit 3
            spec=$(complete -p stone-game) || exit 4
            function=${spec#*-F }
            function=${function%% *}
            COMP_WORDS=("${@:2}")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            "$function" stone-game "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\n' "${COMPREPLY[@]}""#;
        let run = std::process::Command::new("bash")
            .args(["-c", complete, "bash"])
            .arg(file.path())
            .args(words)
            .output();
        let run = match run {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            run => run.unwrap(),
        };
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success() && err.is_empty(), "{words:?}: {err}");
        let offered = String::from_utf8(run.stdout).unwrap();
        Some(offered.lines().map(str::to_owned).collect())
    }

    /// bash completes the options and pictures after a command, the
    /// hyphen in the tool's name notwithstanding.
    #[test]
    fn bash_completes_after_a_command() {
        let cases: [(&[&str], &[&str]); 4] = [
            (&["stone-game", "value", "--"], &["--json", "--misere"]),
            (
                &["stone-game", "draw", ""],
                &["slice", "partners", "counts", "grundy", "remoteness"],
            ),
            (&["stone-game", "is-losing", "--j"], &["--json"]),
            (
                &["stone-game", "draw", "slice", "--"],
                &["--limit", "--output", "--misere"],
            ),
        ];
        for (words, expected) in cases {
            let Some(offered) = bash_completes(words) else {
                println!("note: bash is not installed; its completion is not checked");
                return;
            };
            for word in expected {
                assert!(offered.iter().any(|o| o == word), "{words:?}: {offered:?}");
            }
        }
        // The root completes as before: the commands.
        let offered = bash_completes(&["stone-game", "dr"]).unwrap();
        assert_eq!(offered, ["draw"]);
    }

    #[test]
    fn the_man_page_is_roff_with_every_command() {
        let page = output(|ctx| man(ctx, &[]));
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..40]);
        assert!(page.contains(".TH stone-game 1"), "{page}");
        for command in [
            "sum",
            "is\\-losing",
            "moves",
            "value",
            "play",
            "draw",
            "man",
        ] {
            assert!(page.contains(command), "{command}");
        }
    }

    /// Each page the tool's page lists is there, with its options.
    #[test]
    fn every_command_has_its_page_with_its_options() {
        let page = output(|ctx| man(ctx, &[]));
        let roff = |text: &str| text.replace('-', "\\-");
        for (names, title, options) in [
            (
                &["sum"][..],
                "stone-game-sum",
                &["--misere", "--json", "--limit"][..],
            ),
            (&["moves"], "stone-game-moves", &["--all", "--misere"]),
            (
                &["draw", "slice"],
                "stone-game-draw-slice",
                &["--output", "--limit"],
            ),
        ] {
            // The tool's page lists its commands' pages, not draw's own.
            if names.len() == 1 {
                assert!(page.contains(&format!("{}(1)", roff(title))), "{title}");
            }
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            let sub = output(|ctx| man(ctx, &names));
            // The footer: the tool and its version, as on the tool's page.
            let th = format!(
                ".TH {title} 1  \"stone-game {}\"",
                env!("CARGO_PKG_VERSION")
            );
            assert!(sub.contains(&th), "{names:?}: {sub}");
            for option in options {
                assert!(sub.contains(&roff(option)), "{names:?} lacks {option}");
            }
        }
    }

    /// play's lists are tagged paragraphs, one a row, after the options:
    /// no row's text is filled into another's, whatever the width.
    #[test]
    fn plays_page_has_a_tagged_paragraph_for_every_row() {
        let page = output(|ctx| man(ctx, &["play".to_string()]));
        let roff = |text: &str| text.replace('-', "\\-").replace('\'', "\\*(Aq");
        let extra = page.find(".SH EXTRA").expect("an EXTRA section");
        assert!(
            page.find(".SH OPTIONS").is_some_and(|o| o < extra),
            "{page}"
        );
        assert_eq!(page.matches(".SH EXTRA").count(), 1, "{page}");
        // The preamble heads the page once.
        assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
        let extra = &page[extra..];
        for row in TYPED.iter().chain(PIPE) {
            let tagged = format!(".TP\n\\fB{}\\fR\n{}\n", roff(row.what), roff(row.means));
            assert!(extra.contains(&tagged), "{tagged:?} in {extra}");
        }
        assert!(
            extra.contains(&format!(".PP\n{}\n", roff(TYPED_AFTER))),
            "{extra}"
        );
        assert!(
            extra.contains(&format!(".PP\n{}\n", roff(PIPE_HEADING))),
            "{extra}"
        );
        assert_eq!(extra.matches(".TP").count(), TYPED.len() + PIPE.len());
    }

    #[test]
    fn a_page_that_is_not_there_is_refused_with_the_list() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, 1 << 30);
        let refused = man(&mut ctx, &["summ".to_string()]);
        let Err(Failure::Usage(why)) = refused else {
            panic!("not refused")
        };
        assert!(
            why.starts_with("no man page for 'stone-game summ'"),
            "{why}"
        );
        assert!(why.contains("sum, count"), "{why}");
    }

    fn refusal(names: &[&str]) -> String {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, 1 << 30);
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        match man(&mut ctx, &names) {
            Err(Failure::Usage(why)) => why,
            _ => panic!("{names:?} not refused"),
        }
    }

    #[test]
    fn a_page_under_a_command_names_that_command() {
        let why = refusal(&["draw", "slices"]);
        assert!(
            why.starts_with(
                "no man page for 'stone-game draw slices': the pages are stone-game draw's \
                 and those of slice,"
            ),
            "{why}"
        );
    }

    #[test]
    fn a_page_under_a_command_without_subcommands_says_so() {
        assert_eq!(
            refusal(&["sum", "extra"]),
            "no man page for 'stone-game sum extra': 'stone-game sum' has no subcommands; \
             run 'stone-game man sum'"
        );
        assert_eq!(
            refusal(&["draw", "slice", "x"]),
            "no man page for 'stone-game draw slice x': 'stone-game draw slice' has no \
             subcommands; run 'stone-game man draw slice'"
        );
    }
}
