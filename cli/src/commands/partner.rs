//! `partner A B`: the one pile that makes a pair a losing position.

use stone_game::{Convention, LIMIT};

use crate::context::{Ctx, Failure};
use crate::runtime::table_covering;
use crate::solver::Built;

/// `partner A B [--misere] [--json]`.
pub(crate) fn partner(
    ctx: &mut Ctx,
    a: u64,
    b: u64,
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let most = a.max(b);
    let past_note = || {
        format!("pile {most} is above the embedded limit {LIMIT}; scanning to {most} at run time")
    };
    let what = format!("the partner of ({a}, {b})");
    let tables = table_covering(ctx, convention, most, false, past_note, &what)?;
    let built = Built::new(convention).with_scanned(tables);
    let answer = built
        .solver()?
        .partner(a, b)
        .map_err(|e| Failure::answer("partner", e))?;
    if as_json {
        ctx.print_json(&answer)?;
    } else {
        writeln!(ctx.out, "{}", answer.partner)?;
    }
    Ok(0)
}
