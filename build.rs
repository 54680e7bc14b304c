//! Generates the game's tables for `STONE_GAME_LIMIT` (default 1000) into
//! OUT_DIR, with the phf map when feature `phf` is on; `src/embedded.rs`
//! includes them.

use std::path::PathBuf;

use stone_game_generator::emit::Options;
use stone_game_generator::limit::{DEFAULT_LIMIT, LIMIT_VAR, parse_limit};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed={LIMIT_VAR}");
    // `default_limit`: the tables are the default limit's, which the
    // snapshot tests pin (at another limit they are ignored, visibly).
    println!("cargo::rustc-check-cfg=cfg(default_limit)");

    let value = std::env::var_os(LIMIT_VAR);
    let value = value.as_ref().map(|v| v.to_string_lossy());
    let limit = match parse_limit(value.as_deref()) {
        Ok(limit) => limit,
        Err(e) => return println!("cargo::error={e}"),
    };
    if limit == DEFAULT_LIMIT {
        println!("cargo::rustc-cfg=default_limit");
    }
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
