//! Generates the game's tables for `STONE_GAME_LIMIT` (default 1000) into
//! OUT_DIR, with the phf map when feature `phf` is on; `src/embedded.rs`
//! includes them.

use std::path::PathBuf;

use stone_game_generator::emit::Options;
use stone_game_generator::limit::{LIMIT_VAR, parse_limit};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed={LIMIT_VAR}");

    let value = std::env::var_os(LIMIT_VAR);
    let value = value.as_ref().map(|v| v.to_string_lossy());
    let limit = match parse_limit(value.as_deref()) {
        Ok(limit) => limit,
        Err(e) => return println!("cargo::error={e}"),
    };
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return println!("cargo::error=OUT_DIR is not set: run this build script through cargo");
    };
    let options = if std::env::var_os("CARGO_FEATURE_PHF").is_some() {
        Options::WITH_POSITION_MAP
    } else {
        Options::TABLES
    };
    if let Err(e) = stone_game_generator::generate(limit, &out_dir, options) {
        println!("cargo::error=cannot generate the tables for {LIMIT_VAR}={limit}: {e}");
    }
}
