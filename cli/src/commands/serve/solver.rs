//! What the server answers from: the library's solvers, behind the few
//! functions the handlers call.
//!
//! One [`Solved`] holds, for one limit and one convention, the losing
//! positions (partners, sums and counts) and the remoteness of every
//! position; the Grundy values are the library's [`GrundyTable`].

use stone_game::{GrundyTable, Move, ScannedTables, Tables};

pub(crate) use pending::{Convention, Outcome, RemotenessTable, Value};

/// Whether misère play is available.
pub(crate) const MISERE_AVAILABLE: bool = false;

/// The largest pile the remoteness is computed to.
pub(crate) const REMOTENESS_MAX: u32 = pending::MAX_LIMIT;

/// The losing positions and the remoteness of every position with piles up
/// to a limit, under one convention.
pub(crate) struct Solved {
    tables: ScannedTables,
    remoteness: RemotenessTable,
}

impl Solved {
    /// The memory [`compute`](Self::compute) needs at its peak, in bytes.
    pub(crate) fn memory_needed(limit: u32) -> u64 {
        stone_game::memory_needed(limit).saturating_add(RemotenessTable::memory_needed(limit))
    }

    /// Everything to `limit` under `convention`.
    pub(crate) fn compute(limit: u32, convention: Convention) -> Result<Solved, String> {
        let tables = match convention {
            Convention::Normal => ScannedTables::scan(limit).map_err(|e| e.to_string())?,
            Convention::Misere => return Err("misère is not available".into()),
        };
        let remoteness = RemotenessTable::compute(limit, convention)?;
        Ok(Solved { tables, remoteness })
    }

    /// The losing positions: partners, sums and counts.
    pub(crate) fn tables(&self) -> Tables<'_> {
        self.tables.as_tables()
    }

    /// The outcome and remoteness of `p`, or `None` past the limit.
    pub(crate) fn value(&self, p: [u64; 3]) -> Option<Value> {
        self.remoteness.value(p[0], p[1], p[2])
    }
}

/// The value of the sum of `games` (the XOR of their Grundy values), or
/// `None` when a pile is past the table's limit.
pub(crate) fn sum_value(table: &GrundyTable, games: &[[u64; 3]]) -> Option<u32> {
    games
        .iter()
        .try_fold(0, |x, g| Some(x ^ table.value(g[0], g[1], g[2])?))
}

/// Every position one move leaves from `p`, piles in the order given.
pub(crate) fn moves_from(p: [u64; 3]) -> impl Iterator<Item = [u64; 3]> {
    Move::all_from(p).filter_map(move |m| m.apply(p))
}

/// A stand-in for the library's remoteness, which is being added: a brute
/// force over the small cube, normal play only.
mod pending {
    /// Which player the last move favours.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub(crate) enum Convention {
        Normal,
        Misere,
    }

    /// Who wins with perfect play.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub(crate) enum Outcome {
        Win,
        Lose,
    }

    /// An outcome and its remoteness.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub(crate) struct Value {
        pub(crate) outcome: Outcome,
        pub(crate) remoteness: u32,
    }

    pub(crate) const MAX_LIMIT: u32 = 64;

    pub(crate) struct RemotenessTable {
        side: usize,
        cube: Vec<u16>,
    }

    impl RemotenessTable {
        pub(crate) fn memory_needed(limit: u32) -> u64 {
            2 * (u64::from(limit) + 1).pow(3)
        }

        pub(crate) fn compute(limit: u32, convention: Convention) -> Result<Self, String> {
            if limit > MAX_LIMIT || convention == Convention::Misere {
                return Err("not available".into());
            }
            let side = limit as usize + 1;
            let mut cube = vec![0u16; side * side * side];
            let at = |p: [usize; 3]| (p[0] * side + p[1]) * side + p[2];
            for x in 0..side {
                for y in 0..side {
                    for z in 0..side {
                        let p = [x, y, z];
                        let (mut win, mut lose) = (None::<u16>, None::<u16>);
                        for set in 1..8usize {
                            let most = (0..3)
                                .filter(|i| set >> i & 1 == 1)
                                .map(|i| p[i])
                                .min()
                                .unwrap_or(0);
                            for n in 1..=most {
                                let mut q = p;
                                (0..3).filter(|i| set >> i & 1 == 1).for_each(|i| q[i] -= n);
                                let v = cube[at(q)];
                                let r = v >> 1;
                                if v & 1 == 0 {
                                    win = Some(win.map_or(r, |w| w.min(r)));
                                } else {
                                    lose = Some(lose.map_or(r, |l| l.max(r)));
                                }
                            }
                        }
                        cube[at(p)] = match (win, lose) {
                            (Some(r), _) => ((r + 1) << 1) | 1,
                            (None, Some(r)) => (r + 1) << 1,
                            (None, None) => 0,
                        };
                    }
                }
            }
            Ok(RemotenessTable { side, cube })
        }

        pub(crate) fn value(&self, a: u64, b: u64, c: u64) -> Option<Value> {
            let side = self.side as u64;
            if a >= side || b >= side || c >= side {
                return None;
            }
            let v = self.cube[((a * side + b) * side + c) as usize];
            Some(Value {
                outcome: if v & 1 == 1 {
                    Outcome::Win
                } else {
                    Outcome::Lose
                },
                remoteness: u32::from(v >> 1),
            })
        }
    }
}
