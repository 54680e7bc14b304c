//! `moves A B C`: the winning moves of a position, as the positions they
//! leave, piles in the order given: each line is a move `play A B C` takes as
//! it stands. With `--all`: every legal move, best first, with the outcome
//! and remoteness of the position it leaves.

use serde::Serialize;
use stone_game::{Convention, WinningMove};

use crate::context::{Ctx, Failure};
use crate::runtime::{
    best_first, convention_name, outcome_name, position_table, positions_after, remoteness_table,
    view,
};

/// `moves --json`: `{"position":[a,b,c],"moves":[...]}`.
#[derive(Serialize)]
struct Answer {
    position: [u64; 3],
    moves: Vec<MoveAnswer>,
}

/// One winning move: `{"piles":[i,...],"stones":n,"to":[x,y,z]}`, the piles
/// as indexes into the position as given, `to` in that order.
#[derive(Serialize)]
struct MoveAnswer {
    piles: Vec<usize>,
    stones: u64,
    to: [u64; 3],
}

impl From<WinningMove> for MoveAnswer {
    fn from(m: WinningMove) -> Self {
        MoveAnswer {
            piles: (0..3).filter(|&i| m.take.piles()[i]).collect(),
            stones: m.take.stones(),
            to: m.to,
        }
    }
}

/// `moves --all --json`: `{"position":[a,b,c],"convention":"normal","moves":[...]}`.
#[derive(Serialize)]
struct AllAnswer {
    position: [u64; 3],
    convention: &'static str,
    moves: Vec<Rated>,
}

/// One legal move of `moves --all`: `{"to":[x,y,z],"outcome":"lose","remoteness":n}`,
/// the outcome and remoteness of `to` for the player to move there.
#[derive(Serialize)]
struct Rated {
    to: [u64; 3],
    outcome: &'static str,
    remoteness: u32,
}

/// `moves A B C [--all] [--misere] [--json]`.
pub(crate) fn moves(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    all: bool,
    as_json: bool,
) -> Result<u8, Failure> {
    if all {
        all_moves(ctx, p, convention, as_json)
    } else {
        winning_moves(ctx, p, convention, as_json)
    }
}

/// One line per winning move, the position it leaves in the order of A B C,
/// sorted; a losing position (no winning move) says so.
fn winning_moves(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let table = position_table(ctx, convention, p, "the moves of")?;
    let [a, b, c] = p;
    let mut moves: Vec<MoveAnswer> = view(&table)
        .winning_moves(a, b, c)
        .ok_or_else(|| Failure::unanswered(&format!("the moves of ({a}, {b}, {c})")))?
        .map(MoveAnswer::from)
        .collect();
    // Each move leaves a different position, piles in the order given.
    moves.sort_unstable_by_key(|m| m.to);
    if as_json {
        ctx.print_json(&Answer { position: p, moves })?;
    } else if moves.is_empty() {
        writeln!(ctx.out, "no winning move: {a} {b} {c} is losing")?;
    } else {
        for MoveAnswer { to: [x, y, z], .. } in moves {
            writeln!(ctx.out, "{x} {y} {z}")?;
        }
    }
    Ok(0)
}

/// Every legal move with the value of the position it leaves, best first
/// ([`best_first`]): `X Y Z  lose in 4` lines.
fn all_moves(
    ctx: &mut Ctx,
    p: [u64; 3],
    convention: Convention,
    as_json: bool,
) -> Result<u8, Failure> {
    let largest = p.iter().copied().max().unwrap_or(0);
    let [a, b, c] = p;
    let what = format!("the moves of ({a}, {b}, {c})");
    let table = remoteness_table(ctx, convention, largest, &what)?;
    let mut moves = positions_after(p)
        .map(|to| Some((to, table.value(to[0], to[1], to[2])?)))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Failure::unanswered(&what))?;
    moves.sort_unstable_by_key(|&(to, value)| best_first(to, value));
    let moves = moves.into_iter().map(|(to, value)| Rated {
        to,
        outcome: outcome_name(value.outcome),
        remoteness: value.remoteness,
    });
    if as_json {
        ctx.print_json(&AllAnswer {
            position: p,
            convention: convention_name(convention),
            moves: moves.collect(),
        })?;
    } else {
        let mut any = false;
        for Rated {
            to: [x, y, z],
            outcome,
            remoteness,
        } in moves
        {
            any = true;
            writeln!(ctx.out, "{x} {y} {z}  {outcome} in {remoteness}")?;
        }
        if !any {
            writeln!(ctx.out, "no move: {a} {b} {c} has no stones")?;
        }
    }
    Ok(0)
}
