//! The page's files, embedded in the binary: the explorer works offline,
//! with no build step and nothing fetched from elsewhere.

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::error::error_response;

/// Each file: its path, its content type and its bytes.
const FILES: [(&str, &str, &[u8]); 8] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/app.js"),
    ),
    (
        "/api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/api.js"),
    ),
    (
        "/play.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/play.js"),
    ),
    (
        "/map.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/map.js"),
    ),
    (
        "/chart.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/chart.js"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_bytes!("../web/favicon.svg"),
    ),
];

/// The file at `uri`'s path for a GET or HEAD, or a JSON 404 (405 for
/// another method on a file, with `Allow`).
pub(crate) async fn file(method: Method, uri: Uri) -> Response {
    let path = match uri.path() {
        "/index.html" => "/",
        path => path,
    };
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some(_) if method != Method::GET && method != Method::HEAD => {
            let mut refusal = error_response(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed: this path answers GET,HEAD",
                None,
            );
            refusal
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
            refusal
        }
        Some((_, content_type, bytes)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            *bytes,
        )
            .into_response(),
        None if crate::refusals::is_api(path) => error_response(
            StatusCode::NOT_FOUND,
            &format!(
                "no such endpoint: {}; the API has /api/position, /api/slice, \
                 /api/grundy, /api/remoteness, /api/sum and its description, \
                 /api/openapi.json",
                crate::error::quote(path)
            ),
            None,
        ),
        None => error_response(
            StatusCode::NOT_FOUND,
            &format!("no such page: {}", crate::error::quote(path)),
            None,
        ),
    }
}
