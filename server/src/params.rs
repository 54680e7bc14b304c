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
use crate::tables::{MAX_GRUNDY_PILE, MAX_MAP, MAX_PILE};

/// The most games of a sum a position may hold.
pub(crate) const MAX_GAMES: usize = 8;

/// The query of a request, as `T`; a JSON 400 when it is not one.
pub(crate) struct Params<T>(pub(crate) T);

/// An endpoint's query parameters, and how a query names them, for the
/// refusal of a query that is not them.
pub(crate) trait Parameters: DeserializeOwned {
    /// What the endpoint takes, as the refusal ends: "the parameters are"
    /// and the parameters as a query gives them, optional ones in
    /// brackets, or that it takes none.
    const TAKES: &'static str;
}

impl<S: Send + Sync, T: Parameters> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<T>::from_request_parts(parts, state)
            .await
            .map_err(|e| {
                // serde's own words: axum's wrapping says "Failed to
                // deserialize query string", and serde_path_to_error's puts
                // the parameter's name before serde's message, which names
                // it again.
                type Located = serde_path_to_error::Error<serde_urlencoded::de::Error>;
                let mut why: &dyn std::error::Error = &e;
                while let Some(inner) = why.source() {
                    why = inner;
                    if let Some(located) = why.downcast_ref::<Located>() {
                        why = located.inner();
                        break;
                    }
                }
                query_refused(&why.to_string(), T::TAKES)
            })?;
        Ok(Params(query))
    }
}

/// How `piles` is written, as the API documents it: the OpenAPI
/// document's pattern describes exactly what is answered.
const PILES_WRITTEN: &str =
    "piles are whole numbers without leading zeros separated by commas, as 3,5,7";

/// How a number parameter is written.
const NUMBER_WRITTEN: &str = "expected a whole number without leading zeros";

/// `/api/position`: `piles=A,B,C[,...]&misere=0|1`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionQuery {
    piles: String,
    misere: Option<String>,
}

impl Parameters for PositionQuery {
    const TAKES: &'static str = "the parameters are piles=A,B,C[,...][&misere=0|1]";
}

/// A position's request, checked: a game, or a sum of at most
/// [`MAX_GAMES`] games, with its piles within the server's caps.
pub(crate) struct PositionRequest {
    pub(crate) position: Position,
    pub(crate) convention: Convention,
}

impl PositionQuery {
    /// The request, or why there is none: how the parameters are written
    /// first (400), then the number of piles and games (400), then the
    /// caps (422): a game's piles up to [`MAX_PILE`], a sum's up to
    /// [`MAX_GRUNDY_PILE`], since its outcome is the XOR of Grundy values.
    pub(crate) fn request(&self) -> Result<PositionRequest, ApiError> {
        let piles = self
            .piles
            .split(',')
            .map(|word| Whole::read("piles", word, PILES_WRITTEN))
            .collect::<Result<Vec<_>, _>>()?;
        let convention = convention(self.misere.as_deref())?;
        let values = piles.iter().map(|p| p.value.unwrap_or(u64::MAX)).collect();
        let position =
            Position::new(values).map_err(|e| ApiError::Bad(format!("parameter 'piles': {e}")))?;
        if position.game_count() > MAX_GAMES {
            return Err(ApiError::Bad(format!(
                "parameter 'piles' has {} games: a sum has at most {MAX_GAMES} games",
                position.game_count()
            )));
        }
        let (max, what) = match position.single() {
            Some(_) => (MAX_PILE, "positions"),
            None => (MAX_GRUNDY_PILE, "the Grundy values of a sum"),
        };
        for pile in &piles {
            pile.within(max, what)?;
        }
        Ok(PositionRequest {
            position,
            convention,
        })
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

impl Parameters for PlaneQuery {
    const TAKES: &'static str = "the parameters are a=A&limit=L[&misere=0|1]";
}

/// What a plane's endpoint answers, which sets its caps.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Plane {
    /// `/api/slice`: the losing pairs, from the losing positions' tables.
    Slice,
    /// `/api/grundy`: a map of Grundy values.
    Grundy,
    /// `/api/remoteness`: a map of remoteness.
    Remoteness,
}

impl Plane {
    /// The caps of `a` and of `limit`, each with what it bounds (for the
    /// messages): a map has `(L + 1)^2` values, so its limit stops at
    /// [`MAX_MAP`].
    fn caps(self) -> [(u32, &'static str); 2] {
        match self {
            Plane::Slice => [(MAX_PILE, "slices"), (MAX_PILE, "slices")],
            Plane::Grundy => [
                (MAX_GRUNDY_PILE, "Grundy values"),
                (MAX_MAP, "maps of Grundy values"),
            ],
            Plane::Remoteness => [(MAX_PILE, "remoteness"), (MAX_MAP, "maps of remoteness")],
        }
    }
}

/// A plane's request, checked against its endpoint's caps.
pub(crate) struct PlaneRequest {
    pub(crate) a: u64,
    pub(crate) limit: u64,
    pub(crate) convention: Convention,
}

impl PlaneQuery {
    /// The request for `plane`, or why there is none: how each parameter
    /// is written (400), then the caps (422).
    pub(crate) fn request(&self, plane: Plane) -> Result<PlaneRequest, ApiError> {
        let a = Whole::read("a", &self.a, NUMBER_WRITTEN)?;
        let limit = Whole::read("limit", &self.limit, NUMBER_WRITTEN)?;
        let convention = convention(self.misere.as_deref())?;
        let [(max_a, of_a), (max_limit, of_limit)] = plane.caps();
        Ok(PlaneRequest {
            a: a.within(max_a, of_a)?,
            limit: limit.within(max_limit, of_limit)?,
            convention,
        })
    }
}

/// `/api/sum`: `limit=L&misere=0|1`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SumQuery {
    limit: String,
    misere: Option<String>,
}

impl Parameters for SumQuery {
    const TAKES: &'static str = "the parameters are limit=L[&misere=0|1]";
}

/// A total's request, checked: its limit up to [`MAX_PILE`].
pub(crate) struct SumRequest {
    pub(crate) limit: u64,
    pub(crate) convention: Convention,
}

impl SumQuery {
    /// The request, or why there is none: how each parameter is written
    /// (400), then the cap (422).
    pub(crate) fn request(&self) -> Result<SumRequest, ApiError> {
        let limit = Whole::read("limit", &self.limit, NUMBER_WRITTEN)?;
        let convention = convention(self.misere.as_deref())?;
        Ok(SumRequest {
            limit: limit.within(MAX_PILE, "sums")?,
            convention,
        })
    }
}

/// `/api/openapi.json`: no parameters, so that a query meant for another
/// endpoint is told, as every endpoint tells one it does not know.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoQuery {}

impl Parameters for NoQuery {
    const TAKES: &'static str = "this endpoint takes no parameters";
}

/// Reads `query` as the endpoint at `path` does, and checks it as its
/// handler does before it asks the library: `Ok(false)` for a path that is
/// not an endpoint. The fuzz target's way in. What the library then
/// refuses (misère play's Grundy values and sums) is the library's, and
/// tested with it.
pub(crate) fn check(path: &str, query: &str) -> Result<bool, ApiError> {
    fn parsed<T: Parameters>(query: &str) -> Result<T, ApiError> {
        serde_urlencoded::from_str(query).map_err(|e| query_refused(&e.to_string(), T::TAKES))
    }
    match path {
        "/api/position" => {
            parsed::<PositionQuery>(query)?.request()?;
        }
        "/api/slice" => {
            parsed::<PlaneQuery>(query)?.request(Plane::Slice)?;
        }
        "/api/grundy" => {
            parsed::<PlaneQuery>(query)?.request(Plane::Grundy)?;
        }
        "/api/remoteness" => {
            parsed::<PlaneQuery>(query)?.request(Plane::Remoteness)?;
        }
        "/api/sum" => {
            parsed::<SumQuery>(query)?.request()?;
        }
        "/api/openapi.json" => {
            parsed::<NoQuery>(query)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A query string that is not the endpoint's parameters, in serde's words
/// (a parameter missing, unknown or given twice), and what the endpoint
/// takes ([`Parameters::TAKES`]). serde quotes a parameter's name whole,
/// between backticks: each is cut as a value sent is ([`quote`]), and the
/// message too, should serde say more than that.
fn query_refused(why: &str, takes: &str) -> ApiError {
    let names_cut: Vec<String> = why
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                quote(part)
            } else {
                part.to_string()
            }
        })
        .collect();
    ApiError::Bad(format!(
        "bad query string: {}; {takes}",
        shorten(&names_cut.join("`"), 4 * QUOTED)
    ))
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

/// A whole number as a parameter gives it, read but not yet checked
/// against its cap.
#[derive(Debug)]
struct Whole<'q> {
    /// The parameter's name.
    name: &'static str,
    /// The number as written: digits, without leading zeros.
    text: &'q str,
    /// Its value; `None` past `u64`, and so past every cap.
    value: Option<u64>,
}

impl<'q> Whole<'q> {
    /// `text`, a number of parameter `name`, written as `written` says:
    /// decimal digits, without leading zeros.
    fn read(name: &'static str, text: &'q str, written: &str) -> Result<Whole<'q>, ApiError> {
        let why = if text.is_empty() {
            Some("a number is empty".to_string())
        } else if text.starts_with('-') {
            Some(format!("'{}' is negative", quote(text)))
        } else if !text.bytes().all(|b| b.is_ascii_digit()) {
            Some(format!("'{}' is not a whole number", quote(text)))
        } else if text.len() > 1 && text.starts_with('0') {
            Some(format!("'{}' has a leading zero", quote(text)))
        } else {
            None
        };
        match why {
            Some(why) => Err(ApiError::Bad(format!(
                "parameter '{name}': {why}; {written}"
            ))),
            None => Ok(Whole {
                name,
                text,
                value: text.parse().ok(),
            }),
        }
    }

    /// The value, refused (422) past `max`: the server does not compute
    /// `what` that far.
    fn within(&self, max: u32, what: &str) -> Result<u64, ApiError> {
        match self.value {
            Some(n) if n <= u64::from(max) => Ok(n),
            _ => Err(ApiError::TooLarge {
                message: format!(
                    "parameter '{}' is {}, but this server computes {what} only up to {max}",
                    self.name,
                    quote(self.text)
                ),
                limit: max,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(path: &str, query: &str) -> Result<bool, u16> {
        check(path, query).map_err(|e| e.status_and_message().0)
    }

    fn message(path: &str, query: &str) -> String {
        check(path, query).unwrap_err().status_and_message().1
    }

    #[test]
    fn a_query_is_checked_as_its_endpoint_reads_it() {
        assert_eq!(status("/api/position", "piles=3,5,7&misere=1"), Ok(true));
        assert_eq!(status("/api/sum", "limit=4"), Ok(true));
        assert_eq!(status("/api/nothing", "limit=4"), Ok(false));
        assert_eq!(status("/api/position", "piles=3,5,x"), Err(400));
        for piles in [
            "3+5+7",
            "3%205%207",
            "3,5,,7",
            ",3,5,7",
            "3,5,07",
            "3,5,7,",
            "",
        ] {
            let query = format!("piles={piles}");
            assert_eq!(status("/api/position", &query), Err(400), "{piles}");
        }
        assert_eq!(status("/api/position", "piles=0,10,1000"), Ok(true));
        assert_eq!(status("/api/slice", "a=1&limit=2&limit=3"), Err(400));
        assert_eq!(status("/api/grundy", "a=1000&limit=3"), Ok(true));
        assert_eq!(status("/api/grundy", "a=1001&limit=3"), Err(422));
        assert_eq!(status("/api/remoteness", "a=1&limit=501"), Err(422));
        assert_eq!(status("/api/sum", "limit=4&misere=2"), Err(400));
        assert_eq!(status("/api/openapi.json", ""), Ok(true));
        assert_eq!(status("/api/openapi.json", "limit=4"), Err(400));
        assert!(
            message("/api/openapi.json", "limit=4")
                .ends_with("; this endpoint takes no parameters"),
            "{}",
            message("/api/openapi.json", "limit=4")
        );
    }

    /// Each endpoint's caps, as its handler applies them: a game's piles
    /// and a sum's, the planes' `a` and `limit`, a total's limit.
    #[test]
    fn every_cap_is_checked() {
        // Each query with `N` where the cap goes.
        for (path, query, cap) in [
            ("/api/position", "piles=N,0,0", MAX_PILE),
            ("/api/position", "piles=1,2,3,0,N,0", MAX_GRUNDY_PILE),
            ("/api/slice", "a=N&limit=0", MAX_PILE),
            ("/api/slice", "a=0&limit=N", MAX_PILE),
            ("/api/grundy", "a=N&limit=0", MAX_GRUNDY_PILE),
            ("/api/grundy", "a=0&limit=N", MAX_MAP),
            ("/api/remoteness", "a=N&limit=0", MAX_PILE),
            ("/api/remoteness", "a=0&limit=N", MAX_MAP),
            ("/api/sum", "limit=N", MAX_PILE),
        ] {
            let at = query.replace('N', &cap.to_string());
            let over = query.replace('N', &(cap + 1).to_string());
            assert_eq!(status(path, &at), Ok(true), "{path}?{at}");
            assert_eq!(status(path, &over), Err(422), "{path}?{over}");
        }
    }

    /// A sum has up to [`MAX_GAMES`] games: that many are answered, one
    /// more is a 400 that says how many there are.
    #[test]
    fn a_sum_has_at_most_its_games() {
        let piles = |games: usize| format!("piles={}", vec!["1,2,3"; games].join(","));
        assert_eq!(status("/api/position", &piles(MAX_GAMES)), Ok(true));
        let over = piles(MAX_GAMES + 1);
        assert_eq!(status("/api/position", &over), Err(400));
        assert!(
            message("/api/position", &over).contains(&format!(
                "has {} games: a sum has at most {MAX_GAMES}",
                MAX_GAMES + 1
            )),
            "{over}"
        );
    }

    /// Every parameter is written the same way: digits without leading
    /// zeros; a number past `u64` is past the cap (422), not a bad one.
    #[test]
    fn every_number_is_written_one_way() {
        for (path, zero, huge) in [
            (
                "/api/position",
                "piles=1,2,03",
                "piles=1,2,99999999999999999999",
            ),
            (
                "/api/slice",
                "a=03&limit=3",
                "a=99999999999999999999&limit=3",
            ),
            (
                "/api/grundy",
                "a=3&limit=00",
                "a=3&limit=99999999999999999999",
            ),
            ("/api/sum", "limit=007", "limit=99999999999999999999"),
        ] {
            assert_eq!(status(path, zero), Err(400), "{path}?{zero}");
            assert!(
                message(path, zero).contains("has a leading zero"),
                "{path}?{zero}"
            );
            assert_eq!(status(path, huge), Err(422), "{path}?{huge}");
            assert!(
                message(path, huge).contains("is 99999999999999999999, but"),
                "{path}?{huge}"
            );
        }
        assert_eq!(status("/api/slice", "a=0&limit=0"), Ok(true));
    }

    /// How a parameter is written is checked before any cap, on every
    /// endpoint: a bad `misere` is a 400 even beside a number past its cap.
    #[test]
    fn a_badly_written_parameter_comes_before_a_cap() {
        for (path, query) in [
            ("/api/position", "piles=5000,0,0&misere=2"),
            ("/api/position", "piles=5000,0&misere=0"),
            ("/api/slice", "a=5000&limit=1&misere=2"),
            ("/api/grundy", "a=5000&limit=1&misere=2"),
            ("/api/remoteness", "a=1&limit=x&misere=1"),
            ("/api/sum", "limit=5000&misere=yes"),
        ] {
            assert_eq!(status(path, query), Err(400), "{path}?{query}");
        }
    }

    #[test]
    fn a_number_says_what_is_wrong_with_it() {
        let bad = |text: &str| match Whole::read("a", text, NUMBER_WRITTEN) {
            Err(ApiError::Bad(message)) => message,
            other => panic!("{other:?}"),
        };
        let read = Whole::read("a", "17", NUMBER_WRITTEN).unwrap();
        assert_eq!(read.within(20, "x").unwrap(), 17);
        assert!(bad("").contains("a number is empty"));
        assert!(bad("-3").contains("'-3' is negative"));
        assert!(bad("1.5").contains("'1.5' is not a whole number"));
        assert!(bad("05").contains("'05' has a leading zero"));
        assert!(Whole::read("a", "0", NUMBER_WRITTEN).is_ok());
        let huge = Whole::read("limit", "99999999999999999999999", NUMBER_WRITTEN).unwrap();
        let Err(ApiError::TooLarge { message, limit }) = huge.within(20, "maps") else {
            panic!("a number past u64 is past the cap");
        };
        assert_eq!(limit, 20);
        assert!(message.contains("computes maps only up to 20"), "{message}");
    }

    /// A long parameter name or value is quoted short, whatever refuses it:
    /// in characters, as the quotes are cut, of one byte or of four.
    #[test]
    fn a_refusal_quotes_little_of_what_was_sent() {
        let long = "9".repeat(5000);
        let name = "x".repeat(5000);
        let wide = "\u{1F600}".repeat(5000);
        for (path, query) in [
            ("/api/position", format!("piles={long}")),
            ("/api/position", format!("piles=1,2,{long}x")),
            ("/api/slice", format!("a={long}&limit=1")),
            ("/api/sum", format!("limit=1&misere={long}")),
            ("/api/sum", format!("limit=1&{name}=1")),
            ("/api/slice", format!("{wide}=1")),
            ("/api/position", format!("piles=1,2,{wide}")),
        ] {
            let message = message(path, &query);
            let characters = message.chars().count();
            assert!(
                characters < 300,
                "{path}: {characters} characters: {message}"
            );
        }
    }
}
