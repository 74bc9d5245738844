//! MCR tiles under their Botzone names: `W1`-`W9` characters, `T1`-`T9`
//! bamboo, `B1`-`B9` dots, `F1`-`F4` the winds east, south, west, north,
//! `J1`-`J3` the dragons red, green, white, and `H1`-`H8` the flowers.
//!
//! Kinds are numbered `0..34` in that order (characters, bamboo, dots,
//! winds, dragons), which is also the order the reference calculator walks
//! its tiles in, so "the first tile that ..." means the lowest index.

use std::fmt;
use std::str::FromStr;

/// Number of ordinary kinds.
pub const KINDS: usize = 34;

/// Counts by kind: the representation every MCR computation works on.
pub type Counts = [u8; KINDS];

/// One ordinary tile kind (no flowers: those only count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// A tile name that is not one of the 34 kinds (nor, where allowed, a flower).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tile `{0}` (tiles are W1-W9, T1-T9, B1-B9, F1-F4, J1-J3)")]
pub struct UnknownTile(pub String);

impl Tile {
    /// East wind, `F1`.
    pub const EAST: Tile = Tile(27);
    /// Red dragon, `J1`.
    pub const RED: Tile = Tile(31);

    /// The kind of index `i` (`0..34`), if there is one.
    pub fn from_index(i: usize) -> Option<Tile> {
        (i < KINDS).then_some(Tile(i as u8))
    }

    /// Index `0..34`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every kind, in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// The wind of number `w` (0-3 = east, south, west, north).
    pub fn wind(w: u8) -> Option<Tile> {
        (w < 4).then_some(Tile(27 + w))
    }

    /// The suit: 0 characters, 1 bamboo, 2 dots, 3 honors.
    pub fn suit(self) -> u8 {
        (self.0 / 9).min(3)
    }

    /// The rank 1-9 of a suited tile (meaningless for honors).
    pub fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// A suited tile (characters, bamboo or dots).
    pub fn is_suited(self) -> bool {
        self.0 < 27
    }

    /// A wind or a dragon.
    pub fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// A wind.
    pub fn is_wind(self) -> bool {
        (27..31).contains(&self.0)
    }

    /// A dragon.
    pub fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A suited 1 or 9.
    pub fn is_terminal(self) -> bool {
        self.is_suited() && matches!(self.rank(), 1 | 9)
    }

    /// A terminal or an honor.
    pub fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// One of the tiles of All Green: bamboo 2 3 4 6 8 and the green dragon.
    pub fn is_green(self) -> bool {
        matches!(self.0, 10 | 11 | 12 | 14 | 16 | 32)
    }

    /// One of the tiles of Reversible Tiles: bamboo 2 4 5 6 8 9, dots
    /// 1 2 3 4 5 8 9 and the white dragon.
    pub fn is_reversible(self) -> bool {
        matches!(self.0, 10 | 12 | 13 | 14 | 16 | 17 | 18..=22 | 25 | 26 | 33)
    }

    /// The tile of `suit` (0-2) and `rank` (1-9).
    pub fn suited(suit: u8, rank: u8) -> Tile {
        debug_assert!(suit < 3 && (1..=9).contains(&rank));
        Tile(suit * 9 + rank - 1)
    }

    /// The Botzone name.
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// The kind named `s` exactly (`W1`-`J3`, as [`Tile::name`] spells
    /// it), without allocating on a miss: the judge reads every answer's
    /// tiles with it.
    pub fn from_name(s: &str) -> Option<Tile> {
        let &[letter, digit] = s.as_bytes() else {
            return None;
        };
        let (first, kinds) = match letter {
            b'W' => (0, 9),
            b'T' => (9, 9),
            b'B' => (18, 9),
            b'F' => (27, 4),
            b'J' => (31, 3),
            _ => return None,
        };
        let rank = digit.wrapping_sub(b'1');
        (rank < kinds).then(|| Tile(first + rank))
    }

    /// The tile in the rule-free core's numbering (characters are `M`,
    /// dots `P`, bamboo `S`; the dragons red, green, white are `Z F B`).
    pub fn to_core(self) -> crate::tile::Tile {
        let core = match self.suit() {
            0 => self.0,
            1 => 18 + self.0 - 9,
            2 => 9 + self.0 - 18,
            _ => match self.0 {
                31 => 33,
                33 => 31,
                x => x,
            },
        };
        crate::tile::Tile::from_index(usize::from(core)).expect("an ordinary kind")
    }
}

const NAMES: [&str; KINDS] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", //
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", //
    "F1", "F2", "F3", "F4", "J1", "J2", "J3",
];

impl FromStr for Tile {
    type Err = UnknownTile;

    fn from_str(s: &str) -> Result<Tile, UnknownTile> {
        Tile::from_name(s).ok_or_else(|| UnknownTile(s.to_string()))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Whether `s` names a flower, `H1`-`H8`.
pub fn is_flower(s: &str) -> bool {
    matches!(s.as_bytes(), [b'H', b'1'..=b'8'])
}

/// Counts of a list of tiles.
pub fn counts_of(tiles: &[Tile]) -> Counts {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.index()] = c[t.index()].saturating_add(1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_classes() {
        for t in Tile::all() {
            assert_eq!(t.name().parse::<Tile>(), Ok(t));
        }
        assert!("H1".parse::<Tile>().is_err() && is_flower("H8") && !is_flower("H9"));
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert!(t("T6").is_green() && t("J2").is_green() && !t("J1").is_green());
        assert!(t("B1").is_reversible() && t("J3").is_reversible() && !t("B6").is_reversible());
        assert_eq!(t("B3").to_core().to_string(), "3P");
        assert_eq!(t("T3").to_core().to_string(), "3S");
        assert_eq!(t("J1").to_core().to_string(), "Z");
        assert_eq!(t("J3").to_core().to_string(), "B");
    }

    #[test]
    fn names_read_exactly_as_the_list_spells_them() {
        let by_list = |s: &str| NAMES.iter().position(|n| *n == s).map(|i| Tile(i as u8));
        let mut found = 0;
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let s = String::from_utf8_lossy(&[a, b]).into_owned();
                assert_eq!(Tile::from_name(&s), by_list(&s), "{s:?}");
                found += usize::from(Tile::from_name(&s).is_some());
            }
        }
        assert_eq!(found, KINDS);
        for s in ["", "W", "W10", "W1 ", " W1", "w1", "F5", "J4", "W0", "H1"] {
            assert_eq!(Tile::from_name(s), None, "{s:?}");
        }
    }
}
