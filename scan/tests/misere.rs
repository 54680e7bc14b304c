//! The scan of the misère game (whoever takes the last stone loses) against
//! a brute force written here from the misère rules alone.
//!
//! The brute force knows nothing of keys: `(0, 0, 0)` is won for the player
//! to move, and any other position is losing exactly when every move (the
//! same number of stones from one, two or all three piles) reaches a winning
//! position. It is a memoised recursion over every move, in any pile order.

use std::collections::HashMap;
use std::sync::OnceLock;

use stone_game_scan::Convention;
use stone_game_scan::format::{pair_count, pair_index};
use stone_game_scan::scan::{Progress, Scan, losing_triples_for, prefix_sums};

/// The largest limit of the brute force: a few seconds in a debug build.
const BRUTE: usize = 24;

/// How far the third pile goes: past every partner of a pair up to
/// [`BRUTE`] (GAME.md bounds them by `2 (a + b + min(a, b))`, and by 1 for
/// the pair `(0, 0)` under misère), one more to show none hides further out.
const TALL: usize = 6 * BRUTE + 6;

/// Misère outcomes from the rules, memoised by the position as given.
#[derive(Default)]
struct Misere {
    losing: HashMap<[usize; 3], bool>,
}

impl Misere {
    /// Whether the player to move at `piles` loses, whoever took last losing.
    fn is_losing(&mut self, piles: [usize; 3]) -> bool {
        if piles == [0, 0, 0] {
            // The opponent took the last stone, and lost.
            return false;
        }
        if let Some(&known) = self.losing.get(&piles) {
            return known;
        }
        let mut losing = true;
        'moves: for set in 1..8usize {
            let takes = |i: usize| set & (1 << i) != 0;
            let most = (0..3).filter(|&i| takes(i)).map(|i| piles[i]).min();
            for stones in 1..=most.unwrap_or(0) {
                let to = [0, 1, 2].map(|i| {
                    if takes(i) {
                        piles[i] - stones
                    } else {
                        piles[i]
                    }
                });
                if self.is_losing(to) {
                    losing = false;
                    break 'moves;
                }
            }
        }
        self.losing.insert(piles, losing);
        losing
    }
}

/// The brute force's answers: for every pair `a, b <= BRUTE`, in either
/// order, every `c <= TALL` that makes `(a, b, c)` losing.
struct Brute {
    partners: Vec<Vec<Vec<usize>>>,
}

impl Brute {
    fn partners(&self, a: usize, b: usize) -> &[usize] {
        &self.partners[a][b]
    }

    fn is_losing(&self, a: usize, b: usize, c: usize) -> bool {
        self.partners(a, b).contains(&c)
    }
}

/// The brute force to [`BRUTE`], solved once for all the tests. The third
/// pile runs upward, so the recursion never goes deeper than the piles'
/// total and each position is solved once.
fn brute() -> &'static Brute {
    static BRUTE_FORCE: OnceLock<Brute> = OnceLock::new();
    BRUTE_FORCE.get_or_init(|| {
        let mut misere = Misere::default();
        let mut partners = vec![vec![Vec::new(); BRUTE + 1]; BRUTE + 1];
        for c in 0..=TALL {
            for (a, row) in partners.iter_mut().enumerate() {
                for (b, found) in row.iter_mut().enumerate() {
                    if misere.is_losing([a, b, c]) {
                        found.push(c);
                    }
                }
            }
        }
        Brute { partners }
    })
}

#[test]
fn by_the_rules_0_0_1_is_losing_and_0_0_0_is_not() {
    let brute = brute();
    assert!(!brute.is_losing(0, 0, 0));
    assert!(brute.is_losing(0, 0, 1));
    assert!(brute.is_losing(0, 1, 0));
    assert!(brute.is_losing(1, 0, 0));
    assert_eq!(brute.partners(0, 0), [1]);
    // (1, 1, 1) can take two stones and leave (0, 0, 1): won.
    assert!(!brute.is_losing(1, 1, 1));
    assert!(brute.is_losing(0, 2, 2));
}

#[test]
fn every_pair_has_exactly_one_misere_partner_within_the_bound() {
    let brute = brute();
    for a in 0..=BRUTE {
        for b in 0..=BRUTE {
            let partners = brute.partners(a, b);
            assert_eq!(partners.len(), 1, "({a}, {b}): {partners:?}");
            let bound = (2 * (a + b + a.min(b))).max(1);
            assert!(partners[0] <= bound, "({a}, {b}) -> {}", partners[0]);
        }
    }
}

#[test]
fn the_misere_scan_finds_what_the_brute_force_finds() {
    let brute = brute();
    let limits = (0..=12).chain([17, BRUTE as u32]);
    for limit in limits {
        let scan = Scan::run_for(Convention::Misere, limit, |_| {}).expect("a small limit");
        let l = limit as usize;
        assert_eq!(
            (scan.limit(), scan.convention()),
            (limit, Convention::Misere)
        );

        let expected: Vec<[u16; 3]> = (0..=l)
            .flat_map(|x| (x..=l).flat_map(move |y| (y..=l).map(move |z| [x, y, z])))
            .filter(|&[x, y, z]| brute.is_losing(x, y, z))
            .map(|p| p.map(|pile| pile as u16))
            .collect();
        assert_eq!(scan.triples(), expected, "limit {limit}");

        assert_eq!(scan.partners().len() as u64, pair_count(limit));
        for b in 0..=l {
            for a in 0..=b {
                let i = pair_index(a as u64, b as u64).expect("small");
                let c = scan.partners()[i] as usize;
                assert_eq!(brute.partners(a, b), [c], "limit {limit}: ({a}, {b})");
            }
        }

        // Sums and counts: those of the brute force's triples (`prefix_sums`
        // itself is checked against a recount in brute_force.rs).
        let (sums, counts) = scan.prefix_sums();
        assert_eq!((sums.len(), counts.len()), (l + 1, l + 1));
        assert_eq!(
            prefix_sums(limit, &expected),
            (sums.clone(), counts.clone())
        );

        // The scan stopped at the limit finds the same triples.
        let alone = losing_triples_for(Convention::Misere, limit, |_| {}).expect("small");
        assert_eq!(alone, expected, "limit {limit}: the triples alone");
        assert_eq!(prefix_sums(limit, &alone), (sums, counts));
    }
}

#[test]
fn the_conventions_differ_from_the_first_triple_on() {
    // A scan that ignored its convention would give the normal triples.
    let normal = Scan::run_for(Convention::Normal, 30, |_| {}).expect("small");
    let misere = Scan::run_for(Convention::Misere, 30, |_| {}).expect("small");
    assert_eq!(normal, Scan::run(30).expect("small"));
    assert_eq!(normal.triples()[0], [0, 0, 0]);
    assert_eq!(misere.triples()[0], [0, 0, 1]);
    assert_eq!(misere.partners()[0], 1);
    assert_ne!(normal.triples(), misere.triples());
}

#[test]
fn a_misere_scan_reports_the_same_progress_and_refuses_the_same_limits() {
    for limit in [0, 5, 40] {
        let (mut normal, mut misere, mut alone) = (Vec::new(), Vec::new(), Vec::new());
        Scan::run_with_progress(limit, |p| normal.push(p)).expect("small");
        Scan::run_for(Convention::Misere, limit, |p| misere.push(p)).expect("small");
        losing_triples_for(Convention::Misere, limit, |p| alone.push(p)).expect("small");
        assert_eq!(misere, normal, "limit {limit}");
        assert_eq!(alone, normal, "limit {limit}");
        let last = misere.last().map(|p: &Progress| p.pairs_done);
        assert_eq!(last, Some(pair_count(limit)));
    }
    let past = stone_game_scan::scan::MAX_SCAN_LIMIT + 1;
    let refused = |_: Progress| panic!("no progress past the largest limit");
    assert!(Scan::run_for(Convention::Misere, past, refused).is_err());
    assert!(losing_triples_for(Convention::Misere, past, refused).is_err());
}

#[test]
fn misere_sums_and_counts() {
    // GAME.md, section 9's table.
    let triples = losing_triples_for(Convention::Misere, 1000, |_| {}).expect("fits");
    let (sums, counts) = prefix_sums(1000, &triples);
    let at = |l: usize| (sums[l], counts[l]);
    assert_eq!(
        [at(0), at(1), at(2), at(3), at(4)],
        [(0, 0), (1, 1), (5, 2), (18, 4), (30, 5)]
    );
    assert_eq!(at(10), (211, 17));
    assert_eq!(at(100), (173_290, 1262));
    assert_eq!(at(1000), (166_970_946, 120_794));
}

#[test]
fn with_one_pile_empty_the_misere_pairs_are_wythoffs_from_3_5_on() {
    // The losing (0, y, z) of both games, to 1000: the normal game's are
    // Wythoff's pairs (0, 0), (1, 2), (3, 5), ...; the misère game's start
    // (0, 1), (2, 2) and go on as Wythoff's.
    let slice = |convention| -> Vec<[u16; 2]> {
        let triples = losing_triples_for(convention, 1000, |_| {}).expect("fits");
        triples
            .iter()
            .filter(|t| t[0] == 0)
            .map(|t| [t[1], t[2]])
            .collect()
    };
    let (normal, misere) = (slice(Convention::Normal), slice(Convention::Misere));
    assert_eq!(normal[..3], [[0, 0], [1, 2], [3, 5]]);
    assert_eq!(misere[..3], [[0, 1], [2, 2], [3, 5]]);
    assert_eq!(misere[2..], normal[2..]);
    assert!(normal.len() > 300);
}
