//! The scan's triples, at limits of several bands and tiles, against the
//! definition of a losing position, checked on the triples themselves: no
//! move joins two of them, and every other position has a move into one of
//! them (under misère, all but the empty position, which is won as it is).
//!
//! The brute force of `brute_force.rs` looks at every move of every
//! position, so in a debug build it stops at 24, inside the scan's first
//! tile. This check follows the moves back from the losing positions only,
//! so it reaches limits where the scan's tiles and bands meet (the scan
//! works in tiles of 64 by 64 pairs). It knows nothing of keys either.

use stone_game_scan::Convention;
use stone_game_scan::scan::{Scan, losing_totals_for, losing_triples_for, prefix_sums};

/// Every position with piles up to a limit, in any order: one flag each.
struct Cube {
    side: usize,
    flags: Vec<bool>,
}

impl Cube {
    fn new(limit: usize) -> Cube {
        let side = limit + 1;
        Cube {
            side,
            flags: vec![false; side * side * side],
        }
    }

    fn at(&mut self, [a, b, c]: [usize; 3]) -> &mut bool {
        &mut self.flags[(a * self.side + b) * self.side + c]
    }
}

/// The positions `p` reached from `from` by adding `k >= 1` stones to each
/// pile of a nonempty set, within the cube: every position with a move to
/// `from`.
fn positions_moving_to(from: [usize; 3], limit: usize) -> impl Iterator<Item = [usize; 3]> {
    (1..8u8).flat_map(move |piles| {
        (1..=limit).map_while(move |k| {
            let mut p = from;
            for (i, pile) in p.iter_mut().enumerate() {
                if piles >> i & 1 == 1 {
                    *pile += k;
                }
            }
            p.iter().all(|&pile| pile <= limit).then_some(p)
        })
    })
}

/// Checks that `triples` (sorted, up to `limit`) are exactly the losing
/// positions of the game under `convention`.
fn assert_the_losing_positions(triples: &[[u16; 3]], limit: usize, convention: Convention) {
    let mut losing = Cube::new(limit);
    let mut winning = Cube::new(limit);
    if convention == Convention::Misere {
        // No move is left, so the player to move has won.
        *winning.at([0, 0, 0]) = true;
    }
    for t in triples {
        let [x, y, z] = t.map(usize::from);
        assert!(
            x <= y && y <= z && z <= limit,
            "{t:?} is not a sorted triple up to {limit}"
        );
        for p in [
            [x, y, z],
            [x, z, y],
            [y, x, z],
            [y, z, x],
            [z, x, y],
            [z, y, x],
        ] {
            *losing.at(p) = true;
            for q in positions_moving_to(p, limit) {
                *winning.at(q) = true;
            }
        }
    }
    for a in 0..=limit {
        for b in 0..=limit {
            for c in 0..=limit {
                let p = [a, b, c];
                let (lost, won) = (*losing.at(p), *winning.at(p));
                assert!(
                    !(lost && won),
                    "{p:?} is losing, and moves to a losing position or is won"
                );
                assert!(
                    lost || won,
                    "{p:?} is not losing, yet has no move to a losing position"
                );
            }
        }
    }
}

#[test]
fn the_scans_find_the_losing_positions_across_their_tiles() {
    for convention in [Convention::Normal, Convention::Misere] {
        for limit in [127u32, 200] {
            let scan = Scan::run_for(convention, limit, |_| {}).expect("a small limit");
            assert_the_losing_positions(scan.triples(), limit as usize, convention);
            let alone = losing_triples_for(convention, limit, |_| {}).expect("a small limit");
            assert_eq!(alone, scan.triples(), "{convention:?}, limit {limit}");
        }
    }
}

#[test]
fn the_threaded_scan_of_the_cube_finds_what_the_whole_scan_finds() {
    // From this limit on, the cube's scan takes every core (up to eight).
    let limit = 1100;
    for convention in [Convention::Normal, Convention::Misere] {
        let whole = Scan::run_for(convention, limit, |_| {}).expect("a small limit");
        let mut reports = Vec::new();
        let alone = losing_triples_for(convention, limit, |p| reports.push(p.pairs_done));
        assert_eq!(alone.as_deref(), Ok(whole.triples()), "{convention:?}");
        // One report per smallest pile, in order.
        let l = u64::from(limit);
        let mut done = 0;
        let expected: Vec<u64> = (0..=l)
            .map(|x| {
                done += l - x + 1;
                done
            })
            .collect();
        assert_eq!(reports, expected, "{convention:?}");
        let totals = losing_totals_for(convention, limit, |_| {}).expect("a small limit");
        assert_eq!(
            totals,
            prefix_sums(limit, whole.triples()),
            "{convention:?}"
        );
    }
}

#[test]
fn past_64_bands_the_threads_still_find_the_totals_of_one() {
    // 4400: 69 bands, the last five (5, 4, 3, 2 and 1 tiles) past the 64th
    // tile, on every core. (Normal play only: misère differs at the first pair,
    // which the tests above reach.)
    let limit = 4400;
    let whole = Scan::run(limit).expect("a small limit");
    let totals = losing_totals_for(Convention::Normal, limit, |_| {}).expect("a small limit");
    assert_eq!(totals, prefix_sums(limit, whole.triples()));
}

#[test]
fn the_check_catches_a_missing_and_an_extra_position() {
    let scan = Scan::run(127).expect("a small limit");
    let mut missing = scan.triples().to_vec();
    missing.remove(500);
    let check = |triples: Vec<[u16; 3]>| {
        std::panic::catch_unwind(move || {
            assert_the_losing_positions(&triples, 127, Convention::Normal)
        })
        .is_err()
    };
    assert!(check(missing), "a losing position left out");
    let mut extra = scan.triples().to_vec();
    extra.push([126, 127, 127]);
    assert!(check(extra), "a winning position put in");
    assert!(!check(scan.triples().to_vec()), "the scan's own");
}
