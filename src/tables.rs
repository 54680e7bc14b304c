//! The queries, over tables embedded at build time or built by a runtime scan.

use stone_game_generator::format::pair_index;

use crate::Triple;
use crate::moves::WinningMoves;

/// A view of one set of tables: the losing triples up to a limit, the partner
/// of every pair up to it, and the running sums and counts.
///
/// [`EMBEDDED`](crate::EMBEDDED) is the view of the tables generated at build time;
/// [`ScannedTables::tables`](crate::ScannedTables::tables) gives one of a runtime scan. Sums,
/// counts, partners and positions are O(1) `const fn`s;
/// [`losing_index`](Self::losing_index) is a binary search and
/// [`winning_moves`](Self::winning_moves) tries the moves that touch the two
/// smaller piles, O(limit).
///
/// ```
/// use stone_game::EMBEDDED;
/// const S4: Option<u64> = EMBEDDED.losing_sum(4);
/// assert_eq!(S4, Some(27));
/// ```
#[derive(Clone, Copy)]
pub struct Tables<'a> {
    pub(crate) limit: u32,
    pub(crate) triples: &'a [Triple],
    pub(crate) partners: Partners<'a>,
    pub(crate) sums: &'a [u64],
    pub(crate) counts: &'a [u64],
}

/// The partner of every pair at `pair_index`: two little-endian bytes each
/// as generated, or `u32` as a runtime scan computes them.
#[derive(Clone, Copy)]
pub(crate) enum Partners<'a> {
    Packed(&'a [[u8; 2]]),
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Wide(&'a [u32]),
}

impl core::fmt::Debug for Tables<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tables")
            .field("limit", &self.limit)
            .field("triples", &self.triples.len())
            .finish_non_exhaustive()
    }
}

/// Sorts three piles: `x <= y <= z`.
pub(crate) const fn sorted(a: u64, b: u64, c: u64) -> (u64, u64, u64) {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let (b, c) = if b <= c { (b, c) } else { (c, b) };
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    (a, b, c)
}

impl<'a> Tables<'a> {
    /// The largest pile the tables cover: `z` for triples, both piles for pairs.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.limit(), stone_game::LIMIT);
    /// ```
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// The losing triples `x <= y <= z <= limit`, in lexicographic order.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.triples()[..3], [[0, 0, 0], [0, 1, 2], [0, 3, 5]]);
    /// ```
    pub const fn triples(&self) -> &'a [Triple] {
        self.triples
    }

    /// S(l): the sum of `x + y + z` over losing triples with `z <= l`, or
    /// `None` when `l` is past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.losing_sum(4), Some(27));
    /// assert_eq!(stone_game::EMBEDDED.losing_sum(u64::MAX), None);
    /// ```
    pub const fn losing_sum(&self, l: u64) -> Option<u64> {
        at(self.sums, l)
    }

    /// The number of losing triples with `z <= l`, or `None` past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.losing_count(4), Some(5));
    /// ```
    pub const fn losing_count(&self, l: u64) -> Option<u64> {
        at(self.counts, l)
    }

    /// The one `c` for which `{a, b, c}` is losing, for `a` and `b` (in any
    /// order) up to the limit; `c` itself may exceed it. `None` past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.partner(3, 1), Some(3));
    /// ```
    pub const fn partner(&self, a: u64, b: u64) -> Option<u64> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if b > self.limit as u64 {
            return None;
        }
        let Some(index) = pair_index(a, b) else {
            return None;
        };
        match self.partners {
            Partners::Packed(bytes) => match at(bytes, index as u64) {
                Some(le) => Some(u16::from_le_bytes(le) as u64),
                None => None,
            },
            Partners::Wide(words) => match at(words, index as u64) {
                Some(c) => Some(c as u64),
                None => None,
            },
        }
    }

    /// Whether the position with piles `a`, `b`, `c` (in any order) is losing
    /// for the player to move. Answers every position whose two smaller piles
    /// are within the limit, whatever its largest pile; `None` otherwise.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.is_losing(3, 1, 3), Some(true));
    /// assert_eq!(stone_game::EMBEDDED.is_losing(5, 5, 5), Some(false));
    /// ```
    pub const fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        let (x, y, z) = sorted(a, b, c);
        match self.partner(x, y) {
            Some(partner) => Some(partner == z),
            None => None,
        }
    }

    /// The index of a losing position in [`triples`](Self::triples), found by
    /// binary search; `None` for a winning position or one past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.losing_index(2, 1, 0), Some(1));
    /// ```
    pub fn losing_index(&self, a: u64, b: u64, c: u64) -> Option<usize> {
        let (x, y, z) = sorted(a, b, c);
        if z > self.limit as u64 {
            return None;
        }
        // z <= limit <= u16::MAX: the casts are exact.
        self.triples
            .binary_search(&[x as u16, y as u16, z as u16])
            .ok()
    }

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

/// `slice[i]`, or `None` past its end, for any `u64` index.
const fn at<T: Copy>(slice: &[T], i: u64) -> Option<T> {
    if i < slice.len() as u64 {
        Some(slice[i as usize])
    } else {
        None
    }
}
