//! `Picture::Partners`: the partner of every pair `(a, b)`, as a heat map.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::Convention;

use crate::heat_map::{HeatMapText, paint_heat_map, picture_size};
use crate::{DrawError, Paint, palette};

/// The partner of every pair `(a, b)` with `a, b <= limit`: the one `c`
/// with `{a, b, c}` losing, as the library's
/// [`Solver::partner`](stone_game::Solver::partner) answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartnerMap {
    convention: Convention,
    limit: u64,
    /// Row `a`, column `b`: the partner of `(a, b)`.
    partners: Vec<u64>,
    largest: u64,
}

impl PartnerMap {
    /// The map to `limit` of `partners` in `convention`: row `a` from 0,
    /// each by `b` from 0, `(limit + 1)²` partners in all.
    ///
    /// ```
    /// use stone_game::Convention;
    /// use stone_game_draw::PartnerMap;
    /// // (0, 0) loses with 0, (0, 1) with 2, (1, 1) with 4.
    /// assert!(PartnerMap::new(Convention::Normal, 1, vec![0, 2, 2, 4]).is_ok());
    /// assert!(PartnerMap::new(Convention::Normal, 1, vec![0, 2, 2]).is_err());
    /// ```
    pub fn new(
        convention: Convention,
        limit: u64,
        partners: Vec<u64>,
    ) -> Result<PartnerMap, DrawError> {
        let side = usize::try_from(limit).ok().and_then(|l| l.checked_add(1));
        if side.and_then(|s| s.checked_mul(s)) != Some(partners.len()) {
            return Err(DrawError::Unfit(
                "a partners map whose partners do not fill its square",
            ));
        }
        let largest = partners.iter().copied().max().unwrap_or(0);
        Ok(PartnerMap {
            convention,
            limit,
            partners,
            largest,
        })
    }

    /// The largest `a` and `b`.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The convention of the partners.
    pub fn convention(&self) -> Convention {
        self.convention
    }
}

/// The words of the partners map.
pub(crate) fn partners_text(limit: u64, convention: Convention) -> HeatMapText {
    let misere = crate::misere_word(convention, "misère ");
    HeatMapText {
        caption: format!("The {misere}partner c of every pair (a, b), a, b ≤ {limit}"),
        axes: ("a", "b"),
        scale: "c",
    }
}

impl Paint for PartnerMap {
    fn size(&self) -> (u32, u32) {
        picture_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let largest = self.largest;
        let colours = self.partners.iter().map(|&c| palette::partner(c, largest));
        let words = partners_text(self.limit, self.convention);
        paint_heat_map(
            root,
            self.limit,
            &words,
            colours,
            (largest, &palette::partner_scale),
        )
    }
}

#[cfg(test)]
mod tests {

    use stone_game::{EMBEDDED, Solver};

    use super::*;
    use crate::test_support::*;
    use crate::{Picture, PictureFile};

    /// The pixels at the centres of the cells of the pairs `(a, b)` in the
    /// partners picture to `limit`.
    fn partners_cell_pixels(limit: u64, pairs: &[(u64, u64)]) -> Option<Vec<(i32, i32)>> {
        heat_map_cell_pixels(limit, &partners_text(limit, Convention::Normal), pairs)
    }

    #[test]
    fn a_partners_png_colours_each_pair_by_its_partner() {
        let scratch = scratch();
        let dir = scratch.path();
        let n = 40;
        let file = dir.join("partners.png");
        draw_to(Picture::Partners(&partners(n)), &file);
        let png = Png::read(&file);
        // The partners as the tables hold them, not through the answer.
        let pairs = all_pairs(n);
        let partner = |(a, b)| EMBEDDED.partner(a, b).unwrap();
        let largest = pairs.iter().copied().map(partner).max().unwrap();
        let pixels = partners_cell_pixels(n, &pairs).expect("a layout");
        for (&(a, b), &at) in pairs.iter().zip(&pixels) {
            let c = partner((a, b));
            assert_eq!(png.at(at), palette::partner(c, largest), "({a}, {b})");
        }
    }

    /// Each number on the axes stands at the middle of the cell it names,
    /// as the slices' numbers stand at their marks: b across, c up.
    #[test]
    fn each_axis_number_names_the_cell_it_stands_at() {
        let scratch = scratch();
        let n = 20;
        let file = scratch.path().join("partners.svg");
        draw_to(Picture::Partners(&partners(n)), &file);
        let text = std::fs::read_to_string(&file).expect("the SVG");
        let svg = roxmltree::Document::parse(&text).expect("it parses");
        let mut checked = 0;
        for label in svg.descendants().filter(|e| e.has_tag_name("text")) {
            let Some(k) = label.text().and_then(|t| t.trim().parse::<u64>().ok()) else {
                continue;
            };
            let at = |name| label.attribute(name).and_then(|v| v.parse::<f64>().ok());
            let (x, y) = (at("x").expect("x"), at("y").expect("y"));
            // The x axis's numbers are centred on their ticks, the y axis's
            // end at theirs; the colour scale's begin at theirs.
            let (centre, along) = match label.attribute("text-anchor") {
                Some("middle") => (partners_cell_pixels(n, &[(k, 0)]).unwrap()[0].0, x),
                Some("end") => (partners_cell_pixels(n, &[(0, k)]).unwrap()[0].1, y),
                _ => continue,
            };
            assert!(
                (f64::from(centre) - along).abs() <= 1.0,
                "the number {k} at {along}, the middle of its cell at {centre}"
            );
            checked += 1;
        }
        assert!(checked >= 10, "{checked} numbers on the axes");
    }

    #[test]
    fn a_partners_svg_has_one_cell_per_pair() {
        let scratch = scratch();
        let dir = scratch.path();
        let n = 30;
        let file = dir.join("partners.svg");
        draw_to(Picture::Partners(&partners(n)), &file);
        let rects = count_tags(&file, "rect");
        // One per cell, 256 of the colour scale, and the background.
        assert_eq!(rects, (n as usize + 1).pow(2) + 256 + 1);
        // The largest SVG map too, and not one past it.
        let n = crate::MAX_HEAT_MAP_SVG;
        draw_to(Picture::Partners(&partners(n)), &file);
        assert_eq!(count_tags(&file, "rect"), (n as usize + 1).pow(2) + 256 + 1);
        let past = partners(n + 1);
        let refused = PictureFile::create(&file)
            .unwrap()
            .draw(Picture::Partners(&past));
        assert_eq!(
            refused,
            Err(crate::DrawError::TooLarge {
                limit: n + 1,
                largest: n,
                format: crate::Format::Svg
            })
        );
    }

    #[test]
    fn a_partners_picture_is_sized_to_whole_cells() {
        // `cell_pixels`: 900 / (limit + 1) rounded up; `picture_size`: the plot
        // of (limit + 1) cells, at most 2001 pixels, plus 140 for the title and
        // labels and 170 for the colour scale.
        let scratch = scratch();
        let dir = scratch.path();
        for (n, cell) in [(1u64, 450u32), (40, 22), (99, 9), (500, 2)] {
            let file = dir.join(format!("partners{n}.png"));
            draw_to(Picture::Partners(&partners(n)), &file);
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
            (40, 23, 22, 922),
            (99, 10, 9, 934),
            (449, 2, 2, 940),
            (899, 1, 1, 942),
            (2000, 1, 1, 2043),
        ];
        assert_eq!(steps, now);
    }

    #[test]
    fn a_misere_partners_map_says_so_and_a_short_one_is_refused() {
        let scratch = scratch();
        let tables = misere_tables(20);
        let misere = partners_from(
            &Solver::new(Convention::Misere)
                .with_tables(tables.as_tables())
                .unwrap(),
            20,
        );
        assert_eq!(misere.convention(), Convention::Misere);
        assert_ne!(misere, partners(20));
        let file = scratch.path().join("misere.svg");
        draw_to(Picture::Partners(&misere), &file);
        let caption = "The misère partner c of every pair (a, b), a, b ≤ 20";
        assert!(std::fs::read_to_string(&file).unwrap().contains(caption));
        for (limit, given) in [(1, 3), (1, 5), (0, 0), (u64::MAX, 1)] {
            let short = PartnerMap::new(Convention::Normal, limit, vec![0; given]);
            assert!(
                matches!(short, Err(crate::DrawError::Unfit(_))),
                "{limit} {given}"
            );
        }
        assert_eq!(
            PartnerMap::new(Convention::Normal, 0, vec![0])
                .unwrap()
                .limit(),
            0
        );
    }
}
