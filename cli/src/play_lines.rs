//! What a player of `play` types, and the lines the game prints over a
//! pipe: rows of what is typed or printed and what it means, written once
//! and shown three ways: two columns in `play --help` and in the game's
//! answer to `help`, and a tagged list in the man page, where roff fills
//! and wraps text to the reader's width.

/// One row: what is typed or printed, and what it means.
pub(crate) struct Row {
    pub(crate) what: &'static str,
    pub(crate) means: &'static str,
}

/// What a player types at each turn.
pub(crate) const TYPED: &[Row] = &[
    Row {
        what: "X Y Z ...",
        means: "the position you leave, every pile in the order shown, by spaces or commas \
                ('1 3 3' or '1,3,3')",
    },
    Row {
        what: "hint",
        means: "a winning move, or that there is none",
    },
    Row {
        what: "undo, u",
        means: "take back your last move and the engine's reply",
    },
    Row {
        what: "help, h",
        means: "what to type (this list)",
    },
    Row {
        what: "quit, q",
        means: "leave the game (so does the end of input, Ctrl-D)",
    },
];

/// What follows [`TYPED`]: the key that is not a line.
pub(crate) const TYPED_AFTER: &str = "Ctrl-C leaves at once, with exit code 130.";

/// The heading of the pipe protocol's lines.
pub(crate) const PIPE_HEADING: &str =
    "Over a pipe (stdin or stdout not a terminal), one line each:";

/// The lines of the pipe protocol, one each (README, "Playing", says the
/// same).
pub(crate) const PIPE: &[Row] = &[
    Row {
        what: "start: A B C ...",
        means: "the start, every pile",
    },
    Row {
        what: "engine: X Y Z ...  takes N from P",
        means: "the position the engine leaves, then what it took: '2 from B and C' \
                (a sum: '... in game 2')",
    },
    Row {
        what: "hint: X Y Z ... / hint: none",
        means: "the answer to 'hint'; one game adds '  win in N', the moves the win takes \
                with perfect play",
    },
    Row {
        what: "undo: X Y Z ... / undo: none",
        means: "the answer to 'undo': the position back before your last move, or none \
                before your first",
    },
    Row {
        what: "help: ...",
        means: "the answer to 'help', on one line",
    },
    Row {
        what: "illegal: WHY",
        means: "a line that is not a legal move; the game goes on",
    },
    Row {
        what: "you win / engine wins",
        means: "the last line of a finished game; right after 'start:' when there is no \
                stone to take, since the side to move has then lost (with --misere, won: \
                the other side took the last stone)",
    },
];

/// The width of the two columns' lines.
const WIDTH: usize = 80;
/// The column where a meaning starts.
const MEANS_AT: usize = 32;
/// The indent of what is typed or printed.
const WHAT_AT: usize = 2;

/// `rows` in two columns of at most [`WIDTH`]: each `what` indented, its
/// meaning from column [`MEANS_AT`], wrapped at spaces; a `what` too long
/// for its column stands on a line of its own.
pub(crate) fn columns(rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        let mut line = format!("{:WHAT_AT$}{}", "", row.what);
        // At least two spaces between the columns.
        if line.len() + 2 > MEANS_AT {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        let mut words = row.means.split(' ');
        line = format!("{line:MEANS_AT$}{}", words.next().unwrap_or_default());
        for word in words {
            if line.len() + 1 + word.len() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = format!("{:MEANS_AT$}{word}", "");
            } else {
                line.push(' ');
                line.push_str(word);
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// What a player types, in two columns, and the key after them: the
/// game's answer to `help` in a terminal.
pub(crate) fn typed_text() -> String {
    format!("{}{TYPED_AFTER}", columns(TYPED))
}

/// What `play --help` adds: what a player types, and the pipe protocol's
/// lines.
pub(crate) fn play_help() -> String {
    format!(
        "Typed at each turn:\n{}\n\n{PIPE_HEADING}\n{}",
        typed_text(),
        columns(PIPE).trim_end()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_hold_80_characters_and_every_word_in_order() {
        for rows in [TYPED, PIPE] {
            let text = columns(rows);
            for line in text.lines() {
                assert!(line.chars().count() <= WIDTH, "{line:?}");
            }
            let words: Vec<&str> = text.split_whitespace().collect();
            let expected: Vec<&str> = rows
                .iter()
                .flat_map(|row| {
                    row.what
                        .split_whitespace()
                        .chain(row.means.split_whitespace())
                })
                .collect();
            assert_eq!(words, expected);
        }
    }

    #[test]
    fn a_meaning_starts_at_its_column_and_a_long_what_stands_alone() {
        let rows = [
            Row {
                what: "hint",
                means: "a b",
            },
            Row {
                what: "a what of thirty characters ..",
                means: "c",
            },
            Row {
                what: "w",
                means: format!("{}x", "x ".repeat(29)).leak(),
            },
        ];
        let text = columns(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("  hint{}a b", " ".repeat(26)));
        assert_eq!(lines[1], "  a what of thirty characters ..");
        assert_eq!(lines[2], format!("{}c", " ".repeat(32)));
        // 30 words of 2 columns from column 32: 24 on the first line.
        assert_eq!(
            lines[3],
            format!("  w{}{}", " ".repeat(29), "x ".repeat(24).trim_end())
        );
        assert_eq!(
            lines[4],
            format!("{}{}", " ".repeat(32), "x ".repeat(6).trim_end())
        );
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn a_line_takes_exactly_80_and_a_what_exactly_its_column() {
        let rows = [
            // 2 + 28 columns, then the two spaces: the meaning beside it.
            Row {
                what: "a what of 28 characters ....",
                means: "m",
            },
            // A meaning of 46 and 1 from column 32: 80 in all, one line.
            Row {
                what: "w",
                means: "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy z",
            },
            // One more: the last word wraps.
            Row {
                what: "w",
                means: "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy z",
            },
        ];
        let text = columns(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "  a what of 28 characters ....  m");
        assert_eq!(lines[1].len(), 80);
        assert!(lines[1].ends_with(" z"), "{:?}", lines[1]);
        assert_eq!(lines[2].len(), 79);
        assert_eq!(lines[3], format!("{}z", " ".repeat(32)));
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn play_help_has_both_lists_under_their_headings() {
        let help = play_help();
        assert!(
            help.starts_with("Typed at each turn:\n  X Y Z ..."),
            "{help}"
        );
        assert!(help.contains("\nCtrl-C leaves at once, with exit code 130.\n\nOver a pipe"));
        assert!(help.ends_with("took the last stone)"), "{help}");
    }
}
