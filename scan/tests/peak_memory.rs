//! The memory estimates against the heap a scan really takes at its peak,
//! as dhat's allocator counts it: the CLI refuses a scan that its estimate
//! says would not fit, so an estimate below the peak would let one run out
//! of memory, and one far above it would refuse scans that fit.
//!
//! One test in this file: dhat counts every allocation of the process, and
//! runs one profiler at a time.

use stone_game_scan::Convention;
use stone_game_scan::scan::{
    Scan, losing_totals_for, losing_triples, memory_needed, memory_needed_for_totals,
    memory_needed_for_triples,
};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// The most heap, in bytes, held at once while `work` ran, its answer
/// included.
fn peak_of<T>(work: impl FnOnce() -> T) -> u64 {
    let profiler = dhat::Profiler::builder().testing().build();
    let answer = work();
    let peak = dhat::HeapStats::get().max_bytes as u64;
    drop(answer);
    drop(profiler);
    peak
}

/// That `estimate` bounds the `peak` it was made for, and, when
/// `most_over` is given, lies no further above it than that factor.
fn assert_bounds(what: &str, limit: u32, estimate: u64, peak: u64, most_over: Option<f64>) {
    assert!(
        estimate >= peak,
        "{what} at {limit}: estimated {estimate} bytes, took {peak}"
    );
    let over = estimate as f64 / peak as f64;
    if let Some(most) = most_over {
        assert!(
            over <= most,
            "{what} at {limit}: estimated {estimate} bytes, {over:.2} times the {peak} it took"
        );
    }
}

#[test]
fn each_estimate_bounds_the_peak_of_its_scan_and_lies_near_it() {
    // Below 300 the fixed costs weigh: the estimates lie up to twice the
    // peaks there, and only bound them. From 300 to 2500, `memory_needed`
    // lies 1.24 to 1.09 times above the peak of `Scan::run` (its rows
    // counted 2L wide), `memory_needed_for_triples` 1.32 to 1.14 (the
    // triples counted at 0.125 L^2, found at 0.12 L^2) and
    // `memory_needed_for_totals` 1.49 to 1.27 (a band's buffers counted for
    // their worst case).
    for limit in [100, 300, 1000, 1500, 2500] {
        let from_300 = |most: f64| (limit >= 300).then_some(most);
        // From 1024 on, with `std`, the scans of the cube count a band for
        // each of up to eight threads, however many cores run them: only
        // the bound is checked there.
        let one_band = !cfg!(feature = "std") || limit < 1024;
        let cube = |most: f64| from_300(most).filter(|_| one_band);

        let run = peak_of(|| Scan::run(limit).expect("a small limit"));
        assert_bounds("Scan::run", limit, memory_needed(limit), run, from_300(1.3));
        let triples = peak_of(|| losing_triples(limit).expect("a small limit"));
        assert_bounds(
            "losing_triples",
            limit,
            memory_needed_for_triples(limit),
            triples,
            cube(1.4),
        );
        let totals = peak_of(|| {
            losing_totals_for(Convention::Normal, limit, |_| {}).expect("a small limit")
        });
        assert_bounds(
            "losing_totals_for",
            limit,
            memory_needed_for_totals(limit),
            totals,
            cube(1.55),
        );
    }
}
