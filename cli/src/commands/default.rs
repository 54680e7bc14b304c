//! No command: S([`LIMIT`]) from the embedded tables, as `sum` prints it.

use stone_game::{EMBEDDED, LIMIT};

use crate::context::{Ctx, Failure};

/// Prints S(LIMIT).
pub(crate) fn default(ctx: &mut Ctx) -> Result<u8, Failure> {
    let sum = EMBEDDED
        .losing_sum(LIMIT)
        .ok_or_else(|| Failure::unanswered(&format!("S({LIMIT})")))?;
    writeln!(ctx.out, "{sum}")?;
    Ok(0)
}
