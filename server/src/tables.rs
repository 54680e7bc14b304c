//! The tables the server answers from: each computed at most once, on a
//! blocking thread, after reserving its memory with the check the command
//! line makes (`stone_game_memory`), and shared by every request.
//!
//! A request needs tables to its largest pile; it gets those of the
//! smallest *bucket* that covers it, so that a handful of tables serve every
//! request and a small position does not wait for the largest. Normal
//! play's losing positions are the library's embedded tables wherever they
//! reach: those are never computed.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use stone_game::{
    Convention, GrundyTable, RemotenessTable, ScannedTables, ScannedTotals, Tables as Losing,
};
use tokio::sync::OnceCell;

use crate::error::ApiError;
use crate::work::{BUILDS_AT_ONCE, Work};

/// The largest pile of a position, slice or sum the server answers: the
/// positions of the page's piles, within the library's remoteness.
pub(crate) const MAX_PILE: u32 = 1000;
const _: () = assert!(MAX_PILE <= RemotenessTable::MAX_LIMIT);

/// The largest pile of a Grundy value the server answers: that of its
/// positions. The values to it take about five seconds the first time.
pub(crate) const MAX_GRUNDY_PILE: u32 = MAX_PILE;
const _: () = assert!(MAX_GRUNDY_PILE <= GrundyTable::MAX_LIMIT);

/// The largest limit of a map of values (Grundy or remoteness): a map has
/// `(L + 1)^2` values, a megabyte of JSON at this limit.
pub(crate) const MAX_MAP: u32 = 500;
const _: () = assert!(MAX_MAP <= MAX_GRUNDY_PILE);

/// The largest Grundy table a single game's answer waits for, the
/// library's (the command line's `moves --all --json` waits for the same).
/// Past it, a game's answer has a Grundy value only once a map or a sum
/// has had the table computed: one game does not wait seconds for a value
/// it does not need to be played.
pub(crate) const GRUNDY_WAITED_FOR: u32 = GrundyTable::QUICK_LIMIT;

/// The limits of the positions' tables: losing positions, their totals and
/// remoteness.
const BUCKETS: [u32; 5] = [
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

/// One table of each bucket, computed at most once.
type Cells<T, const N: usize> = [OnceCell<Arc<T>>; N];

/// A table of each of [`BUCKETS`].
type PositionCells<T> = Cells<T, { BUCKETS.len() }>;

/// The tables of one convention.
#[derive(Default)]
struct OfConvention {
    scanned: PositionCells<ScannedTables>,
    totals: PositionCells<ScannedTotals>,
    remoteness: PositionCells<RemotenessTable>,
}

/// Every table the server has computed, or will.
pub(crate) struct Tables {
    normal: OfConvention,
    misere: OfConvention,
    grundy: Cells<GrundyTable, { GRUNDY_BUCKETS.len() }>,
    /// The memory available, when the configuration sets it; else read
    /// from the system before each computation.
    memory: Option<u64>,
    /// The memory promised to the builds under way: builds at once cannot
    /// each pass a check against the same free memory.
    budget: stone_game_memory::Budget,
    /// The bound on the builds running at once.
    work: Work,
    /// The builds started, for the tests: each table is built once.
    builds: AtomicUsize,
}

/// The losing positions to some limit: the embedded ones, or a scan.
pub(crate) enum LosingTables {
    Embedded,
    Scanned(Arc<ScannedTables>),
}

impl LosingTables {
    pub(crate) fn tables(&self) -> Losing<'_> {
        match self {
            LosingTables::Embedded => stone_game::EMBEDDED,
            LosingTables::Scanned(t) => t.as_tables(),
        }
    }
}

impl Tables {
    /// No table computed yet.
    pub(crate) fn new(memory: Option<u64>) -> Arc<Tables> {
        Arc::new(Tables {
            normal: OfConvention::default(),
            misere: OfConvention::default(),
            grundy: Default::default(),
            memory,
            budget: stone_game_memory::Budget::new(),
            work: Work::new(BUILDS_AT_ONCE),
            builds: AtomicUsize::new(0),
        })
    }

    fn of(&self, convention: Convention) -> &OfConvention {
        match convention {
            Convention::Normal => &self.normal,
            Convention::Misere => &self.misere,
        }
    }

    /// The losing positions under `convention` to at least `pile`, which
    /// the caller has checked against [`MAX_PILE`]: normal play's embedded
    /// ones where they reach.
    pub(crate) async fn losing(
        self: &Arc<Self>,
        convention: Convention,
        pile: u64,
    ) -> Result<LosingTables, ApiError> {
        if stone_game::EMBEDDED.covers(convention, pile) {
            return Ok(LosingTables::Embedded);
        }
        let index = bucket(&BUCKETS, pile)?;
        let limit = BUCKETS[index];
        let table = self
            .computed(
                move |t| &t.of(convention).scanned,
                index,
                format!("the losing positions to {limit}"),
                ScannedTables::memory_needed(limit),
                move || ScannedTables::scan_for(convention, limit, |_| {}).map_err(ApiError::from),
            )
            .await?;
        Ok(LosingTables::Scanned(table))
    }

    /// The losing positions' totals under `convention` to at least `pile`
    /// (checked against [`MAX_PILE`]), where the embedded tables do not
    /// reach.
    pub(crate) async fn totals(
        self: &Arc<Self>,
        convention: Convention,
        pile: u64,
    ) -> Result<Arc<ScannedTotals>, ApiError> {
        let index = bucket(&BUCKETS, pile)?;
        let limit = BUCKETS[index];
        self.computed(
            move |t| &t.of(convention).totals,
            index,
            format!("the totals of the losing positions to {limit}"),
            ScannedTotals::memory_needed(limit),
            move || ScannedTotals::scan_for(convention, limit, |_| {}).map_err(ApiError::from),
        )
        .await
    }

    /// The outcome and remoteness of every position under `convention` to
    /// at least `pile`, which the caller has checked against [`MAX_PILE`].
    pub(crate) async fn remoteness(
        self: &Arc<Self>,
        convention: Convention,
        pile: u64,
    ) -> Result<Arc<RemotenessTable>, ApiError> {
        let index = bucket(&BUCKETS, pile)?;
        let limit = BUCKETS[index];
        self.computed(
            move |t| &t.of(convention).remoteness,
            index,
            format!("the remoteness of the positions to {limit}"),
            RemotenessTable::memory_needed(limit),
            move || RemotenessTable::compute(limit, convention).map_err(ApiError::from),
        )
        .await
    }

    /// The Grundy values to at least `pile`, which the caller has checked
    /// against [`MAX_GRUNDY_PILE`].
    pub(crate) async fn grundy(self: &Arc<Self>, pile: u64) -> Result<Arc<GrundyTable>, ApiError> {
        let index = bucket(&GRUNDY_BUCKETS, pile)?;
        let limit = GRUNDY_BUCKETS[index];
        self.computed(
            move |t| &t.grundy,
            index,
            format!("the Grundy values to {limit}"),
            GrundyTable::memory_needed(limit),
            move || GrundyTable::compute(limit).map_err(ApiError::from),
        )
        .await
    }

    /// The Grundy values to at least `pile` (within [`MAX_GRUNDY_PILE`])
    /// if a single game's answer may have them without waiting long: when
    /// a table that covers it is computed already, or its own table is at
    /// most [`GRUNDY_WAITED_FOR`] and its memory is available. The value
    /// is the answer's extra, so no memory for it leaves it out rather
    /// than refusing the answer.
    pub(crate) async fn grundy_if_quick(
        self: &Arc<Self>,
        pile: u64,
    ) -> Result<Option<Arc<GrundyTable>>, ApiError> {
        let Ok(index) = bucket(&GRUNDY_BUCKETS, pile) else {
            return Ok(None);
        };
        if let Some(table) = built(&self.grundy, index) {
            return Ok(Some(table));
        }
        if GRUNDY_BUCKETS[index] > GRUNDY_WAITED_FOR {
            return Ok(None);
        }
        match self.grundy(pile).await {
            Ok(table) => Ok(Some(table)),
            Err(ApiError::Unavailable(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }

    /// A table of `cells` from `index` on: the first already built, since
    /// a larger table answers every position a smaller one does, else the
    /// one at `index`, built by `compute`. Requests that want it meanwhile
    /// wait, asynchronously, for the one build. The build runs in a task of
    /// its own, so that a request that stops waiting (its timeout) does not
    /// cancel it: the table is kept for the next request.
    async fn computed<T: Send + Sync + 'static>(
        self: &Arc<Self>,
        cells: impl for<'a> Fn(&'a Tables) -> &'a [OnceCell<Arc<T>>] + Send + 'static,
        index: usize,
        what: String,
        need: u64,
        compute: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<Arc<T>, ApiError> {
        if let Some(table) = built(cells(self), index) {
            return Ok(table);
        }
        let tables = Arc::clone(self);
        tokio::spawn(async move {
            let table = cells(&tables)[index]
                .get_or_try_init(|| tables.build(what, need, compute))
                .await?;
            Ok(Arc::clone(table))
        })
        .await
        .map_err(|e| ApiError::Internal(format!("a computation failed: {e}")))?
    }

    /// `compute`'s table, built on a blocking thread once a build may start
    /// and its `need` bytes for `what` are reserved; refused (503) when they
    /// are not available besides what the builds under way take, or when
    /// the allocator refuses them all the same.
    async fn build<T: Send + Sync + 'static>(
        self: &Arc<Self>,
        what: String,
        need: u64,
        compute: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<Arc<T>, ApiError> {
        let tables = Arc::clone(self);
        self.work
            .run(move || {
                let available = || {
                    tables
                        .memory
                        .unwrap_or_else(stone_game_memory::available_memory)
                };
                let _reservation = tables
                    .budget
                    .reserve(&what, need, available)
                    .map_err(ApiError::Unavailable)?;
                tables.builds.fetch_add(1, Ordering::Relaxed);
                compute().map(Arc::new)
            })
            .await
    }
}

/// The first table of `cells` from `index` on that is built already.
fn built<T>(cells: &[OnceCell<Arc<T>>], index: usize) -> Option<Arc<T>> {
    cells
        .get(index..)?
        .iter()
        .find_map(|cell| cell.get().cloned())
}

/// The index of the first of `buckets` that covers `pile`.
fn bucket(buckets: &[u32], pile: u64) -> Result<usize, ApiError> {
    buckets
        .iter()
        .position(|&limit| pile <= u64::from(limit))
        .ok_or_else(|| ApiError::Internal(format!("no table covers {pile}")))
}

#[cfg(test)]
mod tests {
    use stone_game::{GrundyError, RemotenessError, ScanError};

    use super::*;

    #[test]
    fn buckets_grow_and_end_at_the_caps() {
        for buckets in [&BUCKETS[..], &GRUNDY_BUCKETS[..]] {
            // Each table at most about twice the one before, so that a
            // position is answered from a table not much larger than it needs.
            assert!(
                buckets
                    .windows(2)
                    .all(|w| w[0] < w[1] && w[1] <= 2 * w[0] + 1),
                "{buckets:?}"
            );
        }
        assert_eq!(BUCKETS.last(), Some(&MAX_PILE));
        assert_eq!(GRUNDY_BUCKETS.last(), Some(&MAX_GRUNDY_PILE));
        assert!(GRUNDY_BUCKETS.contains(&GRUNDY_WAITED_FOR));
        assert_eq!(bucket(&BUCKETS, 0).unwrap(), 0);
        assert_eq!(bucket(&BUCKETS, u64::from(MAX_PILE)).unwrap(), 4);
        assert!(bucket(&BUCKETS, u64::from(MAX_PILE) + 1).is_err());
    }

    #[tokio::test]
    async fn a_table_that_does_not_fit_is_refused_and_one_that_fits_is_kept() {
        let tables = Tables::new(Some(10));
        let Err(ApiError::Unavailable(message)) = tables.grundy(3).await else {
            panic!("refused");
        };
        assert!(message.contains("only 10 B is available"), "{message}");
        let tables = Tables::new(Some(1 << 30));
        let first = tables.grundy(3).await.unwrap();
        let again = tables.grundy(5).await.unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.limit(), GRUNDY_BUCKETS[0]);
    }

    #[tokio::test]
    async fn a_build_the_allocator_refuses_is_a_503_and_is_not_kept() {
        let tables = Tables::new(None);
        let refused = tables
            .computed(
                |t| &t.grundy,
                0,
                "a table".into(),
                1,
                || Err(GrundyError::OutOfMemory { needed: 12_345 }.into()),
            )
            .await;
        let Err(error @ ApiError::Unavailable(_)) = refused else {
            panic!("a 503: {refused:?}");
        };
        let (status, message) = error.status_and_message();
        assert_eq!(status, 503);
        assert_eq!(
            message,
            "a Grundy table needs 12345 bytes of memory, which could not be allocated"
        );
        // The next request tries again, and gets the table.
        let table = tables.grundy(3).await.unwrap();
        assert_eq!(table.limit(), GRUNDY_BUCKETS[0]);
    }

    #[test]
    fn a_build_refused_by_the_allocator_is_unavailable_and_other_failures_internal() {
        let out = |e: ApiError| e.status_and_message().0;
        assert_eq!(out(GrundyError::OutOfMemory { needed: 1 }.into()), 503);
        assert_eq!(
            out(GrundyError::LimitTooLarge { limit: 1 << 20 }.into()),
            500
        );
        assert_eq!(out(RemotenessError::OutOfMemory { needed: 1 }.into()), 503);
        assert_eq!(out(ScanError::OutOfMemory { needed: 1 }.into()), 503);
        assert_eq!(out(ScanError::LimitTooLarge { limit: 1 << 20 }.into()), 500);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_table_wanted_by_many_at_once_is_built_once() {
        let tables = Tables::new(None);
        let requests: Vec<_> = (0..50)
            .map(|_| {
                let tables = Arc::clone(&tables);
                tokio::spawn(async move { tables.remoteness(Convention::Misere, 200).await })
            })
            .collect();
        let mut answers = Vec::new();
        for request in requests {
            answers.push(request.await.unwrap().unwrap());
        }
        assert!(answers.iter().all(|t| Arc::ptr_eq(t, &answers[0])));
        assert_eq!(tables.builds.load(Ordering::Relaxed), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_build_outlives_a_request_that_stops_waiting_and_is_kept() {
        let tables = Tables::new(None);
        let impatient = tokio::time::timeout(
            std::time::Duration::from_micros(1),
            tables.grundy(u64::from(GRUNDY_BUCKETS[1])),
        )
        .await;
        assert!(impatient.is_err(), "the build takes longer than that");
        let table = tables.grundy(u64::from(GRUNDY_BUCKETS[1])).await.unwrap();
        assert_eq!(table.limit(), GRUNDY_BUCKETS[1]);
        assert_eq!(tables.builds.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn builds_at_once_reserve_their_memory_together() {
        let tables = Tables::new(Some(GrundyTable::memory_needed(GRUNDY_BUCKETS[0])));
        let held = tables
            .budget
            .reserve("another build", 1, || u64::MAX)
            .unwrap();
        let Err(ApiError::Unavailable(_)) = tables.grundy(3).await else {
            panic!("the other build's byte is taken");
        };
        drop(held);
        tables.grundy(3).await.unwrap();
    }

    #[tokio::test]
    async fn a_games_grundy_value_waits_for_small_tables_only() {
        let tables = Tables::new(None);
        let small = tables.grundy_if_quick(200).await.unwrap();
        assert_eq!(small.map(|t| t.limit()), Some(GRUNDY_BUCKETS[1]));
        assert!(tables.grundy_if_quick(400).await.unwrap().is_none());
        assert!(
            tables
                .grundy_if_quick(u64::from(MAX_GRUNDY_PILE) + 1)
                .await
                .unwrap()
                .is_none()
        );
        assert!(tables.grundy[3].get().is_none(), "nothing computed");
    }

    /// A table already built answers every smaller request, whatever its
    /// bucket: nothing smaller is built, and a game's Grundy value is
    /// there once any table that covers it is.
    #[tokio::test]
    async fn a_larger_table_built_answers_smaller_requests() {
        let tables = Tables::new(None);
        let larger = tables.grundy(u64::from(GRUNDY_BUCKETS[1])).await.unwrap();
        for pile in [0, 3, u64::from(GRUNDY_BUCKETS[0])] {
            let table = tables.grundy(pile).await.unwrap();
            assert!(Arc::ptr_eq(&table, &larger), "{pile}");
            let quick = tables.grundy_if_quick(pile).await.unwrap().unwrap();
            assert!(Arc::ptr_eq(&quick, &larger), "{pile}");
        }
        let remoteness = tables.remoteness(Convention::Misere, 100).await.unwrap();
        let smaller = tables.remoteness(Convention::Misere, 10).await.unwrap();
        assert!(Arc::ptr_eq(&remoteness, &smaller));
        assert_eq!(tables.builds.load(Ordering::Relaxed), 2);
        assert!(tables.grundy[0].get().is_none(), "nothing smaller built");
    }

    /// A game's Grundy value past the tables it waits for is there once a
    /// larger table is: here the largest, put in its cell as a build would.
    #[tokio::test]
    async fn a_games_grundy_value_comes_from_any_table_that_covers_it() {
        let tables = Tables::new(None);
        let past_waited = GRUNDY_BUCKETS
            .iter()
            .position(|&limit| limit > GRUNDY_WAITED_FOR)
            .unwrap();
        let pile = u64::from(GRUNDY_BUCKETS[past_waited]);
        assert!(tables.grundy_if_quick(pile).await.unwrap().is_none());
        let small = Arc::new(GrundyTable::compute(GRUNDY_BUCKETS[0]).unwrap());
        let last = GRUNDY_BUCKETS.len() - 1;
        // A stand-in for the largest table: only which cell answers matters.
        tables.grundy[last].set(Arc::clone(&small)).unwrap();
        let quick = tables.grundy_if_quick(pile).await.unwrap().unwrap();
        assert!(Arc::ptr_eq(&quick, &small));
        assert_eq!(tables.builds.load(Ordering::Relaxed), 0);
    }

    /// No memory for a small Grundy table leaves a game's value out; it
    /// does not refuse the answer.
    #[tokio::test]
    async fn no_memory_for_a_games_grundy_value_leaves_it_out() {
        let tables = Tables::new(Some(0));
        assert!(tables.grundy_if_quick(3).await.unwrap().is_none());
        assert!(matches!(
            tables.grundy(3).await,
            Err(ApiError::Unavailable(_))
        ));
    }

    #[tokio::test]
    async fn normal_plays_losing_positions_are_the_embedded_ones() {
        let tables = Tables::new(Some(0));
        let embedded = tables
            .losing(Convention::Normal, u64::from(stone_game::LIMIT))
            .await
            .unwrap();
        assert!(matches!(embedded, LosingTables::Embedded));
        // Misère play's are computed, and with no memory refused.
        assert!(matches!(
            tables.losing(Convention::Misere, 3).await,
            Err(ApiError::Unavailable(_))
        ));
    }
}
