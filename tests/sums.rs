//! Sums of games against a brute force that knows nothing of Grundy values:
//! a sum is lost exactly when every move leads to a won sum, and a winning
//! move is exactly a move to a lost sum.

#![cfg(feature = "alloc")]

use std::collections::HashMap;

use stone_game::{GrundyTable, Move, SumMove};

/// Every move from the sum `games`, as `sum_winning_moves` orders them:
/// game by game, each game's moves in the order of `Move::all_from`.
fn moves_from(games: &[[u64; 3]]) -> Vec<SumMove> {
    games
        .iter()
        .enumerate()
        .flat_map(|(game, &from)| {
            Move::all_from(from).map(move |take| SumMove {
                game,
                take,
                to: take.apply(from).expect("legal"),
            })
        })
        .collect()
}

/// The sum `games` after the move `m`.
fn after(games: &[[u64; 3]], m: &SumMove) -> Vec<[u64; 3]> {
    let mut after = games.to_vec();
    after[m.game] = m.to;
    after
}

/// Whether the player to move loses the sum, from the rules: lost exactly
/// when every move leads to a won sum (so a sum with no stones is lost).
fn lost(games: &[[u64; 3]], memo: &mut HashMap<Vec<[u64; 3]>, bool>) -> bool {
    if let Some(&known) = memo.get(games) {
        return known;
    }
    let is_lost = moves_from(games)
        .iter()
        .all(|m| !lost(&after(games, m), memo));
    memo.insert(games.to_vec(), is_lost);
    is_lost
}

/// Every game with piles up to `most`, in every pile order.
fn games_to(most: u64) -> Vec<[u64; 3]> {
    (0..=most)
        .flat_map(|a| (0..=most).flat_map(move |b| (0..=most).map(move |c| [a, b, c])))
        .collect()
}

/// For every sum of `sums`: its value is 0 exactly when the brute force
/// finds it lost, and its winning moves are exactly the moves to a lost sum,
/// in order. Returns the winning moves that raise a game's value.
fn check(table: &GrundyTable, sums: &[Vec<[u64; 3]>]) -> usize {
    let mut memo = HashMap::new();
    let value = |g: [u64; 3]| table.value(g[0], g[1], g[2]).expect("covered");
    let (mut lost_sums, mut raising) = (0, 0);
    for games in sums {
        let is_lost = lost(games, &mut memo);
        assert_eq!(table.sum_value(games) == Some(0), is_lost, "{games:?}");
        lost_sums += usize::from(is_lost);
        let expected: Vec<SumMove> = moves_from(games)
            .into_iter()
            .filter(|m| lost(&after(games, m), &mut memo))
            .collect();
        let moves = table.sum_winning_moves(games).expect("covered");
        assert_eq!(moves, expected, "{games:?}");
        raising += moves
            .iter()
            .filter(|m| value(m.to) > value(games[m.game]))
            .count();
    }
    // Both outcomes occur.
    assert!(lost_sums > 0 && lost_sums < sums.len(), "{lost_sums}");
    raising
}

#[test]
fn sums_of_two_games_to_4_agree_with_the_rules() {
    let table = GrundyTable::compute(4).expect("a small limit");
    let games = games_to(4);
    let sums: Vec<Vec<[u64; 3]>> = games
        .iter()
        .flat_map(|&g| games.iter().map(move |&h| vec![g, h]))
        .collect();
    // Moves that raise a game's value are among the winning moves.
    assert!(check(&table, &sums) > 0);
}

#[test]
fn sums_of_three_games_to_2_agree_with_the_rules() {
    let table = GrundyTable::compute(2).expect("a small limit");
    let games = games_to(2);
    let mut sums: Vec<Vec<[u64; 3]>> = Vec::new();
    for &g in &games {
        for &h in &games {
            sums.extend(games.iter().map(|&k| vec![g, h, k]));
        }
    }
    assert!(check(&table, &sums) > 0);
}

#[test]
fn one_game_and_no_game_agree_with_the_rules() {
    let table = GrundyTable::compute(6).expect("a small limit");
    let mut sums: Vec<Vec<[u64; 3]>> = games_to(6).into_iter().map(|g| vec![g]).collect();
    sums.push(vec![]);
    // One game alone: a winning move lowers its value to 0, never raises it.
    assert_eq!(check(&table, &sums), 0);
}

#[test]
fn games_past_the_limit_are_not_answered() {
    let table = GrundyTable::compute(4).expect("a small limit");
    for games in [
        vec![[5, 0, 0]],
        vec![[1, 1, 1], [0, 0, 5]],
        vec![[0, 5, 0], [1, 2, 0]],
        vec![[1, 1, 1], [1, 2, 0], [u64::MAX, 0, 0]],
    ] {
        assert_eq!(table.sum_value(&games), None, "{games:?}");
        assert_eq!(table.sum_winning_moves(&games), None, "{games:?}");
    }
}
