//! Tile kinds, their names, and how words are cut out of an answer
//! (points 1, 2, 3 and 27).
//!
//! A tile is a `u8` kind: `W1..W9` are 0..8, `B1..B9` are 9..17 and
//! `T1..T9` are 18..26. Every name is looked up in one table ([`NAMES`]), so
//! naming and parsing cannot disagree.

/// Number of tile kinds (point 1: three suits of nine, no honours).
pub const KINDS: usize = 27;

/// The name of every kind, indexed by kind (upper case, as requests write them).
pub const NAMES: [&str; KINDS] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", //
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9",
];

/// The upper-case name of a kind, e.g. `tile_name(0) == "W1"`.
///
/// Panics when `kind >= 27`.
pub fn tile_name(kind: u8) -> &'static str {
    NAMES[kind as usize]
}

/// The kind named by `word`, compared case-insensitively with every entry of
/// [`NAMES`] (points 2 and 27); `None` for anything else (`W0`, `W10`, `Z1`,
/// ` W1`, ...).
pub fn parse_tile(word: &str) -> Option<u8> {
    NAMES
        .iter()
        .position(|name| name.eq_ignore_ascii_case(word))
        .map(|kind| kind as u8)
}

/// The words of an answer: pieces separated by runs of spaces or tabs, with
/// leading and trailing runs ignored (point 27). No other character
/// separates words: `"PASS\n"` is the one word `"PASS\n"`.
pub fn words(text: &str) -> Vec<&str> {
    text.split([' ', '\t'])
        .filter(|word| !word.is_empty())
        .collect()
}

/// The kinds named by the words of `text` (see [`words`]), in order; `None`
/// when any word is not a tile name.
pub fn parse_tiles(text: &str) -> Option<Vec<u8>> {
    words(text).into_iter().map(parse_tile).collect()
}

/// How many tiles of each kind `tiles` holds.
pub fn count_tiles(tiles: &[u8]) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for &tile in tiles {
        counts[tile as usize] += 1;
    }
    counts
}

/// The tile names of `tiles` joined by single spaces.
pub fn names_of(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(|&tile| tile_name(tile))
        .collect::<Vec<_>>()
        .join(" ")
}
