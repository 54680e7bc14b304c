//! What `render` and `generate` write, read back without compiling it (the
//! root crate compiles it): every value of every table, and the errors.

use stone_game_generator::GenerateError;
use stone_game_generator::emit::{PARTNERS_FILE, SOURCE_FILE, render};
use stone_game_generator::format::position_key;
use stone_game_generator::scan::Scan;

/// The values of `pub static NAME: [TY; N] = [ ... ];` in `source`, with the
/// number of values on each line.
fn array(source: &str, name: &str) -> (Vec<u64>, Vec<usize>) {
    let start = source
        .find(&format!("pub static {name}: ["))
        .unwrap_or_else(|| panic!("no {name}"));
    let body = &source[start..];
    let open = body.find("= [").expect("an array") + 3;
    let close = body.find("];").expect("the array's end");
    let declared: usize = body[..open]
        .split(';')
        .nth(1)
        .and_then(|n| n.split(']').next()?.trim().parse().ok())
        .expect("a length");
    let mut values = Vec::new();
    let mut per_line = Vec::new();
    for line in body[open..close].lines().filter(|l| !l.trim().is_empty()) {
        let numbers: Vec<u64> = line
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().expect("a number"))
            .collect();
        per_line.push(numbers.len());
        values.extend(numbers);
    }
    assert_eq!(values.len(), declared, "{name}: its declared length");
    (values, per_line)
}

#[test]
fn the_source_holds_every_value_of_every_table() {
    for limit in [0, 4, 20] {
        let scan = Scan::run(limit).expect("scans");
        let rendered = render(&scan).expect("renders");
        let source = &rendered.source;
        assert!(source.contains(&format!("pub const LIMIT: u32 = {limit};")));

        let (triples, lines) = array(source, "TRIPLES");
        let expected: Vec<u64> = scan.triples().iter().flatten().map(|&p| p.into()).collect();
        assert_eq!(triples, expected, "limit {limit}");
        // Sixteen values a line, the last line the rest.
        let full = lines.len().saturating_sub(1);
        assert!(lines[..full].iter().all(|&n| n == 16), "{lines:?}");

        let (sums, counts) = scan.prefix_sums();
        assert_eq!(array(source, "LOSING_SUMS").0, sums, "limit {limit}");
        assert_eq!(array(source, "LOSING_COUNTS").0, counts, "limit {limit}");

        // The header says what the tables hold.
        assert!(source.contains(&format!("limit L = {limit}\n")), "{source}");
        assert!(source.contains(&format!(
            "{} losing triples with z <= L, partners of {} pairs",
            scan.triples().len(),
            scan.partners().len()
        )));
        assert!(source.contains(&format!("S(L) = {}", sums[limit as usize])));

        // Every triple is in the phf map, keyed by its position key, with its
        // rank as the value.
        let map = source
            .split("pub static LOSING_POSITIONS: ::phf::Map<u64, u32> = ")
            .nth(1)
            .expect("the phf map");
        for (rank, &[x, y, z]) in scan.triples().iter().enumerate() {
            let entry = format!("({}, {rank})", position_key(x, y, z));
            assert!(map.contains(&entry), "limit {limit}: no {entry} in {map}");
        }

        // The partners, two little-endian bytes each.
        let partners: Vec<u32> = rendered
            .partners
            .chunks_exact(2)
            .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
            .collect();
        assert_eq!(partners, scan.partners(), "limit {limit}");
    }
}

#[test]
fn the_largest_table_has_sixteen_values_a_line() {
    let scan = Scan::run(40).expect("scans");
    let source = render(&scan).expect("renders").source;
    let (values, lines) = array(&source, "TRIPLES");
    assert!(values.len() > 100);
    assert_eq!(lines.len(), values.len().div_ceil(16));
    assert_eq!(lines[..lines.len() - 1], vec![16; lines.len() - 1][..]);
}

#[test]
fn generate_writes_both_files_and_returns_the_source() {
    let dir = std::env::temp_dir().join(format!("stone-game-emit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let source = stone_game_generator::generate(20, &dir).expect("generates");
    assert_eq!(source, dir.join(SOURCE_FILE));
    let rendered = render(&Scan::run(20).unwrap()).unwrap();
    assert_eq!(std::fs::read_to_string(&source).unwrap(), rendered.source);
    assert_eq!(
        std::fs::read(dir.join(PARTNERS_FILE)).unwrap(),
        rendered.partners
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_directory_that_cannot_be_written_is_an_io_error_with_its_cause() {
    // A file where the directory should be: nothing can be written inside it.
    let file = std::env::temp_dir().join(format!("stone-game-emit-file-{}", std::process::id()));
    std::fs::write(&file, b"not a directory").expect("a temp file");
    let err = stone_game_generator::generate(4, &file).expect_err("cannot write");
    match &err {
        GenerateError::Io { path, source } => {
            assert_eq!(path, &file.join(PARTNERS_FILE));
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
