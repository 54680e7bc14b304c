//! `play [A B C]`: a game against the engine, which plays perfectly.
//!
//! A turn is typed as the position it leaves, piles in the order shown. Over
//! a pipe the protocol is plain and stable (README, "Playing"): a `start:`
//! line, then `engine: X Y Z` for each reply of the engine, `hint: ...` and
//! `illegal: ...` answers, and one closing line `you win` or `engine wins`.
//! In a terminal the piles are drawn as rows of stones instead.

use stone_game::{Move, Tables};

use super::commands::{table_for_position, view};
use super::{Ctx, Failure};

/// The largest pile of a random start: small enough to draw in a terminal.
const RANDOM_PILE_MAX: u64 = 20;

/// The most stones a row draws; a larger pile is drawn cut short, with its size.
const ROW_STONES_MAX: u64 = 40;

/// The names of the piles, in the order they are shown and typed.
const PILE_NAMES: [char; 3] = ['A', 'B', 'C'];

/// `play [A B C] [--seed N] [--engine-first]`.
pub(crate) fn play(
    ctx: &mut Ctx,
    piles: &[u64],
    seed: Option<u64>,
    engine_first: bool,
) -> Result<u8, Failure> {
    let start = match *piles {
        [] => random_winning_start(seed),
        [a, b, c] => [a, b, c],
        _ => {
            return Err(Failure::Usage(format!(
                "play takes three piles or none, not {}",
                piles.len()
            )));
        }
    };
    // Piles only shrink, so the tables that decide the start decide every
    // position of the game.
    let table = table_for_position(ctx, start, "playing from")?;
    let game = Game {
        tables: view(&table),
        fancy: ctx.interactive,
    };
    game.run(ctx, start, engine_first)
}

/// A random winning position with piles from 1 to [`RANDOM_PILE_MAX`] (or
/// the embedded limit, if smaller): the player who moves first can win it.
/// Repeatable with a seed.
fn random_winning_start(seed: Option<u64>) -> [u64; 3] {
    let mut rng = seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let most = RANDOM_PILE_MAX.min(u64::from(stone_game::LIMIT)).max(1);
    // Most positions are winning, so a few tries find one; [1, 1, 1] (take
    // all three) is winning at any limit, for the tables too small to tell.
    (0..1000)
        .map(|_| [0; 3].map(|_| rng.u64(1..=most)))
        .find(|p| stone_game::EMBEDDED.is_losing(p[0], p[1], p[2]) == Some(false))
        .unwrap_or([1, 1, 1])
}

/// What a line typed by the player asks.
#[derive(Debug, PartialEq, Eq)]
enum Input {
    /// Leave this position.
    Leave([u64; 3]),
    Hint,
    Quit,
    /// Nothing typed: ask again.
    Empty,
}

/// Reads a line of the player's: three piles, `hint` or `quit`.
fn parse_input(line: &str) -> Result<Input, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [] => Ok(Input::Empty),
        [w] if w.eq_ignore_ascii_case("hint") => Ok(Input::Hint),
        [w] if w.eq_ignore_ascii_case("quit") => Ok(Input::Quit),
        [a, b, c] => {
            let mut p = [0u64; 3];
            for (pile, word) in p.iter_mut().zip([a, b, c]) {
                if !word.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!("'{word}' is not a number of stones"));
                }
                *pile = word
                    .parse()
                    .map_err(|_| format!("'{word}' is more stones than any pile holds"))?;
            }
            Ok(Input::Leave(p))
        }
        _ => Err(
            "type the position you leave as three numbers (e.g. '1 3 3'), or 'hint' or 'quit'"
                .into(),
        ),
    }
}

/// Why leaving `to` from `from` is not a move; `Ok` when it is one.
fn check_move(from: [u64; 3], to: [u64; 3]) -> Result<(), String> {
    for i in 0..3 {
        if to[i] > from[i] {
            return Err(format!(
                "pile {} would grow from {} to {}; a move only takes stones",
                PILE_NAMES[i], from[i], to[i]
            ));
        }
    }
    let taken: Vec<(char, u64)> = (0..3)
        .filter(|&i| to[i] < from[i])
        .map(|i| (PILE_NAMES[i], from[i] - to[i]))
        .collect();
    match taken[..] {
        [] => Err("that is the position as it stands; a move takes at least one stone".into()),
        [(_, first), ..] if taken.iter().all(|&(_, n)| n == first) => Ok(()),
        _ => Err(format!(
            "a move takes the same number of stones from each pile it touches, but this takes {}",
            taken
                .iter()
                .map(|(pile, n)| format!("{n} from {pile}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Who took the last stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Winner {
    Player,
    Engine,
}

/// A game: the tables that decide its positions, and how it is shown.
struct Game<'t> {
    tables: Tables<'t>,
    /// Rows of stones and friendly words, for a person at a terminal.
    fancy: bool,
}

impl Game<'_> {
    fn run(&self, ctx: &mut Ctx, start: [u64; 3], engine_first: bool) -> Result<u8, Failure> {
        let mut position = start;
        self.show_start(ctx, position)?;
        let mut players_turn = !engine_first;
        loop {
            if position == [0; 3] {
                // The player to move has nothing left to take: the other won.
                let winner = if players_turn {
                    Winner::Engine
                } else {
                    Winner::Player
                };
                self.show_end(ctx, winner)?;
                return Ok(0);
            }
            if players_turn {
                match self.players_move(ctx, position)? {
                    Some(to) => position = to,
                    None => return Ok(0),
                }
            } else {
                position = self.engine_move(position)?;
                self.show_engine_move(ctx, position)?;
            }
            players_turn = !players_turn;
        }
    }

    /// Asks until the player types a legal move (`Some`) or leaves (`None`).
    fn players_move(&self, ctx: &mut Ctx, position: [u64; 3]) -> Result<Option<[u64; 3]>, Failure> {
        loop {
            if self.fancy {
                write!(
                    ctx.out,
                    "your move (the piles you leave, e.g. '{}'; 'hint'; 'quit')> ",
                    example_move(position)
                )?;
                ctx.out.flush()?;
            }
            let mut line = Vec::new();
            if ctx.input.read_until(b'\n', &mut line)? == 0 {
                if self.fancy {
                    writeln!(ctx.out, "\nbye")?;
                }
                return Ok(None);
            }
            let line = String::from_utf8_lossy(&line);
            let answer = match parse_input(&line) {
                Ok(Input::Leave(to)) => match check_move(position, to) {
                    Ok(()) => return Ok(Some(to)),
                    Err(why) => why,
                },
                Ok(Input::Quit) => {
                    if self.fancy {
                        writeln!(ctx.out, "bye")?;
                    }
                    return Ok(None);
                }
                Ok(Input::Empty) => continue,
                Ok(Input::Hint) => {
                    self.show_hint(ctx, position)?;
                    continue;
                }
                Err(why) => why,
            };
            if self.fancy {
                writeln!(ctx.out, "That is not a move: {answer}.")?;
            } else {
                writeln!(ctx.out, "illegal: {answer}")?;
            }
            ctx.out.flush()?;
        }
    }

    /// The engine's move from `position`: a winning move when there is one;
    /// from a losing position, one stone from one pile, the move that takes
    /// the least and so keeps the game longest, choosing among those one that
    /// the player cannot end at once, then the one with the fewest winning
    /// replies.
    fn engine_move(&self, position: [u64; 3]) -> Result<[u64; 3], Failure> {
        let winning = self.winning_move(position)?;
        if let Some(to) = winning {
            return Ok(to);
        }
        let mut best: Option<([u64; 3], (bool, usize))> = None;
        for step in Move::all_from(position).filter(|m| m.stones == 1) {
            let Some(to) = step.apply(position) else {
                continue;
            };
            if step.piles.iter().filter(|&&p| p).count() != 1 {
                continue;
            }
            // Worst for the engine: a reply that takes every stone left.
            let (mut ends, mut replies) = (false, 0);
            for reply in self.moves(to)? {
                ends |= reply.to == [0; 3];
                replies += 1;
            }
            let score = (ends, replies);
            if best.is_none_or(|(_, fewest)| score < fewest) {
                best = Some((to, score));
            }
        }
        best.map(|(to, _)| to)
            .ok_or_else(|| Failure::Internal(format!("the engine found no move from {position:?}")))
    }

    /// The winning moves of `position`.
    fn moves(&self, position: [u64; 3]) -> Result<stone_game::WinningMoves<'_>, Failure> {
        let [a, b, c] = position;
        self.tables.winning_moves(a, b, c).ok_or_else(|| {
            Failure::Internal(format!(
                "the tables do not answer the moves of {position:?}"
            ))
        })
    }

    /// The winning move that leaves the most stones, if there is one: the
    /// engine wins all the same, and the game lasts longer.
    fn winning_move(&self, position: [u64; 3]) -> Result<Option<[u64; 3]>, Failure> {
        Ok(self
            .moves(position)?
            .max_by_key(|m| (m.to.iter().sum::<u64>(), std::cmp::Reverse(m.to)))
            .map(|m| m.to))
    }

    fn show_start(&self, ctx: &mut Ctx, p: [u64; 3]) -> Result<(), Failure> {
        if self.fancy {
            writeln!(
                ctx.out,
                "Three piles of stones. Take the same number (at least one) from one,\n\
                 two or all three piles; whoever takes the last stone wins."
            )?;
            self.show_piles(ctx, p)?;
        } else {
            writeln!(ctx.out, "start: {} {} {}", p[0], p[1], p[2])?;
        }
        Ok(ctx.out.flush()?)
    }

    fn show_engine_move(&self, ctx: &mut Ctx, p: [u64; 3]) -> Result<(), Failure> {
        if self.fancy {
            writeln!(ctx.out, "The engine leaves {} {} {}.", p[0], p[1], p[2])?;
            self.show_piles(ctx, p)?;
        } else {
            writeln!(ctx.out, "engine: {} {} {}", p[0], p[1], p[2])?;
        }
        Ok(ctx.out.flush()?)
    }

    fn show_hint(&self, ctx: &mut Ctx, p: [u64; 3]) -> Result<(), Failure> {
        match (self.winning_move(p)?, self.fancy) {
            (Some(to), false) => writeln!(ctx.out, "hint: {} {} {}", to[0], to[1], to[2])?,
            (None, false) => writeln!(ctx.out, "hint: none")?,
            (Some([0, 0, 0]), true) => writeln!(ctx.out, "Take every stone left, and win.")?,
            (Some(to), true) => writeln!(
                ctx.out,
                "Leave {} {} {}: from there the engine cannot win against perfect play.",
                to[0], to[1], to[2]
            )?,
            (None, true) => writeln!(
                ctx.out,
                "There is no winning move here: every move leaves the engine a winning \
                 position. Take little and hope."
            )?,
        }
        Ok(ctx.out.flush()?)
    }

    fn show_end(&self, ctx: &mut Ctx, winner: Winner) -> Result<(), Failure> {
        match (winner, self.fancy) {
            (Winner::Player, false) => writeln!(ctx.out, "you win")?,
            (Winner::Engine, false) => writeln!(ctx.out, "engine wins")?,
            (Winner::Player, true) => writeln!(ctx.out, "You took the last stone: you win!")?,
            (Winner::Engine, true) => {
                writeln!(ctx.out, "The engine took the last stone: the engine wins.")?
            }
        }
        Ok(ctx.out.flush()?)
    }

    /// The piles as rows of stones, each with its name and size.
    fn show_piles(&self, ctx: &mut Ctx, p: [u64; 3]) -> Result<(), Failure> {
        writeln!(ctx.out)?;
        for (name, &pile) in PILE_NAMES.iter().zip(&p) {
            writeln!(ctx.out, "  {name} {pile:>3}  {}", stone_row(pile))?;
        }
        writeln!(ctx.out)?;
        Ok(())
    }
}

/// A row of `pile` stones in groups of five, cut short past
/// [`ROW_STONES_MAX`].
fn stone_row(pile: u64) -> String {
    let shown = pile.min(ROW_STONES_MAX);
    let mut row = String::new();
    for i in 0..shown {
        if i > 0 && i % 5 == 0 {
            row.push(' ');
        }
        row.push('●');
    }
    if shown < pile {
        row.push_str(" …");
    }
    row
}

/// A legal move from `p` to show in the prompt: one stone from its largest pile.
fn example_move(p: [u64; 3]) -> String {
    let mut to = p;
    if let Some(largest) = (0..3).max_by_key(|&i| (p[i], std::cmp::Reverse(i))) {
        to[largest] = to[largest].saturating_sub(1);
    }
    format!("{} {} {}", to[0], to[1], to[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_read() {
        assert_eq!(parse_input(" 1 3  3\n"), Ok(Input::Leave([1, 3, 3])));
        assert_eq!(parse_input("HINT\r\n"), Ok(Input::Hint));
        assert_eq!(parse_input("quit"), Ok(Input::Quit));
        assert_eq!(parse_input("  \n"), Ok(Input::Empty));
        for bad in [
            "1 2",
            "1 2 3 4",
            "a b c",
            "-1 2 3",
            "1 2 99999999999999999999",
            "hello",
        ] {
            assert!(parse_input(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn moves_are_checked() {
        assert_eq!(check_move([1, 3, 4], [1, 3, 3]), Ok(()));
        assert_eq!(check_move([5, 5, 5], [2, 2, 2]), Ok(()));
        assert_eq!(check_move([5, 5, 5], [2, 5, 2]), Ok(()));
        assert!(
            check_move([1, 3, 4], [1, 3, 4])
                .unwrap_err()
                .contains("at least one")
        );
        assert!(
            check_move([1, 3, 4], [2, 3, 4])
                .unwrap_err()
                .contains("grow")
        );
        assert!(
            check_move([1, 3, 4], [0, 1, 4])
                .unwrap_err()
                .contains("same number")
        );
    }

    #[test]
    fn random_starts_are_winning_and_repeatable() {
        let mut starts = std::collections::BTreeSet::new();
        for seed in 0..50 {
            let p = random_winning_start(Some(seed));
            starts.insert(p);
            assert_eq!(p, random_winning_start(Some(seed)));
            assert!(p.iter().all(|&pile| (1..=RANDOM_PILE_MAX).contains(&pile)));
            assert_eq!(
                stone_game::EMBEDDED.is_losing(p[0], p[1], p[2]),
                Some(false)
            );
        }
        // Random: fifty seeds do not all give one start (most of the 8000
        // positions are winning, so repeats are rare).
        assert!(starts.len() > 25, "{starts:?}");
    }

    /// From a losing position the engine takes one stone from one pile,
    /// leaving no reply that takes every stone if it can, then the fewest
    /// winning replies; among equals, the first in `Move::all_from`'s order
    /// (so that a seeded game replays the same).
    #[test]
    fn from_a_losing_position_the_engine_leaves_the_fewest_winning_replies() {
        let game = Game {
            tables: stone_game::EMBEDDED,
            fancy: false,
        };
        let mut ties = 0;
        for t in stone_game::LOSING_TRIPLES
            .iter()
            .filter(|t| t[2] <= 12)
            .skip(1)
        {
            let p = t.map(u64::from);
            let score = |to: [u64; 3]| {
                let replies: Vec<_> = stone_game::winning_moves(to[0], to[1], to[2])
                    .unwrap()
                    .collect();
                (replies.iter().any(|r| r.to == [0; 3]), replies.len())
            };
            let candidates: Vec<[u64; 3]> = Move::all_from(p)
                .filter(|m| m.stones == 1 && m.piles.iter().filter(|&&x| x).count() == 1)
                .filter_map(|m| m.apply(p))
                .collect();
            let expected = *candidates.iter().min_by_key(|&&to| score(to)).unwrap();
            let best = score(expected);
            ties += usize::from(candidates.iter().filter(|&&to| score(to) == best).count() > 1);
            assert_eq!(game.engine_move(p).unwrap(), expected, "from {p:?}");
        }
        // The tie-break is exercised, not only the minimum.
        assert!(ties > 0);
    }

    #[test]
    fn at_a_terminal_the_piles_are_drawn_as_rows_of_stones() {
        let game = Game {
            tables: stone_game::EMBEDDED,
            fancy: true,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut input = std::io::empty();
        let mut ctx = Ctx {
            out: &mut out,
            err: &mut err,
            input: &mut input,
            interactive: true,
            progress_bar: false,
            memory: None,
        };
        game.show_engine_move(&mut ctx, [1, 3, 7]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "The engine leaves 1 3 7.\n\n  A   1  ●\n  B   3  ●●●\n  C   7  ●●●●● ●●\n\n"
        );
    }

    #[test]
    fn rows_stay_short() {
        assert_eq!(stone_row(0), "");
        assert_eq!(stone_row(7), "●●●●● ●●");
        assert!(stone_row(1000).ends_with(" …"));
        assert_eq!(example_move([1, 4, 4]), "1 3 4");
    }
}
