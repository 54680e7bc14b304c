//! Builds crates that depend on this one the way a user's crates do: written
//! into a temporary directory at test time (so the test works in the
//! published package too), with a path dependency on this crate and no
//! dev-dependency's features leaking into them.
//!
//! - `no_std`, `default-features = false`: the answers in its own `const`
//!   items, and a bad `STONE_GAME_LIMIT` failing its build with a message.
//! - default features: every public error type is a `std::error::Error`.
//! - feature `macros`: a `no_std` crate takes S(2000) from `tables!(2000)`
//!   as a constant, and two crates of one workspace take tables at two
//!   limits, which an application prints.

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
}

pub fn refused() -> Result<(), Box<dyn Error>> {
    stone_game::ScannedTables::scan(u32::MAX)?;
    Ok(())
}

pub fn brute_force_refused() -> Result<(), Box<dyn Error>> {
    stone_game::BruteForce::new(u32::MAX)?;
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
    }
}
"#;

/// Writes a crate named `name` with `lib.rs` and a dependency on this crate
/// (`dependency` is the rest of its inline table), in a directory of its own.
fn write_dependent(name: &str, dependency: &str, lib: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    write_package(&dir, name, &this_crate(dependency), ("lib.rs", lib));
    // Not part of any workspace around the scratch directory.
    append(&dir.join("Cargo.toml"), "\n[workspace]\n");
    copy_lock_file(&dir);
    dir
}

/// A dependency on this crate, by path: `rest` is the rest of its inline
/// table.
fn this_crate(rest: &str) -> String {
    let path = env!("CARGO_MANIFEST_DIR").replace('\\', "/");
    format!("stone-game = {{ path = \"{path}\"{rest} }}\n")
}

/// Writes a package named `name` into `dir`, with `dependencies` (manifest
/// lines) and one source file in `src/`.
fn write_package(dir: &Path, name: &str, dependencies: &str, (file, source): (&str, &str)) {
    std::fs::create_dir_all(dir.join("src")).expect("a scratch directory");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{dependencies}"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("the manifest is written");
    std::fs::write(dir.join("src").join(file), source).expect("the source is written");
}

fn append(file: &Path, text: &str) {
    let mut contents = std::fs::read_to_string(file).expect("the file is read");
    contents.push_str(text);
    std::fs::write(file, contents).expect("the file is written");
}

/// The versions this crate was tested with, where it has a lock file.
fn copy_lock_file(dir: &Path) {
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    if lock.is_file() {
        std::fs::copy(lock, dir.join("Cargo.lock")).expect("the lock file is copied");
    }
}

/// Runs `cargo <command>` on a dependent crate, in a target directory of
/// its own, with `STONE_GAME_LIMIT` set to `limit` (or as inherited).
fn cargo_on(dir: &Path, command: &str, limit: Option<&str>) -> Output {
    cargo_in(dir, &dir.join("target"), &[command], limit)
}

/// Runs `cargo <args>` on the manifest in `dir`, with `target` as its
/// target directory.
fn cargo_in(dir: &Path, target: &Path, args: &[&str], limit: Option<&str>) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cargo = Command::new(cargo);
    cargo
        .args(args)
        .args(["--quiet", "--manifest-path"])
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

#[test]
fn two_crates_of_one_build_take_tables_at_two_limits() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("macros-two-limits");
    write_package(
        &dir.join("small"),
        "small",
        &this_crate(r#", default-features = false, features = ["macros"]"#),
        (
            "lib.rs",
            "#![no_std]\n\
             pub const SMALL: stone_game::Tables<'static> = stone_game::tables!(100);\n",
        ),
    );
    write_package(
        &dir.join("large"),
        "large",
        &this_crate(r#", features = ["macros"]"#),
        (
            "lib.rs",
            "pub static LARGE: stone_game::Tables<'static> = stone_game::tables!(300);\n",
        ),
    );
    write_package(
        &dir.join("app"),
        "app",
        "small = { path = \"../small\" }\nlarge = { path = \"../large\" }\n",
        (
            "main.rs",
            r#"fn main() {
    for (name, tables) in [("small", small::SMALL), ("large", large::LARGE)] {
        let l = u64::from(tables.limit());
        println!(
            "{name}: limit {l}, S({l}) = {:?}, S({}) = {:?}, partner(0, {l}) = {:?}",
            tables.losing_sum(l),
            l + 1,
            tables.losing_sum(l + 1),
            tables.partner(0, l),
        );
    }
}
"#,
        ),
    );
    std::fs::write(
        dir.join("Cargo.toml"),
        "[workspace]\nmembers = [\"small\", \"large\", \"app\"]\nresolver = \"3\"\n",
    )
    .expect("the workspace manifest is written");
    copy_lock_file(&dir);

    let output = cargo_in(&dir, &macros_target(), &["run", "-p", "app"], None);
    assert_success(&output, "the application of two limits");
    let mut expected = String::new();
    for (name, l) in [("small", 100), ("large", 300)] {
        let scanned = stone_game::ScannedTables::scan(l).expect("scans");
        let tables = scanned.tables();
        let l = u64::from(l);
        expected.push_str(&format!(
            "{name}: limit {l}, S({l}) = {:?}, S({}) = None, partner(0, {l}) = {:?}\n",
            tables.losing_sum(l),
            l + 1,
            tables.partner(0, l),
        ));
    }
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}
