//! The tables generated at build time (by `build.rs`, through
//! `stone_game_generator::generate`) and the view that queries them.

use crate::Tables;
use crate::tables::Partners;

#[allow(clippy::unreadable_literal, clippy::large_const_arrays)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/stone_game_tables.rs"));
}

pub use generated::{LIMIT, LOSING_POSITIONS, LOSING_TRIPLES};

/// The tables generated at build time, for piles up to [`LIMIT`].
///
/// The free functions of the crate root query this view.
///
/// ```
/// use stone_game::{LIMIT, EMBEDDED};
/// assert_eq!(EMBEDDED.limit(), LIMIT);
/// const COUNT_100: Option<u64> = EMBEDDED.losing_count(100);
/// # if LIMIT >= 100 {
/// assert_eq!(COUNT_100, Some(1264));
/// # }
/// ```
pub const EMBEDDED: Tables<'static> = Tables {
    limit: LIMIT,
    triples: LOSING_TRIPLES,
    partners: Partners::Packed(generated::PARTNERS),
    sums: &generated::LOSING_SUMS,
    counts: &generated::LOSING_COUNTS,
};
