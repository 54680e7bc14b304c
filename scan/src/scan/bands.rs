//! The order of a scan's searches: the pairs `(x, y)` in tiles, a band of
//! rows at a time, on one thread or on several.
//!
//! A band is [`TILE`] rows `x`; its tiles are [`TILE`] columns `y` of each
//! of its rows, from the band's first row to the limit. Any order that puts
//! the search `(x, y)` before `(x', y')` whenever `x <= x'` and `y <= y'`
//! finds the same partners (the module docs of [`scan`](super) say why). So
//! a band's tile may run once the band before has finished the tile above
//! it, while that band goes on to the right:
//!
//! - [`scan_in_order`] runs the bands one after the other;
//! - [`scan_on_threads`] runs consecutive bands at once on several threads,
//!   each a tile or more behind the band before; each thread takes several
//!   consecutive bands in turn ([`BANDS_KEPT`]) and scans them a column of
//!   tiles at a time, which keeps that column's rows in its core's caches.
//!
//! Two tiles that run at once, `(X, Y)` and `(X', Y')` with band `X < X'`
//! and tile `Y > Y'` (both `Y' >= X'`), never write to one word of the
//! keys, nor read a bit the other writes. Their piles `x` and `y` lie in
//! tiles `X` and `Y` for one, `X'` and `Y'` for the other, four tiles but
//! when `X' = Y'`, so the rows of `one`, and `two_t[x]` and `two_t[y]`,
//! differ. Their differences `y - x` differ too: those of `(X, Y)` are above
//! `64 (Y - X) - 64`, those of `(X', Y')` below `64 (Y' - X') + 64`, and
//! `Y - X >= Y' - X' + 2`; so the rows of `two` and `all` differ. The last
//! key, `two_t[z]`, a tile writes only for `z` in its own tile `Y` (at once,
//! or from the band's keys held late when it reaches that tile), a row of
//! neither of the other's tiles. So the keys need no atomic
//! read-modify-write: only relaxed loads and stores ([`Keys`]).

use alloc::vec::Vec;

use super::keys::Keys;
use super::room::{NoRoom, filled};
use crate::Convention;

/// The side of the tiles the pairs are scanned in (module docs): 64 rows of
/// 64 columns read about 3 x 64 row indices, under 1 MiB at L = 8000. The
/// columns of a tile are one word of each row's K1 bits, which the scan's
/// skip of held pairs relies on.
pub(super) const TILE: usize = 64;

/// The smallest limit whose scan of the cube runs on several threads: 16
/// bands. Below it the scan takes milliseconds.
pub(super) const THREADS_FROM: u32 = 16 * TILE as u32;

/// The most threads a scan runs on. Together they keep [`BANDS_KEPT`]
/// bands' buffers (about 25 MiB a band at 65535, counted in the memory
/// estimates), and more threads than this gain little from the memory they
/// share.
pub(super) const MOST_THREADS: usize = 8;

/// The most threads the scan of the cube to `limit` runs on, whatever the
/// machine: [`threads_for`](super::threads_for) takes no more.
pub(super) const fn threads_at_most(limit: u32) -> usize {
    if cfg!(feature = "std") && limit >= THREADS_FROM {
        MOST_THREADS
    } else {
        1
    }
}

/// The most bands the threads of a scan of the cube keep buffers for at
/// once. Each thread takes `BANDS_KEPT / threads` consecutive bands in turn
/// ([`bands_per_thread`]) and scans them together, tile by tile: the tile
/// `(X, Y)` of each of them before any tile right of `Y`. Their searches of
/// one column of tiles read the same rows `one[y]` and `two_t[y]` and nearby
/// rows of `two` and `all`, which the first band's tile brings into the
/// core's caches for the others. On two cores, 4 bands each, the scan at
/// 32000 and at 65535 takes less time than a band at a time (BENCHMARKS.md,
/// section 4.1); 8 each took about as long, and 16 each longer, their
/// buffers crowding the caches. As many as the threads at most, so that
/// the memory estimates count the bands one thread each kept before.
const BANDS_KEPT: usize = MOST_THREADS;

/// How many consecutive bands each of `threads` threads scans together:
/// [`BANDS_KEPT`] in all, and at least one each.
#[cfg(feature = "std")]
const fn bands_per_thread(threads: usize) -> usize {
    let each = BANDS_KEPT / threads;
    if each == 0 { 1 } else { each }
}

/// The most bands the scan of the cube to `limit` keeps buffers for at
/// once, whatever the machine: [`BANDS_KEPT`] when it may run on threads,
/// else one.
pub(super) const fn bands_at_most(limit: u32) -> usize {
    if threads_at_most(limit) > 1 {
        BANDS_KEPT
    } else {
        1
    }
}

/// What a scan searches for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub(super) convention: Convention,
    /// The limit `L`: the pairs of piles up to it are searched.
    pub(super) limit: usize,
    /// Whether only the triples inside the cube count: a search whose first
    /// free column lies past `L` holds nothing, and a row whose every later
    /// search would start past `L` ends there.
    pub(super) cube: bool,
}

/// A band of [`TILE`] rows `x` being scanned. Per row: the next `y` to look
/// at, and the first-free bound of `two_t[x]` (see [`Keys::first_free_z`]).
/// Per pair: a bit when it found its partner `z <= L`, a losing triple
/// `(x, y, z)`, and that `z`. A bit per pair keeps the peak memory down
/// (64 KB at 8000) against a buffer of triples; they are handed on in row
/// order at the band's end.
struct Band {
    plan: Plan,
    first: usize,
    next_y: [usize; TILE],
    free_t: [u32; TILE],
    row_words: usize,
    found: Vec<u64>,
    z: Vec<u16>,
    /// Per tile of `z`, the last keys of the triples `(x, y, z)` held so
    /// far with `z` in that tile: `(z, y - x)`, for
    /// [`Keys::hold_in_row_z`]. Only the searches of that tile and later
    /// read them, so they are marked when the band comes to it: the 64
    /// rows `two_t[z]` of a tile, which its searches are about to read,
    /// take their keys together, instead of one row anywhere in the
    /// tables for each triple, a cache miss each.
    later: Vec<Vec<(u16, u16)>>,
}

impl Band {
    /// A band's buffers for `plan`, or the allocator's refusal.
    fn new(plan: Plan) -> Result<Band, NoRoom> {
        let rows = plan.limit + 1;
        let row_words = rows.div_ceil(64);
        Ok(Band {
            plan,
            first: 0,
            next_y: [0; TILE],
            free_t: [0; TILE],
            row_words,
            found: filled(TILE * row_words, 0)?,
            z: filled(TILE * rows, 0)?,
            later: filled(rows.div_ceil(TILE), Vec::new())?,
        })
    }

    /// The band's rows: `first..first + TILE`, or up to the limit.
    fn rows(&self) -> core::ops::Range<usize> {
        self.first..(self.first + TILE).min(self.plan.limit + 1)
    }

    /// Starts the band whose first row is `first`: each row's search starts
    /// at `y = x`, past nothing.
    fn start(&mut self, first: usize) {
        self.first = first;
        for x in self.rows() {
            self.next_y[x - first] = x;
            self.free_t[x - first] = 0;
        }
    }

    /// Searches the pairs `(x, y)` of the band's rows with `y < end`, the end
    /// of a tile, and holds each losing triple found (`on_held` sees it).
    /// `Err(z)` when the partner `z` of a pair lies past the keys' rows:
    /// widen them to `z` ([`Keys::widen`]) and call again, which goes on
    /// from that pair.
    fn scan_to(
        &mut self,
        keys: &Keys,
        end: usize,
        on_held: &mut impl FnMut(usize, usize, usize),
    ) -> Result<(), usize> {
        let l = self.plan.limit;
        // Tiles are words of row `x`: the skip of held pairs stops at a
        // word's end, and the threads' tiles never share a word (module docs).
        debug_assert!(
            end.is_multiple_of(TILE) || end == l + 1,
            "a tile that ends at {end}, inside a word"
        );
        // The keys this tile's searches are the first to read. A tile's
        // end is its start plus TILE, or the limit's row past it.
        for (z, d) in core::mem::take(&mut self.later[(end - 1) / TILE]) {
            keys.hold_in_row_z(z as usize, d as usize);
        }
        for x in self.rows() {
            let i = x - self.first;
            let mut y = self.next_y[i];
            let searched = loop {
                if y >= end {
                    break Ok(());
                }
                // A held K1(x, y): an earlier losing triple holds both piles,
                // so the partner was recorded then and every z >= y is
                // winning. Skip such pairs up to the next free one, in this
                // word of row `x`: a tile is one word (`TILE`), so a run that
                // reaches the word's end ends the tile.
                y += keys.held_pairs_from(x, y);
                if y >= end {
                    break Ok(());
                }
                let mut z = keys.first_free_z(x, y, &mut self.free_t[i]);
                if z == 0 && self.plan.convention == Convention::Misere {
                    // (0, 0, 0), the first triple, is won: the search of
                    // (0, 0) goes on to (0, 0, 1), whose keys are free, as
                    // nothing is held yet.
                    z = 1;
                }
                if self.plan.cube && z > l {
                    // No partner inside the cube, and nothing to hold. Every
                    // later pair of the row starts at y' + free_t > y +
                    // free_t: once that reaches L, the row is done. (y <= l:
                    // no wrap.)
                    if self.free_t[i] as usize >= l - y {
                        y = l + 1;
                        break Ok(());
                    }
                    y += 1;
                    continue;
                }
                if !keys.fits(z) {
                    break Err(z);
                }
                keys.hold(x, y, z);
                // At once only in this tile's rows: on threads, the band
                // before may be marking its late keys in the next tile's
                // rows meanwhile, in the same words.
                if z < end {
                    keys.hold_in_row_z(z, y - x);
                } else if z <= l {
                    // z <= l < 2^16, and y - x below it.
                    self.later[z / TILE].push((z as u16, (y - x) as u16));
                }
                on_held(x, y, z);
                if z <= l {
                    self.found[i * self.row_words + y / 64] |= 1 << (y % 64);
                    // z <= l, the limit, which fits u16.
                    self.z[i * (l + 1) + y] = z as u16;
                }
                y += 1;
            };
            self.next_y[i] = y;
            searched?;
        }
        Ok(())
    }

    /// How many triples the band has found so far.
    #[cfg(feature = "std")]
    fn found(&self) -> usize {
        self.found
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// Hands the band's triples to `on_triple`, row by row in lexicographic
    /// order, calling `row_done(x)` after row `x`'s, and clears them.
    fn hand_on(&mut self, on_triple: &mut impl FnMut([u16; 3]), row_done: &mut impl FnMut(usize)) {
        let rows = self.plan.limit + 1;
        for x in self.rows() {
            let start = (x - self.first) * self.row_words;
            for (k, word) in self.found[start..start + self.row_words]
                .iter_mut()
                .enumerate()
            {
                let mut bits = *word;
                *word = 0;
                while bits != 0 {
                    let y = 64 * k + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let z = self.z[(x - self.first) * rows + y];
                    // Piles are at most the limit, which fits u16.
                    on_triple([x as u16, y as u16, z]);
                }
            }
            row_done(x);
        }
    }
}

/// Scans every band in order on this thread. `on_held` sees each triple as
/// it is held, partners past the limit included; `on_triple` sees the
/// triples up to the limit in lexicographic order, and `row_done(x)` is
/// called after row `x`'s. The keys widen as partners run past them; the
/// allocator's refusal of a band's buffers or of a widening stops the scan.
pub(super) fn scan_in_order(
    keys: &mut Keys,
    plan: Plan,
    mut on_held: impl FnMut(usize, usize, usize),
    mut on_triple: impl FnMut([u16; 3]),
    mut row_done: impl FnMut(usize),
) -> Result<(), NoRoom> {
    let rows = plan.limit + 1;
    let mut band = Band::new(plan)?;
    for first in (0..rows).step_by(TILE) {
        band.start(first);
        for end in tile_ends(first, rows) {
            while let Err(z) = band.scan_to(keys, end, &mut on_held) {
                keys.widen(z)?;
            }
        }
        band.hand_on(&mut on_triple, &mut row_done);
    }
    Ok(())
}

/// The ends of the tiles of the band whose first row is `first`.
fn tile_ends(first: usize, rows: usize) -> impl Iterator<Item = usize> {
    (first..rows)
        .step_by(TILE)
        .map(move |start| (start + TILE).min(rows))
}

#[cfg(feature = "std")]
pub(super) use on_threads::scan_on_threads;
#[cfg(all(test, feature = "std"))]
pub(super) use on_threads::{REFUSED_FROM, STARTED};

#[cfg(feature = "std")]
mod on_threads {
    use super::{Band, Keys, NoRoom, Plan, TILE, bands_per_thread, tile_ends};
    use crate::scan::room::room;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
    use std::vec::Vec;

    /// Scans the cube's triples (`plan.cube`) on `threads` threads, each
    /// taking the next [`bands_per_thread`] bands in turn, and hands on what
    /// [`scan_in_order`](super::scan_in_order) would, in the same order, from
    /// this thread: `on_triple` each triple up to the limit, `row_done(x)`
    /// after row `x`'s. In the cube no key lies past the rows, which were
    /// made `L + 1` columns wide, so they never widen. Each thread's bands
    /// are made before any thread starts, and a band's triples are handed
    /// on in room asked for, so that the allocator's refusal of either
    /// stops the threads and is returned here. (A band's late keys grow as
    /// ordinary vectors: a few bytes a triple.)
    ///
    /// A thread the system refuses (a limit on processes, or no memory for
    /// its stack) leaves the bands to the threads started, which take them
    /// in turn all the same. When it refuses the first, nothing is scanned
    /// and `Ok(false)` says so: the caller scans on its own thread.
    pub(in crate::scan) fn scan_on_threads(
        keys: &Keys,
        plan: Plan,
        threads: usize,
        mut on_triple: impl FnMut([u16; 3]),
        mut row_done: impl FnMut(usize),
    ) -> Result<bool, NoRoom> {
        debug_assert!(plan.cube, "only the cube's scan never widens its rows");
        let rows = plan.limit + 1;
        let bands = rows.div_ceil(TILE);
        let group = bands_per_thread(threads);
        let mut kept = room(threads)?;
        for _ in 0..threads {
            let mut own = room(group)?;
            for _ in 0..group {
                own.push(Band::new(plan)?);
            }
            kept.push(own);
        }
        let shared = Shared::new(keys, plan, group);
        let started = std::thread::scope(|scope| {
            let mut started = 0;
            for (t, bands) in kept.into_iter().enumerate() {
                let shared = &shared;
                let thread = std::thread::Builder::new();
                if refuses_thread(t)
                    || thread
                        .spawn_scoped(scope, move || shared.scan_bands(bands))
                        .is_err()
                {
                    break;
                }
                started += 1;
            }
            #[cfg(test)]
            STARTED.with(|told| told.set(started));
            if started == 0 {
                return 0;
            }
            // The bands end about in order: each is handed on once it and
            // those before it have ended.
            for due in 0..bands {
                let Some(triples) = shared.wait_for_triples(due) else {
                    // A thread panicked, and the scope passes its panic
                    // on, or was refused memory.
                    return started;
                };
                hand_on(due * TILE, rows, &triples, &mut on_triple, &mut row_done);
            }
            started
        });
        if shared.refused.load(Ordering::Relaxed) {
            return Err(NoRoom);
        }
        Ok(started > 0)
    }

    /// Whether the system refuses thread `t` here: never, but in tests from
    /// the thread `REFUSED_FROM` says on, so that they can see the bands
    /// go to the threads started.
    fn refuses_thread(t: usize) -> bool {
        #[cfg(test)]
        return REFUSED_FROM.with(|from| t >= from.get());
        #[cfg(not(test))]
        {
            let _ = t;
            false
        }
    }

    #[cfg(test)]
    std::thread_local! {
        /// The first thread the system refuses a test's scan on this thread
        /// (none: `usize::MAX`).
        pub(in crate::scan) static REFUSED_FROM: core::cell::Cell<usize> =
            const { core::cell::Cell::new(usize::MAX) };
        /// How many threads the last scan on this thread started.
        pub(in crate::scan) static STARTED: core::cell::Cell<usize> =
            const { core::cell::Cell::new(0) };
    }

    /// Hands on one band's triples, row by row, as [`Band::hand_on`] does.
    fn hand_on(
        first: usize,
        rows: usize,
        triples: &[[u16; 3]],
        on_triple: &mut impl FnMut([u16; 3]),
        row_done: &mut impl FnMut(usize),
    ) {
        let mut rest = triples;
        for x in first..(first + TILE).min(rows) {
            let in_row = rest.iter().take_while(|t| usize::from(t[0]) == x).count();
            let (row, later) = rest.split_at(in_row);
            row.iter().for_each(|&t| on_triple(t));
            row_done(x);
            rest = later;
        }
    }

    /// What the threads share: the keys, and how far each band has got.
    struct Shared<'k> {
        keys: &'k Keys,
        plan: Plan,
        /// How many consecutive bands a thread takes at a time.
        group: usize,
        /// The next group of bands no thread has taken.
        next_group: AtomicUsize,
        /// Per band, the end of the tiles it has finished: every pair `(x,
        /// y)` of its rows with `y` below it has been searched.
        reached: Vec<AtomicUsize>,
        /// Set when a thread panicked or was refused memory: the others
        /// stop instead of waiting for its band.
        stopped: AtomicBool,
        /// Set when the allocator refused a band's triples their room.
        refused: AtomicBool,
        /// Per band, its triples in row order once it has ended, until they
        /// are handed on.
        ended: Mutex<Vec<Option<Vec<[u16; 3]>>>>,
        /// Told when a band ends, or a thread stops.
        one_ended: Condvar,
    }

    impl<'k> Shared<'k> {
        /// Nothing scanned yet of the cube of `plan`, by threads that take
        /// `group` bands at a time.
        fn new(keys: &'k Keys, plan: Plan, group: usize) -> Self {
            let bands = (plan.limit + 1).div_ceil(TILE);
            Shared {
                keys,
                plan,
                group,
                next_group: AtomicUsize::new(0),
                reached: (0..bands).map(|_| AtomicUsize::new(0)).collect(),
                stopped: AtomicBool::new(false),
                refused: AtomicBool::new(false),
                ended: Mutex::new((0..bands).map(|_| None).collect()),
                one_ended: Condvar::new(),
            }
        }

        /// Takes `self.group` consecutive bands in turn until none is left,
        /// scans them together a column of tiles at a time in `bands`
        /// (`self.group` of them), and leaves each one's triples, in row
        /// order, in `ended` when they end.
        fn scan_bands(&self, mut bands: Vec<Band>) {
            let _stop_on_panic = StopOnPanic(self);
            let rows = self.plan.limit + 1;
            let bands_in_all = self.reached.len();
            loop {
                let first = self.group * self.next_group.fetch_add(1, Ordering::Relaxed);
                if first >= bands_in_all || self.stopped.load(Ordering::Relaxed) {
                    return;
                }
                let taken = &mut bands[..(bands_in_all - first).min(self.group)];
                for (k, band) in taken.iter_mut().enumerate() {
                    band.start((first + k) * TILE);
                }
                for end in tile_ends(first * TILE, rows) {
                    // The band before the first is another thread's; each
                    // later one's is the band just scanned to `end` here.
                    if first > 0 && !self.wait_for(first - 1, end) {
                        return;
                    }
                    for (k, band) in taken.iter_mut().enumerate() {
                        // A tile that ends at or before the band's first row
                        // holds no pair (x, y) with y >= x. The group's first
                        // band has pairs in every tile from its own on.
                        if end <= band.first {
                            debug_assert!(k > 0, "band {first}'s tiles start at its first row");
                            break;
                        }
                        let b = first + k;
                        debug_assert!(
                            b == 0 || self.reached[b - 1].load(Ordering::Acquire) >= end,
                            "band {b} ran ahead of the band before, to {end}"
                        );
                        let widened = band.scan_to(self.keys, end, &mut |_, _, _| {});
                        assert!(widened.is_ok(), "the cube's rows hold every key");
                        self.reached[b].store(end, Ordering::Release);
                    }
                }
                for (k, band) in taken.iter_mut().enumerate() {
                    let b = first + k;
                    let Ok(mut triples) = room(band.found()) else {
                        self.refuse();
                        return;
                    };
                    band.hand_on(&mut |t| triples.push(t), &mut |_| {});
                    // The room was made once, as the estimates count it: a
                    // vector grown by doubling would take up to twice as much.
                    debug_assert_eq!(triples.len(), triples.capacity(), "band {b}'s room");
                    self.ended()[b] = Some(triples);
                    self.one_ended.notify_one();
                }
            }
        }

        /// The bands' slots. A panicking thread takes the lock only in
        /// [`StopOnPanic`] (through [`Shared::stop`]), to set the stop flag,
        /// which poisons it without touching a slot: a poisoned lock still
        /// holds sound slots.
        fn ended(&self) -> MutexGuard<'_, Vec<Option<Vec<[u16; 3]>>>> {
            self.ended.lock().unwrap_or_else(PoisonError::into_inner)
        }

        /// Band `b`'s triples once it has ended; `None` when a thread
        /// stopped, and it never will.
        fn wait_for_triples(&self, b: usize) -> Option<Vec<[u16; 3]>> {
            let mut ended = self.ended();
            loop {
                if let Some(triples) = ended[b].take() {
                    return Some(triples);
                }
                if self.stopped.load(Ordering::Relaxed) {
                    return None;
                }
                ended = self
                    .one_ended
                    .wait(ended)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }

        /// Stops every thread, and wakes the one handing the triples on:
        /// nothing they wait for will come. Under the lock, so that a
        /// waiter sees it before it waits, or is woken.
        fn stop(&self) {
            let ended = self.ended();
            self.stopped.store(true, Ordering::Relaxed);
            drop(ended);
            self.one_ended.notify_all();
        }

        /// Stops every thread for the refusal of memory, which
        /// [`scan_on_threads`] then returns.
        fn refuse(&self) {
            self.refused.store(true, Ordering::Relaxed);
            self.stop();
        }

        /// Waits until band `b` has finished the tiles that end at `end`;
        /// false when a thread stopped, and nothing will.
        fn wait_for(&self, b: usize, end: usize) -> bool {
            let mut spins = 0u32;
            while self.reached[b].load(Ordering::Acquire) < end {
                if self.stopped.load(Ordering::Relaxed) {
                    return false;
                }
                // The band before is a tile ahead, most of the time: a short
                // spin, then give the core away.
                if spins < 100 {
                    std::hint::spin_loop();
                    spins += 1;
                } else {
                    std::thread::yield_now();
                }
            }
            true
        }
    }

    /// Stops the other threads, and wakes the one handing the triples on,
    /// when this one panics: nothing they wait for would come.
    /// (`thread::scope` then passes the panic on.)
    struct StopOnPanic<'s, 'k>(&'s Shared<'k>);

    impl Drop for StopOnPanic<'_, '_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.stop();
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::Convention;

        /// The threads' state at 200 (four bands), and the keys it reads.
        fn scanning(keys: &Keys, refused: bool) -> Shared<'_> {
            let plan = Plan {
                convention: Convention::Normal,
                limit: 200,
                cube: true,
            };
            let shared = Shared::new(keys, plan, 2);
            if refused {
                shared.refuse();
            } else {
                shared.stop();
            }
            shared
        }

        /// A thread that panics, or is refused memory or a thread, stops
        /// the others and the hand-off, which wait for nothing more; only
        /// a refusal is returned as one.
        #[test]
        fn a_stop_ends_every_wait_and_a_refusal_is_told() {
            let keys = Keys::new(201, 201).expect("room");
            for refused in [false, true] {
                let shared = scanning(&keys, refused);
                assert!(shared.stopped.load(Ordering::Relaxed));
                assert_eq!(shared.refused.load(Ordering::Relaxed), refused);
                assert_eq!(shared.wait_for_triples(0), None);
                assert!(!shared.wait_for(0, TILE));
            }
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn the_threads_share_the_bands_kept() {
        assert_eq!(BANDS_KEPT, 8);
        let each = [1, 2, 3, 5, 8, 9].map(bands_per_thread);
        assert_eq!(each, [8, 4, 2, 1, 1, 1]);
        assert_eq!(bands_at_most(THREADS_FROM), BANDS_KEPT);
        assert_eq!(bands_at_most(THREADS_FROM - 1), 1);
    }
}
