//! What every form's scoring works from and gives: the sets of an
//! arrangement, everything about a hand that no arrangement changes
//! ([`Ctx`]), its win flags, and the calculator's result and errors.

use crate::mcr::fan::FanTable;
use crate::mcr::fan::Reading;
use crate::mcr::tile::{Counts, Tile, KINDS};
use serde::Serialize;

/// Why a hand scores nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FanError {
    /// Standing tiles plus three a meld are not 13 (or more than 4 melds).
    #[error("ERROR_WRONG_TILES_COUNT")]
    WrongTilesCount,
    /// A tile more than four times (only the 2018 reading checks this).
    #[error("ERROR_TILE_COUNT_GREATER_THAN_4")]
    TileCountGreaterThan4,
    /// The tiles are no winning hand.
    #[error("ERROR_NOT_WIN")]
    NotWin,
}

/// The form a winning hand was scored in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Four sets and a pair.
    Regular,
    /// Seven pairs.
    SevenPairs,
    /// Seven shifted pairs (连七对).
    SevenShiftedPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// Honors and knitted tiles (全不靠 / 七星不靠).
    HonorsAndKnittedTiles,
    /// A knitted straight with a set and a pair.
    KnittedStraight,
    /// Nine gates.
    NineGates,
}

/// The kind of one set of an arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SetKind {
    /// A chow (its tile is the middle one).
    Chow,
    /// A pung.
    Pung,
    /// A kong.
    Kong,
    /// The pair.
    Pair,
}

/// One set of an arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Set {
    /// Chow, pung, kong or pair.
    pub kind: SetKind,
    /// Its tile (a chow's middle tile).
    pub tile: Tile,
    /// Claimed from another player (a meld with a non-zero offer).
    pub melded: bool,
}

pub(super) const NO_SET: Set = Set {
    kind: SetKind::Pair,
    tile: Tile::EAST,
    melded: false,
};

/// A scored hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FanResult {
    /// The total: the fans' points plus one a flower.
    pub total: i32,
    /// Counts by fan (flowers included).
    #[serde(skip)]
    pub table: FanTable,
    /// The form that scored it.
    pub form: Form,
    /// The arrangement that scored it: the melds first, then the sets
    /// found in the standing tiles (empty for the forms without sets).
    pub sets: Vec<Set>,
}

// Win flags, corrected from the tiles before any form is tried.
pub(super) const SELF_DRAWN: u8 = 1;
pub(super) const LAST_TILE: u8 = 2;
pub(super) const KONG: u8 = 4;
pub(super) const WALL_LAST: u8 = 8;

/// Everything about a hand that no arrangement changes.
pub(super) struct Ctx {
    pub(super) fixed: [Set; 4],
    pub(super) fixed_cnt: usize,
    /// Tiles of the melds, by kind.
    pub(super) fixed_counts: [u16; KINDS],
    /// Standing tiles with the winning tile.
    pub(super) standing: Counts,
    pub(super) standing_size: i32,
    /// Kinds present anywhere.
    pub(super) present: u64,
    /// Standing kinds (winning tile included): held, held twice or
    /// more, held an odd number of times.
    pub(super) held: u64,
    pub(super) pairs: u64,
    pub(super) odd: u64,
    pub(super) win: Tile,
    pub(super) flags: u8,
    pub(super) seat: u8,
    pub(super) prevalent: u8,
    pub(super) reading: Reading,
}
