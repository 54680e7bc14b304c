//! `grundy PILE...`: the Sprague-Grundy value of a position, or of a sum
//! of games (the XOR of its games' values), normal play only: the library
//! refuses it under misère play, where the values of a sum's games do not
//! decide it.

use stone_game::Convention;

use crate::context::{Ctx, Failure};
use crate::limits::MAX_GRUNDY;
use crate::runtime;
use crate::solver::{Built, parse_position};
use crate::words::games_text;

/// `grundy PILE... [--json]`; `--misere` is refused before any table is
/// computed.
pub(crate) fn grundy(
    ctx: &mut Ctx,
    piles: &[String],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    if convention == Convention::Misere {
        return Err(runtime::misere_refused("grundy"));
    }
    let position = parse_position(piles, u64::from(MAX_GRUNDY))?;
    let what = format!("the value of {}", games_text(&position));
    let built = Built::new(convention).grundy(ctx, position.largest_pile(), &what)?;
    let answer = built
        .solver()?
        .value(&position)
        .map_err(|e| Failure::answer("grundy", e))?;
    let value = answer
        .grundy
        .ok_or_else(|| Failure::Internal(format!("the Grundy table lacks {what}")))?;
    if as_json {
        ctx.print_json(&answer)?;
    } else {
        writeln!(ctx.out, "{value}")?;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_GRUNDY;
    use crate::runtime::grundy_table as table;
    use stone_game::GrundyTable;

    #[test]
    fn a_table_that_does_not_fit_is_refused_with_the_memory_it_needs() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, 1000);
        let Err(Failure::Usage(message)) = table(&mut ctx, 40, "the value of (40, 0, 0)") else {
            panic!("refused");
        };
        let need = stone_game_memory::human_size(GrundyTable::memory_needed(40));
        assert_eq!(
            message,
            format!(
                "the value of (40, 0, 0) would need the Grundy values to 40, which would \
                 need about {need} of memory, but only 1000 B is available"
            )
        );
        ctx.memory = Some(GrundyTable::memory_needed(40));
        assert_eq!(table(&mut ctx, 40, "").map(|t| t.limit()).ok(), Some(40));
        // The largest limit passes the limit check (and meets the memory
        // one); the next does not.
        ctx.memory = Some(0);
        let refusal = |ctx: &mut Ctx, limit: u32| match table(ctx, u64::from(limit), "it") {
            Err(Failure::Usage(message)) => message,
            _ => panic!("refused"),
        };
        assert!(refusal(&mut ctx, MAX_GRUNDY).contains("of memory"));
        assert!(refusal(&mut ctx, MAX_GRUNDY + 1).contains("past the largest this tool computes"));
    }
}
