//! The winning distance (和牌距离): the fewest tiles missing from a hand to a
//! winning shape.
//!
//! A hand with `n` exposed melds holds `13 - 3n` or `14 - 3n` tiles. Its
//! targets are the multisets of `14 - 3n` ordinary tiles that split into
//! `4 - n` melds (chows or pongs) and one pair, with at most four copies of any
//! kind. The distance is `14 - 3n` minus the largest overlap
//! `sum_k min(hand_k, target_k)` over all targets. Special tiles are counted
//! in the size but never overlap, and copies beyond the fourth never overlap
//! either, so impossible hands are measured rather than rejected.
//!
//! Nothing here knows the rules of a particular game: callers decide what
//! counts as an exposed meld and which tiles are special.
//!
//! # How it is fast
//!
//! A group of kinds (a suit, or the honors) matters to the rest of the hand
//! only through ten numbers: its best overlap with at most `m` melds and `p`
//! pairs, `m <= 4`, `p <= 1`. Only 126 such vectors occur for a suit and 55
//! for the honors, so each group is one table lookup from its counts (read as
//! a base-5 number) to a class id. Combining groups is max-plus convolution,
//! and that closes quickly too: man+pin gives 180 classes, sou+honors 165. So
//! a distance is four class lookups, two pair lookups and one final lookup,
//! all in tables that `build.rs` generates at compile time
//! (`src/distance/generate.rs` holds the dynamic program that defines them;
//! about 2.3 MB in use, 2 MB of it the suit table). Rows of the pair tables
//! and of the last are powers of two long, so that an index is a shift, not
//! a multiply: a call is a chain of dependent lookups, and its latency is
//! the cost. The tables are padded so that no index can pass their ends (a
//! mask, or the size of a byte, bounds every index), which leaves the
//! lookups without bounds checks and without `unsafe`. From raw counts, the
//! whole call is compiled for SSSE3 where the processor has it (checked at
//! run time), for SSE2 otherwise. [`suit_bests`] and
//! [`honor_bests`] read one group's vector from them; `tests/exhaustive.rs`
//! checks both, and the distance of every one-group hand, against the
//! oracle for every count vector a hand can hold.
//!
//! The best discard uses that a discard never lowers the distance of a full
//! hand and some discard keeps it: walking kinds in tie order, the first that
//! keeps the distance is the answer, usually found within a few lookups.

use crate::hand::{group_keys, tile_count, Hand, POW5};
use crate::tile::{Tile, KINDS, ORDINARY_KINDS};

/// The most exposed melds a hand can have.
pub const MAX_MELDS: u8 = 4;

/// A question the distance cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DistanceError {
    /// More than four exposed melds.
    #[error("at most 4 exposed melds are possible, not {0}")]
    TooManyMelds(u8),
    /// The hand size does not fit the meld count.
    #[error(
        "a hand with {melds} exposed meld(s) holds {} or {} tiles, not {tiles}",
        13 - 3 * *melds as usize,
        14 - 3 * *melds as usize
    )]
    BadSize {
        /// Tiles in the hand.
        tiles: usize,
        /// Exposed melds.
        melds: u8,
    },
}

/// Checks that a hand of `tiles` tiles fits `melds` exposed melds.
#[inline]
pub fn check_size(tiles: usize, melds: u8) -> Result<(), DistanceError> {
    if melds > MAX_MELDS {
        return Err(DistanceError::TooManyMelds(melds));
    }
    let full = 14 - 3 * melds as usize;
    if tiles == full || tiles + 1 == full {
        Ok(())
    } else {
        Err(DistanceError::BadSize { tiles, melds })
    }
}

/// The meld count implied by a hand size: 13 or 14 tiles mean 0 melds, 10 or
/// 11 mean 1, ..., 1 or 2 mean 4. `None` for any other size.
pub fn melds_for_size(tiles: usize) -> Option<u8> {
    let short = 14usize.checked_sub(tiles)?;
    // 14 - 3n tiles leave a multiple of 3; 13 - 3n leave one more.
    (tiles > 0 && short % 3 != 2).then_some((short / 3) as u8)
}

/// The winning distance of `hand` with `melds` exposed melds.
#[inline]
pub fn distance(hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
    check_size(hand.len(), melds)?;
    Ok(distance_unchecked(hand, melds))
}

/// The winning distance of a hand given as counts by kind index, with
/// `melds` exposed melds: [`distance`] of `Hand::from_counts(*counts)`,
/// without building the hand (the table keys straight from the counts).
#[inline]
pub fn distance_from_counts(counts: &[u8; KINDS], melds: u8) -> Result<u8, DistanceError> {
    #[cfg(target_arch = "x86_64")]
    let d = if std::arch::is_x86_feature_detected!("ssse3") {
        // SAFETY: the processor has SSSE3.
        unsafe { from_counts_ssse3(counts, melds) }
    } else {
        from_counts(counts, melds, group_keys(counts))
    };
    #[cfg(not(target_arch = "x86_64"))]
    let d = from_counts(counts, melds, group_keys(counts));
    match d {
        NO_SIZE => {
            Err(check_size(tile_count(counts), melds).expect_err("a size that does not fit"))
        }
        d => Ok(d),
    }
}

/// What [`from_counts`] answers for a size that does not fit.
const NO_SIZE: u8 = u8::MAX;

/// [`from_counts`] with its keys built by SSSE3, the whole call compiled
/// for it: the keys stay in registers on their way to the lookups, and the
/// answer comes back in one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
fn from_counts_ssse3(counts: &[u8; KINDS], melds: u8) -> u8 {
    from_counts(counts, melds, crate::hand::ssse3::group_keys(counts))
}

/// The distance of `counts` from their `keys`, or [`NO_SIZE`].
#[inline(always)]
fn from_counts(counts: &[u8; KINDS], melds: u8, keys: [u32; 4]) -> u8 {
    // `check_size` in one comparison: 13 - 3m or 14 - 3m tiles.
    if melds > MAX_MELDS || (tile_count(counts) + 3 * melds as usize).wrapping_sub(13) > 1 {
        return NO_SIZE;
    }
    Keys(keys).distance(melds)
}

/// True when `hand` is a complete winning hand: `14 - 3n` tiles, no special
/// tile, distance 0.
pub fn is_winning(hand: &Hand, melds: u8) -> bool {
    melds <= MAX_MELDS
        && hand.len() == 14 - 3 * melds as usize
        && hand.specials() == 0
        && groups_can_win(hand)
        && distance_unchecked(hand, melds) == 0
}

/// A quick necessary test for a winning hand, before the table lookups
/// (whose cache misses are most of a call): melds and the pair lie within
/// a group, so each group (a suit, the honors) holds `3m` tiles or, for
/// exactly one of them, `3m + 2`. An environment asks whether every
/// player could win on every discard; most hands fail this.
fn groups_can_win(hand: &Hand) -> bool {
    let counts = hand.counts();
    let mut pairs = 0;
    for group in [0..9, 9..18, 18..27, 27..ORDINARY_KINDS] {
        let tiles: u32 = counts[group].iter().map(|&c| u32::from(c)).sum();
        match tiles % 3 {
            0 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == 1
}

/// The choice of a discard from a full (`14 - 3n`) hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The tile to discard.
    pub tile: Tile,
    /// The distance of the full hand before the discard (0: it wins, if it
    /// holds no special tile).
    pub before: u8,
    /// The distance after the discard: the least any discard leaves.
    pub after: u8,
}

/// For a `14 - 3n` hand: the discard that leaves the least distance, ties
/// going to the first in `order` (a ruleset's tie order; it must list every
/// kind the hand holds).
pub fn best_discard(hand: &Hand, melds: u8, order: &[Tile]) -> Result<Discard, DistanceError> {
    check_size(hand.len(), melds)?;
    if hand.len() != 14 - 3 * melds as usize {
        return Err(DistanceError::BadSize {
            tiles: hand.len(),
            melds,
        });
    }
    let keys = Keys::of(hand);
    let before = keys.distance(melds);
    // Every discard from a winning hand leaves 1; otherwise the best keeps
    // the distance, and none lowers it.
    let goal = before.max(1);
    let counts = hand.counts();
    for &t in order {
        let k = t.index();
        let c = counts[k];
        if c == 0 {
            continue;
        }
        // A special tile or a copy beyond the fourth never overlaps: dropping
        // it keeps the overlap.
        let after = if k >= ORDINARY_KINDS || c > 4 {
            before.max(1)
        } else {
            keys.without(k).distance(melds)
        };
        if after == goal {
            return Ok(Discard {
                tile: t,
                before,
                after,
            });
        }
    }
    unreachable!("some discard keeps the distance of a full hand, if `order` lists every kind held")
}

/// The distance, for a size already checked.
#[inline]
pub(crate) fn distance_unchecked(hand: &Hand, melds: u8) -> u8 {
    Keys::of(hand).distance(melds)
}

#[rustfmt::skip]
mod tables {
    include!(concat!(env!("OUT_DIR"), "/distance_tables.rs"));
}
use tables::{
    AB_AT, AB_ROWS, CH_AT, CH_BITS, HONOR_AT, HONOR_BITS, HONOR_LEN, HONOR_VECTORS, LAST_AT,
    SUIT_AT, SUIT_BITS, SUIT_LEN, SUIT_VECTORS, TABLES,
};

/// A group's best overlaps: `[m][p]` with at most `m` melds and `p` pairs
/// (`m <= 4`, `p <= 1`) inside the group.
pub type GroupBests = [[u8; 2]; 5];

/// The base-5 key of a group's counts, each capped at 4 (first kind lowest).
fn group_key(counts: &[u8]) -> usize {
    counts
        .iter()
        .zip(POW5)
        .map(|(&c, w)| c.min(4) as usize * w as usize)
        .sum()
}

/// The best overlaps of one suit's nine counts (1 to 9) on their own, as the
/// tables hold them: all the rest of a hand needs to know about the suit.
pub fn suit_bests(counts: &[u8; 9]) -> GroupBests {
    SUIT_VECTORS[TABLES[SUIT_AT + group_key(counts)] as usize]
}

/// The best overlaps of the seven honor counts (E S W N B F Z) on their own,
/// as the tables hold them.
pub fn honor_bests(counts: &[u8; 7]) -> GroupBests {
    HONOR_VECTORS[TABLES[HONOR_AT + group_key(counts)] as usize]
}

/// The base-5 keys of the three suits and the honors (counts capped at 4),
/// as the hand keeps them.
#[derive(Clone, Copy)]
struct Keys([u32; 4]);

impl Keys {
    #[inline]
    fn of(hand: &Hand) -> Keys {
        Keys(hand.group_keys())
    }

    /// The keys with one copy of ordinary kind `k` (held 1 to 4 times) less.
    #[inline]
    fn without(self, k: usize) -> Keys {
        let mut keys = self;
        keys.0[k / 9] -= POW5[k % 9];
        keys
    }

    /// The distance with `melds` exposed melds (at most 4): the last table
    /// holds `14 - 3n` less the largest overlap, so no arithmetic follows
    /// the lookups.
    #[inline(always)]
    fn distance(self, melds: u8) -> u8 {
        // Keys are below 5^9 and 5^7; the masks only tell the compiler that
        // no index passes the (padded) tables' ends, and bytes cannot.
        let [a, b, c, h] = self.0;
        let a = TABLES[SUIT_AT + (a as usize & (SUIT_LEN - 1))] as usize;
        let b = TABLES[SUIT_AT + (b as usize & (SUIT_LEN - 1))] as usize;
        let c = TABLES[SUIT_AT + (c as usize & (SUIT_LEN - 1))] as usize;
        let h = TABLES[HONOR_AT + (h as usize & (HONOR_LEN - 1))] as usize;
        let ab = TABLES[AB_AT + (a << SUIT_BITS | b)] as usize;
        let ch = TABLES[CH_AT + (c << HONOR_BITS | h)] as usize;
        TABLES[LAST_AT + ((melds as usize * AB_ROWS + ab) << CH_BITS | ch)]
    }
}

// The dynamic program behind the tables: built into `build.rs`, and here
// only for the tests that hold the lookups to it.
#[cfg(test)]
mod generate;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{parse_tiles, KINDS};

    fn d(s: &str) -> u8 {
        let tiles = parse_tiles(s).unwrap();
        let melds = melds_for_size(tiles.len()).unwrap();
        distance(&Hand::from_tiles(&tiles), melds).unwrap()
    }

    /// `is_winning` turns a hand down before the tables only when the
    /// tables would too: on built winning hands (melds and a pair, every
    /// group and every meld count) and on random full hands, it says what
    /// the distance says.
    #[test]
    fn the_quick_group_test_never_turns_down_a_winning_hand() {
        let mut rng = crate::rng::Rng::new(5);
        let (mut won, mut lost) = (0, 0);
        for i in 0..40_000 {
            let melds = (i % 5) as u8;
            let mut counts = [0u8; ORDINARY_KINDS];
            if i % 2 == 0 {
                // A winning shape: 4 - melds sets and a pair, at random.
                let pair = rng.below(ORDINARY_KINDS);
                counts[pair] += 2;
                for _ in melds..MAX_MELDS {
                    let k = rng.below(ORDINARY_KINDS);
                    if k < 27 && k % 9 < 7 && rng.below(2) == 0 {
                        (k..k + 3).for_each(|j| counts[j] += 1);
                    } else {
                        counts[k] += 3;
                    }
                }
            } else {
                for _ in 0..14 - 3 * melds {
                    counts[rng.below(ORDINARY_KINDS)] += 1;
                }
            }
            let tiles: Vec<Tile> = (0..ORDINARY_KINDS)
                .flat_map(|k| std::iter::repeat_n(Tile::from_index(k).unwrap(), counts[k].into()))
                .collect();
            let hand = Hand::from_tiles(&tiles);
            let wins = distance_unchecked(&hand, melds) == 0;
            assert_eq!(is_winning(&hand, melds), wins, "{tiles:?}, {melds} melds");
            if wins {
                won += 1;
            } else {
                lost += 1;
            }
        }
        // Not degenerate: both answers, many times (a fifth copy makes a
        // built shape lose).
        assert!(won > 15_000 && lost > 15_000, "{won} won, {lost} lost");
    }

    #[test]
    fn fifth_tile_traps() {
        assert_eq!(d("1M 1M 1M 1M"), 2);
        assert_eq!(d("1M"), 1);
        assert_eq!(d("1M 1M 1M 1M 1P 2P 3P 1S 1S 2S 2S 3S 3S"), 2);
    }

    #[test]
    fn copies_beyond_four_are_measured_like_dead_tiles() {
        // 111 123 456 789 uses four 1M; the fifth 1M can be neither the pair
        // nor anything else, exactly like a special tile in its place.
        assert_eq!(d("1M 1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M"), 2);
        assert_eq!(d("1M 1M 1M 1M PASS 2M 3M 4M 5M 6M 7M 8M 9M"), 2);
        assert_eq!(d("1M 1M 1M 1M E 2M 3M 4M 5M 6M 7M 8M 9M"), 1);
        assert_eq!(d("E E E E E E E E E E E E E E"), 11);
    }

    #[test]
    fn winning_and_tenpai() {
        assert_eq!(d("1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S S"), 0);
        assert_eq!(d("1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S"), 1);
        assert_eq!(d("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"), 1);
        // Chows never wrap and honors never chow: the best target keeps the
        // three 8-9 pairs (as 7-8-9), one 1 (as 1-2-3) and one honor (as the
        // pair): 8 of 14 tiles kept.
        assert_eq!(d("8M 9M 1M 8P 9P 1P 8S 9S 1S E S W N B"), 6);
    }

    #[test]
    fn special_tiles_never_fit() {
        assert_eq!(d("PASS PASS PASS PASS REVERSE REVERSE REVERSE REVERSE DOUBLE DOUBLE DOUBLE DOUBLE 1M"), 13);
        assert_eq!(d("PASS REVERSE"), 2);
        // One tile, four melds: the pair needs two ordinary tiles.
        assert_eq!(d("PASS"), 2);
        assert_eq!(d("PASS 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M"), 2);
    }

    #[test]
    fn sizes_are_checked() {
        let h = Hand::from_tiles(&parse_tiles("1M 2M 3M").unwrap());
        assert!(distance(&h, 0).is_err());
        assert!(distance(&h, 5).is_err());
        assert_eq!(melds_for_size(0), None);
        assert_eq!(melds_for_size(15), None);
        assert_eq!(melds_for_size(13), Some(0));
        assert_eq!(melds_for_size(11), Some(1));
        assert_eq!(melds_for_size(2), Some(4));
        assert_eq!(melds_for_size(1), Some(4));
        for bad in [0, 3, 6, 9, 12, 15, 200] {
            assert_eq!(melds_for_size(bad), None, "{bad} tiles");
        }
        for good in [1, 2, 4, 5, 7, 8, 10, 11, 13, 14] {
            let n = melds_for_size(good).unwrap();
            assert!(check_size(good, n).is_ok(), "{good} tiles, {n} melds");
        }
    }

    /// The lookups agree with the dynamic program they were built from, for
    /// every meld count, on hands spread over all kinds.
    #[test]
    fn lookups_match_the_dynamic_program() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let mut counts = [0u8; KINDS];
            let size = 1 + (seed % 14) as usize;
            for _ in 0..size {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                counts[(seed % 34) as usize] += 1;
            }
            let hand = Hand::from_counts(counts);
            let c = hand.counts();
            let v = [
                generate::group_vector(&c[0..9], true),
                generate::group_vector(&c[9..18], true),
                generate::group_vector(&c[18..27], true),
                generate::group_vector(&c[27..34], false),
            ];
            let all = generate::combine(
                &generate::combine(&v[0], &v[1]),
                &generate::combine(&v[2], &v[3]),
            );
            for (want, best) in all.iter().enumerate() {
                let melds = 4 - want as u8;
                let d = 14 - 3 * melds - best[1];
                assert_eq!(Keys::of(&hand).distance(melds), d, "{hand} melds {melds}");
            }
            if let Some(melds) = melds_for_size(hand.len()) {
                assert_eq!(
                    distance_from_counts(hand.counts(), melds),
                    distance(&hand, melds)
                );
                // The portable keys too, whichever this processor runs.
                let portable = from_counts(hand.counts(), melds, group_keys(hand.counts()));
                assert_eq!(Ok(portable), distance(&hand, melds));
            }
        }
    }

    /// From counts, a size that does not fit is the same error as from a
    /// hand, on every path.
    #[test]
    fn from_counts_refuses_what_distance_refuses() {
        for size in 0..=16usize {
            let mut counts = [0u8; KINDS];
            for i in 0..size {
                counts[(i * 7) % KINDS] += 1;
            }
            let hand = Hand::from_counts(counts);
            for melds in 0..=6u8 {
                let want = distance(&hand, melds);
                assert_eq!(
                    distance_from_counts(&counts, melds),
                    want,
                    "{size} tiles, {melds} melds"
                );
                let portable = from_counts(&counts, melds, group_keys(&counts));
                assert_eq!(
                    portable == NO_SIZE,
                    want.is_err(),
                    "{size} tiles, {melds} melds"
                );
            }
        }
    }
}
