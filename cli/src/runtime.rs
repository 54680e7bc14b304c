//! The tables a command answers from: the embedded ones where they reach,
//! else a runtime scan, after its note, its limit and memory checks, with
//! the progress bar (`progress`) on a terminal.

use stone_game::{
    AnswerError, Convention, EMBEDDED, GrundyError, GrundyTable, LIMIT, MisereUndefined, Progress,
    RemotenessError, RemotenessTable, ScanError, ScannedTables, ScannedTotals, ScannedTriples,
};

use crate::context::{Ctx, Failure};
// `draw` and `serve` name the cap of the Grundy values here.
pub(crate) use crate::limits::MAX_GRUNDY;
use crate::limits::{MAX_REMOTENESS, MAX_WHOLE_SCAN};
use crate::progress;

/// Refuses `need` bytes when they exceed the memory available
/// ([`stone_game_memory::check`]).
pub(crate) fn check_memory(ctx: &mut Ctx, what: &str, need: Option<u64>) -> Result<(), Failure> {
    let available = ctx.available_memory();
    stone_game_memory::check(what, need, available).map_err(Failure::Usage)
}

/// Whether `need` bytes are available, as [`check_memory`] judges: for a
/// table an answer can go without.
pub(crate) fn memory_fits(ctx: &mut Ctx, need: u64) -> bool {
    check_memory(ctx, "", Some(need)).is_ok()
}

/// A runtime scan the CLI runs: the whole tables, or the triples alone where
/// they answer (lists), at about half the cost, or their totals alone (sums
/// and counts), without the triples' memory; or the Grundy values
/// (`grundy.rs`).
pub(crate) trait RuntimeScan: Sized {
    /// Why the scan refused.
    type Error: std::fmt::Display;
    /// The largest limit the tool scans this way.
    const MAX_LIMIT: u32;
    /// Why the tool scans no further, for the refusal past it.
    const NO_FURTHER: &'static str;
    /// What the tool computes to a limit, as its messages name it.
    const WORK: &'static str = "a runtime scan";
    /// What the tool does with it, for the refusal past the largest limit.
    const VERB: &'static str = "runs";
    /// The memory the scan needs at its peak, in bytes.
    fn memory_needed(limit: u32) -> u64;
    /// Whether `error` is the allocator's refusal of the scan's memory,
    /// which the check beforehand cannot foresee under a `ulimit -v` or
    /// strict overcommit: a request too large to compute here, as the
    /// check's own refusal is, not an internal error.
    fn out_of_memory(error: &Self::Error) -> bool;
    /// The scan of the game under `convention`, reporting progress as it
    /// goes.
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, Self::Error>;
}

impl RuntimeScan for ScannedTables {
    type Error = ScanError;
    const MAX_LIMIT: u32 = MAX_WHOLE_SCAN;
    const NO_FURTHER: &'static str = "a scan of the whole tables to it takes minutes and \
        gigabytes of memory, growing as the cube and the square of the limit";
    fn memory_needed(limit: u32) -> u64 {
        ScannedTables::memory_needed(limit)
    }
    fn out_of_memory(error: &ScanError) -> bool {
        matches!(error, ScanError::OutOfMemory { .. })
    }
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, ScanError> {
        ScannedTables::scan_for(convention, limit, progress)
    }
}

impl RuntimeScan for ScannedTriples {
    type Error = ScanError;
    // Sums, counts and lists go as far as any scan: a long one shows a
    // progress bar, and only the memory check refuses one.
    const MAX_LIMIT: u32 = ScannedTriples::MAX_LIMIT;
    const NO_FURTHER: &'static str = "the tables store piles as 16-bit numbers";
    fn memory_needed(limit: u32) -> u64 {
        ScannedTriples::memory_needed(limit)
    }
    fn out_of_memory(error: &ScanError) -> bool {
        matches!(error, ScanError::OutOfMemory { .. })
    }
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, ScanError> {
        ScannedTriples::scan_for(convention, limit, progress)
    }
}

impl RuntimeScan for ScannedTotals {
    type Error = ScanError;
    // As far as the triples, in less memory.
    const MAX_LIMIT: u32 = ScannedTotals::MAX_LIMIT;
    const NO_FURTHER: &'static str = <ScannedTriples as RuntimeScan>::NO_FURTHER;
    fn memory_needed(limit: u32) -> u64 {
        ScannedTotals::memory_needed(limit)
    }
    fn out_of_memory(error: &ScanError) -> bool {
        matches!(error, ScanError::OutOfMemory { .. })
    }
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, ScanError> {
        ScannedTotals::scan_for(convention, limit, progress)
    }
}

/// Scans the game under `convention` to `limit` at run time for `what`
/// (e.g. `S(4000)`), after checking the limit and the memory and printing
/// `note`, if any, on stderr.
pub(crate) fn scan<T: RuntimeScan>(
    ctx: &mut Ctx,
    convention: Convention,
    limit: u64,
    what: &str,
    note: Option<&str>,
) -> Result<T, Failure> {
    let limit = scan_limit::<T>(what, limit)?;
    check_memory(
        ctx,
        &format!("{what} would need {} to {limit}, which", T::WORK),
        Some(T::memory_needed(limit)),
    )?;
    if let Some(note) = note {
        ctx.note(note);
    }
    scan_checked_for(ctx, convention, limit)
}

/// The note for a runtime scan to `limit`, past the embedded tables.
pub(crate) fn past_limit_note(limit: u64) -> String {
    format!(
        "{limit} is above the embedded limit {}; scanning at run time",
        stone_game::LIMIT
    )
}

/// `limit` as the limit of a runtime scan `T` for `what`, or its refusal
/// past [`RuntimeScan::MAX_LIMIT`].
pub(crate) fn scan_limit<T: RuntimeScan>(what: &str, limit: u64) -> Result<u32, Failure> {
    match u32::try_from(limit) {
        Ok(limit) if limit <= T::MAX_LIMIT => Ok(limit),
        _ => Err(Failure::Usage(format!(
            "{what} would need {} to {limit}, past the largest this tool {}, {} ({})",
            T::WORK,
            T::VERB,
            T::MAX_LIMIT,
            T::NO_FURTHER
        ))),
    }
}

/// A scan of normal play to `limit`, whose size the caller has checked.
pub(crate) fn scan_checked<T: RuntimeScan>(ctx: &Ctx, limit: u32) -> Result<T, Failure> {
    scan_checked_for(ctx, Convention::Normal, limit)
}

/// A scan of the game under `convention` to `limit`, whose size the caller
/// has checked, with its progress bar where `main` asks for one.
fn scan_checked_for<T: RuntimeScan>(
    ctx: &Ctx,
    convention: Convention,
    limit: u32,
) -> Result<T, Failure> {
    progress::with_bar(limit, ctx.progress_bar, |report| {
        T::scan_for(convention, limit, report)
    })
    .map_err(|e| {
        if T::out_of_memory(&e) {
            Failure::Usage(e.to_string())
        } else {
            Failure::Internal(e.to_string())
        }
    })
}

/// The note of every runtime scan of the misère game, which no embedded
/// table covers.
pub(crate) const MISERE_NOTE: &str = "the misère tables are computed at run time";

/// The embedded tables when they cover `needed`, no scan is forced and the
/// game is normal play (`None`), else a runtime scan to `needed`, after the
/// note `past_note` (called only when `needed` is past them), the `--scan`
/// one or the misère one.
pub(crate) fn table_covering<T: RuntimeScan>(
    ctx: &mut Ctx,
    convention: Convention,
    needed: u64,
    force_scan: bool,
    past_note: impl FnOnce() -> String,
    what: &str,
) -> Result<Option<T>, Failure> {
    let note = if EMBEDDED.covers(convention, needed) {
        if !force_scan {
            return Ok(None);
        }
        format!("scanning to {needed} at run time, as --scan asks")
    } else if convention == Convention::Misere {
        MISERE_NOTE.to_owned()
    } else {
        past_note()
    };
    scan(ctx, convention, needed, what, Some(&note)).map(Some)
}

/// The tables for the totals and triples up to `limit` (a scan of the
/// triples alone answers those), or for pictures of them.
pub(crate) fn table_to<T: RuntimeScan>(
    ctx: &mut Ctx,
    convention: Convention,
    limit: u64,
    force_scan: bool,
    what: &str,
) -> Result<Option<T>, Failure> {
    table_covering(
        ctx,
        convention,
        limit,
        force_scan,
        || past_limit_note(limit),
        what,
    )
}

/// A runtime scan that decides a position of one game and every position
/// it leads to: the whole tables, whose partners decide it from its two
/// smaller piles, or the triples, which must reach all three.
pub(crate) trait DecidingScan: RuntimeScan {
    /// The pile of the sorted position the scan goes to: 1 for the
    /// second-largest, 2 for the largest.
    const PILE: usize;
    /// The note's words for the scan, before the pile it goes to.
    const SCANNING: &'static str;
}

impl DecidingScan for ScannedTables {
    const PILE: usize = 1;
    const SCANNING: &'static str = "scanning to";
}

impl DecidingScan for ScannedTriples {
    const PILE: usize = 2;
    const SCANNING: &'static str = "scanning the triples to the largest pile";
}

/// The tables of the game under `convention` that decide the position `p`
/// and every position it leads to: none where the embedded ones reach its
/// two smaller piles, else a runtime scan `T`.
pub(crate) fn position_table<T: DecidingScan>(
    ctx: &mut Ctx,
    convention: Convention,
    p: [u64; 3],
    what: &str,
) -> Result<Option<T>, Failure> {
    let mut sorted = p;
    sorted.sort_unstable();
    let (y, needed) = (sorted[1], sorted[T::PILE]);
    if EMBEDDED.covers(convention, y) {
        return Ok(None);
    }
    let past_note = || {
        format!(
            "the second-largest pile {y} is above the embedded limit {LIMIT}; \
             {} {needed} at run time",
            T::SCANNING
        )
    };
    let what = format!("{what} ({}, {}, {})", p[0], p[1], p[2]);
    table_covering(ctx, convention, needed, false, past_note, &what)
}

/// Whether the triples to the largest pile of `p` decide it, rather than
/// the whole tables to its second-largest: where they take less (the scan
/// of the cube keeps no partners and runs on every core, so it needs less
/// memory, and on two cores less time, while the largest pile is below 1.3
/// times the second at 2000 and 1.75 times at 32000: BENCHMARKS.md,
/// section 4.2), and wherever the second-largest pile is past
/// [`MAX_WHOLE_SCAN`]: the triples go as far as any scan, 65535, and past
/// it their refusal names the furthest a scan goes.
pub(crate) fn triples_decide(p: [u64; 3]) -> bool {
    let mut sorted = p;
    sorted.sort_unstable();
    if sorted[1] > u64::from(MAX_WHOLE_SCAN) {
        return true;
    }
    let (Ok(y), Ok(z)) = (u32::try_from(sorted[1]), u32::try_from(sorted[2])) else {
        return false;
    };
    z <= ScannedTriples::MAX_LIMIT
        && ScannedTriples::memory_needed(z) <= ScannedTables::memory_needed(y)
}

/// The Grundy values run as the scans do: with their progress bar on a
/// terminal, once a second has passed.
impl RuntimeScan for GrundyTable {
    type Error = GrundyError;
    const MAX_LIMIT: u32 = MAX_GRUNDY;
    const NO_FURTHER: &'static str = "the time grows as about the cube of the limit";
    const WORK: &'static str = "the Grundy values";
    const VERB: &'static str = "computes";
    fn memory_needed(limit: u32) -> u64 {
        GrundyTable::memory_needed(limit)
    }
    fn out_of_memory(error: &GrundyError) -> bool {
        matches!(error, GrundyError::OutOfMemory { .. })
    }
    /// Grundy values are those of normal play, whatever `convention` says:
    /// misère sums do not follow the XOR rule, and every command that reads
    /// Grundy values refuses `--misere` before it gets here.
    fn scan_for(
        _: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, GrundyError> {
        start_thread_pool();
        GrundyTable::compute_with_progress(limit, progress)
    }
}

/// Starts rayon's pool for the work that runs on it (the Grundy values,
/// `verify`'s brute force and checks), once, just before the first of it:
/// at every start it would add most of a millisecond to commands that
/// never use it. Where no thread can be started (a limit on processes, or
/// no memory for a stack), rayon would start none and panic at the first
/// parallel step; the calling thread is then the pool's one thread, and
/// the work runs on it. The probe is one thread: rayon's pool can be
/// started once only, so a failed start could not be tried again.
pub(crate) fn start_thread_pool() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let threads_start = std::thread::Builder::new()
            .spawn(|| ())
            .is_ok_and(|probe| probe.join().is_ok());
        let pool = if threads_start {
            rayon::ThreadPoolBuilder::new()
        } else {
            rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .use_current_thread()
        };
        // An error here (a pool already started) leaves rayon's pool as it
        // is.
        let _ = pool.build_global();
    });
}

/// The Grundy values of every position with piles up to `limit`, for `what`
/// (e.g. `the value of (3, 5, 6)`), after checking the limit against
/// [`MAX_GRUNDY`] and the memory against what is available.
pub(crate) fn grundy_table(ctx: &mut Ctx, limit: u64, what: &str) -> Result<GrundyTable, Failure> {
    scan(ctx, Convention::Normal, limit, what, None)
}

/// The refusal of `--misere` by `command`, which reads Grundy values, in
/// the library's words.
pub(crate) fn misere_refused(command: &str) -> Failure {
    Failure::answer(
        command,
        AnswerError::MisereUndefined(MisereUndefined::GrundyValue),
    )
}

/// The remoteness of every position, run as the scans are.
impl RuntimeScan for RemotenessTable {
    type Error = RemotenessError;
    const MAX_LIMIT: u32 = MAX_REMOTENESS;
    const NO_FURTHER: &'static str = "the time grows as the cube of the limit";
    const WORK: &'static str = "the remoteness of every position";
    const VERB: &'static str = "computes";
    fn memory_needed(limit: u32) -> u64 {
        RemotenessTable::memory_needed(limit)
    }
    fn out_of_memory(error: &RemotenessError) -> bool {
        matches!(error, RemotenessError::OutOfMemory { .. })
    }
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, RemotenessError> {
        RemotenessTable::compute_with_progress(limit, convention, progress)
    }
}

/// The remoteness of every position under `convention` with piles up to
/// `limit`, for `what` (e.g. `the value of (3, 5, 6)`), after checking the
/// limit against [`MAX_REMOTENESS`] and the memory against what is available.
pub(crate) fn remoteness_table(
    ctx: &mut Ctx,
    convention: Convention,
    limit: u64,
    what: &str,
) -> Result<RemotenessTable, Failure> {
    scan(ctx, convention, limit, what, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Near the second pile the triples decide a position for less; far
    /// past it the whole tables do; past the whole tables' largest scan,
    /// the triples, which reach further, in any order of the piles.
    #[test]
    fn the_triples_decide_near_piles_and_past_the_whole_tables() {
        assert!(triples_decide([2000, 2000, 2000]));
        assert!(!triples_decide([2000, 2000, 20_000]));
        assert!(!triples_decide([32_000, 60_000, 1]));
        for p in [
            [32_001, 60_000, 1],
            [1, 60_000, 32_001],
            [32_001, 32_001, 128_000],
        ] {
            assert!(triples_decide(p), "{p:?}");
        }
        assert!(triples_decide([65_536, 65_536, 65_536]));
        assert!(triples_decide([u64::MAX, u64::MAX, 0]));
        assert!(!triples_decide([0, 1, u64::MAX]));
    }

    /// Only the allocator's refusal is the user's to act on (exit code 2);
    /// a scan's other refusals mean the tool asked it wrong.
    #[test]
    fn only_the_allocators_refusal_is_out_of_memory() {
        let scan_refused = ScanError::OutOfMemory { needed: 1 };
        let scan_past = ScanError::LimitTooLarge { limit: u32::MAX };
        assert!(ScannedTables::out_of_memory(&scan_refused));
        assert!(!ScannedTables::out_of_memory(&scan_past));
        assert!(ScannedTriples::out_of_memory(&scan_refused));
        assert!(!ScannedTriples::out_of_memory(&scan_past));
        assert!(ScannedTotals::out_of_memory(&scan_refused));
        assert!(!ScannedTotals::out_of_memory(&scan_past));
        assert!(GrundyTable::out_of_memory(&GrundyError::OutOfMemory {
            needed: 1
        }));
        assert!(!GrundyTable::out_of_memory(&GrundyError::LimitTooLarge {
            limit: u32::MAX
        }));
        assert!(RemotenessTable::out_of_memory(
            &RemotenessError::OutOfMemory { needed: 1 }
        ));
        assert!(!RemotenessTable::out_of_memory(
            &RemotenessError::LimitTooLarge { limit: u32::MAX }
        ));
    }
}
