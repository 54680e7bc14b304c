//! The game solved from its definition, knowing nothing of keys or partners:
//! the independent check of every table.

use alloc::vec::Vec;

use crate::{Move, Triple};

/// Every position with piles up to a limit, solved by trying every move.
///
/// A position is losing when no move leads to a losing position. Positions
/// are decided in order of `x + y + z`, since every move lowers the total.
/// It needs [`BruteForce::memory_needed(limit)`](Self::memory_needed) bytes,
/// a byte a cell of a `(limit + 1)^3` cube, and is practical to a few
/// hundred; a limit past [`BruteForce::MAX_LIMIT`] is refused.
///
/// ```
/// use stone_game::BruteForce;
/// let solved = BruteForce::new(4).expect("a small limit");
/// assert_eq!(solved.is_losing(1, 3, 3), Some(true));
/// assert_eq!(solved.is_losing(0, 0, 13), None);
/// assert_eq!(solved.losing_triples().count(), 5);
/// ```
#[derive(Clone, Debug)]
pub struct BruteForce {
    limit: u32,
    /// `losing[(x * side + y) * side + z]` for sorted `x <= y <= z`.
    losing: Vec<bool>,
}

/// Why a brute force was refused; the counterpart of
/// [`ScanError`](crate::ScanError) for the runtime scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BruteForceError {
    /// The limit is past [`BruteForce::MAX_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u32,
    },
    /// The table of `(limit + 1)^3` bytes does not fit this target's `usize`
    /// (a 32-bit target, for instance).
    TooLargeForTarget {
        /// The limit asked for.
        limit: u32,
    },
    /// The allocator refused the table and its layer buffer.
    OutOfMemory {
        /// The bytes they need, [`BruteForce::memory_needed`].
        needed: u64,
    },
}

impl core::fmt::Display for BruteForceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BruteForceError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is too large for a brute force: the largest is {}",
                BruteForce::MAX_LIMIT
            ),
            BruteForceError::TooLargeForTarget { limit } => write!(
                f,
                "a brute force to {limit} needs more memory than this target can address"
            ),
            BruteForceError::OutOfMemory { needed } => write!(
                f,
                "a brute force needs {needed} bytes of memory, which could not be allocated"
            ),
        }
    }
}

impl core::error::Error for BruteForceError {}

impl BruteForce {
    /// The largest limit [`BruteForce::new`] takes: its table needs 8 GiB
    /// there.
    pub const MAX_LIMIT: u32 = 2047;

    /// The memory, in bytes, that [`BruteForce::new`] (or `new_parallel`,
    /// feature `rayon`) allocates for `limit`
    /// (saturating at `u64::MAX`): the table, a byte for each of the
    /// `(limit + 1)^3` cells, and room for the positions of one layer of
    /// equal `x + y + z` and their verdicts, at most one a pair `x <= y`.
    ///
    /// ```
    /// use stone_game::BruteForce;
    /// let bytes = BruteForce::memory_needed(300);
    /// assert!(bytes > 301u64.pow(3) && bytes < 30_000_000);
    /// assert_eq!(BruteForce::memory_needed(u32::MAX), u64::MAX);
    /// ```
    pub const fn memory_needed(limit: u32) -> u64 {
        // Saturating, so that no limit wraps: the cube saturates first.
        let side = limit as u64 + 1;
        let cells = side.saturating_mul(side).saturating_mul(side);
        let pairs = side.saturating_mul(side + 1) / 2;
        let per_position = size_of::<[usize; 3]>() as u64 + size_of::<bool>() as u64;
        cells.saturating_add(pairs.saturating_mul(per_position))
    }

    /// Solves every position with piles up to `limit`, on one core. A limit
    /// past [`BruteForce::MAX_LIMIT`] is refused.
    ///
    /// ```
    /// use stone_game::{BruteForce, BruteForceError};
    /// assert_eq!(
    ///     BruteForce::new(u32::MAX).unwrap_err(),
    ///     BruteForceError::LimitTooLarge { limit: u32::MAX }
    /// );
    /// ```
    pub fn new(limit: u32) -> Result<BruteForce, BruteForceError> {
        BruteForce::solve(limit, |solved, layer| {
            layer.iter().map(|&p| solved.decide(p)).collect()
        })
    }

    /// [`new`](Self::new) on every core (feature `rayon`).
    ///
    /// ```
    /// use stone_game::BruteForce;
    /// let parallel = BruteForce::new_parallel(30).unwrap();
    /// let serial = BruteForce::new(30).unwrap();
    /// assert!(parallel.losing_triples().eq(serial.losing_triples()));
    /// ```
    #[cfg(feature = "rayon")]
    pub fn new_parallel(limit: u32) -> Result<BruteForce, BruteForceError> {
        use rayon::prelude::*;
        BruteForce::solve(limit, |solved, layer| {
            layer.par_iter().map(|&p| solved.decide(p)).collect()
        })
    }

    /// Decides the positions layer by layer of `x + y + z`; a layer reads only
    /// lower layers, so `decide_layer` may take its positions in any order.
    fn solve(
        limit: u32,
        decide_layer: impl Fn(&Self, &[[usize; 3]]) -> Vec<bool>,
    ) -> Result<Self, BruteForceError> {
        let (mut solved, mut layer) = BruteForce::allocate(limit)?;
        let side = limit as usize + 1;
        for total in 0..=3 * (side - 1) {
            layer.clear();
            for x in 0..side.min(total / 3 + 1) {
                for y in x..side {
                    let Some(z) = (total - x).checked_sub(y) else {
                        break;
                    };
                    if y <= z && z < side {
                        layer.push([x, y, z]);
                    }
                }
            }
            let decided = decide_layer(&solved, &layer);
            for (&p, losing) in layer.iter().zip(decided) {
                let i = solved.index(p);
                solved.losing[i] = losing;
            }
        }
        Ok(solved)
    }

    /// The undecided table for `limit` and the buffer of a layer's
    /// positions, with room for the largest layer: one position at most a
    /// pair `x <= y`, since `x + y + z` fixes `z`. All the solving
    /// allocates besides is each layer's verdicts.
    fn allocate(limit: u32) -> Result<(BruteForce, Vec<[usize; 3]>), BruteForceError> {
        let (side, cells) = table_size(limit)?;
        let out_of_memory = BruteForceError::OutOfMemory {
            needed: BruteForce::memory_needed(limit),
        };
        let mut losing = Vec::new();
        reserve(&mut losing, cells, out_of_memory)?;
        losing.resize(cells, false);
        let mut layer = Vec::new();
        reserve(&mut layer, side * (side + 1) / 2, out_of_memory)?;
        Ok((BruteForce { limit, losing }, layer))
    }

    /// Whether sorted `p` is losing: no move from it reaches a losing position.
    fn decide(&self, p: [usize; 3]) -> bool {
        let position = p.map(|pile| pile as u64);
        Move::all_from(position).all(|m| match m.apply(position) {
            Some(mut to) => {
                to.sort_unstable();
                !self.losing[self.index(to.map(|pile| pile as usize))]
            }
            None => true, // all_from gives only legal moves
        })
    }

    fn index(&self, [x, y, z]: [usize; 3]) -> usize {
        let side = self.limit as usize + 1;
        (x * side + y) * side + z
    }

    /// The largest pile solved.
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// Whether the position is losing, piles in any order; `None` past the limit.
    pub fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        let mut p = [a, b, c];
        p.sort_unstable();
        if p[2] > u64::from(self.limit) {
            return None;
        }
        Some(self.losing[self.index(p.map(|pile| pile as usize))])
    }

    /// The losing positions `x <= y <= z <= limit`, in lexicographic order,
    /// as [`Triple`]s like [`Triples`](crate::Triples) holds them.
    pub fn losing_triples(&self) -> impl Iterator<Item = Triple> + '_ {
        let side = self.limit as usize + 1;
        (0..side)
            .flat_map(move |x| (x..side).flat_map(move |y| (y..side).map(move |z| [x, y, z])))
            .filter(|&p| self.losing[self.index(p)])
            // Piles up to MAX_LIMIT < u16::MAX: the casts are exact.
            .map(|p| p.map(|pile| pile as u16))
    }
}

/// Room for `len` items in `v`, or `refused` when the allocator says no: a
/// brute force's table takes up to 8 GiB, and a machine without them gets
/// an error to report rather than an abort.
fn reserve<T>(v: &mut Vec<T>, len: usize, refused: BruteForceError) -> Result<(), BruteForceError> {
    v.try_reserve_exact(len).map_err(|_| refused)
}

/// The side `limit + 1` and the cells `side^3` of the table for `limit`, or
/// why there is none: past [`BruteForce::MAX_LIMIT`], or more cells than this
/// target's `usize` counts.
fn table_size(limit: u32) -> Result<(usize, usize), BruteForceError> {
    if limit > BruteForce::MAX_LIMIT {
        return Err(BruteForceError::LimitTooLarge { limit });
    }
    let too_large = BruteForceError::TooLargeForTarget { limit };
    let side = usize::try_from(limit).map_err(|_| too_large)? + 1;
    let cells = side
        .checked_mul(side)
        .and_then(|square| square.checked_mul(side))
        .ok_or(too_large)?;
    Ok((side, cells))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn a_refused_allocation_is_an_error_that_says_so() {
        let refused = BruteForceError::OutOfMemory { needed: 12 };
        // More bytes than any allocator gives: refused, not aborted.
        let mut table: Vec<bool> = Vec::new();
        assert_eq!(reserve(&mut table, usize::MAX / 2, refused), Err(refused));
        assert_eq!(reserve(&mut table, 10, refused), Ok(()));
        assert!(table.capacity() >= 10);
        assert_eq!(
            refused.to_string(),
            "a brute force needs 12 bytes of memory, which could not be allocated"
        );
    }

    #[test]
    fn the_largest_limit_is_sized_and_the_next_refused() {
        // (A brute force at 2047 itself takes 8 GiB and hours: the size is
        // tested alone.)
        assert_eq!(table_size(0), Ok((1, 1)));
        assert_eq!(table_size(9), Ok((10, 1000)));
        #[cfg(target_pointer_width = "64")]
        assert_eq!(table_size(BruteForce::MAX_LIMIT), Ok((2048, 1 << 33)));
        #[cfg(target_pointer_width = "32")]
        assert_eq!(
            table_size(BruteForce::MAX_LIMIT),
            Err(BruteForceError::TooLargeForTarget { limit: 2047 })
        );
        assert_eq!(
            table_size(BruteForce::MAX_LIMIT + 1),
            Err(BruteForceError::LimitTooLarge { limit: 2048 })
        );
    }

    /// The largest layer of positions `x <= y <= z <= limit` of equal
    /// `x + y + z`, counted one by one.
    fn largest_layer(limit: u32) -> usize {
        let side = limit as usize + 1;
        let mut layers = vec![0; 3 * side];
        for x in 0..side {
            for y in x..side {
                for z in y..side {
                    layers[x + y + z] += 1;
                }
            }
        }
        layers.into_iter().max().unwrap_or(0)
    }

    #[test]
    fn the_memory_estimate_is_what_the_solving_allocates() {
        for limit in [0, 1, 2, 10, 31, 100] {
            let (solved, layer) = BruteForce::allocate(limit).unwrap();
            let largest = largest_layer(limit);
            // The buffer holds the largest layer, so it never grows.
            assert!(layer.capacity() >= largest, "limit {limit}");
            let allocated = solved.losing.capacity()
                + layer.capacity() * size_of::<[usize; 3]>()
                + layer.capacity() * size_of::<bool>();
            assert_eq!(
                BruteForce::memory_needed(limit),
                allocated as u64,
                "limit {limit}"
            );
            assert_eq!(solved.losing.len(), (limit as usize + 1).pow(3));
        }
    }

    #[test]
    fn the_memory_estimate_grows_as_the_cube_and_saturates() {
        let limits = [250, 500, 1000, BruteForce::MAX_LIMIT / 2];
        crate::estimates::grow_as_the_cube(BruteForce::memory_needed, &limits);
        crate::estimates::saturate_rather_than_wrap(BruteForce::memory_needed);
        // 8 GiB and a little at the largest limit.
        let largest = BruteForce::memory_needed(BruteForce::MAX_LIMIT);
        assert!(
            largest > 1 << 33 && largest < (1 << 33) + (1 << 27),
            "{largest}"
        );
    }
}
