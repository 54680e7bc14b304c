//! `Picture::Remoteness`: the outcome and remoteness of the slice
//! `{A, b, c}`, as a heat map in the palette's two scales: the losing
//! positions in blues, the winning ones in oranges, darker the longer the
//! game lasts.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::{Convention, RemotenessMap};

use crate::heat_map::{HeatMapText, MAP_MARGINS, paint_cells, paint_colour_scale, picture_size};
use crate::palette::{self, LOSE_SCALE, Rgb, WIN_SCALE, along};
use crate::{FONT, Paint, text};

/// The greatest remoteness of each outcome on a map: the dark end of its
/// scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Longest {
    lose: u32,
    win: u32,
}

/// Each point of `map`, row by row of `b`: whether it is lost, and its
/// remoteness.
fn points(map: &RemotenessMap) -> impl Iterator<Item = (bool, u32)> + '_ {
    map.remoteness.rows().zip(0u64..).flat_map(move |(row, b)| {
        row.iter()
            .zip(0u64..)
            .map(move |(&r, c)| (map.is_losing(b, c) == Some(true), r))
    })
}

/// The longest game of each outcome on `map`.
fn longest(map: &RemotenessMap) -> Longest {
    points(map).fold(Longest::default(), |most, (losing, r)| match losing {
        true => Longest {
            lose: most.lose.max(r),
            ..most
        },
        false => Longest {
            win: most.win.max(r),
            ..most
        },
    })
}

/// The colour of a point on a map whose longest games are `longest`.
fn colour((losing, r): (bool, u32), longest: Longest) -> Rgb {
    let most = if losing { longest.lose } else { longest.win };
    palette::remoteness(losing, r, most)
}

/// The words of the remoteness map of `{a, b, c}`.
pub(crate) fn remoteness_text(a: u64, limit: u64, convention: Convention) -> HeatMapText {
    let game = match convention {
        Convention::Normal => "Remoteness",
        Convention::Misere => "Misère remoteness",
    };
    HeatMapText {
        caption: format!("{game} of {{{a}, b, c}}, b, c ≤ {limit}"),
        axes: ("b", "c"),
        scale: "moves",
    }
}

impl Paint for RemotenessMap {
    fn size(&self) -> (u32, u32) {
        picture_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let words = remoteness_text(self.a, self.limit, self.convention);
        let longest = longest(self);
        let colours = points(self).map(|p| colour(p, longest));
        let scale_area = paint_cells(root, self.limit, &words, colours)?;
        // The wins' scale above the losses', together as high as the map.
        let (wins, losses) = scale_area.split_vertically(picture_size(self.limit).1 / 2);
        let (above, below) = MAP_MARGINS;
        let win = |t: f64| along(WIN_SCALE, t);
        let lose = |t: f64| along(LOSE_SCALE, t);
        let win_max = u64::from(longest.win);
        let lose_max = u64::from(longest.lose);
        paint_colour_scale(&wins, win_max, "win in", &win, (above, 16))?;
        if points(self).any(|(losing, _)| losing) {
            return paint_colour_scale(&losses, lose_max, "lose in", &lose, (16, below));
        }
        // A plane with no loss in it says so where the losses' scale would
        // stand, rather than a scale that colours none of its cells.
        let style = TextStyle::from((FONT, 22)).color(&BLACK);
        losses
            .draw_text("lose in: none", &style, (10, 16))
            .map_err(text)
    }
}

#[cfg(test)]
mod tests {
    use stone_game::{EMBEDDED, Outcome, RemotenessTable};

    use super::*;
    use crate::Picture;
    use crate::test_support::*;

    #[test]
    fn a_remoteness_png_has_each_cells_colour_and_blue_exactly_at_the_losing_positions() {
        let scratch = scratch();
        let dir = scratch.path();
        let misere = misere_tables(60);
        for (a, n, convention) in [
            (0, 60, Convention::Normal),
            (5, 40, Convention::Normal),
            (0, 40, Convention::Misere),
            (4, 30, Convention::Misere),
        ] {
            let file = dir.join(format!("remoteness-{a}.png"));
            let map = remoteness(a, n, convention);
            draw_to(Picture::Remoteness(&map), &file);
            let png = Png::read(&file);
            let table = RemotenessTable::compute(n.max(a) as u32, convention).unwrap();
            let longest = longest(&map);
            let pairs = all_pairs(n);
            let text = remoteness_text(a, n, convention);
            let pixels = heat_map_cell_pixels(n, &text, &pairs).expect("a layout");
            let mut blue = 0;
            for (&(b, c), &at) in pairs.iter().zip(&pixels) {
                let value = table.value(a, b, c).unwrap();
                let lost = value.outcome == Outcome::Lose;
                let expected = colour((lost, value.remoteness), longest);
                assert_eq!(png.at(at), expected, "{{{a}, {b}, {c}}}");
                // Blue (more blue than red) exactly at the losing positions of
                // the tables, a scan that knows nothing of remoteness.
                let losing = match convention {
                    Convention::Normal => EMBEDDED.is_losing(a, b, c),
                    Convention::Misere => misere.as_tables().is_losing(a, b, c),
                } == Some(true);
                assert_eq!(png.at(at)[2] > png.at(at)[0], losing, "{{{a}, {b}, {c}}}");
                blue += usize::from(losing);
            }
            if convention == Convention::Normal {
                assert_eq!(blue, slice_pairs(a, n).len(), "{a}");
            }
        }
    }

    #[test]
    fn the_longest_game_of_each_outcome_sets_the_dark_end_of_its_scale() {
        let map = remoteness(0, 30, Convention::Normal);
        let longest = longest(&map);
        let mut most = Longest::default();
        for b in 0..=30 {
            for c in 0..=30 {
                let r = map.remoteness.get(b, c).unwrap();
                match map.is_losing(b, c).unwrap() {
                    true => most.lose = most.lose.max(r),
                    false => most.win = most.win.max(r),
                }
            }
        }
        assert_eq!(longest, most);
        assert!(
            longest.lose > 0 && longest.win > longest.lose,
            "{longest:?}"
        );
        assert_eq!(colour((true, longest.lose), longest), LOSE_SCALE[1]);
        assert_eq!(colour((false, longest.win), longest), WIN_SCALE[1]);
        assert_eq!(colour((true, 0), longest), LOSE_SCALE[0]);
    }

    #[test]
    fn an_svg_has_one_cell_per_pair_and_both_scales() {
        let scratch = scratch();
        let file = scratch.path().join("remoteness.svg");
        let n = 20;
        let map = remoteness(2, n, Convention::Misere);
        draw_to(Picture::Remoteness(&map), &file);
        assert_eq!(
            count_tags(&file, "rect"),
            (n as usize + 1).pow(2) + 2 * 256 + 1
        );
        let caption = "Misère remoteness of {2, b, c}, b, c ≤ 20";
        assert!(std::fs::read_to_string(&file).unwrap().contains(caption));
        assert!(svg_texts(&file).contains(&"lose in".to_string()));
    }

    /// A plane with no loss in it (every partner of `{60, b}` past 20)
    /// says so over the losses' scale.
    #[test]
    fn a_map_without_a_loss_says_so_over_the_losses_scale() {
        let scratch = scratch();
        let file = scratch.path().join("remoteness.svg");
        let map = remoteness(60, 20, Convention::Normal);
        assert!((0..=20).all(|b| (0..=20).all(|c| map.is_losing(b, c) == Some(false))));
        draw_to(Picture::Remoteness(&map), &file);
        let texts = svg_texts(&file);
        assert!(texts.contains(&"lose in: none".to_string()), "{texts:?}");
        assert!(!texts.contains(&"lose in".to_string()), "{texts:?}");
    }
}
