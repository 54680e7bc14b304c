//! The file a picture is written to: a hidden temporary file beside it,
//! in the format its name's extension gives, renamed over it only when the
//! picture is complete.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use tempfile::NamedTempFile;

use crate::format::Format;
use crate::{DrawError, Paint, Picture, register_font};

/// A picture to be written to `target`: drawn into a hidden temporary file
/// beside it, which is renamed over the target once the picture is
/// complete and deleted if it is not. Beside it, so that the rename stays
/// on one file system.
#[derive(Debug)]
pub struct PictureFile {
    target: PathBuf,
    format: Format,
}

impl PictureFile {
    /// A picture for `target`, in the format its extension names. Its
    /// temporary file is created and deleted now, so that a caller finds an
    /// unwritable target before a long computation, not after; it is
    /// created again only when the picture is drawn, so that a run stopped
    /// by a signal during the computation, which runs no destructor, leaves
    /// no file behind.
    pub fn create(target: &Path) -> Result<PictureFile, DrawError> {
        // A path with no file name has no extension either: `of` refuses it.
        let format = Format::of(target)?;
        if target.is_dir() {
            return Err(cannot_write(target, "it is a directory"));
        }
        let file = PictureFile {
            target: target.to_path_buf(),
            format,
        };
        drop(file.temporary()?);
        Ok(file)
    }

    /// The format of the picture, by its target's extension.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Draws `picture` and renames it over the target; on failure, no file
    /// is left.
    pub fn draw(self, picture: Picture<'_>) -> Result<(), DrawError> {
        let heat_map = |limit| crate::heat_map::fits(limit, self.format);
        match picture {
            Picture::Slice(slice) => self.write(slice),
            Picture::Partners(map) => {
                heat_map(map.limit())?;
                self.write(map)
            }
            Picture::Counts(totals) => self.write(&crate::counts::Counts::of(totals)?),
            Picture::Grundy(map) => {
                heat_map(map.limit)?;
                self.write(map)
            }
            Picture::Remoteness(map) => {
                heat_map(map.limit)?;
                self.write(map)
            }
        }
    }

    /// Draws `picture` into a new temporary file and renames it over the
    /// target.
    fn write(&self, picture: &impl Paint) -> Result<(), DrawError> {
        let temporary = self.temporary()?;
        self.render(&temporary, picture)?;
        self.persist(temporary)
    }

    /// A new hidden temporary file beside the target, deleted when dropped.
    pub(crate) fn temporary(&self) -> Result<NamedTempFile, DrawError> {
        let name = self.target.file_name().unwrap_or_default();
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        // The extension stays last: the PNG encoder picks its format by it.
        let suffix = format!(".partial.{}", self.format.extension());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(&suffix);
        // A picture is a document, not a secret: it gets the permissions of
        // any new file (0666 less the umask), not a temporary file's 0600.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        builder
            .tempfile_in(directory_of(&self.target))
            .map_err(|e| cannot_write(&self.target, without_temporary_path(&e)))
    }

    /// Draws `picture` into `temporary`.
    pub(crate) fn render(
        &self,
        temporary: &NamedTempFile,
        picture: &impl Paint,
    ) -> Result<(), DrawError> {
        register_font()?;
        let size = picture.size();
        let path = temporary.path();
        let drawn = match self.format {
            Format::Png => {
                let mut pixels = bitmap(size)?;
                let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                let painted = picture
                    .paint(&root)
                    .and_then(|()| root.present().map_err(|e| e.to_string()));
                drop(root);
                painted.and_then(|()| {
                    write_png(temporary.as_file(), size, &pixels).map_err(|e| e.to_string())
                })
            }
            Format::Svg => {
                let root = SVGBackend::new(path, size).into_drawing_area();
                picture
                    .paint(&root)
                    .and_then(|()| root.present().map_err(|e| e.to_string()))
            }
        };
        drawn.map_err(|reason| DrawError::Draw {
            path: self.target.clone(),
            reason,
        })
    }

    /// Renames the finished picture in `temporary` over the target.
    pub(crate) fn persist(&self, temporary: NamedTempFile) -> Result<(), DrawError> {
        temporary
            .persist(&self.target)
            .map(drop)
            .map_err(|e| cannot_write(&self.target, e.error))
    }
}

/// A PNG picture's bitmap, RGB, of `width x height` pixels: asked of the
/// allocator here, so that its refusal (a `ulimit -v`) is an error, where
/// plotters' own bitmap would abort the process and leave the temporary
/// file behind.
fn bitmap((width, height): (u32, u32)) -> Result<Vec<u8>, DrawError> {
    let bytes = 3u64
        .saturating_mul(u64::from(width))
        .saturating_mul(u64::from(height));
    let refused = DrawError::NoRoom { needed: bytes };
    let len = usize::try_from(bytes).map_err(|_| refused.clone())?;
    let mut pixels = Vec::new();
    pixels.try_reserve_exact(len).map_err(|_| refused)?;
    pixels.resize(len, 0);
    Ok(pixels)
}

/// Writes the RGB `pixels` of a picture of `size` as PNG, streamed into
/// `file` a few kilobytes at a time rather than compressed whole in memory
/// first.
fn write_png(
    file: &std::fs::File,
    (width, height): (u32, u32),
    pixels: &[u8],
) -> Result<(), png::EncodingError> {
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::FilterType::Sub);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut header = encoder.write_header()?;
    let mut stream = header.stream_writer()?;
    std::io::Write::write_all(&mut stream, pixels)?;
    stream.finish()?;
    header.finish()
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

/// The failure to write `target`.
fn cannot_write(target: &Path, why: impl std::fmt::Display) -> DrawError {
    DrawError::Write {
        path: target.to_path_buf(),
        reason: why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    use plotters::coord::Shift;

    use super::*;
    use crate::format::UnknownFormat;
    use crate::test_support::*;

    #[test]
    fn a_bitmap_the_allocator_refuses_is_an_error() {
        assert_eq!(bitmap((2, 3)), Ok(vec![0; 18]));
        // Past what any allocator gives: refused, not an abort.
        assert_eq!(
            bitmap((u32::MAX, u32::MAX)),
            Err(DrawError::NoRoom { needed: u64::MAX })
        );
    }

    #[test]
    fn a_target_of_no_known_format_is_refused_before_anything_is_written() {
        let scratch = scratch();
        let target = scratch.path().join("x.gif");
        assert_eq!(
            PictureFile::create(&target).unwrap_err(),
            DrawError::UnknownFormat(UnknownFormat { path: target })
        );
        assert_eq!(files_in(scratch.path()), Vec::<String>::new());
    }

    #[test]
    fn a_picture_that_cannot_be_written_fails_and_leaves_no_file() {
        let scratch = scratch();
        let dir = scratch.path();
        fs::create_dir(dir.join("taken.png")).unwrap();
        for (target, why) in [
            (
                dir.join("missing").join("x.png"),
                "No such file or directory",
            ),
            (dir.join("taken.png"), "it is a directory"),
        ] {
            let error = PictureFile::create(&target).unwrap_err();
            assert!(!error.is_bad_input(), "{error}");
            let text = error.to_string();
            assert!(
                text.starts_with(&format!("cannot write '{}': ", target.display()))
                    && text.contains(why),
                "{text}"
            );
            // The temporary file's name is not the user's business: tempfile
            // names it (`at path ".../.x.png.XXXXXX.partial.png"`) when
            // the directory is missing, and the error must not.
            for temporary in [".x.png.", "partial", "at path"] {
                assert!(!text.contains(temporary), "{text}");
            }
        }
        assert_eq!(files_in(dir), ["taken.png"]);
    }

    /// A picture whose painting fails.
    struct Unpaintable;

    impl Paint for Unpaintable {
        fn size(&self) -> (u32, u32) {
            (10, 10)
        }
        fn paint<DB: DrawingBackend>(&self, _: &DrawingArea<DB, Shift>) -> Result<(), String> {
            Err("no ink".into())
        }
    }

    #[test]
    fn a_picture_that_cannot_be_drawn_or_renamed_fails_and_leaves_no_file() {
        let scratch = scratch();
        let dir = scratch.path();
        let target = dir.join("x.png");
        let file = PictureFile::create(&target).unwrap();
        assert_eq!(file.format(), Format::Png);
        let temporary = file.temporary().unwrap();
        let failure = file.render(&temporary, &Unpaintable).unwrap_err();
        assert_eq!(
            failure,
            DrawError::Draw {
                path: target.clone(),
                reason: "no ink".into()
            }
        );
        drop(temporary);
        assert_eq!(files_in(dir), Vec::<String>::new());
        // Drawn, but a directory took the target's name before the rename.
        let file = PictureFile::create(&dir.join("x.svg")).unwrap();
        let target = dir.join("x.svg");
        let temporary = file.temporary().unwrap();
        file.render(&temporary, &slice(0, 3)).unwrap();
        fs::create_dir(&target).unwrap();
        fs::write(target.join("inside"), "").unwrap();
        let failure = file.persist(temporary).unwrap_err();
        let prefix = format!("cannot write '{}': ", target.display());
        assert!(failure.to_string().starts_with(&prefix), "{failure:?}");
        assert!(matches!(failure, DrawError::Write { .. }), "{failure:?}");
        assert_eq!(files_in(dir), ["x.svg"]);
    }

    /// Between the check of the target and the drawing, while the caller
    /// computes the picture, no file is there for a signal to leave behind.
    #[test]
    fn no_file_is_there_while_the_picture_is_computed() {
        let scratch = scratch();
        let dir = scratch.path();
        let target = dir.join("x.svg");
        let file = PictureFile::create(&target).unwrap();
        assert_eq!(files_in(dir), Vec::<String>::new());
        file.draw(crate::Picture::Slice(&slice(0, 3))).unwrap();
        assert_eq!(files_in(dir), ["x.svg"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_picture_gets_the_permissions_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let scratch = scratch();
        let dir = scratch.path();
        let picture = dir.join("slice.svg");
        draw_to(crate::Picture::Slice(&slice(0, 5)), &picture);
        let plain = dir.join("plain");
        fs::File::create(&plain).unwrap();
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode();
        assert_eq!(mode(&picture), mode(&plain));
    }

    #[test]
    fn a_bare_file_name_is_written_in_the_working_directory() {
        assert_eq!(directory_of(Path::new("x.png")), Path::new("."));
        assert_eq!(directory_of(Path::new("a/x.png")), Path::new("a"));
        assert_eq!(directory_of(Path::new("/x.png")), Path::new("/"));
    }
}
