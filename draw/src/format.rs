//! The formats a picture is written in, by the extension of its file's
//! name, and how large a heat map each draws.

use std::path::{Path, PathBuf};

/// The largest heat map drawn as PNG: (N+1)² cells of at least one
/// pixel each, about a 2100-pixel square picture.
pub const MAX_HEAT_MAP_PNG: u64 = 2000;

/// The largest heat map drawn as SVG: one rectangle per cell, so about
/// 40 000 of them and a few megabytes of text.
pub const MAX_HEAT_MAP_SVG: u64 = 200;

/// The file formats, chosen by the extension of the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A PNG bitmap.
    Png,
    /// An SVG document.
    Svg,
}

impl Format {
    /// The format `path` names by its extension, `.png` or `.svg` in any
    /// case.
    pub fn of(path: &Path) -> Result<Format, UnknownFormat> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            _ => Err(UnknownFormat {
                path: path.to_path_buf(),
            }),
        }
    }

    /// Its name in messages: `PNG` or `SVG`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::Svg => "SVG",
        }
    }

    /// The largest limit of a heat map (the partners, Grundy and remoteness
    /// maps) in this format: [`MAX_HEAT_MAP_PNG`] or [`MAX_HEAT_MAP_SVG`].
    pub fn largest_heat_map(self) -> u64 {
        match self {
            Format::Png => MAX_HEAT_MAP_PNG,
            Format::Svg => MAX_HEAT_MAP_SVG,
        }
    }

    /// Why a heat map in this format goes no further than
    /// [`largest_heat_map`](Self::largest_heat_map).
    pub fn heat_map_cap(self) -> &'static str {
        match self {
            Format::Png => "one cell of at least a pixel per pair",
            Format::Svg => "one rectangle per pair",
        }
    }

    /// The extension of its files, without the dot.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// A target whose extension is neither `.png` nor `.svg`, or that names
/// no file (`..`, a path ending in `/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat {
    /// The target as given.
    pub path: PathBuf,
}

impl std::fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot tell the picture's format from '{}': name a .png or .svg file",
            self.path.display()
        )
    }
}

impl std::error::Error for UnknownFormat {}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_format_is_the_extensions_in_any_case() {
        for (name, format) in [
            ("x.png", Some(Format::Png)),
            ("a/x.SVG", Some(Format::Svg)),
            ("x.Png", Some(Format::Png)),
            ("x.jpg", None),
            ("png", None),
            ("x.png/..", None),
            ("dir/", None),
        ] {
            let path = Path::new(name);
            let expected = format.ok_or(UnknownFormat { path: path.into() });
            assert_eq!(Format::of(path), expected, "{name}");
        }
        assert_eq!(
            (Format::Png.extension(), Format::Svg.extension()),
            ("png", "svg")
        );
    }

    #[test]
    fn a_heat_map_goes_to_2000_in_png_and_200_in_svg() {
        assert_eq!(
            (
                Format::Png.largest_heat_map(),
                Format::Svg.largest_heat_map()
            ),
            (2000, 200)
        );
        assert_eq!((MAX_HEAT_MAP_PNG, MAX_HEAT_MAP_SVG), (2000, 200));
    }
}
