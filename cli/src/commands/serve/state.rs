//! The tables the server answers from: each computed at most once, on a
//! blocking thread, after the same memory check as the command line's, and
//! shared by every request.
//!
//! A request needs the tables to its largest pile; it gets those of the
//! smallest *bucket* that covers it, so that a handful of tables serve every
//! request and a small position does not wait for the largest.

use std::io;
use std::sync::{Arc, Mutex, OnceLock};

use stone_game::GrundyTable;

use super::api::ApiError;
use super::solver::{Convention, REMOTENESS_MAX, Solved};
use crate::context::{Ctx, Failure};
use crate::runtime::{MAX_GRUNDY, check_memory};

/// The largest pile of a position, slice or sum the server answers: the
/// positions of the page's piles, within the library's remoteness.
pub(crate) const MAX_PILE: u32 = 1000;
const _: () = assert!(MAX_PILE <= REMOTENESS_MAX);

/// The largest pile of a Grundy value the server answers: the command
/// line's [`MAX_GRUNDY`].
pub(crate) const MAX_GRUNDY_PILE: u32 = MAX_GRUNDY;

/// The largest limit of a map of values (Grundy or remoteness): a map has
/// `(L + 1)^2` values, and a Grundy map needs its values to `L`.
pub(crate) const MAX_MAP: u32 = MAX_GRUNDY_PILE;
const _: () = assert!(MAX_MAP <= MAX_PILE);

/// The limits of the losing positions and remoteness tables.
const SOLVED_BUCKETS: [u32; 5] = [
    MAX_PILE / 16,
    MAX_PILE / 8,
    MAX_PILE / 4,
    MAX_PILE / 2,
    MAX_PILE,
];

/// The limits of the Grundy tables.
const GRUNDY_BUCKETS: [u32; 4] = [
    MAX_GRUNDY_PILE / 8,
    MAX_GRUNDY_PILE / 4,
    MAX_GRUNDY_PILE / 2,
    MAX_GRUNDY_PILE,
];

/// A table computed at most once.
struct Cell<T> {
    value: OnceLock<Arc<T>>,
    /// Held while the table is computed, so that it is computed once.
    computing: Mutex<()>,
}

impl<T> Default for Cell<T> {
    fn default() -> Self {
        Cell {
            value: OnceLock::new(),
            computing: Mutex::new(()),
        }
    }
}

impl<T> Cell<T> {
    /// The table, computing it with `compute` (on this thread) if no one has.
    fn get_or_compute(
        &self,
        compute: impl FnOnce() -> Result<T, ApiError>,
    ) -> Result<Arc<T>, ApiError> {
        if let Some(table) = self.value.get() {
            return Ok(Arc::clone(table));
        }
        // A computation that panicked left nothing behind: go on.
        let _guard = self
            .computing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(table) = self.value.get() {
            return Ok(Arc::clone(table));
        }
        let table = Arc::new(compute()?);
        Ok(Arc::clone(self.value.get_or_init(|| table)))
    }
}

/// Every table the server has computed, or will.
pub(crate) struct State {
    normal: [Cell<Solved>; 5],
    misere: [Cell<Solved>; 5],
    grundy: [Cell<GrundyTable>; 4],
    /// The memory available, when a test sets it; else read from the system
    /// before each computation.
    memory: Option<u64>,
}

impl State {
    /// No table computed yet.
    pub(crate) fn new(memory: Option<u64>) -> Arc<State> {
        Arc::new(State {
            normal: Default::default(),
            misere: Default::default(),
            grundy: Default::default(),
            memory,
        })
    }

    /// The losing positions and remoteness under `convention` to at least
    /// `pile`, which the caller has checked against [`MAX_PILE`].
    pub(crate) async fn solved(
        self: &Arc<Self>,
        pile: u64,
        convention: Convention,
    ) -> Result<Arc<Solved>, ApiError> {
        let index = bucket(&SOLVED_BUCKETS, pile)?;
        let limit = SOLVED_BUCKETS[index];
        let state = Arc::clone(self);
        if let Some(table) = self.solved_cell(convention, index).value.get() {
            return Ok(Arc::clone(table));
        }
        blocking(move || {
            state.solved_cell(convention, index).get_or_compute(|| {
                state.check_memory(
                    &format!("the positions to {limit}"),
                    Solved::memory_needed(limit),
                )?;
                Solved::compute(limit, convention).map_err(ApiError::Internal)
            })
        })
        .await
    }

    fn solved_cell(&self, convention: Convention, index: usize) -> &Cell<Solved> {
        match convention {
            Convention::Normal => &self.normal[index],
            Convention::Misere => &self.misere[index],
        }
    }

    /// The Grundy values to at least `pile`, which the caller has checked
    /// against [`MAX_GRUNDY_PILE`].
    pub(crate) async fn grundy(self: &Arc<Self>, pile: u64) -> Result<Arc<GrundyTable>, ApiError> {
        let index = bucket(&GRUNDY_BUCKETS, pile)?;
        let limit = GRUNDY_BUCKETS[index];
        if let Some(table) = self.grundy[index].value.get() {
            return Ok(Arc::clone(table));
        }
        let state = Arc::clone(self);
        blocking(move || {
            state.grundy[index].get_or_compute(|| {
                state.check_memory(
                    &format!("the Grundy values to {limit}"),
                    GrundyTable::memory_needed(limit),
                )?;
                GrundyTable::compute(limit).map_err(|e| ApiError::Internal(e.to_string()))
            })
        })
        .await
    }

    /// Refuses `need` bytes for `what` when they exceed the memory
    /// available, as the command line does.
    fn check_memory(&self, what: &str, need: u64) -> Result<(), ApiError> {
        let mut ctx = Ctx {
            out: &mut io::sink(),
            err: &mut io::sink(),
            input: &mut io::empty(),
            interactive: false,
            progress_bar: false,
            memory: self.memory,
        };
        check_memory(&mut ctx, what, Some(need)).map_err(|e| match e {
            Failure::Usage(message) => ApiError::Unavailable(message),
            other => ApiError::Internal(format!("{other:?}")),
        })
    }
}

/// The index of the first of `buckets` that covers `pile`.
fn bucket(buckets: &[u32], pile: u64) -> Result<usize, ApiError> {
    buckets
        .iter()
        .position(|&limit| pile <= u64::from(limit))
        .ok_or_else(|| ApiError::Internal(format!("no table covers {pile}")))
}

/// `work` on a blocking thread.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Internal(format!("a computation failed: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_grow_and_end_at_the_caps() {
        for buckets in [&SOLVED_BUCKETS[..], &GRUNDY_BUCKETS[..]] {
            // Each table at most about twice the one before, so that a
            // position is answered from a table not much larger than it needs.
            assert!(
                buckets
                    .windows(2)
                    .all(|w| w[0] < w[1] && w[1] <= 2 * w[0] + 1),
                "{buckets:?}"
            );
        }
        assert_eq!(SOLVED_BUCKETS.last(), Some(&MAX_PILE));
        assert_eq!(GRUNDY_BUCKETS.last(), Some(&MAX_GRUNDY_PILE));
        assert_eq!(bucket(&SOLVED_BUCKETS, 0).unwrap(), 0);
        assert_eq!(bucket(&SOLVED_BUCKETS, u64::from(MAX_PILE)).unwrap(), 4);
        assert!(bucket(&SOLVED_BUCKETS, u64::from(MAX_PILE) + 1).is_err());
    }

    #[tokio::test]
    async fn a_table_that_does_not_fit_is_refused_and_one_that_fits_is_kept() {
        let state = State::new(Some(10));
        let Err(ApiError::Unavailable(message)) = state.grundy(3).await else {
            panic!("refused");
        };
        assert!(message.contains("only 10 B is available"), "{message}");
        let state = State::new(Some(1 << 30));
        let first = state.grundy(3).await.unwrap();
        let again = state.grundy(5).await.unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.limit(), GRUNDY_BUCKETS[0]);
    }
}
