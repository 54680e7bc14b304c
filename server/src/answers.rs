//! The answers already written: the bytes of recent answers, kept by what
//! was asked, so that what the page asks again (the positions of games
//! played down from its small random starts, the maps at its limit and the
//! games clicked on them) is neither computed nor serialized again.
//!
//! An answer is a function of its question alone: the tables a handler
//! reads answer the same whichever bucket it gets. The one exception is a
//! single game's Grundy value, which a game's answer leaves out until its
//! table is built, so whether the answer has it is part of the key.

use axum::body::Bytes;
use quick_cache::Weighter;
use quick_cache::sync::Cache;
use stone_game::{Convention, Position};

/// The most bytes of answers kept. The page's answers average about
/// 10 KB, so some three thousand of them: the positions of its small random
/// starts and its maps, asked again and again, stay, while a game from
/// typed piles, a few hundred KB asked once, goes first (quick_cache's
/// policy is scan-resistant, a Clock-PRO close to S3-FIFO: a new answer
/// stays only if it is asked again).
pub(crate) const KEPT_BYTES: u64 = 32 * 1024 * 1024;

/// The largest answer kept: the page's own answers are well under it (a
/// game with piles up to 200, a map at its limit of 60), while the larger
/// ones, games from typed piles near 1000 and maps past 160, are mostly
/// asked once, and buffers of hundreds of KB kept and dropped in turn
/// leave the allocator's heap in pieces.
pub(crate) const KEPT_MOST: usize = 128 * 1024;

/// About how many answers fit in [`KEPT_BYTES`]: the page's answers
/// average about 10 KB.
const KEPT_ANSWERS: usize = 4096;

/// A question, as the handlers parse it, whose answer is kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Asked {
    /// A position, and whether its answer has a Grundy value.
    Position {
        position: Position,
        convention: Convention,
        grundy: bool,
    },
    /// A slice to `limit` at `a`.
    Slice {
        a: u64,
        limit: u64,
        convention: Convention,
    },
    /// A map of Grundy values (normal play).
    GrundyMap { a: u64, limit: u64 },
    /// A map of remoteness.
    RemotenessMap {
        a: u64,
        limit: u64,
        convention: Convention,
    },
}

/// An answer weighs its bytes, and the key and the cache's bookkeeping
/// about a hundred more.
#[derive(Clone, Copy, Debug)]
struct ByLength;

impl Weighter<Asked, Bytes> for ByLength {
    fn weight(&self, _: &Asked, answer: &Bytes) -> u64 {
        u64::try_from(answer.len())
            .unwrap_or(u64::MAX)
            .saturating_add(100)
    }
}

/// The answers kept, shared by every request.
pub(crate) struct Answers {
    kept: Cache<Asked, Bytes, ByLength>,
}

impl Answers {
    /// None kept yet, up to `bytes` of them.
    pub(crate) fn new(bytes: u64) -> Answers {
        Answers {
            kept: Cache::with_weighter(KEPT_ANSWERS, bytes, ByLength),
        }
    }

    /// The answer kept for `asked`, if it is.
    pub(crate) fn get(&self, asked: &Asked) -> Option<Bytes> {
        self.kept.get(asked)
    }

    /// `answer` as `Bytes`, kept for `asked` if it is at most
    /// [`KEPT_MOST`] bytes (a copy of `Bytes` shares its buffer).
    pub(crate) fn keep(&self, asked: Asked, mut answer: Vec<u8>) -> Bytes {
        if answer.len() > KEPT_MOST {
            return Bytes::from(answer);
        }
        // `Bytes` holds its buffer's whole capacity, up to three times the
        // answer, for as long as the answer is kept; giving the rest back
        // is a shrink in place for the allocator.
        answer.shrink_to_fit();
        let answer = Bytes::from(answer);
        self.kept.insert(asked, answer.clone());
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(piles: [u64; 3], convention: Convention, grundy: bool) -> Asked {
        Asked::Position {
            position: Position::game(piles),
            convention,
            grundy,
        }
    }

    #[test]
    fn an_answer_kept_is_given_for_its_question_only() {
        let answers = Answers::new(KEPT_BYTES);
        let asked = game([3, 5, 7], Convention::Normal, true);
        let answer = answers.keep(asked.clone(), b"{\"seven\":7}".to_vec());
        assert_eq!(answer, &b"{\"seven\":7}"[..]);
        assert_eq!(answers.get(&asked).as_deref(), Some(&b"{\"seven\":7}"[..]));
        for other in [
            game([3, 5, 7], Convention::Normal, false),
            game([3, 5, 7], Convention::Misere, true),
            game([3, 7, 5], Convention::Normal, true),
            Asked::Slice {
                a: 3,
                limit: 7,
                convention: Convention::Normal,
            },
            Asked::GrundyMap { a: 3, limit: 7 },
            Asked::RemotenessMap {
                a: 3,
                limit: 7,
                convention: Convention::Normal,
            },
        ] {
            assert_eq!(answers.get(&other), None, "{other:?}");
        }
    }

    #[test]
    fn an_answer_weighs_its_bytes_and_its_keeping() {
        let asked = Asked::GrundyMap { a: 0, limit: 0 };
        assert_eq!(ByLength.weight(&asked, &Bytes::new()), 100);
        assert_eq!(
            ByLength.weight(&asked, &Bytes::from(vec![b'0'; 1000])),
            1100
        );
    }

    #[test]
    fn an_answer_past_the_largest_kept_is_not_kept() {
        let answers = Answers::new(KEPT_BYTES);
        for (limit, bytes, kept) in [(1, KEPT_MOST, true), (2, KEPT_MOST + 1, false)] {
            let asked = Asked::GrundyMap { a: 0, limit };
            let answer = answers.keep(asked.clone(), vec![b'0'; bytes]);
            assert_eq!(answer.len(), bytes);
            assert_eq!(answers.get(&asked).is_some(), kept, "{bytes} bytes");
        }
    }

    /// The bound is the one README's table of limits gives.
    #[test]
    fn the_answers_kept_are_bounded_at_32_mib_and_128_kib_each() {
        assert_eq!(KEPT_BYTES, 33_554_432);
        assert_eq!(KEPT_MOST, 131_072);
    }

    #[test]
    fn no_more_bytes_are_kept_than_the_bound() {
        let bound = 16 * 1024;
        let answers = Answers::new(bound);
        for a in 0..100 {
            let asked = Asked::GrundyMap { a, limit: 31 };
            answers.keep(asked, vec![b'0'; 1024]);
        }
        let kept = (0..100)
            .filter(|&a| answers.get(&Asked::GrundyMap { a, limit: 31 }).is_some())
            .count();
        assert!(answers.kept.weight() <= bound, "{}", answers.kept.weight());
        assert!((1..=14).contains(&kept), "{kept} of 100 kept");
    }
}
