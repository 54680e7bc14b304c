//! What the server answers from: the library's solvers, behind the few
//! functions the handlers call.
//!
//! One [`Solved`] holds, for one limit and one convention, the losing
//! positions (partners, sums and counts) and the remoteness of every
//! position; the Grundy values are the library's [`GrundyTable`].

use stone_game::{ScannedTables, Tables};

pub(crate) use stone_game::{Convention, Outcome, RemotenessTable, Value};

/// The largest pile the library computes the remoteness to.
pub(crate) const REMOTENESS_MAX: u32 = RemotenessTable::MAX_LIMIT;

/// The losing positions and the remoteness of every position with piles up
/// to a limit, under one convention.
pub(crate) struct Solved {
    tables: ScannedTables,
    remoteness: RemotenessTable,
}

impl Solved {
    /// The memory [`compute`](Self::compute) needs at its peak, in bytes.
    pub(crate) fn memory_needed(limit: u32) -> u64 {
        ScannedTables::memory_needed(limit).saturating_add(RemotenessTable::memory_needed(limit))
    }

    /// Everything to `limit` under `convention`.
    pub(crate) fn compute(limit: u32, convention: Convention) -> Result<Solved, String> {
        let tables = match convention {
            Convention::Normal => ScannedTables::scan(limit),
            Convention::Misere => ScannedTables::scan_misere(limit),
        }
        .map_err(|e| e.to_string())?;
        let remoteness = RemotenessTable::compute(limit, convention).map_err(|e| e.to_string())?;
        Ok(Solved { tables, remoteness })
    }

    /// The losing positions: partners, sums and counts.
    pub(crate) fn tables(&self) -> Tables<'_> {
        self.tables.as_tables()
    }

    /// The outcome and remoteness of `p`, or `None` past the limit.
    pub(crate) fn value(&self, p: [u64; 3]) -> Option<Value> {
        self.remoteness.value(p[0], p[1], p[2])
    }
}
