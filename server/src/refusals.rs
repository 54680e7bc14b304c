//! The limits checked around every request, and the refusals of the layers
//! beneath as JSON: a URI or a head too long, an answer too slow, and the
//! bare 405 and plain-text 413 of axum and tower-http rewritten as
//! `{"error": "..."}` with their headers (`Allow`) kept.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::error::{error_response, not_allowed};

/// The longest URI answered under `/api` (414 past it): the longest the
/// page asks for is a sum of eight games, under 200 bytes.
pub(crate) const MAX_URI: usize = 2048;

/// The longest URI of the page and its files (414 past it). A link to the
/// page carries the game played (`game=6+9+11+%3E+...`), which the server
/// never reads: about 1,700 positions of piles near 1000 fit. The page
/// keeps its links within it, and sends no `Referer`, so that its own
/// requests stay small.
pub(crate) const MAX_PAGE_URI: usize = 32 * 1024;

/// The most bytes of header names and values answered (431 past it).
/// hyper refuses a head past its own limit before this sees it.
pub(crate) const MAX_HEAD: usize = 8 * 1024;

/// Whether `path` is the API's: `/api` or under `/api/`, not `/apiary`.
pub(crate) fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Refuses a URI longer than [`MAX_URI`] under `/api`, or
/// [`MAX_PAGE_URI`] elsewhere (414), and headers larger than [`MAX_HEAD`]
/// (431), before the request is routed. More than 100 header fields hyper
/// refuses itself (`connections.rs`).
pub(crate) async fn sizes(request: Request, next: Next) -> Response {
    let uri = uri_len(request.uri());
    let most = if is_api(request.uri().path()) {
        MAX_URI
    } else {
        MAX_PAGE_URI
    };
    if uri > most {
        return error_response(
            StatusCode::URI_TOO_LONG,
            &format!("the URI has {uri} bytes: at most {most} are answered"),
            None,
        );
    }
    let head: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if head > MAX_HEAD {
        return error_response(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            &format!("the headers have {head} bytes: at most {MAX_HEAD} are answered"),
            None,
        );
    }
    next.run(request).await
}

/// The length of `uri` as it is written (`Uri`'s `Display`), summed from
/// its parts rather than formatted into a string for every request:
/// `scheme://`, the authority, the path, and `?` and the query.
fn uri_len(uri: &Uri) -> usize {
    let scheme = uri
        .scheme_str()
        .map_or(0, |scheme| scheme.len() + "://".len());
    let authority = uri
        .authority()
        .map_or(0, |authority| authority.as_str().len());
    let query = uri.query().map_or(0, |query| "?".len() + query.len());
    scheme + authority + uri.path().len() + query
}

/// Answers 504 when the request is not answered within `timeout`. The work
/// it started on a blocking thread finishes there, and a table it was
/// building is kept.
pub(crate) async fn timeout(
    State(timeout): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error_response(
            StatusCode::GATEWAY_TIMEOUT,
            &format!(
                "no answer within {} s: the server is busy, or the question is too large",
                timeout.as_secs_f64()
            ),
            None,
        ),
    }
}

/// Rewrites a refusal of the layers beneath that is not JSON (axum's empty
/// 405, tower-http's plain-text 413) as JSON, keeping its status and its
/// other headers.
pub(crate) async fn as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allow = response
                .headers()
                .get(header::ALLOW)
                .and_then(|a| a.to_str().ok())
                .unwrap_or("GET");
            not_allowed("this path", allow)
        }
        StatusCode::PAYLOAD_TOO_LARGE => "the request's body is too large".to_string(),
        other => other
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_lowercase(),
    };
    let (mut parts, _) = response.into_parts();
    let json = error_response(status, &message, None);
    let (json_parts, body) = json.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        json_parts
            .headers
            .get(header::CONTENT_TYPE)
            .cloned()
            .unwrap_or(HeaderValue::from_static("application/json")),
    );
    Response::from_parts(parts, Body::new(body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::middleware::from_fn;
    use tower::ServiceExt;

    /// The status of `uri` with `headers` through [`sizes`] alone.
    async fn status(uri: &str, headers: &[(&str, String)]) -> StatusCode {
        let app = Router::new()
            .fallback(|| async { "answered" })
            .layer(from_fn(sizes));
        let mut request = Request::builder().uri(uri);
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let request = request.body(Body::empty()).expect("a request");
        app.oneshot(request).await.expect("an answer").status()
    }

    #[test]
    fn a_uri_is_measured_as_it_is_written() {
        for uri in [
            "/",
            "*",
            "/api/sum?limit=4",
            "/api/sum?",
            "/api/position?piles=1,2,3&misere=1",
            "/%E2%9C%93?q=%20",
            "http://127.0.0.1:8260",
            "http://127.0.0.1:8260/api/sum?limit=4",
            "http://[::1]:8260/?",
            "https://user@localhost/page?game=6+9",
            "localhost:8260",
        ] {
            let parsed: Uri = uri.parse().expect("a URI");
            assert_eq!(uri_len(&parsed), parsed.to_string().len(), "{uri}");
        }
    }

    /// A URI `len` bytes long, starting `start`.
    fn uri_of(start: &str, len: usize) -> String {
        format!("{start}{}", "1".repeat(len - start.len()))
    }

    #[tokio::test]
    async fn each_limit_answers_to_its_byte_and_refuses_the_next() {
        let api = "/api/sum?limit=4&x=";
        assert_eq!(status(&uri_of(api, MAX_URI), &[]).await, StatusCode::OK);
        assert_eq!(
            status(&uri_of(api, MAX_URI + 1), &[]).await,
            StatusCode::URI_TOO_LONG
        );
        let page = "/?game=";
        assert_eq!(
            status(&uri_of(page, MAX_PAGE_URI), &[]).await,
            StatusCode::OK
        );
        assert_eq!(
            status(&uri_of(page, MAX_PAGE_URI + 1), &[]).await,
            StatusCode::URI_TOO_LONG
        );
        // A header counts its name, its value, ": " and the line's end.
        let header = |bytes: usize| [("x-big", "v".repeat(bytes - "x-big".len() - 4))];
        assert_eq!(status("/", &header(MAX_HEAD)).await, StatusCode::OK);
        // A browser's headers, under 2 KiB, with room to spare.
        assert_eq!(status("/", &header(4 * 1024)).await, StatusCode::OK);
        // The page's longest link (30 KiB of game, app.js) is answered.
        assert_eq!(status(&uri_of(page, 31 * 1024), &[]).await, StatusCode::OK);
        assert_eq!(
            status("/", &header(MAX_HEAD + 1)).await,
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE
        );
    }

    #[test]
    fn the_api_is_its_path_and_what_is_under_it() {
        for path in ["/api", "/api/", "/api/sum", "/api/openapi.json"] {
            assert!(is_api(path), "{path}");
        }
        for path in ["/", "/apiary", "/api.js", "/apis/sum", "/x/api/sum", ""] {
            assert!(!is_api(path), "{path}");
        }
    }

    #[tokio::test]
    async fn a_path_that_only_starts_as_the_apis_has_the_pages_limit() {
        for start in ["/apiary?game=", "/api.js?game="] {
            let long = uri_of(start, MAX_URI + 1);
            assert_eq!(status(&long, &[]).await, StatusCode::OK, "{start}");
            let longest = uri_of(start, MAX_PAGE_URI);
            assert_eq!(status(&longest, &[]).await, StatusCode::OK, "{start}");
        }
        let api = uri_of("/api?x=", MAX_URI + 1);
        assert_eq!(status(&api, &[]).await, StatusCode::URI_TOO_LONG);
    }
}
