//! The answers about every losing position up to a limit: totals, lists
//! and partners.

use crate::{Convention, Triple, Triples};

/// S(limit), the sum of `x + y + z` over the losing positions
/// `x <= y <= z <= limit`, and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Total {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The largest pile.
    pub limit: u64,
    /// The sum of every pile of every losing position.
    pub sum: u64,
    /// The number of losing positions.
    pub count: u64,
}

/// The losing positions `x <= y <= z <= limit`, in lexicographic order.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct LosingList<'t> {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The largest pile.
    pub limit: u64,
    /// Every losing position of the tables, which reach at least the limit.
    pub(crate) triples: Triples<'t>,
}

impl LosingList<'_> {
    /// The losing positions to the limit.
    pub fn positions(&self) -> impl Iterator<Item = Triple> + '_ {
        let limit = self.limit;
        self.triples
            .iter()
            .filter(move |t| u64::from(t[2]) <= limit)
    }
}

/// The partner of a pair: the one pile that makes it a losing position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PartnerAnswer {
    /// The convention the answer is in.
    pub convention: Convention,
    /// The two piles, as given.
    pub pair: [u64; 2],
    /// The one `c` with `{pair, c}` losing.
    pub partner: u64,
}
