//! Builds and tests `tests/dependent`: a `no_std` crate that uses this crate's
//! queries in its own `const` items, as a user's crate would.

use std::path::Path;
use std::process::Command;

#[test]
fn a_dependent_crate_uses_the_answers_as_constants() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dependent/Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("dependent"),
        )
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "the dependent crate failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
