//! The Grundy table (`GrundyTable::compute`) at limits 100, 200, 300 and
//! 500: how its time grows with the limit.
//!
//! `cargo bench --bench grundy`; `cargo bench --bench grundy -- grundy/300`
//! for one limit. Peak memory is measured on the command line instead
//! (`/usr/bin/time -v stone-game grundy L 0 0`): BENCHMARKS.md, "Grundy
//! values".

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use stone_game::GrundyTable;

fn grundy(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    // Seconds per run at 500: one run a sample, ten samples.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for limit in [100, 200, 300, 500] {
        group.bench_function(limit.to_string(), |b| {
            b.iter(|| GrundyTable::compute(black_box(limit)).expect("a limit that fits"))
        });
    }
    group.finish();
}

criterion_group!(benches, grundy);
criterion_main!(benches);
