//! `play [A B C ...]`: a game, or a sum of games, against the engine, which
//! plays perfectly.
//!
//! Three piles are one game; six or more (a multiple of three) are a sum of
//! games, three piles each, where a move changes one game by one of its
//! moves and whoever takes the last stone of all wins. A turn is typed as
//! the whole position it leaves, piles in the order shown; `undo` takes
//! back the player's last move and the engine's reply.
//!
//! The parts: the library's [`Solver`] answers who wins, and makes the
//! engine's move and the hint ([`Solver::engine`]: one game by its
//! remoteness within the cap, else by the tables of losing positions; a sum
//! by the XOR of its games' Sprague-Grundy values, GAME.md); the
//! [`referee`] knows legal moves and who has won; [`input`] reads a typed
//! line; a [`view`](mod@view) shows the game, over a pipe by the plain and stable
//! protocol of [`pipe`] (README, "Playing"), in a terminal as rows of
//! stones ([`terminal`]); Ctrl-C ends it at once ([`interrupt`]). This
//! module starts the game and runs its turns.

mod input;
mod interrupt;
mod pipe;
mod referee;
mod terminal;
mod view;

use std::io::Write;

use stone_game::{Convention, EMBEDDED, MoveAnswer, Position, ScannedTables, Solver, Tables};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_REMOTENESS;
use crate::runtime::table_to;
use crate::solver::{Built, left_by, parse_position, refuse_misere_sum};
use crate::words::games_text;
use input::{Input, parse_input};
use pipe::Pipe;
use referee::{End, Winner, check_move, is_over};
use terminal::Terminal;
use view::{Leaving, View};

/// The largest pile of a random start: small enough to draw in a terminal.
const RANDOM_PILE_MAX: u64 = 20;

/// `play [A B C ...] [--seed N] [--engine-first] [--misere]`.
pub(crate) fn play(
    ctx: &mut Ctx,
    piles: &[String],
    seed: Option<u64>,
    engine_first: bool,
    convention: Convention,
) -> Result<u8, Failure> {
    interrupt::exit_on_ctrl_c(ctx.interactive);
    let misere = convention == Convention::Misere;
    // Typed as `value` and `moves` take them: spaces, commas or `+`. Any
    // pile: past the remoteness, the engine plays by the stones left.
    let given = match piles {
        [] => None,
        _ => Some(parse_position(piles, u64::MAX)?),
    };
    if let Some(position) = &given {
        refuse_misere_sum("play", position, convention)?;
    }
    let piles = given.as_ref().map_or(&[][..], Position::piles);
    // A random misère start is chosen from the misère tables to its
    // largest pile, which then decide the game.
    let random_misere: Option<ScannedTables> = if misere && piles.is_empty() {
        let what = "a random misère start";
        table_to(ctx, convention, RANDOM_PILE_MAX, false, what)?
    } else {
        None
    };
    let starts_from = random_misere
        .as_ref()
        .map_or(EMBEDDED, ScannedTables::as_tables);
    let start = start_position(piles, seed, engine_first, starts_from)?;
    let shown: &dyn View = if ctx.interactive { &Terminal } else { &Pipe };
    if let [a, b, c] = start[..] {
        // Piles only shrink, so the tables that decide the start decide
        // every position of the game.
        let built = match random_misere {
            Some(table) => Built::new(convention).with_scanned(Some(table)),
            None => Built::new(convention).deciding(ctx, [a, b, c], "playing from")?,
        };
        let largest = a.max(b).max(c);
        // Within its cap, the remoteness: the engine wins in the fewest
        // moves and holds out the longest.
        let built = if largest <= u64::from(MAX_REMOTENESS) {
            built.remoteness(ctx, largest, &format!("playing from ({a}, {b}, {c})"))?
        } else {
            ctx.note(&format!(
                "pile {largest} is past {MAX_REMOTENESS}, the largest whose remoteness this \
                 tool computes: the engine plays perfectly, but by the stones left, not \
                 always the shortest win or the longest defence"
            ));
            built
        };
        let game = Game {
            solver: built.solver()?,
            misere,
            view: shown,
        };
        game.run(ctx, start, engine_first)
    } else {
        let largest = start.iter().copied().max().unwrap_or(0);
        let sum = Position::new(start.clone()).map_err(|e| Failure::Usage(e.to_string()))?;
        let what = format!("playing the sum {}", games_text(&sum));
        let built = Built::new(convention).grundy(ctx, largest, &what)?;
        let game = Game {
            solver: built.solver()?,
            misere: false,
            view: shown,
        };
        game.run(ctx, start, engine_first)
    }
}

/// The position to start from: the piles given, or with none a random
/// start that the player can win, repeatable with a seed.
fn start_position(
    piles: &[u64],
    seed: Option<u64>,
    engine_first: bool,
    tables: Tables,
) -> Result<Vec<u64>, Failure> {
    // The piles given are a position: three, or three per game.
    match piles.len() {
        0 => Ok(random_start(seed, engine_first, tables).to_vec()),
        _ if seed.is_some() => Err(Failure::Usage(
            "--seed only chooses a random start, so it takes no piles: give the piles \
             or a seed, not both"
                .into(),
        )),
        _ => Ok(piles.to_vec()),
    }
}

/// A random start with piles from 1 to [`RANDOM_PILE_MAX`] (or the limit of
/// `tables`, if smaller) that the player can win by `tables`: a winning
/// position when the player moves first, a losing one when the engine does.
/// Repeatable with a seed.
fn random_start(seed: Option<u64>, engine_first: bool, tables: Tables) -> [u64; 3] {
    let mut rng = seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let most = RANDOM_PILE_MAX.min(u64::from(tables.limit())).max(1);
    if engine_first {
        // Few positions are losing: choose among them, in a random order.
        // Sorted, each is a pair x <= y and its partner z, if z >= y.
        let lost: Vec<[u64; 3]> = (1..=most)
            .flat_map(|x| (x..=most).map(move |y| (x, y)))
            .filter_map(|(x, y)| {
                let z = tables.partner(x, y)?;
                (y..=most).contains(&z).then_some([x, y, z])
            })
            .collect();
        // (0, 1, 2) is losing at any limit, for the tables too small to
        // hold a losing position with no empty pile (below 3).
        let mut p = if lost.is_empty() {
            [0, 1, 2]
        } else {
            lost[rng.usize(..lost.len())]
        };
        rng.shuffle(&mut p);
        p
    } else {
        // Most positions are winning, so a few tries find one; [1, 1, 1]
        // (take all three) is winning at any limit, for the tables too
        // small to tell.
        (0..1000)
            .map(|_| [0; 3].map(|_| rng.u64(1..=most)))
            .find(|p| tables.is_losing(p[0], p[1], p[2]) == Some(false))
            .unwrap_or([1, 1, 1])
    }
}

/// A game: what decides its positions, and how it is shown.
struct Game<'t> {
    /// The tables of the game: its losing positions and, within its cap,
    /// its remoteness; for a sum, its Grundy values.
    solver: Solver<'t>,
    /// Whoever takes the last stone loses.
    misere: bool,
    view: &'t dyn View,
}

impl Game<'_> {
    fn run(&self, ctx: &mut Ctx, start: Vec<u64>, engine_first: bool) -> Result<u8, Failure> {
        let mut position = start;
        self.show(ctx, |view, out| view.start(out, &position, self.misere))?;
        let mut players_turn = !engine_first;
        let mut moved = false;
        // The positions the player moved from, the latest last: where
        // `undo` goes back to.
        let mut undoable: Vec<Vec<u64>> = Vec::new();
        loop {
            if is_over(&position) {
                // The side to move has nothing left to take: it has lost,
                // or under misère won.
                let winner = if players_turn != self.misere {
                    Winner::Engine
                } else {
                    Winner::Player
                };
                let end = match (moved, self.misere) {
                    (true, false) => End::LastStone(winner),
                    (false, false) => End::NoStones(winner),
                    (true, true) => End::MisereLastStone(winner),
                    (false, true) => End::MisereNoStones(winner),
                };
                self.show(ctx, |view, out| view.end(out, end))?;
                return Ok(0);
            }
            if players_turn {
                match self.players_turn(ctx, &position)? {
                    Turn::Moved(to) => {
                        self.show(ctx, |view, out| view.players_move(out, &position, &to))?;
                        undoable.push(std::mem::replace(&mut position, to));
                    }
                    Turn::Undo => {
                        let back = undoable.pop();
                        self.show(ctx, |view, out| view.undo(out, back.as_deref()))?;
                        // Still the player's turn, from where the game stood.
                        position = back.unwrap_or(position);
                        continue;
                    }
                    Turn::Left => return Ok(0),
                }
            } else {
                let engine = self.engine(&position)?.ok_or_else(|| {
                    Failure::Internal(format!("the engine found no move from {position:?}"))
                })?;
                self.show(ctx, |view, out| {
                    view.engine_move(out, &position, &engine.to)
                })?;
                position = engine.to;
            }
            moved = true;
            players_turn = !players_turn;
        }
    }

    /// Asks until the player types a legal move, `undo`, or leaves; answers
    /// everything else (`hint`, `help`, a line that is no legal move) and
    /// asks again.
    fn players_turn(&self, ctx: &mut Ctx, position: &[u64]) -> Result<Turn, Failure> {
        loop {
            self.show(ctx, |view, out| view.prompt(out, position))?;
            let mut line = Vec::new();
            if ctx.input.read_until(b'\n', &mut line)? == 0 {
                self.show(ctx, |view, out| view.left(out, Leaving::EndOfInput))?;
                return Ok(Turn::Left);
            }
            let why = match parse_input(&String::from_utf8_lossy(&line), position) {
                Ok(Input::Leave(to)) => match check_move(position, &to) {
                    Ok(()) => return Ok(Turn::Moved(to)),
                    Err(why) => why,
                },
                Ok(Input::Undo) => return Ok(Turn::Undo),
                Ok(Input::Quit) => {
                    self.show(ctx, |view, out| view.left(out, Leaving::Quit))?;
                    return Ok(Turn::Left);
                }
                Ok(Input::Empty) => continue,
                Ok(Input::Help) => {
                    self.show(ctx, |view, out| view.help(out))?;
                    continue;
                }
                Ok(Input::Hint) => {
                    // The engine's move, when it wins: the quickest win.
                    let hint = self.engine(position)?.filter(|m| m.wins);
                    let best = hint.as_ref().map(|m| m.to.clone());
                    let wins_in = hint.and_then(|m| m.remoteness).map(|r| r + 1);
                    self.show(ctx, |view, out| {
                        view.hint(out, position, best.as_deref(), wins_in)
                    })?;
                    continue;
                }
                Err(why) => why,
            };
            self.show(ctx, |view, out| view.illegal(out, &why))?;
        }
    }

    /// The engine's move from `position` (the library's), as the whole
    /// position it leaves; `None` when no stone is left.
    fn engine(&self, position: &[u64]) -> Result<Option<EngineMove>, Failure> {
        let from =
            Position::new(position.to_vec()).map_err(|e| Failure::Internal(e.to_string()))?;
        let engine: Option<MoveAnswer> = self
            .solver
            .engine(&from)
            .map_err(|e| Failure::Internal(e.to_string()))?;
        let Some(m) = engine else { return Ok(None) };
        let left = left_by(&m, &from)?;
        Ok(Some(EngineMove {
            to: left.piles().to_vec(),
            wins: m.wins(),
            remoteness: m.remoteness,
        }))
    }

    /// Shows an event through the view, at once: the player may be waiting
    /// for it.
    fn show(
        &self,
        ctx: &mut Ctx,
        event: impl FnOnce(&dyn View, &mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), Failure> {
        event(self.view, &mut *ctx.out)?;
        Ok(ctx.out.flush()?)
    }
}

/// How the player's turn ended.
enum Turn {
    /// A legal move, leaving this position.
    Moved(Vec<u64>),
    /// `undo`: the player's last move and the engine's reply taken back,
    /// if the player has moved.
    Undo,
    /// `quit`, or the end of input.
    Left,
}

/// The engine's move, as `play` shows it.
struct EngineMove {
    /// The whole position it leaves.
    to: Vec<u64>,
    /// Whether it leaves the player lost.
    wins: bool,
    /// The remoteness of the position it leaves, for one game within the
    /// cap.
    remoteness: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_starts_can_be_won_by_the_player_and_are_repeatable() {
        for engine_first in [false, true] {
            let mut starts = std::collections::BTreeSet::new();
            for seed in 0..50 {
                let p = random_start(Some(seed), engine_first, EMBEDDED);
                starts.insert(p);
                assert_eq!(p, random_start(Some(seed), engine_first, EMBEDDED));
                assert!(p.iter().all(|&pile| (1..=RANDOM_PILE_MAX).contains(&pile)));
                // Won for the player: winning when the player moves first,
                // losing when the engine does.
                assert_eq!(
                    stone_game::EMBEDDED.is_losing(p[0], p[1], p[2]),
                    Some(engine_first),
                    "{p:?}"
                );
            }
            // Random: fifty seeds do not all give one start (repeats are
            // rare among the 8000 positions, or the 52 losing ones in six
            // orders each).
            assert!(starts.len() > 25, "{engine_first}: {starts:?}");
        }
    }

    /// Every losing position with piles from 1 to 20 can start a game the
    /// engine moves first in, in any pile order: the seeds reach them all,
    /// and not only sorted.
    #[test]
    fn the_engine_first_starts_reach_every_losing_position_in_range() {
        let mut expected = std::collections::BTreeSet::new();
        for a in 1..=RANDOM_PILE_MAX {
            for b in a..=RANDOM_PILE_MAX {
                for c in b..=RANDOM_PILE_MAX {
                    if stone_game::EMBEDDED.is_losing(a, b, c) == Some(true) {
                        expected.insert([a, b, c]);
                    }
                }
            }
        }
        let (mut reached, mut unsorted) = (std::collections::BTreeSet::new(), 0);
        for seed in 0..1000 {
            let p = random_start(Some(seed), true, EMBEDDED);
            let mut sorted = p;
            sorted.sort_unstable();
            unsorted += usize::from(sorted != p);
            reached.insert(sorted);
        }
        assert_eq!(reached, expected);
        assert!(unsorted > 500, "{unsorted}");
    }

    #[test]
    fn a_seed_goes_with_no_piles() {
        assert_eq!(
            start_position(&[1, 2, 3], None, false, EMBEDDED).unwrap(),
            [1, 2, 3]
        );
        assert_eq!(
            start_position(&[], Some(7), true, EMBEDDED).unwrap(),
            random_start(Some(7), true, EMBEDDED)
        );
        let Err(Failure::Usage(why)) = start_position(&[1, 2, 3], Some(7), false, EMBEDDED) else {
            panic!("a seed with piles is refused");
        };
        assert!(
            why.starts_with("--seed only chooses a random start"),
            "{why}"
        );
    }

    /// Plays `typed` from `start` in a terminal, and returns what it shows.
    fn played(start: &[u64], engine_first: bool, typed: &str) -> String {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut input = typed.as_bytes();
        let mut ctx = Ctx {
            out: &mut out,
            err: &mut err,
            input: &mut input,
            interactive: true,
            progress_bar: false,
            memory: None,
        };
        let game = Game {
            solver: Solver::new(Convention::Normal),
            misere: false,
            view: &Terminal,
        };
        assert_eq!(game.run(&mut ctx, start.to_vec(), engine_first).unwrap(), 0);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn in_a_terminal_every_event_goes_through_the_terminal_view() {
        let shown = played(&[1, 3, 4], false, "1 2\nhint\nh\n1,3,3\nu\nundo\n");
        assert!(shown.starts_with("Three piles of stones."), "{shown}");
        for said in [
            "your move (the piles you leave, e.g. '1 3 3', or 'help')> ",
            "That is not a move: type the position you leave as three numbers (e.g. '1 3 3')",
            "Leave 1 1 4:",
            "Type at your move:\n",
            "You take 1 from C, leaving 1 3 3.\n",
            "The engine takes ",
            "Taken back: your last move and the engine's reply. Back to 1 3 4.\n",
            "There is nothing to undo: you have not moved yet.\n",
        ] {
            assert!(shown.contains(said), "{said:?} in {shown}");
        }
        assert!(shown.ends_with("\nbye\n"), "{shown}");
        assert!(played(&[0, 0, 5], false, "0 0 0\n").ends_with("you win!\n"));
        assert!(played(&[1, 3, 4], false, "quit\n").ends_with("> bye\n"));
        assert!(played(&[1, 3, 4], false, "Q\n").ends_with("> bye\n"));
    }

    #[test]
    fn a_start_with_no_stones_is_lost_for_the_side_to_move() {
        let you_first = played(&[0, 0, 0], false, "");
        assert!(you_first.ends_with("The engine wins.\n"), "{you_first}");
        assert!(!you_first.contains("your move"), "{you_first}");
        let engine_first = played(&[0, 0, 0], true, "");
        assert!(engine_first.ends_with("You win!\n"), "{engine_first}");
        assert!(!engine_first.contains("The engine takes"), "{engine_first}");
    }
}
