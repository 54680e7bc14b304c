//! Runs a runtime scan once, for measuring its time and peak memory:
//!
//! ```text
//! cargo build --release --example scan_peak
//! /usr/bin/time -v target/release/examples/scan_peak 8000
//! /usr/bin/time -v target/release/examples/scan_peak 8000 --triples
//! ```
//!
//! The whole tables (`ScannedTables`), or with `--triples` the triples alone
//! (`ScannedTriples`). Prints S(L), the number of losing positions, and the
//! scan's wall time.

use std::process::ExitCode;
use std::time::Instant;

use stone_game::{ScannedTables, ScannedTriples};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let limit = args.next().and_then(|a| a.parse::<u32>().ok());
    let triples = match args.next().as_deref() {
        None => false,
        Some("--triples") => true,
        Some(_) => return usage(),
    };
    let Some(limit) = limit else {
        return usage();
    };
    let start = Instant::now();
    let scanned = if triples {
        ScannedTriples::scan(limit).map(|t| (t.losing_sum(limit), t.losing_count(limit)))
    } else {
        ScannedTables::scan(limit).map(|t| {
            let view = t.as_tables();
            (view.losing_sum(limit), view.losing_count(limit))
        })
    };
    let elapsed = start.elapsed();
    let (sum, count) = match scanned {
        Ok(totals) => totals,
        Err(e) => {
            eprintln!("scan_peak: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "L = {limit}: S(L) = {}, {} losing positions, scan {elapsed:.3?}",
        sum.unwrap_or_default(),
        count.unwrap_or_default()
    );
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: scan_peak LIMIT [--triples]");
    ExitCode::FAILURE
}
