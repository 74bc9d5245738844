//! What the calculator is asked about: melds with their source, the
//! standing tiles, and the context of the win.

use super::tile::{Tile, UnknownTile};
use serde::Serialize;
use std::fmt;

/// The three kinds of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MeldKind {
    /// Three in a row of one suit (Botzone `CHI`).
    Chow,
    /// Three of a kind (`PENG`).
    Pung,
    /// Four of a kind (`GANG`).
    Kong,
}

/// A meld as Botzone and MahjongGB give it: kind, tile (the middle tile of
/// a chow) and offer. For a pung or kong the offer is the player it was
/// claimed from (1-3 = left, opposite, right) or 0 for a concealed kong;
/// for a chow which of its three tiles was claimed (1-3, lowest = 1). An
/// offer of 0 makes any meld count as concealed, as in the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Meld {
    /// Chow, pung or kong.
    pub kind: MeldKind,
    /// The tile (a chow's middle tile).
    pub tile: Tile,
    /// Who offered it (0 = nobody: concealed).
    pub offer: u8,
}

impl Meld {
    /// A melded (exposed) meld: one claimed from another player.
    pub fn is_melded(self) -> bool {
        self.offer != 0
    }

    /// The Botzone word of the kind.
    pub fn word(self) -> &'static str {
        match self.kind {
            MeldKind::Chow => "CHI",
            MeldKind::Pung => "PENG",
            MeldKind::Kong => "GANG",
        }
    }

    /// Builds a meld from its three Botzone fields, with the reference's
    /// checks in its order: the tile, then the offer (0-3), then the kind.
    /// A chow must also have a middle tile of rank 2-8 (the reference
    /// accepts any and then reads tiles outside the suit).
    pub fn parse(kind: &str, tile: &str, offer: i64) -> Result<Meld, MeldError> {
        let t: Tile = tile.parse().map_err(MeldError::Tile)?;
        let offer = u8::try_from(offer)
            .ok()
            .filter(|o| *o < 4)
            .ok_or(MeldError::Offer(offer))?;
        let kind = match kind {
            "CHI" => MeldKind::Chow,
            "PENG" => MeldKind::Pung,
            "GANG" => MeldKind::Kong,
            other => return Err(MeldError::Kind(other.to_string())),
        };
        if kind == MeldKind::Chow && !(t.is_suited() && (2..=8).contains(&t.rank())) {
            return Err(MeldError::Chow(t));
        }
        Ok(Meld {
            kind,
            tile: t,
            offer,
        })
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.word(), self.tile, self.offer)
    }
}

/// Why a meld is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// Its tile has no name.
    #[error("{0}")]
    Tile(UnknownTile),
    /// Its offer is not 0-3.
    #[error("offer {0} is not 0-3")]
    Offer(i64),
    /// Its kind is not CHI, PENG or GANG.
    #[error("unknown meld kind `{0}` (CHI, PENG or GANG)")]
    Kind(String),
    /// A chow whose middle tile is not a suited 2-8.
    #[error("a chow's middle tile must be a suited 2-8, not {0}")]
    Chow(Tile),
}

/// The context of a win, as MahjongGB's calculator takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WinContext {
    /// The winning tile.
    pub win_tile: Tile,
    /// Self-drawn (otherwise on a discard).
    pub self_drawn: bool,
    /// The winning tile is the last copy left (和绝张); the calculator
    /// corrects this flag from the tiles it sees.
    pub last_copy: bool,
    /// About a kong: on a kong's replacement tile when self-drawn, robbing
    /// a kong otherwise (corrected from the tiles, too).
    pub about_kong: bool,
    /// The last tile of the wall.
    pub wall_last: bool,
    /// Seat wind, 0-3 = east, south, west, north.
    pub seat_wind: u8,
    /// Prevalent wind, 0-3.
    pub prevalent_wind: u8,
    /// Flowers: one point each, after the other fans.
    pub flowers: u8,
}

impl WinContext {
    /// A win on a discard of `win_tile`, east seat in an east round, no flags.
    pub fn on(win_tile: Tile) -> WinContext {
        WinContext {
            win_tile,
            self_drawn: false,
            last_copy: false,
            about_kong: false,
            wall_last: false,
            seat_wind: 0,
            prevalent_wind: 0,
            flowers: 0,
        }
    }
}

/// A hand to score: melds (at most four) and the standing tiles, the
/// winning tile not among them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hand {
    /// The melds, in the order given.
    pub melds: Vec<Meld>,
    /// The standing (concealed) tiles without the winning tile.
    pub standing: Vec<Tile>,
}
