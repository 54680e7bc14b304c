//! The keys held by the losing triples found so far, and the search for
//! the first free column of a pair: the tables of the module docs of
//! [`scan`](super), and what reads and writes them.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

use super::room::{NoRoom, room};

/// How many words a search reads one by one before it consults the rows'
/// summaries to jump over held words. Most searches end within their first
/// few words; a long one (its run of held words grows with the limit, to
/// about `L / 8` columns) reads a few summary words instead of every word.
/// The unit tests jump after every word, so that their small limits take
/// the jumps often; each search is checked there against one read bit by bit.
const WORDS_BEFORE_A_JUMP: usize = if cfg!(test) { 1 } else { 4 };

/// The words of a row from which a search reads ahead where it will likely
/// start ([`Keys::read_ahead`]): rows of 8192 columns, 8 MiB a table at
/// that limit, past an L2 cache. In short rows the reads only cost.
const LONG_ROW: usize = 128;

/// The shortest rows, in words, that [`row_words`] pads: 4096 columns, 2
/// KiB a row index. Shorter tables stay in the caches whatever their
/// layout, and would only take more memory.
const PADDED_FROM: u64 = 64;

/// The words of a row at least `cols` columns wide: at least one; from
/// [`PADDED_FROM`] words on, 2 more than a multiple of 4, so that a row
/// index (four rows) takes an odd number of 64-byte cache lines.
///
/// Rows of a power of two of words (1024 at 65535) put one column of
/// consecutive row indices a power of two of bytes apart (32 KiB), in the
/// same set of the L1 and L2 caches, which hold 8 lines a set: the 64 rows
/// `one[y]` of a tile, read near the same columns, evict each other. With
/// an odd number of lines from one index to the next, one column of 64
/// consecutive indices falls in 64 different sets. At 65535 that is 1026
/// words, and the scan takes about 7% less time (BENCHMARKS.md, section
/// 4.1). `u64`, so that the estimates reach it for any limit.
pub(super) const fn row_words(cols: u64) -> u64 {
    let words = cols.div_ceil(64);
    if words < PADDED_FROM {
        return if words == 0 { 1 } else { words };
    }
    words + (6 - words % 4) % 4
}

/// Which table a row belongs to: the rows of one index are kept together.
const ONE: usize = 0;
const TWO: usize = 1;
const TWO_T: usize = 2;
const ALL: usize = 3;
const TABLES: usize = 4;

/// The keys held by the losing triples found so far: the four tables of the
/// module docs, `rows` rows each, in one allocation of `stride` words per row
/// ([`row_words`]), laid out row index by row index (`one[r]`, `two[r]`,
/// `two_t[r]`, `all[r]`).
/// The rows widen together when a bit lands past them (a partner ran further
/// than any before), so no bound on partners is assumed; bits past a row read
/// as free.
///
/// The words are atomic so that the bands scanned at once on several threads
/// share them ([`bands`](super::bands)). Their loads and stores are relaxed,
/// plain moves: those threads never read a bit that another writes
/// meanwhile, nor write to one word together (`bands` says why), so no
/// read-modify-write is needed. Only the summaries, shared a word per 64
/// words, take an atomic OR.
///
/// The hot paths index `words` directly from row starts computed once per
/// search, and the small functions are `#[inline(always)]`: the build script
/// runs this at opt-level 0, where every call that is not inlined costs.
pub(super) struct Keys {
    rows: usize,
    stride: usize,
    words: Vec<AtomicU64>,
    /// One bit per word of `words`, set once that word is wholly held: each
    /// row's summary, `summary_stride` words long, laid out as `words` is.
    /// A search that runs long jumps over the words these show held
    /// ([`Keys::next_open_word`]).
    full: Vec<AtomicU64>,
    summary_stride: usize,
    /// Per row of `all`: every column before it is held (a lower bound on
    /// the first free column, raised as it is read). `u32`, as columns stay
    /// below `2^32` at any limit a scan accepts. (The same bound for
    /// `two_t[x]` is only read by row `x`'s searches, so the band keeps it.)
    free_all: Vec<AtomicU32>,
}

/// `len` words, none held.
fn zeroed(len: usize) -> Result<Vec<AtomicU64>, NoRoom> {
    let mut words = room(len)?;
    words.extend((0..len).map(|_| AtomicU64::new(0)));
    Ok(words)
}

/// Word `i` of `words`.
#[inline(always)]
fn get(words: &[AtomicU64], i: usize) -> u64 {
    words[i].load(Relaxed)
}

impl Keys {
    /// `rows` rows per table, at least `cols` columns wide to start with;
    /// or the allocator's refusal.
    pub(super) fn new(rows: usize, cols: usize) -> Result<Self, NoRoom> {
        let stride = row_words(cols as u64) as usize;
        let summary_stride = stride.div_ceil(64);
        let mut free_all = room(rows)?;
        free_all.extend((0..rows).map(|_| AtomicU32::new(0)));
        Ok(Keys {
            rows,
            stride,
            words: zeroed(rows * TABLES * stride)?,
            full: zeroed(rows * TABLES * summary_stride)?,
            summary_stride,
            free_all,
        })
    }

    /// Where row `row` of `table` starts in `words`.
    #[inline(always)]
    fn start(&self, table: usize, row: usize) -> usize {
        (row * TABLES + table) * self.stride
    }

    /// Row `row` of `table`, copied.
    #[cfg(test)]
    fn row(&self, table: usize, row: usize) -> Vec<u64> {
        let start = self.start(table, row);
        (start..start + self.stride)
            .map(|i| get(&self.words, i))
            .collect()
    }

    /// Whether column `col` of row `row` of `table` is held; past the row's
    /// end, none is.
    #[cfg(test)]
    fn held(&self, table: usize, row: usize, col: usize) -> bool {
        col < 64 * self.stride
            && get(&self.words, self.start(table, row) + col / 64) >> (col % 64) & 1 == 1
    }

    /// Where the summary of row `row` of `table` starts in `full`.
    #[inline(always)]
    fn summary_start(&self, table: usize, row: usize) -> usize {
        (row * TABLES + table) * self.summary_stride
    }

    /// Holds column `col` of the row starting at `start`, and marks its word
    /// in the row's summary when that fills it.
    #[inline(always)]
    fn set(&self, start: usize, col: usize) {
        let word = &self.words[start + col / 64];
        let held = word.load(Relaxed) | 1 << (col % 64);
        word.store(held, Relaxed);
        if held == u64::MAX {
            let summary = (start / self.stride) * self.summary_stride;
            let bit = col / 64;
            self.full[summary + bit / 64].fetch_or(1 << (bit % 64), Relaxed);
        }
    }

    /// Whether the rows hold column `col`: [`Keys::hold`] needs its `z` to.
    #[inline(always)]
    pub(super) fn fits(&self, col: usize) -> bool {
        col / 64 < self.stride
    }

    /// Re-lays the rows at least wide enough for column `col`, growing by half
    /// again at least, so the rows move O(log) times in all. In place: the
    /// allocation grows, then the rows move up from the last one down, then
    /// the summaries are rebuilt. When the allocator refuses the room, the
    /// keys are left as they were, and the refusal returned.
    #[cold]
    pub(super) fn widen(&mut self, col: usize) -> Result<(), NoRoom> {
        let old = self.stride;
        let words = (col / 64 + 1).max(old + old / 2);
        let stride = row_words(64 * words as u64) as usize;
        let rows = self.rows * TABLES;
        let full = zeroed(rows * stride.div_ceil(64))?;
        self.words
            .try_reserve_exact(rows * stride - self.words.len())
            .map_err(|_| NoRoom)?;
        self.words.resize_with(rows * stride, || AtomicU64::new(0));
        for r in (0..rows).rev() {
            for k in (0..stride).rev() {
                let word = if k < old {
                    *self.words[r * old + k].get_mut()
                } else {
                    0
                };
                *self.words[r * stride + k].get_mut() = word;
            }
        }
        self.stride = stride;
        self.summary_stride = stride.div_ceil(64);
        self.full = full;
        for r in 0..rows {
            for k in 0..stride {
                if *self.words[r * stride + k].get_mut() == u64::MAX {
                    *self.full[r * self.summary_stride + k / 64].get_mut() |= 1 << (k % 64);
                }
            }
        }
        Ok(())
    }

    /// The first free column of the row starting at `start`, from `col`, when
    /// every column before `col` is known to be held.
    #[inline(always)]
    fn first_free(words: &[AtomicU64], stride: usize, start: usize, col: u32) -> u32 {
        let mut col = col as usize;
        loop {
            let word = col / 64;
            if word >= stride {
                break;
            }
            let held = (get(words, start + word) >> (col % 64)).trailing_ones() as usize;
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

    /// Whether `K1(x, y)` is held, and how many pairs `(x, y..)` in a row
    /// are, up to the end of `y`'s word: a search starts past them.
    #[inline(always)]
    pub(super) fn held_pairs_from(&self, x: usize, y: usize) -> usize {
        let one_x = self.start(ONE, x);
        (get(&self.words, one_x + y / 64) >> (y % 64)).trailing_ones() as usize
    }

    /// The first `z >= y` for which `(x, y, z)` holds none of the six keys that
    /// move with `z`: the partner of `(x, y)` when `K1(x, y)` is free.
    /// `free_t` is the first-free bound of `two_t[x]`, raised here.
    pub(super) fn first_free_z(&self, x: usize, y: usize, free_t: &mut u32) -> usize {
        let d = y - x;
        let s = self.stride;
        let (two_t_x, all_d) = (self.start(TWO_T, x), self.start(ALL, d));
        let v: &[AtomicU64] = &self.words;
        // Start past the held prefixes of `two_t[x]` (column z - y) and
        // `all[y-x]` (column z - x).
        *free_t = Keys::first_free(v, s, two_t_x, *free_t);
        self.read_ahead(x, y, *free_t);
        let free_a = Keys::first_free(v, s, all_d, self.free_all[d].load(Relaxed));
        self.free_all[d].store(free_a, Relaxed);
        let mut z = y + *free_t as usize;
        if x + free_a as usize > z {
            z = x + free_a as usize;
        }
        #[cfg(test)]
        self.check_skips(x, y, *free_t, free_a, z);
        let found = self.first_free_from(x, y, z);
        #[cfg(test)]
        assert_eq!(
            found,
            self.first_free_bit_by_bit(x, y, z),
            "the search ({x}, {y})"
        );
        found
    }

    /// In long rows, past the caches, the words a search starts at are rarely
    /// cached. This reads the four of rows `y` and `d` where the search `(x,
    /// y)` most likely starts, before the skip of `all[d]` decides where it
    /// does: their misses overlap instead of following one another
    /// (`black_box` keeps the reads; 3% of the scan's time at 32000). It
    /// changes nothing but the time: a read past a row's end reads a word of
    /// another row, and one past the tables reads nothing.
    #[inline(always)]
    fn read_ahead(&self, x: usize, y: usize, free_t: u32) {
        let s = self.stride;
        if s < LONG_ROW {
            return;
        }
        let d = y - x;
        let likely = (y + free_t as usize).max(x + self.free_all[d].load(Relaxed) as usize);
        let (w, wc) = (likely / 64, (likely - x) / 64);
        let read = |i: usize| self.words.get(i).map_or(0, |word| word.load(Relaxed));
        let (one_y, two_d) = (self.start(ONE, y), self.start(TWO, d));
        let (two_t_y, all_d) = (self.start(TWO_T, y), self.start(ALL, d));
        core::hint::black_box(
            read(one_y + w) ^ read(two_d + w) ^ read(two_t_y + wc) ^ read(all_d + wc),
        );
    }

    /// The first `z` from `z` on for which `(x, y, z)` holds none of the six
    /// keys that move with `z`, 64 columns at a time.
    fn first_free_from(&self, x: usize, y: usize, z: usize) -> usize {
        let d = y - x;
        let s = self.stride;
        let (row_x, row_y, row_d) = (self.start(ONE, x), self.start(ONE, y), self.start(ONE, d));
        let (two_t_x, two_t_y) = (row_x + TWO_T * s, row_y + TWO_T * s);
        let all_d = row_d + ALL * s;
        let v: &[AtomicU64] = &self.words;
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
        // The word of z; the columns before z are held by definition.
        let mut w = z / 64;
        let mut held = (1u64 << (z % 64)) - 1;
        loop {
            // The words of B and C that hold the low bits of word w; z >= y
            // >= x, so neither subtraction wraps. Their words before, whose
            // high bits land at the bottom, are read once here and then
            // carried from word to word.
            let (mut wb, mut wc) = (w - y / 64, w - x / 64);
            let (mut prev_b, mut prev_c) = (0, 0);
            if wb > 0 && wb - 1 < s {
                prev_b = get(b0, wb - 1);
            }
            if wc > 0 && wc - 1 < s {
                prev_c = get(c0, wc - 1) | get(c1, wc - 1);
            }
            for _ in 0..WORDS_BEFORE_A_JUMP {
                let (a, b, c);
                if w < s {
                    // Then so are wb and wc: every word is inside its row.
                    a = get(a0, w) | get(a1, w) | get(a2, w);
                    b = get(b0, wb);
                    c = get(c0, wc) | get(c1, wc);
                } else {
                    // Past the rows (only before a widening, or after a
                    // jump): group A reads as free, B and C from their own
                    // ends on.
                    a = 0;
                    b = if wb < s { get(b0, wb) } else { 0 };
                    c = if wc < s { get(c0, wc) | get(c1, wc) } else { 0 };
                }
                // The high bits of B's and C's words before, at the bottom:
                // `prev >> (64 - shift)` in two steps, so that shift 0 needs
                // no branch.
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
            w = self.next_open_word(x, y, w);
        }
    }

    /// The first word from `w` on that the summaries do not show wholly held
    /// in the search `(x, y)`: a word of the six rows OR-ed as
    /// [`Keys::first_free_from`] does, whose columns are `z`. Group A's rows
    /// show it held when one of them holds word `w`; a shifted row of B or C
    /// when it holds both words its bits come from (one, when unshifted).
    /// Only held words are jumped, so the search finds the same column; past
    /// the rows' ends nothing is held, which bounds the jump.
    fn next_open_word(&self, x: usize, y: usize, w: usize) -> usize {
        let d = y - x;
        let f: &[AtomicU64] = &self.full;
        let row = |table, r| {
            let start = self.summary_start(table, r);
            &f[start..start + self.summary_stride]
        };
        let (a0, a1, a2) = (row(ONE, y), row(ONE, x), row(TWO, d));
        let (b0, c0, c1) = (row(TWO_T, x), row(TWO_T, y), row(ALL, d));
        // Word w of group B is word w - y/64 of its row, shifted when y is
        // not a multiple of 64; C's is word w - x/64.
        let (from_b, from_c) = ((y / 64) as isize, (x / 64) as isize);
        // (`& 63`, not `is_multiple_of`: a call at opt-level 0.)
        let (shifted_b, shifted_c) = (y & 63 != 0, x & 63 != 0);
        let mut block = w / 64;
        // The words before w count as held.
        let mut before = (1u64 << (w % 64)) - 1;
        loop {
            let first = 64 * block as isize;
            let mut held = before;
            held |= word_or_zero(a0, block) | word_or_zero(a1, block) | word_or_zero(a2, block);
            held |= both_held(b0, first - from_b, shifted_b);
            held |= both_held(c0, first - from_c, shifted_c);
            held |= both_held(c1, first - from_c, shifted_c);
            if held != u64::MAX {
                return 64 * block + held.trailing_ones() as usize;
            }
            before = 0;
            block += 1;
        }
    }

    /// [`Keys::first_free_from`] read one bit of each key at a time, for the
    /// tests: columns past a row's end are free.
    #[cfg(test)]
    fn first_free_bit_by_bit(&self, x: usize, y: usize, from: usize) -> usize {
        let held = |table, row, col| self.held(table, row, col);
        let d = y - x;
        (from..)
            .find(|&z| {
                !(held(ONE, y, z)
                    || held(ONE, x, z)
                    || held(TWO, d, z)
                    || held(TWO_T, x, z - y)
                    || held(TWO_T, y, z - x)
                    || held(ALL, d, z - x))
            })
            .expect("past the rows every column is free")
    }

    /// Every summary bit says whether its word is wholly held, and no bit
    /// past a row's words is set.
    #[cfg(test)]
    pub(super) fn check_summaries(&self) {
        for r in 0..self.rows * TABLES {
            for k in 0..64 * self.summary_stride {
                let summary = get(&self.full, r * self.summary_stride + k / 64);
                let marked = summary >> (k % 64) & 1 == 1;
                let full = k < self.stride && get(&self.words, r * self.stride + k) == u64::MAX;
                assert_eq!(marked, full, "the summary of row {r} at word {k}");
            }
        }
    }

    #[cfg(test)]
    fn check_skips(&self, x: usize, y: usize, free_t: u32, free_a: u32, start: usize) {
        let held_prefix = |table, row| {
            (0..64 * self.stride)
                .take_while(|&col| self.held(table, row, col))
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
    /// transposes in `two_t` are read), and but the transposed copy of
    /// `K2(y-x, z)`, which [`Keys::hold_in_row_z`] marks. `z` is the largest
    /// column set, which the rows must hold ([`Keys::fits`]).
    #[inline(always)]
    pub(super) fn hold(&self, x: usize, y: usize, z: usize) {
        debug_assert!(self.fits(z), "the rows hold column {z}");
        let d = y - x;
        let s = self.stride;
        let (row_x, row_y, row_d) = (self.start(ONE, x), self.start(ONE, y), self.start(ONE, d));
        self.set(row_x, z);
        self.set(row_y, z);
        self.set(row_d + TWO * s, z);
        self.set(row_x + TWO_T * s, z - y);
        self.set(row_y + TWO_T * s, z - x);
        self.set(row_d + ALL * s, z - x);
    }

    /// Marks the last key of a losing triple `(x, y, z)` that a later pair
    /// reads: `K2(y-x, z)` transposed, `two_t[z]` at column `d = y - x`.
    /// Only the searches of pairs with a pile `z` read that row, so a band
    /// may mark it as late as the tile of `z` ([`bands`](super::bands)).
    /// Rows past the limit are never read, and not kept: a band marks only
    /// the keys of triples with `z <= L`.
    #[inline(always)]
    pub(super) fn hold_in_row_z(&self, z: usize, d: usize) {
        debug_assert!(z < self.rows, "row {z} of two_t is past the limit");
        self.set(self.start(TWO_T, z), d);
    }
}

/// Word `i` of `row`, or 0 (nothing held) past its end.
#[inline(always)]
fn word_or_zero(row: &[AtomicU64], i: usize) -> u64 {
    if i < row.len() { get(row, i) } else { 0 }
}

/// Bits `first..first + 64` of `row`, as one word; bits outside the row
/// (`first` may be negative) read as 0.
#[inline(always)]
fn bits_at(row: &[AtomicU64], first: isize) -> u64 {
    // Shifts and masks rather than `div_euclid` and a closure, which are
    // calls at opt-level 0: `>> 6` rounds down below zero too.
    let word = first >> 6;
    let shift = (first & 63) as u32;
    let low = if word >= 0 {
        word_or_zero(row, word as usize)
    } else {
        0
    };
    let high = if word + 1 >= 0 {
        word_or_zero(row, (word + 1) as usize)
    } else {
        0
    };
    // The next word's low bits land at the top: `<< (64 - shift)` in two
    // steps, so that shift 0 brings none.
    (low >> shift) | ((high << 1) << (63 - shift))
}

/// For words `first..first + 64` of a summary: whether the word is held,
/// and, when `shifted`, the one before it too (a shifted row's word takes
/// bits from both).
#[inline(always)]
fn both_held(summary: &[AtomicU64], first: isize, shifted: bool) -> u64 {
    let held = bits_at(summary, first);
    if shifted {
        held & bits_at(summary, first - 1)
    } else {
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rows` rows of `cols` columns, with `bits` (table, row, column) held.
    fn keys_holding(
        rows: usize,
        cols: usize,
        bits: impl IntoIterator<Item = (usize, usize, usize)>,
    ) -> Keys {
        let keys = Keys::new(rows, cols).expect("room");
        for (table, row, col) in bits {
            let start = keys.start(table, row);
            keys.set(start, col);
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
    fn long_rows_leave_an_odd_number_of_cache_lines_between_row_indices() {
        // Short rows: the words their columns need, and one for none.
        assert_eq!(row_words(0), 1);
        assert_eq!(row_words(1), 1);
        assert_eq!(row_words(64), 1);
        assert_eq!(row_words(65), 2);
        assert_eq!(row_words(64 * 63), 63);
        // From 64 words: 65535's 1024 words take 1026, 32000's 501 take
        // 502, 16000's 251 take 254; 2 more than a multiple of 4 stays.
        assert_eq!(row_words(64 * 64), 66);
        assert_eq!(row_words(65536), 1026);
        assert_eq!(row_words(32001), 502);
        assert_eq!(row_words(16001), 254);
        assert_eq!(row_words(64 * 66), 66);
        for cols in (0..=70_000).step_by(37) {
            let words = row_words(cols);
            let needed = cols.div_ceil(64);
            assert!(words >= needed.max(1), "{cols} columns in {words} words");
            if words >= PADDED_FROM {
                // Four rows of `words` words: 32 words, 4 lines, a step
                // of 2 words, and so a line more.
                assert_eq!(
                    (4 * words) % 16,
                    8,
                    "{cols} columns: an odd number of lines"
                );
                assert!(
                    words < needed + 4,
                    "{cols} columns: padded by 3 words at most"
                );
            }
        }
        // The tables lay their rows out so, and keep doing so as they widen.
        let mut keys = Keys::new(2, 64 * 64).expect("room");
        assert_eq!(keys.stride, 66);
        keys.widen(64 * 130).expect("room");
        assert_eq!(keys.stride, 134);
    }

    #[test]
    fn a_triple_past_the_rows_fits_once_they_widen() {
        let mut keys = Keys::new(3, 64).expect("room");
        assert!(keys.fits(63) && !keys.fits(128));
        keys.widen(128).expect("room");
        assert!(keys.stride >= 3 && keys.fits(128));
        keys.hold(0, 1, 128);
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
    fn a_word_held_whole_is_marked_in_its_rows_summary() {
        let mut keys = Keys::new(3, 200).expect("room");
        let start = keys.start(TWO, 1);
        for col in 64..127 {
            keys.set(start, col);
        }
        let marked = |keys: &Keys| -> u32 {
            (0..keys.full.len())
                .map(|i| get(&keys.full, i).count_ones())
                .sum()
        };
        assert_eq!(marked(&keys), 0, "63 of 64 columns");
        keys.set(start, 127);
        let summary = keys.summary_start(TWO, 1);
        assert_eq!(get(&keys.full, summary), 1 << 1, "word 1 of two[1]");
        assert_eq!(marked(&keys), 1, "no other row");
        keys.widen(64 * 70).expect("room");
        assert_eq!(
            get(&keys.full, keys.summary_start(TWO, 1)),
            1 << 1,
            "kept when widened"
        );
        keys.check_summaries();
    }

    /// Keys of `rows` rows and `words` words a row, with whole words held:
    /// (table, row, first word, last word).
    fn held_words(rows: usize, words: usize, runs: &[(usize, usize, usize, usize)]) -> Keys {
        let keys = Keys::new(rows, 64 * words).expect("room");
        for &(table, row, first, last) in runs {
            let start = keys.start(table, row);
            for col in 64 * first..64 * (last + 1) {
                keys.set(start, col);
            }
        }
        keys
    }

    #[test]
    fn a_jump_passes_the_words_one_row_of_each_group_holds() {
        // x = 3, y = 70: B (two_t[3]) and C (two_t[70], all[67]) are shifted;
        // B's word w is made of its words w - 2 and w - 1, C's of w - 1 and w.
        let (x, y, d) = (3, 70, 67);
        let runs = [
            (ONE, y, 2, 9),
            (TWO_T, x, 8, 19),
            (ALL, d, 20, 80),
            (ONE, x, 100, 102),
        ];
        let keys = held_words(80, 200, &runs);
        assert_eq!(
            keys.next_open_word(x, y, 2),
            81,
            "through A, B, C, past a block"
        );
        assert_eq!(keys.next_open_word(x, y, 82), 82, "an open word stays");
        assert_eq!(keys.next_open_word(x, y, 100), 103, "A's one[x]");
        assert_eq!(keys.next_open_word(x, y, 1), 1, "nothing held at word 1");
        // Word 81's first three columns are C's last held ones, shifted.
        assert_eq!(keys.first_free_from(x, y, 128), 64 * 81 + 3);
    }

    #[test]
    fn a_shifted_row_holds_a_word_only_with_the_word_before_it() {
        // x = 0, y = 64: B (two_t[0]) is unshifted, word w from its word w - 1;
        // C is unshifted, word w from word w. With y = 65, B is shifted.
        let keys = held_words(70, 64, &[(TWO_T, 0, 10, 10)]);
        assert_eq!(keys.next_open_word(0, 64, 11), 12, "unshifted: one word");
        assert_eq!(
            keys.next_open_word(0, 65, 11),
            11,
            "shifted: needs word 9 too"
        );
        let keys = held_words(70, 64, &[(TWO_T, 0, 9, 10)]);
        assert_eq!(keys.next_open_word(0, 65, 11), 12);
        let keys = held_words(70, 64, &[(ALL, 1, 9, 10)]);
        assert_eq!(keys.next_open_word(1, 2, 9), 9, "shifted C: needs word 8");
        assert_eq!(keys.next_open_word(1, 2, 10), 11);
    }

    #[test]
    fn a_jump_ends_past_the_rows() {
        // Every word of group A's rows held: past them, A reads as free.
        let keys = held_words(10, 3, &[(ONE, 5, 0, 2)]);
        assert_eq!(keys.next_open_word(5, 5, 0), 3);
        let bits = [AtomicU64::new(u64::MAX), AtomicU64::new(0b1011)];
        assert_eq!(bits_at(&bits, -2), u64::MAX << 2);
        assert_eq!(bits_at(&bits, 62), 0b101111);
        assert_eq!(bits_at(&bits, 64), 0b1011);
        assert_eq!(bits_at(&bits, 0), u64::MAX);
        assert_eq!(bits_at(&bits, 128), 0);
        assert_eq!(bits_at(&bits, -64), 0);
        assert_eq!(bits_at(&bits, -65), 0);
    }

    /// A xorshift generator: the random tables are the same on every run.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Whether a row read at columns `z - offset` holds the whole of the
    /// search's word `k` by itself, as its words show (not its summary):
    /// every word those 64 columns come from lies in the row and is full.
    fn holds_word(words: &[u64], offset: usize, k: usize) -> bool {
        let first = 64 * k as isize - offset as isize;
        let (low, high) = (first.div_euclid(64), (first + 63).div_euclid(64));
        (low..=high).all(|i| usize::try_from(i).is_ok_and(|i| words.get(i) == Some(&u64::MAX)))
    }

    #[test]
    fn a_jump_stops_at_the_first_word_no_row_holds_whole() {
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        // Rows of 140 words, three summary words each. Piles from 64 on start
        // B and C words into their rows, and 63 shifts them by all but one.
        let (rows, words) = (200, 140);
        for _ in 0..300 {
            let x = [0, 1, 63, 64, 65, 127, 128, random.below(rows)][random.below(8)];
            let y = x + random.below(rows - x);
            let d = y - x;
            // The six rows of the search (x, y), each with its column's offset
            // from z.
            let six = [
                (ONE, y, 0),
                (ONE, x, 0),
                (TWO, d, 0),
                (TWO_T, x, y),
                (TWO_T, y, x),
                (ALL, d, x),
            ];
            let mut runs = Vec::new();
            for &(table, row, _) in &six {
                for _ in 0..random.below(4) {
                    let first = random.below(words);
                    let last = (first + random.below(40)).min(words - 1);
                    runs.push((table, row, first, last));
                }
            }
            let keys = held_words(rows, words, &runs);
            let six: Vec<(Vec<u64>, usize)> = six
                .iter()
                .map(|&(table, row, offset)| (keys.row(table, row), offset))
                .collect();
            for w in y / 64..words + 3 {
                let open = (w..)
                    .find(|&k| !six.iter().any(|(row, offset)| holds_word(row, *offset, k)))
                    .expect("past the rows no word is held");
                assert_eq!(
                    keys.next_open_word(x, y, w),
                    open,
                    "the search ({x}, {y}) from word {w}"
                );
            }
        }
    }

    /// The memory estimates count one widening's copy: the rows ask for
    /// exactly the room they fill, not a vector's doubling.
    #[test]
    fn a_widening_asks_for_exactly_the_room_it_fills() {
        let mut keys = Keys::new(3, 64 * 64).expect("room");
        assert_eq!(keys.stride, 66);
        // By half again at least: 99 words, padded to 102.
        keys.widen(0).expect("room");
        assert_eq!(keys.stride, 102);
        assert_eq!(keys.words.len(), 3 * TABLES * 102);
        assert_eq!(keys.words.capacity(), keys.words.len());
        assert_eq!(keys.full.capacity(), keys.full.len());
    }

    #[test]
    fn a_widening_the_allocator_refuses_leaves_the_keys_as_they_were() {
        let mut keys = keys_holding(3, 200, [(ONE, 1, 5), (ALL, 2, 130), (TWO, 0, 64)]);
        let rows = |keys: &Keys| {
            (
                keys.stride,
                keys.row(ONE, 1),
                keys.row(ALL, 2),
                keys.row(TWO, 0),
            )
        };
        let before = rows(&keys);
        // Rows 2^60 columns wide: 2^57 bytes each, past any machine.
        assert!(keys.widen(1 << 60).is_err());
        assert_eq!(rows(&keys), before);
        keys.check_summaries();
    }

    #[test]
    fn widening_keeps_every_bit() {
        let mut keys = Keys::new(3, 1).expect("room");
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
                keys.widen(col).expect("room");
            }
            let start = keys.start(table, row);
            keys.set(start, col);
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
