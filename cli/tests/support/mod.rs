//! The server under test, started from the built binary, and a plain
//! HTTP/1.1 client over loopback for its answers: shared by the API tests,
//! the browser tests and the load bench.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long the server may take to say where it serves.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// How long one request may take: the largest table, computed on a busy
/// machine, answers well within it.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(300);

/// `stone-game serve --port 0`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    pub address: SocketAddr,
}

impl Server {
    /// Starts the server and reads the URL it prints.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// [`Server::start`] with more arguments.
    pub fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stone-game"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let line = match receive.recv_timeout(START_TIMEOUT) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                panic!("the server printed no URL within {START_TIMEOUT:?}");
            }
        };
        let url = line
            .trim()
            .strip_prefix("serving ")
            .unwrap_or_else(|| panic!("not a URL line: {line:?}"))
            .to_string();
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        Server {
            child,
            url,
            address,
        }
    }

    /// `GET path` (with its query): the status, the content type, the body.
    pub fn get(&self, path: &str) -> Answer {
        get(self.address, path)
    }

    /// [`Server::get`], the body read as JSON; panics unless the status is
    /// `status`.
    pub fn json(&self, path: &str, status: u16) -> serde_json::Value {
        let answer = self.get(path);
        assert_eq!(answer.status, status, "{path}: {}", answer.body);
        assert_eq!(answer.content_type, "application/json", "{path}");
        serde_json::from_str(&answer.body).unwrap_or_else(|e| panic!("{path}: {e}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: its status, content type and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

/// A connection kept open for one request after another, as a browser
/// keeps one.
pub struct Connection {
    stream: TcpStream,
    address: SocketAddr,
}

impl Connection {
    /// A connection to `address`.
    pub fn open(address: SocketAddr) -> Connection {
        let stream = TcpStream::connect_timeout(&address, REQUEST_TIMEOUT).expect("connects");
        stream.set_read_timeout(Some(REQUEST_TIMEOUT)).unwrap();
        stream.set_write_timeout(Some(REQUEST_TIMEOUT)).unwrap();
        stream.set_nodelay(true).unwrap();
        Connection { stream, address }
    }

    /// `GET path` (with its query) on this connection.
    pub fn get(&mut self, path: &str) -> Answer {
        // One write: a request in pieces would wait on Nagle's algorithm
        // for the server's delayed acknowledgement of the first.
        let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.address);
        self.stream.write_all(request.as_bytes()).expect("sends");
        let raw = read_answer(&mut self.stream, true);
        parse(&raw).unwrap_or_else(|| panic!("{path}: not an HTTP answer: {raw:?}"))
    }
}

/// `GET path` from `address`, on a connection of its own.
pub fn get(address: SocketAddr, path: &str) -> Answer {
    request(address, "GET", path, "")
}

/// `POST path` to `address` with a JSON `body`, on a connection of its own.
pub fn post(address: SocketAddr, path: &str, body: &str) -> Answer {
    request(address, "POST", path, body)
}

fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> Answer {
    let mut stream = TcpStream::connect_timeout(&address, REQUEST_TIMEOUT).expect("connects");
    stream.set_read_timeout(Some(REQUEST_TIMEOUT)).unwrap();
    stream.set_write_timeout(Some(REQUEST_TIMEOUT)).unwrap();
    let length = if method == "POST" {
        format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        )
    } else {
        String::new()
    };
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\n{length}Connection: close\r\n\r\n{body}"
    )
    .expect("sends");
    let raw = read_answer(&mut stream, false);
    parse(&raw).unwrap_or_else(|| panic!("{path}: not an HTTP answer: {raw:?}"))
}

/// The bytes of one answer: to its `Content-Length` when it has one (a
/// server may keep the connection open after it), else to the end, which a
/// connection `kept_open` does not reach.
fn read_answer(stream: &mut TcpStream, kept_open: bool) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buffer = vec![0; 64 * 1024];
    let (end, length) = loop {
        let n = stream.read(&mut buffer).expect("reads the answer");
        raw.extend_from_slice(&buffer[..n]);
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
            let length = head.lines().find_map(|line| {
                line.strip_prefix("content-length:")
                    .and_then(|v| v.trim().parse::<usize>().ok())
            });
            break (end, length);
        }
        if n == 0 {
            return raw;
        }
    };
    match length {
        Some(length) => {
            let whole = end + 4 + length;
            if raw.len() < whole {
                let rest = whole - raw.len();
                raw.reserve_exact(rest);
                let read = stream
                    .take(rest as u64)
                    .read_to_end(&mut raw)
                    .expect("reads the answer's body");
                assert_eq!(read, rest, "the connection closed inside an answer");
            }
            raw.truncate(whole);
        }
        None if kept_open => panic!("an answer without a Content-Length on a kept connection"),
        None => {
            stream.read_to_end(&mut raw).expect("reads the answer");
        }
    }
    raw
}

/// An HTTP/1.1 answer with a `Content-Length` or a closed connection.
fn parse(raw: &[u8]) -> Option<Answer> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let mut content_type = String::new();
    let mut chunked = false;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        match name.to_ascii_lowercase().as_str() {
            "content-type" => content_type = value.trim().to_string(),
            "transfer-encoding" => chunked = value.trim().eq_ignore_ascii_case("chunked"),
            _ => {}
        }
    }
    let body = &raw[end + 4..];
    let body = if chunked {
        dechunk(body)?
    } else {
        body.to_vec()
    };
    Some(Answer {
        status,
        content_type,
        body: String::from_utf8(body).ok()?,
    })
}

/// A chunked body, joined.
fn dechunk(mut body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n")?;
        let size =
            usize::from_str_radix(std::str::from_utf8(&body[..line_end]).ok()?.trim(), 16).ok()?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(body.get(..size)?);
        body = body.get(size + 2..)?;
    }
}
