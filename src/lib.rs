//! Every losing position of the three-pile stone game, as tables generated at
//! build time and `const fn` queries over them.
//!
//! The game: three piles of stones; a move takes the same number of stones
//! (at least one) from one pile, from two piles, or from all three; whoever
//! takes the last stone wins. A position is *losing* when every move leaves
//! the opponent a winning one.
//!
//! The build script scans every pair of piles up to [`LIMIT`] (1000 unless
//! `STONE_GAME_LIMIT` says otherwise) and embeds the results, so sums, counts,
//! partners and positions are O(1) `const fn`s, usable in `const` items:
//!
//! ```
//! const S: u64 = match stone_game::losing_sum(100) {
//!     Some(s) => s,
//!     None => panic!("LIMIT is below 100"),
//! };
//! assert_eq!(S, 173_895);
//!
//! // An array as long as a query's answer.
//! const COUNT: usize = match stone_game::losing_count(10) {
//!     Some(n) => n as usize,
//!     None => panic!(),
//! };
//! static POSITIONS: [[u16; 3]; COUNT] = [[0; 3]; COUNT];
//! assert_eq!(POSITIONS.len(), 17);
//!
//! assert_eq!(stone_game::is_losing(3, 1, 3), Some(true));
//! assert_eq!(stone_game::partner(0, 1), Some(2));
//! ```
//!
//! Past the limit the queries answer `None`; [`ScannedTables::scan`] computes the same
//! tables at run time for any limit up to [`ScannedTables::MAX_LIMIT`], with the same
//! queries, and [`ScannedTriples::scan`] the triples, sums and counts alone,
//! in less time and memory (BENCHMARKS.md has the figures);
//! [`ScannedTotals::scan`] the sums and counts without the triples, in the
//! scan's memory alone.
//! [`GrundyTable::compute`] gives the Sprague-Grundy value of every
//! position up to a limit: 0 at the losing positions, and what decides a
//! sum of several games played at once.
//!
//! The embedded tables and the queries above are those of normal play,
//! where whoever takes the last stone wins. The misère game, where whoever
//! takes the last stone loses, is a [`Convention`] away: [`ScannedTables::scan_misere`],
//! [`ScannedTriples::scan_misere`] and [`ScannedTotals::scan_misere`] (or `scan_for(Convention::Misere, ..)`)
//! scan it at run time, `tables!(N, misere)` (feature `macros`) at compile
//! time, with the same queries. [`RemotenessTable::compute`] gives, under
//! either convention, each position's outcome and *remoteness*: how many
//! moves the game lasts when the winner hurries and the loser delays.
//! Grundy values and sums of games are normal play only: a misère sum does
//! not follow the XOR rule, so [`GrundyTable`] has no misère counterpart
//! (GAME.md, sections 8 to 10).
//!
//! ```
//! # #[cfg(feature = "alloc")] { // the runtime tables are of the feature `alloc`
//! use stone_game::{Convention, Outcome, RemotenessTable, ScannedTables, Value};
//!
//! let misere = ScannedTables::scan_misere(10)?;
//! assert_eq!(misere.as_tables().is_losing(0, 0, 1), Some(true)); // take it and lose
//! assert_eq!(stone_game::is_losing(0, 0, 1), Some(false)); // take it and win
//!
//! let remoteness = RemotenessTable::compute(10, Convention::Normal)?;
//! let value = remoteness.value(5, 5, 5);
//! assert_eq!(value, Some(Value { outcome: Outcome::Win, remoteness: 1 }));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Why a position is losing, why every pair of piles has exactly one partner,
//! and how the scan finds them a machine word at a time: GAME.md, at the root
//! of the repository and of the published package, explains the mathematics
//! that the code and its tests rely on.
//!
//! # API conventions
//! One rule for each kind of number, and for each way a position is passed:
//!
//! - **Piles in queries are `u64`**, three arguments `a, b, c` in any order,
//!   so that any position can be asked about: the answer is `None` where the
//!   tables do not reach, never a wrapped number.
//! - **Limits are `u32`**: [`LIMIT`], [`Tables::limit`], the limits of the
//!   runtime scans and tables ([`ScannedTables::scan`],
//!   [`ScannedTriples::scan`], [`ScannedTotals::scan`], [`GrundyTable::compute`],
//!   [`RemotenessTable::compute`], [`BruteForce::new`], `tables!(N)`), and the `l` of `losing_sum(l)` and `losing_count(l)`.
//!   Every limit a table takes is at most [`u16::MAX`]; a `u32` holds it
//!   with room to spare. The limit of a question asked of a [`Solver`]
//!   (a slice, a map, a total, a list) bounds piles, and is a `u64` as
//!   they are: past the tables, the answer is an [`AnswerError`].
//! - **A stored losing position is a [`Triple`], `[u16; 3]`, sorted**
//!   `x <= y <= z`: its piles are at most a limit, and the embedded tables
//!   store them in those two bytes a pile, half the bytes of `u32` to
//!   compile into every dependent and to search.
//! - **A position that comes out of a move is `[u64; 3]`, in the order the
//!   piles were given** ([`Move::apply`], [`WinningMove::to`]): moves are
//!   made from a query's piles, so they keep the queries' type and order.
//! - **Small `Copy` values are taken by value**, arrays and [`Move`]s alike,
//!   never by reference.
//! - **A method that needs sorted input says so in its name, or sorts its
//!   input itself**: every query here sorts.
//! - **Values hold only what they may**: a [`Move`] is made by
//!   [`Move::new`] or [`Move::between`], which refuse a move that takes
//!   nothing, so every `Move` is one the rules allow somewhere.
//! - **Each runtime table tells its bounds before it is built**: the
//!   associated `MAX_LIMIT` and `const fn memory_needed(limit: u32) -> u64`
//!   of [`ScannedTables`], [`ScannedTriples`], [`ScannedTotals`], [`GrundyTable`],
//!   [`RemotenessTable`] and [`BruteForce`] give the largest limit each takes and the bytes it
//!   needs there.
//! - **Refusals are typed**: `None` from a query past its tables, and an
//!   error enum from a computation that refuses its limit ([`ScanError`],
//!   [`GrundyError`], [`RemotenessError`], [`BruteForceError`]) or a move that is not one
//!   ([`IllegalMove`], and [`IllegalSumMove`] for a position of several
//!   games); each is a `core::error::Error` (`std::error::Error`), with
//!   or without `std`.
//!
//! # stone-game-scan, a public dependency
//! The scan and the tables' layout are the crate `stone-game-scan`, which the
//! build script and the runtime scans share. Its items that appear here,
//! [`Progress`], [`ScanError`] and [`position_key`], are re-exported and are
//! part of this crate's API, as are the estimates behind
//! [`ScannedTables::memory_needed`], [`ScannedTriples::memory_needed`] and
//! [`ScannedTotals::memory_needed`].
//! The two crates are released together, at one version, and this crate
//! depends on exactly its own version of the scan, so the scan's types are
//! the same types through either crate in every build.
//!
//! # `STONE_GAME_LIMIT` and your crate
//! The variable is read by this crate's build script, so it applies to every
//! crate in a build graph that depends on `stone-game`: a library cannot pick
//! its own limit. A library that needs answers up to some `N` should either
//! assert it at compile time, so that a smaller limit fails its build with a
//! message instead of a `None` at run time,
//!
//! ```
//! const _: () = assert!(stone_game::LIMIT >= 100, "stone-game's tables must reach 100");
//! ```
//!
//! or fall back to [`ScannedTables::scan`] past [`LIMIT`], as the
//! `stone-game` command-line tool does, or take tables at a limit of its own
//! with `tables!(N)` (feature `macros`), which no variable changes.
//! Applications set the variable; the default, 1000, is what an unset
//! variable gives.
//!
//! # Features
//! Features only add: every item has the same signature and the same
//! constness under every combination of features, so that a crate which uses
//! a query in a `const` item keeps compiling whatever features another crate
//! in the same build turns on. A feature adds items, never changes one.
//!
//! - `std` (default): the runtime scans [`ScannedTables`],
//!   [`ScannedTriples`] and [`ScannedTotals`] (normal and misère), the [`BruteForce`] check, the
//!   Sprague-Grundy values of [`GrundyTable`] (normal play), and the
//!   outcomes and remoteness of [`RemotenessTable`] (either convention). Without it the crate is `no_std`; `alloc`
//!   alone brings them back.
//! - `phf` (default): the phf map `LOSING_POSITIONS` and
//!   `losing_index_hashed`, its lookup: a `phf::Map` from each losing
//!   position's key to its index, for code that wants the map itself (to
//!   iterate over it by key, or to hand it on). [`losing_index`] is the fast
//!   path, O(1) and `const`, under every feature. The map is written by
//!   `phf_codegen` in phf's default layout, so it lives beside any other phf
//!   user in a build. It is the one table rustc compiles from literals, and
//!   most of a dependent's clean build; without it every table is bytes read
//!   by `const fn`s (BENCHMARKS.md has the costs). The map's type is phf
//!   0.14's, so phf is then a public dependency: this crate re-exports it
//!   as `stone_game::phf`, for code that names the type without depending
//!   on phf itself, and moves to another phf only in a new major version.
//! - `rayon`: `BruteForce::new_parallel`, the brute force on every core,
//!   and two passes at once, on two cores, in [`GrundyTable::compute`],
//!   which then needs a second pass's key lines
//!   ([`GrundyTable::memory_needed`]).
//! - `serde`: `Serialize` for every answer of [`Solver`] that stands
//!   alone (a position's, its winning moves, a value, a partner, a total, a
//!   list, a slice, a map), in the JSON shapes the command-line tool and
//!   the web explorer share (README, "JSON answers"). A move
//!   ([`MoveAnswer`], the engine's too) is written inside its position's
//!   answer, which knows the whole position it leaves. It brings `std`.
//! - `macros`: `tables!(N)`, the tables for piles up to `N` as a constant
//!   [`Tables<'static>`](Tables), computed while the macro expands: a limit
//!   of the calling crate's own, in `no_std` crates too; `tables!(N, misere)`
//!   gives the misère game's. It brings syn,
//!   quote and proc-macro2 into the build, and the scan into each compile
//!   of the crate that calls it (BENCHMARKS.md, section 8, has the costs).
//!
//! The command-line tool `stone-game` is its own crate, `stone-game-cli`, so
//! that a library user compiles none of its dependencies.

// The unit tests use std's prelude (Vec, format!) under every set of
// features; the library itself is no_std without `std`.
#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "std")]
mod answer;
#[cfg(feature = "alloc")]
mod brute_force;
mod embedded;
#[cfg(feature = "alloc")]
mod grundy;
mod moves;
#[cfg(feature = "alloc")]
mod position;
#[cfg(feature = "alloc")]
mod remoteness;
#[cfg(feature = "alloc")]
mod scanned;
#[cfg(feature = "alloc")]
mod sum_move;
#[cfg(feature = "alloc")]
mod sums;
mod tables;
mod winning_moves;

#[cfg(feature = "std")]
pub use answer::{
    AnswerError, Grid, GrundyMap, LosingList, MisereUndefined, MoveAnswer, PartnerAnswer,
    PositionAnswer, RemotenessMap, Slice, Solver, TableKind, Total, ValueAnswer,
    WinningMovesAnswer,
};
#[cfg(feature = "alloc")]
pub use brute_force::{BruteForce, BruteForceError};
#[cfg(feature = "phf")]
pub use embedded::LOSING_POSITIONS;
pub use embedded::{EMBEDDED, LIMIT, LOSING_TRIPLES};
#[cfg(feature = "alloc")]
pub use grundy::{GrundyError, GrundyTable};
pub use moves::{IllegalMove, Move};
/// phf, whose `Map` is the type of [`LOSING_POSITIONS`] (feature `phf`).
#[cfg(feature = "phf")]
pub use phf;
#[cfg(feature = "alloc")]
pub use position::{Position, PositionError};
#[cfg(feature = "alloc")]
pub use remoteness::{Outcome, RemotenessError, RemotenessTable, Value};
#[cfg(feature = "alloc")]
pub use scanned::{Progress, ScanError, ScannedTables, ScannedTotals, ScannedTriples};
pub use stone_game_scan::Convention;
pub use stone_game_scan::format::position_key;
#[cfg(feature = "alloc")]
pub use sum_move::{IllegalSumMove, SumMove};
pub use tables::{Tables, Triples, TriplesIter};
pub use winning_moves::{WinningMove, WinningMoves};

/// `tables!(N)`: the tables for piles up to `N`, computed while the macro
/// expands, as a constant [`Tables<'static>`](Tables) (feature `macros`);
/// `tables!(N, misere)`: the misère game's.
///
/// A crate that needs answers past the embedded [`LIMIT`] takes them at a
/// limit of its own, whatever `STONE_GAME_LIMIT` the build has: each call
/// has its own tables, so two crates of one build can choose two limits.
/// They answer exactly what [`ScannedTables::scan(N)`](ScannedTables::scan)
/// answers, and at the embedded limit what [`EMBEDDED`] answers. The
/// expansion is a constant expression, for `const` and `static` items, in
/// `no_std` crates too.
///
/// ```
/// use stone_game::Tables;
///
/// const T: Tables<'static> = stone_game::tables!(2000);
/// const S: Option<u64> = T.losing_sum(2000);
/// # #[cfg(feature = "alloc")] {
/// assert_eq!(S, stone_game::ScannedTriples::scan(2000)?.losing_sum(2000));
/// # }
/// assert_eq!(T.limit(), 2000);
/// assert_eq!(T.losing_sum(2001), None);
///
/// static SMALL: Tables<'static> = stone_game::tables!(1_00u32);
/// assert_eq!(SMALL.losing_sum(100), Some(173_895));
/// assert_eq!(SMALL.is_losing(3, 1, 3), Some(true));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
///
/// `tables!(N, misere)` gives the tables of the misère game, where whoever
/// takes the last stone loses: what
/// [`ScannedTables::scan_misere(N)`](ScannedTables::scan_misere) answers,
/// with the same queries (sums, counts, partners, losing positions, winning
/// moves, indices). `tables!(N, normal)` names normal play, which
/// `tables!(N)` gives. [`EMBEDDED`] and the free queries stay normal play,
/// so a crate that asks for no misère tables compiles no misère scan.
///
/// ```
/// use stone_game::Tables;
///
/// const MISERE: Tables<'static> = stone_game::tables!(100, misere);
/// // The empty position is won: the opponent took the last stone.
/// assert_eq!(MISERE.is_losing(0, 0, 0), Some(false));
/// assert_eq!(MISERE.is_losing(0, 0, 1), Some(true));
/// assert_eq!(MISERE.partner(0, 0), Some(1));
/// assert_eq!(MISERE.losing_sum(100), Some(173_290)); // GAME.md, section 9
/// # #[cfg(feature = "alloc")] {
/// let scanned = stone_game::ScannedTables::scan_misere(100)?;
/// assert_eq!(MISERE.triples(), scanned.as_tables().triples());
/// # }
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
///
/// `N` is an integer literal from 0 to 4000, the range of
/// `STONE_GAME_LIMIT`: `2000`, `2_000`, `0x7d0`, unsuffixed or with one of
/// the suffixes `u16`, `u32`, `u64`, `u128` and `usize`. The optional
/// second argument, after a comma, is `misere` or `normal`, and a trailing
/// comma is allowed. Anything else is a compile error at the argument that
/// says what is expected:
///
/// ```compile_fail
/// const T: stone_game::Tables<'static> = stone_game::tables!(4001);
/// ```
///
/// ```compile_fail
/// const T: stone_game::Tables<'static> = stone_game::tables!(100, misery);
/// ```
///
/// The scan runs in the compiler, once per call, and its cost grows with
/// `N` (BENCHMARKS.md, section 8, has the figures), so call it once per
/// limit, in a `const` or `static` item. README.md ("A limit of your own")
/// compares it with `STONE_GAME_LIMIT`.
///
/// The expansion names this crate through the path the caller reaches it
/// by, so a crate that renames its dependency calls it by that name: with
/// `sg = { package = "stone-game", features = ["macros"] }`, `sg::tables!(100)`.
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
#[macro_export]
macro_rules! tables {
    ($($input:tt)*) => {
        $crate::__private::tables_impl!($crate; $($input)*)
    };
}

/// Used by the expansion of `tables!` and by [`EMBEDDED`]. Not public API:
/// it may change in any release. This crate pins the macro crate's version
/// exactly, so an expansion always meets the `__private` it was made for.
#[doc(hidden)]
pub mod __private {
    use crate::tables::{Partners, Triples, Words};
    use crate::{Convention, Tables};

    /// The proc macro behind [`tables!`](macro@crate::tables): it takes the path
    /// of this crate, a `;`, then `tables!`'s input.
    #[cfg(feature = "macros")]
    pub use stone_game_macros::tables as tables_impl;

    /// The tables of `limit` in `convention` from their bytes as the
    /// generator renders them (`stone_game_generator::emit::Rendered`): each
    /// table's entries, one after another, little-endian. The one place that turns bytes into a
    /// [`Tables`]: the build script's files reach it through
    /// `include_bytes!`, the macro's through byte-string literals.
    ///
    /// The bytes are the generator's, checked as it renders them, so they
    /// are not checked again: a short table only makes its queries answer
    /// `None` sooner (every read is bounds-checked), never panic.
    pub const fn tables_from_bytes<'a>(
        limit: u32,
        triples: &'a [u8],
        partners: &'a [u8],
        sums: &'a [u8],
        counts: &'a [u8],
        ranks: &'a [u8],
        convention: Convention,
    ) -> Tables<'a> {
        Tables {
            limit,
            convention,
            triples: Triples::packed(triples.as_chunks().0),
            partners: Partners::Packed(partners.as_chunks().0),
            sums: Words::Packed(sums.as_chunks().0),
            counts: Words::Packed(counts.as_chunks().0),
            ranks: ranks.as_chunks().0,
        }
    }
}

/// A losing position as its sorted piles `[x, y, z]`, `x <= y <= z`.
pub type Triple = [u16; 3];

/// S(l): the sum of `x + y + z` over losing positions `x <= y <= z <= l`.
/// `None` past [`LIMIT`].
///
/// ```
/// assert_eq!(stone_game::losing_sum(4), Some(27));
/// assert_eq!(stone_game::losing_sum(u32::MAX), None);
/// ```
pub const fn losing_sum(l: u32) -> Option<u64> {
    EMBEDDED.losing_sum(l)
}

/// The number of losing positions `x <= y <= z <= l`. `None` past [`LIMIT`].
///
/// ```
/// const N: Option<u64> = stone_game::losing_count(4);
/// assert_eq!(N, Some(5));
/// ```
pub const fn losing_count(l: u32) -> Option<u64> {
    EMBEDDED.losing_count(l)
}

/// The one `c` for which the piles `{a, b, c}` are losing, for `a` and `b` up
/// to [`LIMIT`] in any order. `c` may exceed [`LIMIT`]. `None` past it.
///
/// ```
/// assert_eq!(stone_game::partner(1, 3), Some(3));
/// assert_eq!(stone_game::partner(4, 3), Some(4));
/// ```
pub const fn partner(a: u64, b: u64) -> Option<u64> {
    EMBEDDED.partner(a, b)
}

/// Whether the position `a`, `b`, `c` (in any order) is losing for the player
/// to move. Answers every position whose two smaller piles are at most
/// [`LIMIT`], however large the third; `None` otherwise.
///
/// ```
/// assert_eq!(stone_game::is_losing(1, 2, 0), Some(true));
/// assert_eq!(stone_game::is_losing(5, 5, 5), Some(false));
/// assert_eq!(stone_game::is_losing(0, 0, u64::MAX), Some(false));
/// ```
pub const fn is_losing(a: u64, b: u64, c: u64) -> Option<bool> {
    EMBEDDED.is_losing(a, b, c)
}

/// The index of a losing position in [`LOSING_TRIPLES`], in any pile order;
/// `None` for a winning position or one past [`LIMIT`].
///
/// O(1), and a `const fn` under every set of features: the partner table
/// says whether the position is losing, and the rank directory the build
/// script embeds beside it (one bit per pair of piles, with running counts)
/// how many losing positions come before it. [`Tables::losing_index`] has
/// the details.
///
/// ```
/// const I: Option<usize> = stone_game::losing_index(3, 3, 1);
/// assert_eq!(stone_game::LOSING_TRIPLES.get(I.unwrap()), Some([1, 3, 3]));
/// assert_eq!(stone_game::losing_index(2, 0, 1), Some(1));
/// assert_eq!(stone_game::losing_index(5, 5, 5), None);
/// ```
pub const fn losing_index(a: u64, b: u64, c: u64) -> Option<usize> {
    EMBEDDED.losing_index(a, b, c)
}

/// The index of a losing position in [`LOSING_TRIPLES`], as
/// [`losing_index`] gives it, looked up in the phf map [`LOSING_POSITIONS`]
/// (feature `phf`).
///
/// It answers exactly what [`losing_index`] answers, which is the faster
/// and a `const fn`; this one is the map's own query, for code that works
/// with the `phf::Map` (to iterate over it by key, or to hand it on) and
/// wants its lookup beside it.
///
/// ```
/// for (a, b, c) in [(3, 3, 1), (2, 0, 1), (5, 5, 5), (0, 0, u64::MAX)] {
///     assert_eq!(
///         stone_game::losing_index_hashed(a, b, c),
///         stone_game::losing_index(a, b, c),
///     );
/// }
/// ```
#[cfg(feature = "phf")]
pub fn losing_index_hashed(a: u64, b: u64, c: u64) -> Option<usize> {
    let (x, y, z) = tables::sorted(a, b, c);
    if z > u64::from(LIMIT) {
        return None;
    }
    // z <= LIMIT <= u16::MAX: the casts are exact.
    let key = position_key(x as u16, y as u16, z as u16);
    LOSING_POSITIONS.get(&key).map(|&index| index as usize)
}

/// Every move from the position `a`, `b`, `c` to a losing position: empty for
/// a losing position; `None` where [`is_losing`] is.
///
/// ```
/// let moves: Vec<_> = stone_game::winning_moves(0, 0, 13).unwrap().collect();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].to, [0, 0, 0]);
/// assert_eq!(moves[0].take.stones(), 13);
/// assert_eq!(stone_game::winning_moves(1, 3, 3).unwrap().count(), 0);
/// ```
pub fn winning_moves(a: u64, b: u64, c: u64) -> Option<WinningMoves<'static>> {
    EMBEDDED.winning_moves(a, b, c)
}

/// README.md's Rust examples, compiled and run as doctests so that they keep
/// compiling as the API changes. Only `cargo test` sees this item, and only
/// with features `macros` and `std`, since README shows `tables!` beside
/// the runtime tables: the workspace's `cargo test` turns both on (the
/// macro crate's tests use the first), and so does `.ci/run`'s run of the
/// library's doctests with the features.
#[doc = include_str!("../README.md")]
#[cfg(all(doctest, feature = "macros", feature = "std"))]
pub struct ReadmeDoctests;

/// The map's type is named through the re-export, as a dependent without
/// phf of its own names it.
#[cfg(all(test, feature = "phf"))]
#[test]
fn the_map_is_named_through_the_phf_re_export() {
    let map: &'static crate::phf::Map<u64, u32> = &LOSING_POSITIONS;
    assert_eq!(map.len(), LOSING_TRIPLES.len());
}

/// Every error type is `core`'s `Error` (the same trait as
/// `std::error::Error`) whatever the features, so that a `no_std` crate
/// boxes or wraps them as a `std` one does, and `Hash` and `Eq`, so that
/// it keys a map. A missing one fails to compile.
#[cfg(test)]
mod errors {
    fn is_an_error<E: core::error::Error + core::hash::Hash + Eq>() {}

    #[test]
    fn every_error_type_is_an_error_with_any_features() {
        is_an_error::<crate::IllegalMove>();
        #[cfg(feature = "alloc")]
        {
            is_an_error::<crate::BruteForceError>();
            is_an_error::<crate::GrundyError>();
            is_an_error::<crate::IllegalSumMove>();
            is_an_error::<crate::PositionError>();
            is_an_error::<crate::RemotenessError>();
            is_an_error::<crate::ScanError>();
        }
        #[cfg(feature = "std")]
        is_an_error::<crate::AnswerError>();
    }
}

/// What every memory estimate (`memory_needed` of the runtime tables) must
/// do, for their unit tests. Plain `cfg(test)`, which cargo-mutants reads as
/// test code and leaves unmutated; only the tables that `alloc` brings call
/// it.
#[cfg(test)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
mod estimates {
    /// Each doubling of a limit of `limits` multiplies `estimate` by nearly
    /// eight: it grows as the cube of the limit.
    pub(crate) fn grow_as_the_cube(estimate: fn(u32) -> u64, limits: &[u32]) {
        for &limit in limits {
            let ratio = estimate(2 * limit) as f64 / estimate(limit) as f64;
            assert!((7.5..8.5).contains(&ratio), "limit {limit}: {ratio}");
        }
    }

    /// `estimate` grows with the limit until it saturates at `u64::MAX`,
    /// which it reaches by `u32::MAX`: no wrap in between.
    pub(crate) fn saturate_rather_than_wrap(estimate: fn(u32) -> u64) {
        assert_eq!(estimate(u32::MAX), u64::MAX);
        let mut last = 0;
        for shift in 0..32 {
            let bytes = estimate(1 << shift);
            assert!(bytes > last || bytes == u64::MAX, "limit 2^{shift}");
            last = bytes;
        }
        assert_eq!(last, u64::MAX);
    }
}
