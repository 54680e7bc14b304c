//! `draw`: pictures of the losing positions, as PNG or SVG.
//!
//! Four pictures, each drawn with plotters: a slice `{A, b, c}` of the
//! losing positions in the (b, c) plane, the partners of every pair as a
//! heat map, the growth of the count and of S(l) on log-log axes, and the
//! Grundy values of a slice as a heat map. Text is
//! set with ab_glyph in DejaVu Sans, which the `dejavu` crate embeds (the
//! Bitstream Vera licence with DejaVu's public-domain changes: free to
//! embed and redistribute), so no system font library is needed.
//!
//! A picture is written to a hidden temporary file beside its target and
//! renamed over it only when complete: a failure leaves no partial file.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use tempfile::NamedTempFile;

use stone_game::{GrundyTable, LIMIT, Tables};

use crate::args::Picture;
use crate::context::{Ctx, Failure};
use crate::runtime::{self, table_covering, table_to, view};

/// The size of the slice picture, in pixels, whatever its limit.
const SLICE_SIZE: (u32, u32) = (1000, 1000);

/// The size of the counts picture, in pixels.
const COUNTS_SIZE: (u32, u32) = (1100, 800);

/// The width of the partners picture's colour scale, beside the map.
const SCALE_WIDTH: u32 = 170;

/// The plot area of the partners map, in pixels (each cell at least one).
const PARTNERS_PLOT: u32 = 900;

/// The largest partners map drawn as PNG: (N+1)² cells of at least one
/// pixel each, about a 2100-pixel square picture.
const MAX_PARTNERS_PNG: u64 = 2000;

/// The largest partners map drawn as SVG: one rectangle per cell, so about
/// 40 000 of them and a few megabytes of text.
const MAX_PARTNERS_SVG: u64 = 200;

/// The font family every text of a picture uses.
const FONT: &str = "sans-serif";

/// The colour of the slice's marks and of the count's curve.
const MARK: RGBColor = RGBColor(31, 89, 168);

/// The colour of the S(l) curve.
const SUM: RGBColor = RGBColor(214, 96, 40);

/// The file formats, chosen by the extension of `-o`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Png,
    Svg,
}

impl Format {
    fn of(path: &Path) -> Result<Format, Failure> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            _ => Err(Failure::Usage(format!(
                "cannot tell the picture's format from '{}': name a .png or .svg file",
                path.display()
            ))),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// `draw slice A | partners | counts [--limit N] -o FILE`.
pub(crate) fn draw(ctx: &mut Ctx, picture: &Picture) -> Result<u8, Failure> {
    let (target, name, min_limit) = match picture {
        Picture::Slice { target, .. } => (target, "a slice", 1),
        Picture::Partners { target } => (target, "the partners map", 1),
        Picture::Counts { target } => (target, "the counts", 10),
        Picture::Grundy { target, .. } => (target, "the Grundy map", 1),
    };
    let format = Format::of(&target.output)?;
    let max_limit = match (picture, format) {
        (Picture::Partners { .. }, Format::Png) => MAX_PARTNERS_PNG,
        (Picture::Partners { .. }, Format::Svg) => MAX_PARTNERS_SVG,
        // One cell per pair, as the partners map; the Grundy values refuse
        // what they cannot compute.
        (Picture::Grundy { .. }, Format::Png) => u64::from(runtime::MAX_GRUNDY),
        (Picture::Grundy { .. }, Format::Svg) => MAX_PARTNERS_SVG,
        // Past the embedded tables, the runtime scan refuses what it cannot do.
        _ => u64::MAX,
    };
    let limit = target
        .limit
        .unwrap_or_else(|| u64::from(LIMIT).min(max_limit));
    if limit < min_limit {
        return Err(Failure::Usage(format!(
            "drawing {name} takes a limit of at least {min_limit}, not {limit}: give \
             --limit {min_limit} or more"
        )));
    }
    if limit > max_limit {
        return Err(Failure::Usage(format!(
            "{name} to {limit} is too large to draw as {}: the largest is {max_limit} \
             (one cell per pair)",
            format.extension().to_uppercase()
        )));
    }
    // Found unwritable before a long scan, not after.
    let file = PictureFile::create(&target.output, format)?;
    match picture {
        Picture::Slice { a, .. } => {
            let needed = (*a).max(limit);
            let what = format!("the slice {{{a}, b, c}} to {limit}");
            let table = table_covering(
                ctx,
                needed,
                false,
                || runtime::past_limit_note(needed),
                &what,
            )?;
            let slice = Slice::of(view(&table), *a, limit)?;
            file.render(&slice)?;
        }
        Picture::Partners { .. } => {
            let table = table_to(ctx, limit, false, &format!("the partners map to {limit}"))?;
            let map = PartnerMap::of(view(&table), limit)?;
            file.render(&map)?;
        }
        Picture::Counts { .. } => {
            let table = table_to(ctx, limit, false, &format!("the counts to {limit}"))?;
            let counts = Counts::of(view(&table), limit)?;
            file.render(&counts)?;
        }
        Picture::Grundy { a, .. } => {
            let what = format!("the Grundy map of {{{a}, b, c}} to {limit}");
            let table = runtime::grundy_table(ctx, (*a).max(limit), &what)?;
            let map = GrundyMap::of(&table, *a, limit)?;
            file.render(&map)?;
        }
    }
    file.persist()?;
    Ok(0)
}

/// A picture being written: a hidden temporary file beside the target,
/// deleted when dropped unless [`persist`](Self::persist) has renamed it
/// over the target. Beside it, so that the rename stays on one file system.
struct PictureFile {
    target: PathBuf,
    temporary: NamedTempFile,
    format: Format,
}

impl PictureFile {
    /// The temporary file, created now so that an unwritable target is found
    /// before a long scan, not after. Only the file system refuses here:
    /// exit code 1.
    fn create(target: &Path, format: Format) -> Result<PictureFile, Failure> {
        let name = target
            .file_name()
            .ok_or_else(|| Failure::Usage(format!("'{}' names no file", target.display())))?;
        if target.is_dir() {
            return Err(cannot_write(target, "it is a directory"));
        }
        let directory = directory_of(target);
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        // The extension stays last: the PNG encoder picks its format by it.
        let suffix = format!(".partial.{}", format.extension());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(&suffix);
        // A picture is a document, not a secret: it gets the permissions of
        // any new file (0666 less the umask), not a temporary file's 0600.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temporary = builder
            .tempfile_in(directory)
            .map_err(|e| cannot_write(target, without_temporary_path(&e)))?;
        Ok(PictureFile {
            target: target.to_path_buf(),
            temporary,
            format,
        })
    }

    /// Draws `picture` into the temporary file.
    fn render(&self, picture: &impl Paint) -> Result<(), Failure> {
        register_font()?;
        let size = picture.size();
        let path = self.temporary.path();
        let drawn = match self.format {
            Format::Png => {
                let root = BitMapBackend::new(path, size).into_drawing_area();
                picture
                    .paint(&root)
                    .and_then(|()| root.present().map_err(|e| e.to_string()))
            }
            Format::Svg => {
                let root = SVGBackend::new(path, size).into_drawing_area();
                picture
                    .paint(&root)
                    .and_then(|()| root.present().map_err(|e| e.to_string()))
            }
        };
        drawn.map_err(|e| Failure::Output(format!("cannot draw '{}': {e}", self.target.display())))
    }

    /// Renames the finished picture over the target.
    fn persist(self) -> Result<(), Failure> {
        self.temporary
            .persist(&self.target)
            .map(drop)
            .map_err(|e| cannot_write(&self.target, e.error))
    }
}

/// The directory `target` is written in: a bare file name's is the working
/// directory.
fn directory_of(target: &Path) -> &Path {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// An error of `tempfile`'s without the `at path "..."` it appends: the
/// temporary file's random name means nothing to the user, who named the
/// target.
fn without_temporary_path(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at path ") {
        Some(end) => text[..end].to_string(),
        None => text,
    }
}

/// The failure to write `target`: exit code 1.
fn cannot_write(target: &Path, why: impl std::fmt::Display) -> Failure {
    Failure::Output(format!("cannot write '{}': {why}", target.display()))
}

/// Registers DejaVu Sans as the font of every picture, once per process.
fn register_font() -> Result<(), Failure> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(Failure::Internal("the embedded font does not load".into()))
    }
}

/// A picture that plotters can draw on any backend.
trait Paint {
    /// Its size in pixels.
    fn size(&self) -> (u32, u32);
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// A plotters error as text.
fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// An axis label for whole numbers only: a limit of a few gives ticks between them.
fn whole(v: &f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The losing positions `{a, b, c}` with `b, c <= limit`, as `(b, c)`.
struct Slice {
    a: u64,
    limit: u64,
    marks: Vec<(u64, u64)>,
}

impl Slice {
    fn of(tables: Tables, a: u64, limit: u64) -> Result<Slice, Failure> {
        let mut marks = Vec::new();
        for b in 0..=limit {
            let c = tables.partner(a, b).ok_or_else(|| {
                Failure::Internal(format!("the tables lack the partner of ({a}, {b})"))
            })?;
            if c <= limit {
                marks.push((b, c));
            }
        }
        Ok(Slice { a, limit, marks })
    }
}

/// The axes of a slice picture: where its marks go.
fn slice_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    a: u64,
    limit: u64,
) -> Result<Chart<'a, DB>, String> {
    let caption = if a == 0 {
        format!("Losing positions {{0, b, c}}, b, c ≤ {limit}: Wythoff's game")
    } else {
        format!("Losing positions {{{a}, b, c}}, b, c ≤ {limit}")
    };
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
        let mut chart = slice_chart(root, self.a, self.limit)?;
        let radius = mark_radius(self.limit);
        chart
            .draw_series(
                self.marks
                    .iter()
                    .map(|&(b, c)| Circle::new((b as f64, c as f64), radius, MARK.filled())),
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

/// The partner of every pair `(a, b)` with `a, b <= limit`.
struct PartnerMap {
    limit: u64,
    /// Row `a`, column `b`: the partner of `(a, b)`.
    partners: Vec<u64>,
    largest: u64,
}

impl PartnerMap {
    fn of(tables: Tables, limit: u64) -> Result<PartnerMap, Failure> {
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

/// The side of one cell of the partners map, in pixels.
fn cell_pixels(limit: u64) -> u32 {
    u32::try_from(u64::from(PARTNERS_PLOT) / (limit + 1))
        .unwrap_or(1)
        .max(1)
}

/// The size of the partners picture: its plot area, fitted to whole cells,
/// with room for the title, the labels and the colour scale.
fn partners_size(limit: u64) -> (u32, u32) {
    let plot = u32::try_from((limit + 1) * u64::from(cell_pixels(limit))).unwrap_or(u32::MAX);
    let plot = plot.min(PARTNERS_PLOT.max(MAX_PARTNERS_PNG as u32 + 1));
    (plot + 140 + SCALE_WIDTH, plot + 140)
}

/// The words of a heat map (the partners map, the Grundy map): its
/// caption, the names of its axes and the title of its colour scale. Its
/// layout is the same whatever they say.
struct HeatMapText {
    caption: String,
    axes: (&'static str, &'static str),
    scale: &'static str,
}

/// The words of the partners map.
fn partners_text(limit: u64) -> HeatMapText {
    HeatMapText {
        caption: format!("The partner c of every pair (a, b), a, b ≤ {limit}"),
        axes: ("a", "b"),
        scale: "c",
    }
}

/// The axes of a heat map of one cell per pair up to `limit`, left of its
/// colour scale.
fn heat_map_chart<'a, DB: DrawingBackend>(
    map_area: &'a DrawingArea<DB, Shift>,
    limit: u64,
    words: &HeatMapText,
) -> Result<Chart<'a, DB>, String> {
    let edge = limit as f64 + 1.0;
    let mut chart = ChartBuilder::on(map_area)
        .caption(&words.caption, (FONT, 26))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..edge, 0.0..edge)
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

/// The colour of a partner `value` on the map's scale, from 0 to `largest`.
fn partner_colour(value: u64, largest: u64) -> (u8, u8, u8) {
    let h = if largest == 0 {
        0.0
    } else {
        value as f32 / largest as f32
    };
    ViridisRGB.get_color(h).rgb()
}

impl Paint for PartnerMap {
    fn size(&self) -> (u32, u32) {
        partners_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let colours = self
            .partners
            .iter()
            .map(|&c| partner_colour(c, self.largest));
        let words = partners_text(self.limit);
        paint_heat_map(root, self.limit, &words, colours, self.largest)
    }
}

/// A heat map of one cell per pair `(u, v)` up to `limit`, coloured by
/// `colours` row by row of `u`, with its colour scale from 0 to `largest`.
fn paint_heat_map<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    limit: u64,
    words: &HeatMapText,
    colours: impl Iterator<Item = (u8, u8, u8)>,
    largest: u64,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let (map_area, scale_area) = root.split_horizontally(partners_size(limit).0 - SCALE_WIDTH);
    let mut chart = heat_map_chart(&map_area, limit, words)?;
    let side = limit + 1;
    let cells = colours.enumerate().map(|(i, (r, g, b))| {
        let (u, v) = ((i as u64 / side) as f64, (i as u64 % side) as f64);
        Rectangle::new([(u, v), (u + 1.0, v + 1.0)], RGBColor(r, g, b).filled())
    });
    chart.draw_series(cells).map_err(text)?;
    paint_colour_scale(&scale_area, largest, words.scale)
}

/// The colour scale of a heat map: a bar of the colours of
/// [`partner_colour`] with the values from 0 to `largest` they stand for,
/// under the title `label`.
fn paint_colour_scale<DB: DrawingBackend>(
    scale_area: &DrawingArea<DB, Shift>,
    largest: u64,
    label: &str,
) -> Result<(), String> {
    let top = largest.max(1) as f64;
    let mut scale = ChartBuilder::on(scale_area)
        .caption(label, (FONT, 22))
        .margin_top(16 + 26)
        .margin_bottom(16 + 50)
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
    const STEPS: u32 = 256;
    scale
        .draw_series((0..STEPS).map(|i| {
            let (lo, hi) = (
                f64::from(i) / f64::from(STEPS),
                f64::from(i + 1) / f64::from(STEPS),
            );
            let (r, g, b) = ViridisRGB.get_color(((lo + hi) / 2.0) as f32).rgb();
            Rectangle::new(
                [(0.0, lo * top), (1.0, hi * top)],
                RGBColor(r, g, b).filled(),
            )
        }))
        .map_err(text)?;
    Ok(())
}

/// The Grundy values of the slice `{a, b, c}` with `b, c <= limit`.
struct GrundyMap {
    a: u64,
    limit: u64,
    /// Row `b`, column `c`: the value of `{a, b, c}`.
    values: Vec<u32>,
    largest: u32,
}

impl GrundyMap {
    fn of(table: &GrundyTable, a: u64, limit: u64) -> Result<GrundyMap, Failure> {
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
/// losing positions stand out; else the colour of [`partner_colour`].
fn grundy_colour(value: u32, largest: u32) -> (u8, u8, u8) {
    if value == 0 {
        (0, 0, 0)
    } else {
        partner_colour(u64::from(value), u64::from(largest))
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
        partners_size(self.limit)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let colours = self.values.iter().map(|&v| grundy_colour(v, self.largest));
        let words = grundy_text(self.a, self.limit);
        paint_heat_map(root, self.limit, &words, colours, u64::from(self.largest))
    }
}

/// The count of losing positions with `z <= l`, and S(l), for `l` from 1.
struct Counts {
    limit: u64,
    counts: Vec<(f64, f64)>,
    sums: Vec<(f64, f64)>,
}

impl Counts {
    fn of(tables: Tables, limit: u64) -> Result<Counts, Failure> {
        let lacks = |l: u64| Failure::Internal(format!("the tables lack the totals to {l}"));
        let mut counts = Vec::new();
        let mut sums = Vec::new();
        for l in 1..=limit {
            let count = tables.losing_count(l).ok_or_else(|| lacks(l))?;
            let sum = tables.losing_sum(l).ok_or_else(|| lacks(l))?;
            counts.push((l as f64, count as f64));
            // S(1) is 0: only (0, 0, 0) is losing so far, and no log of it.
            if sum > 0 {
                sums.push((l as f64, sum as f64));
            }
        }
        Ok(Counts {
            limit,
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
                    "Growth of the losing positions to l = {} (log-log)",
                    self.limit
                ),
                (FONT, 28),
            )
            .margin(24)
            .x_label_area_size(60)
            .y_label_area_size(90)
            .build_cartesian_2d((1.0..self.limit as f64).log_scale(), (1.0..top).log_scale())
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
            (&self.counts, MARK, "losing positions with z ≤ l"),
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
mod tests;
