//! Seeded randomness, the same on every machine, and random hands.
//!
//! The generator is SplitMix64 with a fixed way of drawing numbers below a
//! bound, written out here rather than taken from `rand`, whose sampling
//! algorithms may change between versions: a seed must name the same walls
//! and hands forever.

use crate::hand::Hand;
use crate::tile::{Tile, COPIES};

/// SplitMix64: small, fast, and fully specified.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-50
    /// for the small bounds used here).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Shuffles in place (Fisher-Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// The 136 ordinary tiles.
pub fn ordinary_deck() -> Vec<Tile> {
    Tile::ordinary()
        .flat_map(|t| std::iter::repeat_n(t, COPIES))
        .collect()
}

/// `size` tiles drawn without replacement from the 136 ordinary tiles.
pub fn random_hand(rng: &mut Rng, size: usize) -> Hand {
    let mut deck = ordinary_deck();
    rng.shuffle(&mut deck);
    Hand::from_tiles(&deck[..size])
}

/// `size` tiles, most from one suit: each tile comes from the suit with
/// probability 7/8 while copies last, else from the rest of the deck.
pub fn flush_hand(rng: &mut Rng, size: usize) -> Hand {
    let suit = rng.below(3);
    let mut inside: Vec<Tile> = ordinary_deck()
        .into_iter()
        .filter(|t| t.index() / 9 == suit && t.is_suited())
        .collect();
    let mut outside: Vec<Tile> = ordinary_deck()
        .into_iter()
        .filter(|t| !(t.index() / 9 == suit && t.is_suited()))
        .collect();
    rng.shuffle(&mut inside);
    rng.shuffle(&mut outside);
    let mut hand = Hand::new();
    for _ in 0..size {
        let from_suit = rng.below(8) != 0;
        let t = if from_suit {
            inside.pop()
        } else {
            outside.pop()
        };
        hand.add(t.or_else(|| outside.pop()).expect("enough tiles"));
    }
    hand
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_outputs() {
        // The published first outputs of SplitMix64 seeded with 0.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn hands_have_their_size() {
        let mut rng = Rng::new(7);
        for size in [1, 2, 13, 14] {
            assert_eq!(random_hand(&mut rng, size).len(), size);
            let f = flush_hand(&mut rng, size);
            assert_eq!(f.len(), size);
            assert_eq!(f.specials(), 0);
        }
    }

    /// A flush hand takes each tile from its suit with probability 7/8, the
    /// rest from outside that suit, and no more copies than the deck holds;
    /// each suit is chosen.
    #[test]
    fn flush_hands_are_mostly_one_suit() {
        let mut rng = Rng::new(11);
        let (mut main, mut all, mut others, mut honors) = (0, 0, 0, 0);
        let mut suits = [0; 3];
        for _ in 0..2000 {
            let h = flush_hand(&mut rng, 14);
            assert!(h.counts().iter().all(|&c| c as usize <= COPIES), "{h:?}");
            let per_suit: [usize; 3] = std::array::from_fn(|s| {
                h.counts()[9 * s..9 * s + 9]
                    .iter()
                    .map(|&c| c as usize)
                    .sum()
            });
            let best = (0..3).max_by_key(|&s| per_suit[s]).expect("three suits");
            suits[best] += 1;
            main += per_suit[best];
            all += h.len();
            let suited: usize = per_suit.iter().sum();
            others += suited - per_suit[best];
            honors += h.len() - suited;
        }
        let share = main as f64 / all as f64;
        // 7/8, give or take sampling (its standard error here is 0.002).
        assert!((0.86..0.89).contains(&share), "{share}");
        assert!(suits.iter().all(|&n| n > 500), "{suits:?}");
        // The rest comes from the 72 tiles of the other suits and the 28
        // honors alike: about 2,500 and 1,000 of 28,000.
        assert!((2000..3000).contains(&others), "{others}");
        assert!((700..1300).contains(&honors), "{honors}");
    }
}
