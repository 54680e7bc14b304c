//! `sum` and `count`: S(L) and the number of losing positions up to a limit,
//! one answer (the library's `Total`) for both.

use crate::args::LimitQuery;
use crate::context::{Ctx, Failure};
use crate::solver::Built;

/// Which running total a run prints as text; `--json` prints both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Total {
    Sum,
    Count,
}

/// `sum [L]` and `count [L]`, with `--misere` from a runtime scan of the
/// misère game.
pub(crate) fn sum_or_count(ctx: &mut Ctx, query: &LimitQuery, total: Total) -> Result<u8, Failure> {
    let l = query.limit.get();
    let what = match total {
        Total::Sum => format!("S({l})"),
        Total::Count => format!("the count to {l}"),
    };
    let built = Built::new(query.rules.convention()).totals(ctx, l, query.scan, &what)?;
    let answer = built
        .solver()?
        .total(l)
        .map_err(|e| Failure::answer(&what, e))?;
    if query.json {
        ctx.print_json(&answer)?;
    } else {
        let value = match total {
            Total::Sum => answer.sum,
            Total::Count => answer.count,
        };
        writeln!(ctx.out, "{value}")?;
    }
    Ok(0)
}
