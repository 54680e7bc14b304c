//! Latency of the queries over the tables embedded at build time.
//!
//! `cargo bench --bench queries`. Each bench cycles through 1024 fixed
//! pseudo-random inputs (a xorshift with a fixed seed), so that neither the
//! branch predictor nor the caches see one input over and over; criterion's
//! time is the time of one query. Positions are half losing (drawn from
//! `LOSING_TRIPLES`) and half arbitrary (nearly all winning), their piles in
//! shuffled order, so both answers and the sorting are exercised.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES};

const INPUTS: usize = 1024;

/// A xorshift64 with a fixed seed: the same inputs on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value in `0..=max`.
    fn up_to(&mut self, max: u64) -> u64 {
        self.next() % (max + 1)
    }
}

/// Limits up to [`LIMIT`].
fn values(rng: &mut XorShift) -> Vec<u32> {
    (0..INPUTS)
        .map(|_| u32::try_from(rng.up_to(LIMIT.into())).expect("up to LIMIT"))
        .collect()
}

/// Pairs of piles up to [`LIMIT`], in either order.
fn pairs(rng: &mut XorShift) -> Vec<(u64, u64)> {
    (0..INPUTS)
        .map(|_| (rng.up_to(LIMIT.into()), rng.up_to(LIMIT.into())))
        .collect()
}

/// Positions with piles up to [`LIMIT`], half of them losing, in shuffled order.
fn positions(rng: &mut XorShift) -> Vec<(u64, u64, u64)> {
    (0..INPUTS)
        .map(|_| {
            let r = rng.next();
            let [x, y, z] = if r & 1 == 1 {
                LOSING_TRIPLES
                    .get((r >> 1) as usize % LOSING_TRIPLES.len())
                    .expect("in range")
                    .map(u64::from)
            } else {
                let max = u64::from(LIMIT);
                [rng.up_to(max), rng.up_to(max), rng.up_to(max)]
            };
            match (r >> 40) % 6 {
                0 => (x, y, z),
                1 => (x, z, y),
                2 => (y, x, z),
                3 => (y, z, x),
                4 => (z, x, y),
                _ => (z, y, x),
            }
        })
        .collect()
}

/// Benches `query` on one input at a time, cycling through `inputs`.
fn bench_each<T: Copy, R>(c: &mut Criterion, name: &str, inputs: &[T], query: impl Fn(T) -> R) {
    c.bench_function(name, |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % inputs.len();
            query(black_box(inputs[i]))
        })
    });
}

fn queries(c: &mut Criterion) {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let ls = values(&mut rng);
    let pairs = pairs(&mut rng);
    let positions = positions(&mut rng);

    // The dense path, the rank directory, the phf map and the list's binary
    // search must agree before any is timed.
    for &(a, b, c) in &positions {
        let dense = EMBEDDED.is_losing(a, b, c);
        assert_eq!(stone_game::is_losing(a, b, c), dense);
        assert_eq!(
            stone_game::losing_index(a, b, c).is_some(),
            dense == Some(true)
        );
        assert_eq!(
            stone_game::losing_index_hashed(a, b, c),
            stone_game::losing_index(a, b, c)
        );
        assert_eq!(
            listed(a, b, c),
            stone_game::losing_index(a, b, c),
            "({a}, {b}, {c})"
        );
    }
    let losing = positions
        .iter()
        .filter(|&&(a, b, c)| stone_game::is_losing(a, b, c) == Some(true))
        .count();
    eprintln!("queries: {losing} of {INPUTS} positions are losing; L = {LIMIT}");

    bench_each(c, "losing_sum", &ls, stone_game::losing_sum);
    bench_each(c, "losing_count", &ls, stone_game::losing_count);
    bench_each(c, "partner", &pairs, |(a, b)| stone_game::partner(a, b));
    bench_each(c, "is_losing (dense)", &positions, |(a, b, c)| {
        stone_game::is_losing(a, b, c)
    });
    bench_each(c, "losing_index_hashed (phf)", &positions, |(a, b, c)| {
        stone_game::losing_index_hashed(a, b, c)
    });
    bench_each(
        c,
        "losing_index (rank directory)",
        &positions,
        |(a, b, c)| stone_game::losing_index(a, b, c),
    );
    bench_each(
        c,
        "LOSING_TRIPLES.losing_index (binary search)",
        &positions,
        |(a, b, c)| listed(a, b, c),
    );
}

/// The index through the list's binary search, `Triples::losing_index`.
fn listed(a: u64, b: u64, c: u64) -> Option<usize> {
    let piles = [a, b, c].map(u16::try_from);
    match piles {
        [Ok(a), Ok(b), Ok(c)] => LOSING_TRIPLES.losing_index([a, b, c]),
        _ => None,
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    targets = queries
}
criterion_main!(benches);
