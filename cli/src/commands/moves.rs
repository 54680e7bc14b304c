//! `moves A B C`: the winning moves of a position, one game or a sum of
//! games, as the positions they leave, piles in the order given: each line
//! is a move `play` takes as it stands. With `--all`: every legal move, best
//! first, with the outcome (and for one game the remoteness) of the
//! position it leaves; its JSON has one game's Grundy value in normal play
//! up to [`GrundyTable::QUICK_LIMIT`], as the web explorer's answer does.

use stone_game::{Convention, GrundyTable, Outcome, Position, Solver};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_REMOTENESS;
use crate::runtime;
use crate::solver::{Built, left_by, parse_position, refuse_misere_sum};
use crate::words::{games_text, outcome_text, piles_text};

/// `moves PILE... [--all] [--misere] [--json]`.
pub(crate) fn moves(
    ctx: &mut Ctx,
    piles: &[String],
    convention: Convention,
    all: bool,
    as_json: bool,
) -> Result<u8, Failure> {
    // Every move with its value needs the remoteness, as `value` does; the
    // winning moves reach as far as the losing positions, and past the
    // tables each refuses its own.
    let largest = if all {
        u64::from(MAX_REMOTENESS)
    } else {
        u64::MAX
    };
    let position = parse_position(piles, largest)?;
    refuse_misere_sum("moves", &position, convention)?;
    if all {
        all_moves(ctx, &position, convention, as_json)
    } else {
        winning_moves(ctx, &position, convention, as_json)
    }
}

/// One line per winning move, the whole position it leaves in the order
/// given, sorted; a position with none says why.
fn winning_moves(
    ctx: &mut Ctx,
    position: &Position,
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let what = format!("the moves of {}", games_text(position));
    let built = match position.single() {
        Some(game) => Built::new(convention).deciding(ctx, game, "the moves of")?,
        None => Built::new(convention).grundy(ctx, position.largest_pile(), &what)?,
    };
    let answer = built
        .solver()?
        .winning_moves(position)
        .map_err(|e| Failure::answer("moves", e))?;
    if as_json {
        ctx.print_json(&answer)?;
        return Ok(0);
    }
    let mut left = answer
        .moves
        .iter()
        .map(|m| left_by(m, position))
        .collect::<Result<Vec<Position>, Failure>>()?;
    left.sort_unstable_by(|p, q| p.piles().cmp(q.piles()));
    for to in &left {
        writeln!(ctx.out, "{}", piles_text(to.piles()))?;
    }
    if left.is_empty() {
        writeln!(
            ctx.out,
            "{}",
            no_winning_move(position, answer.value.outcome)
        )?;
    }
    Ok(0)
}

/// Why `position`, whose value is `outcome`, has no winning move: it is
/// lost, or the game is over (no stones), lost in normal play and won under
/// misère play, where the opponent took the last stone.
fn no_winning_move(position: &Position, outcome: Outcome) -> String {
    let piles = piles_text(position.piles());
    match (position.stones(), outcome) {
        (0, Outcome::Win) => format!(
            "no move: the game is over, {piles} has no stones, and the player to move has won \
             (the opponent took the last stone)"
        ),
        (0, Outcome::Lose) => format!(
            "no move: the game is over, {piles} has no stones, and the player to move has lost"
        ),
        _ => format!("no winning move: {piles} is losing"),
    }
}

/// Every legal move with the value of the position it leaves, best first
/// (the engine's order): `X Y Z  lose in 4` lines, `lose` alone for a sum.
fn all_moves(
    ctx: &mut Ctx,
    position: &Position,
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let what = format!("the moves of {}", games_text(position));
    let mut built = Built::new(convention).valuing(ctx, position, &what)?;
    if as_json && quick_grundy_value(ctx, position, convention) {
        built = built.grundy(ctx, position.largest_pile(), &what)?;
    }
    let solver: Solver = built.solver()?;
    let answer = solver
        .position(position)
        .map_err(|e| Failure::answer("moves --all", e))?;
    if as_json {
        ctx.print_json(&answer)?;
        return Ok(0);
    }
    let moves = answer.moves_best_first();
    for m in &moves {
        let to = piles_text(left_by(m, position)?.piles());
        writeln!(ctx.out, "{to}  {}", outcome_text(m.outcome, m.remoteness))?;
    }
    if moves.is_empty() {
        writeln!(
            ctx.out,
            "{}",
            no_winning_move(position, answer.value.outcome)
        )?;
    }
    Ok(0)
}

/// Whether the JSON of every move from `position` has its Grundy value,
/// as the web explorer's answer has it: one game in normal play whose
/// largest pile is at most [`GrundyTable::QUICK_LIMIT`], when the memory
/// for the table is there. The value is the answer's extra: the text does
/// not show it, and without the memory the answer leaves it out rather than
/// refuse (a sum's value comes with its answer).
fn quick_grundy_value(ctx: &mut Ctx, position: &Position, convention: Convention) -> bool {
    let largest = position.largest_pile();
    convention == Convention::Normal
        && !position.is_sum()
        && largest <= u64::from(GrundyTable::QUICK_LIMIT)
        && runtime::memory_fits(ctx, GrundyTable::memory_needed(largest as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stone_game::RemotenessTable;

    /// `all_moves` of `position` in normal play with `memory` available:
    /// its exit code and what it wrote.
    fn all_moves_with(memory: u64, position: &Position, as_json: bool) -> (u8, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut ctx = Ctx::for_test(&mut out, &mut err, memory);
        let code = all_moves(&mut ctx, position, Convention::Normal, as_json).unwrap();
        (code, String::from_utf8(out).unwrap())
    }

    /// One game's Grundy value is the answer's extra: without the memory
    /// for its table the JSON leaves it out, as the web explorer's does,
    /// and the text, which does not show it, does not need it.
    #[test]
    fn a_games_grundy_value_needs_its_memory_and_the_json() {
        let quick = GrundyTable::QUICK_LIMIT;
        let position = Position::game([2, u64::from(quick), 1]);
        let grundy = GrundyTable::memory_needed(quick);
        let remoteness = RemotenessTable::memory_needed(quick);
        assert!(remoteness < grundy - 1);
        let value = |memory| {
            let (code, out) = all_moves_with(memory, &position, true);
            assert_eq!(code, 0);
            serde_json::from_str::<serde_json::Value>(&out).unwrap()["grundy"].clone()
        };
        assert_eq!(value(grundy - 1), serde_json::Value::Null);
        let table = GrundyTable::compute(quick).unwrap();
        let expected = table.value(2, u64::from(quick), 1).unwrap();
        assert_eq!(value(grundy), serde_json::Value::from(expected));
        let (code, text) = all_moves_with(remoteness, &position, false);
        assert_eq!(code, 0);
        assert!(
            text.contains("win in") || text.contains("lose in"),
            "{text}"
        );
    }

    #[test]
    fn a_position_without_a_winning_move_says_why() {
        let over = Position::game([0, 0, 0]);
        assert_eq!(
            no_winning_move(&over, Outcome::Win),
            "no move: the game is over, 0 0 0 has no stones, and the player to move has won \
             (the opponent took the last stone)"
        );
        assert_eq!(
            no_winning_move(&over, Outcome::Lose),
            "no move: the game is over, 0 0 0 has no stones, and the player to move has lost"
        );
        assert_eq!(
            no_winning_move(&Position::game([1, 3, 3]), Outcome::Lose),
            "no winning move: 1 3 3 is losing"
        );
    }
}
