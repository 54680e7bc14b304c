//! Runs the runtime scan once, for measuring its time and peak memory:
//!
//! ```text
//! cargo build --release --example scan_peak
//! /usr/bin/time -v target/release/examples/scan_peak 8000
//! ```
//!
//! Prints S(L), the number of losing positions, and the scan's wall time.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let arg = std::env::args().nth(1);
    let Some(limit) = arg.as_deref().and_then(|a| a.parse::<u32>().ok()) else {
        eprintln!("usage: scan_peak LIMIT");
        return ExitCode::FAILURE;
    };
    let start = Instant::now();
    let table = match stone_game::ScannedTables::scan(limit) {
        Ok(table) => table,
        Err(e) => {
            eprintln!("scan_peak: {e}");
            return ExitCode::FAILURE;
        }
    };
    let elapsed = start.elapsed();
    let view = table.tables();
    let (sum, count) = (
        view.losing_sum(limit.into()),
        view.losing_count(limit.into()),
    );
    println!(
        "L = {limit}: S(L) = {}, {} losing positions, scan {elapsed:.3?}",
        sum.unwrap_or_default(),
        count.unwrap_or_default()
    );
    ExitCode::SUCCESS
}
