//! `Picture::Slice`: the losing positions `{A, b, c}` as marks in the
//! (b, c) plane; the slice of 0 is Wythoff's game.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::{Convention, Slice};

use crate::palette::LOSING;
use crate::{Chart, FONT, Paint, text, whole};

/// The size of the slice picture, in pixels, whatever its limit.
const SLICE_SIZE: (u32, u32) = (1000, 1000);

/// The colour of the marks.
const MARK: RGBColor = RGBColor(LOSING[0], LOSING[1], LOSING[2]);

/// The axes of a slice picture: where its marks go, `b` across and `c` up.
fn slice_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    a: u64,
    limit: u64,
    convention: Convention,
    none: bool,
) -> Result<Chart<'a, DB>, String> {
    let mut caption = match (a, convention) {
        (0, Convention::Normal) => {
            format!("Losing positions {{0, b, c}}, b, c ≤ {limit}: Wythoff's game")
        }
        (0, Convention::Misere) => {
            format!("Losing positions {{0, b, c}}, b, c ≤ {limit}: misère Wythoff")
        }
        (_, Convention::Normal) => format!("Losing positions {{{a}, b, c}}, b, c ≤ {limit}"),
        (_, Convention::Misere) => {
            format!("Misère losing positions {{{a}, b, c}}, b, c ≤ {limit}")
        }
    };
    // An empty plane says so, rather than looking like a failed drawing.
    if none {
        caption.push_str(": none");
    }
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
        let none = self.losing.is_empty();
        let mut chart = slice_chart(root, self.a, self.limit, self.convention, none)?;
        let radius = mark_radius(self.limit);
        chart
            .draw_series(
                self.losing
                    .iter()
                    .map(|&[b, c]| Circle::new((b as f64, c as f64), radius, MARK.filled())),
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
    use std::path::Path;

    use stone_game::{RemotenessTable, Solver};

    use super::*;
    use crate::Picture;
    use crate::register_font;
    use crate::test_support::*;

    /// The pixels at the centres of the marks of the pairs `(b, c)` in the
    /// slice picture of `{a, b, c}` to `limit`, whether or not a mark is drawn
    /// there: `(x, y)` from the top left. `None` only if the layout fails.
    fn slice_mark_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        register_font().ok()?;
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, SLICE_SIZE).into_drawing_area();
        let chart = slice_chart(&root, a, limit, Convention::Normal, false).ok()?;
        Some(
            pairs
                .iter()
                .map(|&(b, c)| chart.backend_coord(&(b as f64, c as f64)))
                .collect(),
        )
    }

    /// The pairs the PNG `file` of a slice to `n` marks.
    fn marked(file: &Path, a: u64, n: u64) -> BTreeSet<(u64, u64)> {
        let png = Png::read(file);
        let pairs = all_pairs(n);
        let pixels = slice_mark_pixels(a, n, &pairs).expect("a layout");
        pairs
            .into_iter()
            .zip(pixels)
            .filter(|&(_, at)| png.at(at) == LOSING)
            .map(|(pair, _)| pair)
            .collect()
    }

    /// The slice's losing positions as pairs.
    fn losing(slice: &Slice) -> BTreeSet<(u64, u64)> {
        slice.losing.iter().map(|&[b, c]| (b, c)).collect()
    }

    #[test]
    fn a_misere_slice_marks_the_misere_losing_positions_and_only_them() {
        let scratch = scratch();
        let (a, n) = (0u64, 20u64);
        let tables = misere_tables(40);
        let slice = Solver::new(Convention::Misere)
            .with_tables(tables.as_tables())
            .unwrap()
            .slice(a, n)
            .unwrap();
        let file = scratch.path().join("misere.png");
        draw_to(Picture::Slice(&slice), &file);
        // The caption's words do not move the plot: the normal layout holds.
        let marks = marked(&file, a, n);
        assert_eq!(marks, losing(&slice));
        // The library's slice against the misère outcomes of every position,
        // from the rules by retrograde analysis, not from the scan.
        let rules = RemotenessTable::compute(n as u32, Convention::Misere).unwrap();
        let lost: BTreeSet<(u64, u64)> = all_pairs(n)
            .into_iter()
            .filter(|&(b, c)| rules.value(a, b, c).unwrap().outcome == stone_game::Outcome::Lose)
            .collect();
        assert_eq!(marks, lost);
        // (0, 0, 1) and (0, 2, 2) lose under misère, (0, 0, 0) and (0, 1, 2) do not.
        for (pair, lose) in [
            ((0, 1), true),
            ((2, 2), true),
            ((0, 0), false),
            ((1, 2), false),
        ] {
            assert_eq!(marks.contains(&pair), lose, "{pair:?}");
        }
    }

    #[test]
    fn a_slice_png_marks_the_losing_positions_and_only_them() {
        let scratch = scratch();
        let dir = scratch.path();
        for (a, n) in [(0u64, 20u64), (3, 30)] {
            let file = dir.join(format!("slice{a}.png"));
            let slice = slice(a, n);
            draw_to(Picture::Slice(&slice), &file);
            let marks = marked(&file, a, n);
            assert_eq!(marks, losing(&slice), "{a}");
            // The library's slice against the losing triples, read directly.
            assert_eq!(marks, slice_pairs(a, n), "{a}");
        }
        // GAME.md's example: (0, 1, 2) is losing, (0, 1, 1) is not.
        let marks = marked(&dir.join("slice0.png"), 0, 20);
        assert!(marks.contains(&(1, 2)) && !marks.contains(&(1, 1)));
    }

    #[test]
    fn a_slice_svg_has_one_mark_per_losing_position() {
        let scratch = scratch();
        let dir = scratch.path();
        for (a, n) in [(0u64, 100u64), (7, 60)] {
            let file = dir.join(format!("slice{a}.svg"));
            draw_to(Picture::Slice(&slice(a, n)), &file);
            let marks = count_tags(&file, "circle");
            assert_eq!(marks, slice_pairs(a, n).len(), "{a} {n}");
        }
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
            draw_to(Picture::Slice(&slice(0, n)), &file);
            let radii = circle_radii(&file);
            assert_eq!(radii, BTreeSet::from([radius.to_string()]), "limit {n}");
        }
    }

    #[test]
    fn each_slice_is_named_by_its_pile_and_its_convention() {
        let scratch = scratch();
        let dir = scratch.path();
        let tables = misere_tables(10);
        let misere = Solver::new(Convention::Misere)
            .with_tables(tables.as_tables())
            .unwrap();
        for (slice, caption) in [
            (
                slice(0, 10),
                "Losing positions {0, b, c}, b, c ≤ 10: Wythoff's game",
            ),
            (slice(3, 10), "Losing positions {3, b, c}, b, c ≤ 10"),
            (
                misere.slice(0, 10).unwrap(),
                "Losing positions {0, b, c}, b, c ≤ 10: misère Wythoff",
            ),
            (
                misere.slice(3, 10).unwrap(),
                "Misère losing positions {3, b, c}, b, c ≤ 10",
            ),
            // No losing position in the plane: the caption says so.
            (
                slice(500, 100),
                "Losing positions {500, b, c}, b, c ≤ 100: none",
            ),
        ] {
            let file = dir.join("slice.svg");
            draw_to(Picture::Slice(&slice), &file);
            let texts = svg_texts(&file);
            assert!(texts.contains(&caption.to_string()), "{texts:?}");
            let wythoff = texts.iter().any(|t| t.contains("Wythoff"));
            assert_eq!(wythoff, slice.a == 0, "{texts:?}");
        }
    }

    #[test]
    fn a_small_slices_axes_are_labelled_with_whole_numbers_only() {
        // At a limit of a few, plotters puts ticks between the whole numbers;
        // `whole` leaves those unlabelled.
        let scratch = scratch();
        let dir = scratch.path();
        let file = dir.join("slice.svg");
        draw_to(Picture::Slice(&slice(0, 3)), &file);
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
    }

    #[test]
    fn c_grows_upward_and_b_to_the_right() {
        let at = slice_mark_pixels(0, 20, &[(0, 0), (1, 0), (0, 1)]).unwrap();
        let [(x0, y0), (x1, y1), (x2, y2)] = at[..] else {
            panic!("{at:?}")
        };
        assert!(x1 > x0 && y1 == y0, "{at:?}");
        assert!(y2 < y0 && x2 == x0, "{at:?}");
    }
}
