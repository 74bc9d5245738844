//! The game's initial data: the wall (each seat's own part) and the
//! prevalent wind, as Botzone's `initdata` gives them.

use super::super::tile::{Tile, UnknownTile};
use std::fmt;
use std::str::FromStr;

/// Players at a table: the wall is cut into a part for each.
pub const PLAYERS: usize = 4;

/// Standing tiles a seat is dealt.
pub const HAND_TILES: usize = 13;

/// One tile of a wall: an ordinary kind or a flower `H1`-`H8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallTile {
    /// One of the 34 kinds.
    Kind(Tile),
    /// Flower `H1`-`H8` (its number, 1-8).
    Flower(Flower),
}

/// A flower, `H1`-`H8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Flower(u8);

impl Flower {
    /// Flower `H{n}`, for `n` in 1-8.
    pub fn new(n: u8) -> Option<Flower> {
        (1..=8).contains(&n).then_some(Flower(n))
    }

    /// Its number, 1-8.
    pub fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Flower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "H{}", self.0)
    }
}

impl fmt::Display for WallTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WallTile::Kind(t) => t.fmt(f),
            WallTile::Flower(h) => h.fmt(f),
        }
    }
}

impl FromStr for WallTile {
    type Err = UnknownTile;

    /// A Botzone tile name or `H1`-`H8`, exactly.
    fn from_str(s: &str) -> Result<WallTile, UnknownTile> {
        if let [b'H', n @ b'1'..=b'8'] = s.as_bytes() {
            return Ok(WallTile::Flower(Flower(n - b'0')));
        }
        s.parse().map(WallTile::Kind)
    }
}

/// Why a wall cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallError {
    /// A word that is no tile name.
    #[error("wall tile {position}: {error}")]
    Tile {
        /// Its position, from 0.
        position: usize,
        /// The word.
        error: UnknownTile,
    },
    /// A seat's part holds fewer than 13 ordinary tiles: the deal cannot
    /// be made (the official judge reads past its part).
    #[error(
        "seat {seat}'s part of the wall has {kinds} tiles that are no flowers; the deal needs 13"
    )]
    ShortPart {
        /// The seat.
        seat: u8,
        /// Its ordinary tiles.
        kinds: usize,
    },
    /// The prevalent wind is not 0-3.
    #[error("prevalent wind {0} is not 0-3")]
    Quan(i64),
}

/// A wall: `len / 4` tiles for each seat, seat `i` owning tiles
/// `i*len/4 .. (i+1)*len/4` and drawing from the end of its part; tiles
/// past `4 * (len / 4)` are never used (as in the official judge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    tiles: Vec<WallTile>,
}

impl Wall {
    /// A wall of `tiles`, checked to allow the deal.
    pub fn new(tiles: Vec<WallTile>) -> Result<Wall, WallError> {
        let wall = Wall { tiles };
        for seat in 0..PLAYERS {
            let kinds = wall
                .part(seat)
                .iter()
                .filter(|t| matches!(t, WallTile::Kind(_)))
                .count();
            if kinds < HAND_TILES {
                return Err(WallError::ShortPart {
                    seat: seat as u8,
                    kinds,
                });
            }
        }
        Ok(wall)
    }

    /// All the tiles, in order.
    pub fn tiles(&self) -> &[WallTile] {
        &self.tiles
    }

    /// Tiles in each seat's part.
    pub fn part_len(&self) -> usize {
        self.tiles.len() / PLAYERS
    }

    /// Seat `seat`'s part, in wall order (it draws from the end).
    pub fn part(&self, seat: usize) -> &[WallTile] {
        let n = self.part_len();
        &self.tiles[seat * n..(seat + 1) * n]
    }
}

impl FromStr for Wall {
    type Err = WallError;

    /// `initdata.walltiles`: tile names separated by single spaces.
    fn from_str(s: &str) -> Result<Wall, WallError> {
        let tiles = s
            .split(' ')
            .enumerate()
            .map(|(position, w)| {
                w.parse()
                    .map_err(|error| WallError::Tile { position, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Wall::new(tiles)
    }
}

impl fmt::Display for Wall {
    /// The `walltiles` string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            t.fmt(f)?;
        }
        Ok(())
    }
}

/// What a game starts from: the wall and the prevalent wind (`quan`,
/// 0-3 = east, south, west, north).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    /// The wall.
    pub wall: Wall,
    /// The prevalent wind.
    pub quan: u8,
}

impl InitData {
    /// The initial data, the wind checked.
    pub fn new(wall: Wall, quan: i64) -> Result<InitData, WallError> {
        match u8::try_from(quan) {
            Ok(q) if q < 4 => Ok(InitData { wall, quan: q }),
            _ => Err(WallError::Quan(quan)),
        }
    }
}
