//! The generated tables are the same bytes from one process to the next: a
//! build must not depend on a hash seed, an address or the time.
//!
//! The test runs this test binary twice more as child processes, each
//! generating the tables into its own directory, and compares the bytes with
//! each other and with a render in this process. (The root crate's
//! `tests/tables.rs` compares the build script's output at the real limit with
//! a render in the test process: a third pair of processes.)

use std::path::{Path, PathBuf};
use std::process::Command;

use stone_game_generator::emit::{Options, render};
use stone_game_generator::scan::Scan;

/// Set in a child process: the directory to generate into.
const CHILD_DIR: &str = "STONE_GAME_DETERMINISM_CHILD_DIR";

/// Small enough to take little time, large enough for a phf map of hundreds of
/// entries and partners past the limit.
const LIMIT: u32 = 120;

/// Not a test of its own but the child process's work, which
/// [`generate_in_a_child_process`] runs by name with `--ignored`. Ignored,
/// so that a normal run neither runs it nor counts it as passed.
#[test]
#[ignore = "run by two_processes_generate_the_same_bytes in processes of their own"]
fn child_generates_into_the_given_directory() {
    let dir = std::env::var_os(CHILD_DIR)
        .expect("run only by two_processes_generate_the_same_bytes, which names the directory");
    stone_game_generator::generate(LIMIT, Path::new(&dir), Options::default()).expect("generates");
}

fn generate_in_a_child_process(dir: &Path) {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--ignored",
            "--exact",
            "child_generates_into_the_given_directory",
            "--test-threads=1",
        ])
        .env(CHILD_DIR, dir)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the child failed: {}\n{stdout}",
        output.status,
    );
    // It ran: a filter that matched nothing would pass as well.
    assert!(stdout.contains("1 passed"), "{stdout}");
}

#[test]
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
    for (name, bytes) in here.files() {
        for dir in &dirs {
            let written = std::fs::read(dir.join(name)).expect("written by the child");
            assert!(
                written == bytes,
                "{name} from a child process differs from this process's render"
            );
        }
    }
    let _ = std::fs::remove_dir_all(base);
}
