//! The soak: the page's traffic for a while, in batches, with clients
//! that send their request head a byte a second and connections left idle
//! beside it, against the server in a process of its own.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::library::Library;
use crate::load::{AT_ONCE, load, ms, percentile};
use crate::support::Server;
use crate::traffic::page_traffic;

/// `--serve-child`: the explorer as `stone-game serve --port 0` serves it,
/// its address on the first line of stdout, until killed.
pub(crate) fn serve_child() {
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
pub(crate) fn spawn_server() -> (SocketAddr, std::process::Child) {
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

/// The requests of one batch of the soak.
pub(crate) const SOAK_BATCH: usize = 10_000;
/// Clients sending their request head a byte a second, at any time.
pub(crate) const SLOW_CLIENTS: usize = 8;
/// Connections left idle after an answer, opened every few seconds.
pub(crate) const IDLE_CLIENTS: usize = 32;
/// How long past the server's timeout a slow or idle client may stay open
/// before it counts as not closed.
pub(crate) const GRACE: Duration = Duration::from_secs(5);

/// The soak: the page's traffic for `length`, with slow and idle clients
/// beside it; panics on a wrong answer, a client the server did not close,
/// or memory that grew by more than a tenth and 16 MiB from the end of the
/// first quarter of the batches to the end of the last. (The first batches
/// still grow the allocator's pools as every thread of the server and the
/// client gets its share of the work.)
pub(crate) fn soak(
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
pub(crate) struct Tally {
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
pub(crate) fn slow_client(address: SocketAddr) -> bool {
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
pub(crate) fn idle_clients(address: SocketAddr) -> Vec<bool> {
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
pub(crate) fn resident_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}
