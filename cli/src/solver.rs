//! The library's [`Solver`] for a command: the tables each question needs,
//! embedded or built at run time (`runtime`), owned for the length of the
//! command.

use stone_game::{
    AnswerError, Convention, GrundyTable, MisereUndefined, MoveAnswer, Position, PositionError,
    RemotenessTable, ScannedTables, ScannedTotals, ScannedTriples, Solver,
};

use crate::context::{Ctx, Failure};
use crate::limits::MAX_GRUNDY;
use crate::runtime::{self, position_table, table_to};

/// The tables a command built at run time; the embedded ones answer the
/// rest in normal play.
pub(crate) struct Built {
    convention: Convention,
    tables: Option<ScannedTables>,
    triples: Option<ScannedTriples>,
    totals: Option<ScannedTotals>,
    remoteness: Option<RemotenessTable>,
    grundy: Option<GrundyTable>,
}

impl Built {
    /// No table built: the embedded ones answer, in normal play.
    pub(crate) fn new(convention: Convention) -> Built {
        Built {
            convention,
            tables: None,
            triples: None,
            totals: None,
            remoteness: None,
            grundy: None,
        }
    }

    /// The losing positions that decide `p` and every position it leads
    /// to: the embedded tables where they reach its two smaller piles, else
    /// the cheaper of the runtime scans that do, of the whole tables to
    /// its second-largest pile or of the triples to its largest
    /// ([`runtime::triples_decide`]).
    pub(crate) fn deciding(
        mut self,
        ctx: &mut Ctx,
        p: [u64; 3],
        what: &str,
    ) -> Result<Built, Failure> {
        if runtime::triples_decide(p) {
            self.triples = position_table(ctx, self.convention, p, what)?;
        } else {
            self.tables = position_table(ctx, self.convention, p, what)?;
        }
        Ok(self)
    }

    /// The losing positions a command has scanned itself (`None`: the
    /// embedded ones, in normal play).
    pub(crate) fn with_scanned(mut self, tables: Option<ScannedTables>) -> Built {
        self.tables = tables;
        self
    }

    /// The triples to `limit`, for lists (`--scan` forces a scan).
    pub(crate) fn triples(
        mut self,
        ctx: &mut Ctx,
        limit: u64,
        force_scan: bool,
        what: &str,
    ) -> Result<Built, Failure> {
        self.triples = table_to(ctx, self.convention, limit, force_scan, what)?;
        Ok(self)
    }

    /// The totals to `limit` (`--scan` forces a scan), without the triples.
    pub(crate) fn totals(
        mut self,
        ctx: &mut Ctx,
        limit: u64,
        force_scan: bool,
        what: &str,
    ) -> Result<Built, Failure> {
        self.totals = table_to(ctx, self.convention, limit, force_scan, what)?;
        Ok(self)
    }

    /// The remoteness of every position with piles up to `largest`.
    pub(crate) fn remoteness(
        mut self,
        ctx: &mut Ctx,
        largest: u64,
        what: &str,
    ) -> Result<Built, Failure> {
        self.remoteness = Some(runtime::remoteness_table(
            ctx,
            self.convention,
            largest,
            what,
        )?);
        Ok(self)
    }

    /// The tables that value `position` and every position it leads to, for
    /// `what`: its remoteness for one game, its games' Grundy values for a
    /// sum.
    pub(crate) fn valuing(
        self,
        ctx: &mut Ctx,
        position: &Position,
        what: &str,
    ) -> Result<Built, Failure> {
        let largest = position.largest_pile();
        if position.is_sum() {
            self.grundy(ctx, largest, what)
        } else {
            self.remoteness(ctx, largest, what)
        }
    }

    /// The Grundy values of every position with piles up to `largest`.
    pub(crate) fn grundy(
        mut self,
        ctx: &mut Ctx,
        largest: u64,
        what: &str,
    ) -> Result<Built, Failure> {
        self.grundy = Some(runtime::grundy_table(ctx, largest, what)?);
        Ok(self)
    }

    /// The solver of these tables.
    pub(crate) fn solver(&self) -> Result<Solver<'_>, Failure> {
        // Every table here was built in this convention, so a refusal
        // would be a bug of this tool's, not the user's.
        let mismatch = |e: AnswerError| Failure::Internal(e.to_string());
        let mut solver = Solver::new(self.convention);
        if let Some(tables) = &self.tables {
            solver = solver.with_tables(tables.as_tables()).map_err(mismatch)?;
        }
        if let Some(triples) = &self.triples {
            solver = solver.with_triples(triples).map_err(mismatch)?;
        }
        if let Some(totals) = &self.totals {
            solver = solver.with_totals(totals).map_err(mismatch)?;
        }
        if let Some(table) = &self.remoteness {
            solver = solver.with_remoteness(table).map_err(mismatch)?;
        }
        if let Some(table) = &self.grundy {
            solver = solver
                .with_grundy(table)
                .map_err(|e| Failure::Internal(e.to_string()))?;
        }
        Ok(solver)
    }
}

/// Refuses, before any table is built, a sum of games under misère play,
/// in the library's words: `command` with a sum takes no `--misere`.
pub(crate) fn refuse_misere_sum(
    command: &str,
    position: &Position,
    convention: Convention,
) -> Result<(), Failure> {
    if position.is_sum() && convention == Convention::Misere {
        let e = AnswerError::MisereUndefined(MisereUndefined::SumOfGames);
        return Err(Failure::answer(
            &format!("{command} with a sum of games"),
            e,
        ));
    }
    Ok(())
}

/// The position `m`, a move of `position`'s answer, leaves: a move that
/// leaves none is the library's fault, not the input's.
pub(crate) fn left_by(m: &MoveAnswer, position: &Position) -> Result<Position, Failure> {
    m.leaves(position).ok_or_else(|| {
        Failure::Internal(format!("the move {m:?} leaves no position from {position}"))
    })
}

/// The position of `piles` as typed (three, or three for each game of a
/// sum, separated by spaces, commas or `+`), or its refusal; a number past
/// `u64` is refused naming `largest`, the command's largest pile of one
/// game (and any bound on the others), or of a sum's games, whose values
/// reach [`MAX_GRUNDY`], rather than `u64`'s.
pub(crate) fn parse_position(
    piles: &[String],
    largest: impl std::fmt::Display,
) -> Result<Position, Failure> {
    // Joined, an empty argument, or one of whitespace alone, would vanish
    // between two spaces.
    if let Some(word) = piles.iter().find(|word| word.trim().is_empty()) {
        return Err(Failure::Usage(if word.is_empty() {
            "an empty argument is not a pile: expected a whole number, got an empty string"
                .to_string()
        } else {
            format!(
                "'{}' is not a pile: expected a whole number, got whitespace alone",
                word.escape_debug()
            )
        }));
    }
    let text = piles.join(" ");
    text.parse::<Position>().map_err(|e| match e {
        PositionError::TooLarge { word } if typed_as_sum(&text) => Failure::Usage(format!(
            "'{word}' is not a pile: it is too large; the largest pile of a sum of games is \
             {MAX_GRUNDY}"
        )),
        PositionError::TooLarge { word } => Failure::Usage(format!(
            "'{word}' is not a pile: it is too large; the largest pile is {largest}"
        )),
        e => Failure::Usage(e.to_string()),
    })
}

/// Whether `text` is typed as a sum of games: with a `+`, or more than
/// three words between spaces and commas.
fn typed_as_sum(text: &str) -> bool {
    let words = text.split(|c: char| c.is_whitespace() || c == ',');
    text.contains('+') || words.filter(|word| !word.is_empty()).count() > 3
}

#[cfg(test)]
mod tests {
    use stone_game::{Convention, GrundyTable, Position, Solver};

    use super::{Failure, left_by, typed_as_sum};

    #[test]
    fn a_move_leaves_a_position_of_its_own_answer_and_none_of_another() {
        let grundy = GrundyTable::compute(6).unwrap();
        let solver = Solver::new(Convention::Normal)
            .with_grundy(&grundy)
            .unwrap();
        let sum: Position = "1 2 3 + 4 5 6".parse().unwrap();
        let answer = solver.position(&sum).unwrap();
        let second = answer.moves.iter().find(|m| m.game == 1).unwrap();
        let left = left_by(second, &sum).unwrap();
        assert_eq!(left.piles()[..3], [1, 2, 3]);
        assert_eq!(left.piles()[3..], second.to);
        let alone = Position::game([1, 2, 3]);
        match left_by(second, &alone) {
            Err(Failure::Internal(words)) => assert!(words.ends_with("from 1 2 3"), "{words}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_sum_is_typed_with_a_plus_or_more_than_three_piles() {
        for sum in [
            "1 2 3 + 4 5 6",
            "1 2 3+4 5 6",
            "1 2 3 4 5 6",
            "1,2,3,4",
            "1 2 3 4",
        ] {
            assert!(typed_as_sum(sum), "{sum:?}");
        }
        for game in ["1 2 3", "1,2,3", " 1 , 2 , 3 ", "1,,2,3", "1 2", ""] {
            assert!(!typed_as_sum(game), "{game:?}");
        }
    }
}
