//! Generates the game's tables for `STONE_GAME_LIMIT` (default 1000) into
//! OUT_DIR, with the phf map when feature `phf` is on; `src/embedded.rs`
//! includes them.

use std::path::PathBuf;

use stone_game_generator::emit::Options;
use stone_game_generator::limit::{DEFAULT_LIMIT, LIMIT_VAR, parse_limit};

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
    // This crate's `phf` turns on the generator's, which alone can write the
    // map.
    #[cfg(feature = "phf")]
    let options = Options::WITH_POSITION_MAP;
    #[cfg(not(feature = "phf"))]
    let options = Options::TABLES;
    if cfg!(feature = "phf") && limit > DEFAULT_LIMIT {
        // The map is the one table rustc compiles from literals: its cost
        // grows with the number of losing positions, about L^2 / 8.
        println!(
            "cargo::warning=stone-game: {LIMIT_VAR}={limit} with feature `phf` builds a phf map of \
             every losing position up to {limit}: its placement and rustc's memory grow with \
             their number (at 4000, a minute and a half and 6.5 GiB; README, \"Larger \
             limits\"). Without the map, with `default-features = false, features = \
             [\"std\"]`, the tables are bytes and cost seconds"
        );
    }
    if let Err(e) = stone_game_generator::generate(limit, &out_dir, options) {
        println!("cargo::error=cannot generate the tables for {LIMIT_VAR}={limit}: {e}");
    }
}
