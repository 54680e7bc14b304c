//! The answers about a plane of positions `{A, b, c}`: slices and maps.

use alloc::vec;
use alloc::vec::Vec;

use super::error::AnswerError;
use crate::Convention;

/// The losing positions `{A, b, c}` with `b, c <= limit`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Slice {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The pile every position of the slice shares.
    pub a: u64,
    /// The largest `b` and `c`.
    pub limit: u64,
    /// Each losing `[b, c]`, by `b`: one for each `b` whose partner with `A`
    /// is at most the limit.
    pub losing: Vec<[u64; 2]>,
}

/// A value for each point `(b, c)` with `b, c <= limit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    side: usize,
    values: Vec<u32>,
}

impl Grid {
    /// The grid to `limit` of `value(b, c)`, which is the value of
    /// `{A, b, c}` and so the same as `value(c, b)`: asked once for each
    /// pair `b <= c`, half the look-ups of the whole plane.
    pub(crate) fn symmetric(
        limit: u64,
        mut value: impl FnMut(u64, u64) -> Result<u32, AnswerError>,
    ) -> Result<Grid, AnswerError> {
        // The caller has checked the limit against its tables, which hold
        // at most 65536 piles a side.
        let side = usize::try_from(limit).map_or(usize::MAX, |l| l.saturating_add(1));
        let mut values = vec![0; side.saturating_mul(side)];
        for (b, row) in (0..=limit).zip(0..side) {
            for (c, column) in (b..=limit).zip(row..side) {
                let v = value(b, c)?;
                values[row * side + column] = v;
                values[column * side + row] = v;
            }
        }
        Ok(Grid { side, values })
    }

    /// The number of points on a side: the limit plus one.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The value at `(b, c)`, or `None` past the limit.
    pub fn get(&self, b: u64, c: u64) -> Option<u32> {
        let b = usize::try_from(b).ok().filter(|&b| b < self.side)?;
        let c = usize::try_from(c).ok().filter(|&c| c < self.side)?;
        Some(self.values[b * self.side + c])
    }

    /// The rows of values, one for each `b` from 0, each by `c` from 0.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[u32]> {
        self.values.chunks_exact(self.side.max(1))
    }

    /// The largest value.
    pub fn max(&self) -> u32 {
        self.values.iter().copied().max().unwrap_or(0)
    }
}

/// The Sprague-Grundy values of `{A, b, c}` for `b, c <= limit`: normal
/// play only.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GrundyMap {
    /// The pile every position of the map shares.
    pub a: u64,
    /// The largest `b` and `c`.
    pub limit: u64,
    /// The value of each `{A, b, c}`.
    pub values: Grid,
}

/// The remoteness of `{A, b, c}` for `b, c <= limit`, and which of them are
/// lost.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RemotenessMap {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The pile every position of the map shares.
    pub a: u64,
    /// The largest `b` and `c`.
    pub limit: u64,
    /// The remoteness of each `{A, b, c}`.
    pub remoteness: Grid,
    /// `losing[b]`: the `c` of the one losing `{A, b, c}` with `c <= limit`,
    /// if there is one (each pair has one partner).
    pub losing: Vec<Option<u64>>,
}

impl RemotenessMap {
    /// Whether `{A, b, c}` is lost for the player to move; `None` past the
    /// limit, or past `losing` (the fields are public, and may disagree).
    pub fn is_losing(&self, b: u64, c: u64) -> Option<bool> {
        if b > self.limit || c > self.limit {
            return None;
        }
        let partner = self.losing.get(usize::try_from(b).ok()?)?;
        Some(*partner == Some(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3 x 3 grid of `b + 10 c`'s symmetric twin: `value(b, c)` is asked
    /// for `b <= c` only.
    fn grid() -> Grid {
        Grid::symmetric(2, |b, c| Ok((b + 10 * c) as u32)).unwrap()
    }

    #[test]
    fn a_grid_answers_every_point_within_its_limit_and_none_past_it() {
        let grid = grid();
        assert_eq!(grid.side(), 3);
        assert_eq!(grid.get(0, 2), Some(20));
        assert_eq!(grid.get(2, 0), Some(20));
        assert_eq!(grid.get(1, 2), Some(21));
        assert_eq!(grid.get(2, 2), Some(22));
        for (b, c) in [(0, 3), (3, 0), (2, 3), (3, 3), (u64::MAX, 0)] {
            assert_eq!(grid.get(b, c), None, "({b}, {c})");
        }
        let rows: Vec<&[u32]> = grid.rows().collect();
        assert_eq!(rows, [&[0, 10, 20][..], &[10, 11, 21], &[20, 21, 22]]);
    }

    #[test]
    fn a_grid_knows_its_largest_value() {
        assert_eq!(grid().max(), 22);
        let one = Grid::symmetric(0, |_, _| Ok(7)).unwrap();
        assert_eq!(one.max(), 7);
    }

    #[test]
    fn a_remoteness_map_answers_within_its_limit_and_its_losing_positions() {
        // {0, b, c} to 2: 0 0 0 and 1 2 lost (Wythoff's game).
        let mut map = RemotenessMap {
            convention: Convention::Normal,
            a: 0,
            limit: 2,
            remoteness: grid(),
            losing: vec![Some(0), Some(2), Some(1)],
        };
        assert_eq!(map.is_losing(0, 0), Some(true));
        assert_eq!(map.is_losing(1, 2), Some(true));
        assert_eq!(map.is_losing(2, 1), Some(true));
        assert_eq!(map.is_losing(1, 1), Some(false));
        assert_eq!(map.is_losing(3, 0), None);
        assert_eq!(map.is_losing(0, 3), None);
        // The fields are public: a limit past `losing` answers nothing
        // there, rather than panicking.
        map.limit = 10;
        assert_eq!(map.is_losing(2, 1), Some(true));
        assert_eq!(map.is_losing(5, 5), None);
        assert_eq!(map.is_losing(u64::MAX, 0), None);
    }
}
