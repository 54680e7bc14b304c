//! `partner A B`: the one pile that makes a pair a losing position.

use serde::Serialize;
use stone_game::LIMIT;

use crate::context::{Ctx, Failure};
use crate::runtime::{table_covering, view};

/// `partner --json`: `{"pair":[a,b],"partner":c}`.
#[derive(Serialize)]
struct Answer {
    pair: [u64; 2],
    partner: u64,
}

/// `partner A B [--json]`.
pub(crate) fn partner(ctx: &mut Ctx, a: u64, b: u64, as_json: bool) -> Result<u8, Failure> {
    let most = a.max(b);
    let past_note = || {
        format!("pile {most} is above the embedded limit {LIMIT}; scanning to {most} at run time")
    };
    let what = format!("the partner of ({a}, {b})");
    let table = table_covering(ctx, most, false, past_note, &what)?;
    let c = view(&table)
        .partner(a, b)
        .ok_or_else(|| Failure::unanswered(&what))?;
    if as_json {
        ctx.print_json(&Answer {
            pair: [a, b],
            partner: c,
        })?;
    } else {
        writeln!(ctx.out, "{c}")?;
    }
    Ok(0)
}
