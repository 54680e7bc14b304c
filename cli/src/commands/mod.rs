//! The commands, one module each.
//!
//! The modules form layers, and every `use crate::` points down:
//!
//! - `lib.rs` parses (`args`), words clap's errors (`usage`) and calls one
//!   command;
//! - a command (`default`, `totals` for `sum` and `count`, `is_losing`,
//!   `partner`, `moves`, `value`, `grundy`, `list`, `verify`, `draw`, `play`,
//!   `serve`, `documentation` for `completions` and `man`) imports `args`,
//!   `context`, `solver`, `runtime`, `limits` and `words`, never another
//!   command and never `lib.rs`; `serve` imports only `context`, as the
//!   server is a crate of its own (`stone-game-server`);
//! - `usage` imports `args` and `context`; `args` imports `limits` and
//!   `runtime` for the caps its parsers name;
//! - `solver` (the library's `Solver` for a command, with the tables it
//!   needs) imports `context` and `runtime`;
//! - `runtime` (which tables answer: the embedded ones, or a runtime scan
//!   with its note, its limit and memory checks) imports `context`,
//!   `limits` and `progress`;
//! - `context` (where a run writes, why a command stops), `limits` (the
//!   caps), `progress` (the progress bar) and `words` (answers as text)
//!   import nothing of the crate.
//!
//! `grep -n "^use crate::" -r cli/src` lists the edges.

pub(crate) mod default;
pub(crate) mod documentation;
pub(crate) mod draw;
pub(crate) mod grundy;
pub(crate) mod is_losing;
pub(crate) mod list;
pub(crate) mod moves;
pub(crate) mod partner;
pub(crate) mod play;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod totals;
pub(crate) mod value;
pub(crate) mod verify;
