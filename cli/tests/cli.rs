//! The `stone-game` binary, run as a user runs it: every command's answers
//! against the library's, and the JSON and CSV forms. Its refusals of bad
//! input are `bad_input.rs`'s, and README's examples `readme.rs`'s.
//!
//! Passes at the default limit and at any other from 100 up (e.g.
//! `STONE_GAME_LIMIT=150`).

use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::process::{Command, Stdio};
use std::rc::Rc;

mod binary;

use binary::{BIN, MAX_BRUTE, above, bad, json, limit, ok, ok_maybe_scanned, ok_with_note, run};
use serde_json::{Value, json};
use stone_game::{EMBEDDED, GrundyTable, LIMIT, LOSING_TRIPLES, ScannedTables, ScannedTriples};
// --- the default -----------------------------------------------------------

#[test]
fn no_arguments_print_s_of_limit() {
    let expected = stone_game::losing_sum(LIMIT).unwrap();
    assert_eq!(ok(&[] as &[&str]), format!("{expected}\n"));
}

// --- sum and count ---------------------------------------------------------

#[test]
fn sum_answers_from_the_tables() {
    assert_eq!(ok(&["sum", "4"]), "27\n");
    assert_eq!(ok(&["sum", "0"]), "0\n");
    assert_eq!(ok(&["sum", "0004"]), "27\n");
    let s = stone_game::losing_sum(LIMIT).unwrap();
    assert_eq!(ok(&["sum"]), format!("{s}\n"));
    assert_eq!(ok(&["sum", &LIMIT.to_string()]), format!("{s}\n"));
    for l in [1, 2, 10, 57, LIMIT / 2, LIMIT.saturating_sub(1)] {
        let expected = stone_game::losing_sum(l).unwrap();
        assert_eq!(ok(&["sum", &l.to_string()]), format!("{expected}\n"), "{l}");
    }
    // From the tables, or below LIMIT 100 from a runtime scan: the same.
    assert_eq!(ok_maybe_scanned(&["sum", "100"]), "173895\n");
}

#[test]
fn count_answers_from_the_tables() {
    assert_eq!(ok(&["count", "4"]), "5\n");
    let n = stone_game::losing_count(LIMIT).unwrap();
    assert_eq!(ok(&["count"]), format!("{n}\n"));
    assert_eq!(n, LOSING_TRIPLES.len() as u64);
    for l in [0, 3, 10, LIMIT / 3] {
        let expected = stone_game::losing_count(l).unwrap();
        assert_eq!(ok(&["count", &l.to_string()]), format!("{expected}\n"));
    }
    assert_eq!(ok_maybe_scanned(&["count", "100"]), "1264\n");
}

#[test]
fn a_limit_is_l_or_dash_dash_limit_l_and_only_once() {
    for command in ["sum", "count", "list"] {
        let alone = ok(&[command, "4"]);
        assert_eq!(ok(&[command, "--limit", "4"]), alone, "{command}");
        assert_eq!(ok(&[command, "--limit=4"]), alone, "{command}");
        assert_eq!(
            ok(&[command]),
            ok(&[command, "--limit", &limit().to_string()])
        );
        let e = bad(&[command, "4", "--limit", "4"]);
        assert!(
            e.contains("cannot be used with") && e.ends_with("give one of them"),
            "{e}"
        );
        // The help says the default: the embedded limit's value.
        let help = ok(&[command, "--help"]);
        assert!(help.contains(&format!("[default: {LIMIT}]")), "{help}");
        assert!(
            help.contains("--limit <L>") && help.contains("[L]"),
            "{help}"
        );
    }
    assert_eq!(
        ok(&["sum", "--limit", "4", "--json"]),
        "{\"convention\":\"normal\",\"limit\":4,\"sum\":27,\"count\":5}\n"
    );
    // Where the limit is an option alone, a number alone says how to give it.
    let picture = format!("{}/never-written.png", env!("CARGO_TARGET_TMPDIR"));
    assert_eq!(
        bad(&["draw", "partners", "100", "-o", &picture]),
        format!(
            "error: unexpected argument '100' found; give the limit as 'draw partners --limit \
             100 -o {picture}'"
        )
    );
    assert_eq!(
        bad(&["verify", "50"]),
        "error: unexpected argument '50' found; give the limit as 'verify --brute-limit 50'"
    );
}

/// `sum --json` and `count --json` are the one answer, the library's
/// `Total`: the convention, the limit, the sum and the count.
#[test]
fn sum_and_count_json() {
    let total = json!({"convention": "normal", "limit": 4, "sum": 27, "count": 5});
    assert_eq!(json(&ok(&["sum", "4", "--json"])), total);
    let line = "{\"convention\":\"normal\",\"limit\":4,\"sum\":27,\"count\":5}\n";
    assert_eq!(ok(&["sum", "--json", "4"]), line);
    assert_eq!(ok(&["count", "--json", "4"]), line);
    let s = stone_game::losing_sum(LIMIT).unwrap();
    let n = stone_game::losing_count(LIMIT).unwrap();
    let total = json!({"convention": "normal", "limit": limit(), "sum": s, "count": n});
    assert_eq!(json(&ok(&["sum", "--json"])), total);
    assert_eq!(json(&ok(&["count", "--json"])), total);
}

#[test]
fn sum_and_count_above_the_limit_scan_at_run_time() {
    let l = above();
    let table = ScannedTables::scan(l).unwrap();
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
    let s = table.as_tables().losing_sum(l).unwrap();
    assert_eq!(
        json(&out),
        json!({"convention": "normal", "limit": l, "sum": s, "count": n})
    );
    // The first limit past the tables scans too.
    let out = ok_with_note(&["sum", &(limit() + 1).to_string()]);
    let table = ScannedTables::scan(LIMIT + 1).unwrap();
    assert_eq!(
        out,
        format!("{}\n", table.as_tables().losing_sum(LIMIT + 1).unwrap())
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

/// Sums of small games, each with the XOR of its games' Grundy values
/// and typed as `value` takes it: commas within a game, `+` between.
fn small_sums() -> Vec<(Vec<u64>, u32, String)> {
    let table = stone_game::GrundyTable::compute(12).expect("small");
    let value = |g: &[u64]| table.value(g[0], g[1], g[2]).unwrap();
    [
        vec![0, 0, 1, 0, 1, 1],
        vec![0, 0, 2, 0, 1, 1],
        vec![12, 7, 9, 1, 3, 3, 5, 5, 5],
        vec![3, 1, 2, 3, 1, 2],
    ]
    .into_iter()
    .map(|piles| {
        let xor = piles.chunks(3).map(value).fold(0, |x, v| x ^ v);
        let games: Vec<String> = piles
            .chunks(3)
            .map(|g| format!("{},{},{}", g[0], g[1], g[2]))
            .collect();
        let typed = games.join(" + ");
        (piles, xor, typed)
    })
    .collect()
}

/// The JSON value of the sum `piles` whose games' Grundy values XOR to
/// `xor`: lost exactly when it is 0, and no remoteness.
fn sum_value(piles: &[u64], xor: u32) -> Value {
    let outcome = if xor == 0 { "lose" } else { "win" };
    json!({
        "convention": "normal", "position": piles, "outcome": outcome,
        "remoteness": null, "grundy": xor
    })
}

#[test]
fn is_losing_a_sum_is_the_xor_of_its_games_values() {
    for (piles, xor, typed) in small_sums() {
        let word = if xor == 0 { "losing" } else { "winning" };
        assert_eq!(ok(&["is-losing", &typed]), format!("{word}\n"), "{typed}");
        let answer = json(&ok(&["is-losing", &typed, "--json"]));
        assert_eq!(answer, sum_value(&piles, xor), "{typed}");
    }
    // One game typed with commas, as `value` takes it.
    assert_eq!(ok(&["is-losing", "1,3,3"]), "losing\n");
    assert!(
        bad(&["is-losing", "1", "2", "3", "4", "5", "6", "--misere"]).contains("normal play only")
    );
}

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
        "{\"convention\":\"normal\",\"position\":[3,1,3],\"outcome\":\"lose\",\
         \"remoteness\":null,\"grundy\":null}\n"
    );
    assert_eq!(
        json(&ok(&["is-losing", "--json", "5", "5", "5"])),
        json!({
            "convention": "normal", "position": [5, 5, 5], "outcome": "win",
            "remoteness": null, "grundy": null
        })
    );
    // The losing positions answer however large the third pile.
    let huge = u64::MAX.to_string();
    let answer = json(&ok(&["is-losing", "--json", "0", "1", &huge]));
    assert_eq!(answer["outcome"], "win");
    assert_eq!(answer["position"], json!([0, 1, u64::MAX]));
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
        "{\"convention\":\"normal\",\"pair\":[4,3],\"partner\":4}\n"
    );
}

#[test]
fn partner_above_the_limit_scans() {
    let (a, b) = (5, above());
    let expected = ScannedTables::scan(b)
        .unwrap()
        .as_tables()
        .partner(a, b.into())
        .unwrap();
    let out = ok_with_note(&["partner", &b.to_string(), &a.to_string(), "--json"]);
    assert_eq!(
        json(&out),
        json!({"convention": "normal", "pair": [b, a], "partner": expected})
    );
}

/// The positions the winning moves of `p` leave, piles in the order of `p`,
/// sorted, from the library.
fn expected_moves(table: stone_game::Tables, p: [u64; 3]) -> Vec<[u64; 3]> {
    let mut to: Vec<[u64; 3]> = table
        .winning_moves(p[0], p[1], p[2])
        .unwrap()
        .map(|m| m.to)
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
fn moves_print_the_positions_they_leave_in_the_order_given() {
    assert_eq!(ok(&["moves", "0", "0", "13"]), "0 0 0\n");
    assert_eq!(ok(&["moves", "13", "0", "0"]), "0 0 0\n");
    // Not sorted within a line: pile A first, as given.
    assert_eq!(ok(&["moves", "5", "4", "3"]), "2 1 0\n4 4 3\n5 0 3\n");
    for p in [
        [1, 3, 4],
        [5, 5, 5],
        [3, 3, 5],
        [7, 2, 9],
        [9, 7, 2],
        [limit(), limit() / 2, 3],
    ] {
        let args = p.map(|n| n.to_string());
        let out = ok(&["moves", &args[0], &args[1], &args[2]]);
        assert_eq!(
            out,
            lines_of(&expected_moves(stone_game::EMBEDDED, p)),
            "{p:?}"
        );
        for line in out.lines() {
            // Each line is a move: every pile that changes loses the same
            // number of stones, and the position it leaves is losing.
            let to: Vec<u64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            let taken: Vec<u64> = (0..3).map(|i| p[i] - to[i]).filter(|&t| t > 0).collect();
            assert!(
                !taken.is_empty() && taken.iter().all(|&t| t == taken[0]),
                "{p:?}: {line}"
            );
            assert_eq!(
                stone_game::is_losing(to[0], to[1], to[2]),
                Some(true),
                "{line}"
            );
        }
    }
}

#[test]
fn moves_of_a_losing_position_say_so() {
    for p in [["1", "3", "3"], ["2", "0", "1"]] {
        assert_eq!(
            ok(&["moves", p[0], p[1], p[2]]),
            format!("no winning move: {} {} {} is losing\n", p[0], p[1], p[2]),
            "{p:?}"
        );
    }
    assert_eq!(
        ok(&["moves", "0", "0", "0"]),
        "no move: the game is over, 0 0 0 has no stones, and the player to move has lost\n"
    );
    assert_eq!(
        ok(&["moves", "3", "1", "3", "--json"]),
        "{\"convention\":\"normal\",\"position\":[3,1,3],\"outcome\":\"lose\",\
         \"remoteness\":null,\"grundy\":null,\"moves\":[]}\n"
    );
}

/// `moves --all --json` of one game has its Grundy value in normal play
/// where the web explorer waits for it, up to `GrundyTable::QUICK_LIMIT`,
/// and no further: the tool does not wait for a value one game does not
/// need.
#[test]
fn one_games_moves_all_has_its_grundy_value_up_to_the_quick_limit() {
    let quick = u64::from(GrundyTable::QUICK_LIMIT);
    let grundy = GrundyTable::compute(GrundyTable::QUICK_LIMIT).unwrap();
    for (piles, misere, expected) in [
        (
            [2, quick, 1],
            false,
            Some(Value::from(grundy.value(2, quick, 1).unwrap())),
        ),
        ([2, quick + 1, 1], false, None),
        ([2, quick, 1], true, None),
    ] {
        let mut args = vec!["moves".to_string(), "--all".into(), "--json".into()];
        args.extend(piles.map(|n| n.to_string()));
        args.extend(misere.then(|| "--misere".to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(
            json(&ok(&args))["grundy"],
            expected.unwrap_or(Value::Null),
            "{piles:?} {misere}"
        );
    }
}

#[test]
fn moves_json() {
    let out = ok(&["moves", "0", "0", "13", "--json"]);
    assert_eq!(
        json(&out),
        json!({
            "convention": "normal", "position": [0, 0, 13], "outcome": "win",
            "remoteness": null, "grundy": null,
            "moves": [{"piles": [2], "stones": 13, "to": [0, 0, 0], "outcome": "lose", "remoteness": null}]
        })
    );
    for p in [[3u64, 3, 5], [5, 4, 3], [9, 7, 2]] {
        let args = p.map(|n| n.to_string());
        let value = json(&ok(&["moves", "--json", &args[0], &args[1], &args[2]]));
        assert_eq!(value["position"], json!(p));
        let moves = value["moves"].as_array().unwrap();
        let mut tos: Vec<[u64; 3]> = moves
            .iter()
            .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
            .collect();
        tos.sort_unstable();
        assert_eq!(tos, expected_moves(stone_game::EMBEDDED, p));
        // The plain output is the same positions, in the same order.
        assert_eq!(ok(&["moves", &args[0], &args[1], &args[2]]), lines_of(&tos));
        for m in moves {
            // Applying the move to the position as given leaves `to` as it is.
            let piles: Vec<usize> = serde_json::from_value(m["piles"].clone()).unwrap();
            let stones = m["stones"].as_u64().unwrap();
            let mut after = p;
            for i in piles {
                after[i] -= stones;
            }
            assert_eq!(json!(after), m["to"], "{p:?}");
        }
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

/// Past the embedded tables, one game is decided by whichever runtime scan
/// needs less memory, as its note says: the triples to its largest pile
/// while that is near the second, else the whole tables to the second.
/// Either way `is-losing` and `moves` answer as the whole tables do, in
/// both conventions.
#[test]
fn one_game_past_the_limit_is_decided_by_the_cheaper_scan() {
    let l = limit();
    let (a, y) = (l + 100, l + 120);
    let mut routes = Vec::new();
    for misere in [false, true] {
        let scanned = if misere {
            ScannedTables::scan_misere(y as u32)
        } else {
            ScannedTables::scan(y as u32)
        };
        let scanned = scanned.unwrap();
        let tables = scanned.as_tables();
        let partner = tables.partner(a, y).unwrap();
        for p in [
            [y, a, y + 30],
            [a, y, partner],
            [partner, a, y],
            [y, 9, 4 * l + 600],
        ] {
            let mut sorted = p;
            sorted.sort_unstable();
            let [_, second, z] = sorted;
            let by_triples = ScannedTriples::memory_needed(z as u32)
                <= ScannedTables::memory_needed(second as u32);
            let note = match (misere, by_triples) {
                (true, _) => "note: the misère tables are computed at run time\n".to_owned(),
                (false, true) => format!(
                    "note: the second-largest pile {second} is above the embedded limit {LIMIT}; \
                     scanning the triples to the largest pile {z} at run time\n"
                ),
                (false, false) => format!(
                    "note: the second-largest pile {second} is above the embedded limit {LIMIT}; \
                     scanning to {second} at run time\n"
                ),
            };
            routes.push((misere, by_triples));
            let mut args: Vec<String> = p.iter().map(u64::to_string).collect();
            args.extend(misere.then(|| "--misere".to_owned()));
            let is_losing = run(["is-losing"]
                .iter()
                .map(|w| w.to_string())
                .chain(args.clone()));
            let losing = tables.is_losing(p[0], p[1], p[2]).unwrap();
            let word = if losing { "losing\n" } else { "winning\n" };
            assert_eq!((is_losing.code, &*is_losing.out), (0, word), "{args:?}");
            assert_eq!(is_losing.err, note, "{args:?}");
            let moves = run(["moves"].iter().map(|w| w.to_string()).chain(args.clone()));
            assert_eq!(moves.code, 0, "{args:?}: {}", moves.err);
            let expected = if losing {
                format!("no winning move: {} is losing\n", args[..3].join(" "))
            } else {
                lines_of(&expected_moves(tables, p))
            };
            assert_eq!(moves.out, expected, "{args:?}");
        }
        // The positions take both scans by the rule (under misère the note
        // is the same for both: the answers are what is checked there).
        assert!(routes.contains(&(misere, true)) && routes.contains(&(misere, false)));
    }
}

/// The input of a `play` run over the pipe protocol, which plays the
/// player's side by asking `moves` for the position the transcript ends at
/// and typing its first line as it stands.
struct MovesPlayer {
    transcript: Rc<RefCell<Vec<u8>>>,
    line: Vec<u8>,
    read: usize,
    typed: Vec<String>,
}

impl MovesPlayer {
    /// The next move: `moves`'s first line for the last position shown.
    fn next_move(&mut self) -> Option<String> {
        let transcript = String::from_utf8(self.transcript.borrow().clone()).unwrap();
        let last = transcript.lines().last()?;
        let line = last
            .strip_prefix("start: ")
            .or_else(|| last.strip_prefix("engine: "))?;
        // An `engine:` line tells what was taken after the piles and two spaces.
        let position = line.split("  ").next()?;
        let mut argv = vec!["stone-game", "moves"];
        argv.extend(position.split(' '));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(stone_game_cli::run(argv, &mut out, &mut err), 0);
        let out = String::from_utf8(out).unwrap();
        let first = out.lines().next().unwrap().to_owned();
        assert!(!first.starts_with("no winning move"), "{transcript}");
        self.typed.push(first.clone());
        Some(first)
    }
}

impl Read for MovesPlayer {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for MovesPlayer {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.read == self.line.len() {
            self.line = self
                .next_move()
                .map(|m| m + "\n")
                .unwrap_or_default()
                .into_bytes();
            self.read = 0;
        }
        Ok(&self.line[self.read..])
    }
    fn consume(&mut self, n: usize) {
        self.read += n;
    }
}

/// The transcript's side of the shared buffer.
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A line of `moves` is a move `play` takes as it stands: a whole game
/// played by typing `moves`'s answers is a legal game, and won.
#[test]
fn a_game_played_with_the_lines_of_moves_is_won() {
    for start in [
        ["5", "4", "3"],
        ["9", "7", "2"],
        ["3", "3", "5"],
        ["20", "1", "13"],
    ] {
        let transcript = Rc::new(RefCell::new(Vec::new()));
        let mut player = MovesPlayer {
            transcript: Rc::clone(&transcript),
            line: Vec::new(),
            read: 0,
            typed: Vec::new(),
        };
        let mut err = Vec::new();
        let mut argv = vec!["stone-game", "play"];
        argv.extend(start);
        let code = stone_game_cli::run_with_input(
            argv,
            &mut player,
            &mut Shared(Rc::clone(&transcript)),
            &mut err,
        );
        let transcript = String::from_utf8(transcript.borrow().clone()).unwrap();
        assert_eq!(code, 0, "{transcript}{}", String::from_utf8_lossy(&err));
        assert!(!transcript.contains("illegal"), "{transcript}");
        assert_eq!(transcript.lines().last(), Some("you win"), "{transcript}");
        assert!(!player.typed.is_empty());
        // Every reply of the engine answers a move typed from `moves`.
        let replies = transcript
            .lines()
            .filter(|l| l.starts_with("engine: "))
            .count();
        assert_eq!(replies + 1, player.typed.len(), "{transcript}");
    }
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
    let l = LIMIT / 2;
    let within: Vec<[u16; 3]> = LOSING_TRIPLES
        .iter()
        .filter(|t| u32::from(t[2]) <= l)
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

/// The library's `LosingList`: the convention, the limit and the positions.
fn list_of(limit: u64, positions: Value) -> Value {
    json!({"convention": "normal", "limit": limit, "positions": positions})
}

#[test]
fn list_json_names_its_convention_and_limit() {
    let value = json(&ok(&["list", "--format", "json"]));
    let all = json!(LOSING_TRIPLES.iter().collect::<Vec<_>>());
    assert_eq!(value, list_of(limit(), all));
    let value = json(&ok(&["list", "--format", "json", "--limit", "4"]));
    assert_eq!(
        value,
        list_of(
            4,
            json!([[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]])
        )
    );
    assert_eq!(
        json(&ok(&["list", "--format", "json", "--limit", "1"])),
        list_of(1, json!([[0, 0, 0]]))
    );
    // One triple a line, as the plain form.
    assert_eq!(
        ok(&["list", "--format", "json", "--limit", "2"]),
        "{\"convention\":\"normal\",\"limit\":2,\"positions\":[\n  [0,0,0],\n  [0,1,2]\n]}\n"
    );
}

#[test]
fn list_json_is_format_json() {
    for l in ["0", "4", &limit().to_string()] {
        assert_eq!(
            ok(&["list", l, "--json"]),
            ok(&["list", "--limit", l, "--format", "json"]),
            "{l}"
        );
    }
    assert_eq!(ok(&["list", "--json"]), ok(&["list", "--format", "json"]));
    let e = bad(&["list", "--json", "--format", "csv"]);
    assert!(
        e.contains("'--json'") && e.contains("give one of them"),
        "{e}"
    );
}

#[test]
fn list_above_the_limit_scans() {
    let l = above();
    let table = ScannedTables::scan(l).unwrap();
    let out = ok_with_note(&["list", "--limit", &l.to_string(), "--format", "json"]);
    assert_eq!(
        json(&out),
        list_of(
            l.into(),
            json!(table.as_tables().triples().iter().collect::<Vec<_>>())
        )
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

/// A full disk (`/dev/full`) is an error of one line and exit code 1, not
/// a panic, whoever writes the output: the tool, clap (help),
/// clap_complete (a completion script) or clap_mangen (the man page).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_of_one_line() {
    for args in [
        &["sum", "4"][..],
        &["--help"],
        &["completions", "bash"],
        &["completions", "fish"],
        &["man"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = Command::new(BIN)
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err, "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
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
    } else {
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
        &["help", "--help"],
        &["help", "-h"],
        &["help", "draw", "slice"],
        &["draw", "--help"],
    ] {
        let out = ok(args);
        assert!(out.contains("Usage: stone-game"), "{args:?}: {out}");
        assert!(!out.contains('\x1b'), "no colors: {out:?}");
    }
    let out = ok(&["--help"]);
    // The embedded limit by its value, not by a name.
    assert!(out.contains(&format!("prints S({LIMIT})")), "{out}");
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
        let outcome = if value == 0 { "lose" } else { "win" };
        assert_eq!(
            json(&ok(&["grundy", a, b, c, "--json"])),
            json!({
                "convention": "normal", "position": p, "outcome": outcome,
                "remoteness": null, "grundy": value
            }),
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
fn grundy_of_a_sum_is_the_xor_of_its_games_values() {
    for (piles, xor, typed) in small_sums() {
        let words: Vec<String> = piles.iter().map(u64::to_string).collect();
        let mut argv = vec!["grundy"];
        argv.extend(words.iter().map(String::as_str));
        assert_eq!(ok(&argv), format!("{xor}\n"), "{piles:?}");
        assert_eq!(ok(&["grundy", &typed]), format!("{xor}\n"), "{typed}");
        argv.push("--json");
        assert_eq!(json(&ok(&argv)), sum_value(&piles, xor), "{piles:?}");
    }
    // Misère is refused in the library's words, and not offered by the help.
    assert!(
        bad(&["grundy", "1", "2", "3", "4", "5", "6", "--misere"]).contains("normal play only")
    );
    assert!(!ok(&["grundy", "--help"]).contains("--misere"));
}
