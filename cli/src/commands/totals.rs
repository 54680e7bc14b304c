//! `sum` and `count`: S(L) and the number of losing positions up to a limit,
//! through one path (the same tables answer both).

use serde::Serialize;
use stone_game::{EMBEDDED, ScannedTriples};

use crate::args::LimitQuery;
use crate::context::{Ctx, Failure};
use crate::runtime::table_to;

/// Which running total a run prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Total {
    Sum,
    Count,
}

/// `sum --json`: `{"limit":L,"sum":S}`.
#[derive(Serialize)]
struct SumAnswer {
    limit: u64,
    sum: u64,
}

/// `count --json`: `{"limit":L,"count":N}`.
#[derive(Serialize)]
struct CountAnswer {
    limit: u64,
    count: u64,
}

/// `sum [L]` and `count [L]`.
pub(crate) fn sum_or_count(ctx: &mut Ctx, query: &LimitQuery, total: Total) -> Result<u8, Failure> {
    let l = query.limit.get();
    let what = match total {
        Total::Sum => format!("S({l})"),
        Total::Count => format!("the count to {l}"),
    };
    let table: Option<ScannedTriples> = table_to(ctx, l, query.scan, &what)?;
    // Past u32, no table answers: the scan above refused such a limit.
    let (sum, count) = match (&table, u32::try_from(l)) {
        (_, Err(_)) => (None, None),
        (Some(scan), Ok(l)) => (scan.losing_sum(l), scan.losing_count(l)),
        (None, Ok(l)) => (EMBEDDED.losing_sum(l), EMBEDDED.losing_count(l)),
    };
    let value = match total {
        Total::Sum => sum,
        Total::Count => count,
    }
    .ok_or_else(|| Failure::unanswered(&what))?;
    match (query.json, total) {
        (false, _) => writeln!(ctx.out, "{value}")?,
        (true, Total::Sum) => ctx.print_json(&SumAnswer {
            limit: l,
            sum: value,
        })?,
        (true, Total::Count) => ctx.print_json(&CountAnswer {
            limit: l,
            count: value,
        })?,
    }
    Ok(0)
}
