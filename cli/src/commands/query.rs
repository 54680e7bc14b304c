//! The query commands: the default, `sum`, `count`, `is-losing`, `partner`,
//! `moves` and `list`.

use std::io::{BufWriter, Write};

use serde_json::json;

use stone_game::{EMBEDDED, LIMIT, ScannedTriples};

use crate::args::{Format, LimitQuery};
use crate::context::{Ctx, Failure};
use crate::runtime::{table_covering, table_for_position, table_to, view};

/// Which running total `sum_or_count` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Total {
    Sum,
    Count,
}

/// No command: S(LIMIT).
pub(crate) fn default(ctx: &mut Ctx) -> Result<u8, Failure> {
    let l = u64::from(LIMIT);
    let sum = EMBEDDED
        .losing_sum(l)
        .ok_or_else(|| Failure::Internal(format!("the embedded tables lack S({l})")))?;
    writeln!(ctx.out, "{sum}")?;
    Ok(0)
}

fn unanswered(what: String) -> Failure {
    Failure::Internal(format!("the tables do not answer {what}"))
}

/// `sum [L]` and `count [L]`.
pub(crate) fn sum_or_count(ctx: &mut Ctx, query: &LimitQuery, total: Total) -> Result<u8, Failure> {
    let l = query.limit.unwrap_or(u64::from(LIMIT));
    let what = match total {
        Total::Sum => format!("S({l})"),
        Total::Count => format!("the count to {l}"),
    };
    let table: Option<ScannedTriples> = table_to(ctx, l, query.scan, &what)?;
    let (sum, count) = match &table {
        Some(scan) => (scan.losing_sum(l), scan.losing_count(l)),
        None => (EMBEDDED.losing_sum(l), EMBEDDED.losing_count(l)),
    };
    let (key, value) = match total {
        Total::Sum => ("sum", sum),
        Total::Count => ("count", count),
    };
    let value = value.ok_or_else(|| unanswered(what))?;
    if query.json {
        writeln!(ctx.out, "{}", json!({ "limit": l, key: value }))?;
    } else {
        writeln!(ctx.out, "{value}")?;
    }
    Ok(0)
}

/// `is-losing A B C`.
pub(crate) fn is_losing(ctx: &mut Ctx, p: [u64; 3], as_json: bool) -> Result<u8, Failure> {
    let table = table_for_position(ctx, p, "deciding")?;
    let losing = view(&table)
        .is_losing(p[0], p[1], p[2])
        .ok_or_else(|| unanswered(format!("{p:?}")))?;
    if as_json {
        writeln!(ctx.out, "{}", json!({ "position": p, "losing": losing }))?;
    } else {
        writeln!(ctx.out, "{}", if losing { "losing" } else { "winning" })?;
    }
    Ok(0)
}

/// `partner A B`.
pub(crate) fn partner(ctx: &mut Ctx, a: u64, b: u64, as_json: bool) -> Result<u8, Failure> {
    let most = a.max(b);
    let past_note = || {
        format!("pile {most} is above the embedded limit {LIMIT}; scanning to {most} at run time")
    };
    let what = format!("the partner of ({a}, {b})");
    let table = table_covering(ctx, most, false, past_note, &what)?;
    let c = view(&table)
        .partner(a, b)
        .ok_or_else(|| unanswered(format!("the partner of ({a}, {b})")))?;
    if as_json {
        writeln!(ctx.out, "{}", json!({ "pair": [a, b], "partner": c }))?;
    } else {
        writeln!(ctx.out, "{c}")?;
    }
    Ok(0)
}

/// `moves A B C`: the losing positions the winning moves leave, sorted, one
/// per line. Where two piles are equal, different moves can leave the same
/// position: the plain output names it once, the JSON lists every move.
pub(crate) fn moves(ctx: &mut Ctx, p: [u64; 3], as_json: bool) -> Result<u8, Failure> {
    let table = table_for_position(ctx, p, "the moves of")?;
    let moves = view(&table)
        .winning_moves(p[0], p[1], p[2])
        .ok_or_else(|| unanswered(format!("the moves of {p:?}")))?;
    let mut moves: Vec<([u64; 3], Vec<usize>, u64)> = moves
        .map(|m| {
            let mut to = m.to;
            to.sort_unstable();
            let piles = (0..3).filter(|&i| m.take.piles[i]).collect();
            (to, piles, m.take.stones)
        })
        .collect();
    moves.sort();
    if as_json {
        let moves: Vec<_> = moves
            .iter()
            .map(|(to, piles, stones)| json!({ "piles": piles, "stones": stones, "to": to }))
            .collect();
        writeln!(ctx.out, "{}", json!({ "position": p, "moves": moves }))?;
    } else {
        let mut positions: Vec<[u64; 3]> = moves.iter().map(|(to, _, _)| *to).collect();
        positions.dedup();
        for [x, y, z] in positions {
            writeln!(ctx.out, "{x} {y} {z}")?;
        }
    }
    Ok(0)
}

/// `list [--limit L] [--format F] [--scan]`.
pub(crate) fn list(
    ctx: &mut Ctx,
    limit: Option<u64>,
    format: Format,
    force_scan: bool,
) -> Result<u8, Failure> {
    let l = limit.unwrap_or(u64::from(LIMIT));
    let table: Option<ScannedTriples> = table_to(ctx, l, force_scan, &format!("listing to {l}"))?;
    let triples = table
        .as_ref()
        .map_or(EMBEDDED.triples(), ScannedTriples::triples)
        .iter()
        .filter(|t| u64::from(t[2]) <= l);
    let mut out = BufWriter::new(&mut *ctx.out);
    match format {
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
            let mut first = true;
            write!(out, "[")?;
            for [x, y, z] in triples {
                let sep = if first { "\n" } else { ",\n" };
                first = false;
                write!(out, "{sep}  [{x},{y},{z}]")?;
            }
            writeln!(out, "{}]", if first { "" } else { "\n" })?;
        }
    }
    out.flush()?;
    Ok(0)
}
