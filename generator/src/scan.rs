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

/// What one run of the scan finds for a limit `L`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scan {
    /// The limit: the largest pile of the triples, and of both piles of the pairs.
    pub limit: u32,
    /// Every losing triple `x <= y <= z <= limit`, in lexicographic order.
    pub triples: Vec<[u16; 3]>,
    /// The partner of every pair `a <= b <= limit`, at
    /// [`pair_index(a, b)`](crate::format::pair_index). Partners may exceed the limit.
    pub partners: Vec<u32>,
}

/// Why a scan was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// The memory, in bytes, that [`Scan::run`] needs at its peak for `limit`.
///
/// An estimate from the table sizes: partners stay below `2L + 64` in
/// practice (GAME.md), which sizes the bitset rows.
///
/// ```
/// let bytes = stone_game_generator::scan::memory_needed(1000);
/// assert!(bytes > 1_000_000 && bytes < 10_000_000);
/// ```
pub const fn memory_needed(limit: u32) -> u64 {
    let rows = limit as u64 + 1;
    let row_bytes = (2 * limit as u64 + 128) / 8;
    let bitsets = 5 * rows * row_bytes;
    let partners = 4 * pair_count(limit) as u64;
    // About 0.12 L^2 losing triples of six bytes each; 0.125 bounds it.
    let triples = 6 * rows * rows / 8;
    bitsets + partners + triples
}

/// Rows of bits that grow to the right on demand; bits past a row's end read 0.
struct BitRows {
    rows: Vec<Vec<u64>>,
}

impl BitRows {
    fn new(rows: usize) -> Self {
        BitRows {
            rows: vec![Vec::new(); rows],
        }
    }

    fn set(&mut self, row: usize, col: usize) {
        let Some(bits) = self.rows.get_mut(row) else {
            return; // a row past the limit: never read
        };
        let word = col / 64;
        if bits.len() <= word {
            // Grow by at least half again, so a row is copied O(log) times.
            let len = (word + 1).max(bits.len() + bits.len() / 2);
            bits.resize(len, 0);
        }
        bits[word] |= 1 << (col % 64);
    }

    fn get(&self, row: usize, col: usize) -> bool {
        word_at(&self.rows[row], col) & 1 == 1
    }
}

/// The 64 bits of `row` starting at bit `col`, zeros past the end.
#[inline]
fn word_at(row: &[u64], col: usize) -> u64 {
    let (word, shift) = (col / 64, col % 64);
    let low = row.get(word).copied().unwrap_or(0);
    if shift == 0 {
        return low;
    }
    let high = row.get(word + 1).copied().unwrap_or(0);
    (low >> shift) | (high << (64 - shift))
}

/// The keys held by the losing triples found so far.
struct Keys {
    one: BitRows,
    two: BitRows,
    two_t: BitRows,
    all: BitRows,
}

impl Keys {
    fn new(limit: usize) -> Self {
        Keys {
            one: BitRows::new(limit + 1),
            two: BitRows::new(limit + 1),
            two_t: BitRows::new(limit + 1),
            all: BitRows::new(limit + 1),
        }
    }

    /// The first `z >= y` for which `(x, y, z)` holds none of the six keys that
    /// move with `z`: the partner of `(x, y)` when `K1(x, y)` is free.
    fn first_free_z(&self, x: usize, y: usize) -> usize {
        let rows = [
            &self.one.rows[y][..],
            &self.one.rows[x][..],
            &self.two.rows[y - x][..],
            &self.two_t.rows[x][..],
            &self.two_t.rows[y][..],
            &self.all.rows[y - x][..],
        ];
        let mut z = y;
        loop {
            let held = word_at(rows[0], z)
                | word_at(rows[1], z)
                | word_at(rows[2], z)
                | word_at(rows[3], z - y)
                | word_at(rows[4], z - x)
                | word_at(rows[5], z - x);
            if held != u64::MAX {
                return z + (!held).trailing_zeros() as usize;
            }
            z += 64;
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
    /// assert_eq!(scan.triples, [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
    /// # Ok::<(), stone_game_generator::scan::ScanError>(())
    /// ```
    pub fn run(limit: u32) -> Result<Scan, ScanError> {
        Scan::run_with_progress(limit, |_| {})
    }

    /// [`Scan::run`], calling `progress` after each value of the smallest pile.
    pub fn run_with_progress(
        limit: u32,
        mut progress: impl FnMut(Progress),
    ) -> Result<Scan, ScanError> {
        if limit > MAX_SCAN_LIMIT {
            return Err(ScanError::LimitTooLarge {
                limit: limit as u64,
            });
        }
        let l = limit as usize;
        let pairs_total = pair_count(limit);
        let mut keys = Keys::new(l);
        let mut partners = vec![u32::MAX; pairs_total];
        let mut triples = Vec::new();
        let mut pairs_done = 0u64;
        for x in 0..=l {
            for y in x..=l {
                // A held K1(x, y): an earlier losing triple holds both piles,
                // so the partner was recorded then and every z >= y is winning.
                if keys.one.get(x, y) {
                    continue;
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
            }
            pairs_done += (l - x + 1) as u64;
            progress(Progress {
                pairs_done,
                pairs_total: pairs_total as u64,
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
