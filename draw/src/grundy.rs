//! `draw grundy A`: the Grundy values of the slice `{A, b, c}`, as a heat
//! map with the losing positions, value 0, in black.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::GrundyTable;

use super::heat_map::{HeatMapText, colour, paint_heat_map, picture_size};
use super::{Failure, Paint};

/// The Grundy values of the slice `{a, b, c}` with `b, c <= limit`.
pub(super) struct GrundyMap {
    a: u64,
    limit: u64,
    /// Row `b`, column `c`: the value of `{a, b, c}`.
    values: Vec<u32>,
    largest: u32,
}

impl GrundyMap {
    pub(super) fn of(table: &GrundyTable, a: u64, limit: u64) -> Result<GrundyMap, Failure> {
        let mut values = Vec::new();
        for b in 0..=limit {
            for c in 0..=limit {
                values.push(table.value(a, b, c).ok_or_else(|| {
                    Failure::Internal(format!("the Grundy table lacks ({a}, {b}, {c})"))
                })?);
            }
        }
        let largest = values.iter().copied().max().unwrap_or(0);
        Ok(GrundyMap {
            a,
            limit,
            values,
            largest,
        })
    }
}

/// The colour of a Grundy `value` on the map's scale, up to `largest`:
/// black for 0 (a losing position), which no other value has, so that the
/// losing positions stand out; else the colour of [`colour`].
fn grundy_colour(value: u32, largest: u32) -> (u8, u8, u8) {
    if value == 0 {
        (0, 0, 0)
    } else {
        colour(u64::from(value), u64::from(largest))
    }
}

/// The words of the Grundy map of `{a, b, c}`.
fn grundy_text(a: u64, limit: u64) -> HeatMapText {
    HeatMapText {
        caption: format!("Grundy values of {{{a}, b, c}}, b, c ≤ {limit}; black: 0, losing"),
        axes: ("b", "c"),
        scale: "value",
    }
}

impl Paint for GrundyMap {
    fn size(&self) -> (u32, u32) {
        picture_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let colours = self.values.iter().map(|&v| grundy_colour(v, self.largest));
        let words = grundy_text(self.a, self.limit);
        paint_heat_map(root, self.limit, &words, colours, u64::from(self.largest))
    }
}

#[cfg(test)]
mod tests {

    use std::fs;

    use stone_game::EMBEDDED;

    use super::*;
    use crate::commands::draw::heat_map::MAX_SVG;
    use crate::commands::draw::test_support::*;

    /// The pixels at the centres of the cells of the pairs `(b, c)` in the
    /// Grundy map of `{a, b, c}` to `limit`.
    fn grundy_cell_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        heat_map_cell_pixels(limit, &grundy_text(a, limit), pairs)
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
            let pairs: Vec<(u64, u64)> =
                (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
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
        let svg_past = (MAX_SVG + 1).to_string();
        let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
        for (args, needle) in [
            (
                vec!["grundy", "0", "--limit", &past, "-o", &path("x.png")],
                "past the largest this tool computes, 500",
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
        let left: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["grundy.svg"]);
    }
}
