//! `is-losing A B C`: whether a position is lost for the player to move,
//! from the losing positions, however large its largest pile.

use stone_game::{Convention, Outcome, Position};

use crate::context::{Ctx, Failure};
use crate::solver::Built;

/// `is-losing A B C [--misere] [--json]`.
pub(crate) fn is_losing(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let built = Built::new(convention).deciding(ctx, p, "deciding")?;
    let answer = built
        .solver()?
        .value(&Position::game(p))
        .map_err(|e| Failure::answer("is-losing", e))?;
    if as_json {
        ctx.print_json(&answer)?;
    } else {
        let word = match answer.outcome {
            Outcome::Lose => "losing",
            Outcome::Win => "winning",
        };
        writeln!(ctx.out, "{word}")?;
    }
    Ok(0)
}
