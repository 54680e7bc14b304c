//! Why a request has no answer, and its JSON: `{"error": "..."}`, with the
//! largest limit the server computes for a 422.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use stone_game::{AnswerError, GrundyError, RemotenessError, ScanError};

/// Why a request has no answer.
#[derive(Debug)]
pub(crate) enum ApiError {
    /// A bad parameter, or a question the library leaves undefined: 400.
    Bad(String),
    /// A pile or limit past what the server computes: 422, with that limit.
    TooLarge { message: String, limit: u32 },
    /// The memory a table needs is not available: 503.
    Unavailable(String),
    /// A failure of the server's own, which no input reaches: a table or an
    /// answer that failed to compute or to be written. 500.
    Internal(String),
}

/// The library's refusals, each with its status: misère play leaves the
/// question undefined (the asker's to change); the others cannot happen,
/// since the server checks every pile against its caps and gives each
/// solver tables of its own convention.
impl From<AnswerError> for ApiError {
    fn from(error: AnswerError) -> Self {
        match error {
            AnswerError::MisereUndefined(_) => ApiError::Bad(error.to_string()),
            _ => ApiError::Internal(error.to_string()),
        }
    }
}

/// A table's build that failed: the allocator refused its memory (503, as
/// when the check beforehand finds it short: under a `ulimit -v` or strict
/// overcommit the check passes and the allocation fails), or a limit past
/// the table's largest, which the server's caps keep any request from.
impl From<GrundyError> for ApiError {
    fn from(error: GrundyError) -> Self {
        match error {
            GrundyError::OutOfMemory { .. } => ApiError::Unavailable(error.to_string()),
            _ => ApiError::Internal(error.to_string()),
        }
    }
}

/// As for [`GrundyError`].
impl From<ScanError> for ApiError {
    fn from(error: ScanError) -> Self {
        match error {
            ScanError::OutOfMemory { .. } => ApiError::Unavailable(error.to_string()),
            _ => ApiError::Internal(error.to_string()),
        }
    }
}

/// As for [`GrundyError`].
impl From<RemotenessError> for ApiError {
    fn from(error: RemotenessError) -> Self {
        match error {
            RemotenessError::OutOfMemory { .. } => ApiError::Unavailable(error.to_string()),
            _ => ApiError::Internal(error.to_string()),
        }
    }
}

impl ApiError {
    /// The status and the message, for the fuzz target.
    pub(crate) fn status_and_message(self) -> (u16, String) {
        match self {
            ApiError::Bad(m) => (400, m),
            ApiError::TooLarge { message, .. } => (422, message),
            ApiError::Unavailable(m) => (503, m),
            ApiError::Internal(m) => (500, m),
        }
    }
}

/// The body of every error.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u32>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message, limit) = match &self {
            ApiError::Bad(m) => (StatusCode::BAD_REQUEST, m, None),
            ApiError::TooLarge { message, limit } => {
                (StatusCode::UNPROCESSABLE_ENTITY, message, Some(*limit))
            }
            ApiError::Unavailable(m) => {
                let mut response = error_response(StatusCode::SERVICE_UNAVAILABLE, m, None);
                response.headers_mut().insert(
                    axum::http::header::RETRY_AFTER,
                    axum::http::HeaderValue::from(RETRY_AFTER_SECONDS),
                );
                return response;
            }
            ApiError::Internal(m) => (StatusCode::INTERNAL_SERVER_ERROR, m, None),
        };
        error_response(status, message, limit)
    }
}

/// The `Retry-After` of a 503: memory taken by builds under way is given
/// back when they end, within seconds for most tables.
pub(crate) const RETRY_AFTER_SECONDS: u32 = 10;

/// The most characters of what was sent that an error message quotes: a
/// message says which value is wrong, and does not echo a long one back.
pub(crate) const QUOTED: usize = 32;

/// `text`, or its first [`QUOTED`] characters and `...` when longer.
pub(crate) fn quote(text: &str) -> String {
    shorten(text, QUOTED)
}

/// `text`, or its first `most` characters and `...` when longer.
pub(crate) fn shorten(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// The message of a 405: `what` (`this path`, `this server`) answers the
/// methods `allow` alone, as its `Allow` header lists them.
pub(crate) fn not_allowed(what: &str, allow: &str) -> String {
    format!("method not allowed: {what} answers {allow}")
}

/// A JSON error answer.
pub(crate) fn error_response(status: StatusCode, message: &str, limit: Option<u32>) -> Response {
    (
        status,
        Json(ErrorBody {
            error: message,
            limit,
        }),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_is_quoted_short() {
        assert_eq!(quote("123"), "123");
        let long = "9".repeat(20_000);
        assert_eq!(quote(&long), format!("{}...", "9".repeat(QUOTED)));
        assert_eq!(quote(&"é".repeat(40)).chars().count(), QUOTED + 3);
    }
    use stone_game::{Convention, MisereUndefined, TableKind};

    #[test]
    fn the_librarys_refusals_have_their_statuses() {
        let status = |e: AnswerError| ApiError::from(e).into_response().status();
        assert_eq!(
            status(AnswerError::MisereUndefined(MisereUndefined::GrundyValue)),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            status(AnswerError::MisereUndefined(MisereUndefined::SumOfGames)),
            StatusCode::BAD_REQUEST
        );
        let unavailable = ApiError::Unavailable("no memory".into()).into_response();
        assert_eq!(unavailable.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(unavailable.headers()["retry-after"], "10");
        assert_eq!(
            status(AnswerError::NotCovered {
                table: TableKind::Grundy,
                pile: 7,
                limit: None
            }),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            status(AnswerError::ConventionMismatch {
                solver: Convention::Normal,
                table: Convention::Misere
            }),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
