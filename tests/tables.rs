//! The generated tables against a brute force from the definition (the
//! independent check of the mathematics) and against the runtime scan (the
//! same scan code, so the check of what the generator emits).

use stone_game::{
    BruteForce, Convention, EMBEDDED, LIMIT, LOSING_TRIPLES, Outcome, RemotenessTable,
    ScannedTables, ScannedTotals, ScannedTriples,
};
use stone_game_generator::emit::{Options, SOURCE_FILE, render};
use stone_game_generator::format::pair_count;
use stone_game_generator::scan::Scan;

/// The brute force checks every position with piles up to this (or LIMIT).
const BRUTE_LIMIT: u32 = 64;

/// The embedded tables and `solved` agree on every sorted position with
/// piles up to `m`.
fn assert_table_agrees(solved: &BruteForce, m: u64) {
    for x in 0..=m {
        for y in x..=m {
            for z in y..=m {
                assert_eq!(
                    EMBEDDED.is_losing(x, y, z),
                    solved.is_losing(x, y, z),
                    "({x}, {y}, {z})"
                );
            }
        }
    }
}

#[test]
fn brute_force_agrees_on_every_position_up_to_64() {
    let m = BRUTE_LIMIT.min(LIMIT);
    let solved = BruteForce::new(m).expect("a small limit");
    let m = u64::from(m);
    assert_table_agrees(&solved, m);
    let from_table: Vec<_> = LOSING_TRIPLES
        .iter()
        .filter(|t| u64::from(t[2]) <= m)
        .collect();
    assert_eq!(from_table, solved.losing_triples().collect::<Vec<_>>());
    // The scan that stops at the limit (GAME.md, "Stopping at the limit"),
    // against the definition at the brute force's own limit.
    let alone = ScannedTriples::scan(BRUTE_LIMIT.min(LIMIT)).expect("a small limit");
    let from_scan: Vec<_> = alone.triples().iter().collect();
    assert_eq!(from_scan, solved.losing_triples().collect::<Vec<_>>());
}

#[test]
fn brute_force_agrees_with_partners_whose_partner_is_past_the_brute_limit() {
    // A pair whose partner is above the brute force's limit has no losing
    // position there at all.
    let solved = BruteForce::new(BRUTE_LIMIT).expect("a small limit");
    let m = u64::from(BRUTE_LIMIT.min(LIMIT));
    for a in 0..=m {
        for b in a..=m {
            let partner = EMBEDDED.partner(a, b).expect("inside the table");
            let losing: Vec<u64> = (0..=u64::from(BRUTE_LIMIT))
                .filter(|&c| solved.is_losing(a, b, c) == Some(true))
                .collect();
            if partner <= u64::from(BRUTE_LIMIT) {
                assert_eq!(losing, [partner], "pair ({a}, {b})");
            } else {
                assert!(
                    losing.is_empty(),
                    "pair ({a}, {b}), partner {partner}: {losing:?}"
                );
            }
        }
    }
}

/// The one comparison of a runtime scan with the embedded tables: a scan past
/// `LIMIT` gives every answer of the embedded tables within them (a larger
/// limit keeps every answer of a smaller one), and they answer nothing past.
#[test]
fn a_runtime_scan_equals_the_generated_tables_within_them() {
    let larger = ScannedTables::scan(LIMIT + 40).expect("scans");
    let view = larger.as_tables();
    let l = u64::from(LIMIT);
    let up_to_limit = view.triples().into_iter().filter(|t| u64::from(t[2]) <= l);
    assert!(
        up_to_limit.eq(LOSING_TRIPLES),
        "the triples up to LIMIT differ"
    );
    for l in 0..=LIMIT {
        assert_eq!(view.losing_sum(l), EMBEDDED.losing_sum(l), "S({l})");
        assert_eq!(view.losing_count(l), EMBEDDED.losing_count(l), "count({l})");
    }
    for a in 0..=l {
        for b in a..=l {
            assert_eq!(
                view.partner(a, b),
                EMBEDDED.partner(a, b),
                "pair ({a}, {b})"
            );
        }
    }
    assert_eq!(EMBEDDED.losing_sum(LIMIT + 1), None);
    assert_eq!(EMBEDDED.losing_count(LIMIT + 1), None);
    assert_eq!(EMBEDDED.partner(0, l + 1), None);
}

/// The scan of the triples alone gives what the whole scan gives, within the
/// embedded tables and past them.
#[test]
fn the_scan_of_the_triples_alone_equals_the_whole_scan() {
    for limit in [LIMIT, LIMIT + 40] {
        let (alone, whole) = (ScannedTriples::scan(limit), ScannedTables::scan(limit));
        let (alone, whole) = (alone.expect("scans"), whole.expect("scans"));
        assert_eq!(alone.limit(), limit);
        assert!(
            alone.triples() == whole.as_tables().triples(),
            "the triples differ"
        );
        for l in 0..=limit + 1 {
            assert_eq!(
                alone.losing_sum(l),
                whole.as_tables().losing_sum(l),
                "S({l})"
            );
            assert_eq!(
                alone.losing_count(l),
                whole.as_tables().losing_count(l),
                "count({l})"
            );
        }
    }
}

/// The totals kept without the triples, against totals summed from the
/// losing positions of a computation that knows nothing of keys: the brute
/// force in normal play, the remoteness table's outcomes (retrograde
/// analysis of the moves) under misère.
#[test]
fn the_totals_alone_are_the_sums_of_the_losing_positions_in_both_conventions() {
    for convention in [Convention::Normal, Convention::Misere] {
        for limit in [0, 1, 2, 5, 13, 40] {
            let losing: Vec<[u64; 3]> = match convention {
                Convention::Normal => BruteForce::new(limit)
                    .expect("a small limit")
                    .losing_triples()
                    .map(|t| t.map(u64::from))
                    .collect(),
                Convention::Misere => {
                    let table = RemotenessTable::compute(limit, convention).expect("small");
                    let l = u64::from(limit);
                    let mut losing = Vec::new();
                    for x in 0..=l {
                        for y in x..=l {
                            for z in y..=l {
                                let value = table.value(x, y, z).expect("inside");
                                if value.outcome == Outcome::Lose {
                                    losing.push([x, y, z]);
                                }
                            }
                        }
                    }
                    losing
                }
            };
            let totals = ScannedTotals::scan_for(convention, limit, |_| {}).expect("scans");
            assert_eq!(totals.limit(), limit);
            for l in 0..=limit {
                let to_l = losing.iter().filter(|t| t[2] <= u64::from(l));
                let sum = to_l.clone().map(|t| t.iter().sum::<u64>()).sum::<u64>();
                let what = format!("{convention:?} to {limit}, l = {l}");
                assert_eq!(totals.losing_sum(l), Some(sum), "S, {what}");
                assert_eq!(
                    totals.losing_count(l),
                    Some(to_l.count() as u64),
                    "count, {what}"
                );
            }
            assert_eq!(totals.losing_sum(limit + 1), None);
            assert_eq!(totals.losing_count(limit + 1), None);
        }
        // Past the embedded tables, the totals of the triples' own scan.
        let limit = LIMIT + 40;
        let alone = ScannedTotals::scan_for(convention, limit, |_| {}).expect("scans");
        let triples = ScannedTriples::scan_for(convention, limit, |_| {}).expect("scans");
        assert!(&alone == triples.totals(), "{convention:?} to {limit}");
    }
}

#[test]
fn the_scan_finds_a_partner_for_every_pair() {
    let scan = Scan::run(LIMIT).expect("scans");
    assert_eq!(scan.partners().len() as u64, pair_count(LIMIT));
    assert!(
        !scan.partners().contains(&u32::MAX),
        "a pair was never scanned"
    );
}

/// Every losing triple is found at its own index, in every pile order, by
/// `losing_index` (the partner table and the rank directory) and (feature
/// `phf`) through the phf map, which holds nothing else.
#[test]
fn every_losing_triple_is_found_at_its_index() {
    for (i, triple) in LOSING_TRIPLES.iter().enumerate() {
        let [x, y, z] = triple.map(u64::from);
        for [a, b, c] in [[x, y, z], [z, x, y], [y, z, x], [z, y, x]] {
            assert_eq!(stone_game::losing_index(a, b, c), Some(i), "{triple:?}");
            #[cfg(feature = "phf")]
            assert_eq!(
                stone_game::losing_index_hashed(a, b, c),
                Some(i),
                "{triple:?}"
            );
        }
    }
    #[cfg(feature = "phf")]
    assert_eq!(stone_game::LOSING_POSITIONS.len(), LOSING_TRIPLES.len());
}

/// The options the build script generated with: the phf map with feature `phf`.
fn build_options() -> Options {
    if cfg!(feature = "phf") {
        Options::WITH_POSITION_MAP
    } else {
        Options::TABLES
    }
}

/// Also the determinism across processes: the build script's process wrote
/// OUT_DIR, this one renders afresh (generator/tests/determinism.rs runs two
/// more processes at a small limit).
#[test]
fn the_embedded_source_is_exactly_what_the_generator_renders() {
    let rendered = render(&Scan::run(LIMIT).expect("scans"), build_options()).expect("renders");
    assert_eq!(SOURCE_FILE, "stone_game_tables.rs");
    for (name, bytes) in rendered.files() {
        let embedded = std::fs::read(std::path::Path::new(env!("OUT_DIR")).join(name))
            .expect("the build script wrote it");
        assert!(embedded == bytes, "OUT_DIR holds stale or foreign {name}");
    }
}

/// The larger brute force of README, on every core (or `stone-game verify
/// --brute-limit 300`). Compiled in release builds only (`cargo test
/// --release`): a minute or more there on two cores, and over ten minutes in
/// a debug build, which the brute force to 64 above covers.
#[cfg(all(feature = "rayon", not(debug_assertions)))]
#[test]
fn brute_force_agrees_on_every_position_up_to_300() {
    let m = 300;
    let solved = BruteForce::new_parallel(m).expect("a small limit");
    let table = ScannedTables::scan(m).expect("scans");
    let from_scan: Vec<_> = table.as_tables().triples().iter().collect();
    assert!(
        from_scan == solved.losing_triples().collect::<Vec<_>>(),
        "the scan and the brute force differ"
    );
    assert_table_agrees(&solved, u64::from(m.min(LIMIT)));
}

#[test]
fn the_debug_forms_name_the_limit_the_convention_and_the_number_of_triples() {
    let expected = format!(
        "Tables {{ limit: {LIMIT}, convention: Normal, triples: {}, .. }}",
        LOSING_TRIPLES.len()
    );
    assert_eq!(format!("{EMBEDDED:?}"), expected);
    let scan = ScannedTables::scan(4).expect("scans");
    assert_eq!(
        format!("{scan:?}"),
        "ScannedTables { limit: 4, convention: Normal, triples: 5, .. }"
    );
    let scan = ScannedTables::scan_misere(4).expect("scans");
    assert_eq!(
        format!("{:?}", scan.as_tables()),
        "Tables { limit: 4, convention: Misere, triples: 5, .. }"
    );
    let scan = ScannedTriples::scan_misere(4).expect("scans");
    assert_eq!(
        format!("{scan:?}"),
        "ScannedTriples { limit: 4, convention: Misere, triples: 5, .. }"
    );
    let scan = ScannedTotals::scan(4).expect("scans");
    assert_eq!(
        format!("{scan:?}"),
        "ScannedTotals { limit: 4, convention: Normal, .. }"
    );
}

#[test]
fn brute_forces_at_every_small_limit_find_the_scans_triples() {
    // Each limit lays its table out with its own side, so a wrong layout
    // shows at some limit even where a larger one hides it.
    for limit in 0..=12 {
        let solved = BruteForce::new(limit).expect("a small limit");
        assert_eq!(solved.limit(), limit);
        let scan = Scan::run(limit).expect("scans");
        assert_eq!(
            solved.losing_triples().collect::<Vec<_>>(),
            scan.triples(),
            "limit {limit}"
        );
        assert_eq!(solved.is_losing(0, 0, u64::from(limit) + 1), None);
        let alone = ScannedTriples::scan(limit).expect("scans");
        let from_scan_alone: Vec<_> = alone.triples().iter().collect();
        assert_eq!(from_scan_alone, scan.triples(), "limit {limit}");
    }
}

#[test]
fn a_brute_force_past_its_largest_limit_is_refused_and_says_why() {
    use stone_game::BruteForceError;
    let past = BruteForce::MAX_LIMIT + 1;
    let err = BruteForce::new(past).expect_err("past BruteForce::MAX_LIMIT");
    assert_eq!(err, BruteForceError::LimitTooLarge { limit: past });
    assert_eq!(
        err.to_string(),
        format!(
            "limit {past} is too large for a brute force: the largest is {}",
            BruteForce::MAX_LIMIT
        )
    );
    let too_wide = BruteForceError::TooLargeForTarget { limit: 5 };
    assert_eq!(
        too_wide.to_string(),
        "a brute force to 5 needs more memory than this target can address"
    );
}

/// At the edges its doc example (the serial one's triples at 30) leaves out.
#[cfg(feature = "rayon")]
#[test]
fn the_parallel_brute_force_at_limit_0_and_past_its_largest() {
    let parallel = BruteForce::new_parallel(0).expect("a small limit");
    assert_eq!(parallel.limit(), 0);
    assert_eq!(parallel.losing_triples().collect::<Vec<_>>(), [[0, 0, 0]]);
    let past = BruteForce::MAX_LIMIT + 1;
    assert_eq!(
        BruteForce::new_parallel(past).map(|b| b.limit()),
        Err(stone_game::BruteForceError::LimitTooLarge { limit: past })
    );
}
