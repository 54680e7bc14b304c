//! `value A B C`: who wins a position and in how many moves, the winner
//! hurrying and the loser holding out (GAME.md, "Remoteness").

use serde::Serialize;
use stone_game::Convention;

use crate::context::{Ctx, Failure};
use crate::runtime::{convention_name, outcome_name, remoteness_table};

/// `value --json`: `{"position":[a,b,c],"convention":"normal","outcome":"win","remoteness":1}`.
#[derive(Serialize)]
struct Answer {
    position: [u64; 3],
    convention: &'static str,
    outcome: &'static str,
    remoteness: u32,
}

/// `value A B C [--misere] [--json]`: `win in N` or `lose in N` for the
/// player to move, from a remoteness table to the largest pile.
pub(crate) fn value(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let largest = p.iter().copied().max().unwrap_or(0);
    let what = format!("the value of ({}, {}, {})", p[0], p[1], p[2]);
    let table = remoteness_table(ctx, convention, largest, &what)?;
    let value = table
        .value(p[0], p[1], p[2])
        .ok_or_else(|| Failure::unanswered(&what))?;
    let outcome = outcome_name(value.outcome);
    if as_json {
        ctx.print_json(&Answer {
            position: p,
            convention: convention_name(convention),
            outcome,
            remoteness: value.remoteness,
        })?;
    } else {
        writeln!(ctx.out, "{outcome} in {}", value.remoteness)?;
    }
    Ok(0)
}
