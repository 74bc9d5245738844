//! Tile kinds: the 34 ordinary kinds (three suits and seven honors) and the
//! three THUPC special kinds, with their contest names.
//!
//! Kinds are numbered `0..37`: `1M..9M` are 0..8, `1P..9P` 9..17, `1S..9S`
//! 18..26, the honors `E S W N B F Z` 27..33, and `PASS REVERSE DOUBLE` 34..36.
//! The numbering is the contest's discard tie order reversed, so "the earliest
//! of `Z F B N W S E 9S .. 1M`" is simply "the highest index".

use std::fmt;
use std::str::FromStr;

/// Number of tile kinds, special kinds included.
pub const KINDS: usize = 37;
/// Number of ordinary (non-special) kinds: three suits of nine, seven honors.
pub const ORDINARY_KINDS: usize = 34;
/// Number of suited kinds (man, pin, sou).
pub const SUITED_KINDS: usize = 27;
/// Copies of each kind in a full set.
pub const COPIES: usize = 4;

/// One tile kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// The three suits, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suit {
    /// Characters, `1M..9M`.
    Man,
    /// Dots, `1P..9P`.
    Pin,
    /// Bamboo, `1S..9S`.
    Sou,
}

const NAMES: [&str; KINDS] = [
    "1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M", //
    "1P", "2P", "3P", "4P", "5P", "6P", "7P", "8P", "9P", //
    "1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", //
    "E", "S", "W", "N", "B", "F", "Z", //
    "PASS", "REVERSE", "DOUBLE",
];

impl Tile {
    /// East wind.
    pub const EAST: Tile = Tile(27);
    /// South wind (`S`, not to be confused with the bamboo suffix).
    pub const SOUTH: Tile = Tile(28);
    /// West wind.
    pub const WEST: Tile = Tile(29);
    /// North wind.
    pub const NORTH: Tile = Tile(30);
    /// White dragon (`B`).
    pub const WHITE: Tile = Tile(31);
    /// Green dragon (`F`).
    pub const GREEN: Tile = Tile(32);
    /// Red dragon (`Z`).
    pub const RED: Tile = Tile(33);
    /// The PASS special tile.
    pub const PASS: Tile = Tile(34);
    /// The REVERSE special tile.
    pub const REVERSE: Tile = Tile(35);
    /// The DOUBLE special tile.
    pub const DOUBLE: Tile = Tile(36);

    /// The tile of kind `index` (`0..37`), or `None`.
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < KINDS {
            Some(Tile(index as u8))
        } else {
            None
        }
    }

    /// A suited tile: `number` in `1..=9`.
    pub const fn suited(suit: Suit, number: u8) -> Option<Tile> {
        if number >= 1 && number <= 9 {
            Some(Tile(suit as u8 * 9 + number - 1))
        } else {
            None
        }
    }

    /// The kind's index, `0..37`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every kind, in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Tile> + ExactSizeIterator + Clone {
        (0..KINDS as u8).map(Tile)
    }

    /// The 34 ordinary kinds, in index order.
    pub fn ordinary() -> impl DoubleEndedIterator<Item = Tile> + ExactSizeIterator + Clone {
        (0..ORDINARY_KINDS as u8).map(Tile)
    }

    /// True for PASS, REVERSE and DOUBLE.
    #[inline]
    pub const fn is_special(self) -> bool {
        self.0 as usize >= ORDINARY_KINDS
    }

    /// True for the 27 suited kinds.
    #[inline]
    pub const fn is_suited(self) -> bool {
        (self.0 as usize) < SUITED_KINDS
    }

    /// True for the seven honors.
    #[inline]
    pub const fn is_honor(self) -> bool {
        !self.is_suited() && !self.is_special()
    }

    /// The suit of a suited tile.
    pub const fn suit(self) -> Option<Suit> {
        match self.0 / 9 {
            0 => Some(Suit::Man),
            1 => Some(Suit::Pin),
            2 => Some(Suit::Sou),
            _ => None,
        }
    }

    /// The number `1..=9` of a suited tile.
    pub const fn number(self) -> Option<u8> {
        if self.is_suited() {
            Some(self.0 % 9 + 1)
        } else {
            None
        }
    }

    /// The suited tile `delta` steps away in the same suit (no wrapping).
    pub fn offset(self, delta: i8) -> Option<Tile> {
        let number = self.number()? as i8 + delta;
        Tile::suited(self.suit()?, u8::try_from(number).ok()?)
    }

    /// The contest name, e.g. `5P`, `S`, `PASS`.
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the 37 tile names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tile `{0}`")]
pub struct UnknownTile(pub String);

impl FromStr for Tile {
    type Err = UnknownTile;

    /// Parses a contest name. Names are case-sensitive, as in the contest.
    fn from_str(s: &str) -> Result<Tile, UnknownTile> {
        Tile::from_bytes(s.as_bytes()).ok_or_else(|| UnknownTile(s.to_string()))
    }
}

impl Tile {
    /// Parses a contest name from raw bytes; `None` when it is no name.
    pub fn from_bytes(b: &[u8]) -> Option<Tile> {
        let suit = |c: u8| match c {
            b'M' => Some(Suit::Man),
            b'P' => Some(Suit::Pin),
            b'S' => Some(Suit::Sou),
            _ => None,
        };
        match b {
            [d @ b'1'..=b'9', s] => Tile::suited(suit(*s)?, d - b'0'),
            [c] => {
                let i = b"ESWNBFZ".iter().position(|x| x == c)?;
                Some(Tile(27 + i as u8))
            }
            b"PASS" => Some(Tile::PASS),
            b"REVERSE" => Some(Tile::REVERSE),
            b"DOUBLE" => Some(Tile::DOUBLE),
            _ => None,
        }
    }
}

impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses whitespace-separated tile names, e.g. `"1M 1M 2P S"`.
pub fn parse_tiles(s: &str) -> Result<Vec<Tile>, UnknownTile> {
    s.split_whitespace().map(str::parse).collect()
}

/// Formats tiles as space-separated names.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let names: Vec<&str> = tiles.iter().map(|t| t.name()).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Tile::all() {
            assert_eq!(t.name().parse::<Tile>(), Ok(t));
        }
    }

    #[test]
    fn south_wind_is_not_bamboo() {
        assert_eq!("S".parse::<Tile>(), Ok(Tile::SOUTH));
        assert_eq!("1S".parse::<Tile>().unwrap().suit(), Some(Suit::Sou));
        assert!("S".parse::<Tile>().unwrap().is_honor());
    }

    #[test]
    fn rejects_near_misses() {
        for bad in [
            "", "10M", "0M", "1m", "pass", "1H", "EE", "1M ", " E", "DOUBLES",
        ] {
            assert!(bad.parse::<Tile>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn offsets_do_not_wrap() {
        let t9m: Tile = "9M".parse().unwrap();
        assert_eq!(t9m.offset(1), None);
        assert_eq!(t9m.offset(-2), Some("7M".parse().unwrap()));
        assert_eq!(Tile::EAST.offset(1), None);
        let t1p: Tile = "1P".parse().unwrap();
        assert_eq!(t1p.offset(-1), None);
    }

    #[test]
    fn tie_order_is_descending_index() {
        // Z F B N W S E 9S .. 1S 9P .. 1P 9M .. 1M
        let order: Vec<&str> = Tile::ordinary().rev().map(Tile::name).collect();
        assert_eq!(&order[..8], &["Z", "F", "B", "N", "W", "S", "E", "9S"]);
        assert_eq!(order.last(), Some(&"1M"));
    }

    #[test]
    fn from_index_stops_at_the_last_kind() {
        assert_eq!(Tile::from_index(KINDS - 1), Some(Tile::DOUBLE));
        assert_eq!(Tile::from_index(KINDS), None);
    }

    #[test]
    fn debug_is_the_name() {
        assert_eq!(format!("{:?}", Tile::DOUBLE), "DOUBLE");
        assert_eq!(format!("{:?}", [Tile::from_index(0).unwrap()]), "[1M]");
    }
}
