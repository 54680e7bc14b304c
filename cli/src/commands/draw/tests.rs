//! `draw`, with its pictures read back as data: PNG pixels that must be
//! marked or empty, SVG marks counted against `LOSING_TRIPLES`, and every
//! kind of bad input (exit code 2, one `error:` line, no file left) and of
//! failure to write (exit code 1). The tests run the command in-process
//! through [`crate::run`] and read the layout of a picture from the same
//! charts that draw it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES};
use tempfile::TempDir;

use super::{
    COUNTS_SIZE, Counts, Failure, Format, HeatMapText, MAX_PARTNERS_SVG, Paint, PartnerMap,
    PictureFile, SCALE_WIDTH, SLICE_SIZE, Slice, directory_of, fit_power_law, grundy_colour,
    grundy_text, heat_map_chart, partner_colour, partners_size, partners_text, register_font,
    slice_chart, without_temporary_path,
};

/// The pixels at the centres of the marks of the pairs `(b, c)` in the
/// slice picture of `{a, b, c}` to `limit`, whether or not a mark is drawn
/// there: `(x, y)` from the top left. `None` only if the layout fails.
fn slice_mark_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
    register_font().ok()?;
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, SLICE_SIZE).into_drawing_area();
    let chart = slice_chart(&root, a, limit).ok()?;
    Some(
        pairs
            .iter()
            .map(|&(b, c)| chart.backend_coord(&(b as f64, c as f64)))
            .collect(),
    )
}

/// The pixels at the centres of the cells of `pairs` in a heat map to
/// `limit` with the words `words`. `None` only if the layout fails.
fn heat_map_cell_pixels(
    limit: u64,
    words: &HeatMapText,
    pairs: &[(u64, u64)],
) -> Option<Vec<(i32, i32)>> {
    register_font().ok()?;
    let mut svg = String::new();
    let size = partners_size(limit);
    let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
    let (map_area, _) = root.split_horizontally(size.0 - SCALE_WIDTH);
    let chart = heat_map_chart(&map_area, limit, words).ok()?;
    Some(
        pairs
            .iter()
            .map(|&(u, v)| chart.backend_coord(&(u as f64 + 0.5, v as f64 + 0.5)))
            .collect(),
    )
}

/// The pixels at the centres of the cells of the pairs `(a, b)` in the
/// partners picture to `limit`.
fn partners_cell_pixels(limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
    heat_map_cell_pixels(limit, &partners_text(limit), pairs)
}

/// The pixels at the centres of the cells of the pairs `(b, c)` in the
/// Grundy map of `{a, b, c}` to `limit`.
fn grundy_cell_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
    heat_map_cell_pixels(limit, &grundy_text(a, limit), pairs)
}

/// The colour of a slice's marks.
const MARK: [u8; 3] = [super::MARK.0, super::MARK.1, super::MARK.2];

/// A directory of its own for each test, removed when it is dropped.
fn scratch() -> TempDir {
    tempfile::tempdir().expect("a scratch directory")
}

/// Runs `draw args` in-process: exit code, stdout, stderr.
fn draw(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = ["stone-game", "draw"].iter().chain(args);
    let code = crate::run(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).expect("UTF-8"),
        String::from_utf8(err).expect("UTF-8"),
    )
}

/// Runs `draw args` and expects success, nothing on stdout, and nothing on
/// stderr but, for a `--limit` past the embedded tables, the one note that
/// says a runtime scan supplies the data.
fn draw_ok(args: &[&str]) {
    let (code, out, err) = draw(args);
    let past_tables = args
        .iter()
        .position(|&a| a == "--limit")
        .and_then(|i| args.get(i + 1)?.parse::<u64>().ok())
        .is_some_and(|limit| limit > u64::from(stone_game::LIMIT));
    let expected_err = if past_tables {
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("note: "), "{args:?}: {err}");
        assert!(lines[0].contains("scanning at run time"), "{args:?}: {err}");
        err.as_str()
    } else {
        ""
    };
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "", expected_err),
        "{args:?}"
    );
}

/// Draws `picture` (e.g. `["slice", "0"]`) to the limit `n` into `file`.
fn draw_to(picture: &[&str], n: u64, file: &Path) {
    let n = n.to_string();
    let mut args = picture.to_vec();
    args.extend(["--limit", &n, "-o", file.to_str().unwrap()]);
    draw_ok(&args);
}

/// The elements named `tag` of the SVG `file`, each as its attributes.
fn svg_elements(file: &Path, tag: &str) -> Vec<BTreeMap<String, String>> {
    let text = fs::read_to_string(file).expect("the SVG exists");
    let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
    svg.descendants()
        .filter(|n| n.has_tag_name(tag))
        .map(|n| {
            n.attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect()
        })
        .collect()
}

/// How many elements named `tag` the SVG `file` holds; it must parse.
fn count_tags(file: &Path, tag: &str) -> usize {
    svg_elements(file, tag).len()
}

/// A decoded RGB(A) PNG: width, height, bytes per pixel, pixels.
struct Png {
    width: u32,
    height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Png {
    fn read(path: &Path) -> Png {
        let decoder = png::Decoder::new(fs::File::open(path).expect("the PNG exists"));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).expect("a PNG frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let channels = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => panic!("unexpected colour type {other:?}"),
        };
        Png {
            width: info.width,
            height: info.height,
            channels,
            pixels,
        }
    }

    fn at(&self, (x, y): (i32, i32)) -> [u8; 3] {
        let (x, y) = (x as usize, y as usize);
        assert!(x < self.width as usize && y < self.height as usize);
        let i = (y * self.width as usize + x) * self.channels;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

/// The pairs `(b, c)`, `b, c <= n`, with `{a, b, c}` losing, from the triples.
fn slice_pairs(a: u64, n: u64) -> BTreeSet<(u64, u64)> {
    let mut pairs = BTreeSet::new();
    for t in LOSING_TRIPLES {
        let t = t.map(u64::from);
        for i in 0..3 {
            if t[i] == a {
                let [p, q]: [u64; 2] = [t[(i + 1) % 3], t[(i + 2) % 3]];
                if p <= n && q <= n {
                    pairs.insert((p, q));
                    pairs.insert((q, p));
                }
            }
        }
    }
    pairs
}

#[test]
fn a_slice_png_marks_the_losing_positions_and_only_them() {
    let scratch = scratch();
    let dir = scratch.path();
    for (a, n) in [(0u64, 20u64), (3, 30)] {
        let file = dir.join(format!("slice{a}.png"));
        draw_to(&["slice", &a.to_string()], n, &file);
        let png = Png::read(&file);
        let losing = slice_pairs(a, n);
        let pairs: Vec<(u64, u64)> = (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
        let pixels = slice_mark_pixels(a, n, &pairs).expect("a layout");
        for (&(b, c), &at) in pairs.iter().zip(&pixels) {
            let pixel = png.at(at);
            assert_eq!(
                pixel == MARK,
                losing.contains(&(b, c)),
                "{a} {b} {c}: {pixel:?}"
            );
        }
    }
    // GAME.md's example: (0, 1, 2) is losing, (0, 1, 1) is not.
    let png = Png::read(&dir.join("slice0.png"));
    let pixels = slice_mark_pixels(0, 20, &[(1, 2), (1, 1)]).unwrap();
    assert_eq!(png.at(pixels[0]), MARK);
    assert_ne!(png.at(pixels[1]), MARK);
}

#[test]
fn a_slice_svg_has_one_mark_per_losing_position() {
    let scratch = scratch();
    let dir = scratch.path();
    for (a, n) in [(0u64, 100u64), (7, 60)] {
        let file = dir.join(format!("slice{a}.svg"));
        draw_to(&["slice", &a.to_string()], n, &file);
        let marks = count_tags(&file, "circle");
        assert_eq!(marks, slice_pairs(a, n).len(), "{a} {n}");
    }
}

#[test]
fn a_partners_png_colours_each_pair_by_its_partner() {
    let scratch = scratch();
    let dir = scratch.path();
    let n = 40;
    let file = dir.join("partners.png");
    draw_to(&["partners"], n, &file);
    let png = Png::read(&file);
    let mut largest = 0;
    for a in 0..=n {
        for b in 0..=n {
            largest = largest.max(EMBEDDED.partner(a, b).unwrap());
        }
    }
    let pairs: Vec<(u64, u64)> = (0..=n).flat_map(|a| (0..=n).map(move |b| (a, b))).collect();
    let pixels = partners_cell_pixels(n, &pairs).expect("a layout");
    for (&(a, b), &at) in pairs.iter().zip(&pixels) {
        let (r, g, bl) = partner_colour(EMBEDDED.partner(a, b).unwrap(), largest);
        assert_eq!(png.at(at), [r, g, bl], "({a}, {b})");
    }
}

#[test]
fn a_partners_svg_has_one_cell_per_pair() {
    let scratch = scratch();
    let dir = scratch.path();
    let n = 30;
    let file = dir.join("partners.svg");
    draw_to(&["partners"], n, &file);
    let rects = count_tags(&file, "rect");
    // One per cell, 256 of the colour scale, and the background.
    assert_eq!(rects, (n as usize + 1).pow(2) + 256 + 1);
}

#[test]
fn the_counts_show_their_fitted_exponents() {
    let scratch = scratch();
    let dir = scratch.path();
    let file = dir.join("counts.svg");
    // Within the tables at every limit the suite runs at (100 and up).
    let limit = LIMIT.min(300).to_string();
    draw_ok(&["counts", "--limit", &limit, "-o", file.to_str().unwrap()]);
    let text = fs::read_to_string(&file).unwrap();
    let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
    let texts: Vec<&str> = svg
        .descendants()
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    let exponent = |name: &str| -> f64 {
        let legend = texts
            .iter()
            .find(|t| t.starts_with(name))
            .unwrap_or_else(|| panic!("no legend {name:?} in {texts:?}"));
        legend
            .rsplit("l^")
            .next()
            .unwrap()
            .parse()
            .expect("an exponent")
    };
    // The fits approach 2 and 3 from below as the limit grows: 1.88 and
    // 2.90 at 100, 1.96 and 2.97 at 300.
    assert!((exponent("losing positions") - 2.0).abs() < 0.15);
    assert!((exponent("S(l)") - 3.0).abs() < 0.15);
    let png = dir.join("counts.png");
    draw_ok(&["counts", "--limit", &limit, "-o", png.to_str().unwrap()]);
    let png = Png::read(&png);
    assert_eq!((png.width, png.height), COUNTS_SIZE);
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
            "past the largest",
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
        let (code, out, err) = draw(&args);
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

/// The names of the files in `dir`.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort_unstable();
    names
}

#[test]
fn a_picture_that_cannot_be_written_fails_and_leaves_no_file() {
    // Not bad input but a file system that refuses: exit code 1, one line,
    // no usage hint.
    let scratch = scratch();
    let dir = scratch.path();
    fs::create_dir(dir.join("taken.png")).unwrap();
    for (target, why) in [
        (
            dir.join("missing").join("x.png"),
            "No such file or directory",
        ),
        (dir.join("taken.png"), "it is a directory"),
    ] {
        let target = target.to_str().unwrap();
        let (code, out, err) = draw(&["counts", "--limit", "20", "-o", target]);
        assert_eq!((code, out.as_str()), (1, ""), "{target}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!("error: cannot write '{target}': ")) && err.contains(why),
            "{err}"
        );
        // The temporary file's name is not the user's business.
        assert!(!err.contains("partial"), "{err}");
    }
    assert_eq!(files_in(dir), ["taken.png"]);
}

/// A picture whose painting fails.
struct Unpaintable;

impl Paint for Unpaintable {
    fn size(&self) -> (u32, u32) {
        (10, 10)
    }
    fn paint<DB: DrawingBackend>(&self, _: &DrawingArea<DB, Shift>) -> Result<(), String> {
        Err("no ink".into())
    }
}

#[test]
fn a_picture_that_cannot_be_drawn_or_renamed_fails_and_leaves_no_file() {
    let scratch = scratch();
    let dir = scratch.path();
    let target = dir.join("x.png");
    let file = PictureFile::create(&target, Format::Png).unwrap();
    let failure = file.render(&Unpaintable).unwrap_err();
    let expected = format!("cannot draw '{}': no ink", target.display());
    assert!(
        matches!(&failure, Failure::Output(m) if *m == expected),
        "{failure:?}"
    );
    drop(file);
    assert_eq!(files_in(dir), Vec::<String>::new());
    // Drawn, but a directory took the target's name before the rename.
    let file = PictureFile::create(&target, Format::Svg).unwrap();
    let slice = Slice::of(EMBEDDED, 0, 3).unwrap();
    file.render(&slice).unwrap();
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), "").unwrap();
    let failure = file.persist().unwrap_err();
    let prefix = format!("cannot write '{}': ", target.display());
    assert!(
        matches!(&failure, Failure::Output(m) if m.starts_with(&prefix)),
        "{failure:?}"
    );
    assert_eq!(files_in(dir), ["x.png"]);
}

#[cfg(unix)]
#[test]
fn a_picture_gets_the_permissions_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = scratch();
    let dir = scratch.path();
    let picture = dir.join("slice.svg");
    draw_to(&["slice", "0"], 5, &picture);
    let plain = dir.join("plain");
    fs::File::create(&plain).unwrap();
    let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode();
    assert_eq!(mode(&picture), mode(&plain));
}

#[test]
fn only_the_temporary_path_is_cut_from_an_error() {
    let plain = std::io::Error::other("full");
    assert_eq!(without_temporary_path(&plain), "full");
    let wrapped = std::io::Error::other("full at path \".x.png.abc.partial.png\"");
    assert_eq!(without_temporary_path(&wrapped), "full");
}

#[test]
fn a_bare_file_name_is_written_in_the_working_directory() {
    assert_eq!(directory_of(Path::new("x.png")), Path::new("."));
    assert_eq!(directory_of(Path::new("a/x.png")), Path::new("a"));
    assert_eq!(directory_of(Path::new("/x.png")), Path::new("/"));
}

/// Set in the child process of
/// `a_picture_plotters_cannot_draw_fails_with_plotters_reason`.
const CHILD: &str = "STONE_GAME_DRAW_NO_FONT_CHILD";

/// Not a test of its own but the child process of
/// `a_picture_plotters_cannot_draw_fails_with_plotters_reason`, which runs
/// it by name with `--ignored`: in a process that never registered the
/// font, each picture fails to paint, and says why in plotters' words
/// (through `text`). Ignored, so that a normal run neither runs it, where
/// another test may have registered the font, nor counts it as passed.
#[test]
#[ignore = "run by a_picture_plotters_cannot_draw_fails_with_plotters_reason in a process of its own"]
fn child_paints_without_the_font() {
    assert!(
        std::env::var_os(CHILD).is_some(),
        "run only by a_picture_plotters_cannot_draw_fails_with_plotters_reason"
    );
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, SLICE_SIZE).into_drawing_area();
    let slice = Slice {
        a: 0,
        limit: 3,
        marks: vec![(0, 0)],
    };
    let map = PartnerMap {
        limit: 1,
        partners: vec![0, 2, 2, 0],
        largest: 2,
    };
    let counts = Counts {
        limit: 10,
        counts: vec![(1.0, 1.0), (10.0, 20.0)],
        sums: vec![(2.0, 3.0), (10.0, 300.0)],
    };
    for painted in [slice.paint(&root), map.paint(&root), counts.paint(&root)] {
        let error = painted.expect_err("no font, no picture");
        assert!(error.contains("FontUnavailable"), "{error}");
    }
}

#[test]
fn a_picture_plotters_cannot_draw_fails_with_plotters_reason() {
    // The only failure plotters has with these backends is a missing font,
    // which `render` rules out by registering it first: so a child process
    // that never registers it paints.
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--ignored",
            "--exact",
            "commands::draw::tests::child_paints_without_the_font",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "the child failed: {stdout}");
    assert!(stdout.contains("1 passed"), "{stdout}");
}

/// The texts of the SVG `file`, trimmed, in document order.
fn svg_texts(file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).expect("the SVG exists");
    let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
    svg.descendants()
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The radii of the circles of the SVG `file`, all of them.
fn circle_radii(file: &Path) -> BTreeSet<String> {
    svg_elements(file, "circle")
        .into_iter()
        .map(|mut circle| circle.remove("r").expect("a radius"))
        .collect()
}

#[test]
fn a_slices_marks_shrink_with_its_limit_as_documented() {
    // `mark_radius`: round(800 / (limit + 1) / 2.2), clamped to 2..=8 pixels
    // (800: the picture's 1000 pixels less 200 of margins and labels). 103
    // sits just under a rounding boundary (3.497), so `limit + 1` to
    // `limit - 1` or `limit * 1` shows there.
    let scratch = scratch();
    let dir = scratch.path();
    for (n, radius) in [
        (20u64, 8),
        (50, 7),
        (60, 6),
        (100, 4),
        (103, 3),
        (120, 3),
        (400, 2),
    ] {
        let file = dir.join(format!("slice{n}.svg"));
        draw_to(&["slice", "0"], n, &file);
        let radii = circle_radii(&file);
        assert_eq!(radii, BTreeSet::from([radius.to_string()]), "limit {n}");
    }
}

#[test]
fn the_slice_of_zero_is_named_wythoffs_game_and_the_others_are_not() {
    let scratch = scratch();
    let dir = scratch.path();
    let zero = dir.join("zero.svg");
    draw_to(&["slice", "0"], 10, &zero);
    let texts = svg_texts(&zero);
    assert!(
        texts.contains(&"Losing positions {0, b, c}, b, c ≤ 10: Wythoff's game".to_string()),
        "{texts:?}"
    );
    let three = dir.join("three.svg");
    draw_to(&["slice", "3"], 10, &three);
    let texts = svg_texts(&three);
    assert!(
        texts.contains(&"Losing positions {3, b, c}, b, c ≤ 10".to_string()),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t.contains("Wythoff")), "{texts:?}");
}

#[test]
fn a_small_slices_axes_are_labelled_with_whole_numbers_only() {
    // At a limit of a few, plotters puts ticks between the whole numbers;
    // `whole` leaves those unlabelled.
    let scratch = scratch();
    let dir = scratch.path();
    let file = dir.join("slice.svg");
    draw_to(&["slice", "0"], 3, &file);
    let texts = svg_texts(&file);
    let numbers: Vec<&str> = texts
        .iter()
        .map(String::as_str)
        .filter(|t| t.parse::<f64>().is_ok())
        .collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    // Each of 0 to 3 on both axes, and nothing else.
    // (plotters writes each label twice.)
    let each = ["0", "1", "2", "3"].map(|t| [t; 4]).concat();
    assert_eq!(sorted, each, "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("xyzzy")), "{texts:?}");
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
    let n = MAX_PARTNERS_SVG;
    let file = dir.join("partners_max.svg");
    draw_to(&["partners"], n, &file);
    assert_eq!(count_tags(&file, "rect"), (n as usize + 1).pow(2) + 256 + 1);
}

#[test]
fn a_partners_picture_is_sized_to_whole_cells() {
    // `cell_pixels`: 900 / (limit + 1), at least 1; `partners_size`: the plot
    // of (limit + 1) cells, at most 2001 pixels, plus 140 for the title and
    // labels and 170 for the colour scale.
    let scratch = scratch();
    let dir = scratch.path();
    for (n, cell) in [(1u64, 450u32), (40, 21), (99, 9)] {
        let file = dir.join(format!("partners{n}.png"));
        draw_to(&["partners"], n, &file);
        let png = Png::read(&file);
        let plot = (n as u32 + 1) * cell;
        assert_eq!(
            (png.width, png.height),
            (plot + 310, plot + 140),
            "limit {n}"
        );
    }
    // The cells' centres, from the layout alone (no picture drawn), up to
    // the largest map, where the plot is 2001 pixels: the steps from one
    // cell to the next in x and in y, and from the first column to the last.
    let mut steps = Vec::new();
    for n in [1u64, 40, 99, 449, 899, 2000] {
        let pixels = partners_cell_pixels(n, &[(0, 0), (1, 0), (n, 0), (0, 1)]).unwrap();
        let [(x0, y0), (x1, y1), (xn, yn), (x2, y2)] = pixels[..] else {
            panic!()
        };
        assert_eq!((y1, yn, x2), (y0, y0, x0), "limit {n}");
        steps.push((n, x1 - x0, y0 - y2, xn - x0));
    }
    // Pinned as the layout is now: plotters maps the axis over the plot
    // area less its labels, so a step is close to a cell, not exactly one.
    let now = [
        (1, 472, 464, 472),
        (40, 22, 22, 881),
        (99, 10, 9, 934),
        (449, 2, 2, 940),
        (899, 1, 1, 942),
        (2000, 1, 1, 2043),
    ];
    assert_eq!(steps, now);
}

/// The whole-pixel attribute `name` of an SVG element.
fn pixel(element: &BTreeMap<String, String>, name: &str) -> i32 {
    element[name].parse().expect("a whole pixel")
}

/// The colour `(r, g, b)` as SVG writes it.
fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02X}{g:02X}{b:02X}")
}

#[test]
fn the_colour_scale_is_the_maps_palette_stacked_from_the_maps_bottom() {
    // The scale beside the map: 256 bars, bar i in the colour the map gives
    // a partner at (i + 1/2) / 256 of the largest, each bar on the one below
    // it, from the bottom of the map's plot up to just under the map's top
    // (less the room of the scale's own caption, "c").
    let scratch = scratch();
    let dir = scratch.path();
    let n = 12;
    let file = dir.join("partners.svg");
    draw_to(&["partners"], n, &file);
    let rects = svg_elements(&file, "rect");
    let cells = (n as usize + 1).pow(2);
    assert_eq!(rects.len(), 1 + cells + 256);
    let map = &rects[1..=cells];
    let map_top = map.iter().map(|r| pixel(r, "y")).min().unwrap();
    let map_bottom = map
        .iter()
        .map(|r| pixel(r, "y") + pixel(r, "height"))
        .max()
        .unwrap();
    let mut below = map_bottom;
    for (i, bar) in rects[1 + cells..].iter().enumerate() {
        assert_eq!(
            bar["fill"],
            hex(partner_colour(2 * i as u64 + 1, 512)),
            "bar {i}"
        );
        assert!(pixel(bar, "height") > 0, "bar {i}: {bar:?}");
        assert_eq!(pixel(bar, "y") + pixel(bar, "height"), below, "bar {i}");
        below = pixel(bar, "y");
    }
    assert!(
        map_top < below && below <= map_top + 30,
        "the scale's top {below}, the map's {map_top}"
    );
}

/// The points of an SVG `polyline`.
fn points(line: &BTreeMap<String, String>) -> Vec<(i32, i32)> {
    line["points"]
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_counts_curves_stay_in_the_plot_under_a_margin_and_their_keys_point_right() {
    let scratch = scratch();
    let dir = scratch.path();
    let file = dir.join("counts.svg");
    // Within the tables at every limit the suite runs at (100 and up).
    let limit = u64::from(LIMIT.min(300));
    draw_to(&["counts"], limit, &file);
    let lines: Vec<_> = svg_elements(&file, "polyline");
    // The axes are the longest black lines: x from left to right at the
    // bottom, y from the bottom up to the top.
    let axis = |vertical: bool| {
        lines
            .iter()
            .filter(|l| l["stroke"] == "#000000")
            .map(points)
            .filter(|p| p.len() == 2 && (p[0].0 == p[1].0) == vertical)
            .max_by_key(|p| (p[0].0 - p[1].0).abs() + (p[0].1 - p[1].1).abs())
            .expect("an axis")
    };
    let (x_axis, y_axis) = (axis(false), axis(true));
    let (left, right) = (x_axis[0].0.min(x_axis[1].0), x_axis[0].0.max(x_axis[1].0));
    let (top, bottom) = (y_axis[0].1.min(y_axis[1].1), y_axis[0].1.max(y_axis[1].1));
    // Each curve (the count from l = 1, S(l) from l = 2: S(1) = 0 has no
    // log) and its key in the legend, a line 24 pixels long to the right.
    let mut curves = Vec::new();
    let count_blue = hex(MARK.into());
    let sum_orange = hex((214, 96, 40));
    for (colour, n) in [(&count_blue, limit), (&sum_orange, limit - 1)] {
        let mut mine: Vec<_> = lines
            .iter()
            .filter(|l| &l["stroke"] == colour)
            .map(points)
            .collect();
        mine.sort_by_key(Vec::len);
        let [key, curve] = &mine[..] else {
            panic!("{colour}: {mine:?}")
        };
        assert_eq!(key.len(), 2, "{colour}");
        assert_eq!((key[1].0 - key[0].0, key[1].1), (24, key[0].1), "{colour}");
        assert_eq!(curve.len() as u64, n, "{colour}");
        for &(x, y) in curve {
            assert!(
                (left..=right).contains(&x) && (top..=bottom).contains(&y),
                "{colour}: ({x}, {y}) outside {left}..{right} x {top}..{bottom}"
            );
        }
        curves.push(curve.clone());
    }
    // The y axis runs from 1 to twice the last S(l), in log: S(limit) sits
    // ln S / ln 2S of the way up.
    let s = EMBEDDED.losing_sum(limit).unwrap() as f64;
    let (_, y) = *curves[1].last().unwrap();
    let up = f64::from(bottom - y) / f64::from(bottom - top);
    let expected = s.ln() / (2.0 * s).ln();
    assert!((up - expected).abs() < 0.005, "{up} {expected}");
}

#[test]
fn a_power_law_is_fitted_exactly_over_the_top_nine_tenths() {
    // y = 3 x² from x = 10 to 100; the head (x < 10) and the points whose
    // log is undefined (y = 0 in the tail, x = 0 anywhere) are left out.
    let law = |x: f64| 3.0 * x * x;
    let mut points: Vec<(f64, f64)> = (1..=100)
        .map(f64::from)
        .map(|x| (x, if x < 10.0 { 1000.0 } else { law(x) }))
        .collect();
    points[49].1 = 0.0;
    let close = |fit: Option<(f64, f64)>| {
        let (k, f) = fit.expect("a fit");
        assert!((k - 2.0).abs() < 1e-9 && (f - 3.0).abs() < 1e-9, "{k} {f}");
    };
    close(fit_power_law(&points));
    // The two points of the least tail that fits a line.
    close(fit_power_law(&[(1.0, law(1.0)), (10.0, law(10.0))]));
    // A point at x = 0 last: the range is from 0, but its log is undefined.
    close(fit_power_law(&[
        (1.0, 3.0),
        (2.0, 12.0),
        (4.0, 48.0),
        (0.0, 5.0),
    ]));
    // No fit from fewer than two points, or from points at one x.
    assert_eq!(fit_power_law(&[]), None);
    assert_eq!(fit_power_law(&[(10.0, 300.0)]), None);
    assert_eq!(fit_power_law(&[(5.0, 1.0), (5.0, 2.0)]), None);
}

#[test]
fn a_grundy_png_is_black_exactly_at_the_losing_positions() {
    let scratch = scratch();
    let dir = scratch.path();
    for (a, n) in [(0, 60), (5, 40)] {
        let file = dir.join(format!("grundy-{a}.png"));
        draw_to(&["grundy", &a.to_string()], n, &file);
        let png = Png::read(&file);
        let table = stone_game::GrundyTable::compute(n as u32).expect("small");
        let pairs: Vec<(u64, u64)> = (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
        let largest = pairs
            .iter()
            .map(|&(b, c)| table.value(a, b, c).unwrap())
            .max()
            .unwrap();
        let pixels = grundy_cell_pixels(a, n, &pairs).expect("a layout");
        let mut black = 0;
        for (&(b, c), &at) in pairs.iter().zip(&pixels) {
            let value = table.value(a, b, c).unwrap();
            let (r, g, bl) = grundy_colour(value, largest);
            assert_eq!(png.at(at), [r, g, bl], "{{{a}, {b}, {c}}}");
            let losing = EMBEDDED.is_losing(a, b, c) == Some(true);
            assert_eq!(png.at(at) == [0, 0, 0], losing, "{{{a}, {b}, {c}}}");
            black += usize::from(losing);
        }
        assert_eq!(black, slice_pairs(a, n).len(), "{a}");
    }
}

#[test]
fn a_grundy_svg_has_one_cell_per_pair_and_refuses_what_it_cannot_compute() {
    let scratch = scratch();
    let dir = scratch.path();
    let n = 20;
    let file = dir.join("grundy.svg");
    draw_to(&["grundy", "3"], n, &file);
    assert_eq!(count_tags(&file, "rect"), (n as usize + 1).pow(2) + 256 + 1);
    let past = (crate::runtime::MAX_GRUNDY + 1).to_string();
    let svg_past = (MAX_PARTNERS_SVG + 1).to_string();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for (args, needle) in [
        (
            vec!["grundy", "0", "--limit", &past, "-o", &path("x.png")],
            "too large to draw as PNG",
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
        let (code, out, err) = draw(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(needle),
            "{args:?}: {err}"
        );
        assert_eq!(lines.len(), 2, "{err}");
    }
    let left: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["grundy.svg"]);
}
