//! Ctrl-C in a game: the game ends at once with exit code 130 (128 +
//! SIGINT, what a shell reports for a command it interrupted), not as a
//! finished game or a `quit`.
//!
//! The terminal needs nothing restored: `play` reads whole lines in the
//! terminal's own line mode and changes none of its settings. Only the
//! prompt's line is left open, and is ended.

use std::io::Write;
use std::sync::Once;

/// The exit code of a game ended by Ctrl-C.
const INTERRUPTED: i32 = 130;

/// From now on, Ctrl-C (SIGINT) ends the process with [`INTERRUPTED`]; in a
/// terminal (`interactive`) it first ends the prompt's open line, so that
/// the shell's prompt starts a line of its own. Set once a process: the
/// handler is the process's. Where it cannot be set, Ctrl-C ends the
/// process as it would have anyway, by the signal.
pub(super) fn exit_on_ctrl_c(interactive: bool) {
    static SET: Once = Once::new();
    SET.call_once(|| {
        let _ = ctrlc::set_handler(move || {
            if interactive {
                // Stderr, not stdout: the game holds stdout's lock while it
                // waits for a line.
                let _ = writeln!(std::io::stderr());
            }
            std::process::exit(INTERRUPTED);
        });
    });
}
