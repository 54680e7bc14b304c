//! Each check of `verify`: what held, or what did not, as one line.

use rayon::prelude::*;

use stone_game::Tables;

use super::compare::{Answer, Index, Verdict, answers, first_difference, listed_consistently};

/// The outcome of one check: what held, or what did not.
pub(super) type Check = Result<String, String>;

/// `tables.is_losing`, or the small scan's past their limit.
fn lookup(tables: Tables, small: Option<Tables>, p: [u64; 3]) -> Option<bool> {
    tables
        .is_losing(p[0], p[1], p[2])
        .or_else(|| small?.is_losing(p[0], p[1], p[2]))
}

/// GAME.md's examples, in `tables` or, past their limit, in `small`.
pub(super) fn examples(tables: Tables, small: Option<Tables>) -> Check {
    let expected = [
        ([0, 1, 2], true),
        ([1, 3, 3], true),
        ([0, 0, 13], false),
        ([0, 11, 11], false),
        ([5, 5, 5], false),
    ];
    for (p, losing) in expected {
        let got = lookup(tables, small, p);
        if got != Some(losing) {
            return Err(format!(
                "GAME.md says {p:?} is {}, the tables say {got:?}",
                word(losing)
            ));
        }
    }
    Ok(
        "GAME.md's examples: (0,1,2) and (1,3,3) losing; (0,0,13), (0,11,11) and (5,5,5) \
        winning"
            .into(),
    )
}

/// S(l) is `sum` with `count` losing positions, in `tables` or, past their
/// limit, in `small`.
pub(super) fn sum_check(
    tables: Tables,
    small: Option<Tables>,
    l: u64,
    sum: u64,
    count: u64,
) -> Check {
    let (table, from) = match small {
        Some(small) if l > u64::from(tables.limit()) => {
            (small, " (by a runtime scan: LIMIT is smaller)")
        }
        _ => (tables, ""),
    };
    let got = (
        u32::try_from(l).ok().and_then(|l| table.losing_sum(l)),
        u32::try_from(l).ok().and_then(|l| table.losing_count(l)),
    );
    if got == (Some(sum), Some(count)) {
        Ok(format!(
            "S({l}) = {sum} with {count} losing positions{from}"
        ))
    } else {
        Err(format!(
            "S({l}) should be {sum} with {count} losing positions{from}; the tables say {got:?}"
        ))
    }
}

fn word(losing: bool) -> &'static str {
    if losing { "losing" } else { "winning" }
}

/// The triples of `tables` are sorted, losing by the partners, found by
/// every one of `indexes`, and add up to the sums and counts.
pub(super) fn triples_consistent(tables: Tables, indexes: &[Index]) -> Check {
    let count = listed_consistently(
        tables.triples(),
        tables.limit(),
        |a, b| tables.partner(a, b),
        indexes,
        |l| {
            (
                u32::try_from(l).ok().and_then(|l| tables.losing_sum(l)),
                u32::try_from(l).ok().and_then(|l| tables.losing_count(l)),
            )
        },
    )?;
    let names: Vec<&str> = indexes.iter().map(|(name, _)| *name).collect();
    Ok(format!(
        "the {count} embedded triples are sorted, found by {}, and add up to every S(l) and \
         count",
        names.join(", ")
    ))
}

/// Every pair up to the limit of `tables` has a partner that makes a losing
/// triple, listed when it is within the tables, and within GAME.md's bound.
pub(super) fn partners_consistent(tables: Tables) -> Check {
    let limit = u64::from(tables.limit());
    let failure = (0..=limit).into_par_iter().find_map_any(|a| {
        (a..=limit).find_map(|b| {
            let Some(c) = tables.partner(a, b) else {
                return Some(format!("({a}, {b}) has no partner"));
            };
            if tables.partner(b, a) != Some(c) {
                return Some(format!("the partner of ({a}, {b}) depends on the order"));
            }
            if tables.is_losing(c, a, b) != Some(true) {
                return Some(format!(
                    "({a}, {b}, {c}) is not losing, yet {c} is the partner"
                ));
            }
            if c > 2 * (a + b + a.min(b)) {
                return Some(format!(
                    "the partner {c} of ({a}, {b}) breaks GAME.md's bound"
                ));
            }
            let mut p = [a, b, c];
            p.sort_unstable();
            if p[2] <= limit && tables.losing_index(p[0], p[1], p[2]).is_none() {
                return Some(format!("{p:?} is losing but not listed"));
            }
            None
        })
    });
    match failure {
        None => Ok(format!(
            "every pair up to {limit} has one partner, consistent with the triples"
        )),
        Some(failure) => Err(failure),
    }
}

/// A runtime scan to `scan_limit` (the limit of `tables` or further), whose
/// answers within that limit are `scanned` ([`answers`]), agrees with
/// `tables` on every triple, partner, sum and count within them.
pub(super) fn scan_agrees(
    tables: Tables,
    scan_limit: u32,
    scanned: impl IntoIterator<Item = Answer>,
) -> Check {
    let limit = u64::from(tables.limit());
    let Some(difference) = first_difference(answers(tables, limit), scanned) else {
        return Ok(format!(
            "a runtime scan to {scan_limit} agrees with the embedded tables"
        ));
    };
    Err(match difference {
        (Some(Answer::Listed(_)), _) | (_, Some(Answer::Listed(_))) | (None, _) | (_, None) => {
            format!(
                "a runtime scan to {scan_limit} finds other triples up to {limit} than the \
                 embedded tables"
            )
        }
        (Some(Answer::Totals { l, .. }), _) => {
            format!("a runtime scan disagrees with the embedded tables on S({l})")
        }
        (Some(Answer::Partner { a, b, .. }), _) => format!(
            "a runtime scan disagrees with the embedded tables on the partner of ({a}, {b})"
        ),
    })
}

/// The brute force and `name` give the same verdicts up to `k`: on every
/// position, and on the losing positions they list.
pub(super) fn brute_agrees(
    brute: impl IntoIterator<Item = Verdict>,
    table: impl IntoIterator<Item = Verdict>,
    k: u32,
    name: &str,
) -> Check {
    match first_difference(brute, table) {
        None => Ok(format!("brute force agrees with {name} up to {k}")),
        Some((
            Some(Verdict::Position { p, losing: b }),
            Some(Verdict::Position { p: q, losing: t }),
        )) if p == q => {
            let say = |v: Option<bool>| v.map_or("nothing", word);
            let [x, y, z] = p;
            Err(format!(
                "brute force disagrees with {name} at ({x}, {y}, {z}): brute force says {}, \
                 {name} says {}",
                say(b),
                say(t)
            ))
        }
        Some(_) => Err(format!(
            "brute force lists other losing positions up to {k} than {name}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use stone_game::{BruteForce, EMBEDDED, LIMIT, ScannedTables};

    use super::super::compare::{brute_verdicts, table_verdicts};
    use super::*;

    #[test]
    fn the_brute_force_agrees_with_a_runtime_scan() {
        let brute = BruteForce::new(30).unwrap();
        let scan = ScannedTables::scan(30).unwrap();
        let check = brute_agrees(
            brute_verdicts(&brute, 30),
            table_verdicts(scan.as_tables(), 30),
            30,
            "a runtime scan",
        );
        assert_eq!(
            check,
            Ok("brute force agrees with a runtime scan up to 30".into())
        );
        let scan = ScannedTables::scan(LIMIT).unwrap();
        assert!(scan_agrees(EMBEDDED, LIMIT, answers(scan.as_tables(), LIMIT.into())).is_ok());
    }

    /// The verdicts of a scan to 30 with `(0, 1, 2)` called winning, as a
    /// table with the partner of `(0, 1)` moved from 2 to 3 would.
    fn tampered_verdicts(scan: &ScannedTables) -> impl Iterator<Item = Verdict> + '_ {
        table_verdicts(scan.as_tables(), 30).map(|v| match v {
            Verdict::Position {
                p: [0, 1, 2],
                losing: Some(true),
            } => Verdict::Position {
                p: [0, 1, 2],
                losing: Some(false),
            },
            other => other,
        })
    }

    #[test]
    fn a_disagreement_fails() {
        let scan = ScannedTables::scan(30).unwrap();
        let brute = BruteForce::new(30).unwrap();
        let message = brute_agrees(
            brute_verdicts(&brute, 30),
            tampered_verdicts(&scan),
            30,
            "a tampered table",
        )
        .unwrap_err();
        assert_eq!(
            message,
            "brute force disagrees with a tampered table at (0, 1, 2): brute force says \
             losing, a tampered table says winning"
        );
        // The brute force knows nothing past its limit; the scan does.
        let brute = BruteForce::new(10).unwrap();
        let check = brute_agrees(
            brute_verdicts(&brute, 11),
            table_verdicts(ScannedTables::scan(11).unwrap().as_tables(), 11),
            11,
            "a scan",
        );
        let message = check.unwrap_err();
        assert!(message.contains("brute force says nothing"), "{message}");
        // A scan past the tables agrees within them.
        let more = ScannedTables::scan(LIMIT + 1).unwrap();
        assert!(scan_agrees(EMBEDDED, LIMIT + 1, answers(more.as_tables(), LIMIT.into())).is_ok());
    }

    #[test]
    fn verdicts_on_other_positions_are_not_taken_for_a_disagreement() {
        // Up to 10 and up to 11, the first positions that differ are (0, 1, 1)
        // and (0, 0, 11): not one position on which the two disagree.
        let scan = ScannedTables::scan(11).unwrap();
        let brute = BruteForce::new(11).unwrap();
        assert_eq!(
            brute_agrees(
                brute_verdicts(&brute, 10),
                table_verdicts(scan.as_tables(), 11),
                11,
                "a scan"
            ),
            Err("brute force lists other losing positions up to 11 than a scan".into())
        );
    }

    #[test]
    fn other_listed_positions_fail_the_brute_force_comparison() {
        let scan = ScannedTables::scan(30).unwrap();
        let brute = BruteForce::new(30).unwrap();
        let with = |listed: Vec<[u64; 3]>| {
            let positions = table_verdicts(scan.as_tables(), 30)
                .filter(|v| matches!(v, Verdict::Position { .. }))
                .collect::<Vec<_>>();
            let listed = listed.into_iter().map(Verdict::Listed);
            brute_agrees(
                brute_verdicts(&brute, 30),
                positions.into_iter().chain(listed),
                30,
                "a tampered table",
            )
        };
        let all: Vec<[u64; 3]> = scan
            .as_tables()
            .triples()
            .into_iter()
            .filter(|t| t[2] <= 30)
            .map(|t| t.map(u64::from))
            .collect();
        assert!(with(all.clone()).is_ok());
        let expected =
            Err("brute force lists other losing positions up to 30 than a tampered table".into());
        // One left out, one too many, one changed.
        assert_eq!(with(all[1..].to_vec()), expected);
        assert_eq!(with([all.clone(), vec![[30, 30, 30]]].concat()), expected);
        let mut changed = all;
        changed[1] = [0, 1, 3];
        assert_eq!(with(changed), expected);
    }

    /// The answers of a scan to `LIMIT`, with `answer`, which must be one
    /// of them, changed to `to`.
    fn tampered_answers(
        scan: &ScannedTables,
        answer: Answer,
        to: Answer,
    ) -> impl Iterator<Item = Answer> + '_ {
        let mut real = answers(scan.as_tables(), LIMIT.into());
        assert!(real.any(|a| a == answer), "{answer:?} is not an answer");
        answers(scan.as_tables(), LIMIT.into()).map(move |a| if a == answer { to } else { a })
    }

    #[test]
    fn a_wrong_partner_fails_both_comparisons() {
        let scan = ScannedTables::scan(LIMIT).unwrap();
        let brute = BruteForce::new(10).unwrap();
        let tampered: Vec<Verdict> = table_verdicts(scan.as_tables(), 10)
            .map(|v| match v {
                Verdict::Position { p: [0, 1, 3], .. } => Verdict::Position {
                    p: [0, 1, 3],
                    losing: Some(true),
                },
                other => other,
            })
            .collect();
        assert!(
            brute_agrees(brute_verdicts(&brute, 10), tampered, 10, "a tampered table").is_err()
        );
        let right = Answer::Partner {
            a: 0,
            b: 1,
            c: Some(2),
        };
        let wrong = Answer::Partner {
            a: 0,
            b: 1,
            c: Some(3),
        };
        assert_eq!(
            scan_agrees(EMBEDDED, LIMIT, tampered_answers(&scan, right, wrong)),
            Err(
                "a runtime scan disagrees with the embedded tables on the partner of (0, 1)".into()
            )
        );
    }

    #[test]
    fn a_wrong_sum_or_triple_alone_fails_the_scan_comparison() {
        let scan = ScannedTables::scan(LIMIT).unwrap();
        let tables = scan.as_tables();
        // Only S(5) is wrong; its count is right.
        let totals = |sum: Option<u64>| Answer::Totals {
            l: 5,
            sum,
            count: tables.losing_count(5),
        };
        let sum = tables.losing_sum(5);
        assert_eq!(
            scan_agrees(
                EMBEDDED,
                LIMIT,
                tampered_answers(&scan, totals(sum), totals(sum.map(|s| s + 1)))
            ),
            Err("a runtime scan disagrees with the embedded tables on S(5)".into())
        );
        let other_triples = Err(format!(
            "a runtime scan to {LIMIT} finds other triples up to {LIMIT} than the embedded tables"
        ));
        let listed = Answer::Listed([1, 3, 3]);
        assert_eq!(
            scan_agrees(
                EMBEDDED,
                LIMIT,
                tampered_answers(&scan, listed, Answer::Listed([1, 3, 4]))
            ),
            other_triples
        );
        // A triple too many, or one too few, shifts the answers after it.
        let extra = std::iter::once(Answer::Listed([0, 0, 0]));
        assert_eq!(
            scan_agrees(EMBEDDED, LIMIT, extra.chain(answers(tables, LIMIT.into()))),
            other_triples
        );
        assert_eq!(
            scan_agrees(EMBEDDED, LIMIT, answers(tables, LIMIT.into()).skip(1)),
            other_triples
        );
        // The answers end early.
        let all = answers(tables, LIMIT.into()).count();
        assert_eq!(
            scan_agrees(EMBEDDED, LIMIT, answers(tables, LIMIT.into()).take(all - 1)),
            other_triples
        );
    }

    /// The embedded tables' parts, for [`listed_consistently`] with some

    #[test]
    fn sums_past_the_tables_are_read_from_the_small_scan() {
        let scan = ScannedTables::scan(LIMIT + 1).unwrap();
        let small = Some(scan.as_tables());
        for l in [u64::from(LIMIT), u64::from(LIMIT) + 1] {
            let (sum, count) = (
                u32::try_from(l)
                    .ok()
                    .and_then(|l| scan.as_tables().losing_sum(l))
                    .unwrap(),
                u32::try_from(l)
                    .ok()
                    .and_then(|l| scan.as_tables().losing_count(l))
                    .unwrap(),
            );
            let from = if l > u64::from(LIMIT) {
                " (by a runtime scan: LIMIT is smaller)"
            } else {
                ""
            };
            assert_eq!(
                sum_check(EMBEDDED, small, l, sum, count),
                Ok(format!(
                    "S({l}) = {sum} with {count} losing positions{from}"
                ))
            );
        }
    }

    #[test]
    fn a_runtime_scan_is_named_with_its_limit() {
        let scan = ScannedTables::scan(LIMIT + 1).unwrap();
        assert_eq!(
            scan_agrees(EMBEDDED, LIMIT + 1, answers(scan.as_tables(), LIMIT.into())),
            Ok(format!(
                "a runtime scan to {} agrees with the embedded tables",
                LIMIT + 1
            ))
        );
    }

    #[test]
    fn a_wrong_hashed_index_fails_the_triples_check() {
        // The embedded indexes, with the phf map's wrong at (1, 3, 3) alone.
        let wrong = |a, b, c| match [a, b, c] {
            [1, 3, 3] => None,
            _ => stone_game::losing_index_hashed(a, b, c),
        };
        let mut indexes = super::super::EMBEDDED_INDEXES;
        assert_eq!(indexes[1].0, "losing_index_hashed");
        let count = EMBEDDED.triples().len();
        assert_eq!(
            triples_consistent(EMBEDDED, &indexes),
            Ok(format!(
                "the {count} embedded triples are sorted, found by losing_index, \
                 losing_index_hashed, Tables::losing_index, and add up to every S(l) and count"
            ))
        );
        indexes[1].1 = &wrong;
        let i = EMBEDDED.losing_index(1, 3, 3).unwrap();
        assert_eq!(
            triples_consistent(EMBEDDED, &indexes),
            Err(format!(
                "(1, 3, 3) is not found at index {i} by losing_index_hashed"
            ))
        );
    }

    #[test]
    fn the_table_checks_pass() {
        let index = |a, b, c| EMBEDDED.losing_index(a, b, c);
        assert!(triples_consistent(EMBEDDED, &[("Tables::losing_index", &index)]).is_ok());
        assert!(partners_consistent(EMBEDDED).is_ok());
        assert!(examples(EMBEDDED, None).is_ok() || LIMIT < 13);
        assert!(sum_check(EMBEDDED, None, 4, 27, 5).is_ok() || LIMIT < 4);
        assert!(sum_check(EMBEDDED, None, 4, 28, 5).is_err());
    }
}
