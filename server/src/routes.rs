//! The routes: the API, then the page's files. Every request is bounded: a
//! small body, a timeout, and a limit on the requests served at once; a
//! panic, which no input reaches, becomes a 500 rather than a dropped
//! connection.

use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use tower::ServiceBuilder;
use tower::limit::ConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::config::Config;
use crate::error::error_response;
use crate::tables::Tables;
use crate::{assets, handlers, host};

/// The most requests served at once; more wait their turn.
const CONCURRENCY: usize = 64;

/// The longest a request may take: enough for the largest table on a busy
/// machine.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The largest request body: the API reads none.
const BODY_LIMIT: usize = 1024;

/// The routes of the explorer for `config`, with tables of their own.
pub(crate) fn router(config: &Config) -> Router {
    let header = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    let app = Router::new()
        .route("/api/position", get(handlers::position))
        .route("/api/slice", get(handlers::slice))
        .route("/api/grundy", get(handlers::grundy))
        .route("/api/remoteness", get(handlers::remoteness))
        .route("/api/sum", get(handlers::sum))
        .fallback(assets::file)
        .with_state(Tables::new(config.memory))
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
        );
    if config.host.is_loopback() {
        app.layer(axum::middleware::from_fn(host::loopback_only))
    } else {
        app
    }
}

/// A panic, which no input reaches, as a JSON 500.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the server failed to answer",
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
