//! The commands, one module each.
//!
//! The modules form layers, and every `use crate::` points down:
//!
//! - `lib.rs` parses (`args`), reshapes clap's errors (`usage`) and calls
//!   one command;
//! - a command (`default`, `totals` for `sum` and `count`, `is_losing`,
//!   `partner`, `moves`, `value`, `grundy`, `list`, `verify`, `draw`, `play`) imports
//!   `args`, `context` and `runtime`, never another command and never
//!   `lib.rs`; `usage` imports `args` and `context`;
//! - `args` imports `runtime` for the caps its parsers name; `runtime` (the
//!   tables a command answers from, runtime scans, the memory check) imports
//!   `context`; `context` imports `memory`, which imports nothing of the
//!   crate.
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
