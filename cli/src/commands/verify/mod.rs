//! `verify`: the tables against a brute force from the rules, GAME.md's
//! examples, and their own consistency.
//!
//! This module runs the checks and prints them, one line each; [`checks`]
//! holds each check, and [`compare`] the machinery they share: the answers
//! and verdicts of a source, the first difference of two sequences, and
//! whether a list of triples agrees with the rest of its tables.

mod checks;
mod compare;

use std::io::Write;

use stone_game::{BruteForce, EMBEDDED, ScannedTables, Tables};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_BRUTE;
use crate::runtime::{self, RuntimeScan};

use checks::Check;
use compare::{Index, answers, brute_verdicts, table_verdicts};

/// Past this limit the brute force takes more than a few seconds.
const SLOW_BRUTE_FORCE: u32 = 250;

/// Below this limit GAME.md's examples and S(100) are read from a small
/// runtime scan as well.
const SMALL_SCAN: u32 = 100;

/// Runs every check of the embedded tables, one line each; exit code 0 when
/// all pass, 1 otherwise.
pub(crate) fn verify(ctx: &mut Ctx, brute_limit: u64) -> Result<u8, Failure> {
    // The brute force and the checks run on rayon's pool.
    crate::runtime::start_thread_pool();
    let reference = Reference {
        tables: EMBEDDED,
        indexes: &EMBEDDED_INDEXES,
    };
    verify_against(ctx, &reference, brute_limit)
}

/// The tables `verify` checks, with every way to find a triple's index in
/// them: the embedded tables, or in a test a runtime scan to a smaller limit
/// that stands for them, so that the paths past their limit run at any
/// `LIMIT`.
struct Reference<'a> {
    tables: Tables<'a>,
    indexes: &'a [Index<'a>],
}

/// The three indexes of the embedded triples: the free function, the phf
/// map `LOSING_POSITIONS` (which only `losing_index_hashed` reads), and the
/// method of `Tables`.
const EMBEDDED_INDEXES: [Index<'static>; 3] = [
    ("losing_index", &stone_game::losing_index),
    ("losing_index_hashed", &stone_game::losing_index_hashed),
    ("Tables::losing_index", &embedded_losing_index),
];

/// `EMBEDDED.losing_index`, as a function.
fn embedded_losing_index(a: u64, b: u64, c: u64) -> Option<usize> {
    EMBEDDED.losing_index(a, b, c)
}

/// The bytes a brute force up to `m` takes, as the library estimates them,
/// or `None` past any limit it could take.
fn brute_force_memory(m: u64) -> Option<u64> {
    u32::try_from(m).ok().map(BruteForce::memory_needed)
}

/// [`verify`] with `reference` in place of the embedded tables.
fn verify_against(ctx: &mut Ctx, reference: &Reference, brute_limit: u64) -> Result<u8, Failure> {
    let tables = reference.tables;
    let limit = tables.limit();
    let m = brute_limit;
    // The brute force, and one runtime scan, to M or to the tables' limit,
    // which is compared with them.
    let brute_bytes = brute_force_memory(m);
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
    let scan_to = runtime::scan_limit::<ScannedTables>(&what, u64::from(m.max(limit)))?;
    let what = format!("{what} with a runtime scan to {scan_to}");
    let scan_bytes = <ScannedTables as RuntimeScan>::memory_needed(scan_to);
    runtime::check_memory(
        ctx,
        &what,
        brute_bytes.and_then(|b| b.checked_add(scan_bytes)),
    )?;
    // Past the tables, the brute force is compared with the runtime scan too.
    let past = m > limit;

    let mut lines = Report::default();
    let mut report = |ctx: &mut Ctx, check: Check| lines.line(ctx.out, check);

    let small = if needs_small_scan(limit) {
        Some(ScannedTables::scan(SMALL_SCAN).map_err(|e| Failure::Internal(e.to_string()))?)
    } else {
        None
    };
    let small = small.as_ref().map(ScannedTables::as_tables);
    report(ctx, checks::examples(tables, small))?;
    report(ctx, checks::sum_check(tables, small, 4, 27, 5))?;
    report(ctx, checks::sum_check(tables, small, 100, 173_895, 1264))?;
    report(ctx, checks::triples_consistent(tables, reference.indexes))?;
    report(ctx, checks::partners_consistent(tables))?;

    if past {
        ctx.note(&runtime::past_limit_note(scan_to.into()));
    }
    // Checked above, with the brute force: nothing can fail after the output began.
    let scanned: ScannedTables = runtime::scan_checked(ctx, scan_to)?;
    report(
        ctx,
        checks::scan_agrees(tables, scan_to, answers(scanned.as_tables(), limit.into())),
    )?;

    if let Some(note) = slow_note(m) {
        ctx.note(&note);
    }
    let brute =
        BruteForce::new_parallel(m).map_err(|e| Failure::Internal(format!("{what}: {e}")))?;
    let k = m.min(limit);
    let mut check = checks::brute_agrees(
        brute_verdicts(&brute, k),
        table_verdicts(tables, k),
        k,
        "the embedded tables",
    );
    if let Ok(line) = &mut check
        && past
    {
        line.push_str(" (the embedded limit)");
    }
    report(ctx, check)?;
    if past {
        report(
            ctx,
            checks::brute_agrees(
                brute_verdicts(&brute, m),
                table_verdicts(scanned.as_tables(), m),
                m,
                "a runtime scan",
            ),
        )?;
    }
    Ok(lines.exit_code())
}

/// The note before a brute force that takes more than a few seconds.
fn slow_note(m: u32) -> Option<String> {
    (m > SLOW_BRUTE_FORCE).then(|| {
        format!(
            "a brute force up to {m} takes a long time: its work grows as the fourth power of {m}"
        )
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Runs `command` with a gigabyte available: its outcome, stdout, stderr.
    fn try_run(
        command: impl FnOnce(&mut Ctx) -> Result<u8, Failure>,
    ) -> (Result<u8, Failure>, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, 1 << 30);
        let outcome = command(&mut ctx);
        (
            outcome,
            String::from_utf8(out).expect("UTF-8"),
            String::from_utf8(err).expect("UTF-8"),
        )
    }

    /// [`try_run`], which must succeed: exit code, stdout, stderr.
    fn run(command: impl FnOnce(&mut Ctx) -> Result<u8, Failure>) -> (u8, String, String) {
        let (outcome, out, err) = try_run(command);
        (outcome.expect("verify runs"), out, err)
    }

    /// Runs [`verify_against`] with `reference` and a brute force to `m`.
    fn run_against(reference: &Reference, m: u64) -> (u8, String, String) {
        run(|ctx| verify_against(ctx, reference, m))
    }

    #[test]
    fn past_its_tables_verify_checks_a_runtime_scan_too() {
        // A scan to 40 stands for the embedded tables: the path past them
        // runs at any LIMIT.
        let scan = ScannedTables::scan(40).unwrap();
        let tables = scan.as_tables();
        let index = |a, b, c| tables.losing_index(a, b, c);
        let reference = Reference {
            tables,
            indexes: &[("Tables::losing_index", &index)],
        };
        let (code, out, err) = run_against(&reference, 40);
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7, "{out}");
        assert!(lines.iter().all(|l| l.starts_with("ok   ")), "{out}");
        assert_eq!(
            lines[5..],
            [
                "ok   a runtime scan to 40 agrees with the embedded tables",
                "ok   brute force agrees with the embedded tables up to 40",
            ]
        );
        // One past them: a note, the scan to 41 compared within them, and
        // the brute force against both.
        let (code, out, err) = run_against(&reference, 41);
        assert_eq!(code, 0, "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("note: 41 is above the embedded limit"),
            "{err}"
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 8, "{out}");
        assert!(lines.iter().all(|l| l.starts_with("ok   ")), "{out}");
        assert_eq!(
            lines[5..],
            [
                "ok   a runtime scan to 41 agrees with the embedded tables",
                "ok   brute force agrees with the embedded tables up to 40 (the embedded limit)",
                "ok   brute force agrees with a runtime scan up to 41",
            ]
        );
    }

    #[test]
    fn a_failed_check_makes_verify_exit_1_and_the_others_still_run() {
        let scan = ScannedTables::scan(40).unwrap();
        let tables = scan.as_tables();
        let wrong = |a, b, c| match [a, b, c] {
            [1, 3, 3] => None,
            _ => tables.losing_index(a, b, c),
        };
        let reference = Reference {
            tables,
            indexes: &[("a wrong index", &wrong)],
        };
        let (code, out, _) = run_against(&reference, 41);
        assert_eq!(code, 1, "{out}");
        let failed: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL")).collect();
        let i = tables.losing_index(1, 3, 3).unwrap();
        assert_eq!(
            failed,
            [format!(
                "FAIL (1, 3, 3) is not found at index {i} by a wrong index"
            )]
        );
        assert_eq!(out.lines().count(), 8, "{out}");
    }

    #[test]
    fn the_embedded_tables_pass_every_check() {
        let (code, out, err) = run(|ctx| verify(ctx, 10));
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7, "{out}");
        assert!(lines.iter().all(|l| l.starts_with("ok   ")), "{out}");
        assert!(
            lines[3].contains("found by losing_index, losing_index_hashed, Tables::losing_index"),
            "{out}"
        );
        assert_eq!(
            lines[6],
            "ok   brute force agrees with the embedded tables up to 10"
        );
    }

    #[test]
    fn a_brute_force_past_the_largest_is_refused_before_any_output() {
        // 501^3 bytes fit in the gigabyte: the refusal is the largest's.
        let (outcome, out, err) = try_run(|ctx| verify(ctx, u64::from(MAX_BRUTE) + 1));
        let Err(Failure::Usage(message)) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(
            message,
            "a brute force up to 501 is past the largest this tool runs, 500 (the brute \
             force's time grows as the fourth power of its limit)"
        );
        assert_eq!((out.as_str(), err.as_str()), ("", ""));
    }

    #[test]
    fn the_embedded_triples_are_found_by_their_three_indexes() {
        assert_eq!(
            EMBEDDED_INDEXES.map(|(name, _)| name),
            [
                "losing_index",
                "losing_index_hashed",
                "Tables::losing_index"
            ]
        );
        for (name, index) in EMBEDDED_INDEXES {
            let i = index(3, 1, 3).expect(name);
            assert_eq!(EMBEDDED.triples().get(i), Some([1, 3, 3]), "{name}");
            assert_eq!(index(5, 5, 5), None, "{name}");
        }
    }

    #[test]
    fn the_brute_forces_memory_is_the_librarys_estimate() {
        for m in [0, 35, 500] {
            assert_eq!(
                brute_force_memory(m),
                Some(BruteForce::memory_needed(m as u32))
            );
        }
        // Past any limit the library takes: more than any machine has.
        assert_eq!(brute_force_memory(u64::from(u32::MAX)), Some(u64::MAX));
        assert_eq!(brute_force_memory(u64::from(u32::MAX) + 1), None);
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
    fn only_small_tables_need_the_small_scan() {
        // The examples go up to 13 and the second sum check to 100.
        assert!(needs_small_scan(0));
        assert!(needs_small_scan(99));
        assert!(!needs_small_scan(100));
        assert!(!needs_small_scan(1000));
    }
}
