//! `draw remoteness A`: the outcome and remoteness of the slice `{A, b, c}`,
//! as a heat map in two scales: the losing positions in blues, the winning
//! ones in oranges, darker the longer the game lasts.

use plotters::coord::Shift;
use plotters::prelude::*;
use stone_game::{Outcome, RemotenessTable, Value};

use super::heat_map::{HeatMapText, MAP_MARGINS, paint_cells, paint_colour_scale, picture_size};
use super::{Failure, Paint};

/// The remoteness of the slice `{a, b, c}` with `b, c <= limit`.
pub(super) struct RemotenessMap {
    a: u64,
    limit: u64,
    misere: bool,
    /// Row `b`, column `c`: the value of `{a, b, c}`.
    values: Vec<Value>,
    /// The greatest remoteness of a losing and of a winning position.
    longest: Longest,
}

/// The greatest remoteness of each outcome on a map: the dark end of its
/// scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Longest {
    lose: u32,
    win: u32,
}

impl RemotenessMap {
    pub(super) fn of(
        table: &RemotenessTable,
        a: u64,
        limit: u64,
    ) -> Result<RemotenessMap, Failure> {
        let mut values = Vec::new();
        let mut longest = Longest::default();
        for b in 0..=limit {
            for c in 0..=limit {
                let value = table.value(a, b, c).ok_or_else(|| {
                    Failure::unanswered(&format!("the remoteness of ({a}, {b}, {c})"))
                })?;
                let most = match value.outcome {
                    Outcome::Lose => &mut longest.lose,
                    Outcome::Win => &mut longest.win,
                };
                *most = (*most).max(value.remoteness);
                values.push(value);
            }
        }
        Ok(RemotenessMap {
            a,
            limit,
            misere: table.convention() == stone_game::Convention::Misere,
            values,
            longest,
        })
    }
}

/// The blues of the losing positions, from light (a short game) to dark.
const LOSE_SCALE: [(u8, u8, u8); 2] = [(198, 219, 239), (8, 48, 107)];
/// The oranges of the winning positions, from light (a short game) to dark.
const WIN_SCALE: [(u8, u8, u8); 2] = [(253, 208, 162), (127, 39, 4)];

/// The colour `h` of the way from the light to the dark end of `scale`.
fn blend([light, dark]: [(u8, u8, u8); 2], h: f32) -> (u8, u8, u8) {
    let h = h.clamp(0.0, 1.0);
    let mix = |l: u8, d: u8| (f32::from(l) + (f32::from(d) - f32::from(l)) * h).round() as u8;
    (
        mix(light.0, dark.0),
        mix(light.1, dark.1),
        mix(light.2, dark.2),
    )
}

/// The scale of `outcome`.
fn scale_of(outcome: Outcome) -> [(u8, u8, u8); 2] {
    match outcome {
        Outcome::Lose => LOSE_SCALE,
        Outcome::Win => WIN_SCALE,
    }
}

/// The colour of `value` on a map whose longest games are `longest`.
fn remoteness_colour(value: Value, longest: Longest) -> (u8, u8, u8) {
    let most = match value.outcome {
        Outcome::Lose => longest.lose,
        Outcome::Win => longest.win,
    };
    let h = if most == 0 {
        0.0
    } else {
        value.remoteness as f32 / most as f32
    };
    blend(scale_of(value.outcome), h)
}

/// The words of the remoteness map of `{a, b, c}`.
fn remoteness_text(a: u64, limit: u64, misere: bool) -> HeatMapText {
    let game = if misere {
        "Misère remoteness"
    } else {
        "Remoteness"
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
        let words = remoteness_text(self.a, self.limit, self.misere);
        let colours = self
            .values
            .iter()
            .map(|&v| remoteness_colour(v, self.longest));
        let scale_area = paint_cells(root, self.limit, &words, colours)?;
        // The wins' scale above the losses', together as high as the map.
        let (wins, losses) = scale_area.split_vertically(picture_size(self.limit).1 / 2);
        let (above, below) = MAP_MARGINS;
        let win = |h: f32| blend(WIN_SCALE, h);
        let lose = |h: f32| blend(LOSE_SCALE, h);
        let win_max = u64::from(self.longest.win);
        let lose_max = u64::from(self.longest.lose);
        paint_colour_scale(&wins, win_max, "win in", &win, (above, 16))?;
        paint_colour_scale(&losses, lose_max, "lose in", &lose, (16, below))
    }
}

#[cfg(test)]
mod tests {
    use stone_game::{Convention, EMBEDDED, ScannedTables};

    use super::*;
    use crate::commands::draw::test_support::*;

    #[test]
    fn a_remoteness_png_has_each_cells_colour_and_blue_exactly_at_the_losing_positions() {
        let scratch = scratch();
        let dir = scratch.path();
        let misere = ScannedTables::scan_misere(40).unwrap();
        for (a, n, convention) in [
            (0, 60, Convention::Normal),
            (5, 40, Convention::Normal),
            (0, 40, Convention::Misere),
        ] {
            let file = dir.join(format!("remoteness-{a}.png"));
            let mut picture = vec!["remoteness".to_string(), a.to_string()];
            if convention == Convention::Misere {
                picture.push("--misere".into());
            }
            let picture: Vec<&str> = picture.iter().map(String::as_str).collect();
            draw_to(&picture, n, &file);
            let png = Png::read(&file);
            let table = RemotenessTable::compute(n as u32, convention).unwrap();
            let map = RemotenessMap::of(&table, a, n).unwrap();
            let pairs: Vec<(u64, u64)> =
                (0..=n).flat_map(|b| (0..=n).map(move |c| (b, c))).collect();
            let text = remoteness_text(a, n, convention == Convention::Misere);
            let pixels = heat_map_cell_pixels(n, &text, &pairs).expect("a layout");
            let mut blue = 0;
            for (&(b, c), &at) in pairs.iter().zip(&pixels) {
                let value = table.value(a, b, c).unwrap();
                let (r, g, bl) = remoteness_colour(value, map.longest);
                assert_eq!(png.at(at), [r, g, bl], "{{{a}, {b}, {c}}}");
                // Blue (more blue than red) exactly at the losing positions.
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
    fn the_two_scales_run_from_light_to_dark_and_never_meet() {
        let longest = Longest { lose: 10, win: 9 };
        let at = |outcome, remoteness| {
            remoteness_colour(
                Value {
                    outcome,
                    remoteness,
                },
                longest,
            )
        };
        assert_eq!(at(Outcome::Lose, 0), LOSE_SCALE[0]);
        assert_eq!(at(Outcome::Lose, 10), LOSE_SCALE[1]);
        assert_eq!(at(Outcome::Win, 0), WIN_SCALE[0]);
        assert_eq!(at(Outcome::Win, 9), WIN_SCALE[1]);
        for r in 0..=10 {
            let (red, _, blue) = at(Outcome::Lose, r);
            assert!(blue > red, "{r}");
            let (red, _, blue) = at(Outcome::Win, r.min(9));
            assert!(red > blue, "{r}");
        }
    }

    #[test]
    fn an_svg_has_one_cell_per_pair_and_both_scales() {
        let scratch = scratch();
        let file = scratch.path().join("remoteness.svg");
        let n = 20;
        draw_to(&["remoteness", "2"], n, &file);
        assert_eq!(
            count_tags(&file, "rect"),
            (n as usize + 1).pow(2) + 2 * 256 + 1
        );
    }
}
