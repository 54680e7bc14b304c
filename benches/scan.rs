//! The scan against the reference algorithm of GAME.md (section 7), the scan
//! against a simpler version of itself (the baseline, `baseline/scan.rs`) at
//! larger limits, and the generator's render step.
//!
//! `cargo bench --bench scan`. Before anything is timed, the reference, the
//! baseline and [`Scan::run`] must find the same losing triples (at 200 and at
//! 1000), and direct, interleaved measurements print the reference/scan ratio
//! at 1000 and the baseline/scan ratios at 1000, 4000 and 8000.
//! `cargo bench --bench scan -- scan_profile` prints the profile of the
//! baseline instead (searches, windows, widenings). See BENCHMARKS.md for the
//! figures.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use stone_game_generator::emit::{Options, render};
use stone_game_generator::scan::{Scan, losing_triples};

#[path = "baseline/scan.rs"]
mod baseline;

/// The limit of the head-to-head comparison (the default table limit).
const LIMIT: u32 = 1000;

/// Three `(L + 1) x (L + 1)` byte tables, one per kind of key (GAME.md).
struct ByteKeys {
    n: usize,
    one: Vec<u8>,
    two: Vec<u8>,
    all: Vec<u8>,
}

impl ByteKeys {
    fn new(limit: u32) -> Self {
        let n = limit as usize + 1;
        ByteKeys {
            n,
            one: vec![0; n * n],
            two: vec![0; n * n],
            all: vec![0; n * n],
        }
    }

    /// Marks the seven keys of the losing triple `x <= y <= z <= L`.
    fn hold(&mut self, x: usize, y: usize, z: usize) {
        let n = self.n;
        self.one[y * n + z] = 1;
        self.one[x * n + z] = 1;
        self.one[x * n + y] = 1;
        self.two[(y - x) * n + z] = 1;
        self.two[(z - y) * n + x] = 1;
        self.two[(z - x) * n + y] = 1;
        self.all[(y - x) * n + (z - x)] = 1;
    }

    /// The six keys of `(x, y, z)` that change with `z`, OR-ed: all but K1(x, y).
    #[inline]
    fn held_moving(&self, x: usize, y: usize, z: usize) -> u8 {
        let n = self.n;
        self.one[y * n + z]
            | self.one[x * n + z]
            | self.two[(y - x) * n + z]
            | self.two[(z - y) * n + x]
            | self.two[(z - x) * n + y]
            | self.all[(y - x) * n + (z - x)]
    }
}

/// The reference of GAME.md (section 7, "The reference algorithms"): every one of the
/// (L+3 choose 3) sorted triples, in scan order, with seven byte look-ups
/// each; a triple none of whose keys is held is losing and holds them all.
fn reference(limit: u32) -> Vec<[u16; 3]> {
    let l = limit as usize;
    let mut keys = ByteKeys::new(limit);
    let n = keys.n;
    let mut triples = Vec::new();
    for x in 0..=l {
        for y in x..=l {
            for z in y..=l {
                // Seven look-ups: K1(x, y) and the six that change with z.
                let held = keys.one[x * n + y] | keys.held_moving(x, y, z);
                if held == 0 {
                    keys.hold(x, y, z);
                    triples.push([x as u16, y as u16, z as u16]);
                }
            }
        }
    }
    triples
}

/// The reference's early-stop variant (GAME.md, section 7): skips a pair whose `K1(x, y)` is
/// held and stops each pair at its first losing `z`. Same look-ups otherwise.
fn reference_early_stop(limit: u32) -> Vec<[u16; 3]> {
    let l = limit as usize;
    let mut keys = ByteKeys::new(limit);
    let n = keys.n;
    let mut triples = Vec::new();
    for x in 0..=l {
        for y in x..=l {
            if keys.one[x * n + y] != 0 {
                continue;
            }
            for z in y..=l {
                if keys.held_moving(x, y, z) == 0 {
                    keys.hold(x, y, z);
                    triples.push([x as u16, y as u16, z as u16]);
                    break;
                }
            }
        }
    }
    triples
}

fn scan(limit: u32) -> Scan {
    match Scan::run(limit) {
        Ok(scan) => scan,
        Err(e) => panic!("the scan refused {limit}: {e}"),
    }
}

/// The baselines are only worth timing if they are right.
fn check_agreement() {
    for limit in [200, LIMIT] {
        let expected = scan(limit).into_parts().1;
        assert_eq!(reference(limit), expected, "reference vs scan at {limit}");
        assert_eq!(
            reference_early_stop(limit),
            expected,
            "early-stop reference vs scan at {limit}"
        );
        check_baseline(limit);
    }
    eprintln!("reference, early-stop reference, baseline and scan agree at 200 and {LIMIT}");
}

/// The baseline and the scan give the same triples and partners.
fn check_baseline(limit: u32) {
    let (_, triples, partners) = scan(limit).into_parts();
    let (base_triples, base_partners) = baseline::run(limit);
    assert!(
        base_triples == triples,
        "baseline vs scan triples at {limit}"
    );
    assert!(
        base_partners == partners,
        "baseline vs scan partners at {limit}"
    );
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Median wall time of `runs` calls of `f`.
fn median_time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let times = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    median(times)
}

/// Times the reference and the scan in this process, in alternating rounds
/// so that a burst of load elsewhere hits both, and prints the ratio of the
/// medians.
fn print_ratio() {
    const ROUNDS: usize = 7;
    let (mut full, mut early, mut word) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        full.push(median_time(1, || reference(black_box(LIMIT))));
        early.push(median_time(1, || reference_early_stop(black_box(LIMIT))));
        word.push(median_time(9, || scan(black_box(LIMIT))));
    }
    let (full, early, word) = (median(full), median(early), median(word));
    let ratio = |d: Duration| d.as_secs_f64() / word.as_secs_f64();
    eprintln!("medians at L = {LIMIT} over {ROUNDS} interleaved rounds:");
    eprintln!(
        "  reference (all triples)  {full:>12.3?}  {:>6.1}x the scan",
        ratio(full)
    );
    eprintln!(
        "  reference (early stop)   {early:>12.3?}  {:>6.1}x the scan",
        ratio(early)
    );
    eprintln!("  scan                     {word:>12.3?}");
}

fn reference_vs_scan(c: &mut Criterion) {
    let mut group = c.benchmark_group("reference_vs_scan");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("reference/1000", |b| b.iter(|| reference(black_box(LIMIT))));
    group.bench_function("reference_early_stop/1000", |b| {
        b.iter(|| reference_early_stop(black_box(LIMIT)))
    });
    group.bench_function("scan/1000", |b| b.iter(|| scan(black_box(LIMIT))));
    group.finish();
}

fn scan_4000(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("4000", |b| b.iter(|| scan(black_box(4000))));
    group.finish();
}

/// The baseline (`baseline/scan.rs`) against the scan at 1000, 4000 and
/// 8000, and the scan of the triples alone (`losing_triples`, stopped at the
/// limit), in alternating rounds, with the ratios of the medians. Criterion's
/// smallest sample (ten runs) would take minutes at 8000, so these are timed
/// by hand.
fn print_baseline_vs_scan() {
    for (limit, rounds) in [(LIMIT, 11), (4000, 5), (8000, 3)] {
        let (mut base, mut word, mut alone) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let start = Instant::now();
            let expected = black_box(baseline::run(black_box(limit)));
            base.push(start.elapsed());
            let start = Instant::now();
            let found = black_box(scan(black_box(limit)));
            word.push(start.elapsed());
            let start = Instant::now();
            let triples = black_box(losing_triples(black_box(limit)));
            alone.push(start.elapsed());
            if round == 0 {
                let (_, scan_triples, partners) = found.into_parts();
                assert!(
                    triples.as_ref() == Ok(&scan_triples),
                    "triples alone vs scan at {limit}"
                );
                assert!(
                    expected == (scan_triples, partners),
                    "baseline vs scan at {limit}"
                );
            }
        }
        let (base, word, alone) = (median(base), median(word), median(alone));
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        eprintln!(
            "baseline_vs_scan/{limit}: medians of {rounds} interleaved rounds: \
             baseline {base:.3?}, scan {word:.3?} ({:.2}x), triples alone {alone:.3?} \
             ({:.2}x the baseline, {:.2}x the scan)",
            ratio(base, word),
            ratio(base, alone),
            ratio(word, alone)
        );
    }
}

/// The counts of the profile in BENCHMARKS.md, from the baseline.
#[derive(Default)]
struct Profile {
    searches: u64,
    windows: u64,
    longest: usize,
    /// Searches by windows taken: 1, 2-3, 4-7, ...
    by_windows: [u64; 16],
    widenings: u64,
}

impl baseline::Probe for Profile {
    fn search(&mut self, windows: usize) {
        self.searches += 1;
        self.windows += windows as u64;
        self.longest = self.longest.max(windows);
        self.by_windows[(usize::BITS - windows.leading_zeros() - 1).min(15) as usize] += 1;
    }

    fn widen(&mut self) {
        self.widenings += 1;
    }
}

fn print_profile() {
    for limit in [LIMIT, 4000, 8000] {
        let mut profile = Profile::default();
        baseline::run_probed(limit, &mut profile);
        let pairs = (limit as u64 + 1) * (limit as u64 + 2) / 2;
        eprintln!(
            "scan_profile/{limit}: {pairs} pairs, {} searches, {} windows \
             (mean {:.2}, longest {}), {} widenings",
            profile.searches,
            profile.windows,
            profile.windows as f64 / profile.searches as f64,
            profile.longest,
            profile.widenings
        );
        for (bucket, count) in profile.by_windows.iter().enumerate() {
            if *count > 0 {
                eprintln!(
                    "  {:>4} to {:>4} windows: {:>5.1}% of searches",
                    1 << bucket,
                    (2 << bucket) - 1,
                    100.0 * *count as f64 / profile.searches as f64
                );
            }
        }
    }
}

fn generator(c: &mut Criterion) {
    let scanned = scan(LIMIT);
    let mut group = c.benchmark_group("generator");
    group.sample_size(20);
    group.bench_function("render/1000", |b| {
        b.iter(|| render(black_box(&scanned), Options::WITH_POSITION_MAP).expect("renders"))
    });
    group.finish();
}

criterion_group!(benches, reference_vs_scan, scan_4000, generator);

/// Criterion's options that take a value: what follows them is no filter.
const VALUED: &[&str] = &[
    "-s",
    "--save-baseline",
    "-b",
    "--baseline",
    "--baseline-lenient",
    "--load-baseline",
    "--format",
    "--profile-time",
    "--sample-size",
    "--warm-up-time",
    "--measurement-time",
    "--nresamples",
    "--noise-threshold",
    "--confidence-level",
    "--significance-level",
    "--plotting-backend",
    "--output-format",
    "-c",
    "--color",
];

/// The command line as criterion reads it: its flags and the name filter.
struct Args {
    flags: Vec<String>,
    filter: Option<String>,
}

impl Args {
    fn parse() -> Args {
        let (mut flags, mut filter) = (Vec::new(), None);
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            if VALUED.contains(&arg.as_str()) {
                args.next();
            } else if arg.starts_with('-') {
                flags.push(arg);
            } else {
                filter = Some(arg);
            }
        }
        Args { flags, filter }
    }

    fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }

    /// Whether the filter (taken as a plain substring) selects the bench `id`.
    fn wants(&self, id: &str) -> bool {
        self.filter.as_ref().is_none_or(|f| id.contains(f.as_str()))
    }
}

fn main() {
    let args = Args::parse();
    if args.has("--list") {
        return benches();
    }
    // As criterion decides: without `--bench` (`cargo test --benches`, an
    // unoptimised build) or with `--test`, check rather than time.
    if !args.has("--bench") || args.has("--test") {
        let expected = scan(200).into_parts().1;
        assert_eq!(reference(200), expected);
        assert_eq!(reference_early_stop(200), expected);
        check_baseline(200);
        assert!(
            !render(&scan(200), Options::WITH_POSITION_MAP)
                .expect("renders")
                .source
                .is_empty()
        );
        eprintln!(
            "benches/scan: the reference and baseline agree with the scan at 200 (test mode: nothing timed)"
        );
        return;
    }
    // Only on request: it runs the baseline at 8000 once more.
    if args
        .filter
        .as_deref()
        .is_some_and(|f| f.contains("scan_profile"))
    {
        return print_profile();
    }
    if args.wants("reference_vs_scan") {
        check_agreement();
        print_ratio();
    }
    benches();
    if args.wants("baseline_vs_scan") {
        print_baseline_vs_scan();
    }
    Criterion::default().configure_from_args().final_summary();
}
