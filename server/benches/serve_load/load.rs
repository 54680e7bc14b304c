//! A mix asked of the server, [`AT_ONCE`] requests at a time on
//! connections kept open, timed; every answer then asked again and checked
//! against the library.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::library::Library;
use crate::support::{self, Fetch, Server};
use crate::traffic::Request;

/// The requests asked at once.
pub(crate) const AT_ONCE: usize = 64;

/// An answer as it was timed: the request's index in its mix, the time it
/// took, its status and the hash of its body.
pub(crate) type Timed = (usize, Duration, u16, u64);

/// What a mix's load found: its wrong answers, the time of every answer,
/// sorted, and the answers a second.
pub(crate) struct Outcome {
    pub(crate) wrong: usize,
    pub(crate) times: Vec<Duration>,
    pub(crate) rate: f64,
}

/// Asks for `mix`, [`AT_ONCE`] requests at a time, and prints the
/// latency's percentiles by endpoint.
pub(crate) fn load(
    server: &Server,
    library: &Library,
    name: Option<&str>,
    mix: &[Request],
) -> Outcome {
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

/// A fingerprint of `body`, to tell whether an answer asked again is the
/// same bytes: a multiply-rotate mix of its eight-byte words, several
/// times faster than the standard library's SipHash, which took a tenth of
/// the client's time.
pub(crate) fn hash(body: &str) -> u64 {
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    let words = body.as_bytes().chunks(8).map(|chunk| {
        let mut word = [0; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(word)
    });
    words.fold(mix(0, body.len() as u64), mix)
}

pub(crate) fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub(crate) fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}
