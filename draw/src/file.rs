//! The file a picture is written to: its format, by the extension of its
//! name, and a hidden temporary file beside it, renamed over it only when
//! the picture is complete.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use tempfile::NamedTempFile;

use super::{Failure, Paint, register_font};

/// The file formats, chosen by the extension of `-o`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    Png,
    Svg,
}

impl Format {
    pub(super) fn of(path: &Path) -> Result<Format, Failure> {
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

    /// Its name in messages: `PNG` or `SVG`.
    pub(super) fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::Svg => "SVG",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// A picture being written: a hidden temporary file beside the target,
/// deleted when dropped unless [`persist`](Self::persist) has renamed it
/// over the target. Beside it, so that the rename stays on one file system.
pub(super) struct PictureFile {
    target: PathBuf,
    temporary: NamedTempFile,
    format: Format,
}

impl PictureFile {
    /// The temporary file, created now so that an unwritable target is found
    /// before a long scan, not after. Only the file system refuses here:
    /// exit code 1.
    pub(super) fn create(target: &Path, format: Format) -> Result<PictureFile, Failure> {
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
    pub(super) fn render(&self, picture: &impl Paint) -> Result<(), Failure> {
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
    pub(super) fn persist(self) -> Result<(), Failure> {
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

#[cfg(test)]
mod tests {

    use std::fs;
    use std::path::Path;

    use stone_game::EMBEDDED;

    use super::*;
    use crate::commands::draw::slice::Slice;
    use crate::commands::draw::test_support::*;
    use plotters::coord::Shift;

    #[test]
    fn a_picture_that_cannot_be_written_fails_and_leaves_no_file() {
        // Not bad input but a file system that refuses: exit code 1, one line,
        // no usage hint.
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
            let target = target.to_str().unwrap();
            let (code, out, err) = run_draw(&["counts", "--limit", "20", "-o", target]);
            assert_eq!((code, out.as_str()), (1, ""), "{target}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.starts_with(&format!("error: cannot write '{target}': ")) && err.contains(why),
                "{err}"
            );
            // The temporary file's name is not the user's business: tempfile
            // names it (`at path ".../.x.png.XXXXXX.partial.png"`) when
            // the directory is missing, and the error must not.
            for temporary in [".x.png.", "partial", "at path"] {
                assert!(!err.contains(temporary), "{err}");
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
        let file = PictureFile::create(&target, Format::Png).unwrap();
        let failure = file.render(&Unpaintable).unwrap_err();
        let expected = format!("cannot draw '{}': no ink", target.display());
        assert!(
            matches!(&failure, Failure::Output(m) if *m == expected),
            "{failure:?}"
        );
        drop(file);
        assert_eq!(files_in(dir), Vec::<String>::new());
        // Drawn, but a directory took the target's name before the rename.
        let file = PictureFile::create(&target, Format::Svg).unwrap();
        let slice = Slice::of(EMBEDDED, 0, 3).unwrap();
        file.render(&slice).unwrap();
        fs::create_dir(&target).unwrap();
        fs::write(target.join("inside"), "").unwrap();
        let failure = file.persist().unwrap_err();
        let prefix = format!("cannot write '{}': ", target.display());
        assert!(
            matches!(&failure, Failure::Output(m) if m.starts_with(&prefix)),
            "{failure:?}"
        );
        assert_eq!(files_in(dir), ["x.png"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_picture_gets_the_permissions_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let scratch = scratch();
        let dir = scratch.path();
        let picture = dir.join("slice.svg");
        draw_to(&["slice", "0"], 5, &picture);
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
