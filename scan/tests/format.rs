//! The layout functions at the edges of their ranges.

use stone_game_scan::format::{pair_count, pair_index, table_bytes};

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
