//! Every query of the embedded table, and of a small runtime scan, with
//! arbitrary `u64` inputs: answers consistent with one another, never a panic
//! (the fuzz build keeps debug assertions, so an overflow panics too).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES, ScannedTables, Tables};

/// A pile: anything, or one in and near the embedded table, where the
/// answers are interesting.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Pile {
    Any(u64),
    Near(u16),
    Edge(u8),
}

impl Pile {
    fn value(self) -> u64 {
        let limit = u64::from(LIMIT);
        match self {
            Pile::Any(v) => v,
            Pile::Near(v) => u64::from(v) % (limit + 64),
            // 0, LIMIT, LIMIT + 1, u64::MAX and their neighbours.
            Pile::Edge(e) => {
                let base = [0, limit, limit + 1, u64::MAX][usize::from(e % 4)];
                let step = u64::from(e / 4 % 4);
                if base == u64::MAX {
                    base - step
                } else {
                    base + step
                }
            }
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    piles: [Pile; 3],
    limit: Pile,
    /// The limit of the runtime scan, modulo 64.
    scan: u8,
    /// Use a pile's partner as the third pile, to reach losing positions.
    use_partner: bool,
}

/// The type of the limit argument of `losing_sum` and `losing_count`.
type Limit = u32;

/// A limit as that argument; past its type's largest value, the largest
/// (which is past every table's limit as well).
fn limit_arg(l: u64) -> Limit {
    Limit::try_from(l).unwrap_or(Limit::MAX)
}

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn sorted(mut p: [u64; 3]) -> [u64; 3] {
    p.sort_unstable();
    p
}

/// The consistency of every query of `table` at `p` and `l`.
fn check(table: Tables<'_>, p: [u64; 3], l: u64) {
    let limit = u64::from(table.limit());

    // S and the count: answered exactly up to the limit, non-decreasing.
    let (sum, count) = (
        table.losing_sum(limit_arg(l)),
        table.losing_count(limit_arg(l)),
    );
    assert_eq!(sum.is_some(), l <= limit, "sum({l})");
    assert_eq!(count.is_some(), l <= limit, "count({l})");
    if let (Some(s), Some(n), Some(k)) = (sum, count, l.checked_sub(1)) {
        assert!(
            table.losing_sum(limit_arg(k)).unwrap() <= s,
            "sum({k}) > sum({l})"
        );
        assert!(
            table.losing_count(limit_arg(k)).unwrap() <= n,
            "count({k}) > count({l})"
        );
    }
    if l == limit {
        assert_eq!(count, Some(table.triples().len() as u64));
    }

    // partner: symmetric, answered for pairs within the limit, losing.
    let [a, b, c] = p;
    let ab = table.partner(a, b);
    assert_eq!(ab, table.partner(b, a), "partner({a}, {b})");
    assert_eq!(ab.is_some(), a.max(b) <= limit, "partner({a}, {b})");
    if let Some(d) = ab {
        assert!(d <= 2 * (a + b + a.min(b)), "partner({a}, {b}) = {d}");
        assert_eq!(table.is_losing(a, b, d), Some(true), "({a}, {b}, {d})");
        assert_eq!(table.is_losing(d, b, a), Some(true), "({d}, {b}, {a})");
        if d <= limit {
            assert_eq!(table.partner(a, d), Some(b), "partner({a}, {d})");
            assert_eq!(table.partner(d, b), Some(a), "partner({d}, {b})");
        }
    }

    // is_losing: independent of the order, partner == c where defined,
    // answered exactly when the two smaller piles are within the limit.
    let is = table.is_losing(a, b, c);
    let [x, y, z] = sorted(p);
    assert_eq!(is.is_some(), y <= limit, "{p:?}");
    for order in PERMUTATIONS {
        let q = [p[order[0]], p[order[1]], p[order[2]]];
        assert_eq!(table.is_losing(q[0], q[1], q[2]), is, "{q:?} vs {p:?}");
        if let Some(partner) = table.partner(q[0], q[1]) {
            assert_eq!(is, Some(partner == q[2]), "{q:?}: partner {partner}");
        }
        assert_eq!(
            table.losing_index(q[0], q[1], q[2]),
            table.losing_index(a, b, c),
            "{q:?}"
        );
    }

    // losing_index: the losing triples within the limit, and only those.
    let index = table.losing_index(a, b, c);
    assert_eq!(
        index.is_some(),
        z <= limit && is == Some(true),
        "losing_index{p:?} = {index:?}, is_losing = {is:?}"
    );
    if let Some(i) = index {
        let t = table.triples().get(i).expect("an index within the triples");
        assert_eq!(t.map(u64::from), [x, y, z], "losing_index{p:?} = {i}");
    }

    // winning_moves: where is_losing answers; legal moves to losing
    // positions; none exactly when the position is losing.
    let moves = table.winning_moves(a, b, c);
    assert_eq!(moves.is_some(), is.is_some(), "{p:?}");
    if let Some(moves) = moves {
        let mut n = 0;
        for m in moves {
            n += 1;
            // A move takes at least one stone.
            assert_ne!(m.to, p, "{p:?}: {m:?}");
            assert_eq!(m.take.apply(p), Some(m.to), "{p:?}: {m:?}");
            assert_eq!(
                table.is_losing(m.to[0], m.to[1], m.to[2]),
                Some(true),
                "{p:?}: {m:?}"
            );
        }
        assert_eq!(n == 0, is == Some(true), "{p:?}: {n} winning moves");
    }
}

fuzz_target!(|input: Input| {
    let mut p = input.piles.map(Pile::value);
    if input.use_partner
        && let Some(c) = stone_game::partner(p[0], p[1])
    {
        p[2] = c;
    }
    let l = input.limit.value();

    // The free functions are the embedded table's queries.
    let la = limit_arg(l);
    assert_eq!(stone_game::losing_sum(la), EMBEDDED.losing_sum(la));
    assert_eq!(stone_game::losing_count(la), EMBEDDED.losing_count(la));
    assert_eq!(
        stone_game::partner(p[0], p[1]),
        EMBEDDED.partner(p[0], p[1])
    );
    assert_eq!(
        stone_game::is_losing(p[0], p[1], p[2]),
        EMBEDDED.is_losing(p[0], p[1], p[2])
    );
    // The free function, the table's method and the phf map find the same
    // index.
    let index = stone_game::losing_index(p[0], p[1], p[2]);
    assert_eq!(index, EMBEDDED.losing_index(p[0], p[1], p[2]), "{p:?}");
    assert_eq!(
        index,
        stone_game::losing_index_hashed(p[0], p[1], p[2]),
        "{p:?}"
    );
    if let Some(i) = index {
        assert_eq!(
            LOSING_TRIPLES.get(i).map(|t| t.map(u64::from)),
            Some(sorted(p))
        );
    }
    let moves = |m: Option<stone_game::WinningMoves<'_>>| m.map(Iterator::collect::<Vec<_>>);
    assert_eq!(
        moves(stone_game::winning_moves(p[0], p[1], p[2])),
        moves(EMBEDDED.winning_moves(p[0], p[1], p[2]))
    );
    check(EMBEDDED, p, l);

    // A small runtime scan: the same checks, and the same answers wherever
    // both tables answer.
    let small = ScannedTables::scan(u32::from(input.scan % 64)).expect("a small scan");
    let view = small.as_tables();
    check(view, p, l);
    if let (Some(mine), Some(embedded)) = (
        view.is_losing(p[0], p[1], p[2]),
        EMBEDDED.is_losing(p[0], p[1], p[2]),
    ) {
        assert_eq!(mine, embedded, "{p:?}");
        assert_eq!(
            moves(view.winning_moves(p[0], p[1], p[2])),
            moves(EMBEDDED.winning_moves(p[0], p[1], p[2])),
            "{p:?}"
        );
    }
    if let (Some(mine), Some(embedded)) = (view.partner(p[0], p[1]), EMBEDDED.partner(p[0], p[1])) {
        assert_eq!(mine, embedded, "partner{p:?}");
    }
    if let (Some(mine), Some(embedded)) = (view.losing_sum(la), EMBEDDED.losing_sum(la)) {
        assert_eq!(mine, embedded, "sum({l})");
        assert_eq!(
            view.losing_count(la),
            EMBEDDED.losing_count(la),
            "count({l})"
        );
    }
});
