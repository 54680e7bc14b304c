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
//! - [`RANKS_FILE`]: the rank directory, [`RANK_BYTES`] per
//!   [`RANK_PAIRS`] pairs ([`rank_directory`]), which gives a losing
//!   position its index in O(1).
//!
//! [`RANK_BYTES`]: crate::format::RANK_BYTES
//!
//! With `Options::WITH_POSITION_MAP` (feature `phf`), the source also holds the
//! phf map `LOSING_POSITIONS`, the one table written as literals, since
//! `phf::Map` takes them.
//!
//! A limit past [`MAX_LIMIT`] is refused with a [`GenerateError`]; within it
//! every number fits its format (GAME.md bounds the partners), and each is
//! still converted with a check rather than truncated. The same scan always
//! gives the same bytes.

use std::io;
use std::path::{Path, PathBuf};

use crate::format::{
    MAX_LIMIT, PARTNER_BYTES, RANK_PAIRS, TOTAL_BYTES, TRIPLE_BYTES, rank_directory, table_bytes,
};
use crate::scan::{Scan, ScanError, prefix_sums};

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
/// The name of the generated rank directory, beside the source.
pub const RANKS_FILE: &str = "stone_game_ranks.bin";

/// What to generate besides the tables every build has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Whether to write the phf map `LOSING_POSITIONS`: only ever true with
    /// feature `phf`.
    position_map: bool,
}

impl Options {
    /// The tables only: no phf map.
    pub const TABLES: Options = Options {
        position_map: false,
    };
    /// The tables and the phf map (feature `phf`).
    #[cfg(feature = "phf")]
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
    /// The rank directory of the triples, as [`RANKS_FILE`].
    pub ranks: Vec<u8>,
}

impl Rendered {
    /// Every file, as its name and its bytes, the source last.
    pub fn files(&self) -> [(&'static str, &[u8]); 6] {
        [
            (TRIPLES_FILE, &self.triples),
            (PARTNERS_FILE, &self.partners),
            (SUMS_FILE, &self.sums),
            (COUNTS_FILE, &self.counts),
            (RANKS_FILE, &self.ranks),
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
        limit: u32,
    },
    /// The scan failed ([`ScanError::OutOfMemory`]: the allocator refused
    /// its tables).
    Scan(ScanError),
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
            GenerateError::Scan(error) => write!(f, "the scan failed: {error}"),
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
            GenerateError::Scan(error) => Some(error),
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
    // Within MAX_LIMIT the scan refuses only memory.
    let scan = Scan::run(limit).map_err(GenerateError::Scan)?;
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
    render_parts(
        Parts {
            limit: scan.limit(),
            triples: scan.triples(),
            partners: scan.partners(),
        },
        options,
    )
}

/// What `render` reads of a scan. A scan is only ever what the scan found;
/// the tests hand `render_parts` tables no scan gives, to see them refused.
#[derive(Clone, Copy)]
struct Parts<'a> {
    limit: u32,
    triples: &'a [[u16; 3]],
    partners: &'a [u32],
}

fn render_parts(scan: Parts<'_>, options: Options) -> Result<Rendered, GenerateError> {
    let limit = scan.limit;
    check_limit(limit)?;
    let partners = partner_bytes(scan.partners);
    let (sums, counts) = prefix_sums(limit, scan.triples);
    let sum = sums.last().copied().unwrap_or(0);
    let triples = le_bytes::<{ TRIPLE_BYTES / 3 }>(scan.triples.as_flattened());
    let sums = le_bytes::<TOTAL_BYTES>(&sums);
    let counts = le_bytes::<TOTAL_BYTES>(&counts);
    let ranks = rank_directory(limit, scan.triples)
        .expect("a scan's triples are sorted, within the limit and fewer than u32::MAX")
        .into_flattened();

    let mut source = header(scan, sum, options);
    source.push_str(&declarations(limit));
    #[cfg(feature = "phf")]
    if options.position_map {
        source.push_str(&position_map(scan.triples));
    }
    Ok(Rendered {
        source,
        triples,
        partners,
        sums,
        counts,
        ranks,
    })
}

/// Refuses a limit past [`MAX_LIMIT`]. One function for `generate` and
/// `render`, so that the boundary is tested without a scan at `MAX_LIMIT`.
fn check_limit(limit: u32) -> Result<(), GenerateError> {
    if limit > MAX_LIMIT {
        return Err(GenerateError::LimitTooLarge { limit });
    }
    Ok(())
}

/// `count * width` bytes as a `usize`. A limit up to [`MAX_LIMIT`], which
/// `check_limit` has let through, gives tables of a few megabytes.
fn sized(count: u64, width: usize) -> usize {
    table_bytes(count, width).expect("a limit up to MAX_LIMIT gives tables of a few megabytes")
}

/// The partner table as little-endian `u16`s.
///
/// A scan gives every pair a partner, and GAME.md bounds the partner of
/// `(a, b)` by `2 (a + b + min(a, b))`, at most `6 * MAX_LIMIT`, below
/// `u16::MAX`; each partner is still checked rather than truncated, so that
/// one past the bound could never be written as another number.
///
/// Plain indexed loops here and below: the build script runs at opt-level 0,
/// where iterator adapters cost several times more.
fn partner_bytes(partners: &[u32]) -> Vec<u8> {
    let mut bytes = vec![0; sized(partners.len() as u64, PARTNER_BYTES)];
    for (i, &partner) in partners.iter().enumerate() {
        let partner = u16::try_from(partner)
            .expect("GAME.md bounds the partners of a limit up to MAX_LIMIT below u16::MAX");
        bytes[PARTNER_BYTES * i..PARTNER_BYTES * (i + 1)].copy_from_slice(&partner.to_le_bytes());
    }
    bytes
}

/// `values` as little-endian bytes, `WIDTH` each.
fn le_bytes<const WIDTH: usize>(values: &[impl Copy + Into<u64>]) -> Vec<u8> {
    let mut bytes = vec![0; sized(values.len() as u64, WIDTH)];
    for (i, &value) in values.iter().enumerate() {
        let le = value.into().to_le_bytes();
        bytes[WIDTH * i..WIDTH * (i + 1)].copy_from_slice(&le[..WIDTH]);
    }
    bytes
}

fn header(scan: Parts<'_>, sum: u64, options: Options) -> String {
    format!(
        "// @generated by stone-game-generator {version} (emit.rs). Do not edit:\n\
         // change the generator, or the limit through STONE_GAME_LIMIT, and rebuild.\n\
         //\n\
         // Input:  limit L = {limit}; phf map LOSING_POSITIONS: {map}\n\
         // Output: {triples} losing triples with z <= L, partners of {pairs} pairs,\n\
         //         S(L) = {sum}; the tables are the files beside this one:\n\
         //         {TRIPLES_FILE}, {PARTNERS_FILE},\n\
         //         {SUMS_FILE}, {COUNTS_FILE},\n\
         //         {RANKS_FILE}\n",
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
/// let l = stone_game::LIMIT;
/// assert!(stone_game::losing_sum(l).is_some());
/// assert_eq!(stone_game::losing_sum(l + 1), None);
/// ```
pub const LIMIT: u32 = {limit};

/// Every losing position `x <= y <= z <= LIMIT`, in lexicographic order, as
/// `x`, `y`, `z` in little-endian `u16`s.
pub static TRIPLES: &[u8] = include_bytes!("{TRIPLES_FILE}");

/// The partner of every pair `a <= b <= LIMIT`, as a little-endian `u16` at
/// `stone_game_scan::format::pair_index(a, b)`.
pub static PARTNERS: &[u8] = include_bytes!("{PARTNERS_FILE}");

/// S(l) for every `l <= LIMIT`, as little-endian `u64`s.
pub static SUMS: &[u8] = include_bytes!("{SUMS_FILE}");

/// The number of losing positions with `z <= l` for every `l <= LIMIT`, as
/// little-endian `u64`s.
pub static COUNTS: &[u8] = include_bytes!("{COUNTS_FILE}");

/// The rank directory: for every {RANK_PAIRS} pairs `x <= y <= LIMIT` in the
/// order of `stone_game_scan::format::rank_pair_index`, the number of losing
/// positions before them (a little-endian `u32`) and one bit per pair, set
/// when its partner is in `y..=LIMIT` (a little-endian `u64`).
pub static RANKS: &[u8] = include_bytes!("{RANKS_FILE}");
"#
    )
}

#[cfg(feature = "phf")]
const PHF_DOC: &str = "
/// Every losing position `x <= y <= z <= LIMIT`, keyed by
/// [`position_key(x, y, z)`](crate::position_key), mapped to its index
/// in [`LOSING_TRIPLES`](crate::LOSING_TRIPLES) (feature `phf`).
///
/// A `phf::Map`, for code that wants one: to iterate over the losing
/// positions by key, or to hand a map to an API that takes one.
/// [`losing_index_hashed`](crate::losing_index_hashed) reads it. The fast
/// way to a position's index is [`losing_index`](crate::losing_index), O(1)
/// through the rank directory and a `const fn`.
///
/// ```
/// use stone_game::{LOSING_POSITIONS, LOSING_TRIPLES};
/// let key = stone_game::position_key(1, 3, 3);
/// let index = LOSING_POSITIONS[&key] as usize;
/// assert_eq!(LOSING_TRIPLES.get(index), Some([1, 3, 3]));
/// ```
";

/// The phf map from a losing triple's `position_key` to its rank, written by
/// `phf_codegen` in `phf::Map`'s own layout.
#[cfg(feature = "phf")]
fn position_map(triples: &[[u16; 3]]) -> String {
    use crate::format::position_key;

    let mut map = phf_codegen::Map::new();
    for (rank, &[x, y, z]) in triples.iter().enumerate() {
        // The values are written as they are given: a typed literal, so the
        // map's type does not rest on inference. A rank fits u32: a limit
        // up to MAX_LIMIT, which render_parts checks, has fewer than
        // (MAX_LIMIT + 1)^2 triples.
        map.entry(position_key(x, y, z), format!("{rank}_u32"));
    }
    format!(
        "{PHF_DOC}pub static LOSING_POSITIONS: ::phf::Map<u64, u32> = {};\n",
        map.build()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tables with no triples and the given partners, as no scan gives them.
    fn with_partners(limit: u32, partners: &[u32]) -> Parts<'_> {
        Parts {
            limit,
            triples: &[],
            partners,
        }
    }

    #[test]
    fn a_scan_refused_its_memory_says_so() {
        let err = GenerateError::Scan(ScanError::OutOfMemory { needed: 12 });
        assert_eq!(
            err.to_string(),
            "the scan failed: a scan needs 12 bytes of memory, which could not be allocated"
        );
        let source = std::error::Error::source(&err).expect("the scan's error");
        assert_eq!(
            source.to_string(),
            ScanError::OutOfMemory { needed: 12 }.to_string()
        );
    }

    #[test]
    fn a_limit_past_the_largest_is_refused() {
        let past = MAX_LIMIT + 1;
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
        let scan = with_partners(MAX_LIMIT + 1, &[]);
        assert!(matches!(
            render_parts(scan, Options::TABLES),
            Err(GenerateError::LimitTooLarge { limit }) if limit == past
        ));
        // Far past it too (not only the first limit past).
        let scan = with_partners(u32::MAX, &[]);
        assert!(matches!(
            render_parts(scan, Options::TABLES),
            Err(GenerateError::LimitTooLarge { limit }) if limit == u32::MAX
        ));
    }

    #[test]
    fn the_largest_limit_itself_is_not_refused() {
        // A scan at MAX_LIMIT takes seconds in a debug build; the limit check
        // is the one `generate` and `render` share.
        assert!(check_limit(MAX_LIMIT).is_ok());
        assert!(check_limit(0).is_ok());
    }

    #[test]
    fn partners_are_written_as_they_are_up_to_two_bytes() {
        // L = 1: pairs (0,0), (0,1), (1,1); the largest that fits is written
        // as it is.
        let partners = [0, 2, u32::from(u16::MAX)];
        let rendered = render_parts(with_partners(1, &partners), Options::TABLES).expect("fits");
        assert_eq!(rendered.partners, [0, 0, 2, 0, 0xff, 0xff]);
    }

    /// A partner past two bytes (which GAME.md's bound rules out) is refused,
    /// not truncated into another number.
    #[test]
    #[should_panic(expected = "GAME.md bounds the partners")]
    fn a_partner_past_two_bytes_is_refused_not_truncated() {
        let _ = render_parts(with_partners(1, &[0, 2, 70_000]), Options::TABLES);
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
        assert_eq!(triples, scan.triples());
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
}
