//! The wall: the tiles in drawing order, first tile drawn first.

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
