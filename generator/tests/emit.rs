//! What `render` and `generate` write, read back without compiling it (the
//! root crate compiles it): every value of every table, and the errors.

use stone_game_generator::GenerateError;
use stone_game_generator::emit::{Options, SOURCE_FILE, TRIPLES_FILE, render};
use stone_game_generator::format::{
    PARTNER_BYTES, RANK_BYTES, TOTAL_BYTES, TRIPLE_BYTES, position_key, rank_entry_count,
    rank_pair_index,
};
use stone_game_generator::scan::Scan;

/// Little-endian numbers of `width` bytes each.
fn numbers(bytes: &[u8], width: usize) -> Vec<u64> {
    assert_eq!(bytes.len() % width, 0, "a whole number of entries");
    bytes
        .chunks_exact(width)
        .map(|entry| {
            let mut le = [0; 8];
            le[..width].copy_from_slice(entry);
            u64::from_le_bytes(le)
        })
        .collect()
}

#[test]
fn the_files_hold_every_value_of_every_table() {
    for limit in [0, 4, 20] {
        let scan = Scan::run(limit).expect("scans");
        // The map where this crate can build it (feature `phf`).
        let rendered = render(&scan, Options::default()).expect("renders");
        let source = &rendered.source;
        assert!(source.contains(&format!("pub const LIMIT: u32 = {limit};")));

        let triples = numbers(&rendered.triples, TRIPLE_BYTES / 3);
        let expected: Vec<u64> = scan.triples().iter().flatten().map(|&p| p.into()).collect();
        assert_eq!(triples, expected, "limit {limit}");

        let (sums, counts) = scan.prefix_sums();
        assert_eq!(numbers(&rendered.sums, TOTAL_BYTES), sums, "limit {limit}");
        assert_eq!(
            numbers(&rendered.counts, TOTAL_BYTES),
            counts,
            "limit {limit}"
        );

        let partners = numbers(&rendered.partners, PARTNER_BYTES);
        let expected: Vec<u64> = scan.partners().iter().map(|&c| c.into()).collect();
        assert_eq!(partners, expected, "limit {limit}");

        // The rank directory: one entry per 64 pairs, each the count of the
        // triples before it and a bit for each triple's pair (x, y).
        let ranks: Vec<(u64, u64)> = rendered
            .ranks
            .chunks_exact(RANK_BYTES)
            .map(|entry| {
                let before = numbers(&entry[..4], 4)[0];
                (before, numbers(&entry[4..], 8)[0])
            })
            .collect();
        assert_eq!(ranks.len() as u64, rank_entry_count(limit), "limit {limit}");
        let mut bits = vec![0u64; ranks.len()];
        for &[x, y, _] in scan.triples() {
            let i = rank_pair_index(x.into(), y.into(), limit).expect("x <= y <= L");
            bits[(i / 64) as usize] |= 1 << (i % 64);
        }
        let mut before = 0;
        for (e, (&(count, word), &expected)) in ranks.iter().zip(&bits).enumerate() {
            assert_eq!((count, word), (before, expected), "entry {e} at {limit}");
            before += u64::from(word.count_ones());
        }
        assert_eq!(before, scan.triples().len() as u64);

        // The header says what the tables hold.
        assert!(source.contains(&format!("limit L = {limit};")), "{source}");
        assert!(source.contains(&format!(
            "{} losing triples with z <= L, partners of {} pairs",
            scan.triples().len(),
            scan.partners().len()
        )));
        assert!(source.contains(&format!("S(L) = {}", sums[limit as usize])));

        if !cfg!(feature = "phf") {
            continue;
        }
        // Every triple is in the phf map, keyed by its position key, with its
        // rank as the value.
        let map = source
            .split("pub static LOSING_POSITIONS: ::phf::Map<u64, u32> = ")
            .nth(1)
            .expect("the phf map");
        for (rank, &[x, y, z]) in scan.triples().iter().enumerate() {
            let entry = format!("({}, {rank}_u32)", position_key(x, y, z));
            assert!(map.contains(&entry), "limit {limit}: no {entry} in {map}");
        }
    }
}

#[cfg(feature = "phf")]
#[test]
fn without_the_map_the_source_has_no_map() {
    let scan = Scan::run(20).expect("scans");
    let tables = render(&scan, Options::TABLES).expect("renders");
    let with_map = render(&scan, Options::WITH_POSITION_MAP).expect("renders");
    assert!(!tables.source.contains("static LOSING_POSITIONS"));
    assert!(with_map.source.contains("static LOSING_POSITIONS"));
    // The byte tables do not depend on the map.
    let (tables, with_map) = (tables.files(), with_map.files());
    let bytes = tables.len() - 1;
    assert_eq!(tables[bytes].0, SOURCE_FILE);
    assert_eq!(tables[..bytes], with_map[..bytes]);
}

#[test]
fn generate_writes_every_file_and_returns_the_source() {
    let dir = std::env::temp_dir().join(format!("stone-game-emit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let source = stone_game_generator::generate(20, &dir, Options::default()).expect("generates");
    assert_eq!(source, dir.join(SOURCE_FILE));
    let rendered = render(&Scan::run(20).unwrap(), Options::default()).unwrap();
    for (name, bytes) in rendered.files() {
        assert_eq!(std::fs::read(dir.join(name)).unwrap(), bytes, "{name}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_directory_that_cannot_be_written_is_an_io_error_with_its_cause() {
    // A file where the directory should be: nothing can be written inside it.
    let file = std::env::temp_dir().join(format!("stone-game-emit-file-{}", std::process::id()));
    std::fs::write(&file, b"not a directory").expect("a temp file");
    let err = stone_game_generator::generate(4, &file, Options::TABLES).expect_err("cannot write");
    match &err {
        GenerateError::Io { path, source } => {
            // The first file written.
            assert_eq!(path, &file.join(TRIPLES_FILE));
            assert!(
                err.to_string().contains(&path.display().to_string()),
                "{err}"
            );
            assert!(err.to_string().contains(&source.to_string()), "{err}");
        }
        other => panic!("not an Io error: {other:?}"),
    }
    let cause = std::error::Error::source(&err).expect("the io::Error");
    assert!(cause.downcast_ref::<std::io::Error>().is_some());
    let _ = std::fs::remove_file(file);
}
