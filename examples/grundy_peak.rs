//! Computes a Grundy table once, for measuring its time and peak memory
//! alone, without the command line's parsing and answer around it:
//!
//! ```text
//! cargo build --release --example grundy_peak --features rayon
//! /usr/bin/time -v target/release/examples/grundy_peak 1000
//! ```
//!
//! Prints the table, the value of `(L, L, L)`, the largest value and the
//! computation's wall time. Without `--features rayon` it measures the
//! computation on one core.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use stone_game::{GrundyError, GrundyTable};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(limit), None) = (args.next().and_then(|a| a.parse().ok()), args.next()) else {
        eprintln!("error: usage: grundy_peak LIMIT");
        return ExitCode::from(2);
    };
    match timed(limit) {
        Ok((table, elapsed)) => {
            let l = u64::from(limit);
            let value = table.value(l, l, l).expect("within the limit");
            let largest = largest_value(&table, l);
            println!(
                "{table:?}: ({l}, {l}, {l}) has value {value}, the largest is {largest}, in {elapsed:.2?}"
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

/// The table to `limit` and the time it took.
fn timed(limit: u32) -> Result<(GrundyTable, Duration), GrundyError> {
    let start = Instant::now();
    let table = GrundyTable::compute(limit)?;
    Ok((table, start.elapsed()))
}

/// The largest value of a position with piles up to `l`.
fn largest_value(table: &GrundyTable, l: u64) -> u32 {
    let sorted = (0..=l).flat_map(|x| (x..=l).flat_map(move |y| (y..=l).map(move |z| (x, y, z))));
    sorted
        .filter_map(|(x, y, z)| table.value(x, y, z))
        .max()
        .unwrap_or(0)
}
