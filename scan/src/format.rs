//! The layout of the tables: how a pair or a position becomes an index or a key.
//!
//! The generated source, the runtime scan and the queries all go through these
//! functions, so the emitted format is defined here and nowhere else.

/// The index of the pair `a <= b` in a partner table.
///
/// Pairs are laid out by their larger pile, `(0,0), (0,1), (1,1), (0,2), …`, so
/// the table for a limit `L` is a prefix of the table for any larger limit.
/// The caller sorts the pair: an unsorted pair (`a > b`) is refused with
/// `None` rather than sorted here, since its index would alias another pair.
/// The result is also `None` when the index does not fit `usize`, on every
/// target width.
///
/// ```
/// use stone_game_scan::format::pair_index;
/// assert_eq!(pair_index(0, 0), Some(0));
/// assert_eq!(pair_index(1, 2), Some(4));
/// assert_eq!(pair_index(2, 1), None);
/// ```
pub const fn pair_index(a: u64, b: u64) -> Option<usize> {
    if a > b {
        return None;
    }
    // b * (b + 1) / 2 + a, without overflow for any b that indexes real memory.
    let Some(b1) = b.checked_add(1) else {
        return None;
    };
    let (even, odd) = if b.is_multiple_of(2) {
        (b / 2, b1)
    } else {
        (b1 / 2, b)
    };
    let Some(tri) = even.checked_mul(odd) else {
        return None;
    };
    let Some(index) = tri.checked_add(a) else {
        return None;
    };
    usize_of(index)
}

/// `n` as a `usize`, or `None` where it does not fit (a 16- or 32-bit target).
const fn usize_of(n: u64) -> Option<usize> {
    if n > usize::MAX as u64 {
        None
    } else {
        Some(n as usize)
    }
}

/// `count` entries of `width` bytes each, in bytes: the length of a generated
/// table file. `None` when it does not fit `usize` on the target.
///
/// ```
/// use stone_game_scan::format::{PARTNER_BYTES, pair_count, table_bytes};
/// assert_eq!(table_bytes(pair_count(1000), PARTNER_BYTES), Some(1_003_002));
/// assert_eq!(table_bytes(u64::MAX, 2), None);
/// ```
pub const fn table_bytes(count: u64, width: usize) -> Option<usize> {
    match count.checked_mul(width as u64) {
        Some(bytes) => usize_of(bytes),
        None => None,
    }
}

/// How many pairs `a <= b <= limit` there are: the length of a partner table.
///
/// ```
/// use stone_game_scan::format::pair_count;
/// assert_eq!(pair_count(1000), 501_501);
/// assert_eq!(pair_count(u32::MAX), (1 << 63) + (1 << 31));
/// ```
pub const fn pair_count(limit: u32) -> u64 {
    // In u128: (L + 1)(L + 2) overflows u64 at u32::MAX; the half fits.
    let l = limit as u128;
    ((l + 1) * (l + 2) / 2) as u64
}

/// The key of a sorted position in the generated phf map: the three piles as
/// 16-bit fields, smallest pile lowest, so distinct positions have distinct
/// keys.
///
/// ```
/// assert_eq!(stone_game_scan::format::position_key(1, 3, 3), 0x0003_0003_0001);
/// ```
pub const fn position_key(x: u16, y: u16, z: u16) -> u64 {
    (x as u64) | ((y as u64) << 16) | ((z as u64) << 32)
}

/// The largest limit whose tables the generator writes.
///
/// The tables are bytes, so rustc's cost barely grows with the limit; the
/// build script's scan grows as about L³ and the partner file as L²
/// (BENCHMARKS.md). Partners stay below `2 (a + b + min(a, b)) <= 6 L`
/// (GAME.md), so at this limit every partner also fits the two bytes a
/// partner entry takes; the generator still checks each one.
pub const MAX_LIMIT: u32 = 4000;

/// Bytes per partner in the generated partner table (little-endian `u16`).
pub const PARTNER_BYTES: usize = 2;

/// Bytes per losing triple in the generated triple table: `x`, `y`, `z` as
/// little-endian `u16`s.
pub const TRIPLE_BYTES: usize = 6;

/// Bytes per entry in the generated sum and count tables (little-endian `u64`).
pub const TOTAL_BYTES: usize = 8;
