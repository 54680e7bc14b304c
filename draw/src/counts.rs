//! `Picture::Counts`: the count of losing positions and S(l) against l, on
//! log-log axes, each with its fitted power law.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::combinators::WithKeyPointMethod;
use plotters::prelude::*;
use stone_game::{Convention, Total};

use crate::palette::{LOSING, SUM_CURVE};
use crate::{DrawError, FONT, Paint, text};

/// The size of the counts picture, in pixels.
const COUNTS_SIZE: (u32, u32) = (1100, 800);

/// The colour of the count's curve.
const COUNT: RGBColor = RGBColor(LOSING[0], LOSING[1], LOSING[2]);

/// The colour of the S(l) curve.
const SUM: RGBColor = RGBColor(SUM_CURVE[0], SUM_CURVE[1], SUM_CURVE[2]);

/// The count of losing positions with `z <= l`, and S(l), for each `l`
/// given.
pub(crate) struct Counts {
    convention: Convention,
    limit: u64,
    counts: Vec<(f64, f64)>,
    sums: Vec<(f64, f64)>,
}

impl Counts {
    /// The curves of `totals`, in increasing limits from 1 up; their
    /// largest limit, at least 2, ends the axis.
    pub(crate) fn of(totals: &[Total]) -> Result<Counts, DrawError> {
        let (Some(first), Some(last)) = (totals.first(), totals.last()) else {
            return Err(DrawError::Unfit("counts of no limit"));
        };
        let increasing = totals.windows(2).all(|w| w[0].limit < w[1].limit);
        if first.limit < 1 || last.limit < 2 || !increasing {
            return Err(DrawError::Unfit(
                "counts unless their limits increase, from at least 1 to at least 2",
            ));
        }
        let mut counts = Vec::new();
        let mut sums = Vec::new();
        for total in totals {
            let l = total.limit as f64;
            counts.push((l, total.count as f64));
            // S(1) is 0: only (0, 0, 0) is losing so far, and no log of it.
            if total.sum > 0 {
                sums.push((l, total.sum as f64));
            }
        }
        Ok(Counts {
            convention: first.convention,
            limit: last.limit,
            counts,
            sums,
        })
    }
}

/// The exponent `k` and factor `f` of the least-squares fit `y ≈ f·x^k`, in
/// log-log space, over the points with `x` in the top nine tenths of the
/// range (in log terms, the tail that says how the curve grows).
fn fit_power_law(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let last = points.last()?.0;
    let tail: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x >= last / 10.0 && *x > 0.0 && *y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = tail.len() as f64;
    if tail.len() < 2 {
        return None;
    }
    let (mx, my) = (
        tail.iter().map(|p| p.0).sum::<f64>() / n,
        tail.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = tail.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = tail.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx == 0.0 {
        return None;
    }
    let k = sxy / sxx;
    Some((k, (my - k * mx).exp()))
}

/// The legend of a curve with its fitted exponent.
fn with_fit(name: &str, points: &[(f64, f64)]) -> String {
    match fit_power_law(points) {
        Some((k, f)) => format!("{name}  ≈ {f:.3} · l^{k:.3}"),
        None => name.to_string(),
    }
}

/// A log axis over `range` whose key points (its ticks, labels and grid
/// lines) are each given once. plotters 0.3.7 gives a decade's last light
/// point and the next decade's first bold one, the same number, both when
/// they meet (10 on an axis from 1 to 10): its label would be drawn twice.
fn log_axis(range: Range<f64>) -> WithKeyPointMethod<LogCoord<f64>> {
    let distinct = {
        let range = range.clone();
        move |hint: usize| {
            let axis: LogCoord<f64> = range.clone().log_scale().into();
            // Sorted, so that a point given twice is given in a row.
            let mut points = axis.key_points(hint);
            points.sort_by(f64::total_cmp);
            points.dedup();
            points
        }
    };
    range
        .log_scale()
        .with_key_point_func(distinct.clone())
        .with_light_point_func(distinct)
}

impl Paint for Counts {
    fn size(&self) -> (u32, u32) {
        COUNTS_SIZE
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(text)?;
        let top = self.sums.last().map_or(10.0, |p| p.1).max(10.0) * 2.0;
        let mut chart = ChartBuilder::on(root)
            .caption(
                format!(
                    "Growth of the {}losing positions to l = {} (log-log)",
                    crate::misere_word(self.convention, "misère "),
                    self.limit
                ),
                (FONT, 28),
            )
            .margin(24)
            .x_label_area_size(60)
            .y_label_area_size(90)
            .build_cartesian_2d(log_axis(1.0..self.limit as f64), log_axis(1.0..top))
            .map_err(text)?;
        chart
            .configure_mesh()
            .x_desc("l")
            .y_desc("count, S(l)")
            .label_style((FONT, 18))
            .axis_desc_style((FONT, 22))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| format!("{v:.0e}"))
            .bold_line_style(RGBColor(225, 225, 225))
            .light_line_style(RGBColor(245, 245, 245))
            .draw()
            .map_err(text)?;
        for (points, colour, name) in [
            (&self.counts, COUNT, "losing positions with z ≤ l"),
            (&self.sums, SUM, "S(l), the sum of x + y + z over them"),
        ] {
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    colour.stroke_width(3),
                ))
                .map_err(text)?
                .label(with_fit(name, points))
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 24, y)], colour.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 20))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(180, 180, 180))
            .margin(16)
            .draw()
            .map_err(text)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::fs;

    use stone_game::{EMBEDDED, LIMIT, Solver};

    use super::*;
    use crate::Picture;
    use crate::test_support::*;

    #[test]
    fn the_counts_show_their_fitted_exponents() {
        let scratch = scratch();
        let dir = scratch.path();
        let file = dir.join("counts.svg");
        // Within the tables at every limit the suite runs at (100 and up).
        let totals = totals(u64::from(LIMIT.min(300)));
        draw_to(Picture::Counts(&totals), &file);
        let text = fs::read_to_string(&file).unwrap();
        let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
        let texts: Vec<&str> = svg
            .descendants()
            .filter_map(|n| n.text())
            .map(str::trim)
            .collect();
        let exponent = |name: &str| -> f64 {
            let legend = texts
                .iter()
                .find(|t| t.starts_with(name))
                .unwrap_or_else(|| panic!("no legend {name:?} in {texts:?}"));
            legend
                .rsplit("l^")
                .next()
                .unwrap()
                .parse()
                .expect("an exponent")
        };
        // The fits approach 2 and 3 from below as the limit grows: 1.88 and
        // 2.90 at 100, 1.96 and 2.97 at 300.
        assert!((exponent("losing positions") - 2.0).abs() < 0.15);
        assert!((exponent("S(l)") - 3.0).abs() < 0.15);
        let png = dir.join("counts.png");
        draw_to(Picture::Counts(&totals), &png);
        let png = Png::read(&png);
        assert_eq!((png.width, png.height), COUNTS_SIZE);
    }

    /// Every label is drawn once: no two `text` elements say the same at
    /// the same place, and the axis from 1 to 10 is labelled 10 once.
    #[test]
    fn each_tick_label_is_drawn_once() {
        let scratch = scratch();
        for limit in [10, 20, 50, 100] {
            let file = scratch.path().join(format!("counts-{limit}.svg"));
            draw_to(Picture::Counts(&totals(limit)), &file);
            let text = fs::read_to_string(&file).unwrap();
            let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
            let labels: Vec<(&str, &str, &str)> = svg
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .map(|n| {
                    let at = |name| n.attribute(name).unwrap_or_default();
                    (at("x"), at("y"), n.text().unwrap_or_default().trim())
                })
                .collect();
            let distinct: BTreeSet<_> = labels.iter().collect();
            assert_eq!(distinct.len(), labels.len(), "{limit}: {labels:?}");
            if limit == 10 {
                let tens = labels.iter().filter(|l| l.2 == "10").count();
                assert_eq!(tens, 1, "{labels:?}");
            }
        }
    }

    /// The points of an SVG `polyline`.
    fn points(line: &BTreeMap<String, String>) -> Vec<(i32, i32)> {
        line["points"]
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn the_counts_curves_stay_in_the_plot_under_a_margin_and_their_keys_point_right() {
        let scratch = scratch();
        let dir = scratch.path();
        let file = dir.join("counts.svg");
        // Within the tables at every limit the suite runs at (100 and up).
        let limit = u64::from(LIMIT.min(300));
        draw_to(Picture::Counts(&totals(limit)), &file);
        let lines: Vec<_> = svg_elements(&file, "polyline");
        // The axes are the longest black lines: x from left to right at the
        // bottom, y from the bottom up to the top.
        let axis = |vertical: bool| {
            lines
                .iter()
                .filter(|l| l["stroke"] == "#000000")
                .map(points)
                .filter(|p| p.len() == 2 && (p[0].0 == p[1].0) == vertical)
                .max_by_key(|p| (p[0].0 - p[1].0).abs() + (p[0].1 - p[1].1).abs())
                .expect("an axis")
        };
        let (x_axis, y_axis) = (axis(false), axis(true));
        let (left, right) = (x_axis[0].0.min(x_axis[1].0), x_axis[0].0.max(x_axis[1].0));
        let (top, bottom) = (y_axis[0].1.min(y_axis[1].1), y_axis[0].1.max(y_axis[1].1));
        // Each curve (the count from l = 1, S(l) from l = 2: S(1) = 0 has no
        // log) and its key in the legend, a line 24 pixels long to the right.
        let mut curves = Vec::new();
        let count_blue = hex(LOSING);
        let sum_orange = hex(SUM_CURVE);
        for (colour, n) in [(&count_blue, limit), (&sum_orange, limit - 1)] {
            let mut mine: Vec<_> = lines
                .iter()
                .filter(|l| &l["stroke"] == colour)
                .map(points)
                .collect();
            mine.sort_by_key(Vec::len);
            let [key, curve] = &mine[..] else {
                panic!("{colour}: {mine:?}")
            };
            assert_eq!(key.len(), 2, "{colour}");
            assert_eq!((key[1].0 - key[0].0, key[1].1), (24, key[0].1), "{colour}");
            assert_eq!(curve.len() as u64, n, "{colour}");
            for &(x, y) in curve {
                assert!(
                    (left..=right).contains(&x) && (top..=bottom).contains(&y),
                    "{colour}: ({x}, {y}) outside {left}..{right} x {top}..{bottom}"
                );
            }
            curves.push(curve.clone());
        }
        // The y axis runs from 1 to twice the last S(l), in log: S(limit) sits
        // ln S / ln 2S of the way up.
        let s = EMBEDDED.losing_sum(u32::try_from(limit).unwrap()).unwrap() as f64;
        let (_, y) = *curves[1].last().unwrap();
        let up = f64::from(bottom - y) / f64::from(bottom - top);
        let expected = s.ln() / (2.0 * s).ln();
        assert!((up - expected).abs() < 0.005, "{up} {expected}");
    }

    #[test]
    fn a_power_law_is_fitted_exactly_over_the_top_nine_tenths() {
        // y = 3 x² from x = 10 to 100; the head (x < 10) and the points whose
        // log is undefined (y = 0 in the tail, x = 0 anywhere) are left out.
        let law = |x: f64| 3.0 * x * x;
        let mut points: Vec<(f64, f64)> = (1..=100)
            .map(f64::from)
            .map(|x| (x, if x < 10.0 { 1000.0 } else { law(x) }))
            .collect();
        points[49].1 = 0.0;
        let close = |fit: Option<(f64, f64)>| {
            let (k, f) = fit.expect("a fit");
            assert!((k - 2.0).abs() < 1e-9 && (f - 3.0).abs() < 1e-9, "{k} {f}");
        };
        close(fit_power_law(&points));
        // The two points of the least tail that fits a line.
        close(fit_power_law(&[(1.0, law(1.0)), (10.0, law(10.0))]));
        // A point at x = 0 last: the range is from 0, but its log is undefined.
        close(fit_power_law(&[
            (1.0, 3.0),
            (2.0, 12.0),
            (4.0, 48.0),
            (0.0, 5.0),
        ]));
        // No fit from fewer than two points, or from points at one x.
        assert_eq!(fit_power_law(&[]), None);
        assert_eq!(fit_power_law(&[(10.0, 300.0)]), None);
        assert_eq!(fit_power_law(&[(5.0, 1.0), (5.0, 2.0)]), None);
    }

    #[test]
    fn misere_counts_say_so_and_too_few_limits_are_refused() {
        let scratch = scratch();
        let tables = misere_tables(20);
        let misere = totals_from(
            &Solver::new(Convention::Misere)
                .with_tables(tables.as_tables())
                .unwrap(),
            20,
        );
        let file = scratch.path().join("misere.svg");
        draw_to(Picture::Counts(&misere), &file);
        let caption = "Growth of the misère losing positions to l = 20 (log-log)";
        assert!(fs::read_to_string(&file).unwrap().contains(caption));
        // The least that draws: limits 1 and 2.
        assert!(Counts::of(&totals(2)).is_ok());
        let normal = totals(5);
        let unfit = |totals: &[Total]| matches!(Counts::of(totals), Err(DrawError::Unfit(_)));
        assert!(unfit(&[]));
        assert!(unfit(&normal[..1]));
        assert!(unfit(&[normal[2], normal[1]]));
        assert!(unfit(&[normal[1], normal[1]]));
        let zero = Solver::new(Convention::Normal).total(0).unwrap();
        assert!(unfit(&[zero, normal[1]]));
    }
}
