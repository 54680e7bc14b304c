//! The layout functions at the edges of their ranges.

use stone_game_scan::format::{
    RANK_BYTES, RANK_PAIRS, pair_count, pair_index, rank_entry, rank_entry_count, rank_in_entry,
    rank_pair_index, read_rank_entry, table_bytes,
};

/// `table_bytes` gives every size a `usize` can hold, up to `usize::MAX`
/// itself, and refuses the first that it cannot.
#[test]
fn the_largest_size_that_fits_usize_is_given() {
    let max = usize::MAX as u64;
    assert_eq!(table_bytes(max, 1), Some(usize::MAX));
    assert_eq!(table_bytes(max / 2, 2), Some(usize::MAX - 1));
    if max < u64::MAX {
        // A 16- or 32-bit target: one byte more does not fit.
        assert_eq!(table_bytes(max + 1, 1), None);
    }
    assert_eq!(table_bytes(u64::MAX, 2), None);
    assert_eq!(table_bytes(0, 8), Some(0));
}

/// The largest pair index that fits is given, not refused.
#[test]
fn pair_indices_up_to_usize_max_are_given() {
    // The last pair of the largest table: index pair_count(L) - 1.
    let limit = u32::MAX;
    let last = pair_count(limit) - 1;
    let expected = usize::try_from(last).ok();
    assert_eq!(pair_index(u64::from(limit), u64::from(limit)), expected);
    assert_eq!(pair_index(3, 2), None);
    assert_eq!(pair_index(2, 3), Some(8));
}

/// The limits whose rank directories end just before, at and after a word
/// boundary, and the smallest.
const RANK_LIMITS: [u32; 8] = [0, 1, 2, 10, 63, 64, 65, 130];

/// Every pair `x <= y <= limit` in the rank directory's order, `x` first.
fn pairs_by_row(limit: u32) -> Vec<(u64, u64)> {
    let l = u64::from(limit);
    (0..=l).flat_map(|x| (x..=l).map(move |y| (x, y))).collect()
}

/// Rows follow each other with no gap and no overlap: the first pair of a
/// row comes right after the last of the row before, and the last pair of
/// the last row is the last index.
#[test]
fn rank_pair_indices_count_the_pairs_row_by_row() {
    for limit in RANK_LIMITS {
        let l = u64::from(limit);
        for (i, (x, y)) in pairs_by_row(limit).into_iter().enumerate() {
            assert_eq!(
                rank_pair_index(x, y, limit),
                Some(i as u64),
                "({x}, {y}) at {limit}"
            );
        }
        assert_eq!(rank_pair_index(0, 0, limit), Some(0));
        assert_eq!(rank_pair_index(l, l, limit), Some(pair_count(limit) - 1));
        for x in 1..=l {
            let first = rank_pair_index(x, x, limit).expect("in range");
            let last_before = rank_pair_index(x - 1, l, limit).expect("in range");
            assert_eq!(first, last_before + 1, "row {x} at {limit}");
        }
        // Past the limit, or unsorted.
        assert_eq!(rank_pair_index(0, l + 1, limit), None);
        assert_eq!(rank_pair_index(l + 1, l + 1, limit), None);
        assert_eq!(rank_pair_index(1, 0, limit), None);
        assert_eq!(
            rank_entry_count(limit),
            pair_count(limit).div_ceil(RANK_PAIRS)
        );
    }
    // The largest limit does not overflow.
    let l = u64::from(u32::MAX);
    assert_eq!(
        rank_pair_index(l, l, u32::MAX),
        Some(pair_count(u32::MAX) - 1)
    );
    assert_eq!(
        rank_pair_index(l - 1, l, u32::MAX),
        Some(pair_count(u32::MAX) - 2)
    );
    assert_eq!(rank_pair_index(0, l, u32::MAX), Some(l));
}

/// The entry count of a limit: 1 for limits 0 to 9 (up to 55 pairs), and
/// whole words exactly when the pairs are a multiple of 64.
#[test]
fn the_directory_has_one_entry_per_64_pairs_rounded_up() {
    assert_eq!(rank_entry_count(0), 1);
    assert_eq!(rank_entry_count(9), 1);
    assert_eq!(rank_entry_count(10), 2);
    // 2080 pairs at 63: 32.5 words; 2145 at 64; 2211 at 65.
    assert_eq!(rank_entry_count(63), 33);
    assert_eq!(rank_entry_count(64), 34);
    assert_eq!(rank_entry_count(65), 35);
    // 127 * 128 / 2 = 8128 pairs at 126: 127 whole words.
    assert_eq!(pair_count(126), 127 * RANK_PAIRS);
    assert_eq!(rank_entry_count(126), 127);
}

/// An entry is its count, then its bits, little-endian, and every bit ranks
/// as the count plus the set bits below it.
#[test]
fn entries_round_trip_and_rank_every_bit() {
    for (before, bits) in [
        (0, 0),
        (0, u64::MAX),
        (u32::MAX, 1 << 63),
        (7, 0x8000_0000_0000_0001),
    ] {
        let entry = rank_entry(before, bits);
        assert_eq!(entry.len(), RANK_BYTES);
        assert_eq!(entry[..4], before.to_le_bytes());
        assert_eq!(entry[4..], bits.to_le_bytes());
        assert_eq!(read_rank_entry(entry), (before, bits));
        let mut rank = u64::from(before);
        for bit in 0..RANK_PAIRS {
            if bits >> bit & 1 == 1 {
                assert_eq!(rank_in_entry(entry, bit), Some(rank), "{bits:#x} bit {bit}");
                rank += 1;
            } else {
                assert_eq!(rank_in_entry(entry, bit), None, "{bits:#x} bit {bit}");
            }
        }
        assert_eq!(rank_in_entry(entry, RANK_PAIRS), None);
        assert_eq!(rank_in_entry(entry, u64::MAX), None);
    }
}

#[cfg(feature = "alloc")]
mod directory {
    use stone_game_scan::format::{
        rank_directory, rank_entry_count, rank_in_entry, rank_pair_index,
    };
    use stone_game_scan::scan::losing_triples;

    use super::{RANK_LIMITS, pairs_by_row};

    /// The directory's rank of the triple `[x, y, z]`.
    fn rank(directory: &[[u8; 12]], limit: u32, [x, y, _]: [u16; 3]) -> Option<u64> {
        let i = rank_pair_index(x.into(), y.into(), limit)?;
        let entry = directory.get(usize::try_from(i / 64).ok()?)?;
        rank_in_entry(*entry, i % 64)
    }

    /// Every triple of a scan ranks as its index, and no other pair ranks.
    #[test]
    fn every_losing_triple_ranks_as_its_index() {
        for limit in RANK_LIMITS.into_iter().chain([200]) {
            let triples = losing_triples(limit).expect("scans");
            let directory = rank_directory(limit, &triples).expect("the scan's triples");
            assert_eq!(directory.len() as u64, rank_entry_count(limit));
            for (i, &triple) in triples.iter().enumerate() {
                assert_eq!(
                    rank(&directory, limit, triple),
                    Some(i as u64),
                    "{triple:?}"
                );
            }
            let ranked = pairs_by_row(limit)
                .into_iter()
                .filter(|&(x, y)| rank(&directory, limit, [x as u16, y as u16, 0]).is_some())
                .count();
            assert_eq!(ranked, triples.len(), "limit {limit}");
        }
    }

    /// A triple on every pair, `[x, y, y]` (not losing, but a valid input):
    /// every bit set, so every entry counts the whole words before it, across
    /// every word boundary.
    #[test]
    fn a_full_directory_counts_whole_words() {
        for limit in RANK_LIMITS {
            let triples: Vec<[u16; 3]> = pairs_by_row(limit)
                .into_iter()
                .map(|(x, y)| [x as u16, y as u16, y as u16])
                .collect();
            let directory = rank_directory(limit, &triples).expect("sorted, within the limit");
            for (i, &triple) in triples.iter().enumerate() {
                assert_eq!(
                    rank(&directory, limit, triple),
                    Some(i as u64),
                    "{triple:?}"
                );
            }
            for (e, entry) in directory.iter().enumerate() {
                assert_eq!(
                    entry[..4],
                    (64 * e as u32).to_le_bytes(),
                    "entry {e} at {limit}"
                );
            }
        }
    }

    /// Anything but the sorted triples within the limit is refused.
    #[test]
    fn triples_out_of_order_or_range_are_refused() {
        for bad in [
            &[[0, 1, 3]][..],
            &[[0, 2, 1]],
            &[[1, 0, 2]],
            &[[0, 1, 2], [0, 1, 2]],
            &[[0, 1, 2], [0, 0, 0]],
            &[[1, 1, 1], [0, 2, 2]],
        ] {
            assert_eq!(rank_directory(2, bad), None, "{bad:?}");
        }
        assert_eq!(rank_directory(2, &[]).map(|d| d.len()), Some(1));
    }
}
