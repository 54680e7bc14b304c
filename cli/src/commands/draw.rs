//! `draw`: pictures of the losing positions, as PNG or SVG.
//!
//! Five pictures, each drawn with plotters, each in a module of its own:
//!
//! | picture | module | what it shows |
//! |---|---|---|
//! | `slice A` | [`slice`] | the losing positions `{A, b, c}` as marks in the (b, c) plane |
//! | `partners` | [`partners`] | the partner of every pair `(a, b)`, as a heat map |
//! | `counts` | [`counts`] | the count of losing positions and S(l) against l, on log-log axes |
//! | `grundy A` | [`grundy`] | the Grundy values of `{A, b, c}`, as a heat map, 0 in black |
//! | `remoteness A` | [`remoteness`] | the outcome and remoteness of `{A, b, c}`: losses in blues, wins in oranges |
//!
//! The heat maps share their layout and colour scales ([`heat_map`]).
//! `--misere` draws the misère game (all but `grundy`, which refuses it).
//! Text is set with ab_glyph in DejaVu Sans, which the `dejavu` crate
//! embeds (the Bitstream Vera licence with DejaVu's public-domain changes:
//! free to embed and redistribute), so no system font library is needed.
//!
//! A picture is written to a hidden temporary file beside its target and
//! renamed over it only when complete: a failure leaves no partial file
//! ([`file`]).

mod counts;
mod file;
mod grundy;
mod heat_map;
mod partners;
mod remoteness;
mod slice;
#[cfg(test)]
mod test_support;

use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use stone_game::{
    Convention, EMBEDDED, GrundyTable, LIMIT, RemotenessTable, ScannedTables, ScannedTriples,
};

use crate::args::{Picture, PictureLimit};
use crate::context::{Ctx, Failure};
use crate::runtime::{self, RuntimeScan, table_covering, table_to, view};

use counts::Counts;
use file::{Format, PictureFile};
use grundy::GrundyMap;
use heat_map::{MAX_PNG, MAX_SVG};
use partners::PartnerMap;
use remoteness::RemotenessMap;
use slice::Slice;

/// The font family every text of a picture uses.
const FONT: &str = "sans-serif";

/// The colour of the slice's marks and of the count's curve.
const MARK: RGBColor = RGBColor(31, 89, 168);

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
    if convention == Convention::Misere && matches!(picture, Picture::Grundy { .. }) {
        return Err(runtime::misere_refused("draw grundy"));
    }
    let format = Format::of(&target.output)?;
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
    let file = PictureFile::create(&target.output, format)?;
    match picture {
        Picture::Slice { a, .. } => {
            let needed = (*a).max(limit);
            let what = format!("the slice {{{a}, b, c}} to {limit}");
            let table = table_covering(
                ctx,
                convention,
                needed,
                false,
                || runtime::past_limit_note(needed),
                &what,
            )?;
            let slice =
                Slice::of(view(&table), *a, limit)?.misere(convention == Convention::Misere);
            file.render(&slice)?;
        }
        Picture::Partners { .. } => {
            let what = format!("the partners map to {limit}");
            let table = table_to(ctx, convention, limit, false, &what)?;
            let map = PartnerMap::of(view(&table), limit)?;
            file.render(&map)?;
        }
        Picture::Counts { .. } => {
            // The totals alone: a scan of the triples answers them, at
            // about half the time and memory of the whole tables.
            let what = format!("the counts to {limit}");
            let scanned: Option<ScannedTriples> = table_to(ctx, convention, limit, false, &what)?;
            let counts = match &scanned {
                Some(triples) => Counts::of(
                    |l| {
                        (
                            u32::try_from(l).ok().and_then(|l| triples.losing_sum(l)),
                            u32::try_from(l).ok().and_then(|l| triples.losing_count(l)),
                        )
                    },
                    limit,
                ),
                None => Counts::of(
                    |l| {
                        (
                            u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_sum(l)),
                            u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_count(l)),
                        )
                    },
                    limit,
                ),
            }?;
            file.render(&counts)?;
        }
        Picture::Grundy { a, .. } => {
            let what = format!("the Grundy map of {{{a}, b, c}} to {limit}");
            let table = runtime::grundy_table(ctx, (*a).max(limit), &what)?;
            let map = GrundyMap::of(&table, *a, limit)?;
            file.render(&map)?;
        }
        Picture::Remoteness { a, .. } => {
            let what = format!("the remoteness map of {{{a}, b, c}} to {limit}");
            let table = runtime::remoteness_table(ctx, convention, (*a).max(limit), &what)?;
            let map = RemotenessMap::of(&table, *a, limit)?;
            file.render(&map)?;
        }
    }
    file.persist()?;
    Ok(0)
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
/// needs (the whole tables for a slice, the triples for the counts, the
/// Grundy values).
fn largest_limit(picture: &Picture, format: Format) -> Largest {
    let size = |limit, why| Largest {
        limit,
        why,
        cap: Cap::Size(format.name()),
    };
    match (picture, format) {
        (Picture::Slice { .. }, _) => Largest::of_work::<ScannedTables>(),
        (Picture::Counts { .. }, _) => Largest::of_work::<ScannedTriples>(),
        (Picture::Grundy { .. }, Format::Png) => Largest::of_work::<GrundyTable>(),
        (Picture::Remoteness { .. }, Format::Png) => Largest::of_work::<RemotenessTable>(),
        (Picture::Partners { .. }, Format::Png) => {
            size(MAX_PNG, "one cell of at least a pixel per pair")
        }
        (
            Picture::Partners { .. } | Picture::Grundy { .. } | Picture::Remoteness { .. },
            Format::Svg,
        ) => size(MAX_SVG, "one rectangle per pair"),
    }
}

/// Registers DejaVu Sans as the font of every picture, once per process.
fn register_font() -> Result<(), Failure> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(Failure::Internal("the embedded font does not load".into()))
    }
}

/// A picture that plotters can draw on any backend.
trait Paint {
    /// Its size in pixels.
    fn size(&self) -> (u32, u32);
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// A plotters error as text.
fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// An axis label for whole numbers only: a limit of a few gives ticks between them.
fn whole(v: &f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

#[cfg(test)]
mod tests {
    use std::process::Command;

    use stone_game::EMBEDDED;

    use crate::args::{DrawTarget, Rules};

    use super::*;
    use crate::commands::draw::test_support::*;

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
        assert_eq!(files_in(dir), Vec::<String>::new());
    }
    /// Set in the process of its own that
    /// `a_picture_plotters_cannot_draw_fails_with_plotters_reason` runs.
    const CHILD: &str = "STONE_GAME_DRAW_NO_FONT_CHILD";

    /// That test's name, by which the test binary runs it alone.
    const NO_FONT_TEST: &str =
        "commands::draw::tests::a_picture_plotters_cannot_draw_fails_with_plotters_reason";

    #[test]
    fn a_picture_plotters_cannot_draw_fails_with_plotters_reason() {
        // The only failure plotters has with these backends is a missing font,
        // which `render` rules out by registering it first. So the test runs
        // itself again, alone in a process of its own, where nothing has
        // registered the font: there each picture fails to paint, and says why
        // in plotters' words (through `text`).
        if std::env::var_os(CHILD).is_some() {
            paint_without_the_font();
            return;
        }
        let output = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", NO_FONT_TEST, "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "the child failed: {stdout}");
        assert!(stdout.contains("1 passed"), "{stdout}");
    }

    /// Every picture, painted in a process that never registered the font.
    fn paint_without_the_font() {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (400, 400)).into_drawing_area();
        let slice = Slice::of(EMBEDDED, 0, 3).unwrap();
        let map = PartnerMap::of(EMBEDDED, 1).unwrap();
        let totals = |l| {
            (
                u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_sum(l)),
                u32::try_from(l).ok().and_then(|l| EMBEDDED.losing_count(l)),
            )
        };
        let counts = Counts::of(totals, 10).unwrap();
        let grundy = GrundyMap::of(&GrundyTable::compute(3).unwrap(), 0, 3).unwrap();
        for painted in [
            slice.paint(&root),
            map.paint(&root),
            counts.paint(&root),
            grundy.paint(&root),
        ] {
            let error = painted.expect_err("no font, no picture");
            assert!(error.contains("FontUnavailable"), "{error}");
        }
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
        let n = MAX_SVG;
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
                500,
                "past the largest this tool computes, 500 (the time grows".into(),
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
        assert_eq!(files_in(dir), Vec::<String>::new());
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
    fn the_counts_past_the_tables_need_a_scan_of_the_triples_alone() {
        let scratch = scratch();
        let limit = LIMIT + 1;
        let target = |name: &str| DrawTarget {
            limit: Some(PictureLimit::Whole(limit.into())),
            output: scratch.path().join(name),
            rules: Rules::default(),
        };
        let triples = <ScannedTriples as RuntimeScan>::memory_needed(limit);
        assert!(triples < <ScannedTables as RuntimeScan>::memory_needed(limit));
        let counts = Picture::Counts {
            target: target("counts.svg"),
        };
        assert!(matches!(draw_with_memory(&counts, triples), Ok(0)));
        assert!(matches!(
            draw_with_memory(&counts, triples - 1),
            Err(Failure::Usage(_))
        ));
        // The partners map, which needs the whole tables, is refused there.
        let partners = Picture::Partners {
            target: target("partners.png"),
        };
        assert!(matches!(
            draw_with_memory(&partners, triples),
            Err(Failure::Usage(_))
        ));
        assert_eq!(files_in(scratch.path()), ["counts.svg"]);
    }
}
