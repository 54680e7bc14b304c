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

#[path = "../tests/support/mod.rs"]
mod support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use stone_game::{GrundyTable, Move, ScannedTables, Tables};
use support::{Fetch, Server};

const REQUESTS: usize = 10_000;
const AT_ONCE: usize = 64;
/// The largest pile of a position, slice or sum the server answers.
const PILES: u64 = 1000;
/// The largest pile of a map this bench asks for (the server's largest
/// map), and of the Grundy values it checks sums against.
const GRUNDY: u64 = 500;

/// The map's limit when the page opens.
const PAGE_MAP: u64 = 60;
/// The largest pile of the page's random start.
const PAGE_START: u64 = 20;

/// One request of a mix.
#[derive(Clone, Debug)]
enum Request {
    Position([u64; 3]),
    Misere([u64; 3]),
    Sum(Vec<u64>),
    Slice { a: u64, limit: u64 },
    Grundy { a: u64, limit: u64 },
    Remoteness { a: u64, limit: u64 },
    Total { limit: u64 },
}

impl Request {
    fn path(&self) -> String {
        let join = |p: &[u64]| p.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Request::Position(p) => format!("/api/position?piles={}", join(p)),
            Request::Misere(p) => format!("/api/position?piles={}&misere=1", join(p)),
            Request::Sum(p) => format!("/api/position?piles={}", join(p)),
            Request::Slice { a, limit } => format!("/api/slice?a={a}&limit={limit}"),
            Request::Grundy { a, limit } => format!("/api/grundy?a={a}&limit={limit}"),
            Request::Remoteness { a, limit } => format!("/api/remoteness?a={a}&limit={limit}"),
            Request::Total { limit } => format!("/api/sum?limit={limit}"),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Request::Position(_) => "position",
            Request::Misere(_) => "position (misère)",
            Request::Sum(_) => "position (sum)",
            Request::Slice { .. } => "slice",
            Request::Grundy { .. } => "grundy",
            Request::Remoteness { .. } => "remoteness",
            Request::Total { .. } => "sum",
        }
    }

    /// A request of the full-range mix: positions most, maps least.
    fn random(rng: &mut fastrand::Rng) -> Request {
        match rng.u32(0..100) {
            0..45 => Request::Position([0; 3].map(|_| rng.u64(0..=PILES))),
            45..55 => Request::Sum((0..3 * rng.usize(2..=4)).map(|_| rng.u64(0..=60)).collect()),
            55..75 => Request::Slice {
                a: rng.u64(0..=PILES),
                limit: rng.u64(0..=PILES),
            },
            75..82 => Request::Grundy {
                a: rng.u64(0..=GRUNDY),
                limit: rng.u64(0..=100),
            },
            82..89 => Request::Remoteness {
                a: rng.u64(0..=PILES),
                limit: rng.u64(0..=100),
            },
            _ => Request::Total {
                limit: rng.u64(0..=PILES),
            },
        }
    }
}

/// `count` requests of the full-range mix.
fn full_range(rng: &mut fastrand::Rng, count: usize) -> Vec<Request> {
    (0..count).map(|_| Request::random(rng)).collect()
}

/// `count` requests of the page's traffic: visits of the page, one after
/// another, each the requests the page makes for it.
fn page_traffic(rng: &mut fastrand::Rng, count: usize) -> Vec<Request> {
    let mut requests = Vec::with_capacity(count);
    while requests.len() < count {
        match rng.u32(0..100) {
            // A game from the page's random start, in either convention.
            0..50 => {
                let start = [0; 3].map(|_| rng.u64(1..=PAGE_START));
                let misere = rng.u32(0..5) == 0;
                game(rng, start, misere, &mut requests);
            }
            // A game from typed piles.
            50..60 => {
                let start = [0; 3].map(|_| rng.u64(0..=PILES));
                game(rng, start, false, &mut requests);
            }
            // A sum of small games: the sum, each game, then moves.
            60..70 => {
                let mut piles: Vec<u64> = (0..3 * rng.usize(2..=4))
                    .map(|_| rng.u64(1..=PAGE_START))
                    .collect();
                requests.push(Request::Sum(piles.clone()));
                for g in piles.chunks(3) {
                    requests.push(Request::Position([g[0], g[1], g[2]]));
                }
                while let Some(to) = random_move_in_sum(rng, &piles) {
                    piles = to;
                    requests.push(Request::Sum(piles.clone()));
                }
            }
            // A map at the page's limit, then a game from a click on it.
            _ => {
                let a = rng.u64(0..=GRUNDY);
                requests.push(Request::Slice { a, limit: PAGE_MAP });
                requests.push(if rng.bool() {
                    Request::Grundy { a, limit: PAGE_MAP }
                } else {
                    Request::Remoteness { a, limit: PAGE_MAP }
                });
                let start = [a, rng.u64(0..=PAGE_MAP), rng.u64(0..=PAGE_MAP)];
                game(rng, start, false, &mut requests);
            }
        }
    }
    requests.truncate(count);
    requests
}

/// The requests of a game from `start` played to its end, a random move at
/// a time: the page asks for every position the game reaches.
fn game(rng: &mut fastrand::Rng, start: [u64; 3], misere: bool, requests: &mut Vec<Request>) {
    let mut p = Some(start);
    while let Some(position) = p {
        requests.push(if misere {
            Request::Misere(position)
        } else {
            Request::Position(position)
        });
        let moves: Vec<Move> = Move::all_from(position).collect();
        p = (!moves.is_empty())
            .then(|| moves[rng.usize(..moves.len())].apply(position))
            .flatten();
    }
}

/// The piles of a sum after a random move in one of its games, if one has
/// a move.
fn random_move_in_sum(rng: &mut fastrand::Rng, piles: &[u64]) -> Option<Vec<u64>> {
    let open: Vec<usize> = (0..piles.len() / 3)
        .filter(|&g| piles[3 * g..3 * g + 3].iter().any(|&n| n > 0))
        .collect();
    let g = *open.get(rng.usize(..open.len().max(1)))?;
    let game = [piles[3 * g], piles[3 * g + 1], piles[3 * g + 2]];
    let moves: Vec<Move> = Move::all_from(game).collect();
    let to = moves[rng.usize(..moves.len())].apply(game)?;
    let mut after = piles.to_vec();
    after[3 * g..3 * g + 3].copy_from_slice(&to);
    Some(after)
}

/// What the library says.
struct Library {
    tables: ScannedTables,
    misere: ScannedTables,
    grundy: GrundyTable,
}

impl Library {
    fn tables(&self) -> Tables<'_> {
        self.tables.as_tables()
    }

    fn verdict(&self, p: &[u64]) -> &'static str {
        self.verdict_in(&self.tables, p)
    }

    fn verdict_in(&self, tables: &ScannedTables, p: &[u64]) -> &'static str {
        match tables.as_tables().is_losing(p[0], p[1], p[2]) {
            Some(true) => "lose",
            Some(false) => "win",
            None => "?",
        }
    }

    fn grundy(&self, p: &[u64]) -> u64 {
        u64::from(self.grundy.value(p[0], p[1], p[2]).unwrap_or(u32::MAX))
    }

    /// Why `answer` is not the right answer to `request`, if it is not.
    fn check(&self, request: &Request, answer: &Value) -> Result<(), String> {
        let piles = |v: &Value| -> Vec<u64> {
            v.as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default()
        };
        let same = |what: &str, got: &Value, expected: Value| {
            if *got == expected {
                Ok(())
            } else {
                Err(format!("{what}: {got} instead of {expected}"))
            }
        };
        match request {
            Request::Position(p) | Request::Misere(p) => {
                let (tables, grundy) = match request {
                    Request::Misere(_) => (&self.misere, Value::Null),
                    _ if p.iter().all(|&x| x <= GRUNDY) => (&self.tables, self.grundy(p).into()),
                    _ => (&self.tables, Value::Null),
                };
                same(
                    "outcome",
                    &answer["outcome"],
                    self.verdict_in(tables, p).into(),
                )?;
                same("grundy", &answer["grundy"], grundy)?;
                let moves = answer["moves"].as_array().ok_or("no moves")?;
                if moves.len() != Move::all_from(*p).count() {
                    return Err(format!("{} moves", moves.len()));
                }
                let (mut fastest_win, mut slowest) = (None::<u64>, 0);
                for m in moves {
                    let to = piles(&m["to"]);
                    same(
                        "a move's outcome",
                        &m["outcome"],
                        self.verdict_in(tables, &to).into(),
                    )?;
                    let r = m["remoteness"].as_u64().ok_or("a move's remoteness")?;
                    if m["outcome"] == "lose" {
                        fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
                    }
                    slowest = slowest.max(r);
                }
                let expected = match fastest_win {
                    Some(f) => f + 1,
                    None if moves.is_empty() => 0,
                    None => slowest + 1,
                };
                same("remoteness", &answer["remoteness"], expected.into())
            }
            Request::Sum(p) => {
                let xor = p.chunks(3).fold(0, |x, g| x ^ self.grundy(g));
                same("grundy", &answer["grundy"], xor.into())?;
                let count: usize = p
                    .chunks(3)
                    .map(|g| Move::all_from([g[0], g[1], g[2]]).count())
                    .sum();
                let moves = answer["moves"].as_array().ok_or("no moves")?;
                if moves.len() != count {
                    return Err(format!("{} moves, not {count}", moves.len()));
                }
                for m in moves {
                    let to = piles(&m["to"]);
                    let x = to.chunks(3).fold(0, |x, g| x ^ self.grundy(g));
                    same(
                        "a move's outcome",
                        &m["outcome"],
                        if x == 0 { "lose" } else { "win" }.into(),
                    )?;
                }
                Ok(())
            }
            Request::Slice { a, limit } => {
                let expected: Vec<Value> = (0..=*limit)
                    .filter_map(|b| {
                        let c = self.tables().partner(*a, b)?;
                        (c <= *limit).then(|| serde_json::json!([b, c]))
                    })
                    .collect();
                same("losing", &answer["losing"], Value::Array(expected))
            }
            Request::Grundy { a, limit } => {
                let rows = answer["values"].as_array().ok_or("no values")?;
                for (b, row) in (0..=*limit).zip(rows) {
                    for (c, v) in (0..=*limit).zip(row.as_array().ok_or("a row")?) {
                        same("a value", v, self.grundy(&[*a, b, c]).into())?;
                    }
                }
                if rows.len() as u64 != limit + 1 {
                    return Err(format!("{} rows", rows.len()));
                }
                Ok(())
            }
            Request::Remoteness { a, limit } => {
                let rows = answer["remoteness"].as_array().ok_or("no rows")?;
                for (b, row) in (0..=*limit).zip(rows) {
                    for (c, r) in (0..=*limit).zip(row.as_array().ok_or("a row")?) {
                        // Odd for a win in normal play.
                        let r = r.as_u64().ok_or("a remoteness")?;
                        let verdict = if r % 2 == 1 { "win" } else { "lose" };
                        if verdict != self.verdict(&[*a, b, c]) {
                            return Err(format!("({a}, {b}, {c}): remoteness {r}"));
                        }
                    }
                }
                Ok(())
            }
            Request::Total { limit } => {
                same(
                    "sum",
                    &answer["sum"],
                    self.tables().losing_sum(*limit as u32).into(),
                )?;
                same(
                    "count",
                    &answer["count"],
                    self.tables().losing_count(*limit as u32).into(),
                )
            }
        }
    }
}

/// A fingerprint of `body`, to tell whether an answer asked again is the
/// same bytes: a multiply-rotate mix of its eight-byte words, several
/// times faster than the standard library's SipHash, which took a tenth of
/// the client's time.
fn hash(body: &str) -> u64 {
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    let words = body.as_bytes().chunks(8).map(|chunk| {
        let mut word = [0; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(word)
    });
    words.fold(mix(0, body.len() as u64), mix)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

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

/// `--serve-child`: the explorer as `stone-game serve --port 0` serves it,
/// its address on the first line of stdout, until killed.
fn serve_child() {
    let config = stone_game_server::Config {
        port: 0,
        ..stone_game_server::Config::default()
    };
    stone_game_server::run(config, |address| {
        println!("{address}");
        let _ = std::io::stdout().flush();
    })
    .expect("the server runs");
}

/// This bench again as `--serve-child`, and the address it serves.
fn spawn_server() -> (SocketAddr, std::process::Child) {
    let mut child = std::process::Command::new(std::env::current_exe().expect("this bench"))
        .arg("--serve-child")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("its stdout");
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)
        .expect("its address");
    let address = line.trim().parse().expect("an address");
    (address, child)
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

/// The requests of one batch of the soak.
const SOAK_BATCH: usize = 10_000;
/// Clients sending their request head a byte a second, at any time.
const SLOW_CLIENTS: usize = 8;
/// Connections left idle after an answer, opened every few seconds.
const IDLE_CLIENTS: usize = 32;
/// How long past the server's timeout a slow or idle client may stay open
/// before it counts as not closed.
const GRACE: Duration = Duration::from_secs(5);

/// The soak: the page's traffic for `length`, with slow and idle clients
/// beside it; panics on a wrong answer, a client the server did not close,
/// or memory that grew by more than a tenth and 16 MiB from the end of the
/// first quarter of the batches to the end of the last. (The first batches
/// still grow the allocator's pools as every thread of the server and the
/// client gets its share of the work.)
fn soak(
    server: &Server,
    library: &Library,
    rng: &mut fastrand::Rng,
    length: Duration,
    server_pid: u32,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let slow = Arc::new(Tally::default());
    let idle = Arc::new(Tally::default());
    let mut threads = Vec::new();
    for _ in 0..SLOW_CLIENTS {
        let (stop, slow, address) = (Arc::clone(&stop), Arc::clone(&slow), server.address);
        threads.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                slow.count(slow_client(address));
            }
        }));
    }
    {
        let (stop, idle, address) = (Arc::clone(&stop), Arc::clone(&idle), server.address);
        threads.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                for closed in idle_clients(address) {
                    idle.count(closed);
                }
            }
        }));
    }
    println!(
        "\nsoak: the page's traffic for {} s in batches of {SOAK_BATCH}, {AT_ONCE} at a time, \
         with {SLOW_CLIENTS} slow clients and {IDLE_CLIENTS} idle connections at a time",
        length.as_secs()
    );
    println!(
        "  {:>5} {:>8} {:>9} {:>9} {:>9} {:>10} {:>6}",
        "batch", "at (s)", "answers/s", "p50", "p99", "server RSS", "wrong"
    );
    let start = Instant::now();
    let (mut wrong, mut batch, mut all) = (0, 0, Vec::new());
    let mut memory = Vec::new();
    while start.elapsed() < length {
        batch += 1;
        let mix = page_traffic(rng, SOAK_BATCH);
        let outcome = load(server, library, None, &mix);
        let rss = resident_mib(server_pid);
        memory.push(rss);
        println!(
            "  {batch:>5} {:>8.0} {:>9.0} {:>9} {:>9} {rss:>10.1} {:>6}",
            start.elapsed().as_secs_f64(),
            outcome.rate,
            ms(percentile(&outcome.times, 0.5)),
            ms(percentile(&outcome.times, 0.99)),
            outcome.wrong
        );
        wrong += outcome.wrong;
        all.extend(outcome.times);
    }
    stop.store(true, Ordering::Relaxed);
    for thread in threads {
        thread.join().expect("a client thread");
    }
    all.sort();
    let (first, last) = (memory[0], memory[memory.len() - 1]);
    let quarter = memory[memory.len() / 4];
    println!(
        "\nsoak: {} answers in {:.0} s, p50 {}, p99 {}, max {}; {wrong} wrong",
        all.len(),
        start.elapsed().as_secs_f64(),
        ms(percentile(&all, 0.5)),
        ms(percentile(&all, 0.99)),
        ms(*all.last().expect("answers"))
    );
    println!(
        "  the server's resident memory (a process of its own): {first:.1} MiB after the \
         first batch, {quarter:.1} MiB after a quarter of them, {last:.1} MiB after the last"
    );
    println!(
        "  slow clients closed by the server: {} of {}; idle connections closed: {} of {}",
        slow.closed.load(Ordering::Relaxed),
        slow.total(),
        idle.closed.load(Ordering::Relaxed),
        idle.total()
    );
    assert_eq!(wrong, 0, "{wrong} answers were wrong");
    assert_eq!(slow.open.load(Ordering::Relaxed), 0, "slow clients kept");
    assert_eq!(
        idle.open.load(Ordering::Relaxed),
        0,
        "idle connections kept"
    );
    assert!(
        slow.total() > 0 && idle.total() > 0,
        "no slow or idle client ran"
    );
    assert!(
        last <= quarter * 1.1 + 16.0,
        "memory grew from {quarter:.1} MiB to {last:.1} MiB"
    );
}

/// Clients the server closed in time, and those it did not.
#[derive(Default)]
struct Tally {
    closed: AtomicUsize,
    open: AtomicUsize,
}

impl Tally {
    fn count(&self, closed: bool) {
        let tally = if closed { &self.closed } else { &self.open };
        tally.fetch_add(1, Ordering::Relaxed);
    }

    fn total(&self) -> usize {
        self.closed.load(Ordering::Relaxed) + self.open.load(Ordering::Relaxed)
    }
}

/// A client that sends a request head a byte a second, which would take
/// longer than the server's header timeout: whether the server closed it
/// within that timeout and [`GRACE`].
fn slow_client(address: SocketAddr) -> bool {
    let head = format!("GET /api/sum?limit=4 HTTP/1.1\r\nHost: {address}\r\nX-Slow: yes\r\n\r\n");
    let Ok(mut stream) = TcpStream::connect(address) else {
        return false;
    };
    let opened = Instant::now();
    let deadline = stone_game_server::HEADER_TIMEOUT + GRACE;
    for byte in head.bytes() {
        if stream.write_all(&[byte]).is_err() {
            return opened.elapsed() <= deadline;
        }
        std::thread::sleep(Duration::from_secs(1));
        if opened.elapsed() > deadline {
            return false;
        }
    }
    // The whole head went out slower than the timeout allows.
    false
}

/// [`IDLE_CLIENTS`] connections, each asked one request and then left
/// idle: for each, whether the server closed it within its idle timeout
/// and [`GRACE`].
fn idle_clients(address: SocketAddr) -> Vec<bool> {
    let request = format!("GET /api/sum?limit=4 HTTP/1.1\r\nHost: {address}\r\n\r\n");
    let streams: Vec<Option<TcpStream>> = (0..IDLE_CLIENTS)
        .map(|_| {
            let mut stream = TcpStream::connect(address).ok()?;
            stream.write_all(request.as_bytes()).ok()?;
            Some(stream)
        })
        .collect();
    let opened = Instant::now();
    let deadline = stone_game_server::HEADER_TIMEOUT + GRACE;
    streams
        .into_iter()
        .map(|stream| {
            let Some(mut stream) = stream else {
                return false;
            };
            // The answer, then nothing until the server closes.
            let mut buffer = [0; 4096];
            loop {
                let left = deadline.saturating_sub(opened.elapsed());
                if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
                    return false;
                }
                match stream.read(&mut buffer) {
                    Ok(0) => return true,
                    Ok(_) => continue,
                    Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
                    Err(_) => return false,
                }
            }
        })
        .collect()
}

/// The resident memory of process `pid`, in MiB (`VmRSS`).
fn resident_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// An answer as it was timed: the request's index in its mix, the time it
/// took, its status and the hash of its body.
type Timed = (usize, Duration, u16, u64);

/// What a mix's load found: its wrong answers, the time of every answer,
/// sorted, and the answers a second.
struct Outcome {
    wrong: usize,
    times: Vec<Duration>,
    rate: f64,
}

/// Asks for `mix`, [`AT_ONCE`] requests at a time, and prints the
/// latency's percentiles by endpoint.
fn load(server: &Server, library: &Library, name: Option<&str>, mix: &[Request]) -> Outcome {
    // Each answer is kept as its status and a hash of its body, and checked
    // afterwards, so that the checks take no time from the server while it
    // is timed.
    let next = Arc::new(AtomicUsize::new(0));
    let results: Arc<Mutex<Vec<Timed>>> = Arc::new(Mutex::new(Vec::with_capacity(mix.len())));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    // One client, whose connections stay open from one request to the next,
    // as a browser keeps them: each of the AT_ONCE tasks asks one request at
    // a time.
    let client = support::client();
    let paths: Arc<Vec<String>> = Arc::new(mix.iter().map(Request::path).collect());
    let address = server.address;
    let start = Instant::now();
    runtime.block_on(async {
        let tasks: Vec<_> = (0..AT_ONCE)
            .map(|_| {
                let (next, results, paths, client) = (
                    Arc::clone(&next),
                    Arc::clone(&results),
                    Arc::clone(&paths),
                    client.clone(),
                );
                tokio::spawn(async move {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = paths.get(i) else { break };
                        let t = Instant::now();
                        let answer = support::fetch(&client, address, Fetch::get(path)).await;
                        let elapsed = t.elapsed();
                        let hash = hash(&answer.body);
                        results
                            .lock()
                            .unwrap()
                            .push((i, elapsed, answer.status, hash));
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.expect("a client task");
        }
    });
    let total = start.elapsed();
    let results = std::mem::take(&mut *results.lock().unwrap());
    // Every answer checked: asked again, the same bytes, and right.
    let mut wrong = Vec::new();
    let mut bytes = 0;
    for &(i, _, status, timed) in &results {
        let request = &mix[i];
        let path = request.path();
        let answer = server.get(&path);
        bytes += answer.body.len();
        let checked = if status != 200 || answer.status != 200 {
            Err(format!("status {status}: {}", answer.body))
        } else if hash(&answer.body) != timed {
            Err("a different answer when asked again".into())
        } else {
            serde_json::from_str(&answer.body)
                .map_err(|e| e.to_string())
                .and_then(|v| library.check(request, &v))
        };
        if let Err(why) = checked {
            wrong.push(format!("{path}: {why}"));
        }
    }
    let results: Vec<(&str, Duration)> = results
        .iter()
        .map(|&(i, elapsed, _, _)| (mix[i].kind(), elapsed))
        .collect();
    if let Some(name) = name {
        println!(
            "\n{name}: {} requests, {AT_ONCE} at a time, in {:.2} s ({:.0} a second, \
             {:.1} KB an answer on average); {} wrong",
            results.len(),
            total.as_secs_f64(),
            results.len() as f64 / total.as_secs_f64(),
            bytes as f64 / results.len() as f64 / 1000.0,
            wrong.len()
        );
        let mut kinds: Vec<&str> = results.iter().map(|r| r.0).collect();
        kinds.sort();
        kinds.dedup();
        println!(
            "  {:18} {:>6} {:>9} {:>9} {:>9}",
            "endpoint", "count", "p50", "p99", "max"
        );
        for kind in kinds.iter().copied().chain(["all"]) {
            let mut times: Vec<Duration> = results
                .iter()
                .filter(|r| kind == "all" || r.0 == kind)
                .map(|r| r.1)
                .collect();
            times.sort();
            println!(
                "  {kind:18} {:>6} {:>9} {:>9} {:>9}",
                times.len(),
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                ms(*times.last().unwrap())
            );
        }
    }
    for why in wrong.iter().take(10) {
        eprintln!("wrong: {why}");
    }
    let mut times: Vec<Duration> = results.iter().map(|r| r.1).collect();
    times.sort();
    Outcome {
        wrong: wrong.len(),
        times,
        rate: results.len() as f64 / total.as_secs_f64(),
    }
}
