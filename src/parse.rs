//! Strict, helpful parsing of tile lists, hands and decks.
//!
//! Input is raw bytes: names separated by ASCII whitespace (so CRLF line ends,
//! several names a line and trailing blank lines are fine). Anything else is
//! an error that says where: `line 5, column 1: unknown tile `10M``.

use crate::tile::{Tile, COPIES, KINDS};
use std::fmt;

/// A 1-based position in the input. Columns count characters (an invalid
/// UTF-8 byte counts as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A word that is no tile name (shown escaped).
    UnknownTile(String),
    /// The input starts with a UTF-8 byte-order mark.
    ByteOrderMark,
    /// More tiles than expected; the position is the first extra tile.
    TooManyTiles {
        /// Tiles expected.
        expected: usize,
    },
    /// Fewer tiles than expected.
    TooFewTiles {
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
        /// Kinds with fewer than four copies, and their counts.
        short: Vec<(Tile, usize)>,
    },
    /// A hand's size fits no meld count (sizes 1 to 14 but 3, 6, 9, 12 do).
    HandSize(usize),
    /// A kind appears too often; the position is its first copy too many.
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How often it appears in the whole input.
        count: usize,
    },
}

/// A parse error, with the position of the offending name where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where, when the error is about one name.
    pub pos: Option<Pos>,
    /// What.
    pub kind: ErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(pos) = self.pos {
            write!(f, "{pos}: ")?;
        }
        match &self.kind {
            ErrorKind::UnknownTile(word) => write!(
                f,
                "unknown tile `{word}` (tiles are 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, PASS REVERSE DOUBLE)"
            ),
            ErrorKind::ByteOrderMark => {
                f.write_str("the input starts with a UTF-8 byte-order mark; save it without one")
            }
            ErrorKind::TooManyTiles { expected } => {
                write!(f, "wall has more than {expected} tiles, expected {expected}; this is tile {}", expected + 1)
            }
            ErrorKind::TooFewTiles {
                found,
                expected,
                short,
            } => {
                write!(f, "wall has {found} tiles, expected {expected}")?;
                if !short.is_empty() && short.len() <= 8 {
                    let list: Vec<String> = short.iter().map(|(t, c)| format!("{t} ({c})")).collect();
                    write!(f, "; kinds with fewer than {COPIES} copies: {}", list.join(", "))?;
                }
                Ok(())
            }
            ErrorKind::HandSize(0) => f.write_str("empty line; each line holds one hand"),
            ErrorKind::HandSize(n) => write!(
                f,
                "a hand of {n} tiles fits no meld count (13 or 14 tiles: 0 melds, 10 or 11: 1, 7 or 8: 2, 4 or 5: 3, 1 or 2: 4)"
            ),
            ErrorKind::TooManyCopies { tile, count } => {
                write!(f, "kind {tile} appears {count} times, expected {COPIES}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Splits input into words with their positions, in order.
pub fn words(input: &[u8]) -> impl Iterator<Item = (Pos, &[u8])> {
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < input.len() && input[i].is_ascii_whitespace() {
            if input[i] == b'\n' {
                line += 1;
                line_start = i + 1;
            }
            i += 1;
        }
        if i == input.len() {
            return None;
        }
        let start = i;
        while i < input.len() && !input[i].is_ascii_whitespace() {
            i += 1;
        }
        let column = 1 + String::from_utf8_lossy(&input[line_start..start])
            .chars()
            .count();
        Some((Pos { line, column }, &input[start..i]))
    })
}

/// Escapes a word for an error message: printable text as is, anything else
/// as `\u{..}` / `\x..` escapes, cut after 40 characters.
fn show(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    if std::str::from_utf8(word).is_err() {
        out.push_str(" (not valid UTF-8)");
    }
    out
}

/// Parses tile names with their positions, stopping at the first bad one.
pub fn parse_positioned(input: &[u8]) -> Result<Vec<(Pos, Tile)>, ParseError> {
    if input.starts_with(b"\xEF\xBB\xBF") {
        return Err(ParseError {
            pos: Some(Pos { line: 1, column: 1 }),
            kind: ErrorKind::ByteOrderMark,
        });
    }
    words(input)
        .map(|(pos, w)| match Tile::from_bytes(w) {
            Some(t) => Ok((pos, t)),
            None => Err(ParseError {
                pos: Some(pos),
                kind: ErrorKind::UnknownTile(show(w)),
            }),
        })
        .collect()
}

/// One hand a line, as read by `mahjong-sim distance`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    /// The line number, from 1.
    pub line: usize,
    /// The tiles, in input order.
    pub tiles: Vec<Tile>,
    /// Exposed melds implied by the size.
    pub melds: u8,
}

/// Parses one hand a line; the meld count follows from the size (13 or 14
/// tiles: 0, ..., 1 or 2: 4). Blank lines are errors, except at the end.
pub fn parse_hand_lines(input: &[u8]) -> Result<Vec<HandLine>, ParseError> {
    let body_end = input
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let mut out = Vec::new();
    for (i, raw) in input[..body_end].split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        let at = |mut e: ParseError| {
            if let Some(p) = &mut e.pos {
                p.line = line;
            }
            e
        };
        let tiles: Vec<(Pos, Tile)> = parse_positioned(raw).map_err(at)?;
        let column = tiles.first().map_or(1, |(p, _)| p.column);
        let melds = crate::distance::melds_for_size(tiles.len()).ok_or(ParseError {
            pos: Some(Pos { line, column }),
            kind: ErrorKind::HandSize(tiles.len()),
        })?;
        let tiles = tiles.into_iter().map(|(_, t)| t).collect();
        out.push(HandLine { line, tiles, melds });
    }
    Ok(out)
}

/// Checks a deck read by [`parse_positioned`]: exactly four copies of each
/// of `kinds` and nothing else, in `kinds.len() * 4` names. Errors point at
/// the first name past the end, or the earliest copy too many, or list the
/// kinds that are short.
pub fn parse_deck(tiles: Vec<(Pos, Tile)>, kinds: &[Tile]) -> Result<Vec<Tile>, ParseError> {
    let full = kinds.len() * COPIES;
    if tiles.len() > full {
        return Err(ParseError {
            pos: Some(tiles[full].0),
            kind: ErrorKind::TooManyTiles { expected: full },
        });
    }
    let mut seen = [0usize; KINDS];
    let mut first_extra: [Option<Pos>; KINDS] = [None; KINDS];
    let mut allowed = [false; KINDS];
    for k in kinds {
        allowed[k.index()] = true;
    }
    for &(pos, t) in &tiles {
        seen[t.index()] += 1;
        let limit = if allowed[t.index()] { COPIES } else { 0 };
        if seen[t.index()] == limit + 1 {
            first_extra[t.index()] = Some(pos);
        }
    }
    // The earliest copy too many in the input is the one to point at.
    if let Some((k, pos)) = (0..KINDS)
        .filter_map(|k| first_extra[k].map(|p| (k, p)))
        .min_by_key(|&(_, p)| p)
    {
        return Err(ParseError {
            pos: Some(pos),
            kind: ErrorKind::TooManyCopies {
                tile: Tile::from_index(k).expect("k < KINDS"),
                count: seen[k],
            },
        });
    }
    if tiles.len() < full {
        let short = kinds
            .iter()
            .filter(|t| seen[t.index()] < COPIES)
            .map(|&t| (t, seen[t.index()]))
            .collect();
        return Err(ParseError {
            pos: None,
            kind: ErrorKind::TooFewTiles {
                found: tiles.len(),
                expected: full,
                short,
            },
        });
    }
    Ok(tiles.into_iter().map(|(_, t)| t).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let e = parse_positioned("1M  é 2M x".as_bytes()).unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 1, column: 5 }));
        let e = parse_positioned("1M é x".as_bytes()).unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 1, column: 4 }));
    }
}
