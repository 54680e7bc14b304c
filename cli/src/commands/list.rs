//! `list`: the losing positions up to a limit, as lines, CSV or JSON. The
//! JSON streams: each triple is serialized as it comes, never the whole list
//! at once.

use std::io::{self, BufWriter, Write};

use serde::Serializer as _;
use serde::ser::SerializeSeq;
use serde_json::ser::{CompactFormatter, Formatter, Serializer};
use stone_game::{EMBEDDED, ScannedTriples};

use crate::args::{Format, ListQuery};
use crate::context::{Ctx, Failure};
use crate::runtime::table_to;

/// `list [L | --limit L] [--format F | --json] [--scan]`.
pub(crate) fn list(ctx: &mut Ctx, query: &ListQuery) -> Result<u8, Failure> {
    let l = query.limit.get();
    let table: Option<ScannedTriples> = table_to(ctx, l, query.scan, &format!("listing to {l}"))?;
    let triples = table
        .as_ref()
        .map_or(EMBEDDED.triples(), ScannedTriples::triples)
        .iter()
        .filter(|t| u64::from(t[2]) <= l);
    let mut out = BufWriter::new(&mut *ctx.out);
    match query.format() {
        Format::Plain => {
            for [x, y, z] in triples {
                writeln!(out, "{x} {y} {z}")?;
            }
        }
        Format::Csv => {
            writeln!(out, "x,y,z")?;
            for [x, y, z] in triples {
                writeln!(out, "{x},{y},{z}")?;
            }
        }
        Format::Json => {
            let mut json = Serializer::with_formatter(&mut out, OnePerLine::default());
            let mut seq = json.serialize_seq(None).map_err(io::Error::from)?;
            for triple in triples {
                seq.serialize_element(&triple).map_err(io::Error::from)?;
            }
            seq.end().map_err(io::Error::from)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(0)
}

/// JSON with each element of the outer array on a line of its own, indented
/// by two spaces, and everything inside an element compact:
/// `[\n  [0,0,0],\n  [0,1,2]\n]`, or `[]` when empty.
#[derive(Default)]
struct OnePerLine {
    /// How many arrays are open.
    depth: usize,
    /// Whether the outer array has an element yet.
    has_element: bool,
}

impl Formatter for OnePerLine {
    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth += 1;
        CompactFormatter.begin_array(out)
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth -= 1;
        if self.depth == 0 && self.has_element {
            out.write_all(b"\n")?;
        }
        CompactFormatter.end_array(out)
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        if self.depth == 1 {
            self.has_element = true;
            out.write_all(if first { b"\n  " } else { b",\n  " })
        } else {
            CompactFormatter.begin_array_value(out, first)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_per_line(value: &impl serde::Serialize) -> String {
        let mut out = Vec::new();
        let mut json = Serializer::with_formatter(&mut out, OnePerLine::default());
        value.serialize(&mut json).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_element_a_line_and_the_inside_compact() {
        assert_eq!(one_per_line(&Vec::<[u16; 3]>::new()), "[]");
        assert_eq!(one_per_line(&[[0u16, 0, 0]]), "[\n  [0,0,0]\n]");
        assert_eq!(
            one_per_line(&[[0u16, 0, 0], [0, 1, 2]]),
            "[\n  [0,0,0],\n  [0,1,2]\n]"
        );
    }
}
