//! Sums of games: several games of three piles played at once, a move
//! changing one of them, whoever takes the last stone of all winning. A sum
//! is decided by the XOR of its games' Sprague-Grundy values (GAME.md,
//! "Grundy values and sums of games").
//!
//! Normal play only: under the misère convention (whoever takes the last
//! stone loses) a sum is not decided by the XOR of its games' values, so
//! there is no misère counterpart here.

use alloc::vec::Vec;

use crate::{GrundyTable, Move, SumMove};

impl GrundyTable {
    /// The Sprague-Grundy value of the sum of `games` (each three piles, in
    /// any order): the XOR of their values. The sum is lost for the player
    /// to move exactly when it is 0. `None` when a pile is past the
    /// [`limit`](Self::limit); 0 for no games at all, where nothing is left
    /// to take.
    ///
    /// ```
    /// use stone_game::GrundyTable;
    /// let table = GrundyTable::compute(10)?;
    /// // (0, 0, 1) and (0, 1, 1) are worth 1 and 2: the sum is won.
    /// assert_eq!(table.sum_value(&[[0, 0, 1], [0, 1, 1]]), Some(3));
    /// // (0, 0, 2) and (0, 1, 1) are both worth 2: the sum is lost, though
    /// // each game alone is won.
    /// assert_eq!(table.sum_value(&[[0, 0, 2], [0, 1, 1]]), Some(0));
    /// assert_eq!(table.sum_value(&[[0, 0, 2], [0, 0, 11]]), None);
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    pub fn sum_value(&self, games: &[[u64; 3]]) -> Option<u32> {
        games
            .iter()
            .try_fold(0, |sum, &[a, b, c]| Some(sum ^ self.value(a, b, c)?))
    }

    /// Every move from the sum of `games` that leaves a lost sum (one of
    /// XOR 0): empty when the sum is lost itself; `None` when a pile is past
    /// the [`limit`](Self::limit).
    ///
    /// The moves come game by game, in the order the games are given, and
    /// within a game in the order of [`Move::all_from`]. With `x` the sum's
    /// value, a winning move takes one game from its value `v` to `v XOR x`.
    /// Some game has a move that does it by lowering its value (GAME.md
    /// proves it), but a game may also have a move that *raises* its value
    /// to exactly `v XOR x`: such a move makes the XOR 0 as well, and is
    /// listed too. Every move to a lost sum is here, none left out.
    ///
    /// ```
    /// use stone_game::{GrundyTable, Move, SumMove};
    /// let table = GrundyTable::compute(10)?;
    /// // Worth 1 and 2: the winning moves take the second game to value 1,
    /// // (0, 0, 1) in either pile order.
    /// let moves = table.sum_winning_moves(&[[0, 0, 1], [0, 1, 1]]).unwrap();
    /// let left: Vec<(usize, [u64; 3])> = moves.iter().map(|m| (m.game, m.to)).collect();
    /// assert_eq!(left, [(1, [0, 0, 1]), (1, [0, 1, 0])]);
    /// assert_eq!(Move::between([0, 1, 1], moves[0].to), Ok(moves[0].take));
    ///
    /// // A lost sum has no winning move; a pile past the limit, no answer.
    /// assert_eq!(table.sum_winning_moves(&[[0, 0, 2], [0, 1, 1]]), Some(vec![]));
    /// assert_eq!(table.sum_winning_moves(&[[0, 0, 2], [0, 0, 11]]), None);
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    ///
    /// A move that raises a game's value: (0, 1, 2) + (0, 0, 1) are worth 0
    /// and 1. Emptying the second game wins, and so does raising the first
    /// to value 1, by leaving (0, 1, 0) or (0, 0, 1) there: the sum is then
    /// 1 XOR 1 = 0 either way.
    ///
    /// ```
    /// # let table = stone_game::GrundyTable::compute(10)?;
    /// let moves = table.sum_winning_moves(&[[0, 1, 2], [0, 0, 1]]).unwrap();
    /// let left: Vec<(usize, [u64; 3])> = moves.iter().map(|m| (m.game, m.to)).collect();
    /// assert_eq!(left, [(0, [0, 1, 0]), (0, [0, 0, 1]), (1, [0, 0, 0])]);
    /// assert_eq!(table.value(0, 1, 2), Some(0));
    /// assert_eq!(table.value(0, 1, 0), Some(1));
    /// # Ok::<(), stone_game::GrundyError>(())
    /// ```
    pub fn sum_winning_moves(&self, games: &[[u64; 3]]) -> Option<Vec<SumMove>> {
        let sum = self.sum_value(games)?;
        let mut moves = Vec::new();
        if sum == 0 {
            return Some(moves);
        }
        for (game, &from) in games.iter().enumerate() {
            let target = self.value(from[0], from[1], from[2])? ^ sum;
            for take in Move::all_from(from) {
                // A move from a covered game leaves a covered one.
                let to = take.apply(from)?;
                if self.value(to[0], to[1], to[2])? == target {
                    moves.push(SumMove { game, take, to });
                }
            }
        }
        Some(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> GrundyTable {
        GrundyTable::compute(8).unwrap()
    }

    #[test]
    fn the_value_of_a_sum_is_the_xor_of_its_games() {
        let t = table();
        let v = |g: [u64; 3]| t.value(g[0], g[1], g[2]).unwrap();
        assert_eq!(t.sum_value(&[]), Some(0));
        assert_eq!(t.sum_value(&[[1, 1, 1]]), Some(v([1, 1, 1])));
        let games = [[3, 5, 6], [2, 7, 8], [0, 4, 4]];
        assert_eq!(
            t.sum_value(&games),
            Some(v(games[0]) ^ v(games[1]) ^ v(games[2]))
        );
        // A pile past the limit in any game, in any place, gives no value.
        assert_eq!(t.sum_value(&[[9, 0, 0]]), None);
        assert_eq!(t.sum_value(&[[1, 1, 1], [0, 9, 0]]), None);
    }

    #[test]
    fn winning_moves_make_the_xor_0_and_change_one_game() {
        let t = table();
        for games in [
            vec![[1, 1, 1], [0, 0, 3]],
            vec![[3, 5, 6], [2, 7, 8]],
            vec![[0, 0, 1], [0, 1, 1]],
            vec![[4, 4, 4], [8, 8, 8], [1, 2, 7]],
            vec![[5, 6, 7]],
        ] {
            let x = t.sum_value(&games).unwrap();
            let moves = t.sum_winning_moves(&games).unwrap();
            assert_eq!(moves.is_empty(), x == 0, "{games:?}");
            for m in moves {
                assert_eq!(Move::between(games[m.game], m.to), Ok(m.take));
                let mut after = games.clone();
                after[m.game] = m.to;
                assert_eq!(t.sum_value(&after), Some(0), "{games:?} -> {m:?}");
            }
        }
    }

    #[test]
    fn a_game_past_the_limit_has_no_moves_to_answer() {
        let t = table();
        assert_eq!(t.sum_winning_moves(&[[1, 1, 1], [0, 0, 9]]), None);
        assert_eq!(t.sum_winning_moves(&[[0, 0, 9], [1, 1, 1]]), None);
        // A lost sum answers, with no moves; no games at all is lost.
        assert_eq!(t.sum_winning_moves(&[[1, 2, 0], [3, 3, 1]]), Some(vec![]));
        assert_eq!(t.sum_winning_moves(&[]), Some(vec![]));
    }

    /// One game alone: the winning moves of the sum are the game's own,
    /// those the tables of losing positions give, in the same order.
    #[test]
    fn one_game_alone_has_the_tables_winning_moves() {
        let t = table();
        for a in 0..=8 {
            for b in 0..=8 {
                for c in 0..=8 {
                    let ours: Vec<_> = t
                        .sum_winning_moves(&[[a, b, c]])
                        .unwrap()
                        .into_iter()
                        .map(|m| (m.game, m.take, m.to))
                        .collect();
                    let tables: Vec<_> = crate::EMBEDDED
                        .winning_moves(a, b, c)
                        .unwrap()
                        .map(|m| (0, m.take, m.to))
                        .collect();
                    assert_eq!(ours.len(), tables.len(), "{:?}", [a, b, c]);
                    for m in &tables {
                        assert!(ours.contains(m), "{:?}: {m:?}", [a, b, c]);
                    }
                }
            }
        }
    }
}
