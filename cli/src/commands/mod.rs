//! The commands, one module each. A command imports the context, the
//! arguments and the runtime tables below it, never another command.

pub(crate) mod draw;
pub(crate) mod grundy;
pub(crate) mod play;
pub(crate) mod query;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod verify;
