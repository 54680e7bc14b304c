//! Each endpoint's query parameters: a struct that refuses a parameter it
//! does not know or one given twice, read through axum's `Query` with its
//! refusal turned into a JSON 400; then each value checked and parsed,
//! with a message that names the parameter.

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use stone_game::{Convention, Position};

use crate::error::{ApiError, QUOTED, quote, shorten};

/// The most games of a sum a position may hold.
pub(crate) const MAX_GAMES: usize = 8;

/// The query of a request, as `T`; a JSON 400 when it is not one.
pub(crate) struct Params<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<T>::from_request_parts(parts, state)
            .await
            .map_err(|e| {
                let text = e.body_text();
                let why = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                // serde's message quotes a parameter's name: a long one, short.
                ApiError::Bad(format!("bad query string: {}", shorten(why, 4 * QUOTED)))
            })?;
        Ok(Params(query))
    }
}

/// `/api/position`: `piles=A,B,C[,...]&misere=0|1`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionQuery {
    piles: String,
    misere: Option<String>,
}

impl PositionQuery {
    /// The piles: three, or three per game of a sum, at most
    /// [`MAX_GAMES`] games, written as the API documents them (decimal
    /// numbers without leading zeros, separated by commas), so that the
    /// OpenAPI document's pattern describes exactly what is answered. The
    /// library reads them first, for its messages; what it reads that the
    /// API does not document (spaces, `+`, leading zeros) is refused after.
    pub(crate) fn position(&self) -> Result<Position, ApiError> {
        let position: Position = self
            .piles
            .parse()
            .map_err(|e| ApiError::Bad(format!("parameter 'piles': {e}")))?;
        let canonical = |word: &str| {
            !word.is_empty()
                && word.bytes().all(|b| b.is_ascii_digit())
                && (word == "0" || !word.starts_with('0'))
        };
        if !self.piles.split(',').all(canonical) {
            return Err(ApiError::Bad(format!(
                "parameter 'piles' is written as whole numbers without leading zeros \
                 separated by commas, as 3,5,7: not '{}'",
                quote(&self.piles)
            )));
        }
        if position.game_count() > MAX_GAMES {
            return Err(ApiError::Bad(format!(
                "parameter 'piles' has {} games: a sum has at most {MAX_GAMES} games",
                position.game_count()
            )));
        }
        Ok(position)
    }

    pub(crate) fn convention(&self) -> Result<Convention, ApiError> {
        convention(self.misere.as_deref())
    }
}

/// `/api/slice`, `/api/grundy` and `/api/remoteness`: the plane
/// `{A, b, c}` for `b, c <= L`, as `a=A&limit=L&misere=0|1`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlaneQuery {
    a: String,
    limit: String,
    misere: Option<String>,
}

impl PlaneQuery {
    /// `a`, up to `max` (422 past it, for `what`).
    pub(crate) fn a(&self, max: u32, what: &str) -> Result<u64, ApiError> {
        number("a", &self.a, max, what)
    }

    /// `limit`, up to `max` (422 past it, for `what`).
    pub(crate) fn limit(&self, max: u32, what: &str) -> Result<u64, ApiError> {
        number("limit", &self.limit, max, what)
    }

    pub(crate) fn convention(&self) -> Result<Convention, ApiError> {
        convention(self.misere.as_deref())
    }
}

/// `/api/sum`: `limit=L&misere=0|1`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SumQuery {
    limit: String,
    misere: Option<String>,
}

impl SumQuery {
    /// `limit`, up to `max` (422 past it).
    pub(crate) fn limit(&self, max: u32) -> Result<u64, ApiError> {
        number("limit", &self.limit, max, "sums")
    }

    pub(crate) fn convention(&self) -> Result<Convention, ApiError> {
        convention(self.misere.as_deref())
    }
}

/// Parses `query` as the endpoint at `path` does, checking every value
/// against its cap, without computing: `Ok(false)` for a path that is not
/// an endpoint. The fuzz target's way in.
pub(crate) fn check(path: &str, query: &str) -> Result<bool, ApiError> {
    fn parsed<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
        serde_urlencoded::from_str(query).map_err(|e| {
            ApiError::Bad(format!(
                "bad query string: {}",
                shorten(&e.to_string(), 4 * QUOTED)
            ))
        })
    }
    use crate::tables::{MAX_GRUNDY_PILE, MAX_MAP, MAX_PILE};
    match path {
        "/api/position" => {
            let query: PositionQuery = parsed(query)?;
            query.position()?;
            query.convention()?;
        }
        "/api/slice" | "/api/grundy" | "/api/remoteness" => {
            let query: PlaneQuery = parsed(query)?;
            let (a, limit) = match path {
                "/api/slice" => (MAX_PILE, MAX_PILE),
                "/api/grundy" => (MAX_GRUNDY_PILE, MAX_MAP),
                _ => (MAX_PILE, MAX_MAP),
            };
            query.a(a, "this endpoint")?;
            query.limit(limit, "this endpoint")?;
            query.convention()?;
        }
        "/api/sum" => {
            let query: SumQuery = parsed(query)?;
            query.limit(MAX_PILE)?;
            query.convention()?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `misere`: 0 (normal play, the default) or 1.
fn convention(misere: Option<&str>) -> Result<Convention, ApiError> {
    match misere {
        None | Some("0") => Ok(Convention::Normal),
        Some("1") => Ok(Convention::Misere),
        Some(other) => Err(ApiError::Bad(format!(
            "parameter 'misere' is 0 (normal play) or 1 (misère play), not '{}'",
            quote(other)
        ))),
    }
}

/// `text`, the value of parameter `name`, as a whole number up to `max`.
fn number(name: &str, text: &str, max: u32, what: &str) -> Result<u64, ApiError> {
    let why = if text.is_empty() {
        Some("a number is empty".to_string())
    } else if text.starts_with('-') {
        Some(format!("'{}' is negative", quote(text)))
    } else if !text.bytes().all(|b| b.is_ascii_digit()) {
        Some(format!("'{}' is not a whole number", quote(text)))
    } else {
        None
    };
    if let Some(why) = why {
        return Err(ApiError::Bad(format!(
            "parameter '{name}': {why}; expected whole numbers (decimal digits only)"
        )));
    }
    // Digits only: past u64, it is past every cap too.
    let n = text.parse::<u64>().unwrap_or(u64::MAX);
    within(name, n, max, what)?;
    Ok(n)
}

/// Refuses `n`, the value of `name`, past `max`: the server does not
/// compute `what` that far.
pub(crate) fn within(name: &str, n: u64, max: u32, what: &str) -> Result<(), ApiError> {
    if n <= u64::from(max) {
        Ok(())
    } else {
        Err(ApiError::TooLarge {
            message: format!(
                "parameter '{name}' is {n}, but this server computes {what} only up to {max}"
            ),
            limit: max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(result: Result<u64, ApiError>) -> String {
        match result {
            Err(ApiError::Bad(message)) => message,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_query_is_checked_as_its_endpoint_reads_it() {
        let status =
            |path: &str, query: &str| check(path, query).map_err(|e| e.status_and_message().0);
        assert_eq!(status("/api/position", "piles=3,5,7&misere=1"), Ok(true));
        assert_eq!(status("/api/sum", "limit=4"), Ok(true));
        assert_eq!(status("/api/nothing", "limit=4"), Ok(false));
        assert_eq!(status("/api/position", "piles=3,5,x"), Err(400));
        for piles in ["3+5+7", "3%205%207", "3,5,,7", ",3,5,7", "3,5,07", "3,5,7,"] {
            let query = format!("piles={piles}");
            assert_eq!(status("/api/position", &query), Err(400), "{piles}");
        }
        assert_eq!(status("/api/position", "piles=0,10,1000"), Ok(true));
        assert_eq!(status("/api/slice", "a=1&limit=2&limit=3"), Err(400));
        assert_eq!(status("/api/grundy", "a=1000&limit=3"), Ok(true));
        assert_eq!(status("/api/grundy", "a=1001&limit=3"), Err(422));
        assert_eq!(status("/api/remoteness", "a=1&limit=501"), Err(422));
        assert_eq!(status("/api/sum", "limit=4&misere=2"), Err(400));
    }

    #[test]
    fn a_number_says_what_is_wrong_with_it() {
        assert_eq!(number("a", "17", 20, "x").unwrap(), 17);
        assert!(bad(number("a", "", 20, "x")).contains("a number is empty"));
        assert!(bad(number("a", "-3", 20, "x")).contains("'-3' is negative"));
        assert!(bad(number("a", "1.5", 20, "x")).contains("'1.5' is not a whole number"));
        let Err(ApiError::TooLarge { message, limit }) =
            number("limit", "99999999999999999999999", 20, "maps")
        else {
            panic!("a number past u64 is past the cap");
        };
        assert_eq!(limit, 20);
        assert!(message.contains("computes maps only up to 20"), "{message}");
    }
}
