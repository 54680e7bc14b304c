//! The API's OpenAPI 3.1 document, `GET /api/openapi.json`: written by hand
//! in `server/openapi.json`. The routes' tests check that it lists exactly
//! the API's paths; `tests/openapi.rs` checks real answers and refusals
//! against its schemas, and CI runs schemathesis against the running
//! server with it.

use axum::http::header;
use axum::response::IntoResponse;

use crate::params::{NoQuery, Params};

/// The document, as served.
pub(crate) const DOCUMENT: &str = include_str!("../openapi.json");

/// `GET /api/openapi.json`, which takes no parameters.
pub(crate) async fn document(Params(NoQuery {}): Params<NoQuery>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT)
}
