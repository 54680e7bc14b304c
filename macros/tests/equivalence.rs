//! `stone_game::tables!(N)` answers every query exactly as
//! `ScannedTables::scan(N)` does, and, where their limits meet, as the
//! embedded tables do; `stone_game::tables!(N, misere)` answers as
//! `ScannedTables::scan_misere(N)` does.

use stone_game::{EMBEDDED, LIMIT, ScannedTables, Tables};

const AT_0: Tables<'static> = stone_game::tables!(0);
const AT_1: Tables<'static> = stone_game::tables!(1);
const AT_12: Tables<'static> = stone_game::tables!(12);
const AT_100: Tables<'static> = stone_game::tables!(100);
/// In a `static`, as a user may keep it.
static AT_1000: Tables<'static> = stone_game::tables!(1000);

const MISERE_0: Tables<'static> = stone_game::tables!(0, misere);
const MISERE_1: Tables<'static> = stone_game::tables!(1, misere);
const MISERE_12: Tables<'static> = stone_game::tables!(12, misere);
static MISERE_100: Tables<'static> = stone_game::tables!(100, misere,);

/// Every query of `made` and `expected` over piles up to `to`: sums, counts
/// and partners everywhere; the verdict and index of every position where
/// `exhaustive_to` reaches, and past it of the three positions around each
/// pair's partner; and the winning moves of every position up to `moves_to`.
fn same_answers(
    made: &Tables<'_>,
    expected: &Tables<'_>,
    to: u64,
    exhaustive_to: u64,
    moves_to: u64,
) {
    let last = u32::try_from(to).expect("a limit") + 1;
    for l in (0..=last).chain([u32::MAX]) {
        assert_eq!(made.losing_sum(l), expected.losing_sum(l), "S({l})");
        assert_eq!(made.losing_count(l), expected.losing_count(l), "count({l})");
    }
    for b in 0..=to + 1 {
        for a in 0..=b {
            let partner = made.partner(a, b);
            assert_eq!(partner, expected.partner(a, b), "partner({a}, {b})");
            assert_eq!(
                made.partner(b, a),
                expected.partner(b, a),
                "partner({b}, {a})"
            );
            let thirds = if b <= exhaustive_to {
                0..=exhaustive_to + 1
            } else {
                partner.map_or(0..=2, |c| c.saturating_sub(1)..=c + 1)
            };
            for c in thirds {
                let position = (a, b, c);
                assert_eq!(
                    made.is_losing(a, b, c),
                    expected.is_losing(a, b, c),
                    "{position:?}"
                );
                assert_eq!(
                    made.losing_index(a, b, c),
                    expected.losing_index(a, b, c),
                    "index of {position:?}"
                );
            }
        }
    }
    for a in 0..=moves_to {
        for b in 0..=moves_to {
            for c in 0..=moves_to {
                let made: Option<Vec<_>> = made.winning_moves(a, b, c).map(Iterator::collect);
                let expected: Option<Vec<_>> =
                    expected.winning_moves(a, b, c).map(Iterator::collect);
                assert_eq!(made, expected, "moves from ({a}, {b}, {c})");
            }
        }
    }
}

fn same_as_the_scan(made: &Tables<'_>, limit: u32, exhaustive_to: u64, moves_to: u64) {
    let scanned = ScannedTables::scan(limit).expect("scans");
    same_as(&scanned, made, exhaustive_to, moves_to);
}

fn same_as_the_misere_scan(made: &Tables<'_>, limit: u32, exhaustive_to: u64, moves_to: u64) {
    let scanned = ScannedTables::scan_misere(limit).expect("scans");
    same_as(&scanned, made, exhaustive_to, moves_to);
}

fn same_as(scanned: &ScannedTables, made: &Tables<'_>, exhaustive_to: u64, moves_to: u64) {
    let expected = scanned.as_tables();
    let limit = expected.limit();
    assert_eq!(made.limit(), limit);
    assert_eq!(made.convention(), expected.convention());
    assert_eq!(made.triples(), expected.triples());
    same_answers(made, &expected, limit.into(), exhaustive_to, moves_to);
}

#[test]
fn the_macro_answers_as_the_scan_at_small_limits() {
    same_as_the_scan(&AT_0, 0, 1, 2);
    same_as_the_scan(&AT_1, 1, 2, 3);
    same_as_the_scan(&AT_12, 12, 13, 13);
}

#[test]
fn the_macro_answers_as_the_scan_at_100() {
    same_as_the_scan(&AT_100, 100, 40, 12);
}

#[test]
fn the_macro_answers_as_the_scan_at_1000() {
    same_as_the_scan(&AT_1000, 1000, 10, 4);
}

#[test]
fn the_misere_macro_answers_as_the_misere_scan() {
    same_as_the_misere_scan(&MISERE_0, 0, 1, 2);
    same_as_the_misere_scan(&MISERE_1, 1, 2, 3);
    same_as_the_misere_scan(&MISERE_12, 12, 13, 13);
    same_as_the_misere_scan(&MISERE_100, 100, 40, 12);
}

/// The two conventions part at the empty position (GAME.md, section 9): the
/// misère tables are not the normal ones, and `normal` asks for the normal
/// ones.
#[test]
fn misere_and_normal_are_the_games_they_name() {
    const NORMAL_12: Tables<'static> = stone_game::tables!(12, normal);
    assert_eq!(NORMAL_12.triples(), AT_12.triples());
    assert_ne!(MISERE_12.triples(), AT_12.triples());
    assert_eq!(AT_12.is_losing(0, 0, 0), Some(true));
    assert_eq!(MISERE_12.is_losing(0, 0, 0), Some(false));
    assert_eq!(MISERE_12.is_losing(1, 0, 0), Some(true));
    assert_eq!(MISERE_12.partner(0, 0), Some(1));
    assert_eq!(MISERE_12.losing_index(0, 1, 0), Some(0));
    // A trailing comma changes nothing.
    const TRAILING: Tables<'static> = stone_game::tables!(12,);
    assert_eq!(TRAILING.triples(), AT_12.triples());
}

#[test]
fn the_macro_answers_as_the_embedded_tables_where_both_reach() {
    // Within both limits the answers are the same, at any STONE_GAME_LIMIT;
    // at the default one, the tables are the same.
    let common = LIMIT.min(1000);
    let made: Vec<_> = AT_1000
        .triples()
        .iter()
        .filter(|t| u32::from(t[2]) <= common)
        .collect();
    let embedded: Vec<_> = EMBEDDED
        .triples()
        .iter()
        .filter(|t| u32::from(t[2]) <= common)
        .collect();
    assert_eq!(made, embedded);
    for l in 0..=common {
        assert_eq!(AT_1000.losing_sum(l), EMBEDDED.losing_sum(l), "S({l})");
        assert_eq!(
            AT_1000.losing_count(l),
            EMBEDDED.losing_count(l),
            "count({l})"
        );
        let b = u64::from(l);
        for a in 0..=b {
            assert_eq!(
                AT_1000.partner(a, b),
                EMBEDDED.partner(a, b),
                "partner({a}, {b})"
            );
        }
    }
    if LIMIT == 1000 {
        assert_eq!(AT_1000.limit(), EMBEDDED.limit());
        assert_eq!(AT_1000.triples(), EMBEDDED.triples());
        same_answers(&AT_1000, &EMBEDDED, 1000, 10, 4);
    } else {
        eprintln!("the full comparison with EMBEDDED needs LIMIT = 1000, not {LIMIT}");
    }
}

/// The index of every losing triple, in each of the six orders of its
/// piles, is its place in the list and what the list's binary search
/// finds; past the last triple's piles, and for a winning position, there
/// is none. The macro's tables reach the rank directory through bytes of
/// their own, so this checks them apart from the scan they are compared
/// with above.
#[test]
fn the_macro_finds_every_losing_triple_at_its_index() {
    for tables in [
        AT_0, AT_1, AT_12, AT_100, AT_1000, MISERE_0, MISERE_1, MISERE_12, MISERE_100,
    ] {
        let limit = u64::from(tables.limit());
        for (i, [x, y, z]) in tables.triples().iter().enumerate() {
            let [x, y, z] = [x, y, z].map(u64::from);
            for (a, b, c) in [
                (x, y, z),
                (x, z, y),
                (y, x, z),
                (y, z, x),
                (z, x, y),
                (z, y, x),
            ] {
                assert_eq!(tables.losing_index(a, b, c), Some(i), "({a}, {b}, {c})");
            }
            let listed = tables.triples().losing_index([z, x, y].map(|p| p as u16));
            assert_eq!(listed, Some(i), "[{x}, {y}, {z}]");
            // The same pair, its third pile one off: winning.
            assert_eq!(tables.losing_index(x, y, z + 1), None);
        }
        // Every position up to 15 (or the limit, one past it): an index
        // exactly for the losing ones within the limit.
        let to = limit.min(14) + 1;
        for a in 0..=to {
            for b in 0..=to {
                for c in 0..=to {
                    let losing = tables.is_losing(a, b, c) == Some(true);
                    let within = a.max(b).max(c) <= limit;
                    assert_eq!(
                        tables.losing_index(a, b, c).is_some(),
                        losing && within,
                        "({a}, {b}, {c}) at {limit}"
                    );
                }
            }
        }
    }
}

/// The answers are constants: a `const` item takes them.
#[test]
fn the_answers_are_constants() {
    const S_100: Option<u64> = AT_100.losing_sum(100);
    const LOSES: Option<bool> = AT_12.is_losing(3, 1, 3);
    const FAR: Option<u64> = stone_game::tables!(2_000).losing_sum(2000);
    const { assert!(matches!(S_100, Some(173_895))) };
    const { assert!(matches!(LOSES, Some(true))) };
    assert_eq!(
        FAR,
        stone_game::ScannedTriples::scan(2000)
            .expect("scans")
            .losing_sum(2000)
    );
}
