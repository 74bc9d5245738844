//! The THUPC wall: 148 tiles in drawing order, first tile drawn first, and
//! its strict parsing.

use crate::parse::{parse_deck, read_positioned, ParseError, ReadError};
use crate::tile::{Tile, COPIES, KINDS};
use std::fmt;

/// Tiles in a full THUPC deck: 37 kinds, four copies each.
pub const FULL_WALL: usize = KINDS * COPIES;
/// Tiles dealt before the first turn: 13 to each of four players.
pub const DEAL: usize = 13 * 4;

/// A wall the game can be played on: at least the 52 dealt tiles, at most the
/// full 148, no kind more than four times. The contest asks for exactly the
/// full deck; shorter walls (ending in an exhausted wall sooner) are accepted
/// here for testing and fuzzing.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Wall(Vec<Tile>);

/// Why a tile sequence is not a playable wall.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallError {
    /// Fewer tiles than the deal needs, or more than a full deck.
    #[error("wall has {0} tiles; a playable wall has {DEAL} to {FULL_WALL}")]
    Length(usize),
    /// A kind appears more than four times.
    #[error("kind {tile} appears {count} times, at most {COPIES} allowed")]
    Copies {
        /// The kind.
        tile: Tile,
        /// How often it appears.
        count: usize,
    },
}

impl Wall {
    /// Checks and wraps a tile sequence.
    pub fn new(tiles: Vec<Tile>) -> Result<Wall, WallError> {
        if !(DEAL..=FULL_WALL).contains(&tiles.len()) {
            return Err(WallError::Length(tiles.len()));
        }
        let counts = counts(&tiles);
        if let Some(k) = (0..KINDS).find(|&k| counts[k] > COPIES) {
            return Err(WallError::Copies {
                tile: Tile::from_index(k).expect("k < KINDS"),
                count: counts[k],
            });
        }
        Ok(Wall(tiles))
    }

    /// The full deck in kind order (unshuffled).
    pub fn sorted_deck() -> Vec<Tile> {
        Tile::all()
            .flat_map(|t| std::iter::repeat_n(t, COPIES))
            .collect()
    }

    /// The tiles, first drawn first.
    pub fn tiles(&self) -> &[Tile] {
        &self.0
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: a wall holds at least the deal.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// True for the contest's complete 148-tile wall.
    pub fn is_full(&self) -> bool {
        self.0.len() == FULL_WALL
    }
}

/// Counts by kind index.
pub fn counts(tiles: &[Tile]) -> [usize; KINDS] {
    let mut c = [0; KINDS];
    for t in tiles {
        c[t.index()] += 1;
    }
    c
}

impl fmt::Display for Wall {
    /// The contest input format: one name a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.0 {
            writeln!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wall[{}]", crate::tile::format_tiles(&self.0))
    }
}

/// Parses a contest wall: exactly 148 names, exactly four of each kind.
pub fn parse_wall(input: &[u8]) -> Result<Wall, ParseError> {
    read_wall(input).map_err(|e| match e {
        ReadError::Parse(e) => e,
        ReadError::Io(e) => unreachable!("reading memory cannot fail: {e}"),
    })
}

/// Reads a contest wall from `reader`, as [`parse_wall`] parses one, reading
/// no further than the first name too many (or the first that is no tile):
/// an endless input is refused at its 149th name.
pub fn read_wall<R: std::io::BufRead>(reader: R) -> Result<Wall, ReadError> {
    let all: Vec<Tile> = Tile::all().collect();
    let tiles = parse_deck(read_positioned(reader, FULL_WALL)?, &all)?;
    Ok(Wall::new(tiles).expect("148 tiles, at most four of each kind"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Pos;

    fn deck_text(sep: &str) -> String {
        let names: Vec<&str> = Wall::sorted_deck().iter().map(|t| t.name()).collect();
        names.join(sep)
    }

    #[test]
    fn accepts_crlf_and_several_a_line() {
        let w = parse_wall(deck_text("\r\n").as_bytes()).unwrap();
        assert_eq!(w.tiles(), &Wall::sorted_deck()[..]);
        let w2 = parse_wall(format!("{}\n\n\n", deck_text(" ")).as_bytes()).unwrap();
        assert_eq!(w, w2);
    }

    #[test]
    fn unknown_tile_has_position() {
        let text = deck_text("\n").replacen("5M", "10M", 1);
        let e = parse_wall(text.as_bytes()).unwrap_err();
        assert_eq!(
            e.pos,
            Some(Pos {
                line: 17,
                column: 1
            })
        );
        assert!(e
            .to_string()
            .starts_with("line 17, column 1: unknown tile `10M`"));
    }

    #[test]
    fn counts_are_checked() {
        let text = deck_text("\n").replacen("9M", "8M", 1);
        let e = parse_wall(text.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 33, column 1: kind 8M appears 5 times, expected 4"
        );
        let short = deck_text("\n").replacen("3P\n", "", 1);
        let e = parse_wall(short.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "wall has 147 tiles, expected 148; kinds with fewer than 4 copies: 3P (3)"
        );
        let long = format!("{}\nE", deck_text("\n"));
        let e = parse_wall(long.as_bytes()).unwrap_err();
        assert_eq!(
            e.pos,
            Some(Pos {
                line: 149,
                column: 1
            })
        );
    }

    #[test]
    fn garbage_never_panics() {
        for input in [
            &b""[..],
            b"\xEF\xBB\xBF1M",
            b"\x00\xff\xfe",
            b"   \n\n",
            b"\xc3",
        ] {
            assert!(parse_wall(input).is_err());
        }
    }

    /// A full wall and a shorter playable one: sizes, and the `Debug` that
    /// prints a wall as tiles (for paste-ready failure messages).
    #[test]
    fn sizes_and_debug() {
        let deck = Wall::sorted_deck();
        let full = Wall::new(deck.clone()).unwrap();
        assert!(full.is_full() && !full.is_empty());
        assert_eq!(full.len(), FULL_WALL);
        let short = Wall::new(deck[..DEAL + 1].to_vec()).unwrap();
        assert!(!short.is_full() && !short.is_empty());
        assert!(
            format!("{short:?}").starts_with("Wall[1M 1M 1M 1M 2M"),
            "{short:?}"
        );
    }
}
