//! Every colour of the pictures, and which way their axes run: one palette,
//! so that a loss looks the same on every picture, and so that another
//! face of the game (the web explorer's map) can draw its maps alike.
//!
//! # Orientation
//!
//! A picture of the plane `{A, b, c}` puts `b` on the horizontal axis,
//! growing to the right, and `c` on the vertical axis, growing upward: the
//! origin `(0, 0)` is at the bottom left. The cell of `(b, c)` spans
//! `b..b + 1` across and `c..c + 1` up. The partners map does the same
//! with `a` across and `b` up.
//!
//! # Outcomes
//!
//! Losses are blue, wins orange: [`LOSE_SCALE`] and [`WIN_SCALE`], each from
//! its light end (a game over soonest, the least value) to its dark end.
//! Every colour of the losses' scale is darker than every colour of the
//! wins' (their luminances do not overlap: at most 101 against at least
//! 127 of 255), so a losing cell stands out among winning ones at every
//! limit, even one pixel wide; and blue against orange stays apart for the
//! common colour-blindnesses.
//!
//! - The remoteness map colours a loss in [`LOSE_SCALE`] and a win in
//!   [`WIN_SCALE`], each at its remoteness over the longest of its outcome
//!   on the map ([`remoteness`]).
//! - The Grundy map uses the same scale: value 0, a loss, in [`LOSING`],
//!   and every other value, a win, in [`WIN_SCALE`] at the value over the
//!   map's largest ([`grundy`]).
//! - The slice marks its losing positions in [`LOSING`]; the counts draw
//!   the count of losing positions in [`LOSING`] and S(l) in
//!   [`SUM_CURVE`].
//!
//! The partners map colours a pile, not an outcome: the partner `c` of
//! each pair, on the Viridis scale (plotters' `ViridisRGB`), from the
//! least partner (dark purple) to the largest (yellow).
//!
//! A colour at `t` of the way along a scale (`t` from 0 to 1) is each
//! channel `light + (dark - light) · t`, rounded ([`along`]).

/// A colour: red, green, blue.
pub type Rgb = [u8; 3];

/// The losing positions where no remoteness shades them: a slice's marks,
/// a Grundy value of 0, the count's curve. The dark end of [`LOSE_SCALE`].
pub const LOSING: Rgb = LOSE_SCALE[1];

/// The losses of the remoteness map, from the light end (lost soonest) to
/// the dark end (the longest resistance on the map).
pub const LOSE_SCALE: [Rgb; 2] = [[33, 113, 181], [8, 48, 107]];

/// The wins of the remoteness map and the Grundy values from 1, from the
/// light end (won soonest, or the least value) to the dark end (the
/// longest win, or the largest value on the map).
pub const WIN_SCALE: [Rgb; 2] = [[254, 230, 206], [241, 105, 19]];

/// The curve of S(l) on the counts picture.
pub const SUM_CURVE: Rgb = WIN_SCALE[1];

/// The colour `t` of the way along `scale`, from its light end (`t = 0`)
/// to its dark end (`t = 1`); `t` outside is held to the ends.
pub fn along(scale: [Rgb; 2], t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let [light, dark] = scale;
    let mix = |i: usize| {
        let (l, d) = (f64::from(light[i]), f64::from(dark[i]));
        (l + (d - l) * t).round() as u8
    };
    [mix(0), mix(1), mix(2)]
}

/// The share `n / most` of a scale, 0 when `most` is 0.
fn share(n: u64, most: u64) -> f64 {
    if most == 0 {
        0.0
    } else {
        n as f64 / most as f64
    }
}

/// The colour of a position of remoteness `remoteness` on a remoteness
/// map whose longest game of the position's outcome lasts `longest`:
/// [`LOSE_SCALE`] for a loss, [`WIN_SCALE`] for a win.
pub fn remoteness(losing: bool, remoteness: u32, longest: u32) -> Rgb {
    let scale = if losing { LOSE_SCALE } else { WIN_SCALE };
    along(scale, share(remoteness.into(), longest.into()))
}

/// The colour of a Grundy value on a map whose largest value is
/// `largest`: [`LOSING`] for 0, else [`WIN_SCALE`] at `value / largest`.
pub fn grundy(value: u32, largest: u32) -> Rgb {
    if value == 0 {
        LOSING
    } else {
        along(WIN_SCALE, share(value.into(), largest.into()))
    }
}

/// The colour of a partner `c` on a partners map whose largest partner is
/// `largest`: [`partner_scale`] at `c / largest`.
pub fn partner(c: u64, largest: u64) -> Rgb {
    partner_scale(share(c, largest))
}

/// The colour `t` of the way along the partners' scale, Viridis, from the
/// least partner (`t = 0`) to the largest (`t = 1`).
pub fn partner_scale(t: f64) -> Rgb {
    use plotters::prelude::{Color, ColorMap};
    use plotters::style::colors::colormaps::ViridisRGB;
    let (r, g, b) = ViridisRGB.get_color(t as f32).rgb();
    [r, g, b]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance, 0 to 255 (Rec. 709 weights, on the sRGB
    /// values as they are: a ranking, not a measure).
    fn luminance([r, g, b]: Rgb) -> f64 {
        0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b)
    }

    #[test]
    fn every_loss_is_darker_than_every_win() {
        let steps = (0..=100).map(|i| f64::from(i) / 100.0);
        let darkest_win = steps
            .clone()
            .map(|t| luminance(along(WIN_SCALE, t)))
            .fold(f64::INFINITY, f64::min);
        let lightest_loss = steps
            .map(|t| luminance(along(LOSE_SCALE, t)))
            .fold(0.0, f64::max);
        assert!(lightest_loss < 101.0, "{lightest_loss}");
        assert!(darkest_win > 127.0, "{darkest_win}");
        // The Grundy map's loss is the losses' darkest.
        assert!(luminance(LOSING) <= lightest_loss);
    }

    #[test]
    fn a_scale_runs_from_its_light_end_to_its_dark_end() {
        assert_eq!(along(WIN_SCALE, 0.0), WIN_SCALE[0]);
        assert_eq!(along(WIN_SCALE, 1.0), WIN_SCALE[1]);
        assert_eq!(along(WIN_SCALE, -1.0), WIN_SCALE[0]);
        assert_eq!(along(WIN_SCALE, 2.0), WIN_SCALE[1]);
        assert_eq!(along(WIN_SCALE, f64::NAN), WIN_SCALE[0]);
        // Halfway, each channel rounded: (254 + 241) / 2 = 247.5 rounds up.
        assert_eq!(along(WIN_SCALE, 0.5), [248, 168, 113]);
        assert_eq!(along(LOSE_SCALE, 0.25), [27, 97, 163]);
    }

    #[test]
    fn remoteness_and_grundy_values_share_the_scales() {
        assert_eq!(remoteness(true, 0, 10), LOSE_SCALE[0]);
        assert_eq!(remoteness(true, 10, 10), LOSE_SCALE[1]);
        assert_eq!(remoteness(true, 5, 10), along(LOSE_SCALE, 0.5));
        assert_eq!(remoteness(false, 9, 9), WIN_SCALE[1]);
        assert_eq!(remoteness(false, 3, 12), along(WIN_SCALE, 0.25));
        // A map whose games of an outcome all end at once.
        assert_eq!(remoteness(true, 0, 0), LOSE_SCALE[0]);
        assert_eq!(grundy(0, 7), LOSING);
        assert_eq!(grundy(7, 7), WIN_SCALE[1]);
        assert_eq!(grundy(1, 4), along(WIN_SCALE, 0.25));
        assert_eq!(grundy(0, 0), LOSING);
        assert_eq!(partner(0, 0), partner(0, 9));
        assert_ne!(partner(0, 9), partner(9, 9));
    }
}
