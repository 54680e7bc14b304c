//! The tables generated at build time (by `build.rs`, through
//! `stone-game-generator`) and the view that queries them.

use crate::tables::Triples;
use crate::{__private, Convention, Tables};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/stone_game_tables.rs"));
}

pub use generated::LIMIT;
#[cfg(feature = "phf")]
pub use generated::LOSING_POSITIONS;

/// Every losing position `x <= y <= z <= LIMIT`, as `[x, y, z]`, in
/// lexicographic order: the order of the scan that found them.
///
/// They are embedded as bytes, so this is a [`Triples`] view with `const fn`
/// accessors rather than a slice.
///
/// ```
/// use stone_game::LOSING_TRIPLES;
/// const FIRST: Option<[u16; 3]> = LOSING_TRIPLES.get(0);
/// assert_eq!(FIRST, Some([0, 0, 0]));
/// assert_eq!(LOSING_TRIPLES.iter().nth(1), Some([0, 1, 2]));
/// ```
pub const LOSING_TRIPLES: Triples<'static> = EMBEDDED.triples();

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
pub const EMBEDDED: Tables<'static> = __private::tables_from_bytes(
    LIMIT,
    generated::TRIPLES,
    generated::PARTNERS,
    generated::SUMS,
    generated::COUNTS,
    generated::RANKS,
    Convention::Normal,
);
