//! The claims of GAME.md that the code relies on, each checked against the
//! brute force (which knows nothing of keys) or against the tables.

use stone_game::{
    BruteForce, EMBEDDED, LIMIT, LOSING_TRIPLES, Move, ScannedTables, ScannedTriples,
};

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
    // The embedded tables answer a sorted position whose middle pile is
    // within LIMIT, and give None past it, at every limit.
    let embedded =
        |losing: bool, [_, b, _]: [u64; 3]| Some(losing).filter(|_| b <= u64::from(LIMIT));
    for [a, b, c] in [[0, 1, 2], [1, 3, 3]] {
        assert_eq!(solved.is_losing(a, b, c), Some(true));
        assert_eq!(EMBEDDED.is_losing(a, b, c), embedded(true, [a, b, c]));
    }
    for [a, b, c] in [[0, 0, 13], [0, 11, 11], [5, 5, 5]] {
        assert_eq!(solved.is_losing(a, b, c), Some(false));
        assert_eq!(EMBEDDED.is_losing(a, b, c), embedded(false, [a, b, c]));
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
    // The embedded tables answer S(100) exactly when LIMIT reaches 100.
    let within = |l: u32| LIMIT >= l;
    assert_eq!(
        stone_game::losing_sum(100),
        Some(173_895).filter(|_| within(100))
    );
    assert_eq!(
        stone_game::losing_count(100),
        Some(1264).filter(|_| within(100))
    );
    assert_eq!(stone_game::losing_sum(4), Some(27).filter(|_| within(4)));
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
    for a in 0..=l {
        for b in 0..=l {
            let c = EMBEDDED.partner(a, b).expect("inside the table");
            assert!(c <= 2 * (a + b + a.min(b)), "partner({a}, {b}) = {c}");
            match named[a as usize * side + b as usize] {
                Some(listed) => assert_eq!(c, listed, "partner({a}, {b})"),
                None => assert!(c > l, "partner({a}, {b}) = {c}, yet no triple lists it"),
            }
        }
    }
}

#[test]
fn the_largest_partner_of_pairs_up_to_1000_is_1896() {
    // An observation, not a theorem (GAME.md section 5): below 2000. On a
    // scan of its own, so that it holds whatever LIMIT the tables have.
    let scan = ScannedTables::scan(1000).expect("scans");
    let largest = (0..=1000)
        .flat_map(|a| (a..=1000).map(move |b| (a, b)))
        .map(|(a, b)| scan.as_tables().partner(a, b).expect("inside the scan"))
        .max();
    assert_eq!(largest, Some(1896));
}

#[test]
fn losing_positions_number_at_most_one_per_pair() {
    // At most one losing z per pair (x, y), so no more losing positions than
    // pairs x <= y <= L, (L+1)(L+2)/2 (GAME.md section 5). The triples are
    // sorted, so two that share a pair are neighbours.
    let mut pairs: Vec<[u16; 2]> = LOSING_TRIPLES.iter().map(|[x, y, _]| [x, y]).collect();
    pairs.dedup();
    assert_eq!(
        pairs.len(),
        LOSING_TRIPLES.len(),
        "two losing triples share a pair (x, y)"
    );
}

#[test]
fn losing_positions_number_about_0_12_l_squared() {
    // GAME.md section 5, on scans of their own: the embedded LIMIT may be
    // too small for the ratio to settle.
    for l in [100, 200, 400] {
        let count = ScannedTriples::scan(l).expect("scans").triples().len();
        let ratio = count as f64 / f64::from(l * l);
        assert!(
            (0.11..0.13).contains(&ratio),
            "count({l}) = {count}: {ratio}"
        );
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
