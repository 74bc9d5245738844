//! Brute-force shanten for every MCR hand form.
//!
//! The one definition used throughout: a hand's *distance* to a form is the
//! fewest tiles missing from it, that is the minimum over every complete
//! hand `T` of that form of `|T \ hand|` (multiset difference). A 13-tile
//! hand that is ready (tenpai) misses exactly one tile, so shanten =
//! distance - 1 (tenpai = 0, the data's convention). A tile kind is useful
//! when drawing it lowers the distance (the 14 tiles' distance to a
//! 14-tile target), exactly "the draw lowers shanten".
//!
//! Like MahjongGB (its shanten data shows it: useful tiles include kinds
//! the hand already holds four times), targets are not limited to four
//! copies of a kind.

use super::tiles::{self, Counts, Tile, KINDS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One form's answer: shanten and the useful kinds (ascending), or an error.
pub type FormAnswer = Result<(i32, Vec<Tile>), String>;

/// The shanten of a hand for each form and overall.
#[derive(Debug, Clone, PartialEq)]
pub struct ShantenAnswer {
    /// The minimum over the forms the hand (with its packs) can still reach.
    pub overall: i32,
    /// Four sets and a pair.
    pub regular: FormAnswer,
    /// Seven pairs.
    pub seven_pairs: FormAnswer,
    /// Thirteen orphans.
    pub thirteen_orphans: FormAnswer,
    /// Honors and knitted tiles (全不靠).
    pub honors_and_knitted: FormAnswer,
    /// A knitted straight with a set and a pair.
    pub knitted_straight: FormAnswer,
}

/// The error MahjongGB reports when a form cannot use this many tiles.
pub const INVALID_HAND: &str = "ERROR_INVALID_HAND";

/// Fewest tiles missing for `tiles` to contain `sets` sets and `pairs`
/// pairs (as a target of exactly those blocks; extra tiles are simply not
/// used). Exhaustive: the lowest remaining tile is either unused or the
/// lowest used tile of one block containing it (a pair, a pung, or one of
/// the three chows through it); every target and matching is reached this
/// way. The block takes every tile of its own that is still present: if an
/// optimal matching left such a copy to another block or unused, giving it
/// to this block instead (and leaving that other block's slot missing)
/// keeps the count of matched tiles, so nothing is lost.
pub fn blocks_distance(c: &Counts, sets: u8, pairs: u8) -> u32 {
    blocks_distance_memo(c, sets, pairs, &mut Memo::default())
}

/// [`blocks_distance`] with a cache the caller may share between calls (a
/// cache cannot change an answer: the value depends on the key alone).
pub fn blocks_distance_memo(c: &Counts, sets: u8, pairs: u8, memo: &mut Memo) -> u32 {
    dist(&mut c.clone(), sets, pairs, memo)
}

/// The cache of [`blocks_distance_memo`]: packed counts and needs to distance.
pub type Memo = HashMap<u128, u32, BuildHasherDefault<KeyHasher>>;

/// A plain multiplicative hasher for the packed keys (std's default
/// SipHash dominated the run time).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, v: u128) {
        let x = (v as u64) ^ ((v >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (self.0 ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Counts (3 bits each) and the needs packed in one key.
fn key(c: &Counts, sets: u8, pairs: u8) -> u128 {
    let mut k = 0u128;
    for &n in c {
        k = k << 3 | n.min(7) as u128;
    }
    k << 8 | (sets as u128) << 4 | pairs as u128
}

fn dist(c: &mut Counts, sets: u8, pairs: u8, memo: &mut Memo) -> u32 {
    let Some(i) = (0..KINDS).find(|&t| c[t] > 0) else {
        return 3 * sets as u32 + 2 * pairs as u32;
    };
    if sets == 0 && pairs == 0 {
        return 0;
    }
    let k = key(c, sets, pairs);
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    // The tile is not used.
    c[i] -= 1;
    let mut best = dist(c, sets, pairs, memo);
    c[i] += 1;
    let have = c[i];
    if pairs > 0 {
        let k = have.min(2);
        c[i] -= k;
        best = best.min(2 - k as u32 + dist(c, sets, pairs - 1, memo));
        c[i] += k;
    }
    if sets > 0 {
        let k = have.min(3);
        c[i] -= k;
        best = best.min(3 - k as u32 + dist(c, sets - 1, pairs, memo));
        c[i] += k;
        for start in chows_through(i) {
            let take: Vec<Tile> = (start..start + 3).filter(|&t| t == i || c[t] > 0).collect();
            take.iter().for_each(|&t| c[t] -= 1);
            best = best.min(3 - take.len() as u32 + dist(c, sets - 1, pairs, memo));
            take.iter().for_each(|&t| c[t] += 1);
        }
    }
    memo.insert(k, best);
    best
}

/// The lowest tiles of the chows that contain `t`.
fn chows_through(t: Tile) -> Vec<Tile> {
    if !tiles::is_suited(t) {
        return Vec::new();
    }
    let r = tiles::rank(t);
    (r.saturating_sub(2).max(1)..=r.min(7))
        .map(|low| t + low - r)
        .collect()
}

/// Distance to thirteen orphans: every choice of the doubled orphan.
fn orphans_distance(c: &Counts) -> u32 {
    let kinds = tiles::orphans();
    kinds
        .iter()
        .map(|&dup| {
            let mut target = [0u8; KINDS];
            kinds.iter().for_each(|&t| target[t] = 1);
            target[dup] = 2;
            missing(&target, c)
        })
        .min()
        .unwrap()
}

/// Distance to honors and knitted tiles: every knitted straight, every
/// choice of 14 among its 9 tiles and the 7 honors (each needed once: the
/// tiles matched are the chosen kinds the hand holds).
fn knitted_distance(c: &Counts) -> u32 {
    let mut best = u32::MAX;
    for ks in tiles::knitted_straights() {
        let pool: Vec<Tile> = ks.iter().copied().chain(27..34).collect();
        let held: Vec<u32> = pool.iter().map(|&t| u32::from(c[t] > 0)).collect();
        let all: u32 = held.iter().sum();
        for a in 0..pool.len() {
            for b in a + 1..pool.len() {
                best = best.min(14 - (all - held[a] - held[b]));
            }
        }
    }
    best
}

/// Distance to a knitted straight plus `sets` sets and a pair. Taking each
/// present knitted tile into the straight is never worse than using it in a
/// block (swap the two roles: the count of matched tiles is unchanged).
fn knitted_straight_distance(c: &Counts, sets: u8, memo: &mut Memo) -> u32 {
    tiles::knitted_straights()
        .iter()
        .map(|ks| {
            let mut rest = *c;
            let mut miss = 0;
            for &t in ks {
                if rest[t] > 0 {
                    rest[t] -= 1;
                } else {
                    miss += 1;
                }
            }
            miss + blocks_distance_memo(&rest, sets, 1, memo)
        })
        .min()
        .unwrap()
}

/// Tiles of `target` not in `have`.
fn missing(target: &Counts, have: &Counts) -> u32 {
    (0..KINDS)
        .map(|t| target[t].saturating_sub(have[t]) as u32)
        .sum()
}

/// Counts of a list of tiles.
pub fn counts(hand: &[Tile]) -> Counts {
    let mut c = [0u8; KINDS];
    hand.iter().for_each(|&t| c[t] += 1);
    c
}

/// Shanten and useful tiles of `hand` under the distance function `d`.
/// With `fifth` false, a kind the hand holds four times is useful only when
/// the hand is ready (MahjongGB's reading for the regular form: id 91 and
/// id 207 leave such a kind out, id 535 and id 737 at tenpai keep it).
fn form(hand: &[Tile], fifth: bool, d: &mut dyn FnMut(&Counts) -> u32) -> (i32, Vec<Tile>) {
    let c = counts(hand);
    let base = d(&c);
    let useful = (0..KINDS)
        .filter(|&t| fifth || base == 1 || c[t] < 4)
        .filter(|&t| {
            let mut more = c;
            more[t] += 1;
            d(&more) < base
        })
        .collect();
    (base as i32 - 1, useful)
}

/// Shanten of a hand (standing tiles `hand`, `packs` exposed or concealed
/// melds) for each form and the best over the forms it can reach. The
/// per-form answers look at `hand` alone, as MahjongGB's per-form functions
/// do; the overall one counts the packs as sets.
pub fn shanten(packs: usize, hand: &[Tile]) -> ShantenAnswer {
    let n = hand.len();
    let sets = (n / 3) as u8;
    // One cache for all the calls on this hand (the draws share most states).
    let mut memo = Memo::default();
    let regular: FormAnswer = if n % 3 == 1 {
        Ok(form(hand, false, &mut |c| {
            blocks_distance_memo(c, sets, 1, &mut memo)
        }))
    } else {
        Err(INVALID_HAND.to_string())
    };
    let thirteen = |d: &mut dyn FnMut(&Counts) -> u32| -> FormAnswer {
        if n == 13 {
            Ok(form(hand, true, d))
        } else {
            Err(INVALID_HAND.to_string())
        }
    };
    let mut memo = Memo::default();
    let seven_pairs = thirteen(&mut |c| blocks_distance_memo(c, 0, 7, &mut memo));
    let thirteen_orphans = thirteen(&mut orphans_distance);
    let honors_and_knitted = thirteen(&mut knitted_distance);
    let knitted_straight: FormAnswer = if n == 13 || n == 10 {
        let extra = (n / 3 - 3) as u8;
        Ok(form(hand, true, &mut |c| {
            knitted_straight_distance(c, extra, &mut memo)
        }))
    } else {
        Err(INVALID_HAND.to_string())
    };
    let mut overall = i32::MAX;
    let mut consider = |a: &FormAnswer| {
        if let Ok((s, _)) = a {
            overall = overall.min(*s);
        }
    };
    if n + 3 * packs == 13 {
        consider(&regular);
        consider(&seven_pairs);
        consider(&thirteen_orphans);
        consider(&honors_and_knitted);
        consider(&knitted_straight);
    }
    ShantenAnswer {
        overall,
        regular,
        seven_pairs,
        thirteen_orphans,
        honors_and_knitted,
        knitted_straight,
    }
}
