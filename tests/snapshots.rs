//! insta snapshots (in `snapshots/` at the repository root) that pin the
//! generated data. Snapshots of the default limit are ignored, and say so,
//! when the crate is built with another `STONE_GAME_LIMIT` (the build script
//! sets `cfg(default_limit)` only for the default).

use std::fmt::Write as _;

use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES, ScannedTables};
use stone_game_generator::emit::{Options, Rendered, render};
use stone_game_generator::scan::Scan;

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// FNV-1a, 64 bits: a digest that needs no dependency and never changes.
fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> String {
    let hash = bytes.into_iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The same text at every limit: a runtime scan answers what the embedded
/// tables do not reach.
#[test]
fn sums_and_counts() {
    let scan = ScannedTables::scan(100).expect("scans");
    let mut text = String::new();
    for l in [4, 10, 100] {
        let table = if l <= LIMIT {
            EMBEDDED
        } else {
            scan.as_tables()
        };
        let (sum, count) = (table.losing_sum(l), table.losing_count(l));
        let _ = writeln!(text, "S({l}) = {sum:?}, count = {count:?}");
    }
    settings().bind(|| insta::assert_snapshot!("sums_and_counts", text));
}

#[test]
#[cfg_attr(not(default_limit), ignore = "pinned for the default STONE_GAME_LIMIT")]
fn sum_and_count_at_the_default_limit() {
    let l = LIMIT;
    let text = format!(
        "S({l}) = {:?}, count = {:?}\n",
        EMBEDDED.losing_sum(l),
        EMBEDDED.losing_count(l)
    );
    settings().bind(|| insta::assert_snapshot!("sum_and_count_at_limit_1000", text));
}

#[test]
#[cfg_attr(not(default_limit), ignore = "pinned for the default STONE_GAME_LIMIT")]
fn digests_of_the_tables() {
    let l = u64::from(LIMIT);
    let triples = LOSING_TRIPLES
        .iter()
        .flatten()
        .flat_map(|p| p.to_le_bytes());
    let partners = (0..=l)
        .flat_map(|b| (0..=b).map(move |a| (a, b)))
        .flat_map(|(a, b)| EMBEDDED.partner(a, b).unwrap_or(u64::MAX).to_le_bytes());
    let text = format!(
        "limit: {l}\ntriples: {} (fnv1a {})\npartners: {} pairs (fnv1a {})\n",
        LOSING_TRIPLES.len(),
        fnv1a(triples),
        (l + 1) * (l + 2) / 2,
        fnv1a(partners),
    );
    settings().bind(|| insta::assert_snapshot!("digests_at_limit_1000", text));
}

fn render_12(options: Options) -> Rendered {
    render(&Scan::run(12).expect("scans"), options).expect("renders")
}

#[test]
fn generated_source_for_limit_12() {
    let rendered = render_12(Options::WITH_POSITION_MAP);
    let words = |bytes: &[u8]| -> Vec<u64> {
        bytes
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect()
    };
    let triples: Vec<[u16; 3]> = rendered
        .triples
        .chunks_exact(6)
        .map(|t| [0, 2, 4].map(|i| u16::from_le_bytes([t[i], t[i + 1]])))
        .collect();
    let tables = format!(
        "triples: {triples:?}\nsums: {:?}\ncounts: {:?}\n",
        words(&rendered.sums),
        words(&rendered.counts)
    );
    settings().bind(|| {
        insta::assert_snapshot!("generated_source_limit_12", rendered.source);
        let partners: Vec<u16> = rendered
            .partners
            .chunks_exact(2)
            .map(|le| u16::from_le_bytes([le[0], le[1]]))
            .collect();
        insta::assert_debug_snapshot!("generated_partners_limit_12", partners);
        insta::assert_snapshot!("generated_tables_limit_12", tables);
    });
}
