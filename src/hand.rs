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
        let len = tile_count(&counts);
        Hand {
            counts,
            len: len.min(255) as u8,
            keys: group_keys(&counts),
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

/// The base-5 keys of the three suits and the honors of `counts`, each count
/// capped at 4 (first kind of a group in the lowest digit). Each group's
/// counts are read eight at a time as one word (SWAR): [`group_key`] caps
/// every byte and folds the bytes into a base-5 number, a few word
/// operations instead of one multiply a kind.
#[inline(always)]
pub(crate) fn group_keys(counts: &[u8; KINDS]) -> [u32; 4] {
    let word = |at: usize| u64::from_le_bytes(counts[at..at + 8].try_into().expect("8 bytes"));
    let ninth = |at: usize| u32::from(counts[at + 8].min(4)) * POW5[8];
    [
        group_key(word(0)) + ninth(0),
        group_key(word(9)) + ninth(9),
        group_key(word(18)) + ninth(18),
        // The honors are seven kinds: the eighth byte (PASS) is dropped.
        group_key(word(27) & 0x00ff_ffff_ffff_ffff),
    ]
}

/// The sum of the 37 counts, a word of eight at a time: bytes added in
/// pairs into 16-bit lanes (five words: up to 2,550 a lane), then the four
/// lanes by one multiply (up to 10,200, within 16 bits).
#[inline(always)]
pub(crate) fn tile_count(counts: &[u8; KINDS]) -> usize {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    let word = |at: usize| u64::from_le_bytes(counts[at..at + 8].try_into().expect("8 bytes"));
    // Bytes 32 to 36 as the top five of the word at 29.
    let words = [
        word(0),
        word(8),
        word(16),
        word(24),
        word(29) & !0x00ff_ffff,
    ];
    let lanes: u64 = words.iter().map(|w| (w & EVEN) + ((w >> 8) & EVEN)).sum();
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
}

/// The base-5 number of eight counts held one a byte (the first kind in the
/// lowest byte), every count capped at 4.
#[inline(always)]
fn group_key(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte's top bit ends up set when the byte is 5 or more: its low seven
    // bits plus 0x7b carry into bit 7 (never beyond), or bit 7 was set.
    let five_or_more = (((x & LOW7) + 0x7b7b_7b7b_7b7b_7b7b) | x) & HIGH;
    let mask = (five_or_more >> 7) * 0xff;
    // (The two parts share no bit: `+` is `|` here.)
    let capped = (x & !mask) + (0x0404_0404_0404_0404 & mask);
    // Fold neighbours by multiplying: adding the next byte times 5 into each
    // byte leaves pairs in 16-bit lanes (up to 24); likewise quadruples in
    // 32-bit lanes (up to 624), then the two halves. No lane overflows into
    // the next, and what overflows the word is never kept.
    let pairs = (capped.wrapping_mul((1 << 8) + 5) >> 8) & 0x00ff_00ff_00ff_00ff;
    let quads = (pairs.wrapping_mul((1 << 16) + 25) >> 16) & 0x0000_ffff_0000_ffff;
    (quads.wrapping_mul((1 << 32) + 625) >> 32) as u32
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

    /// The keys `from_counts` folds a word at a time are the plain base-5
    /// sums, on counts of every size (0 to 255) in every place.
    #[test]
    fn from_counts_keys_are_the_capped_base_5_sums() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..200_000 {
            let mut counts = [0u8; KINDS];
            for c in counts.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly 0 to 6, now and then anything.
                *c = if round % 7 == 0 {
                    seed as u8
                } else {
                    (seed % 7) as u8
                };
            }
            let plain = |from: usize, n: usize| -> u32 {
                (0..n)
                    .map(|i| u32::from(counts[from + i].min(4)) * POW5[i])
                    .sum()
            };
            let h = Hand::from_counts(counts);
            assert_eq!(
                h.group_keys(),
                [plain(0, 9), plain(9, 9), plain(18, 9), plain(27, 7)],
                "{counts:?}"
            );
            let len: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            assert_eq!(h.len(), len.min(255) as usize);
        }
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
