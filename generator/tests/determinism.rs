//! The generated tables are the same bytes from one process to the next: a
//! build must not depend on a hash seed, an address or the time.
//!
//! A test target without the libtest harness (`harness = false` in
//! Cargo.toml): its `main` runs itself twice more as child processes, each
//! generating the tables into its own directory, and compares the bytes with
//! each other and with a render in this process. A child is this binary with
//! [`CHILD_DIR`] set, not a test, so no filter or `--ignored` runs it on its
//! own. (The root crate's `tests/tables.rs` compares the build script's output
//! at the real limit with a render in the test process: a third pair of
//! processes.)

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use stone_game_generator::emit::{Options, render};
use stone_game_generator::scan::Scan;

/// Set in a child process: the directory to generate into.
const CHILD_DIR: &str = "STONE_GAME_DETERMINISM_CHILD_DIR";

/// Small enough to take little time, large enough for a phf map of hundreds of
/// entries and partners past the limit.
const LIMIT: u32 = 120;

/// The test's name, as libtest would print it.
const NAME: &str = "two_processes_generate_the_same_bytes";

fn main() -> ExitCode {
    if let Some(dir) = std::env::var_os(CHILD_DIR) {
        return match stone_game_generator::generate(LIMIT, Path::new(&dir), Options::default()) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("the child cannot generate into {}: {e}", dir.display());
                ExitCode::FAILURE
            }
        };
    }
    // `cargo test -- --list` (and tools that ask a test binary for its
    // tests) get the one test, and nothing runs.
    if std::env::args().any(|a| a == "--list") {
        println!("{NAME}: test");
        return ExitCode::SUCCESS;
    }
    two_processes_generate_the_same_bytes();
    println!("test {NAME} ... ok\n\ntest result: ok. 1 passed; 0 failed");
    ExitCode::SUCCESS
}

fn generate_in_a_child_process(dir: &Path) {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .env(CHILD_DIR, dir)
        .output()
        .expect("the test binary runs");
    assert!(
        output.status.success(),
        "the child failed: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr),
    );
}

fn two_processes_generate_the_same_bytes() {
    let base = std::env::temp_dir().join(format!(
        "stone-game-generator-determinism-{}",
        std::process::id()
    ));
    let dirs: Vec<PathBuf> = (0..2).map(|i| base.join(i.to_string())).collect();
    for dir in &dirs {
        std::fs::create_dir_all(dir).expect("a temp dir");
        generate_in_a_child_process(dir);
    }
    let here = render(&Scan::run(LIMIT).expect("scans"), Options::default()).expect("renders");
    let mut compared = 0;
    for (name, bytes) in here.files() {
        for dir in &dirs {
            let written = std::fs::read(dir.join(name)).expect("written by the child");
            assert!(
                written == bytes,
                "{name} from a child process differs from this process's render"
            );
            compared += 1;
        }
    }
    assert!(compared > 0, "the render holds no files");
    let _ = std::fs::remove_dir_all(base);
}
