//! The server under test, in this process on a runtime of its own, bound
//! to a free port of 127.0.0.1; and hyper-util's client for its answers:
//! shared by the API tests, the browser tests and the load bench.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, header};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use stone_game_server::Config;

/// How long one request may take: the largest table, computed on a busy
/// machine, answers well within it.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(300);

/// The explorer on 127.0.0.1, stopped when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    pub address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Where [`Server::get`] waits for its answers.
    client: tokio::runtime::Runtime,
}

impl Server {
    /// The explorer as `stone-game serve --port 0` serves it.
    pub fn start() -> Server {
        Server::start_with(Config {
            port: 0,
            ..Config::default()
        })
    }

    /// The explorer with `config`, on a free port when its port is 0.
    pub fn start_with(config: Config) -> Server {
        let (send, receive) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind((config.host, config.port))
                    .await
                    .expect("binds");
                send.send(listener.local_addr().expect("an address"))
                    .expect("the test waits");
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
            url: format!("http://{address}/"),
            address,
            stop: Some(stop),
            thread: Some(thread),
            client: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime"),
        }
    }

    /// The explorer already serving at `address`, in another process,
    /// which the caller stops.
    #[allow(dead_code)] // The load bench's soak; the tests serve in-process.
    pub fn at(address: SocketAddr) -> Server {
        Server {
            url: format!("http://{address}/"),
            address,
            stop: None,
            thread: None,
            client: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime"),
        }
    }

    /// `GET path` (with its query): the status, the content type, the body.
    /// Not for an async test: it waits on a runtime of its own.
    pub fn get(&self, path: &str) -> Answer {
        self.client
            .block_on(fetch(&client(), self.address, Fetch::get(path)))
    }

    /// [`Server::get`], the body read as JSON; panics unless the status is
    /// `status`.
    pub fn json(&self, path: &str, status: u16) -> serde_json::Value {
        self.get(path).json(path, status)
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

/// An answer: its status, content type and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

impl Answer {
    /// The body as JSON; panics unless the status is `status` and the body
    /// JSON.
    pub fn json(&self, path: &str, status: u16) -> serde_json::Value {
        assert_eq!(self.status, status, "{path}: {}", self.body);
        assert_eq!(self.content_type, "application/json", "{path}");
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{path}: {e}"))
    }
}

/// A client over plain HTTP/1.1, which keeps its connections open between
/// requests, as a browser does.
pub type HttpClient = Client<HttpConnector, Body>;

pub fn client() -> HttpClient {
    let mut connector = HttpConnector::new();
    // One write a request: no wait on Nagle's algorithm.
    connector.set_nodelay(true);
    Client::builder(TokioExecutor::new()).build(connector)
}

/// A request: its method, path, `Host` (the address's when `None`) and body.
pub struct Fetch<'a> {
    pub method: Method,
    pub path: &'a str,
    pub host: Option<&'a str>,
    pub body: Vec<u8>,
}

impl<'a> Fetch<'a> {
    pub fn get(path: &'a str) -> Fetch<'a> {
        Fetch {
            method: Method::GET,
            path,
            host: None,
            body: Vec::new(),
        }
    }
}

/// The answer to `request` from `address`.
pub async fn fetch(client: &HttpClient, address: SocketAddr, request: Fetch<'_>) -> Answer {
    let host = request
        .host
        .map_or_else(|| address.to_string(), str::to_string);
    let mut builder = Request::builder()
        .method(request.method)
        .uri(format!("http://{address}{}", request.path))
        .header(header::HOST, host);
    if !request.body.is_empty() {
        builder = builder.header(header::CONTENT_TYPE, "application/json");
    }
    let http = builder.body(Body::from(request.body)).expect("a request");
    let path = request.path;
    let response = tokio::time::timeout(REQUEST_TIMEOUT, client.request(http))
        .await
        .unwrap_or_else(|_| panic!("{path}: no answer within {REQUEST_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = axum::body::to_bytes(Body::new(response.into_body()), usize::MAX)
        .await
        .unwrap_or_else(|e| panic!("{path}: the body: {e}"));
    Answer {
        status,
        content_type,
        body: String::from_utf8(body.to_vec()).unwrap_or_else(|e| panic!("{path}: {e}")),
    }
}
