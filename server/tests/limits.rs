//! The limits the explorer serves within, asked over raw TCP from outside:
//! slow and idle clients are cut, and so are clients that do not read
//! their answers; a flood of idle connections does not
//! lock a new client out, and every refusal is JSON with its status, but
//! for hyper's own of a head past what it reads.

mod support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use stone_game_server::Config;
use support::Server;

/// The header timeout of the servers here: short, so that the tests of it
/// wait little.
const HEADER_TIMEOUT: Duration = Duration::from_secs(1);

/// The write timeout of the servers here: short, for the same reason.
const WRITE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long a test waits for what should happen within about
/// [`HEADER_TIMEOUT`]: long enough for a busy machine, short enough that a
/// server that never cuts fails the test.
const PATIENCE: Duration = Duration::from_secs(20);

/// The server's limits on a request's head: the most header lines hyper
/// parses (its own default, which `connections.rs` keeps) and the most
/// bytes of a head it reads (`HEAD_BUFFER`, `connections.rs`).
const MAX_HEADER_LINES: usize = 100;
const HEAD_BUFFER: usize = 64 * 1024;

fn server() -> Server {
    Server::start_with(Config {
        port: 0,
        header_timeout: HEADER_TIMEOUT,
        write_timeout: WRITE_TIMEOUT,
        ..Config::default()
    })
}

/// An answer read off the wire: status, head, body.
struct Raw {
    status: u16,
    head: String,
    body: String,
}

impl Raw {
    /// The answer in `bytes`, as the server sent it.
    fn of(bytes: &[u8]) -> Raw {
        let text = String::from_utf8_lossy(bytes).to_string();
        let (head, body) = text.split_once("\r\n\r\n").expect("an answer");
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        Raw {
            status,
            head: head.to_string(),
            body: body.to_string(),
        }
    }

    /// The body as JSON with an `error`; panics unless the status is
    /// `status` and the content type JSON.
    fn refusal(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}{}", self.head, self.body);
        assert!(
            self.head
                .to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{}",
            self.head
        );
        let body: serde_json::Value = serde_json::from_str(&self.body).expect("JSON");
        body["error"].as_str().expect("an error").to_string()
    }

    /// Panics unless the status is `status` and the answer hyper's own,
    /// with no body: the router never saw the request.
    fn bare(&self, status: u16) {
        assert_eq!(self.status, status, "{}{}", self.head, self.body);
        assert!(
            !self.head.to_ascii_lowercase().contains("content-type"),
            "{}",
            self.head
        );
        assert!(self.body.is_empty(), "{}", self.body);
    }

    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

/// Sends `request` as it is, and reads the answer to the connection's end.
fn raw(address: SocketAddr, request: &[u8]) -> Raw {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream.write_all(request).unwrap();
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    Raw::of(&bytes)
}

/// `METHOD path` with `headers`, asking the server to close after it.
fn ask(address: SocketAddr, method: &str, path: &str, headers: &str) -> Raw {
    ask_as(address, &address.to_string(), method, path, headers)
}

/// [`ask`] with `host` as the request's `Host`.
fn ask_as(address: SocketAddr, host: &str, method: &str, target: &str, headers: &str) -> Raw {
    let request =
        format!("{method} {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{headers}\r\n");
    raw(address, request.as_bytes())
}

/// Whether the server closes `stream` within [`PATIENCE`] (any bytes it
/// sends first are read and ignored).
fn closed_by_server(stream: &mut TcpStream) -> bool {
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    let start = Instant::now();
    let mut buffer = [0; 4096];
    while start.elapsed() < PATIENCE {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
    false
}

#[test]
fn a_client_sending_its_head_slowly_is_cut() {
    let server = server();
    // Before the server can start its timer: the cut cannot come sooner
    // than a header timeout after this.
    let start = Instant::now();
    let mut stream = TcpStream::connect(server.address).unwrap();
    stream
        .write_all(b"GET /api/sum?limit=4 HTTP/1.1\r\n")
        .unwrap();
    // One header line every quarter second, for longer than the patience:
    // only a timeout on the whole head ends it. The server closes the
    // connection without a word (a read sees its end, or a write fails);
    // any byte it sends would be an answer to a head never finished.
    let cut = loop {
        if start.elapsed() >= PATIENCE {
            break None;
        }
        std::thread::sleep(Duration::from_millis(250));
        if stream.write_all(b"X-Slow: 1\r\n").is_err() {
            break Some(start.elapsed());
        }
        stream.set_nonblocking(true).unwrap();
        let mut bytes = [0; 1024];
        let read = stream.read(&mut bytes);
        stream.set_nonblocking(false).unwrap();
        match read {
            Ok(0) => break Some(start.elapsed()),
            Ok(n) => panic!(
                "an answer to an unfinished head: {}",
                String::from_utf8_lossy(&bytes[..n])
            ),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => break Some(start.elapsed()),
        }
    };
    let cut = cut.expect("a head sent a line at a time was never cut");
    assert!(
        cut >= HEADER_TIMEOUT,
        "cut after {cut:?}, before the timeout"
    );
}

#[test]
fn a_client_that_does_not_read_its_answers_is_cut() {
    // A header timeout past the test's patience: only the write timeout
    // can cut this client.
    let server = Server::start_with(Config {
        port: 0,
        header_timeout: 2 * PATIENCE,
        write_timeout: WRITE_TIMEOUT,
        ..Config::default()
    });
    let target = "/api/position?piles=60,60,60";
    let one = ask(server.address, "GET", target, "");
    assert_eq!(one.status, 200, "{}", one.head);
    let answer = one.head.len() + "\r\n\r\n".len() + one.body.len();
    // Answers enough to fill the two sockets' buffers however large the
    // kernel lets them grow (a few MB), asked at once and not read.
    let asked = 600;
    let request = format!("GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", server.address);
    let mut stream = TcpStream::connect(server.address).unwrap();
    stream.write_all(request.repeat(asked).as_bytes()).unwrap();
    std::thread::sleep(3 * WRITE_TIMEOUT);
    // Then read: what the buffers held, and the end of the connection,
    // not every answer.
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    let mut buffer = vec![0; 1 << 16];
    let mut read = 0;
    let ended = loop {
        match stream.read(&mut buffer) {
            Ok(0) => break true,
            Ok(n) => read += n,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break true,
            Err(_) => break false,
        }
    };
    assert!(ended, "the connection was still open after {read} bytes");
    assert!(
        read < asked * answer,
        "all {asked} answers of {answer} bytes came"
    );
    // The server goes on serving.
    assert_eq!(ask(server.address, "GET", target, "").status, 200);
}

#[test]
fn a_silent_connection_and_an_idle_kept_alive_one_are_cut() {
    let server = server();
    let mut silent = TcpStream::connect(server.address).unwrap();
    assert!(closed_by_server(&mut silent), "a silent connection");
    let mut idle = TcpStream::connect(server.address).unwrap();
    let request = format!(
        "GET /api/sum?limit=4 HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.address
    );
    idle.write_all(request.as_bytes()).unwrap();
    assert!(closed_by_server(&mut idle), "an idle kept-alive connection");
}

#[test]
fn a_flood_of_idle_connections_does_not_lock_a_new_client_out() {
    let server = Server::start_with(Config {
        port: 0,
        header_timeout: HEADER_TIMEOUT,
        max_connections: 32,
        ..Config::default()
    });
    // Ten times the cap: every connection the server may open is taken by
    // one that sends nothing, and more wait behind them.
    let idle: Vec<TcpStream> = (0..320)
        .map(|_| TcpStream::connect(server.address).unwrap())
        .collect();
    let answer = ask(server.address, "GET", "/api/sum?limit=4", "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    drop(idle);
}

#[test]
fn refusals_of_size_are_json() {
    let server = server();
    let long = format!("/api/position?piles={},1,1", "9".repeat(20_000));
    let why = ask(server.address, "GET", &long, "").refusal(414);
    assert!(why.len() < 200, "{why}");
    // The page's links carry the game played: a long one is the page, and
    // only past 32 KiB a 414; the API's 2 KiB holds for a short path too.
    let game = "1000+1000+1000+%3E+".repeat(1000);
    let page = ask(server.address, "GET", &format!("/?game={game}"), "");
    assert_eq!(page.status, 200, "{}", page.head);
    assert!(page.body.contains("<title>Stone game explorer</title>"));
    let past = format!("/?game={}", "1".repeat(33 * 1024));
    ask(server.address, "GET", &past, "").refusal(414);
    let api = format!("/api/sum?limit=4&x={}", "1".repeat(3000));
    ask(server.address, "GET", &api, "").refusal(414);
    let headers: String = (0..10)
        .map(|i| format!("X-Big-{i}: {}\r\n", "x".repeat(1000)))
        .collect();
    ask(server.address, "GET", "/api/sum?limit=4", &headers).refusal(431);
    let request = format!(
        "POST /api/sum?limit=4 HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
         Content-Length: 100000\r\n\r\n",
        server.address
    );
    ask_body_refused(server.address, request.as_bytes());
}

/// A body past the limit, announced by its length: refused before it is
/// sent.
fn ask_body_refused(address: SocketAddr, head: &[u8]) {
    raw(address, head).refusal(413);
}

#[test]
fn wrong_methods_are_json_405s_with_allow() {
    let server = server();
    for path in [
        "/api/sum?limit=4",
        "/api/position?piles=1,2,3",
        "/",
        "/app.js",
    ] {
        let answer = ask(server.address, "POST", path, "Content-Length: 0\r\n");
        let why = answer.refusal(405);
        let allow = answer.header("allow").expect("an Allow header");
        assert!(allow.contains("GET"), "{path}: {allow}");
        assert!(why.contains("GET"), "{path}: {why}");
    }
}

#[test]
fn unknown_paths_are_json_404s() {
    let server = server();
    // A path under the API's is told the API's endpoints; any other, the
    // one that only starts as the API's too, is no page.
    for (path, says) in [
        ("/api/nothing", "no such endpoint"),
        ("/api", "no such endpoint"),
        ("/nothing", "no such page"),
        ("/apiary", "no such page"),
    ] {
        let why = ask(server.address, "GET", path, "").refusal(404);
        assert!(why.starts_with(says), "{path}: {why}");
    }
}

#[test]
fn other_sites_are_refused_the_api() {
    let server = server();
    let own = format!("Origin: http://{}\r\n", server.address);
    assert_eq!(
        ask(server.address, "GET", "/api/sum?limit=4", &own).status,
        200
    );
    // From the page itself, and from the user (an address typed).
    for site in ["same-origin", "none"] {
        let headers = format!("Sec-Fetch-Site: {site}\r\n");
        let answer = ask(server.address, "GET", "/api/sum?limit=4", &headers);
        assert_eq!(answer.status, 200, "{site}: {}", answer.body);
    }
    // Another port or subdomain of the same site is another server.
    for headers in [
        "Origin: https://evil.example\r\n".to_string(),
        "Origin: null\r\n".to_string(),
        format!("Origin: http://{}.evil.example\r\n", server.address.ip()),
        "Sec-Fetch-Site: cross-site\r\n".to_string(),
        "Sec-Fetch-Site: same-site\r\n".to_string(),
        "Sec-Fetch-Site: elsewhere\r\n".to_string(),
        // A foreign value sent second, behind one that passes.
        "Sec-Fetch-Site: none\r\nSec-Fetch-Site: cross-site\r\n".to_string(),
        format!("{own}Origin: http://evil.example\r\n"),
    ] {
        let why = ask(server.address, "GET", "/api/sum?limit=4", &headers).refusal(403);
        assert!(why.contains("own page only"), "{headers}: {why}");
    }
    // The page itself may be linked to from anywhere.
    for site in ["cross-site", "same-site"] {
        let headers = format!("Sec-Fetch-Site: {site}\r\n");
        assert_eq!(ask(server.address, "GET", "/", &headers).status, 200);
    }
}

#[test]
fn a_long_value_is_not_echoed_back() {
    let server = server();
    let long = format!("/api/slice?a={}&limit=3", "x".repeat(1500));
    let why = ask(server.address, "GET", &long, "").refusal(400);
    assert!(why.len() < 200, "{why}");
}

#[test]
fn a_host_with_a_port_that_is_no_port_is_refused() {
    let server = server();
    for host in ["localhost:80@evil.example", "127.0.0.1:abc", "[::1]:1x"] {
        let why = ask_as(server.address, host, "GET", "/api/sum?limit=4", "").refusal(403);
        assert!(
            why.contains("IP addresses and localhost only"),
            "{host}: {why}"
        );
    }
}

#[test]
fn a_host_that_is_not_text_is_refused_and_quoted_as_a_question_mark() {
    let server = server();
    let request = b"GET /api/sum?limit=4 HTTP/1.1\r\nHost: \xff\xfe\r\nConnection: close\r\n\r\n";
    let why = raw(server.address, request).refusal(403);
    assert!(why.contains("not for '?';"), "{why}");
}

#[test]
fn a_request_without_one_host_is_a_json_400() {
    let server = server();
    let address = server.address;
    for request in [
        "GET /api/sum?limit=4 HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET /api/sum?limit=4 HTTP/1.0\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
    ] {
        let why = raw(address, request.as_bytes()).refusal(400);
        assert!(why.contains("no Host header"), "{request}: {why}");
    }
    let two = format!(
        "GET /api/sum?limit=4 HTTP/1.1\r\nHost: {address}\r\nHost: {address}\r\n\
         Connection: close\r\n\r\n"
    );
    let why = raw(address, two.as_bytes()).refusal(400);
    assert!(why.contains("more than one Host"), "{why}");
    // HTTP/1.0 with its Host is answered.
    let with = format!("GET /api/sum?limit=4 HTTP/1.0\r\nHost: {address}\r\n\r\n");
    let answer = raw(address, with.as_bytes());
    assert_eq!(answer.status, 200, "{}", answer.body);
}

/// A request line in absolute form names the host the server checks, and
/// `Host` is then not the one read (RFC 9112, 3.2.2).
#[test]
fn a_request_line_in_absolute_form_is_held_to_the_name_it_gives() {
    let server = server();
    let address = server.address;
    for target in [
        "http://evil.example/api/sum?limit=4",
        "http://evil.example/",
    ] {
        let why = ask(address, "GET", target, "").refusal(403);
        assert!(why.contains("'evil.example'"), "{target}: {why}");
    }
    // This server's own address in the request line is answered, whatever
    // `Host` says, and its page is the `Origin` that name makes.
    let own = format!("http://{address}/api/sum?limit=4");
    let answer = ask_as(address, "evil.example", "GET", &own, "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let origin = format!("Origin: http://{address}\r\n");
    let answer = ask_as(address, "evil.example", "GET", &own, &origin);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let foreign = "Origin: http://evil.example\r\n";
    let why = ask_as(address, "evil.example", "GET", &own, foreign).refusal(403);
    assert!(why.contains("own page only"), "{why}");
}

/// A request hyper cannot read never reaches the router: hyper's bare 400,
/// and the connection closed, though the request asked to keep it.
#[test]
fn a_request_that_is_not_http_is_hypers_bare_400() {
    let server = server();
    let host = server.address;
    for head in [
        format!("GET /api/sum?limit=3 HTTP/1.1\r\nHost: {host}\r\nContent-Length: abc\r\n\r\n"),
        format!("GET /api/sum?limit=3 HTTP/1.1\r\nHost {host}\r\n\r\n"),
        format!("GET /api/sum?limit=3 HTTP/9\r\nHost: {host}\r\n\r\n"),
    ] {
        let mut stream = TcpStream::connect(host).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        let mut bytes = Vec::new();
        let closed = stream.read_to_end(&mut bytes).is_ok();
        Raw::of(&bytes).bare(400);
        assert!(closed, "{head:?} left its connection open");
    }
}

#[test]
fn too_many_header_lines_are_hypers_431() {
    let server = server();
    let api = "/api/sum?limit=4";
    // `ask` sends two lines of its own, `Host` and `Connection`.
    let lines = |count: usize| -> String {
        (0..count - 2)
            .map(|i| format!("X-Field-{i}: 1\r\n"))
            .collect()
    };
    let answer = ask(server.address, "GET", api, &lines(MAX_HEADER_LINES));
    assert_eq!(answer.status, 200, "{}", answer.body);
    ask(server.address, "GET", api, &lines(MAX_HEADER_LINES + 1)).bare(431);
    // A name repeated counts each time.
    let repeated = "X-Same: 1\r\n".repeat(MAX_HEADER_LINES - 1);
    ask(server.address, "GET", api, &repeated).bare(431);
}

#[test]
fn a_head_reaches_the_router_to_its_last_byte_and_hyper_refuses_the_next() {
    let server = server();
    // A link to the page `len` bytes long in all, past the page's URI
    // limit.
    let head = |len: usize| {
        let start = "GET /?game=";
        let end = format!(
            " HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.address
        );
        let request = format!("{start}{}{end}", "1".repeat(len - start.len() - end.len()));
        assert_eq!(request.len(), len);
        request
    };
    let why = raw(server.address, head(HEAD_BUFFER).as_bytes()).refusal(414);
    assert!(why.contains("at most 32768"), "{why}");
    // One byte more: hyper's refusal, even when the head arrives whole in
    // the reads that fill its buffer.
    raw(server.address, head(HEAD_BUFFER + 1).as_bytes()).bare(431);
}
