//! The CLI's answers against a brute force from the rules (every move
//! tried, memoised; it knows nothing of keys, partners or Grundy values),
//! in both conventions, through the CLI's `run`: `value`, `moves --all` and
//! `--misere` for every position up to a bound; the refusals of misère sums
//! and of piles past the remoteness cap. The bound is 24 in a release build
//! (`.ci/run` runs this file so), and smaller in a debug build, where every
//! position up to 24 takes minutes.

mod in_process;
mod rules;

use in_process::run;
use rules::{Brute, Solved, outcome};
use serde_json::{Value, json};

/// The bound of the exhaustive checks: every pile up to it.
const N: u64 = if cfg!(debug_assertions) { 12 } else { 24 };

/// The bound of `moves --all`'s check, which rates every move of every
/// position.
const MOVES_N: u64 = if cfg!(debug_assertions) { 8 } else { 24 };

/// The largest pile of `value` (README, "Remoteness").
const MAX_REMOTENESS: u64 = 1500;

/// `args` (words separated by spaces) with `--misere` when `misere`.
fn args(words: &str, misere: bool) -> Vec<String> {
    let mut args: Vec<String> = words.split_whitespace().map(String::from).collect();
    if misere {
        args.push("--misere".into());
    }
    args
}

/// Runs `words`, expects success; under misère, exactly the one note.
fn ok(words: &str, misere: bool) -> String {
    let (code, out, err) = run(&args(words, misere));
    assert_eq!(code, 0, "{words}: {err}");
    // The remoteness is computed without a note; the misère tables with one.
    let from_tables = !(words.starts_with("value") || words.contains("--all"));
    let note = if misere && from_tables {
        "note: the misère tables are computed at run time\n"
    } else {
        ""
    };
    assert_eq!(err, note, "{words}");
    out
}

fn positions(n: u64) -> impl Iterator<Item = [u64; 3]> {
    (0..=n).flat_map(move |a| (0..=n).flat_map(move |b| (0..=n).map(move |c| [a, b, c])))
}

#[test]
fn value_is_the_brute_forces_in_both_conventions() {
    for misere in [false, true] {
        let mut brute = Brute::new(misere);
        for p @ [a, b, c] in positions(N) {
            let s = brute.solve(&p);
            let out = ok(&format!("value {a} {b} {c}"), misere);
            assert_eq!(
                out,
                format!("{} in {}\n", outcome(s.win), s.remoteness),
                "{p:?}"
            );
        }
        let out = ok("value 3 1 4 --json", misere);
        let s = brute.solve(&[3, 1, 4]);
        let convention = if misere { "misere" } else { "normal" };
        assert_eq!(
            serde_json::from_str::<Value>(&out).unwrap(),
            json!({"position": [3, 1, 4], "convention": convention,
                   "outcome": outcome(s.win), "remoteness": s.remoteness, "grundy": null})
        );
    }
}

#[test]
fn moves_all_lists_every_move_best_first_as_the_brute_force_rates_it() {
    for misere in [false, true] {
        let mut brute = Brute::new(misere);
        for p @ [a, b, c] in positions(MOVES_N) {
            let mut expected: Vec<([u64; 3], Solved)> = Brute::game_options(p)
                .into_iter()
                .map(|to| (to, brute.solve(&to)))
                .collect();
            // Best first: a lost position for the opponent, quickest first;
            // then the longest resistance; ties by the position.
            expected.sort_by_key(|&(to, s)| {
                (
                    s.win,
                    if s.win {
                        -i64::from(s.remoteness)
                    } else {
                        i64::from(s.remoteness)
                    },
                    to,
                )
            });
            let out = ok(&format!("moves {a} {b} {c} --all --json"), misere);
            let answer: Value = serde_json::from_str(&out).unwrap();
            // Every move once, each with the value of what it leaves; the
            // engine's move is the best.
            let rated = |m: &Value| {
                let to: [u64; 3] = serde_json::from_value(m["to"].clone()).unwrap();
                let s = brute.solve(&to);
                assert_eq!(m["outcome"], outcome(s.win), "{p:?} -> {to:?}");
                assert_eq!(m["remoteness"], s.remoteness, "{p:?} -> {to:?}");
                to
            };
            let mut got: Vec<[u64; 3]> = answer["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(rated)
                .collect();
            let mut all: Vec<[u64; 3]> = expected.iter().map(|&(to, _)| to).collect();
            got.sort_unstable();
            all.sort_unstable();
            assert_eq!(got, all, "{p:?}");
            let best = expected.first().map(|&(to, _)| json!(to));
            assert_eq!(answer["engine"]["to"], best.unwrap_or(Value::Null), "{p:?}");
            assert_eq!(answer["position"], json!(p));
            let plain = ok(&format!("moves {a} {b} {c} --all"), misere);
            let lines: Vec<String> = expected
                .iter()
                .map(|([x, y, z], s)| {
                    format!("{x} {y} {z}  {} in {}", outcome(s.win), s.remoteness)
                })
                .collect();
            if lines.is_empty() {
                let result = if misere {
                    "won (the opponent took the last stone)"
                } else {
                    "lost"
                };
                assert_eq!(
                    plain,
                    format!(
                        "no move: the game is over, 0 0 0 has no stones, and the player to move \
                         has {result}\n"
                    )
                );
            } else {
                assert_eq!(plain, lines.join("\n") + "\n", "{p:?}");
            }
            // Without --all: the moves to lost positions, sorted.
            let winning = ok(&format!("moves {a} {b} {c} --json"), misere);
            let winning: Value = serde_json::from_str(&winning).unwrap();
            let mut to: Vec<[u64; 3]> = expected
                .iter()
                .filter(|(_, s)| !s.win)
                .map(|&(to, _)| to)
                .collect();
            to.sort_unstable();
            let mut got: Vec<[u64; 3]> = winning["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
                .collect();
            got.sort_unstable();
            assert_eq!(got, to, "{p:?} misere {misere}");
        }
    }
}

#[test]
fn misere_is_losing_partner_and_totals_are_the_brute_forces() {
    for misere in [false, true] {
        let mut brute = Brute::new(misere);
        for p @ [a, b, c] in positions(N) {
            let losing = !brute.solve(&p).win;
            let out = ok(&format!("is-losing {a} {b} {c}"), misere);
            assert_eq!(out, if losing { "losing\n" } else { "winning\n" }, "{p:?}");
        }
        for a in 0..=N {
            for b in 0..=N {
                let c = (0..=3 * N)
                    .find(|&c| !brute.solve(&[a, b, c]).win)
                    .expect("a partner within 3N");
                assert_eq!(ok(&format!("partner {a} {b}"), misere), format!("{c}\n"));
            }
        }
        for l in [0, 1, 5, N] {
            let triples: Vec<[u64; 3]> = positions(l)
                .filter(|&[x, y, z]| x <= y && y <= z && !brute.solve(&[x, y, z]).win)
                .collect();
            let list: String = triples
                .iter()
                .map(|[x, y, z]| format!("{x} {y} {z}\n"))
                .collect();
            assert_eq!(ok(&format!("list {l}"), misere), list, "{l}");
            let sum: u64 = triples.iter().map(|t| t.iter().sum::<u64>()).sum();
            assert_eq!(ok(&format!("sum {l}"), misere), format!("{sum}\n"));
            assert_eq!(
                ok(&format!("count {l}"), misere),
                format!("{}\n", triples.len())
            );
        }
    }
}

#[test]
fn misere_sums_and_piles_past_the_cap_are_refused() {
    let past = (MAX_REMOTENESS + 1).to_string();
    for (words, needle) in [
        ("grundy 1 2 3 --misere", "grundy takes no --misere"),
        (
            "draw grundy 0 --misere -o x.png",
            "draw grundy takes no --misere",
        ),
        (
            &*format!("value {past} 1 1"),
            "past the largest this tool computes, 1500",
        ),
        (
            &*format!("moves 1 1 {past} --all"),
            "past the largest this tool computes, 1500",
        ),
        (
            "value 1 2",
            "2 piles: a position is three piles, or three for each game of a sum",
        ),
        ("moves 1 2 3 4", "4 piles: a position is three piles"),
        ("value 1 2 x", "'x' is not a pile: expected a whole number"),
        ("value 1 2 -3", "'-3' is not a pile: it is negative"),
        (
            "value 1 2 99999999999999999999",
            "is not a pile: it is too large",
        ),
        (
            "value 1 2 + 3 4 5 6 7 8 9",
            "a '+' after 2 piles: a '+' goes between games",
        ),
        (
            "value 1 2 3 4 5 6 --misere",
            "value with a sum of games takes no --misere: a sum of games is answered in normal \
             play only",
        ),
        (
            "moves 1 2 3 + 4 5 6 --all --misere",
            "moves with a sum of games takes no --misere",
        ),
        (
            "play 1 2 3 4 5 6 --misere",
            "play with a sum of games takes no --misere",
        ),
    ] {
        let (code, out, err) = run(&args(words, false));
        assert_eq!((code, out.as_str()), (2, ""), "{words}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.starts_with("error: ") && first.contains(needle),
            "{words}: {err}"
        );
    }
}
