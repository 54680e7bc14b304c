//! `verify`: the tables against a brute force from the rules, GAME.md's
//! examples, and their own consistency.

use std::io::Write;

use rayon::prelude::*;

use stone_game::{BruteForce, EMBEDDED, LIMIT, ScannedTables, Tables, memory_needed};

use super::{Ctx, Failure, MAX_BRUTE, runtime};

/// Past this limit the brute force takes more than a few seconds.
const SLOW_BRUTE_FORCE: u32 = 250;

/// The outcome of one check: what held, or what did not.
type Check = Result<String, String>;

/// What the comparisons read from a set of tables. A trait rather than
/// [`Tables`] itself, so that the tests can hand them a tampered one.
trait Answers: Sync {
    fn limit(&self) -> u32;
    fn triples(&self) -> stone_game::Triples<'_>;
    fn losing_sum(&self, l: u64) -> Option<u64>;
    fn losing_count(&self, l: u64) -> Option<u64>;
    fn partner(&self, a: u64, b: u64) -> Option<u64>;
    fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool>;
}

impl Answers for Tables<'_> {
    fn limit(&self) -> u32 {
        Tables::limit(self)
    }
    fn triples(&self) -> stone_game::Triples<'_> {
        Tables::triples(self)
    }
    fn losing_sum(&self, l: u64) -> Option<u64> {
        Tables::losing_sum(self, l)
    }
    fn losing_count(&self, l: u64) -> Option<u64> {
        Tables::losing_count(self, l)
    }
    fn partner(&self, a: u64, b: u64) -> Option<u64> {
        Tables::partner(self, a, b)
    }
    fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        Tables::is_losing(self, a, b, c)
    }
}

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
    let scan_to = runtime::scan_limit(&what, u64::from(m.max(LIMIT)))?;
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
    let small = small.as_ref().map(ScannedTables::tables);
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
    report(ctx, scan_agrees(&scanned.tables()))?;

    if let Some(note) = slow_note(m) {
        ctx.note(&note);
    }
    let brute =
        BruteForce::new_parallel(m).map_err(|e| Failure::Internal(format!("{what}: {e}")))?;
    let k = m.min(LIMIT);
    let mut check = brute_agrees(&brute, &EMBEDDED, k, "the embedded tables");
    if let Ok(line) = &mut check
        && past_embedded(m)
    {
        line.push_str(" (the embedded limit)");
    }
    report(ctx, check)?;
    if past_embedded(m) {
        report(
            ctx,
            brute_agrees(&brute, &scanned.tables(), m, "a runtime scan"),
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
    let triples = EMBEDDED.triples();
    let limit = u64::from(LIMIT);
    let mut previous = None;
    for (i, triple) in triples.iter().enumerate() {
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
        let partners = [
            EMBEDDED.partner(x, y) == Some(z),
            EMBEDDED.partner(x, z) == Some(y),
            EMBEDDED.partner(y, z) == Some(x),
        ];
        if partners != [true; 3] {
            return Err(format!(
                "({x}, {y}, {z}) is listed but the partners disagree"
            ));
        }
        if stone_game::losing_index(x, y, z) != Some(i) || EMBEDDED.losing_index(z, x, y) != Some(i)
        {
            return Err(format!("({x}, {y}, {z}) is not found at index {i}"));
        }
    }
    // Running totals per limit.
    let mut by_z = vec![(0u64, 0u64); LIMIT as usize + 1];
    for [x, y, z] in triples {
        let entry = &mut by_z[usize::from(z)];
        entry.0 += u64::from(x) + u64::from(y) + u64::from(z);
        entry.1 += 1;
    }
    let (mut sum, mut count) = (0, 0);
    for (l, (s, c)) in by_z.into_iter().enumerate() {
        sum += s;
        count += c;
        let l = l as u64;
        if EMBEDDED.losing_sum(l) != Some(sum) || EMBEDDED.losing_count(l) != Some(count) {
            return Err(format!(
                "S({l}) or the count to {l} disagrees with the triples"
            ));
        }
    }
    if EMBEDDED.losing_sum(limit + 1).is_some() || EMBEDDED.losing_count(limit + 1).is_some() {
        return Err(format!("the tables answer past their limit {limit}"));
    }
    Ok(format!(
        "the {} embedded triples are sorted, found by both indexes, and add up to every S(l) \
         and count",
        triples.len()
    ))
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

/// A runtime scan, to `LIMIT` or further, agrees with the embedded tables on
/// every triple, partner, sum and count within them.
fn scan_agrees(scanned: &impl Answers) -> Check {
    let limit = u64::from(LIMIT);
    let within: Vec<_> = scanned
        .triples()
        .iter()
        .filter(|t| u64::from(t[2]) <= limit)
        .collect();
    if !within.iter().copied().eq(EMBEDDED.triples()) {
        return Err(format!(
            "a runtime scan to {} finds other triples up to {limit} than the embedded tables",
            scanned.limit()
        ));
    }
    for l in 0..=limit {
        if scanned.losing_sum(l) != EMBEDDED.losing_sum(l)
            || scanned.losing_count(l) != EMBEDDED.losing_count(l)
        {
            return Err(format!(
                "a runtime scan disagrees with the embedded tables on S({l})"
            ));
        }
    }
    let failure = (0..=limit).into_par_iter().find_map_any(|a| {
        (a..=limit)
            .find(|&b| scanned.partner(a, b) != EMBEDDED.partner(a, b))
            .map(|b| (a, b))
    });
    if let Some((a, b)) = failure {
        return Err(format!(
            "a runtime scan disagrees with the embedded tables on the partner of ({a}, {b})"
        ));
    }
    Ok(format!(
        "a runtime scan to {} agrees with the embedded tables",
        scanned.limit()
    ))
}

/// The brute force and `table` agree on every position with piles up to
/// `k`, and list the same losing positions.
fn brute_agrees(brute: &BruteForce, table: &impl Answers, k: u32, name: &str) -> Check {
    let k = u64::from(k);
    let failure = (0..=k).into_par_iter().find_map_any(|x| {
        (x..=k).find_map(|y| {
            (y..=k).find_map(|z| {
                let (b, t) = (brute.is_losing(x, y, z), table.is_losing(x, y, z));
                (b != t).then_some((x, y, z, b, t))
            })
        })
    });
    if let Some((x, y, z, b, t)) = failure {
        let say = |v: Option<bool>| v.map_or("nothing", word);
        return Err(format!(
            "brute force disagrees with {name} at ({x}, {y}, {z}): brute force says {}, \
             {name} says {}",
            say(b),
            say(t)
        ));
    }
    let from_brute = brute.losing_triples().filter(|t| u64::from(t[2]) <= k);
    let from_table = table.triples().iter().filter(|t| u64::from(t[2]) <= k);
    if !from_brute.eq(from_table) {
        return Err(format!(
            "brute force lists other losing positions up to {k} than {name}"
        ));
    }
    Ok(format!("brute force agrees with {name} up to {k}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brute_force_agrees_with_a_runtime_scan() {
        let brute = BruteForce::new(30).unwrap();
        let scan = ScannedTables::scan(30).unwrap();
        let check = brute_agrees(&brute, &scan.tables(), 30, "a runtime scan");
        assert_eq!(
            check,
            Ok("brute force agrees with a runtime scan up to 30".into())
        );
        assert!(scan_agrees(&ScannedTables::scan(LIMIT).unwrap().tables()).is_ok());
    }

    #[test]
    fn a_disagreement_fails() {
        // A wrong table: the partner of (0, 1) moved from 2 to 3, so the
        // table calls (0, 1, 2) winning where the rules make it losing.
        let scan = ScannedTables::scan(30).unwrap();
        let tampered = Tampered {
            tables: scan.tables(),
            pair: (0, 1),
            partner: 3,
            sum_off_by_one_at: None,
        };
        let brute = BruteForce::new(30).unwrap();
        let message = brute_agrees(&brute, &tampered, 30, "a tampered table").unwrap_err();
        assert_eq!(
            message,
            "brute force disagrees with a tampered table at (0, 1, 2): brute force says \
             losing, a tampered table says winning"
        );
        // The brute force knows nothing past its limit; the scan does.
        let brute = BruteForce::new(10).unwrap();
        let check = brute_agrees(
            &brute,
            &ScannedTables::scan(11).unwrap().tables(),
            11,
            "a scan",
        );
        let message = check.unwrap_err();
        assert!(message.contains("brute force says nothing"), "{message}");
        // A scan past the tables agrees within them.
        let more = ScannedTables::scan(LIMIT + 1).unwrap();
        assert!(scan_agrees(&more.tables()).is_ok());
    }

    /// The tables of a runtime scan with one partner changed, and perhaps
    /// one sum (but not its count).
    struct Tampered<'a> {
        tables: Tables<'a>,
        pair: (u64, u64),
        partner: u64,
        sum_off_by_one_at: Option<u64>,
    }

    impl Answers for Tampered<'_> {
        fn limit(&self) -> u32 {
            self.tables.limit()
        }
        fn triples(&self) -> stone_game::Triples<'_> {
            self.tables.triples()
        }
        fn losing_sum(&self, l: u64) -> Option<u64> {
            let sum = self.tables.losing_sum(l)?;
            Some(if self.sum_off_by_one_at == Some(l) {
                sum + 1
            } else {
                sum
            })
        }
        fn losing_count(&self, l: u64) -> Option<u64> {
            self.tables.losing_count(l)
        }
        fn partner(&self, a: u64, b: u64) -> Option<u64> {
            if (a.min(b), a.max(b)) == self.pair {
                Some(self.partner)
            } else {
                self.tables.partner(a, b)
            }
        }
        fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
            let mut p = [a, b, c];
            p.sort_unstable();
            Some(self.partner(p[0], p[1])? == p[2])
        }
    }

    #[test]
    fn a_wrong_partner_fails_both_comparisons() {
        let scan = ScannedTables::scan(LIMIT).unwrap();
        // The partner of (0, 1) moved from 2 to 3.
        assert_eq!(scan.tables().partner(0, 1), Some(2));
        let tampered = Tampered {
            tables: scan.tables(),
            pair: (0, 1),
            partner: 3,
            sum_off_by_one_at: None,
        };
        assert_eq!(tampered.is_losing(0, 1, 3), Some(true));
        let brute = BruteForce::new(10).unwrap();
        assert!(brute_agrees(&brute, &tampered, 10, "a tampered table").is_err());
        assert!(scan_agrees(&tampered).is_err());
    }

    #[test]
    fn a_wrong_sum_alone_fails_the_scan_comparison() {
        let scan = ScannedTables::scan(LIMIT).unwrap();
        // (0, 0)'s partner is 0 as it should be: only S(5) is wrong.
        let tampered = Tampered {
            tables: scan.tables(),
            pair: (0, 0),
            partner: 0,
            sum_off_by_one_at: Some(5),
        };
        assert_eq!(
            scan_agrees(&tampered),
            Err("a runtime scan disagrees with the embedded tables on S(5)".into())
        );
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
        let small = Some(scan.tables());
        for l in [u64::from(LIMIT), u64::from(LIMIT) + 1] {
            let (sum, count) = (
                scan.tables().losing_sum(l).unwrap(),
                scan.tables().losing_count(l).unwrap(),
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
            scan_agrees(&scan.tables()),
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
