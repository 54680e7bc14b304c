//! insta snapshots (in `snapshots/` at the repository root) that pin the
//! generated data. Snapshots of the default limit are skipped, and say so,
//! when the crate is built with another `STONE_GAME_LIMIT`.

use std::fmt::Write as _;

use stone_game::{EMBEDDED, LIMIT, LOSING_TRIPLES};
use stone_game_generator::emit::{Options, Rendered, render};
use stone_game_generator::scan::Scan;

/// The limit the pinned tables were generated for.
const DEFAULT_LIMIT: u32 = 1000;

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

fn at_default_limit(what: &str) -> bool {
    if LIMIT != DEFAULT_LIMIT {
        eprintln!("skipped {what}: pinned for LIMIT = {DEFAULT_LIMIT}, built with {LIMIT}");
    }
    LIMIT == DEFAULT_LIMIT
}

/// FNV-1a, 64 bits: a digest that needs no dependency and never changes.
fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> String {
    let hash = bytes.into_iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[test]
fn first_losing_triples() {
    let mut text = String::new();
    for [x, y, z] in LOSING_TRIPLES.iter().filter(|t| t[2] <= 20) {
        let _ = writeln!(text, "{x} {y} {z}");
    }
    settings().bind(|| insta::assert_snapshot!("first_losing_triples", text));
}

#[test]
fn sums_and_counts() {
    let mut text = String::new();
    for l in [4, 10, 100].into_iter().filter(|&l| l <= LIMIT) {
        let l = u64::from(l);
        let (sum, count) = (EMBEDDED.losing_sum(l), EMBEDDED.losing_count(l));
        let _ = writeln!(text, "S({l}) = {sum:?}, count = {count:?}");
    }
    if LIMIT >= 100 {
        settings().bind(|| insta::assert_snapshot!("sums_and_counts", text));
    } else {
        eprintln!("skipped sums_and_counts: LIMIT {LIMIT} is below 100");
    }
}

#[test]
fn sum_and_count_at_the_default_limit() {
    if !at_default_limit("the sum at LIMIT") {
        return;
    }
    let l = u64::from(LIMIT);
    let text = format!(
        "S({l}) = {:?}, count = {:?}\n",
        EMBEDDED.losing_sum(l),
        EMBEDDED.losing_count(l)
    );
    settings().bind(|| insta::assert_snapshot!("sum_and_count_at_limit_1000", text));
}

#[test]
fn digests_of_the_tables() {
    if !at_default_limit("the table digests") {
        return;
    }
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

/// The items of a generated source, parsed by syn: what `src/embedded.rs`
/// relies on, one line each.
fn items(source: &str) -> String {
    use quote::ToTokens as _;
    let file = syn::parse_file(source).expect("the generated source is Rust");
    let mut text = String::new();
    for item in file.items {
        let _ = match item {
            syn::Item::Const(c) => writeln!(text, "const {}: {}", c.ident, c.ty.to_token_stream()),
            syn::Item::Static(s) => {
                writeln!(text, "static {}: {}", s.ident, s.ty.to_token_stream())
            }
            other => writeln!(text, "other: {}", other.to_token_stream()),
        };
    }
    text
}

#[test]
fn generated_items_with_and_without_the_phf_map() {
    let with = items(&render_12(Options::WITH_POSITION_MAP).source);
    let without = items(&render_12(Options::TABLES).source);
    settings().bind(|| {
        insta::assert_snapshot!("generated_items", with);
        insta::assert_snapshot!("generated_items_without_phf", without);
    });
}
