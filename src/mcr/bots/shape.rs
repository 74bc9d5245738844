//! Shanten for the bots, fast: the regular form by the core's distance
//! tables ([`crate::distance`]; one shanten is the distance less one), the
//! other forms by counting, the knitted straight by
//! [`crate::mcr::shanten`] when it is near. The regular number is the
//! exact distance to four sets and a pair; MahjongGB's search can read a
//! few hands one higher: a bot's estimate, not the reference's.

use crate::distance::distance_from_counts;
use crate::mcr::calc::{KNITTED, ORPHANS};
use crate::mcr::shanten::knitted_straight_below;
use crate::mcr::tile::{Counts, KINDS};

/// Honors, one bit each.
const HONORS: u64 = 0x7F << 27;

/// A number far from any hand.
const FAR: i32 = 99;

/// Kinds held, one bit each.
pub fn held_bits(hand: &Counts) -> u64 {
    (0..KINDS)
        .filter(|&i| hand[i] != 0)
        .fold(0, |m, i| m | 1 << i)
}

/// The regular shanten of `hand` (`13 - 3 * melds` or one more tiles).
pub fn regular(hand: &Counts, melds: usize) -> i32 {
    let mut c = [0u8; crate::tile::KINDS];
    // Suits and honors are each read alike, so MCR's order serves as is.
    c[..KINDS].copy_from_slice(hand);
    distance_from_counts(&c, melds as u8).map_or(FAR, |d| i32::from(d) - 1)
}

/// The best shanten of `hand` (13 or 14 less 3 a meld tiles) over every
/// form its melds allow.
pub fn best(hand: &Counts, melds: usize) -> i32 {
    let mut s = regular(hand, melds);
    if melds == 0 {
        s = s.min(seven_pairs(hand));
        let held = held_bits(hand);
        let orphans = (held & ORPHANS).count_ones() as i32;
        let pair = (0..KINDS).any(|i| ORPHANS >> i & 1 != 0 && hand[i] > 1);
        s = s.min(13 - orphans - i32::from(pair));
        let knitted = KNITTED
            .iter()
            .map(|&k| (held & (k | HONORS)).count_ones() as i32)
            .max()
            .unwrap_or(0);
        s = s.min(13 - knitted);
    }
    if melds <= 1 && s > 0 {
        s = s.min(knitted_straight(hand, s));
    }
    s
}

/// Seven pairs' shanten (13 or 14 tiles, no melds).
pub fn seven_pairs(hand: &Counts) -> i32 {
    6 - hand.iter().map(|&c| i32::from(c / 2)).sum::<i32>()
}

/// The knitted straight's shanten of a 13- or 10-tile hand, when it can
/// beat `bound` (it needs most of nine knitted kinds); `FAR` otherwise.
fn knitted_straight(hand: &Counts, bound: i32) -> i32 {
    let held = held_bits(hand);
    let most = KNITTED
        .iter()
        .map(|&k| (held & k).count_ones() as i32)
        .max()
        .unwrap_or(0);
    // Each missing knitted kind is a tile to draw, less one for the
    // rest's shanten of -1 at best.
    if 8 - most >= bound {
        return FAR;
    }
    // Only a number below `bound` changes the best.
    knitted_straight_below(hand, bound).unwrap_or(FAR)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::shanten::best_number;
    use crate::mcr::tile::{counts_of, Tile};
    use crate::rng::Rng;

    #[test]
    fn the_fast_shanten_is_the_reference_s_within_one() {
        let mut rng = Rng::new(9);
        let deck: Vec<Tile> = (0..136).map(|i| Tile::from_index(i / 4).unwrap()).collect();
        let mut differ = 0;
        for n in [13, 10, 7] {
            for _ in 0..2000 {
                let mut d = deck.clone();
                rng.shuffle(&mut d);
                d.truncate(n);
                let melds = (13 - n) / 3;
                let ours = best(&counts_of(&d), melds);
                let theirs = best_number(&d).unwrap();
                assert!(
                    ours <= theirs && ours + 1 >= theirs,
                    "{d:?}: {ours} {theirs}"
                );
                differ += usize::from(ours != theirs);
            }
        }
        assert!(differ < 60, "{differ} hands differ");
    }
}
