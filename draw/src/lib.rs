//! Pictures of the three-pile stone game's answers, as PNG or SVG, drawn
//! with plotters.
//!
//! The crate draws what it is given and computes no game data: the
//! answers come from the `stone-game` library's
//! [`Solver`](stone_game::Solver), in either convention, and each picture
//! names the convention its answer is in.
//!
//! | picture | module | what it draws |
//! |---|---|---|
//! | [`Picture::Slice`] | `slice` | a [`Slice`]: the losing positions `{A, b, c}` as marks in the (b, c) plane |
//! | [`Picture::Partners`] | `partners` | a [`PartnerMap`]: the partner of every pair `(a, b)`, as a heat map |
//! | [`Picture::Counts`] | `counts` | [`Total`]s: the count of losing positions and S(l) against l, on log-log axes |
//! | [`Picture::Grundy`] | `grundy` | a [`GrundyMap`]: the Grundy values of `{A, b, c}`, as a heat map |
//! | [`Picture::Remoteness`] | `remoteness` | a [`RemotenessMap`]: the outcome and remoteness of `{A, b, c}` |
//!
//! The heat maps share their layout and colour scales (`heat_map`); every
//! colour is in [`palette`], which also says which way the axes run.
//! Text is set with ab_glyph in DejaVu Sans, which the `dejavu` crate
//! embeds (the Bitstream Vera licence with DejaVu's public-domain changes:
//! free to embed and redistribute), so no system font library is needed.
//!
//! A picture is written, in the [`Format`] its target's extension names
//! (`format`), to a hidden temporary file beside its target and renamed
//! over it only when complete: a failure leaves no partial file
//! ([`PictureFile`]). Whatever stops a picture is a [`DrawError`]
//! (`error`), which tells the caller's mistakes from a file system that
//! refuses.
//!
//! ```no_run
//! use stone_game::{Convention, Solver};
//! use stone_game_draw::{Picture, PictureFile};
//!
//! let slice = Solver::new(Convention::Normal).slice(0, 100)?;
//! PictureFile::create("slice-0.png".as_ref())?.draw(Picture::Slice(&slice))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod counts;
mod error;
mod file;
mod format;
mod grundy;
mod heat_map;
pub mod palette;
mod partners;
mod remoteness;
mod slice;
#[cfg(test)]
mod test_support;

use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use stone_game::{GrundyMap, RemotenessMap, Slice, Total};

pub use error::DrawError;
pub use file::PictureFile;
pub use format::{Format, MAX_HEAT_MAP_PNG, MAX_HEAT_MAP_SVG, UnknownFormat};
pub use partners::PartnerMap;

/// A picture to draw, and the answer it draws.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Picture<'a> {
    /// The losing positions of a slice `{A, b, c}`, as marks.
    Slice(&'a Slice),
    /// The partner of every pair, as a heat map.
    Partners(&'a PartnerMap),
    /// The count of losing positions and S(l) against l, one [`Total`] a
    /// point (S(l) from its first positive sum), in increasing `l`; the
    /// first total's convention names the picture's.
    Counts(&'a [Total]),
    /// The Grundy values of a slice, as a heat map.
    Grundy(&'a GrundyMap),
    /// The outcome and remoteness of a slice, as a heat map.
    Remoteness(&'a RemotenessMap),
}

/// The font family every text of a picture uses.
const FONT: &str = "sans-serif";

/// Registers DejaVu Sans as the font of every picture, once per process.
fn register_font() -> Result<(), DrawError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
    });
    if ok { Ok(()) } else { Err(DrawError::Font) }
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
/// plotters steps its ticks by adding a fraction, so a tick meant to be 0
/// or 1 can be a hair off it (at a limit of 1, 0 came as -5.6e-17 and no
/// tick had a number).
fn whole(v: &f64) -> String {
    let nearest = v.round();
    if (v - nearest).abs() < 1e-9 {
        // `+ 0.0` makes -0 a 0.
        format!("{:.0}", nearest + 0.0)
    } else {
        String::new()
    }
}

/// The misère game's word in a caption: empty in normal play.
fn misere_word(convention: stone_game::Convention, word: &'static str) -> &'static str {
    match convention {
        stone_game::Convention::Normal => "",
        stone_game::Convention::Misere => word,
    }
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

#[cfg(test)]
mod tests {
    use std::process::Command;

    use stone_game::Convention;

    use super::*;

    #[test]
    fn only_whole_ticks_are_numbered_however_they_were_reached() {
        assert_eq!(whole(&3.0), "3");
        assert_eq!(whole(&0.0), "0");
        assert_eq!(whole(&-0.0), "0");
        assert_eq!(whole(&(0.1 + 0.2 - 0.3)), "0");
        assert_eq!(whole(&(0.3 - 0.1 - 0.2)), "0");
        assert_eq!(whole(&(0.7 + 0.1 + 0.2)), "1");
        assert_eq!(whole(&1e6), "1000000");
        for fraction in [0.5, 0.2, -0.4, 1.0001, 2.999, 1e-9] {
            assert_eq!(whole(&fraction), "", "{fraction}");
        }
    }
    use crate::test_support::*;

    /// Set in the process of its own that
    /// `a_picture_plotters_cannot_draw_fails_with_plotters_reason` runs.
    const CHILD: &str = "STONE_GAME_DRAW_NO_FONT_CHILD";

    /// That test's name, by which the test binary runs it alone.
    const NO_FONT_TEST: &str = "tests::a_picture_plotters_cannot_draw_fails_with_plotters_reason";

    #[test]
    fn a_picture_plotters_cannot_draw_fails_with_plotters_reason() {
        // The only failure plotters has with these backends is a missing font,
        // which `render` rules out by registering it first. So the test runs
        // itself again, alone in a process of its own, where nothing has
        // registered the font: there each picture fails to paint, and says why
        // in plotters' words (through `text`).
        if std::env::var_os(CHILD).is_some() {
            paint_without_the_font();
            return;
        }
        let output = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", NO_FONT_TEST, "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "the child failed: {stdout}");
        assert!(stdout.contains("1 passed"), "{stdout}");
    }

    /// Every picture, painted in a process that never registered the font.
    fn paint_without_the_font() {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (400, 400)).into_drawing_area();
        let counts = counts::Counts::of(&totals(10)).unwrap();
        for painted in [
            slice(0, 3).paint(&root),
            partners(1).paint(&root),
            counts.paint(&root),
            grundy(0, 3).paint(&root),
            remoteness(0, 3, Convention::Normal).paint(&root),
        ] {
            let error = painted.expect_err("no font, no picture");
            assert!(error.contains("FontUnavailable"), "{error}");
        }
    }
}
