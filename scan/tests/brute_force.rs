//! The scan against a brute force written here from the rules alone, at
//! small limits, so that the generator's own tests catch a wrong scan without
//! the root crate's tables (which are built by this very scan).
//!
//! The brute force knows nothing of keys, rows or partners: a position is
//! losing when no move (the same number of stones from one, two or all three
//! piles) reaches a losing position.

use std::sync::OnceLock;

use stone_game_scan::format::{pair_count, pair_index};
use stone_game_scan::scan::{
    Progress, Scan, losing_triples, losing_triples_with_progress, prefix_sums,
};

/// Every position `(a, b, c)` with `a, b <= limit` and `c <= 6 * limit + 6`,
/// solved from the rules. Piles only shrink, so every move from such a
/// position stays in the box and comes earlier in lexicographic order.
struct Brute {
    limit: usize,
    tall: usize,
    losing: Vec<bool>,
}

impl Brute {
    fn new(limit: u32) -> Brute {
        let limit = limit as usize;
        // GAME.md bounds a partner by 2 (a + b + min(a, b)) <= 6 L; one more
        // row past it shows that no pair's losing pile hides further out.
        let tall = 6 * limit + 6;
        let mut brute = Brute {
            limit,
            tall,
            losing: vec![false; (limit + 1) * (limit + 1) * (tall + 1)],
        };
        for a in 0..=limit {
            for b in 0..=limit {
                for c in 0..=tall {
                    let losing = !brute.some_move_reaches_a_losing_position([a, b, c]);
                    let i = brute.index([a, b, c]);
                    brute.losing[i] = losing;
                }
            }
        }
        brute
    }

    fn index(&self, [a, b, c]: [usize; 3]) -> usize {
        (a * (self.limit + 1) + b) * (self.tall + 1) + c
    }

    fn some_move_reaches_a_losing_position(&self, p: [usize; 3]) -> bool {
        // The seven non-empty sets of piles, as bit masks.
        (1..8usize).any(|set| {
            let takes = |i: usize| set & (1 << i) != 0;
            let most = (0..3)
                .filter(|&i| takes(i))
                .map(|i| p[i])
                .min()
                .unwrap_or(0);
            (1..=most).any(|stones| {
                let to = [0, 1, 2].map(|i| if takes(i) { p[i] - stones } else { p[i] });
                self.losing[self.index(to)]
            })
        })
    }

    fn is_losing(&self, a: usize, b: usize, c: usize) -> bool {
        self.losing[self.index([a, b, c])]
    }

    /// Every `c` that makes `(a, b, c)` losing.
    fn partners(&self, a: usize, b: usize) -> Vec<usize> {
        (0..=self.tall)
            .filter(|&c| self.is_losing(a, b, c))
            .collect()
    }
}

/// The limits the scan is checked at: every one up to 12, and two more.
const LIMITS: [u32; 15] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, BRUTE];

/// The largest limit of the brute force: a few seconds in a debug build.
const BRUTE: u32 = 24;

/// The brute force to [`BRUTE`], solved once for all the tests.
fn brute() -> &'static Brute {
    static BRUTE_FORCE: OnceLock<Brute> = OnceLock::new();
    BRUTE_FORCE.get_or_init(|| Brute::new(BRUTE))
}

#[test]
fn the_brute_force_finds_exactly_one_partner_for_every_pair() {
    // The claim behind the partner table, checked on the rules rather than on
    // the scan's output (which has one entry per pair by construction).
    let brute = brute();
    for a in 0..=BRUTE as usize {
        for b in 0..=BRUTE as usize {
            let partners = brute.partners(a, b);
            assert_eq!(partners.len(), 1, "({a}, {b}): {partners:?}");
            let c = partners[0];
            assert!(c <= 2 * (a + b + a.min(b)), "({a}, {b}) -> {c}");
        }
    }
}

#[test]
fn the_scan_finds_what_the_brute_force_finds() {
    let brute = brute();
    for limit in LIMITS {
        let scan = Scan::run(limit).expect("a small limit");
        let l = limit as usize;
        assert_eq!(scan.limit(), limit);

        // The triples: every losing x <= y <= z <= limit, in order.
        let expected: Vec<[u16; 3]> = (0..=l)
            .flat_map(|x| (x..=l).flat_map(move |y| (y..=l).map(move |z| [x, y, z])))
            .filter(|&[x, y, z]| brute.is_losing(x, y, z))
            .map(|p| p.map(|pile| pile as u16))
            .collect();
        assert_eq!(scan.triples(), expected, "limit {limit}");

        // The partners: one per pair, at pair_index, past the limit too.
        assert_eq!(scan.partners().len() as u64, pair_count(limit));
        for b in 0..=l {
            for a in 0..=b {
                let i = pair_index(a as u64, b as u64).expect("small");
                let c = scan.partners()[i] as usize;
                assert_eq!(
                    brute.partners(a, b),
                    [c],
                    "limit {limit}: partner of ({a}, {b})"
                );
            }
        }

        // The running sums and counts, against the triples recounted here.
        let (sums, counts) = scan.prefix_sums();
        assert_eq!(sums.len(), l + 1);
        assert_eq!(counts.len(), l + 1);
        for upto in 0..=l {
            let within = expected.iter().filter(|t| usize::from(t[2]) <= upto);
            let sum: u64 = within.clone().flatten().map(|&p| u64::from(p)).sum();
            assert_eq!(sums[upto], sum, "limit {limit}: S({upto})");
            assert_eq!(counts[upto], within.count() as u64, "limit {limit}");
        }

        // The scan stopped at the limit: the same triples and totals.
        let alone = losing_triples(limit).expect("a small limit");
        assert_eq!(alone, expected, "limit {limit}: the triples alone");
        assert_eq!(prefix_sums(limit, &alone), (sums, counts));

        // into_parts hands over the same parts.
        let (parts_limit, triples, partners) = scan.clone().into_parts();
        assert_eq!(parts_limit, limit);
        assert_eq!(triples, scan.triples());
        assert_eq!(partners, scan.partners());
    }
}

#[test]
fn progress_counts_every_pair_once_per_smallest_pile() {
    for limit in [0, 1, 5, 40] {
        let mut reports = Vec::new();
        let scan = Scan::run_with_progress(limit, |p| reports.push(p)).expect("a small limit");
        assert_eq!(scan, Scan::run(limit).unwrap());
        let total = pair_count(limit);
        // One report per x, after the l - x + 1 pairs (x, y >= x).
        let l = u64::from(limit);
        let mut done = 0;
        let expected: Vec<(u64, u64)> = (0..=l)
            .map(|x| {
                done += l - x + 1;
                (done, total)
            })
            .collect();
        let reported: Vec<(u64, u64)> = reports
            .iter()
            .map(|p: &Progress| (p.pairs_done, p.pairs_total))
            .collect();
        assert_eq!(reported, expected, "limit {limit}");
        assert_eq!(reports.last().map(|p| p.pairs_done), Some(total));
    }
}

#[test]
fn the_triples_alone_report_the_same_progress() {
    for limit in [0, 1, 5, 40, 200] {
        let (mut whole, mut alone) = (Vec::new(), Vec::new());
        Scan::run_with_progress(limit, |p| whole.push(p)).expect("a small limit");
        let triples =
            losing_triples_with_progress(limit, |p| alone.push(p)).expect("a small limit");
        assert_eq!(alone, whole, "limit {limit}");
        assert_eq!(Ok(triples), losing_triples(limit));
    }
}

#[test]
fn prefix_sums_count_only_the_triples_up_to_their_limit() {
    let triples = [[0, 0, 0], [0, 1, 2], [1, 1, 4], [1, 3, 3], [3, 4, 4]];
    assert_eq!(prefix_sums(2, &triples), (vec![0, 0, 3], vec![1, 1, 2]));
    assert_eq!(
        prefix_sums(5, &triples),
        (vec![0, 0, 3, 10, 27, 27], vec![1, 1, 2, 3, 5, 5])
    );
    assert_eq!(prefix_sums(0, &[]), (vec![0], vec![0]));
}

#[test]
fn a_limit_past_the_largest_scan_is_refused_and_says_why() {
    use stone_game_scan::scan::{MAX_SCAN_LIMIT, ScanError};
    let past = MAX_SCAN_LIMIT + 1;
    let err = Scan::run(past).expect_err("past MAX_SCAN_LIMIT");
    assert_eq!(err, ScanError::LimitTooLarge { limit: past });
    assert_eq!(
        err.to_string(),
        format!("limit {past} is too large for a scan: the largest is {MAX_SCAN_LIMIT}")
    );
    assert!(Scan::run_with_progress(u32::MAX, |_| panic!("no progress")).is_err());
    assert_eq!(losing_triples(past), Err(err));
    assert!(losing_triples_with_progress(u32::MAX, |_| panic!("no progress")).is_err());
}
