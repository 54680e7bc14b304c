//! The CLI's `--json` is the library's answer: for random single games and
//! sums of games, `value`, `moves` and `moves --all` with `--json` print
//! exactly `serde_json::to_value` of the library's `Solver` answer, and
//! that answer agrees with a brute force from the rules; every `--json`
//! names its convention; sums read as text by the rules; the misère empty
//! position reads the same on every command.

mod in_process;
mod rules;

use in_process::run;
use rules::{Brute, Solved, outcome};
use serde_json::{Value, json};
use stone_game::{Convention, GrundyTable, Position, RemotenessTable, ScannedTables, Solver};

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
    assert_eq!(answer["outcome"], outcome(wins), "{position}");
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
        assert_eq!(m["outcome"], outcome(wins), "{position} {m}");
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
        // `moves --all` of one game gives its Grundy value in normal play
        // (its piles are below `GrundyTable::QUICK_LIMIT` here).
        let by_remoteness_all = match convention {
            Convention::Normal => by_remoteness.with_grundy(&grundy).unwrap(),
            Convention::Misere => by_remoteness,
        };
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
                    by_remoteness_all.position(&position),
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
                Some(engine) => assert_eq!(engine["outcome"], outcome(!can_win), "{position}"),
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
        assert_eq!(out, format!("{}\n", outcome(wins)), "{text}");

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
            assert_eq!(said, outcome(rules.solve(&to).win), "{text}: {line}");
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
