//! Builds crates that depend on this one the way a user's crates do: written
//! into a temporary directory at test time (so the test works in the
//! published package too), with a path dependency on this crate and no
//! dev-dependency's features leaking into them.
//!
//! - `no_std`, `default-features = false`: the answers in its own `const`
//!   items, and a bad `STONE_GAME_LIMIT` failing its build with a message.
//! - default features: every public error type is a `std::error::Error`.

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
    }
}
"#;

/// Writes a crate named `name` with `lib.rs` and a dependency on this crate
/// (`dependency` is the rest of its inline table), in a directory of its own.
fn write_dependent(name: &str, dependency: &str, lib: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(dir.join("src")).expect("a scratch directory");
    let this_crate = env!("CARGO_MANIFEST_DIR").replace('\\', "/");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nstone-game = {{ path = \"{this_crate}\"{dependency} }}\n\n\
         # Not part of any workspace around the scratch directory.\n[workspace]\n"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("the manifest is written");
    std::fs::write(dir.join("src/lib.rs"), lib).expect("the source is written");
    // The versions this crate was tested with, where it has a lock file.
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    if lock.is_file() {
        std::fs::copy(lock, dir.join("Cargo.lock")).expect("the lock file is copied");
    }
    dir
}

/// Runs `cargo <command>` on a dependent crate, in a target directory of
/// its own, with `STONE_GAME_LIMIT` set to `limit` (or as inherited).
fn cargo_on(dir: &Path, command: &str, limit: Option<&str>) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cargo = Command::new(cargo);
    cargo
        .args([command, "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TERM_COLOR", "never")
        .env("CARGO_TARGET_DIR", dir.join("target"));
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
