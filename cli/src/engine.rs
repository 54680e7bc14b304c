//! The engine: the move it makes from a position, and the winning move it
//! names as a hint. It plays perfectly, by the referee's winning moves, and
//! one game by its remoteness. `play` plays against it, and the web
//! explorer's answers name its move, so that the page's engine is this one.
//!
//! One game is refereed by the tables of losing positions; a sum of games by
//! its games' Grundy values, through the library's
//! [`GrundyTable::sum_winning_moves`].

use stone_game::{GrundyTable, Outcome, RemotenessTable, Tables, Value};

use crate::context::Failure;
use crate::runtime::{best_first, positions_after};

/// What decides the positions of a game.
pub(crate) enum Referee<'t> {
    /// One game: the tables of losing positions.
    One(Tables<'t>),
    /// A sum of games: the Grundy values of every game.
    Sum(&'t GrundyTable),
}

impl Referee<'_> {
    /// Every move from the whole position `p` to a lost one (for the player
    /// who must answer it), as the position it leaves; none when `p` is lost.
    pub(crate) fn winning_moves(&self, p: &[u64]) -> Result<Vec<Vec<u64>>, Failure> {
        match self {
            Referee::One(tables) => {
                let moves = tables.winning_moves(p[0], p[1], p[2]).ok_or_else(|| {
                    Failure::Internal(format!("the tables do not answer the moves of {p:?}"))
                })?;
                Ok(moves.map(|m| m.to.to_vec()).collect())
            }
            Referee::Sum(values) => {
                let games: Vec<[u64; 3]> = p.chunks(3).map(|g| [g[0], g[1], g[2]]).collect();
                let moves = values.sum_winning_moves(&games).ok_or_else(|| {
                    Failure::Internal(format!("the Grundy table lacks {games:?}"))
                })?;
                Ok(moves
                    .into_iter()
                    .map(|m| {
                        let mut whole = p.to_vec();
                        whole[3 * m.game..3 * m.game + 3].copy_from_slice(&m.to);
                        whole
                    })
                    .collect())
            }
        }
    }
}

/// The best of one game's moves, each the position it leaves and that
/// position's value: the quickest win, or from a lost position the longest
/// resistance, ties to the least position ([`best_first`]); `None` when
/// there is no move.
pub(crate) fn best_of(
    moves: impl IntoIterator<Item = ([u64; 3], Value)>,
) -> Option<([u64; 3], Value)> {
    moves
        .into_iter()
        .min_by_key(|&(to, value)| best_first(to, value))
}

/// The best move of one game by its remoteness ([`best_of`]), and the value
/// of the position it leaves; `None` for a sum of games or a position with
/// no move.
pub(crate) fn by_remoteness(
    table: &RemotenessTable,
    position: &[u64],
) -> Result<Option<(Vec<u64>, Value)>, Failure> {
    let &[a, b, c] = position else {
        return Ok(None);
    };
    let moves = positions_after([a, b, c])
        .map(|to| {
            table
                .value(to[0], to[1], to[2])
                .map(|value| (to, value))
                .ok_or_else(|| Failure::unanswered(&format!("the remoteness of {to:?}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(best_of(moves).map(|(to, value)| (to.to_vec(), value)))
}

/// The engine's move from `position`: by the remoteness table of the game
/// when there is one ([`by_remoteness`]: it wins in the fewest moves and,
/// when lost, holds out the longest), else by [`engine_move`].
pub(crate) fn engine_move_with(
    referee: &Referee,
    remoteness: Option<&RemotenessTable>,
    position: &[u64],
) -> Result<Vec<u64>, Failure> {
    if let Some(table) = remoteness
        && let Some((to, _)) = by_remoteness(table, position)?
    {
        return Ok(to);
    }
    engine_move(referee, position)
}

/// The hint from `position`: the winning move the engine would make, and
/// with a remoteness table the moves the win takes, `N` of `win in N`.
pub(crate) fn hint_with(
    referee: &Referee,
    remoteness: Option<&RemotenessTable>,
    position: &[u64],
) -> Result<(Option<Vec<u64>>, Option<u32>), Failure> {
    if let Some(table) = remoteness
        && let Some((to, value)) = by_remoteness(table, position)?
    {
        return Ok(match value.outcome {
            Outcome::Lose => (Some(to), Some(value.remoteness + 1)),
            Outcome::Win => (None, None),
        });
    }
    Ok((winning_move(referee, position)?, None))
}

/// The engine's move from `position`: a winning move when there is one;
/// from a lost position, one stone from one pile, the move that takes the
/// least and so keeps the game longest, choosing among those one that the
/// player cannot end at once, then the one with the fewest winning replies.
pub(crate) fn engine_move(referee: &Referee, position: &[u64]) -> Result<Vec<u64>, Failure> {
    if let Some(to) = winning_move(referee, position)? {
        return Ok(to);
    }
    let mut best: Option<(Vec<u64>, (bool, usize))> = None;
    for pile in (0..position.len()).filter(|&i| position[i] > 0) {
        let mut to = position.to_vec();
        to[pile] -= 1;
        // Worst for the engine: a reply that takes every stone left.
        let replies = referee.winning_moves(&to)?;
        let ends = replies.iter().any(|r| r.iter().all(|&p| p == 0));
        let score = (ends, replies.len());
        if best.as_ref().is_none_or(|(_, fewest)| score < *fewest) {
            best = Some((to, score));
        }
    }
    best.map(|(to, _)| to)
        .ok_or_else(|| Failure::Internal(format!("the engine found no move from {position:?}")))
}

/// The winning move that leaves the most stones, if there is one: the
/// engine wins all the same, and the game lasts longer. The hint names it.
pub(crate) fn winning_move(
    referee: &Referee,
    position: &[u64],
) -> Result<Option<Vec<u64>>, Failure> {
    Ok(referee
        .winning_moves(position)?
        .into_iter()
        .max_by_key(|to| (to.iter().sum::<u64>(), std::cmp::Reverse(to.clone()))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stone_game::GrundyTable;

    /// The positions one stone from one pile leads to.
    fn one_stone_moves(p: &[u64]) -> Vec<Vec<u64>> {
        (0..p.len())
            .filter(|&i| p[i] > 0)
            .map(|i| {
                let mut to = p.to_vec();
                to[i] -= 1;
                to
            })
            .collect()
    }

    /// From a lost position the engine's move is as long as a move can be,
    /// and as hard to answer as such a move can be: it takes one stone, it
    /// leaves no reply that ends the game if some such move does, and no
    /// other such move leaves fewer winning replies. The same position
    /// always gets the same move (a seeded game replays the same).
    fn assert_lost_positions_are_played_long(referee: &Referee, lost: &[Vec<u64>]) -> usize {
        let mut ties = 0;
        for p in lost {
            let to = engine_move(referee, p).unwrap();
            assert_eq!(engine_move(referee, p).unwrap(), to, "from {p:?}");
            let candidates = one_stone_moves(p);
            assert!(candidates.contains(&to), "{p:?} -> {to:?}");
            let replies = |q: &Vec<u64>| referee.winning_moves(q).unwrap();
            let ends = |q: &Vec<u64>| replies(q).iter().any(|r| r.iter().all(|&s| s == 0));
            if candidates.iter().any(|q| !ends(q)) {
                assert!(!ends(&to), "{p:?} -> {to:?}");
            }
            let equal: Vec<_> = candidates.iter().filter(|q| ends(q) == ends(&to)).collect();
            let fewest = equal.iter().map(|q| replies(q).len()).min().unwrap();
            assert_eq!(replies(&to).len(), fewest, "{p:?} -> {to:?}");
            ties += usize::from(equal.iter().filter(|q| replies(q).len() == fewest).count() > 1);
        }
        ties
    }

    #[test]
    fn from_a_lost_game_the_engine_plays_long() {
        let referee = Referee::One(stone_game::EMBEDDED);
        let lost: Vec<Vec<u64>> = stone_game::LOSING_TRIPLES
            .iter()
            .filter(|t| t[2] <= 12)
            .skip(1)
            .map(|t| t.map(u64::from).to_vec())
            .collect();
        // Ties are met, so the choice among equals is exercised too.
        assert!(assert_lost_positions_are_played_long(&referee, &lost) > 0);
    }

    #[test]
    fn from_a_lost_sum_the_engine_plays_long() {
        let table = GrundyTable::compute(6).unwrap();
        let referee = Referee::Sum(&table);
        let value = |p: &[u64]| table.value(p[0], p[1], p[2]).unwrap();
        let mut lost = Vec::new();
        for i in 1..7 * 7 * 7 {
            let g = [i / 49, i / 7 % 7, i % 7];
            for j in 0..7 * 7 * 7 {
                let h = [j / 49, j / 7 % 7, j % 7];
                if value(&g) == value(&h) && j % 5 == 0 {
                    lost.push([g, h].concat());
                }
            }
        }
        assert!(lost.len() > 50);
        assert!(assert_lost_positions_are_played_long(&referee, &lost) > 0);
    }

    #[test]
    fn from_a_won_position_the_engine_wins_leaving_the_most_stones() {
        let referee = Referee::One(stone_game::EMBEDDED);
        // From (1, 3, 4) the only winning move leaves (1, 3, 3).
        assert_eq!(engine_move(&referee, &[1, 3, 4]).unwrap(), [1, 3, 3]);
        // From (0, 0, 5), taking every stone.
        assert_eq!(
            winning_move(&referee, &[0, 0, 5]).unwrap(),
            Some(vec![0; 3])
        );
        assert_eq!(winning_move(&referee, &[1, 3, 3]).unwrap(), None);
        // Of several, the one that leaves the most stones.
        let p = [1, 2, 3, 4, 5, 6];
        let table = GrundyTable::compute(6).unwrap();
        let referee = Referee::Sum(&table);
        let moves = referee.winning_moves(&p).unwrap();
        assert!(moves.len() > 1, "{moves:?}");
        let most = moves.iter().map(|m| m.iter().sum::<u64>()).max();
        let best = winning_move(&referee, &p).unwrap().unwrap();
        assert_eq!(Some(best.iter().sum::<u64>()), most);
        assert_eq!(engine_move(&referee, &p).unwrap(), best);
    }
}
