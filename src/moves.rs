//! A move of the game, and why a move is illegal.

/// A move: the same number of stones, at least one, taken from one, two or
/// all three piles.
///
/// Every `Move` is one of those: [`Move::new`] refuses a move from no pile or
/// of no stones, so a move can only fail to apply to a position whose piles
/// are too small for it.
///
/// ```
/// use stone_game::Move;
/// let take_two = Move::new([false, true, true], 2).expect("a move");
/// assert_eq!(take_two.piles(), [false, true, true]);
/// assert_eq!(take_two.stones(), 2);
/// assert_eq!(Move::new([false; 3], 2), None);
/// assert_eq!(Move::new([true, false, false], 0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// At least one `true`.
    piles: [bool; 3],
    /// At least one.
    stones: u64,
}

impl Move {
    /// The move that takes `stones` from each pile `i` with `piles[i]`
    /// (piles in the order the position is given); `None` when it takes
    /// from no pile or takes no stones.
    ///
    /// ```
    /// use stone_game::Move;
    /// const ALL_THREE: Option<Move> = Move::new([true; 3], 1);
    /// assert_eq!(ALL_THREE.and_then(|m| m.apply([1, 2, 3])), Some([0, 1, 2]));
    /// assert_eq!(Move::new([false; 3], 1), None);
    /// assert_eq!(Move::new([true; 3], 0), None);
    /// ```
    pub const fn new(piles: [bool; 3], stones: u64) -> Option<Move> {
        if stones == 0 || !(piles[0] || piles[1] || piles[2]) {
            return None;
        }
        Some(Move { piles, stones })
    }

    /// Which piles the move takes from: `piles()[i]` is `true` when pile
    /// `i`, in the order the position is given, loses stones. At least one
    /// is.
    pub const fn piles(self) -> [bool; 3] {
        self.piles
    }

    /// How many stones each pile the move takes from loses: at least one.
    pub const fn stones(self) -> u64 {
        self.stones
    }

    /// Every legal move from `position`: each of the seven sets of piles (one
    /// pile in the order given, then two, then all three), with every number
    /// of stones up to the smallest pile of the set.
    ///
    /// ```
    /// use stone_game::Move;
    /// // (1, 2, 0): one or two from a pile, or one from the first two.
    /// assert_eq!(Move::all_from([1, 2, 0]).count(), 4);
    /// assert!(Move::all_from([1, 2, 0]).all(|m| m.apply([1, 2, 0]).is_some()));
    /// ```
    pub fn all_from(position: [u64; 3]) -> impl Iterator<Item = Move> {
        // Each set has a pile, and the stones start at one: every one a move.
        PILE_SETS.into_iter().flat_map(move |piles| {
            (1..=most_stones(piles, position)).map(move |stones| Move { piles, stones })
        })
    }

    /// How many moves [`Move::all_from`] gives from `position`: for each of
    /// the seven sets of piles, as many as its smallest pile has stones
    /// (saturating at `u64::MAX`). Known before the moves are listed, so
    /// that room for them is made once.
    ///
    /// ```
    /// use stone_game::Move;
    /// assert_eq!(Move::count_from([1, 2, 0]), 4);
    /// assert_eq!(Move::count_from([1000, 1000, 1000]), 7000);
    /// assert_eq!(Move::count_from([0, 0, 0]), 0);
    /// ```
    pub fn count_from(position: [u64; 3]) -> u64 {
        PILE_SETS
            .into_iter()
            .map(|piles| most_stones(piles, position))
            .fold(0, u64::saturating_add)
    }

    /// The move that leaves `to` from `from`, piles in the same order, or
    /// why there is none: a pile that grows, nothing taken, or piles that
    /// lose different numbers of stones (checked in that order).
    ///
    /// ```
    /// use stone_game::{IllegalMove, Move};
    /// assert_eq!(
    ///     Move::between([1, 3, 4], [1, 1, 2]),
    ///     Ok(Move::new([false, true, true], 2).unwrap())
    /// );
    /// assert_eq!(
    ///     Move::between([1, 3, 4], [2, 3, 4]),
    ///     Err(IllegalMove::PileGrows { pile: 0, from: 1, to: 2 })
    /// );
    /// assert_eq!(Move::between([1, 3, 4], [1, 3, 4]), Err(IllegalMove::NothingTaken));
    /// assert_eq!(
    ///     Move::between([1, 3, 4], [1, 2, 2]),
    ///     Err(IllegalMove::UnequalAmounts { taken: [0, 1, 2] })
    /// );
    /// ```
    pub const fn between(from: [u64; 3], to: [u64; 3]) -> Result<Move, IllegalMove> {
        let mut taken = [0; 3];
        let mut i = 0;
        while i < 3 {
            match from[i].checked_sub(to[i]) {
                Some(n) => taken[i] = n,
                None => {
                    return Err(IllegalMove::PileGrows {
                        pile: i,
                        from: from[i],
                        to: to[i],
                    });
                }
            }
            i += 1;
        }
        // The amount of the first pile touched; every other must match it.
        let mut stones = 0;
        let mut piles = [false; 3];
        let mut i = 0;
        while i < 3 {
            if taken[i] > 0 {
                if stones == 0 {
                    stones = taken[i];
                } else if taken[i] != stones {
                    return Err(IllegalMove::UnequalAmounts { taken });
                }
                piles[i] = true;
            }
            i += 1;
        }
        if stones == 0 {
            return Err(IllegalMove::NothingTaken);
        }
        Ok(Move { piles, stones })
    }

    /// The position this move leaves, piles in the order given; `None` when a
    /// pile it takes from has fewer stones than it takes.
    ///
    /// ```
    /// use stone_game::Move;
    /// let take_two = Move::new([false, true, true], 2).unwrap();
    /// assert_eq!(take_two.apply([1, 3, 4]), Some([1, 1, 2]));
    /// assert_eq!(take_two.apply([1, 1, 4]), None);
    /// ```
    pub const fn apply(self, position: [u64; 3]) -> Option<[u64; 3]> {
        let mut after = position;
        let mut i = 0;
        while i < 3 {
            if self.piles[i] {
                after[i] = match position[i].checked_sub(self.stones) {
                    Some(left) => left,
                    None => return None,
                };
            }
            i += 1;
        }
        Some(after)
    }
}

/// Why one position cannot be left for another in a move, from
/// [`Move::between`]. The fields index piles from 0 in the order given;
/// the message counts them from 1, for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove {
    /// A pile would grow: a move only takes stones.
    PileGrows {
        /// The pile.
        pile: usize,
        /// Its stones before.
        from: u64,
        /// Its stones after, more than before.
        to: u64,
    },
    /// Every pile is as it was: a move takes at least one stone.
    NothingTaken,
    /// Piles would lose different numbers of stones: a move takes the same
    /// number from each pile it touches.
    UnequalAmounts {
        /// The stones each pile would lose (0 for a pile left alone).
        taken: [u64; 3],
    },
}

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.fmt_numbered_from(f, 0)
    }
}

impl IllegalMove {
    /// The message, for people: its piles counted from 1, after the
    /// `first` piles before the game's (a game's piles in a sum of games
    /// are counted across the whole position,
    /// [`IllegalSumMove`](crate::IllegalSumMove)), while the fields index
    /// them from 0.
    pub(crate) fn fmt_numbered_from(
        &self,
        f: &mut core::fmt::Formatter<'_>,
        first: usize,
    ) -> core::fmt::Result {
        match *self {
            IllegalMove::PileGrows { pile, from, to } => write!(
                f,
                "pile {} would grow from {from} to {to}; a move only takes stones",
                first.saturating_add(pile).saturating_add(1)
            ),
            IllegalMove::NothingTaken => {
                write!(f, "no pile changes; a move takes at least one stone")
            }
            IllegalMove::UnequalAmounts { taken } => {
                write!(
                    f,
                    "a move takes the same number of stones from each pile it touches, but this takes"
                )?;
                let mut listed = false;
                for (pile, n) in taken.iter().enumerate().filter(|(_, n)| **n > 0) {
                    let sep = if listed { ", " } else { " " };
                    listed = true;
                    write!(
                        f,
                        "{sep}{n} from pile {}",
                        first.saturating_add(pile).saturating_add(1)
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for IllegalMove {}

/// The most stones a move may take from each of `piles`: the smallest of them.
pub(crate) fn most_stones(piles: [bool; 3], position: [u64; 3]) -> u64 {
    (0..3)
        .filter(|&i| piles[i])
        .map(|i| position[i])
        .min()
        .unwrap_or(0)
}

/// The seven ways to choose the piles a move takes from.
pub(crate) const PILE_SETS: [[bool; 3]; 7] = [
    [true, false, false],
    [false, true, false],
    [false, false, true],
    [true, true, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_of_no_stones_or_from_no_pile_is_refused() {
        for piles in PILE_SETS {
            assert_eq!(Move::new(piles, 0), None);
            let one = Move::new(piles, 1).expect("a move");
            assert_eq!((one.piles(), one.stones()), (piles, 1));
            assert_eq!(
                one.apply([5, 5, 5]).map(|p| p.iter().sum::<u64>()),
                Some(15 - piles.iter().filter(|&&p| p).count() as u64)
            );
        }
        for stones in [0, 1, u64::MAX] {
            assert_eq!(Move::new([false; 3], stones), None);
        }
        // The largest move is a move; it applies where the piles allow it.
        let most = Move::new([true; 3], u64::MAX).expect("a move");
        assert_eq!(most.apply([u64::MAX; 3]), Some([0; 3]));
        assert_eq!(most.apply([u64::MAX, u64::MAX, 1]), None);
    }

    #[test]
    fn every_move_from_a_position_is_a_move_new_accepts() {
        let position = [2, 0, 3];
        for m in Move::all_from(position) {
            assert_eq!(Move::new(m.piles(), m.stones()), Some(m));
        }
        assert_eq!(Move::all_from(position).count(), 2 + 3 + 2);
    }

    #[test]
    fn the_count_of_moves_is_the_number_all_from_gives() {
        // Every position with piles up to 6, in every order, and piles so
        // large that the count saturates.
        for i in 0..343 {
            let position = [i / 49, i / 7 % 7, i % 7];
            let listed = Move::all_from(position).count() as u64;
            assert_eq!(Move::count_from(position), listed, "{position:?}");
        }
        assert_eq!(Move::count_from([u64::MAX, 0, 0]), u64::MAX);
        assert_eq!(Move::count_from([u64::MAX, u64::MAX, 1]), u64::MAX);
    }

    #[test]
    fn between_finds_every_legal_move_and_only_those() {
        // Every pair of positions with piles up to 4: a move exactly when
        // some legal move leads there, and then that move.
        let positions: Vec<[u64; 3]> = (0..125).map(|i| [i / 25, i / 5 % 5, i % 5]).collect();
        for &from in &positions {
            for &to in &positions {
                let legal = Move::all_from(from).find(|m| m.apply(from) == Some(to));
                assert_eq!(Move::between(from, to).ok(), legal, "{from:?} -> {to:?}");
                if let Err(why) = Move::between(from, to) {
                    let grows = (0..3).find(|&i| to[i] > from[i]);
                    match why {
                        IllegalMove::PileGrows { pile, .. } => assert_eq!(Some(pile), grows),
                        IllegalMove::NothingTaken => assert_eq!(from, to),
                        IllegalMove::UnequalAmounts { taken } => {
                            assert_eq!(grows, None);
                            assert_eq!(taken, [0, 1, 2].map(|i| from[i] - to[i]));
                        }
                    }
                }
            }
        }
    }

    #[test]
    #[cfg(feature = "alloc")]
    fn illegal_moves_say_why() {
        use alloc::string::ToString;
        assert_eq!(
            Move::between([1, 3, 4], [1, 5, 4]).unwrap_err().to_string(),
            "pile 2 would grow from 3 to 5; a move only takes stones"
        );
        assert_eq!(
            IllegalMove::NothingTaken.to_string(),
            "no pile changes; a move takes at least one stone"
        );
        assert_eq!(
            Move::between([5, 5, 5], [4, 5, 2]).unwrap_err().to_string(),
            "a move takes the same number of stones from each pile it touches, \
             but this takes 1 from pile 1, 3 from pile 3"
        );
        // The fields are public: the message of any value, for people,
        // saturates rather than overflows.
        let far = IllegalMove::PileGrows {
            pile: usize::MAX,
            from: 1,
            to: 2,
        };
        assert!(
            far.to_string()
                .starts_with(&alloc::format!("pile {} ", usize::MAX))
        );
    }
}
