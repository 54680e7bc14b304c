//! `grundy A B C`: the Sprague-Grundy value of a position, and the Grundy
//! tables that `play` (for sums of games) and `draw grundy` compute.

use serde::Serialize;
use stone_game::Convention;

use crate::context::{Ctx, Failure};
use crate::runtime;

/// `grundy --json`: `{"position":[a,b,c],"value":v}`.
#[derive(Serialize)]
struct Answer {
    position: [u64; 3],
    value: u32,
}

/// `grundy A B C [--json]`; `--misere` is refused.
pub(crate) fn grundy(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    if convention == Convention::Misere {
        return Err(runtime::misere_refused("grundy"));
    }
    let largest = p.iter().copied().max().unwrap_or(0);
    let what = format!("the value of ({}, {}, {})", p[0], p[1], p[2]);
    let table = runtime::grundy_table(ctx, largest, &what)?;
    let value = table
        .value(p[0], p[1], p[2])
        .ok_or_else(|| Failure::Internal(format!("the Grundy table lacks {what}")))?;
    if as_json {
        ctx.print_json(&Answer { position: p, value })?;
    } else {
        writeln!(ctx.out, "{value}")?;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{MAX_GRUNDY, grundy_table as table};
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
