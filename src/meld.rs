//! Melds (sets): chows, pungs and kongs, with one written notation used
//! everywhere: compact, `123M` a chow, `111M` a pung, `1111M` a kong, `EEE`.

use crate::tile::Tile;
use serde::Serialize;
use std::fmt;

/// A set: a chow, a pung or a kong, in a decomposition or exposed on the
/// table. Melds order by lowest tile, then chow < pung < kong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meld {
    /// Three in a row; the lowest tile.
    Chow(Tile),
    /// Three of a kind.
    Pung(Tile),
    /// Four of a kind.
    Kong(Tile),
}

impl Ord for Meld {
    fn cmp(&self, other: &Meld) -> std::cmp::Ordering {
        let rank = |s: &Meld| {
            (
                s.first(),
                matches!(s, Meld::Pung(_)) as u8 + 2 * matches!(s, Meld::Kong(_)) as u8,
            )
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Meld {
    fn partial_cmp(&self, other: &Meld) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Meld {
    /// The set's tiles.
    pub fn tiles(self) -> Vec<Tile> {
        match self {
            Meld::Chow(t) => vec![t, t.offset(1).expect("chow"), t.offset(2).expect("chow")],
            Meld::Pung(t) => vec![t; 3],
            Meld::Kong(t) => vec![t; 4],
        }
    }

    /// Its number of tiles: 3, or 4 for a kong.
    pub fn size(self) -> u8 {
        match self {
            Meld::Chow(_) | Meld::Pung(_) => 3,
            Meld::Kong(_) => 4,
        }
    }

    /// The lowest tile.
    pub fn first(self) -> Tile {
        match self {
            Meld::Chow(t) | Meld::Pung(t) | Meld::Kong(t) => t,
        }
    }

    /// `chow`, `pung` or `kong`.
    pub fn kind(self) -> &'static str {
        match self {
            Meld::Chow(_) => "chow",
            Meld::Pung(_) => "pung",
            Meld::Kong(_) => "kong",
        }
    }

    /// The set from its tiles: a chow (in any order), a pung or a kong.
    pub fn from_tiles(tiles: &[Tile]) -> Option<Meld> {
        let mut t = tiles.to_vec();
        t.sort();
        match *t.as_slice() {
            [a, b, c] if a == b && b == c && !a.is_special() => Some(Meld::Pung(a)),
            [a, b, c, d] if a == b && b == c && c == d && !a.is_special() => Some(Meld::Kong(a)),
            [a, b, c] if a.offset(1) == Some(b) && a.offset(2) == Some(c) => Some(Meld::Chow(a)),
            _ => None,
        }
    }
}

impl Meld {
    /// Reads a meld as this program writes it (`123M`, `777S`, `1111M`,
    /// `EEE`) or as its tiles separated by white space (`1M 2M 3M`).
    pub fn parse(text: &str) -> Option<Meld> {
        let text = text.trim();
        if text.contains(char::is_whitespace) {
            return Meld::from_tiles(&crate::tile::parse_tiles(text).ok()?);
        }
        let (digits, suit) = text.split_at(text.len().saturating_sub(1));
        let tiles: Option<Vec<Tile>> =
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                // `123M`: numbers, then the suit letter.
                digits
                    .chars()
                    .map(|d| format!("{d}{suit}").parse().ok())
                    .collect()
            } else {
                // `EEE`: one-letter honor names.
                text.chars().map(|c| c.to_string().parse().ok()).collect()
            };
        Meld::from_tiles(&tiles?)
    }
}

/// Writes tiles of one suit compactly: `123M`, `EEE`.
pub fn write_compact(f: &mut fmt::Formatter<'_>, tiles: &[Tile]) -> fmt::Result {
    let t0 = tiles[0];
    if t0.is_suited() {
        for t in tiles {
            write!(f, "{}", t.number().expect("suited"))?;
        }
        write!(f, "{}", &t0.name()[1..])
    } else {
        for t in tiles {
            f.write_str(t.name())?;
        }
        Ok(())
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_compact(f, &self.tiles())
    }
}

impl Serialize for Meld {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Meld", 2)?;
        st.serialize_field("kind", self.kind())?;
        st.serialize_field("tiles", &self.tiles())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Meld> {
        let mut v = Vec::new();
        for t in Tile::ordinary() {
            v.push(Meld::Pung(t));
            v.push(Meld::Kong(t));
            if t.number().is_some_and(|n| n <= 7) {
                v.push(Meld::Chow(t));
            }
        }
        v
    }

    /// Ascending by lowest tile, then chow < pung < kong; and the order
    /// agrees with equality.
    #[test]
    fn order_is_lowest_tile_then_chow_pung_kong() {
        let melds = all();
        for a in &melds {
            for b in &melds {
                let by_rank = |m: &Meld| {
                    let kind = match m {
                        Meld::Chow(_) => 0,
                        Meld::Pung(_) => 1,
                        Meld::Kong(_) => 2,
                    };
                    (m.first(), kind)
                };
                assert_eq!(a.cmp(b), by_rank(a).cmp(&by_rank(b)), "{a} {b}");
                assert_eq!(a.cmp(b) == std::cmp::Ordering::Equal, a == b, "{a} {b}");
            }
        }
    }

    #[test]
    fn reads_what_it_writes() {
        for m in all() {
            assert_eq!(Meld::parse(&m.to_string()), Some(m), "{m}");
            let spaced = crate::tile::format_tiles(&m.tiles());
            assert_eq!(Meld::parse(&spaced), Some(m), "{spaced}");
        }
        assert_eq!(Meld::Chow("7S".parse().unwrap()).to_string(), "789S");
        assert_eq!(Meld::Pung(Tile::SOUTH).to_string(), "SSS");
        assert_eq!(Meld::Kong("1M".parse().unwrap()).to_string(), "1111M");
    }

    #[test]
    fn refuses_what_is_no_meld() {
        for bad in [
            "",
            "12M",
            "124M",
            "11M",
            "11111M",
            "EE",
            "ESW",
            "PASSPASSPASS",
            "789",
            "1 2 3",
            "10M",
            "112M",
            "1112M",
            "1222M",
            "1122M",
            "1234M",
            "EEES",
        ] {
            assert_eq!(Meld::parse(bad), None, "{bad}");
        }
        // Tiles that are no set, special ones among them.
        for bad in [
            "1M 1M 2M",
            "1M 2M 2M",
            "1M 1M 1M 2M",
            "1M 2M 2M 2M",
            "1M 1M 2M 2M",
            "PASS PASS PASS",
            "PASS PASS PASS PASS",
            "E E E S",
        ] {
            let tiles = crate::tile::parse_tiles(bad).unwrap();
            assert_eq!(Meld::from_tiles(&tiles), None, "{bad}");
        }
    }
}
