//! The referee: which moves are legal, why a move is not, and who has won.
//! Which moves win is the library's [`Solver`](stone_game::Solver).

use stone_game::{IllegalMove, IllegalSumMove, Move, Position, SumMove};

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Winner {
    Player,
    Engine,
}

/// How a game ended: the one whose turn it is with no stone left has lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// The winner took the last stone.
    LastStone(Winner),
    /// The start had no stones, so the side to move could not, and lost.
    NoStones(Winner),
    /// Misère: the loser took the last stone.
    MisereLastStone(Winner),
    /// Misère: the start had no stones, so the side to move won.
    MisereNoStones(Winner),
}

/// Whether no stone is left to take: the game is over.
pub(super) fn is_over(p: &[u64]) -> bool {
    p.iter().all(|&pile| pile == 0)
}

/// Why leaving `to` from `from` (whole positions, games of three piles in
/// order) is not a move of one game; `Ok` when it is one.
pub(super) fn check_move(from: &[u64], to: &[u64]) -> Result<(), String> {
    the_move(from, to).map(|_| ())
}

/// What the move from `from` to `to` takes, as the game tells it: `2 from B
/// and C`, and in a sum the game too, `2 from D and E in game 2`; `None`
/// when it is not a move.
pub(super) fn taken_text(from: &[u64], to: &[u64]) -> Option<String> {
    let (g, taken) = the_move(from, to).ok()?;
    let names: Vec<String> = (0..3)
        .filter(|&i| taken.piles()[i])
        .map(|i| pile_name(3 * g + i))
        .collect();
    let piles = match names.split_last()? {
        (last, []) => last.clone(),
        (last, others) => format!("{} and {last}", others.join(", ")),
    };
    let game = if from.len() > 3 {
        format!(" in game {}", g + 1)
    } else {
        String::new()
    };
    Some(format!("{} from {piles}{game}", taken.stones()))
}

/// The library's move that leaves `to` from `from`: the game it changes
/// and its move there; why it is not one move of one game otherwise, in
/// the player's words.
fn the_move(from: &[u64], to: &[u64]) -> Result<(usize, Move), String> {
    let position = |piles: &[u64]| Position::new(piles.to_vec()).map_err(|e| e.to_string());
    match SumMove::between(&position(from)?, &position(to)?) {
        Ok(SumMove { game, take, .. }) => Ok((game, take)),
        Err(IllegalSumMove::InGame { game, why }) => Err(explain(why, 3 * game)),
        Err(IllegalSumMove::NothingTaken) => Err(explain(IllegalMove::NothingTaken, 0)),
        Err(why) => Err(why.to_string()),
    }
}

/// `why` in the player's words, for the game whose first pile is `first`.
fn explain(why: IllegalMove, first: usize) -> String {
    match why {
        IllegalMove::PileGrows { pile, from, to } => format!(
            "pile {} would grow from {from} to {to}; a move only takes stones",
            pile_name(first + pile)
        ),
        IllegalMove::NothingTaken => {
            "that is the position as it stands; a move takes at least one stone".into()
        }
        IllegalMove::UnequalAmounts { taken } => format!(
            "a move takes the same number of stones from each pile it touches, but this takes {}",
            (0..3)
                .filter(|&i| taken[i] > 0)
                .map(|i| format!("{} from {}", taken[i], pile_name(first + i)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// A legal move from `p`, which has a stone, to show as an example: one
/// stone from its largest pile (the first, if several are largest).
pub(super) fn example_move(p: &[u64]) -> Vec<u64> {
    let mut to = p.to_vec();
    if let Some(largest) = (0..p.len()).max_by_key(|&i| (p[i], std::cmp::Reverse(i))) {
        to[largest] = to[largest].saturating_sub(1);
    }
    to
}

/// The name of pile `i`, as shown and explained: `A` to `Z`, then `AA`, `AB`, ...
pub(super) fn pile_name(i: usize) -> String {
    let mut name = Vec::new();
    let mut n = i + 1;
    while n > 0 {
        let digit = (n - 1) % 26;
        name.push(b'A' + digit as u8);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8_lossy(&name).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked_and_explained_with_the_piles_names() {
        assert_eq!(check_move(&[1, 3, 4], &[1, 3, 3]), Ok(()));
        assert_eq!(check_move(&[5, 5, 5], &[2, 5, 2]), Ok(()));
        assert_eq!(check_move(&[5, 5, 5, 1, 2, 3], &[5, 5, 5, 0, 1, 2]), Ok(()));
        for (from, to, why) in [
            (
                &[1, 3, 4][..],
                &[1, 3, 4][..],
                "that is the position as it stands; a move takes at least one stone",
            ),
            (
                &[1, 3, 4],
                &[2, 3, 4],
                "pile A would grow from 1 to 2; a move only takes stones",
            ),
            (
                &[1, 3, 4],
                &[1, 2, 2],
                "a move takes the same number of stones from each pile it touches, \
                 but this takes 1 from B, 2 from C",
            ),
            (
                &[1, 3, 4, 5, 5, 5],
                &[1, 3, 4, 5, 6, 5],
                "pile E would grow from 5 to 6; a move only takes stones",
            ),
            (
                &[1, 3, 4, 5, 5, 5],
                &[1, 3, 4, 4, 5, 3],
                "a move takes the same number of stones from each pile it touches, \
                 but this takes 1 from D, 2 from F",
            ),
            (
                &[1, 3, 4, 5, 5, 5],
                &[1, 3, 3, 4, 5, 5],
                "a move changes one game, but this changes games 1 and 2",
            ),
        ] {
            assert_eq!(
                check_move(from, to),
                Err(why.to_string()),
                "{from:?} -> {to:?}"
            );
        }
    }

    #[test]
    fn a_move_is_told_by_what_it_takes_and_from_which_piles() {
        assert_eq!(
            taken_text(&[5, 3, 4], &[5, 1, 2]).as_deref(),
            Some("2 from B and C")
        );
        assert_eq!(
            taken_text(&[1, 3, 4], &[1, 3, 3]).as_deref(),
            Some("1 from C")
        );
        assert_eq!(
            taken_text(&[5, 5, 5], &[0, 0, 0]).as_deref(),
            Some("5 from A, B and C")
        );
        assert_eq!(
            taken_text(&[1, 3, 4, 5, 5, 5], &[1, 3, 4, 2, 2, 5]).as_deref(),
            Some("3 from D and E in game 2")
        );
        assert_eq!(
            taken_text(&[1, 3, 4, 5, 5, 5], &[0, 3, 4, 5, 5, 5]).as_deref(),
            Some("1 from A in game 1")
        );
        for (from, to) in [
            (&[1, 3, 4][..], &[1, 3, 4][..]),
            (&[1, 3, 4], &[1, 2, 2]),
            (&[1, 3, 4], &[1, 3]),
            (&[1, 3, 4, 5, 5, 5], &[1, 3, 3, 4, 5, 5]),
        ] {
            assert_eq!(taken_text(from, to), None, "{from:?} -> {to:?}");
        }
        assert_eq!(
            check_move(&[1, 3, 4], &[1, 3, 4, 5, 5, 5]),
            Err("a position has 3 piles, not 6".to_string())
        );
    }

    #[test]
    fn piles_are_named_by_letters() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52].map(pile_name).to_vec();
        assert_eq!(names, ["A", "B", "Z", "AA", "AB", "AZ", "BA"]);
    }

    #[test]
    fn positions_read_as_typed_and_as_games() {
        assert!(is_over(&[0, 0, 0, 0, 0, 0]));
        assert!(!is_over(&[0, 0, 0, 0, 1, 0]));
    }

    #[test]
    fn the_example_move_is_legal() {
        assert_eq!(example_move(&[1, 4, 4]), [1, 3, 4]);
        for p in [&[0, 0, 1][..], &[7, 2, 7], &[0, 0, 0, 3, 1, 3], &[9, 9, 9]] {
            assert_eq!(check_move(p, &example_move(p)), Ok(()), "{p:?}");
        }
    }
}
