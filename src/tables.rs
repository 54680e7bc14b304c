//! The queries, over tables embedded at build time or built by a runtime scan.

use stone_game_scan::format::{RANK_BYTES, RANK_PAIRS, pair_index, rank_in_entry, rank_pair_index};

use crate::{Convention, Triple};

/// A view of one set of tables: the losing triples up to a limit, the partner
/// of every pair up to it, and the running sums and counts.
///
/// [`EMBEDDED`](crate::EMBEDDED) is the view of the tables generated at build time;
/// [`ScannedTables::as_tables`](crate::ScannedTables::as_tables) gives one of a runtime scan. Sums,
/// counts, partners, verdicts and [`losing_index`](Self::losing_index) are
/// O(1) `const fn`s; [`winning_moves`](Self::winning_moves) tries the moves
/// that touch the two smaller piles, O(limit).
///
/// ```
/// use stone_game::EMBEDDED;
/// const S4: Option<u64> = EMBEDDED.losing_sum(4);
/// assert_eq!(S4, Some(27));
/// ```
#[derive(Clone, Copy)]
pub struct Tables<'a> {
    pub(crate) limit: u32,
    /// The convention whose losing positions these are.
    pub(crate) convention: Convention,
    pub(crate) triples: Triples<'a>,
    pub(crate) partners: Partners<'a>,
    pub(crate) sums: Words<'a>,
    pub(crate) counts: Words<'a>,
    /// The rank directory (`stone_game_scan::format::RANK_PAIRS`): as
    /// generated, and as a runtime scan builds it, the same bytes.
    pub(crate) ranks: &'a [[u8; RANK_BYTES]],
}

/// The partner of every pair at `pair_index`: two little-endian bytes each
/// as generated, or `u32` as a runtime scan computes them.
#[derive(Clone, Copy)]
pub(crate) enum Partners<'a> {
    Packed(&'a [[u8; 2]]),
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Wide(&'a [u32]),
}

/// S(l) or the counts for every `l`: eight little-endian bytes each as
/// generated, or `u64` as a runtime scan computes them.
#[derive(Clone, Copy)]
pub(crate) enum Words<'a> {
    Packed(&'a [[u8; 8]]),
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Wide(&'a [u64]),
}

impl Words<'_> {
    pub(crate) const fn get(&self, i: u32) -> Option<u64> {
        match *self {
            Words::Packed(bytes) => match at(bytes, i as u64) {
                Some(le) => Some(u64::from_le_bytes(le)),
                None => None,
            },
            Words::Wide(words) => at(words, i as u64),
        }
    }
}

/// The losing triples of one set of tables, `x <= y <= z`, in lexicographic
/// order: [`LOSING_TRIPLES`](crate::LOSING_TRIPLES) for the embedded tables,
/// [`Tables::triples`] for any.
///
/// The embedded triples are bytes (`include_bytes!`), which cost rustc far
/// less than a slice literal, so this type reads them with `const fn`s
/// instead of handing out a `&[[u16; 3]]`: [`get`](Self::get),
/// [`len`](Self::len) and [`losing_index`](Self::losing_index) are `const`, and
/// [`iter`](Self::iter) (or a `for` loop) yields each [`Triple`] by value.
///
/// ```
/// use stone_game::LOSING_TRIPLES;
/// const SECOND: Option<[u16; 3]> = LOSING_TRIPLES.get(1);
/// assert_eq!(SECOND, Some([0, 1, 2]));
/// assert_eq!(LOSING_TRIPLES.losing_index([0, 1, 2]), Some(1));
/// let small: Vec<_> = LOSING_TRIPLES.iter().filter(|t| t[2] <= 4).collect();
/// assert_eq!(small, [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]]);
/// ```
#[derive(Clone, Copy)]
pub struct Triples<'a>(TriplesRepr<'a>);

#[derive(Clone, Copy)]
enum TriplesRepr<'a> {
    Packed(&'a [[u8; 6]]),
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Wide(&'a [Triple]),
}

impl<'a> Triples<'a> {
    /// Triples as generated: `x`, `y`, `z` as little-endian `u16`s.
    pub(crate) const fn packed(bytes: &'a [[u8; 6]]) -> Triples<'a> {
        Triples(TriplesRepr::Packed(bytes))
    }

    /// Triples as a runtime scan computes them.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn wide(triples: &'a [Triple]) -> Triples<'a> {
        Triples(TriplesRepr::Wide(triples))
    }

    /// How many triples there are.
    ///
    /// ```
    /// assert_eq!(stone_game::LOSING_TRIPLES.len() as u64, stone_game::losing_count(stone_game::LIMIT).unwrap());
    /// ```
    pub const fn len(&self) -> usize {
        match self.0 {
            TriplesRepr::Packed(bytes) => bytes.len(),
            TriplesRepr::Wide(triples) => triples.len(),
        }
    }

    /// Whether there are none: never in normal play, where `[0, 0, 0]` is
    /// losing; under misère play only at limit 0, where it is won.
    ///
    /// ```
    /// assert!(!stone_game::LOSING_TRIPLES.is_empty());
    /// # #[cfg(feature = "alloc")] { // the runtime scans are of the feature `alloc`
    /// use stone_game::{Convention, ScannedTables};
    /// let misere = ScannedTables::scan_for(Convention::Misere, 0, |_| {})?;
    /// assert!(misere.as_tables().triples().is_empty());
    /// let misere = ScannedTables::scan_for(Convention::Misere, 1, |_| {})?;
    /// assert!(!misere.as_tables().triples().is_empty());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th triple, or `None` past the end.
    ///
    /// ```
    /// assert_eq!(stone_game::LOSING_TRIPLES.get(0), Some([0, 0, 0]));
    /// assert_eq!(stone_game::LOSING_TRIPLES.get(usize::MAX), None);
    /// ```
    pub const fn get(&self, i: usize) -> Option<Triple> {
        match self.0 {
            TriplesRepr::Packed(bytes) => {
                if i >= bytes.len() {
                    return None;
                }
                Some(unpack(bytes[i]))
            }
            TriplesRepr::Wide(triples) => {
                if i >= triples.len() {
                    return None;
                }
                Some(triples[i])
            }
        }
    }

    /// The index of `triple` (its piles in any order: it is sorted first)
    /// among these triples, or `None` if it is not one of them.
    ///
    /// A binary search over the list, O(log n): the search of a list view,
    /// for any [`Triples`]. [`Tables::losing_index`] answers the same for
    /// the tables' triples in O(1), through their rank directory.
    ///
    /// ```
    /// assert_eq!(stone_game::LOSING_TRIPLES.losing_index([0, 1, 2]), Some(1));
    /// assert_eq!(stone_game::LOSING_TRIPLES.losing_index([2, 0, 1]), Some(1));
    /// assert_eq!(stone_game::LOSING_TRIPLES.losing_index([5, 5, 5]), None);
    /// ```
    pub const fn losing_index(&self, triple: Triple) -> Option<usize> {
        let [a, b, c] = triple;
        let (x, y, z) = sorted(a as u64, b as u64, c as u64);
        // Sorted u16s: the casts back are exact.
        let target = order_key([x as u16, y as u16, z as u16]);
        match self.0 {
            TriplesRepr::Packed(bytes) => search!(bytes, target, |t| order_key(unpack(t))),
            TriplesRepr::Wide(triples) => search!(triples, target, |t| order_key(t)),
        }
    }

    /// The triples in order, by value.
    pub fn iter(&self) -> TriplesIter<'a> {
        TriplesIter {
            triples: *self,
            front: 0,
            back: self.len(),
        }
    }
}

/// The binary search of [`Triples::losing_index`] over one representation, in
/// the shape of `slice::binary_search`: the loop narrows by halves with no
/// branch on the comparison. It measured within the noise of
/// `slice::binary_search` over the same triples in a `Vec<[u16; 3]>`.
macro_rules! search {
    ($slice:expr, $target:expr, |$t:ident| $key:expr) => {{
        let slice = $slice;
        let mut size = slice.len();
        if size == 0 {
            return None;
        }
        let mut base = 0;
        while size > 1 {
            let half = size / 2;
            let mid = base + half;
            let $t = slice[mid];
            base = if $key <= $target { mid } else { base };
            size -= half;
        }
        let $t = slice[base];
        if $key == $target { Some(base) } else { None }
    }};
}
use search;

/// A triple from its six little-endian bytes.
const fn unpack(bytes: [u8; 6]) -> Triple {
    let [x0, x1, y0, y1, z0, z1] = bytes;
    [
        u16::from_le_bytes([x0, x1]),
        u16::from_le_bytes([y0, y1]),
        u16::from_le_bytes([z0, z1]),
    ]
}

/// A number that orders triples lexicographically.
const fn order_key([x, y, z]: Triple) -> u64 {
    ((x as u64) << 32) | ((y as u64) << 16) | z as u64
}

impl core::fmt::Debug for Triples<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The same triples in the same order, whatever their representation.
impl PartialEq for Triples<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Triples<'_> {}

impl<'a> IntoIterator for Triples<'a> {
    type Item = Triple;
    type IntoIter = TriplesIter<'a>;
    fn into_iter(self) -> TriplesIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Triples<'a> {
    type Item = Triple;
    type IntoIter = TriplesIter<'a>;
    fn into_iter(self) -> TriplesIter<'a> {
        self.iter()
    }
}

/// The iterator of [`Triples::iter`].
#[derive(Clone, Debug)]
pub struct TriplesIter<'a> {
    triples: Triples<'a>,
    front: usize,
    back: usize,
}

impl Iterator for TriplesIter<'_> {
    type Item = Triple;

    fn next(&mut self) -> Option<Triple> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.triples.get(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }

    fn nth(&mut self, n: usize) -> Option<Triple> {
        self.front = self.front.saturating_add(n).min(self.back);
        self.next()
    }
}

impl DoubleEndedIterator for TriplesIter<'_> {
    fn next_back(&mut self) -> Option<Triple> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.triples.get(self.back)
    }
}

impl ExactSizeIterator for TriplesIter<'_> {}

impl core::iter::FusedIterator for TriplesIter<'_> {}

impl core::fmt::Debug for Tables<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tables")
            .field("limit", &self.limit)
            .field("convention", &self.convention)
            .field("triples", &self.triples.len())
            .finish_non_exhaustive()
    }
}

/// Sorts three piles: `x <= y <= z`.
pub(crate) const fn sorted(a: u64, b: u64, c: u64) -> (u64, u64, u64) {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let (b, c) = if b <= c { (b, c) } else { (c, b) };
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    (a, b, c)
}

impl<'a> Tables<'a> {
    /// The largest pile the tables cover: `z` for triples, both piles for pairs.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.limit(), stone_game::LIMIT);
    /// ```
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// The convention whose losing positions these are: normal play for
    /// [`EMBEDDED`](crate::EMBEDDED) and `tables!(N)`, misère play for
    /// `tables!(N, misere)`, and a runtime scan's own.
    ///
    /// ```
    /// use stone_game::{Convention, EMBEDDED};
    /// const CONVENTION: Convention = EMBEDDED.convention();
    /// assert_eq!(CONVENTION, Convention::Normal);
    /// ```
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// Whether these tables answer positions under `convention` with every
    /// pile up to `pile`: the question a program asks before it scans at
    /// run time, as `stone-game` and its server do.
    ///
    /// ```
    /// use stone_game::{Convention, EMBEDDED, LIMIT};
    /// let limit = u64::from(LIMIT);
    /// assert!(EMBEDDED.covers(Convention::Normal, limit));
    /// assert!(!EMBEDDED.covers(Convention::Normal, limit + 1));
    /// assert!(!EMBEDDED.covers(Convention::Misere, 0));
    /// ```
    pub const fn covers(&self, convention: Convention, pile: u64) -> bool {
        let same = matches!(
            (self.convention, convention),
            (Convention::Normal, Convention::Normal) | (Convention::Misere, Convention::Misere)
        );
        same && pile <= self.limit as u64
    }

    /// The losing triples `x <= y <= z <= limit`, in lexicographic order.
    ///
    /// ```
    /// let first: Vec<_> = stone_game::EMBEDDED.triples().iter().take(3).collect();
    /// assert_eq!(first, [[0, 0, 0], [0, 1, 2], [0, 3, 5]]);
    /// ```
    pub const fn triples(&self) -> Triples<'a> {
        self.triples
    }

    /// S(l): the sum of `x + y + z` over losing triples with `z <= l`, or
    /// `None` when `l` is past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.losing_sum(4), Some(27));
    /// assert_eq!(stone_game::EMBEDDED.losing_sum(u32::MAX), None);
    /// ```
    pub const fn losing_sum(&self, l: u32) -> Option<u64> {
        self.sums.get(l)
    }

    /// The number of losing triples with `z <= l`, or `None` past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.losing_count(4), Some(5));
    /// ```
    pub const fn losing_count(&self, l: u32) -> Option<u64> {
        self.counts.get(l)
    }

    /// The one `c` for which `{a, b, c}` is losing, for `a` and `b` (in any
    /// order) up to the limit; `c` itself may exceed it. `None` past the limit.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.partner(3, 1), Some(3));
    /// ```
    pub const fn partner(&self, a: u64, b: u64) -> Option<u64> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if b > self.limit as u64 {
            return None;
        }
        let Some(index) = pair_index(a, b) else {
            return None;
        };
        match self.partners {
            Partners::Packed(bytes) => match at(bytes, index as u64) {
                Some(le) => Some(u16::from_le_bytes(le) as u64),
                None => None,
            },
            Partners::Wide(words) => match at(words, index as u64) {
                Some(c) => Some(c as u64),
                None => None,
            },
        }
    }

    /// Whether the position with piles `a`, `b`, `c` (in any order) is losing
    /// for the player to move. Answers every position whose two smaller piles
    /// are within the limit, whatever its largest pile; `None` otherwise.
    ///
    /// ```
    /// assert_eq!(stone_game::EMBEDDED.is_losing(3, 1, 3), Some(true));
    /// assert_eq!(stone_game::EMBEDDED.is_losing(5, 5, 5), Some(false));
    /// ```
    pub const fn is_losing(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        let (x, y, z) = sorted(a, b, c);
        match self.partner(x, y) {
            Some(partner) => Some(partner == z),
            None => None,
        }
    }

    /// The index of the losing position `a`, `b`, `c` (in any order) in
    /// [`triples`](Self::triples); `None` for a winning position or one past
    /// the limit.
    ///
    /// O(1): the partner of the two smaller piles says whether the position
    /// is losing, and the rank directory, one bit per pair with running
    /// counts, how many losing triples come before it. No search, no hash.
    ///
    /// ```
    /// const I: Option<usize> = stone_game::EMBEDDED.losing_index(2, 1, 0);
    /// assert_eq!(I, Some(1));
    /// assert_eq!(stone_game::EMBEDDED.losing_index(5, 5, 5), None);
    /// ```
    pub const fn losing_index(&self, a: u64, b: u64, c: u64) -> Option<usize> {
        let (x, y, z) = sorted(a, b, c);
        if z > self.limit as u64 {
            return None;
        }
        match self.partner(x, y) {
            Some(partner) if partner == z => {}
            _ => return None,
        }
        // The triple is losing and within the limit, so its pair (x, y) has
        // its bit: its rank is its index.
        let Some(i) = rank_pair_index(x, y, self.limit) else {
            return None;
        };
        let Some(entry) = at(self.ranks, i / RANK_PAIRS) else {
            return None;
        };
        match rank_in_entry(entry, i % RANK_PAIRS) {
            Some(rank) if rank <= usize::MAX as u64 => Some(rank as usize),
            _ => None,
        }
    }
}

/// `slice[i]`, or `None` past its end, for any `u64` index.
const fn at<T: Copy>(slice: &[T], i: u64) -> Option<T> {
    if i < slice.len() as u64 {
        Some(slice[i as usize])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The triples up to 5, and the same as the generator's bytes.
    const SMALL: [Triple; 6] = [
        [0, 0, 0],
        [0, 1, 2],
        [0, 3, 5],
        [1, 1, 4],
        [1, 3, 3],
        [3, 4, 4],
    ];

    fn packed_bytes(triples: &[Triple]) -> [[u8; 6]; 6] {
        let mut bytes = [[0; 6]; 6];
        for (out, t) in bytes.iter_mut().zip(triples) {
            for (pair, pile) in out.chunks_exact_mut(2).zip(t) {
                pair.copy_from_slice(&pile.to_le_bytes());
            }
        }
        bytes
    }

    /// Both representations of the same triples, for every check below.
    fn both(check: impl Fn(Triples<'_>)) {
        check(Triples::wide(&SMALL));
        let bytes = packed_bytes(&SMALL);
        check(Triples::packed(&bytes));
    }

    #[test]
    fn get_and_len_read_every_triple_and_nothing_past_the_end() {
        both(|t| {
            assert_eq!(t.len(), SMALL.len());
            assert!(!t.is_empty());
            for (i, triple) in SMALL.iter().enumerate() {
                assert_eq!(t.get(i), Some(*triple));
            }
            assert_eq!(t.get(SMALL.len()), None);
            assert_eq!(t.get(usize::MAX), None);
        });
        for empty in [Triples::wide(&[]), Triples::packed(&[])] {
            assert!(empty.is_empty());
            assert_eq!(empty.len(), 0);
            assert_eq!(empty.get(0), None);
            assert_eq!(empty.losing_index([0, 0, 0]), None);
            assert_eq!(empty.iter().next(), None);
        }
    }

    #[test]
    fn losing_index_finds_every_triple_and_nothing_else() {
        both(|t| {
            for (i, triple) in SMALL.iter().enumerate() {
                assert_eq!(t.losing_index(*triple), Some(i), "{triple:?}");
            }
            // Between, before and after the triples, and one that matches
            // every pile but the first (the order is x first, then y, z).
            for absent in [
                [0, 0, 1],
                [0, 2, 2],
                [1, 1, 5],
                [4, 4, 4],
                [9, 9, 9],
                [2, 3, 5],
            ] {
                assert_eq!(t.losing_index(absent), None, "{absent:?}");
            }
        });
    }

    #[test]
    fn the_list_search_sorts_its_input() {
        both(|t| {
            for (i, &[x, y, z]) in SMALL.iter().enumerate() {
                for order in [[x, z, y], [y, x, z], [y, z, x], [z, x, y], [z, y, x]] {
                    assert_eq!(t.losing_index(order), Some(i), "{order:?}");
                }
            }
        });
    }

    /// The six orders of three piles.
    fn orders([x, y, z]: [u64; 3]) -> [[u64; 3]; 6] {
        [
            [x, y, z],
            [x, z, y],
            [y, x, z],
            [y, z, x],
            [z, x, y],
            [z, y, x],
        ]
    }

    /// `losing_index` (the rank directory) against its definition, the
    /// place of the sorted piles in the list of triples, and against the
    /// list's binary search: every triple in all six orders, and every
    /// position with piles up to `to` in all six orders.
    fn index_as_defined(tables: Tables<'_>, to: u64) {
        let limit = u64::from(tables.limit());
        let place: std::collections::HashMap<Triple, usize> = tables
            .triples()
            .iter()
            .enumerate()
            .map(|(i, t)| (t, i))
            .collect();
        assert_eq!(place.len(), tables.triples().len(), "no triple twice");
        for (&triple, &i) in &place {
            for [a, b, c] in orders(triple.map(u64::from)) {
                assert_eq!(tables.losing_index(a, b, c), Some(i), "{triple:?}");
            }
            assert_eq!(tables.triples().losing_index(triple), Some(i));
        }
        for x in 0..=to {
            for y in x..=to {
                for z in y..=to {
                    let expected = if z <= limit {
                        place.get(&[x, y, z].map(|p| p as u16)).copied()
                    } else {
                        None
                    };
                    assert_eq!(
                        expected.is_some(),
                        z <= limit && tables.is_losing(x, y, z) == Some(true)
                    );
                    for [a, b, c] in orders([x, y, z]) {
                        assert_eq!(
                            tables.losing_index(a, b, c),
                            expected,
                            "({a}, {b}, {c}) at {limit}"
                        );
                    }
                    if z <= limit {
                        let listed = tables.triples().losing_index([z, x, y].map(|p| p as u16));
                        assert_eq!(listed, expected, "({x}, {y}, {z}) in the list");
                    }
                }
            }
        }
        // Past the limit, however large.
        for far in [limit + 1, u64::MAX] {
            assert_eq!(tables.losing_index(0, 0, far), None);
            assert_eq!(tables.losing_index(far, far, far), None);
        }
    }

    #[test]
    fn the_embedded_index_is_the_place_in_the_list() {
        index_as_defined(crate::EMBEDDED, 30);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn a_scans_index_is_the_place_in_its_list() {
        for (limit, to) in [
            (0, 2),
            (1, 3),
            (2, 4),
            (63, 65),
            (64, 66),
            (65, 40),
            (200, 30),
        ] {
            let scan = crate::ScannedTables::scan(limit).expect("scans");
            index_as_defined(scan.as_tables(), to);
        }
    }

    /// A rank directory shorter than its tables need (which the generator
    /// never writes) makes the index `None`, never a panic.
    #[test]
    fn a_short_directory_answers_none() {
        let bytes = packed_bytes(&SMALL);
        let flat = bytes.as_flattened();
        let short = Tables {
            ranks: &[],
            ..crate::__private::tables_from_bytes(5, flat, &[], &[], &[], &[], Convention::Normal)
        };
        // No partners either: nothing is losing as far as these tables know.
        assert_eq!(short.losing_index(0, 0, 0), None);
        let with_partners = Tables {
            partners: crate::EMBEDDED.partners,
            ..short
        };
        assert_eq!(with_partners.is_losing(1, 3, 3), Some(true));
        assert_eq!(with_partners.losing_index(1, 3, 3), None);
    }

    #[test]
    fn the_order_key_orders_by_x_then_y_then_z() {
        let mut keys: Vec<u64> = SMALL.iter().map(|&t| order_key(t)).collect();
        assert!(keys.is_sorted());
        keys.dedup();
        assert_eq!(keys.len(), SMALL.len());
        assert_eq!(order_key([1, 2, 3]), 0x0001_0002_0003);
        assert!(order_key([1, 0, 0]) > order_key([0, u16::MAX, u16::MAX]));
        assert!(order_key([0, 1, 0]) > order_key([0, 0, u16::MAX]));
    }

    #[test]
    fn the_iterator_walks_from_both_ends_and_knows_its_length() {
        both(|t| {
            let mut it = t.iter();
            assert_eq!(it.size_hint(), (6, Some(6)));
            assert_eq!(it.next(), Some(SMALL[0]));
            assert_eq!(it.size_hint(), (5, Some(5)));
            assert_eq!(it.next_back(), Some(SMALL[5]));
            assert_eq!(it.len(), 4);
            assert_eq!(it.nth(1), Some(SMALL[2]));
            assert_eq!(it.next_back(), Some(SMALL[4]));
            assert_eq!(it.next(), Some(SMALL[3]));
            assert_eq!(it.len(), 0);
            assert_eq!(it.next(), None);
            assert_eq!(it.next_back(), None);

            let backwards: Vec<Triple> = t.iter().rev().collect();
            assert!(backwards.iter().eq(SMALL.iter().rev()));
            let mut it = t.iter();
            assert_eq!(it.nth(usize::MAX), None);
            assert_eq!(it.next_back(), None);
            assert_eq!(t.iter().nth(5), Some(SMALL[5]));

            let mut by_value = Vec::new();
            for triple in t {
                by_value.push(triple);
            }
            let mut by_ref = Vec::new();
            for triple in &t {
                by_ref.push(triple);
            }
            assert_eq!(by_value, SMALL);
            assert_eq!(by_ref, SMALL);
        });
    }

    #[test]
    fn equal_means_the_same_triples_in_either_representation() {
        let bytes = packed_bytes(&SMALL);
        assert_eq!(Triples::packed(&bytes), Triples::wide(&SMALL));
        assert_ne!(Triples::wide(&SMALL[..5]), Triples::wide(&SMALL));
        assert_ne!(Triples::wide(&SMALL), Triples::wide(&SMALL[..5]));
        // As many triples, not the same ones.
        assert_ne!(Triples::wide(&SMALL[..5]), Triples::wide(&SMALL[1..]));
    }

    #[test]
    fn the_debug_form_lists_the_triples() {
        assert_eq!(
            format!("{:?}", Triples::wide(&SMALL[..2])),
            "[[0, 0, 0], [0, 1, 2]]"
        );
    }
}
