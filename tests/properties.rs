//! The mathematics of the game (GAME.md), tested as properties over random
//! positions: inside the embedded table (piles up to `LIMIT`), beyond it
//! through one runtime scan to `LIMIT + 300`, and far beyond it (the largest
//! pile up to `u64::MAX`), where the queries answer from the partner table.
//!
//! Every bound is derived from `stone_game::LIMIT`, so these pass whatever
//! `STONE_GAME_LIMIT` the crate is built with (10 or more; the rest of the
//! suite needs 100).

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use stone_game::{
    BruteForce, EMBEDDED, LIMIT, LOSING_TRIPLES, Move, ScannedTables, Tables, WinningMove,
    is_losing, losing_count, losing_index, losing_sum, partner, winning_moves,
};

/// The limit of the embedded table.
const L: u64 = LIMIT as u64;
/// How far past the embedded table the runtime scan goes.
const BEYOND: u32 = 300;
/// The limit of the runtime scan.
const SCAN: u64 = L + BEYOND as u64;

/// The six orders of three piles.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The seven non-empty sets of piles a move may take from.
const PILE_SETS: [[bool; 3]; 7] = [
    [true, false, false],
    [false, true, false],
    [false, false, true],
    [true, true, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
];

/// Piles past the embedded limit, far and near.
const PAST: [u64; 9] = [
    L + 1,
    L + 2,
    L + 64,
    2 * L + 1,
    u16::MAX as u64 + 1,
    u32::MAX as u64,
    u64::MAX / 2,
    u64::MAX - 1,
    u64::MAX,
];

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        // Report a failure; write no regression file into the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One runtime scan to `LIMIT + 300`, shared by every test of this file.
fn scanned() -> &'static ScannedTables {
    static SCANNED: OnceLock<ScannedTables> = OnceLock::new();
    SCANNED.get_or_init(|| ScannedTables::scan(LIMIT + BEYOND).expect("a scan to LIMIT + 300"))
}

fn widen([x, y, z]: [u16; 3]) -> [u64; 3] {
    [x.into(), y.into(), z.into()]
}

fn permute(p: [u64; 3], order: [usize; 3]) -> [u64; 3] {
    [p[order[0]], p[order[1]], p[order[2]]]
}

fn sorted(mut p: [u64; 3]) -> [u64; 3] {
    p.sort_unstable();
    p
}

fn losing(view: Tables<'_>, p: [u64; 3]) -> Option<bool> {
    view.is_losing(p[0], p[1], p[2])
}

/// The proven bound on a partner (GAME.md): `c <= 2 (a + b + min(a, b))`.
fn partner_bound(a: u64, b: u64) -> u64 {
    2 * (a + b + a.min(b))
}

/// The most stones a move taking from `piles` can take from `p`.
fn reach(p: [u64; 3], piles: [bool; 3]) -> u64 {
    (0..3)
        .filter(|&i| piles[i])
        .map(|i| p[i])
        .min()
        .expect("a move takes from some pile")
}

/// Every move from `p` to a losing position, found by trying every move and
/// asking `view` about its target, in the order `winning_moves` documents.
///
/// When the largest pile is past the view's limit, the moves that take from
/// that pile alone are tried only down to targets up to the partner bound of
/// the two other piles: past it no pile can be a partner (the bound is
/// checked for every pair in `tables_are_consistent`, and sampled here by
/// `check_definition`). Every other move touches a pile within the limit, so
/// there are at most `limit` of each.
fn enumerate_winning_moves(view: Tables<'_>, p: [u64; 3]) -> Vec<WinningMove> {
    let limit = u64::from(view.limit());
    let largest = (0..3).max_by_key(|&i| p[i]).expect("three piles");
    let huge = p[largest] > limit;
    let [x, y, _] = sorted(p);
    let cap = partner_bound(x, y);
    let mut found = Vec::new();
    for piles in PILE_SETS {
        let most = reach(p, piles);
        let only_largest = piles.iter().filter(|&&t| t).count() == 1 && piles[largest];
        let least = if huge && only_largest {
            // Targets w = p[largest] - stones from min(cap, p - 1) down to 0.
            p[largest] - cap.min(p[largest] - 1)
        } else {
            assert!(
                most <= view.limit().into(),
                "{p:?}: {most} moves of {piles:?}"
            );
            1
        };
        for stones in least..=most {
            let take = Move::new(piles, stones).expect("a set of piles and some stones");
            let to = take
                .apply(p)
                .unwrap_or_else(|| panic!("{take:?} is legal from {p:?}"));
            match losing(view, to) {
                Some(true) => found.push(WinningMove { take, to }),
                Some(false) => {}
                None => panic!("{p:?}: the target {to:?} of {take:?} has no answer"),
            }
        }
    }
    found
}

/// A position is losing exactly when no move leads to a losing position, and
/// `winning_moves` lists exactly the moves to losing positions, each legal
/// and landing where it says.
fn check_definition(view: Tables<'_>, p: [u64; 3]) -> Result<(), TestCaseError> {
    let is = losing(view, p);
    prop_assert!(is.is_some(), "{:?} has no answer", p);
    let is = is == Some(true);
    let expected = enumerate_winning_moves(view, p);
    prop_assert_eq!(
        is,
        expected.is_empty(),
        "{:?}: is_losing = {}, moves to losing positions: {:?}",
        p,
        is,
        expected
    );

    let listed: Vec<WinningMove> = view
        .winning_moves(p[0], p[1], p[2])
        .expect("winning_moves answers where is_losing does")
        .collect();
    for m in &listed {
        prop_assert!(m.take.stones() >= 1, "{:?}: {:?} takes nothing", p, m);
        prop_assert_eq!(m.take.apply(p), Some(m.to), "{:?}: {:?}", p, m);
        prop_assert_eq!(losing(view, m.to), Some(true), "{:?}: {:?}", p, m);
    }
    // The documented order: by the piles taken from (one pile in the order
    // given, then two, then three), then by the number of stones.
    let rank = |m: &WinningMove| {
        let touched = m.take.piles().iter().filter(|&&t| t).count();
        let first = m.take.piles().iter().position(|&t| t).unwrap_or(3);
        (touched, if touched == 1 { first } else { 0 })
    };
    for pair in listed.windows(2) {
        prop_assert!(rank(&pair[0]) <= rank(&pair[1]), "{:?}: {:?}", p, listed);
        if pair[0].take.piles() == pair[1].take.piles() {
            prop_assert!(
                pair[0].take.stones() < pair[1].take.stones(),
                "{:?}: {:?}",
                p,
                listed
            );
        }
    }
    let key = |m: &WinningMove| (m.take.piles(), m.take.stones());
    let mut listed_sorted = listed.clone();
    listed_sorted.sort_by_key(key);
    let mut expected_sorted = expected;
    expected_sorted.sort_by_key(key);
    prop_assert_eq!(listed_sorted, expected_sorted, "{:?}", p);

    // Past the limit: the single-pile moves not tried above lead nowhere losing.
    let largest = (0..3).max_by_key(|&i| p[i]).expect("three piles");
    let [x, y, _] = sorted(p);
    let cap = partner_bound(x, y);
    let top = p[largest];
    if top > u64::from(view.limit()) && top > cap + 1 {
        for w in [cap + 1, cap + 2, cap + (top - cap) / 2, top - 1] {
            if w < top {
                prop_assert_eq!(
                    view.is_losing(x, y, w),
                    Some(false),
                    "({}, {}, {})",
                    x,
                    y,
                    w
                );
            }
        }
    }
    Ok(())
}

/// Piles in every order give the same answers.
fn check_order_independence(view: Tables<'_>, p: [u64; 3]) -> Result<(), TestCaseError> {
    let is = losing(view, p);
    let index = view.losing_index(p[0], p[1], p[2]);
    let count = view.winning_moves(p[0], p[1], p[2]).map(Iterator::count);
    // The sorted positions the moves reach, sorted: independent of pile order.
    let reached = |moves: Vec<WinningMove>| {
        let mut to: Vec<[u64; 3]> = moves
            .into_iter()
            .map(|m| {
                let mut to = m.to;
                to.sort_unstable();
                to
            })
            .collect();
        to.sort_unstable();
        to
    };
    let reached_from_p = view
        .winning_moves(p[0], p[1], p[2])
        .map(|moves| reached(moves.collect()))
        .unwrap_or_default();
    for order in PERMUTATIONS {
        let q = permute(p, order);
        prop_assert_eq!(losing(view, q), is, "{:?} vs {:?}", p, q);
        prop_assert_eq!(view.losing_index(q[0], q[1], q[2]), index, "{:?}", q);
        prop_assert_eq!(
            view.winning_moves(q[0], q[1], q[2]).map(Iterator::count),
            count,
            "{:?}",
            q
        );
        // The moves follow the piles: the positions they reach are the same,
        // permuted alike, and each is losing.
        if let Some(moves) = view.winning_moves(q[0], q[1], q[2]) {
            let moves: Vec<_> = moves.collect();
            for m in &moves {
                prop_assert_eq!(losing(view, m.to), Some(true));
            }
            prop_assert_eq!(reached(moves), reached_from_p.clone(), "{:?}", q);
        }
    }
    // is_losing(a, b, c) == (partner(a, b) == c), in every order it answers.
    for order in PERMUTATIONS {
        let q = permute(p, order);
        if let Some(c) = view.partner(q[0], q[1]) {
            prop_assert_eq!(is, Some(c == q[2]), "{:?}: partner = {}", q, c);
        }
    }
    Ok(())
}

/// Positions within the embedded table: uniform, losing, and next to losing.
fn table_position() -> impl Strategy<Value = [u64; 3]> {
    let triple = any::<Index>().prop_map(|i| {
        widen(
            LOSING_TRIPLES
                .get(i.index(LOSING_TRIPLES.len()))
                .expect("in range"),
        )
    });
    prop_oneof![
        proptest::array::uniform3(0..=L),
        (triple.clone(), 0..6usize).prop_map(|(p, o)| permute(p, PERMUTATIONS[o])),
        (triple, proptest::array::uniform3(-2i64..=2), 0..6usize).prop_map(|(p, d, o)| {
            let q = [0, 1, 2].map(|i| p[i].saturating_add_signed(d[i]).min(L));
            permute(q, PERMUTATIONS[o])
        }),
    ]
}

/// Positions within the runtime scan: uniform, losing, and next to losing.
fn scan_position() -> impl Strategy<Value = [u64; 3]> {
    let triple = any::<Index>().prop_map(|i| {
        let triples = scanned().as_tables().triples();
        widen(triples.get(i.index(triples.len())).expect("in range"))
    });
    prop_oneof![
        proptest::array::uniform3(0..=SCAN),
        proptest::array::uniform3(L.saturating_sub(50)..=SCAN),
        (triple.clone(), 0..6usize).prop_map(|(p, o)| permute(p, PERMUTATIONS[o])),
        (triple, proptest::array::uniform3(-2i64..=2), 0..6usize).prop_map(|(p, d, o)| {
            let q = [0, 1, 2].map(|i| p[i].saturating_add_signed(d[i]).min(SCAN));
            permute(q, PERMUTATIONS[o])
        }),
    ]
}

/// Positions whose two smaller piles are within the embedded table and whose
/// largest is past it, up to `u64::MAX`; some of them losing.
fn huge_position() -> impl Strategy<Value = [u64; 3]> {
    let far = prop_oneof![
        (L + 1)..=u64::MAX,
        (u64::MAX - 16)..=u64::MAX,
        (L + 1)..=(8 * L + 8),
    ];
    prop_oneof![
        (0..=L, 0..=L, far, 0..6usize).prop_map(|(x, y, z, o)| permute([x, y, z], PERMUTATIONS[o])),
        // Next to the partner, which may be past the limit.
        (0..=L, 0..=L, -2i64..=2, 0..6usize).prop_map(|(x, y, d, o)| {
            let c = partner(x, y).expect("a pair within the table");
            permute([x, y, c.saturating_add_signed(d)], PERMUTATIONS[o])
        }),
    ]
}

/// A key: two numbers, a place in one of the three tables.
type Key = (u16, u16);

/// The seven keys of a sorted triple, by table: `one`, `two` and `all`.
fn keys([x, y, z]: [u16; 3]) -> ([Key; 3], [Key; 3], Key) {
    (
        [(y, z), (x, z), (x, y)],
        [(y - x, z), (z - y, x), (z - x, y)],
        (y - x, z - x),
    )
}

proptest! {
    #![proptest_config(config())]

    /// The definition, within the embedded table.
    #[test]
    fn definition_holds_in_the_table(p in table_position()) {
        check_definition(EMBEDDED, p)?;
        check_order_independence(EMBEDDED, p)?;
        // The free functions are the embedded table's queries.
        prop_assert_eq!(is_losing(p[0], p[1], p[2]), losing(EMBEDDED, p));
        prop_assert_eq!(losing_index(p[0], p[1], p[2]), EMBEDDED.losing_index(p[0], p[1], p[2]));
        prop_assert_eq!(
            winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>),
            EMBEDDED.winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>)
        );
        // losing_index finds a losing position exactly, and only those.
        let index = losing_index(p[0], p[1], p[2]);
        prop_assert_eq!(index.is_some(), losing(EMBEDDED, p) == Some(true));
        #[cfg(feature = "phf")]
        prop_assert_eq!(stone_game::losing_index_hashed(p[0], p[1], p[2]), index);
        if let Some(i) = index {
            prop_assert_eq!(LOSING_TRIPLES.get(i).map(widen), Some(sorted(p)));
        }
    }

    /// The definition, beyond the embedded table, through the runtime scan;
    /// and the embedded table agrees with the scan wherever it answers.
    #[test]
    fn definition_holds_in_the_scan(p in scan_position()) {
        let view = scanned().as_tables();
        check_definition(view, p)?;
        check_order_independence(view, p)?;
        if let Some(is) = losing(EMBEDDED, p) {
            prop_assert_eq!(losing(view, p), Some(is), "{:?}", p);
            prop_assert_eq!(
                EMBEDDED.winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>),
                view.winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>)
            );
        } else {
            // Unanswered only when two piles are past the embedded limit.
            prop_assert!(p.iter().filter(|&&pile| pile > L).count() >= 2, "{:?}", p);
        }
        prop_assert_eq!(
            view.losing_index(p[0], p[1], p[2]).and_then(|i| view.triples().get(i)).map(widen),
            (losing(view, p) == Some(true)).then(|| sorted(p))
        );
    }

    /// The definition far past the table: the largest pile up to u64::MAX.
    #[test]
    fn definition_holds_past_the_table(p in huge_position()) {
        check_definition(EMBEDDED, p)?;
        check_order_independence(EMBEDDED, p)?;
        // The runtime scan, which covers the two smaller piles, agrees.
        let view = scanned().as_tables();
        prop_assert_eq!(losing(view, p), losing(EMBEDDED, p));
        prop_assert_eq!(
            EMBEDDED.winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>),
            view.winning_moves(p[0], p[1], p[2]).map(Iterator::collect::<Vec<_>>)
        );
        // losing_index covers only the table's own triples.
        let [_, _, z] = sorted(p);
        if z > L {
            prop_assert_eq!(losing_index(p[0], p[1], p[2]), None);
            #[cfg(feature = "phf")]
            prop_assert_eq!(stone_game::losing_index_hashed(p[0], p[1], p[2]), None);
        }
    }

    /// partner is symmetric and names the losing positions, in the table and
    /// through the scan.
    #[test]
    fn partner_is_symmetric(a in 0..=SCAN, b in 0..=SCAN) {
        let view = scanned().as_tables();
        for (table, limit) in [(EMBEDDED, L), (view, SCAN)] {
            let c = table.partner(a, b);
            prop_assert_eq!(c.is_some(), a.max(b) <= limit, "({}, {})", a, b);
            let Some(c) = c else { continue };
            prop_assert!(c <= partner_bound(a, b), "partner({}, {}) = {}", a, b, c);
            for order in PERMUTATIONS {
                let q = permute([a, b, c], order);
                prop_assert_eq!(table.is_losing(q[0], q[1], q[2]), Some(true), "{:?}", q);
            }
            if c <= limit {
                // Symmetry against the list of triples, which no partner
                // lookup (and no sorting of the query) touches.
                let listed = table.triples().losing_index(sorted([a, b, c]).map(|p| p as u16));
                prop_assert!(listed.is_some(), "({}, {}) -> {} is not listed", a, b, c);
                prop_assert_eq!(table.partner(a, c), Some(b), "({}, {}) -> {}", a, b, c);
                prop_assert_eq!(table.partner(c, b), Some(a), "({}, {}) -> {}", a, b, c);
            }
            // Any other third pile is winning.
            for other in [c.wrapping_sub(1), c + 1, 0, a, b, u64::MAX] {
                if other != c {
                    prop_assert_eq!(table.is_losing(a, b, other), Some(false));
                }
            }
        }
        // The embedded table and the scan agree on every pair both cover.
        if a.max(b) <= L {
            prop_assert_eq!(partner(a, b), view.partner(a, b));
        }
    }

    /// Every query past the limit answers None, and never panics.
    #[test]
    fn queries_past_the_limit_are_none(
        far in prop_oneof![(L + 1)..=u64::MAX, (L + 1)..=(L + 4), (u64::MAX - 4)..=u64::MAX],
        other in prop_oneof![0..=L, any::<u64>()],
        small in 0u32..40,
        o in 0..6usize,
    ) {
        let small_table = ScannedTables::scan(small).expect("a small scan");
        let small_far = far.max(u64::from(small) + 1);
        for (table, far) in [(EMBEDDED, far), (small_table.as_tables(), small_far)] {
            let limit = u64::from(table.limit());
            let far_l = u32::try_from(far).unwrap_or(u32::MAX);
            prop_assert_eq!(table.losing_sum(far_l), None);
            prop_assert_eq!(table.losing_count(far_l), None);
            prop_assert_eq!(table.partner(far, other), None);
            prop_assert_eq!(table.partner(other, far), None);
            // Two piles past the limit: no answer, in any order.
            let q = permute([far, other.max(far), other], PERMUTATIONS[o]);
            prop_assert_eq!(table.is_losing(q[0], q[1], q[2]), None, "{:?}", q);
            prop_assert!(table.winning_moves(q[0], q[1], q[2]).is_none(), "{:?}", q);
            prop_assert_eq!(table.losing_index(q[0], q[1], q[2]), None);
            // One pile past it: an answer, never a losing index.
            let inside = other % (limit + 1);
            let q = permute([far, inside, inside / 2], PERMUTATIONS[o]);
            let is = table.is_losing(q[0], q[1], q[2]);
            prop_assert!(is.is_some(), "{:?}", q);
            let moves = table.winning_moves(q[0], q[1], q[2]).expect("an answer").count();
            prop_assert_eq!(moves == 0, is == Some(true), "{:?}", q);
            prop_assert_eq!(table.losing_index(q[0], q[1], q[2]), None);
        }
        let far_l = u32::try_from(far).unwrap_or(u32::MAX);
        prop_assert_eq!(losing_sum(far_l), None);
        prop_assert_eq!(losing_count(far_l), None);
        prop_assert_eq!(partner(far, other), None);
        prop_assert_eq!(is_losing(far, far, other), None);
        prop_assert!(winning_moves(other, far, far).is_none());
        prop_assert_eq!(losing_index(far, 0, 0), None);
    }
}

/// The full key check (GAME.md, "The seven keys"): no two losing triples hold
/// the same key of any of the three tables, over every triple of the embedded
/// table and of the runtime scan.
#[test]
fn no_two_losing_triples_share_a_key() {
    for triples in [LOSING_TRIPLES, scanned().as_tables().triples()] {
        let mut one = HashMap::new();
        let mut two = HashMap::new();
        let mut all = HashMap::new();
        for (i, t) in triples.iter().enumerate() {
            let (k1, k2, k3) = keys(t);
            let k3 = [k3];
            let tables = [
                (&mut one, &k1[..], "K1"),
                (&mut two, &k2[..], "K2"),
                (&mut all, &k3[..], "K3"),
            ];
            for (held, ks, kind) in tables {
                for &k in ks {
                    match held.entry(k) {
                        Entry::Vacant(v) => {
                            v.insert(i);
                        }
                        Entry::Occupied(o) => assert_eq!(
                            *o.get(),
                            i,
                            "{t:?} and {:?} share {kind}{k:?}",
                            triples.get(*o.get())
                        ),
                    }
                }
            }
        }
    }
}

/// GAME.md's scan from the theorem, naively with hash sets: a triple is
/// losing exactly when none of its keys is held by an earlier losing triple.
#[test]
fn key_scan_finds_the_losing_triples() {
    use std::collections::HashSet;
    let limit = LIMIT.min(80) as u16;
    let (mut one, mut two, mut all) = (HashSet::new(), HashSet::new(), HashSet::new());
    let mut found = Vec::new();
    for x in 0..=limit {
        for y in x..=limit {
            for z in y..=limit {
                let (k1, k2, k3) = keys([x, y, z]);
                let held = k1.iter().any(|k| one.contains(k))
                    || k2.iter().any(|k| two.contains(k))
                    || all.contains(&k3);
                if !held {
                    found.push([x, y, z]);
                    one.extend(k1);
                    two.extend(k2);
                    all.insert(k3);
                }
            }
        }
    }
    let embedded: Vec<[u16; 3]> = LOSING_TRIPLES.iter().filter(|t| t[2] <= limit).collect();
    assert_eq!(found, embedded);
}

/// Every position with piles up to a small limit obeys the definition: by
/// induction on the total this proves the table right there. And the brute
/// force from the definition agrees.
#[test]
fn definition_holds_exhaustively_for_small_piles() {
    let limit = L.min(24);
    for x in 0..=limit {
        for y in x..=limit {
            for z in y..=limit {
                check_definition(EMBEDDED, [x, y, z]).unwrap();
            }
        }
    }
    let limit = LIMIT.min(40);
    let brute = BruteForce::new(limit).expect("a small limit");
    let brute: Vec<_> = brute.losing_triples().collect();
    let embedded: Vec<_> = LOSING_TRIPLES
        .iter()
        .filter(|t| u32::from(t[2]) <= limit)
        .collect();
    assert_eq!(brute, embedded);
}

/// Every pair has a partner, within the bound (that it is the only one is
/// the brute force's to say: tests/game_facts.rs); the partners, the
/// triples and the sums all agree with one another and with the scan.
#[test]
fn tables_are_consistent() {
    let view = scanned().as_tables();
    // The triples: sorted, strictly increasing, within the limit.
    for table in [EMBEDDED, view] {
        let triples = table.triples();
        assert_eq!(triples.get(0), Some([0, 0, 0]));
        assert!(
            triples
                .iter()
                .zip(triples.iter().skip(1))
                .all(|(a, b)| a < b)
        );
        for (i, [x, y, z]) in triples.iter().enumerate() {
            assert!(x <= y && y <= z && u32::from(z) <= table.limit());
            let p = widen([x, y, z]);
            assert_eq!(table.partner(p[0], p[1]), Some(p[2]));
            for order in PERMUTATIONS {
                let q = permute(p, order);
                assert_eq!(table.losing_index(q[0], q[1], q[2]), Some(i));
            }
        }
        // Every pair's partner: bounded, and each triple it names with
        // z <= limit is one of the triples.
        let limit = u64::from(table.limit());
        let mut named = 0;
        for b in 0..=limit {
            for a in 0..=b {
                let c = table.partner(a, b).expect("every pair has a partner");
                assert!(c <= partner_bound(a, b), "partner({a}, {b}) = {c}");
                if c >= b && c <= limit {
                    named += 1;
                }
            }
        }
        assert_eq!(named, triples.len());
        assert_eq!(
            table.losing_count(table.limit()),
            Some(triples.len() as u64)
        );
    }
    // The free losing_index (the embedded partner table and rank
    // directory) finds every embedded triple, in every order, those with
    // z = LIMIT included.
    for (i, t) in LOSING_TRIPLES.iter().enumerate() {
        for order in PERMUTATIONS {
            let q = permute(widen(t), order);
            assert_eq!(losing_index(q[0], q[1], q[2]), Some(i), "{q:?}");
        }
    }
    // The embedded table is the scan's, cut at LIMIT.
    let cut: Vec<[u16; 3]> = view
        .triples()
        .iter()
        .filter(|t| u64::from(t[2]) <= L)
        .collect();
    assert_eq!(cut, LOSING_TRIPLES.iter().collect::<Vec<_>>());
    for b in 0..=L {
        for a in 0..=b {
            assert_eq!(partner(a, b), view.partner(a, b), "({a}, {b})");
        }
    }
    // The scan's triples past LIMIT whose two smaller piles are within it are
    // the embedded partners past LIMIT.
    for t in view.triples() {
        let [x, y, z] = widen(t);
        if z > L && y <= L {
            assert_eq!(partner(x, y), Some(z));
            assert_eq!(is_losing(z, x, y), Some(true));
        }
    }
}

/// `losing_count` and `losing_sum` against the triples at every l, both
/// non-decreasing, embedded equal to the scan up to LIMIT.
#[test]
fn sums_and_counts_at_every_limit() {
    let view = scanned().as_tables();
    let mut per_z = vec![(0u64, 0u64); SCAN as usize + 1];
    for t in view.triples() {
        let entry = &mut per_z[usize::from(t[2])];
        entry.0 += 1;
        entry.1 += t.iter().map(|&p| u64::from(p)).sum::<u64>();
    }
    let (mut count, mut sum) = (0, 0);
    for (l, (c, s)) in (0..).zip(per_z) {
        count += c;
        sum += s;
        assert_eq!(view.losing_count(l), Some(count), "count({l})");
        assert_eq!(view.losing_sum(l), Some(sum), "sum({l})");
        if l > 0 {
            assert!(view.losing_count(l) >= view.losing_count(l - 1));
            assert!(view.losing_sum(l) >= view.losing_sum(l - 1));
        }
        if u64::from(l) <= L {
            assert_eq!(losing_count(l), Some(count), "count({l})");
            assert_eq!(losing_sum(l), Some(sum), "sum({l})");
        } else {
            assert_eq!(losing_count(l), None);
            assert_eq!(losing_sum(l), None);
        }
    }
    assert_eq!(view.losing_count(SCAN as u32 + 1), None);
    // The values GAME.md quotes.
    assert_eq!(losing_sum(4), (L >= 4).then_some(27));
    assert_eq!(losing_count(4), (L >= 4).then_some(5));
    assert_eq!(losing_sum(100), (L >= 100).then_some(173_895));
    assert_eq!(losing_count(100), (L >= 100).then_some(1264));
}

/// Fixed edge cases past the limit, on the embedded table and on small scans.
#[test]
fn edges_past_the_limit() {
    let scans: Vec<ScannedTables> = [0, 1, 2, 10]
        .iter()
        .map(|&l| ScannedTables::scan(l).unwrap())
        .collect();
    let views = std::iter::once(EMBEDDED).chain(scans.iter().map(ScannedTables::as_tables));
    for table in views {
        let limit = u64::from(table.limit());
        let past = PAST
            .iter()
            .copied()
            .chain([limit + 1, limit + 2])
            .filter(|&v| v > limit);
        for v in past {
            let l = u32::try_from(v).unwrap_or(u32::MAX);
            assert_eq!(table.losing_sum(l), None, "{v}");
            assert_eq!(table.losing_count(l), None, "{v}");
            for w in [0, limit, v, u64::MAX] {
                assert_eq!(table.partner(v, w), None, "({v}, {w})");
                assert_eq!(table.partner(w, v), None, "({v}, {w})");
                assert_eq!(table.is_losing(v, w.max(limit + 1), 0), None);
                assert!(table.winning_moves(0, v, w.max(limit + 1)).is_none());
                assert_eq!(table.losing_index(w, v, 0), None);
            }
            // One pile past the limit: answered through the partner, with
            // every winning move listed (no overflow even at u64::MAX).
            for (x, y) in [(0, 0), (0, limit), (limit, limit), (limit / 2, limit)] {
                let c = table.partner(x, y).unwrap();
                assert_eq!(table.is_losing(v, x, y), Some(v == c));
                let moves: Vec<WinningMove> = table.winning_moves(x, v, y).unwrap().collect();
                assert_eq!(moves.is_empty(), v == c);
                for m in moves {
                    assert_eq!(m.take.apply([x, v, y]), Some(m.to));
                    assert_eq!(table.is_losing(m.to[0], m.to[1], m.to[2]), Some(true));
                }
                assert_eq!(table.losing_index(x, y, v), None);
            }
        }
        assert_eq!(table.is_losing(0, 0, u64::MAX), Some(false));
        let moves: Vec<WinningMove> = table.winning_moves(u64::MAX, 0, 0).unwrap().collect();
        assert_eq!(
            moves,
            [WinningMove {
                take: Move::new([true, false, false], u64::MAX).unwrap(),
                to: [0, 0, 0]
            }]
        );
    }
    // GAME.md's examples.
    assert_eq!(is_losing(2, 1, 0), Some(true));
    assert_eq!(is_losing(3, 1, 3), Some(true));
    for p in [[0, 0, 13], [0, 11, 11], [5, 5, 5]] {
        if p[2] <= L {
            assert_eq!(is_losing(p[0], p[1], p[2]), Some(false));
        }
    }
}
