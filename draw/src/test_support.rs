//! What the pictures' tests share. They ask the library for the answers,
//! draw them through [`PictureFile`], and read the pictures back as data:
//! PNG pixels at the places the charts that draw them give, SVG elements
//! counted against the answers and against `LOSING_TRIPLES`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use plotters::prelude::*;
use stone_game::{
    Convention, GrundyMap, GrundyTable, LOSING_TRIPLES, RemotenessMap, RemotenessTable,
    ScannedTables, Slice, Solver, Total,
};
use tempfile::TempDir;

use crate::heat_map::{HeatMapText, SCALE_WIDTH, heat_map_chart, picture_size};
use crate::palette::Rgb;
use crate::{PartnerMap, Picture, PictureFile, register_font};

/// The pixels at the centres of the cells of `pairs` in a heat map to
/// `limit` with the words `words`. `None` only if the layout fails.
pub(crate) fn heat_map_cell_pixels(
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
            .map(|&(u, v)| chart.backend_coord(&(u as f64, v as f64)))
            .collect(),
    )
}

/// A directory of its own for each test, removed when it is dropped.
pub(crate) fn scratch() -> TempDir {
    tempfile::tempdir().expect("a scratch directory")
}

/// Draws `picture` into `file`, which must succeed.
pub(crate) fn draw_to(picture: Picture<'_>, file: &Path) {
    PictureFile::create(file)
        .and_then(|f| f.draw(picture))
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
}

/// The misère tables, scanned to `limit`.
pub(crate) fn misere_tables(limit: u32) -> ScannedTables {
    ScannedTables::scan_misere(limit).expect("a small scan")
}

/// The normal-play tables to `limit`: the embedded ones, or a scan past
/// them (a build with a smaller `STONE_GAME_LIMIT`).
fn normal_tables(limit: u64) -> Option<ScannedTables> {
    (limit > u64::from(stone_game::LIMIT))
        .then(|| ScannedTables::scan(limit as u32).expect("a small scan"))
}

/// The library's slice `{a, b, c}` to `limit` in normal play.
pub(crate) fn slice(a: u64, limit: u64) -> Slice {
    let scanned = normal_tables(a.max(limit));
    let solver = Solver::new(Convention::Normal);
    let solver = match &scanned {
        Some(tables) => solver.with_tables(tables.as_tables()).unwrap(),
        None => solver,
    };
    solver.slice(a, limit).expect("within the tables")
}

/// The partners to `limit`, from the library's `solver`.
pub(crate) fn partners_from(solver: &Solver<'_>, limit: u64) -> PartnerMap {
    let partners = (0..=limit)
        .flat_map(|a| (0..=limit).map(move |b| (a, b)))
        .map(|(a, b)| solver.partner(a, b).expect("within the tables").partner)
        .collect();
    PartnerMap::new(solver.convention(), limit, partners).expect("a square")
}

/// The partners to `limit` in normal play.
pub(crate) fn partners(limit: u64) -> PartnerMap {
    let scanned = normal_tables(limit);
    let solver = Solver::new(Convention::Normal);
    match &scanned {
        Some(tables) => partners_from(&solver.with_tables(tables.as_tables()).unwrap(), limit),
        None => partners_from(&solver, limit),
    }
}

/// The totals from 1 to `limit`, from the library's `solver`.
pub(crate) fn totals_from(solver: &Solver<'_>, limit: u64) -> Vec<Total> {
    (1..=limit)
        .map(|l| solver.total(l).expect("within the tables"))
        .collect()
}

/// The totals from 1 to `limit` in normal play.
pub(crate) fn totals(limit: u64) -> Vec<Total> {
    totals_from(&Solver::new(Convention::Normal), limit)
}

/// The library's Grundy map of `{a, b, c}` to `limit`.
pub(crate) fn grundy(a: u64, limit: u64) -> GrundyMap {
    let table = GrundyTable::compute(a.max(limit) as u32).expect("small");
    Solver::new(Convention::Normal)
        .with_grundy(&table)
        .and_then(|s| s.grundy_map(a, limit))
        .expect("within the table")
}

/// The library's remoteness map of `{a, b, c}` to `limit` under
/// `convention`.
pub(crate) fn remoteness(a: u64, limit: u64, convention: Convention) -> RemotenessMap {
    let table = RemotenessTable::compute(a.max(limit) as u32, convention).expect("small");
    Solver::new(convention)
        .with_remoteness(&table)
        .and_then(|s| s.remoteness_map(a, limit))
        .expect("within the table")
}

/// Every pair `(u, v)` with `u, v <= n`, row by row of `u`.
pub(crate) fn all_pairs(n: u64) -> Vec<(u64, u64)> {
    (0..=n).flat_map(|u| (0..=n).map(move |v| (u, v))).collect()
}

/// The elements named `tag` of the SVG `file`, each as its attributes.
pub(crate) fn svg_elements(file: &Path, tag: &str) -> Vec<BTreeMap<String, String>> {
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

/// The texts of the SVG `file`, trimmed, in document order.
pub(crate) fn svg_texts(file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).expect("the SVG exists");
    let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
    svg.descendants()
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// How many elements named `tag` the SVG `file` holds; it must parse.
pub(crate) fn count_tags(file: &Path, tag: &str) -> usize {
    svg_elements(file, tag).len()
}

/// A decoded RGB(A) PNG: width, height, bytes per pixel, pixels.
pub(crate) struct Png {
    pub(crate) width: u32,
    pub(crate) height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Png {
    pub(crate) fn read(path: &Path) -> Png {
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

    pub(crate) fn at(&self, (x, y): (i32, i32)) -> [u8; 3] {
        let (x, y) = (x as usize, y as usize);
        assert!(x < self.width as usize && y < self.height as usize);
        let i = (y * self.width as usize + x) * self.channels;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

/// The pairs `(b, c)`, `b, c <= n`, with `{a, b, c}` losing, from the triples.
pub(crate) fn slice_pairs(a: u64, n: u64) -> BTreeSet<(u64, u64)> {
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
pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort_unstable();
    names
}

/// The whole-pixel attribute `name` of an SVG element.
pub(crate) fn pixel(element: &BTreeMap<String, String>, name: &str) -> i32 {
    element[name].parse().expect("a whole pixel")
}

/// The colour `[r, g, b]` as SVG writes it.
pub(crate) fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02X}{g:02X}{b:02X}")
}
