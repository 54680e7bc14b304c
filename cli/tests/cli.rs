//! The `stone-game` binary, run as a user runs it: every command's answers
//! against the library's, the JSON and CSV forms, and one test per kind of
//! bad input (exit code 2, one `error:` line, no panic, nothing on stdout).
//!
//! Passes at the default limit and at any other from 100 up (e.g.
//! `STONE_GAME_LIMIT=150`).

use std::ffi::OsString;
use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES, ScannedTables};

const BIN: &str = env!("CARGO_BIN_EXE_stone-game");

/// The largest `verify --brute-limit` the tool runs (README, "The
/// command-line tool").
const MAX_BRUTE: u64 = 500;

/// The largest limit of a scan of the whole tables the tool runs (README,
/// "The command-line tool").
const MAX_WHOLE_SCAN: u64 = 32_000;
/// The largest pile whose Grundy values the tool computes, as README says.
const MAX_GRUNDY: u32 = 500;

/// A finished run: exit code, stdout, stderr.
struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run<S: Into<OsString>>(args: impl IntoIterator<Item = S>) -> Run {
    let output = Command::new(BIN)
        .args(args.into_iter().map(Into::into))
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("an exit code, not a signal"),
        out: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        err: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `args`, expects success and an empty stderr, returns stdout.
fn ok(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    assert_eq!(r.err, "", "{args:?}");
    r.out
}

/// Runs `args`, expects success and exactly one `note:` line on stderr.
fn ok_with_note(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    let lines: Vec<&str> = r.err.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {:?}", r.err);
    assert!(lines[0].starts_with("note: "), "{args:?}: {:?}", r.err);
    assert!(
        r.err.ends_with('\n') && !r.err.contains('\r'),
        "{:?}",
        r.err
    );
    r.out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text:?}"))
}

/// A bad input: exit code 2, nothing on stdout, one `error:` line and a usage
/// hint on stderr, no panic. Returns the error line.
fn bad<S: Into<OsString> + Clone + std::fmt::Debug>(args: &[S]) -> String {
    let r = run(args.iter().cloned());
    assert_eq!(r.code, 2, "{args:?}: {}", r.err);
    assert_eq!(r.out, "", "{args:?}");
    assert!(!r.err.contains("panicked"), "{args:?}: {}", r.err);
    let lines: Vec<&str> = r.err.lines().collect();
    assert_eq!(lines.len(), 2, "{args:?}: {:?}", r.err);
    assert_eq!(r.err.matches("error:").count(), 1, "{args:?}: {:?}", r.err);
    assert!(lines[0].starts_with("error: "), "{args:?}: {:?}", r.err);
    assert!(lines[0].len() > "error: ".len() + 10, "{:?}", lines[0]);
    assert!(
        lines[1].starts_with("usage hint: "),
        "{args:?}: {:?}",
        r.err
    );
    lines[0].to_string()
}

fn limit() -> u64 {
    u64::from(LIMIT)
}

/// A limit past the embedded tables, cheap to scan in a debug build.
fn above() -> u64 {
    limit() + 200
}

// --- the default -----------------------------------------------------------

#[test]
fn no_arguments_print_s_of_limit() {
    let expected = stone_game::losing_sum(limit()).unwrap();
    assert_eq!(ok(&[] as &[&str]), format!("{expected}\n"));
}

// --- sum and count ---------------------------------------------------------

#[test]
fn sum_answers_from_the_tables() {
    assert_eq!(ok(&["sum", "4"]), "27\n");
    assert_eq!(ok(&["sum", "0"]), "0\n");
    assert_eq!(ok(&["sum", "0004"]), "27\n");
    let s = stone_game::losing_sum(limit()).unwrap();
    assert_eq!(ok(&["sum"]), format!("{s}\n"));
    assert_eq!(ok(&["sum", &LIMIT.to_string()]), format!("{s}\n"));
    for l in [1, 2, 10, 57, limit() / 2, limit().saturating_sub(1)] {
        let expected = stone_game::losing_sum(l).unwrap();
        assert_eq!(ok(&["sum", &l.to_string()]), format!("{expected}\n"), "{l}");
    }
    if LIMIT >= 100 {
        assert_eq!(ok(&["sum", "100"]), "173895\n");
    } else {
        println!("skipped S(100) from the tables: LIMIT is {LIMIT}");
    }
}

#[test]
fn count_answers_from_the_tables() {
    assert_eq!(ok(&["count", "4"]), "5\n");
    let n = stone_game::losing_count(limit()).unwrap();
    assert_eq!(ok(&["count"]), format!("{n}\n"));
    assert_eq!(n, LOSING_TRIPLES.len() as u64);
    for l in [0, 3, 10, limit() / 3] {
        let expected = stone_game::losing_count(l).unwrap();
        assert_eq!(ok(&["count", &l.to_string()]), format!("{expected}\n"));
    }
    if LIMIT >= 100 {
        assert_eq!(ok(&["count", "100"]), "1264\n");
    }
}

#[test]
fn sum_and_count_json() {
    assert_eq!(
        json(&ok(&["sum", "4", "--json"])),
        json!({"limit": 4, "sum": 27})
    );
    assert_eq!(ok(&["sum", "--json", "4"]), "{\"limit\":4,\"sum\":27}\n");
    assert_eq!(ok(&["count", "--json", "4"]), "{\"limit\":4,\"count\":5}\n");
    let s = stone_game::losing_sum(limit()).unwrap();
    assert_eq!(
        json(&ok(&["sum", "--json"])),
        json!({"limit": limit(), "sum": s})
    );
    let n = stone_game::losing_count(limit()).unwrap();
    assert_eq!(
        json(&ok(&["count", "--json"])),
        json!({"limit": limit(), "count": n})
    );
}

#[test]
fn sum_and_count_above_the_limit_scan_at_run_time() {
    let l = above();
    let table = ScannedTables::scan(l as u32).unwrap();
    let r = run(["sum", &l.to_string()]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        format!("{}\n", table.as_tables().losing_sum(l).unwrap())
    );
    assert_eq!(
        r.err,
        format!("note: {l} is above the embedded limit {LIMIT}; scanning at run time\n")
    );
    let out = ok_with_note(&["count", &l.to_string(), "--json"]);
    let n = table.as_tables().losing_count(l).unwrap();
    assert_eq!(json(&out), json!({"limit": l, "count": n}));
    // The first limit past the tables scans too.
    let out = ok_with_note(&["sum", &(limit() + 1).to_string()]);
    let table = ScannedTables::scan(LIMIT + 1).unwrap();
    assert_eq!(
        out,
        format!("{}\n", table.as_tables().losing_sum(limit() + 1).unwrap())
    );
}

/// stderr is a pipe here, not a terminal: a scan writes only its note. A scan
/// this short ends before the bar's delay, and indicatif draws nothing on a
/// pipe anyway, so whether the bar is asked for at all is tested where it is
/// decided: cli/src/runtime.rs, the_bar_is_drawn_only_when_asked_for_and_only_after_its_delay.
#[test]
fn a_scan_draws_no_progress_bar_when_stderr_is_not_a_terminal() {
    let l = above().to_string();
    for args in [vec!["sum", &l], vec!["list", "--limit", &l]] {
        let r = run(&args);
        assert_eq!(r.code, 0, "{args:?}");
        assert_eq!(r.err.lines().count(), 1, "{args:?}: {:?}", r.err);
        assert!(r.err.starts_with("note: "), "{:?}", r.err);
        assert!(
            !r.err.contains('\r') && !r.err.contains('\x1b'),
            "{:?}",
            r.err
        );
        assert!(!r.err.contains('%') && !r.err.contains("=>"), "{:?}", r.err);
    }
}

#[test]
fn scan_forces_the_runtime_scan() {
    assert_eq!(ok_with_note(&["sum", "--scan", "4"]), "27\n");
    assert_eq!(ok_with_note(&["count", "4", "--scan"]), "5\n");
    let l = limit().min(100).to_string();
    assert_eq!(ok_with_note(&["sum", &l, "--scan"]), ok(&["sum", &l]));
    assert_eq!(
        ok_with_note(&["list", "--limit", &l, "--scan"]),
        ok(&["list", "--limit", &l])
    );
}

// --- is-losing, partner, moves ---------------------------------------------

#[test]
fn is_losing_answers_in_any_order() {
    for (p, answer) in [
        ([0, 0, 0], "losing"),
        ([0, 1, 2], "losing"),
        ([2, 1, 0], "losing"),
        ([1, 3, 3], "losing"),
        ([3, 1, 3], "losing"),
        ([0, 0, 13], "winning"),
        ([0, 11, 11], "winning"),
        ([5, 5, 5], "winning"),
    ] {
        let args = p.map(|n: u64| n.to_string());
        let out = ok(&["is-losing", &args[0], &args[1], &args[2]]);
        assert_eq!(out, format!("{answer}\n"), "{p:?}");
    }
    // A third pile far past the limit is still answered from the tables.
    assert_eq!(
        ok(&["is-losing", "0", "0", "18446744073709551615"]),
        "winning\n"
    );
    for t in LOSING_TRIPLES.iter().step_by(LOSING_TRIPLES.len() / 7 + 1) {
        let [x, y, z] = t.map(|n| n.to_string());
        assert_eq!(ok(&["is-losing", &z, &x, &y]), "losing\n", "{t:?}");
        let z1 = (u64::from(t[2]) + 1).to_string();
        assert_eq!(ok(&["is-losing", &x, &y, &z1]), "winning\n", "{t:?}");
    }
}

#[test]
fn is_losing_json() {
    assert_eq!(
        ok(&["is-losing", "3", "1", "3", "--json"]),
        "{\"position\":[3,1,3],\"losing\":true}\n"
    );
    assert_eq!(
        json(&ok(&["is-losing", "--json", "5", "5", "5"])),
        json!({"position": [5, 5, 5], "losing": false})
    );
}

#[test]
fn is_losing_above_the_limit_scans_to_the_second_largest_pile() {
    let (x, y) = (limit() + 150, limit() + 180);
    let table = ScannedTables::scan(y as u32).unwrap();
    let c = table.as_tables().partner(x, y).unwrap();
    for z in [c, c + 1, 3] {
        let expected = table.as_tables().is_losing(x, y, z).unwrap();
        let args = [y.to_string(), z.to_string(), x.to_string()];
        let out = ok_with_note(&["is-losing", &args[0], &args[1], &args[2]]);
        assert_eq!(out == "losing\n", expected, "{x} {y} {z}: {out}");
    }
}

#[test]
fn partner_answers_in_any_order() {
    assert_eq!(ok(&["partner", "0", "1"]), "2\n");
    assert_eq!(ok(&["partner", "1", "0"]), "2\n");
    assert_eq!(ok(&["partner", "1", "3"]), "3\n");
    assert_eq!(ok(&["partner", "0", "0"]), "0\n");
    for (a, b) in [(0, limit()), (limit(), limit()), (limit() / 2, 7), (3, 4)] {
        let c = stone_game::partner(a, b).unwrap();
        assert_eq!(
            ok(&["partner", &a.to_string(), &b.to_string()]),
            format!("{c}\n")
        );
        assert_eq!(
            ok(&["partner", &b.to_string(), &a.to_string()]),
            format!("{c}\n")
        );
    }
    assert_eq!(
        ok(&["partner", "4", "3", "--json"]),
        "{\"pair\":[4,3],\"partner\":4}\n"
    );
}

#[test]
fn partner_above_the_limit_scans() {
    let (a, b) = (5, above());
    let expected = ScannedTables::scan(b as u32)
        .unwrap()
        .as_tables()
        .partner(a, b)
        .unwrap();
    let out = ok_with_note(&["partner", &b.to_string(), &a.to_string(), "--json"]);
    assert_eq!(json(&out), json!({"pair": [b, a], "partner": expected}));
}

/// The sorted positions the winning moves of `p` reach, sorted, from the library.
fn expected_moves(table: stone_game::Tables, p: [u64; 3]) -> Vec<[u64; 3]> {
    let mut to: Vec<[u64; 3]> = table
        .winning_moves(p[0], p[1], p[2])
        .unwrap()
        .map(|m| {
            let mut to = m.to;
            to.sort_unstable();
            to
        })
        .collect();
    to.sort_unstable();
    to
}

fn lines_of(positions: &[[u64; 3]]) -> String {
    positions
        .iter()
        .map(|[x, y, z]| format!("{x} {y} {z}\n"))
        .collect()
}

#[test]
fn moves_print_the_positions_they_reach() {
    assert_eq!(ok(&["moves", "0", "0", "13"]), "0 0 0\n");
    assert_eq!(ok(&["moves", "13", "0", "0"]), "0 0 0\n");
    for p in [
        [1, 3, 4],
        [5, 5, 5],
        [3, 3, 5],
        [7, 2, 9],
        [limit(), limit() / 2, 3],
    ] {
        let args = p.map(|n| n.to_string());
        let out = ok(&["moves", &args[0], &args[1], &args[2]]);
        let mut reached = expected_moves(stone_game::EMBEDDED, p);
        reached.dedup();
        assert_eq!(out, lines_of(&reached), "{p:?}");
        assert!(!out.is_empty(), "{p:?} is winning");
    }
}

#[test]
fn moves_name_each_position_once_where_equal_piles_give_several_moves() {
    // From (3, 3, 5), taking from either 3 leaves the same sorted position.
    let out = ok(&["moves", "3", "3", "5"]);
    let mut lines: Vec<&str> = out.lines().collect();
    let printed = lines.len();
    lines.dedup();
    assert_eq!(lines.len(), printed, "{out}");
    assert!(expected_moves(stone_game::EMBEDDED, [3, 3, 5]).len() > printed);
}

#[test]
fn moves_of_a_losing_position_print_nothing() {
    for p in [["0", "0", "0"], ["1", "3", "3"], ["2", "0", "1"]] {
        assert_eq!(ok(&["moves", p[0], p[1], p[2]]), "", "{p:?}");
    }
    assert_eq!(
        ok(&["moves", "3", "1", "3", "--json"]),
        "{\"position\":[3,1,3],\"moves\":[]}\n"
    );
}

#[test]
fn moves_json() {
    let out = ok(&["moves", "0", "0", "13", "--json"]);
    assert_eq!(
        out,
        "{\"position\":[0,0,13],\"moves\":[{\"piles\":[2],\"stones\":13,\"to\":[0,0,0]}]}\n"
    );
    let p = [3u64, 3, 5];
    let value = json(&ok(&["moves", "--json", "3", "3", "5"]));
    assert_eq!(value["position"], json!(p));
    let moves = value["moves"].as_array().unwrap();
    let tos: Vec<[u64; 3]> = moves
        .iter()
        .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
        .collect();
    assert_eq!(tos, expected_moves(stone_game::EMBEDDED, p));
    for m in moves {
        // Applying the move to the position as given leaves `to`, once sorted.
        let piles: Vec<usize> = serde_json::from_value(m["piles"].clone()).unwrap();
        let stones = m["stones"].as_u64().unwrap();
        let mut after = p;
        for i in piles {
            after[i] -= stones;
        }
        after.sort_unstable();
        assert_eq!(json!(after), m["to"]);
    }
}

#[test]
fn moves_above_the_limit_scan() {
    let p = [limit() + 120, 9, limit() + 150];
    // Scanned to the second-largest pile.
    let table = ScannedTables::scan(LIMIT + 120).unwrap();
    let args = p.map(|n| n.to_string());
    let out = ok_with_note(&["moves", &args[0], &args[1], &args[2]]);
    assert_eq!(out, lines_of(&expected_moves(table.as_tables(), p)));
}

// --- list ------------------------------------------------------------------

fn plain_lines(triples: impl IntoIterator<Item = [u16; 3]>) -> String {
    triples
        .into_iter()
        .map(|[x, y, z]| format!("{x} {y} {z}\n"))
        .collect()
}

#[test]
fn list_defaults_to_every_losing_triple() {
    assert_eq!(ok(&["list"]), plain_lines(LOSING_TRIPLES));
    assert_eq!(
        ok(&["list", "--format", "plain"]),
        plain_lines(LOSING_TRIPLES)
    );
}

#[test]
fn list_to_a_limit() {
    assert_eq!(
        ok(&["list", "--limit", "4"]),
        "0 0 0\n0 1 2\n1 1 4\n1 3 3\n3 4 4\n"
    );
    let l = limit() / 2;
    let within: Vec<[u16; 3]> = LOSING_TRIPLES
        .iter()
        .filter(|t| u64::from(t[2]) <= l)
        .collect();
    assert_eq!(
        ok(&["list", "--limit", &l.to_string()]),
        plain_lines(within.iter().copied())
    );
    assert_eq!(within.len() as u64, stone_game::losing_count(l).unwrap());
}

#[test]
fn list_csv_has_a_header() {
    let out = ok(&["list", "--limit", "4", "--format", "csv"]);
    assert_eq!(out, "x,y,z\n0,0,0\n0,1,2\n1,1,4\n1,3,3\n3,4,4\n");
    let out = ok(&["list", "--format", "csv"]);
    assert_eq!(out.lines().next(), Some("x,y,z"));
    assert_eq!(out.lines().count(), LOSING_TRIPLES.len() + 1);
}

#[test]
fn list_json_is_an_array_of_triples() {
    let value = json(&ok(&["list", "--format", "json"]));
    assert_eq!(value, json!(LOSING_TRIPLES.iter().collect::<Vec<_>>()));
    let value = json(&ok(&["list", "--format", "json", "--limit", "4"]));
    assert_eq!(
        value,
        json!([[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]])
    );
    assert_eq!(
        json(&ok(&["list", "--format", "json", "--limit", "1"])),
        json!([[0, 0, 0]])
    );
}

#[test]
fn list_above_the_limit_scans() {
    let l = above();
    let table = ScannedTables::scan(l as u32).unwrap();
    let out = ok_with_note(&["list", "--limit", &l.to_string(), "--format", "json"]);
    assert_eq!(
        json(&out),
        json!(table.as_tables().triples().iter().collect::<Vec<_>>())
    );
    assert!(table.as_tables().triples().len() > LOSING_TRIPLES.len());
}

/// A reader that stops early: the tool ends quietly, without a panic.
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let mut child = Command::new(BIN)
        .args(["list", "--format", "csv"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 6];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"x,y,z\n");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err, "");
    assert_eq!(output.status.code(), Some(0));
}

// --- verify ----------------------------------------------------------------

#[test]
fn verify_passes() {
    let out = ok(&["verify"]);
    assert!(out.lines().count() >= 6, "{out}");
    for line in out.lines() {
        assert!(line.starts_with("ok   "), "{line}");
    }
    assert!(
        out.contains(&format!(
            "brute force agrees with the embedded tables up to {}",
            35.min(LIMIT)
        )),
        "{out}"
    );
}

#[test]
fn verify_with_a_smaller_brute_force() {
    let out = ok(&["verify", "--brute-limit", "10"]);
    assert!(out.lines().all(|l| l.starts_with("ok   ")), "{out}");
    assert!(out.contains("up to 10"), "{out}");
}

/// Past LIMIT, `verify` compares the brute force with a runtime scan. That
/// needs a brute force past LIMIT, which the tool runs up to MAX_BRUTE: CI's
/// run at `STONE_GAME_LIMIT=150` checks it (a brute force to 151, some
/// seconds in a debug build); at a LIMIT that leaves no room, the refusal is what a user gets.
#[test]
fn verify_past_the_limit_checks_a_runtime_scan() {
    let m = limit() + 1;
    if m > MAX_BRUTE {
        let error = bad(&["verify", "--brute-limit", &m.to_string()]);
        assert!(error.contains("past the largest this tool runs"), "{error}");
        return;
    }
    let out = ok_with_note(&["verify", "--brute-limit", &m.to_string()]);
    assert!(out.lines().all(|l| l.starts_with("ok   ")), "{out}");
    assert!(
        out.contains(&format!("brute force agrees with a runtime scan up to {m}")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "a runtime scan to {m} agrees with the embedded tables"
        )),
        "{out}"
    );
}

// --- help and version ------------------------------------------------------

#[test]
fn help_and_version_go_to_stdout() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["sum", "--help"],
        &["help", "list"],
    ] {
        let out = ok(args);
        assert!(out.contains("Usage: stone-game"), "{args:?}: {out}");
        assert!(!out.contains('\x1b'), "no colors: {out:?}");
    }
    let out = ok(&["--help"]);
    for command in [
        "sum",
        "count",
        "is-losing",
        "partner",
        "moves",
        "list",
        "verify",
    ] {
        assert!(out.contains(command), "{command}");
    }
    assert_eq!(
        ok(&["--version"]),
        format!("stone-game {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(
        ok(&["-V"]),
        format!("stone-game {}\n", env!("CARGO_PKG_VERSION"))
    );
}

// --- bad input: one test per kind ------------------------------------------

#[test]
fn bad_missing_argument() {
    let e = bad(&["is-losing", "1", "2"]);
    assert!(e.contains("<C>"), "{e}");
    bad(&["is-losing"]);
    bad(&["partner", "1"]);
    bad(&["moves", "1", "2"]);
    let e = bad(&["list", "--limit"]);
    assert!(e.contains("--limit"), "{e}");
    bad(&["verify", "--brute-limit"]);
}

#[test]
fn bad_extra_argument() {
    let e = bad(&["sum", "1", "2"]);
    assert!(e.contains("'2'"), "{e}");
    bad(&["partner", "1", "2", "3"]);
    bad(&["is-losing", "1", "2", "3", "4"]);
    bad(&["verify", "5"]);
    bad(&["list", "5"]);
}

#[test]
fn bad_not_a_number() {
    let e = bad(&["sum", "abc"]);
    assert!(e.contains("'abc'"), "{e}");
    for args in [
        &["is-losing", "1", "x", "3"][..],
        &["sum", "1.5"],
        &["sum", "1e3"],
        &["sum", "+4"],
        &["sum", " 4"],
        &["partner", "0x10", "1"],
        &["list", "--limit", "ten"],
        &["verify", "--brute-limit", "many"],
    ] {
        bad(args);
    }
}

#[test]
fn bad_negative_number() {
    let e = bad(&["sum", "-5"]);
    assert!(e.contains("'-5'") && e.contains("negative"), "{e}");
    bad(&["partner", "-1", "2"]);
    bad(&["is-losing", "1", "2", "-3"]);
    bad(&["list", "--limit", "-3"]);
    bad(&["verify", "--brute-limit", "-1"]);
}

#[test]
fn bad_number_past_u64() {
    let e = bad(&["sum", "99999999999999999999999"]);
    assert!(e.contains("too large"), "{e}");
    bad(&["partner", "18446744073709551616", "0"]);
    bad(&["moves", "1", "2", "340282366920938463463374607431768211456"]);
}

#[test]
fn bad_empty_string() {
    let e = bad(&["sum", ""]);
    assert!(e.contains("empty"), "{e}");
    bad(&["is-losing", "", "1", "2"]);
    bad(&["list", "--limit", ""]);
    bad(&["list", "--format", ""]);
    bad(&[""]);
}

#[test]
fn bad_unknown_command() {
    let e = bad(&["frobnicate"]);
    assert!(e.contains("frobnicate"), "{e}");
    let e = bad(&["sun", "4"]);
    assert!(e.contains("did you mean 'sum'"), "{e}");
    bad(&["4"]);
    bad(&["SUM"]);
}

#[test]
fn bad_unknown_option() {
    let e = bad(&["sum", "--frob"]);
    assert!(e.contains("--frob"), "{e}");
    bad(&["--json"]);
    bad(&["list", "--json"]);
    bad(&["verify", "--json"]);
    bad(&["sum", "--limit", "5"]);
    bad(&["-x"]);
}

#[test]
fn bad_unknown_format() {
    let e = bad(&["list", "--format", "xml"]);
    assert!(e.contains("xml") && e.contains("csv"), "{e}");
    bad(&["list", "--format", "CSV"]);
    bad(&["list", "--format"]);
}

#[test]
fn bad_too_large_for_memory() {
    // (10^6 + 1)^3 bytes: about 888 PiB, more than any machine has.
    let e = bad(&["verify", "--brute-limit", "1000000"]);
    assert!(e.contains("memory") && e.contains("PiB"), "{e}");
    let e = bad(&["verify", "--brute-limit", "18446744073709551615"]);
    assert!(e.contains("memory"), "{e}");
}

#[test]
fn bad_past_the_largest_brute_force() {
    // Fits in memory, but would run for many minutes: refused up front.
    let past = (MAX_BRUTE + 1).to_string();
    let e = bad(&["verify", "--brute-limit", &past]);
    assert!(e.contains(&MAX_BRUTE.to_string()), "{e}");
}

#[test]
fn bad_past_the_largest_scan() {
    // Sums, counts and lists scan the triples alone, as far as any scan goes.
    let past = (u64::from(stone_game::MAX_SCAN_LIMIT) + 1).to_string();
    for args in [
        &["sum", &past][..],
        &["sum", "--scan", &past],
        &["count", &past],
        &["list", "--limit", &past],
    ] {
        let e = bad(args);
        assert!(
            e.contains(
                "past the largest this tool runs, 65535 (the tables store piles as 16-bit numbers)"
            ),
            "{e}"
        );
    }
    bad(&["count", "18446744073709551615"]);
    // The others scan the whole tables, to a smaller limit.
    let past = (MAX_WHOLE_SCAN + 1).to_string();
    let picture = format!("{}/never-written.png", env!("CARGO_TARGET_TMPDIR"));
    for args in [
        &["partner", "0", &past][..],
        &["is-losing", &past, &past, "0"],
        &["moves", "1", &past, &past],
        &["draw", "slice", "0", "--limit", &past, "-o", &picture],
    ] {
        let e = bad(args);
        assert!(
            e.contains(&format!(
                "past the largest this tool runs, {MAX_WHOLE_SCAN} (a scan of the whole tables"
            )),
            "{e}"
        );
    }
}

#[cfg(unix)]
#[test]
fn bad_not_unicode() {
    use std::os::unix::ffi::OsStringExt;
    let bytes = || OsString::from_vec(vec![b'4', 0xff]);
    bad(&[OsString::from("sum"), bytes()]);
    bad(&[bytes()]);
    bad(&[OsString::from("list"), OsString::from("--format"), bytes()]);
}

#[test]
fn bad_control_characters_stay_on_one_line() {
    bad(&["sum", "1\n2"]);
    bad(&["list", "--format", "a\n\nb\r"]);
    bad(&["frob\nnicate"]);
}

#[test]
fn tables_are_what_the_binary_uses() {
    // The binary and this test are built with the same limit.
    let out = ok(&["count", "--json"]);
    assert_eq!(json(&out)["limit"], json!(EMBEDDED.limit()));
}

// --- grundy ------------------------------------------------------------------

#[test]
fn grundy_prints_the_value_plain_and_as_json() {
    let table = stone_game::GrundyTable::compute(12).expect("small");
    for p in [
        [0, 0, 0],
        [1, 1, 1],
        [0, 1, 1],
        [3, 1, 2],
        [12, 7, 9],
        [1, 3, 3],
    ] {
        let value = table.value(p[0], p[1], p[2]).unwrap();
        let args = p.map(|pile| pile.to_string());
        let [a, b, c] = [&args[0], &args[1], &args[2]].map(String::as_str);
        assert_eq!(ok(&["grundy", a, b, c]), format!("{value}\n"), "{p:?}");
        assert_eq!(
            json(&ok(&["grundy", a, b, c, "--json"])),
            json!({ "position": p, "value": value }),
            "{p:?}"
        );
    }
    // GAME.md's examples: (1, 1, 1) is worth 3, (0, 1, 1) 2, the losing
    // (1, 3, 3) 0, and a single pile its size, as a heap of nim.
    assert_eq!(ok(&["grundy", "1", "1", "1"]), "3\n");
    assert_eq!(ok(&["grundy", "0", "1", "1"]), "2\n");
    assert_eq!(ok(&["grundy", "3", "3", "1"]), "0\n");
    assert_eq!(ok(&["grundy", "0", "9", "0"]), "9\n");
}

#[test]
fn grundy_refuses_bad_input() {
    let past = (MAX_GRUNDY + 1).to_string();
    for (args, needle) in [
        (vec!["1", "2"], "required arguments were not provided"),
        (vec!["1", "2", "3", "4"], "unexpected argument '4'"),
        (vec!["1", "x", "3"], "invalid value 'x'"),
        (vec!["1", "-2", "3"], "negative"),
        (vec!["1", "2", "99999999999999999999"], "too large"),
        (
            vec!["1", "2", "100000"],
            "past the largest this tool computes",
        ),
        (vec![&past, "2", "0"], "past the largest this tool computes"),
    ] {
        let mut argv = vec!["grundy"];
        argv.extend(&args);
        assert!(bad(&argv).contains(needle), "{args:?}");
    }
    // README's row, word for word.
    assert_eq!(
        bad(&["grundy", &past, "0", "0"]),
        format!(
            "error: the value of ({past}, 0, 0) needs the Grundy values to {past}, past the \
             largest this tool computes, {} (the time grows as the fourth power of the limit)",
            MAX_GRUNDY
        )
    );
}
