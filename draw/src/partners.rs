//! `draw partners`: the partner of every pair `(a, b)`, as a heat map.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::Tables;

use super::heat_map::{HeatMapText, colour, paint_heat_map, picture_size};
use super::{Failure, Paint};

/// The partner of every pair `(a, b)` with `a, b <= limit`.
pub(super) struct PartnerMap {
    limit: u64,
    /// Row `a`, column `b`: the partner of `(a, b)`.
    partners: Vec<u64>,
    largest: u64,
}

impl PartnerMap {
    pub(super) fn of(tables: Tables, limit: u64) -> Result<PartnerMap, Failure> {
        let mut partners = Vec::new();
        for a in 0..=limit {
            for b in 0..=limit {
                partners.push(tables.partner(a, b).ok_or_else(|| {
                    Failure::Internal(format!("the tables lack the partner of ({a}, {b})"))
                })?);
            }
        }
        let largest = partners.iter().copied().max().unwrap_or(0);
        Ok(PartnerMap {
            limit,
            partners,
            largest,
        })
    }
}

/// The words of the partners map.
fn partners_text(limit: u64) -> HeatMapText {
    HeatMapText {
        caption: format!("The partner c of every pair (a, b), a, b ≤ {limit}"),
        axes: ("a", "b"),
        scale: "c",
    }
}

impl Paint for PartnerMap {
    fn size(&self) -> (u32, u32) {
        picture_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let colours = self.partners.iter().map(|&c| colour(c, self.largest));
        let words = partners_text(self.limit);
        paint_heat_map(root, self.limit, &words, colours, self.largest)
    }
}

#[cfg(test)]
mod tests {

    use stone_game::EMBEDDED;

    use super::*;
    use crate::commands::draw::test_support::*;

    /// The pixels at the centres of the cells of the pairs `(a, b)` in the
    /// partners picture to `limit`.
    fn partners_cell_pixels(limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        heat_map_cell_pixels(limit, &partners_text(limit), pairs)
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
            let (r, g, bl) = colour(EMBEDDED.partner(a, b).unwrap(), largest);
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
    fn a_partners_picture_is_sized_to_whole_cells() {
        // `cell_pixels`: 900 / (limit + 1), at least 1; `picture_size`: the plot
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
}
