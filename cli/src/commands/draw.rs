//! `draw`: pictures of the library's answers, as PNG or SVG.
//!
//! This command parses the picture's limit and file, gets the tables
//! through the runtime helpers (the embedded ones, or a runtime scan or
//! computation with its note and progress bar), asks the library's
//! [`Solver`] for the answer and hands it to the `stone-game-draw` crate,
//! which draws it: the slice, the partners, the totals, the Grundy map or
//! the remoteness map. `--misere` draws the misère game on every picture
//! but `grundy`, which refuses it with the library's words.

use stone_game::{
    AnswerError, GrundyTable, LIMIT, RemotenessTable, ScannedTables, ScannedTotals, Solver,
};
use stone_game_draw::{DrawError, Format, PartnerMap, Picture as Drawing, PictureFile};

use crate::args::{Picture, PictureLimit};
use crate::context::{Ctx, Failure};
use crate::runtime::{self, RuntimeScan, table_covering, table_to};

/// `draw slice A | partners | counts | grundy A | remoteness A [--limit N]
/// [--misere] -o FILE`.
pub(crate) fn draw(ctx: &mut Ctx, picture: &Picture) -> Result<u8, Failure> {
    let (target, name, min_limit) = match picture {
        Picture::Slice { target, .. } => (target, "a slice", 1),
        Picture::Partners { target } => (target, "the partners map", 1),
        Picture::Counts { target } => (target, "the counts picture", 10),
        Picture::Grundy { target, .. } => (target, "the Grundy map", 1),
        Picture::Remoteness { target, .. } => (target, "the remoteness map", 1),
    };
    let convention = target.rules.convention();
    if let Picture::Grundy { a, .. } = picture {
        // The library refuses a misère Grundy map before it reads a table.
        if let Err(e @ AnswerError::MisereUndefined(_)) = Solver::new(convention).grundy_map(*a, 0)
        {
            return Err(Failure::Usage(format!(
                "draw grundy takes no --misere: {e}"
            )));
        }
    }
    let format = Format::of(&target.output).map_err(|e| drawing_failure(e.into()))?;
    let largest = largest_limit(picture, format);
    let too_large = |limit: &dyn std::fmt::Display| Failure::Usage(largest.refusal(name, limit));
    let limit = match &target.limit {
        None => u64::from(LIMIT).min(largest.limit),
        Some(PictureLimit::Whole(limit)) => *limit,
        Some(PictureLimit::TooLarge(digits)) => return Err(too_large(digits)),
    };
    if limit < min_limit {
        return Err(Failure::Usage(format!(
            "{name} takes a limit of at least {min_limit}, not {limit}: give --limit {min_limit} \
             or more"
        )));
    }
    if limit > largest.limit {
        return Err(too_large(&limit));
    }
    // Found unwritable before a long scan, not after.
    let file = PictureFile::create(&target.output).map_err(drawing_failure)?;
    let solver = Solver::new(convention);
    match picture {
        Picture::Slice { a, .. } => {
            let needed = (*a).max(limit);
            let what = format!("the slice {{{a}, b, c}} to {limit}");
            let past_note = || runtime::past_limit_note(needed);
            let table: Option<ScannedTables> =
                table_covering(ctx, convention, needed, false, past_note, &what)?;
            let slice = with_tables(solver, &table).and_then(|s| s.slice(*a, limit));
            file.draw(Drawing::Slice(&slice.map_err(answer_failure)?))
        }
        Picture::Partners { .. } => {
            let what = format!("the partners map to {limit}");
            let table: Option<ScannedTables> = table_to(ctx, convention, limit, false, &what)?;
            let map = partner_map(with_tables(solver, &table).map_err(answer_failure)?, limit)?;
            file.draw(Drawing::Partners(&map))
        }
        Picture::Counts { .. } => {
            // The totals alone: a scan of the triples answers them, at
            // about half the time of the whole tables and without keeping
            // the triples.
            let what = format!("the counts to {limit}");
            let scanned: Option<ScannedTotals> = table_to(ctx, convention, limit, false, &what)?;
            let solver = match &scanned {
                Some(totals) => solver.with_totals(totals).map_err(answer_failure)?,
                None => solver,
            };
            let totals = (1..=limit)
                .map(|l| solver.total(l))
                .collect::<Result<Vec<_>, _>>()
                .map_err(answer_failure)?;
            file.draw(Drawing::Counts(&totals))
        }
        Picture::Grundy { a, .. } => {
            let what = format!("the Grundy map of {{{a}, b, c}} to {limit}");
            let table = runtime::grundy_table(ctx, (*a).max(limit), &what)?;
            let map = solver
                .with_grundy(&table)
                .and_then(|s| s.grundy_map(*a, limit))
                .map_err(answer_failure)?;
            file.draw(Drawing::Grundy(&map))
        }
        Picture::Remoteness { a, .. } => {
            let what = format!("the remoteness map of {{{a}, b, c}} to {limit}");
            let table = runtime::remoteness_table(ctx, convention, (*a).max(limit), &what)?;
            let map = solver
                .with_remoteness(&table)
                .and_then(|s| s.remoteness_map(*a, limit))
                .map_err(answer_failure)?;
            file.draw(Drawing::Remoteness(&map))
        }
    }
    .map_err(drawing_failure)?;
    Ok(0)
}

/// `solver` answering from a runtime scan where one ran, else from the
/// tables it starts with (the embedded ones in normal play).
fn with_tables<'t>(
    solver: Solver<'t>,
    table: &'t Option<ScannedTables>,
) -> Result<Solver<'t>, AnswerError> {
    match table {
        Some(scanned) => solver.with_tables(scanned.as_tables()),
        None => Ok(solver),
    }
}

/// The partner of every pair `(a, b)` with `a, b <= limit`, as `solver`
/// answers each.
fn partner_map(solver: Solver<'_>, limit: u64) -> Result<PartnerMap, Failure> {
    // Asked of the allocator whole, so that its refusal (a `ulimit -v`) is
    // an error, not an abort.
    let side = limit.saturating_add(1);
    let needed = side.saturating_mul(side).saturating_mul(8);
    let refused = || {
        Failure::Usage(format!(
            "the partners map to {limit} needs {needed} bytes of memory, which could not be \
             allocated"
        ))
    };
    let mut partners = Vec::new();
    let pairs = usize::try_from(side.saturating_mul(side)).map_err(|_| refused())?;
    partners.try_reserve_exact(pairs).map_err(|_| refused())?;
    for a in 0..=limit {
        for b in 0..=limit {
            partners.push(solver.partner(a, b).map_err(answer_failure)?.partner);
        }
    }
    PartnerMap::new(solver.convention(), limit, partners).map_err(drawing_failure)
}

/// A question the library did not answer. The tables were sized to cover
/// it and misère Grundy values were refused before, so only a bug gets
/// here.
fn answer_failure(e: AnswerError) -> Failure {
    match e {
        AnswerError::MisereUndefined(_) => Failure::Usage(e.to_string()),
        _ => Failure::Internal(e.to_string()),
    }
}

/// A picture not drawn: the caller's mistake (exit code 2), or a file
/// system or plotters that failed (exit code 1).
fn drawing_failure(e: DrawError) -> Failure {
    if e.is_bad_input() {
        Failure::Usage(e.to_string())
    } else if e == DrawError::Font {
        Failure::Internal(e.to_string())
    } else {
        Failure::Output(e.to_string())
    }
}

/// The largest limit of a picture, and why it goes no further.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Largest {
    limit: u64,
    /// Why the picture goes no further.
    why: &'static str,
    /// What caps it: the size of the picture in a format, or the runtime
    /// scan or computation it needs.
    cap: Cap,
}

/// What caps the limit of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cap {
    /// The picture in this format, `PNG` or `SVG`, grows too large.
    Size(&'static str),
    /// The picture needs this runtime work (as [`RuntimeScan::WORK`] names
    /// it), which the tool does no further ([`RuntimeScan::VERB`]): its
    /// refusal is the runtime's own.
    Work(&'static str, &'static str),
}

impl Largest {
    /// The largest limit of a picture drawn from a runtime `T`.
    fn of_work<T: RuntimeScan>() -> Largest {
        Largest {
            limit: u64::from(T::MAX_LIMIT),
            why: T::NO_FURTHER,
            cap: Cap::Work(T::WORK, T::VERB),
        }
    }

    /// The refusal of the picture `name` to `limit`, past this largest.
    fn refusal(&self, name: &str, limit: &dyn std::fmt::Display) -> String {
        let Largest {
            limit: max,
            why,
            cap,
        } = *self;
        match cap {
            Cap::Size(format) => format!(
                "{name} to {limit} is too large to draw as {format}: the largest is {max} ({why})"
            ),
            Cap::Work(work, verb) => format!(
                "{name} to {limit} needs {work} to {limit}, past the largest this tool {verb}, \
                 {max} ({why})"
            ),
        }
    }
}

/// The largest limit of `picture` drawn as `format`: the size of the
/// picture for the heat maps, else the largest runtime scan of what it
/// needs (the whole tables for a slice, the totals for the counts, the
/// Grundy values, the remoteness).
fn largest_limit(picture: &Picture, format: Format) -> Largest {
    let size = Largest {
        limit: format.largest_heat_map(),
        why: format.heat_map_cap(),
        cap: Cap::Size(format.name()),
    };
    // A heat map goes as far as both its size and its work allow.
    let heat_map = |work: Largest| if work.limit <= size.limit { work } else { size };
    match picture {
        Picture::Slice { .. } => Largest::of_work::<ScannedTables>(),
        Picture::Counts { .. } => Largest::of_work::<ScannedTotals>(),
        Picture::Grundy { .. } => heat_map(Largest::of_work::<GrundyTable>()),
        Picture::Remoteness { .. } => heat_map(Largest::of_work::<RemotenessTable>()),
        // Its scan of the whole tables reaches further than its size.
        Picture::Partners { .. } => size,
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use stone_game::{Convention, MisereUndefined};
    use stone_game_draw::UnknownFormat;
    use tempfile::TempDir;

    use crate::args::{DrawTarget, Rules};

    use super::*;

    /// A directory of its own for each test, removed when it is dropped.
    fn scratch() -> TempDir {
        tempfile::tempdir().expect("a scratch directory")
    }

    /// Runs `draw args` in-process: exit code, stdout, stderr.
    fn run_draw(args: &[&str]) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let argv = ["stone-game", "draw"].iter().chain(args);
        let code = crate::run(argv, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).expect("UTF-8"),
            String::from_utf8(err).expect("UTF-8"),
        )
    }

    /// Draws `picture` (e.g. `["slice", "0"]`) to the limit `n` into
    /// `file`, and expects success with nothing on stdout and nothing on
    /// stderr but the note of a runtime scan: of the misère game, or past
    /// the embedded tables (a build with a smaller `STONE_GAME_LIMIT`).
    fn draw_to(picture: &[&str], n: u64, file: &Path) {
        let limit = n.to_string();
        let mut args = picture.to_vec();
        args.extend(["--limit", &limit, "-o", file.to_str().unwrap()]);
        let (code, out, err) = run_draw(&args);
        let note = if args.contains(&"--misere") && args[0] != "remoteness" {
            "note: the misère tables are computed at run time\n".to_owned()
        } else if n > u64::from(stone_game::LIMIT) && args[0] != "remoteness" {
            format!(
                "note: {n} is above the embedded limit {}; scanning at run time\n",
                stone_game::LIMIT
            )
        } else {
            String::new()
        };
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, "", note.as_str()),
            "{args:?}"
        );
    }

    /// How many elements `<tag` the SVG `file` holds.
    fn count_tags(file: &Path, tag: &str) -> usize {
        let text = fs::read_to_string(file).expect("the SVG exists");
        text.matches(&format!("<{tag} ")).count()
    }

    /// The names of the files in `dir`, hidden ones (a partial picture)
    /// among them.
    fn files_in(dir: &Path) -> Vec<std::ffi::OsString> {
        let entries = fs::read_dir(dir).expect("a directory");
        let mut names: Vec<_> = entries.map(|e| e.unwrap().file_name()).collect();
        names.sort_unstable();
        names
    }

    #[test]
    fn bad_input_is_refused_and_leaves_no_file() {
        let scratch = scratch();
        let dir = scratch.path();
        let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
        let cases: Vec<(Vec<String>, &str)> = vec![
            (
                vec!["circle".into(), "-o".into(), path("x.png")],
                "unrecognized subcommand 'circle'",
            ),
            (vec!["counts".into()], "--output <FILE>"),
            (vec!["slice".into(), "-o".into(), path("x.png")], "<A>"),
            (
                vec!["counts".into(), "-o".into(), path("x.jpg")],
                "name a .png or .svg file",
            ),
            (
                vec!["counts".into(), "-o".into(), path("noext")],
                "name a .png or .svg file",
            ),
            (
                vec![
                    "counts".into(),
                    "--limit".into(),
                    "0".into(),
                    "-o".into(),
                    path("x.png"),
                ],
                "at least 10",
            ),
            (
                vec![
                    "slice".into(),
                    "0".into(),
                    "--limit".into(),
                    "0".into(),
                    "-o".into(),
                    path("x.svg"),
                ],
                "at least 1",
            ),
            (
                vec![
                    "partners".into(),
                    "--limit".into(),
                    "0".into(),
                    "-o".into(),
                    path("x.png"),
                ],
                "at least 1",
            ),
            (
                vec![
                    "partners".into(),
                    "--limit".into(),
                    "2001".into(),
                    "-o".into(),
                    path("x.png"),
                ],
                "too large to draw",
            ),
            (
                vec![
                    "partners".into(),
                    "--limit".into(),
                    "201".into(),
                    "-o".into(),
                    path("x.svg"),
                ],
                "too large to draw",
            ),
            (
                vec![
                    "slice".into(),
                    "0".into(),
                    "--limit".into(),
                    "100000".into(),
                    "-o".into(),
                    path("x.png"),
                ],
                "past the largest this tool runs, 32000",
            ),
            (
                vec![
                    "counts".into(),
                    "-o".into(),
                    dir.to_str().unwrap().to_string() + "/",
                ],
                "png or .svg",
            ),
            (
                vec!["slice".into(), "-1".into(), "-o".into(), path("x.png")],
                "negative",
            ),
        ];
        for (args, needle) in cases {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, out, err) = run_draw(&args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(out.is_empty(), "{args:?}");
            let lines: Vec<&str> = err.lines().collect();
            assert!(
                lines[0].starts_with("error: ") && lines[0].contains(needle),
                "{args:?}: {err}"
            );
            assert_eq!(
                lines.iter().filter(|l| l.starts_with("error")).count(),
                1,
                "{err}"
            );
        }
        // Nothing written, not even a hidden partial file.
        assert!(files_in(dir).is_empty());
    }
    #[test]
    fn the_smallest_and_largest_limits_are_drawn() {
        // The boundaries of `draw`'s checks: the least limit of each picture is
        // accepted (`<`, not `<=`), and so is the largest partners map as SVG
        // (`>`, not `>=`).
        let scratch = scratch();
        let dir = scratch.path();
        draw_to(&["slice", "0"], 1, &dir.join("slice.svg"));
        draw_to(&["partners"], 1, &dir.join("partners.svg"));
        draw_to(&["counts"], 10, &dir.join("counts.svg"));
        let n = stone_game_draw::MAX_HEAT_MAP_SVG;
        let file = dir.join("partners_max.svg");
        draw_to(&["partners"], n, &file);
        assert_eq!(count_tags(&file, "rect"), (n as usize + 1).pow(2) + 256 + 1);
    }

    #[test]
    fn a_missing_or_unknown_picture_is_refused_with_the_list_of_pictures() {
        // clap's words for what is wrong, then the pictures in their order.
        for (args, says) in [
            (&[][..], "'draw' needs a picture, and none was given"),
            (
                &["slise"][..],
                "unrecognized subcommand 'slise' (did you mean 'slice'?)",
            ),
            (&["help"][..], "unrecognized subcommand 'help'"),
        ] {
            let (code, out, err) = run_draw(args);
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
            let lines: Vec<&str> = err.lines().collect();
            assert_eq!(lines.len(), 2, "{args:?}: {err}");
            assert!(lines[0].starts_with("error: "), "{err}");
            assert!(lines[0].contains(says), "{err}");
            assert!(
                lines[0].contains("slice, partners, counts, grundy"),
                "{err}"
            );
            assert_eq!(lines[1], "usage hint: run 'stone-game --help'");
        }
    }

    #[test]
    fn a_limit_past_a_pictures_largest_names_that_largest() {
        let scratch = scratch();
        let dir = scratch.path();
        let past_u64 = "99999999999999999999";
        // The heat maps' size, or the runtime work the others need, in the
        // runtime's own words.
        let scan = |max: u32, why: &str| format!("past the largest this tool runs, {max} ({why}");
        let whole = "a scan of the whole tables";
        for (picture, file, largest, says) in [
            (&["slice", "0"][..], "x.png", 32_000, scan(32_000, whole)),
            (&["slice", "0"][..], "x.svg", 32_000, scan(32_000, whole)),
            (
                &["counts"][..],
                "x.png",
                65_535,
                scan(65_535, "the tables store"),
            ),
            (
                &["grundy", "0"][..],
                "x.png",
                1500,
                "past the largest this tool computes, 1500 (the time grows".into(),
            ),
            (
                &["partners"][..],
                "x.png",
                2000,
                "is too large to draw as PNG: the largest is 2000 (one cell".into(),
            ),
            (
                &["partners"][..],
                "x.svg",
                200,
                "is too large to draw as SVG: the largest is 200 (one rectangle".into(),
            ),
            (
                &["grundy", "0"][..],
                "x.svg",
                200,
                "is too large to draw as SVG: the largest is 200 (one rectangle".into(),
            ),
        ] {
            let output = dir.join(file);
            let past = (largest + 1).to_string();
            for limit in [past.as_str(), past_u64] {
                let mut args = picture.to_vec();
                args.extend(["--limit", limit, "-o", output.to_str().unwrap()]);
                let (code, out, err) = run_draw(&args);
                assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
                let line = err.lines().next().unwrap();
                assert!(
                    line.contains(&format!(" to {limit} ")) && line.contains(&says),
                    "{args:?}: {err}"
                );
            }
        }
        assert!(files_in(dir).is_empty());
    }

    /// Runs `draw` of `picture` with `memory` bytes available.
    fn draw_with_memory(picture: &Picture, memory: u64) -> Result<u8, Failure> {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, memory);
        draw(&mut ctx, picture)
    }

    #[test]
    fn partners_and_counts_draw_the_misere_game_too() {
        let scratch = scratch();
        for picture in ["partners", "counts"] {
            let normal = scratch.path().join(format!("{picture}.svg"));
            let misere = scratch.path().join(format!("{picture}-misere.svg"));
            draw_to(&[picture], 20, &normal);
            draw_to(&[picture, "--misere"], 20, &misere);
            // Other positions lose, so the pictures differ.
            let read = |f: &std::path::Path| std::fs::read(f).unwrap();
            assert_ne!(read(&normal), read(&misere), "{picture}");
        }
    }

    #[test]
    fn the_counts_past_the_tables_need_a_scan_of_the_totals_alone() {
        let scratch = scratch();
        let limit = LIMIT + 1;
        let target = |name: &str| DrawTarget {
            limit: Some(PictureLimit::Whole(limit.into())),
            output: scratch.path().join(name),
            rules: Rules::default(),
        };
        let totals = <ScannedTotals as RuntimeScan>::memory_needed(limit);
        assert!(totals < <ScannedTables as RuntimeScan>::memory_needed(limit));
        let counts = Picture::Counts {
            target: target("counts.svg"),
        };
        assert!(matches!(draw_with_memory(&counts, totals), Ok(0)));
        assert!(matches!(
            draw_with_memory(&counts, totals - 1),
            Err(Failure::Usage(_))
        ));
        // The partners map, which needs the whole tables, is refused there.
        let partners = Picture::Partners {
            target: target("partners.png"),
        };
        assert!(matches!(
            draw_with_memory(&partners, totals),
            Err(Failure::Usage(_))
        ));
        assert_eq!(files_in(scratch.path()), ["counts.svg"]);
    }

    #[test]
    fn a_partners_map_the_allocator_refuses_is_a_usage_error() {
        // Past what any allocator gives: refused, not an abort.
        let limit = u64::MAX / 2;
        let Err(Failure::Usage(why)) = partner_map(Solver::new(Convention::Normal), limit) else {
            panic!("a partners map to {limit} was not refused");
        };
        assert_eq!(
            why,
            format!(
                "the partners map to {limit} needs {} bytes of memory, which could not be \
                 allocated",
                u64::MAX
            )
        );
    }

    #[test]
    fn a_picture_that_cannot_be_written_fails_with_exit_code_1() {
        // Not bad input but a file system that refuses: exit code 1, one
        // line, no usage hint. (The draw crate's tests check its reasons.)
        let scratch = scratch();
        let target = scratch.path().join("missing").join("x.png");
        let target = target.to_str().unwrap();
        let (code, out, err) = run_draw(&["counts", "--limit", "20", "-o", target]);
        assert_eq!((code, out.as_str()), (1, ""), "{err}");
        let prefix = format!("error: cannot write '{target}': ");
        assert!(
            err.starts_with(&prefix) && err.lines().count() == 1,
            "{err}"
        );
        assert!(files_in(scratch.path()).is_empty());
    }

    #[test]
    fn each_failure_of_the_draw_crate_gets_its_exit_code() {
        let usage = drawing_failure(UnknownFormat { path: "x".into() }.into());
        assert!(matches!(usage, Failure::Usage(_)), "{usage:?}");
        let output = drawing_failure(DrawError::Write {
            path: "x.png".into(),
            reason: "denied".into(),
        });
        assert!(matches!(output, Failure::Output(m) if m == "cannot write 'x.png': denied"));
        let font = drawing_failure(DrawError::Font);
        assert!(matches!(font, Failure::Internal(_)), "{font:?}");
        let misere = answer_failure(AnswerError::MisereUndefined(MisereUndefined::GrundyValue));
        assert!(matches!(misere, Failure::Usage(_)), "{misere:?}");
        let missing = answer_failure(AnswerError::NotCovered {
            table: stone_game::TableKind::Grundy,
            pile: 5,
            limit: None,
        });
        assert!(matches!(missing, Failure::Internal(_)), "{missing:?}");
    }

    #[test]
    fn a_misere_grundy_map_is_refused_in_the_librarys_words() {
        let scratch = scratch();
        let file = scratch.path().join("x.png");
        let (code, out, err) = run_draw(&["grundy", "0", "--misere", "-o", file.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        let library = AnswerError::MisereUndefined(MisereUndefined::GrundyValue).to_string();
        let line = err.lines().next().unwrap();
        assert_eq!(
            line,
            format!("error: draw grundy takes no --misere: {library}")
        );
        assert!(files_in(scratch.path()).is_empty());
    }

    /// The help of the Grundy map does not offer `--misere`, which it
    /// refuses; the other pictures' help does.
    #[test]
    fn the_grundy_maps_help_does_not_offer_misere() {
        for (args, offered) in [
            (&["grundy", "--help"][..], false),
            (&["grundy", "-h"], false),
            (&["remoteness", "--help"], true),
            (&["slice", "--help"], true),
        ] {
            let (code, out, err) = run_draw(args);
            assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
            assert!(out.contains("--output <FILE>"), "{args:?}: {out}");
            assert_eq!(out.contains("--misere"), offered, "{args:?}: {out}");
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = crate::run(["stone-game", "help", "draw", "grundy"], &mut out, &mut err);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0);
        assert!(
            out.contains("--limit <N>") && !out.contains("--misere"),
            "{out}"
        );
    }

    #[test]
    fn a_grundy_map_refuses_what_it_cannot_compute_or_draw() {
        let scratch = scratch();
        let dir = scratch.path();
        let past = (runtime::MAX_GRUNDY + 1).to_string();
        let svg_past = (stone_game_draw::MAX_HEAT_MAP_SVG + 1).to_string();
        let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
        for (args, needle) in [
            (
                vec!["grundy", "0", "--limit", &past, "-o", &path("x.png")],
                "past the largest this tool computes, 1500",
            ),
            (
                vec!["grundy", &past, "--limit", "10", "-o", &path("x.png")],
                "past the largest this tool computes",
            ),
            (
                vec!["grundy", "0", "--limit", &svg_past, "-o", &path("x.svg")],
                "too large to draw as SVG",
            ),
            (
                vec!["grundy", "0", "--limit", "0", "-o", &path("x.png")],
                "at least 1",
            ),
            (
                vec!["grundy", "x", "-o", &path("x.png")],
                "invalid value 'x'",
            ),
            (vec!["grundy", "-o", &path("x.png")], "<A>"),
        ] {
            let (code, out, err) = run_draw(&args);
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
            let lines: Vec<&str> = err.lines().collect();
            assert!(
                lines[0].starts_with("error: ") && lines[0].contains(needle),
                "{args:?}: {err}"
            );
            assert_eq!(lines.len(), 2, "{err}");
        }
        assert!(files_in(dir).is_empty());
    }

    #[test]
    fn every_picture_is_drawn_from_the_librarys_answer() {
        // The pictures themselves are checked in the draw crate; here, that
        // each reaches its file in both conventions where it has one.
        let scratch = scratch();
        let dir = scratch.path();
        let slice = Solver::new(Convention::Normal).slice(2, 20).unwrap();
        let slice_marks = slice.losing.len();
        for (picture, tags) in [
            (&["slice", "2"][..], ("circle", slice_marks)),
            (&["grundy", "2"][..], ("rect", 21 * 21 + 256 + 1)),
            (&["remoteness", "2"][..], ("rect", 21 * 21 + 2 * 256 + 1)),
            (
                &["remoteness", "2", "--misere"][..],
                ("rect", 21 * 21 + 2 * 256 + 1),
            ),
        ] {
            let file = dir.join("picture.svg");
            draw_to(picture, 20, &file);
            assert_eq!(count_tags(&file, tags.0), tags.1, "{picture:?}");
        }
    }
}
