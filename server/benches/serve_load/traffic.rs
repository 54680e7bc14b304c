//! What is asked: the page's traffic, the requests the explorer's page
//! makes for visits of its users, and every endpoint at its full range.

use stone_game::Move;

/// The largest pile of a position, slice or sum the server answers.
pub(crate) const PILES: u64 = 1000;
/// The largest pile of a map this bench asks for (the server's largest
/// map), and of the Grundy values it checks sums against.
pub(crate) const GRUNDY: u64 = 500;

/// The map's limit when the page opens.
pub(crate) const PAGE_MAP: u64 = 60;
/// The largest pile of the page's random start.
pub(crate) const PAGE_START: u64 = 20;

/// One request of a mix.
#[derive(Clone, Debug)]
pub(crate) enum Request {
    Position([u64; 3]),
    Misere([u64; 3]),
    Sum(Vec<u64>),
    Slice { a: u64, limit: u64 },
    Grundy { a: u64, limit: u64 },
    Remoteness { a: u64, limit: u64 },
    Total { limit: u64 },
}

impl Request {
    pub(crate) fn path(&self) -> String {
        let join = |p: &[u64]| p.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Request::Position(p) => format!("/api/position?piles={}", join(p)),
            Request::Misere(p) => format!("/api/position?piles={}&misere=1", join(p)),
            Request::Sum(p) => format!("/api/position?piles={}", join(p)),
            Request::Slice { a, limit } => format!("/api/slice?a={a}&limit={limit}"),
            Request::Grundy { a, limit } => format!("/api/grundy?a={a}&limit={limit}"),
            Request::Remoteness { a, limit } => format!("/api/remoteness?a={a}&limit={limit}"),
            Request::Total { limit } => format!("/api/sum?limit={limit}"),
        }
    }

    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Request::Position(_) => "position",
            Request::Misere(_) => "position (misère)",
            Request::Sum(_) => "position (sum)",
            Request::Slice { .. } => "slice",
            Request::Grundy { .. } => "grundy",
            Request::Remoteness { .. } => "remoteness",
            Request::Total { .. } => "sum",
        }
    }

    /// A request of the full-range mix: positions most, maps least.
    fn random(rng: &mut fastrand::Rng) -> Request {
        match rng.u32(0..100) {
            0..45 => Request::Position([0; 3].map(|_| rng.u64(0..=PILES))),
            45..55 => Request::Sum((0..3 * rng.usize(2..=4)).map(|_| rng.u64(0..=60)).collect()),
            55..75 => Request::Slice {
                a: rng.u64(0..=PILES),
                limit: rng.u64(0..=PILES),
            },
            75..82 => Request::Grundy {
                a: rng.u64(0..=GRUNDY),
                limit: rng.u64(0..=100),
            },
            82..89 => Request::Remoteness {
                a: rng.u64(0..=PILES),
                limit: rng.u64(0..=100),
            },
            _ => Request::Total {
                limit: rng.u64(0..=PILES),
            },
        }
    }
}

/// `count` requests of the full-range mix.
pub(crate) fn full_range(rng: &mut fastrand::Rng, count: usize) -> Vec<Request> {
    (0..count).map(|_| Request::random(rng)).collect()
}

/// `count` requests of the page's traffic: visits of the page, one after
/// another, each the requests the page makes for it.
pub(crate) fn page_traffic(rng: &mut fastrand::Rng, count: usize) -> Vec<Request> {
    let mut requests = Vec::with_capacity(count);
    while requests.len() < count {
        match rng.u32(0..100) {
            // A game from the page's random start, in either convention.
            0..50 => {
                let start = [0; 3].map(|_| rng.u64(1..=PAGE_START));
                let misere = rng.u32(0..5) == 0;
                game(rng, start, misere, &mut requests);
            }
            // A game from typed piles.
            50..60 => {
                let start = [0; 3].map(|_| rng.u64(0..=PILES));
                game(rng, start, false, &mut requests);
            }
            // A sum of small games: the sum, each game, then moves.
            60..70 => {
                let mut piles: Vec<u64> = (0..3 * rng.usize(2..=4))
                    .map(|_| rng.u64(1..=PAGE_START))
                    .collect();
                requests.push(Request::Sum(piles.clone()));
                for g in piles.chunks(3) {
                    requests.push(Request::Position([g[0], g[1], g[2]]));
                }
                while let Some(to) = random_move_in_sum(rng, &piles) {
                    piles = to;
                    requests.push(Request::Sum(piles.clone()));
                }
            }
            // A map at the page's limit, then a game from a click on it.
            _ => {
                let a = rng.u64(0..=GRUNDY);
                requests.push(Request::Slice { a, limit: PAGE_MAP });
                requests.push(if rng.bool() {
                    Request::Grundy { a, limit: PAGE_MAP }
                } else {
                    Request::Remoteness { a, limit: PAGE_MAP }
                });
                let start = [a, rng.u64(0..=PAGE_MAP), rng.u64(0..=PAGE_MAP)];
                game(rng, start, false, &mut requests);
            }
        }
    }
    requests.truncate(count);
    requests
}

/// The requests of a game from `start` played to its end, a random move at
/// a time: the page asks for every position the game reaches.
pub(crate) fn game(
    rng: &mut fastrand::Rng,
    start: [u64; 3],
    misere: bool,
    requests: &mut Vec<Request>,
) {
    let mut p = Some(start);
    while let Some(position) = p {
        requests.push(if misere {
            Request::Misere(position)
        } else {
            Request::Position(position)
        });
        let moves: Vec<Move> = Move::all_from(position).collect();
        p = (!moves.is_empty())
            .then(|| moves[rng.usize(..moves.len())].apply(position))
            .flatten();
    }
}

/// The piles of a sum after a random move in one of its games, if one has
/// a move.
pub(crate) fn random_move_in_sum(rng: &mut fastrand::Rng, piles: &[u64]) -> Option<Vec<u64>> {
    let open: Vec<usize> = (0..piles.len() / 3)
        .filter(|&g| piles[3 * g..3 * g + 3].iter().any(|&n| n > 0))
        .collect();
    let g = *open.get(rng.usize(..open.len().max(1)))?;
    let game = [piles[3 * g], piles[3 * g + 1], piles[3 * g + 2]];
    let moves: Vec<Move> = Move::all_from(game).collect();
    let to = moves[rng.usize(..moves.len())].apply(game)?;
    let mut after = piles.to_vec();
    after[3 * g..3 * g + 3].copy_from_slice(&to);
    Some(after)
}
