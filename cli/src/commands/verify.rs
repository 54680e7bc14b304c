//! `verify`: the tables against a brute force from the rules, GAME.md's
//! examples, and their own consistency.

use std::io::Write;

use rayon::prelude::*;

use stone_game::{BruteForce, EMBEDDED, LIMIT, ScannedTables, Tables, Triple, memory_needed};

use crate::context::{Ctx, Failure};
use crate::runtime;

/// The largest `verify --brute-limit`. The brute force's time grows as the
/// fourth power of its limit (BENCHMARKS.md). The library's
/// [`BruteForce`](stone_game::BruteForce) goes further.
pub(crate) const MAX_BRUTE: u32 = 500;

/// Past this limit the brute force takes more than a few seconds.
const SLOW_BRUTE_FORCE: u32 = 250;

/// The outcome of one check: what held, or what did not.
type Check = Result<String, String>;

/// Runs every check, one line each; exit code 0 when all pass, 1 otherwise.
pub(crate) fn verify(ctx: &mut Ctx, brute_limit: u64) -> Result<u8, Failure> {
    let m = brute_limit;
    // The brute force takes (M + 1)^3 bytes; one runtime scan, to M or to
    // LIMIT, is compared with the embedded tables.
    let side = m.checked_add(1);
    let brute_bytes = side
        .and_then(|s| s.checked_mul(s))
        .and_then(|s2| side.and_then(|s| s2.checked_mul(s)));
    let what = format!("a brute force up to {m}");
    runtime::check_memory(ctx, &what, brute_bytes)?;
    let m = match u32::try_from(m) {
        Ok(m) if m <= MAX_BRUTE => m,
        _ => {
            return Err(Failure::Usage(format!(
                "{what} is past the largest this tool runs, {MAX_BRUTE} (the brute force's \
                 time grows as the fourth power of its limit)"
            )));
        }
    };
    let scan_to = runtime::scan_limit::<ScannedTables>(&what, u64::from(m.max(LIMIT)))?;
    let what = format!("{what} with a runtime scan to {scan_to}");
    runtime::check_memory(
        ctx,
        &what,
        brute_bytes.and_then(|b| b.checked_add(memory_needed(scan_to))),
    )?;

    let mut lines = Report::default();
    let mut report = |ctx: &mut Ctx, check: Check| lines.line(ctx.out, check);

    let small = if needs_small_scan(LIMIT) {
        Some(ScannedTables::scan(SMALL_SCAN).map_err(|e| Failure::Internal(e.to_string()))?)
    } else {
        None
    };
    let small = small.as_ref().map(ScannedTables::as_tables);
    report(ctx, examples(small))?;
    report(ctx, sum_check(small, 4, 27, 5))?;
    report(ctx, sum_check(small, 100, 173_895, 1264))?;
    report(ctx, triples_consistent())?;
    report(ctx, partners_consistent())?;

    if past_embedded(scan_to) {
        ctx.note(&runtime::past_limit_note(scan_to.into()));
    }
    // Checked above, with the brute force: nothing can fail after the output began.
    let scanned: ScannedTables = runtime::scan_checked(ctx, scan_to)?;
    report(
        ctx,
        scan_agrees(scan_to, answers(scanned.as_tables(), LIMIT.into())),
    )?;

    if let Some(note) = slow_note(m) {
        ctx.note(&note);
    }
    let brute =
        BruteForce::new_parallel(m).map_err(|e| Failure::Internal(format!("{what}: {e}")))?;
    let k = m.min(LIMIT);
    let mut check = brute_agrees(
        brute_verdicts(&brute, k),
        table_verdicts(EMBEDDED, k),
        k,
        "the embedded tables",
    );
    if let Ok(line) = &mut check
        && past_embedded(m)
    {
        line.push_str(" (the embedded limit)");
    }
    report(ctx, check)?;
    if past_embedded(m) {
        report(
            ctx,
            brute_agrees(
                brute_verdicts(&brute, m),
                table_verdicts(scanned.as_tables(), m),
                m,
                "a runtime scan",
            ),
        )?;
    }
    Ok(lines.exit_code())
}

/// Whether a limit is past the embedded tables: the brute force is then
/// compared with a runtime scan as well. One function for the three places
/// that ask, so that its boundary is tested at any LIMIT (the paths past it
/// run in the CLI's tests at `STONE_GAME_LIMIT=150`).
fn past_embedded(limit: u32) -> bool {
    limit > LIMIT
}

/// The note before a brute force that takes more than a few seconds.
fn slow_note(m: u32) -> Option<String> {
    (m > SLOW_BRUTE_FORCE).then(|| {
        format!(
            "a brute force up to {m} takes a long time: its work grows as the fourth power of {m}"
        )
    })
}

/// Below this limit GAME.md's examples and S(100) are read from a small
/// runtime scan as well.
const SMALL_SCAN: u32 = 100;

fn needs_small_scan(limit: u32) -> bool {
    limit < SMALL_SCAN
}

/// Writes each check's line and counts the failures.
#[derive(Default)]
struct Report {
    failed: u32,
}

impl Report {
    fn line(&mut self, out: &mut dyn Write, check: Check) -> Result<(), Failure> {
        match check {
            Ok(line) => writeln!(out, "ok   {line}")?,
            Err(line) => {
                self.failed += 1;
                writeln!(out, "FAIL {line}")?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// 0 when every check passed, 1 otherwise.
    fn exit_code(&self) -> u8 {
        if self.failed == 0 { 0 } else { 1 }
    }
}

/// `EMBEDDED.is_losing`, or the small scan's below its limit.
fn lookup(small: Option<Tables>, p: [u64; 3]) -> Option<bool> {
    EMBEDDED
        .is_losing(p[0], p[1], p[2])
        .or_else(|| small?.is_losing(p[0], p[1], p[2]))
}

fn examples(small: Option<Tables>) -> Check {
    let expected = [
        ([0, 1, 2], true),
        ([1, 3, 3], true),
        ([0, 0, 13], false),
        ([0, 11, 11], false),
        ([5, 5, 5], false),
    ];
    for (p, losing) in expected {
        let got = lookup(small, p);
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

fn sum_check(small: Option<Tables>, l: u64, sum: u64, count: u64) -> Check {
    let (table, from) = match small {
        Some(small) if l > u64::from(LIMIT) => (small, " (by a runtime scan: LIMIT is smaller)"),
        _ => (EMBEDDED, ""),
    };
    let got = (table.losing_sum(l), table.losing_count(l));
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

/// The embedded triples are sorted, losing by the partners, found by both
/// indexes, and add up to the sums and counts.
fn triples_consistent() -> Check {
    let by_phf = |x, y, z| stone_game::losing_index(x, y, z);
    let by_search = |x, y, z| EMBEDDED.losing_index(x, y, z);
    let indexes: [Index; 2] = [
        ("losing_index", &by_phf),
        ("Tables::losing_index", &by_search),
    ];
    let count = listed_consistently(
        EMBEDDED.triples(),
        LIMIT,
        |a, b| EMBEDDED.partner(a, b),
        &indexes,
        |l| (EMBEDDED.losing_sum(l), EMBEDDED.losing_count(l)),
    )?;
    Ok(format!(
        "the {count} embedded triples are sorted, found by both indexes, and add up to every \
         S(l) and count"
    ))
}

/// A way to find a position's index among the triples, with its name.
type Index<'a> = (&'a str, &'a (dyn Fn(u64, u64, u64) -> Option<usize> + 'a));

/// Checks that `triples` are sorted and within `limit`, each losing by
/// `partner` and found at its place by every index, and that they add up to
/// `totals` (S(l) and the count to `l`) at every `l` up to `limit`, which
/// answers nothing past it. Each part of a set of tables comes on its own,
/// so that a test can hand in one wrong part. Returns how many triples.
fn listed_consistently(
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

/// Every pair up to LIMIT has a partner that makes a losing triple, listed
/// when it is within the tables, and within GAME.md's bound.
fn partners_consistent() -> Check {
    let limit = u64::from(LIMIT);
    let failure = (0..=limit).into_par_iter().find_map_any(|a| {
        (a..=limit).find_map(|b| {
            let Some(c) = EMBEDDED.partner(a, b) else {
                return Some(format!("({a}, {b}) has no partner"));
            };
            if EMBEDDED.partner(b, a) != Some(c) {
                return Some(format!("the partner of ({a}, {b}) depends on the order"));
            }
            if EMBEDDED.is_losing(c, a, b) != Some(true) {
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
            if p[2] <= limit && EMBEDDED.losing_index(p[0], p[1], p[2]).is_none() {
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

/// One answer of a set of tables. Two sets of tables agree when they give
/// the same answers in the same order; a test hands a comparison a wrong
/// set by changing one answer of a real one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
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
fn answers(tables: Tables<'_>, limit: u64) -> impl Iterator<Item = Answer> + '_ {
    let listed = tables
        .triples()
        .into_iter()
        .filter(move |t| u64::from(t[2]) <= limit)
        .map(Answer::Listed);
    let totals = (0..=limit).map(move |l| Answer::Totals {
        l,
        sum: tables.losing_sum(l),
        count: tables.losing_count(l),
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
fn first_difference<T: PartialEq>(
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

/// A runtime scan to `scan_limit` (`LIMIT` or further), whose answers within
/// `LIMIT` are `scanned` ([`answers`]), agrees with the embedded tables on
/// every triple, partner, sum and count within them.
fn scan_agrees(scan_limit: u32, scanned: impl IntoIterator<Item = Answer>) -> Check {
    let limit = u64::from(LIMIT);
    let Some(difference) = first_difference(answers(EMBEDDED, limit), scanned) else {
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

/// What one source says of the positions up to a limit: whether each is
/// losing, then the losing ones it lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
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
fn brute_verdicts(brute: &BruteForce, k: u32) -> impl Iterator<Item = Verdict> + '_ {
    verdicts(
        |x, y, z| brute.is_losing(x, y, z),
        brute.losing_triples().map(|t| t.map(u64::from)),
        k,
    )
}

/// The verdicts of `tables` up to `k`.
fn table_verdicts(tables: Tables<'_>, k: u32) -> impl Iterator<Item = Verdict> + '_ {
    verdicts(
        move |x, y, z| tables.is_losing(x, y, z),
        tables.triples().into_iter().map(|t| t.map(u64::from)),
        k,
    )
}

/// The brute force and `name` give the same verdicts up to `k`: on every
/// position, and on the losing positions they list.
fn brute_agrees(
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
        assert!(scan_agrees(LIMIT, answers(scan.as_tables(), LIMIT.into())).is_ok());
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
        assert!(scan_agrees(LIMIT + 1, answers(more.as_tables(), LIMIT.into())).is_ok());
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
            scan_agrees(LIMIT, tampered_answers(&scan, right, wrong)),
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
                LIMIT,
                tampered_answers(&scan, listed, Answer::Listed([1, 3, 4]))
            ),
            other_triples
        );
        // A triple too many, or one too few, shifts the answers after it.
        let extra = std::iter::once(Answer::Listed([0, 0, 0]));
        assert_eq!(
            scan_agrees(LIMIT, extra.chain(answers(tables, LIMIT.into()))),
            other_triples
        );
        assert_eq!(
            scan_agrees(LIMIT, answers(tables, LIMIT.into()).skip(1)),
            other_triples
        );
        // The answers end early.
        let all = answers(tables, LIMIT.into()).count();
        assert_eq!(
            scan_agrees(LIMIT, answers(tables, LIMIT.into()).take(all - 1)),
            other_triples
        );
    }

    /// The embedded tables' parts, for [`listed_consistently`] with some
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
        (EMBEDDED.losing_sum(l), EMBEDDED.losing_count(l))
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

    #[test]
    fn a_failed_check_is_written_and_counted() {
        let mut report = Report::default();
        let mut out = Vec::new();
        report.line(&mut out, Ok("fine".into())).unwrap();
        assert_eq!(report.exit_code(), 0);
        report.line(&mut out, Err("broken".into())).unwrap();
        report.line(&mut out, Ok("fine again".into())).unwrap();
        assert_eq!(report.exit_code(), 1);
        assert_eq!(report.failed, 1);
        report.line(&mut out, Err("broken again".into())).unwrap();
        assert_eq!(report.failed, 2);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "ok   fine\nFAIL broken\nok   fine again\nFAIL broken again\n"
        );
    }

    #[test]
    fn past_the_embedded_limit_is_past_it() {
        assert!(!past_embedded(0));
        assert!(!past_embedded(LIMIT));
        assert!(past_embedded(LIMIT + 1));
        assert!(past_embedded(u32::MAX));
    }

    #[test]
    fn only_a_slow_brute_force_gets_a_note() {
        assert_eq!(slow_note(0), None);
        assert_eq!(slow_note(SLOW_BRUTE_FORCE), None);
        let note = slow_note(SLOW_BRUTE_FORCE + 1).expect("past the slow limit");
        assert!(
            note.starts_with("a brute force up to 251 takes a long time"),
            "{note}"
        );
    }

    #[test]
    fn sums_past_the_tables_are_read_from_the_small_scan() {
        let scan = ScannedTables::scan(LIMIT + 1).unwrap();
        let small = Some(scan.as_tables());
        for l in [u64::from(LIMIT), u64::from(LIMIT) + 1] {
            let (sum, count) = (
                scan.as_tables().losing_sum(l).unwrap(),
                scan.as_tables().losing_count(l).unwrap(),
            );
            let from = if l > u64::from(LIMIT) {
                " (by a runtime scan: LIMIT is smaller)"
            } else {
                ""
            };
            assert_eq!(
                sum_check(small, l, sum, count),
                Ok(format!(
                    "S({l}) = {sum} with {count} losing positions{from}"
                ))
            );
        }
    }

    #[test]
    fn only_small_tables_need_the_small_scan() {
        // The examples go up to 13 and the second sum check to 100.
        assert!(needs_small_scan(0));
        assert!(needs_small_scan(99));
        assert!(!needs_small_scan(100));
        assert!(!needs_small_scan(1000));
    }

    #[test]
    fn a_runtime_scan_is_named_with_its_limit() {
        let scan = ScannedTables::scan(LIMIT + 1).unwrap();
        assert_eq!(
            scan_agrees(LIMIT + 1, answers(scan.as_tables(), LIMIT.into())),
            Ok(format!(
                "a runtime scan to {} agrees with the embedded tables",
                LIMIT + 1
            ))
        );
    }

    #[test]
    fn the_table_checks_pass() {
        assert!(triples_consistent().is_ok());
        assert!(partners_consistent().is_ok());
        assert!(examples(None).is_ok() || LIMIT < 13);
        assert!(sum_check(None, 4, 27, 5).is_ok() || LIMIT < 4);
        assert!(sum_check(None, 4, 28, 5).is_err());
    }
}
