//! `is-losing PILE...`: whether a position is lost for the player to move,
//! from the losing positions, however large its largest pile; for a sum of
//! games, from the XOR of their Grundy values (normal play only).

use stone_game::{Convention, Outcome};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_WHOLE_SCAN;
use crate::solver::{Built, parse_position, refuse_misere_sum};
use crate::words::games_text;

/// `is-losing PILE... [--misere] [--json]`.
pub(crate) fn is_losing(
    ctx: &mut Ctx,
    piles: &[String],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    // A game's largest pile may be as large as `u64` holds: the losing
    // positions that decide it reach only its two smaller piles (or the
    // triples, which go further, all three).
    let largest = format!(
        "{}, and the two smaller piles are at most {MAX_WHOLE_SCAN}, or {} when the \
         largest is near them",
        u64::MAX,
        stone_game::ScannedTriples::MAX_LIMIT
    );
    let position = parse_position(piles, largest)?;
    refuse_misere_sum("is-losing", &position, convention)?;
    let built = match position.single() {
        Some(p) => Built::new(convention).deciding(ctx, p, "deciding")?,
        None => {
            let what = format!("deciding {}", games_text(&position));
            Built::new(convention).valuing(ctx, &position, &what)?
        }
    };
    let answer = built
        .solver()?
        .value(&position)
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
