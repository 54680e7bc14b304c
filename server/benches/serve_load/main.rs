//! A bounded load test of the web explorer (served in this process, as
//! `stone-game serve` serves it) on loopback: the time of the
//! largest answers, one at a time, once their tables are ready; then two
//! mixes of 10,000 requests, 64 at a time on connections kept open as a
//! browser keeps them, with the latency's percentiles, and every answer
//! checked against the library afterwards:
//!
//! - *the page's traffic*: the requests the explorer's page makes for
//!   visits of its users: games from a random start (piles 1 to 20, as the
//!   page draws them) or from typed piles up to 1000, played to their end;
//!   sums of small games; maps at the page's limit, 60, and a game started
//!   from a click on one;
//! - *every endpoint at its full range*: positions with piles up to 1000,
//!   sums, slices, maps and totals, drawn uniformly.
//!
//! `cargo bench -p stone-game-server --bench serve_load` (BENCHMARKS.md has
//! the figures). Every request goes to 127.0.0.1; the run stops by itself.
//!
//! With `-- --soak SECONDS`, a soak instead: the page's traffic in batches
//! of 10,000 requests for SECONDS, every answer checked, while clients that
//! send their request head a byte a second and connections left idle after
//! an answer come and go all along. The server runs in a process of its
//! own (this bench again, as `--serve-child`), so that its memory is its
//! own; the soak prints each batch's percentiles and that memory, and fails
//! on a wrong answer, a slow or idle client the server did not close, or
//! memory that grew.
//!
//! With `-- --paths FILE`, the page's traffic is written to FILE instead,
//! one request's path and query a line, for a client outside: `wrk` with
//! `server/benches/page_traffic.lua` replays it (BENCHMARKS.md has the
//! command).

#[path = "../../tests/support/mod.rs"]
mod support;

mod library;
mod load;
mod soak;
mod traffic;

use std::time::{Duration, Instant};

use stone_game::{GrundyTable, ScannedTables};

use library::Library;
use load::{load, ms};
use soak::{serve_child, soak, spawn_server};
use support::Server;
use traffic::{GRUNDY, PILES, full_range, page_traffic};

/// The requests of each mix.
const REQUESTS: usize = 10_000;

fn main() {
    if std::env::args().any(|a| a == "--serve-child") {
        serve_child();
        return;
    }
    if let Some(file) = paths_file() {
        let paths: String = page_traffic(&mut fastrand::Rng::with_seed(8260), REQUESTS)
            .iter()
            .map(|r| r.path() + "\n")
            .collect();
        std::fs::write(&file, paths).expect("the file of the page's traffic");
        return;
    }
    // `cargo bench` passes --bench; `cargo test --benches` runs it too, and
    // then it runs small mixes only.
    let quick = !std::env::args().any(|a| a == "--bench");
    let requests = if quick { 200 } else { REQUESTS };
    let soak_length = soak_seconds().map(Duration::from_secs);
    // The soak serves from a process of its own, whose memory is the
    // server's alone.
    let (server, child) = match soak_length {
        Some(_) => {
            let (address, child) = spawn_server();
            (Server::at(address), Some(child))
        }
        None => (Server::start(), None),
    };
    let start = Instant::now();
    let library = Library {
        tables: ScannedTables::scan(PILES as u32).expect("the tables"),
        misere: ScannedTables::scan_misere(PILES as u32).expect("the misère tables"),
        grundy: GrundyTable::compute(GRUNDY as u32).expect("the Grundy values"),
    };
    println!("library tables: {:.1} s", start.elapsed().as_secs_f64());

    // Every table the server keeps, computed once: the server keeps a few
    // limits of each, and positions every ten stones in both conventions,
    // Grundy values every five, reach every one of them.
    let start = Instant::now();
    let warm = (0..=PILES)
        .step_by(10)
        .flat_map(|n| {
            [
                format!("/api/position?piles={n},{n},{n}"),
                format!("/api/position?piles={n},{n},{n}&misere=1"),
            ]
        })
        .chain(
            (0..=GRUNDY)
                .step_by(5)
                .map(|n| format!("/api/grundy?a={n}&limit=0")),
        );
    for path in warm {
        let answer = server.get(&path);
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    }
    println!("server tables: {:.1} s", start.elapsed().as_secs_f64());

    // The largest answers, one at a time: the median and the slowest of 21.
    println!("\nthe largest answers, one at a time (median, slowest of 21):");
    for path in [
        "/api/position?piles=1000,1000,1000",
        "/api/position?piles=500,500,500,499,500,498,500,497,500,496,500,495",
        "/api/slice?a=1000&limit=1000",
        "/api/grundy?a=500&limit=500",
        "/api/remoteness?a=1000&limit=500",
        "/api/sum?limit=1000",
    ] {
        let mut times: Vec<Duration> = (0..21)
            .map(|_| {
                let t = Instant::now();
                let answer = server.get(path);
                let elapsed = t.elapsed();
                assert_eq!(answer.status, 200, "{path}");
                elapsed
            })
            .collect();
        times.sort();
        let size = server.get(path).body.len();
        println!(
            "  {path:70} {:>9} {:>9}  {:>8} bytes",
            ms(times[10]),
            ms(times[20]),
            size
        );
    }

    let mut rng = fastrand::Rng::with_seed(8260);
    if let (Some(length), Some(mut child)) = (soak_length, child) {
        soak(&server, &library, &mut rng, length, child.id());
        let _ = child.kill();
        let _ = child.wait();
        return;
    }
    let mixes = [
        ("the page's traffic", page_traffic(&mut rng, requests)),
        (
            "every endpoint at its full range",
            full_range(&mut rng, requests),
        ),
    ];
    let mut wrong = 0;
    for (name, mix) in &mixes {
        wrong += load(&server, &library, Some(name), mix).wrong;
    }
    assert_eq!(wrong, 0, "{wrong} answers were wrong");
}

/// `--soak SECONDS`, if given.
fn soak_seconds() -> Option<u64> {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == "--soak")?;
    let seconds = args.get(at + 1).and_then(|s| s.parse().ok());
    Some(seconds.expect("--soak takes a number of seconds"))
}

/// The file named by `--paths FILE`, if given.
fn paths_file() -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == "--paths")?;
    Some(args.get(at + 1).cloned().expect("--paths takes a file"))
}
