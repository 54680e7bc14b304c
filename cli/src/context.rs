//! What every command works with: where a run writes and reads, what it may
//! use, and why a command stops. It imports no command, so every command can
//! import it.

use std::io::{self, BufRead, Write};

use serde::Serialize;
use stone_game::AnswerError;

/// Where a run writes, and what it may use.
pub(crate) struct Ctx<'a> {
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
    /// What `play` reads the player's moves from.
    pub(crate) input: &'a mut dyn BufRead,
    /// A person at a terminal on both ends: `play` draws rows of stones.
    pub(crate) interactive: bool,
    /// Draw a progress bar on the real stderr during long scans.
    pub(crate) progress_bar: bool,
    /// The memory available: set by a test, or read from the system once.
    pub(crate) memory: Option<u64>,
}

impl Ctx<'_> {
    /// The memory available, read once per run so that every check of a run
    /// sees the same amount.
    pub(crate) fn available_memory(&mut self) -> u64 {
        *self
            .memory
            .get_or_insert_with(stone_game_memory::available_memory)
    }

    /// `answer` as one line of JSON on stdout: the library's shape of it,
    /// the same as the web API's.
    pub(crate) fn print_json(&mut self, answer: &impl Serialize) -> Result<(), Failure> {
        serde_json::to_writer(&mut *self.out, answer).map_err(io::Error::from)?;
        writeln!(self.out)?;
        Ok(())
    }

    /// A `note: ...` line on stderr; a failed write is ignored.
    pub(crate) fn note(&mut self, text: &str) {
        let _ = writeln!(self.err, "note: {text}");
    }
}

/// Why a command stopped.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A bad argument, or a request too large to compute: exit code 2.
    Usage(String),
    /// The output could not be written: exit code 1, or 0 for a broken pipe.
    Io(io::Error),
    /// A file could not be made (a picture not written or not drawn): exit
    /// code 1, with this message.
    Output(String),
    /// Cannot happen: a table failed to answer what it covers. Exit code 1.
    Internal(String),
}

impl Failure {
    /// The library's refusal of what `command` asked: under misère play, a
    /// question it leaves undefined is a usage error; anything else is a
    /// table chosen too small, which cannot happen.
    pub(crate) fn answer(command: &str, e: AnswerError) -> Self {
        match e {
            AnswerError::MisereUndefined(_) => {
                Failure::Usage(format!("{command} takes no --misere: {e}"))
            }
            _ => Failure::Internal(e.to_string()),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

#[cfg(test)]
impl<'a> Ctx<'a> {
    /// A unit test's context: answers into `out`, notes and errors into
    /// `err`, no input, no terminal, and `memory` bytes available.
    pub(crate) fn for_test(out: &'a mut Vec<u8>, err: &'a mut Vec<u8>, memory: u64) -> Ctx<'a> {
        Ctx {
            out,
            err,
            // `Empty` has no size: the leak costs nothing.
            input: Box::leak(Box::new(io::empty())),
            interactive: false,
            progress_bar: false,
            memory: Some(memory),
        }
    }
}
