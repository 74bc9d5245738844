//! A hand: how many tiles of each kind a player holds (exposed melds are not
//! part of it).

use crate::tile::{Tile, KINDS, ORDINARY_KINDS};
use std::fmt;

/// Tile counts by kind. Any count is representable (up to 255 of a kind), so
/// impossible hands can still be asked about.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
}

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand {
            counts: [0; KINDS],
            len: 0,
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
        let len = counts.iter().map(|&c| c as u32).sum::<u32>();
        Hand {
            counts,
            len: len.min(255) as u8,
        }
    }

    /// Adds one tile (saturating at 255 of a kind or 255 in all).
    #[inline]
    pub fn add(&mut self, t: Tile) {
        if self.counts[t.index()] < u8::MAX && self.len < u8::MAX {
            self.counts[t.index()] += 1;
            self.len += 1;
        }
    }

    /// Removes one tile; false (and no change) when the hand holds none.
    #[inline]
    pub fn remove(&mut self, t: Tile) -> bool {
        if self.counts[t.index()] == 0 {
            return false;
        }
        self.counts[t.index()] -= 1;
        self.len -= 1;
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
