//! `Picture::Grundy`: the Grundy values of the slice `{A, b, c}`, as a
//! heat map, the losing positions (value 0) in the palette's losing colour.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::GrundyMap;

use crate::heat_map::{HeatMapText, SCALE_STEPS, paint_heat_map, picture_size};
use crate::palette::{self, LOSING, Rgb, WIN_SCALE};
use crate::{Paint, palette::along};

/// The words of the Grundy map of `{a, b, c}`.
pub(crate) fn grundy_text(a: u64, limit: u64) -> HeatMapText {
    HeatMapText {
        caption: format!("Grundy values of {{{a}, b, c}}, b, c ≤ {limit}; dark blue: 0, losing"),
        axes: ("b", "c"),
        scale: "value",
    }
}

/// The colour `t` of the way up the scale of a map whose largest value is
/// `largest`: the losing colour over the share of value 0 (the bottom half
/// step of a value, and at least the bar's first step, so that past 256
/// values 0 still shows), the wins' scale above.
fn grundy_scale(t: f64, largest: u32) -> Rgb {
    if t * f64::from(largest) < 0.5 || t < 1.0 / f64::from(SCALE_STEPS) {
        LOSING
    } else {
        along(WIN_SCALE, t)
    }
}

impl Paint for GrundyMap {
    fn size(&self) -> (u32, u32) {
        picture_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let largest = self.values.max();
        let colours = self
            .values
            .rows()
            .flatten()
            .map(|&v| palette::grundy(v, largest));
        let words = grundy_text(self.a, self.limit);
        let scale = |t: f64| grundy_scale(t, largest);
        paint_heat_map(
            root,
            self.limit,
            &words,
            colours,
            (u64::from(largest), &scale),
        )
    }
}

#[cfg(test)]
mod tests {
    use stone_game::EMBEDDED;

    use super::*;
    use crate::Picture;
    use crate::test_support::*;

    /// The pixels at the centres of the cells of the pairs `(b, c)` in the
    /// Grundy map of `{a, b, c}` to `limit`.
    fn grundy_cell_pixels(a: u64, limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        heat_map_cell_pixels(limit, &grundy_text(a, limit), pairs)
    }

    #[test]
    fn a_grundy_png_is_losing_coloured_exactly_at_the_losing_positions() {
        let scratch = scratch();
        let dir = scratch.path();
        for (a, n) in [(0, 60), (5, 40)] {
            let file = dir.join(format!("grundy-{a}.png"));
            let map = grundy(a, n);
            draw_to(Picture::Grundy(&map), &file);
            let png = Png::read(&file);
            let pairs = all_pairs(n);
            let largest = map.values.max();
            let pixels = grundy_cell_pixels(a, n, &pairs).expect("a layout");
            let mut losing_cells = 0;
            for (&(b, c), &at) in pairs.iter().zip(&pixels) {
                let value = map.values.get(b, c).unwrap();
                assert_eq!(
                    png.at(at),
                    palette::grundy(value, largest),
                    "{{{a}, {b}, {c}}}"
                );
                // The losing colour exactly at the losing positions of the
                // tables, which know nothing of Grundy values.
                let losing = EMBEDDED.is_losing(a, b, c) == Some(true);
                assert_eq!(png.at(at) == LOSING, losing, "{{{a}, {b}, {c}}}");
                losing_cells += usize::from(losing);
            }
            assert_eq!(losing_cells, slice_pairs(a, n).len(), "{a}");
        }
    }

    #[test]
    fn a_grundy_svg_has_one_cell_per_pair_and_its_scale_starts_at_the_losing_colour() {
        let scratch = scratch();
        let file = scratch.path().join("grundy.svg");
        let n = 20;
        let map = grundy(3, n);
        draw_to(Picture::Grundy(&map), &file);
        let rects = svg_elements(&file, "rect");
        let cells = (n as usize + 1).pow(2);
        assert_eq!(rects.len(), cells + 256 + 1);
        let largest = map.values.max();
        for (i, bar) in rects[1 + cells..].iter().enumerate() {
            let t = (2 * i + 1) as f64 / 512.0;
            assert_eq!(bar["fill"], hex(grundy_scale(t, largest)), "bar {i}");
        }
        assert_eq!(
            rects[1 + cells]["fill"],
            hex(LOSING),
            "the bar's first step"
        );
        // Value 0 takes the bottom half step of the scale, the wins the rest.
        assert_eq!(grundy_scale(0.0, 10), LOSING);
        assert_eq!(grundy_scale(0.049, 10), LOSING);
        assert_eq!(grundy_scale(0.05, 10), along(WIN_SCALE, 0.05));
        assert_eq!(grundy_scale(1.0, 10), WIN_SCALE[1]);
        // Past 256 values, still the bar's first step, and only it.
        let step = 1.0 / f64::from(SCALE_STEPS);
        for largest in [300, 1000, 2200] {
            assert_eq!(grundy_scale(step / 2.0, largest), LOSING, "{largest}");
            assert_ne!(grundy_scale(1.5 * step, largest), LOSING, "{largest}");
            assert_ne!(
                grundy_scale(step, largest),
                LOSING,
                "{largest}: the second step's foot"
            );
        }
    }
}
