//! The rules' brute force that the CLI's tests check answers against:
//! every move tried, memoised. It knows nothing of keys, partners or
//! Grundy values, nor of the library.

#![allow(dead_code)] // Each test file uses what it needs.

use std::collections::HashMap;

/// Who wins, for the player to move, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub win: bool,
    pub remoteness: u32,
}

/// Every position solved from the rules alone: every move tried, memoised.
/// A position is one game of three piles, or a sum of games of three piles
/// each, where a move changes one game.
pub struct Brute {
    misere: bool,
    memo: HashMap<Vec<u64>, Solved>,
}

impl Brute {
    pub fn new(misere: bool) -> Brute {
        Brute {
            misere,
            memo: HashMap::new(),
        }
    }

    /// Every position one move from `p`, piles in the order of `p`: `s >= 1`
    /// stones from each of a non-empty set of one game's piles.
    pub fn options(p: &[u64]) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for game in 0..p.len() / 3 {
            for set in 1..8u8 {
                let piles: Vec<usize> = (0..3).filter(|i| set & (1 << i) != 0).collect();
                let most = piles.iter().map(|&i| p[3 * game + i]).min().unwrap();
                for s in 1..=most {
                    let mut to = p.to_vec();
                    for &i in &piles {
                        to[3 * game + i] -= s;
                    }
                    options.push(to);
                }
            }
        }
        options
    }

    /// The options of one game, as arrays.
    pub fn game_options(p: [u64; 3]) -> Vec<[u64; 3]> {
        let options = Brute::options(&p).into_iter();
        options.map(|to| [to[0], to[1], to[2]]).collect()
    }

    pub fn solve(&mut self, p: &[u64]) -> Solved {
        let mut key = p.to_vec();
        // One game's value does not depend on the order of its piles.
        if key.len() == 3 {
            key.sort_unstable();
        }
        if let Some(&s) = self.memo.get(&key) {
            return s;
        }
        let options = Brute::options(&key);
        let solved = if options.is_empty() {
            // No stone left: under normal play the player to move has lost,
            // under misère the opponent took the last stone and lost.
            Solved {
                win: self.misere,
                remoteness: 0,
            }
        } else {
            let values: Vec<Solved> = options.iter().map(|o| self.solve(o)).collect();
            let quickest_win = values.iter().filter(|v| !v.win).map(|v| v.remoteness).min();
            match quickest_win {
                Some(r) => Solved {
                    win: true,
                    remoteness: r + 1,
                },
                None => Solved {
                    win: false,
                    remoteness: values.iter().map(|v| v.remoteness).max().unwrap() + 1,
                },
            }
        };
        self.memo.insert(key, solved);
        solved
    }
}

/// An outcome as the CLI words it, in text and in JSON.
pub fn outcome(win: bool) -> &'static str {
    if win { "win" } else { "lose" }
}
