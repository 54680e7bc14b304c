//! How much memory a scan needs at its peak, from the sizes of what it
//! allocates: the estimates behind the refusals of scans that would not
//! fit (`tests/peak_memory.rs` checks them against the real peaks).

use super::bands::{TILE, bands_at_most};
use super::keys::row_words;
use crate::format::pair_count;

/// The memory, in bytes, that [`Scan::run`](super::Scan::run) needs at its
/// peak for `limit` (saturating at `u64::MAX` for limits no scan accepts).
///
/// An estimate from the table sizes: four bitsets whose rows start `2L`
/// columns wide, where partners stay in practice (GAME.md), plus one more
/// bitset's worth for the copy a widening makes, and their summaries (a bit
/// per word); a band's buffers; the partner table; the triples.
///
/// ```
/// use stone_game_scan::scan::memory_needed;
/// let bytes = memory_needed(1000);
/// assert!(bytes > 1_000_000 && bytes < 10_000_000);
/// assert_eq!(memory_needed(u32::MAX), u64::MAX);
/// ```
pub const fn memory_needed(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = row_bytes(2 * limit as u64 + 2);
    let bitsets = 5 * rows * row_bytes + summaries(rows, row_bytes);
    let partners = 4 * pair_count(limit) as u128;
    let triples = 6 * triples_room(limit);
    saturate(bitsets + band_bytes(rows) + partners + triples)
}

/// The memory, in bytes, that [`losing_triples`](super::losing_triples)
/// needs at its peak for `limit` (saturating at `u64::MAX` for limits no
/// scan accepts).
///
/// An estimate from the table sizes: four bitsets of rows `L + 1` columns
/// wide (rounded up as the scan lays them out), which never widen, and
/// their summaries; the buffers of the bands the threads scan together
/// ([`scan`](super)'s module docs), for putting their triples in order;
/// the triples. Under half of [`memory_needed`] from a limit of 288 on,
/// except from 1024 to 3903 with the feature `std`, where the 8 bands
/// that up to 8 threads keep are counted and it is more.
///
/// ```
/// use stone_game_scan::scan::{memory_needed, memory_needed_for_triples};
/// assert!(memory_needed_for_triples(1000) < memory_needed(1000) / 2);
/// assert_eq!(memory_needed_for_triples(u32::MAX), u64::MAX);
/// ```
pub const fn memory_needed_for_triples(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = row_bytes(limit as u64 + 1);
    let bitsets = 4 * rows * row_bytes + summaries(rows, row_bytes);
    let bands = bands_at_most(limit) as u128 * band_bytes(rows);
    let triples = 6 * triples_room(limit);
    saturate(bitsets + bands + triples)
}

/// The memory, in bytes, that [`losing_totals_for`](super::losing_totals_for)
/// needs at its peak for `limit`, also for limits no scan accepts: that of
/// [`memory_needed_for_triples`] without the triples, and with two totals
/// per limit: about half of it at 1000, two fifths at 65535.
///
/// ```
/// use stone_game_scan::scan::{memory_needed_for_totals, memory_needed_for_triples};
/// assert!(memory_needed_for_totals(1000) < memory_needed_for_triples(1000) * 2 / 3);
/// assert!(memory_needed_for_totals(u32::MAX) > memory_needed_for_totals(65535));
/// ```
pub const fn memory_needed_for_totals(limit: u32) -> u64 {
    // In u128, so no limit overflows; the result saturates.
    let rows = limit as u128 + 1;
    let row_bytes = row_bytes(limit as u64 + 1);
    let bitsets = 4 * rows * row_bytes + summaries(rows, row_bytes);
    let bands = bands_at_most(limit) as u128 * band_bytes(rows);
    let totals = 2 * 8 * rows;
    saturate(bitsets + bands + totals)
}

/// The bytes of one band's buffers for `rows` rows: a `z` (two bytes) per
/// pair of its rows and a bit per pair found; the keys it holds late (four
/// bytes each, in vectors grown by doubling) and, on threads, its triples on
/// their way (six bytes each, in room made for them). About one pair in
/// four has a partner inside the cube (517.8 million of 2.15 billion at
/// 65535): up to two bytes a pair and a byte and a half, six in all with
/// the `z`.
const fn band_bytes(rows: u128) -> u128 {
    6 * TILE as u128 * rows + TILE as u128 * rows.div_ceil(8)
}

/// How many losing triples up to `limit` the scan makes room for before it
/// starts, so that their vector never doubles past what the estimates
/// count: `(L + 1)^2 / 8`, and `L + 1` more for the small limits. There are
/// about 0.12 L^2 (GAME.md), below the bound at every limit to 1000
/// (a unit test) and at 65535 (0.1206 L^2).
pub(super) const fn triples_room(limit: u32) -> u128 {
    let rows = limit as u128 + 1;
    rows * rows / 8 + rows
}

/// The bytes of a row of the tables at least `cols` columns wide, as the
/// scan lays it out ([`row_words`]).
const fn row_bytes(cols: u64) -> u128 {
    8 * row_words(cols) as u128
}

/// The bytes of the four tables' summaries, a bit per word of `row_bytes`
/// rounded up to words, for `rows` rows each.
const fn summaries(rows: u128, row_bytes: u128) -> u128 {
    4 * rows * 8 * row_bytes.div_ceil(8 * 64)
}

/// A byte count as `u64`, `u64::MAX` when it does not fit.
const fn saturate(bytes: u128) -> u64 {
    if bytes > u64::MAX as u128 {
        u64::MAX
    } else {
        bytes as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimates_count_each_part_of_what_a_scan_allocates() {
        // 1000: rows of 1001 bits, 16 words; a summary word a row; one band,
        // 64 rows of a z (2 bytes), late keys (2) and triples (1.5, rounded
        // up to 2) per pair, and a bit per pair.
        let rows: u64 = 1001;
        let tables = 4 * rows * 16 * 8;
        let summaries = 4 * rows * 8;
        let band = 64 * rows * 6 + 64 * rows.div_ceil(8);
        let totals = 2 * 8 * rows;
        assert_eq!(
            memory_needed_for_totals(1000),
            tables + summaries + band + totals
        );
        let triples = 6 * (rows * rows / 8 + rows);
        assert_eq!(
            memory_needed_for_triples(1000),
            tables + summaries + band + triples
        );
        // The whole scan: five tables' worth of rows 2L + 2 columns wide (32
        // words), their summaries, one band, the partners.
        let wide = 5 * rows * 32 * 8 + 4 * rows * 8;
        let partners = 4 * 1001 * 1002 / 2;
        assert_eq!(memory_needed(1000), wide + band + partners + triples);
        // 2000, past THREADS_FROM: the 8 bands the threads keep (without
        // std, one band).
        let bands_kept = if cfg!(feature = "std") { 8 } else { 1 };
        let rows: u64 = 2001;
        let tables = 4 * rows * 32 * 8 + 4 * rows * 8;
        let bands = bands_kept * (64 * rows * 6 + 64 * rows.div_ceil(8));
        assert_eq!(
            memory_needed_for_totals(2000),
            tables + bands + 2 * 8 * rows
        );
        // 65535: rows of 1024 words padded to 1026, and 17 summary words
        // each.
        let rows: u64 = 65536;
        let tables = 4 * rows * 1026 * 8 + 4 * rows * 17 * 8;
        let bands = bands_kept * (64 * rows * 6 + 64 * rows / 8);
        assert_eq!(
            memory_needed_for_totals(65535),
            tables + bands + 2 * 8 * rows
        );
    }
}
