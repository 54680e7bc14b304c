//! What the three heat maps, the partners, Grundy and remoteness maps,
//! share: one cell per pair, their size and caps, their axes, their
//! palette and its colour scale.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::format::{Format, MAX_HEAT_MAP_PNG};
use crate::palette::Rgb;
use crate::{Chart, DrawError, FONT, text, whole};

/// Refuses a heat map to `limit` past the largest of `format`.
pub(crate) fn fits(limit: u64, format: Format) -> Result<(), DrawError> {
    let largest = format.largest_heat_map();
    if limit > largest {
        return Err(DrawError::TooLarge {
            limit,
            largest,
            format,
        });
    }
    Ok(())
}

/// The width of a heat map's colour scale, beside the map.
pub(crate) const SCALE_WIDTH: u32 = 170;

/// The least side of a heat map's plot area, in pixels: wide enough for
/// the longest caption above it.
const PLOT: u32 = 900;

/// The side of one cell of a heat map, in whole pixels: the fewest that
/// make the plot at least [`PLOT`] wide. Rounded down, a limit past 449
/// took one pixel a cell, and a plot too narrow for its caption (501 pixels
/// at 500).
fn cell_pixels(limit: u64) -> u32 {
    u32::try_from(u64::from(PLOT).div_ceil(limit + 1))
        .unwrap_or(1)
        .max(1)
}

/// The size of a heat map's picture: its plot area, fitted to whole cells,
/// with room for the title, the labels and the colour scale.
pub(crate) fn picture_size(limit: u64) -> (u32, u32) {
    let plot = u32::try_from((limit + 1) * u64::from(cell_pixels(limit))).unwrap_or(u32::MAX);
    let plot = plot.min(PLOT.max(MAX_HEAT_MAP_PNG as u32 + 1));
    (plot + 140 + SCALE_WIDTH, plot + 140)
}

/// The words of a heat map (the partners, Grundy or remoteness map): its
/// caption, the names of its axes and the title of its colour scale. Its
/// layout is the same whatever they say.
pub(crate) struct HeatMapText {
    pub(crate) caption: String,
    pub(crate) axes: (&'static str, &'static str),
    pub(crate) scale: &'static str,
}

/// The axes of a heat map of one cell per pair up to `limit`, left of its
/// colour scale.
pub(crate) fn heat_map_chart<'a, DB: DrawingBackend>(
    map_area: &'a DrawingArea<DB, Shift>,
    limit: u64,
    words: &HeatMapText,
) -> Result<Chart<'a, DB>, String> {
    // Cell `u` spans u - 0.5 to u + 0.5, so that each number names the
    // cell its tick stands at the middle of, as the slices' marks do.
    let edge = limit as f64 + 0.5;
    let mut chart = ChartBuilder::on(map_area)
        .caption(&words.caption, (FONT, 26))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(64)
        .build_cartesian_2d(-0.5..edge, -0.5..edge)
        .map_err(text)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(words.axes.0)
        .y_desc(words.axes.1)
        .label_style((FONT, 16))
        .axis_desc_style((FONT, 20))
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .draw()
        .map_err(text)?;
    Ok(chart)
}

/// A heat map of one cell per pair `(u, v)` up to `limit`, coloured by
/// `colours` row by row of `u`, with its colour scale from 0 to `largest`
/// in the colours `palette` gives from 0 to 1.
pub(crate) fn paint_heat_map<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    limit: u64,
    words: &HeatMapText,
    colours: impl Iterator<Item = Rgb>,
    (largest, palette): (u64, &dyn Fn(f64) -> Rgb),
) -> Result<(), String> {
    let scale_area = paint_cells(root, limit, words, colours)?;
    paint_colour_scale(&scale_area, largest, words.scale, palette, MAP_MARGINS)
}

/// The map of a heat map on a white `root`: one cell per pair `(u, v)` up to
/// `limit`, coloured by `colours` row by row of `u`. Returns the area
/// beside it, for its colour scales.
pub(crate) fn paint_cells<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    limit: u64,
    words: &HeatMapText,
    colours: impl Iterator<Item = Rgb>,
) -> Result<DrawingArea<DB, Shift>, String> {
    root.fill(&WHITE).map_err(text)?;
    let (map_area, scale_area) = root.split_horizontally(picture_size(limit).0 - SCALE_WIDTH);
    let mut chart = heat_map_chart(&map_area, limit, words)?;
    let side = limit + 1;
    // `u` across, `v` up: the palette's orientation.
    let cells = colours.enumerate().map(|(i, [r, g, b])| {
        let (u, v) = ((i as u64 / side) as f64, (i as u64 % side) as f64);
        Rectangle::new(
            [(u - 0.5, v - 0.5), (u + 0.5, v + 0.5)],
            RGBColor(r, g, b).filled(),
        )
    });
    chart.draw_series(cells).map_err(text)?;
    Ok(scale_area)
}

/// The steps a colour scale's bar is drawn in, each in the colour of its
/// middle.
pub(crate) const SCALE_STEPS: u32 = 256;

/// The margins above and below a colour scale as high as its map, so that
/// the bar runs from the bottom of the map's plot up to near its top.
pub(crate) const MAP_MARGINS: (u32, u32) = (16 + 26, 16 + 50);

/// A colour scale: a bar of the colours `palette` gives from 0 to 1, with
/// the values from 0 to `largest` they stand for, under the title `label`,
/// `margins` above and below it.
pub(crate) fn paint_colour_scale<DB: DrawingBackend>(
    scale_area: &DrawingArea<DB, Shift>,
    largest: u64,
    label: &str,
    palette: &dyn Fn(f64) -> Rgb,
    (above, below): (u32, u32),
) -> Result<(), String> {
    let top = largest.max(1) as f64;
    let mut scale = ChartBuilder::on(scale_area)
        .caption(label, (FONT, 22))
        .margin_top(above)
        .margin_bottom(below)
        .margin_left(10)
        .margin_right(20)
        // The numbers on the right, away from the map, so that they read
        // as the scale's and not as the map's.
        .right_y_label_area_size(60)
        .build_cartesian_2d(0.0..1.0, 0.0..top)
        .map_err(text)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .label_style((FONT, 16))
        .y_label_formatter(&whole)
        .draw()
        .map_err(text)?;
    scale
        .draw_series((0..SCALE_STEPS).map(|i| {
            let (lo, hi) = (
                f64::from(i) / f64::from(SCALE_STEPS),
                f64::from(i + 1) / f64::from(SCALE_STEPS),
            );
            let [r, g, b] = palette((lo + hi) / 2.0);
            Rectangle::new(
                [(0.0, lo * top), (1.0, hi * top)],
                RGBColor(r, g, b).filled(),
            )
        }))
        .map_err(text)?;
    Ok(())
}

#[cfg(test)]
mod tests {

    use plotters::style::IntoFont;
    use stone_game::Convention;

    use super::{MAX_HEAT_MAP_PNG, SCALE_WIDTH, picture_size};
    use crate::test_support::*;
    use crate::{FONT, Picture, palette, register_font};

    #[test]
    fn every_caption_fits_above_its_map() {
        // The longest captions, at limits around each change of the cells'
        // size: a caption centred above a map narrower than it is cut at
        // both ends.
        register_font().expect("the font");
        let font = (FONT, 26).into_font();
        for limit in [
            1,
            2,
            60,
            200,
            299,
            300,
            449,
            450,
            500,
            899,
            900,
            1500,
            MAX_HEAT_MAP_PNG,
        ] {
            let captions = [
                crate::grundy::grundy_text(limit, limit).caption,
                crate::remoteness::remoteness_text(limit, limit, Convention::Misere).caption,
                crate::partners::partners_text(limit, Convention::Misere).caption,
            ];
            let map = picture_size(limit).0 - SCALE_WIDTH;
            for caption in captions {
                let (width, _) = font.box_size(&caption).expect("a size");
                assert!(
                    width + 2 * 16 < map,
                    "{caption}: {width} pixels, the map {map}"
                );
            }
        }
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
        draw_to(Picture::Partners(&partners(n)), &file);
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
                hex(palette::partner(2 * i as u64 + 1, 512)),
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
}
