//! Sprague-Grundy values: the value of every sorted position with piles up to
//! a limit, found along the seven key lines the way the key scan finds the
//! losing positions (GAME.md, "Grundy values and sums of games").

use alloc::collections::TryReserveError;
use alloc::vec::Vec;
use core::cell::Cell;

use crate::Progress;

/// Why a Grundy table was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

impl core::error::Error for GrundyError {}

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

/// The words of the block of values one pass finds: 512 values a pass.
/// A wider block means fewer passes but more words read at every position
/// a pass visits; 512 took the least time at 500 and 1000, ahead of 256 and
/// 1024 (BENCHMARKS.md, "Grundy values").
const BLOCK_WORDS: usize = 8;

/// The side of the cubes of positions (tiles) a pass walks one after
/// another: the lines a tile reads, about `13 * TILE^2` blocks of 64 bytes
/// (0.8 MiB), stay in the cache while its `TILE^3` positions read them.
const TILE: usize = 32;

/// The passes that run at once, each on its own lines and its own slab of
/// positions: two with rayon, on two cores; one without.
const LANES: usize = if cfg!(feature = "rayon") { 2 } else { 1 };

/// The mark of a value not found yet. Never a value: a value is at most
/// `7 * GrundyTable::MAX_LIMIT`, below `u16::MAX`.
const UNKNOWN: u16 = u16::MAX;

/// The sizes of the computation for a limit, in elements (not bytes), in
/// `u128` so that no limit overflows.
struct Sizes {
    /// Sorted positions `x <= y <= z <= L`: the values.
    positions: u128,
    /// Pairs `x <= y <= L`: the rows of values and their spans, and the
    /// lines of K1 and K3.
    pairs: u128,
    /// Lines of K2: every difference and untouched pile, `(L + 1)^2`.
    k2_lines: u128,
    /// Slabs of `TILE` values of the smallest pile.
    slabs: u128,
}

impl Sizes {
    const fn of(limit: u32) -> Sizes {
        let n = limit as u128 + 1;
        Sizes {
            positions: n * (n + 1) * (n + 2) / 6,
            pairs: n * (n + 1) / 2,
            k2_lines: n * n,
            slabs: n.div_ceil(TILE as u128),
        }
    }

    /// Bytes at the peak, all held at once: the values, the row starts and
    /// the rows' spans; the lines of every lane, a block each; and the
    /// bookkeeping: the lanes, the slabs, and the slabs given to the lanes
    /// in a step and its tasks.
    const fn bytes(&self) -> u128 {
        let values = 2 * self.positions;
        let rows = (size_of::<usize>() + size_of::<Span>()) as u128 * self.pairs;
        let block = size_of::<Block>() as u128;
        let lines = LANES as u128 * block * (2 * self.pairs + self.k2_lines);
        let slabs = size_of::<Slab<'_>>() as u128 * self.slabs;
        let per_lane = size_of::<Lane<BLOCK_WORDS>>()
            + size_of::<Option<&mut Slab<'_>>>()
            + size_of::<Task<'_, '_, BLOCK_WORDS>>();
        values + rows + lines + slabs + per_lane as u128 * LANES as u128
    }
}

/// The bits of a block of `64 * W` values, from the pass's first.
type Bits<const W: usize> = [u64; W];

/// The block of the computation proper.
type Block = Bits<BLOCK_WORDS>;

/// The first value clear in `seen`, as its word and its bit; `None` when
/// every value of the block is seen.
fn first_clear<const W: usize>(seen: &Bits<W>) -> Option<(usize, u64)> {
    let word = seen.iter().position(|&w| w != u64::MAX)?;
    Some((word, !seen[word] & seen[word].wrapping_add(1)))
}

/// The Sprague-Grundy value of every sorted position with piles up to a
/// limit.
///
/// A position's value is the smallest number that is not the value of a
/// position it can move to (the *mex* of its options). A position is losing
/// exactly when its value is 0, and a sum of games, where a move changes one
/// game, is lost exactly when the XOR of its games' values is 0 (GAME.md).
///
/// The values are those of normal play, where whoever takes the last stone
/// wins. Under misère play a sum of games does not follow the XOR rule (the
/// values of its parts do not decide it), so there is no misère
/// counterpart: for one misère game, [`ScannedTables::scan_misere`] gives
/// its losing positions and [`RemotenessTable`] with
/// [`Convention::Misere`] its outcomes and remoteness (GAME.md, sections 9
/// and 10).
///
/// [`ScannedTables::scan_misere`]: crate::ScannedTables::scan_misere
/// [`RemotenessTable`]: crate::RemotenessTable
/// [`Convention::Misere`]: crate::Convention::Misere
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

/// For one pass, the values of its block seen on every key line so far,
/// one block a line: K1(a, b) and K3(g, h) by the [`pair`] `a <= b`,
/// K2(d, u) by `u * (L + 1) + d`.
///
/// The layouts are chosen for the walk along z of one pair (x, y): six of
/// the seven lines then move to the next line in memory at each step
/// (K1(x, z), K1(y, z), K2(z - y, x), K2(z - x, y), K3(y - x, z - x), and
/// K1(x, y) stays), which the prefetcher follows.
struct KeyLines<const W: usize> {
    side: usize,
    one: Vec<u64>,
    two: Vec<u64>,
    all: Vec<u64>,
}

impl<const W: usize> KeyLines<W> {
    fn new(side: usize, pairs: usize) -> Result<KeyLines<W>, TryReserveError> {
        Ok(KeyLines {
            side,
            one: filled(pairs.saturating_mul(W), 0)?,
            two: filled(side.saturating_mul(side).saturating_mul(W), 0)?,
            all: filled(pairs.saturating_mul(W), 0)?,
        })
    }

    /// Every line back to no value seen, for the next pass.
    fn clear(&mut self) {
        for lines in [&mut self.one, &mut self.two, &mut self.all] {
            lines.fill(0);
        }
    }

    /// The lines as blocks of cells: a row's seven lines are read and
    /// marked through views that may overlap (K1(x, y) is K1(x, z) at
    /// z = y), and a mark sets one word.
    fn cells(&mut self) -> LineCells<'_, W> {
        LineCells {
            side: self.side,
            one: blocks(&mut self.one),
            two: blocks(&mut self.two),
            all: blocks(&mut self.all),
        }
    }
}

/// `words` as blocks of `W` cells.
fn blocks<const W: usize>(words: &mut [u64]) -> &[[Cell<u64>; W]] {
    Cell::from_mut(words).as_slice_of_cells().as_chunks().0
}

/// [`KeyLines`] as cells, for one slab of one pass.
struct LineCells<'a, const W: usize> {
    side: usize,
    one: &'a [[Cell<u64>; W]],
    two: &'a [[Cell<u64>; W]],
    all: &'a [[Cell<u64>; W]],
}

/// What a pass found on a segment of a row: how many values, and where
/// the positions it left unknown are.
#[derive(Debug, PartialEq, Eq)]
struct Segment {
    found: usize,
    /// The first and the last position left unknown, by `z - y`.
    first: Option<usize>,
    last: Option<usize>,
}

/// The lines of a position but K1(x, y), as blocks of cells.
type SixLines<'a, const W: usize> = [&'a [Cell<u64>; W]; 6];

impl<'a, const W: usize> LineCells<'a, W> {
    /// The lines of the positions `(x, y, z)`, `z` from `y + lo` on, one
    /// position at a time, but K1(x, y), which they share. Each moves to the
    /// next line in memory at each step but K2(y - x, z), which moves by
    /// `L + 1` lines.
    fn row_lines(&self, x: usize, y: usize, lo: usize) -> impl Iterator<Item = SixLines<'a, W>> {
        let side = self.side;
        let k1_xz = &self.one[pair(side, x, y) + lo..];
        let k1_yz = &self.one[pair(side, y, y) + lo..];
        let k2_x = &self.two[x * side + lo..];
        let k2_y = &self.two[y * side + (y - x) + lo..];
        let k2_z = self.two[(y + lo) * side + (y - x)..].iter().step_by(side);
        let k3 = &self.all[pair(side, y - x, y - x) + lo..];
        k1_xz
            .iter()
            .zip(k1_yz)
            .zip(k2_x)
            .zip(k2_y)
            .zip(k2_z)
            .zip(k3)
            .map(|(((((a, b), c), d), e), f)| [a, b, c, d, e, f])
    }

    /// Finds the values in the block from `base` of the positions
    /// `(x, y, y + i)`, `i` in `lo..hi`, still unknown in `row`, the values
    /// of row `(x, y)`, and marks them on their lines.
    ///
    /// Two positions of a row share only K1(x, y), whose block is kept in
    /// `seen_xy` for the whole segment: the marks of one never change the
    /// lines another reads.
    fn segment(
        &self,
        base: usize,
        (x, y): (usize, usize),
        row: &mut [u16],
        lo: usize,
        hi: usize,
    ) -> Segment {
        let k1_xy = &self.one[pair(self.side, x, y)];
        let mut seen_xy: Bits<W> = k1_xy.each_ref().map(Cell::get);
        let mut segment = Segment {
            found: 0,
            first: None,
            last: None,
        };
        let positions = (lo..hi).zip(&mut row[lo..hi]).zip(self.row_lines(x, y, lo));
        for ((i, value), lines) in positions {
            if *value != UNKNOWN {
                continue;
            }
            let seen: Bits<W> = core::array::from_fn(|k| {
                lines
                    .iter()
                    .fold(seen_xy[k], |seen, line| seen | line[k].get())
            });
            let Some((word, bit)) = first_clear(&seen) else {
                segment.first.get_or_insert(i);
                segment.last = Some(i);
                continue;
            };
            // The value is at most 7L < u16::MAX (GrundyTable::MAX_LIMIT).
            *value = (base + 64 * word + bit.trailing_zeros() as usize) as u16;
            seen_xy[word] |= bit;
            for line in lines {
                line[word].set(line[word].get() | bit);
            }
            segment.found += 1;
        }
        for (cell, word) in k1_xy.iter().zip(seen_xy) {
            cell.set(word);
        }
        segment
    }
}

/// An empty vector with room for exactly `len` items, or the allocator's
/// refusal.
fn reserved<T>(len: usize) -> Result<Vec<T>, TryReserveError> {
    let mut items = Vec::new();
    items.try_reserve_exact(len)?;
    Ok(items)
}

/// `len` copies of `item`, or the allocator's refusal.
fn filled<T: Clone>(len: usize, item: T) -> Result<Vec<T>, TryReserveError> {
    let mut items = reserved(len)?;
    items.resize(len, item);
    Ok(items)
}

/// The rows `(x, y)`, `x <= y < side`, in the order of their [`pair`]s.
fn rows(side: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..side).flat_map(move |x| (x..side).map(move |y| (x, y)))
}

/// Where each row starts in the values, by its pair: after the rows before
/// it, of `side - y` positions each.
fn row_starts(side: usize, pairs: usize) -> Result<Vec<usize>, TryReserveError> {
    let mut starts = reserved(pairs)?;
    starts.extend(rows(side).scan(0, |next, (_, y)| {
        let start = *next;
        *next += side - y;
        Some(start)
    }));
    Ok(starts)
}

/// Every row's span, whole, by its pair.
fn whole_spans(side: usize, pairs: usize) -> Result<Vec<Span>, TryReserveError> {
    let mut spans = reserved(pairs)?;
    spans.extend(rows(side).map(|(_, y)| Span::whole(side - y)));
    Ok(spans)
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

/// Where the positions still unknown of a row lie: `z - y` in `lo..hi`.
/// A pass reads only the span, not the whole row: after the first pass the
/// positions left unknown are fewer, and their span is often shorter than
/// the row (a sixth less time at 1000, BENCHMARKS.md). The span only
/// shrinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    lo: u16,
    hi: u16,
}

impl Span {
    /// The span of a whole row of `len` positions (at most `L + 1 <=
    /// u16::MAX`).
    fn whole(len: usize) -> Span {
        Span {
            lo: 0,
            hi: len as u16,
        }
    }

    /// The span after a pass went over `lo..hi`, the part of it in the
    /// tile's `start..end`, and left unknown what `segment` says. The
    /// row's later tiles still read the span, so each end moves only when
    /// the tile holds it. Every index fits `u16`: it is at most the row's
    /// length.
    fn narrow(&mut self, start: usize, end: usize, lo: usize, hi: usize, segment: &Segment) {
        let old = *self;
        if usize::from(old.lo) >= start {
            self.lo = segment.first.unwrap_or(hi) as u16;
        }
        if usize::from(old.hi) <= end {
            self.hi = segment.last.map_or(lo, |last| last + 1) as u16;
        }
    }
}

/// The positions whose smallest pile is in `x0..x1`: `TILE` values of it
/// (fewer in the last slab), with their values and their rows' spans. A
/// pass goes over the slabs in order; with rayon, two passes run at once on
/// two slabs.
struct Slab<'a> {
    x0: usize,
    x1: usize,
    /// The pair of `(x0, x0)`, the slab's first row.
    first_row: usize,
    /// Where the slab's values start in the table's.
    first_value: usize,
    values: &'a mut [u16],
    spans: &'a mut [Span],
    /// How many of its values are unknown.
    unknown: usize,
}

/// The slabs of every position, in order.
fn slabs<'a>(
    side: usize,
    row_starts: &[usize],
    mut values: &'a mut [u16],
    mut spans: &'a mut [Span],
) -> Vec<Slab<'a>> {
    (0..side)
        .step_by(TILE)
        .map(|x0| {
            let x1 = (x0 + TILE).min(side);
            let (first_row, end_row) = (pair(side, x0, x0), pair(side, x1 - 1, side - 1) + 1);
            let first_value = row_starts[first_row];
            let len = (x0..x1).map(|x| (side - x) * (side - x + 1) / 2).sum();
            let (slab_values, rest) = core::mem::take(&mut values).split_at_mut(len);
            values = rest;
            let (slab_spans, rest) = core::mem::take(&mut spans).split_at_mut(end_row - first_row);
            spans = rest;
            Slab {
                x0,
                x1,
                first_row,
                first_value,
                values: slab_values,
                spans: slab_spans,
                unknown: len,
            }
        })
        .collect()
}

impl Slab<'_> {
    /// One pass over the slab, tile by tile: every option of a position is
    /// earlier in this order (an option's sorted piles are each at most the
    /// position's), so the lines hold every option's value in the block.
    fn pass<const W: usize>(&mut self, lines: &mut KeyLines<W>, base: usize, row_starts: &[usize]) {
        let lines = lines.cells();
        let side = lines.side;
        for y0 in (self.x0..side).step_by(TILE) {
            for z0 in (y0..side).step_by(TILE) {
                for x in self.x0..self.x1 {
                    for y in y0.max(x)..(y0 + TILE).min(side) {
                        self.tile_row(&lines, base, row_starts, (x, y), z0);
                    }
                }
            }
        }
    }

    /// The positions of row `(x, y)` in the tile from `z0`, as far as the
    /// row's span reaches.
    fn tile_row<const W: usize>(
        &mut self,
        lines: &LineCells<'_, W>,
        base: usize,
        row_starts: &[usize],
        (x, y): (usize, usize),
        z0: usize,
    ) {
        let side = lines.side;
        let row = pair(side, x, y);
        let (start, end) = (z0.max(y) - y, (z0 + TILE).min(side) - y);
        let span = &mut self.spans[row - self.first_row];
        let (lo, hi) = (
            usize::from(span.lo).max(start),
            usize::from(span.hi).min(end),
        );
        if lo >= hi {
            return;
        }
        let first = row_starts[row] - self.first_value;
        let values = &mut self.values[first..first + side - y];
        let segment = lines.segment(base, (x, y), values, lo, hi);
        self.unknown -= segment.found;
        span.narrow(start, end, lo, hi, &segment);
    }
}

/// A pass's lines and the pass whose marks they hold, if any.
struct Lane<const W: usize> {
    lines: KeyLines<W>,
    marked: Option<usize>,
}

/// The work of one lane in one step: its pass over one slab.
struct Task<'l, 's, const W: usize> {
    lane: &'l mut Lane<W>,
    slab: &'l mut Slab<'s>,
    pass: usize,
}

impl<const W: usize> Task<'_, '_, W> {
    fn run(self, row_starts: &[usize]) {
        if self.slab.unknown == 0 {
            // Every value here is below the pass's block: nothing to mark.
            return;
        }
        if self.lane.marked != Some(self.pass) {
            if self.lane.marked.is_some() {
                self.lane.lines.clear();
            }
            self.lane.marked = Some(self.pass);
        }
        self.slab
            .pass(&mut self.lane.lines, self.pass * 64 * W, row_starts);
    }
}

/// The lane whose turn it is at slab `slab` in step `step`, of `lanes`
/// lanes over `slabs` slabs: lane `j` makes passes `j`, `j + lanes`, ...,
/// one slab a step, `j` steps behind lane 0. A lane's pass over a slab thus
/// follows the previous pass over it by a step (when `lanes <= slabs`),
/// and the lanes of a step are at different slabs.
fn lane_at(step: usize, slab: usize, slabs: usize, lanes: usize) -> Option<usize> {
    let lane = (step % slabs + slabs - slab) % slabs;
    (lane < lanes && lane <= step).then_some(lane)
}

/// The tasks of step `step`: each lane whose turn it is, with its slab and
/// its pass.
fn tasks<'l, 's, const W: usize>(
    step: usize,
    slabs: &'l mut [Slab<'s>],
    lanes: &'l mut [Lane<W>],
) -> Vec<Task<'l, 's, W>> {
    let (count, width) = (slabs.len(), lanes.len());
    let mut given: Vec<Option<&mut Slab<'s>>> = (0..width).map(|_| None).collect();
    for (index, slab) in slabs.iter_mut().enumerate() {
        if let Some(lane) = lane_at(step, index, count, width) {
            given[lane] = Some(slab);
        }
    }
    lanes
        .iter_mut()
        .zip(given)
        .enumerate()
        .filter_map(|(j, (lane, slab))| {
            // A lane has a slab only once its turn has come: j <= step.
            slab.map(|slab| Task {
                lane,
                slab,
                pass: j + width * ((step - j) / count),
            })
        })
        .collect()
}

/// Runs a step's tasks: on every core with rayon (they share nothing), one
/// after another without.
fn run_step<const W: usize>(tasks: Vec<Task<'_, '_, W>>, row_starts: &[usize]) {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        tasks.into_par_iter().for_each(|task| task.run(row_starts));
    }
    #[cfg(not(feature = "rayon"))]
    tasks.into_iter().for_each(|task| task.run(row_starts));
}

impl GrundyTable {
    /// The largest limit [`GrundyTable::compute`] takes. A position's value
    /// is at most its number of moves, `4x + 2y + z <= 7L` for sorted
    /// `x <= y <= z <= L` (GAME.md), and the table keeps values in `u16`:
    /// `7 * 9362 < u16::MAX`. Memory refuses far smaller limits on most
    /// machines ([`GrundyTable::memory_needed`]).
    pub const MAX_LIMIT: u32 = u16::MAX as u32 / 7;

    /// The largest limit whose table one game's full answer waits for:
    /// to 250 the table takes about 60 ms and 23 MiB on two cores, to 1000
    /// five seconds (BENCHMARKS.md, section 7). One game is played by its
    /// remoteness and needs no Grundy value, so past this its answer may
    /// leave the value out rather than keep a player waiting for it. The
    /// command line's `moves --all --json` and the web explorer's
    /// `/api/position` use this limit for one game in normal play.
    ///
    /// ```
    /// # #[cfg(feature = "std")] { // `Solver` is of the feature `std`
    /// use stone_game::{Convention, GrundyTable, Position, RemotenessTable, Solver};
    /// let position = Position::game([3, 5, 7]);
    /// let largest = position.largest_pile();
    /// assert!(largest <= u64::from(GrundyTable::QUICK_LIMIT));
    /// let grundy = GrundyTable::compute(largest as u32)?;
    /// let remoteness = RemotenessTable::compute(largest as u32, Convention::Normal)?;
    /// let answer = Solver::new(Convention::Normal)
    ///     .with_remoteness(&remoteness)?
    ///     .with_grundy(&grundy)?
    ///     .position(&position)?;
    /// assert_eq!(answer.value.grundy, Some(10));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const QUICK_LIMIT: u32 = 250;

    /// The memory, in bytes, that [`GrundyTable::compute`] needs at its peak
    /// for `limit` (saturating at `u64::MAX`): two bytes a sorted position
    /// for the values, twelve a pair of the two smaller piles for where
    /// its row starts and which of it is still unknown, and for each pass
    /// that runs at once (two with the feature `rayon`, else one) 64 bytes
    /// for each of the about `2(L + 1)^2` key lines.
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
    /// asked of the allocator before the work starts.
    ///
    /// Each pass finds the values in a block of 512 (from 0, then from
    /// 512, ...): every position still unknown gets the first value of the
    /// block that none of its options has, or stays unknown when they have
    /// them all. With the feature `rayon`, two passes run at once, the second
    /// a slab of positions behind the first. About 0.1 s at 300 and 5 s at
    /// 1000 on two cores (BENCHMARKS.md); the time grows a little faster
    /// than the cube of the limit.
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

    /// [`compute`](Self::compute), calling `progress` as the values are
    /// found: once at the start and then whenever the share of positions
    /// whose value is known has grown, counted in pairs (`pairs_done` of
    /// `pairs_total` is that share of the pairs `(x, y)`), up to
    /// `pairs_total` of `pairs_total` at the end.
    ///
    /// ```
    /// let mut reports = Vec::new();
    /// stone_game::GrundyTable::compute_with_progress(10, |p| reports.push(p.pairs_done))?;
    /// assert_eq!(reports.first(), Some(&0));
    /// assert_eq!(reports.last(), Some(&66)); // every pair x <= y <= 10
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    pub fn compute_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<GrundyTable, GrundyError> {
        refuse_past_max(limit)?;
        GrundyTable::compute_in::<BLOCK_WORDS>(limit, LANES, progress)
    }

    /// The computation, with blocks of `64 * W` values and `lanes` passes at
    /// once, so that tests can make many passes at small limits.
    fn compute_in<const W: usize>(
        limit: u32,
        lanes: usize,
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
        let side = limit as usize + 1;
        let row_starts = row_starts(side, pairs).map_err(out_of_memory)?;
        let mut values = filled(positions, UNKNOWN).map_err(out_of_memory)?;
        let mut spans = whole_spans(side, pairs).map_err(out_of_memory)?;
        let width = lanes.clamp(1, side.div_ceil(TILE));
        let mut lanes = reserved(width).map_err(out_of_memory)?;
        for _ in 0..width {
            let lines = KeyLines::<W>::new(side, pairs).map_err(out_of_memory)?;
            lanes.push(Lane {
                lines,
                marked: None,
            });
        }
        let mut slabs = slabs(side, &row_starts, &mut values, &mut spans);
        let report = |unknown: usize| {
            // known / positions of the pairs, in u128: no overflow.
            let known = (positions - unknown) as u128;
            Progress::new(
                (known * sizes.pairs / sizes.positions) as u64,
                sizes.pairs as u64,
            )
        };
        let mut last = None;
        for step in 0.. {
            let unknown = slabs.iter().map(|slab| slab.unknown).sum();
            let now = report(unknown);
            if last != Some(now) {
                progress(now);
                last = Some(now);
            }
            if unknown == 0 {
                break;
            }
            run_step(tasks(step, &mut slabs, &mut lanes), &row_starts);
        }
        drop(slabs);
        Ok(GrundyTable {
            limit,
            values,
            row_starts,
        })
    }

    /// The limit: the largest pile the table covers.
    pub const fn limit(&self) -> u32 {
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

    /// The bytes the computation for `limit` holds at its peak, from the
    /// lengths of what it allocates: the values and row starts the table
    /// keeps, the rows' spans, the lines of `lanes` lanes, and the
    /// bookkeeping of the slabs and lanes.
    fn held(limit: u32, lanes: usize) -> u64 {
        let table = GrundyTable::compute(limit).unwrap();
        let (side, pairs) = (limit as usize + 1, table.row_starts.len());
        let lines = KeyLines::<BLOCK_WORDS>::new(side, pairs).unwrap();
        let words = lines.one.len() + lines.two.len() + lines.all.len();
        let mut values = table.values.clone();
        let mut spans = whole_spans(side, pairs).unwrap();
        let slab_count = slabs(side, &table.row_starts, &mut values, &mut spans).len();
        let per_lane = size_of::<Lane<BLOCK_WORDS>>()
            + size_of::<Option<&mut Slab<'_>>>()
            + size_of::<Task<'_, '_, BLOCK_WORDS>>();
        let bytes = table.values.len() * size_of::<u16>()
            + table.row_starts.len() * size_of::<usize>()
            + spans.len() * size_of::<Span>()
            + lanes * (words * size_of::<u64>() + per_lane)
            + slab_count * size_of::<Slab<'_>>();
        bytes as u64
    }

    #[test]
    fn the_memory_estimate_is_what_the_computation_holds_with_every_lane() {
        for limit in [0, 1, 2, 10, 31, 32, 33, 100] {
            let needed = GrundyTable::memory_needed(limit);
            assert_eq!(needed, held(limit, LANES), "limit {limit}");
            // Below a slab per lane fewer lanes run: the estimate covers them.
            let lanes = LANES.min((limit as usize + 1).div_ceil(TILE));
            assert!(needed >= held(limit, lanes), "limit {limit}");
        }
    }

    /// The values grow as the cube of the limit (L^3 / 6 positions), the
    /// lines as its square (about 2L^2 lines of 64 bytes): at large limits
    /// the values outweigh the lines, and each doubling multiplies the
    /// estimate by nearly eight.
    #[test]
    fn the_memory_estimate_grows_as_the_cube_of_the_limit() {
        crate::estimates::grow_as_the_cube(GrundyTable::memory_needed, &[10_000, 20_000, 40_000]);
    }

    #[test]
    fn the_memory_estimate_saturates_rather_than_wrapping() {
        crate::estimates::saturate_rather_than_wrap(GrundyTable::memory_needed);
    }

    #[test]
    fn the_first_value_clear_is_found_by_its_word_and_bit() {
        assert_eq!(first_clear(&[u64::MAX; 3]), None);
        assert_eq!(first_clear(&[0; 2]), Some((0, 1)));
        assert_eq!(first_clear(&[u64::MAX, 0b1011, 0]), Some((1, 0b100)));
        assert_eq!(first_clear(&[u64::MAX, u64::MAX >> 1]), Some((1, 1 << 63)));
    }

    /// Every value of the table from blocks of 64 values and `lanes`
    /// passes at once.
    fn narrow(limit: u32, lanes: usize) -> GrundyTable {
        GrundyTable::compute_in::<1>(limit, lanes, |_| {}).unwrap()
    }

    #[test]
    fn blocks_of_64_values_find_the_same_values_as_blocks_of_512() {
        let table = GrundyTable::compute(70).unwrap();
        // Values reach past 128 at 70 (the largest is about 1.9 * 70): three
        // passes of 64.
        assert!(table.values.iter().any(|&v| v >= 128));
        assert_eq!(narrow(70, 1), table);
    }

    #[test]
    fn many_passes_keep_the_definition() {
        // Blocks of 64 at a limit whose values pass 64, on two lanes (two
        // slabs, 0..32 and 32..41): every value is the smallest that none
        // of its options has.
        let table = narrow(40, 2);
        assert!(table.values.iter().any(|&v| v >= 64));
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
    fn any_number_of_lanes_finds_the_same_values() {
        // Four slabs, four passes of 64 (values to about 190): the lanes
        // overlap in every way, and more lanes than slabs run as four.
        let table = narrow(100, 1);
        assert!(table.values.iter().any(|&v| v >= 192));
        for lanes in [0, 2, 3, 4, 9] {
            assert_eq!(narrow(100, lanes), table, "{lanes} lanes");
        }
    }

    /// The (pass, slab) of every task of the first `steps` steps of `lanes`
    /// lanes over `slabs` slabs, by step.
    fn schedule(slabs: usize, lanes: usize, steps: usize) -> Vec<Vec<(usize, usize)>> {
        (0..steps)
            .map(|step| {
                (0..slabs)
                    .filter_map(|slab| {
                        let lane = lane_at(step, slab, slabs, lanes)?;
                        Some((lane + lanes * ((step - lane) / slabs), slab))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn each_pass_goes_over_the_slabs_in_order_a_step_after_the_pass_before() {
        for (slabs, lanes) in [(1, 1), (4, 1), (4, 2), (4, 3), (4, 4), (5, 2), (32, 2)] {
            let steps = 6 * slabs + lanes;
            let mut done = alloc::collections::BTreeMap::new();
            for (step, tasks) in schedule(slabs, lanes, steps).into_iter().enumerate() {
                // One task a lane, on different slabs.
                let mut lanes_here: Vec<usize> =
                    tasks.iter().map(|&(pass, _)| pass % lanes).collect();
                lanes_here.sort_unstable();
                lanes_here.dedup();
                assert_eq!(
                    lanes_here.len(),
                    tasks.len(),
                    "{slabs} slabs, {lanes} lanes, step {step}"
                );
                assert_eq!(
                    tasks.len(),
                    lanes.min(step + 1),
                    "{slabs} slabs, {lanes} lanes, step {step}"
                );
                for &(pass, slab) in &tasks {
                    // The pass's earlier slabs, and the pass before over this
                    // slab, in earlier steps.
                    let earlier = |key| done.get(&key).is_some_and(|&at| at < step);
                    assert!(slab == 0 || earlier((pass, slab - 1)), "{pass} {slab}");
                    assert!(pass == 0 || earlier((pass - 1, slab)), "{pass} {slab}");
                    assert_eq!(done.insert((pass, slab), step), None, "{pass} {slab}");
                }
            }
            // The first passes go over every slab.
            for pass in 0..4 {
                for slab in 0..slabs {
                    assert!(done.contains_key(&(pass, slab)), "{pass} {slab}");
                }
            }
        }
    }

    #[test]
    fn slabs_cut_the_positions_by_tile_of_the_smallest_pile() {
        let (limit, side) = (70, 71);
        let table = GrundyTable::compute(limit).unwrap();
        let mut values = table.values.clone();
        let mut spans = whole_spans(side, table.row_starts.len()).unwrap();
        let slabs = slabs(side, &table.row_starts, &mut values, &mut spans);
        let ranges: Vec<(usize, usize)> = slabs.iter().map(|s| (s.x0, s.x1)).collect();
        assert_eq!(ranges, [(0, 32), (32, 64), (64, 71)]);
        for slab in &slabs {
            // The rows (x0, x0) to (x1 - 1, L), and their values.
            assert_eq!(slab.first_row, pair(side, slab.x0, slab.x0));
            assert_eq!(slab.first_value, table.row_starts[slab.first_row]);
            let rows = (slab.x0..slab.x1).map(|x| side - x).sum::<usize>();
            assert_eq!(slab.spans.len(), rows);
            assert_eq!(slab.spans[0], Span::whole(side - slab.x0));
            let positions = (slab.x0..slab.x1)
                .map(|x| (side - x) * (side - x + 1) / 2)
                .sum::<usize>();
            assert_eq!((slab.values.len(), slab.unknown), (positions, positions));
            let start = slab.first_value;
            assert_eq!(slab.values, &table.values[start..start + positions]);
        }
    }

    #[test]
    fn the_rows_start_after_each_other_and_their_spans_are_whole() {
        // Rows (0, 0) to (0, 2) of 3, 2, 1 positions, then (1, 1), (1, 2),
        // (2, 2).
        assert_eq!(row_starts(3, 6).unwrap(), [0, 3, 5, 6, 8, 9]);
        let lens: Vec<u16> = whole_spans(3, 6)
            .unwrap()
            .iter()
            .map(|s| s.hi - s.lo)
            .collect();
        assert_eq!(lens, [3, 2, 1, 2, 1, 1]);
    }

    /// `span` after a pass over the tile `start..end` left unknown the
    /// positions `first` to `last` of the part of the span in the tile.
    fn narrowed(
        span: (u16, u16),
        (start, end): (usize, usize),
        unknown: Option<(usize, usize)>,
    ) -> (u16, u16) {
        let mut span = Span {
            lo: span.0,
            hi: span.1,
        };
        let (lo, hi) = (
            usize::from(span.lo).max(start),
            usize::from(span.hi).min(end),
        );
        let segment = Segment {
            found: 0,
            first: unknown.map(|u| u.0),
            last: unknown.map(|u| u.1),
        };
        span.narrow(start, end, lo, hi, &segment);
        (span.lo, span.hi)
    }

    #[test]
    fn a_span_shrinks_to_the_positions_left_unknown() {
        // The span in one tile: both ends move in.
        assert_eq!(narrowed((3, 10), (0, 32), Some((5, 7))), (5, 8));
        // Nothing left: empty.
        let (lo, hi) = narrowed((3, 10), (0, 32), None);
        assert!(lo >= hi, "{lo} {hi}");
        // Past the tile: the end waits for its own tile.
        assert_eq!(narrowed((3, 50), (0, 32), Some((4, 30))), (4, 50));
        assert_eq!(narrowed((3, 50), (0, 32), None), (32, 50));
        // Begun in an earlier tile: the start stays.
        assert_eq!(narrowed((3, 50), (32, 64), Some((40, 45))), (3, 46));
        assert_eq!(narrowed((3, 50), (32, 64), None), (3, 32));
        // A span that ends exactly at the tile's end, from its start.
        assert_eq!(narrowed((32, 64), (32, 64), Some((63, 63))), (63, 64));
    }

    #[test]
    fn the_largest_limit_keeps_values_below_the_unknown_mark() {
        // A value is at most 7L (GAME.md), which stays below u16::MAX, the
        // mark of a value not found yet, up to the largest limit and no
        // further.
        assert!(7 * u64::from(GrundyTable::MAX_LIMIT) < u64::from(UNKNOWN));
        assert!(7 * u64::from(GrundyTable::MAX_LIMIT + 1) >= u64::from(UNKNOWN));
        assert_eq!(UNKNOWN, u16::MAX);
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
