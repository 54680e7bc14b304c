//! A move of a sum of games: the game it changes and that game's move;
//! and whether one position, a sum or one game, follows another by one.

use alloc::vec::Vec;

use crate::{IllegalMove, Move, Position};

/// A move of a sum of games: a move of one of its games, from
/// [`SumMove::between`] (game 0 for a position of one game) and
/// [`GrundyTable::sum_winning_moves`](crate::GrundyTable::sum_winning_moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// The game moved in: its index in the sum, from 0.
    pub game: usize,
    /// The move, in that game's piles, in the order they were given.
    pub take: Move,
    /// The position the move leaves that game in, piles in the order given;
    /// every other game stays as it was.
    pub to: [u64; 3],
}

/// Why one position, one game or a sum, cannot be left for another in a
/// move, from [`SumMove::between`]. The fields index games and piles from
/// 0 in the order given; the message counts the games from 1, and a game's
/// piles from 1 across the whole position (the second game's first pile is
/// pile 4), as [`IllegalMove`]'s message counts a game's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalSumMove {
    /// The positions have different numbers of piles.
    PileCount {
        /// The piles of the position moved from.
        from: usize,
        /// The piles of the position given as left.
        to: usize,
    },
    /// Every pile is as it was: a move takes at least one stone. (For one
    /// game too: the position as a whole, not a game in it, is unchanged.)
    NothingTaken,
    /// More than one game changes: a move changes one.
    SeveralGames {
        /// Every game that changes, in order: two or more.
        games: Vec<usize>,
    },
    /// The one game that changes does not change by one of its moves.
    InGame {
        /// The game.
        game: usize,
        /// Why not, its piles numbered from 0 within the game.
        why: IllegalMove,
    },
}

impl core::fmt::Display for IllegalSumMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            IllegalSumMove::PileCount { from, to } => {
                write!(f, "a position has {from} piles, not {to}")
            }
            IllegalSumMove::NothingTaken => IllegalMove::NothingTaken.fmt(f),
            IllegalSumMove::SeveralGames { games } => {
                write!(f, "a move changes one game, but this changes games")?;
                for (i, game) in games.iter().enumerate() {
                    let sep = if i == 0 { " " } else { " and " };
                    write!(f, "{sep}{}", game.saturating_add(1))?;
                }
                Ok(())
            }
            // The fields are public: a game past any position's saturates
            // rather than overflows.
            IllegalSumMove::InGame { game, why } => {
                why.fmt_numbered_from(f, game.saturating_mul(3))
            }
        }
    }
}

impl core::error::Error for IllegalSumMove {}

impl SumMove {
    /// The move that leaves `to` from `from`, each a position of one game
    /// or a sum, piles in the same order: the one game that changes (0 for
    /// a position of one game), its move there and what it leaves of it; or
    /// why no move does (checked in the order of [`IllegalSumMove`]'s
    /// variants). [`Move::between`] is the same question of one game's
    /// piles.
    ///
    /// ```
    /// use stone_game::{Move, Position, SumMove};
    /// let sum: Position = "1 3 4 + 5 5 5".parse()?;
    /// let to: Position = "1 3 4 + 2 2 5".parse()?;
    /// let take = Move::new([true, true, false], 3).unwrap();
    /// assert_eq!(SumMove::between(&sum, &to), Ok(SumMove { game: 1, take, to: [2, 2, 5] }));
    /// # Ok::<(), stone_game::PositionError>(())
    /// ```
    ///
    /// ```
    /// use stone_game::{IllegalMove, IllegalSumMove, Position, SumMove};
    /// let from: Position = "1 3 4 + 5 5 5".parse()?;
    /// let not_a_move = |to: &str| SumMove::between(&from, &to.parse().unwrap()).unwrap_err();
    /// assert_eq!(
    ///     not_a_move("1 3 3 + 4 5 5"),
    ///     IllegalSumMove::SeveralGames { games: vec![0, 1] }
    /// );
    /// let unequal = not_a_move("1 3 4 + 4 5 3");
    /// assert_eq!(
    ///     unequal,
    ///     IllegalSumMove::InGame { game: 1, why: IllegalMove::UnequalAmounts { taken: [1, 0, 2] } }
    /// );
    /// // The piles counted from 1 across the whole position: the second
    /// // game's are 4, 5 and 6.
    /// assert!(unequal.to_string().ends_with("this takes 1 from pile 4, 2 from pile 6"));
    /// assert_eq!(not_a_move("1 3 4 + 5 5 5"), IllegalSumMove::NothingTaken);
    /// assert_eq!(not_a_move("1 3 4"), IllegalSumMove::PileCount { from: 6, to: 3 });
    /// # Ok::<(), stone_game::PositionError>(())
    /// ```
    pub fn between(from: &Position, to: &Position) -> Result<SumMove, IllegalSumMove> {
        let (from_piles, to_piles) = (from.piles().len(), to.piles().len());
        if from_piles != to_piles {
            return Err(IllegalSumMove::PileCount {
                from: from_piles,
                to: to_piles,
            });
        }
        // Every game that changes, and the last one's piles before and after.
        let mut changed = Vec::new();
        let mut last = None;
        for (game, (before, after)) in from.games().zip(to.games()).enumerate() {
            if before != after {
                changed.push(game);
                last = Some((game, before, after));
            }
        }
        match (changed.len(), last) {
            (1, Some((game, before, after))) => Move::between(before, after)
                .map(|take| SumMove {
                    game,
                    take,
                    to: after,
                })
                .map_err(|why| IllegalSumMove::InGame { game, why }),
            (_, None) => Err(IllegalSumMove::NothingTaken),
            _ => Err(IllegalSumMove::SeveralGames { games: changed }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;

    /// Every position of `games` games with piles up to `most`.
    fn positions(games: usize, most: u64) -> Vec<Position> {
        let mut all = vec![Vec::new()];
        for _ in 0..3 * games {
            all = all
                .into_iter()
                .flat_map(|piles: Vec<u64>| {
                    (0..=most).map(move |pile| {
                        let mut more = piles.clone();
                        more.push(pile);
                        more
                    })
                })
                .collect();
        }
        all.into_iter()
            .map(|piles| Position::new(piles).expect("a multiple of three"))
            .collect()
    }

    /// The positions a move leaves from `from`, from the rules as
    /// [`Move::all_from`] lists each game's moves: one game changed, by one
    /// of its moves.
    fn left_by_a_move(from: &Position) -> Vec<(Position, SumMove)> {
        from.games()
            .enumerate()
            .flat_map(|(game, piles)| {
                Move::all_from(piles).map(move |take| {
                    let to = take.apply(piles).expect("a move from these piles");
                    (
                        from.with_game(game, to).expect("a game of `from`"),
                        SumMove { game, take, to },
                    )
                })
            })
            .collect()
    }

    #[test]
    fn a_position_follows_another_by_a_move_exactly_when_the_rules_list_it() {
        for games in 1..=2 {
            let all = positions(games, 2);
            for from in &all {
                let moves = left_by_a_move(from);
                for to in &all {
                    let listed = moves.iter().find(|(after, _)| after == to);
                    match (SumMove::between(from, to), listed) {
                        (Ok(found), Some((_, expected))) => assert_eq!(found, *expected),
                        (Err(_), None) => {}
                        (found, listed) => panic!("{from} -> {to}: {found:?}, listed {listed:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn why_a_position_does_not_follow_names_the_games_and_the_piles() {
        let position = |text: &str| text.parse::<Position>().expect("a position");
        let from = position("1 3 4 + 5 5 5 + 2 2 2");
        let why = |to: &str| SumMove::between(&from, &position(to)).unwrap_err();
        assert_eq!(why("1 3 4 + 5 5 5 + 2 2 2"), IllegalSumMove::NothingTaken);
        assert_eq!(
            why("0 3 4 + 5 5 5 + 1 2 2").to_string(),
            "a move changes one game, but this changes games 1 and 3"
        );
        assert_eq!(
            why("0 3 4 + 4 5 5 + 1 2 2"),
            IllegalSumMove::SeveralGames {
                games: vec![0, 1, 2]
            }
        );
        assert_eq!(
            why("1 3 4 + 5 6 5 + 2 2 2"),
            IllegalSumMove::InGame {
                game: 1,
                why: IllegalMove::PileGrows {
                    pile: 1,
                    from: 5,
                    to: 6
                }
            }
        );
        assert_eq!(
            why("1 3 4 + 5 6 5 + 2 2 2").to_string(),
            "pile 5 would grow from 5 to 6; a move only takes stones"
        );
        assert_eq!(
            why("1 3 4 + 5 5 5 + 2 1 0").to_string(),
            "a move takes the same number of stones from each pile it touches, but this \
             takes 1 from pile 8, 2 from pile 9"
        );
        assert_eq!(why("1 3 4").to_string(), "a position has 9 piles, not 3");
        // The fields are public: the message of any value saturates rather
        // than overflows.
        let far = IllegalSumMove::InGame {
            game: usize::MAX / 2,
            why: IllegalMove::UnequalAmounts { taken: [1, 0, 2] },
        };
        let most = usize::MAX;
        assert!(
            far.to_string()
                .ends_with(&format!("1 from pile {most}, 2 from pile {most}"))
        );
        let far = IllegalSumMove::SeveralGames {
            games: vec![0, usize::MAX],
        };
        assert!(far.to_string().ends_with(&format!("games 1 and {most}")));
        assert_eq!(
            IllegalSumMove::NothingTaken.to_string(),
            IllegalMove::NothingTaken.to_string()
        );
    }
}
