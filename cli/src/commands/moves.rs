//! `moves A B C`: the winning moves of a position, as the positions they
//! leave, piles in the order given: each line is a move `play A B C` takes as
//! it stands.

use serde::Serialize;
use stone_game::WinningMove;

use crate::context::{Ctx, Failure};
use crate::runtime::{table_for_position, view};

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

/// `moves A B C [--json]`: one line per winning move, the position it leaves
/// in the order of A B C, sorted; a losing position (no winning move) says so.
pub(crate) fn moves(ctx: &mut Ctx, p: [u64; 3], as_json: bool) -> Result<u8, Failure> {
    let table = table_for_position(ctx, p, "the moves of")?;
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
