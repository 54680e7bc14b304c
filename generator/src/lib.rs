//! The key scan behind [`stone-game`](https://docs.rs/stone-game), and the code
//! generator that turns its result into the tables it embeds.
//!
//! - [`scan`]: the seven-key scan of GAME.md, a machine word at a time. It is
//!   the only implementation of the scan: `stone-game`'s build script runs it
//!   through [`generate`], and its runtime `ScannedTables::scan` runs it directly.
//! - [`format`](mod@format): how pairs and positions index the tables, and
//!   how many bytes each entry takes.
//! - [`emit`] (feature `codegen`): the generated Rust source and byte tables,
//!   written with no dependency; feature `phf` adds the phf map of the
//!   losing positions (and `phf_shared`).
//!
//! Without default features the crate is `no_std`; `alloc` brings the scan.
//!
//! ```
//! # #[cfg(feature = "codegen")] {
//! use stone_game_generator::emit::{Options, SOURCE_FILE};
//! let dir = std::env::temp_dir().join(format!("stone-game-lib-doctest-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let source = stone_game_generator::generate(100, &dir, Options::TABLES).unwrap();
//! assert!(source.ends_with(SOURCE_FILE));
//! std::fs::remove_dir_all(dir).unwrap();
//! # }
//! ```

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "codegen")]
pub mod emit;
pub mod format;
#[cfg(feature = "alloc")]
pub mod limit;
#[cfg(feature = "alloc")]
pub mod scan;

#[cfg(feature = "codegen")]
pub use emit::{GenerateError, generate};
