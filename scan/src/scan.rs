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
//! - A search's run of held columns grows with the limit: at 16000 it
//!   crosses 32 words on average, at 65535 about 130. Yet all but about 3 of
//!   those words are held whole by one of the six rows alone. So each row
//!   keeps a summary, a bit per word set once the word is full; a search
//!   that has read `WORDS_BEFORE_A_JUMP` (4) words one by one ORs the six
//!   summaries, shifted as their rows are, 64 words at a time, and jumps to
//!   the first word that none of them shows held. That halves the time of
//!   the scan at 65535.
//! - Of the ten key bits a losing triple could set, three are never read again
//!   (`K1(x, y)` itself, and the two `two` keys whose row is a difference
//!   involving `z`: no later pair has that difference with `z` as its third
//!   pile), so they are not set.
//! - The four tables live in one allocation, the four rows of one index next
//!   to each other, one stride for all: a search reads two rows of index `y`
//!   and two of index `y - x`. Long rows are padded so that a row index
//!   takes an odd number of cache lines, and one column of consecutive
//!   indices does not fall in one cache set (`keys::row_words`): about 7%
//!   of the scan's time at 65535.
//! - The pairs are scanned in tiles of `TILE x TILE` (the private module
//!   `bands`), not row after row: a
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
//! - Of a triple's keys, one lies in a row far from the tile's: `two_t[z]`,
//!   which only the searches with a pile `z` read. A band keeps those keys
//!   until it reaches the tile of `z`, then marks the tile's 64 rows
//!   together, just before its searches read them: one cache miss per
//!   triple less (9% of the scan at 32000).
//! - With the feature `std`, the scan of the cube ([`losing_triples`],
//!   [`losing_totals_for`]) from a limit of 1024 runs on every core, up to
//!   8: each thread takes the next few bands (4 on two cores, 8 bands in
//!   all), runs each tile once the band before has finished the tile above
//!   it, and runs a column of tiles of its bands before the next column,
//!   while that column's rows `y` are in its core's caches (BENCHMARKS.md,
//!   section 4.1). Tiles that run at once neither read what another
//!   writes nor write to one word together, so the tables' words are
//!   atomics read and written with plain relaxed loads and stores (`bands`
//!   says why). It finds what one thread finds, in the same order.
//!   On two cores the scan at 32000 takes half the time.
//! - Plain loops and slices, no iterator chains, since the build script runs
//!   this at opt-level 0. There the atomic words cost: the scan at 1000
//!   takes 0.12 s in a debug build, against 0.05 s before the summaries,
//!   the late keys and the threads (BENCHMARKS.md, section 5).
//!
//! [`losing_triples`] runs the same scan with every search stopped at the
//! limit (GAME.md, "Stopping at the limit"): the triples inside the cube
//! need nothing outside it. Its rows are `L + 1` columns wide instead of
//! `2L + 2`, it keeps no partner table, and a row ends as soon as its
//! `two_t` bound passes the limit: at 1000 it reads half the windows
//! (BENCHMARKS.md, section 1).

use alloc::vec::Vec;

use crate::Convention;
use crate::format::{pair_count, pair_index};
use bands::{Plan, threads_at_most};
use estimates::triples_room;
use keys::Keys;
use room::NoRoom;

pub use estimates::{memory_needed, memory_needed_for_totals, memory_needed_for_triples};

mod bands;
mod estimates;
mod keys;
mod room;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ScanError {
    /// Triples are stored as `u16`, so the limit cannot pass [`MAX_SCAN_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u32,
    },
    /// The allocator refused the scan's tables, or the system a thread of
    /// the scan: under a `ulimit -v` or strict overcommit, a scan can be
    /// refused memory that a check of the memory available beforehand let
    /// through.
    OutOfMemory {
        /// The bytes the scan needs at its peak, as estimated
        /// ([`memory_needed`], [`memory_needed_for_triples`] or
        /// [`memory_needed_for_totals`], for the scan refused).
        needed: u64,
    },
}

impl core::fmt::Display for ScanError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ScanError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a scan: the largest is {MAX_SCAN_LIMIT}"
            ),
            ScanError::OutOfMemory { needed } => write!(
                f,
                "a scan needs {needed} bytes of memory, which could not be allocated"
            ),
        }
    }
}

/// `core`'s `Error`, the same trait as `std::error::Error`: an error
/// without the feature `std` too, as a build script's scan has none.
impl core::error::Error for ScanError {}

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

/// An empty vector with room for the losing triples up to `limit`
/// ([`triples_room`]); the scan's refusal of the limit, or the allocator's
/// of the room, as a scan that needs `needed` bytes.
fn room_for_triples(limit: u32, needed: u64) -> Result<Vec<[u16; 3]>, ScanError> {
    accepted(limit)?;
    // About 2^29 at MAX_SCAN_LIMIT: a usize holds it.
    room::room(triples_room(limit) as usize).map_err(out_of_memory(needed))
}

/// The error for the allocator's refusal of memory in a scan that needs
/// `needed` bytes at its peak.
fn out_of_memory(needed: u64) -> impl Fn(NoRoom) -> ScanError {
    move |NoRoom| ScanError::OutOfMemory { needed }
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
        let needed = memory_needed(limit);
        let mut triples = room_for_triples(limit, needed)?;
        let reach = Reach::Partners { cols };
        let partners = scan(convention, limit, reach, needed, progress, |t| {
            triples.push(t)
        })?;
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
/// With the feature `std` and a limit of 1024 or more, the scan runs on
/// every core, up to 8 threads (module docs); `progress` is still called
/// from this thread, in order.
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
    let needed = memory_needed_for_triples(limit);
    let mut triples = room_for_triples(limit, needed)?;
    scan(convention, limit, Reach::Cube, needed, progress, |t| {
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
    // Refused before the totals' room is made for it.
    accepted(limit)?;
    let mut totals = Totals::new(limit);
    let needed = memory_needed_for_totals(limit);
    scan(convention, limit, Reach::Cube, needed, progress, |t| {
        totals.add(t)
    })?;
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
/// partner of every pair (empty for [`Reach::Cube`]). `needed` is the
/// estimate of its peak memory that an allocator's refusal reports.
///
/// The one difference `convention` makes: under [`Convention::Misere`] the
/// triple `(0, 0, 0)` is not losing, so it holds no key, and the first
/// search, the pair `(0, 0)`'s, goes on to `z = 1`.
fn scan(
    convention: Convention,
    limit: u32,
    reach: Reach,
    needed: u64,
    mut progress: impl FnMut(Progress),
    mut found_triple: impl FnMut([u16; 3]),
) -> Result<Vec<u32>, ScanError> {
    accepted(limit)?;
    let threads = match reach {
        Reach::Cube => threads_for(limit),
        Reach::Partners { .. } => 1,
    };
    scan_on(
        threads,
        convention,
        limit,
        reach,
        &mut progress,
        &mut found_triple,
    )
    .map_err(out_of_memory(needed))
}

/// [`scan`] on `threads` threads: more than one only for [`Reach::Cube`],
/// and only with the feature `std`. Its callbacks are trait objects, so
/// that the scan is compiled once, not once for each caller's closures: a
/// call per row and per triple costs nothing beside their searches, and
/// the copies cost every build of the crate seconds. `limit` is one the
/// scan accepts ([`accepted`]); it fails only for want of room.
fn scan_on(
    threads: usize,
    convention: Convention,
    limit: u32,
    reach: Reach,
    progress: &mut dyn FnMut(Progress),
    found_triple: &mut dyn FnMut([u16; 3]),
) -> Result<Vec<u32>, NoRoom> {
    // The caller has accepted the limit, so it fits a u16.
    let l = limit as usize;
    let pairs_total = pair_count(limit);
    // Only rows up to the limit are ever read.
    let rows = l + 1;
    let (cols, cube) = match reach {
        Reach::Partners { cols } => (cols, false),
        // No key past the limit is ever held, so the rows never widen.
        Reach::Cube => (rows, true),
    };
    let plan = Plan {
        convention,
        limit: l,
        cube,
    };
    // At least L + 1 columns: the K1 test reads row x at column y.
    let mut keys = Keys::new(rows, cols.max(rows))?;
    let mut pairs_done = 0u64;
    let mut row_done = |x: usize| {
        pairs_done += (l - x + 1) as u64;
        progress(Progress {
            pairs_done,
            pairs_total,
        });
    };
    // limit <= MAX_SCAN_LIMIT: about 2^31 pairs at most.
    let mut partners = Vec::new();
    // False when the system refused every thread: then on this one.
    #[cfg(feature = "std")]
    let on_threads = cube
        && threads > 1
        && bands::scan_on_threads(&keys, plan, threads, &mut *found_triple, &mut row_done)?;
    // Threads need std.
    #[cfg(not(feature = "std"))]
    let on_threads = {
        let _ = threads;
        false
    };
    if !on_threads {
        if !cube {
            partners = room::filled(pairs_total as usize, u32::MAX)?;
        }
        let on_held = |x: usize, y: usize, z: usize| {
            if cube {
                return;
            }
            // Piles are at most the limit, which fits u16; only a partner
            // past the limit could overflow its field.
            partners[index(x, y)] = partner_field(z);
            if z <= l {
                partners[index(x, z)] = y as u32;
                partners[index(y, z)] = x as u32;
            }
        };
        bands::scan_in_order(&mut keys, plan, on_held, found_triple, &mut row_done)?;
    }
    #[cfg(test)]
    keys.check_summaries();
    Ok(partners)
}

/// The threads a scan of the cube to `limit` runs on: one below
/// [`THREADS_FROM`](bands::THREADS_FROM), and without the feature `std`;
/// otherwise one per core, up to [`MOST_THREADS`](bands::MOST_THREADS).
fn threads_for(limit: u32) -> usize {
    let most = threads_at_most(limit);
    #[cfg(feature = "std")]
    if most > 1 {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        return cores.min(most);
    }
    most
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
            sums: alloc::vec![0; len],
            counts: alloc::vec![0; len],
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

    /// The cube's triples and the progress reports of a scan on `threads`.
    fn cube_on(
        threads: usize,
        convention: Convention,
        limit: u32,
    ) -> (Vec<[u16; 3]>, Vec<Progress>) {
        let (mut triples, mut reports) = (Vec::new(), Vec::new());
        let partners = scan_on(
            threads,
            convention,
            limit,
            Reach::Cube,
            &mut |p| reports.push(p),
            &mut |t| triples.push(t),
        );
        assert_eq!(partners, Ok(Vec::new()));
        (triples, reports)
    }

    #[test]
    fn the_cube_on_several_threads_is_the_cube_on_one() {
        // Each search is checked bit by bit as it runs, against keys that the
        // other threads write meanwhile, and every summary at the end.
        for convention in [Convention::Normal, Convention::Misere] {
            for limit in [0, 1, 63, 64, 65, 127, 200, 700] {
                let one = cube_on(1, convention, limit);
                assert_eq!(
                    one.0,
                    losing_triples_for(convention, limit, |_| {}).unwrap()
                );
                // Groups of 4, 2, 1 and 1 bands a thread, of which the
                // last one is short at 700 (11 bands).
                for threads in [2, 3, 5, 8] {
                    let several = cube_on(threads, convention, limit);
                    assert!(
                        several == one,
                        "{convention:?}, limit {limit}, {threads} threads"
                    );
                }
            }
        }
    }

    /// A thread the system refuses leaves its bands to the threads
    /// started; when it refuses the first, the scan runs on the caller's
    /// thread. Either way the cube is the same, and no refusal of memory.
    #[cfg(feature = "std")]
    #[test]
    fn threads_refused_leave_the_cube_to_the_threads_started_or_this_one() {
        use super::bands::{REFUSED_FROM, STARTED};
        for convention in [Convention::Normal, Convention::Misere] {
            for limit in [200, 700] {
                let one = cube_on(1, convention, limit);
                for (threads, refused_from) in [(2, 0), (2, 1), (5, 2), (8, 7)] {
                    REFUSED_FROM.with(|from| from.set(refused_from));
                    let refused = cube_on(threads, convention, limit);
                    REFUSED_FROM.with(|from| from.set(usize::MAX));
                    assert!(
                        refused == one,
                        "{convention:?}, limit {limit}, {threads} threads, refused from {refused_from}"
                    );
                    assert_eq!(STARTED.with(|started| started.get()), refused_from);
                }
            }
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn large_cubes_take_every_core_and_small_ones_one() {
        use super::bands::{MOST_THREADS, THREADS_FROM};
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads_for(THREADS_FROM - 1), 1);
        assert_eq!(threads_for(THREADS_FROM), cores.min(MOST_THREADS));
        assert_eq!(threads_for(MAX_SCAN_LIMIT), cores.min(MOST_THREADS));
    }

    #[test]
    fn the_room_made_for_the_triples_holds_them_at_every_limit() {
        // The vector of the triples never doubles past the room made for
        // it, which the estimates count: the counts at every limit to 1000
        // in both conventions, from one scan each.
        for convention in [Convention::Normal, Convention::Misere] {
            let limit = 1000;
            let triples = losing_triples_for(convention, limit, |_| {}).expect("a small limit");
            let (_, counts) = prefix_sums(limit, &triples);
            for (l, &count) in (0..).zip(&counts) {
                assert!(
                    u128::from(count) <= triples_room(l),
                    "{convention:?} at {l}: {count} triples"
                );
            }
            assert_eq!(triples.capacity() as u128, triples_room(limit));
        }
    }

    #[test]
    fn long_searches_jump_to_the_partners_found_bit_by_bit() {
        // At 1000 a search's held run reaches a few hundred columns; each
        // search is checked against the bit-by-bit search as it runs. The
        // counts are GAME.md's.
        for (convention, count) in [(Convention::Normal, 121_060), (Convention::Misere, 120_794)] {
            let scan = Scan::run_for(convention, 1000, |_| {}).expect("a small limit");
            assert_eq!(scan.triples().len(), count, "{convention:?}");
        }
    }

    #[test]
    fn a_refusal_says_why() {
        // Not in the prelude without the feature `std`.
        use alloc::string::ToString;
        assert_eq!(
            ScanError::LimitTooLarge { limit: 70_000 }.to_string(),
            "limit 70000 is too large for a scan: the largest is 65535"
        );
        assert_eq!(
            ScanError::OutOfMemory { needed: 12 }.to_string(),
            "a scan needs 12 bytes of memory, which could not be allocated"
        );
    }

    #[test]
    fn the_largest_limit_is_accepted_and_the_next_refused() {
        // (A scan at 65535 takes a minute on two cores: the check is tested
        // alone.)
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
}
