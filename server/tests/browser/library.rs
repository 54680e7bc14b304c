//! The library's answers, which the tests check the page's against.

use stone_game::{Position, RemotenessTable, ScannedTables, Solver};

use crate::session::join;

/// Whether the library says `p` is lost for the player to move.
pub(crate) fn losing(tables: &ScannedTables, p: &[u64]) -> bool {
    tables.as_tables().is_losing(p[0], p[1], p[2]) == Some(true)
}

/// The library's answers over `table`, in its convention.
pub(crate) fn solver_over(table: &RemotenessTable) -> Result<Solver<'_>, String> {
    Solver::new(table.convention())
        .with_remoteness(table)
        .map_err(|e| e.to_string())
}

/// The library's engine move from `piles` (a position's `to`), as the
/// server names it.
pub(crate) fn library_engine_move(solver: &Solver, piles: &[u64]) -> Result<String, String> {
    let position = Position::new(piles.to_vec()).map_err(|e| e.to_string())?;
    let engine = solver
        .position(&position)
        .map_err(|e| e.to_string())?
        .engine
        .ok_or(format!("{piles:?}: the library has no engine move"))?;
    Ok(join(
        engine
            .leaves(&position)
            .ok_or("the engine's move leaves no position")?
            .piles(),
    ))
}

/// Whether the library says `piles` is lost for the player to move.
pub(crate) fn losing_in(solver: &Solver, piles: &[u64]) -> Result<bool, String> {
    let position = Position::new(piles.to_vec()).map_err(|e| e.to_string())?;
    let answer = solver.position(&position).map_err(|e| e.to_string())?;
    Ok(answer.value.outcome == stone_game::Outcome::Lose)
}
