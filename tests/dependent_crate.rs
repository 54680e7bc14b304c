//! Builds `tests/dependent`, a `no_std` crate that uses this crate's queries
//! in its own `const` items as a user's crate would, and checks what a bad
//! `STONE_GAME_LIMIT` does to such a build.

use std::path::Path;
use std::process::{Command, Output};

use stone_game_generator::format::MAX_LIMIT;

/// Runs `cargo <command>` on the dependent crate, in a target directory of
/// its own, with `STONE_GAME_LIMIT` set to `limit` (or as inherited).
fn cargo_on_dependent(command: &str, limit: Option<&str>) -> Output {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dependent/Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cargo = Command::new(cargo);
    cargo
        .args([command, "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TERM_COLOR", "never")
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("dependent"),
        );
    if let Some(limit) = limit {
        cargo.env("STONE_GAME_LIMIT", limit);
    }
    cargo.output().expect("cargo runs")
}

#[test]
fn a_dependent_crate_uses_the_answers_as_constants() {
    let output = cargo_on_dependent("test", None);
    assert!(
        output.status.success(),
        "the dependent crate failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_bad_limit_fails_the_build_with_a_message_that_names_it() {
    let past = (MAX_LIMIT + 1).to_string();
    let range = format!("0 to {MAX_LIMIT}");
    for bad in ["", "abc", "-5", "1e3", "2.5", "99999999999", past.as_str()] {
        let output = cargo_on_dependent("build", Some(bad));
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
