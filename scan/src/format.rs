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

/// Pairs per entry of the rank directory: one bit each, in a `u64`.
///
/// The rank directory gives a losing triple its index among the triples in
/// O(1). The losing triples `x <= y <= z <= L` are in one-to-one
/// correspondence with the pairs `x <= y <= L` whose partner `z` lies in
/// `y..=L`, and their lexicographic order is the order of those pairs, `x`
/// first, then `y`. So the directory holds one bit per pair, at
/// [`rank_pair_index`], set for exactly those pairs; the index of a triple is
/// the number of set bits before its pair's. Each entry holds
/// `RANK_PAIRS` bits and the count of set bits in the entries before it
/// ([`rank_entry`]), so that count is one read and one `count_ones` away.
pub const RANK_PAIRS: u64 = 64;

/// Bytes per entry of the rank directory ([`rank_entry`]): the count of
/// losing triples before the entry (little-endian `u32`), then its
/// [`RANK_PAIRS`] bits (little-endian `u64`).
pub const RANK_BYTES: usize = 12;

/// The index of the pair `x <= y <= limit` in the rank directory: the pairs
/// laid out by their smaller pile, row `x` holding `y = x..=limit`, so that
/// their order is the lexicographic order of the losing triples
/// ([`RANK_PAIRS`]). Its bit is bit `i % RANK_PAIRS` of entry
/// `i / RANK_PAIRS`.
///
/// Unlike [`pair_index`], the layout depends on the limit: row `x` starts
/// after the `limit + 1 - i` pairs of each row `i < x`. `None` for an
/// unsorted pair or one past the limit.
///
/// ```
/// use stone_game_scan::format::{pair_count, rank_pair_index};
/// // Limit 2: (0,0) (0,1) (0,2) (1,1) (1,2) (2,2).
/// assert_eq!(rank_pair_index(0, 0, 2), Some(0));
/// assert_eq!(rank_pair_index(0, 2, 2), Some(2));
/// assert_eq!(rank_pair_index(1, 1, 2), Some(3));
/// assert_eq!(rank_pair_index(2, 2, 2), Some(pair_count(2) - 1));
/// assert_eq!(rank_pair_index(2, 1, 2), None);
/// assert_eq!(rank_pair_index(0, 3, 2), None);
/// ```
pub const fn rank_pair_index(x: u64, y: u64, limit: u32) -> Option<u64> {
    if x > y || y > limit as u64 {
        return None;
    }
    // Row x starts at x (L + 1) - x (x - 1) / 2 = x (2L + 3 - x) / 2. The
    // product fits u64 for every limit up to about 2^31, the u128 below
    // for every u32; the index itself is below pair_count(limit), which
    // fits u64.
    let width = 2 * limit as u64 + 3 - x;
    let row = match x.checked_mul(width) {
        Some(product) => product / 2,
        None => (x as u128 * width as u128 / 2) as u64,
    };
    Some(row + (y - x))
}

/// How many entries the rank directory of `limit` has: one per
/// [`RANK_PAIRS`] pairs, the last one partly used.
///
/// ```
/// use stone_game_scan::format::{RANK_BYTES, rank_entry_count};
/// assert_eq!(rank_entry_count(0), 1);
/// assert_eq!(rank_entry_count(1000), 7836);
/// assert_eq!(rank_entry_count(1000) * RANK_BYTES as u64, 94_032);
/// ```
pub const fn rank_entry_count(limit: u32) -> u64 {
    pair_count(limit).div_ceil(RANK_PAIRS)
}

/// One entry of the rank directory as its [`RANK_BYTES`] bytes: `before`,
/// the number of set bits in the entries before it, then `bits`.
///
/// ```
/// use stone_game_scan::format::{rank_entry, read_rank_entry};
/// let entry = rank_entry(3, 0b1011);
/// assert_eq!(entry[..4], [3, 0, 0, 0]);
/// assert_eq!(read_rank_entry(entry), (3, 0b1011));
/// ```
pub const fn rank_entry(before: u32, bits: u64) -> [u8; RANK_BYTES] {
    let [b0, b1, b2, b3] = before.to_le_bytes();
    let [w0, w1, w2, w3, w4, w5, w6, w7] = bits.to_le_bytes();
    [b0, b1, b2, b3, w0, w1, w2, w3, w4, w5, w6, w7]
}

/// An entry's count and bits, as [`rank_entry`] wrote them.
pub const fn read_rank_entry(entry: [u8; RANK_BYTES]) -> (u32, u64) {
    let [b0, b1, b2, b3, w0, w1, w2, w3, w4, w5, w6, w7] = entry;
    (
        u32::from_le_bytes([b0, b1, b2, b3]),
        u64::from_le_bytes([w0, w1, w2, w3, w4, w5, w6, w7]),
    )
}

/// The rank of the pair at bit `bit` of `entry`: the number of set bits
/// before it in the whole directory, which is the index of its losing
/// triple. `None` when its bit is clear (its partner is not in `y..=L`) or
/// `bit` is not below [`RANK_PAIRS`].
///
/// ```
/// use stone_game_scan::format::{rank_entry, rank_in_entry};
/// let entry = rank_entry(3, 0b1011);
/// assert_eq!(rank_in_entry(entry, 0), Some(3));
/// assert_eq!(rank_in_entry(entry, 3), Some(5));
/// assert_eq!(rank_in_entry(entry, 2), None);
/// assert_eq!(rank_in_entry(entry, 64), None);
/// ```
pub const fn rank_in_entry(entry: [u8; RANK_BYTES], bit: u64) -> Option<u64> {
    if bit >= RANK_PAIRS {
        return None;
    }
    let (before, bits) = read_rank_entry(entry);
    if (bits >> bit) & 1 == 0 {
        return None;
    }
    let below = bits & ((1 << bit) - 1);
    Some(before as u64 + below.count_ones() as u64)
}

/// The rank directory of `triples`, the losing triples up to `limit` in
/// lexicographic order, as a scan gives them: [`rank_entry_count(limit)`]
/// entries (feature `alloc`).
///
/// `None` when the triples are not that: a triple unsorted or past the
/// limit, two out of order, or more triples than a `u32` counts.
///
/// ```
/// use stone_game_scan::format::{rank_directory, read_rank_entry};
/// // The losing triples up to 2: pairs (0,0) and (0,1), bits 0 and 1.
/// let directory = rank_directory(2, &[[0, 0, 0], [0, 1, 2]]).unwrap();
/// assert_eq!(directory.len(), 1);
/// assert_eq!(read_rank_entry(directory[0]), (0, 0b11));
/// assert_eq!(rank_directory(2, &[[0, 1, 2], [0, 0, 0]]), None);
/// ```
///
/// [`rank_entry_count(limit)`]: rank_entry_count
#[cfg(feature = "alloc")]
pub fn rank_directory(
    limit: u32,
    triples: &[[u16; 3]],
) -> Option<alloc::vec::Vec<[u8; RANK_BYTES]>> {
    let entries = usize_of(rank_entry_count(limit))?;
    let mut bits = alloc::vec![0u64; entries];
    let mut last = None;
    for &[x, y, z] in triples {
        let (x, y, z) = (x as u64, y as u64, z as u64);
        if z < y || z > limit as u64 {
            return None;
        }
        let i = rank_pair_index(x, y, limit)?;
        if last.is_some_and(|last| i <= last) {
            return None;
        }
        last = Some(i);
        bits[usize_of(i / RANK_PAIRS)?] |= 1 << (i % RANK_PAIRS);
    }
    let mut before = 0u32;
    let mut directory = alloc::vec::Vec::with_capacity(entries);
    for word in bits {
        directory.push(rank_entry(before, word));
        before = before.checked_add(word.count_ones())?;
    }
    Some(directory)
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
