//! Remoteness: how many moves a game lasts from each position when the
//! winner hurries and the loser delays, under either convention (GAME.md,
//! "Remoteness").

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

use crate::{Convention, Progress};

/// Who wins a position with perfect play: the player to move, or the other.
///
/// ```
/// use stone_game::{Convention, Outcome, RemotenessTable};
/// let table = RemotenessTable::compute(5, Convention::Normal)?;
/// let outcome = |a, b, c| table.value(a, b, c).map(|v| v.outcome);
/// assert_eq!(outcome(1, 3, 3), Some(Outcome::Lose));
/// assert_eq!(outcome(1, 3, 4), Some(Outcome::Win));
/// # Ok::<(), stone_game::RemotenessError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins: some move leads to a losing position
    /// (under misère, `(0, 0, 0)`, which has no move, too).
    Win,
    /// The player to move loses: every move leads to a winning position
    /// (under normal play, `(0, 0, 0)`, which has no move, too).
    Lose,
}

/// The outcome of a position and its remoteness: the number of moves left
/// when the winner plays to win as soon as possible and the loser to lose as
/// late as possible.
///
/// ```
/// use stone_game::{Convention, Outcome, RemotenessTable, Value};
/// let table = RemotenessTable::compute(10, Convention::Normal)?;
/// // Take all three piles at once: one move.
/// assert_eq!(table.value(5, 5, 5), Some(Value { outcome: Outcome::Win, remoteness: 1 }));
/// # Ok::<(), stone_game::RemotenessError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Who wins.
    pub outcome: Outcome,
    /// The moves left with perfect play: odd for a win and even for a loss
    /// under normal play, the other way round under misère (GAME.md).
    pub remoteness: u32,
}

/// Why a remoteness table was refused.
///
/// ```
/// use stone_game::{Convention, RemotenessError, RemotenessTable};
/// let past = RemotenessTable::MAX_LIMIT + 1;
/// let err = RemotenessTable::compute(past, Convention::Misere).unwrap_err();
/// assert_eq!(err, RemotenessError::LimitTooLarge { limit: past });
/// assert_eq!(
///     err.to_string(),
///     "limit 21845 is too large for a remoteness table: the largest is 21844"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RemotenessError {
    /// The limit is past [`RemotenessTable::MAX_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u32,
    },
    /// The allocator refused the table's memory.
    OutOfMemory {
        /// The bytes the computation needs at its peak
        /// ([`RemotenessTable::memory_needed`]).
        needed: u64,
    },
}

impl core::fmt::Display for RemotenessError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RemotenessError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a remoteness table: the largest is {}",
                RemotenessTable::MAX_LIMIT
            ),
            RemotenessError::OutOfMemory { needed } => write!(
                f,
                "a remoteness table needs {needed} bytes of memory, which could not be allocated"
            ),
        }
    }
}

impl core::error::Error for RemotenessError {}

/// A key line's entry in a finished table: the losing position on it, as its
/// place on the line in the low 16 bits (see [`Lines`]), and its remoteness
/// in the high 16; [`NONE`] for a line with no losing position.
type Entry = u32;

/// The [`Entry`] of a line with no losing position: its place, `u16::MAX`,
/// is past every pile of a table, so it is never before a position on the
/// line.
const NONE: Entry = EMPTY as Entry;

/// No losing position (yet) on a line, as a place and as a remoteness: past
/// every pile and every remoteness of a table.
const EMPTY: u16 = u16::MAX;

// Every remoteness, at most 3L, is below the mark of an empty line, and the
// next limit would not be.
const _: () = assert!(3 * RemotenessTable::MAX_LIMIT < EMPTY as u32);
const _: () = assert!(3 * (RemotenessTable::MAX_LIMIT + 1) >= EMPTY as u32);

/// The seven key lines of every position of the cube (GAME.md, section 4),
/// in one vector of `2 * pairs + squares` entries: K1(a, b) (`a <= b`) by
/// [`pair`], then K2(d, u) by `u * (L + 1) + d`, then K3(g, h) (`g <= h`) by
/// [`pair`]. An [`Entry`] a line: the one losing position on it, if any, and
/// its remoteness. A winning position's losing options are the
/// losing positions on its lines that come before it on the line (GAME.md,
/// section 4's lemma and theorem), so its remoteness is read from seven
/// entries.
///
/// The place of a position on a line, which orders the line: on K1(a, b)
/// the third pile; on K2(d, u), the positions `{u, p, p + d}`, `p`; on
/// K3(g, h), the positions `(t, t + g, t + h)`, `t`.
#[derive(Clone, PartialEq, Eq)]
struct Lines {
    side: usize,
    /// Where the K2 lines start; the K3 lines start `squares` later.
    two: usize,
    all: usize,
    entries: Vec<u32>,
}

/// The index of the pair `a <= b < side` among all such pairs, by rows of
/// the smaller pile, so that `(a, b)` and `(a, b + 1)` are neighbours.
#[inline(always)]
fn pair(side: usize, a: usize, b: usize) -> usize {
    a * side - a * a.saturating_sub(1) / 2 + (b - a)
}

/// The number of key lines for a limit, in `u128` so that no limit
/// overflows: a pair `a <= b <= L` for each K1 and each K3, and
/// `(L + 1)^2` K2.
const fn line_count(limit: u32) -> u128 {
    let side = limit as u128 + 1;
    side * (side + 1) + side * side
}

impl Lines {
    /// The lines of `limit`, with no entries yet.
    fn empty(limit: u32) -> Lines {
        let side = limit as usize + 1;
        let pairs = side * (side + 1) / 2;
        Lines {
            side,
            two: pairs,
            all: pairs + side * side,
            entries: Vec::new(),
        }
    }

    /// How many lines there are: below `line_count(limit)`, which the
    /// memory estimate checks fits `usize`.
    fn len(&self) -> usize {
        self.all + self.two
    }

    /// The seven lines of the sorted `(x, y, z)`, and its place on each.
    #[inline(always)]
    fn lines(&self, x: usize, y: usize, z: usize) -> [(usize, usize); 7] {
        let (side, two, all) = (self.side, self.two, self.all);
        [
            (pair(side, x, y), z),
            (pair(side, x, z), y),
            (pair(side, y, z), x),
            (two + z * side + (y - x), x),
            (two + x * side + (z - y), y),
            (two + y * side + (z - x), x),
            (all + pair(side, y - x, z - x), x),
        ]
    }

    /// In a finished table, the remoteness of the sorted `(x, y, z)` when
    /// it is winning: one more than the least remoteness of the losing
    /// positions before it on its lines. 0 when there is none: only
    /// `(0, 0, 0)` under misère, which has no option at all, is winning so.
    #[inline(always)]
    fn winning(&self, x: usize, y: usize, z: usize) -> u32 {
        let mut least = u32::MAX;
        for (line, place) in self.lines(x, y, z) {
            let entry: Entry = self.entries[line];
            if ((entry & 0xffff) as usize) < place {
                least = least.min(entry >> 16);
            }
        }
        least.wrapping_add(1)
    }

    /// In a finished table, the outcome and remoteness of the sorted
    /// `(x, y, z)`.
    fn value(&self, x: usize, y: usize, z: usize) -> Value {
        let on_k1: Entry = self.entries[pair(self.side, x, y)];
        if (on_k1 & 0xffff) as usize == z {
            Value {
                outcome: Outcome::Lose,
                remoteness: on_k1 >> 16,
            }
        } else {
            Value {
                outcome: Outcome::Win,
                remoteness: self.winning(x, y, z),
            }
        }
    }
}

/// `len` copies of `fill`, or the allocator's refusal.
fn filled<T: Copy>(len: usize, fill: T) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, fill);
    Ok(v)
}

/// Every line's state while the table is computed, a field to a vector,
/// indexed as [`Lines`].
struct Sweep {
    /// The remoteness of the losing position seen on the line so far, or
    /// [`EMPTY`].
    least: Vec<u16>,
    /// The greatest remoteness seen on the line so far, 0 when none is.
    most: Vec<u16>,
    /// The place of the losing position seen on the line, or [`EMPTY`].
    places: Vec<u16>,
}

/// The side of the tiles the pairs are walked in (see [`sweep`]).
const TILE: usize = 64;

/// What the sweep finds: the finished lines, and the number of losing
/// positions.
struct Swept {
    lines: Lines,
    losing: usize,
}

/// The sweep of GAME.md ("Remoteness"): every sorted position of the cube in
/// scan order, each decided from the state of its seven lines, which then
/// take it in. By section 4 the options of a position are exactly the
/// positions before it on its lines, all visited before it, so a line's
/// state holds all that its options tell: a losing option (at most one a
/// line) and the greatest remoteness.
///
/// A pair `(x, y)` walks `z` from `y` to the limit in three passes. Its
/// positions share one line, K1(x, y), and no other: each of the six other
/// lines of `(x, y, z)` is met by no other `z` of the walk (GAME.md shows it
/// key by key), and five of them are consecutive in memory as `z` grows
/// (the sixth, K2(y - x, z), steps by a row). So the six lines' states are
/// read for every `z` at once, a slice at a time; then the positions are
/// decided in order, K1(x, y)'s state carried from one to the next; then
/// the six lines take the remoteness found. The slice passes are plain
/// loops over `u16` slices with no dependence from one `z` to the next, so
/// the compiler is free to vectorise them. The pairs go in tiles (see
/// [`TILE`]).
fn sweep(
    limit: u32,
    convention: Convention,
    mut progress: impl FnMut(Progress),
) -> Result<Swept, TryReserveError> {
    let mut lines = Lines::empty(limit);
    let len = lines.len();
    let mut sweep = Sweep {
        least: filled(len, EMPTY)?,
        most: filled(len, 0)?,
        places: filled(len, EMPTY)?,
    };
    let Lines { side, two, all, .. } = lines;
    // Per z of a walk: the least and the greatest of the six lines, then
    // the remoteness found.
    let mut least_of = filled(side, 0u16)?;
    let mut most_of = filled(side, 0u16)?;
    let mut found = filled(side, 0u16)?;
    let pairs_total = (side * (side + 1) / 2) as u64;
    let mut pairs_done = 0;
    let mut losing = 0;
    // In tiles of TILE x TILE pairs: a band of TILE values of x, and in
    // it TILE values of y at a time, so that the lines of index y and
    // y - x that a tile reads stay in the cache. Pairs (x, y) and
    // (x', y') with x < x' and y > y' share no line (GAME.md, section 10),
    // so any order that keeps (x, y) before (x', y') when x <= x' and
    // y <= y' gives the same states.
    let mut xb = 0;
    while xb < side {
        let xe = (xb + TILE).min(side);
        let mut yb = xb;
        while yb < side {
            let ye = (yb + TILE).min(side);
            for x in xb..xe {
                for y in yb.max(x)..ye {
                    let d = y - x;
                    let n = side - y;
                    let (least_of, most_of, found) =
                        (&mut least_of[..n], &mut most_of[..n], &mut found[..n]);
                    // Where the five consecutive lines start, at z = y: K1(x, z),
                    // K1(y, z), K2(z - y, x), K2(z - x, y), K3(y - x, z - x). The
                    // sixth, K2(y - x, z), is at `two + z * side + d`.
                    let starts = [
                        pair(side, x, y),
                        pair(side, y, y),
                        two + x * side,
                        two + y * side + d,
                        all + pair(side, d, d),
                    ];
                    let strided = |i: usize| two + (y + i) * side + d;
                    for (i, (l, m)) in least_of.iter_mut().zip(most_of.iter_mut()).enumerate() {
                        *l = sweep.least[strided(i)];
                        *m = sweep.most[strided(i)];
                    }
                    for start in starts {
                        let (ls, ms) = (
                            &sweep.least[start..start + n],
                            &sweep.most[start..start + n],
                        );
                        for ((l, m), (&sl, &sm)) in least_of
                            .iter_mut()
                            .zip(most_of.iter_mut())
                            .zip(ls.iter().zip(ms))
                        {
                            *l = (*l).min(sl);
                            *m = (*m).max(sm);
                        }
                    }
                    // K1(x, y), carried along the walk. (It is also the first line
                    // of the first slice at z = y, and of the second when x = y,
                    // read there before the walk changes it.)
                    let k = starts[0];
                    let (mut k_least, mut k_most) = (sweep.least[k], sweep.most[k]);
                    let mut lost_at = None;
                    for (i, ((&l, &m), r)) in least_of
                        .iter()
                        .zip(most_of.iter())
                        .zip(found.iter_mut())
                        .enumerate()
                    {
                        let (l, m) = (l.min(k_least), m.max(k_most));
                        let (lost, remoteness) = if l != EMPTY {
                            // A losing option: won, the quickest way.
                            (false, l + 1)
                        } else if y + i == 0 {
                            // (0, 0, 0), with no option: the end of the game.
                            (convention == Convention::Normal, 0)
                        } else {
                            // Every option is winning: lost, the slowest way.
                            (true, m + 1)
                        };
                        *r = remoteness;
                        k_most = k_most.max(remoteness);
                        if lost {
                            k_least = remoteness;
                            lost_at = Some(i);
                        }
                    }
                    for start in starts {
                        for (m, &r) in sweep.most[start..start + n].iter_mut().zip(found.iter()) {
                            *m = (*m).max(r);
                        }
                    }
                    for (i, &r) in found.iter().enumerate() {
                        let m = &mut sweep.most[strided(i)];
                        *m = (*m).max(r);
                    }
                    sweep.most[k] = k_most;
                    // At most one losing z a pair: after it, K1(x, y) holds it.
                    if let Some(i) = lost_at {
                        for (line, place) in lines.lines(x, y, y + i) {
                            sweep.least[line] = found[i];
                            // place <= limit <= MAX_LIMIT: the cast is exact.
                            sweep.places[line] = place as u16;
                        }
                        losing += 1;
                    }
                }
            }
            yb = ye;
        }
        for x in xb..xe {
            pairs_done += (side - x) as u64;
            progress(Progress::new(pairs_done, pairs_total));
        }
        xb = xe;
    }
    drop(sweep.most);
    lines.entries = filled(len, NONE)?;
    for ((entry, &r), &place) in lines
        .entries
        .iter_mut()
        .zip(&sweep.least)
        .zip(&sweep.places)
    {
        if place != EMPTY {
            *entry = (u32::from(r) << 16) | u32::from(place);
        }
    }
    Ok(Swept { lines, losing })
}

/// The outcome and remoteness of every position with piles up to a limit,
/// under either [`Convention`].
///
/// The remoteness counts the moves left when the winner plays to win as
/// soon as possible and the loser to lose as late as possible: 0 at the end
/// of the game, one more than the least among the losing options for a
/// winning position, one more than the greatest among the options for a
/// losing one (GAME.md, "Remoteness").
///
/// ```
/// use stone_game::{Convention, Outcome, RemotenessTable, Value};
/// let normal = RemotenessTable::compute(20, Convention::Normal)?;
/// let lose = |remoteness| Some(Value { outcome: Outcome::Lose, remoteness });
/// let win = |remoteness| Some(Value { outcome: Outcome::Win, remoteness });
/// assert_eq!(normal.value(0, 0, 0), lose(0));
/// assert_eq!(normal.value(0, 0, 13), win(1)); // take the pile
/// assert_eq!(normal.value(2, 0, 1), lose(2)); // any move, then one more
///
/// let misere = RemotenessTable::compute(20, Convention::Misere)?;
/// assert_eq!(misere.value(0, 0, 0), win(0)); // the opponent took the last stone
/// assert_eq!(misere.value(0, 0, 1), lose(1)); // and here it is yours
/// assert_eq!(misere.value(0, 0, 13), win(2)); // leave one stone
/// assert_eq!(misere.value(0, 21, 0), None); // past the limit
/// # Ok::<(), stone_game::RemotenessError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct RemotenessTable {
    limit: u32,
    convention: Convention,
    /// Every losing position of the cube on its key lines, with its
    /// remoteness.
    lines: Lines,
    /// The number of losing positions.
    losing: usize,
}

impl core::fmt::Debug for RemotenessTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RemotenessTable")
            .field("limit", &self.limit)
            .field("convention", &self.convention)
            .field("losing", &self.losing)
            .finish_non_exhaustive()
    }
}

impl RemotenessTable {
    /// The largest limit [`compute`](Self::compute) takes. A move takes at
    /// least one stone, so a remoteness is at most the stones on the board,
    /// `3L`, and the table keeps remoteness in `u16`, below `u16::MAX`, which
    /// marks a line without a losing position: `3 * 21844 < u16::MAX`.
    /// Time refuses far smaller limits: it grows as the cube of the limit
    /// (BENCHMARKS.md, "Remoteness").
    ///
    /// ```
    /// assert_eq!(stone_game::RemotenessTable::MAX_LIMIT, 21_844);
    /// ```
    pub const MAX_LIMIT: u32 = (u16::MAX as u32 - 1) / 3;

    /// The memory, in bytes, that [`compute`](Self::compute) needs at its
    /// peak for `limit` (saturating at `u64::MAX`): eight bytes for each of
    /// the about `2 (L + 1)^2` key lines, four of which the table keeps
    /// (8 MB at 1000), and six for each pile size.
    ///
    /// ```
    /// use stone_game::RemotenessTable;
    /// let bytes = RemotenessTable::memory_needed(1000);
    /// assert!(bytes > 15_000_000 && bytes < 17_000_000);
    /// assert_eq!(RemotenessTable::memory_needed(u32::MAX), u64::MAX);
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        let bytes = 8 * line_count(limit) + 6 * (limit as u128 + 1);
        if bytes > u64::MAX as u128 {
            u64::MAX
        } else {
            bytes as u64
        }
    }

    /// The outcome and remoteness of every position with piles up to
    /// `limit` under `convention`, in
    /// [`memory_needed(limit)`](Self::memory_needed) bytes.
    ///
    /// ```
    /// use stone_game::{Convention, RemotenessError, RemotenessTable};
    /// assert_eq!(
    ///     RemotenessTable::compute(30_000, Convention::Normal).unwrap_err(),
    ///     RemotenessError::LimitTooLarge { limit: 30_000 }
    /// );
    /// ```
    pub fn compute(limit: u32, convention: Convention) -> Result<RemotenessTable, RemotenessError> {
        RemotenessTable::compute_with_progress(limit, convention, |_| {})
    }

    /// [`compute`](Self::compute), calling `progress` once for each value
    /// of the smallest pile, when the band of tiles that holds it is done,
    /// and not at the start: `pairs_done` counts the pairs `(x, y)` whose
    /// positions are all decided.
    /// [`GrundyTable::compute_with_progress`](crate::GrundyTable::compute_with_progress)
    /// counts in the same unit but reports at other times: once at the
    /// start and then whenever its share of known positions grows, since
    /// its passes do not finish one smallest pile at a time.
    ///
    /// ```
    /// use stone_game::{Convention, RemotenessTable};
    /// let mut reports = Vec::new();
    /// RemotenessTable::compute_with_progress(10, Convention::Misere, |p| {
    ///     reports.push(p.pairs_done)
    /// })?;
    /// assert_eq!(reports.len(), 11);
    /// assert_eq!(reports.last(), Some(&66)); // every pair x <= y <= 10
    /// # Ok::<(), stone_game::RemotenessError>(())
    /// ```
    pub fn compute_with_progress(
        limit: u32,
        convention: Convention,
        progress: impl FnMut(Progress),
    ) -> Result<RemotenessTable, RemotenessError> {
        if limit > RemotenessTable::MAX_LIMIT {
            return Err(RemotenessError::LimitTooLarge { limit });
        }
        let needed = RemotenessTable::memory_needed(limit);
        let out_of_memory = RemotenessError::OutOfMemory { needed };
        if usize::try_from(needed).is_err() {
            return Err(out_of_memory);
        }
        let Swept { lines, losing } =
            sweep(limit, convention, progress).map_err(|_| out_of_memory)?;
        Ok(RemotenessTable {
            limit,
            convention,
            lines,
            losing,
        })
    }

    /// The limit: the largest pile the table covers.
    ///
    /// ```
    /// use stone_game::{Convention, RemotenessTable};
    /// assert_eq!(RemotenessTable::compute(7, Convention::Normal)?.limit(), 7);
    /// # Ok::<(), stone_game::RemotenessError>(())
    /// ```
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// The convention of the game the table solves.
    ///
    /// ```
    /// use stone_game::{Convention, RemotenessTable};
    /// let table = RemotenessTable::compute(7, Convention::Misere)?;
    /// assert_eq!(table.convention(), Convention::Misere);
    /// # Ok::<(), stone_game::RemotenessError>(())
    /// ```
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// The outcome and remoteness of the position `a`, `b`, `c`, piles in
    /// any order; `None` when a pile is past the limit. Seven look-ups, at
    /// any limit.
    ///
    /// ```
    /// use stone_game::{Convention, Outcome, RemotenessTable};
    /// let table = RemotenessTable::compute(10, Convention::Normal)?;
    /// let value = table.value(3, 1, 3).unwrap();
    /// assert_eq!(value.outcome, Outcome::Lose);
    /// assert_eq!(value.remoteness % 2, 0);
    /// assert_eq!(table.value(3, 1, 11), None);
    /// # Ok::<(), stone_game::RemotenessError>(())
    /// ```
    pub fn value(&self, a: u64, b: u64, c: u64) -> Option<Value> {
        let (x, y, z) = crate::tables::sorted(a, b, c);
        if z > u64::from(self.limit) {
            return None;
        }
        // z <= limit <= MAX_LIMIT: the casts are exact.
        Some(self.lines.value(x as usize, y as usize, z as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;
    use stone_game_scan::scan::losing_triples_for;

    /// A second way to the same lines, the one the sweep avoids: the losing
    /// positions from the scan, in scan order, each with every one of its
    /// options (all winning), whose remoteness the lines so far give.
    fn by_every_option_of_the_losing(limit: u32, convention: Convention) -> Lines {
        let triples = losing_triples_for(convention, limit, |_| {}).expect("small");
        let mut lines = Lines::empty(limit);
        lines.entries = filled(lines.len(), NONE).expect("small");
        for [x, y, z] in triples {
            let p = [x, y, z].map(usize::from);
            let r = losing_remoteness(&lines, p);
            for (line, place) in lines.lines(p[0], p[1], p[2]) {
                lines.entries[line] = (r << 16) | place as u32;
            }
        }
        lines
    }

    /// The remoteness of the losing sorted `[x, y, z]`, whose options are all
    /// winning and whose options' losing options are all on `lines` already:
    /// one more than the greatest remoteness of an option, 0 for `(0, 0, 0)`,
    /// which has none.
    fn losing_remoteness(lines: &Lines, [x, y, z]: [usize; 3]) -> u32 {
        if z == 0 {
            return 0;
        }
        let mut greatest = 0;
        let mut consider = |p: [usize; 3]| {
            let [a, b, c] = sort3(p);
            greatest = greatest.max(lines.winning(a, b, c));
        };
        for n in 1..=z {
            consider([x, y, z - n]);
        }
        for n in 1..=y {
            consider([x, y - n, z]);
            consider([x, y - n, z - n]);
        }
        for n in 1..=x {
            consider([x - n, y, z]);
            consider([x - n, y - n, z]);
            consider([x - n, y, z - n]);
            consider([x - n, y - n, z - n]);
        }
        1 + greatest
    }

    /// `[a, b, c]` sorted.
    fn sort3([a, b, c]: [usize; 3]) -> [usize; 3] {
        let (a, b) = (a.min(b), a.max(b));
        let (b, c) = (b.min(c), b.max(c));
        let (a, b) = (a.min(b), a.max(b));
        [a, b, c]
    }

    #[test]
    fn the_sweep_finds_what_every_option_of_the_losing_positions_gives() {
        for convention in [Convention::Normal, Convention::Misere] {
            for limit in [0, 1, 2, 3, 7, 30, 64, 65, 150] {
                let swept = sweep(limit, convention, |_| {}).expect("small");
                let walked = by_every_option_of_the_losing(limit, convention);
                assert!(swept.lines == walked, "{convention:?}, limit {limit}");
                let triples = losing_triples_for(convention, limit, |_| {}).expect("small");
                assert_eq!(swept.losing, triples.len(), "{convention:?}, limit {limit}");
            }
        }
    }

    #[test]
    fn the_memory_estimate_is_the_lines_and_their_places() {
        for limit in [0, 1, 10, 100, 333] {
            // Three u16 a line during the sweep; after it, the entries and
            // two of the three.
            // And three u16 buffers a pile size for the walks.
            let lines = Lines::empty(limit);
            let held = lines.len() * 2 * size_of::<u32>() + 3 * lines.side * size_of::<u16>();
            let held = held as u64;
            assert_eq!(RemotenessTable::memory_needed(limit), held, "limit {limit}");
        }
        // Grows as the square of the limit, and saturates rather than wraps.
        let ratio = RemotenessTable::memory_needed(2000) as f64
            / RemotenessTable::memory_needed(1000) as f64;
        assert!((3.9..4.1).contains(&ratio), "{ratio}");
        assert_eq!(RemotenessTable::memory_needed(u32::MAX), u64::MAX);
    }

    #[test]
    fn errors_say_what_was_refused_and_why() {
        let refused = RemotenessError::LimitTooLarge { limit: 30_000 };
        assert_eq!(
            format!("{refused}"),
            "limit 30000 is too large for a remoteness table: the largest is 21844"
        );
        let memory = RemotenessError::OutOfMemory { needed: 12 };
        assert_eq!(
            format!("{memory}"),
            "a remoteness table needs 12 bytes of memory, which could not be allocated"
        );
        let past = RemotenessTable::compute(RemotenessTable::MAX_LIMIT + 1, Convention::Normal);
        assert_eq!(
            past.unwrap_err(),
            RemotenessError::LimitTooLarge { limit: 21_845 }
        );
    }

    #[test]
    fn a_table_names_its_type_limit_convention_and_losing_positions() {
        let table = RemotenessTable::compute(4, Convention::Misere).expect("small");
        assert_eq!(
            format!("{table:?}"),
            "RemotenessTable { limit: 4, convention: Misere, losing: 5, .. }"
        );
    }

    #[test]
    fn progress_counts_every_pair_once_per_smallest_pile() {
        let mut reports = Vec::new();
        RemotenessTable::compute_with_progress(5, Convention::Normal, |p| reports.push(p))
            .expect("small");
        let done: Vec<u64> = reports.iter().map(|p| p.pairs_done).collect();
        assert_eq!(done, [6, 11, 15, 18, 20, 21]);
        assert!(reports.iter().all(|p| p.pairs_total == 21));
    }
}
