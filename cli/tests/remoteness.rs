//! The CLI's answers against a brute force from the rules (every move
//! tried, memoised; it knows nothing of keys, partners or Grundy values),
//! in both conventions, through the CLI's `run`: `value`, `moves --all` and
//! `--misere` for every position up to a bound; the refusals of misère sums
//! and of piles past the remoteness cap. The bound is 24 in a release build
//! (`.ci/run` runs this file so), and smaller in a debug build, where every
//! position up to 24 takes minutes.
//!
//! And the CLI's answers are the library's: for random single games and
//! sums of games, `value`, `moves` and `moves --all` with `--json` print
//! exactly `serde_json::to_value` of the library's `Solver` answer; every
//! `--json` names its convention; the misère empty position reads the same
//! on every command.

use std::collections::HashMap;

use serde_json::{Value, json};
use stone_game::{Convention, GrundyTable, Position, RemotenessTable, ScannedTables, Solver};

/// The bound of the exhaustive checks: every pile up to it.
const N: u64 = if cfg!(debug_assertions) { 12 } else { 24 };

/// The bound of `moves --all`'s check, which rates every move of every
/// position.
const MOVES_N: u64 = if cfg!(debug_assertions) { 8 } else { 24 };

/// The largest pile of `value` (README, "Remoteness").
const MAX_REMOTENESS: u64 = 1500;

/// Who wins, for the player to move, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Solved {
    win: bool,
    remoteness: u32,
}

/// Every position solved from the rules alone: every move tried, memoised.
/// A position is one game of three piles, or a sum of games of three piles
/// each, where a move changes one game.
struct Brute {
    misere: bool,
    memo: HashMap<Vec<u64>, Solved>,
}

impl Brute {
    fn new(misere: bool) -> Brute {
        Brute {
            misere,
            memo: HashMap::new(),
        }
    }

    /// Every position one move from `p`, piles in the order of `p`: `s >= 1`
    /// stones from each of a non-empty set of one game's piles.
    fn options(p: &[u64]) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for game in 0..p.len() / 3 {
            for set in 1..8u8 {
                let piles: Vec<usize> = (0..3).filter(|i| set & (1 << i) != 0).collect();
                let most = piles.iter().map(|&i| p[3 * game + i]).min().unwrap();
                for s in 1..=most {
                    let mut to = p.to_vec();
                    for &i in &piles {
                        to[3 * game + i] -= s;
                    }
                    options.push(to);
                }
            }
        }
        options
    }

    /// The options of one game, as arrays.
    fn game_options(p: [u64; 3]) -> Vec<[u64; 3]> {
        let options = Brute::options(&p).into_iter();
        options.map(|to| [to[0], to[1], to[2]]).collect()
    }

    fn solve(&mut self, p: &[u64]) -> Solved {
        let mut key = p.to_vec();
        // One game's value does not depend on the order of its piles.
        if key.len() == 3 {
            key.sort_unstable();
        }
        if let Some(&s) = self.memo.get(&key) {
            return s;
        }
        let options = Brute::options(&key);
        let solved = if options.is_empty() {
            // No stone left: under normal play the player to move has lost,
            // under misère the opponent took the last stone and lost.
            Solved {
                win: self.misere,
                remoteness: 0,
            }
        } else {
            let values: Vec<Solved> = options.iter().map(|o| self.solve(o)).collect();
            let quickest_win = values.iter().filter(|v| !v.win).map(|v| v.remoteness).min();
            match quickest_win {
                Some(r) => Solved {
                    win: true,
                    remoteness: r + 1,
                },
                None => Solved {
                    win: false,
                    remoteness: values.iter().map(|v| v.remoteness).max().unwrap() + 1,
                },
            }
        };
        self.memo.insert(key, solved);
        solved
    }
}

/// Runs the CLI in-process: exit code, stdout, stderr.
fn run(args: &[String]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("stone-game".to_string()).chain(args.iter().cloned());
    let code = stone_game_cli::run(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

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

fn name(win: bool) -> &'static str {
    if win { "win" } else { "lose" }
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
                format!("{} in {}\n", name(s.win), s.remoteness),
                "{p:?}"
            );
        }
        let out = ok("value 3 1 4 --json", misere);
        let s = brute.solve(&[3, 1, 4]);
        let convention = if misere { "misere" } else { "normal" };
        assert_eq!(
            serde_json::from_str::<Value>(&out).unwrap(),
            json!({"position": [3, 1, 4], "convention": convention,
                   "outcome": name(s.win), "remoteness": s.remoteness, "grundy": null})
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
                assert_eq!(m["outcome"], name(s.win), "{p:?} -> {to:?}");
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
                .map(|([x, y, z], s)| format!("{x} {y} {z}  {} in {}", name(s.win), s.remoteness))
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
        ("value 1 2 -3", "'-3' is not a pile"),
        ("value 1 2 99999999999999999999", "is not a pile"),
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

// --- the library's answers ---------------------------------------------------

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// `words` with the piles of `position` and `--misere` under misère play.
fn position_args(words: &str, position: &Position, convention: Convention) -> Vec<String> {
    let mut args: Vec<String> = words.split_whitespace().map(String::from).collect();
    args.extend(position.piles().iter().map(u64::to_string));
    if convention == Convention::Misere {
        args.push("--misere".into());
    }
    args
}

/// Runs `words` on `position`, expects success, and returns stdout.
fn ok_on(words: &str, position: &Position, convention: Convention) -> String {
    let (code, out, err) = run(&position_args(words, position, convention));
    assert_eq!(code, 0, "{words} {position}: {err}");
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The library's answer, as JSON.
fn library(answer: &impl serde::Serialize) -> Value {
    serde_json::to_value(answer).unwrap()
}

fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}

/// Random positions: single games with piles up to 9, sums of two games up
/// to 3 and of three up to 2, from a fixed seed.
fn random_positions() -> Vec<Position> {
    let mut rng = fastrand::Rng::with_seed(0x5707e);
    let mut positions = vec![Position::game([0, 0, 0])];
    for _ in 0..40 {
        positions.push(Position::game([0; 3].map(|_| rng.u64(0..=9))));
    }
    for _ in 0..25 {
        let piles = (0..6).map(|_| rng.u64(0..=3)).collect();
        positions.push(Position::new(piles).unwrap());
        let piles = (0..9).map(|_| rng.u64(0..=2)).collect();
        positions.push(Position::new(piles).unwrap());
    }
    positions
}

/// Checks the JSON of a position's value against the rules.
fn assert_value_follows_the_rules(rules: &mut Brute, position: &Position, answer: &Value) {
    let Solved {
        win: wins,
        remoteness,
    } = rules.solve(position.piles());
    assert_eq!(answer["outcome"], name(wins), "{position}");
    assert_eq!(answer["position"], json!(position.piles()), "{position}");
    if position.is_sum() {
        assert_eq!(answer["remoteness"], Value::Null, "{position}");
    } else if !answer["remoteness"].is_null() {
        assert_eq!(answer["remoteness"], remoteness, "{position}");
    }
}

/// Checks the JSON moves of `position` against the rules: each leaves what
/// its piles and stones say, with the rules' outcome (and remoteness, for
/// one game, where given); returns the positions they leave.
fn checked_moves(rules: &mut Brute, position: &Position, moves: &Value) -> Vec<Vec<u64>> {
    let mut left = Vec::new();
    for m in moves.as_array().unwrap() {
        let mut to = position.piles().to_vec();
        let stones = m["stones"].as_u64().unwrap();
        for i in m["piles"].as_array().unwrap() {
            to[i.as_u64().unwrap() as usize] -= stones;
        }
        assert_eq!(m["to"], json!(to), "{position} {m}");
        let Solved {
            win: wins,
            remoteness,
        } = rules.solve(&to);
        assert_eq!(m["outcome"], name(wins), "{position} {m}");
        if !position.is_sum() && !m["remoteness"].is_null() {
            assert_eq!(m["remoteness"], remoteness, "{position} {m}");
        }
        left.push(to);
    }
    left.sort();
    left
}

#[test]
fn the_clis_json_is_the_librarys_and_the_rules() {
    let grundy = GrundyTable::compute(9).unwrap();
    for convention in CONVENTIONS {
        let remoteness = RemotenessTable::compute(9, convention).unwrap();
        let scanned = ScannedTables::scan_for(convention, 9, |_| {}).unwrap();
        let by_remoteness = Solver::new(convention)
            .with_remoteness(&remoteness)
            .unwrap();
        let by_tables = Solver::new(convention)
            .with_tables(scanned.as_tables())
            .unwrap();
        let by_grundy = Solver::new(Convention::Normal)
            .with_grundy(&grundy)
            .unwrap();
        let mut rules = Brute::new(convention == Convention::Misere);
        let mut checked = [0; 2];
        for position in random_positions() {
            if position.is_sum() && convention == Convention::Misere {
                for words in ["value --json", "moves --json", "moves --all --json"] {
                    let (code, out, err) = run(&position_args(words, &position, convention));
                    assert_eq!((code, out.as_str()), (2, ""), "{words} {position}");
                    assert!(
                        err.contains("a sum of games is answered in normal play only"),
                        "{err}"
                    );
                }
                continue;
            }
            let (value, all, winning) = if position.is_sum() {
                (
                    by_grundy.value(&position),
                    by_grundy.position(&position),
                    by_grundy.winning_moves(&position),
                )
            } else {
                (
                    by_remoteness.value(&position),
                    by_remoteness.position(&position),
                    by_tables.winning_moves(&position),
                )
            };
            let cli_value = json(&ok_on("value --json", &position, convention));
            assert_eq!(cli_value, library(&value.unwrap()), "{position}");
            assert_value_follows_the_rules(&mut rules, &position, &cli_value);

            let cli_all = json(&ok_on("moves --all --json", &position, convention));
            assert_eq!(cli_all, library(&all.unwrap()), "{position}");
            assert_value_follows_the_rules(&mut rules, &position, &cli_all);
            let mut expected = Brute::options(position.piles());
            expected.sort();
            assert_eq!(
                checked_moves(&mut rules, &position, &cli_all["moves"]),
                expected
            );
            // The engine's move wins when a move does.
            let can_win = expected.iter().any(|to| !rules.solve(to).win);
            match cli_all["engine"].as_object() {
                None => assert!(expected.is_empty(), "{position}"),
                Some(engine) => assert_eq!(engine["outcome"], name(!can_win), "{position}"),
            }

            let cli_winning = json(&ok_on("moves --json", &position, convention));
            assert_eq!(cli_winning, library(&winning.unwrap()), "{position}");
            assert_value_follows_the_rules(&mut rules, &position, &cli_winning);
            let winning: Vec<Vec<u64>> = expected
                .into_iter()
                .filter(|to| !rules.solve(to).win)
                .collect();
            assert_eq!(
                checked_moves(&mut rules, &position, &cli_winning["moves"]),
                winning
            );
            checked[usize::from(position.is_sum())] += 1;
        }
        assert!(checked[0] >= 40, "{checked:?}");
        if convention == Convention::Normal {
            assert!(checked[1] >= 50, "{checked:?}");
        }
    }
}

/// A sum in text: `value` says `win` or `lose` by the rules, `moves` lists
/// the whole positions the winning moves leave, sorted, and `moves --all`
/// every move best first, the stones left standing in for the remoteness.
#[test]
fn sums_read_as_text() {
    let mut rules = Brute::new(false);
    for text in [
        "0 0 1 + 0 1 1",
        "0 0 2 + 0 1 1",
        "1 2 3 + 1 2 3 + 0 0 1",
        "0 0 0 + 0 0 0",
    ] {
        let position: Position = text.parse().unwrap();
        let mut typed: Vec<String> = vec!["value".into()];
        typed.extend(text.split(' ').map(String::from));
        let (code, out, err) = run(&typed);
        assert_eq!(code, 0, "{err}");
        let wins = rules.solve(position.piles()).win;
        assert_eq!(out, format!("{}\n", name(wins)), "{text}");

        let mut winning: Vec<Vec<u64>> = Brute::options(position.piles())
            .into_iter()
            .filter(|to| !rules.solve(to).win)
            .collect();
        winning.sort();
        let out = ok_on("moves", &position, Convention::Normal);
        let lines: Vec<String> = winning
            .iter()
            .map(|to| to.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        if lines.is_empty() {
            assert!(out.starts_with("no "), "{text}: {out}");
        } else {
            assert_eq!(out, lines.join("\n") + "\n", "{text}");
        }

        let out = ok_on("moves --all", &position, Convention::Normal);
        let mut shown = Vec::new();
        for line in out.lines().filter(|l| !l.starts_with("no ")) {
            let (to, said) = line.split_once("  ").unwrap();
            let to: Vec<u64> = to.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(said, name(rules.solve(&to).win), "{text}: {line}");
            shown.push((rules.solve(&to).win, to));
        }
        // Best first: the moves that leave the opponent lost, the fewest
        // stones left first; then the others, the most first.
        let key = |(wins, to): &(bool, Vec<u64>)| {
            let left: u64 = to.iter().sum();
            (*wins, if *wins { u64::MAX - left } else { left })
        };
        assert!(
            shown.windows(2).all(|w| key(&w[0]) <= key(&w[1])),
            "{text}: {out}"
        );
        assert_eq!(
            shown.len(),
            Brute::options(position.piles()).len(),
            "{text}"
        );
    }
}

#[test]
fn the_misere_empty_position_is_won_on_every_command() {
    let empty = Position::game([0, 0, 0]);
    let misere = Convention::Misere;
    assert_eq!(ok_on("is-losing", &empty, misere), "winning\n");
    assert_eq!(ok_on("value", &empty, misere), "win in 0\n");
    let over = "no move: the game is over, 0 0 0 has no stones, and the player to move has won \
                (the opponent took the last stone)\n";
    assert_eq!(ok_on("moves", &empty, misere), over);
    assert_eq!(ok_on("moves --all", &empty, misere), over);
    for words in [
        "is-losing --json",
        "value --json",
        "moves --json",
        "moves --all --json",
    ] {
        let answer = json(&ok_on(words, &empty, misere));
        assert_eq!(answer["outcome"], "win", "{words}");
        assert_eq!(answer["convention"], "misere", "{words}");
    }
    // And lost in normal play, on every command alike.
    let normal = Convention::Normal;
    assert_eq!(ok_on("is-losing", &empty, normal), "losing\n");
    assert_eq!(ok_on("value", &empty, normal), "lose in 0\n");
    let over = "no move: the game is over, 0 0 0 has no stones, and the player to move has lost\n";
    assert_eq!(ok_on("moves", &empty, normal), over);
}

#[test]
fn every_json_answer_names_its_convention() {
    for convention in CONVENTIONS {
        let mut commands = vec![
            "sum 5 --json",
            "count 5 --json",
            "list 5 --json",
            "list 5 --format json",
            "is-losing 1 2 3 --json",
            "partner 1 2 --json",
            "moves 1 2 3 --json",
            "moves 1 2 3 --all --json",
            "value 1 2 3 --json",
        ];
        if convention == Convention::Normal {
            commands.extend([
                "grundy 1 2 3 --json",
                "value 1 2 3 + 0 0 1 --json",
                "moves 1 2 3 + 0 0 1 --json",
                "moves 1 2 3 + 0 0 1 --all --json",
            ]);
        }
        for words in commands {
            let mut typed: Vec<String> = words.split(' ').map(String::from).collect();
            if convention == Convention::Misere {
                typed.push("--misere".into());
            }
            let (code, out, err) = run(&typed);
            assert_eq!(code, 0, "{words}: {err}");
            assert_eq!(
                json(&out)["convention"],
                convention_name(convention),
                "{words}"
            );
        }
    }
    // Grundy values have no misère answer: the library's reason, exit 2.
    let (code, out, err) = run(&["grundy", "1", "2", "3", "--json", "--misere"].map(String::from));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(
            "error: grundy takes no --misere: Grundy values are defined for normal play only"
        ),
        "{err}"
    );
}
