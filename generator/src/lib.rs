//! The code generator behind [`stone-game`](https://docs.rs/stone-game): it
//! runs the seven-key scan and writes the tables that `stone-game`'s build
//! script embeds.
//!
//! - [`scan`] and [`format`](mod@format): the scan and the layout of its
//!   tables, from [`stone-game-scan`](https://docs.rs/stone-game-scan), which
//!   `stone-game` also runs at run time.
//! - [`emit`]: the generated Rust source and byte tables; feature `phf` adds
//!   the phf map of the losing positions, written by `phf_codegen`.
//! - [`limit`]: reading `STONE_GAME_LIMIT`.
//!
//! Only a build script needs this crate: a dependent of `stone-game` compiles
//! it for the build, never into its program.
//!
//! ```
//! use stone_game_generator::emit::{Options, SOURCE_FILE};
//! let dir = std::env::temp_dir().join(format!("stone-game-lib-doctest-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let source = stone_game_generator::generate(100, &dir, Options::TABLES).unwrap();
//! assert!(source.ends_with(SOURCE_FILE));
//! std::fs::remove_dir_all(dir).unwrap();
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod emit;
pub mod limit;

pub use emit::{GenerateError, generate};
pub use stone_game_scan::{format, scan};
