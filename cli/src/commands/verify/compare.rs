//! The machinery of `verify`'s checks: whether a list of triples agrees
//! with the rest of its tables, the answers and verdicts of a source, and
//! the first difference of two sequences of them.

use stone_game::{BruteForce, Tables, Triple};

/// A way to find a position's index among the triples, with its name.
pub(super) type Index<'a> = (&'a str, &'a (dyn Fn(u64, u64, u64) -> Option<usize> + 'a));

/// Checks that `triples` are sorted and within `limit`, each losing by
/// `partner` and found at its place by every index, and that they add up to
/// `totals` (S(l) and the count to `l`) at every `l` up to `limit`, which
/// answers nothing past it. Each part of a set of tables comes on its own,
/// so that a test can hand in one wrong part. Returns how many triples.
pub(super) fn listed_consistently(
    triples: impl IntoIterator<Item = Triple>,
    limit: u32,
    partner: impl Fn(u64, u64) -> Option<u64>,
    indexes: &[Index],
    totals: impl Fn(u64) -> (Option<u64>, Option<u64>),
) -> Result<usize, String> {
    // Running totals per limit.
    let mut by_z = vec![(0u64, 0u64); limit as usize + 1];
    let limit = u64::from(limit);
    let mut previous = None;
    let mut listed = 0;
    for (i, triple) in triples.into_iter().enumerate() {
        let [x, y, z] = triple.map(u64::from);
        if !(x <= y && y <= z && z <= limit) {
            return Err(format!(
                "triple {i} ({x}, {y}, {z}) is not sorted within {limit}"
            ));
        }
        if previous.is_some_and(|previous| previous >= triple) {
            return Err(format!("the triples are out of order at {i}"));
        }
        previous = Some(triple);
        let partners = [partner(x, y), partner(x, z), partner(y, z)];
        if partners != [Some(z), Some(y), Some(x)] {
            return Err(format!(
                "({x}, {y}, {z}) is listed but the partners disagree"
            ));
        }
        for (name, index) in indexes {
            // Once in order and once not: an index takes the piles in any order.
            if index(x, y, z) != Some(i) || index(z, x, y) != Some(i) {
                return Err(format!(
                    "({x}, {y}, {z}) is not found at index {i} by {name}"
                ));
            }
        }
        // z <= limit, which sized by_z.
        let entry = &mut by_z[z as usize];
        entry.0 += x + y + z;
        entry.1 += 1;
        listed += 1;
    }
    let (mut sum, mut count) = (0, 0);
    for (l, (s, c)) in by_z.into_iter().enumerate() {
        sum += s;
        count += c;
        let l = l as u64;
        if totals(l) != (Some(sum), Some(count)) {
            return Err(format!(
                "S({l}) or the count to {l} disagrees with the triples"
            ));
        }
    }
    if totals(limit + 1) != (None, None) {
        return Err(format!("the tables answer past their limit {limit}"));
    }
    Ok(listed)
}

/// One answer of a set of tables. Two sets of tables agree when they give
/// the same answers in the same order; a test hands a comparison a wrong
/// set by changing one answer of a real one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// A losing triple, in the order listed.
    Listed(Triple),
    /// S(l) and the count to `l`.
    Totals {
        l: u64,
        sum: Option<u64>,
        count: Option<u64>,
    },
    /// The partner `c` of `(a, b)`.
    Partner { a: u64, b: u64, c: Option<u64> },
}

/// Every answer of `tables` within `limit`: the triples with `z <= limit`,
/// the totals to every `l <= limit`, and the partner of every pair
/// `a <= b <= limit`.
pub(super) fn answers(tables: Tables<'_>, limit: u64) -> impl Iterator<Item = Answer> + '_ {
    let listed = tables
        .triples()
        .into_iter()
        .filter(move |t| u64::from(t[2]) <= limit)
        .map(Answer::Listed);
    let totals = (0..=limit).map(move |l| Answer::Totals {
        l,
        sum: u32::try_from(l).ok().and_then(|l| tables.losing_sum(l)),
        count: u32::try_from(l).ok().and_then(|l| tables.losing_count(l)),
    });
    let partners = (0..=limit).flat_map(move |a| {
        (a..=limit).map(move |b| Answer::Partner {
            a,
            b,
            c: tables.partner(a, b),
        })
    });
    listed.chain(totals).chain(partners)
}

/// The first place where two sequences differ, as their items there (`None`
/// past the end of one), or `None` when they are equal.
pub(super) fn first_difference<T: PartialEq>(
    left: impl IntoIterator<Item = T>,
    right: impl IntoIterator<Item = T>,
) -> Option<(Option<T>, Option<T>)> {
    let (mut left, mut right) = (left.into_iter(), right.into_iter());
    loop {
        match (left.next(), right.next()) {
            (None, None) => return None,
            (l, r) if l != r => return Some((l, r)),
            _ => {}
        }
    }
}

/// What one source says of the positions up to a limit: whether each is
/// losing, then the losing ones it lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Whether the position `p` is losing, or `None` if the source does not know.
    Position { p: [u64; 3], losing: Option<bool> },
    /// A losing position the source lists.
    Listed([u64; 3]),
}

/// The verdicts of a source on every position `x <= y <= z <= k`: what
/// `is_losing` says of each, then the positions `listed` up to `k`.
fn verdicts(
    is_losing: impl Fn(u64, u64, u64) -> Option<bool>,
    listed: impl IntoIterator<Item = [u64; 3]>,
    k: u32,
) -> impl Iterator<Item = Verdict> {
    let k = u64::from(k);
    let positions =
        (0..=k).flat_map(move |x| (x..=k).flat_map(move |y| (y..=k).map(move |z| [x, y, z])));
    positions
        .map(move |p| Verdict::Position {
            p,
            losing: is_losing(p[0], p[1], p[2]),
        })
        .chain(
            listed
                .into_iter()
                .filter(move |t| t[2] <= k)
                .map(Verdict::Listed),
        )
}

/// The verdicts of the brute force up to `k`.
pub(super) fn brute_verdicts(brute: &BruteForce, k: u32) -> impl Iterator<Item = Verdict> + '_ {
    verdicts(
        |x, y, z| brute.is_losing(x, y, z),
        brute.losing_triples().map(|t| t.map(u64::from)),
        k,
    )
}

/// The verdicts of `tables` up to `k`.
pub(super) fn table_verdicts(tables: Tables<'_>, k: u32) -> impl Iterator<Item = Verdict> + '_ {
    verdicts(
        move |x, y, z| tables.is_losing(x, y, z),
        tables.triples().into_iter().map(|t| t.map(u64::from)),
        k,
    )
}

#[cfg(test)]
mod tests {
    use stone_game::{EMBEDDED, LIMIT, ScannedTables};

    use super::*;

    /// replaced: the triples, the partners, the indexes and the totals.
    fn embedded_check(
        triples: impl IntoIterator<Item = Triple>,
        indexes: &[Index],
        totals: impl Fn(u64) -> (Option<u64>, Option<u64>),
    ) -> Result<usize, String> {
        listed_consistently(
            triples,
            LIMIT,
            |a, b| EMBEDDED.partner(a, b),
            indexes,
            totals,
        )
    }

    /// The embedded tables' totals.
    fn totals(l: u64) -> (Option<u64>, Option<u64>) {
        (
            u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_sum(l)),
            u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_count(l)),
        )
    }

    /// The binary search over the embedded triples.
    fn search(x: u64, y: u64, z: u64) -> Option<usize> {
        EMBEDDED.losing_index(x, y, z)
    }

    #[test]
    fn the_embedded_parts_are_consistent() {
        let count = embedded_check(EMBEDDED.triples(), &[("search", &search)], totals);
        assert_eq!(count, Ok(EMBEDDED.triples().len()));
    }

    /// The embedded triples with the one at `i` replaced by `by`.
    fn replaced(i: usize, by: Triple) -> Vec<Triple> {
        let mut triples: Vec<Triple> = EMBEDDED.triples().into_iter().collect();
        triples[i] = by;
        triples
    }

    #[test]
    fn a_triple_out_of_its_order_or_its_limit_fails() {
        // (0, 1, 2) is the second triple: its piles listed out of order,
        // which the partners and the indexes would let pass.
        assert_eq!(EMBEDDED.triples().get(1), Some([0, 1, 2]));
        for unsorted in [[1, 0, 2], [0, 2, 1]] {
            let [x, y, z] = unsorted;
            assert_eq!(
                embedded_check(replaced(1, unsorted), &[("search", &search)], totals),
                Err(format!(
                    "triple 1 ({x}, {y}, {z}) is not sorted within {LIMIT}"
                ))
            );
        }
        // Past the limit: a losing triple of a larger scan.
        let beyond = ScannedTables::scan(LIMIT + 10).unwrap();
        let past = beyond
            .as_tables()
            .triples()
            .into_iter()
            .find(|t| u32::from(t[2]) > LIMIT)
            .expect("a triple past LIMIT");
        let mut triples: Vec<Triple> = EMBEDDED.triples().into_iter().collect();
        triples.push(past);
        let [x, y, z] = past;
        let i = triples.len() - 1;
        assert_eq!(
            embedded_check(triples, &[], totals),
            Err(format!(
                "triple {i} ({x}, {y}, {z}) is not sorted within {LIMIT}"
            ))
        );
        // Twice the same triple.
        assert_eq!(
            embedded_check(replaced(1, [0, 0, 0]), &[], totals),
            Err("the triples are out of order at 1".into())
        );
    }

    #[test]
    fn a_triple_the_partners_do_not_make_fails() {
        assert_eq!(
            embedded_check(replaced(1, [0, 1, 3]), &[], totals),
            Err("(0, 1, 3) is listed but the partners disagree".into())
        );
    }

    #[test]
    fn every_index_must_find_every_triple_in_either_order() {
        // Each index wrong at (1, 3, 3) alone, in one order of its piles,
        // beside an index that is right.
        let in_order = |x, y, z| match [x, y, z] {
            [1, 3, 3] => None,
            _ => search(x, y, z),
        };
        let rotated = |x, y, z| match [x, y, z] {
            [3, 1, 3] => Some(0),
            _ => search(x, y, z),
        };
        let i = search(1, 3, 3).unwrap();
        for wrong in [
            &in_order as &dyn Fn(u64, u64, u64) -> Option<usize>,
            &rotated,
        ] {
            for indexes in [
                [("right", &search as _), ("wrong", wrong)],
                [("wrong", wrong), ("right", &search as _)],
            ] {
                assert_eq!(
                    embedded_check(EMBEDDED.triples(), &indexes, totals),
                    Err(format!("(1, 3, 3) is not found at index {i} by wrong"))
                );
            }
        }
    }

    #[test]
    fn a_wrong_sum_or_count_alone_fails() {
        let message = |l: u64| {
            Err(format!(
                "S({l}) or the count to {l} disagrees with the triples"
            ))
        };
        let sum_off = |l| {
            let (sum, count) = totals(l);
            (sum.map(|s| if l == 4 { s + 1 } else { s }), count)
        };
        assert_eq!(embedded_check(EMBEDDED.triples(), &[], sum_off), message(4));
        let count_off = |l| {
            let (sum, count) = totals(l);
            (sum, count.map(|c| if l == 4 { c - 1 } else { c }))
        };
        assert_eq!(
            embedded_check(EMBEDDED.triples(), &[], count_off),
            message(4)
        );
        // Without (0, 0, 0), every sum is right and every count one short.
        let rest: Vec<Triple> = EMBEDDED.triples().into_iter().skip(1).collect();
        assert_eq!(embedded_check(rest, &[], totals), message(0));
    }

    #[test]
    fn totals_past_the_limit_fail() {
        let past = u64::from(LIMIT) + 1;
        let expected = Err(format!("the tables answer past their limit {LIMIT}"));
        for answer in [(Some(1), None), (None, Some(1)), (Some(1), Some(1))] {
            let totals = |l| if l == past { answer } else { totals(l) };
            assert_eq!(embedded_check(EMBEDDED.triples(), &[], totals), expected);
        }
    }
}
