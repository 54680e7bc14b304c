//! What the library says each request's answer is: the right answer to
//! every request of a mix, checked field by field.

use serde_json::Value;
use stone_game::{GrundyTable, Move, ScannedTables, Tables};

use crate::traffic::{GRUNDY, Request};

/// What the library says.
pub(crate) struct Library {
    pub(crate) tables: ScannedTables,
    pub(crate) misere: ScannedTables,
    pub(crate) grundy: GrundyTable,
}

impl Library {
    fn tables(&self) -> Tables<'_> {
        self.tables.as_tables()
    }

    fn verdict(&self, p: &[u64]) -> &'static str {
        self.verdict_in(&self.tables, p)
    }

    fn verdict_in(&self, tables: &ScannedTables, p: &[u64]) -> &'static str {
        match tables.as_tables().is_losing(p[0], p[1], p[2]) {
            Some(true) => "lose",
            Some(false) => "win",
            None => "?",
        }
    }

    fn grundy(&self, p: &[u64]) -> u64 {
        u64::from(self.grundy.value(p[0], p[1], p[2]).unwrap_or(u32::MAX))
    }

    /// Why `answer` is not the right answer to `request`, if it is not.
    pub(crate) fn check(&self, request: &Request, answer: &Value) -> Result<(), String> {
        let piles = |v: &Value| -> Vec<u64> {
            v.as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default()
        };
        let same = |what: &str, got: &Value, expected: Value| {
            if *got == expected {
                Ok(())
            } else {
                Err(format!("{what}: {got} instead of {expected}"))
            }
        };
        match request {
            Request::Position(p) | Request::Misere(p) => {
                let (tables, grundy) = match request {
                    Request::Misere(_) => (&self.misere, Value::Null),
                    _ if p.iter().all(|&x| x <= GRUNDY) => (&self.tables, self.grundy(p).into()),
                    _ => (&self.tables, Value::Null),
                };
                same(
                    "outcome",
                    &answer["outcome"],
                    self.verdict_in(tables, p).into(),
                )?;
                same("grundy", &answer["grundy"], grundy)?;
                let moves = answer["moves"].as_array().ok_or("no moves")?;
                if moves.len() != Move::all_from(*p).count() {
                    return Err(format!("{} moves", moves.len()));
                }
                let (mut fastest_win, mut slowest) = (None::<u64>, 0);
                for m in moves {
                    let to = piles(&m["to"]);
                    same(
                        "a move's outcome",
                        &m["outcome"],
                        self.verdict_in(tables, &to).into(),
                    )?;
                    let r = m["remoteness"].as_u64().ok_or("a move's remoteness")?;
                    if m["outcome"] == "lose" {
                        fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
                    }
                    slowest = slowest.max(r);
                }
                let expected = match fastest_win {
                    Some(f) => f + 1,
                    None if moves.is_empty() => 0,
                    None => slowest + 1,
                };
                same("remoteness", &answer["remoteness"], expected.into())
            }
            Request::Sum(p) => {
                let xor = p.chunks(3).fold(0, |x, g| x ^ self.grundy(g));
                same("grundy", &answer["grundy"], xor.into())?;
                let count: usize = p
                    .chunks(3)
                    .map(|g| Move::all_from([g[0], g[1], g[2]]).count())
                    .sum();
                let moves = answer["moves"].as_array().ok_or("no moves")?;
                if moves.len() != count {
                    return Err(format!("{} moves, not {count}", moves.len()));
                }
                for m in moves {
                    let to = piles(&m["to"]);
                    let x = to.chunks(3).fold(0, |x, g| x ^ self.grundy(g));
                    same(
                        "a move's outcome",
                        &m["outcome"],
                        if x == 0 { "lose" } else { "win" }.into(),
                    )?;
                }
                Ok(())
            }
            Request::Slice { a, limit } => {
                let expected: Vec<Value> = (0..=*limit)
                    .filter_map(|b| {
                        let c = self.tables().partner(*a, b)?;
                        (c <= *limit).then(|| serde_json::json!([b, c]))
                    })
                    .collect();
                same("losing", &answer["losing"], Value::Array(expected))
            }
            Request::Grundy { a, limit } => {
                let rows = answer["values"].as_array().ok_or("no values")?;
                for (b, row) in (0..=*limit).zip(rows) {
                    for (c, v) in (0..=*limit).zip(row.as_array().ok_or("a row")?) {
                        same("a value", v, self.grundy(&[*a, b, c]).into())?;
                    }
                }
                if rows.len() as u64 != limit + 1 {
                    return Err(format!("{} rows", rows.len()));
                }
                Ok(())
            }
            Request::Remoteness { a, limit } => {
                let rows = answer["remoteness"].as_array().ok_or("no rows")?;
                for (b, row) in (0..=*limit).zip(rows) {
                    for (c, r) in (0..=*limit).zip(row.as_array().ok_or("a row")?) {
                        // Odd for a win in normal play.
                        let r = r.as_u64().ok_or("a remoteness")?;
                        let verdict = if r % 2 == 1 { "win" } else { "lose" };
                        if verdict != self.verdict(&[*a, b, c]) {
                            return Err(format!("({a}, {b}, {c}): remoteness {r}"));
                        }
                    }
                }
                Ok(())
            }
            Request::Total { limit } => {
                same(
                    "sum",
                    &answer["sum"],
                    self.tables().losing_sum(*limit as u32).into(),
                )?;
                same(
                    "count",
                    &answer["count"],
                    self.tables().losing_count(*limit as u32).into(),
                )
            }
        }
    }
}
