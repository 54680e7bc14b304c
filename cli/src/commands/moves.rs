//! `moves A B C`: the winning moves of a position, one game or a sum of
//! games, as the positions they leave, piles in the order given: each line
//! is a move `play` takes as it stands. With `--all`: every legal move, best
//! first, with the outcome (and for one game the remoteness) of the
//! position it leaves; its JSON has one game's Grundy value in normal play
//! up to [`GrundyTable::QUICK_LIMIT`], as the web explorer's does.

use stone_game::{Convention, GrundyTable, Outcome, Position, Solver};

use crate::context::{Ctx, Failure};
use crate::solver::{Built, parse_position, refuse_misere_sum};
use crate::words::{games_text, outcome_text, piles_text};

/// `moves PILE... [--all] [--misere] [--json]`.
pub(crate) fn moves(
    ctx: &mut Ctx,
    piles: &[String],
    convention: Convention,
    all: bool,
    as_json: bool,
) -> Result<u8, Failure> {
    // How large a pile may be depends on --all and on the tables: each
    // refuses its own past what it covers.
    let position = parse_position(piles, u64::MAX)?;
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
    let mut left: Vec<Position> = answer.moves.iter().map(|m| m.leaves(position)).collect();
    left.sort_unstable_by(|p, q| p.piles().cmp(q.piles()));
    for to in &left {
        writeln!(ctx.out, "{}", piles_text(to))?;
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
    let piles = piles_text(position);
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
    // One game's Grundy value where it is quick, as the web explorer's
    // answer has it: the same answer from both.
    let largest = position.largest_pile();
    if convention == Convention::Normal
        && !position.is_sum()
        && largest <= u64::from(GrundyTable::QUICK_LIMIT)
    {
        built = built.grundy(ctx, largest, &what)?;
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
        let to = piles_text(&m.leaves(position));
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

#[cfg(test)]
mod tests {
    use super::*;

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
