//! The routes: the API, then the page's files; and around them all the
//! limits every request is served within: its size, its origin, a timeout
//! and one limit on the requests answered at once. A panic, which no input
//! reaches, becomes a 500 rather than a dropped connection; every refusal
//! is JSON.

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::Response;
use axum::routing::{MethodRouter, get};
use tower::ServiceBuilder;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::answers::{Answers, KEPT_BYTES};
use crate::config::Config;
use crate::error::error_response;
use crate::handlers::App;
use crate::tables::Tables;
use crate::work::{Work, answers_at_once};
use crate::{assets, handlers, host, openapi, refusals};

/// The largest request body: the API reads none.
const BODY_LIMIT: usize = 1024;

/// The API's paths and what answers each: GET (and so HEAD) only. The
/// OpenAPI document lists the same paths (a test below checks).
fn api() -> [(&'static str, MethodRouter<App>); 6] {
    [
        ("/api/position", get(handlers::position)),
        ("/api/slice", get(handlers::slice)),
        ("/api/grundy", get(handlers::grundy)),
        ("/api/remoteness", get(handlers::remoteness)),
        ("/api/sum", get(handlers::sum)),
        ("/api/openapi.json", get(openapi::document)),
    ]
}

/// The routes of the explorer for `config`, with tables of their own.
pub(crate) fn router(config: &Config) -> Router {
    let app = api()
        .into_iter()
        .fold(Router::new(), |app, (path, route)| app.route(path, route))
        .fallback(assets::file)
        .with_state(App {
            tables: Tables::new(config.memory),
            work: Work::new(answers_at_once()),
            answers: Arc::new(Answers::new(KEPT_BYTES)),
        });
    limited(app, config)
}

/// `app` within the limits of `config`. They wrap the whole router as its
/// fallback, so that they run before routing and the concurrency limit is
/// one for every route.
fn limited(app: Router, config: &Config) -> Router {
    let header = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    Router::new().fallback_service(app).layer(
        ServiceBuilder::new()
            // The page loads nothing from elsewhere, and runs no inline
            // script.
            .layer(header(
                "content-security-policy",
                "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                 base-uri 'none'; frame-ancestors 'none'",
            ))
            .layer(header("x-content-type-options", "nosniff"))
            .layer(header("referrer-policy", "no-referrer"))
            .layer(from_fn(refusals::as_json))
            .layer(CatchPanicLayer::custom(panic_response))
            .layer(from_fn_with_state(
                Arc::new(config.allow_hosts.clone()),
                host::this_server_only,
            ))
            .layer(from_fn(refusals::sizes))
            .layer(from_fn_with_state(
                config.request_timeout,
                refusals::timeout,
            ))
            .layer(GlobalConcurrencyLimitLayer::new(config.concurrency.max(1)))
            .layer(RequestBodyLimitLayer::new(BODY_LIMIT)),
    )
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
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    async fn ask(app: &Router, path: &str) -> (StatusCode, serde_json::Value) {
        let request = Request::get(path)
            .header("host", "127.0.0.1")
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, serde_json::from_slice(&body).unwrap_or_default())
    }

    /// Of three slow requests to two routes under a limit of two, one
    /// waits until another is answered.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_concurrency_limit_is_one_for_every_route() {
        let inside = std::sync::Arc::new(AtomicUsize::new(0));
        let release = std::sync::Arc::new(tokio::sync::Semaphore::new(0));
        let slow = {
            let (inside, release) = (inside.clone(), release.clone());
            move || async move {
                inside.fetch_add(1, Ordering::SeqCst);
                release.acquire().await.unwrap().forget();
                "{}"
            }
        };
        let app = Router::new()
            .route("/a", get(slow.clone()))
            .route("/b", get(slow));
        let config = Config {
            concurrency: 2,
            ..Config::default()
        };
        let app = limited(app, &config);
        let asks: Vec<_> = ["/a", "/b", "/a"]
            .into_iter()
            .map(|path| {
                let app = app.clone();
                tokio::spawn(async move { ask(&app, path).await })
            })
            .collect();
        // Wait, boundedly, for the two let in.
        for _ in 0..1000 {
            if inside.load(Ordering::SeqCst) >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(inside.load(Ordering::SeqCst), 2, "the third waits");
        release.add_permits(3);
        for answer in asks {
            assert_eq!(answer.await.unwrap().0, StatusCode::OK);
        }
        assert_eq!(inside.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_request_past_its_timeout_is_a_json_504_and_a_panic_a_json_500() {
        let app = Router::new()
            .route("/never", get(std::future::pending::<&'static str>))
            .route(
                "/panic",
                get(|| async {
                    if true {
                        panic!("a test's panic");
                    }
                    "{}"
                }),
            );
        let config = Config {
            request_timeout: Duration::from_millis(50),
            ..Config::default()
        };
        let app = limited(app, &config);
        let (status, body) = ask(&app, "/never").await;
        assert_eq!(status, StatusCode::GATEWAY_TIMEOUT);
        assert!(body["error"].as_str().unwrap().contains("no answer within"));
        let (status, body) = ask(&app, "/panic").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            body,
            serde_json::json!({"error": "internal error: the server failed to answer"})
        );
    }

    /// The OpenAPI document describes exactly the API's paths, each with
    /// GET alone; it is OpenAPI 3.1, and every `$ref` in it resolves.
    #[test]
    fn the_openapi_document_lists_exactly_the_apis_paths() {
        let document: serde_json::Value = serde_json::from_str(openapi::DOCUMENT).unwrap();
        assert_eq!(document["openapi"], "3.1.0");
        let documented: Vec<&str> = document["paths"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut served: Vec<&str> = api().iter().map(|(path, _)| *path).collect();
        served.sort_unstable();
        assert_eq!(documented, served);
        for (path, item) in document["paths"].as_object().unwrap() {
            let methods: Vec<&String> = item.as_object().unwrap().keys().collect();
            assert_eq!(methods, ["get"], "{path}");
        }
        let mut refs = Vec::new();
        collect_refs(&document, &mut refs);
        assert!(refs.len() > 20, "{refs:?}");
        for reference in refs {
            let pointer = reference.strip_prefix('#').unwrap_or("not local");
            assert!(document.pointer(pointer).is_some(), "{reference}");
        }
    }

    fn collect_refs(value: &serde_json::Value, refs: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    match value {
                        serde_json::Value::String(r) if key == "$ref" => refs.push(r.clone()),
                        _ => collect_refs(value, refs),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, refs)),
            _ => {}
        }
    }
}
