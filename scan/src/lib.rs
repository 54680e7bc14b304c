//! The seven-key scan of the three-pile stone game, and the layout of the
//! tables it produces.
//!
//! - [`scan`] (feature `alloc`): the key scan of GAME.md, a machine word at a
//!   time. It is the only implementation of the scan: `stone-game`'s runtime
//!   `ScannedTables::scan` runs it, and so does its build script, through
//!   `stone-game-generator`.
//! - [`format`](mod@format): how pairs and positions index the tables, and
//!   how many bytes each entry takes.
//! - `convention`: [`Convention`], normal or misère play, the two games a
//!   scan finds the losing positions of.
//!
//! This crate holds what both the build script and a running program need,
//! so that a dependent of `stone-game` compiles nothing at run time that only
//! the build runs. Without default features it is `no_std`; `alloc` brings
//! the scan.
//!
//! It is a public dependency of `stone-game`, released with it at one
//! version and pinned by it exactly (`=`): [`Convention`],
//! [`scan::Progress`], [`scan::ScanError`], [`format::position_key`] and the
//! scans' memory estimates ([`scan::memory_needed`],
//! [`scan::memory_needed_for_triples`], [`scan::memory_needed_for_totals`])
//! reach users through `stone-game`, as part of its API, and are the same
//! items through either crate.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use stone_game_scan::scan::losing_triples;
//! let triples = losing_triples(5).unwrap();
//! assert_eq!(triples[..3], [[0, 0, 0], [0, 1, 2], [0, 3, 5]]);
//! assert_eq!(triples.len(), 6);
//! # }
//! ```

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod convention;
pub mod format;
#[cfg(feature = "alloc")]
pub mod scan;

pub use convention::Convention;
