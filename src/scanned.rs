//! Tables built at run time, for any limit up to [`MAX_SCAN_LIMIT`]: the
//! fallback above [`LIMIT`], and the cross-check of the generated format (it
//! runs the build script's own scan, so the mathematics is checked elsewhere,
//! against [`BruteForce`](crate::BruteForce)).
//!
//! [`LIMIT`]: crate::LIMIT

use alloc::vec::Vec;

use stone_game_generator::scan::Scan;
pub use stone_game_generator::scan::{MAX_SCAN_LIMIT, Progress, ScanError, memory_needed};

use crate::tables::{Partners, Triples, Words};
use crate::{Tables, Triple};

/// The tables of a runtime scan, with the same queries as the generated ones
/// through [`tables`](Self::tables).
///
/// The scan is the generator's own ([`stone_game_generator::scan`]): the
/// build script and this type run the same code.
///
/// ```
/// use stone_game::ScannedTables;
/// let table = ScannedTables::scan(100)?;
/// assert_eq!(table.tables().losing_sum(100), Some(173_895));
/// assert_eq!(table.tables().losing_count(100), Some(1264));
/// # Ok::<(), stone_game::ScanError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ScannedTables {
    limit: u32,
    triples: Vec<Triple>,
    partners: Vec<u32>,
    sums: Vec<u64>,
    counts: Vec<u64>,
}

impl core::fmt::Debug for ScannedTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.tables().fmt(f)
    }
}

impl ScannedTables {
    /// Scans every pair up to `limit`. It takes about a third of a second at
    /// 4000 on a two-core machine (BENCHMARKS.md) and
    /// [`memory_needed(limit)`](memory_needed) bytes; a limit past
    /// [`MAX_SCAN_LIMIT`] is refused.
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
        let scan = Scan::run_with_progress(limit, progress)?;
        let (sums, counts) = scan.prefix_sums();
        let (limit, triples, partners) = scan.into_parts();
        Ok(ScannedTables {
            limit,
            triples,
            partners,
            sums,
            counts,
        })
    }

    /// The queries over this table.
    ///
    /// ```
    /// let table = stone_game::ScannedTables::scan(20)?;
    /// assert_eq!(table.tables().is_losing(4, 4, 3), Some(true));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn tables(&self) -> Tables<'_> {
        Tables {
            limit: self.limit,
            triples: Triples::wide(&self.triples),
            partners: Partners::Wide(&self.partners),
            sums: Words::Wide(&self.sums),
            counts: Words::Wide(&self.counts),
        }
    }
}
