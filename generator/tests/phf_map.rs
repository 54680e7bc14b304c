//! The phf map as written into the generated source (feature `phf`), read
//! back line by line: its layout, its sizes, and every lookup through
//! `phf::Map` itself.
#![cfg(feature = "phf")]

use stone_game_generator::emit::{Options, render};
use stone_game_generator::format::position_key;
use stone_game_generator::scan::Scan;

/// One list of the map literal: `    name: &[`, then lines of `per_line`
/// items (the last may be shorter), each line indented by eight spaces,
/// then `    ],` on its own line.
fn list<'a>(
    lines: &mut impl Iterator<Item = &'a str>,
    name: &str,
    per_line: usize,
) -> Vec<&'a str> {
    assert_eq!(lines.next(), Some(format!("    {name}: &[").as_str()));
    let mut items = Vec::new();
    let mut last_len = per_line;
    for line in lines.by_ref() {
        if line == "    ]," {
            return items;
        }
        assert_eq!(last_len, per_line, "{name}: only the last line is short");
        let body = line
            .strip_prefix("        ")
            .unwrap_or_else(|| panic!("{name}: indent of {line:?}"));
        assert!(body.ends_with(','), "{name}: {line:?}");
        let line_items: Vec<&str> = body
            .strip_suffix(',')
            .unwrap()
            .split(if name == "entries" { "), " } else { ", " })
            .collect();
        assert!(
            (1..=per_line).contains(&line_items.len()),
            "{name}: {} items on {line:?}",
            line_items.len()
        );
        last_len = line_items.len();
        items.extend(line_items);
    }
    panic!("{name}: the list is not closed");
}

fn number<T: std::str::FromStr>(s: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    s.trim().parse().unwrap_or_else(|e| panic!("{s:?}: {e:?}"))
}

#[test]
fn the_written_map_is_laid_out_and_found_as_phf_reads_it() {
    for limit in [0, 4, 20, 200] {
        let scan = Scan::run(limit).expect("scans");
        let rendered = render(&scan, Options::WITH_POSITION_MAP).expect("renders");
        let mut lines = rendered
            .source
            .lines()
            .skip_while(|l| !l.starts_with("pub static LOSING_POSITIONS"));
        assert_eq!(
            lines.next(),
            Some("pub static LOSING_POSITIONS: ::phf::Map<u64, u32> = ::phf::Map {")
        );
        let key: u64 = number(
            lines
                .next()
                .and_then(|l| l.strip_prefix("    key: "))
                .and_then(|l| l.strip_suffix(','))
                .expect("the seed"),
        );
        let pilots: Vec<u8> = list(&mut lines, "pilots", 24)
            .into_iter()
            .map(number)
            .collect();
        let remap: Vec<u32> = list(&mut lines, "remap", 12)
            .into_iter()
            .map(number)
            .collect();
        let entries: Vec<(u64, u32)> = list(&mut lines, "entries", 6)
            .into_iter()
            .map(|e| {
                let e = e.trim_start_matches('(').trim_end_matches(')');
                let (k, r) = e.split_once(", ").expect("(key, rank)");
                (number(k), number(r))
            })
            .collect();
        assert_eq!(lines.next(), Some("};"));

        // Two keys a bucket, 25% spare slots (and one), as emit.rs documents:
        // the sizes the greedy placement was tuned with.
        let n = scan.triples().len();
        assert_eq!(entries.len(), n, "L = {limit}");
        assert_eq!(pilots.len(), n.div_ceil(2), "L = {limit}");
        assert_eq!(remap.len(), n / 4 + 1, "L = {limit}");

        let map = phf::Map::<u64, u32> {
            key,
            pilots: pilots.leak(),
            remap: remap.leak(),
            entries: entries.leak(),
        };
        for (rank, &[x, y, z]) in scan.triples().iter().enumerate() {
            assert_eq!(
                map.get(&position_key(x, y, z)),
                Some(&(rank as u32)),
                "L = {limit}"
            );
        }
        assert_eq!(map.get(&position_key(5, 5, 5)), None);
    }
}
