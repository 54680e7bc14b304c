//! The answers as JSON (feature `serde`): one shape for each, and one
//! object for a move everywhere. Every answer is an object that names its
//! `convention`; positions are arrays of piles in the order given, a sum's
//! games one after the other.

use serde::Serialize;
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};

use super::plane::{Grid, GrundyMap, RemotenessMap, Slice};
use super::position::{
    MoveAnswer, PositionAnswer, ValueAnswer, WinningMovesAnswer, convention_name,
};
use super::total::{LosingList, PartnerAnswer, Total};
use crate::{Convention, Outcome, Position};

/// `[a, b, c]`, or every pile of a sum.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.piles().serialize(serializer)
    }
}

/// `"win"` or `"lose"`, for the player to move.
impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
        })
    }
}

/// `"normal"` or `"misere"`.
struct ConventionName(Convention);

impl Serialize for ConventionName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(convention_name(self.0))
    }
}

/// The fields every answer about a position starts with.
fn value_fields<S: SerializeStruct>(state: &mut S, value: &ValueAnswer) -> Result<(), S::Error> {
    state.serialize_field("convention", &ConventionName(value.convention))?;
    state.serialize_field("position", &value.position)?;
    state.serialize_field("outcome", &value.outcome)?;
    state.serialize_field("remoteness", &value.remoteness)?;
    state.serialize_field("grundy", &value.grundy)
}

/// `{"convention", "position", "outcome", "remoteness", "grundy"}`.
impl Serialize for ValueAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("ValueAnswer", 5)?;
        value_fields(&mut state, self)?;
        state.end()
    }
}

/// A move of `position`, as JSON: `{"piles", "stones", "to", "outcome",
/// "remoteness"}`, `piles` the indexes of the piles taken from, `to` the
/// whole position left.
struct MoveIn<'a> {
    position: &'a Position,
    answer: &'a MoveAnswer,
}

impl Serialize for MoveIn<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let m = self.answer;
        let mut state = serializer.serialize_struct("MoveAnswer", 5)?;
        state.serialize_field("piles", &Indexes(m))?;
        state.serialize_field("stones", &m.take.stones())?;
        state.serialize_field(
            "to",
            &Leaves {
                from: self.position,
                answer: m,
            },
        )?;
        state.serialize_field("outcome", &m.outcome)?;
        state.serialize_field("remoteness", &m.remoteness)?;
        state.end()
    }
}

/// The piles a move takes from, as indexes into the whole position. Written
/// from the move's three flags, as [`MoveAnswer::piles`] gives them: a
/// position's answer writes thousands, and an iterator's adapters and
/// unknown length cost more than the numbers.
struct Indexes<'a>(&'a MoveAnswer);

impl Serialize for Indexes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let taken = self.0.take.piles();
        let count = taken.iter().filter(|&&t| t).count();
        let mut seq = serializer.serialize_seq(Some(count))?;
        let first = 3 * self.0.game;
        for (i, &t) in taken.iter().enumerate() {
            if t {
                seq.serialize_element(&(first + i))?;
            }
        }
        seq.end()
    }
}

/// The whole position a move leaves, written as it is serialized, so that
/// thousands of moves take no allocation each.
struct Leaves<'a> {
    from: &'a Position,
    answer: &'a MoveAnswer,
}

impl Serialize for Leaves<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let piles = self.from.piles();
        if piles.len() == 3 {
            // One game: what it leaves is the whole position.
            return self.answer.to.serialize(serializer);
        }
        let mut seq = serializer.serialize_seq(Some(piles.len()))?;
        for (game, triple) in piles.chunks(3).enumerate() {
            let triple = if game == self.answer.game {
                &self.answer.to[..]
            } else {
                triple
            };
            for pile in triple {
                seq.serialize_element(pile)?;
            }
        }
        seq.end()
    }
}

/// Moves of `position`, as an array.
struct Moves<'a> {
    position: &'a Position,
    moves: &'a [MoveAnswer],
}

impl Serialize for Moves<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.moves.iter().map(|answer| MoveIn {
            position: self.position,
            answer,
        }))
    }
}

/// The value's fields, then `"engine"` (a move, or `null`) and `"moves"`.
impl Serialize for PositionAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let position = &self.value.position;
        let mut state = serializer.serialize_struct("PositionAnswer", 7)?;
        value_fields(&mut state, &self.value)?;
        let engine = self
            .engine
            .as_ref()
            .map(|answer| MoveIn { position, answer });
        state.serialize_field("engine", &engine)?;
        state.serialize_field(
            "moves",
            &Moves {
                position,
                moves: &self.moves,
            },
        )?;
        state.end()
    }
}

/// The value's fields, then `"moves"`: the winning ones.
impl Serialize for WinningMovesAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("WinningMovesAnswer", 6)?;
        value_fields(&mut state, &self.value)?;
        state.serialize_field(
            "moves",
            &Moves {
                position: &self.value.position,
                moves: &self.moves,
            },
        )?;
        state.end()
    }
}

/// `{"convention", "a", "limit", "losing": [[b, c], ...]}`.
impl Serialize for Slice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Slice", 4)?;
        state.serialize_field("convention", &ConventionName(self.convention))?;
        state.serialize_field("a", &self.a)?;
        state.serialize_field("limit", &self.limit)?;
        state.serialize_field("losing", &self.losing)?;
        state.end()
    }
}

/// A row of values for each `b`.
impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.rows())
    }
}

/// `{"convention": "normal", "a", "limit", "values": [[...], ...]}`.
impl Serialize for GrundyMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("GrundyMap", 4)?;
        state.serialize_field("convention", &ConventionName(Convention::Normal))?;
        state.serialize_field("a", &self.a)?;
        state.serialize_field("limit", &self.limit)?;
        state.serialize_field("values", &self.values)?;
        state.end()
    }
}

/// `{"convention", "a", "limit", "remoteness": [[...], ...], "losing": [c or null, ...]}`.
impl Serialize for RemotenessMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("RemotenessMap", 5)?;
        state.serialize_field("convention", &ConventionName(self.convention))?;
        state.serialize_field("a", &self.a)?;
        state.serialize_field("limit", &self.limit)?;
        state.serialize_field("remoteness", &self.remoteness)?;
        state.serialize_field("losing", &self.losing)?;
        state.end()
    }
}

/// `{"convention", "limit", "sum", "count"}`.
impl Serialize for Total {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Total", 4)?;
        state.serialize_field("convention", &ConventionName(self.convention))?;
        state.serialize_field("limit", &self.limit)?;
        state.serialize_field("sum", &self.sum)?;
        state.serialize_field("count", &self.count)?;
        state.end()
    }
}

/// The positions of a list, written as they are serialized.
struct Positions<'a, 't>(&'a LosingList<'t>);

impl Serialize for Positions<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.positions())
    }
}

/// `{"convention", "limit", "positions": [[x, y, z], ...]}`.
impl Serialize for LosingList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("LosingList", 3)?;
        state.serialize_field("convention", &ConventionName(self.convention))?;
        state.serialize_field("limit", &self.limit)?;
        state.serialize_field("positions", &Positions(self))?;
        state.end()
    }
}

/// `{"convention", "pair": [a, b], "partner"}`.
impl Serialize for PartnerAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("PartnerAnswer", 3)?;
        state.serialize_field("convention", &ConventionName(self.convention))?;
        state.serialize_field("pair", &self.pair)?;
        state.serialize_field("partner", &self.partner)?;
        state.end()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::{Convention, GrundyTable, Position, RemotenessTable, Solver};

    fn to_json(answer: &impl serde::Serialize) -> Value {
        serde_json::to_value(answer).unwrap()
    }

    #[test]
    fn a_position_names_its_convention_and_every_move_has_one_shape() {
        let table = RemotenessTable::compute(3, Convention::Misere).unwrap();
        let solver = Solver::new(Convention::Misere)
            .with_remoteness(&table)
            .unwrap();
        let answer = solver.position(&Position::game([0, 1, 1])).unwrap();
        let take_both = json!({
            "piles": [1, 2], "stones": 1, "to": [0, 0, 0], "outcome": "win", "remoteness": 0
        });
        assert_eq!(
            to_json(&answer),
            json!({
                "convention": "misere",
                "position": [0, 1, 1],
                "outcome": "win",
                "remoteness": 2,
                "grundy": null,
                "engine": {
                    "piles": [1], "stones": 1, "to": [0, 0, 1], "outcome": "lose", "remoteness": 1
                },
                "moves": [
                    {"piles": [1], "stones": 1, "to": [0, 0, 1], "outcome": "lose", "remoteness": 1},
                    {"piles": [2], "stones": 1, "to": [0, 1, 0], "outcome": "lose", "remoteness": 1},
                    take_both,
                ],
            })
        );
    }

    #[test]
    fn a_sums_moves_leave_whole_positions_and_name_piles_across_games() {
        let grundy = GrundyTable::compute(2).unwrap();
        let solver = Solver::new(Convention::Normal)
            .with_grundy(&grundy)
            .unwrap();
        let sum: Position = "0 0 1 + 0 0 1".parse().unwrap();
        let answer = solver.winning_moves(&sum).unwrap();
        assert_eq!(
            to_json(&answer),
            json!({
                "convention": "normal",
                "position": [0, 0, 1, 0, 0, 1],
                "outcome": "lose",
                "remoteness": null,
                "grundy": 0,
                "moves": [],
            })
        );
        let answer = solver.position(&sum).unwrap();
        let moves = &to_json(&answer)["moves"];
        assert_eq!(
            moves[1],
            json!({"piles": [5], "stones": 1, "to": [0, 0, 1, 0, 0, 0], "outcome": "win", "remoteness": null})
        );
        let value = solver.value(&sum).unwrap();
        assert_eq!(to_json(&value)["grundy"], json!(0));
    }

    #[test]
    fn planes_and_totals_have_their_shapes() {
        let normal = Solver::new(Convention::Normal);
        assert_eq!(
            to_json(&normal.slice(1, 3).unwrap()),
            json!({"convention": "normal", "a": 1, "limit": 3, "losing": [[0, 2], [2, 0], [3, 3]]})
        );
        assert_eq!(
            to_json(&normal.total(4).unwrap()),
            json!({"convention": "normal", "limit": 4, "sum": 27, "count": 5})
        );
        assert_eq!(
            to_json(&normal.losing_list(2).unwrap()),
            json!({"convention": "normal", "limit": 2, "positions": [[0, 0, 0], [0, 1, 2]]})
        );
        assert_eq!(
            to_json(&normal.partner(5, 8).unwrap()),
            json!({"convention": "normal", "pair": [5, 8], "partner": 8})
        );
        let grundy = GrundyTable::compute(1).unwrap();
        let map = normal
            .with_grundy(&grundy)
            .unwrap()
            .grundy_map(0, 1)
            .unwrap();
        assert_eq!(
            to_json(&map),
            json!({"convention": "normal", "a": 0, "limit": 1, "values": [[0, 1], [1, 2]]})
        );
        let table = RemotenessTable::compute(1, Convention::Misere).unwrap();
        let misere = Solver::new(Convention::Misere)
            .with_remoteness(&table)
            .unwrap();
        assert_eq!(
            to_json(&misere.remoteness_map(0, 1).unwrap()),
            json!({
                "convention": "misere", "a": 0, "limit": 1,
                "remoteness": [[0, 1], [1, 2]], "losing": [1, 0]
            })
        );
    }
}
