//! The progress bar of a long computation: drawn on the real stderr once a
//! second has passed, and only when `main` asks for it (stderr is a
//! terminal). It imports nothing of the crate: it follows any computation
//! that reports [`Progress`].

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use stone_game::Progress;

/// How long a computation runs before its progress bar appears.
const BAR_DELAY: Duration = Duration::from_secs(1);

/// Runs `work` to `limit`, which reports its progress to the function it is
/// given, with a progress bar on stderr once a second has passed, when
/// `show_bar` is set. (On a stderr that is not a terminal indicatif draws
/// nothing even then; `main` sets `show_bar` only on one.)
pub(crate) fn with_bar<T>(
    limit: u32,
    show_bar: bool,
    work: impl FnOnce(&mut dyn FnMut(Progress)) -> T,
) -> T {
    with_bar_on(limit, show_bar, ProgressDrawTarget::stderr, BAR_DELAY, work)
}

/// [`with_bar`], drawing on `target()` once `delay` has passed: the bar
/// follows the work from its start, hidden until then, so that its rate and
/// ETA are right when it appears.
fn with_bar_on<T>(
    limit: u32,
    show_bar: bool,
    target: impl Fn() -> ProgressDrawTarget,
    delay: Duration,
    work: impl FnOnce(&mut dyn FnMut(Progress)) -> T,
) -> T {
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut shown = false;
    let result = work(&mut |progress: Progress| {
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
    result
}

/// A hidden progress bar for a computation to `limit`.
fn new_bar(limit: u32, pairs_total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(pairs_total), ProgressDrawTarget::hidden())
        .with_message(format!("scanning to {limit}"));
    match ProgressStyle::with_template("{msg} [{bar:40}] {percent:>3}% {elapsed} (eta {eta})") {
        Ok(style) => bar.with_style(style.progress_chars("=> ")),
        Err(_) => bar,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stone_game::{Convention, GrundyTable, ScannedTables, ScannedTriples};

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

    fn scan(progress: &mut dyn FnMut(Progress)) -> ScannedTables {
        ScannedTables::scan_for(Convention::Normal, 40, progress).unwrap()
    }

    #[test]
    fn the_bar_is_drawn_only_when_asked_for_and_only_after_its_delay() {
        let expected = ScannedTables::scan(40).unwrap();
        // Asked for, no delay: drawn.
        let terminal = Recorder::default();
        let table = with_bar_on(40, true, || terminal.target(), Duration::ZERO, scan);
        assert_eq!(table, expected);
        assert!(
            terminal.drawn().contains("scanning to 40"),
            "{:?}",
            terminal.drawn()
        );
        // Not asked for (stderr is not a terminal): nothing, however long the
        // scan has run.
        let terminal = Recorder::default();
        let table = with_bar_on(40, false, || terminal.target(), Duration::ZERO, scan);
        assert_eq!(table, expected);
        assert_eq!(terminal.drawn(), "");
        // The same for the scan of the triples alone and the Grundy values.
        let terminal = Recorder::default();
        let triples = with_bar_on(
            40,
            true,
            || terminal.target(),
            Duration::ZERO,
            |p| ScannedTriples::scan_for(Convention::Normal, 40, p).unwrap(),
        );
        assert_eq!(triples, ScannedTriples::scan(40).unwrap());
        assert!(terminal.drawn().contains("scanning to 40"));
        let terminal = Recorder::default();
        let grundy = with_bar_on(
            40,
            true,
            || terminal.target(),
            Duration::ZERO,
            |p| GrundyTable::compute_with_progress(40, p).unwrap(),
        );
        assert_eq!(grundy, GrundyTable::compute(40).unwrap());
        assert!(terminal.drawn().contains("scanning to 40"));
        // Asked for, but the scan ends before the delay: nothing.
        let terminal = Recorder::default();
        let hour = Duration::from_secs(3600);
        with_bar_on(40, true, || terminal.target(), hour, scan);
        assert_eq!(terminal.drawn(), "");
    }
}
