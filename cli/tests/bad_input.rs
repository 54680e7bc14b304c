//! The `stone-game` binary given bad input, one test per kind, as README's
//! table of bad input lists them: exit code 2, one `error:` line and a
//! usage hint on stderr, nothing on stdout, no panic.
//!
//! Passes at the default limit and at any other from 100 up (e.g.
//! `STONE_GAME_LIMIT=150`).

mod binary;

use std::ffi::OsString;

use binary::{
    MAX_BRUTE, MAX_GRUNDY, MAX_WHOLE_SCAN, bad, run_in_address_space, run_without_threads,
};
use stone_game::{GrundyTable, ScannedTables, ScannedTotals, ScannedTriples};

#[test]
fn bad_missing_argument() {
    let e = bad(&["is-losing", "1", "2"]);
    assert!(e.contains("2 piles: a position is three piles"), "{e}");
    let e = bad(&["is-losing"]);
    assert!(e.contains("<PILE>..."), "{e}");
    bad(&["partner", "1"]);
    bad(&["moves", "1", "2"]);
    let e = bad(&["list", "--limit"]);
    assert!(e.contains("--limit"), "{e}");
    bad(&["verify", "--brute-limit"]);
}

#[test]
fn bad_extra_argument() {
    let e = bad(&["sum", "1", "2"]);
    assert!(e.contains("'2'"), "{e}");
    bad(&["partner", "1", "2", "3"]);
    bad(&["is-losing", "1", "2", "3", "4"]);
    bad(&["verify", "5"]);
    bad(&["list", "5", "6"]);
    // The fix: the command's usage.
    assert_eq!(
        bad(&["partner", "1", "2", "3"]),
        "error: unexpected argument '3' found; usage: stone-game partner [OPTIONS] <A> <B>"
    );
    // A position of the wrong number of piles says what a position is.
    assert_eq!(
        bad(&["is-losing", "1", "2", "3", "4"]),
        "error: 4 piles: a position is three piles, or three for each game of a sum"
    );
}

/// The usage a refusal gives names the tool `stone-game`, as its hint and
/// its help do, whatever the binary was run as.
#[test]
fn a_renamed_binary_names_the_tool_in_its_usage() {
    let dir = tempfile::tempdir().unwrap();
    let renamed = dir.path().join("sg");
    std::fs::copy(binary::BIN, &renamed).unwrap();
    // A process another test forks while the copy is open for writing holds
    // it open until it execs, and the copy cannot run until then ("text
    // file busy"): try again for a while.
    let mut tries = 0;
    let output = loop {
        match std::process::Command::new(&renamed)
            .args(["partner", "1", "2", "3"])
            .output()
        {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            ran => break ran.unwrap(),
        }
    };
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: unexpected argument '3' found; usage: stone-game partner [OPTIONS] <A> <B>\n\
         usage hint: run 'stone-game --help'\n"
    );
}

#[test]
fn bad_not_a_number() {
    let e = bad(&["sum", "abc"]);
    assert!(e.contains("'abc'"), "{e}");
    for args in [
        &["is-losing", "1", "x", "3"][..],
        &["sum", "1.5"],
        &["sum", "1e3"],
        &["sum", "+4"],
        &["sum", " 4"],
        &["partner", "0x10", "1"],
        &["list", "--limit", "ten"],
        &["verify", "--brute-limit", "many"],
    ] {
        bad(args);
    }
}

#[test]
fn bad_negative_number() {
    let e = bad(&["sum", "-5"]);
    assert!(e.contains("'-5'") && e.contains("negative"), "{e}");
    bad(&["partner", "-1", "2"]);
    bad(&["is-losing", "1", "2", "-3"]);
    bad(&["list", "--limit", "-3"]);
    bad(&["verify", "--brute-limit", "-1"]);
}

#[test]
fn bad_number_past_u64() {
    // Each names the cap of its command, not u64's.
    let past = "99999999999999999999999";
    for (args, cap) in [
        (vec!["sum", past], "the largest limit is 65535"),
        (vec!["count", "--limit", past], "the largest limit is 65535"),
        (vec!["list", past], "the largest limit is 65535"),
        (
            vec!["partner", "18446744073709551616", "0"],
            "the largest pile is 32000",
        ),
        (vec!["grundy", "1", past, "1"], "the largest pile is 1500"),
        (
            vec!["verify", "--brute-limit", past],
            "the largest brute force is 500",
        ),
        (
            vec!["is-losing", past, "1", "2"],
            "the two smaller piles are at most 32000",
        ),
        (
            vec!["draw", "slice", past, "-o", "s.png"],
            "the largest A of this picture is 32000",
        ),
        (
            vec!["draw", "grundy", past, "-o", "g.png"],
            "the largest A of this picture is 1500",
        ),
        (
            vec!["draw", "remoteness", past, "-o", "r.png"],
            "the largest A of this picture is 1500",
        ),
    ] {
        let e = bad(&args);
        assert!(
            e.contains("it is too large; ") && e.contains(cap),
            "{args:?}: {e}"
        );
        assert!(
            !e.contains("18446744073709551615") || args[0] != "sum",
            "{e}"
        );
    }
    assert_eq!(
        bad(&["sum", past]),
        format!(
            "error: invalid value '{past}' for '[L]': it is too large; the largest limit is \
             65535 (the tables store piles as 16-bit numbers)"
        )
    );
}

/// README's rows for `value` and `moves`, which read piles with the
/// library's `Position`, word for word.
#[test]
fn bad_piles_and_misere_sums() {
    assert_eq!(
        bad(&["value", "1", "2", "3", "4"]),
        "error: 4 piles: a position is three piles, or three for each game of a sum"
    );
    assert_eq!(
        bad(&["moves", "1", "2", "x"]),
        "error: 'x' is not a pile: expected a whole number (decimal digits only)"
    );
    assert_eq!(
        bad(&["value", "1", "2", "+", "3", "4", "5", "6"]),
        "error: a '+' after 2 piles: a '+' goes between games, each of three piles"
    );
    assert_eq!(
        bad(&["value", "99999999999999999999999", "1", "2"]),
        "error: '99999999999999999999...' is not a pile: it is too large; the largest pile is 1500"
    );
    // `moves` and `play` take any pile their tables decide, in one game;
    // a sum's piles stop where its Grundy values do.
    assert!(bad(&["moves", "99999999999999999999999", "1", "2"]).ends_with("18446744073709551615"));
    // Every move with its value needs the remoteness, as `value` does.
    assert_eq!(
        bad(&["moves", "--all", "1", "2", "99999999999999999999999"]),
        "error: '99999999999999999999...' is not a pile: it is too large; the largest pile is 1500"
    );
    for command in ["moves", "is-losing", "value"] {
        assert_eq!(
            bad(&[
                command,
                "1",
                "2",
                "3",
                "+",
                "4",
                "5",
                "99999999999999999999999"
            ]),
            "error: '99999999999999999999...' is not a pile: it is too large; the largest pile \
             of a sum of games is 1500",
            "{command}"
        );
    }
    // A comma stands between two piles: a slip is not read as another
    // position.
    assert_eq!(
        bad(&["value", "1,,2,3"]),
        "error: a ',' after 1 pile: a comma goes between two piles"
    );
    assert_eq!(
        bad(&["moves", "1,2,3,"]),
        "error: a ',' after 3 piles: a comma goes between two piles"
    );
    assert_eq!(
        bad(&["value", "1"]),
        "error: 1 pile: a position is three piles, or three for each game of a sum"
    );
    assert_eq!(
        bad(&["value", "-1", "2", "3"]),
        "error: '-1' is not a pile: it is negative; expected a whole number from 0"
    );
    assert_eq!(
        bad(&["moves", "", "2", "3"]),
        "error: an empty argument is not a pile: expected a whole number, got an empty string"
    );
    assert_eq!(
        bad(&["is-losing", " ", "2", "3"]),
        "error: ' ' is not a pile: expected a whole number, got whitespace alone"
    );
    assert_eq!(
        bad(&["value", "1", "\t", "3"]),
        "error: '\\t' is not a pile: expected a whole number, got whitespace alone"
    );
    assert_eq!(
        bad(&["moves", "1", "2", "3", "4", "5", "6", "--misere"]),
        "error: moves with a sum of games takes no --misere: a sum of games is answered in \
         normal play only: a misère sum is not decided by the XOR of its games' Grundy values"
    );
}

#[test]
fn bad_empty_string() {
    let e = bad(&["sum", ""]);
    assert!(e.contains("empty"), "{e}");
    bad(&["is-losing", "", "1", "2"]);
    bad(&["list", "--limit", ""]);
    bad(&["list", "--format", ""]);
    bad(&[""]);
    // A picture's file: an empty name is refused as one, not as no value.
    assert_eq!(
        bad(&["draw", "slice", "0", "-o", ""]),
        "error: invalid value '' for '--output <FILE>': expected a file name (.png or .svg), \
         got an empty string"
    );
}

#[test]
fn bad_unknown_command() {
    let e = bad(&["frobnicate"]);
    assert!(e.contains("frobnicate"), "{e}");
    let e = bad(&["sun", "4"]);
    assert!(e.contains("did you mean 'sum'"), "{e}");
    bad(&["4"]);
    bad(&["SUM"]);
}

#[test]
fn bad_unknown_option() {
    let e = bad(&["sum", "--frob"]);
    assert!(e.contains("--frob"), "{e}");
    bad(&["--json"]);
    bad(&["verify", "--json"]);
    bad(&["partner", "--limit", "5", "1", "2"]);
    bad(&["-x"]);
}

#[test]
fn bad_unknown_format() {
    let e = bad(&["list", "--format", "xml"]);
    assert!(e.contains("xml") && e.contains("csv"), "{e}");
    bad(&["list", "--format", "CSV"]);
    bad(&["list", "--format"]);
}

#[test]
fn bad_too_large_for_memory() {
    // (10^6 + 1)^3 bytes: about 888 PiB, more than any machine has.
    let e = bad(&["verify", "--brute-limit", "1000000"]);
    assert!(e.contains("memory") && e.contains("PiB"), "{e}");
    let e = bad(&["verify", "--brute-limit", "18446744073709551615"]);
    assert!(e.contains("memory"), "{e}");
}

/// Under a `ulimit -v`, or strict overcommit, the memory check passes and
/// the allocator refuses the table: a refusal in words after the scan's
/// note, with the estimate of the table refused and exit code 2, as for the
/// check's own refusal; not an abort.
#[test]
fn bad_refused_by_the_allocator() {
    // 64 MiB of address space; each table below needs 100 to 220 MB,
    // which any machine that runs the suite has.
    for (args, says, needed) in [
        (
            &["sum", "16000"][..],
            "a scan",
            ScannedTotals::memory_needed(16_000),
        ),
        (
            &["list", "--limit", "12000"],
            "a scan",
            ScannedTriples::memory_needed(12_000),
        ),
        (
            &["is-losing", "12000", "12000", "12000"],
            "a scan",
            ScannedTriples::memory_needed(12_000),
        ),
        (
            &["partner", "0", "5000"],
            "a scan",
            ScannedTables::memory_needed(5000),
        ),
        (
            &["grundy", "600", "600", "600"],
            "a Grundy table",
            GrundyTable::memory_needed(600),
        ),
    ] {
        let r = run_in_address_space(64 * 1024, args);
        assert_eq!((r.code, r.out.as_str()), (2, ""), "{args:?}: {}", r.err);
        let lines: Vec<&str> = r.err.lines().collect();
        let [.., error, hint] = lines[..] else {
            panic!("{args:?}: {}", r.err);
        };
        assert_eq!(
            error,
            format!("error: {says} needs {needed} bytes of memory, which could not be allocated"),
            "{args:?}"
        );
        assert!(hint.starts_with("usage hint: "), "{args:?}: {}", r.err);
        assert!(
            lines.len() == 2 || lines.len() == 3 && lines[0].starts_with("note: "),
            "{args:?}: {}",
            r.err
        );
    }
}

/// A picture under a `ulimit -v`: refused in words, not by an abort, and
/// no file is left beside the target. Which of its allocations is refused
/// depends on the binary's own size, which its embedded tables set: the
/// partners map's pairs at the default limit, its PNG bitmap at 150.
#[test]
fn bad_picture_refused_by_the_allocator() {
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let target = scratch.path().join("partners.png");
    let target = target.to_str().expect("a UTF-8 path");
    let args = ["draw", "partners", "--limit", "2000", "-o", target];
    let r = run_in_address_space(64 * 1024, &args);
    assert_eq!((r.code, r.out.as_str()), (2, ""), "{}", r.err);
    let pairs = 2001 * 2001 * 8;
    let refusals = [
        format!("error: the partners map to 2000 needs {pairs} bytes of memory"),
        "error: a picture needs ".to_string(),
    ];
    let refused = r.err.lines().any(|line| {
        refusals
            .iter()
            .any(|refusal| line.starts_with(refusal.as_str()))
            && line.ends_with(", which could not be allocated")
    });
    assert!(refused, "{}", r.err);
    let left = std::fs::read_dir(scratch.path()).expect("the scratch directory");
    assert_eq!(left.count(), 0, "a file was left beside the target");
}

/// Where no thread can be started (a limit on processes), the work runs
/// on the main thread and answers as it does on every core: the Grundy
/// values (rayon's pool, which would panic) and a scan of the cube (which
/// would say its memory could not be allocated).
#[test]
fn bad_no_thread_can_be_started() {
    for args in [&["grundy", "250", "250", "250"][..], &["sum", "4000"]] {
        let free = binary::run(args.iter().copied());
        assert_eq!(free.code, 0, "{args:?}: {}", free.err);
        let alone = run_without_threads(args);
        assert_eq!(
            (alone.code, alone.out.as_str()),
            (0, free.out.as_str()),
            "{args:?}: {}",
            alone.err
        );
    }
}

#[test]
fn bad_past_the_largest_brute_force() {
    // Fits in memory, but would run for many minutes: refused up front.
    let past = (MAX_BRUTE + 1).to_string();
    let e = bad(&["verify", "--brute-limit", &past]);
    assert!(e.contains(&MAX_BRUTE.to_string()), "{e}");
}

#[test]
fn bad_past_the_largest_scan() {
    // Sums, counts and lists scan the triples alone, as far as any scan goes.
    let past = (u64::from(stone_game::ScannedTriples::MAX_LIMIT) + 1).to_string();
    for args in [
        &["sum", &past][..],
        &["sum", "--scan", &past],
        &["count", &past],
        &["list", "--limit", &past],
    ] {
        let e = bad(args);
        assert!(
            e.contains(
                "past the largest this tool runs, 65535 (the tables store piles as 16-bit numbers)"
            ),
            "{e}"
        );
    }
    bad(&["count", "18446744073709551615"]);
    // So do `is-losing` and `moves` whose second pile is past the whole
    // tables' largest scan (and near the largest pile, below it).
    let past = (MAX_WHOLE_SCAN + 1).to_string();
    let far = (4 * MAX_WHOLE_SCAN).to_string();
    for args in [
        &["is-losing", &past, &past, &far][..],
        &["moves", "1", &past, &far],
        &["is-losing", "65536", "65536", "65536"],
    ] {
        assert!(
            bad(args).contains(
                "past the largest this tool runs, 65535 (the tables store piles as 16-bit numbers)"
            ),
            "{args:?}"
        );
    }
    // The others scan the whole tables, to a smaller limit (`is-losing` and
    // `moves` when their largest pile is far past the second).
    let picture = format!("{}/never-written.png", env!("CARGO_TARGET_TMPDIR"));
    for args in [
        &["partner", "0", &past][..],
        &["draw", "slice", "0", "--limit", &past, "-o", &picture],
    ] {
        let e = bad(args);
        assert!(
            e.contains(&format!(
                "past the largest this tool runs, {MAX_WHOLE_SCAN} (a scan of the whole tables"
            )),
            "{e}"
        );
    }
    // Whatever its subject, one thing or many, the sentence reads.
    assert!(bad(&["moves", "1", &past, &far]).starts_with(&format!(
        "error: the moves of (1, {past}, {far}) would need a runtime scan to {far}, past"
    )));
    assert!(
        bad(&["count", "70000"])
            .starts_with("error: the count to 70000 would need a runtime scan to 70000, past")
    );
    assert_eq!(
        bad(&["draw", "counts", "--limit", "5", "-o", &picture]),
        "error: the counts picture takes a limit of at least 10, not 5: give --limit 10 or more"
    );
}

#[cfg(unix)]
#[test]
fn bad_not_unicode() {
    use std::os::unix::ffi::OsStringExt;
    let bytes = || OsString::from_vec(vec![b'4', 0xff]);
    bad(&[OsString::from("sum"), bytes()]);
    bad(&[bytes()]);
    bad(&[OsString::from("list"), OsString::from("--format"), bytes()]);
}

#[test]
fn bad_control_characters_stay_on_one_line() {
    bad(&["sum", "1\n2"]);
    bad(&["list", "--format", "a\n\nb\r"]);
    bad(&["frob\nnicate"]);
}

#[test]
fn grundy_refuses_bad_input() {
    let past = (MAX_GRUNDY + 1).to_string();
    for (args, needle) in [
        (vec![], "required arguments were not provided"),
        (vec!["1", "2"], "2 piles: a position is three piles"),
        (
            vec!["1", "2", "3", "4"],
            "4 piles: a position is three piles",
        ),
        (
            vec!["1", "2", "+", "3", "4", "5", "6"],
            "a '+' after 2 piles: a '+' goes between games",
        ),
        (vec!["1", "x", "3"], "'x' is not a pile"),
        (vec!["1", "", "3"], "an empty argument is not a pile"),
        (vec!["1", "-2", "3"], "negative"),
        (vec!["1", "2", "99999999999999999999"], "too large"),
        (
            vec!["1", "2", "100000"],
            "past the largest this tool computes",
        ),
        (vec![&past, "2", "0"], "past the largest this tool computes"),
    ] {
        let mut argv = vec!["grundy"];
        argv.extend(&args);
        assert!(bad(&argv).contains(needle), "{args:?}");
    }
    // README's row, word for word.
    assert_eq!(
        bad(&["grundy", &past, "0", "0"]),
        format!(
            "error: the value of ({past}, 0, 0) would need the Grundy values to {past}, past the \
             largest this tool computes, {} (the time grows as about the cube of the limit)",
            MAX_GRUNDY
        )
    );
}
