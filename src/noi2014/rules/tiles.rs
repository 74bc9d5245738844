//! The NOI2014 tile names (point 1): `W1`..`W9` (characters), `B1`..`B9`
//! (dots), `T1`..`T9` (bamboo), written over the core's [`Tile`] kinds 0..27
//! (W = the core's man suit, B = pin, T = sou).
//!
//! Exposed tiles are written in lower case where a hand is listed (point 2);
//! bots' answers name tiles case-insensitively ([`parse_any_case`]), walls
//! are upper case only ([`parse_upper`], see [`crate::noi2014::rules::wall`]).

use crate::noi2014::rules::KINDS;
use crate::tile::Tile;
use std::fmt;

macro_rules! name_tables {
    ($($upper:literal $lower:literal)*) => {
        /// Upper-case names by kind.
        const UPPER: [&str; KINDS] = [$($upper),*];
        /// Lower-case names by kind (exposed tiles).
        const LOWER: [&str; KINDS] = [$($lower),*];
        /// `PLAY c` answers, so that bots answer without formatting.
        pub(crate) const PLAY: [&str; KINDS] = [$(concat!("PLAY ", $upper)),*];
        /// `PENG c` answers.
        pub(crate) const PENG: [&str; KINDS] = [$(concat!("PENG ", $upper)),*];
        /// `GANG c` answers.
        pub(crate) const GANG: [&str; KINDS] = [$(concat!("GANG ", $upper)),*];
    };
}

name_tables! {
    "W1" "w1" "W2" "w2" "W3" "w3" "W4" "w4" "W5" "w5" "W6" "w6" "W7" "w7" "W8" "w8" "W9" "w9"
    "B1" "b1" "B2" "b2" "B3" "b3" "B4" "b4" "B5" "b5" "B6" "b6" "B7" "b7" "B8" "b8" "B9" "b9"
    "T1" "t1" "T2" "t2" "T3" "t3" "T4" "t4" "T5" "t5" "T6" "t6" "T7" "t7" "T8" "t8" "T9" "t9"
}

/// The tile of NOI2014 kind `kind` (`0..27`).
///
/// # Panics
/// When `kind >= 27`.
#[inline]
pub fn tile(kind: usize) -> Tile {
    assert!(kind < KINDS, "NOI2014 kinds are 0..27, not {kind}");
    Tile::from_index(kind).expect("kind < 27")
}

/// True for the 27 kinds of this ruleset (the core's suited kinds).
#[inline]
pub fn is_noi(t: Tile) -> bool {
    t.index() < KINDS
}

/// The 27 kinds in index order.
pub fn all() -> impl DoubleEndedIterator<Item = Tile> + ExactSizeIterator + Clone {
    (0..KINDS).map(tile)
}

/// The upper-case name, e.g. `W7`.
///
/// # Panics
/// For a core kind outside this ruleset (honors, special tiles).
#[inline]
pub fn name(t: Tile) -> &'static str {
    UPPER[t.index()]
}

/// The lower-case name of an exposed tile, e.g. `w7`.
///
/// # Panics
/// For a core kind outside this ruleset.
#[inline]
pub fn lower_name(t: Tile) -> &'static str {
    LOWER[t.index()]
}

/// A tile shown by its NOI2014 name (`format!("{}", Name(t))` gives `W7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Name(pub Tile);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(name(self.0))
    }
}

fn suit_of(letter: u8) -> Option<usize> {
    match letter {
        b'W' => Some(0),
        b'B' => Some(1),
        b'T' => Some(2),
        _ => None,
    }
}

/// Parses an upper-case name (`W1`..`T9`); `None` for anything else.
#[inline]
pub fn parse_upper(word: &[u8]) -> Option<Tile> {
    match *word {
        [s, d @ b'1'..=b'9'] => Some(tile(suit_of(s)? * 9 + (d - b'1') as usize)),
        _ => None,
    }
}

/// Parses a name in either case (`w1`, `W1`), as bots' answers are read
/// (points 2 and 27); `None` for anything else.
#[inline]
pub fn parse_any_case(word: &[u8]) -> Option<Tile> {
    match *word {
        [s, d] => parse_upper(&[s.to_ascii_uppercase(), d]),
        _ => None,
    }
}

/// Counts by kind of a tile list.
pub fn counts_of(tiles: &[Tile]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.index()] += 1;
    }
    c
}

/// Space-separated upper-case names.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut s = String::with_capacity(tiles.len() * 3);
    for (i, &t) in tiles.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(name(t));
    }
    s
}

/// Parses whitespace-separated upper-case names (for tests and tools).
pub fn parse_tiles(text: &str) -> Option<Vec<Tile>> {
    text.split_ascii_whitespace()
        .map(|w| parse_upper(w.as_bytes()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_core_suits() {
        for t in all() {
            assert_eq!(parse_upper(name(t).as_bytes()), Some(t));
            assert_eq!(parse_any_case(lower_name(t).as_bytes()), Some(t));
            assert_eq!(parse_upper(lower_name(t).as_bytes()), None);
            assert!(t.is_suited());
        }
        // W = man, B = pin, T = sou in the core's numbering.
        assert_eq!(tile(0).name(), "1M");
        assert_eq!(tile(9).name(), "1P");
        assert_eq!(tile(26).name(), "9S");
        assert_eq!(Name(tile(13)).to_string(), "B5");
        assert_eq!(PLAY[20], "PLAY T3");
        assert_eq!(PENG[0], "PENG W1");
        assert_eq!(GANG[17], "GANG B9");
    }

    #[test]
    fn near_misses_are_not_names() {
        for bad in ["", "W", "W0", "W10", "X1", "1W", "W 1", "ww1", "W1 "] {
            assert_eq!(parse_any_case(bad.as_bytes()), None, "{bad:?}");
        }
    }
}
