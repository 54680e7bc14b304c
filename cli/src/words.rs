//! How answers read as text: outcomes and positions in the words every
//! command prints. It imports nothing of the crate.

use stone_game::{Outcome, Position};

/// `win in N` or `lose in N`; `win` or `lose` where the remoteness is not
/// known (a sum of games).
pub(crate) fn outcome_text(outcome: Outcome, remoteness: Option<u32>) -> String {
    let outcome = match outcome {
        Outcome::Win => "win",
        Outcome::Lose => "lose",
    };
    match remoteness {
        Some(n) => format!("{outcome} in {n}"),
        None => outcome.to_owned(),
    }
}

/// Every pile, space-separated: a position as `play` takes it, and as its
/// pipe protocol writes it.
pub(crate) fn piles_text(piles: &[u64]) -> String {
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    piles.join(" ")
}

/// `(a, b, c)`, or `(a, b, c) + (d, e, f)` for a sum: a position in messages.
pub(crate) fn games_text(position: &Position) -> String {
    position
        .games()
        .map(|[a, b, c]| format!("({a}, {b}, {c})"))
        .collect::<Vec<_>>()
        .join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_as_words() {
        assert_eq!(outcome_text(Outcome::Win, Some(3)), "win in 3");
        assert_eq!(outcome_text(Outcome::Lose, Some(0)), "lose in 0");
        assert_eq!(outcome_text(Outcome::Lose, None), "lose");
        let sum: Position = "1 2 3 + 4 5 6".parse().unwrap();
        assert_eq!(piles_text(sum.piles()), "1 2 3 4 5 6");
        assert_eq!(games_text(&sum), "(1, 2, 3) + (4, 5, 6)");
        assert_eq!(games_text(&Position::game([0, 0, 7])), "(0, 0, 7)");
    }
}
