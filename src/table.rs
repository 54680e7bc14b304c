//! Tables built at run time, for any limit up to [`MAX_SCAN_LIMIT`]: the
//! fallback above [`LIMIT`], and the cross-check of the generated format (it
//! runs the build script's own scan, so the mathematics is checked elsewhere,
//! against [`BruteForce`](crate::BruteForce)).
//!
//! [`LIMIT`]: crate::LIMIT

use alloc::vec::Vec;

use stone_game_generator::scan::Scan;
pub use stone_game_generator::scan::{MAX_SCAN_LIMIT, Progress, ScanError, memory_needed};

use crate::table_ref::Partners;
use crate::{TableRef, Triple};

/// The tables of a runtime scan, with the same queries as the generated ones
/// through [`view`](Self::view).
///
/// The scan is the generator's own ([`stone_game_generator::scan`]): the
/// build script and this type run the same code.
///
/// ```
/// use stone_game::Table;
/// let table = Table::scan(100)?;
/// assert_eq!(table.view().losing_sum(100), Some(173_895));
/// assert_eq!(table.view().losing_count(100), Some(1264));
/// # Ok::<(), stone_game::ScanError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Table {
    limit: u32,
    triples: Vec<Triple>,
    partners: Vec<u32>,
    sums: Vec<u64>,
    counts: Vec<u64>,
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.view().fmt(f)
    }
}

impl Table {
    /// Scans every pair up to `limit`. It takes about a second at 4000 on a
    /// two-core machine (BENCHMARKS.md) and
    /// [`memory_needed(limit)`](memory_needed) bytes; a limit past
    /// [`MAX_SCAN_LIMIT`] is refused.
    ///
    /// ```
    /// assert!(stone_game::Table::scan(70_000).is_err());
    /// ```
    pub fn scan(limit: u32) -> Result<Table, ScanError> {
        Table::scan_with_progress(limit, |_| {})
    }

    /// [`scan`](Self::scan), reporting progress as it goes.
    ///
    /// ```
    /// let mut reports = 0;
    /// stone_game::Table::scan_with_progress(10, |_| reports += 1)?;
    /// assert_eq!(reports, 11);
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn scan_with_progress(
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Table, ScanError> {
        let scan = Scan::run_with_progress(limit, progress)?;
        let (sums, counts) = scan.prefix_sums();
        let (limit, triples, partners) = scan.into_parts();
        Ok(Table {
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
    /// let table = stone_game::Table::scan(20)?;
    /// assert_eq!(table.view().is_losing(4, 4, 3), Some(true));
    /// # Ok::<(), stone_game::ScanError>(())
    /// ```
    pub fn view(&self) -> TableRef<'_> {
        TableRef {
            limit: self.limit,
            triples: &self.triples,
            partners: Partners::Wide(&self.partners),
            sums: &self.sums,
            counts: &self.counts,
        }
    }
}
