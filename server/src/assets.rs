//! The page's files, embedded in the binary: the explorer works offline,
//! with no build step and nothing fetched from elsewhere. Each is served
//! with `no-cache` and an entity tag, so that a browser asks each time and
//! gets a 304 without the bytes when its copy is current.

use std::hash::Hasher;
use std::sync::LazyLock;

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use siphasher::sip::SipHasher13;

use crate::error::{error_response, not_allowed};

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

/// Each file's entity tag: a hash of its bytes, so that a file changed by
/// a new build never passes for the copy a browser holds.
static TAGS: LazyLock<[HeaderValue; FILES.len()]> =
    LazyLock::new(|| FILES.map(|(_, _, bytes)| entity_tag(bytes)));

/// `"` and the 64-bit SipHash-1-3 of `bytes` in hex, and `"`.
fn entity_tag(bytes: &[u8]) -> HeaderValue {
    let mut hasher = SipHasher13::new();
    hasher.write(bytes);
    let tag = format!("\"{:016x}\"", hasher.finish());
    HeaderValue::try_from(tag).expect("hex in quotes is a header value")
}

/// Whether `If-None-Match` in `headers` names `tag` (or is `*`): the
/// client's copy is current. Compared weakly, as RFC 9110 has it for this
/// header: `W/"x"` matches `"x"`.
fn matches(headers: &HeaderMap, tag: &HeaderValue) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|list| list.split(','))
        .map(|item| item.trim())
        .any(|item| {
            item == "*" || item.strip_prefix("W/").unwrap_or(item).as_bytes() == tag.as_bytes()
        })
}

/// A JSON 405 with `Allow: GET,HEAD`, saying what answers them: `this
/// path` or `this server`.
fn get_and_head_only(what: &str) -> Response {
    let mut refusal = error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        &not_allowed(what, "GET,HEAD"),
        None,
    );
    refusal
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
    refusal
}

/// The file at `uri`'s path for a GET or HEAD (304 when the client's copy
/// is current), or a JSON 404 (405 for another method on a file, or for a
/// request that names no path, with `Allow`).
pub(crate) async fn file(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    // CONNECT's `host:port` and `OPTIONS *` name no path: they ask the
    // server itself, which answers GET and HEAD on its paths alone.
    if !uri.path().starts_with('/') {
        return get_and_head_only("this server");
    }
    let path = match uri.path() {
        "/index.html" => "/",
        path => path,
    };
    match FILES.iter().position(|(p, _, _)| *p == path) {
        Some(_) if method != Method::GET && method != Method::HEAD => {
            get_and_head_only("this path")
        }
        Some(index) => {
            let (_, content_type, bytes) = FILES[index];
            let tag = TAGS[index].clone();
            let current = matches(&headers, &tag);
            let headers = [
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                (header::ETAG, tag),
            ];
            if current {
                (StatusCode::NOT_MODIFIED, headers).into_response()
            } else {
                let content_type = [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))];
                (content_type, headers, bytes).into_response()
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    async fn ask(method: Method, path: &str, if_none_match: &[&str]) -> Response {
        let mut headers = HeaderMap::new();
        for value in if_none_match {
            headers.append(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
        }
        file(method, path.parse().unwrap(), headers).await
    }

    fn tag_of(answer: &Response) -> &str {
        answer.headers()[header::ETAG].to_str().unwrap()
    }

    #[test]
    fn every_file_has_its_own_tag() {
        let mut tags: Vec<&HeaderValue> = TAGS.iter().collect();
        tags.sort_by_key(|tag| tag.as_bytes());
        tags.dedup();
        assert_eq!(tags.len(), FILES.len());
        assert_ne!(entity_tag(b"a"), entity_tag(b"b"));
        assert_eq!(entity_tag(b"a"), entity_tag(b"a"));
    }

    #[tokio::test]
    async fn a_current_copy_gets_a_304_without_the_bytes() {
        for method in [Method::GET, Method::HEAD] {
            for path in ["/", "/index.html", "/app.js", "/favicon.svg"] {
                let first = ask(method.clone(), path, &[]).await;
                assert_eq!(first.status(), StatusCode::OK, "{path}");
                assert_eq!(first.headers()[header::CACHE_CONTROL], "no-cache");
                let tag = tag_of(&first).to_string();
                assert!(
                    tag.len() == 18 && tag.starts_with('"') && tag.ends_with('"'),
                    "{tag}"
                );
                let weak = format!("W/{tag}");
                for asked in [
                    vec![tag.as_str()],
                    vec![weak.as_str()],
                    vec!["*"],
                    vec!["\"0000000000000000\", ", tag.as_str()],
                    vec!["\"0000000000000000\"", tag.as_str()],
                ] {
                    let again = ask(method.clone(), path, &asked).await;
                    assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path} {asked:?}");
                    assert_eq!(tag_of(&again), tag);
                    assert!(again.headers().get(header::CONTENT_TYPE).is_none());
                    let body = axum::body::to_bytes(again.into_body(), 1 << 20)
                        .await
                        .unwrap();
                    assert!(body.is_empty(), "{path}");
                }
            }
        }
    }

    async fn error_of(answer: Response) -> String {
        let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
            .await
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        json["error"].as_str().unwrap().to_string()
    }

    #[tokio::test]
    async fn a_file_answers_get_and_head_only_and_other_paths_are_404() {
        for method in [Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS] {
            let answer = ask(method.clone(), "/app.js", &[]).await;
            assert_eq!(answer.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
            assert_eq!(answer.headers()[header::ALLOW], "GET,HEAD");
        }
        let answer = ask(Method::GET, "/api/nothing", &[]).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        assert!(
            error_of(answer)
                .await
                .starts_with("no such endpoint: /api/nothing;")
        );
        let answer = ask(Method::GET, "/nothing", &[]).await;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        assert_eq!(error_of(answer).await, "no such page: /nothing");
    }

    #[tokio::test]
    async fn a_request_that_names_no_path_is_a_405() {
        for (method, target) in [
            (Method::CONNECT, "127.0.0.1:8260"),
            (Method::OPTIONS, "*"),
            (Method::GET, "*"),
        ] {
            let answer = ask(method.clone(), target, &[]).await;
            assert_eq!(
                answer.status(),
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {target}"
            );
            assert_eq!(answer.headers()[header::ALLOW], "GET,HEAD");
            assert_eq!(
                error_of(answer).await,
                "method not allowed: this server answers GET,HEAD"
            );
        }
        let answer = ask(Method::POST, "/", &[]).await;
        assert_eq!(
            error_of(answer).await,
            "method not allowed: this path answers GET,HEAD"
        );
    }

    #[tokio::test]
    async fn another_copy_gets_the_file() {
        let index = ask(Method::GET, "/", &[]).await;
        let script = ask(Method::GET, "/app.js", &[]).await;
        for asked in ["\"0000000000000000\"", tag_of(&script), "W/", "", "garbage"] {
            let answer = ask(Method::GET, "/", &[asked]).await;
            assert_eq!(answer.status(), StatusCode::OK, "{asked:?}");
            assert_eq!(tag_of(&answer), tag_of(&index));
            let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
                .await
                .unwrap();
            assert_eq!(&body[..], FILES[0].2);
        }
    }
}
