//! The key scan of GAME.md, run a machine word at a time.
//!
//! A sorted triple `(x, y, z)` is losing exactly when none of its seven keys is
//! held by an earlier losing triple. For a fixed pair `(x, y)` and growing `z`,
//! six of those keys walk along one row of a bitset each (GAME.md, "Rows, not
//! cells"), so OR-ing the six rows 64 columns at a time and taking the first
//! zero bit finds the pair's partner. The seventh key, `K1(x, y)`, is the same
//! for every `z`: when it is held, the pair's partner is already known.
//!
//! | key        | bitset  | row   | column  |
//! |------------|---------|-------|---------|
//! | K1(y, z)   | `one`   | y     | z       |
//! | K1(x, z)   | `one`   | x     | z       |
//! | K2(y-x, z) | `two`   | y - x | z       |
//! | K2(z-y, x) | `two_t` | x     | z - y   |
//! | K2(z-x, y) | `two_t` | y     | z - x   |
//! | K3         | `all`   | y - x | z - x   |
//!
//! `two_t` is `two` transposed (row = the untouched pile), so that the two keys
//! whose difference grows with `z` also walk along a row. Only rows `<= L` are
//! ever read, so only those are kept; a row's columns grow when a partner runs
//! past them, so no bound on partners is assumed.
//!
//! Where the time goes and why the scan is shaped this way (BENCHMARKS.md,
//! section 1, has the figures):
//!
//! - Of the six rows, three read column `z` (`one[y]`, `one[x]`, `two[y-x]`),
//!   two read `z - x` and one reads `z - y`. Each group shares one shift, so a
//!   64-column step loads six aligned words, ORs them per group and shifts
//!   twice, keeping each shifted group's previous word instead of loading it
//!   again.
//! - Most of a search would walk over a held prefix of `two_t[x]` (read from
//!   column 0 for every `y`) or of `all[y-x]` (read from its own row number).
//!   Bits are only ever set, so each of those rows keeps the first column not
//!   known to be held, and a search starts past both.
//! - Of the ten key bits a losing triple could set, three are never read again
//!   (`K1(x, y)` itself, and the two `two` keys whose row is a difference
//!   involving `z`: no later pair has that difference with `z` as its third
//!   pile), so they are not set.
//! - The four tables live in one allocation, the four rows of one index next
//!   to each other, one stride for all: a search reads two rows of index `y`
//!   and two of index `y - x`.
//! - The pairs are scanned in tiles of `TILE x TILE`, not row after row: a
//!   band of `TILE` rows `x`, and in it `TILE` columns `y` of each row at a
//!   time. Row after row, each search reads four rows (`one[y]`, `two_t[y]`,
//!   `two[y-x]`, `all[y-x]`) that were last read about `L` searches ago,
//!   from memory at large `L`; a tile reads about `3 TILE` row indices, which
//!   stay in the L2 cache. The result is the same, bit for bit: a search
//!   `(x', y')` with `x' > x` and `y' < y` neither reads a bit that the
//!   search `(x, y)` writes nor writes one it reads (key by key; the one
//!   exception, `two_t[z']` at column `y' - x'`, lies below every column
//!   `(x, y)` reads there), the first-free bounds belong to a row or a
//!   diagonal `y - x`, whose searches keep their order, and `one[x]` gets
//!   bits from other rows only in their searches at `y = x`. So any order
//!   that keeps `(x, y)` before `(x', y')` whenever `x <= x'` and `y <= y'`
//!   finds the same partners; the triples are put back in row order.
//! - Plain loops and slices, no iterator chains, since the build script runs
//!   this at opt-level 0.
//!
//! [`losing_triples`] runs the same scan with every search stopped at the
//! limit (GAME.md, "Stopping at the limit"): the triples inside the cube
//! need nothing outside it. Its rows are `L + 1` columns wide instead of
//! `2L + 2`, it keeps no partner table, and a row ends as soon as its
//! `two_t` bound passes the limit: at 1000 it reads half the windows
//! (BENCHMARKS.md, section 1).

use alloc::vec;
use alloc::vec::Vec;

use crate::Convention;
use crate::format::{pair_count, pair_index};

/// What one run of the scan finds for a limit `L`. Only [`Scan::run`] and
/// [`Scan::run_for`] make one, so its parts always agree with each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scan {
    pub(crate) convention: Convention,
    pub(crate) limit: u32,
    pub(crate) triples: Vec<[u16; 3]>,
    pub(crate) partners: Vec<u32>,
}

/// Why a scan was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScanError {
    /// Triples are stored as `u16`, so the limit cannot pass [`MAX_SCAN_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u32,
    },
}

impl core::fmt::Display for ScanError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ScanError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a scan: the largest is {MAX_SCAN_LIMIT}"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ScanError {}

/// The largest limit a scan accepts: triples keep their piles in `u16`.
pub const MAX_SCAN_LIMIT: u32 = u16::MAX as u32;

/// How far a scan has got, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Pairs `(x, y)` whose partner is known so far.
    pub pairs_done: u64,
    /// Pairs in all: `(L + 1)(L + 2) / 2`.
    pub pairs_total: u64,
}

impl Progress {
    /// `pairs_done` of `pairs_total` pairs: how a computation over the pairs
    /// of piles (a scan's, or one that goes pair by pair as a scan does)
    /// reports how far it has got.
    ///
    /// ```
    /// use stone_game_scan::scan::Progress;
    /// let half = Progress::new(3, 6);
    /// assert_eq!((half.pairs_done, half.pairs_total), (3, 6));
    /// ```
    pub const fn new(pairs_done: u64, pairs_total: u64) -> Progress {
        Progress {
            pairs_done,
            pairs_total,
        }
    }
}

/// The memory, in bytes, that [`Scan::run`] needs at its peak for `limit`
/// (saturating at `u64::MAX` for limits no scan accepts).
///
/// An estimate from the table sizes: four bitsets whose rows start `2L`
/// columns wide, where partners stay in practice (GAME.md), plus one more
/// bitset's worth for the copy a widening makes; the partner table; the
/// triples.
///
/// ```
/// use stone_game_scan::scan::memory_needed;
/// let bytes = memory_needed(1000);
/// assert!(bytes > 1_000_000 && bytes < 10_000_000);
/// assert_eq!(memory_needed(u32::MAX), u64::MAX);
/// ```
pub const fn memory_needed(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = (2 * limit as u128 + 128) / 8;
    let bitsets = 5 * rows * row_bytes;
    let partners = 4 * pair_count(limit) as u128;
    // About 0.12 L^2 losing triples of six bytes each; 0.125 bounds it.
    let triples = 6 * rows * rows / 8;
    saturate(bitsets + partners + triples)
}

/// The memory, in bytes, that [`losing_triples`] needs at its peak for
/// `limit` (saturating at `u64::MAX` for limits no scan accepts).
///
/// An estimate from the table sizes: four bitsets of rows `L + 1` columns
/// wide (rounded up to words), which never widen; a partner per pair of one
/// band of 64 rows, for putting its triples in order; the triples. Under
/// half of [`memory_needed`] from a limit of 200 on.
///
/// ```
/// use stone_game_scan::scan::{memory_needed, memory_needed_for_triples};
/// assert!(memory_needed_for_triples(1000) < memory_needed(1000) / 2);
/// assert_eq!(memory_needed_for_triples(u32::MAX), u64::MAX);
/// ```
pub const fn memory_needed_for_triples(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = 8 * rows.div_ceil(64);
    let bitsets = 4 * rows * row_bytes;
    let band = 2 * TILE as u128 * rows;
    // About 0.12 L^2 losing triples of six bytes each; 0.125 bounds it.
    let triples = 6 * rows * rows / 8;
    saturate(bitsets + band + triples)
}

/// The memory, in bytes, that [`losing_totals_for`] needs at its peak for
/// `limit`, also for limits no scan accepts: that of
/// [`memory_needed_for_triples`] without the triples, and with two totals
/// per limit: about half of it at 1000, two fifths at 65535.
///
/// ```
/// use stone_game_scan::scan::{memory_needed_for_totals, memory_needed_for_triples};
/// assert!(memory_needed_for_totals(1000) < memory_needed_for_triples(1000) * 2 / 3);
/// assert!(memory_needed_for_totals(u32::MAX) > memory_needed_for_totals(65535));
/// ```
pub const fn memory_needed_for_totals(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = 8 * rows.div_ceil(64);
    let bitsets = 4 * rows * row_bytes;
    let band = 2 * TILE as u128 * rows;
    let totals = 2 * 8 * rows;
    saturate(bitsets + band + totals)
}

/// A byte count as `u64`, `u64::MAX` when it does not fit.
const fn saturate(bytes: u128) -> u64 {
    if bytes > u64::MAX as u128 {
        u64::MAX
    } else {
        bytes as u64
    }
}

/// The side of the tiles the pairs are scanned in (module docs): 64 rows of
/// 64 columns read about 3 x 64 row indices, under 1 MiB at L = 8000. The
/// columns of a tile are one word of each row's K1 bits, which the scan's
/// skip of held pairs relies on.
const TILE: usize = 64;

/// Which table a row belongs to: the rows of one index are kept together.
const ONE: usize = 0;
const TWO: usize = 1;
const TWO_T: usize = 2;
const ALL: usize = 3;
const TABLES: usize = 4;

/// The keys held by the losing triples found so far: the four tables of the
/// module docs, `rows` rows each, in one allocation of `stride` words per row,
/// laid out row index by row index (`one[r]`, `two[r]`, `two_t[r]`, `all[r]`).
/// The rows widen together when a bit lands past them (a partner ran further
/// than any before), so no bound on partners is assumed; bits past a row read
/// as free.
///
/// The hot paths index `words` directly from row starts computed once per
/// search, and the small helpers are `#[inline(always)]`: the build script
/// runs this at opt-level 0, where every call that is not inlined costs.
struct Keys {
    rows: usize,
    stride: usize,
    words: Vec<u64>,
    /// Per row of `all`: every column before it is held (a lower bound on
    /// the first free column, raised as it is read). `u32`, as columns stay
    /// below `2^32` at any limit a scan accepts. (The same bound for
    /// `two_t[x]` is only read by row `x`'s searches, so the scan keeps it
    /// in a local.)
    free_all: Vec<u32>,
}

impl Keys {
    /// `rows` rows per table, at least `cols` columns wide to start with.
    fn new(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64).max(1);
        Keys {
            rows,
            stride,
            words: vec![0; rows * TABLES * stride],
            free_all: vec![0; rows],
        }
    }

    /// Where row `row` of `table` starts in `words`.
    #[inline(always)]
    fn start(&self, table: usize, row: usize) -> usize {
        (row * TABLES + table) * self.stride
    }

    /// Row `row` of `table`.
    #[cfg(test)]
    fn row(&self, table: usize, row: usize) -> &[u64] {
        let start = self.start(table, row);
        &self.words[start..start + self.stride]
    }

    /// Holds column `col` of the row starting at `start`.
    #[inline(always)]
    fn set(words: &mut [u64], start: usize, col: usize) {
        words[start + col / 64] |= 1 << (col % 64);
    }

    /// Re-lays the rows at least wide enough for column `col`, growing by half
    /// again at least, so the rows move O(log) times in all. In place: the
    /// allocation grows, then the rows move up from the last one down.
    #[cold]
    fn widen(&mut self, col: usize) {
        let old = self.stride;
        let stride = (col / 64 + 1).max(old + old / 2);
        let rows = self.rows * TABLES;
        self.words.resize(rows * stride, 0);
        for r in (1..rows).rev() {
            self.words.copy_within(r * old..r * old + old, r * stride);
            self.words[r * stride + old..(r + 1) * stride].fill(0);
        }
        self.words[old..stride].fill(0);
        self.stride = stride;
    }

    /// The first free column of the row starting at `start`, from `col`, when
    /// every column before `col` is known to be held.
    #[inline(always)]
    fn first_free(words: &[u64], stride: usize, start: usize, col: u32) -> u32 {
        let mut col = col as usize;
        loop {
            let word = col / 64;
            if word >= stride {
                break;
            }
            let held = (words[start + word] >> (col % 64)).trailing_ones() as usize;
            col += held;
            // Stop inside the word, or at a free first bit. (`& 63`, not
            // `is_multiple_of`: a call at opt-level 0.)
            if col & 63 != 0 || held == 0 {
                break;
            }
        }
        // Below 64 * stride + 64, which fits: see `free_all`.
        col as u32
    }

    /// The first `z >= y` for which `(x, y, z)` holds none of the six keys that
    /// move with `z`: the partner of `(x, y)` when `K1(x, y)` is free.
    /// `free_t` is the first-free bound of `two_t[x]`, raised here.
    fn first_free_z(&mut self, x: usize, y: usize, free_t: &mut u32) -> usize {
        let d = y - x;
        let s = self.stride;
        // The rows of index x, y and d = y - x: ONE at +0, TWO at +s, TWO_T
        // at +2s, ALL at +3s (see `start`).
        let (row_x, row_y, row_d) = (self.start(ONE, x), self.start(ONE, y), self.start(ONE, d));
        let (two_t_x, two_t_y) = (row_x + TWO_T * s, row_y + TWO_T * s);
        let all_d = row_d + ALL * s;
        let v: &[u64] = &self.words;
        // Start past the held prefixes of `two_t[x]` (column z - y) and
        // `all[y-x]` (column z - x).
        *free_t = Keys::first_free(v, s, two_t_x, *free_t);
        let free_a = Keys::first_free(v, s, all_d, self.free_all[d]);
        self.free_all[d] = free_a;
        let mut z = y + *free_t as usize;
        if x + free_a as usize > z {
            z = x + free_a as usize;
        }
        #[cfg(test)]
        self.check_skips(x, y, *free_t, free_a, z);
        // Group A reads column z (`one[y]`, `one[x]`, `two[d]`), B column
        // z - y (`two_t[x]`), C column z - x (`two_t[y]`, `all[d]`).
        let a0 = &v[row_y..row_y + s];
        let a1 = &v[row_x..row_x + s];
        let two_d = row_d + TWO * s;
        let a2 = &v[two_d..two_d + s];
        let b0 = &v[two_t_x..two_t_x + s];
        let c0 = &v[two_t_y..two_t_y + s];
        let c1 = &v[all_d..all_d + s];
        let (shift_b, shift_c) = ((y % 64) as u32, (x % 64) as u32);
        // The word of z, and the words of B and C that hold its low bits;
        // z >= y >= x, so neither subtraction wraps, and both stay <= w.
        let mut w = z / 64;
        let (mut wb, mut wc) = (w - y / 64, w - x / 64);
        // The columns before z are held by definition.
        let mut held = (1u64 << (z % 64)) - 1;
        // The words before wb and wc, whose high bits land at the bottom.
        // Both skips stop at the end of their rows (64 s), so z / 64 is at
        // most y / 64 + s, and wb at most s: B's word before is in its row.
        // C's may not be, when y / 64 > x / 64.
        let (mut prev_b, mut prev_c) = (0, 0);
        if wb > 0 {
            prev_b = b0[wb - 1];
        }
        if wc > 0 && wc - 1 < s {
            prev_c = c0[wc - 1] | c1[wc - 1];
        }
        loop {
            let (a, b, c);
            if w < s {
                // Then so are wb and wc: every word is inside its row.
                a = a0[w] | a1[w] | a2[w];
                b = b0[wb];
                c = c0[wc] | c1[wc];
            } else {
                // Past the rows (only before a widening): group A reads as
                // free, B and C from their own ends on.
                a = 0;
                b = if wb < s { b0[wb] } else { 0 };
                c = if wc < s { c0[wc] | c1[wc] } else { 0 };
            }
            // The high bits of B's and C's words before, at the bottom:
            // `prev >> (64 - shift)` in two steps, so that shift 0 needs no branch.
            let carried = ((prev_b >> 1) >> (63 - shift_b)) | ((prev_c >> 1) >> (63 - shift_c));
            held |= a | carried | (b << shift_b) | (c << shift_c);
            if held != u64::MAX {
                return 64 * w + (!held).trailing_zeros() as usize;
            }
            prev_b = b;
            prev_c = c;
            held = 0;
            w += 1;
            wb += 1;
            wc += 1;
        }
    }

    /// The unit tests' check that a search starts where its skips say, at
    /// `start`: past the whole held prefix of `two_t[x]` (column z - y) and
    /// of `all[y - x]` (column z - x), counted here bit by bit. A skip that
    /// skipped less would change no partner, only the time, so no other test
    /// can tell.
    #[cfg(test)]
    fn check_skips(&self, x: usize, y: usize, free_t: u32, free_a: u32, start: usize) {
        let held_prefix = |table, row| {
            let words = self.row(table, row);
            (0..64 * words.len())
                .take_while(|&col| words[col / 64] >> (col % 64) & 1 == 1)
                .count() as u32
        };
        assert_eq!(free_t, held_prefix(TWO_T, x), "the skip of two_t[{x}]");
        let d = y - x;
        assert_eq!(free_a, held_prefix(ALL, d), "the skip of all[{d}]");
        let past_both = (y + free_t as usize).max(x + free_a as usize);
        assert_eq!(start, past_both, "the start of the search ({x}, {y})");
    }

    /// Marks the keys of the losing triple `x <= y <= z` that a later pair
    /// reads: all but `K1(x, y)`, `K2(z-y, x)` and `K2(z-x, y)` in `two` (their
    /// transposes in `two_t` are read).
    #[inline(always)]
    fn hold(&mut self, x: usize, y: usize, z: usize) {
        // z is the largest column set.
        if z / 64 >= self.stride {
            self.widen(z);
        }
        let d = y - x;
        let s = self.stride;
        let (row_x, row_y, row_d) = (self.start(ONE, x), self.start(ONE, y), self.start(ONE, d));
        let v: &mut [u64] = &mut self.words;
        Keys::set(v, row_x, z);
        Keys::set(v, row_y, z);
        Keys::set(v, row_d + TWO * s, z);
        Keys::set(v, row_x + TWO_T * s, z - y);
        Keys::set(v, row_y + TWO_T * s, z - x);
        Keys::set(v, row_d + ALL * s, z - x);
        if z < self.rows {
            Keys::set(v, (z * TABLES + TWO_T) * s, d);
        }
    }
}

impl Scan {
    /// Scans every pair `a <= b <= limit`.
    ///
    /// ```
    /// use stone_game_scan::scan::Scan;
    /// let scan = Scan::run(4)?;
    /// assert_eq!(scan.triples(), [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
    /// # Ok::<(), stone_game_scan::scan::ScanError>(())
    /// ```
    pub fn run(limit: u32) -> Result<Scan, ScanError> {
        Scan::run_with_progress(limit, |_| {})
    }

    /// [`Scan::run`], calling `progress` after each value of the smallest pile.
    pub fn run_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        Scan::run_for(Convention::Normal, limit, progress)
    }

    /// The scan of the game played under `convention`, calling `progress`
    /// after each value of the smallest pile. [`Convention::Normal`] is
    /// [`Scan::run_with_progress`]; under [`Convention::Misere`] the empty
    /// position is won, so `(0, 0, 0)` is not losing and the pair `(0, 0)`
    /// has the partner 1 (GAME.md, "Misère play").
    ///
    /// ```
    /// use stone_game_scan::{Convention, scan::Scan};
    /// let scan = Scan::run_for(Convention::Misere, 4, |_| {})?;
    /// assert_eq!(scan.convention(), Convention::Misere);
    /// assert_eq!(scan.triples(), [[0, 0, 1], [0, 2, 2], [1, 1, 3], [2, 3, 3], [4, 4, 4]]);
    /// assert_eq!(scan.partners()[0], 1); // the pair (0, 0)
    /// # Ok::<(), stone_game_scan::scan::ScanError>(())
    /// ```
    pub fn run_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        // Partners stay below 2L in practice (GAME.md): start that wide, so
        // the tables rarely widen.
        let cols = 2 * limit as usize + 2;
        Scan::run_from_width(convention, limit, cols, progress)
    }

    /// The scan, with tables `cols` columns wide to start with, so tests can
    /// make them widen.
    fn run_from_width(
        convention: Convention,
        limit: u32,
        cols: usize,
        progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        let mut triples = Vec::new();
        let reach = Reach::Partners { cols };
        let partners = scan(convention, limit, reach, progress, |t| triples.push(t))?;
        Ok(Scan {
            convention,
            limit,
            triples,
            partners,
        })
    }
}

/// Every losing triple `x <= y <= z <= limit`, in lexicographic order: the
/// triples of [`Scan::run`], without the partners.
///
/// The same scan, with each search stopped at the limit: a losing triple
/// inside the cube shares no key with one outside it (GAME.md, "Stopping at
/// the limit"), so the searches for partners past the limit can stop there.
/// Faster than [`Scan::run`] (BENCHMARKS.md has the figures), in
/// [`memory_needed_for_triples`] bytes.
///
/// ```
/// use stone_game_scan::scan::{Scan, losing_triples};
/// assert_eq!(losing_triples(4)?, [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
/// assert_eq!(losing_triples(100)?, Scan::run(100)?.triples());
/// # Ok::<(), stone_game_scan::scan::ScanError>(())
/// ```
pub fn losing_triples(limit: u32) -> Result<Vec<[u16; 3]>, ScanError> {
    losing_triples_with_progress(limit, |_| {})
}

/// [`losing_triples`], calling `progress` after each value of the smallest
/// pile.
pub fn losing_triples_with_progress(
    limit: u32,
    progress: impl FnMut(Progress),
) -> Result<Vec<[u16; 3]>, ScanError> {
    losing_triples_for(Convention::Normal, limit, progress)
}

/// [`losing_triples_with_progress`] for the game played under
/// `convention`: the losing triples `x <= y <= z <= limit` in lexicographic
/// order, from the scan stopped at the limit, which holds under either
/// convention (GAME.md, "Misère play").
///
/// ```
/// use stone_game_scan::{Convention, scan::{Scan, losing_triples_for}};
/// let misere = losing_triples_for(Convention::Misere, 100, |_| {})?;
/// assert_eq!(misere[..3], [[0, 0, 1], [0, 2, 2], [0, 3, 5]]);
/// assert_eq!(misere, Scan::run_for(Convention::Misere, 100, |_| {})?.triples());
/// # Ok::<(), stone_game_scan::scan::ScanError>(())
/// ```
pub fn losing_triples_for(
    convention: Convention,
    limit: u32,
    progress: impl FnMut(Progress),
) -> Result<Vec<[u16; 3]>, ScanError> {
    let mut triples = Vec::new();
    scan(convention, limit, Reach::Cube, progress, |t| {
        triples.push(t)
    })?;
    Ok(triples)
}

/// The running totals of the losing triples up to `limit` of the game
/// played under `convention`, as [`prefix_sums`] gives them: S(l) and the
/// count, one entry per limit `0..=limit`. The same scan as
/// [`losing_triples_for`], adding each triple as it is found instead of
/// keeping it, in [`memory_needed_for_totals`] bytes: at large limits the
/// triples take more memory than the scan itself.
///
/// ```
/// use stone_game_scan::{Convention, scan::{losing_totals_for, losing_triples_for, prefix_sums}};
/// let (sums, counts) = losing_totals_for(Convention::Normal, 4, |_| {})?;
/// assert_eq!(sums, [0, 0, 3, 10, 27]);
/// assert_eq!(counts, [1, 1, 2, 3, 5]);
/// let misere = losing_triples_for(Convention::Misere, 100, |_| {})?;
/// assert_eq!(losing_totals_for(Convention::Misere, 100, |_| {})?, prefix_sums(100, &misere));
/// # Ok::<(), stone_game_scan::scan::ScanError>(())
/// ```
pub fn losing_totals_for(
    convention: Convention,
    limit: u32,
    progress: impl FnMut(Progress),
) -> Result<(Vec<u64>, Vec<u64>), ScanError> {
    let mut totals = Totals::new(limit);
    scan(convention, limit, Reach::Cube, progress, |t| totals.add(t))?;
    Ok(totals.running())
}

/// How far the searches of a scan run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// To every pair's partner, wherever it lies, in rows `cols` columns
    /// wide to start with, widened as partners run past them.
    Partners { cols: usize },
    /// To the limit: the triples inside the cube, and no partner table.
    Cube,
}

/// The scan of the module docs: hands `found` the losing triples up to
/// `limit` in lexicographic order, and returns for [`Reach::Partners`] the
/// partner of every pair (empty for [`Reach::Cube`]).
///
/// The one difference `convention` makes: under [`Convention::Misere`] the
/// triple `(0, 0, 0)` is not losing, so it holds no key, and the first
/// search, the pair `(0, 0)`'s, goes on to `z = 1`.
fn scan(
    convention: Convention,
    limit: u32,
    reach: Reach,
    mut progress: impl FnMut(Progress),
    mut found_triple: impl FnMut([u16; 3]),
) -> Result<Vec<u32>, ScanError> {
    let l = accepted(limit)?;
    let pairs_total = pair_count(limit);
    // Only rows up to the limit are ever read.
    let rows = l + 1;
    let (cols, cube) = match reach {
        Reach::Partners { cols } => (cols, false),
        // No key past the limit is ever held, so the rows never widen.
        Reach::Cube => (rows, true),
    };
    // At least L + 1 columns: the K1 test below reads row x at column y.
    let mut keys = Keys::new(rows, cols.max(rows));
    // limit <= MAX_SCAN_LIMIT: about 2^31 pairs at most.
    let mut partners = Vec::new();
    if !cube {
        partners = vec![u32::MAX; pairs_total as usize];
    }
    let mut pairs_done = 0u64;
    // In tiles of TILE x TILE pairs (module docs): a band of TILE rows
    // at a time, TILE columns of each row per tile. Per row of the band:
    // the next y to look at, the first-free bound of `two_t[x]`, and one
    // bit per y whose pair found its partner z <= L, a losing triple
    // (x, y, z). The triples are appended in row order at the band's
    // end, their z read back from `partners`, or without it from
    // `band_z`: a bit per pair instead of a buffer of triples keeps the
    // peak memory down (64 KB at 8000).
    let mut next_y = [0usize; TILE];
    let mut free_t = [0u32; TILE];
    let row_words = rows.div_ceil(64);
    let mut found = vec![0u64; TILE * row_words];
    let mut band_z = Vec::new();
    if cube {
        band_z = vec![0u16; TILE * rows];
    }
    let mut xb = 0;
    while xb <= l {
        let xe = (xb + TILE).min(rows);
        for x in xb..xe {
            next_y[x - xb] = x;
            free_t[x - xb] = 0;
        }
        let mut yb = xb;
        while yb <= l {
            let ye = (yb + TILE).min(rows);
            for x in xb..xe {
                let i = x - xb;
                let mut y = next_y[i];
                loop {
                    if y >= ye {
                        break;
                    }
                    // A held K1(x, y): an earlier losing triple holds both piles,
                    // so the partner was recorded then and every z >= y is
                    // winning. Skip such pairs up to the next free one, in
                    // this word of row `x`: a tile is one word (`TILE`), so
                    // a run that reaches the word's end ends the tile.
                    let one_x = keys.start(ONE, x);
                    y += (keys.words[one_x + y / 64] >> (y % 64)).trailing_ones() as usize;
                    if y >= ye {
                        break;
                    }
                    let mut z = keys.first_free_z(x, y, &mut free_t[i]);
                    if z == 0 && convention == Convention::Misere {
                        // (0, 0, 0), the first triple, is won: the search
                        // of (0, 0) goes on to (0, 0, 1), whose keys are
                        // free, as nothing is held yet.
                        z = 1;
                    }
                    if cube && z > l {
                        // No partner inside the cube, and nothing to hold.
                        // Every later pair of the row starts at y' + free_t
                        // > y + free_t: once that reaches L, the row is done.
                        // (y <= l: no wrap.)
                        if free_t[i] as usize >= l - y {
                            y = rows;
                            break;
                        }
                        y += 1;
                        continue;
                    }
                    keys.hold(x, y, z);
                    if cube {
                        // z <= l, the limit, which fits u16.
                        band_z[i * rows + y] = z as u16;
                    } else {
                        // Piles are at most the limit, which fits u16; only a
                        // partner past the limit could overflow its field.
                        partners[index(x, y)] = partner_field(z);
                        if z <= l {
                            partners[index(x, z)] = y as u32;
                            partners[index(y, z)] = x as u32;
                        }
                    }
                    if z <= l {
                        found[i * row_words + y / 64] |= 1 << (y % 64);
                    }
                    y += 1;
                }
                next_y[i] = y;
            }
            yb = ye;
        }
        for x in xb..xe {
            let start = (x - xb) * row_words;
            for (k, word) in found[start..start + row_words].iter_mut().enumerate() {
                let mut bits = *word;
                *word = 0;
                while bits != 0 {
                    let y = 64 * k + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    // z <= l, the limit, which fits u16.
                    let z = if cube {
                        band_z[(x - xb) * rows + y]
                    } else {
                        partners[index(x, y)] as u16
                    };
                    found_triple([x as u16, y as u16, z]);
                }
            }
            pairs_done += (l - x + 1) as u64;
            progress(Progress {
                pairs_done,
                pairs_total,
            });
        }
        xb = xe;
    }
    Ok(partners)
}

impl Scan {
    /// The convention of the game scanned.
    ///
    /// ```
    /// use stone_game_scan::{Convention, scan::Scan};
    /// assert_eq!(Scan::run(4)?.convention(), Convention::Normal);
    /// # Ok::<(), stone_game_scan::scan::ScanError>(())
    /// ```
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The limit: the largest pile of the triples, and of both piles of the pairs.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Every losing triple `x <= y <= z <= limit`, in lexicographic order.
    pub fn triples(&self) -> &[[u16; 3]] {
        &self.triples
    }

    /// The partner of every pair `a <= b <= limit`, at
    /// [`pair_index(a, b)`](crate::format::pair_index). Partners may exceed the limit.
    pub fn partners(&self) -> &[u32] {
        &self.partners
    }

    /// The limit, the triples and the partners, to keep without copying.
    pub fn into_parts(self) -> (u32, Vec<[u16; 3]>, Vec<u32>) {
        (self.limit, self.triples, self.partners)
    }

    /// Running totals of the triples, one entry per limit `0..=L`: S(l) (the
    /// sum of `x + y + z` over losing triples with `z <= l`) and the count.
    ///
    /// ```
    /// let (sums, counts) = stone_game_scan::scan::Scan::run(4)?.prefix_sums();
    /// assert_eq!(sums, [0, 0, 3, 10, 27]);
    /// assert_eq!(counts, [1, 1, 2, 3, 5]);
    /// # Ok::<(), stone_game_scan::scan::ScanError>(())
    /// ```
    pub fn prefix_sums(&self) -> (Vec<u64>, Vec<u64>) {
        prefix_sums(self.limit, &self.triples)
    }
}

/// Running totals of `triples`, the losing triples up to `limit` (as
/// [`losing_triples`] or [`Scan::triples`] give them), one entry per limit
/// `0..=limit`: S(l) and the count. Triples past `limit` are not counted.
///
/// ```
/// use stone_game_scan::scan::{losing_triples, prefix_sums};
/// let (sums, counts) = prefix_sums(4, &losing_triples(4)?);
/// assert_eq!(sums, [0, 0, 3, 10, 27]);
/// assert_eq!(counts, [1, 1, 2, 3, 5]);
/// # Ok::<(), stone_game_scan::scan::ScanError>(())
/// ```
pub fn prefix_sums(limit: u32, triples: &[[u16; 3]]) -> (Vec<u64>, Vec<u64>) {
    let mut totals = Totals::new(limit);
    for &triple in triples {
        totals.add(triple);
    }
    totals.running()
}

/// The sum of `x + y + z` and the count of the triples added, by their
/// largest pile `z <= limit`; triples past the limit are not counted.
struct Totals {
    sums: Vec<u64>,
    counts: Vec<u64>,
}

impl Totals {
    fn new(limit: u32) -> Totals {
        let len = limit as usize + 1;
        Totals {
            sums: vec![0; len],
            counts: vec![0; len],
        }
    }

    fn add(&mut self, [x, y, z]: [u16; 3]) {
        let z = usize::from(z);
        if let (Some(sum), Some(count)) = (self.sums.get_mut(z), self.counts.get_mut(z)) {
            *sum += u64::from(x) + u64::from(y) + z as u64;
            *count += 1;
        }
    }

    /// The totals up to each limit: S(l) and the count of triples with
    /// `z <= l`.
    fn running(mut self) -> (Vec<u64>, Vec<u64>) {
        for l in 1..self.sums.len() {
            self.sums[l] += self.sums[l - 1];
            self.counts[l] += self.counts[l - 1];
        }
        (self.sums, self.counts)
    }
}

/// A partner as the partner table stores it, in `u32`. GAME.md bounds the
/// partner of `(a, b)` by `2 (a + b + min(a, b))`, at most `6 *
/// MAX_SCAN_LIMIT`, far below `u32::MAX`; the conversion is checked rather
/// than truncating, so that a partner past the bound could never be
/// written as another number.
fn partner_field(z: usize) -> u32 {
    u32::try_from(z).expect("GAME.md bounds every partner far below u32::MAX")
}

/// `limit` as an index, when a scan accepts it: triples keep their piles in
/// `u16`.
const fn accepted(limit: u32) -> Result<usize, ScanError> {
    if limit > MAX_SCAN_LIMIT {
        Err(ScanError::LimitTooLarge { limit })
    } else {
        Ok(limit as usize)
    }
}

/// The partner-table index of a pair `a <= b <= MAX_SCAN_LIMIT`.
#[inline(always)]
fn index(a: usize, b: usize) -> usize {
    match pair_index(a as u64, b as u64) {
        Some(i) => i,
        None => unreachable!("pairs below 2^16 index below 2^32"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_that_start_narrow_widen_to_the_same_scan() {
        // Searches that start past the rows, or cross their end, read the
        // rows' last words and what lies beyond them as free; widths around
        // one, two and three words, at limits where rows must widen.
        for convention in [Convention::Normal, Convention::Misere] {
            for limit in [0, 1, 7, 64, 200] {
                let narrowed = Scan::run_from_width(convention, limit, 1, |_| {});
                let whole = Scan::run_for(convention, limit, |_| {});
                assert_eq!(narrowed, whole, "{convention:?}, limit {limit}");
            }
            for limit in (20..=150).step_by(13) {
                let whole = Scan::run_for(convention, limit, |_| {}).expect("a small limit");
                for cols in [63, 64, 65, 127, 128, 129, 192] {
                    let narrowed = Scan::run_from_width(convention, limit, cols, |_| {});
                    assert_eq!(
                        narrowed.as_ref(),
                        Ok(&whole),
                        "{convention:?}, limit {limit}, {cols} columns"
                    );
                }
            }
        }
    }

    #[test]
    fn every_search_starts_past_the_whole_held_prefixes() {
        // `check_skips` runs in every search of a scan built for the unit
        // tests: here at limits whose rows span several words, both reaches.
        for convention in [Convention::Normal, Convention::Misere] {
            for limit in [100, 333] {
                let whole = Scan::run_for(convention, limit, |_| {}).expect("a small limit");
                let alone = losing_triples_for(convention, limit, |_| {}).expect("a small limit");
                assert_eq!(whole.triples(), alone, "{convention:?}, limit {limit}");
            }
        }
    }

    /// `rows` rows of `cols` columns, with `bits` (table, row, column) held.
    fn keys_holding(
        rows: usize,
        cols: usize,
        bits: impl IntoIterator<Item = (usize, usize, usize)>,
    ) -> Keys {
        let mut keys = Keys::new(rows, cols);
        for (table, row, col) in bits {
            let start = keys.start(table, row);
            Keys::set(&mut keys.words, start, col);
        }
        keys
    }

    /// Three rows of 200 columns, the first `len` columns of `row` of `table`
    /// held.
    fn with_held_prefix(table: usize, row: usize, len: usize) -> Keys {
        keys_holding(3, 200, (0..len).map(|col| (table, row, col)))
    }

    #[test]
    #[should_panic(expected = "the start of the search (1, 2)")]
    fn a_search_that_starts_before_its_skips_is_caught() {
        let keys = with_held_prefix(ALL, 1, 70);
        // Past all[1]'s prefix from x = 1: column 71, not 2 + 0.
        keys.check_skips(1, 2, 0, 70, 71);
        keys.check_skips(1, 2, 0, 70, 2);
    }

    #[test]
    #[should_panic(expected = "the skip of two_t[1]")]
    fn a_search_that_skips_less_than_the_held_prefix_is_caught() {
        let keys = with_held_prefix(TWO_T, 1, 70);
        keys.check_skips(1, 2, 70, 0, 72);
        keys.check_skips(1, 2, 64, 0, 72);
    }

    /// Tables one word wide, with `bits` (table, row, column) held.
    fn one_word_rows(bits: impl IntoIterator<Item = (usize, usize, usize)>) -> Keys {
        keys_holding(130, 64, bits)
    }

    /// The first free z of the pair (x, y), from skips at zero.
    fn search(keys: &mut Keys, x: usize, y: usize) -> usize {
        keys.first_free_z(x, y, &mut 0)
    }

    #[test]
    fn searches_past_the_rows_read_each_row_to_its_end() {
        // Rows of 64 columns: every z >= 64 is past group A's rows, which read
        // as free there, while B (two_t[x], column z - y) and C (two_t[y] and
        // all[y - x], column z - x) still have columns inside theirs.
        let all_4 = |len| (0..len).map(|col| (ALL, 4, col));
        // (60, 64): the skip of all[4] starts the search at z = 70; C's
        // column 10 there is in its row's last word, before the search's own.
        let mut keys = one_word_rows(all_4(10).chain([(TWO_T, 64, 10)]));
        assert_eq!(search(&mut keys, 60, 64), 71);
        // B's column 60 at z = 124 (the skip of a full all[4] starts there).
        let mut keys = one_word_rows(all_4(64).chain([(TWO_T, 60, 60)]));
        assert_eq!(search(&mut keys, 60, 64), 125);
        // A full two_t[60] starts the search at 128, where C's word before
        // is past its row: nothing is held there.
        let two_t_60 = (0..64).map(|col| (TWO_T, 60, col));
        assert_eq!(search(&mut one_word_rows(two_t_60), 60, 64), 128);
        // (64, 70): both of C's rows at column z - 64, in their first word.
        let both = [(TWO_T, 70, 6), (ALL, 6, 6), (TWO_T, 70, 7)];
        assert_eq!(search(&mut one_word_rows(both), 64, 70), 72);
    }

    #[test]
    fn a_triple_past_the_rows_widens_them_first() {
        let mut keys = Keys::new(3, 64);
        keys.hold(0, 1, 128);
        assert!(keys.stride >= 3);
        for (table, row, col) in [(ONE, 0, 128), (ONE, 1, 128), (TWO_T, 0, 127), (ALL, 1, 128)] {
            let words = keys.row(table, row);
            assert_eq!(words[col / 64] >> (col % 64) & 1, 1, "{table} {row} {col}");
        }
        assert_eq!(
            keys.row(ONE, 2).iter().map(|w| w.count_ones()).sum::<u32>(),
            0
        );
    }

    #[test]
    fn the_largest_limit_is_accepted_and_the_next_refused() {
        // (A scan at 65535 itself takes hours: the check is tested alone.)
        assert_eq!(accepted(MAX_SCAN_LIMIT), Ok(65_535));
        assert_eq!(accepted(0), Ok(0));
        let past = MAX_SCAN_LIMIT + 1;
        assert_eq!(
            accepted(past),
            Err(ScanError::LimitTooLarge { limit: 65_536 })
        );
    }

    #[test]
    fn a_partner_is_stored_as_it_is() {
        assert_eq!(partner_field(0), 0);
        assert_eq!(
            partner_field(6 * MAX_SCAN_LIMIT as usize),
            6 * MAX_SCAN_LIMIT
        );
        assert_eq!(partner_field(u32::MAX as usize), u32::MAX);
    }

    /// Past `u32::MAX` (which the bound rules out) a partner is refused, not
    /// wrapped into another number.
    #[cfg(target_pointer_width = "64")]
    #[test]
    #[should_panic(expected = "GAME.md bounds every partner")]
    fn a_partner_past_its_field_is_refused_not_wrapped() {
        partner_field(u32::MAX as usize + 1);
    }

    #[test]
    fn widening_keeps_every_bit() {
        let mut keys = Keys::new(3, 1);
        let bits = [
            (ONE, 0, 0),
            (TWO, 1, 63),
            (TWO_T, 2, 64),
            (ALL, 1, 1000),
            (ONE, 2, 5000),
            (ALL, 0, 5001),
            (TWO_T, 0, 70),
        ];
        for (table, row, col) in bits {
            if col / 64 >= keys.stride {
                keys.widen(col);
            }
            let start = keys.start(table, row);
            Keys::set(&mut keys.words, start, col);
        }
        for table in [ONE, TWO, TWO_T, ALL] {
            for row in 0..3 {
                let words = keys.row(table, row);
                for col in 0..64 * words.len() {
                    let held = words[col / 64] >> (col % 64) & 1 == 1;
                    assert_eq!(
                        held,
                        bits.contains(&(table, row, col)),
                        "{table} {row} {col}"
                    );
                }
            }
        }
    }
}
