//! The JSON API under `/api`, in the shapes of the command line's `--json`
//! (README, "Web explorer", lists them with examples).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State as Shared};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::solver::{self, Convention, Outcome, Solved};
use super::state::{MAX_GRUNDY_PILE, MAX_MAP, MAX_PILE, State};
use crate::args::{NotANumber, parse_whole};
use crate::context::Failure;
use crate::engine::{Referee, best_of, engine_move_with};
use crate::runtime::positions_after;

/// The most games of a sum a position may hold.
pub(crate) const MAX_GAMES: usize = 8;

/// Why a request has no answer.
#[derive(Debug)]
pub(crate) enum ApiError {
    /// A bad parameter: 400, naming it and what is allowed.
    Bad(String),
    /// A pile or limit past what the server computes: 422, with that limit.
    TooLarge { message: String, limit: u32 },
    /// The memory a table needs is not available: 503.
    Unavailable(String),
    /// Cannot happen: a table failed to answer what it covers. 500.
    Internal(String),
}

/// The body of every error: `{"error": "..."}`, and the largest limit the
/// server computes for a 422.
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
            ApiError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m, None),
            ApiError::Internal(m) => (StatusCode::INTERNAL_SERVER_ERROR, m, None),
        };
        error_response(status, message, limit)
    }
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

/// A 200 answer of `answer` as JSON, written into a buffer of `capacity`
/// bytes to start with: an answer's size is known closely in advance, and a
/// buffer grown by doubling would copy the largest answers, a megabyte,
/// several times over.
fn json_answer(answer: &impl Serialize, capacity: usize) -> Result<Response, ApiError> {
    let mut body = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut body, answer)
        .map_err(|e| ApiError::Internal(format!("cannot write the answer: {e}")))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The rules a game is played by, as the API names them.
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Play {
    Normal,
    Misere,
}

impl Play {
    fn convention(self) -> Convention {
        match self {
            Play::Normal => Convention::Normal,
            Play::Misere => Convention::Misere,
        }
    }
}

/// Who wins, for the player to move, as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Verdict {
    Win,
    Lose,
}

impl From<Outcome> for Verdict {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Win => Verdict::Win,
            Outcome::Lose => Verdict::Lose,
        }
    }
}

/// The parameters of a request, each at most once, none unknown.
struct Params {
    values: BTreeMap<String, String>,
}

type Raw = Result<Query<Vec<(String, String)>>, QueryRejection>;

impl Params {
    /// The query, refusing a parameter not in `allowed` or given twice.
    fn new(raw: Raw, allowed: &[&str]) -> Result<Params, ApiError> {
        let Query(pairs) = raw.map_err(|e| ApiError::Bad(format!("bad query string: {e}")))?;
        let mut values = BTreeMap::new();
        for (name, value) in pairs {
            if !allowed.contains(&name.as_str()) {
                return Err(ApiError::Bad(format!(
                    "unknown parameter '{name}': this endpoint takes {}",
                    allowed.join(", ")
                )));
            }
            if values.insert(name.clone(), value).is_some() {
                return Err(ApiError::Bad(format!("parameter '{name}' is given twice")));
            }
        }
        Ok(Params { values })
    }

    fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.values
            .get(name)
            .map(String::as_str)
            .ok_or_else(|| ApiError::Bad(format!("parameter '{name}' is missing")))
    }

    /// A whole number up to `max` (422 past it, for `what`).
    fn number(&self, name: &str, max: u32, what: &str) -> Result<u64, ApiError> {
        let n = whole(name, self.required(name)?)?;
        within(name, n, max, what)?;
        Ok(n)
    }

    /// `misere`: 0 (normal play, the default) or 1.
    fn play(&self) -> Result<Play, ApiError> {
        match self.values.get("misere").map(String::as_str) {
            None | Some("0") => Ok(Play::Normal),
            Some("1") => Ok(Play::Misere),
            Some(other) => Err(ApiError::Bad(format!(
                "parameter 'misere' is 0 (normal play) or 1 (misère play), not '{other}'"
            ))),
        }
    }
}

/// `text`, the value of parameter `name`, as a whole number.
fn whole(name: &str, text: &str) -> Result<u64, ApiError> {
    parse_whole(text).map_err(|e| {
        let why = match e {
            NotANumber::Empty => "a number is empty".into(),
            NotANumber::Negative => format!("'{text}' is negative"),
            NotANumber::NotDigits => format!("'{text}' is not a whole number"),
            NotANumber::TooLarge => format!("'{text}' is too large"),
        };
        ApiError::Bad(format!(
            "parameter '{name}': {why}; expected whole numbers (decimal digits only)"
        ))
    })
}

/// Refuses `n`, the value of `name`, past `max`: the server does not
/// compute `what` that far.
fn within(name: &str, n: u64, max: u32, what: &str) -> Result<(), ApiError> {
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

/// `GET /api/position`.
#[derive(Serialize)]
pub(crate) struct PositionAnswer<'a> {
    position: &'a [u64],
    convention: Play,
    outcome: Verdict,
    /// The moves left with perfect play; a single game only.
    remoteness: Option<u32>,
    /// The Grundy value (the XOR of the games' for a sum); normal play only,
    /// and for piles up to the Grundy cap.
    grundy: Option<u32>,
    /// The position `stone-game play`'s engine leaves from this one, in the
    /// order of the piles given; none when no move is left.
    engine: Option<Vec<u64>>,
    moves: Vec<MoveAnswer<'a>>,
}

/// A move of a position, and what it leads to for the player who must
/// answer it.
#[derive(Serialize)]
pub(crate) struct MoveAnswer<'a> {
    to: After<'a>,
    outcome: Verdict,
    remoteness: Option<u32>,
}

/// The position a move leaves, in the order of the piles given; written
/// out only as the answer is, so that a position's thousands of moves take
/// no allocation each.
enum After<'a> {
    /// A single game's piles.
    Game([u64; 3]),
    /// A sum's piles, with game number `game` replaced by `to`.
    InSum {
        piles: &'a [u64],
        game: usize,
        to: [u64; 3],
    },
}

impl Serialize for After<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            After::Game(to) => to.serialize(serializer),
            After::InSum { piles, game, to } => {
                let mut seq = serializer.serialize_seq(Some(piles.len()))?;
                for (g, triple) in piles.chunks(3).enumerate() {
                    let triple = if g == *game { &to[..] } else { triple };
                    for pile in triple {
                        seq.serialize_element(pile)?;
                    }
                }
                seq.end()
            }
        }
    }
}

/// About the bytes of the answer for a position of `piles` piles, each below
/// 10,000, with `moves` moves: 128 for the position, and for each move
/// `{"outcome":"lose","remoteness":999,"to":[]},` and at most five bytes a
/// pile.
fn position_bytes(moves: usize, piles: usize) -> usize {
    128 + moves * (48 + 5 * piles)
}

/// `piles=A,B,C[,...]&misere=0|1`: a game or a sum of games, and every
/// move from it.
pub(crate) async fn position(
    Shared(state): Shared<Arc<State>>,
    raw: Raw,
) -> Result<Response, ApiError> {
    let params = Params::new(raw, &["piles", "misere"])?;
    let piles = parse_piles(params.required("piles")?)?;
    let play = params.play()?;
    let largest = piles.iter().copied().max().unwrap_or(0);
    let answer = if let Ok(game) = <&[u64; 3]>::try_from(&piles[..]) {
        within("piles", largest, MAX_PILE, "positions")?;
        let solved = state.solved(largest, play.convention()).await?;
        let grundy = match play {
            Play::Normal if largest <= u64::from(MAX_GRUNDY_PILE) => {
                let table = state.grundy(largest).await?;
                Some(grundy_of(&table, *game)?)
            }
            _ => None,
        };
        single_game(&solved, game, play, grundy)?
    } else {
        if let Play::Misere = play {
            return Err(ApiError::Bad(
                "parameter 'piles' has a sum of games, which this server plays in normal play \
                 only (misere=0): a misère sum is not decided by the XOR of Grundy values"
                    .into(),
            ));
        }
        within(
            "piles",
            largest,
            MAX_GRUNDY_PILE,
            "the Grundy values of a sum",
        )?;
        let table = state.grundy(largest).await?;
        sum_of_games(&table, &piles)?
    };
    json_answer(&answer, position_bytes(answer.moves.len(), piles.len()))
}

/// The piles of `piles=...`: three, or three per game of a sum.
fn parse_piles(text: &str) -> Result<Vec<u64>, ApiError> {
    let piles = text
        .split(',')
        .map(|word| whole("piles", word))
        .collect::<Result<Vec<u64>, _>>()?;
    if piles.len() % 3 != 0 || piles.len() > 3 * MAX_GAMES {
        return Err(ApiError::Bad(format!(
            "parameter 'piles' has {} piles: expected three, or three per game of a sum \
             (a multiple of three, at most {} games)",
            piles.len(),
            MAX_GAMES
        )));
    }
    Ok(piles)
}

/// The Grundy value of `p`, which `table` covers.
fn grundy_of(table: &stone_game::GrundyTable, p: [u64; 3]) -> Result<u32, ApiError> {
    table
        .value(p[0], p[1], p[2])
        .ok_or_else(|| ApiError::Internal(format!("the Grundy table lacks {p:?}")))
}

/// The value of `p`, which `solved` covers.
fn value_of(solved: &Solved, p: [u64; 3]) -> Result<solver::Value, ApiError> {
    solved
        .value(p)
        .ok_or_else(|| ApiError::Internal(format!("the tables lack {p:?}")))
}

fn single_game<'a>(
    solved: &Solved,
    game: &'a [u64; 3],
    play: Play,
    grundy: Option<u32>,
) -> Result<PositionAnswer<'a>, ApiError> {
    let value = value_of(solved, *game)?;
    let after = positions_after(*game)
        .map(|to| Ok((to, value_of(solved, to)?)))
        .collect::<Result<Vec<_>, ApiError>>()?;
    let engine = best_of(after.iter().copied()).map(|(to, _)| to.to_vec());
    let moves = after
        .into_iter()
        .map(|(to, v)| MoveAnswer {
            to: After::Game(to),
            outcome: v.outcome.into(),
            remoteness: Some(v.remoteness),
        })
        .collect();
    Ok(PositionAnswer {
        position: game,
        convention: play,
        outcome: value.outcome.into(),
        remoteness: Some(value.remoteness),
        grundy,
        engine,
        moves,
    })
}

/// Lost exactly when the XOR is 0.
fn verdict_of_sum(xor: u32) -> Verdict {
    if xor == 0 {
        Verdict::Lose
    } else {
        Verdict::Win
    }
}

fn sum_of_games<'a>(
    table: &stone_game::GrundyTable,
    piles: &'a [u64],
) -> Result<PositionAnswer<'a>, ApiError> {
    let games: Vec<[u64; 3]> = piles.chunks(3).map(|g| [g[0], g[1], g[2]]).collect();
    let xor = table
        .sum_value(&games)
        .ok_or_else(|| ApiError::Internal(format!("the Grundy table lacks {piles:?}")))?;
    let mut moves = Vec::new();
    for (g, &game) in games.iter().enumerate() {
        let rest = xor ^ grundy_of(table, game)?;
        for to in positions_after(game) {
            moves.push(MoveAnswer {
                to: After::InSum { piles, game: g, to },
                outcome: verdict_of_sum(rest ^ grundy_of(table, to)?),
                remoteness: None,
            });
        }
    }
    let engine = if moves.is_empty() {
        None
    } else {
        let referee = Referee::Sum(table);
        Some(
            engine_move_with(&referee, None, piles).map_err(|e| match e {
                Failure::Internal(message) => ApiError::Internal(message),
                other => ApiError::Internal(format!("{other:?}")),
            })?,
        )
    };
    Ok(PositionAnswer {
        position: piles,
        convention: Play::Normal,
        outcome: verdict_of_sum(xor),
        remoteness: None,
        grundy: Some(xor),
        engine,
        moves,
    })
}

/// `GET /api/slice`.
#[derive(Serialize)]
pub(crate) struct SliceAnswer {
    a: u64,
    limit: u64,
    convention: Play,
    losing: Vec<[u64; 2]>,
}

/// `a=A&limit=L&misere=0|1`: every `(b, c)` with `{A, b, c}` losing and
/// `b, c <= L`.
pub(crate) async fn slice(
    Shared(state): Shared<Arc<State>>,
    raw: Raw,
) -> Result<Json<SliceAnswer>, ApiError> {
    let params = Params::new(raw, &["a", "limit", "misere"])?;
    let a = params.number("a", MAX_PILE, "slices")?;
    let limit = params.number("limit", MAX_PILE, "slices")?;
    let play = params.play()?;
    let solved = state.solved(a.max(limit), play.convention()).await?;
    let tables = solved.tables();
    let losing = (0..=limit)
        .filter_map(|b| match tables.partner(a, b) {
            Some(c) if c <= limit => Some(Ok([b, c])),
            Some(_) => None,
            None => Some(Err(ApiError::Internal(format!(
                "the tables lack the partner of {a}, {b}"
            )))),
        })
        .collect::<Result<_, _>>()?;
    Ok(Json(SliceAnswer {
        a,
        limit,
        convention: play,
        losing,
    }))
}

/// About the bytes of a map of values to `limit`: a value of up to four
/// digits and a comma for each of `(L + 1)^2` points.
fn map_bytes(limit: u64) -> usize {
    let side = usize::try_from(limit).map_or(usize::MAX, |l| l.saturating_add(1));
    128usize.saturating_add(side.saturating_mul(side).saturating_mul(5))
}

/// The values of `{A, b, c}` for `b, c <= L`, a row for each `b`.
struct Grid {
    side: usize,
    values: Vec<u32>,
}

impl Grid {
    /// The grid to `limit` of `value(b, c)`, which is the value of
    /// `{A, b, c}` and so the same as `value(c, b)`: asked once for each
    /// pair `b <= c`, half the look-ups of the whole plane.
    fn symmetric(
        limit: u64,
        mut value: impl FnMut(u64, u64) -> Result<u32, ApiError>,
    ) -> Result<Grid, ApiError> {
        let side = usize::try_from(limit)
            .ok()
            .and_then(|l| l.checked_add(1))
            .ok_or_else(|| ApiError::Internal(format!("no map to {limit}")))?;
        let mut values = vec![0; side * side];
        for (b, row) in (0..=limit).zip(0..side) {
            for (c, column) in (b..=limit).zip(row..side) {
                let v = value(b, c)?;
                values[row * side + column] = v;
                values[column * side + row] = v;
            }
        }
        Ok(Grid { side, values })
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.values.chunks(self.side))
    }
}

/// `GET /api/grundy`.
#[derive(Serialize)]
pub(crate) struct GrundyAnswer {
    a: u64,
    limit: u64,
    /// `values[b][c]`: the value of `{A, b, c}`.
    values: Grid,
}

/// `a=A&limit=L`: the Grundy values of `{A, b, c}` for `b, c <= L`.
pub(crate) async fn grundy(
    Shared(state): Shared<Arc<State>>,
    raw: Raw,
) -> Result<Response, ApiError> {
    let params = Params::new(raw, &["a", "limit"])?;
    let a = params.number("a", MAX_GRUNDY_PILE, "Grundy values")?;
    let limit = params.number("limit", MAX_MAP, "maps of Grundy values")?;
    let table = state.grundy(a.max(limit)).await?;
    json_answer(&grundy_map(&table, a, limit)?, map_bytes(limit))
}

/// The Grundy values of `{A, b, c}` for `b, c <= L`, which `table` covers.
fn grundy_map(
    table: &stone_game::GrundyTable,
    a: u64,
    limit: u64,
) -> Result<GrundyAnswer, ApiError> {
    let values = Grid::symmetric(limit, |b, c| grundy_of(table, [a, b, c]))?;
    Ok(GrundyAnswer { a, limit, values })
}

/// `GET /api/remoteness`.
#[derive(Serialize)]
pub(crate) struct RemotenessAnswer {
    a: u64,
    limit: u64,
    convention: Play,
    /// `remoteness[b][c]`: the remoteness of `{A, b, c}`.
    remoteness: Grid,
    /// `losing[b]`: the `c` of each losing `{A, b, c}` with `c <= L`.
    losing: Vec<Option<u64>>,
}

/// `a=A&limit=L&misere=0|1`: the remoteness of `{A, b, c}` for `b, c <= L`.
pub(crate) async fn remoteness(
    Shared(state): Shared<Arc<State>>,
    raw: Raw,
) -> Result<Response, ApiError> {
    let params = Params::new(raw, &["a", "limit", "misere"])?;
    let a = params.number("a", MAX_PILE, "remoteness")?;
    let limit = params.number("limit", MAX_MAP, "maps of remoteness")?;
    let play = params.play()?;
    let solved = state.solved(a.max(limit), play.convention()).await?;
    json_answer(
        &remoteness_map(&solved, a, limit, play)?,
        remoteness_map_bytes(limit),
    )
}

/// The remoteness of `{A, b, c}` for `b, c <= L`, which `solved` covers,
/// and the losing positions among them.
fn remoteness_map(
    solved: &Solved,
    a: u64,
    limit: u64,
    play: Play,
) -> Result<RemotenessAnswer, ApiError> {
    let mut losing = vec![None; limit as usize + 1];
    let remoteness = Grid::symmetric(limit, |b, c| {
        let v = value_of(solved, [a, b, c])?;
        if v.outcome == Outcome::Lose {
            losing[b as usize] = Some(c);
            losing[c as usize] = Some(b);
        }
        Ok(v.remoteness)
    })?;
    Ok(RemotenessAnswer {
        a,
        limit,
        convention: play,
        remoteness,
        losing,
    })
}

/// About the bytes of a map of remoteness to `limit`: the values as
/// [`map_bytes`] counts them, and up to four digits and a comma for each
/// `losing[b]`.
fn remoteness_map_bytes(limit: u64) -> usize {
    map_bytes(limit).saturating_add(5 * (limit as usize + 1))
}

/// `GET /api/sum`.
#[derive(Serialize)]
pub(crate) struct SumAnswer {
    limit: u64,
    convention: Play,
    sum: u64,
    count: u64,
}

/// `limit=L&misere=0|1`: S(L) and the number of losing positions
/// `x <= y <= z <= L`.
pub(crate) async fn sum(
    Shared(state): Shared<Arc<State>>,
    raw: Raw,
) -> Result<Json<SumAnswer>, ApiError> {
    let params = Params::new(raw, &["limit", "misere"])?;
    let limit = params.number("limit", MAX_PILE, "sums")?;
    let play = params.play()?;
    let solved = state.solved(limit, play.convention()).await?;
    let tables = solved.tables();
    let lack = || ApiError::Internal(format!("the tables lack S({limit})"));
    // Within MAX_PILE, checked above.
    let l = u32::try_from(limit).map_err(|_| lack())?;
    Ok(Json(SumAnswer {
        limit,
        convention: play,
        sum: tables.losing_sum(l).ok_or_else(lack)?,
        count: tables.losing_count(l).ok_or_else(lack)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that `answer` as JSON fits in `capacity` bytes, so that its
    /// buffer is never grown, and, where `most` is given, that `capacity` is
    /// at most `most` times its length, so that little of it is wasted.
    fn assert_fits(what: &str, answer: &impl Serialize, capacity: usize, most: Option<usize>) {
        let length = serde_json::to_vec(answer).unwrap().len();
        assert!(length <= capacity, "{what}: {length} > {capacity}");
        if let Some(most) = most {
            assert!(
                capacity <= most * length,
                "{what}: {capacity} > {most} * {length}"
            );
        }
    }

    /// A position's answer fits, with at most twice its length: for one
    /// game and for the largest sum, with piles of one to three digits.
    #[test]
    fn a_positions_answer_fits_its_buffer_with_little_to_spare() {
        let solved = Solved::compute(300, Convention::Normal).unwrap();
        for game in [
            [0, 0, 0],
            [0, 0, 1],
            [3, 5, 7],
            [9, 99, 300],
            [300, 300, 300],
        ] {
            let answer = single_game(&solved, &game, Play::Normal, Some(0)).unwrap();
            let capacity = position_bytes(answer.moves.len(), 3);
            assert_fits(&format!("{game:?}"), &answer, capacity, Some(2));
        }
        let grundy = stone_game::GrundyTable::compute(100).unwrap();
        for top in [9, 100] {
            let piles: Vec<u64> = (0..3 * MAX_GAMES as u64).map(|p| top - p % 3).collect();
            let answer = sum_of_games(&grundy, &piles).unwrap();
            let capacity = position_bytes(answer.moves.len(), piles.len());
            assert_fits(&format!("{piles:?}"), &answer, capacity, Some(2));
        }
    }

    /// A map's answer fits, with values of one to three digits here, and
    /// with at most three times its length from a limit of 10 on (a map of
    /// one point has the 128 bytes of its head to spare).
    #[test]
    fn a_maps_answer_fits_its_buffer_with_little_to_spare() {
        let grundy = stone_game::GrundyTable::compute(100).unwrap();
        let solved = Solved::compute(100, Convention::Normal).unwrap();
        for (a, limit) in [(0, 0), (0, 10), (7, 60), (100, 100)] {
            let what = format!("A = {a}, limit {limit}");
            let most = (limit >= 10).then_some(3);
            let answer = grundy_map(&grundy, a, limit).unwrap();
            assert_fits(&what, &answer, map_bytes(limit), most);
            let answer = remoteness_map(&solved, a, limit, Play::Normal).unwrap();
            assert_fits(&what, &answer, remoteness_map_bytes(limit), most);
        }
    }
}
