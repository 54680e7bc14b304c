//! Sprague-Grundy values: the value of every sorted position with piles up to
//! a limit, found along the seven key lines the way the key scan finds the
//! losing positions (GAME.md, "Grundy values and sums of games").

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use crate::Progress;

/// Why a Grundy table was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GrundyError {
    /// The limit is past [`GrundyTable::MAX_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u32,
    },
    /// The allocator refused the table's memory, asked for up front.
    OutOfMemory {
        /// The bytes the computation needs at its peak
        /// ([`GrundyTable::memory_needed`]).
        needed: u64,
    },
}

impl core::fmt::Display for GrundyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GrundyError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a Grundy table: the largest is {}",
                GrundyTable::MAX_LIMIT
            ),
            GrundyError::OutOfMemory { needed } => write!(
                f,
                "a Grundy table needs {needed} bytes of memory, which could not be allocated"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for GrundyError {}

/// [`GrundyError::LimitTooLarge`] for a limit past [`GrundyTable::MAX_LIMIT`], the
/// check made before any memory is asked for. A function of its own: at the
/// largest limit the check passes but the computation would need about a
/// terabyte, so only the check can be tested there.
fn refuse_past_max(limit: u32) -> Result<(), GrundyError> {
    if limit > GrundyTable::MAX_LIMIT {
        return Err(GrundyError::LimitTooLarge { limit });
    }
    Ok(())
}

/// The sizes of the computation for a limit, in elements (not bytes), in
/// `u128` so that no limit overflows.
struct Sizes {
    /// Sorted positions `x <= y <= z <= L`: the values.
    positions: u128,
    /// Pairs `x <= y <= L`: the rows of values, and the lines of K1 and K3.
    pairs: u128,
    /// Lines of K2: every difference and untouched pile, `(L + 1)^2`.
    k2_lines: u128,
    /// Words of each line's bitset to start with.
    words_per_line: u128,
}

impl Sizes {
    const fn of(limit: u32) -> Sizes {
        let n = limit as u128 + 1;
        Sizes {
            positions: n * (n + 1) * (n + 2) / 6,
            pairs: n * (n + 1) / 2,
            k2_lines: n * n,
            words_per_line: first_words_per_line(limit) as u128,
        }
    }

    /// Bytes at the peak: the values, the row starts and the three kinds of
    /// lines, all held at once, and a widened copy of the largest kind.
    const fn bytes(&self) -> u128 {
        let values = 2 * self.positions;
        let rows = 8 * self.pairs;
        let lines = 8 * self.words_per_line * (2 * self.pairs + 2 * self.k2_lines);
        values + rows + lines
    }
}

/// The words a line's bitset starts with: values up to `2L + 64`. Values
/// stay below about `1.9L` in practice (at least to 500), so the lines
/// rarely widen; a value past them widens every line, so the width is no
/// assumption of correctness. (The proven bound, `7L`, would take over three
/// times the memory, and twice the time at 500: BENCHMARKS.md.)
const fn first_words_per_line(limit: u32) -> usize {
    (2 * limit as usize) / 64 + 2
}

/// The Sprague-Grundy value of every sorted position with piles up to a
/// limit.
///
/// A position's value is the smallest number that is not the value of a
/// position it can move to (the *mex* of its options). A position is losing
/// exactly when its value is 0, and a sum of games, where a move changes one
/// game, is lost exactly when the XOR of its games' values is 0 (GAME.md).
///
/// ```
/// use stone_game::GrundyTable;
/// let table = GrundyTable::compute(10)?;
/// assert_eq!(table.value(1, 3, 3), Some(0)); // losing
/// assert_eq!(table.value(0, 0, 1), Some(1)); // one move, to a losing position
/// assert_eq!(table.value(1, 1, 1), Some(3)); // options (0,1,1), (0,0,1), (0,0,0)
/// assert_eq!(table.value(2, 0, 1), Some(0)); // any pile order
/// assert_eq!(table.value(0, 0, 11), None); // past the limit
/// // The sum of (0, 0, 1) and (0, 1, 1): 1 XOR 2 is not 0, so it is won.
/// assert_eq!(table.value(0, 1, 1), Some(2));
/// # Ok::<(), stone_game::GrundyError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GrundyTable {
    limit: u32,
    /// The values of the sorted positions, by rows `(x, y)` of `z` from `y`
    /// to the limit, rows in scan order (x, then y).
    values: Vec<u16>,
    /// Where row `(x, y)` starts in `values`, by the [`pair`] `(x, y)`.
    row_starts: Vec<usize>,
}

impl core::fmt::Debug for GrundyTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GrundyTable")
            .field("limit", &self.limit)
            .field("positions", &self.values.len())
            .finish_non_exhaustive()
    }
}

/// The bitsets of the values seen on every key line, `words` words per line:
/// K1(a, b) and K3(g, h) by the [`pair`] `a <= b`, K2(d, u) by
/// `u * (L + 1) + d`.
///
/// The layouts are chosen for the walk along z of one pair (x, y): six of
/// the seven lines then move to the next line in memory at each step
/// (K1(x, z), K1(y, z), K2(z - y, x), K2(z - x, y), K3(y - x, z - x), and
/// K1(x, y) stays), which the prefetcher follows: a third less time at
/// 500 than the partner tables' layout of pairs (BENCHMARKS.md, "Grundy
/// values").
struct KeyLines {
    side: usize,
    words: usize,
    one: Vec<u64>,
    two: Vec<u64>,
    all: Vec<u64>,
}

/// The first word of each of the seven lines of a position: three of `one`,
/// three of `two`, one of `all`.
type Starts = [usize; 7];

impl KeyLines {
    fn new(limit: u32, pairs: usize, words: usize) -> Result<KeyLines, TryReserveError> {
        let side = limit as usize + 1;
        Ok(KeyLines {
            side,
            words,
            one: zeroed(pairs.saturating_mul(words))?,
            two: zeroed((side * side).saturating_mul(words))?,
            all: zeroed(pairs.saturating_mul(words))?,
        })
    }

    /// The lines of the sorted `(x, y, z)` (GAME.md, section 4).
    fn starts(&self, x: usize, y: usize, z: usize) -> Starts {
        let w = self.words;
        let side = self.side;
        [
            pair(side, x, y) * w,
            pair(side, x, z) * w,
            pair(side, y, z) * w,
            (z * side + (y - x)) * w,
            (x * side + (z - y)) * w,
            (y * side + (z - x)) * w,
            pair(side, y - x, z - x) * w,
        ]
    }

    /// The smallest value seen on none of the lines, a word of all seven at
    /// a time; `words * 64` when every bit is seen.
    fn mex(&self, s: &Starts) -> usize {
        let (one, two, all) = (&self.one, &self.two, &self.all);
        for w in 0..self.words {
            let seen = one[s[0] + w]
                | one[s[1] + w]
                | one[s[2] + w]
                | two[s[3] + w]
                | two[s[4] + w]
                | two[s[5] + w]
                | all[s[6] + w];
            if seen != u64::MAX {
                return w * 64 + (!seen).trailing_zeros() as usize;
            }
        }
        self.words * 64
    }

    /// Marks `value`, which the lines are wide enough for, on all seven.
    fn mark(&mut self, s: &Starts, value: usize) {
        let (word, bit) = (value / 64, 1 << (value % 64));
        for &start in &s[..3] {
            self.one[start + word] |= bit;
        }
        for &start in &s[3..6] {
            self.two[start + word] |= bit;
        }
        self.all[s[6] + word] |= bit;
    }

    /// Makes every line wide enough for `value`, keeping every bit.
    fn widen(&mut self, value: usize) -> Result<(), TryReserveError> {
        let words = (value / 64 + 1).max(self.words + self.words / 2);
        for lines in [&mut self.one, &mut self.two, &mut self.all] {
            let mut wider = zeroed((lines.len() / self.words).saturating_mul(words))?;
            for (old, new) in lines
                .chunks_exact(self.words)
                .zip(wider.chunks_exact_mut(words))
            {
                new[..old.len()].copy_from_slice(old);
            }
            *lines = wider;
        }
        self.words = words;
        Ok(())
    }
}

/// `len` zero words, or the allocator's refusal.
fn zeroed(len: usize) -> Result<Vec<u64>, TryReserveError> {
    let mut words = Vec::new();
    words.try_reserve_exact(len)?;
    words.resize(len, 0);
    Ok(words)
}

/// The index of the pair `a <= b < side` among all such pairs, by rows of
/// the smaller pile: `(0, 0), (0, 1), ..., (0, L), (1, 1), ...`, so that
/// `(a, b)` and `(a, b + 1)` are neighbours. (The partner tables'
/// `format::pair_index` goes by the larger pile instead, so that a table is a
/// prefix of a larger one.) Every pair up to a limit the table accepts has
/// an index that fits `usize`: that is checked before the work starts.
fn pair(side: usize, a: usize, b: usize) -> usize {
    // Row a starts after the rows 0..a, of side - i pairs each.
    a * side - a * a.saturating_sub(1) / 2 + (b - a)
}

impl GrundyTable {
    /// The largest limit [`GrundyTable::compute`] takes. A position's value
    /// is at most its number of moves, `4x + 2y + z <= 7L` for sorted
    /// `x <= y <= z <= L` (GAME.md), and the table keeps values in `u16`:
    /// `7 * 9362 <= u16::MAX`. Memory refuses far smaller limits on most
    /// machines ([`GrundyTable::memory_needed`]).
    pub const MAX_LIMIT: u32 = u16::MAX as u32 / 7;

    /// The memory, in bytes, that [`GrundyTable::compute`] needs at its peak
    /// for `limit` (saturating at `u64::MAX`): two bytes a sorted position
    /// for the values, and a bitset of about `2L` bits for each of the about
    /// `2(L + 1)^2` key lines, plus room for a widened copy of a third of
    /// them. The lines are freed once the values are known.
    ///
    /// ```
    /// use stone_game::GrundyTable;
    /// let bytes = GrundyTable::memory_needed(300);
    /// assert!(bytes > 10_000_000 && bytes < 40_000_000);
    /// assert_eq!(GrundyTable::memory_needed(u32::MAX), u64::MAX);
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        let bytes = Sizes::of(limit).bytes();
        if bytes > u64::MAX as u128 {
            u64::MAX
        } else {
            bytes as u64
        }
    }

    /// The values of every position with piles up to `limit`, in
    /// [`GrundyTable::memory_needed(limit)`](Self::memory_needed) bytes, all
    /// asked of the allocator before the work starts. Under half a second at
    /// 300 on two cores (BENCHMARKS.md); the time grows about as the fourth
    /// power of the limit.
    ///
    /// ```
    /// use stone_game::{GrundyError, GrundyTable};
    /// assert_eq!(
    ///     GrundyTable::compute(100_000).unwrap_err(),
    ///     GrundyError::LimitTooLarge { limit: 100_000 }
    /// );
    /// ```
    pub fn compute(limit: u32) -> Result<GrundyTable, GrundyError> {
        GrundyTable::compute_with_progress(limit, |_| {})
    }

    /// [`compute`](Self::compute), calling `progress` after each value of the
    /// smallest pile, as [`ScannedTables::scan_with_progress`] does; it
    /// counts the pairs `(x, y)` whose row of values is done.
    ///
    /// [`ScannedTables::scan_with_progress`]: crate::ScannedTables::scan_with_progress
    ///
    /// ```
    /// let mut reports = Vec::new();
    /// stone_game::GrundyTable::compute_with_progress(10, |p| reports.push(p.pairs_done))?;
    /// assert_eq!(reports.len(), 11);
    /// assert_eq!(reports.last(), Some(&66)); // every pair x <= y <= 10
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    pub fn compute_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<GrundyTable, GrundyError> {
        refuse_past_max(limit)?;
        GrundyTable::compute_from_width(limit, first_words_per_line(limit), progress)
    }

    /// The computation, with lines `words` words wide to start with, so
    /// that tests can make them widen.
    fn compute_from_width(
        limit: u32,
        words: usize,
        mut progress: impl FnMut(Progress),
    ) -> Result<GrundyTable, GrundyError> {
        let out_of_memory = |_: TryReserveError| GrundyError::OutOfMemory {
            needed: GrundyTable::memory_needed(limit),
        };
        let sizes = Sizes::of(limit);
        let (Ok(positions), Ok(pairs), Ok(_)) = (
            usize::try_from(sizes.positions),
            usize::try_from(sizes.pairs),
            usize::try_from(sizes.bytes()),
        ) else {
            return Err(GrundyError::OutOfMemory {
                needed: GrundyTable::memory_needed(limit),
            });
        };
        let mut values = Vec::new();
        values.try_reserve_exact(positions).map_err(out_of_memory)?;
        let mut row_starts = Vec::new();
        row_starts.try_reserve_exact(pairs).map_err(out_of_memory)?;
        row_starts.resize(pairs, 0);
        let mut lines = KeyLines::new(limit, pairs, words).map_err(out_of_memory)?;

        let side = limit as usize + 1;
        let pairs_total = sizes.pairs as u64;
        let mut pairs_done = 0;
        for x in 0..side {
            for y in x..side {
                row_starts[pair(side, x, y)] = values.len();
                for z in y..side {
                    let mut starts = lines.starts(x, y, z);
                    let value = lines.mex(&starts);
                    if value >= lines.words * 64 {
                        lines.widen(value).map_err(out_of_memory)?;
                        starts = lines.starts(x, y, z);
                    }
                    // value <= 7L <= u16::MAX (GrundyTable::MAX_LIMIT).
                    values.push(value as u16);
                    lines.mark(&starts, value);
                }
            }
            pairs_done += (side - x) as u64;
            progress(Progress::new(pairs_done, pairs_total));
        }
        Ok(GrundyTable {
            limit,
            values,
            row_starts,
        })
    }

    /// The limit: the largest pile the table covers.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// The Grundy value of the position `a`, `b`, `c`, piles in any order;
    /// `None` when a pile is past the limit.
    ///
    /// ```
    /// let table = stone_game::GrundyTable::compute(20)?;
    /// // With one pile empty, Wythoff's game: the value of (1, 2) there is 0.
    /// assert_eq!(table.value(0, 2, 1), Some(0));
    /// assert_eq!(table.value(u64::MAX, 0, 0), None);
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    pub fn value(&self, a: u64, b: u64, c: u64) -> Option<u32> {
        let (x, y, z) = crate::tables::sorted(a, b, c);
        if z > u64::from(self.limit) {
            return None;
        }
        // z <= limit <= GrundyTable::MAX_LIMIT: the casts are exact.
        let (x, y, z) = (x as usize, y as usize, z as usize);
        let start = *self.row_starts.get(pair(self.limit as usize + 1, x, y))?;
        self.values.get(start + (z - y)).map(|&v| u32::from(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// The bytes the computation for `limit` holds from its start: the
    /// values and row starts the table keeps (one a sorted position, one a
    /// pair), and the key lines as they are first made; and the bytes of its
    /// largest kind of lines.
    fn held_and_largest_lines(limit: u32) -> (u64, u64) {
        let table = GrundyTable::compute(limit).unwrap();
        let pairs = table.row_starts.len();
        let lines = KeyLines::new(limit, pairs, first_words_per_line(limit)).unwrap();
        let bytes = |len: usize, size: usize| (len * size) as u64;
        let line_bytes = [&lines.one, &lines.two, &lines.all].map(|l| bytes(l.len(), 8));
        let held = bytes(table.values.len(), size_of::<u16>())
            + bytes(table.row_starts.len(), size_of::<usize>())
            + line_bytes.iter().sum::<u64>();
        (held, line_bytes.into_iter().max().unwrap())
    }

    #[test]
    fn the_memory_estimate_covers_the_tables_and_a_copy_of_the_largest_lines() {
        for limit in [0, 1, 2, 10, 31, 32, 33, 100] {
            let (held, largest) = held_and_largest_lines(limit);
            let needed = GrundyTable::memory_needed(limit);
            // Room for everything held and for widening the largest kind
            // of lines, which holds the old and the new copy at once.
            assert!(needed >= held + largest, "limit {limit}: {needed}");
            // Not a bound so loose that it says nothing.
            assert!(needed < 2 * held, "limit {limit}: {needed}");
        }
    }

    /// The values and the lines both grow as the cube of the limit (L^3 / 6
    /// positions; about 2L^2 lines of about 2L bits): each doubling of a
    /// large limit multiplies the estimate by nearly eight.
    #[test]
    fn the_memory_estimate_grows_as_the_cube_of_the_limit() {
        crate::estimates::grow_as_the_cube(
            GrundyTable::memory_needed,
            &[500, 1000, 2000, 4000, 8000],
        );
    }

    #[test]
    fn the_memory_estimate_saturates_rather_than_wrapping() {
        crate::estimates::saturate_rather_than_wrap(GrundyTable::memory_needed);
    }

    #[test]
    fn the_lines_start_wide_enough_for_every_value() {
        // Values stay below about 1.9L, so at the first width nothing
        // widens and the peak stays within the memory estimate.
        for limit in [100, 150] {
            let table = GrundyTable::compute(limit).unwrap();
            let largest = usize::from(*table.values.iter().max().unwrap());
            assert!(
                largest < 64 * first_words_per_line(limit),
                "limit {limit}: {largest}"
            );
        }
    }

    #[test]
    fn lines_that_start_narrow_widen_to_the_same_values() {
        let table = GrundyTable::compute(70).unwrap();
        // Values reach past 64 at 70 (the largest is about 1.9 * 70).
        assert!(table.values.iter().any(|&v| v >= 128));
        assert_eq!(
            GrundyTable::compute_from_width(70, 1, |_| {}).unwrap(),
            table
        );
    }

    #[test]
    fn lines_that_widen_keep_the_definition() {
        // One word a line, at a limit whose values pass 64: the lines widen.
        let table = GrundyTable::compute_from_width(40, 1, |_| {}).unwrap();
        assert!(table.values.iter().any(|&v| v >= 64));
        // Every value is the smallest that none of its options has.
        for x in 0..=40 {
            for y in x..=40 {
                for z in y..=40 {
                    let p = [x, y, z];
                    let options: Vec<u32> = crate::Move::all_from(p)
                        .map(|m| {
                            let [a, b, c] = m.apply(p).unwrap();
                            table.value(a, b, c).unwrap()
                        })
                        .collect();
                    let mex = (0..).find(|v| !options.contains(v));
                    assert_eq!(table.value(x, y, z), mex, "{p:?}");
                }
            }
        }
    }

    #[test]
    fn widening_keeps_every_line_and_its_bits() {
        // Two words a line: with one, a line count times the width is the
        // line count itself.
        let (limit, words) = (3, 2);
        let pairs = 10; // a <= b <= 3
        let mut lines = KeyLines::new(limit, pairs, words).unwrap();
        // Every value of the first two words on (0, 1, 2)'s lines, and one
        // value on (1, 2, 3)'s, which shares two of them, K1(1, 2) and
        // K3(1, 2).
        let first = lines.starts(0, 1, 2);
        for value in 0..128 {
            lines.mark(&first, value);
        }
        lines.mark(&lines.starts(1, 2, 3), 5);
        assert_eq!(lines.mex(&first), 128);
        lines.widen(128).unwrap();
        assert!(lines.words > words);
        // Each kind keeps its number of lines.
        assert_eq!(lines.one.len(), pairs * lines.words);
        assert_eq!(lines.two.len(), 16 * lines.words);
        assert_eq!(lines.all.len(), pairs * lines.words);
        // The bits moved with their lines, and the new words are clear.
        let first = lines.starts(0, 1, 2);
        assert_eq!(lines.mex(&first), 128);
        lines.mark(&first, 128);
        assert_eq!(lines.mex(&first), 129);
        assert_eq!(lines.mex(&lines.starts(1, 2, 3)), 129);
        assert_eq!(lines.mex(&lines.starts(2, 2, 2)), 0);
        let bits: u32 = [&lines.one, &lines.two, &lines.all]
            .iter()
            .flat_map(|l| l.iter())
            .map(|w| w.count_ones())
            .sum();
        // 129 values on seven lines, and 5 on the five others of (1, 2, 3).
        assert_eq!(bits, 129 * 7 + 5);
    }

    #[test]
    fn the_largest_limit_keeps_values_in_u16() {
        // A value is at most 7L (GAME.md), which fits u16 up to the largest
        // limit and no further.
        assert!(7 * u64::from(GrundyTable::MAX_LIMIT) <= u64::from(u16::MAX));
        assert!(7 * u64::from(GrundyTable::MAX_LIMIT + 1) > u64::from(u16::MAX));
        // The largest is taken, the next refused.
        assert_eq!(refuse_past_max(GrundyTable::MAX_LIMIT), Ok(()));
        assert_eq!(
            GrundyTable::compute(GrundyTable::MAX_LIMIT + 1),
            Err(GrundyError::LimitTooLarge {
                limit: GrundyTable::MAX_LIMIT + 1
            })
        );
    }

    #[test]
    fn errors_say_what_was_refused_and_why() {
        let too_large = GrundyError::LimitTooLarge { limit: 10_000 };
        assert_eq!(
            format!("{too_large}"),
            "limit 10000 is too large for a Grundy table: the largest is 9362"
        );
        let out_of_memory = GrundyError::OutOfMemory { needed: 12_345 };
        assert_eq!(
            format!("{out_of_memory}"),
            "a Grundy table needs 12345 bytes of memory, which could not be allocated"
        );
    }

    #[test]
    fn a_table_tells_its_limit_and_its_size() {
        let table = GrundyTable::compute(10).unwrap();
        assert_eq!(table.limit(), 10);
        // 286 sorted positions x <= y <= z <= 10; not the values themselves.
        assert_eq!(
            format!("{table:?}"),
            "GrundyTable { limit: 10, positions: 286, .. }"
        );
    }
}
