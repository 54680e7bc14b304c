//! `is-losing A B C`: whether a position is lost for the player to move.

use serde::Serialize;

use crate::context::{Ctx, Failure};
use crate::runtime::{table_for_position, view};

/// `is-losing --json`: `{"position":[a,b,c],"losing":true}`.
#[derive(Serialize)]
struct Answer {
    position: [u64; 3],
    losing: bool,
}

/// `is-losing A B C [--json]`.
pub(crate) fn is_losing(ctx: &mut Ctx, p: [u64; 3], as_json: bool) -> Result<u8, Failure> {
    let table = table_for_position(ctx, p, "deciding")?;
    let losing = view(&table)
        .is_losing(p[0], p[1], p[2])
        .ok_or_else(|| Failure::unanswered(&format!("{p:?}")))?;
    if as_json {
        ctx.print_json(&Answer {
            position: p,
            losing,
        })?;
    } else {
        writeln!(ctx.out, "{}", if losing { "losing" } else { "winning" })?;
    }
    Ok(0)
}
