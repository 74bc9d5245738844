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
//! The method: for each group of kinds (each suit, and the honors) a dynamic
//! program over the kinds computes the best overlap achievable with at most
//! `m` melds and `p` pairs inside that group; the groups are then combined by
//! max-plus convolution. "At most" equals "exactly" because a pong or pair
//! that overlaps nothing always fits somewhere (a target of at most 14 tiles
//! leaves some kind with at most one copy) and never lowers the overlap.

use crate::hand::Hand;
use crate::tile::{Tile, ORDINARY_KINDS};

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
pub fn distance(hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
    check_size(hand.len(), melds)?;
    Ok(distance_unchecked(hand, melds))
}

/// True when `hand` is a complete winning hand: `14 - 3n` tiles, no special
/// tile, distance 0.
pub fn is_winning(hand: &Hand, melds: u8) -> bool {
    melds <= MAX_MELDS
        && hand.len() == 14 - 3 * melds as usize
        && hand.specials() == 0
        && distance_unchecked(hand, melds) == 0
}

/// For a `14 - 3n` hand: the discard that leaves the least distance, ties
/// going to the highest kind index (special kinds included), with that
/// distance.
pub fn best_discard(hand: &Hand, melds: u8) -> Result<(Tile, u8), DistanceError> {
    check_size(hand.len(), melds)?;
    if hand.len() != 14 - 3 * melds as usize {
        return Err(DistanceError::BadSize {
            tiles: hand.len(),
            melds,
        });
    }
    let mut best: Option<(Tile, u8)> = None;
    for t in hand.kinds().rev() {
        let mut h = *hand;
        h.remove(t);
        let d = distance_unchecked(&h, melds);
        if best.is_none_or(|(_, bd)| d < bd) {
            best = Some((t, d));
        }
    }
    Ok(best.expect("a 14-3n hand holds at least two tiles"))
}

/// The distance, for a size already checked.
pub(crate) fn distance_unchecked(hand: &Hand, melds: u8) -> u8 {
    let want = (MAX_MELDS - melds) as usize;
    let full = 14 - 3 * melds;
    full - max_overlap(hand, want)
}

/// Best overlap per (melds used, pairs used) inside one group of kinds.
type Table = [[i8; 2]; 5];
const NONE: i8 = -1;

/// The largest overlap of the hand with `want` melds plus one pair.
fn max_overlap(hand: &Hand, want: usize) -> u8 {
    let c = hand.counts();
    let mut acc = group(&c[0..9], true);
    for (range, chows) in [(9..18, true), (18..27, true), (27..ORDINARY_KINDS, false)] {
        acc = combine(&acc, &group(&c[range], chows));
    }
    acc[want][1] as u8
}

/// Max-plus convolution of two group tables.
fn combine(a: &Table, b: &Table) -> Table {
    let mut out = [[NONE; 2]; 5];
    for ma in 0..5 {
        for pa in 0..2 {
            if a[ma][pa] == NONE {
                continue;
            }
            for mb in 0..5 - ma {
                for pb in 0..2 - pa {
                    if b[mb][pb] == NONE {
                        continue;
                    }
                    let v = a[ma][pa] + b[mb][pb];
                    let o = &mut out[ma + mb][pa + pb];
                    *o = (*o).max(v);
                }
            }
        }
    }
    // "At most m melds": make the table monotone in both indices.
    for m in 0..5 {
        for p in 0..2 {
            let mut v = out[m][p];
            if m > 0 {
                v = v.max(out[m - 1][p]);
            }
            if p > 0 {
                v = v.max(out[m][p - 1]);
            }
            out[m][p] = v;
        }
    }
    out
}

/// Dynamic program over the kinds of one group. State: melds used, pair used,
/// chows started one kind back and two kinds back (each still needs this kind).
// Indices address several arrays at once; iterators would hide that.
#[allow(clippy::needless_range_loop)]
fn group(counts: &[u8], chows: bool) -> Table {
    // dp[m][p][one_back][two_back]
    let mut dp = [[[[NONE; 5]; 5]; 2]; 5];
    dp[0][0][0][0] = 0;
    let len = counts.len();
    for (i, &have) in counts.iter().enumerate() {
        let have = have.min(4) as i8;
        let mut next = [[[[NONE; 5]; 5]; 2]; 5];
        let max_new_chows = if chows && i + 2 < len { 4 } else { 0 };
        for m in 0..5 {
            for p in 0..2 {
                for one in 0..5 {
                    for two in 0..5 {
                        let cur = dp[m][p][one][two];
                        if cur == NONE {
                            continue;
                        }
                        let carried = one + two;
                        for new in 0..=max_new_chows {
                            for pong in 0..2 {
                                for pair in 0..2 - p {
                                    let used = carried + new + 3 * pong + 2 * pair;
                                    let m2 = m + new + pong;
                                    if used > 4 || m2 > 4 {
                                        continue;
                                    }
                                    let v = cur + have.min(used as i8);
                                    let s = &mut next[m2][p + pair][new][one];
                                    *s = (*s).max(v);
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    let mut out = [[NONE; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            out[m][p] = dp[m][p][0][0];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    fn d(s: &str) -> u8 {
        let tiles = parse_tiles(s).unwrap();
        let melds = melds_for_size(tiles.len()).unwrap();
        distance(&Hand::from_tiles(&tiles), melds).unwrap()
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
}
