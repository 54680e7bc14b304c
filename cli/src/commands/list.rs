//! `list`: the losing positions up to a limit, as lines, CSV or JSON (the
//! library's `LosingList`). The JSON streams: each triple is serialized as
//! it comes, never the whole list at once, one a line.

use std::io::{self, BufWriter, Write};

use serde::Serialize as _;
use serde_json::ser::{CompactFormatter, Formatter, Serializer};

use crate::args::{Format, ListQuery};
use crate::context::{Ctx, Failure};
use crate::solver::Built;

/// `list [L | --limit L] [--format F | --json] [--scan] [--misere]`.
pub(crate) fn list(ctx: &mut Ctx, query: &ListQuery) -> Result<u8, Failure> {
    let l = query.limit.get();
    let what = format!("listing to {l}");
    let built = Built::new(query.rules.convention()).triples(ctx, l, query.scan, &what)?;
    let solver = built.solver()?;
    let answer = solver
        .losing_list(l)
        .map_err(|e| Failure::answer(&what, e))?;
    let triples = answer.positions();
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
            answer.serialize(&mut json).map_err(io::Error::from)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(0)
}

/// JSON with each element of the outermost arrays on a line of its own,
/// indented by two spaces, and everything else compact:
/// `{"limit":2,"positions":[\n  [0,0,0],\n  [0,1,2]\n]}`, or `[]` for an
/// empty array.
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
        let list = stone_game::Solver::new(stone_game::Convention::Normal)
            .losing_list(2)
            .unwrap();
        assert_eq!(
            one_per_line(&list),
            "{\"convention\":\"normal\",\"limit\":2,\"positions\":[\n  [0,0,0],\n  [0,1,2]\n]}"
        );
    }
}
