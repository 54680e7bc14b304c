//! `serve [--port N] [--host ADDR]`: the web explorer, a page that plays
//! the game and maps its positions, and the JSON API it reads (README, "Web
//! explorer").
//!
//! The server is axum on tokio. Every request is bounded: a small body, a
//! timeout, and a limit on the requests served at once; a panic, which no
//! input reaches, becomes a 500 rather than a dropped connection. The
//! tables are computed at most once per limit and shared (`state.rs`).

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use tower::ServiceBuilder;
use tower::limit::ConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::context::{Ctx, Failure};

pub(crate) mod api;
mod assets;
mod host;
mod solver;
mod state;

use state::State;

/// The most requests served at once; more wait their turn.
const CONCURRENCY: usize = 64;

/// The longest a request may take: enough for the largest table on a busy
/// machine.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The largest request body: the API reads none.
const BODY_LIMIT: usize = 1024;

/// `serve [--port N] [--host ADDR]`: serves until Ctrl-C.
pub(crate) fn serve(ctx: &mut Ctx, host: IpAddr, port: u16) -> Result<u8, Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Output(format!("cannot start the server: {e}")))?;
    let address = SocketAddr::new(host, port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(address))
        .map_err(|e| Failure::Output(bind_error(address, &e)))?;
    let local = listener.local_addr()?;
    let stop = {
        let _runtime = runtime.enter();
        stop_signals().map_err(|e| Failure::Output(format!("cannot listen for Ctrl-C: {e}")))?
    };
    if !host.is_loopback() {
        writeln!(
            ctx.err,
            "warning: serving on {local}, not a loopback address: anyone who can reach \
             that address can use the explorer"
        )?;
    }
    writeln!(ctx.out, "serving http://{local}/")?;
    ctx.out.flush()?;
    let app = router(State::new(ctx.memory));
    let app = if host.is_loopback() {
        app.layer(axum::middleware::from_fn(host::loopback_only))
    } else {
        app
    };
    // An answer leaves in pieces (its head, then its body), and with Nagle's
    // algorithm a small last piece waits for the client's delayed
    // acknowledgement of the one before, up to 40 ms on Linux. A socket
    // that refuses the option is served all the same.
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    runtime
        .block_on(async {
            axum::serve(listener, app)
                .with_graceful_shutdown(stop)
                .await
        })
        .map_err(|e| Failure::Output(format!("the server stopped: {e}")))?;
    ctx.note("stopped");
    Ok(0)
}

/// Why binding `address` failed, in the user's words.
fn bind_error(address: SocketAddr, e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::AddrInUse => format!(
            "cannot serve on {address}: the port is in use (choose another with --port, \
             or --port 0 for a free one)"
        ),
        io::ErrorKind::AddrNotAvailable => {
            format!("cannot serve on {address}: no interface of this machine has that address")
        }
        io::ErrorKind::PermissionDenied => {
            format!("cannot serve on {address}: permission denied (ports below 1024 need root)")
        }
        _ => format!("cannot serve on {address}: {e}"),
    }
}

/// Resolves on Ctrl-C (SIGINT), or on SIGTERM. The signals are caught from
/// the call on, so one that comes as soon as the URL is printed stops the
/// server cleanly too. Call it inside the runtime.
#[cfg(unix)]
fn stop_signals() -> io::Result<impl Future<Output = ()>> {
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
fn stop_signals() -> io::Result<impl Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// The routes: the API, then the page's files.
pub(crate) fn router(state: Arc<State>) -> Router {
    let header = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    Router::new()
        .route("/api/position", get(api::position))
        .route("/api/slice", get(api::slice))
        .route("/api/grundy", get(api::grundy))
        .route("/api/remoteness", get(api::remoteness))
        .route("/api/sum", get(api::sum))
        .fallback(assets::file)
        .with_state(state)
        .layer(
            ServiceBuilder::new()
                .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
                .layer(CatchPanicLayer::custom(panic_response))
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::SERVICE_UNAVAILABLE,
                    TIMEOUT,
                ))
                .layer(ConcurrencyLimitLayer::new(CONCURRENCY))
                // The page loads nothing from elsewhere, and runs no inline
                // script.
                .layer(header(
                    "content-security-policy",
                    "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                     base-uri 'none'; frame-ancestors 'none'",
                ))
                .layer(header("x-content-type-options", "nosniff"))
                .layer(header("referrer-policy", "no-referrer")),
        )
}

/// A panic, which no input reaches, as a JSON 500.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    api::error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the server failed to answer",
        None,
    )
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
            let message = bind_error(address, &io::Error::new(kind, "something else"));
            assert!(
                message.starts_with("cannot serve on 127.0.0.1:80: "),
                "{message}"
            );
            assert!(message.contains(says), "{message}");
        }
    }

    #[tokio::test]
    async fn a_panic_is_a_json_500() {
        let response = panic_response(Box::new("a panic"));
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"error": "internal error: the server failed to answer"})
        );
    }
}
