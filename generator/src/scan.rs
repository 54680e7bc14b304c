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
//! section 1b):
//!
//! - Of the six rows, three read column `z` (`one[y]`, `one[x]`, `two[y-x]`),
//!   two read `z - x` and one reads `z - y`. Each group shares one shift, so a
//!   64-column step loads six aligned words, ORs them per group and shifts
//!   twice, keeping each shifted group's previous word instead of loading it
//!   again.
//! - Most of a search used to walk over a held prefix of `two_t[x]` (read from
//!   column 0 for every `y`) or of `all[y-x]` (read from its own row number).
//!   Bits are only ever set, so each of those rows keeps the first column not
//!   known to be held, and a search starts past both.
//! - Of the ten bits a losing triple used to set, three are never read again
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
//! - Hence tiles on one anti-diagonal of the tile grid are independent, and
//!   [`Scan::run_with_progress`] (the runtime scan) runs the bands on two
//!   threads where there are two cores: a thread takes the next band when it
//!   is free, and each tile of a band waits until the band above has
//!   finished the same columns (one counter per band, raised per tile). Two
//!   bands in flight are at least one tile column apart, so they never
//!   share a first-free bound (`two_t[x]` is a band's own row, and the
//!   diagonals `y - x` of the two tiles do not overlap), nor write a
//!   pair's partner twice (a pair's partner is written once, by its own
//!   search or by the search of the triple that holds it). Nor do they
//!   write the same word of `one`, `two` or `all`, whose rows they write are
//!   the piles and differences of their own tiles; they can of `two_t`
//!   (row `z`), whose bits are set with an atomic OR. The tables are then
//!   atomics, read with plain (Relaxed) loads; [`Scan::run`], the build
//!   script's scan at opt-level 0 where each atomic operation would be a
//!   call, runs the same code on plain words and one thread.
//! - A losing triple `(x, y, z)` with `x < y` is marked at column `x` of row
//!   `y` of `one`, a cell nothing else sets or reads, so that a band's
//!   triples are read back in row order without a buffer per pair.
//! - Plain loops and slices, no iterator chains, since the build script runs
//!   this at opt-level 0.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
#[cfg(all(feature = "std", target_has_atomic = "64"))]
use core::sync::atomic::{
    AtomicU32, AtomicU64,
    Ordering::{Acquire, Relaxed, Release},
};

use crate::format::{pair_count, pair_index};

/// What one run of the scan finds for a limit `L`. Only [`Scan::run`] makes
/// one, so its parts always agree with each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scan {
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
        limit: u64,
    },
    /// A pile or a partner did not fit the field it is stored in. The limit
    /// check and the bound on partners (GAME.md) rule it out; the scan
    /// checks rather than truncating.
    ValueTooLarge {
        /// The value found.
        value: u64,
        /// The width of its field, in bits.
        bits: u32,
    },
}

impl core::fmt::Display for ScanError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ScanError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a scan: the largest is {MAX_SCAN_LIMIT}"
            ),
            ScanError::ValueTooLarge { value, bits } => write!(
                f,
                "the scan found {value}, which does not fit its {bits}-bit field"
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
pub struct Progress {
    /// Pairs `(x, y)` whose partner is known so far.
    pub pairs_done: u64,
    /// Pairs in all: `(L + 1)(L + 2) / 2`.
    pub pairs_total: u64,
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
/// use stone_game_generator::scan::memory_needed;
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
    let total = bitsets + partners + triples;
    if total > u64::MAX as u128 {
        u64::MAX
    } else {
        total as u64
    }
}

/// The side of the tiles the pairs are scanned in (module docs): 64 rows of
/// 64 columns read about 3 x 64 row indices, under 1 MiB at L = 8000.
const TILE: usize = 64;

/// Which table a row belongs to: the rows of one index are kept together.
const ONE: usize = 0;
const TWO: usize = 1;
const TWO_T: usize = 2;
const ALL: usize = 3;
const TABLES: usize = 4;

/// What the searches share: the key words of the four tables, the first-free
/// bound of each row of `all`, and the partners. One scan code runs on two
/// stores: [`Owned`], plain words that one thread owns (and the only store
/// that can widen its rows), and [`Shared`], atomics that two threads share.
/// The methods are `#[inline(always)]`, so at opt-level 0 (the build script)
/// the owned store costs no calls.
trait Store {
    /// A word of the tables.
    type Word: Bits;
    /// The words of the tables.
    fn words(&self) -> &[Self::Word];
    /// Word `i` of the tables.
    fn word(&self, i: usize) -> u64;
    /// Sets `bits` in word `i`.
    fn or_word(&mut self, i: usize, bits: u64);
    /// Sets `bits` in word `i`, which no other thread writes meanwhile.
    fn or_own_word(&mut self, i: usize, bits: u64);
    /// The first-free bound of row `d` of `all`.
    fn free_all(&self, d: usize) -> u32;
    /// Raises the first-free bound of row `d` of `all` to `col`.
    fn set_free_all(&mut self, d: usize, col: u32);
    /// The partner of pair `i`.
    fn partner(&self, i: usize) -> u32;
    /// Records the partner of pair `i`.
    fn set_partner(&mut self, i: usize, z: u32);
    /// Re-lays `rows` rows of `old` words at `stride` words each; false when
    /// the store cannot (the shared one: the other thread reads the rows).
    fn widen(&mut self, rows: usize, old: usize, stride: usize) -> bool;
}

/// A word of the tables, plain or atomic.
trait Bits {
    /// Its bits (a plain load).
    fn bits(&self) -> u64;
}

impl Bits for u64 {
    #[inline(always)]
    fn bits(&self) -> u64 {
        *self
    }
}

#[cfg(all(feature = "std", target_has_atomic = "64"))]
impl Bits for AtomicU64 {
    #[inline(always)]
    fn bits(&self) -> u64 {
        self.load(Relaxed)
    }
}

/// The store of a scan on one thread. Boxed slices, not vectors: indexing one
/// is no call at opt-level 0.
struct Owned {
    words: Box<[u64]>,
    /// Per row of `all`: every column before it is held (a lower bound on
    /// the first free column, raised as it is read). `u32`, as columns stay
    /// below `2^32` at any limit a scan accepts. (The same bound for
    /// `two_t[x]` is only read by row `x`'s searches, so the scan keeps it
    /// in a local.)
    free_all: Box<[u32]>,
    partners: Box<[u32]>,
}

impl Store for Owned {
    type Word = u64;
    #[inline(always)]
    fn words(&self) -> &[u64] {
        &self.words
    }
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.words[i]
    }
    #[inline(always)]
    fn or_word(&mut self, i: usize, bits: u64) {
        self.words[i] |= bits;
    }
    #[inline(always)]
    fn or_own_word(&mut self, i: usize, bits: u64) {
        self.words[i] |= bits;
    }
    #[inline(always)]
    fn free_all(&self, d: usize) -> u32 {
        self.free_all[d]
    }
    #[inline(always)]
    fn set_free_all(&mut self, d: usize, col: u32) {
        self.free_all[d] = col;
    }
    #[inline(always)]
    fn partner(&self, i: usize) -> u32 {
        self.partners[i]
    }
    #[inline(always)]
    fn set_partner(&mut self, i: usize, z: u32) {
        self.partners[i] = z;
    }
    /// In place: the allocation grows, then the rows move up from the last
    /// one down.
    #[cold]
    fn widen(&mut self, rows: usize, old: usize, stride: usize) -> bool {
        let mut words = core::mem::take(&mut self.words).into_vec();
        words.resize(rows * stride, 0);
        for r in (1..rows).rev() {
            words.copy_within(r * old..r * old + old, r * stride);
            words[r * stride + old..(r + 1) * stride].fill(0);
        }
        words[old..stride].fill(0);
        self.words = words.into_boxed_slice();
        true
    }
}

/// The store of a scan on two threads (`Scan::run_with_progress`): the
/// same tables in atomics, each thread with its own copy of the references.
/// Relaxed loads are plain loads; the ordering between tiles comes from the
/// band counters (`Release` after a tile, `Acquire` before one).
#[cfg(all(feature = "std", target_has_atomic = "64"))]
#[derive(Clone, Copy)]
struct Shared<'a> {
    words: &'a [AtomicU64],
    free_all: &'a [AtomicU32],
    partners: &'a [AtomicU32],
}

#[cfg(all(feature = "std", target_has_atomic = "64"))]
impl Store for Shared<'_> {
    type Word = AtomicU64;
    #[inline(always)]
    fn words(&self) -> &[AtomicU64] {
        self.words
    }
    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.words[i].load(Relaxed)
    }
    #[inline(always)]
    fn or_word(&mut self, i: usize, bits: u64) {
        self.words[i].fetch_or(bits, Relaxed);
    }
    #[inline(always)]
    fn or_own_word(&mut self, i: usize, bits: u64) {
        let word = &self.words[i];
        word.store(word.load(Relaxed) | bits, Relaxed);
    }
    #[inline(always)]
    fn free_all(&self, d: usize) -> u32 {
        self.free_all[d].load(Relaxed)
    }
    #[inline(always)]
    fn set_free_all(&mut self, d: usize, col: u32) {
        self.free_all[d].store(col, Relaxed);
    }
    #[inline(always)]
    fn partner(&self, i: usize) -> u32 {
        self.partners[i].load(Relaxed)
    }
    #[inline(always)]
    fn set_partner(&mut self, i: usize, z: u32) {
        self.partners[i].store(z, Relaxed);
    }
    fn widen(&mut self, _rows: usize, _old: usize, _stride: usize) -> bool {
        false
    }
}

/// Why a band stopped before its end.
enum Halt {
    /// The scan failed.
    Error(ScanError),
    /// The rows must widen and the store cannot, or the other thread halted.
    Stopped,
}

/// The keys held by the losing triples found so far: the four tables of the
/// module docs, `rows` rows each, in one allocation of `stride` words per row,
/// laid out row index by row index (`one[r]`, `two[r]`, `two_t[r]`, `all[r]`).
/// The rows widen together when a bit lands past them (a partner ran further
/// than any before), so no bound on partners is assumed; bits past a row read
/// as free.
///
/// The hot paths index the words directly from row starts computed once per
/// search, and the small helpers are `#[inline(always)]`: the build script
/// runs this at opt-level 0, where every call that is not inlined costs.
struct Keys<S> {
    rows: usize,
    stride: usize,
    store: S,
}

/// The stride of rows at least `cols` columns wide.
fn stride_for(cols: usize) -> usize {
    cols.div_ceil(64).max(1)
}

impl Keys<Owned> {
    /// `rows` rows per table, at least `cols` columns wide to start with, and
    /// `pairs` partners.
    fn new(rows: usize, cols: usize, pairs: usize) -> Self {
        let stride = stride_for(cols);
        Keys {
            rows,
            stride,
            store: Owned {
                words: vec![0; rows * TABLES * stride].into_boxed_slice(),
                free_all: vec![0; rows].into_boxed_slice(),
                partners: vec![u32::MAX; pairs].into_boxed_slice(),
            },
        }
    }
}

impl<S: Store> Keys<S> {
    /// Where row `row` of `table` starts in the words.
    #[inline(always)]
    fn start(&self, table: usize, row: usize) -> usize {
        (row * TABLES + table) * self.stride
    }

    /// Holds column `col` of the row starting at `start`.
    #[inline(always)]
    fn set(&mut self, start: usize, col: usize) {
        self.store.or_word(start + col / 64, 1 << (col % 64));
    }

    /// [`set`](Self::set), in a row that no other thread writes meanwhile.
    #[inline(always)]
    fn set_own(&mut self, start: usize, col: usize) {
        self.store.or_own_word(start + col / 64, 1 << (col % 64));
    }

    /// Re-lays the rows at least wide enough for column `col`, growing by half
    /// again at least, so the rows move O(log) times in all; false when the
    /// store cannot.
    #[cold]
    fn widen(&mut self, col: usize) -> bool {
        let old = self.stride;
        let stride = (col / 64 + 1).max(old + old / 2);
        if !self.store.widen(self.rows * TABLES, old, stride) {
            return false;
        }
        self.stride = stride;
        true
    }

    /// The first free column of the row starting at `start`, from `col`, when
    /// every column before `col` is known to be held.
    #[inline(always)]
    fn first_free(&self, start: usize, col: u32) -> u32 {
        let mut col = col as usize;
        loop {
            let word = col / 64;
            if word >= self.stride {
                break;
            }
            let held = (self.store.word(start + word) >> (col % 64)).trailing_ones() as usize;
            col += held;
            // Stop inside the word, or at a free first bit. (`& 63`, not
            // `is_multiple_of`: a call at opt-level 0.)
            if col & 63 != 0 || held == 0 {
                break;
            }
        }
        // Below 64 * stride + 64, which fits: see `Owned::free_all`.
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
        // Start past the held prefixes of `two_t[x]` (column z - y) and
        // `all[y-x]` (column z - x).
        *free_t = self.first_free(two_t_x, *free_t);
        let free_a = self.first_free(all_d, self.store.free_all(d));
        self.store.set_free_all(d, free_a);
        let mut z = y + *free_t as usize;
        if x + free_a as usize > z {
            z = x + free_a as usize;
        }
        let v = self.store.words();
        // Group A reads column z (`one[y]`, `one[x]`, `two[d]`), B column
        // z - y (`two_t[x]`), C column z - x (`two_t[y]`, `all[d]`).
        let a0 = &v[row_y..row_y + s];
        let a1 = &v[row_x..row_x + s];
        let a2 = &v[row_d + TWO * s..row_d + TWO * s + s];
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
        let (mut prev_b, mut prev_c) = (0, 0);
        if wb > 0 && wb - 1 < s {
            prev_b = b0[wb - 1].bits();
        }
        if wc > 0 && wc - 1 < s {
            prev_c = c0[wc - 1].bits() | c1[wc - 1].bits();
        }
        loop {
            let (a, b, c);
            if w < s {
                // Then so are wb and wc: every word is inside its row.
                a = a0[w].bits() | a1[w].bits() | a2[w].bits();
                b = b0[wb].bits();
                c = c0[wc].bits() | c1[wc].bits();
            } else {
                // Past the rows (only before a widening): group A reads as
                // free, B and C from their own ends on.
                a = 0;
                b = if wb < s { b0[wb].bits() } else { 0 };
                c = if wc < s {
                    c0[wc].bits() | c1[wc].bits()
                } else {
                    0
                };
            }
            // `prev >> (64 - shift)` in two steps, so that shift 0 needs no branch.
            held |= a
                | ((prev_b >> 1) >> (63 - shift_b))
                | (b << shift_b)
                | ((prev_c >> 1) >> (63 - shift_c))
                | (c << shift_c);
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

    /// Marks the keys of the losing triple `x <= y <= z` that a later pair
    /// reads: all but `K1(x, y)`, `K2(z-y, x)` and `K2(z-x, y)` in `two` (their
    /// transposes in `two_t` are read). False when the rows had to widen and
    /// the store cannot.
    #[inline(always)]
    fn hold(&mut self, x: usize, y: usize, z: usize) -> bool {
        // z is the largest column set.
        if z / 64 >= self.stride && !self.widen(z) {
            return false;
        }
        let d = y - x;
        let s = self.stride;
        let (row_x, row_y, row_d) = (self.start(ONE, x), self.start(ONE, y), self.start(ONE, d));
        self.set_own(row_x, z);
        self.set_own(row_y, z);
        self.set_own(row_d + TWO * s, z);
        self.set(row_x + TWO_T * s, z - y);
        self.set(row_y + TWO_T * s, z - x);
        self.set_own(row_d + ALL * s, z - x);
        if z < self.rows {
            self.set((z * TABLES + TWO_T) * s, d);
        }
        true
    }

    /// Scans the pairs of the band of rows `xb..xe` (at most `TILE`), `TILE`
    /// columns `y` of each row per tile. `wait(ye)` runs before the tile of
    /// columns below `ye` (false: stop), `done(ye)` after it.
    ///
    /// Marks each pair whose partner `z <= L` makes a losing triple
    /// `(x, y, z)`, for [`emit_band`]: where `x < y`, column `x` of row `y`
    /// of `one`, which nothing else sets or reads (`one[r]` is only read and
    /// set from column `r` on); where `x = y`, bit `x - xb` of the result.
    fn band(
        &mut self,
        l: usize,
        xb: usize,
        xe: usize,
        mut wait: impl FnMut(usize) -> bool,
        mut done: impl FnMut(usize),
    ) -> Result<u64, Halt> {
        let mut diagonal = 0u64;
        // Per row of the band: the next y to look at, and the first-free
        // bound of `two_t[x]`.
        let mut next_y = [0usize; TILE];
        let mut free_t = [0u32; TILE];
        for x in xb..xe {
            next_y[x - xb] = x;
        }
        let mut yb = xb;
        while yb <= l {
            let ye = (yb + TILE).min(l + 1);
            if !wait(ye) {
                return Err(Halt::Stopped);
            }
            for x in xb..xe {
                let i = x - xb;
                let mut y = next_y[i];
                loop {
                    if y >= ye {
                        break;
                    }
                    // A held K1(x, y): an earlier losing triple holds both piles,
                    // so the partner was recorded then and every z >= y is
                    // winning. Skip such pairs a word of row `x` at a time.
                    let one_x = self.start(ONE, x);
                    let mut held = 0;
                    if y / 64 < self.stride {
                        held =
                            (self.store.word(one_x + y / 64) >> (y % 64)).trailing_ones() as usize;
                    }
                    y += held;
                    if y & 63 == 0 && held != 0 {
                        continue; // the rest of the word is held
                    }
                    if y >= ye {
                        break;
                    }
                    let z = self.first_free_z(x, y, &mut free_t[i]);
                    if !self.hold(x, y, z) {
                        return Err(Halt::Stopped);
                    }
                    // Piles are at most the limit, which fits u16; only a partner
                    // past the limit could overflow its field.
                    if z > u32::MAX as usize {
                        return Err(Halt::Error(ScanError::ValueTooLarge {
                            value: z as u64,
                            bits: 32,
                        }));
                    }
                    self.store.set_partner(index(x, y), z as u32);
                    if z <= l {
                        self.store.set_partner(index(x, z), y as u32);
                        self.store.set_partner(index(y, z), x as u32);
                        if x < y {
                            // No other thread writes this word meanwhile: it
                            // holds columns of this band only.
                            let one_y = self.start(ONE, y);
                            self.set_own(one_y, x);
                        } else {
                            diagonal |= 1 << i;
                        }
                    }
                    y += 1;
                }
                next_y[i] = y;
            }
            done(ye);
            yb = ye;
        }
        Ok(diagonal)
    }
}

/// Appends the losing triples of the band of rows `xb..xe` in row order,
/// from the marks [`Keys::band`] left (`diagonal`: its result), their `z`
/// read back from the partners. `marks` (at least `L + 1` words) takes the
/// band's word of each row of `one` first, one load per row. Marks in the
/// tables instead of a buffer of triples or of bits per pair keep the peak
/// memory down.
// Indexed loops, not iterator chains: the build script runs this at
// opt-level 0.
#[allow(clippy::needless_range_loop)]
fn emit_band<S: Store>(
    keys: &Keys<S>,
    l: usize,
    xb: usize,
    xe: usize,
    diagonal: u64,
    marks: &mut [u64],
    triples: &mut Vec<[u16; 3]>,
) {
    // The bands start at multiples of 64: bit x - xb of marks[y] is column
    // x of row y of `one`.
    let (word, step) = (xb / 64, TABLES * keys.stride);
    let mut at = keys.start(ONE, xb) + word;
    for y in xb..=l {
        marks[y] = keys.store.word(at);
        at += step;
    }
    // The marks of row y are the rows x < y of the band.
    let below = |y: usize| {
        if y - xb >= 64 {
            u64::MAX
        } else {
            (1u64 << (y - xb)) - 1
        }
    };
    // Read y by y, the marks come column-major: count the triples of each
    // row first, then put each in its place in row order.
    let mut at = [0usize; TILE];
    let mut bits = diagonal;
    while bits != 0 {
        at[bits.trailing_zeros() as usize] += 1;
        bits &= bits - 1;
    }
    for y in xb..=l {
        let mut bits = marks[y] & below(y);
        while bits != 0 {
            at[bits.trailing_zeros() as usize] += 1;
            bits &= bits - 1;
        }
    }
    let mut next = triples.len();
    for count in at[..xe - xb].iter_mut() {
        let c = *count;
        *count = next;
        next += c;
    }
    triples.resize(next, [0; 3]);
    // Row x starts with (x, x, z), y = x being its smallest y. z <= l, the
    // limit, which fits u16.
    let mut bits = diagonal;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let x = xb + i;
        let z = keys.store.partner(index(x, x)) as u16;
        triples[at[i]] = [x as u16, x as u16, z];
        at[i] += 1;
    }
    for y in xb..=l {
        let mut bits = marks[y] & below(y);
        // The pairs of one y are next to each other in the partner table.
        let base = index(xb, y);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let z = keys.store.partner(base + i) as u16;
            triples[at[i]] = [(xb + i) as u16, y as u16, z];
            at[i] += 1;
        }
    }
}

/// Reports the progress of rows `*rows_done..rows`, one row at a time.
fn report(l: usize, rows: usize, rows_done: &mut usize, progress: &mut impl FnMut(Progress)) {
    let pairs_total = pair_count(l as u32);
    while *rows_done < rows {
        let x = *rows_done;
        // Rows 0..=x: (L + 1) + L + ... + (L + 1 - x) pairs.
        let pairs_done = ((x + 1) * (2 * l + 2 - x) / 2) as u64;
        progress(Progress {
            pairs_done,
            pairs_total,
        });
        *rows_done += 1;
    }
}

impl Scan {
    /// Scans every pair `a <= b <= limit`, on one thread: the build script's
    /// path (at opt-level 0 the atomics of the two-thread scan would each
    /// cost a call).
    ///
    /// ```
    /// use stone_game_generator::scan::Scan;
    /// let scan = Scan::run(4)?;
    /// assert_eq!(scan.triples(), [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
    /// # Ok::<(), stone_game_generator::scan::ScanError>(())
    /// ```
    pub fn run(limit: u32) -> Result<Scan, ScanError> {
        Scan::run_from_width(limit, None, 1, |_| {})
    }

    /// [`Scan::run`], calling `progress` after each value of the smallest
    /// pile, on two threads where the machine has two cores and the `std`
    /// feature is on (the same tables, bit for bit: module docs).
    pub fn run_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        Scan::run_from_width(limit, None, threads(), progress)
    }

    /// The scan, with tables `initial_cols` columns wide to start with (by
    /// default about `2 * limit`), so tests can make them widen, on up to
    /// `threads` threads.
    fn run_from_width(
        limit: u32,
        initial_cols: Option<usize>,
        threads: usize,
        mut progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        if limit > MAX_SCAN_LIMIT {
            return Err(ScanError::LimitTooLarge {
                limit: limit as u64,
            });
        }
        let l = limit as usize;
        // Partners stay below 2L in practice (GAME.md): start that wide, so
        // the tables rarely widen.
        let cols = initial_cols.unwrap_or(2 * l + 2);
        let mut rows_done = 0;
        #[cfg(all(feature = "std", target_has_atomic = "64"))]
        if threads > 1 && l >= 2 * TILE {
            // None: the rows had to widen. Start again on one thread, whose
            // rows can, without repeating the progress reports.
            if let Some(scan) = two_threads(l, cols, &mut progress, &mut rows_done)? {
                return Ok(scan);
            }
        }
        let _ = threads;
        // limit <= MAX_SCAN_LIMIT: about 2^31 pairs at most.
        let mut keys = Keys::new(l + 1, cols, pair_count(limit) as usize);
        let mut triples = Vec::new();
        let mut marks = vec![0u64; l + 1];
        // In bands of TILE rows, tiles of TILE x TILE pairs (module docs).
        let mut xb = 0;
        while xb <= l {
            let xe = (xb + TILE).min(l + 1);
            let diagonal = match keys.band(l, xb, xe, |_| true, |_| {}) {
                Ok(diagonal) => diagonal,
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Stopped) => unreachable!("an owned store widens"),
            };
            emit_band(&keys, l, xb, xe, diagonal, &mut marks, &mut triples);
            report(l, xe, &mut rows_done, &mut progress);
            xb = xe;
        }
        Ok(Scan {
            limit,
            triples,
            partners: keys.store.partners.into_vec(),
        })
    }
}

/// How many threads the two-thread scan may use: two where the machine has
/// two cores.
fn threads() -> usize {
    #[cfg(feature = "std")]
    {
        match std::thread::available_parallelism() {
            Ok(n) => n.get().min(2),
            Err(_) => 1,
        }
    }
    #[cfg(not(feature = "std"))]
    {
        1
    }
}

/// The scan on two threads: the bands alternate between them, and a band's
/// tile waits until the band above has finished the same columns (module
/// docs: tiles on one anti-diagonal are independent). Each thread appends
/// the triples of its band once the band above has appended its own; this
/// thread reports progress. `None` when the rows would have to widen (the
/// shared tables cannot); `rows_done` counts the rows reported.
#[cfg(all(feature = "std", target_has_atomic = "64"))]
fn two_threads(
    l: usize,
    cols: usize,
    progress: &mut impl FnMut(Progress),
    rows_done: &mut usize,
) -> Result<Option<Scan>, ScanError> {
    use core::sync::atomic::{AtomicBool, AtomicUsize};
    use std::sync::Mutex;
    let rows = l + 1;
    let stride = stride_for(cols);
    let words: Vec<AtomicU64> = (0..rows * TABLES * stride)
        .map(|_| AtomicU64::new(0))
        .collect();
    let free_all: Vec<AtomicU32> = (0..rows).map(|_| AtomicU32::new(0)).collect();
    let partners: Vec<AtomicU32> = (0..pair_count(l as u32))
        .map(|_| AtomicU32::new(u32::MAX))
        .collect();
    let bands = rows.div_ceil(TILE);
    // Per band: every column below it is scanned in all its rows.
    let scanned: Vec<AtomicUsize> = (0..bands).map(|_| AtomicUsize::new(0)).collect();
    // The bands whose triples are appended, and the triples.
    let appended = AtomicUsize::new(0);
    let triples = Mutex::new((Vec::new(), vec![0u64; rows]));
    let halt = AtomicBool::new(false);
    let shared = Shared {
        words: &words,
        free_all: &free_all,
        partners: &partners,
    };
    let (scanned, appended, triples, halt) = (&scanned, &appended, &triples, &halt);
    // Spins, then yields, until `ready()`; false if the other thread halted.
    let wait_for = |ready: &dyn Fn() -> bool| {
        let mut spins = 0u32;
        while !ready() {
            if halt.load(Relaxed) {
                return false;
            }
            if spins < 256 {
                spins += 1;
                core::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        true
    };
    // The next band to scan: each thread takes the next one when it is
    // free, so that neither waits for a thread that has not started.
    let next = AtomicUsize::new(0);
    let next = &next;
    // Scans the next bands, in turn with the other thread; `after` runs
    // after each.
    let work = |after: &mut dyn FnMut()| -> Result<(), Halt> {
        let mut keys = Keys {
            rows,
            stride,
            store: shared,
        };
        loop {
            let b = next.fetch_add(1, Relaxed);
            if b >= bands {
                return Ok(());
            }
            let xb = b * TILE;
            let xe = (xb + TILE).min(rows);
            let wait = |ye: usize| b == 0 || wait_for(&|| scanned[b - 1].load(Acquire) >= ye);
            let done = |ye: usize| scanned[b].store(ye, Release);
            let mut result = keys.band(l, xb, xe, wait, done);
            if result.is_ok() && !wait_for(&|| appended.load(Acquire) == b) {
                result = Err(Halt::Stopped);
            }
            let diagonal = match result {
                Ok(diagonal) => diagonal,
                Err(halted) => {
                    halt.store(true, Relaxed);
                    return Err(halted);
                }
            };
            match triples.lock() {
                Ok(mut guard) => {
                    let (triples, marks) = &mut *guard;
                    emit_band(&keys, l, xb, xe, diagonal, marks, triples);
                }
                Err(_) => unreachable!("no thread panics holding the triples"),
            }
            appended.store(b + 1, Release);
            after();
        }
    };
    let mut report_appended = || {
        let rows_appended = (appended.load(Acquire) * TILE).min(rows);
        report(l, rows_appended, rows_done, progress);
    };
    let (mine, theirs) = std::thread::scope(|s| {
        // A small stack: the scan keeps little on it.
        let helper = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn_scoped(s, || work(&mut || {}));
        let helper = match helper {
            Ok(helper) => helper,
            // No second thread: this one scans every band.
            Err(_) => return (work(&mut report_appended), Ok(())),
        };
        let mine = work(&mut report_appended);
        let theirs = match helper.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        (mine, theirs)
    });
    for result in [&mine, &theirs] {
        if let Err(Halt::Error(e)) = result {
            return Err(*e);
        }
    }
    report_appended();
    if mine.is_err() || theirs.is_err() {
        return Ok(None);
    }
    drop(words);
    let triples = match triples.lock() {
        Ok(mut guard) => core::mem::take(&mut guard.0),
        Err(_) => unreachable!("no thread panics holding the triples"),
    };
    // In place: an atomic has the size and alignment of its integer.
    let partners = partners.into_iter().map(AtomicU32::into_inner).collect();
    Ok(Some(Scan {
        limit: l as u32,
        triples,
        partners,
    }))
}

impl Scan {
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
    /// let (sums, counts) = stone_game_generator::scan::Scan::run(4)?.prefix_sums();
    /// assert_eq!(sums, [0, 0, 3, 10, 27]);
    /// assert_eq!(counts, [1, 1, 2, 3, 5]);
    /// # Ok::<(), stone_game_generator::scan::ScanError>(())
    /// ```
    pub fn prefix_sums(&self) -> (Vec<u64>, Vec<u64>) {
        let len = self.limit as usize + 1;
        let (mut sums, mut counts) = (vec![0u64; len], vec![0u64; len]);
        for &[x, y, z] in &self.triples {
            sums[z as usize] += u64::from(x) + u64::from(y) + u64::from(z);
            counts[z as usize] += 1;
        }
        for l in 1..len {
            sums[l] += sums[l - 1];
            counts[l] += counts[l - 1];
        }
        (sums, counts)
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
        for limit in [0, 1, 7, 64, 200] {
            for threads in [1, 2] {
                let mut reports = Vec::new();
                let narrowed =
                    Scan::run_from_width(limit, Some(1), threads, |p| reports.push(p.pairs_done));
                assert_eq!(narrowed, Scan::run(limit), "limit {limit}");
                // One report per row, growing, even when two threads gave up.
                assert_eq!(reports.len(), limit as usize + 1, "limit {limit}");
                assert!(reports.windows(2).all(|w| w[0] < w[1]), "limit {limit}");
            }
        }
    }

    #[cfg(all(feature = "std", target_has_atomic = "64"))]
    #[test]
    fn two_threads_find_the_same_scan() {
        for limit in (2 * TILE as u32..300).chain([513, 1000]) {
            let two = Scan::run_from_width(limit, None, 2, |_| {});
            assert_eq!(two, Scan::run(limit), "limit {limit}");
        }
    }

    #[test]
    fn widening_keeps_every_bit() {
        let mut keys = Keys::new(3, 1, 0);
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
                assert!(keys.widen(col));
            }
            let start = keys.start(table, row);
            keys.set(start, col);
        }
        for table in [ONE, TWO, TWO_T, ALL] {
            for row in 0..3 {
                let start = keys.start(table, row);
                for col in 0..64 * keys.stride {
                    let held = keys.store.words[start + col / 64] >> (col % 64) & 1 == 1;
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
