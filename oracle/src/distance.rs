//! Winning distance by exhaustive search, straight from the definition.
//!
//! A hand with `n` exposed melds (`13 - 3n` or `14 - 3n` tiles) is compared
//! with every *target*: `4 - n` melds (pongs `kkk`, chows `k k+1 k+2` inside a
//! suit) plus one pair, at most four copies of any kind. The distance is
//! `14 - 3n` minus the largest overlap `sum_k min(hand_k, target_k)`.
//!
//! We walk the melds in one fixed list, each target once (melds chosen in
//! non-decreasing list order), and keep the best overlap. Three prunings keep
//! it fast, none of which can change the answer:
//!
//! 1. **Fewer melds are enough.** A target may be completed by "filler" melds
//!    and a filler pair that overlap nothing: they never lower the overlap and
//!    always fit (a partial target holds at most 12 tiles, so some of the 34
//!    kinds has no copy yet). So the best over "at most `4 - n` melds, at most
//!    one pair" is the best over exact targets.
//! 2. **Useless melds are skipped.** Take a best target and drop, one at a
//!    time, every meld whose removal keeps the overlap (replace it by a
//!    filler). What is left has melds that each add overlap even when added
//!    last; since `min(hand_k, .)` only gains less as the target grows, each
//!    of them also adds overlap when added earlier, in list order. So
//!    searching only melds that add overlap to what is already chosen still
//!    reaches a best target.
//! 3. **Hopeless branches stop.** Adding tiles to the target never makes a
//!    meld or the pair add *more* overlap than it would now. So below a node,
//!    each further meld adds at most the largest gain any meld offers at the
//!    node, and the pair at most what the best pair offers there; a branch
//!    whose overlap plus those bounds cannot beat the best target found so
//!    far is cut. (Children are tried best gain first, which only changes
//!    how soon good targets are found, not which targets exist.)
//!
//! Nothing here is shared with the engine's distance code: no tables, no
//! dynamic programming.
//!
//! # Two ways to the same answer
//!
//! [`search`] is the definition: one search over whole-hand targets.
//! [`distance`], which the simulators call, gives the same answers faster by
//! splitting the hand into its four groups of kinds (the three suits and the
//! honors):
//!
//! - Every meld and every pair lies inside one group, so a target is one
//!   part per group, the parts holding the `4 - n` melds and the pair
//!   between them; the overlap `sum_k min(hand_k, target_k)` is a sum over
//!   kinds, so over groups; and the four-copy rule is kind by kind. So the
//!   best overlap is the best, over every way of sharing the melds and the
//!   pair among the groups, of the sum of each group's best overlap with its
//!   share, a group's best being the same search as above run on the group's
//!   tiles alone ([`group_bests`]). Two groups taken together are again such
//!   a table of bests by budget, so the groups are joined two at a time.
//! - A group's best depends on its own counts only, so it is memoized by
//!   them ([`crate::memo`]: a cache cannot change an answer). A game asks
//!   about hands that differ by a tile or two, so three groups of four are
//!   usually remembered. The answers are memoized by the whole hand too.
//!
//! `compare::distance` (the `distance` fuzz target and its property) holds
//! the engine to [`search`] and [`distance`] to [`search`], so the split is
//! checked against the definition on every hand the harness makes.

use crate::memo::Memo;
use mahjong_sim::hand::Hand;
use mahjong_sim::tile::Tile;
use std::cell::RefCell;

/// Ordinary kinds (suits and honors); special kinds never fit a target.
const ORDINARY: usize = 34;

/// A meld as its three kinds.
type Meld = [usize; 3];

/// Every meld: the 34 pongs, then the 21 chows, in kind order.
fn all_melds() -> Vec<Meld> {
    let mut melds: Vec<Meld> = (0..ORDINARY).map(|k| [k, k, k]).collect();
    for suit in 0..3 {
        for start in 0..7 {
            let k = suit * 9 + start;
            melds.push([k, k + 1, k + 2]);
        }
    }
    melds
}

/// The ordinary counts of a hand, by kind index.
fn ordinary(hand: &Hand) -> [u8; ORDINARY] {
    let mut have = [0u8; ORDINARY];
    for t in Tile::ordinary() {
        have[t.index()] = hand.count(t);
    }
    have
}

/// `14 - 3 * melds` when the hand size fits `melds` (`13 - 3 * melds` or
/// `14 - 3 * melds` tiles, `melds <= 4`).
fn full_size(hand: &Hand, melds: u8) -> Option<usize> {
    if melds > 4 {
        return None;
    }
    let full = 14 - 3 * melds as usize;
    (hand.len() == full || hand.len() == full - 1).then_some(full)
}

/// The winning distance by one exhaustive search over whole-hand targets, or
/// `None` when the hand size does not fit `melds` (it must be
/// `13 - 3 * melds` or `14 - 3 * melds`, with `melds <= 4`).
pub fn search(hand: &Hand, melds: u8) -> Option<u8> {
    let full = full_size(hand, melds)?;
    Some(full as u8 - best_overlap(&ordinary(hand), 4 - melds as usize, 1))
}

/// The largest overlap `sum_k min(have_k, target_k)` over targets of at most
/// `melds` melds and at most `pairs` pairs (0 or 1), at most four copies of
/// a kind: the search the module docs describe.
pub fn best_overlap(have: &[u8; ORDINARY], melds: usize, pairs: usize) -> u8 {
    // Melds touching no tile of the hand never add overlap (pruning 2), so
    // only the others are searched; likewise only held kinds can make a
    // pair that adds anything.
    let touching = all_melds()
        .into_iter()
        .filter(|m| m.iter().any(|&k| have[k] > 0))
        .collect();
    let held = if pairs > 0 {
        (0..ORDINARY).filter(|&k| have[k] > 0).collect()
    } else {
        Vec::new()
    };
    let mut search = Search {
        have: *have,
        melds: touching,
        held,
        target: [0; ORDINARY],
        best: 0,
    };
    search.go(0, melds, 0);
    search.best
}

/// The groups of kinds: the three suits and the honors, as index ranges.
pub const GROUPS: [std::ops::Range<usize>; 4] = [0..9, 9..18, 18..27, 27..34];

/// A group's best overlaps: `[m][p]` for at most `m` melds and `p` pairs.
pub type GroupBests = [[u8; 2]; 5];

thread_local! {
    /// About 30 MB at most.
    static GROUP_BESTS: RefCell<Memo<(bool, [u8; 9]), GroupBests>> =
        RefCell::new(Memo::new(1 << 19));
}

/// The best overlaps of the tiles of one group alone (`counts`, the group's
/// kinds in order; group `g` of [`GROUPS`]), for every meld and pair budget:
/// [`best_overlap`] on a hand holding only them, memoized by the counts.
/// Renaming kinds so that melds stay melds changes no best, so the three
/// suits share their answers (a suit is a suit), a suit read backwards
/// (`n` as `10 - n`: chows stay chows) shares the answers of the suit read
/// forwards, and honors, which only make pongs and pairs, are remembered by
/// their counts in sorted order.
pub fn group_bests(g: usize, counts: &[u8]) -> GroupBests {
    let suit = g < 3;
    let mut key = [0u8; 9];
    key[..counts.len()].copy_from_slice(counts);
    if suit {
        let mut backwards = key;
        backwards.reverse();
        key = key.min(backwards);
    } else {
        key[..counts.len()].sort_unstable();
    }
    Memo::get(&GROUP_BESTS, (suit, key), |&(suit, key)| {
        let mut have = [0u8; ORDINARY];
        let g = if suit {
            GROUPS[0].clone()
        } else {
            GROUPS[3].clone()
        };
        let kinds = g.len();
        have[g].copy_from_slice(&key[..kinds]);
        let mut bests = [[0u8; 2]; 5];
        for (m, row) in bests.iter_mut().enumerate() {
            for (p, best) in row.iter_mut().enumerate() {
                *best = best_overlap(&have, m, p);
            }
        }
        bests
    })
}

thread_local! {
    /// A key is 58 bytes: about 100 MB at most.
    static DISTANCES: RefCell<Memo<(Hand, u8), Option<u8>>> = RefCell::new(Memo::new(1 << 20));
}

/// The winning distance, or `None` when the hand size does not fit `melds`:
/// [`search`]'s answer, from the groups' memoized bests (see the module
/// docs), itself memoized by the whole hand.
pub fn distance(hand: &Hand, melds: u8) -> Option<u8> {
    Memo::get(&DISTANCES, (*hand, melds), |(hand, melds)| {
        let full = full_size(hand, *melds)?;
        let have = ordinary(hand);
        let [a, b, c, h] = std::array::from_fn(|g| group_bests(g, &have[GROUPS[g].clone()]));
        let all = share(&share(&a, &b), &share(&c, &h));
        Some(full as u8 - all[4 - *melds as usize][1])
    })
}

/// Two groups taken together: the best of every way of sharing `m` melds
/// and `p` pairs (at most) between them.
#[allow(clippy::needless_range_loop)] // the budgets index both tables at once
fn share(x: &GroupBests, y: &GroupBests) -> GroupBests {
    let mut out = [[0u8; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            for mx in 0..=m {
                for px in 0..=p {
                    out[m][p] = out[m][p].max(x[mx][px] + y[m - mx][p - px]);
                }
            }
        }
    }
    out
}

struct Search {
    have: [u8; ORDINARY],
    melds: Vec<Meld>,
    held: Vec<usize>,
    target: [u8; ORDINARY],
    best: u8,
}

impl Search {
    /// What adding one copy of kind `k` to the target adds to the overlap.
    fn gain_of_one(&self, k: usize) -> u8 {
        u8::from(self.target[k] < self.have[k])
    }

    /// The best the pair can add to the current target.
    fn best_pair_gain(&self) -> u8 {
        self.held
            .iter()
            .copied()
            .filter(|&k| self.target[k] + 2 <= 4)
            .map(|k| (self.have[k].saturating_sub(self.target[k])).min(2))
            .max()
            .unwrap_or(0)
    }

    fn go(&mut self, first_meld: usize, melds_left: usize, overlap: u8) {
        // Stop adding melds here: the rest are fillers, then the best pair.
        let pair = self.best_pair_gain();
        self.best = self.best.max(overlap + pair);
        if melds_left == 0 {
            return;
        }
        // The melds that fit and add overlap, with what each adds now.
        let mut children = [(0u8, 0usize); 55];
        let mut n = 0;
        for i in first_meld..self.melds.len() {
            let meld = self.melds[i];
            let mut gain = 0;
            let mut fits = true;
            for &k in &meld {
                gain += self.gain_of_one(k);
                self.target[k] += 1;
                fits &= self.target[k] <= 4;
            }
            for &k in &meld {
                self.target[k] -= 1;
            }
            if fits && gain > 0 {
                children[n] = (gain, i);
                n += 1;
            }
        }
        let children = &children[..n];
        // A meld (or the pair) never adds more later than it would now, so
        // the best gain on offer bounds every meld still to come.
        let most = children.iter().map(|c| c.0).max().unwrap_or(0);
        if overlap as usize + melds_left * most as usize + pair as usize <= self.best as usize {
            return;
        }
        // Best gain first (3, then 2, then 1), so a good target is found
        // early and cuts the rest.
        'gains: for want in (1..=most).rev() {
            for &(gain, i) in children.iter().filter(|c| c.0 == want) {
                let bound = overlap as usize
                    + gain as usize
                    + (melds_left - 1) * most as usize
                    + pair as usize;
                if bound <= self.best as usize {
                    break 'gains; // gains only fall from here on
                }
                let meld = self.melds[i];
                for &k in &meld {
                    self.target[k] += 1;
                }
                // Same index again: a meld may repeat (two 1-2-3 chows).
                self.go(i, melds_left - 1, overlap + gain);
                for &k in &meld {
                    self.target[k] -= 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_sim::tile::parse_tiles;

    /// The search, and the split by groups (twice: the groups' bests
    /// computed, then remembered).
    fn d(s: &str, melds: u8) -> Option<u8> {
        let hand = Hand::from_tiles(&parse_tiles(s).unwrap());
        let answer = search(&hand, melds);
        assert_eq!(distance(&hand, melds), answer, "{s}");
        assert_eq!(distance(&hand, melds), answer, "{s}");
        answer
    }

    /// Distances worked out by hand: hand, melds, distance, and the target
    /// that shows it.
    const HAND_CHECKED: &[(&str, u8, u8, &str)] = &[
        (
            "1M 1M 1M 1M",
            3,
            2,
            "111M + pair: the fourth 1M cannot be the pair",
        ),
        ("1M", 4, 1, "1M 1M pair"),
        ("PASS", 4, 2, "any pair, PASS never fits"),
        ("1M 1M", 4, 0, "wins"),
        ("1M 2M", 4, 1, "1M 1M or 2M 2M"),
        (
            "1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S S",
            0,
            0,
            "123 456 789 EEE SS",
        ),
        ("1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S", 0, 1, "wait on S"),
        ("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M", 0, 1, "nine gates"),
        (
            "1M 1M 1M 1M 1P 2P 3P 1S 1S 2S 2S 3S 3S",
            0,
            2,
            "111M 123P 123S 123S + pair: no fifth 1M",
        ),
        (
            "1M 1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M",
            0,
            2,
            "111 123 456 789: fifth 1M is dead",
        ),
        (
            "E S W N B F Z 1M 4M 7M 1P 4P 7P",
            0,
            9,
            "no two singles share a meld: 4 melds + pair keep 5",
        ),
        (
            "8M 9M 1M 8P 9P 1P 8S 9S 1S E S W N B",
            0,
            6,
            "789 x3, 123M, pair from a single",
        ),
        (
            "E E E E E E E E E E E E E E",
            0,
            11,
            "EEE is all E can give",
        ),
        (
            "2M 3M 4M 4M 5M 6M 6M 7M 8M 9M",
            1,
            1,
            "234 456 678, 9M waits for its pair",
        ),
        ("2M 2M 3M 3M 4M 4M 5M 5M", 2, 0, "234 234 55"),
        (
            "1P 3P 5P 7P 9P",
            3,
            2,
            "135 79: 13 or 35 and a single for the pair",
        ),
        (
            "1S 1S 1S 2S 2S 2S 3S 3S 3S 4S 4S 4S 5S 5S",
            0,
            0,
            "111 234 234 234 55",
        ),
        (
            "B B F F Z Z E",
            2,
            2,
            "BB FF ZZ E: two pongs from pairs, one pair",
        ),
    ];

    /// Each hand-checked distance, by the search and by the split.
    #[test]
    fn hand_checked_table() {
        for &(hand, melds, want, why) in HAND_CHECKED {
            assert_eq!(
                d(hand, melds),
                Some(want),
                "{hand} with {melds} melds: {why}"
            );
        }
    }

    #[test]
    fn sizes_that_do_not_fit() {
        assert_eq!(d("1M 2M 3M", 0), None);
        assert_eq!(d("1M", 5), None);
        assert_eq!(d("", 4), None);
    }
}
