//! No command: S([`LIMIT`]) from the embedded tables, as `sum` prints it.

use stone_game::{EMBEDDED, LIMIT};

use crate::context::{Ctx, Failure};

/// Prints S(LIMIT).
pub(crate) fn default(ctx: &mut Ctx) -> Result<u8, Failure> {
    let l = u64::from(LIMIT);
    let sum = EMBEDDED
        .losing_sum(l)
        .ok_or_else(|| Failure::unanswered(&format!("S({l})")))?;
    writeln!(ctx.out, "{sum}")?;
    Ok(0)
}
