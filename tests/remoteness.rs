//! The remoteness table against a brute force that knows nothing of keys
//! (every move from every position, memoised), under both conventions; its
//! outcomes against the scans' losing positions; and the parity of
//! remoteness, a property of the definition.

use std::collections::HashMap;

use proptest::prelude::*;
use stone_game::{
    Convention, EMBEDDED, Outcome, RemotenessError, RemotenessTable, ScannedTables, Value,
};

/// The brute force checks every position with piles up to this.
const BRUTE_LIMIT: u64 = 24;

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// Every position a move leads to from `[a, b, c]`: `n >= 1` stones from
/// each pile of a non-empty set of piles, no pile below zero.
fn options([a, b, c]: [u64; 3]) -> Vec<[u64; 3]> {
    let mut to = Vec::new();
    for (ta, tb, tc) in [
        (1, 0, 0),
        (0, 1, 0),
        (0, 0, 1),
        (1, 1, 0),
        (1, 0, 1),
        (0, 1, 1),
        (1, 1, 1),
    ] {
        let mut n = 1;
        while n * ta <= a && n * tb <= b && n * tc <= c {
            to.push([a - n * ta, b - n * tb, c - n * tc]);
            n += 1;
        }
    }
    to
}

/// The value of every position with piles up to `limit`, in the order
/// given, from the definitions of GAME.md: the end of the game is lost
/// (normal) or won (misère) with remoteness 0; a position with a losing
/// option wins, one more than the least remoteness of its losing options;
/// any other loses, one more than the greatest remoteness of its options.
/// A move lowers the total, so positions are decided in order of it.
fn brute_force(limit: u64, convention: Convention) -> HashMap<[u64; 3], Value> {
    let mut values = HashMap::new();
    for total in 0..=3 * limit {
        for a in 0..=limit.min(total) {
            for b in 0..=limit.min(total - a) {
                let c = total - a - b;
                if c > limit {
                    continue;
                }
                let p = [a, b, c];
                let seen: Vec<Value> = options(p).iter().map(|o| values[o]).collect();
                let losing = seen.iter().filter(|v| v.outcome == Outcome::Lose);
                let value = if let Some(least) = losing.map(|v| v.remoteness).min() {
                    Value {
                        outcome: Outcome::Win,
                        remoteness: least + 1,
                    }
                } else if let Some(greatest) = seen.iter().map(|v| v.remoteness).max() {
                    Value {
                        outcome: Outcome::Lose,
                        remoteness: greatest + 1,
                    }
                } else {
                    let outcome = match convention {
                        Convention::Normal => Outcome::Lose,
                        Convention::Misere => Outcome::Win,
                    };
                    Value {
                        outcome,
                        remoteness: 0,
                    }
                };
                values.insert(p, value);
            }
        }
    }
    values
}

#[test]
fn the_brute_force_moves_by_the_rules() {
    // 4x + 2y + z moves from a sorted (x, y, z): the count a test of the
    // library's `Move::all_from` checks too.
    assert!(options([0, 0, 0]).is_empty());
    assert_eq!(options([1, 2, 3]).len(), 4 + 2 * 2 + 3);
    assert_eq!(options([3, 1, 2]).len(), 4 + 2 * 2 + 3);
    assert!(options([1, 1, 1]).contains(&[0, 0, 0]));
    assert!(options([2, 5, 7]).contains(&[2, 1, 3]));
}

#[test]
fn the_table_agrees_with_the_brute_force_on_every_position_up_to_24() {
    for convention in CONVENTIONS {
        let table = RemotenessTable::compute(BRUTE_LIMIT as u32, convention).expect("small");
        assert_eq!(table.limit(), BRUTE_LIMIT as u32);
        assert_eq!(table.convention(), convention);
        let brute = brute_force(BRUTE_LIMIT, convention);
        assert_eq!(brute.len(), 25 * 25 * 25);
        for (&[a, b, c], &value) in &brute {
            assert_eq!(
                table.value(a, b, c),
                Some(value),
                "{convention:?}: ({a}, {b}, {c})"
            );
        }
        for p in [[25, 0, 0], [0, 25, 0], [0, 0, 25], [u64::MAX, 1, 2]] {
            assert_eq!(table.value(p[0], p[1], p[2]), None, "{p:?}");
        }
    }
}

#[test]
fn every_small_limit_agrees_with_the_brute_force_at_24() {
    // A table stops at its limit, and a position's value needs nothing
    // past its own piles: every limit gives the same values inside it.
    for convention in CONVENTIONS {
        let brute = brute_force(BRUTE_LIMIT, convention);
        for limit in 0..=9 {
            let table = RemotenessTable::compute(limit, convention).expect("small");
            let l = u64::from(limit);
            for (&[a, b, c], &value) in &brute {
                let inside = a <= l && b <= l && c <= l;
                let expected = inside.then_some(value);
                assert_eq!(
                    table.value(a, b, c),
                    expected,
                    "limit {limit}: ({a}, {b}, {c})"
                );
            }
        }
    }
}

#[test]
fn the_examples_by_hand() {
    let normal = RemotenessTable::compute(12, Convention::Normal).expect("small");
    let misere = RemotenessTable::compute(12, Convention::Misere).expect("small");
    let win = |remoteness| {
        Some(Value {
            outcome: Outcome::Win,
            remoteness,
        })
    };
    let lose = |remoteness| {
        Some(Value {
            outcome: Outcome::Lose,
            remoteness,
        })
    };
    assert_eq!(normal.value(0, 0, 0), lose(0));
    assert_eq!(normal.value(0, 0, 9), win(1));
    assert_eq!(normal.value(0, 1, 1), win(1));
    assert_eq!(normal.value(0, 1, 2), lose(2));
    assert_eq!(misere.value(0, 0, 0), win(0));
    assert_eq!(misere.value(0, 0, 1), lose(1));
    assert_eq!(misere.value(1, 0, 0), lose(1));
    // Leave one stone: two moves left, the opponent's and none.
    assert_eq!(misere.value(0, 0, 9), win(2));
    // (1, 1, 1): take two, leaving one stone.
    assert_eq!(misere.value(1, 1, 1), win(2));
    // (0, 2, 2): options of remoteness 2, and (0, 0, 0) of 0.
    assert_eq!(misere.value(2, 0, 2), lose(3));
}

/// Outcomes against the tables of a scan: a position is losing exactly when
/// the scan says so, under both conventions, for every position up to
/// `limit`.
fn assert_outcomes_are_the_scans(limit: u32) {
    for convention in CONVENTIONS {
        let table = RemotenessTable::compute(limit, convention).expect("a limit that fits");
        let scanned = ScannedTables::scan_for(convention, limit, |_| {}).expect("fits");
        let tables = scanned.as_tables();
        let l = u64::from(limit);
        for x in 0..=l {
            for y in x..=l {
                for z in y..=l {
                    let value = table.value(z, x, y).expect("covered");
                    let losing = tables.is_losing(x, y, z).expect("covered");
                    assert_eq!(
                        value.outcome == Outcome::Lose,
                        losing,
                        "{convention:?}: ({x}, {y}, {z})"
                    );
                    if convention == Convention::Normal && limit <= stone_game::LIMIT {
                        assert_eq!(EMBEDDED.is_losing(x, y, z), Some(losing));
                    }
                }
            }
        }
    }
}

#[test]
fn outcomes_are_the_scans_losing_positions_up_to_100() {
    assert_outcomes_are_the_scans(100);
}

/// Parity (GAME.md, "Remoteness"): under normal play a winning position's
/// remoteness is odd and a losing one's even; under misère the reverse. And
/// a remoteness is at most the `stones` on the board, one a move at least.
fn parity_holds(convention: Convention, value: Value, stones: u64) -> Result<(), TestCaseError> {
    let odd = value.remoteness % 2 == 1;
    let winning = value.outcome == Outcome::Win;
    match convention {
        Convention::Normal => prop_assert_eq!(odd, winning, "{:?}", value),
        Convention::Misere => prop_assert_eq!(odd, !winning, "{:?}", value),
    }
    prop_assert!(u64::from(value.remoteness) <= stones, "{:?}", value);
    Ok(())
}

/// The limit of the parity property: every position up to it is covered.
const PARITY_LIMIT: u32 = 150;

fn tables_for_parity() -> &'static [RemotenessTable; 2] {
    static TABLES: std::sync::OnceLock<[RemotenessTable; 2]> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        CONVENTIONS.map(|c| RemotenessTable::compute(PARITY_LIMIT, c).expect("fits"))
    })
}

proptest! {
    #[test]
    fn remoteness_has_the_parity_of_its_outcome(
        a in 0..=u64::from(PARITY_LIMIT),
        b in 0..=u64::from(PARITY_LIMIT),
        c in 0..=u64::from(PARITY_LIMIT),
        misere: bool,
    ) {
        let table = &tables_for_parity()[usize::from(misere)];
        let value = table.value(a, b, c).expect("covered");
        parity_holds(table.convention(), value, a + b + c)?;
    }
}

#[test]
fn the_parity_check_fails_on_the_other_conventions_parity() {
    let [normal, misere] = tables_for_parity();
    for (a, b, c) in [(0, 0, 0), (0, 0, 1), (0, 1, 2), (5, 5, 5), (150, 149, 3)] {
        let stones = a + b + c;
        let of_normal = normal.value(a, b, c).expect("covered");
        let of_misere = misere.value(a, b, c).expect("covered");
        assert!(parity_holds(Convention::Normal, of_normal, stones).is_ok());
        assert!(parity_holds(Convention::Misere, of_misere, stones).is_ok());
        assert!(parity_holds(Convention::Misere, of_normal, stones).is_err());
        assert!(parity_holds(Convention::Normal, of_misere, stones).is_err());
    }
    let too_long = Value {
        outcome: Outcome::Win,
        remoteness: 3,
    };
    assert!(parity_holds(Convention::Normal, too_long, 2).is_err());
}

#[test]
fn the_largest_remoteness_at_100() {
    // GAME.md, section 10's observation.
    for (convention, largest) in [(Convention::Normal, 88), (Convention::Misere, 89)] {
        let table = RemotenessTable::compute(100, convention).expect("small");
        let mut found = 0;
        for x in 0..=100 {
            for y in x..=100 {
                for z in y..=100 {
                    let value = table.value(x, y, z).expect("covered");
                    if value.outcome == Outcome::Lose {
                        found = found.max(value.remoteness);
                    }
                }
            }
        }
        assert_eq!(found, largest, "{convention:?}");
    }
    let normal = RemotenessTable::compute(100, Convention::Normal).expect("small");
    let at = normal.value(64, 83, 98).expect("covered");
    assert_eq!((at.outcome, at.remoteness), (Outcome::Lose, 88));
}

#[test]
fn a_limit_past_the_largest_is_refused_and_says_why() {
    let past = RemotenessTable::MAX_LIMIT + 1;
    for convention in CONVENTIONS {
        let err = RemotenessTable::compute(past, convention).unwrap_err();
        assert_eq!(err, RemotenessError::LimitTooLarge { limit: past });
        assert_eq!(
            err.to_string(),
            format!(
                "limit {past} is too large for a remoteness table: the largest is {}",
                RemotenessTable::MAX_LIMIT
            )
        );
        let refused = RemotenessTable::compute_with_progress(u32::MAX, convention, |_| {
            panic!("no progress past the largest limit")
        });
        assert_eq!(
            refused.unwrap_err(),
            RemotenessError::LimitTooLarge { limit: u32::MAX }
        );
    }
}
