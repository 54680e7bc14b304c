//! Builds crates that depend on this one the way a user's crates do: written
//! into a temporary directory at test time (so the test works in the
//! published package too), with a path dependency on this crate and no
//! dev-dependency's features leaking into them.
//!
//! - `no_std`, `default-features = false`: the answers in its own `const`
//!   items, and a bad `STONE_GAME_LIMIT` failing its build with a message.
//! - default features: every public error type is a `std::error::Error`.
//! - features only add: the `no_std` crate's `const` items still compile in
//!   a build where an application turns on the default features.
//! - a good neighbour to phf: a crate that writes its own map with
//!   `phf_codegen` and uses `phf::phf_map!` builds beside stone-game.
//! - feature `macros`: a `no_std` crate takes S(2000) from `tables!(2000)`
//!   as a constant, two crates of one workspace take tables at two limits,
//!   which an application prints, and a crate that renames its dependency
//!   calls the macro by its own name for it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use stone_game_generator::format::MAX_LIMIT;

/// A `no_std` crate that takes the answers in its own `const` items.
const CONST_ITEMS: &str = r#"
#![no_std]

/// S(100), computed while this crate compiles.
pub const S: u64 = match stone_game::losing_sum(100) {
    Some(s) => s,
    None => panic!("stone-game's LIMIT is below 100"),
};

/// As many slots as there are losing positions with piles up to 10.
pub const COUNT_10: usize = match stone_game::losing_count(10) {
    Some(n) => n as usize,
    None => panic!("stone-game's LIMIT is below 10"),
};

/// An array whose length is a query's answer.
pub static SLOTS: [u8; COUNT_10] = [0; COUNT_10];

/// A position query, answered at compile time.
pub const ONE_THREE_THREE_LOSES: bool = matches!(stone_game::is_losing(3, 1, 3), Some(true));

/// A partner, answered at compile time.
pub const PARTNER_OF_0_1: u64 = match stone_game::partner(0, 1) {
    Some(c) => c,
    None => panic!(),
};

#[cfg(test)]
mod tests {
    #[test]
    fn the_constants_are_the_answers() {
        assert_eq!(super::S, 173_895);
        assert_eq!(super::SLOTS.len(), 17);
        const { assert!(super::ONE_THREE_THREE_LOSES) };
        assert_eq!(super::PARTNER_OF_0_1, 2);
    }
}
"#;

/// A crate with default features whose errors go through `?` into
/// `Box<dyn Error>`: it compiles only if they are `std::error::Error`s.
const ERRORS_ARE_ERRORS: &str = r#"
use std::error::Error;

fn is_error<E: Error + Send + Sync + 'static>() {}

pub fn every_error_type() {
    is_error::<stone_game::ScanError>();
    is_error::<stone_game::BruteForceError>();
    is_error::<stone_game::GrundyError>();
    is_error::<stone_game::IllegalMove>();
    is_error::<stone_game::RemotenessError>();
    is_error::<stone_game::PositionError>();
    is_error::<stone_game::AnswerError>();
}

pub fn refused() -> Result<(), Box<dyn Error>> {
    stone_game::ScannedTables::scan(u32::MAX)?;
    Ok(())
}

pub fn brute_force_refused() -> Result<(), Box<dyn Error>> {
    stone_game::BruteForce::new(u32::MAX)?;
    Ok(())
}

pub fn grundy_refused() -> Result<(), Box<dyn Error>> {
    stone_game::GrundyTable::compute(u32::MAX)?;
    Ok(())
}

pub fn illegal_move() -> Result<(), Box<dyn Error>> {
    stone_game::Move::between([1, 2, 3], [1, 2, 4])?;
    Ok(())
}

pub fn remoteness_refused() -> Result<(), Box<dyn Error>> {
    stone_game::RemotenessTable::compute(u32::MAX, stone_game::Convention::Normal)?;
    Ok(())
}

pub fn not_a_position() -> Result<(), Box<dyn Error>> {
    "1 2".parse::<stone_game::Position>()?;
    Ok(())
}

pub fn unanswered() -> Result<(), Box<dyn Error>> {
    let sum: stone_game::Position = "1 2 3 + 4 5 6".parse()?;
    stone_game::Solver::new(stone_game::Convention::Misere).position(&sum)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn refusals_are_errors_with_messages() {
        super::every_error_type();
        let scan = super::refused().unwrap_err().to_string();
        assert!(scan.contains("too large"), "{scan}");
        let brute = super::brute_force_refused().unwrap_err().to_string();
        assert!(brute.contains("too large"), "{brute}");
        let grundy = super::grundy_refused().unwrap_err().to_string();
        assert!(grundy.contains("too large"), "{grundy}");
        let illegal = super::illegal_move().unwrap_err().to_string();
        assert!(illegal.contains("would grow"), "{illegal}");
        let remoteness = super::remoteness_refused().unwrap_err().to_string();
        assert!(remoteness.contains("too large"), "{remoteness}");
        let position = super::not_a_position().unwrap_err().to_string();
        assert!(position.contains("three piles"), "{position}");
        let answer = super::unanswered().unwrap_err().to_string();
        assert!(answer.contains("normal play only"), "{answer}");
    }
}
"#;

/// Writes a crate named `name` with `lib.rs` and a dependency on this crate
/// (`dependency` is the rest of its inline table), in a directory of its own.
fn write_dependent(name: &str, dependency: &str, lib: &str) -> PathBuf {
    let manifest = format!(
        "{}\n[dependencies]\nstone-game = {{ path = \"{}\"{dependency} }}\n\n\
         # Not part of any workspace around the scratch directory.\n[workspace]\n",
        package(name),
        this_crate()
    );
    write_crate(name, &manifest, &[("src/lib.rs", lib)])
}

/// This crate's directory, as a manifest names it.
fn this_crate() -> String {
    env!("CARGO_MANIFEST_DIR").replace('\\', "/")
}

/// The `[package]` table of a scratch crate.
fn package(name: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n"
    )
}

/// Writes `Cargo.toml` and `files` (relative paths and contents) into a
/// fresh directory `name` under the test's scratch directory.
fn write_crate(name: &str, manifest: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    for (path, contents) in std::iter::once(("Cargo.toml", manifest)).chain(files.iter().copied()) {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a file in a directory"))
            .expect("a scratch directory");
        std::fs::write(&path, contents).expect("the file is written");
    }
    // The versions this crate was tested with, where it has a lock file.
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    if lock.is_file() {
        std::fs::copy(lock, dir.join("Cargo.lock")).expect("the lock file is copied");
    }
    dir
}

/// Runs `cargo <command> --quiet` on a dependent crate, in a target
/// directory of its own, with `STONE_GAME_LIMIT` set to `limit` (or as
/// inherited).
fn cargo_on(dir: &Path, command: &str, limit: Option<&str>) -> Output {
    cargo_with(dir, &[command, "--quiet"], limit)
}

/// Runs cargo with `args` on a dependent crate, as [`cargo_on`] does.
fn cargo_with(dir: &Path, args: &[&str], limit: Option<&str>) -> Output {
    cargo_in(dir, &dir.join("target"), args, limit)
}

/// Runs cargo with `args` on the manifest in `dir`, with `target` as its
/// target directory.
fn cargo_in(dir: &Path, target: &Path, args: &[&str], limit: Option<&str>) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cargo = Command::new(cargo);
    cargo
        .args(args)
        .arg("--manifest-path")
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TERM_COLOR", "never")
        .env("CARGO_TARGET_DIR", target);
    if let Some(limit) = limit {
        cargo.env("STONE_GAME_LIMIT", limit);
    }
    cargo.output().expect("cargo runs")
}

fn assert_success(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_no_std_dependent_uses_the_answers_as_constants() {
    let dir = write_dependent("const-items", ", default-features = false", CONST_ITEMS);
    assert_success(&cargo_on(&dir, "test", None), "the no_std dependent");
}

#[test]
fn a_default_dependent_sees_std_errors() {
    let dir = write_dependent("std-errors", "", ERRORS_ARE_ERRORS);
    assert_success(&cargo_on(&dir, "test", None), "the default dependent");
}

#[test]
fn a_bad_limit_fails_the_build_with_a_message_that_names_it() {
    let dir = write_dependent("bad-limit", ", default-features = false", CONST_ITEMS);
    let past = (MAX_LIMIT + 1).to_string();
    let range = format!("0 to {MAX_LIMIT}");
    for bad in ["", "abc", "-5", "1e3", "2.5", "99999999999", past.as_str()] {
        let output = cargo_on(&dir, "build", Some(bad));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "STONE_GAME_LIMIT={bad:?} built");
        assert!(
            stderr.contains(&format!("STONE_GAME_LIMIT={bad:?} is not a limit")),
            "{stderr}"
        );
        assert!(stderr.contains(&range), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// A `no_std` library that takes, in its own `const` items, every query that
/// is `const` without default features.
const LEAN_LIBRARY: &str = r#"
#![no_std]

use stone_game::{EMBEDDED, LOSING_TRIPLES, Move, Tables, Triple};

pub const LIMIT: u32 = stone_game::LIMIT;
pub const SUM: Option<u64> = stone_game::losing_sum(100);
pub const COUNT: Option<u64> = stone_game::losing_count(100);
pub const PARTNER: Option<u64> = stone_game::partner(3, 1);
pub const LOSES: Option<bool> = stone_game::is_losing(3, 1, 3);
pub const INDEX: Option<usize> = stone_game::losing_index(3, 3, 1);
pub const KEY: u64 = stone_game::position_key(1, 3, 3);
pub const TRIPLE: Option<Triple> = LOSING_TRIPLES.get(7);
pub const LISTED: Option<usize> = LOSING_TRIPLES.losing_index([1, 3, 3]);
pub const TRIPLES: usize = LOSING_TRIPLES.len();
pub const NO_TRIPLES: bool = LOSING_TRIPLES.is_empty();
pub const VIEW: Tables<'static> = EMBEDDED;
pub const VIEW_LIMIT: u32 = VIEW.limit();
pub const VIEW_TRIPLES: usize = VIEW.triples().len();
pub const VIEW_SUM: Option<u64> = VIEW.losing_sum(50);
pub const VIEW_COUNT: Option<u64> = VIEW.losing_count(50);
pub const VIEW_PARTNER: Option<u64> = VIEW.partner(0, 1);
pub const VIEW_LOSES: Option<bool> = VIEW.is_losing(5, 5, 5);
pub const VIEW_INDEX: Option<usize> = VIEW.losing_index(2, 0, 1);
pub const MOVE: Option<Move> = Move::new([false, true, true], 2);
pub const MOVED: Option<[u64; 3]> = match MOVE {
    Some(m) => m.apply([1, 3, 4]),
    None => None,
};
pub const MOVE_STONES: Option<u64> = match MOVE {
    Some(m) => Some(m.stones()),
    None => None,
};
"#;

/// The application: the lean library's constants, printed, in a build where
/// stone-game has its default features.
const APPLICATION: &str = r#"
use lean::*;

fn main() {
    println!("{LIMIT} {SUM:?} {COUNT:?} {PARTNER:?} {LOSES:?} {INDEX:?} {KEY}");
    println!("{TRIPLE:?} {LISTED:?} {TRIPLES} {NO_TRIPLES}");
    println!("{VIEW_LIMIT} {VIEW_TRIPLES} {VIEW_SUM:?} {VIEW_COUNT:?} {VIEW_PARTNER:?} {VIEW_LOSES:?} {VIEW_INDEX:?}");
    println!("{MOVED:?} {MOVE_STONES:?}");
    // The default features are on: the phf map answers as `losing_index` does.
    assert_eq!(stone_game::losing_index_hashed(3, 3, 1), INDEX);
}
"#;

/// Features only add: a `no_std` crate's `const` items compile whatever
/// features another crate of the same build turns on.
#[test]
fn a_lean_crates_constants_compile_beside_the_default_features() {
    let stone_game = this_crate();
    let workspace = write_crate(
        "lean-and-default",
        "[workspace]\nmembers = [\"lean\", \"app\"]\nresolver = \"3\"\n",
        &[
            (
                "lean/Cargo.toml",
                &format!(
                    "{}\n[dependencies]\nstone-game = {{ path = \"{stone_game}\", default-features = false }}\n",
                    package("lean")
                ),
            ),
            ("lean/src/lib.rs", LEAN_LIBRARY),
            (
                "app/Cargo.toml",
                &format!(
                    "{}\n[dependencies]\nlean = {{ path = \"../lean\" }}\nstone-game = {{ path = \"{stone_game}\" }}\n",
                    package("app")
                ),
            ),
            ("app/src/main.rs", APPLICATION),
        ],
    );
    let output = cargo_on(&workspace, "run", None);
    assert_success(&output, "the application beside the lean crate");

    use stone_game::{EMBEDDED, LOSING_TRIPLES, Move};
    let view = EMBEDDED;
    let expected = format!(
        "{} {:?} {:?} {:?} {:?} {:?} {}\n{:?} {:?} {} {}\n{} {} {:?} {:?} {:?} {:?} {:?}\n{:?} {:?}\n",
        stone_game::LIMIT,
        stone_game::losing_sum(100),
        stone_game::losing_count(100),
        stone_game::partner(3, 1),
        stone_game::is_losing(3, 1, 3),
        stone_game::losing_index(3, 3, 1),
        stone_game::position_key(1, 3, 3),
        LOSING_TRIPLES.get(7),
        LOSING_TRIPLES.losing_index([1, 3, 3]),
        LOSING_TRIPLES.len(),
        LOSING_TRIPLES.is_empty(),
        view.limit(),
        view.triples().len(),
        view.losing_sum(50),
        view.losing_count(50),
        view.partner(0, 1),
        view.is_losing(5, 5, 5),
        view.losing_index(2, 0, 1),
        Move::new([false, true, true], 2).and_then(|m| m.apply([1, 3, 4])),
        Move::new([false, true, true], 2).map(Move::stones),
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    // Not vacuous: the answers are the game's, not Nones.
    assert!(
        expected.contains("Some(173895) Some(1264) Some(3) Some(true)"),
        "{expected}"
    );
}

/// A build script that writes a phf map the ordinary way, with phf_codegen's
/// default features.
const PHF_BUILD_SCRIPT: &str = r#"
fn main() {
    let out = std::path::Path::new(&std::env::var_os("OUT_DIR").unwrap()).join("colours.rs");
    let mut map = phf_codegen::Map::new();
    map.entry("red", "1").entry("green", "2").entry("blue", "3");
    let source = format!("static COLOURS: phf::Map<&'static str, u32> = {};\n", map.build());
    std::fs::write(out, source).unwrap();
}
"#;

/// phf's own macro and a phf_codegen map, beside stone-game's map.
const PHF_MAIN: &str = r#"
include!(concat!(env!("OUT_DIR"), "/colours.rs"));

static SHAPES: phf::Map<&'static str, u32> = phf::phf_map! {
    "circle" => 0,
    "square" => 4,
};

fn main() {
    let key = stone_game::position_key(1, 3, 3);
    println!(
        "{} {} {:?} {:?}",
        COLOURS["green"],
        SHAPES["square"],
        stone_game::LOSING_POSITIONS.get(&key),
        stone_game::losing_index_hashed(3, 1, 3),
    );
}
"#;

/// stone-game's phf map leaves phf as every other phf user expects it: a
/// crate with phf_codegen 0.14 (default features) in its build script and
/// `phf::phf_map!` builds and runs beside it.
#[test]
fn a_phf_codegen_user_builds_beside_stone_game() {
    let manifest = format!(
        "{}\n[dependencies]\nstone-game = {{ path = \"{}\" }}\n\
         phf = {{ version = \"0.14\", features = [\"macros\"] }}\n\n\
         [build-dependencies]\nphf_codegen = \"0.14\"\n\n[workspace]\n",
        package("phf-neighbour"),
        this_crate()
    );
    let dir = write_crate(
        "phf-neighbour",
        &manifest,
        &[("build.rs", PHF_BUILD_SCRIPT), ("src/main.rs", PHF_MAIN)],
    );
    let output = cargo_on(&dir, "run", None);
    assert_success(&output, "the phf_codegen user");
    let index = stone_game::losing_index(1, 3, 3).expect("(1, 3, 3) is losing");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("2 4 Some({index}) Some({index})\n")
    );
}

/// Above the default limit, the phf map's cost is named in a warning, with
/// the lean alternative; without the map there is nothing to warn of.
#[test]
fn a_large_limit_with_the_map_warns_of_its_cost() {
    let default = write_dependent("large-with-map", "", "");
    // Not --quiet, which hides warnings.
    let output = cargo_with(&default, &["build"], Some("1001"));
    assert_success(&output, "the default dependent at 1001");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("warning: stone-game@")
            && stderr.contains("STONE_GAME_LIMIT=1001 with feature `phf`")
            && stderr.contains("default-features = false"),
        "{stderr}"
    );
    let lean = write_dependent("large-without-map", ", default-features = false", "");
    let output = cargo_with(&lean, &["build"], Some("1001"));
    assert_success(&output, "the lean dependent at 1001");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("warning: stone-game@"), "{stderr}");
}

/// The target directory the dependents with feature `macros` share: the
/// macro's dependencies (syn, quote, proc-macro2) are built once for both.
fn macros_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("macros-dependents-target")
}

#[test]
fn a_no_std_dependent_takes_s_2000_from_tables_as_a_constant() {
    let expected = stone_game::ScannedTriples::scan(2000)
        .expect("scans")
        .losing_sum(2000)
        .expect("S(2000)");
    let lib = format!(
        r#"#![no_std]

/// The tables up to 2000, whatever STONE_GAME_LIMIT the build has.
pub const TABLES: stone_game::Tables<'static> = stone_game::tables!(2000);

/// S(2000), computed while this crate compiles.
pub const S_2000: u64 = match TABLES.losing_sum(2000) {{
    Some(s) => s,
    None => panic!("tables!(2000) reaches 2000"),
}};

#[cfg(test)]
mod tests {{
    #[test]
    fn the_constant_is_s_2000() {{
        assert_eq!(super::S_2000, {expected});
        assert_eq!(super::TABLES.losing_sum(2001), None);
    }}
}}
"#
    );
    let dir = write_dependent(
        "macros-no-std",
        r#", default-features = false, features = ["macros"]"#,
        &lib,
    );
    let output = cargo_in(&dir, &macros_target(), &["test"], None);
    assert_success(&output, "the no_std dependent with tables!(2000)");
}

/// The application of two limits: each crate's tables, printed.
const TWO_LIMITS_MAIN: &str = r#"fn main() {
    for (name, tables) in [("small", small::SMALL), ("large", large::LARGE)] {
        let l = tables.limit();
        println!(
            "{name}: limit {l}, S({l}) = {:?}, S({}) = {:?}, partner(0, {l}) = {:?}",
            tables.losing_sum(l),
            l + 1,
            tables.losing_sum(l + 1),
            tables.partner(0, l.into()),
        );
    }
}
"#;

#[test]
fn two_crates_of_one_build_take_tables_at_two_limits() {
    let stone_game = this_crate();
    let with_macros = |name: &str, features: &str| {
        format!(
            "{}\n[dependencies]\nstone-game = {{ path = \"{stone_game}\"{features} }}\n",
            package(name)
        )
    };
    let dir = write_crate(
        "macros-two-limits",
        "[workspace]\nmembers = [\"small\", \"large\", \"app\"]\nresolver = \"3\"\n",
        &[
            (
                "small/Cargo.toml",
                &with_macros(
                    "small",
                    r#", default-features = false, features = ["macros"]"#,
                ),
            ),
            (
                "small/src/lib.rs",
                "#![no_std]\n\
                 pub const SMALL: stone_game::Tables<'static> = stone_game::tables!(100);\n",
            ),
            (
                "large/Cargo.toml",
                &with_macros("large", r#", features = ["macros"]"#),
            ),
            (
                "large/src/lib.rs",
                "pub static LARGE: stone_game::Tables<'static> = stone_game::tables!(300);\n",
            ),
            (
                "app/Cargo.toml",
                &format!(
                    "{}\n[dependencies]\nsmall = {{ path = \"../small\" }}\nlarge = {{ path = \"../large\" }}\n",
                    package("app")
                ),
            ),
            ("app/src/main.rs", TWO_LIMITS_MAIN),
        ],
    );

    let output = cargo_in(&dir, &macros_target(), &["run", "-p", "app"], None);
    assert_success(&output, "the application of two limits");
    let mut expected = String::new();
    for (name, l) in [("small", 100), ("large", 300)] {
        let scanned = stone_game::ScannedTables::scan(l).expect("scans");
        let tables = scanned.as_tables();
        expected.push_str(&format!(
            "{name}: limit {l}, S({l}) = {:?}, S({}) = None, partner(0, {l}) = {:?}\n",
            tables.losing_sum(l),
            l + 1,
            tables.partner(0, l.into()),
        ));
    }
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}

/// A crate that knows stone-game as `sg`: `sg::tables!` expands through
/// that name.
const RENAMED: &str = r#"#![no_std]

/// The tables up to 100, through the renamed dependency.
pub const TABLES: sg::Tables<'static> = sg::tables!(100);

/// S(100), computed while this crate compiles.
pub const S_100: Option<u64> = TABLES.losing_sum(100);

/// Called through a `use` of the macro, too.
pub mod used {
    use sg::tables;
    pub static SMALL: sg::Tables<'static> = tables!(4);
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_renamed_crates_tables_answer() {
        assert_eq!(super::S_100, Some(173_895));
        assert_eq!(super::TABLES.limit(), 100);
        assert_eq!(super::used::SMALL.losing_count(4), Some(5));
    }
}
"#;

#[test]
fn a_crate_that_renames_its_dependency_calls_tables_by_that_name() {
    let manifest = format!(
        "{}\n[dependencies]\nsg = {{ package = \"stone-game\", path = \"{}\", \
         default-features = false, features = [\"macros\"] }}\n\n[workspace]\n",
        package("renamed"),
        this_crate()
    );
    let dir = write_crate("macros-renamed", &manifest, &[("src/lib.rs", RENAMED)]);
    let output = cargo_in(&dir, &macros_target(), &["test", "--quiet"], None);
    assert_success(&output, "the crate that renames stone-game to sg");
    // Not vacuous: the test inside ran.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("1 passed"), "{stdout}");
}
