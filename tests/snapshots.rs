//! insta snapshots (in `snapshots/` at the repository root) that pin the
//! generated data. The snapshots of the default limit pin the embedded tables
//! when the crate is built at that limit, and a runtime scan to it otherwise
//! (which `tests/tables.rs` shows equal to the embedded tables within their
//! limit), so that they hold at every `STONE_GAME_LIMIT`.

use std::fmt::Write as _;

use stone_game::{EMBEDDED, LIMIT, ScannedTables, Tables};
use stone_game_generator::emit::{Options, Rendered, render};
use stone_game_generator::limit::DEFAULT_LIMIT;
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

/// `f` of the tables at the default limit: the embedded ones when the crate
/// is built at that limit, a runtime scan to it otherwise.
fn at_the_default_limit<R>(f: impl FnOnce(Tables<'_>) -> R) -> R {
    if LIMIT == DEFAULT_LIMIT {
        f(EMBEDDED)
    } else {
        f(ScannedTables::scan(DEFAULT_LIMIT)
            .expect("scans")
            .as_tables())
    }
}

#[test]
fn sum_and_count_at_the_default_limit() {
    let text = at_the_default_limit(|table| {
        let l = table.limit();
        format!(
            "S({l}) = {:?}, count = {:?}\n",
            table.losing_sum(l),
            table.losing_count(l)
        )
    });
    settings().bind(|| insta::assert_snapshot!("sum_and_count_at_limit_1000", text));
}

#[test]
fn digests_of_the_tables() {
    let text = at_the_default_limit(|table| {
        let l = table.limit();
        let triples = table.triples().iter().flatten().flat_map(u16::to_le_bytes);
        let partners = (0..=u64::from(l))
            .flat_map(|b| (0..=b).map(move |a| (a, b)))
            .flat_map(|(a, b)| table.partner(a, b).unwrap_or(u64::MAX).to_le_bytes());
        format!(
            "limit: {l}\ntriples: {} (fnv1a {})\npartners: {} pairs (fnv1a {})\n",
            table.triples().len(),
            fnv1a(triples),
            (l + 1) * (l + 2) / 2,
            fnv1a(partners),
        )
    });
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
