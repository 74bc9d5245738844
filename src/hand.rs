//! A hand: how many tiles of each kind a player holds (exposed melds are not
//! part of it).

use crate::tile::{Tile, KINDS, ORDINARY_KINDS};
use std::fmt;

/// Tile counts by kind. Any count is representable (up to 255 of a kind), so
/// impossible hands can still be asked about.
///
/// Alongside the counts the hand keeps, for each suit and the honors, the
/// counts read as one base-5 number with every count capped at 4: the keys
/// of the distance tables, updated as tiles come and go rather than
/// recomputed at every question.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
    keys: [u32; 4],
}

/// 5^i: the weight of the i-th kind of a group in its key.
pub(crate) const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand {
            counts: [0; KINDS],
            len: 0,
            keys: [0; 4],
        }
    }

    /// A hand holding these tiles. Counts saturate at 255 per kind.
    pub fn from_tiles(tiles: &[Tile]) -> Hand {
        let mut h = Hand::new();
        for &t in tiles {
            h.add(t);
        }
        h
    }

    /// A hand from counts by kind index.
    pub fn from_counts(counts: [u8; KINDS]) -> Hand {
        let len = counts.iter().fold(0u32, |sum, &c| sum + c as u32);
        // Straight-line sums of independent products: no loop-carried chain.
        let group = |g: usize, n: usize| {
            let c = &counts[9 * g..9 * g + n];
            c.iter()
                .zip(POW5)
                .fold(0u32, |key, (&x, w)| key + x.min(4) as u32 * w)
        };
        Hand {
            counts,
            len: len.min(255) as u8,
            keys: [group(0, 9), group(1, 9), group(2, 9), group(3, 7)],
        }
    }

    /// Adds one tile (saturating at 255 of a kind or 255 in all).
    #[inline]
    pub fn add(&mut self, t: Tile) {
        let k = t.index();
        if self.counts[k] < u8::MAX && self.len < u8::MAX {
            // The key digit is the count capped at 4.
            if self.counts[k] < 4 && k < ORDINARY_KINDS {
                self.keys[k / 9] += POW5[k % 9];
            }
            self.counts[k] += 1;
            self.len += 1;
        }
    }

    /// Removes one tile; false (and no change) when the hand holds none.
    #[inline]
    pub fn remove(&mut self, t: Tile) -> bool {
        let k = t.index();
        if self.counts[k] == 0 {
            return false;
        }
        self.counts[k] -= 1;
        self.len -= 1;
        if self.counts[k] < 4 && k < ORDINARY_KINDS {
            self.keys[k / 9] -= POW5[k % 9];
        }
        true
    }

    /// How many tiles of kind `t` the hand holds.
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.counts[t.index()]
    }

    /// Counts by kind index.
    #[inline]
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// Counts of the 34 ordinary kinds (special tiles left out), as
    /// decomposition and other hand-shape code takes them.
    pub fn ordinary_counts(&self) -> [u8; ORDINARY_KINDS] {
        let mut c = [0u8; ORDINARY_KINDS];
        c.copy_from_slice(&self.counts[..ORDINARY_KINDS]);
        c
    }

    /// The base-5 keys of the three suits and the honors, counts capped at 4
    /// (first kind of a group in the lowest digit).
    #[inline]
    pub fn group_keys(&self) -> [u32; 4] {
        self.keys
    }

    /// Number of tiles.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the hand holds no tile.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of special tiles (PASS, REVERSE, DOUBLE) held.
    #[inline]
    pub fn specials(&self) -> usize {
        self.counts[ORDINARY_KINDS..]
            .iter()
            .map(|&c| c as usize)
            .sum()
    }

    /// The first special tile held in the order PASS, REVERSE, DOUBLE.
    pub fn first_special(&self) -> Option<Tile> {
        [Tile::PASS, Tile::REVERSE, Tile::DOUBLE]
            .into_iter()
            .find(|&t| self.count(t) > 0)
    }

    /// The tiles, in kind order, each repeated by its count.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, self.count(t) as usize))
    }

    /// The distinct kinds held, in kind order.
    pub fn kinds(&self) -> impl DoubleEndedIterator<Item = Tile> + '_ {
        Tile::all().filter(move |&t| self.count(t) > 0)
    }
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl fmt::Display for Hand {
    /// Space-separated names in kind order, e.g. `1M 1M 5P E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(t.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand[{self}]")
    }
}

impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.tiles())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    #[test]
    fn keys_follow_the_counts_and_cap_at_four() {
        let mut h = Hand::new();
        let t = Tile::from_index(10).unwrap(); // 2P: pin key, digit 1
        for n in 1..=6u32 {
            h.add(t);
            assert_eq!(h.group_keys(), [0, 5 * n.min(4), 0, 0]);
            assert_eq!(Hand::from_counts(*h.counts()), h);
        }
        for n in (0..6u32).rev() {
            h.remove(t);
            assert_eq!(h.group_keys(), [0, 5 * n.min(4), 0, 0]);
        }
        h.add(Tile::RED);
        h.add(Tile::PASS);
        assert_eq!(h.group_keys(), [0, 0, 0, 625 * 5 * 5]);
    }

    #[test]
    fn add_remove_count() {
        let mut h = Hand::from_tiles(&parse_tiles("1M 1M PASS S").unwrap());
        assert_eq!(h.len(), 4);
        assert_eq!(h.specials(), 1);
        assert_eq!(h.first_special(), Some(Tile::PASS));
        assert!(h.remove(Tile::PASS));
        assert!(!h.remove(Tile::PASS));
        assert_eq!(h.specials(), 0);
        assert_eq!(h.to_string(), "1M 1M S");
    }
}
