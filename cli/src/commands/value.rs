//! `value A B C`: who wins a position and in how many moves, the winner
//! hurrying and the loser holding out (GAME.md, "Remoteness"); for a sum of
//! games, who wins by the XOR of their Grundy values.

use stone_game::{Convention, Position, ValueAnswer};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_REMOTENESS;
use crate::solver::{Built, parse_position, refuse_misere_sum};
use crate::words::{games_text, outcome_text};

/// `value PILE... [--misere] [--json]`: `win in N` or `lose in N` for the
/// player to move, from a remoteness table to the largest pile; `win` or
/// `lose` for a sum, from its Grundy values.
pub(crate) fn value(
    ctx: &mut Ctx,
    piles: &[String],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let position = parse_position(piles, u64::from(MAX_REMOTENESS))?;
    let answer = answer(ctx, &position, convention)?;
    if as_json {
        ctx.print_json(&answer)?;
    } else {
        writeln!(
            ctx.out,
            "{}",
            outcome_text(answer.outcome, answer.remoteness)
        )?;
    }
    Ok(0)
}

/// The value of `position`: of one game from its remoteness, of a sum from
/// its Grundy values (normal play only).
fn answer(
    ctx: &mut Ctx,
    position: &Position,
    convention: Convention,
) -> Result<ValueAnswer, Failure> {
    refuse_misere_sum("value", position, convention)?;
    let what = format!("the value of {}", games_text(position));
    Built::new(convention)
        .valuing(ctx, position, &what)?
        .solver()?
        .value(position)
        .map_err(|e| Failure::answer("value", e))
}
