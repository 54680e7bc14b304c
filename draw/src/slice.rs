//! `draw slice A`: the losing positions `{A, b, c}` as marks in the (b, c)
//! plane; `draw slice 0` is Wythoff's game.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::Tables;

use super::{Chart, FONT, Failure, MARK, Paint, text, whole};

/// The size of the slice picture, in pixels, whatever its limit.
const SLICE_SIZE: (u32, u32) = (1000, 1000);

/// The losing positions `{a, b, c}` with `b, c <= limit`, as `(b, c)`.
pub(super) struct Slice {
    a: u64,
    limit: u64,
    marks: Vec<(u64, u64)>,
    /// The misère game, which the caption names.
    misere: bool,
}

impl Slice {
    pub(super) fn of(tables: Tables, a: u64, limit: u64) -> Result<Slice, Failure> {
        let mut marks = Vec::new();
        for b in 0..=limit {
            let c = tables.partner(a, b).ok_or_else(|| {
                Failure::Internal(format!("the tables lack the partner of ({a}, {b})"))
            })?;
            if c <= limit {
                marks.push((b, c));
            }
        }
        Ok(Slice {
            a,
            limit,
            marks,
            misere: false,
        })
    }

    /// The slice, its caption naming the misère game when `misere` is set
    /// (the caller drew it from the misère tables).
    pub(super) fn misere(self, misere: bool) -> Slice {
        Slice { misere, ..self }
    }
}

/// The axes of a slice picture: where its marks go.
fn slice_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    a: u64,
    limit: u64,
    misere: bool,
) -> Result<Chart<'a, DB>, String> {
    let caption = match (a, misere) {
        (0, false) => format!("Losing positions {{0, b, c}}, b, c ≤ {limit}: Wythoff's game"),
        (0, true) => format!("Losing positions {{0, b, c}}, b, c ≤ {limit}: misère Wythoff"),
        (_, false) => format!("Losing positions {{{a}, b, c}}, b, c ≤ {limit}"),
        (_, true) => format!("Misère losing positions {{{a}, b, c}}, b, c ≤ {limit}"),
    };
    let edge = limit as f64 + 0.5;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FONT, 28))
        .margin(24)
        .x_label_area_size(60)
        .y_label_area_size(76)
        .build_cartesian_2d(-0.5..edge, -0.5..edge)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("b")
        .y_desc("c")
        .label_style((FONT, 18))
        .axis_desc_style((FONT, 22))
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .bold_line_style(RGBColor(225, 225, 225))
        .light_line_style(RGBColor(245, 245, 245))
        .draw()
        .map_err(text)?;
    Ok(chart)
}

impl Paint for Slice {
    fn size(&self) -> (u32, u32) {
        SLICE_SIZE
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(text)?;
        let mut chart = slice_chart(root, self.a, self.limit, self.misere)?;
        let radius = mark_radius(self.limit);
        chart
            .draw_series(
                self.marks
                    .iter()
                    .map(|&(b, c)| Circle::new((b as f64, c as f64), radius, MARK.filled())),
            )
            .map_err(text)?;
        Ok(())
    }
}

/// The radius of a slice's marks: under half the gap between neighbours,
/// but never below two pixels, so that a large slice still shows its rays.
fn mark_radius(limit: u64) -> u32 {
    let gap = f64::from(SLICE_SIZE.0 - 200) / (limit as f64 + 1.0);
    (gap / 2.2).round().clamp(2.0, 8.0) as u32
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::fs;
    use std::path::Path;

    use super::*;
    use crate::commands::draw::register_font;
    use crate::commands::draw::test_support::*;

    /// The pixels at the centres of the marks of the pairs `(b, c)` in the
    /// slice picture of `{a, b, c}` to `limit`, whether or not a mark is drawn
    /// there: `(x, y)` from the top left. `None` only if the layout fails.
    fn slice_mark_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        register_font().ok()?;
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, SLICE_SIZE).into_drawing_area();
        let chart = slice_chart(&root, a, limit, false).ok()?;
        Some(
            pairs
                .iter()
                .map(|&(b, c)| chart.backend_coord(&(b as f64, c as f64)))
                .collect(),
        )
    }

    #[test]
    fn a_misere_slice_marks_the_misere_losing_positions_and_only_them() {
        let scratch = scratch();
        let (a, n) = (0u64, 20u64);
        let file = scratch.path().join("misere.png");
        draw_to(&["slice", "0", "--misere"], n, &file);
        let png = Png::read(&file);
        let misere = stone_game::ScannedTables::scan_misere(40).unwrap();
        let pairs: Vec<(u64, u64)> = (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
        // The caption's words do not move the plot: the normal layout holds.
        let pixels = slice_mark_pixels(a, n, &pairs).expect("a layout");
        let mut marks = 0;
        for (&(b, c), &at) in pairs.iter().zip(&pixels) {
            let losing = misere.as_tables().is_losing(a, b, c) == Some(true);
            assert_eq!(png.at(at) == MARK_PIXEL, losing, "{a} {b} {c}");
            marks += usize::from(losing);
        }
        // (0, 0, 1) and (0, 2, 2) lose under misère, (0, 0, 0) and (0, 1, 2) do not.
        assert!(marks > 10, "{marks}");
        let at = slice_mark_pixels(a, n, &[(0, 1), (2, 2), (0, 0), (1, 2)]).unwrap();
        let marked: Vec<bool> = at.iter().map(|&p| png.at(p) == MARK_PIXEL).collect();
        assert_eq!(marked, [true, true, false, false]);
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
            let pairs: Vec<(u64, u64)> =
                (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
            let pixels = slice_mark_pixels(a, n, &pairs).expect("a layout");
            for (&(b, c), &at) in pairs.iter().zip(&pixels) {
                let pixel = png.at(at);
                assert_eq!(
                    pixel == MARK_PIXEL,
                    losing.contains(&(b, c)),
                    "{a} {b} {c}: {pixel:?}"
                );
            }
        }
        // GAME.md's example: (0, 1, 2) is losing, (0, 1, 1) is not.
        let png = Png::read(&dir.join("slice0.png"));
        let pixels = slice_mark_pixels(0, 20, &[(1, 2), (1, 1)]).unwrap();
        assert_eq!(png.at(pixels[0]), MARK_PIXEL);
        assert_ne!(png.at(pixels[1]), MARK_PIXEL);
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
}
