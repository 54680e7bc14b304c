//! The READMEs' examples run as a user runs them: every console example of
//! README.md and cli/README.md prints what it shows, and the JSON blocks of
//! the planes, which no command prints, are the library's answers.

mod binary;

use binary::{json, limit, run_with_stdin};
use stone_game::LIMIT;

/// One `$ ...` line of a README's console block and the lines shown under it.
struct Example {
    command: String,
    shown: Vec<String>,
}

/// The examples of `text`'s ```console blocks, comments (`  # ...`) cut.
fn console_examples(text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let command = command.split("  #").next().unwrap_or_default().trim();
            examples.push(Example {
                command: command.to_owned(),
                shown: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push(line.to_owned());
        }
    }
    examples
}

/// `shown` matches `actual`: line for line, where a line `...` stands for
/// any number of lines.
fn matches_shown(shown: &[String], actual: &str) -> bool {
    let actual: Vec<String> = actual.lines().map(str::to_owned).collect();
    match shown.iter().position(|l| l == "...") {
        None => shown == actual.as_slice(),
        Some(gap) => {
            let (head, tail) = (&shown[..gap], &shown[gap + 1..]);
            actual.len() >= head.len() + tail.len()
                && actual.starts_with(head)
                && actual.ends_with(tail)
        }
    }
}

/// Every console example of README.md and cli/README.md that shows its output
/// prints that output, notes (stderr) and answers (stdout) alike. Examples
/// that show none (pictures written to files, games at a terminal) and
/// commands other than `stone-game` (`cargo install`) are not run. The
/// examples are written at the default limit, 1000: at another, S(LIMIT) and
/// the notes of the scans past it are what that limit gives, and README's
/// S(1000) is checked against a runtime scan.
#[test]
fn readme_examples_print_what_they_show() {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for file in [manifest.join("../README.md"), manifest.join("README.md")] {
        let text = std::fs::read_to_string(&file).unwrap();
        for Example { command, shown } in console_examples(&text) {
            let (input, line) = match command.strip_prefix("printf '") {
                Some(rest) => {
                    let (input, line) = rest.split_once("' | ").expect("printf '...' | ...");
                    (input.replace("\\n", "\n"), line.to_owned())
                }
                // `< /dev/null`: an empty standard input, as `run_with_stdin` gives.
                None => (
                    String::new(),
                    command.trim_end_matches(" < /dev/null").to_owned(),
                ),
            };
            let Some(args) = line.strip_prefix("stone-game") else {
                continue;
            };
            if shown.is_empty() {
                continue;
            }
            let args: Vec<&str> = args.split_whitespace().collect();
            let r = run_with_stdin(&args, &input);
            assert_eq!(r.code, 0, "{command}: {}", r.err);
            let (notes, answers): (Vec<String>, Vec<String>) =
                shown.into_iter().partition(|l| l.starts_with("note: "));
            // A note of a scan past the embedded limit, at this limit; other
            // notes (the misère scans') as they stand.
            let notes: Vec<String> = notes
                .into_iter()
                .filter_map(|note| {
                    let first = note["note: ".len()..].split(' ').next()?;
                    let Ok(past) = first.parse::<u64>() else {
                        return Some(note);
                    };
                    (past > limit()).then(|| {
                        note.replace(
                            "above the embedded limit 1000",
                            &format!("above the embedded limit {LIMIT}"),
                        )
                    })
                })
                .collect();
            assert!(matches_shown(&notes, &r.err), "{command}: {:?}", r.err);
            if args.is_empty() {
                let s_1000 = stone_game::ScannedTriples::scan(1000)
                    .unwrap()
                    .losing_sum(1000)
                    .unwrap();
                assert_eq!(answers, [s_1000.to_string()], "{command}");
                let s = stone_game::losing_sum(LIMIT).unwrap();
                assert_eq!(r.out, format!("{s}\n"));
            } else {
                assert!(matches_shown(&answers, &r.out), "{command}: {}", r.out);
            }
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} examples");
}

/// The JSON blocks of README's "JSON answers" that no command prints (the
/// planes the web explorer maps), each marked ```` ```json ANSWER a=A
/// limit=L [misere] ````: the library's answer, serialized, is the block.
#[test]
fn readme_json_planes_are_the_librarys() {
    use stone_game::{Convention, GrundyTable, RemotenessTable, Solver};
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"),
    )
    .unwrap();
    let mut lines = readme.lines();
    let mut checked = Vec::new();
    while let Some(line) = lines.next() {
        let Some(marks) = line.strip_prefix("```json ") else {
            continue;
        };
        let shown: String = lines.by_ref().take_while(|l| *l != "```").collect();
        let words: Vec<&str> = marks.split_whitespace().collect();
        let number = |key: &str| -> u64 {
            let word = words.iter().find_map(|w| w.strip_prefix(key)).unwrap();
            word.parse().unwrap()
        };
        let (a, limit) = (number("a="), number("limit="));
        let convention = if words.contains(&"misere") {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let solver = Solver::new(convention);
        let answer = match words[0] {
            "slice" => serde_json::to_value(solver.slice(a, limit).unwrap()),
            "grundy-map" => {
                let table = GrundyTable::compute(limit.max(a) as u32).unwrap();
                let map = solver.with_grundy(&table).unwrap().grundy_map(a, limit);
                serde_json::to_value(map.unwrap())
            }
            "remoteness-map" => {
                let table = RemotenessTable::compute(limit.max(a) as u32, convention).unwrap();
                let map = solver
                    .with_remoteness(&table)
                    .unwrap()
                    .remoteness_map(a, limit);
                serde_json::to_value(map.unwrap())
            }
            other => panic!("an unknown answer: {other}"),
        }
        .unwrap();
        assert_eq!(json(&shown), answer, "{marks}");
        checked.push(words[0]);
    }
    assert_eq!(checked, ["slice", "grundy-map", "remoteness-map"]);
}
