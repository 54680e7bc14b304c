//! The Grundy table (`GrundyTable::compute`) at limits 250, 500, 1000 and
//! 1500: how its time grows with the limit.
//!
//! `cargo bench --bench grundy --features rayon` (two passes at once, on two
//! cores; without the feature, one core); `cargo bench --bench grundy
//! --features rayon -- grundy/1000` for one limit. Peak memory is measured
//! on the command line instead (`/usr/bin/time -v stone-game grundy L 0 0`,
//! or `examples/grundy_peak.rs` for the table alone): BENCHMARKS.md,
//! "Grundy values".

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use stone_game::GrundyTable;

fn grundy(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    // Seconds per run from 500 on: one run a sample, ten samples, and time
    // enough for them (about 20 s a run at 1500 on two cores).
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1));
    for (limit, seconds) in [(250, 5), (500, 10), (1000, 90), (1500, 400)] {
        group.measurement_time(Duration::from_secs(seconds));
        group.bench_function(limit.to_string(), |b| {
            b.iter(|| GrundyTable::compute(black_box(limit)).expect("a limit that fits"))
        });
    }
    group.finish();
}

criterion_group!(benches, grundy);
criterion_main!(benches);
