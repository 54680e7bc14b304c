//! Runtime scans for the CLI: the memory check, the note and the progress bar.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use stone_game::{
    Convention, EMBEDDED, GrundyError, GrundyTable, LIMIT, Move, Outcome, Progress,
    RemotenessError, RemotenessTable, ScanError, ScannedTables, ScannedTriples, Tables, Value,
};

use crate::context::{Ctx, Failure};

/// The largest limit of a scan of the whole tables (`partner`, `is-losing`,
/// `moves`, `draw`). Its time grows as the cube of the limit and its memory
/// as the square: at this limit it takes minutes and gigabytes (README,
/// "The command-line tool", has the measured figures), and past it the
/// library's `ScannedTables::scan` serves.
pub(crate) const MAX_WHOLE_SCAN: u32 = 32_000;

/// The largest `verify --brute-limit`, which `verify` checks and the
/// parser of `--brute-limit` names. The brute force's time grows as the
/// fourth power of its limit (BENCHMARKS.md).
pub(crate) const MAX_BRUTE: u32 = 500;

/// How long a scan runs before its progress bar appears.
const BAR_DELAY: Duration = Duration::from_secs(1);

/// Refuses `need` bytes when they exceed the memory available
/// ([`stone_game_memory::check`]).
pub(crate) fn check_memory(ctx: &mut Ctx, what: &str, need: Option<u64>) -> Result<(), Failure> {
    let available = ctx.available_memory();
    stone_game_memory::check(what, need, available).map_err(Failure::Usage)
}

/// A runtime scan the CLI runs: the whole tables, or the triples alone where
/// they answer (sums, counts, lists), at about half the cost; or the Grundy
/// values (`grundy.rs`).
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
    fn scan_for(
        convention: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, ScanError> {
        ScannedTriples::scan_for(convention, limit, progress)
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
/// has checked.
fn scan_checked_for<T: RuntimeScan>(
    ctx: &Ctx,
    convention: Convention,
    limit: u32,
) -> Result<T, Failure> {
    scan_with_bar::<T>(convention, limit, ctx.progress_bar)
        .map_err(|e| Failure::Internal(e.to_string()))
}

/// The scan, with a progress bar on the real stderr once a second has
/// passed, when `show_bar` is set. (On a stderr that is not a terminal
/// indicatif draws nothing even then; `main` sets `show_bar` only on one.)
fn scan_with_bar<T: RuntimeScan>(
    convention: Convention,
    limit: u32,
    show_bar: bool,
) -> Result<T, T::Error> {
    scan_with_bar_on(
        convention,
        limit,
        show_bar,
        ProgressDrawTarget::stderr,
        BAR_DELAY,
    )
}

/// [`scan_with_bar`], drawing on `target()` once `delay` has passed: the bar
/// follows the scan from its start, hidden until then, so that its rate and
/// ETA are right when it appears.
fn scan_with_bar_on<T: RuntimeScan>(
    convention: Convention,
    limit: u32,
    show_bar: bool,
    target: impl Fn() -> ProgressDrawTarget,
    delay: Duration,
) -> Result<T, T::Error> {
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut shown = false;
    let table = T::scan_for(convention, limit, |progress| {
        if !show_bar {
            return;
        }
        let bar = bar.get_or_insert_with(|| new_bar(limit, progress.pairs_total));
        bar.set_position(progress.pairs_done);
        if !shown && start.elapsed() >= delay {
            shown = true;
            bar.set_draw_target(target());
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    table
}

/// A hidden progress bar for a scan to `limit`.
fn new_bar(limit: u32, pairs_total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(pairs_total), ProgressDrawTarget::hidden())
        .with_message(format!("scanning to {limit}"));
    match ProgressStyle::with_template("{msg} [{bar:40}] {percent:>3}% {elapsed} (eta {eta})") {
        Ok(style) => bar.with_style(style.progress_chars("=> ")),
        Err(_) => bar,
    }
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
    let note = if convention == Convention::Misere {
        MISERE_NOTE.to_owned()
    } else if needed > u64::from(LIMIT) {
        past_note()
    } else if force_scan {
        format!("scanning to {needed} at run time, as --scan asks")
    } else {
        return Ok(None);
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

/// The tables of the game under `convention` to decide the position `p`:
/// they must cover its two smaller piles, so a runtime scan goes to its
/// second-largest pile.
pub(crate) fn position_table(
    ctx: &mut Ctx,
    convention: Convention,
    p: [u64; 3],
    what: &str,
) -> Result<Option<ScannedTables>, Failure> {
    let mut sorted = p;
    sorted.sort_unstable();
    let y = sorted[1];
    let past_note = || {
        format!(
            "the second-largest pile {y} is above the embedded limit {LIMIT}; \
             scanning to {y} at run time"
        )
    };
    let what = format!("{what} ({}, {}, {})", p[0], p[1], p[2]);
    table_covering(ctx, convention, y, false, past_note, &what)
}

/// The tables that answer: a runtime scan where one ran, else the embedded ones.
pub(crate) fn view(table: &Option<ScannedTables>) -> Tables<'_> {
    table.as_ref().map_or(EMBEDDED, ScannedTables::as_tables)
}

/// The largest pile whose Grundy values the tool computes (`grundy`, `play`
/// with a sum of games, `draw grundy`). The time grows about as the fourth
/// power of the limit (BENCHMARKS.md). The library's
/// [`GrundyTable::compute`](stone_game::GrundyTable::compute) goes further.
pub(crate) const MAX_GRUNDY: u32 = 500;

/// The Grundy values run as the scans do: with their progress bar on a
/// terminal, once a second has passed.
impl RuntimeScan for GrundyTable {
    type Error = GrundyError;
    const MAX_LIMIT: u32 = MAX_GRUNDY;
    const NO_FURTHER: &'static str = "the time grows as the fourth power of the limit";
    const WORK: &'static str = "the Grundy values";
    const VERB: &'static str = "computes";
    fn memory_needed(limit: u32) -> u64 {
        GrundyTable::memory_needed(limit)
    }
    /// Grundy values are those of normal play, whatever `convention` says:
    /// misère sums do not follow the XOR rule, and every command that reads
    /// Grundy values refuses `--misere` before it gets here.
    fn scan_for(
        _: Convention,
        limit: u32,
        progress: impl FnMut(Progress),
    ) -> Result<Self, GrundyError> {
        GrundyTable::compute_with_progress(limit, progress)
    }
}

/// The Grundy values of every position with piles up to `limit`, for `what`
/// (e.g. `the value of (3, 5, 6)`), after checking the limit against
/// [`MAX_GRUNDY`] and the memory against what is available.
pub(crate) fn grundy_table(ctx: &mut Ctx, limit: u64, what: &str) -> Result<GrundyTable, Failure> {
    scan(ctx, Convention::Normal, limit, what, None)
}

/// The refusal of `--misere` by `command`, which reads Grundy values: misère
/// sums of games do not follow the XOR rule (GAME.md, "Misère play").
pub(crate) fn misere_refused(command: &str) -> Failure {
    Failure::Usage(format!(
        "{command} takes no --misere: Grundy values answer sums of games by the XOR rule, \
         which misère sums do not follow (GAME.md, section 9, \"Misère play\")"
    ))
}

/// The word of `convention` in JSON answers: `normal` or `misere`.
pub(crate) fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}

/// The word of an outcome in answers: `win` or `lose`.
pub(crate) fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Lose => "lose",
    }
}

/// Every position one move leaves from `p`, piles in the order given, one
/// for each legal move (two moves that leave the same position by different
/// piles give it twice): what `moves --all`, `play`'s engine and the web
/// explorer rate.
pub(crate) fn positions_after(p: [u64; 3]) -> impl Iterator<Item = [u64; 3]> {
    // `all_from` yields only legal moves, which `apply` always applies.
    Move::all_from(p).filter_map(move |m| m.apply(p))
}

/// A move's place in [`best_first`]'s order: whether it leaves a won
/// position, its remoteness (negated for a won one), the position left.
pub(crate) type Rank = (bool, i64, [u64; 3]);

/// The order of moves by the values of the positions they leave, best for
/// the mover first (`moves --all`, `play`'s engine): moves that leave a
/// lost position, the quickest win first; then the others, the longest
/// resistance first; ties by the position left.
pub(crate) fn best_first(to: [u64; 3], value: Value) -> Rank {
    let r = i64::from(value.remoteness);
    match value.outcome {
        Outcome::Lose => (false, r, to),
        Outcome::Win => (true, -r, to),
    }
}

/// The largest pile whose remoteness the tool computes (`value`, `moves
/// --all`, `draw remoteness`): the time grows as the cube of the limit
/// (BENCHMARKS.md, "Remoteness"), and at this limit `value` takes a few
/// seconds. The library's
/// [`RemotenessTable::compute`](stone_game::RemotenessTable::compute) goes
/// further.
pub(crate) const MAX_REMOTENESS: u32 = 1500;

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

    /// A terminal that records what is drawn on it.
    #[derive(Debug, Default, Clone)]
    struct Recorder(std::sync::Arc<std::sync::Mutex<String>>);

    impl Recorder {
        fn drawn(&self) -> String {
            self.0.lock().unwrap().clone()
        }
        fn target(&self) -> ProgressDrawTarget {
            ProgressDrawTarget::term_like(Box::new(self.clone()))
        }
    }

    impl indicatif::TermLike for Recorder {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_bar_is_drawn_only_when_asked_for_and_only_after_its_delay() {
        let expected = ScannedTables::scan(40).unwrap();
        // Asked for, no delay: drawn.
        let terminal = Recorder::default();
        let table: ScannedTables = scan_with_bar_on(
            Convention::Normal,
            40,
            true,
            || terminal.target(),
            Duration::ZERO,
        )
        .unwrap();
        assert_eq!(table, expected);
        assert!(
            terminal.drawn().contains("scanning to 40"),
            "{:?}",
            terminal.drawn()
        );
        // Not asked for (stderr is not a terminal): nothing, however long the
        // scan has run.
        let terminal = Recorder::default();
        let table: ScannedTables = scan_with_bar_on(
            Convention::Normal,
            40,
            false,
            || terminal.target(),
            Duration::ZERO,
        )
        .unwrap();
        assert_eq!(table, expected);
        assert_eq!(terminal.drawn(), "");
        // The same for the scan of the triples alone.
        let terminal = Recorder::default();
        let triples: ScannedTriples = scan_with_bar_on(
            Convention::Normal,
            40,
            true,
            || terminal.target(),
            Duration::ZERO,
        )
        .unwrap();
        assert_eq!(triples, ScannedTriples::scan(40).unwrap());
        assert!(terminal.drawn().contains("scanning to 40"));
        // Asked for, but the scan ends before the delay: nothing.
        let terminal = Recorder::default();
        let hour = Duration::from_secs(3600);
        scan_with_bar_on::<ScannedTables>(Convention::Normal, 40, true, || terminal.target(), hour)
            .unwrap();
        assert_eq!(terminal.drawn(), "");
    }

    #[test]
    fn the_grundy_values_draw_the_same_bar() {
        let terminal = Recorder::default();
        let table: stone_game::GrundyTable = scan_with_bar_on(
            Convention::Normal,
            40,
            true,
            || terminal.target(),
            Duration::ZERO,
        )
        .unwrap();
        assert_eq!(table, stone_game::GrundyTable::compute(40).unwrap());
        assert!(terminal.drawn().contains("scanning to 40"));
    }
}
