//! Who wins when the stones run out.

/// Which player the last move favours: the two ways the game is played.
///
/// Under both, a move takes the same number of stones (at least one) from
/// one, two or all three piles. Under [`Normal`](Convention::Normal) play
/// whoever takes the last stone wins, so the empty position `(0, 0, 0)` is
/// lost for the player to move; under [`Misere`](Convention::Misere) play
/// whoever takes the last stone loses, so `(0, 0, 0)` is won for the player
/// to move (the opponent has just taken the last stone). Every other
/// position follows from the one rule: it is losing exactly when every move
/// leads to a winning position. GAME.md ("Misère play") shows that the
/// same key scan finds the losing positions of both.
///
/// ```
/// use stone_game_scan::Convention;
/// # #[cfg(feature = "alloc")] {
/// use stone_game_scan::scan::losing_triples_for;
/// let normal = losing_triples_for(Convention::Normal, 4, |_| {}).unwrap();
/// let misere = losing_triples_for(Convention::Misere, 4, |_| {}).unwrap();
/// assert_eq!(normal[..2], [[0, 0, 0], [0, 1, 2]]);
/// assert_eq!(misere[..2], [[0, 0, 1], [0, 2, 2]]);
/// # }
/// assert_eq!(Convention::default(), Convention::Normal);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Whoever takes the last stone wins: `(0, 0, 0)` is lost for the
    /// player to move. The game of the generated tables.
    #[default]
    Normal,
    /// Whoever takes the last stone loses: `(0, 0, 0)` is won for the
    /// player to move.
    Misere,
}
