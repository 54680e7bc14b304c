//! The remoteness table (`RemotenessTable::compute`) at limits 100, 300 and
//! 1000 under both conventions, and a query.
//!
//! `cargo bench --bench remoteness`; `cargo bench --bench remoteness --
//! remoteness/normal/1000` for one. Peak memory is measured on the command
//! line instead (`examples/remoteness_peak.rs`): BENCHMARKS.md,
//! "Remoteness".

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use stone_game::{Convention, RemotenessTable};

fn compute(c: &mut Criterion) {
    let mut group = c.benchmark_group("remoteness");
    // Seconds per run at 1000: one run a sample, ten samples.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, convention) in [
        ("normal", Convention::Normal),
        ("misere", Convention::Misere),
    ] {
        for limit in [100, 300, 1000] {
            group.bench_function(format!("{name}/{limit}"), |b| {
                b.iter(|| {
                    RemotenessTable::compute(black_box(limit), convention)
                        .expect("a limit that fits")
                })
            });
        }
    }
    group.finish();
}

fn query(c: &mut Criterion) {
    let table = RemotenessTable::compute(1000, Convention::Normal).expect("a limit that fits");
    // Positions spread over the cube, winning and losing, in any order.
    let positions: Vec<[u64; 3]> = (0..1024u64)
        .map(|i| [(i * 7919) % 1001, (i * 104_729) % 1001, (i * 31) % 1001])
        .collect();
    c.bench_function("remoteness/value", |b| {
        let mut i = 0;
        b.iter(|| {
            let [a, b, c] = positions[i % positions.len()];
            i += 1;
            table.value(black_box(a), black_box(b), black_box(c))
        })
    });
}

criterion_group!(benches, compute, query);
criterion_main!(benches);
