//! What `draw`'s tests share. They read the pictures back as data: PNG
//! pixels that must be marked or empty at the places the charts that draw
//! them give, SVG elements counted against `LOSING_TRIPLES`; and they run
//! the command in-process through [`crate::run`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use plotters::prelude::*;
use stone_game::LOSING_TRIPLES;
use tempfile::TempDir;

use super::heat_map::{HeatMapText, SCALE_WIDTH, heat_map_chart, picture_size};
use super::register_font;

/// The pixels at the centres of the cells of `pairs` in a heat map to
/// `limit` with the words `words`. `None` only if the layout fails.
pub(super) fn heat_map_cell_pixels(
    limit: u64,
    words: &HeatMapText,
    pairs: &[(u64, u64)],
) -> Option<Vec<(i32, i32)>> {
    register_font().ok()?;
    let mut svg = String::new();
    let size = picture_size(limit);
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

/// The colour of a slice's marks.
pub(super) const MARK_PIXEL: [u8; 3] = [super::MARK.0, super::MARK.1, super::MARK.2];

/// A directory of its own for each test, removed when it is dropped.
pub(super) fn scratch() -> TempDir {
    tempfile::tempdir().expect("a scratch directory")
}

/// Runs `draw args` in-process: exit code, stdout, stderr.
pub(super) fn run_draw(args: &[&str]) -> (u8, String, String) {
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
/// says a runtime scan supplies the data, or, with `--misere` on a picture
/// of the tables, the note of the misère scan.
pub(super) fn draw_ok(args: &[&str]) {
    let (code, out, err) = run_draw(args);
    if args.contains(&"--misere") && args[0] != "remoteness" {
        let note = "note: the misère tables are computed at run time\n";
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, "", note),
            "{args:?}"
        );
        return;
    }
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
pub(super) fn draw_to(picture: &[&str], n: u64, file: &Path) {
    let n = n.to_string();
    let mut args = picture.to_vec();
    args.extend(["--limit", &n, "-o", file.to_str().unwrap()]);
    draw_ok(&args);
}

/// The elements named `tag` of the SVG `file`, each as its attributes.
pub(super) fn svg_elements(file: &Path, tag: &str) -> Vec<BTreeMap<String, String>> {
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
pub(super) fn count_tags(file: &Path, tag: &str) -> usize {
    svg_elements(file, tag).len()
}

/// A decoded RGB(A) PNG: width, height, bytes per pixel, pixels.
pub(super) struct Png {
    pub(super) width: u32,
    pub(super) height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Png {
    pub(super) fn read(path: &Path) -> Png {
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

    pub(super) fn at(&self, (x, y): (i32, i32)) -> [u8; 3] {
        let (x, y) = (x as usize, y as usize);
        assert!(x < self.width as usize && y < self.height as usize);
        let i = (y * self.width as usize + x) * self.channels;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

/// The pairs `(b, c)`, `b, c <= n`, with `{a, b, c}` losing, from the triples.
pub(super) fn slice_pairs(a: u64, n: u64) -> BTreeSet<(u64, u64)> {
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

/// The names of the files in `dir`.
pub(super) fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort_unstable();
    names
}
/// The whole-pixel attribute `name` of an SVG element.
pub(super) fn pixel(element: &BTreeMap<String, String>, name: &str) -> i32 {
    element[name].parse().expect("a whole pixel")
}

/// The colour `(r, g, b)` as SVG writes it.
pub(super) fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02X}{g:02X}{b:02X}")
}
