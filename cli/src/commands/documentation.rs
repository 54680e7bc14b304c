//! `completions SHELL` and `man`: the tool described for a shell and for
//! `man`, both written by clap's own crates from the one definition of the
//! commands, so that neither can fall behind it.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::args::Cli;
use crate::context::{Ctx, Failure};

/// The name the tool is installed and completed under.
const BIN: &str = "stone-game";

/// `completions SHELL`: the completion script of `shell` on stdout.
pub(crate) fn completions(ctx: &mut Ctx, shell: Shell) -> Result<u8, Failure> {
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut ctx.out);
    Ok(0)
}

/// `man`: the man page, in roff, on stdout.
pub(crate) fn man(ctx: &mut Ctx) -> Result<u8, Failure> {
    clap_mangen::Man::new(Cli::command().name(BIN)).render(&mut ctx.out)?;
    Ok(0)
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

    #[test]
    fn the_man_page_is_roff_with_every_command() {
        let page = output(man);
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
}
