//! Turns a [`Scan`] into the files that the `stone-game` crate includes.
//!
//! - [`SOURCE_FILE`]: a few Rust items, written as plain text (no syntax-tree
//!   crate: a dependent's build compiles none). Each table is a byte file
//!   beside it, pulled in by `include_bytes!` and read by `const fn`s:
//!   literals would cost rustc seconds and gigabytes at larger limits, bytes
//!   cost it nothing (BENCHMARKS.md).
//! - [`TRIPLES_FILE`]: the losing triples, [`TRIPLE_BYTES`] each.
//! - [`PARTNERS_FILE`]: the partner of every pair, [`PARTNER_BYTES`] each, at
//!   [`pair_index`](crate::format::pair_index).
//! - [`SUMS_FILE`], [`COUNTS_FILE`]: S(l) and the counts, [`TOTAL_BYTES`] each.
//!
//! With [`Options::position_map`] (feature `phf`), the source also holds the
//! phf map `LOSING_POSITIONS`, the one table written as literals, since
//! `phf::Map` takes them.
//!
//! Every number is checked on its way into its format: a partner that does
//! not fit, or one the scan never assigned, fails the generation with a
//! [`GenerateError`] instead of being narrowed. The same scan always gives the
//! same bytes.

use std::io;
use std::path::{Path, PathBuf};

use crate::format::{MAX_LIMIT, PARTNER_BYTES, TOTAL_BYTES, TRIPLE_BYTES, pair_count, table_bytes};
use crate::scan::Scan;

/// The name of the generated Rust source.
pub const SOURCE_FILE: &str = "stone_game_tables.rs";
/// The name of the generated triple table, beside the source.
pub const TRIPLES_FILE: &str = "stone_game_triples.bin";
/// The name of the generated partner table, beside the source.
pub const PARTNERS_FILE: &str = "stone_game_partners.bin";
/// The name of the generated table of S(l), beside the source.
pub const SUMS_FILE: &str = "stone_game_sums.bin";
/// The name of the generated table of counts, beside the source.
pub const COUNTS_FILE: &str = "stone_game_counts.bin";

/// The scan's mark for a pair it never assigned a partner.
const UNASSIGNED: u32 = u32::MAX;

/// What to generate besides the tables every build has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Whether to write the phf map `LOSING_POSITIONS` (needs feature `phf`).
    pub position_map: bool,
}

impl Options {
    /// The tables only: no phf map.
    pub const TABLES: Options = Options {
        position_map: false,
    };
    /// The tables and the phf map.
    pub const WITH_POSITION_MAP: Options = Options { position_map: true };
}

impl Default for Options {
    /// The phf map exactly when this crate has feature `phf`.
    fn default() -> Options {
        Options {
            position_map: cfg!(feature = "phf"),
        }
    }
}

/// The generated files' contents, before they are written anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// The Rust source, to be `include!`d, as [`SOURCE_FILE`].
    pub source: String,
    /// The triple table, as [`TRIPLES_FILE`].
    pub triples: Vec<u8>,
    /// The partner table, as [`PARTNERS_FILE`].
    pub partners: Vec<u8>,
    /// S(l) for every `l <= L`, as [`SUMS_FILE`].
    pub sums: Vec<u8>,
    /// The counts for every `l <= L`, as [`COUNTS_FILE`].
    pub counts: Vec<u8>,
}

impl Rendered {
    /// Every file, as its name and its bytes, the source last.
    pub fn files(&self) -> [(&'static str, &[u8]); 5] {
        [
            (TRIPLES_FILE, &self.triples),
            (PARTNERS_FILE, &self.partners),
            (SUMS_FILE, &self.sums),
            (COUNTS_FILE, &self.counts),
            (SOURCE_FILE, self.source.as_bytes()),
        ]
    }
}

/// Why tables could not be generated.
#[derive(Debug)]
#[non_exhaustive]
pub enum GenerateError {
    /// The limit is past [`MAX_LIMIT`].
    LimitTooLarge {
        /// The limit asked for.
        limit: u64,
    },
    /// A pair's partner does not fit the [`PARTNER_BYTES`] of its entry.
    PartnerTooLarge {
        /// The smaller pile of the pair.
        a: u32,
        /// The larger pile of the pair.
        b: u32,
        /// The partner that does not fit.
        partner: u32,
    },
    /// The scan left a pair without a partner.
    PartnerMissing {
        /// The smaller pile of the pair.
        a: u32,
        /// The larger pile of the pair.
        b: u32,
    },
    /// The scan's tables do not have the lengths its limit gives them.
    Inconsistent {
        /// Which table.
        table: &'static str,
        /// The length the limit gives it.
        expected: u64,
        /// The length it has.
        found: u64,
    },
    /// A table's size in bytes does not fit `usize` on this target.
    TooLarge {
        /// Which table.
        table: &'static str,
    },
    /// [`Options::position_map`] was asked for without the feature `phf`.
    PositionMapUnavailable,
    /// No seed gave a phf map that `phf` reads back correctly.
    PositionMap {
        /// Why.
        reason: &'static str,
    },
    /// Writing a file failed.
    Io {
        /// The file being written.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::LimitTooLarge { limit } => write!(
                f,
                "limit {limit} is past the largest the generator writes, {MAX_LIMIT}"
            ),
            GenerateError::PartnerTooLarge { a, b, partner } => write!(
                f,
                "the partner of ({a}, {b}) is {partner}, which does not fit the \
                 {PARTNER_BYTES} bytes of a partner entry"
            ),
            GenerateError::PartnerMissing { a, b } => {
                write!(f, "the scan found no partner for the pair ({a}, {b})")
            }
            GenerateError::Inconsistent {
                table,
                expected,
                found,
            } => write!(
                f,
                "the scan's {table} has {found} entries where its limit gives {expected}"
            ),
            GenerateError::TooLarge { table } => {
                write!(f, "the {table} table is too large for this target's usize")
            }
            GenerateError::PositionMapUnavailable => write!(
                f,
                "the phf map was asked for, but stone-game-generator lacks its feature `phf`"
            ),
            GenerateError::PositionMap { reason } => {
                write!(
                    f,
                    "cannot build the phf map of the losing positions: {reason}"
                )
            }
            GenerateError::Io { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Scans up to `limit` and writes the [`Rendered`] files into `dir`.
///
/// Returns the path of the source file.
///
/// ```
/// use stone_game_generator::emit::{Options, generate};
/// let dir = std::env::temp_dir().join(format!("stone-game-doctest-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let source = generate(12, &dir, Options::TABLES)?;
/// assert!(std::fs::read_to_string(source)?.contains("pub const LIMIT: u32 = 12;"));
/// std::fs::remove_dir_all(dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(limit: u32, dir: &Path, options: Options) -> Result<PathBuf, GenerateError> {
    // Checked before the scan too, so that a limit past MAX_LIMIT is refused
    // at once rather than after a scan that render would refuse.
    check_limit(limit)?;
    let scan = Scan::run(limit).map_err(|_| GenerateError::LimitTooLarge {
        limit: limit.into(),
    })?;
    let rendered = render(&scan, options)?;
    let mut source = PathBuf::new();
    for (name, bytes) in rendered.files() {
        source = dir.join(name);
        std::fs::write(&source, bytes).map_err(|e| GenerateError::Io {
            path: source.clone(),
            source: e,
        })?;
    }
    Ok(source)
}

/// Renders the tables of a scan. A scan past [`MAX_LIMIT`] is refused, and so
/// is any number that does not fit its format.
///
/// ```
/// use stone_game_generator::{emit::{Options, render}, scan::Scan};
/// let rendered = render(&Scan::run(4)?, Options::TABLES)?;
/// assert!(rendered.source.starts_with("// @generated by stone-game-generator"));
/// assert_eq!(rendered.partners.len(), 2 * 15);
/// assert_eq!(rendered.triples.len(), 6 * 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(scan: &Scan, options: Options) -> Result<Rendered, GenerateError> {
    let limit = scan.limit;
    check_limit(limit)?;
    let partners = partner_bytes(limit, &scan.partners)?;
    let (sums, counts) = scan.prefix_sums();
    let sum = sums.last().copied().unwrap_or(0);
    let triples = le_bytes::<{ TRIPLE_BYTES / 3 }>(scan.triples.as_flattened(), "triple")?;
    let sums = le_bytes::<TOTAL_BYTES>(&sums, "sum")?;
    let counts = le_bytes::<TOTAL_BYTES>(&counts, "count")?;

    let mut source = header(scan, sum, options);
    source.push_str(&declarations(limit));
    if options.position_map {
        source.push_str(&position_map(scan)?);
    }
    Ok(Rendered {
        source,
        triples,
        partners,
        sums,
        counts,
    })
}

/// Refuses a limit past [`MAX_LIMIT`]. One function for `generate` and
/// `render`, so that the boundary is tested without a scan at `MAX_LIMIT`.
fn check_limit(limit: u32) -> Result<(), GenerateError> {
    if limit > MAX_LIMIT {
        return Err(GenerateError::LimitTooLarge {
            limit: limit.into(),
        });
    }
    Ok(())
}

/// `count * width` bytes as a `usize`, or the error that names the table.
fn sized(count: u64, width: usize, table: &'static str) -> Result<usize, GenerateError> {
    table_bytes(count, width).ok_or(GenerateError::TooLarge { table })
}

/// The partner table as little-endian `u16`s, every partner checked.
///
/// Plain indexed loops here and below: the build script runs at opt-level 0,
/// where iterator adapters cost several times more.
fn partner_bytes(limit: u32, partners: &[u32]) -> Result<Vec<u8>, GenerateError> {
    let expected = pair_count(limit);
    if partners.len() as u64 != expected {
        return Err(GenerateError::Inconsistent {
            table: "partner table",
            expected,
            found: partners.len() as u64,
        });
    }
    let mut bytes = vec![0; sized(expected, PARTNER_BYTES, "partner")?];
    let max = u32::from(u16::MAX);
    for (i, &partner) in partners.iter().enumerate() {
        if partner > max {
            let (a, b) = pair_of(i);
            return Err(if partner == UNASSIGNED {
                GenerateError::PartnerMissing { a, b }
            } else {
                GenerateError::PartnerTooLarge { a, b, partner }
            });
        }
        // partner <= u16::MAX: these are its two little-endian bytes.
        bytes[PARTNER_BYTES * i] = (partner & 0xff) as u8;
        bytes[PARTNER_BYTES * i + 1] = (partner >> 8) as u8;
    }
    Ok(bytes)
}

/// The pair `(a, b)`, `a <= b`, at a partner-table index: the inverse of
/// [`pair_index`](crate::format::pair_index), for error messages.
fn pair_of(index: usize) -> (u32, u32) {
    let mut b: u32 = 0;
    let mut start: usize = 0;
    while start + (b as usize) < index {
        start += b as usize + 1;
        b += 1;
    }
    ((index - start) as u32, b)
}

/// `values` as little-endian bytes, `WIDTH` each.
fn le_bytes<const WIDTH: usize>(
    values: &[impl Copy + Into<u64>],
    table: &'static str,
) -> Result<Vec<u8>, GenerateError> {
    let mut bytes = vec![0; sized(values.len() as u64, WIDTH, table)?];
    for (i, &value) in values.iter().enumerate() {
        let le = value.into().to_le_bytes();
        bytes[WIDTH * i..WIDTH * (i + 1)].copy_from_slice(&le[..WIDTH]);
    }
    Ok(bytes)
}

fn header(scan: &Scan, sum: u64, options: Options) -> String {
    format!(
        "// @generated by stone-game-generator {version} (emit.rs). Do not edit:\n\
         // change the generator, or the limit through STONE_GAME_LIMIT, and rebuild.\n\
         //\n\
         // Input:  limit L = {limit}; phf map LOSING_POSITIONS: {map}\n\
         // Output: {triples} losing triples with z <= L, partners of {pairs} pairs,\n\
         //         S(L) = {sum}; the tables are the files beside this one:\n\
         //         {TRIPLES_FILE}, {PARTNERS_FILE},\n\
         //         {SUMS_FILE}, {COUNTS_FILE}\n",
        version = env!("CARGO_PKG_VERSION"),
        limit = scan.limit,
        map = if options.position_map {
            "yes (feature `phf`)"
        } else {
            "no"
        },
        triples = scan.triples.len(),
        pairs = scan.partners.len(),
    )
}

/// The items every build has: the limit and the byte tables, as plain bytes
/// (`stone_game::__private::tables_from_bytes` splits them into entries, for
/// these and for the `tables!` macro's alike).
fn declarations(limit: u32) -> String {
    format!(
        r#"
/// The largest pile the embedded tables cover, set at build time by
/// `STONE_GAME_LIMIT` (1000 when unset).
///
/// ```
/// let l = u64::from(stone_game::LIMIT);
/// assert!(stone_game::losing_sum(l).is_some());
/// assert_eq!(stone_game::losing_sum(l + 1), None);
/// ```
pub const LIMIT: u32 = {limit};

/// Every losing position `x <= y <= z <= LIMIT`, in lexicographic order, as
/// `x`, `y`, `z` in little-endian `u16`s.
pub static TRIPLES: &[u8] = include_bytes!("{TRIPLES_FILE}");

/// The partner of every pair `a <= b <= LIMIT`, as a little-endian `u16` at
/// `stone_game_generator::format::pair_index(a, b)`.
pub static PARTNERS: &[u8] = include_bytes!("{PARTNERS_FILE}");

/// S(l) for every `l <= LIMIT`, as little-endian `u64`s.
pub static SUMS: &[u8] = include_bytes!("{SUMS_FILE}");

/// The number of losing positions with `z <= l` for every `l <= LIMIT`, as
/// little-endian `u64`s.
pub static COUNTS: &[u8] = include_bytes!("{COUNTS_FILE}");
"#
    )
}

#[cfg(not(feature = "phf"))]
fn position_map(_: &Scan) -> Result<String, GenerateError> {
    Err(GenerateError::PositionMapUnavailable)
}

#[cfg(feature = "phf")]
const PHF_DOC: &str = "
/// Every losing position `x <= y <= z <= LIMIT`, keyed by
/// [`position_key(x, y, z)`](crate::position_key), mapped to its index
/// in [`LOSING_TRIPLES`](crate::LOSING_TRIPLES) (feature `phf`).
///
/// Why a perfect hash map: the partner table answers *whether* a position is
/// losing, but *which* losing position it is (its rank in the list) would take
/// a binary search over the triples or a second dense table of every pair.
/// A phf map answers it in one hash and one probe, with memory in proportion
/// to the losing positions, not to all pairs. [`losing_index`](crate::losing_index)
/// reads it.
///
/// ```
/// use stone_game::{LOSING_POSITIONS, LOSING_TRIPLES};
/// let key = stone_game::position_key(1, 3, 3);
/// let index = LOSING_POSITIONS[&key] as usize;
/// assert_eq!(LOSING_TRIPLES.get(index), Some([1, 3, 3]));
/// ```
";

/// The phf map from a losing triple's `position_key` to its rank, as a
/// `phf::Map` literal.
#[cfg(feature = "phf")]
fn position_map(scan: &Scan) -> Result<String, GenerateError> {
    use std::fmt::Write as _;

    use crate::format::position_key;
    let keys: Vec<u64> = scan
        .triples
        .iter()
        .map(|&[x, y, z]| position_key(x, y, z))
        .collect();
    let map = ptrhash::build(&keys).map_err(|reason| GenerateError::PositionMap { reason })?;
    let mut out = String::with_capacity(32 * keys.len() + 4 * map.pilots.len() + 1024);
    let _ = write!(
        out,
        "{PHF_DOC}pub static LOSING_POSITIONS: ::phf::Map<u64, u32> = ::phf::Map {{\n    key: {},\n    pilots: &[",
        map.seed
    );
    for (i, pilot) in map.pilots.iter().enumerate() {
        let _ = write!(out, "{}{pilot},", line_break(i, 24));
    }
    out.push_str(end_list(map.pilots.len()));
    out.push_str("],\n    remap: &[");
    for (i, slot) in map.remap.iter().enumerate() {
        let _ = write!(out, "{}{slot},", line_break(i, 12));
    }
    out.push_str(end_list(map.remap.len()));
    out.push_str("],\n    entries: &[");
    for (i, (key, rank)) in map.entries.iter().enumerate() {
        let _ = write!(out, "{}({key}, {rank}),", line_break(i, 6));
    }
    out.push_str(end_list(map.entries.len()));
    out.push_str("],\n};\n");
    Ok(out)
}

/// What goes before the `i`-th item of a list written `per_line` to a line.
#[cfg(feature = "phf")]
fn line_break(i: usize, per_line: usize) -> &'static str {
    if i.is_multiple_of(per_line) {
        "\n        "
    } else {
        " "
    }
}

/// What closes a list of `len` items.
#[cfg(feature = "phf")]
fn end_list(len: usize) -> &'static str {
    if len == 0 { "" } else { "\n    " }
}

/// A PtrHash map in the layout `phf::Map` reads with its feature `ptrhash`,
/// built here rather than by `phf_generator`.
///
/// Why: the build script runs at opt-level 0, where `phf_generator`'s
/// construction (load factor 0.99, with evictions) took about 0.4 s at
/// L = 1000, most of the build script (BENCHMARKS.md). With 25% spare slots
/// and two keys a bucket, a greedy placement (largest bucket first, the first
/// pilot that fits) succeeds with the first seed and takes a fraction of that. Hashing and slot reduction
/// are `phf_shared`'s own functions, and every key is looked up again
/// through `phf_shared::ptrhash::get_index`, the function `phf::Map::get`
/// calls, before the map is written: if `phf` ever changes its layout, the
/// build fails instead of the lookups.
#[cfg(feature = "phf")]
mod ptrhash {
    use phf_shared::ptrhash::{fast_reduct32, get_index, hash, hash_pilot};

    /// The map's fields, and its entries in slot order.
    pub(super) struct Built {
        pub(super) seed: u64,
        pub(super) pilots: Vec<u8>,
        pub(super) remap: Vec<u32>,
        pub(super) entries: Vec<(u64, u32)>,
    }

    /// Fixed, so the same keys always give the same map.
    const FIRST_SEED: u64 = 0x5354_4f4e_4547_414d;
    const SEEDS_TRIED: usize = 16;
    /// Keys per bucket, on average. With 3 (phf_generator's choice, which
    /// evicts) and 12% spare slots the greedy placement failed at L = 2000;
    /// with 2 and 12% it needed a second seed at L = 1000. With 2 and 25%
    /// (below) the first seed has served every limit tried.
    const BUCKET_KEYS: u32 = 2;

    /// A map from each key to its index in `keys`, which must be distinct.
    pub(super) fn build(keys: &[u64]) -> Result<Built, &'static str> {
        let n = u32::try_from(keys.len()).map_err(|_| "more keys than a u32 counts")?;
        if n == 0 {
            return Ok(Built {
                seed: 0,
                pilots: Vec::new(),
                remap: Vec::new(),
                entries: Vec::new(),
            });
        }
        let buckets = n.div_ceil(BUCKET_KEYS);
        let slots = n.checked_add(n / 4 + 1).ok_or("too many keys")?;
        let mut seed = FIRST_SEED;
        for _ in 0..SEEDS_TRIED {
            let hashes: Vec<u64> = keys.iter().map(|k| hash(k, &seed)).collect();
            if let Some(built) = place(keys, &hashes, seed, buckets, slots) {
                verify(keys, &hashes, &built)?;
                return Ok(built);
            }
            // splitmix64's increment: the next seed.
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        }
        Err("no seed placed every key (are the keys distinct?)")
    }

    fn slot(hash: u64, pilot_hash: u64, slots: u32) -> usize {
        let high = |v: u64| (v >> 32) as u32;
        fast_reduct32(high(hash) ^ high(pilot_hash) ^ pilot_hash as u32, slots) as usize
    }

    fn place(keys: &[u64], hashes: &[u64], seed: u64, buckets: u32, slots: u32) -> Option<Built> {
        let bucket_of = |h: u64| fast_reduct32(h as u32, buckets) as usize;
        // The keys of each bucket, contiguous: a counting sort.
        let mut start = vec![0_usize; buckets as usize + 1];
        for &h in hashes {
            start[bucket_of(h) + 1] += 1;
        }
        for b in 0..buckets as usize {
            start[b + 1] += start[b];
        }
        let mut next = start.clone();
        let mut members = vec![0_usize; keys.len()];
        for (k, &h) in hashes.iter().enumerate() {
            let b = bucket_of(h);
            members[next[b]] = k;
            next[b] += 1;
        }
        // Largest bucket first, by a counting sort on the sizes (a bucket
        // holds a handful of keys; the sort's comparisons cost at opt-level 0).
        let size = |b: usize| start[b + 1] - start[b];
        let largest = (0..buckets as usize).map(size).max().unwrap_or(0);
        let mut by_size = vec![Vec::new(); largest + 1];
        for b in 0..buckets as usize {
            by_size[size(b)].push(b);
        }
        let order = by_size.into_iter().rev().flatten();

        const FREE: usize = usize::MAX;
        let mut slot_key = vec![FREE; slots as usize];
        let mut pilots = vec![0_u8; buckets as usize];
        // The same 256 pilot hashes serve every bucket.
        let pilot_hashes: Vec<u64> = (0..=u8::MAX).map(|p| hash_pilot(seed, p)).collect();
        let mut taken = [0_usize; 64];
        for b in order {
            let bucket = &members[start[b]..start[b + 1]];
            if bucket.is_empty() {
                break;
            }
            if bucket.len() > taken.len() {
                return None;
            }
            let mut placed = false;
            for (pilot, &pilot_hash) in pilot_hashes.iter().enumerate() {
                // Claim the bucket's slots one by one (which also catches two
                // keys of the bucket in one slot); give them back on a clash.
                let mut claimed = 0;
                for &k in bucket {
                    let s = slot(hashes[k], pilot_hash, slots);
                    if slot_key[s] != FREE {
                        break;
                    }
                    slot_key[s] = k;
                    taken[claimed] = s;
                    claimed += 1;
                }
                if claimed == bucket.len() {
                    pilots[b] = pilot as u8;
                    placed = true;
                    break;
                }
                for &s in &taken[..claimed] {
                    slot_key[s] = FREE;
                }
            }
            if !placed {
                return None;
            }
        }

        // Slots past the entries point, through `remap`, at free ones.
        let len = keys.len();
        let mut free: Vec<usize> = (0..len).filter(|&s| slot_key[s] == FREE).collect();
        let mut entries = vec![(0, 0); len];
        let mut remap = vec![0_u32; slots as usize - len];
        for (s, &k) in slot_key.iter().enumerate() {
            if k == FREE {
                continue;
            }
            let at = if s < len {
                s
            } else {
                let f = free.pop()?;
                remap[s - len] = f as u32;
                f
            };
            entries[at] = (keys[k], k as u32);
        }
        Some(Built {
            seed,
            pilots,
            remap,
            entries,
        })
    }

    /// Every key found where `phf::Map::get` will look for it.
    fn verify(keys: &[u64], hashes: &[u64], built: &Built) -> Result<(), &'static str> {
        for (k, (&key, &h)) in keys.iter().zip(hashes).enumerate() {
            let at = get_index(built.seed, h, &built.pilots, &built.remap, keys.len()) as usize;
            if built.entries.get(at) != Some(&(key, k as u32)) {
                return Err(
                    "phf_shared finds a key elsewhere than it was placed (a layout change?)",
                );
            }
        }
        Ok(())
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// Hashes that put every key in bucket 0 (low half zero) and, with
        /// any pilot, in slots at least 32 apart (high halves 2^25 apart).
        fn one_bucket(count: u64) -> (Vec<u64>, Vec<u64>) {
            let keys: Vec<u64> = (0..count).collect();
            let hashes = keys.iter().map(|&i| i << 57).collect();
            (keys, hashes)
        }

        #[test]
        fn a_bucket_of_sixty_four_keys_is_placed_and_one_more_is_refused() {
            let (keys, hashes) = one_bucket(64);
            let built = place(&keys, &hashes, FIRST_SEED, 1, 4096).expect("64 keys fit `taken`");
            let mut found: Vec<u64> = built.entries.iter().map(|&(k, _)| k).collect();
            found.sort_unstable();
            assert_eq!(found, keys);
            let (keys, hashes) = one_bucket(65);
            assert!(place(&keys, &hashes, FIRST_SEED, 1, 4096).is_none());
        }

        #[test]
        fn verify_notices_a_key_out_of_place() {
            let keys: Vec<u64> = (0..100_u64).map(|i| i * 7919).collect();
            let mut built = build(&keys).expect("builds");
            let hashes: Vec<u64> = keys.iter().map(|k| hash(k, &built.seed)).collect();
            assert_eq!(verify(&keys, &hashes, &built), Ok(()));
            built.entries.swap(0, 1);
            assert!(verify(&keys, &hashes, &built).is_err());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_with_partners(limit: u32, partners: Vec<u32>) -> Scan {
        Scan {
            limit,
            triples: Vec::new(),
            partners,
        }
    }

    #[test]
    fn a_limit_past_the_largest_is_refused() {
        let past = u64::from(MAX_LIMIT) + 1;
        // A directory that cannot be written: the refusal comes first.
        let err = generate(
            MAX_LIMIT + 1,
            Path::new("/nonexistent/stone-game"),
            Options::TABLES,
        )
        .expect_err("past MAX_LIMIT");
        assert!(matches!(err, GenerateError::LimitTooLarge { limit } if limit == past));
        assert!(err.to_string().contains(&MAX_LIMIT.to_string()));
        // render refuses such a scan too, rather than truncating its partners.
        let scan = scan_with_partners(MAX_LIMIT + 1, Vec::new());
        assert!(matches!(
            render(&scan, Options::TABLES),
            Err(GenerateError::LimitTooLarge { limit }) if limit == past
        ));
        // Far past it too (not only the first limit past).
        let scan = scan_with_partners(u32::MAX, Vec::new());
        assert!(matches!(
            render(&scan, Options::TABLES),
            Err(GenerateError::LimitTooLarge { limit }) if limit == u64::from(u32::MAX)
        ));
    }

    #[test]
    fn the_largest_limit_itself_is_not_refused() {
        // A scan at MAX_LIMIT takes seconds in a debug build; a hand-made
        // scan at MAX_LIMIT with no partners passes the limit check (shared
        // with `generate`) and stops at the next one, the table's length.
        let scan = scan_with_partners(MAX_LIMIT, Vec::new());
        assert!(matches!(
            render(&scan, Options::TABLES),
            Err(GenerateError::Inconsistent { found: 0, .. })
        ));
        assert!(check_limit(MAX_LIMIT).is_ok());
        assert!(check_limit(0).is_ok());
    }

    #[test]
    fn a_partner_that_does_not_fit_two_bytes_fails_the_generation() {
        // L = 1: pairs (0,0), (0,1), (1,1).
        let scan = scan_with_partners(1, vec![0, 2, 70_000]);
        let err = render(&scan, Options::TABLES).expect_err("70000 > u16::MAX");
        assert!(matches!(
            err,
            GenerateError::PartnerTooLarge {
                a: 1,
                b: 1,
                partner: 70_000
            }
        ));
        assert!(err.to_string().contains("70000"), "{err}");
        // The largest that fits is written as is.
        let scan = scan_with_partners(1, vec![0, 2, u32::from(u16::MAX)]);
        let rendered = render(&scan, Options::TABLES).expect("fits");
        assert_eq!(rendered.partners, [0, 0, 2, 0, 0xff, 0xff]);
    }

    #[test]
    fn errors_name_the_pair_at_an_index() {
        for b in 0..40_u32 {
            for a in 0..=b {
                let index = crate::format::pair_index(a.into(), b.into()).expect("small");
                assert_eq!(pair_of(index), (a, b));
            }
        }
    }

    #[test]
    fn a_pair_the_scan_never_assigned_fails_the_generation() {
        let scan = scan_with_partners(1, vec![0, UNASSIGNED, 1]);
        let err = render(&scan, Options::TABLES).expect_err("unassigned");
        assert!(matches!(err, GenerateError::PartnerMissing { a: 0, b: 1 }));
        assert!(err.to_string().contains("(0, 1)"), "{err}");
    }

    #[test]
    fn a_partner_table_of_the_wrong_length_fails_the_generation() {
        let scan = scan_with_partners(2, vec![0, 2, 1]);
        let err = render(&scan, Options::TABLES).expect_err("6 pairs at L = 2");
        assert!(matches!(
            err,
            GenerateError::Inconsistent {
                expected: 6,
                found: 3,
                ..
            }
        ));
    }

    #[test]
    fn the_tables_are_little_endian_bytes_of_the_scan() {
        let scan = Scan::run(4).expect("scans");
        let rendered = render(&scan, Options::TABLES).expect("renders");
        let triples: Vec<[u16; 3]> = rendered
            .triples
            .chunks_exact(6)
            .map(|t| {
                let p = |i: usize| u16::from_le_bytes([t[i], t[i + 1]]);
                [p(0), p(2), p(4)]
            })
            .collect();
        assert_eq!(triples, scan.triples);
        let (sums, counts) = scan.prefix_sums();
        let words = |bytes: &[u8]| -> Vec<u64> {
            bytes
                .chunks_exact(8)
                .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
                .collect()
        };
        assert_eq!(words(&rendered.sums), sums);
        assert_eq!(words(&rendered.counts), counts);
        assert!(!rendered.source.contains("static LOSING_POSITIONS"));
    }

    #[cfg(not(feature = "phf"))]
    #[test]
    fn the_position_map_needs_its_feature() {
        let scan = Scan::run(4).expect("scans");
        let err = render(&scan, Options::WITH_POSITION_MAP).expect_err("no phf");
        assert!(matches!(err, GenerateError::PositionMapUnavailable));
    }

    /// As many keys as L = 2000 has (a quarter of MAX_LIMIT's), where an
    /// earlier choice of bucket size failed.
    #[cfg(feature = "phf")]
    #[test]
    fn the_position_map_places_half_a_million_keys() {
        let keys: Vec<u64> = (0..500_000_u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let built = ptrhash::build(&keys).expect("builds");
        assert_eq!(built.entries.len(), keys.len());
    }

    #[cfg(feature = "phf")]
    #[test]
    fn the_position_map_finds_every_key_as_phf_reads_it() {
        use crate::format::position_key;
        for limit in [0, 1, 12, 200] {
            let scan = Scan::run(limit).expect("scans");
            let keys: Vec<u64> = scan
                .triples
                .iter()
                .map(|&[x, y, z]| position_key(x, y, z))
                .collect();
            let built = ptrhash::build(&keys).expect("builds");
            let map = phf::Map::<u64, u32> {
                key: built.seed,
                pilots: built.pilots.leak(),
                remap: built.remap.leak(),
                entries: built.entries.leak(),
            };
            for (rank, key) in keys.iter().enumerate() {
                assert_eq!(map.get(key), Some(&(rank as u32)), "L = {limit}");
            }
            // Keys of winning positions are not in the map.
            assert_eq!(map.len(), keys.len());
            assert_eq!(map.get(&position_key(5, 5, 5)), None);
            assert_eq!(map.get(&position_key(0, 0, 1)), None);
        }
    }
}
