//! Why a picture was not drawn.

use std::path::PathBuf;

use crate::format::{Format, UnknownFormat};

/// Why a picture was not drawn. [`is_bad_input`](Self::is_bad_input)
/// tells the caller's mistakes (a target or an answer the crate cannot
/// draw) from a file system that refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawError {
    /// The target's extension is neither `.png` nor `.svg` (or it names no
    /// file: `..`, a path ending in `/`).
    UnknownFormat(UnknownFormat),
    /// A heat map too large for its format: one cell per pair must stay at
    /// least a pixel (PNG) or stay a file of a few megabytes (SVG).
    TooLarge {
        /// The picture's limit.
        limit: u64,
        /// The largest this format draws ([`Format::largest_heat_map`]).
        largest: u64,
        /// The format.
        format: Format,
    },
    /// Data the picture cannot be drawn from: a partners map whose values
    /// do not fill its square, counts of fewer than two limits.
    Unfit(&'static str),
    /// The file system refused the target or its temporary file.
    Write {
        /// The target as given.
        path: PathBuf,
        /// The file system's reason.
        reason: String,
    },
    /// plotters failed to draw.
    Draw {
        /// The target as given.
        path: PathBuf,
        /// plotters' reason.
        reason: String,
    },
    /// The embedded font did not load.
    Font,
    /// The allocator refused a PNG picture's bitmap (a `ulimit -v`, strict
    /// overcommit).
    NoRoom {
        /// The bitmap's bytes.
        needed: u64,
    },
}

impl DrawError {
    /// Whether the caller asked for what cannot be drawn (a target of no
    /// known format, a picture too large, unfit data, or one larger than
    /// the memory there is), rather than the file system or plotters
    /// failing.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            DrawError::UnknownFormat(_)
                | DrawError::TooLarge { .. }
                | DrawError::Unfit(_)
                | DrawError::NoRoom { .. }
        )
    }
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::UnknownFormat(unknown) => unknown.fmt(f),
            DrawError::TooLarge {
                limit,
                largest,
                format,
            } => write!(
                f,
                "a heat map to {limit} is too large to draw as {}: the largest is {largest} ({})",
                format.name(),
                format.heat_map_cap()
            ),
            DrawError::Unfit(why) => write!(f, "cannot draw {why}"),
            DrawError::Write { path, reason } => {
                write!(f, "cannot write '{}': {reason}", path.display())
            }
            DrawError::Draw { path, reason } => {
                write!(f, "cannot draw '{}': {reason}", path.display())
            }
            DrawError::Font => f.write_str("the embedded font does not load"),
            DrawError::NoRoom { needed } => write!(
                f,
                "a picture needs {needed} bytes of memory for its bitmap, which could not be \
                 allocated"
            ),
        }
    }
}

impl std::error::Error for DrawError {}

impl From<UnknownFormat> for DrawError {
    fn from(unknown: UnknownFormat) -> DrawError {
        DrawError::UnknownFormat(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_says_what_went_wrong_and_whose_it_is() {
        let path = PathBuf::from("x.jpg");
        let cases = [
            (
                DrawError::UnknownFormat(UnknownFormat { path: path.clone() }),
                "cannot tell the picture's format from 'x.jpg': name a .png or .svg file",
                true,
            ),
            (
                DrawError::TooLarge {
                    limit: 201,
                    largest: 200,
                    format: Format::Svg,
                },
                "a heat map to 201 is too large to draw as SVG: the largest is 200 \
                 (one rectangle per pair)",
                true,
            ),
            (
                DrawError::Unfit("counts of one limit"),
                "cannot draw counts of one limit",
                true,
            ),
            (
                DrawError::Write {
                    path: path.clone(),
                    reason: "denied".into(),
                },
                "cannot write 'x.jpg': denied",
                false,
            ),
            (
                DrawError::Draw {
                    path,
                    reason: "no ink".into(),
                },
                "cannot draw 'x.jpg': no ink",
                false,
            ),
            (DrawError::Font, "the embedded font does not load", false),
            (
                DrawError::NoRoom { needed: 12 },
                "a picture needs 12 bytes of memory for its bitmap, which could not be allocated",
                true,
            ),
        ];
        for (error, text, bad_input) in cases {
            assert_eq!(error.to_string(), text);
            assert_eq!(error.is_bad_input(), bad_input, "{text}");
        }
    }
}
