//! The winning moves of a position, found in a set of [`Tables`]: the
//! moves that leave a losing position.

use crate::Tables;
use crate::moves::{Move, PILE_SETS, most_stones};

impl<'a> Tables<'a> {
    /// Every move from the position `a`, `b`, `c` to a losing position: empty
    /// for a losing position, `None` where [`is_losing`](Self::is_losing) is.
    ///
    /// ```
    /// let moves: Vec<_> = stone_game::EMBEDDED.winning_moves(1, 3, 4).unwrap().collect();
    /// assert!(moves.iter().any(|m| m.to == [1, 3, 3]));
    /// assert!(moves.iter().all(|m| stone_game::EMBEDDED.is_losing(m.to[0], m.to[1], m.to[2]) == Some(true)));
    /// ```
    pub fn winning_moves(&self, a: u64, b: u64, c: u64) -> Option<WinningMoves<'a>> {
        self.is_losing(a, b, c)?;
        Some(WinningMoves::new(*self, [a, b, c]))
    }
}

/// A move that leaves the opponent a losing position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinningMove {
    /// The move.
    pub take: Move,
    /// The losing position it leaves, piles in the order given.
    pub to: [u64; 3],
}

/// The first three of [`PILE_SETS`]: the pile taken from, and the other two.
const ONE_PILE: [(usize, [usize; 2]); 3] = [(0, [1, 2]), (1, [0, 2]), (2, [0, 1])];

/// The winning moves of a position, from
/// [`Tables::winning_moves`] or [`winning_moves`](crate::winning_moves()).
///
/// Moves come by the piles they take from (one pile, in the order given, then
/// two, then all three), then by the number of stones.
#[derive(Clone, Debug)]
pub struct WinningMoves<'a> {
    table: Tables<'a>,
    position: [u64; 3],
    set: usize,
    stones: u64,
}

impl<'a> WinningMoves<'a> {
    pub(crate) fn new(table: Tables<'a>, position: [u64; 3]) -> Self {
        WinningMoves {
            table,
            position,
            set: 0,
            stones: 1,
        }
    }

    fn next_set(&mut self) {
        self.set += 1;
        self.stones = 1;
    }
}

impl Iterator for WinningMoves<'_> {
    type Item = WinningMove;

    fn next(&mut self) -> Option<WinningMove> {
        while let Some(&piles) = PILE_SETS.get(self.set) {
            let p = self.position;
            if let Some(&(only, [j, k])) = ONE_PILE.get(self.set) {
                // One pile: the other two fix its losing size, their partner.
                // A pile may be far past the limit, so no loop over its sizes.
                if let Some(c) = self.table.partner(p[j], p[k]) {
                    self.next_set();
                    let stones = p[only].checked_sub(c);
                    if let Some(take) = stones.and_then(|stones| Move::new(piles, stones)) {
                        let mut to = p;
                        to[only] = c;
                        return Some(WinningMove { take, to });
                    }
                    continue;
                }
            }
            // Otherwise every size: the smallest touched pile is within the
            // limit (only the largest pile may be past it), so this is short.
            let most = most_stones(piles, p);
            while self.stones <= most {
                let Some(take) = Move::new(piles, self.stones) else {
                    break;
                };
                self.stones += 1;
                if let Some(to) = take.apply(p)
                    && self.table.is_losing(to[0], to[1], to[2]) == Some(true)
                {
                    return Some(WinningMove { take, to });
                }
            }
            self.next_set();
        }
        None
    }
}
