//! No command: S([`LIMIT`]) from the embedded tables, as `sum` prints it.

use stone_game::{Convention, LIMIT, Solver};

use crate::context::{Ctx, Failure};

/// Prints S(LIMIT).
pub(crate) fn default(ctx: &mut Ctx) -> Result<u8, Failure> {
    let total = Solver::new(Convention::Normal)
        .total(u64::from(LIMIT))
        .map_err(|e| Failure::answer("sum", e))?;
    writeln!(ctx.out, "{}", total.sum)?;
    Ok(0)
}
