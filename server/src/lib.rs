//! The web explorer of the three-pile stone game: a page that plays the
//! game and maps its positions, and the JSON API it reads (this crate's
//! README has the API's endpoints, the repository's README, "Web explorer",
//! the page).
//!
//! Every answer is the library's [`stone_game::Solver`]'s, serialized in the
//! library's JSON shapes; this crate parses requests, keeps the tables the
//! answers need and serves the page. The modules, each with one job:
//!
//! - `config`: where and how it serves, the [`Config`], and its limits;
//! - `connections`: the accept loop, hyper's timeouts, the connection cap;
//! - `routes`: the [`Router`], its limits and headers;
//! - `refusals`: the size and time limits, and every refusal as JSON;
//! - `work`: heavy work on the blocking pool, so much at once;
//! - `params`: each endpoint's query parameters;
//! - `handlers`: parse, ask the [`Solver`](stone_game::Solver), serialize;
//! - `answers`: the answers already written, kept by what was asked;
//! - `tables`: the tables, each computed once and shared;
//! - `error`: why a request has no answer, as JSON;
//! - `openapi`: the API's OpenAPI document, at `/api/openapi.json`;
//! - `assets`: the page's files;
//! - `host`: the `Host`, `Origin` and `Sec-Fetch-Site` checks.
//!
//! [`run`] serves until Ctrl-C, as `stone-game serve` does; [`serve`] and
//! [`router`] serve in a program's own runtime, as the tests do.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod answers;
mod assets;
mod config;
mod connections;
mod error;
mod handlers;
mod host;
mod openapi;
mod params;
mod refusals;
mod routes;
mod tables;
mod work;

use std::io;
use std::net::SocketAddr;

use axum::Router;

pub use config::{
    CONCURRENCY, Config, HEADER_TIMEOUT, MAX_CONNECTIONS, REQUEST_TIMEOUT, WRITE_TIMEOUT,
};

/// Why the explorer cannot serve, or stopped serving.
#[derive(Debug)]
#[non_exhaustive]
pub enum ServeError {
    /// The runtime, or the listener for Ctrl-C, did not start.
    Start(String),
    /// The address could not be bound.
    Bind {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        error: io::Error,
    },
    /// The server stopped on an error.
    Stopped(io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Start(message) => f.write_str(message),
            ServeError::Bind { address, error } => match error.kind() {
                io::ErrorKind::AddrInUse => write!(
                    f,
                    "cannot serve on {address}: the port is in use (choose another with \
                     --port, or --port 0 for a free one)"
                ),
                io::ErrorKind::AddrNotAvailable => write!(
                    f,
                    "cannot serve on {address}: no interface of this machine has that address"
                ),
                io::ErrorKind::PermissionDenied => write!(
                    f,
                    "cannot serve on {address}: permission denied (ports below 1024 need root)"
                ),
                _ => write!(f, "cannot serve on {address}: {error}"),
            },
            ServeError::Stopped(error) => write!(f, "the server stopped: {error}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Reads `query` as the API's endpoint at `path` does and checks it as
/// its handler does before it asks the library, without computing:
/// `Ok(true)` when it would be asked, `Ok(false)` for a path that is no
/// endpoint, else the refusal's status (400 or 422) and message. For the
/// fuzz target, which feeds it arbitrary bytes.
#[doc(hidden)]
pub fn check_query(path: &str, query: &str) -> Result<bool, (u16, String)> {
    params::check(path, query).map_err(|e| e.status_and_message())
}

/// The explorer's routes for `config`: the API, the page, and the limits
/// and checks around them. No table is computed until a request needs it.
pub fn router(config: &Config) -> Router {
    routes::router(config)
}

/// Serves the explorer on `listener` until `shutdown` resolves, then
/// finishes the requests under way.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    connections::serve(
        listener,
        router(config),
        config.header_timeout,
        config.write_timeout,
        config.max_connections,
        shutdown,
    )
    .await
}

/// Serves the explorer as `config` says until Ctrl-C (or SIGTERM), on a
/// runtime of its own. `ready` is called with the address served once the
/// port is bound and Ctrl-C is caught, so that a signal sent as soon as it
/// returns stops the server cleanly.
pub fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::Start(format!("cannot start the server: {e}")))?;
    let address = SocketAddr::new(config.host, config.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(address))
        .map_err(|error| ServeError::Bind { address, error })?;
    let local = listener.local_addr().map_err(ServeError::Stopped)?;
    let stop = {
        let _runtime = runtime.enter();
        stop_signals().map_err(|e| ServeError::Start(format!("cannot listen for Ctrl-C: {e}")))?
    };
    ready(local);
    runtime
        .block_on(serve(listener, &config, stop))
        .map_err(ServeError::Stopped)
}

/// Resolves on Ctrl-C (SIGINT), or on SIGTERM. The signals are caught from
/// the call on. Call it inside the runtime.
#[cfg(unix)]
fn stop_signals() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
    })
}

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
fn stop_signals() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_bind_says_why_and_what_to_do() {
        let address = SocketAddr::from(([127, 0, 0, 1], 80));
        for (kind, says) in [
            (
                io::ErrorKind::AddrInUse,
                "the port is in use (choose another",
            ),
            (
                io::ErrorKind::AddrNotAvailable,
                "no interface of this machine has that address",
            ),
            (
                io::ErrorKind::PermissionDenied,
                "permission denied (ports below 1024 need root)",
            ),
            (io::ErrorKind::Other, "something else"),
        ] {
            let error = io::Error::new(kind, "something else");
            let message = ServeError::Bind { address, error }.to_string();
            assert!(
                message.starts_with("cannot serve on 127.0.0.1:80: "),
                "{message}"
            );
            assert!(message.contains(says), "{message}");
        }
    }

    #[test]
    fn a_port_in_use_is_refused_before_ready() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let config = Config {
            port: taken.local_addr().unwrap().port(),
            ..Config::default()
        };
        let mut called = false;
        let err = run(config, |_| called = true).unwrap_err();
        assert!(!called);
        assert!(err.to_string().contains("the port is in use"), "{err}");
    }
}
