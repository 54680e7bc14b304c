//! Computes a remoteness table once, for measuring its time and peak memory:
//!
//! ```text
//! cargo build --release --example remoteness_peak
//! /usr/bin/time -v target/release/examples/remoteness_peak 1000
//! /usr/bin/time -v target/release/examples/remoteness_peak 1000 --misere
//! ```
//!
//! Prints the limit, the convention, the value of `(L, L, L)` and the
//! computation's wall time.

use std::process::ExitCode;
use std::time::Instant;

use stone_game::{Convention, RemotenessTable};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let limit = args.next().and_then(|a| a.parse::<u32>().ok());
    let convention = match args.next().as_deref() {
        None => Convention::Normal,
        Some("--misere") => Convention::Misere,
        Some(_) => return usage(),
    };
    let Some(limit) = limit else {
        return usage();
    };
    let start = Instant::now();
    let table = match RemotenessTable::compute(limit, convention) {
        Ok(table) => table,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::from(2);
        }
    };
    let elapsed = start.elapsed();
    let l = u64::from(limit);
    let value = table.value(l, l, l).expect("within the limit");
    println!("{table:?}: ({l}, {l}, {l}) is {value:?}, in {elapsed:.2?}");
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("error: usage: remoteness_peak LIMIT [--misere]");
    ExitCode::from(2)
}
