//! Tables built at run time, for any limit up to [`ScannedTables::MAX_LIMIT`]: the
//! fallback above [`LIMIT`], and the cross-check of the generated format (it
//! runs the build script's own scan, so the mathematics is checked elsewhere,
//! against [`BruteForce`](crate::BruteForce)).
//!
//! [`LIMIT`]: crate::LIMIT

use alloc::vec::Vec;

use stone_game_scan::format::{RANK_BYTES, rank_directory};
use stone_game_scan::scan::{
    MAX_SCAN_LIMIT, Scan, losing_totals_for, losing_triples_for, memory_needed,
    memory_needed_for_totals, memory_needed_for_triples, prefix_sums,
};
pub use stone_game_scan::scan::{Progress, ScanError};

use crate::tables::{Partners, Triples, Words};
use crate::{Convention, Tables, Triple};

/// The tables of a runtime scan, with the same queries as the generated ones
/// through [`as_tables`](Self::as_tables).
///
/// The scan is the one in [`stone_game_scan::scan`]: the
/// build script (through the generator) and this type run the same code.
///
/// ```
/// use stone_game::ScannedTables;
/// let table = ScannedTables::scan(100)?;
/// assert_eq!(table.as_tables().losing_sum(100), Some(173_895));
/// assert_eq!(table.as_tables().losing_count(100), Some(1264));
/// # Ok::<(), stone_game::ScanError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ScannedTables {
    limit: u32,
    convention: Convention,
    triples: Vec<Triple>,
    partners: Vec<u32>,
    sums: Vec<u64>,
    counts: Vec<u64>,
    ranks: Vec<[u8; RANK_BYTES]>,
}

impl core::fmt::Debug for ScannedTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ScannedTables")
            .field("limit", &self.limit)
            .field("convention", &self.convention)
            .field("triples", &self.triples.len())
            .finish_non_exhaustive()
    }
}

impl ScannedTables {
    /// The largest limit [`ScannedTables::scan`] takes: a [`Triple`] keeps
    /// its piles in `u16`.
    ///
    /// ```
    /// use stone_game::ScannedTables;
    /// assert_eq!(ScannedTables::MAX_LIMIT, 65_535);
    /// assert!(ScannedTables::scan(ScannedTables::MAX_LIMIT + 1).is_err());
    /// ```
    pub const MAX_LIMIT: u32 = MAX_SCAN_LIMIT;

    /// The memory, in bytes, that [`ScannedTables::scan`] needs at its peak
    /// for `limit`, also for limits no scan accepts: an
    /// estimate from the sizes of the scan's bitsets, the partner table and
    /// the triples ([`stone_game_scan::scan::memory_needed`]).
    ///
    /// ```
    /// use stone_game::ScannedTables;
    /// let bytes = ScannedTables::memory_needed(1000);
    /// assert!(bytes > 1_000_000 && bytes < 10_000_000);
    /// assert_eq!(ScannedTables::memory_needed(u32::MAX), u64::MAX);
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        memory_needed(limit)
    }

    /// Scans every pair up to `limit`, in time growing as about the cube of
    /// the limit (BENCHMARKS.md has the figures) and
    /// [`ScannedTables::memory_needed(limit)`](Self::memory_needed) bytes; a
    /// limit past [`ScannedTables::MAX_LIMIT`] is refused, and so are the
    /// scan's tables when the allocator refuses them
    /// ([`ScanError::OutOfMemory`]).
    ///
    /// ```
    /// assert!(stone_game::ScannedTables::scan(70_000).is_err());
    /// ```
    pub fn scan(limit: u32) -> Result<ScannedTables, ScanError> {
        ScannedTables::scan_with_progress(limit, |_| {})
    }

    /// [`scan`](Self::scan), reporting progress as it goes.
    ///
    /// ```
    /// let mut reports = 0;
    /// stone_game::ScannedTables::scan_with_progress(10, |_| reports += 1)?;
    /// assert_eq!(reports, 11);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTables, ScanError> {
        ScannedTables::scan_for(Convention::Normal, limit, progress)
    }

    /// The limit: the largest pile the tables cover.
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTables};
    /// let misere = ScannedTables::scan_misere(20)?;
    /// assert_eq!((misere.limit(), misere.convention()), (20, Convention::Misere));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// The convention whose losing positions these are.
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// This scan as a [`Tables`] view, with the queries of [`EMBEDDED`](crate::EMBEDDED).
    ///
    /// ```
    /// let table = stone_game::ScannedTables::scan(20)?;
    /// assert_eq!(table.as_tables().is_losing(4, 4, 3), Some(true));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn as_tables(&self) -> Tables<'_> {
        Tables {
            limit: self.limit,
            convention: self.convention,
            triples: Triples::wide(&self.triples),
            partners: Partners::Wide(&self.partners),
            sums: Words::Wide(&self.sums),
            counts: Words::Wide(&self.counts),
            ranks: &self.ranks,
        }
    }
}

/// The losing triples of a runtime scan and their running totals, without
/// the partners: what sums, counts and lists need, at about half the cost of
/// [`ScannedTables`].
///
/// The scan stops every search at the limit: a losing triple with every
/// pile at most the limit shares no key with one outside (GAME.md, "Stopping
/// at the limit"), so the partners past the limit, most of a full scan's
/// work, are never looked for. The scan is the one in
/// ([`stone_game_scan::scan::losing_triples`]).
///
/// ```
/// use stone_game::ScannedTriples;
/// let scan = ScannedTriples::scan(100)?;
/// assert_eq!(scan.losing_sum(100), Some(173_895));
/// assert_eq!(scan.losing_count(100), Some(1264));
/// assert_eq!(scan.losing_sum(101), None);
/// assert_eq!(scan.triples().get(1), Some([0, 1, 2]));
/// # Ok::<(), stone_game::ScanError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ScannedTriples {
    triples: Vec<Triple>,
    totals: ScannedTotals,
}

impl core::fmt::Debug for ScannedTriples {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ScannedTriples")
            .field("limit", &self.totals.limit)
            .field("convention", &self.totals.convention)
            .field("triples", &self.triples.len())
            .finish_non_exhaustive()
    }
}

impl ScannedTriples {
    /// The largest limit [`ScannedTriples::scan`] takes, the same as
    /// [`ScannedTables::MAX_LIMIT`].
    pub const MAX_LIMIT: u32 = MAX_SCAN_LIMIT;

    /// The memory, in bytes, that [`ScannedTriples::scan`] needs at its
    /// peak for `limit` (saturating at `u64::MAX` for limits no scan
    /// accepts): under half of [`ScannedTables::memory_needed`] from a limit
    /// of 288 on, except from 1024 to 3903 with the feature `std`, where
    /// each thread's band is counted and it is more
    /// ([`stone_game_scan::scan::memory_needed_for_triples`]).
    ///
    /// ```
    /// use stone_game::{ScannedTables, ScannedTriples};
    /// assert!(ScannedTriples::memory_needed(1000) < ScannedTables::memory_needed(1000) / 2);
    /// assert_eq!(ScannedTriples::memory_needed(u32::MAX), u64::MAX);
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        memory_needed_for_triples(limit)
    }

    /// Scans the triples up to `limit`, in
    /// [`ScannedTriples::memory_needed(limit)`](Self::memory_needed) bytes;
    /// a limit past [`ScannedTriples::MAX_LIMIT`] is refused, and so are
    /// the scan's tables when the allocator refuses them
    /// ([`ScanError::OutOfMemory`]).
    ///
    /// ```
    /// assert!(stone_game::ScannedTriples::scan(70_000).is_err());
    /// ```
    pub fn scan(limit: u32) -> Result<ScannedTriples, ScanError> {
        ScannedTriples::scan_with_progress(limit, |_| {})
    }

    /// [`scan`](Self::scan), reporting progress as it goes: once per value
    /// of the smallest pile, as [`ScannedTables::scan_with_progress`] does.
    ///
    /// ```
    /// let mut reports = 0;
    /// stone_game::ScannedTriples::scan_with_progress(10, |_| reports += 1)?;
    /// assert_eq!(reports, 11);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTriples, ScanError> {
        ScannedTriples::scan_for(Convention::Normal, limit, progress)
    }

    /// The limit: the largest pile of the triples.
    pub const fn limit(&self) -> u32 {
        self.totals.limit
    }

    /// The convention whose losing triples these are.
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTriples};
    /// assert_eq!(ScannedTriples::scan_misere(4)?.convention(), Convention::Misere);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub const fn convention(&self) -> Convention {
        self.totals.convention
    }

    /// The losing triples `x <= y <= z <= limit`, in lexicographic order.
    pub fn triples(&self) -> Triples<'_> {
        Triples::wide(&self.triples)
    }

    /// Whether the position with piles `a`, `b`, `c` (in any order) is
    /// losing for the player to move: a search of the triples, O(log n).
    /// Answers every position whose piles are all within the limit (every
    /// position a scan to its largest pile decides, and every one it
    /// leads to); `None` otherwise.
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTriples};
    /// let normal = ScannedTriples::scan(4)?;
    /// assert_eq!(normal.is_losing(4, 3, 4), Some(true));
    /// assert_eq!(normal.is_losing(0, 0, 1), Some(false));
    /// assert_eq!(normal.is_losing(0, 0, 5), None); // past the limit
    /// let misere = ScannedTriples::scan_for(Convention::Misere, 4, |_| {})?;
    /// assert_eq!(misere.is_losing(0, 0, 1), Some(true));
    /// assert_eq!(misere.is_losing(0, 0, 0), Some(false));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        let limit = u64::from(self.limit());
        if a.max(b).max(c) > limit {
            return None;
        }
        // Within the limit, which fits u16: the casts are exact.
        let triple = [a as u16, b as u16, c as u16];
        Some(self.triples().losing_index(triple).is_some())
    }

    /// S(l): the sum of `x + y + z` over losing triples with `z <= l`, or
    /// `None` when `l` is past the limit.
    pub fn losing_sum(&self, l: u32) -> Option<u64> {
        self.totals.losing_sum(l)
    }

    /// The number of losing triples with `z <= l`, or `None` past the limit.
    pub fn losing_count(&self, l: u32) -> Option<u64> {
        self.totals.losing_count(l)
    }

    /// The running totals alone.
    ///
    /// ```
    /// use stone_game::{ScannedTotals, ScannedTriples};
    /// assert_eq!(ScannedTriples::scan(100)?.totals(), &ScannedTotals::scan(100)?);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn totals(&self) -> &ScannedTotals {
        &self.totals
    }
}

/// The running totals of a runtime scan, S(l) and the count of losing
/// triples for every `l` up to its limit, without the triples: what sums and
/// counts need, in the memory of the scan alone. The scan is
/// [`ScannedTriples`]'s, each triple added to the totals as it is found
/// ([`stone_game_scan::scan::losing_totals_for`]); at large limits the
/// triples would take more memory than the scan (2.9 GiB of 517,829,025
/// triples at 65535, BENCHMARKS.md).
///
/// ```
/// use stone_game::ScannedTotals;
/// let totals = ScannedTotals::scan(100)?;
/// assert_eq!(totals.losing_sum(100), Some(173_895));
/// assert_eq!(totals.losing_count(100), Some(1264));
/// assert_eq!(totals.losing_sum(101), None);
/// # Ok::<(), stone_game::ScanError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ScannedTotals {
    limit: u32,
    convention: Convention,
    sums: Vec<u64>,
    counts: Vec<u64>,
}

impl core::fmt::Debug for ScannedTotals {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ScannedTotals")
            .field("limit", &self.limit)
            .field("convention", &self.convention)
            .finish_non_exhaustive()
    }
}

impl ScannedTotals {
    /// The largest limit [`ScannedTotals::scan`] takes, the same as
    /// [`ScannedTables::MAX_LIMIT`].
    pub const MAX_LIMIT: u32 = MAX_SCAN_LIMIT;

    /// The memory, in bytes, that [`ScannedTotals::scan`] needs at its peak
    /// for `limit`, also for limits no scan accepts:
    /// [`ScannedTriples::memory_needed`] without the triples
    /// ([`stone_game_scan::scan::memory_needed_for_totals`]).
    ///
    /// ```
    /// use stone_game::{ScannedTotals, ScannedTriples};
    /// assert!(ScannedTotals::memory_needed(1000) < ScannedTriples::memory_needed(1000));
    /// assert!(ScannedTotals::memory_needed(u32::MAX) > ScannedTotals::memory_needed(65535));
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        memory_needed_for_totals(limit)
    }

    /// Scans the totals up to `limit`, in
    /// [`ScannedTotals::memory_needed(limit)`](Self::memory_needed) bytes;
    /// a limit past [`ScannedTotals::MAX_LIMIT`] is refused, and so are the
    /// scan's tables when the allocator refuses them
    /// ([`ScanError::OutOfMemory`]).
    ///
    /// ```
    /// assert!(stone_game::ScannedTotals::scan(70_000).is_err());
    /// ```
    pub fn scan(limit: u32) -> Result<ScannedTotals, ScanError> {
        ScannedTotals::scan_for(Convention::Normal, limit, |_| {})
    }

    /// [`scan`](Self::scan), reporting progress as
    /// [`scan_for`](Self::scan_for) does.
    ///
    /// ```
    /// let mut reports = 0;
    /// let totals = stone_game::ScannedTotals::scan_with_progress(10, |_| reports += 1)?;
    /// assert_eq!(reports, 11);
    /// assert_eq!(totals.losing_sum(10), stone_game::losing_sum(10));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTotals, ScanError> {
        ScannedTotals::scan_for(Convention::Normal, limit, progress)
    }

    /// The totals of the misère game up to `limit`:
    /// [`scan_for(Convention::Misere, limit, |_| {})`](Self::scan_for).
    ///
    /// ```
    /// use stone_game::{ScannedTotals, ScannedTriples};
    /// let misere = ScannedTotals::scan_misere(100)?;
    /// assert_eq!(misere.losing_sum(100), ScannedTriples::scan_misere(100)?.losing_sum(100));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_misere(limit: u32) -> Result<ScannedTotals, ScanError> {
        ScannedTotals::scan_for(Convention::Misere, limit, |_| {})
    }

    /// The totals of the game under `convention` up to `limit`, reporting
    /// progress as [`ScannedTriples::scan_for`] does, once per value of the
    /// smallest pile.
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTotals, ScannedTriples};
    /// let misere = ScannedTotals::scan_for(Convention::Misere, 100, |_| {})?;
    /// let triples = ScannedTriples::scan_misere(100)?;
    /// assert_eq!(misere.losing_sum(100), triples.losing_sum(100));
    /// assert_ne!(misere, ScannedTotals::scan(100)?);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTotals, ScanError> {
        let (sums, counts) = losing_totals_for(convention, limit, progress)?;
        Ok(ScannedTotals {
            limit,
            convention,
            sums,
            counts,
        })
    }

    /// The limit: the largest `l` the totals reach.
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// The convention whose losing triples these totals count.
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// S(l): the sum of `x + y + z` over losing triples with `z <= l`, or
    /// `None` when `l` is past the limit.
    pub fn losing_sum(&self, l: u32) -> Option<u64> {
        Words::Wide(&self.sums).get(l)
    }

    /// The number of losing triples with `z <= l`, or `None` past the limit.
    pub fn losing_count(&self, l: u32) -> Option<u64> {
        Words::Wide(&self.counts).get(l)
    }
}

// The misère game, and either convention: kept apart from the items above.
impl ScannedTables {
    /// The tables of the misère game (whoever takes the last stone loses)
    /// up to `limit`: [`scan_for(Convention::Misere, limit, |_| {})`](Self::scan_for).
    /// Under misère `(0, 0, 0)` is won, so the pair `(0, 0)` has the partner
    /// 1 (GAME.md, "Misère play").
    ///
    /// ```
    /// let misere = stone_game::ScannedTables::scan_misere(10)?;
    /// let tables = misere.as_tables();
    /// assert_eq!(tables.is_losing(0, 0, 0), Some(false));
    /// assert_eq!(tables.is_losing(0, 1, 0), Some(true));
    /// assert_eq!(tables.partner(0, 0), Some(1));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_misere(limit: u32) -> Result<ScannedTables, ScanError> {
        ScannedTables::scan_for(Convention::Misere, limit, |_| {})
    }

    /// The tables of the game under `convention` up to `limit`, reporting
    /// progress as [`scan_with_progress`](Self::scan_with_progress) does,
    /// in the same time and memory. [`Convention::Normal`] gives the tables
    /// of [`scan`](Self::scan).
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTables};
    /// let normal = ScannedTables::scan_for(Convention::Normal, 10, |_| {})?;
    /// assert_eq!(normal, ScannedTables::scan(10)?);
    /// let misere = ScannedTables::scan_for(Convention::Misere, 10, |_| {})?;
    /// assert_eq!(misere.as_tables().triples().get(0), Some([0, 0, 1]));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_for(
        convention: crate::Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTables, ScanError> {
        let scan = Scan::run_for(convention, limit, progress)?;
        let (sums, counts) = scan.prefix_sums();
        let (limit, triples, partners) = scan.into_parts();
        // The generator's directory, built by the same function. Under
        // either convention every pair has one partner, so the losing
        // triples are the pairs whose partner is at or above their larger
        // pile, as the directory counts them.
        let ranks = rank_directory(limit, &triples)
            .expect("a scan's triples are sorted, within the limit and fewer than u32::MAX");
        Ok(ScannedTables {
            limit,
            convention,
            triples,
            partners,
            sums,
            counts,
            ranks,
        })
    }
}

impl ScannedTriples {
    /// The losing triples of the misère game (whoever takes the last stone
    /// loses) up to `limit`, with their sums and counts:
    /// [`scan_for(Convention::Misere, limit, |_| {})`](Self::scan_for).
    ///
    /// ```
    /// let misere = stone_game::ScannedTriples::scan_misere(4)?;
    /// assert_eq!(misere.triples().get(0), Some([0, 0, 1]));
    /// assert_eq!(misere.losing_count(4), Some(5));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_misere(limit: u32) -> Result<ScannedTriples, ScanError> {
        ScannedTriples::scan_for(Convention::Misere, limit, |_| {})
    }

    /// The losing triples of the game under `convention` up to `limit`,
    /// reporting progress as [`scan_with_progress`](Self::scan_with_progress)
    /// does, in the same time and memory. [`Convention::Normal`] gives the
    /// triples of [`scan`](Self::scan).
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTriples};
    /// let normal = ScannedTriples::scan_for(Convention::Normal, 100, |_| {})?;
    /// assert_eq!(normal, ScannedTriples::scan(100)?);
    /// let misere = ScannedTriples::scan_for(Convention::Misere, 100, |_| {})?;
    /// assert_ne!(misere.losing_sum(100), normal.losing_sum(100));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_for(
        convention: crate::Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<ScannedTriples, ScanError> {
        let triples = losing_triples_for(convention, limit, progress)?;
        let (sums, counts) = prefix_sums(limit, &triples);
        Ok(ScannedTriples {
            triples,
            totals: ScannedTotals {
                limit,
                convention,
                sums,
                counts,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_associated_items_are_the_scans_own() {
        for limit in [0, 100, 1000, MAX_SCAN_LIMIT, u32::MAX] {
            assert_eq!(ScannedTables::memory_needed(limit), memory_needed(limit));
            assert_eq!(
                ScannedTriples::memory_needed(limit),
                memory_needed_for_triples(limit)
            );
            assert_eq!(
                ScannedTotals::memory_needed(limit),
                memory_needed_for_totals(limit)
            );
        }
        let maxima = [
            ScannedTables::MAX_LIMIT,
            ScannedTriples::MAX_LIMIT,
            ScannedTotals::MAX_LIMIT,
        ];
        for max in maxima {
            assert_eq!(max, u32::from(u16::MAX));
            assert!(ScannedTables::scan(max + 1).is_err());
            assert!(ScannedTriples::scan(max + 1).is_err());
            assert!(ScannedTotals::scan(max + 1).is_err());
        }
    }
}
