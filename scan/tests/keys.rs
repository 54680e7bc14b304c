//! The scan against the key rule itself, at limits where its rows are many
//! machine words wide.
//!
//! `brute_force.rs` solves the game from its rules, but only to limit 24,
//! where every row of the scan's bitsets fits one 64-bit word; the skip
//! pointers (`Keys::first_free`) and the word-by-word search then never
//! cross a word. Here the rule of GAME.md (a sorted triple is losing exactly
//! when none of its seven keys is held by an earlier losing triple) is
//! applied naively, one key at a time in plain tables, to limits of a few
//! hundred, where a row holds several words and its held prefix runs past
//! the first.

use stone_game_scan::format::pair_index;
use stone_game_scan::scan::{Scan, losing_triples};

/// The partner of every pair `x <= y <= limit`, row by row, by the key rule.
fn partners_by_the_keys(limit: usize) -> Vec<Vec<usize>> {
    // GAME.md bounds a partner by 6 L; one more for the checks.
    let wide = 6 * limit + 8;
    // K1(a, b), a <= b: the third pile of the triple that holds it, plus one.
    let mut one = vec![0usize; (limit + 1) * wide];
    // K2(d, p): a difference of two piles and the third pile.
    let mut two = vec![false; wide * wide];
    // K3(y - x, z - x).
    let mut three = vec![false; (limit + 1) * wide];
    let mut partners = vec![Vec::new(); limit + 1];
    for x in 0..=limit {
        for y in x..=limit {
            let held = one[x * wide + y];
            if held > 0 {
                partners[x].push(held - 1);
                continue;
            }
            let free = |z: usize| {
                one[x * wide + z] == 0
                    && one[y * wide + z] == 0
                    && !two[(y - x) * wide + z]
                    && !two[(z - y) * wide + x]
                    && !two[(z - x) * wide + y]
                    && !three[(y - x) * wide + (z - x)]
            };
            let mut z = y;
            while !free(z) {
                z += 1;
            }
            assert!(z < wide - 1, "({x}, {y}): partner {z} past the bound");
            for (a, b, c) in [(x, y, z), (x, z, y), (y, z, x)] {
                if a <= limit {
                    one[a * wide + b] = c + 1;
                }
            }
            two[(y - x) * wide + z] = true;
            two[(z - y) * wide + x] = true;
            two[(z - x) * wide + y] = true;
            three[(y - x) * wide + (z - x)] = true;
            partners[x].push(z);
        }
    }
    partners
}

#[test]
fn the_scan_follows_the_key_rule_across_many_words() {
    for limit in [100u32, 200, 333] {
        let scan = Scan::run(limit).expect("a small scan");
        let expected = partners_by_the_keys(limit as usize);
        let mut triples = Vec::new();
        for (x, row) in expected.iter().enumerate() {
            for (y, &c) in (x..).zip(row) {
                let i = pair_index(x as u64, y as u64).expect("small");
                assert_eq!(
                    scan.partners()[i] as usize,
                    c,
                    "limit {limit}: the partner of ({x}, {y})"
                );
                if c >= y && c <= limit as usize {
                    triples.push([x as u16, y as u16, c as u16]);
                }
            }
        }
        assert_eq!(scan.triples(), triples, "limit {limit}");
        // The scan stopped at the limit finds the same triples.
        assert_eq!(losing_triples(limit), Ok(triples), "limit {limit}");
    }
}

#[test]
fn the_scan_stopped_at_the_limit_finds_the_triples_of_the_whole_scan() {
    // Every limit up to 130 (rows of one to three words, every position of
    // the limit in its word), and limits around word and tile edges beyond.
    let limits = (0..=130).chain([191, 255, 256, 257, 319, 320, 447, 500]);
    for limit in limits {
        let whole = Scan::run(limit).expect("a small scan");
        assert_eq!(
            losing_triples(limit).as_deref(),
            Ok(whole.triples()),
            "limit {limit}"
        );
    }
}
