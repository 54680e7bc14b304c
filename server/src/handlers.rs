//! The JSON API under `/api`: each endpoint parses its query, asks the
//! library's [`Solver`] with the tables it needs, and writes the answer in
//! the library's JSON shape, the command line's `--json` (this crate's
//! README lists them with examples).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use stone_game::{Convention, GrundyMap, Move, Position, RemotenessMap, Solver, Total};

use crate::answers::{Answers, Asked};
use crate::error::ApiError;
use crate::params::{
    Params, Plane, PlaneQuery, PlaneRequest, PositionQuery, PositionRequest, SumQuery, SumRequest,
};
use crate::tables::Tables;
use crate::work::Work;

/// What the handlers share: the tables, the bound on heavy answers, and the
/// answers already written.
#[derive(Clone)]
pub(crate) struct App {
    pub(crate) tables: Arc<Tables>,
    pub(crate) work: Work,
    pub(crate) answers: Arc<Answers>,
}

/// The largest answer, in bytes as estimated before it is computed, that
/// is computed on the async thread that read its request: a position with
/// piles up to about 200 (1400 moves) or a map to about 160, a fraction of
/// a millisecond. A larger answer runs on the blocking pool, where it
/// cannot hold up the small answers around it.
const INLINE_MOST: usize = 128 * 1024;

/// `job`'s answer: computed here when its answer's estimated `bytes` are at
/// most [`INLINE_MOST`], else on the blocking pool.
async fn answer<T: Send + 'static>(
    work: &Work,
    bytes: usize,
    job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    if bytes <= INLINE_MOST {
        job()
    } else {
        work.run(job).await
    }
}

/// The answer to `asked`: the one kept from before, else `job`'s, computed
/// as [`answer`] computes it, and kept.
async fn kept(
    app: &App,
    asked: Asked,
    bytes: usize,
    job: impl FnOnce() -> Result<Vec<u8>, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    if let Some(body) = app.answers.get(&asked) {
        return Ok(json(body));
    }
    let body = answer(&app.work, bytes, job).await?;
    Ok(json(app.answers.keep(asked, body)))
}

/// A 200 answer of the JSON `body`.
fn json(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `answer` as JSON, written into a buffer of `capacity` bytes to start
/// with: an answer's size is known closely in advance (within three times
/// it), and a buffer grown by doubling would copy the largest answers, a
/// megabyte, several times over.
fn written(answer: &impl Serialize, capacity: usize) -> Result<Vec<u8>, ApiError> {
    let mut body = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut body, answer)
        .map_err(|e| ApiError::Internal(format!("cannot write the answer: {e}")))?;
    Ok(body)
}

/// About the bytes of the answer for a position of `piles` piles, each below
/// 10,000, with `moves` moves: 128 for the position's value, five bytes a
/// pile for the position, and for each move and the engine's
/// `{"piles":[],"stones":999,"to":[],"outcome":"lose","remoteness":999},`,
/// up to three pile numbers of two digits, and five bytes a pile.
fn position_bytes(moves: usize, piles: usize) -> usize {
    let engine = usize::from(moves > 0);
    let each = piles.saturating_mul(5).saturating_add(80);
    let moves = moves.saturating_add(engine).saturating_mul(each);
    piles
        .saturating_mul(5)
        .saturating_add(128)
        .saturating_add(moves)
}

/// The number of moves from `position`, known before they are listed: the
/// sum of its games' ([`Move::count_from`]). A bound on the largest pile
/// alone, seven times it, would be up to seven times too many for a game
/// with two small piles, and would send the small answers of a game played
/// down from typed piles to the blocking pool, to queue behind the heavy.
fn moves_from(position: &Position) -> usize {
    position
        .games()
        .map(Move::count_from)
        .fold(0u64, u64::saturating_add)
        .try_into()
        .unwrap_or(usize::MAX)
}

/// `piles=A,B,C[,...]&misere=0|1`: a game or a sum of games, every move
/// from it, and the engine's.
pub(crate) async fn position(
    State(app): State<App>,
    Params(query): Params<PositionQuery>,
) -> Result<Response, ApiError> {
    let PositionRequest {
        position,
        convention,
    } = query.request()?;
    let largest = position.largest_pile();
    let solver = Solver::new(convention);
    let written = move |answer: stone_game::PositionAnswer| {
        written(
            &answer,
            position_bytes(answer.moves.len(), answer.value.position.piles().len()),
        )
    };
    let asked = |grundy: bool| Asked::Position {
        position: position.clone(),
        convention,
        grundy,
    };
    match position.single() {
        Some(_) => {
            let bytes = position_bytes(moves_from(&position), 3);
            let remoteness = app.tables.remoteness(convention, largest).await?;
            let grundy = match convention {
                Convention::Normal => app.tables.grundy_if_quick(largest).await?,
                Convention::Misere => None,
            };
            let asked = asked(grundy.is_some());
            kept(&app, asked, bytes, move || {
                let solver = solver.with_remoteness(&remoteness)?;
                written(match &grundy {
                    Some(grundy) => solver.with_grundy(grundy)?.position(&position)?,
                    None => solver.position(&position)?,
                })
            })
            .await
        }
        None if convention == Convention::Normal => {
            let bytes = position_bytes(moves_from(&position), position.piles().len());
            let grundy = app.tables.grundy(largest).await?;
            kept(&app, asked(true), bytes, move || {
                written(solver.with_grundy(&grundy)?.position(&position)?)
            })
            .await
        }
        // A misère sum: the library refuses it before it needs a table.
        None => Ok(json(written(solver.position(&position)?)?.into())),
    }
}

/// `a=A&limit=L&misere=0|1`: every `(b, c)` with `{A, b, c}` losing and
/// `b, c <= L`.
pub(crate) async fn slice(
    State(app): State<App>,
    Params(query): Params<PlaneQuery>,
) -> Result<Response, ApiError> {
    let PlaneRequest {
        a,
        limit,
        convention,
    } = query.request(Plane::Slice)?;
    let losing = app.tables.losing(convention, a.max(limit)).await?;
    let asked = Asked::Slice {
        a,
        limit,
        convention,
    };
    kept(&app, asked, slice_bytes(limit), move || {
        let solver = Solver::new(convention).with_tables(losing.tables())?;
        written(&solver.slice(a, limit)?, slice_bytes(limit))
    })
    .await
}

/// At most about the bytes of a slice to `limit`: one pair `[b,c]` of up to
/// four digits each, for each `b`.
fn slice_bytes(limit: u64) -> usize {
    let side = usize::try_from(limit).map_or(usize::MAX, |l| l.saturating_add(1));
    128usize.saturating_add(side.saturating_mul(12))
}

/// About the bytes of a map of values to `limit`: a value of up to four
/// digits and a comma for each of `(L + 1)^2` points.
fn map_bytes(limit: u64) -> usize {
    let side = usize::try_from(limit).map_or(usize::MAX, |l| l.saturating_add(1));
    128usize.saturating_add(side.saturating_mul(side).saturating_mul(5))
}

/// `a=A&limit=L&misere=0|1`: the Grundy values of `{A, b, c}` for
/// `b, c <= L`; refused under misère play, where they are undefined.
pub(crate) async fn grundy(
    State(app): State<App>,
    Params(query): Params<PlaneQuery>,
) -> Result<Response, ApiError> {
    let PlaneRequest {
        a,
        limit,
        convention,
    } = query.request(Plane::Grundy)?;
    let solver = Solver::new(convention);
    match convention {
        Convention::Normal => {
            let table = app.tables.grundy(a.max(limit)).await?;
            let asked = Asked::GrundyMap { a, limit };
            kept(&app, asked, map_bytes(limit), move || {
                let map: GrundyMap = solver.with_grundy(&table)?.grundy_map(a, limit)?;
                written(&map, map_bytes(limit))
            })
            .await
        }
        // The library refuses: no table would answer.
        Convention::Misere => Ok(json(
            written(&solver.grundy_map(a, limit)?, map_bytes(limit))?.into(),
        )),
    }
}

/// `a=A&limit=L&misere=0|1`: the remoteness of `{A, b, c}` for `b, c <= L`.
pub(crate) async fn remoteness(
    State(app): State<App>,
    Params(query): Params<PlaneQuery>,
) -> Result<Response, ApiError> {
    let PlaneRequest {
        a,
        limit,
        convention,
    } = query.request(Plane::Remoteness)?;
    let table = app.tables.remoteness(convention, a.max(limit)).await?;
    let asked = Asked::RemotenessMap {
        a,
        limit,
        convention,
    };
    kept(&app, asked, remoteness_map_bytes(limit), move || {
        let map: RemotenessMap = Solver::new(convention)
            .with_remoteness(&table)?
            .remoteness_map(a, limit)?;
        written(&map, remoteness_map_bytes(limit))
    })
    .await
}

/// About the bytes of a map of remoteness to `limit`: the values as
/// [`map_bytes`] counts them, and up to four digits and a comma for each
/// `losing[b]`.
fn remoteness_map_bytes(limit: u64) -> usize {
    let side = usize::try_from(limit).map_or(usize::MAX, |l| l.saturating_add(1));
    map_bytes(limit).saturating_add(side.saturating_mul(5))
}

/// `limit=L&misere=0|1`: S(L) and the number of losing positions
/// `x <= y <= z <= L`; normal play's from the embedded tables where they
/// reach.
pub(crate) async fn sum(
    State(app): State<App>,
    Params(query): Params<SumQuery>,
) -> Result<Json<Total>, ApiError> {
    let SumRequest { limit, convention } = query.request()?;
    let solver = Solver::new(convention);
    let total = if stone_game::EMBEDDED.covers(convention, limit) {
        solver.total(limit)?
    } else {
        let totals = app.tables.totals(convention, limit).await?;
        solver.with_totals(&totals)?.total(limit)?
    };
    Ok(Json(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stone_game::{GrundyTable, Position, RemotenessTable};

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
    /// game and for the largest sum, with piles of one to three digits, in
    /// both conventions.
    #[test]
    fn a_positions_answer_fits_its_buffer_with_little_to_spare() {
        for (convention, largest) in [(Convention::Normal, 300), (Convention::Misere, 120)] {
            let table = RemotenessTable::compute(largest, convention).unwrap();
            let solver = Solver::new(convention).with_remoteness(&table).unwrap();
            for game in [
                [0, 0, 0],
                [0, 0, 1],
                [3, 5, 7],
                [9, 99, 120],
                [120, 120, 120],
                [largest.into(), u64::from(largest) - 1, 1],
            ] {
                let position = Position::game(game);
                let answer = solver.position(&position).unwrap();
                assert_counts_moves(&position, answer.moves.len());
                let capacity = position_bytes(answer.moves.len(), 3);
                assert_fits(&format!("{game:?}"), &answer, capacity, Some(2));
            }
        }
        let grundy = GrundyTable::compute(100).unwrap();
        let solver = Solver::new(Convention::Normal)
            .with_grundy(&grundy)
            .unwrap();
        for top in [9, 100] {
            let games = crate::params::MAX_GAMES as u64;
            let piles: Vec<u64> = (0..3 * games).map(|p| top - p % 3).collect();
            let position = Position::new(piles.clone()).unwrap();
            let answer = solver.position(&position).unwrap();
            assert_counts_moves(&position, answer.moves.len());
            let capacity = position_bytes(answer.moves.len(), piles.len());
            assert_fits(&format!("{piles:?}"), &answer, capacity, Some(2));
        }
    }

    /// Checks that [`moves_from`] is the number of `moves` of `position`.
    fn assert_counts_moves(position: &Position, moves: usize) {
        assert_eq!(moves_from(position), moves, "{position}");
    }

    /// Answers up to [`INLINE_MOST`] bytes are computed on the thread that
    /// asked, larger ones on the blocking pool: told by the thread each job
    /// ran on.
    #[tokio::test(flavor = "current_thread")]
    async fn small_answers_run_where_they_were_asked_and_large_ones_on_the_pool() {
        let work = Work::new(1);
        let here = std::thread::current().id();
        let ran_on = |bytes| answer(&work, bytes, || Ok(std::thread::current().id()));
        assert_eq!(ran_on(0).await.unwrap(), here);
        assert_eq!(ran_on(INLINE_MOST).await.unwrap(), here);
        assert_ne!(ran_on(INLINE_MOST + 1).await.unwrap(), here);
        // The bound sits at the size the docs give: 128 KiB.
        assert_eq!(INLINE_MOST, 131_072);
    }

    /// An answer is written as serde_json writes it, whatever the buffer's
    /// first capacity.
    #[test]
    fn an_answer_is_written_as_json() {
        let answer = Solver::new(Convention::Normal).total(3).unwrap();
        let json = serde_json::to_vec(&answer).unwrap();
        for capacity in [0, 1, 4096] {
            assert_eq!(written(&answer, capacity).unwrap(), json);
        }
    }

    /// A question's answer is computed once and then given from what was
    /// kept, the same bytes as JSON; another question is computed.
    #[tokio::test(flavor = "current_thread")]
    async fn an_answer_is_computed_once_and_then_given_as_kept() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let app = App {
            tables: Tables::new(None),
            work: Work::new(1),
            answers: Arc::new(Answers::new(crate::answers::KEPT_BYTES)),
        };
        let computed = Arc::new(AtomicUsize::new(0));
        let ask = |a: u64| {
            let computed = Arc::clone(&computed);
            kept(&app, Asked::GrundyMap { a, limit: 0 }, 16, move || {
                let n = computed.fetch_add(1, Ordering::SeqCst);
                Ok(format!("{{\"computed\":{n}}}").into_bytes())
            })
        };
        for (a, body, times) in [
            (1, "{\"computed\":0}", 1),
            (1, "{\"computed\":0}", 1),
            (2, "{\"computed\":1}", 2),
        ] {
            let response = ask(a).await.unwrap();
            assert_eq!(response.status(), 200);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            let bytes = axum::body::to_bytes(response.into_body(), 1024)
                .await
                .unwrap();
            assert_eq!(bytes, body, "A = {a}");
            assert_eq!(computed.load(Ordering::SeqCst), times, "A = {a}");
        }
    }

    /// A slice's answer fits: one pair at most for each `b`.
    #[test]
    fn a_slices_answer_fits_its_estimate() {
        let solver = Solver::new(Convention::Normal);
        let limit = u64::from(stone_game::LIMIT);
        for (a, to) in [(0, 0), (0, 10), (7, 100), (limit, limit)] {
            let answer = solver.slice(a, to).unwrap();
            assert_fits(
                &format!("A = {a}, limit {to}"),
                &answer,
                slice_bytes(to),
                None,
            );
        }
    }

    /// A map's answer fits, with values of one to three digits here, and
    /// with at most three times its length from a limit of 10 on (a map of
    /// one point has the 128 bytes of its head to spare).
    #[test]
    fn a_maps_answer_fits_its_buffer_with_little_to_spare() {
        let grundy = GrundyTable::compute(100).unwrap();
        let remoteness = RemotenessTable::compute(100, Convention::Misere).unwrap();
        let normal = Solver::new(Convention::Normal)
            .with_grundy(&grundy)
            .unwrap();
        let misere = Solver::new(Convention::Misere)
            .with_remoteness(&remoteness)
            .unwrap();
        for (a, limit) in [(0, 0), (0, 10), (7, 60), (100, 100)] {
            let what = format!("A = {a}, limit {limit}");
            let most = (limit >= 10).then_some(3);
            let answer = normal.grundy_map(a, limit).unwrap();
            assert_fits(&what, &answer, map_bytes(limit), most);
            let answer = misere.remoteness_map(a, limit).unwrap();
            assert_fits(&what, &answer, remoteness_map_bytes(limit), most);
        }
    }
}
