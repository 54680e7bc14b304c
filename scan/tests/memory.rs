//! `memory_needed` and `memory_needed_for_triples`, the estimates behind the
//! CLI's refusal of scans that would not fit in memory, checked by what they
//! must do (cover what a scan keeps, grow as the tables grow, never wrap),
//! and the layout functions they rest on.

use stone_game_scan::format::{pair_count, pair_index, position_key};
use stone_game_scan::scan::{
    MAX_SCAN_LIMIT, Scan, losing_triples, memory_needed, memory_needed_for_totals,
    memory_needed_for_triples,
};

/// The estimates grow as the square of the limit, as the tables do: each
/// doubling of a large limit multiplies them by nearly four. Beside the
/// tables, each thread's band (a buffer per row) grows as the limit, and
/// long rows are padded by up to 3 words (from 64 words, so that a row
/// index takes an odd number of cache lines), so the ratio stays below four
/// and a tenth, and nears four from below.
#[test]
fn the_estimates_grow_as_the_square_of_the_limit() {
    for estimate in [
        memory_needed,
        memory_needed_for_triples,
        memory_needed_for_totals,
    ] {
        let ratio = |limit: u32| estimate(2 * limit) as f64 / estimate(limit) as f64;
        for limit in [2000, 4000, 8000, 16_000, 32_000] {
            let ratio = ratio(limit);
            assert!(ratio < 4.1 && ratio > 2.4, "limit {limit}: {ratio}");
        }
        // Eight threads' bands, a linear term, still weigh at 32000.
        let last = ratio(32_000);
        assert!(last > 3.6, "at 32000: {last}");
        assert!(last > ratio(8000), "at 32000: {last}");
    }
}

/// The triples alone need under half of what the whole scan needs, once the
/// tables dominate the fixed costs.
#[test]
fn the_triples_alone_need_less_than_half() {
    // Every limit, as the docs of `memory_needed_for_triples` say: from 288
    // on, but where 8 threads' bands are counted and the tables are still
    // small, up to 3903.
    let std = cfg!(feature = "std");
    for limit in 288..=MAX_SCAN_LIMIT {
        let half = memory_needed_for_triples(limit) < memory_needed(limit) / 2;
        let threads = std && (1024..3904).contains(&limit);
        assert_eq!(half, !threads, "limit {limit}");
    }
    assert!(memory_needed_for_triples(287) >= memory_needed(287) / 2);
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
        // Not a bound so loose that it says nothing: the bitsets, the one
        // part not kept, are at most a few times the partner table.
        assert!(
            memory_needed(limit) < 8 * kept as u64 + 4096,
            "limit {limit}"
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
