//! `memory_needed` and `memory_needed_for_triples`, the estimates behind the
//! CLI's refusal of scans that would not fit in memory, and the layout
//! functions they rest on.

use stone_game_scan::format::{pair_count, pair_index, position_key};
use stone_game_scan::scan::{
    MAX_SCAN_LIMIT, Scan, losing_triples, memory_needed, memory_needed_for_triples,
};

/// The estimate of `memory_needed`'s doc, part by part, in the words of that
/// doc: five bitsets (four, and one more for the copy a widening makes) of
/// `L + 1` rows, each `2L` columns plus two spare words wide; four bytes per
/// pair; six bytes for each of at most `(L + 1)^2 / 8` triples.
fn documented_estimate(limit: u64) -> u64 {
    let rows = limit + 1;
    let row_bytes = (2 * limit + 128) / 8;
    let bitsets = 5 * rows * row_bytes;
    let partners = 4 * (limit + 1) * (limit + 2) / 2;
    let triples = 6 * rows * rows / 8;
    bitsets + partners + triples
}

/// The estimate of `memory_needed_for_triples`'s doc: four bitsets of `L + 1`
/// rows, each `L + 1` columns rounded up to 64-bit words; two bytes for each
/// pair of a band of 64 rows; the triples as above.
fn documented_estimate_for_triples(limit: u64) -> u64 {
    let rows = limit + 1;
    let row_bytes = 8 * rows.div_ceil(64);
    let bitsets = 4 * rows * row_bytes;
    let band = 2 * 64 * rows;
    let triples = 6 * rows * rows / 8;
    bitsets + band + triples
}

const LIMITS: [u32; 12] = [
    0,
    1,
    2,
    7,
    63,
    64,
    65,
    100,
    999,
    4000,
    16_000,
    MAX_SCAN_LIMIT,
];

#[test]
fn the_estimate_is_the_documented_sum_of_the_tables() {
    // Worked by hand at 1000: 5 * 1001 * 266 + 4 * 501_501 + 6 * 1001^2 / 8.
    assert_eq!(memory_needed(1000), 1_331_330 + 2_006_004 + 751_500);
    // And for the triples alone: 4 * 1001 * 128 + 2 * 64 * 1001 + the same.
    assert_eq!(memory_needed_for_triples(1000), 512_512 + 128_128 + 751_500);
    for limit in LIMITS {
        let l = u64::from(limit);
        assert_eq!(
            memory_needed(limit),
            documented_estimate(l),
            "limit {limit}"
        );
        assert_eq!(
            memory_needed_for_triples(limit),
            documented_estimate_for_triples(l),
            "limit {limit}"
        );
        if limit >= 200 {
            assert!(memory_needed_for_triples(limit) < memory_needed(limit) / 2);
        }
    }
}

#[test]
fn the_estimate_covers_what_a_scan_keeps() {
    for limit in [0, 1, 10, 100, 300] {
        let scan = Scan::run(limit).expect("a small limit");
        let kept = 4 * scan.partners().len() + 6 * scan.triples().len();
        assert!(
            memory_needed(limit) > kept as u64,
            "limit {limit}: {} <= {kept}",
            memory_needed(limit)
        );
        let triples = losing_triples(limit).expect("a small limit");
        assert!(memory_needed_for_triples(limit) > 6 * triples.len() as u64);
    }
}

#[test]
fn the_estimate_saturates_rather_than_wrapping() {
    for estimate in [memory_needed, memory_needed_for_triples] {
        assert_eq!(estimate(u32::MAX), u64::MAX);
        // It grows with the limit, all the way up: no wrap in between.
        let mut last = 0;
        for shift in 0..32 {
            let limit = (1u64 << shift) as u32;
            let bytes = estimate(limit);
            assert!(bytes > last, "limit {limit}");
            last = bytes;
        }
    }
}

#[test]
fn pairs_are_laid_out_by_their_larger_pile() {
    let mut next = 0;
    for b in 0..200u64 {
        for a in 0..=b {
            assert_eq!(pair_index(a, b), Some(next), "({a}, {b})");
            next += 1;
        }
        assert_eq!(pair_count(b as u32), next as u64, "pairs up to {b}");
    }
    assert_eq!(pair_count(0), 1);
    assert_eq!(pair_count(u32::MAX), (1 << 63) + (1 << 31));
    // The triangle number of the largest b that fits, and overflow past it.
    assert_eq!(pair_index(u64::MAX, u64::MAX), None);
    assert_eq!(pair_index(1, u64::MAX - 1), None);
    // An unsorted pair is refused, not aliased to another pair's index.
    assert_eq!(pair_index(u64::MAX, 0), None);
    assert_eq!(pair_index(2, 1), None);
    let b = (1u64 << 32) - 1; // b (b + 1) / 2 = 2^63 - 2^31: fits
    assert_eq!(
        pair_index(0, b),
        usize::try_from((1u64 << 63) - (1 << 31)).ok()
    );
    assert_eq!(
        pair_index(b, b),
        usize::try_from((1u64 << 63) - (1 << 31) + b).ok()
    );
}

#[test]
fn position_keys_keep_each_pile_in_its_own_field() {
    assert_eq!(position_key(0, 0, 0), 0);
    assert_eq!(position_key(1, 0, 0), 1);
    assert_eq!(position_key(0, 1, 0), 1 << 16);
    assert_eq!(position_key(0, 0, 1), 1 << 32);
    assert_eq!(
        position_key(u16::MAX, u16::MAX, u16::MAX),
        0x0000_ffff_ffff_ffff
    );
    assert_eq!(position_key(0x1234, 0x5678, 0x9abc), 0x9abc_5678_1234);
}
