//! The Grundy table against brute forces that know nothing of keys: the mex
//! over every move, Wythoff's game on two piles, and the sum of two games
//! played from its definition; and its zeros against the embedded tables.

use std::collections::HashMap;

use stone_game::{EMBEDDED, GrundyTable, LIMIT, Move};

/// The brute force checks every position with piles up to this.
const BRUTE_LIMIT: u64 = 24;

/// The mex: the smallest number not in `seen`.
fn mex(seen: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = seen.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

/// The Grundy values of every position with piles up to `limit`, in the
/// order given (not sorted), from the definition: the mex over every move.
/// A move lowers the total, so positions are decided in order of it.
fn brute_force_values(limit: u64) -> HashMap<[u64; 3], u32> {
    let mut values = HashMap::new();
    for total in 0..=3 * limit {
        for a in 0..=limit.min(total) {
            for b in 0..=limit.min(total - a) {
                let c = total - a - b;
                if c > limit {
                    continue;
                }
                let p = [a, b, c];
                let v = mex(Move::all_from(p).map(|m| values[&m.apply(p).expect("legal")]));
                values.insert(p, v);
            }
        }
    }
    values
}

#[test]
fn the_table_agrees_with_the_mex_over_every_move_up_to_24() {
    let table = GrundyTable::compute(BRUTE_LIMIT as u32).expect("a small limit");
    let brute = brute_force_values(BRUTE_LIMIT);
    assert_eq!(brute.len(), 25 * 25 * 25);
    for (&[a, b, c], &v) in &brute {
        assert_eq!(table.value(a, b, c), Some(v), "({a}, {b}, {c})");
    }
    // A value is at most the number of moves, 4x + 2y + z for sorted piles.
    for x in 0..=BRUTE_LIMIT {
        for y in x..=BRUTE_LIMIT {
            for z in y..=BRUTE_LIMIT {
                let moves = Move::all_from([x, y, z]).count() as u64;
                assert_eq!(moves, 4 * x + 2 * y + z);
                assert!(u64::from(brute[&[x, y, z]]) <= moves);
            }
        }
    }
    // Past the limit, in any pile: no answer.
    for p in [[25, 0, 0], [0, 25, 0], [0, 0, 25], [u64::MAX, 1, 2]] {
        assert_eq!(table.value(p[0], p[1], p[2]), None, "{p:?}");
    }
}

/// Every value 0 is a losing position of the embedded tables and every
/// losing position has value 0, for every position with piles up to `limit`.
/// Also GAME.md's observation: every value is below 2L (the lines' first
/// width is 2L + 64 bits).
fn assert_zeros_are_the_losing_positions(limit: u32) {
    let table = GrundyTable::compute(limit).expect("a limit that fits");
    let l = u64::from(limit);
    let (mut zeros, mut largest) = (0, 0);
    for x in 0..=l {
        for y in x..=l {
            for z in y..=l {
                let value = table.value(x, y, z).expect("covered");
                let zero = value == 0;
                assert_eq!(Some(zero), EMBEDDED.is_losing(x, y, z), "({x}, {y}, {z})");
                zeros += usize::from(zero);
                largest = largest.max(value);
            }
        }
    }
    assert_eq!(Some(zeros as u64), EMBEDDED.losing_count(limit));
    assert!(u64::from(largest) < 2 * l, "{largest}");
}

#[test]
fn value_0_exactly_at_the_losing_positions_up_to_100() {
    assert_zeros_are_the_losing_positions(100.min(LIMIT));
}

/// In release (`.ci/run` runs it): the whole table to 400.
#[test]
#[ignore = "slow in debug; run in release with --include-ignored"]
fn value_0_exactly_at_the_losing_positions_up_to_400() {
    assert_zeros_are_the_losing_positions(400.min(LIMIT));
}

#[test]
fn games_md_examples() {
    let table = GrundyTable::compute(10).expect("a small limit");
    let value = |p: [u64; 3]| table.value(p[0], p[1], p[2]).expect("covered");
    assert_eq!(value([0, 0, 1]), 1);
    assert_eq!(value([0, 1, 1]), 2);
    assert_eq!(value([1, 1, 1]), 3);
    assert_eq!(value([0, 1, 2]), 0);
    assert_eq!(value([1, 3, 3]), 0);
    for n in 0..=10 {
        // One pile alone is a heap of nim: its value is its size.
        assert_eq!(value([0, 0, n]), n as u32);
    }
    // (0,0,1) + (0,1,1) is won, (0,0,2) + (0,1,1) lost.
    assert_ne!(value([0, 0, 1]) ^ value([0, 1, 1]), 0);
    assert_eq!(value([0, 0, 2]) ^ value([0, 1, 1]), 0);
}

#[test]
fn with_one_pile_empty_the_values_are_wythoffs() {
    // Wythoff's game on two piles from its own rules: take any number from
    // one pile, or the same number from both.
    const W: usize = 120;
    let mut wythoff = vec![[0u32; W + 1]; W + 1];
    for (a, b) in (0..=W).flat_map(|a| (0..=W).map(move |b| (a, b))) {
        let from_a = (0..a).map(|a2| wythoff[a2][b]);
        let from_b = (0..b).map(|b2| wythoff[a][b2]);
        let from_both = (1..=a.min(b)).map(|n| wythoff[a - n][b - n]);
        wythoff[a][b] = mex(from_a.chain(from_b).chain(from_both));
    }
    let table = GrundyTable::compute(W as u32).expect("a small limit");
    for (a, row) in (0u64..).zip(&wythoff) {
        for (b, &v) in (0u64..).zip(row) {
            assert_eq!(table.value(0, a, b), Some(v), "(0, {a}, {b})");
            assert_eq!(table.value(a, 0, b), Some(v), "({a}, 0, {b})");
        }
    }
    // The well-known start of Wythoff's table: row 0 is b itself, row 1 is
    // 1 2 0 4 5 3 ...
    assert_eq!(wythoff[0][..6], [0, 1, 2, 3, 4, 5]);
    assert_eq!(wythoff[1][..6], [1, 2, 0, 4, 5, 3]);
}

/// The sum of two games from the definition: a move changes one game by one
/// of its moves; a position is lost when every move leads to a won one.
#[test]
fn a_sum_of_two_games_is_lost_exactly_when_the_xor_of_their_values_is_0() {
    const S: u64 = 5;
    let table = GrundyTable::compute(S as u32).expect("a small limit");
    let games: Vec<[u64; 3]> = (0..=S)
        .flat_map(|a| (0..=S).flat_map(move |b| (0..=S).map(move |c| [a, b, c])))
        .collect();
    // Decided in order of the total of all six piles: a move lowers it.
    let mut sums: Vec<([u64; 3], [u64; 3])> = games
        .iter()
        .flat_map(|&g| games.iter().map(move |&h| (g, h)))
        .collect();
    sums.sort_by_key(|(g, h)| g.iter().sum::<u64>() + h.iter().sum::<u64>());
    let mut lost: HashMap<([u64; 3], [u64; 3]), bool> = HashMap::new();
    let mut sum_values: HashMap<([u64; 3], [u64; 3]), u32> = HashMap::new();
    let (mut lost_count, mut won_count) = (0, 0);
    for (g, h) in sums {
        let options: Vec<([u64; 3], [u64; 3])> = Move::all_from(g)
            .map(|m| (m.apply(g).expect("legal"), h))
            .chain(Move::all_from(h).map(|m| (g, m.apply(h).expect("legal"))))
            .collect();
        let is_lost = options.iter().all(|o| !lost[o]);
        lost.insert((g, h), is_lost);
        sum_values.insert((g, h), mex(options.iter().map(|o| sum_values[o])));
        let vg = table.value(g[0], g[1], g[2]).expect("covered");
        let vh = table.value(h[0], h[1], h[2]).expect("covered");
        assert_eq!(is_lost, vg ^ vh == 0, "{g:?} + {h:?}");
        // The theorem itself: the sum's value is the XOR.
        assert_eq!(sum_values[&(g, h)], vg ^ vh, "{g:?} + {h:?}");
        if is_lost {
            lost_count += 1;
        } else {
            won_count += 1;
        }
    }
    // Both outcomes occur, with winning games on both sides among the lost.
    assert!(lost_count > 100 && won_count > 100);
    // GAME.md's examples.
    assert!(!lost[&([0, 0, 1], [0, 1, 1])]);
    assert!(lost[&([0, 0, 2], [0, 1, 1])]);
}

#[test]
fn progress_counts_every_pair() {
    let mut reports = Vec::new();
    let with = GrundyTable::compute_with_progress(30, |p| reports.push(p)).expect("small");
    assert_eq!(with, GrundyTable::compute(30).expect("small"));
    assert_eq!(reports.len(), 31);
    assert!(
        reports
            .windows(2)
            .all(|w| w[0].pairs_done < w[1].pairs_done)
    );
    let last = reports.last().expect("reports");
    assert_eq!(
        (last.pairs_done, last.pairs_total),
        (31 * 32 / 2, 31 * 32 / 2)
    );
}
