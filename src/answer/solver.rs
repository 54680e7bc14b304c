//! [`Solver`]: every question about the game, answered from the tables it
//! is given, in one convention.

use alloc::vec::Vec;

use super::engine;
use super::error::{AnswerError, MisereUndefined, TableKind};
use super::plane::{Grid, GrundyMap, RemotenessMap, Slice};
use super::position::{MoveAnswer, PositionAnswer, ValueAnswer, WinningMovesAnswer};
use super::total::{LosingList, PartnerAnswer, Total};
use crate::tables::sorted;
use crate::{
    Convention, EMBEDDED, GrundyTable, Move, Outcome, Position, RemotenessTable, ScannedTotals,
    ScannedTriples, Tables,
};

/// Answers every question a person or a program asks of the game, in one
/// [`Convention`], from the tables it is given: a position's outcome,
/// remoteness and Grundy value, its moves and the engine's move, for one
/// game or a sum of games; slices and maps of a plane; totals, lists and
/// partners.
///
/// Each question needs some tables (its error names them when they are
/// missing or too small):
///
/// | question | tables |
/// |---|---|
/// | [`value`](Self::value) of one game | [`RemotenessTable`] (with remoteness), else [`Tables`] or [`ScannedTriples`], else [`GrundyTable`] (outcomes only) |
/// | [`position`](Self::position) of one game | [`RemotenessTable`] (with remoteness), else [`Tables`] or [`ScannedTriples`] (outcomes only) |
/// | [`winning_moves`](Self::winning_moves) of one game | [`Tables`], else [`RemotenessTable`] or [`ScannedTriples`] |
/// | [`engine`](Self::engine) of one game | [`RemotenessTable`] (by remoteness), else [`Tables`] or [`ScannedTriples`] (by stones left) |
/// | anything of a sum of games; [`grundy`](Self::grundy), [`grundy_map`](Self::grundy_map) | [`GrundyTable`], normal play only |
/// | [`remoteness_map`](Self::remoteness_map) | [`RemotenessTable`] |
/// | [`slice`](Self::slice), [`partner`](Self::partner) | [`Tables`] |
/// | [`total`](Self::total) | [`Tables`], else [`ScannedTotals`] (or a [`ScannedTriples`]'s) |
/// | [`losing_list`](Self::losing_list) | [`Tables`], else [`ScannedTriples`] |
///
/// [`Tables`] decide one game where they reach its two smaller piles,
/// however large the third; [`ScannedTriples`] where they reach all three,
/// from a scan that costs less when the largest pile is not far above the
/// second (`ScannedTriples::memory_needed` against
/// `ScannedTables::memory_needed`). Past both, a [`GrundyTable`] gives
/// one game's [`value`](Self::value) in normal play (it is lost exactly
/// where its value is 0), though not its moves, which are refused there.
///
/// A normal-play solver starts with the embedded tables ([`EMBEDDED`]); a
/// misère one with none. Every table given must be of the solver's
/// convention: one of the other is refused
/// ([`AnswerError::ConventionMismatch`]).
///
/// The engine's move ([`PositionAnswer::engine`]) is the first move in one
/// order, the same in both conventions: a move that leaves the opponent
/// lost before one that does not; among those the quickest win, among the
/// others the longest resistance, by the remoteness of the position left
/// (for a sum of games, which has none, by the stones left: fewest for a
/// win, most for a defence); ties to the first game, then the least
/// position left.
///
/// ```
/// use stone_game::{Convention, Outcome, Position, RemotenessTable, Solver};
///
/// let table = RemotenessTable::compute(10, Convention::Misere)?;
/// let misere = Solver::new(Convention::Misere).with_remoteness(&table)?;
/// let answer = misere.position(&Position::game([0, 0, 0]))?;
/// // Under misère play the empty position is won: the opponent took the last stone.
/// assert_eq!(answer.value.outcome, Outcome::Win);
/// assert_eq!(answer.value.remoteness, Some(0));
/// assert!(answer.moves.is_empty() && answer.engine.is_none());
///
/// let answer = misere.position(&Position::game([1, 1, 1]))?;
/// let engine = answer.engine.unwrap();
/// assert_eq!(engine.to, [0, 0, 1]); // leave the opponent the last stone
/// assert_eq!(engine.outcome, Outcome::Lose);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Solver<'t> {
    convention: Convention,
    tables: Option<Tables<'t>>,
    triples: Option<&'t ScannedTriples>,
    totals: Option<&'t ScannedTotals>,
    remoteness: Option<&'t RemotenessTable>,
    grundy: Option<&'t GrundyTable>,
}

impl<'t> Solver<'t> {
    /// A solver in `convention`: with the embedded tables in normal play,
    /// with no tables in misère play.
    ///
    /// ```
    /// use stone_game::{Convention, Solver};
    /// const NORMAL: Solver<'static> = Solver::new(Convention::Normal);
    /// assert_eq!(NORMAL.total(10)?.sum, stone_game::losing_sum(10).unwrap());
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub const fn new(convention: Convention) -> Solver<'t> {
        Solver {
            convention,
            tables: match convention {
                Convention::Normal => Some(EMBEDDED),
                Convention::Misere => None,
            },
            triples: None,
            totals: None,
            remoteness: None,
            grundy: None,
        }
    }

    /// The convention every answer is in.
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// Answers from `tables` where they are needed: the losing positions of
    /// this solver's convention (a runtime scan in it, or
    /// `tables!(N, misere)` for misère play). Tables of the other
    /// convention are refused.
    ///
    /// ```
    /// use stone_game::{AnswerError, Convention, ScannedTables, Solver, EMBEDDED};
    /// let misere = ScannedTables::scan_misere(20)?;
    /// let solver = Solver::new(Convention::Misere).with_tables(misere.as_tables())?;
    /// assert_eq!(solver.partner(0, 0)?.partner, 1);
    /// let err = Solver::new(Convention::Misere).with_tables(EMBEDDED).unwrap_err();
    /// assert!(matches!(err, AnswerError::ConventionMismatch { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tables(self, tables: Tables<'t>) -> Result<Solver<'t>, AnswerError> {
        self.same_convention(tables.convention())?;
        Ok(Solver {
            tables: Some(tables),
            ..self
        })
    }

    /// Answers totals and lists from `triples` past the [`Tables`], and one
    /// game's outcome and moves where the [`Tables`] do not reach and the
    /// triples reach its largest pile: a scan in this solver's convention;
    /// one in the other is refused.
    ///
    /// ```
    /// use stone_game::{Convention, Outcome, Position, ScannedTriples, Solver};
    /// let triples = ScannedTriples::scan_for(Convention::Misere, 1200, |_| {})?;
    /// let misere = Solver::new(Convention::Misere).with_triples(&triples)?;
    /// let answer = misere.winning_moves(&Position::game([1, 1100, 1200]))?;
    /// assert_eq!(answer.value.outcome, Outcome::Win);
    /// assert!(answer.moves.iter().all(|m| triples.is_losing(m.to[0], m.to[1], m.to[2]) == Some(true)));
    /// assert!(misere.value(&Position::game([1, 1100, 1201])).is_err()); // past the triples
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_triples(self, triples: &'t ScannedTriples) -> Result<Solver<'t>, AnswerError> {
        self.same_convention(triples.convention())?;
        Ok(Solver {
            triples: Some(triples),
            totals: Some(triples.totals()),
            ..self
        })
    }

    /// Answers totals from `totals` past the [`Tables`]: a scan in this
    /// solver's convention; one in the other is refused.
    ///
    /// ```
    /// use stone_game::{Convention, ScannedTotals, Solver};
    /// let totals = ScannedTotals::scan_for(Convention::Misere, 2000, |_| {})?;
    /// let misere = Solver::new(Convention::Misere).with_totals(&totals)?;
    /// assert_eq!(misere.total(2000)?.sum, totals.losing_sum(2000).unwrap());
    /// assert!(misere.losing_list(2000).is_err()); // a list needs the triples
    /// assert!(Solver::new(Convention::Normal).with_totals(&totals).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_totals(self, totals: &'t ScannedTotals) -> Result<Solver<'t>, AnswerError> {
        self.same_convention(totals.convention())?;
        Ok(Solver {
            totals: Some(totals),
            ..self
        })
    }

    /// Answers outcomes and remoteness from `table`, which must be of this
    /// solver's convention.
    ///
    /// ```
    /// use stone_game::{AnswerError, Convention, RemotenessTable, Solver};
    /// let table = RemotenessTable::compute(5, Convention::Normal)?;
    /// let err = Solver::new(Convention::Misere).with_remoteness(&table).unwrap_err();
    /// assert!(matches!(err, AnswerError::ConventionMismatch { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_remoteness(self, table: &'t RemotenessTable) -> Result<Solver<'t>, AnswerError> {
        self.same_convention(table.convention())?;
        Ok(Solver {
            remoteness: Some(table),
            ..self
        })
    }

    /// Answers Grundy values and sums of games from `table`: normal play
    /// only.
    ///
    /// ```
    /// use stone_game::{AnswerError, Convention, GrundyTable, Solver};
    /// let table = GrundyTable::compute(6)?;
    /// let solver = Solver::new(Convention::Normal).with_grundy(&table)?;
    /// assert_eq!(solver.grundy(&"0 0 2".parse()?)?, 2);
    /// let err = Solver::new(Convention::Misere).with_grundy(&table).unwrap_err();
    /// assert!(matches!(err, AnswerError::MisereUndefined(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_grundy(self, table: &'t GrundyTable) -> Result<Solver<'t>, AnswerError> {
        self.normal_only(MisereUndefined::GrundyValue)?;
        Ok(Solver {
            grundy: Some(table),
            ..self
        })
    }

    /// The value of `position`: who wins, and where the tables reach, its
    /// remoteness (one game) and Grundy value (normal play).
    ///
    /// ```
    /// use stone_game::{GrundyTable, Outcome, Position, Solver};
    /// let grundy = GrundyTable::compute(10)?;
    /// let solver = Solver::new(Default::default()).with_grundy(&grundy)?;
    /// let sum: Position = "0 0 2 + 0 1 1".parse()?;
    /// let value = solver.value(&sum)?;
    /// assert_eq!((value.outcome, value.grundy, value.remoteness), (Outcome::Lose, Some(0), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(&self, position: &Position) -> Result<ValueAnswer, AnswerError> {
        let (outcome, remoteness, grundy) = match position.single() {
            Some(game) => {
                let (outcome, remoteness) = self.single_value(game)?;
                (outcome, remoteness, self.grundy_if_known(game))
            }
            None => {
                let xor = self.sum_grundy(position)?;
                (outcome_of_grundy(xor), None, Some(xor))
            }
        };
        Ok(ValueAnswer {
            convention: self.convention,
            position: position.clone(),
            outcome,
            remoteness,
            grundy,
        })
    }

    /// Everything about `position`: its value, every legal move with the
    /// value of the position it leaves, and the engine's move.
    ///
    /// ```
    /// use stone_game::{Convention, Outcome, Position, RemotenessTable, Solver};
    /// let table = RemotenessTable::compute(4, Convention::Normal)?;
    /// let solver = Solver::new(Convention::Normal).with_remoteness(&table)?;
    /// let answer = solver.position(&Position::game([1, 3, 4]))?;
    /// assert_eq!(answer.moves.len(), 14);
    /// // Two moves win, to (1, 3, 3) and to (1, 1, 4), both in 5: the engine
    /// // takes the one that leaves the least position.
    /// let winning: Vec<_> = answer.moves.iter().filter(|m| m.wins()).map(|m| m.to).collect();
    /// assert_eq!(winning, [[1, 1, 4], [1, 3, 3]]);
    /// let engine = answer.engine.unwrap();
    /// assert_eq!((engine.to, engine.outcome), ([1, 1, 4], Outcome::Lose));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, position: &Position) -> Result<PositionAnswer, AnswerError> {
        let value = self.value(position)?;
        let moves = match position.single() {
            Some(game) => {
                // Checked here too, before `for_game` may set aside a
                // remoteness table that reaches further than the losing
                // positions: the refusal names the furthest table given.
                self.lists_moves_of(game)?;
                self.for_game(game).single_moves(game)?
            }
            None => self.sum_moves(position, value.grundy.unwrap_or(0))?,
        };
        let engine = engine::choose(position, &moves);
        Ok(PositionAnswer {
            value,
            engine,
            moves,
        })
    }

    /// The engine's move from `position`: the same move as
    /// [`PositionAnswer::engine`], without listing every move where that is
    /// not needed. One game that no remoteness table reaches is answered
    /// from the losing positions: from the [`Tables`], in O(limit) however
    /// large the largest pile, a winning move, if any, else the move of one
    /// stone that leaves the least position (every other move leaves fewer
    /// stones); from the [`ScannedTriples`] alone, among every move.
    ///
    /// ```
    /// use stone_game::{Position, Solver};
    /// let solver = Solver::new(Default::default());
    /// let engine = solver.engine(&Position::game([1, 2, 1_000_000]))?.unwrap();
    /// assert_eq!(engine.to, [1, 2, 0]); // the quickest win: the fewest stones left
    /// let engine = solver.engine(&Position::game([1, 3, 3]))?.unwrap();
    /// assert_eq!(engine.to, [0, 3, 3]); // lost: one stone, the longest defence
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn engine(&self, position: &Position) -> Result<Option<MoveAnswer>, AnswerError> {
        let (game, solver) = match position.single() {
            Some(game) => (game, self.for_game(game)),
            None => return Ok(self.position(position)?.engine),
        };
        if solver.remoteness.is_some() || solver.tables.is_none() {
            return Ok(self.position(position)?.engine);
        }
        let winning = solver.winning_moves(position)?.moves;
        if !winning.is_empty() {
            return Ok(engine::choose(position, &winning));
        }
        let one_stone = (0..3).filter_map(|pile| {
            let mut piles = [false; 3];
            piles[pile] = true;
            Move::new(piles, 1)
        });
        let one_stone = solver.single_moves_of(game, one_stone, Vec::with_capacity(3))?;
        Ok(engine::choose(position, &one_stone))
    }

    /// The winning moves of `position`. For one game the [`Tables`] answer,
    /// in O(limit), however large the largest pile, else every move is
    /// tried (the triples' or the remoteness'); with a remoteness table that
    /// reaches the game, each move has its remoteness.
    ///
    /// ```
    /// use stone_game::{Position, Solver};
    /// let solver = Solver::new(Default::default());
    /// let answer = solver.winning_moves(&Position::game([0, 0, 1_000_000]))?;
    /// assert_eq!(answer.moves.len(), 1);
    /// assert_eq!(answer.moves[0].to, [0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self, position: &Position) -> Result<WinningMovesAnswer, AnswerError> {
        let value = self.value(position)?;
        let moves = match position.single() {
            Some(game) => self.for_game(game).winning_moves_of(game)?,
            None => self.sum_moves(position, value.grundy.unwrap_or(0))?,
        };
        let moves = moves.into_iter().filter(MoveAnswer::wins).collect();
        Ok(WinningMovesAnswer { value, moves })
    }

    /// The winning moves of one game: from the losing positions where they
    /// reach its two smaller piles, else among all its moves.
    fn winning_moves_of(&self, [a, b, c]: [u64; 3]) -> Result<Vec<MoveAnswer>, AnswerError> {
        Ok(match self.tables.and_then(|t| t.winning_moves(a, b, c)) {
            Some(moves) => moves
                .map(|m| MoveAnswer {
                    game: 0,
                    take: m.take,
                    to: m.to,
                    outcome: Outcome::Lose,
                    remoteness: self.remoteness_if_known(m.to),
                })
                .collect(),
            None => self.single_moves([a, b, c])?,
        })
    }

    /// The Sprague-Grundy value of `position` (for a sum, the XOR of its
    /// games'): normal play only.
    ///
    /// ```
    /// use stone_game::{AnswerError, Convention, GrundyTable, Solver};
    /// let table = GrundyTable::compute(2)?;
    /// let solver = Solver::new(Convention::Normal).with_grundy(&table)?;
    /// // Each game alone is won, but the sum of two games of value 2 is lost.
    /// assert_eq!(solver.grundy(&"0 1 1".parse()?)?, 2);
    /// assert_eq!(solver.grundy(&"0 0 2 + 0 1 1".parse()?)?, 0);
    /// let misere = Solver::new(Convention::Misere).grundy(&"0 1 1".parse()?);
    /// assert!(matches!(misere, Err(AnswerError::MisereUndefined(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy(&self, position: &Position) -> Result<u32, AnswerError> {
        self.normal_only(MisereUndefined::GrundyValue)?;
        self.sum_grundy(position)
    }

    /// The losing positions `{a, b, c}` with `b, c <= limit`.
    ///
    /// ```
    /// use stone_game::Solver;
    /// let slice = Solver::new(Default::default()).slice(0, 6)?;
    /// assert_eq!(slice.losing, [[0, 0], [1, 2], [2, 1], [3, 5], [5, 3]]);
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn slice(&self, a: u64, limit: u64) -> Result<Slice, AnswerError> {
        let tables = self.tables_to(a.max(limit))?;
        let losing = (0..=limit)
            .filter_map(|b| match tables.partner(a, b) {
                Some(c) if c <= limit => Some(Ok([b, c])),
                Some(_) => None,
                None => Some(Err(not_covered(
                    TableKind::LosingPositions,
                    b,
                    Some(tables.limit()),
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(Slice {
            convention: self.convention,
            a,
            limit,
            losing,
        })
    }

    /// The Grundy values of `{a, b, c}` for `b, c <= limit`: normal play
    /// only.
    ///
    /// ```
    /// use stone_game::{Convention, GrundyTable, Solver};
    /// let table = GrundyTable::compute(2)?;
    /// let map = Solver::new(Convention::Normal).with_grundy(&table)?.grundy_map(0, 2)?;
    /// let rows: Vec<&[u32]> = map.values.rows().collect();
    /// assert_eq!(rows, [[0, 1, 2], [1, 2, 0], [2, 0, 1]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy_map(&self, a: u64, limit: u64) -> Result<GrundyMap, AnswerError> {
        self.normal_only(MisereUndefined::GrundyValue)?;
        let table = self.grundy_to(a.max(limit))?;
        let values = Grid::symmetric(limit, |b, c| {
            table
                .value(a, b, c)
                .ok_or_else(|| not_covered(TableKind::Grundy, c, Some(table.limit())))
        })?;
        Ok(GrundyMap { a, limit, values })
    }

    /// The remoteness of `{a, b, c}` for `b, c <= limit`, and which are
    /// lost.
    ///
    /// ```
    /// use stone_game::{Convention, RemotenessTable, Solver};
    /// for convention in [Convention::Normal, Convention::Misere] {
    ///     let table = RemotenessTable::compute(2, convention)?;
    ///     let map = Solver::new(convention).with_remoteness(&table)?.remoteness_map(0, 2)?;
    ///     let corner = (map.is_losing(0, 0), map.remoteness.get(0, 0));
    ///     match convention {
    ///         // {0, 1, 2} is lost in 2: every move leaves a win in 1.
    ///         Convention::Normal => {
    ///             assert_eq!((map.is_losing(1, 2), map.remoteness.get(1, 2)), (Some(true), Some(2)));
    ///             assert_eq!(corner, (Some(true), Some(0)));
    ///         }
    ///         // Under misère, {0, 0, 0} is won in 0 moves: the last mover lost.
    ///         Convention::Misere => assert_eq!(corner, (Some(false), Some(0))),
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remoteness_map(&self, a: u64, limit: u64) -> Result<RemotenessMap, AnswerError> {
        let table = self.remoteness_to(a.max(limit))?;
        let mut losing = alloc::vec![None; usize::try_from(limit).unwrap_or(0) + 1];
        let remoteness = Grid::symmetric(limit, |b, c| {
            let v = table
                .value(a, b, c)
                .ok_or_else(|| not_covered(TableKind::Remoteness, c, Some(table.limit())))?;
            if v.outcome == Outcome::Lose {
                losing[b as usize] = Some(c);
                losing[c as usize] = Some(b);
            }
            Ok(v.remoteness)
        })?;
        Ok(RemotenessMap {
            convention: self.convention,
            a,
            limit,
            remoteness,
            losing,
        })
    }

    /// S(limit) and the number of losing positions to `limit`.
    ///
    /// ```
    /// use stone_game::Solver;
    /// let total = Solver::new(Default::default()).total(100)?;
    /// assert_eq!((total.sum, total.count), (173_895, 1264));
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn total(&self, limit: u64) -> Result<Total, AnswerError> {
        let l = u32::try_from(limit).ok();
        let from_tables = self
            .tables
            .and_then(|t| Some((t.losing_sum(l?)?, t.losing_count(l?)?)));
        let from_totals = || {
            let t = self.totals?;
            Some((t.losing_sum(l?)?, t.losing_count(l?)?))
        };
        let (sum, count) = from_tables.or_else(from_totals).ok_or_else(|| {
            let scanned = self.totals.map(ScannedTotals::limit);
            self.past_the_tables(TableKind::Totals, limit, scanned)
        })?;
        Ok(Total {
            convention: self.convention,
            limit,
            sum,
            count,
        })
    }

    /// The losing positions `x <= y <= z <= limit`.
    ///
    /// ```
    /// use stone_game::Solver;
    /// let list = Solver::new(Default::default()).losing_list(4)?;
    /// let losing: Vec<_> = list.positions().collect();
    /// assert_eq!(losing, [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn losing_list(&self, limit: u64) -> Result<LosingList<'t>, AnswerError> {
        let reaches = |l: u32| limit <= u64::from(l);
        let triples = match (self.tables, self.triples) {
            (Some(t), _) if reaches(t.limit()) => t.triples(),
            (_, Some(t)) if reaches(t.limit()) => t.triples(),
            (_, t) => {
                let scanned = t.map(ScannedTriples::limit);
                return Err(self.past_the_tables(TableKind::LosingPositions, limit, scanned));
            }
        };
        Ok(LosingList {
            convention: self.convention,
            limit,
            triples,
        })
    }

    /// The one `c` with `{a, b, c}` losing.
    ///
    /// ```
    /// use stone_game::Solver;
    /// assert_eq!(Solver::new(Default::default()).partner(1, 1)?.partner, 4);
    /// # Ok::<(), stone_game::AnswerError>(())
    /// ```
    pub fn partner(&self, a: u64, b: u64) -> Result<PartnerAnswer, AnswerError> {
        let tables = self.tables_to(a.max(b))?;
        let partner = tables.partner(a, b).ok_or_else(|| {
            not_covered(TableKind::LosingPositions, a.max(b), Some(tables.limit()))
        })?;
        Ok(PartnerAnswer {
            convention: self.convention,
            pair: [a, b],
            partner,
        })
    }

    /// Refuses a table of the other convention.
    fn same_convention(&self, table: Convention) -> Result<(), AnswerError> {
        if table == self.convention {
            Ok(())
        } else {
            Err(AnswerError::ConventionMismatch {
                solver: self.convention,
                table,
            })
        }
    }

    /// Refuses a question misère play leaves undefined.
    fn normal_only(&self, undefined: MisereUndefined) -> Result<(), AnswerError> {
        match self.convention {
            Convention::Normal => Ok(()),
            Convention::Misere => Err(AnswerError::MisereUndefined(undefined)),
        }
    }

    /// One game's outcome, and its remoteness where the table reaches.
    fn single_value(&self, [a, b, c]: [u64; 3]) -> Result<(Outcome, Option<u32>), AnswerError> {
        if let Some(v) = self.remoteness.and_then(|t| t.value(a, b, c)) {
            return Ok((v.outcome, Some(v.remoteness)));
        }
        let losing = self.tables.and_then(|t| t.is_losing(a, b, c));
        let losing = losing.or_else(|| self.triples?.is_losing(a, b, c));
        // A Grundy table is of normal play, where a game is lost exactly
        // where its value is 0: it reaches games whose two smaller piles
        // pass the losing positions' tables.
        let losing = losing.or_else(|| Some(self.grundy?.value(a, b, c)? == 0));
        match losing {
            Some(true) => Ok((Outcome::Lose, None)),
            Some(false) => Ok((Outcome::Win, None)),
            // Past every table: the tables given that reach furthest name
            // themselves, the remoteness only where it reaches past the
            // losing positions' tables and triples, with the pile they
            // must reach: a `Tables` only the two smaller piles (one to the
            // middle pile answers), the triples and the remoteness all
            // three.
            None => {
                let (_, middle, largest) = sorted(a, b, c);
                let tables = self.tables.map(|s| s.limit());
                let triples = self.triples.map(|t| t.limit());
                let losing = self.furthest_with_tables(triples);
                Err(match self.remoteness {
                    Some(r) if losing.is_none_or(|l| r.limit() > l) => {
                        not_covered(TableKind::Remoteness, largest, Some(r.limit()))
                    }
                    _ if tables.is_some() && tables >= triples => {
                        not_covered(TableKind::LosingPositions, middle, losing)
                    }
                    _ => not_covered(TableKind::LosingPositions, largest, losing),
                })
            }
        }
    }

    /// The remoteness of one game, where the table reaches.
    fn remoteness_if_known(&self, [a, b, c]: [u64; 3]) -> Option<u32> {
        Some(self.remoteness?.value(a, b, c)?.remoteness)
    }

    /// The Grundy value of one game, in normal play where the table reaches.
    fn grundy_if_known(&self, [a, b, c]: [u64; 3]) -> Option<u32> {
        self.grundy?.value(a, b, c)
    }

    /// The solver that answers one game's moves. They carry remoteness only
    /// when the table reaches the game itself, and so every move: then the
    /// engine ranks them all by remoteness, else all by the stones left.
    /// Without losing positions (tables or triples) to fall back on, the
    /// solver stays as it is, and its errors name the remoteness table
    /// given.
    fn for_game(&self, [a, b, c]: [u64; 3]) -> Solver<'t> {
        let largest = a.max(b).max(c);
        let reaches = self
            .remoteness
            .is_some_and(|t| largest <= u64::from(t.limit()));
        if reaches || (self.tables.is_none() && self.triples.is_none()) {
            *self
        } else {
            Solver {
                remoteness: None,
                ..*self
            }
        }
    }

    /// Every move of one game, each with the value of what it leaves. A
    /// game has about three moves a stone of its largest pile, so they are
    /// listed only where a table that answers one game reaches that pile
    /// ([`lists_moves_of`](Self::lists_moves_of)).
    fn single_moves(&self, game: [u64; 3]) -> Result<Vec<MoveAnswer>, AnswerError> {
        self.lists_moves_of(game)?;
        let moves = room_for(Move::count_from(game));
        self.single_moves_of(game, Move::all_from(game), moves)
    }

    /// Refuses to list the moves of `game` past the furthest table that
    /// answers one game, naming that table: past it, the two smaller piles
    /// could still answer every move, one at a time, and the moves of a
    /// pile of 2^62 would never all be listed.
    fn lists_moves_of(&self, [a, b, c]: [u64; 3]) -> Result<(), AnswerError> {
        let largest = a.max(b).max(c);
        let furthest = [
            self.remoteness.map(|t| (TableKind::Remoteness, t.limit())),
            self.tables.map(|t| (TableKind::LosingPositions, t.limit())),
            self.triples
                .map(|t| (TableKind::LosingPositions, t.limit())),
        ]
        .into_iter()
        .flatten()
        .max_by_key(|&(_, limit)| limit);
        match furthest {
            Some((_, limit)) if largest <= u64::from(limit) => Ok(()),
            Some((table, limit)) => Err(not_covered(table, largest, Some(limit))),
            None => Err(not_covered(TableKind::Remoteness, largest, None)),
        }
    }

    /// The moves `takes` of one game that are legal there, each with the
    /// value of what it leaves, appended to `moves`.
    fn single_moves_of(
        &self,
        game: [u64; 3],
        takes: impl Iterator<Item = Move>,
        mut moves: Vec<MoveAnswer>,
    ) -> Result<Vec<MoveAnswer>, AnswerError> {
        for take in takes {
            let Some(to) = take.apply(game) else {
                continue;
            };
            let (outcome, remoteness) = self.single_value(to)?;
            moves.push(MoveAnswer {
                game: 0,
                take,
                to,
                outcome,
                remoteness,
            });
        }
        Ok(moves)
    }

    /// The XOR of the Grundy values of `position`'s games: normal play only.
    fn sum_grundy(&self, position: &Position) -> Result<u32, AnswerError> {
        self.normal_only(MisereUndefined::SumOfGames)?;
        let table = self.grundy_to(position.largest_pile())?;
        position.games().try_fold(0, |xor, [a, b, c]| {
            let v = table.value(a, b, c).ok_or_else(|| {
                not_covered(TableKind::Grundy, a.max(b).max(c), Some(table.limit()))
            })?;
            Ok(xor ^ v)
        })
    }

    /// Every move of a sum of games of Grundy value `xor`, game by game,
    /// each lost for the player to move exactly when it makes the XOR 0.
    fn sum_moves(&self, position: &Position, xor: u32) -> Result<Vec<MoveAnswer>, AnswerError> {
        let table = self.grundy_to(position.largest_pile())?;
        let value = |[a, b, c]: [u64; 3]| {
            table
                .value(a, b, c)
                .ok_or_else(|| not_covered(TableKind::Grundy, a.max(b).max(c), Some(table.limit())))
        };
        let count = position.games().map(Move::count_from);
        let mut moves = room_for(count.fold(0, u64::saturating_add));
        for (game, piles) in position.games().enumerate() {
            let rest = xor ^ value(piles)?;
            for take in Move::all_from(piles) {
                let Some(to) = take.apply(piles) else {
                    continue;
                };
                moves.push(MoveAnswer {
                    game,
                    take,
                    to,
                    outcome: outcome_of_grundy(rest ^ value(to)?),
                    remoteness: None,
                });
            }
        }
        Ok(moves)
    }

    /// The losing positions, reaching `pile`.
    fn tables_to(&self, pile: u64) -> Result<Tables<'t>, AnswerError> {
        match self.tables {
            Some(t) if pile <= u64::from(t.limit()) => Ok(t),
            t => Err(not_covered(
                TableKind::LosingPositions,
                pile,
                t.map(|t| t.limit()),
            )),
        }
    }

    /// The Grundy values, reaching `pile`.
    fn grundy_to(&self, pile: u64) -> Result<&'t GrundyTable, AnswerError> {
        match self.grundy {
            Some(t) if pile <= u64::from(t.limit()) => Ok(t),
            t => Err(not_covered(
                TableKind::Grundy,
                pile,
                t.map(GrundyTable::limit),
            )),
        }
    }

    /// The remoteness, reaching `pile`.
    fn remoteness_to(&self, pile: u64) -> Result<&'t RemotenessTable, AnswerError> {
        match self.remoteness {
            Some(t) if pile <= u64::from(t.limit()) => Ok(t),
            t => Err(not_covered(
                TableKind::Remoteness,
                pile,
                t.map(RemotenessTable::limit),
            )),
        }
    }

    /// The refusal of a total or list to `limit`, which needs `table`,
    /// naming the furthest tables given: the [`Tables`] or the `scanned`
    /// ones' limit.
    fn past_the_tables(&self, table: TableKind, limit: u64, scanned: Option<u32>) -> AnswerError {
        not_covered(table, limit, self.furthest_with_tables(scanned))
    }

    /// The further limit of the [`Tables`] and of `scanned` ones, of those
    /// given (`None` sorts below every limit).
    fn furthest_with_tables(&self, scanned: Option<u32>) -> Option<u32> {
        self.tables.map(|t| t.limit()).max(scanned)
    }
}

/// The most moves an answer reserves room for before it lists them: a
/// position with piles of 9000 or a sum of nine games of 1000. Collected
/// without a size known in advance, the thousands of moves of a large
/// position were copied at every doubling of their vector; past this
/// bound (only for vast sums) the vector grows as it is filled.
const MOST_RESERVED: usize = 1 << 16;

/// An empty vector with room for `moves` answers, up to [`MOST_RESERVED`].
fn room_for(moves: u64) -> Vec<MoveAnswer> {
    let moves = usize::try_from(moves).unwrap_or(usize::MAX);
    Vec::with_capacity(moves.min(MOST_RESERVED))
}

/// Lost exactly when the Grundy value is 0.
fn outcome_of_grundy(value: u32) -> Outcome {
    if value == 0 {
        Outcome::Lose
    } else {
        Outcome::Win
    }
}

fn not_covered(table: TableKind, pile: u64, limit: Option<u32>) -> AnswerError {
    AnswerError::NotCovered { table, pile, limit }
}
