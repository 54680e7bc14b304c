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

use alloc::vec;
use alloc::vec::Vec;

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

/// Rows of bits in one allocation, `stride` words each. The rows widen
/// together when a bit lands past them (a partner ran further than any
/// before), so no bound on partners is assumed; bits past a row read 0.
struct BitRows {
    rows: usize,
    stride: usize,
    words: Vec<u64>,
}

impl BitRows {
    /// `rows` rows of at least `cols` columns.
    fn new(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64) + 1;
        BitRows {
            rows,
            stride,
            words: vec![0; rows * stride],
        }
    }

    #[inline]
    fn row(&self, row: usize) -> &[u64] {
        &self.words[row * self.stride..(row + 1) * self.stride]
    }

    #[inline]
    fn set(&mut self, row: usize, col: usize) {
        if row >= self.rows {
            return; // a row past the limit: never read
        }
        let word = col / 64;
        if word >= self.stride {
            self.widen(word + 1);
        }
        self.words[row * self.stride + word] |= 1 << (col % 64);
    }

    #[cold]
    /// Re-lays the rows at least `min_stride` words wide, growing by half
    /// again at least, so the rows are copied O(log) times in all.
    fn widen(&mut self, min_stride: usize) {
        let stride = min_stride.max(self.stride + self.stride / 2);
        let mut words = vec![0; self.rows * stride];
        for (new, old) in words
            .chunks_exact_mut(stride)
            .zip(self.words.chunks_exact(self.stride))
        {
            new[..old.len()].copy_from_slice(old);
        }
        self.stride = stride;
        self.words = words;
    }
}

/// The 64 bits of `row` starting at bit `col`, zeros past the end.
#[inline]
fn word_at(row: &[u64], col: usize) -> u64 {
    funnel(row, col / 64, (col % 64) as u32)
}

/// Words `word` and `word + 1` of `row` (zeros past its end) shifted right by
/// `shift < 64`, as one 64-bit window: no branch on the shift.
#[inline]
fn funnel(row: &[u64], word: usize, shift: u32) -> u64 {
    let low = row.get(word).copied().unwrap_or(0);
    let high = row.get(word + 1).copied().unwrap_or(0);
    // `high << (64 - shift)` in two steps, so that shift 0 needs no branch.
    (low >> shift) | ((high << 1) << (63 - shift))
}

/// The keys held by the losing triples found so far.
struct Keys {
    one: BitRows,
    two: BitRows,
    two_t: BitRows,
    all: BitRows,
}

impl Keys {
    /// Tables for pairs up to `limit`, `cols` columns wide to start with.
    fn new(limit: usize, cols: usize) -> Self {
        Keys {
            one: BitRows::new(limit + 1, cols),
            two: BitRows::new(limit + 1, cols),
            two_t: BitRows::new(limit + 1, cols),
            all: BitRows::new(limit + 1, cols),
        }
    }

    /// The first `z >= y` for which `(x, y, z)` holds none of the six keys that
    /// move with `z`: the partner of `(x, y)` when `K1(x, y)` is free.
    fn first_free_z<'a>(&'a self, x: usize, y: usize) -> usize {
        // Each row's window starts at the column it reads for z = y; the six
        // windows then advance together, 64 columns a step, shifts fixed.
        let window = |row: &'a [u64], col: usize| (row, col / 64, (col % 64) as u32);
        let (r0, w0, s0) = window(self.one.row(y), y);
        let (r1, w1, s1) = window(self.one.row(x), y);
        let (r2, w2, s2) = window(self.two.row(y - x), y);
        let (r3, w3, s3) = window(self.two_t.row(x), 0);
        let (r4, w4, s4) = window(self.two_t.row(y), y - x);
        let (r5, w5, s5) = window(self.all.row(y - x), y - x);
        let mut step = 0;
        loop {
            let held = funnel(r0, w0 + step, s0)
                | funnel(r1, w1 + step, s1)
                | funnel(r2, w2 + step, s2)
                | funnel(r3, w3 + step, s3)
                | funnel(r4, w4 + step, s4)
                | funnel(r5, w5 + step, s5);
            if held != u64::MAX {
                return y + 64 * step + (!held).trailing_zeros() as usize;
            }
            step += 1;
        }
    }

    /// Marks the seven keys of the losing triple `x <= y <= z`.
    fn hold(&mut self, x: usize, y: usize, z: usize) {
        self.one.set(x, y);
        self.one.set(x, z);
        self.one.set(y, z);
        // Each K2 goes into both orientations; rows past the limit are dropped.
        for (diff, untouched) in [(y - x, z), (z - y, x), (z - x, y)] {
            self.two.set(diff, untouched);
            self.two_t.set(untouched, diff);
        }
        self.all.set(y - x, z - x);
    }
}

impl Scan {
    /// Scans every pair `a <= b <= limit`.
    ///
    /// ```
    /// use stone_game_generator::scan::Scan;
    /// let scan = Scan::run(4)?;
    /// assert_eq!(scan.triples(), [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
    /// # Ok::<(), stone_game_generator::scan::ScanError>(())
    /// ```
    pub fn run(limit: u32) -> Result<Scan, ScanError> {
        Scan::run_with_progress(limit, |_| {})
    }

    /// [`Scan::run`], calling `progress` after each value of the smallest pile.
    pub fn run_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        Scan::run_from_width(limit, None, progress)
    }

    /// The scan, with tables `initial_cols` columns wide to start with (by
    /// default about `2 * limit`), so tests can make them widen.
    fn run_from_width(
        limit: u32,
        initial_cols: Option<usize>,
        mut progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        if limit > MAX_SCAN_LIMIT {
            return Err(ScanError::LimitTooLarge {
                limit: limit as u64,
            });
        }
        let l = limit as usize;
        let pairs_total = pair_count(limit);
        // Partners stay below 2L in practice (GAME.md): start that wide, so
        // the tables rarely widen.
        let mut keys = Keys::new(l, initial_cols.unwrap_or(2 * l + 2));
        // limit <= MAX_SCAN_LIMIT: about 2^31 pairs at most.
        let mut partners = vec![u32::MAX; pairs_total as usize];
        let mut triples = Vec::new();
        let mut pairs_done = 0u64;
        for x in 0..=l {
            let mut y = x;
            loop {
                // A held K1(x, y): an earlier losing triple holds both piles,
                // so the partner was recorded then and every z >= y is
                // winning. Skip such pairs a word of row `x` at a time.
                let held = word_at(keys.one.row(x), y);
                y += held.trailing_ones() as usize;
                if held == u64::MAX {
                    continue;
                }
                if y > l {
                    break;
                }
                let z = keys.first_free_z(x, y);
                keys.hold(x, y, z);
                // Partners stay below 6 * 65536 (GAME.md), far inside u32.
                let z32 = z as u32;
                partners[index(x, y)] = z32;
                if z <= l {
                    partners[index(x, z)] = y as u32;
                    partners[index(y, z)] = x as u32;
                    triples.push([x as u16, y as u16, z as u16]);
                }
                y += 1;
            }
            pairs_done += (l - x + 1) as u64;
            progress(Progress {
                pairs_done,
                pairs_total,
            });
        }
        Ok(Scan {
            limit,
            triples,
            partners,
        })
    }
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
            let narrow = Scan::run_from_width(limit, Some(1), |_| {});
            assert_eq!(narrow, Scan::run(limit), "limit {limit}");
        }
    }

    #[test]
    fn widening_keeps_every_bit() {
        let mut rows = BitRows::new(3, 1);
        let bits = [(0, 0), (1, 63), (2, 64), (1, 1000), (0, 5000), (2, 5001)];
        for (row, col) in bits {
            rows.set(row, col);
        }
        rows.set(3, 10); // past the last row: dropped
        for row in 0..3 {
            for col in 0..5100 {
                let expected = bits.contains(&(row, col));
                assert_eq!(
                    word_at(rows.row(row), col) & 1 == 1,
                    expected,
                    "({row}, {col})"
                );
            }
        }
    }
}
