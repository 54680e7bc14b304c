//! The claims of GAME.md that the code relies on, each checked against the
//! brute force (which knows nothing of keys) or against the tables.

use stone_game::{BruteForce, EMBEDDED, LIMIT, LOSING_TRIPLES, Move, ScannedTables};

/// Every move from a sorted position, as the sorted position it leaves.
fn moves(p: [u64; 3]) -> impl Iterator<Item = [u64; 3]> {
    Move::all_from(p).map(move |m| {
        let mut to = m.apply(p).expect("a legal move");
        to.sort_unstable();
        to
    })
}

/// The seven keys of a sorted position, as in GAME.md's table.
fn keys([x, y, z]: [u64; 3]) -> [(u8, u64, u64); 7] {
    [
        (1, y, z),
        (1, x, z),
        (1, x, y),
        (2, y - x, z),
        (2, z - y, x),
        (2, z - x, y),
        (3, y - x, z - x),
    ]
}

fn sorted_positions(m: u64) -> impl Iterator<Item = [u64; 3]> {
    (0..=m).flat_map(move |x| (x..=m).flat_map(move |y| (y..=m).map(move |z| [x, y, z])))
}

#[test]
fn the_examples_of_the_rules() {
    let solved = BruteForce::new(13).expect("a small limit");
    for [a, b, c] in [[0, 1, 2], [1, 3, 3]] {
        assert_eq!(solved.is_losing(a, b, c), Some(true));
        if LIMIT >= 3 {
            assert_eq!(EMBEDDED.is_losing(a, b, c), Some(true));
        }
    }
    for [a, b, c] in [[0, 0, 13], [0, 11, 11], [5, 5, 5]] {
        assert_eq!(solved.is_losing(a, b, c), Some(false));
        if LIMIT >= 11 {
            assert_eq!(EMBEDDED.is_losing(a, b, c), Some(false));
        }
    }
    let up_to_4: Vec<_> = solved.losing_triples().filter(|t| t[2] <= 4).collect();
    assert_eq!(
        up_to_4,
        [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]
    );
    assert_eq!(
        up_to_4.iter().flatten().map(|&p| u64::from(p)).sum::<u64>(),
        27
    );
}

#[test]
fn s_100_is_173895_with_1264_losing_positions() {
    let table = ScannedTables::scan(100).expect("scans");
    assert_eq!(table.as_tables().losing_sum(100), Some(173_895));
    assert_eq!(table.as_tables().losing_count(100), Some(1264));
    if LIMIT >= 100 {
        assert_eq!(stone_game::losing_sum(100), Some(173_895));
        assert_eq!(stone_game::losing_count(100), Some(1264));
    } else {
        eprintln!("skipped the embedded S(100): LIMIT is {LIMIT}");
    }
    assert_eq!(stone_game::losing_sum(4), Some(27).filter(|_| LIMIT >= 4));
}

#[test]
fn every_move_leads_to_a_lexicographically_smaller_position_with_no_larger_pile() {
    for p in sorted_positions(16) {
        for to in moves(p) {
            assert!(to < p, "{p:?} -> {to:?}");
            assert!(to[2] <= p[2], "{p:?} -> {to:?}");
        }
    }
}

#[test]
fn two_positions_sharing_a_key_the_later_can_move_to_the_earlier() {
    let positions: Vec<_> = sorted_positions(12).collect();
    for (i, &later) in positions.iter().enumerate() {
        let reachable: Vec<_> = moves(later).collect();
        let later_keys = keys(later);
        for &earlier in &positions[..i] {
            if keys(earlier).iter().any(|k| later_keys.contains(k)) {
                assert!(
                    reachable.contains(&earlier),
                    "{later:?} cannot reach {earlier:?}"
                );
            }
        }
    }
}

#[test]
fn every_move_keeps_a_key() {
    // The second half of the theorem (GAME.md section 4): a move leaves a
    // position that shares one of the seven keys with the one it left.
    for p in sorted_positions(16) {
        let before = keys(p);
        for to in moves(p) {
            assert!(
                keys(to).iter().any(|k| before.contains(k)),
                "{p:?} -> {to:?} keeps no key"
            );
        }
    }
}

#[test]
fn partners_are_symmetric_and_within_the_proven_bound() {
    // Symmetry is checked against the raw triples, not against the partner
    // query in the other order (which sorts its arguments, so it would agree
    // with itself whatever the table held): each losing triple names the
    // partner of all six ordered pairs of its piles.
    let l = u64::from(LIMIT);
    let side = LIMIT as usize + 1;
    let mut named = vec![None; side * side];
    for [x, y, z] in LOSING_TRIPLES {
        let [x, y, z] = [x, y, z].map(usize::from);
        for (a, b, c) in [
            (x, y, z),
            (y, x, z),
            (x, z, y),
            (z, x, y),
            (y, z, x),
            (z, y, x),
        ] {
            named[a * side + b] = Some(c as u64);
        }
    }
    let mut largest = 0;
    for a in 0..=l {
        for b in 0..=l {
            let c = EMBEDDED.partner(a, b).expect("inside the table");
            assert!(c <= 2 * (a + b + a.min(b)), "partner({a}, {b}) = {c}");
            largest = largest.max(c);
            match named[a as usize * side + b as usize] {
                Some(listed) => assert_eq!(c, listed, "partner({a}, {b})"),
                None => assert!(c > l, "partner({a}, {b}) = {c}, yet no triple lists it"),
            }
        }
    }
    if LIMIT == 1000 {
        assert!(
            largest < 2000,
            "GAME.md: partners of pairs up to 1000 stay below 2000"
        );
    }
}

#[test]
fn the_brute_force_finds_exactly_one_partner_for_every_pair() {
    // From the rules alone: for every pair (a, b), in either order, exactly
    // one third pile c makes a losing position. Pairs up to 10 have their
    // partner below 2 (a + b + min(a, b)) <= 60, inside the brute force.
    let m = 60;
    let solved = BruteForce::new(m).expect("a small limit");
    let scanned = ScannedTables::scan(10).expect("scans");
    for a in 0..=10 {
        for b in 0..=10 {
            let losing: Vec<u64> = (0..=u64::from(m))
                .filter(|&c| solved.is_losing(a, b, c) == Some(true))
                .collect();
            assert_eq!(losing.len(), 1, "({a}, {b}): {losing:?}");
            assert_eq!(scanned.as_tables().partner(a, b), Some(losing[0]));
            if LIMIT >= 10 {
                assert_eq!(EMBEDDED.partner(a, b), Some(losing[0]));
            }
        }
    }
}

#[test]
fn losing_positions_number_at_most_one_per_pair() {
    // At most one losing z per pair (x, y): the bound (L+1)(L+2)/2 of GAME.md.
    let l = u64::from(LIMIT);
    let mut pairs: Vec<[u16; 2]> = LOSING_TRIPLES.iter().map(|[x, y, _]| [x, y]).collect();
    pairs.dedup();
    assert_eq!(
        pairs.len(),
        LOSING_TRIPLES.len(),
        "two losing triples share a pair (x, y)"
    );
    assert!(LOSING_TRIPLES.len() as u64 <= (l + 1) * (l + 2) / 2);
    if LIMIT >= 100 {
        let ratio = LOSING_TRIPLES.len() as f64 / (l * l) as f64;
        assert!((0.10..0.14).contains(&ratio), "about 0.12 L^2: {ratio}");
    }
}

#[test]
fn the_x_0_slice_is_wythoffs_game() {
    // floor(k φ) = floor((k + sqrt(5 k^2)) / 2), exactly, in integers.
    let wythoff = |k: u64| {
        let a = (k + (5 * k * k).isqrt()) / 2;
        (a, a + k)
    };
    let slice: Vec<_> = LOSING_TRIPLES.iter().filter(|t| t[0] == 0).collect();
    let expected: Vec<_> = (0..)
        .map(wythoff)
        .take_while(|&(_, b)| b <= u64::from(LIMIT))
        .collect();
    assert_eq!(slice.len(), expected.len());
    for (t, (a, b)) in slice.iter().zip(expected) {
        assert_eq!([u64::from(t[1]), u64::from(t[2])], [a, b]);
    }
}
