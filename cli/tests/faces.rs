//! One answer on every face: the same random positions, single games and
//! sums, in both conventions, asked of the library, of the tool's `--json`
//! and of the web API, give one JSON answer, and that answer agrees with a
//! brute force that knows only the rules.

mod in_process;
mod rules;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use serde_json::Value;
use stone_game::{Convention, GrundyTable, Outcome, Position, RemotenessTable, Solver};

use in_process::run;
use rules::Brute;

/// The web explorer on a free port of loopback, in this process.
struct Server {
    address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start() -> Server {
        let (send, receive) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().expect("a runtime");
            runtime.block_on(async move {
                let config = stone_game_server::Config {
                    port: 0,
                    ..Default::default()
                };
                let listener = tokio::net::TcpListener::bind((config.host, 0))
                    .await
                    .expect("binds");
                send.send(listener.local_addr().expect("an address"))
                    .unwrap();
                let shutdown = async {
                    let _ = stopped.await;
                };
                stone_game_server::serve(listener, &config, shutdown)
                    .await
                    .expect("serves");
            });
        });
        let address = receive.recv().expect("the server starts");
        Server {
            address,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// `GET path`, its status and its body as JSON.
    fn get(&self, path: &str) -> (u16, Value) {
        let mut stream = TcpStream::connect(self.address).unwrap();
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.address
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        let status = head[9..12].parse().unwrap();
        // A body sent in chunks: its one chunk of JSON, between the sizes.
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            body.split_once("\r\n")
                .unwrap()
                .1
                .rsplit_once("\r\n0\r\n")
                .unwrap()
                .0
        } else {
            body
        };
        (
            status,
            serde_json::from_str(body).unwrap_or_else(|e| panic!("{path}: {e}: {body}")),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The tool's `moves --all --json` of `piles`: its exit code and answer.
fn cli(piles: &[u64], convention: Convention) -> (u8, Option<Value>) {
    let mut args: Vec<String> = ["moves", "--all", "--json"].map(String::from).to_vec();
    args.extend(piles.iter().map(u64::to_string));
    if convention == Convention::Misere {
        args.push("--misere".into());
    }
    let (code, out, _) = run(&args);
    let answer = (code == 0).then(|| serde_json::from_str(&out).unwrap());
    (code, answer)
}

#[test]
fn the_library_the_tool_and_the_api_give_one_answer_that_follows_the_rules() {
    const LIMIT: u64 = 7;
    let server = Server::start();
    let grundy = GrundyTable::compute(LIMIT as u32).unwrap();
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    for convention in [Convention::Normal, Convention::Misere] {
        let remoteness = RemotenessTable::compute(LIMIT as u32, convention).unwrap();
        let mut solver = Solver::new(convention)
            .with_remoteness(&remoteness)
            .unwrap();
        if convention == Convention::Normal {
            solver = solver.with_grundy(&grundy).unwrap();
        }
        let misere = u8::from(convention == Convention::Misere);
        let mut rules = Brute::new(convention == Convention::Misere);
        for round in 0..40 {
            let games = if round % 4 == 3 { 2 } else { 1 };
            let piles: Vec<u64> = (0..3 * games).map(|_| rng.u64(0..=LIMIT)).collect();
            let position = Position::new(piles.clone()).unwrap();
            let text: Vec<String> = piles.iter().map(u64::to_string).collect();
            let path = format!("/api/position?piles={}&misere={misere}", text.join(","));
            let (status, api) = server.get(&path);
            let (code, tool) = cli(&piles, convention);
            match solver.position(&position) {
                Ok(answer) => {
                    let library = serde_json::to_value(&answer).unwrap();
                    assert_eq!((status, code), (200, 0), "{position} {convention:?}");
                    // One game's Grundy value too: its piles are within
                    // `GrundyTable::QUICK_LIMIT`, which both faces wait for.
                    let tool = tool.expect("an answer");
                    assert_eq!(api, library, "{position} {convention:?}");
                    assert_eq!(tool, library, "{position} {convention:?}");
                    let lost = !rules.solve(&piles).win;
                    let expected = if lost { Outcome::Lose } else { Outcome::Win };
                    assert_eq!(answer.value.outcome, expected, "{position} {convention:?}");
                    for m in &answer.moves {
                        let to = m.leaves(&position).unwrap();
                        let lost = !rules.solve(to.piles()).win;
                        assert_eq!(m.wins(), lost, "{position} -> {to}");
                    }
                }
                Err(refusal) => {
                    // Only a misère sum is refused, on every face.
                    assert!(position.is_sum() && convention == Convention::Misere);
                    assert_eq!(status, 400, "{position}");
                    assert_eq!(code, 2, "{position}");
                    let message = api["error"].as_str().unwrap();
                    assert!(message.contains(&refusal.to_string()), "{message}");
                }
            }
        }
    }
}
