//! The calculator's input and output shapes, their checks, and the parsed
//! hand the fan rules look at.

use super::tiles::{self, Counts, Tile, KINDS};

/// One pack as the binding takes it: `[type, tile, offer]`.
#[derive(Debug, Clone, PartialEq)]
pub struct PackIn {
    /// `CHI`, `PENG` or `GANG`.
    pub kind: String,
    /// The pack's tile (the middle one for a chow).
    pub tile: String,
    /// Who offered it (1-3), or which chow tile was claimed; 0 for a
    /// concealed kong.
    pub offer: i64,
}

/// The arguments of MahjongGB's `MahjongFanCalculator`.
#[derive(Debug, Clone, PartialEq)]
pub struct FanInput {
    /// Melds, in order.
    pub pack: Vec<PackIn>,
    /// Standing tiles, without the winning tile.
    pub hand: Vec<String>,
    /// The winning tile.
    pub win_tile: String,
    /// Flowers collected.
    pub flower_count: u32,
    /// Won on one's own draw.
    pub is_self_drawn: bool,
    /// The winning tile is the last copy of its kind.
    pub is_4th_tile: bool,
    /// On a kong's replacement tile (self-drawn) or robbing a kong.
    pub is_about_kong: bool,
    /// The last tile of the wall.
    pub is_wall_last: bool,
    /// Seat wind, 0-3 = E, S, W, N.
    pub seat_wind: u8,
    /// Prevalent wind, 0-3.
    pub prevalent_wind: u8,
}

/// One fan of an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct FanEntry {
    /// Points each.
    pub points: u32,
    /// How many times it counts.
    pub count: u32,
    /// Chinese name as 1.4.0 spells it.
    pub zh: &'static str,
    /// English name.
    pub en: &'static str,
}

/// The calculator's answer: the fans in table order with the total, or an
/// error message as the binding raises it.
#[derive(Debug, Clone, PartialEq)]
pub enum FanOutput {
    /// A winning hand.
    Win {
        /// Sum of points x count, flowers included.
        total: u32,
        /// Fans in table order.
        fans: Vec<FanEntry>,
    },
    /// `ERROR_NOT_WIN`, `ERROR_WRONG_TILES_COUNT`, `ERROE_WRONG_TILE_CODE`, ...
    Error(String),
}

/// What kind of set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Three in a row; `tile` is the lowest.
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
}

/// A set of an arrangement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Set {
    /// Chow, pung or kong.
    pub kind: Kind,
    /// The tile (lowest for a chow).
    pub tile: Tile,
    /// Declared as a pack (claimed, or a concealed kong).
    pub packed: bool,
    /// Claimed from another player (a pack other than a concealed kong).
    pub claimed: bool,
}

impl Set {
    /// The set's tile kinds (a kong's once each of its 3 representative tiles
    /// plus one more).
    pub fn tiles(&self) -> Vec<Tile> {
        match self.kind {
            Kind::Chow => vec![self.tile, self.tile + 1, self.tile + 2],
            Kind::Pung => vec![self.tile; 3],
            Kind::Kong => vec![self.tile; 4],
        }
    }

    /// Pung or kong.
    pub fn is_pung(&self) -> bool {
        self.kind != Kind::Chow
    }
}

/// The parsed, checked hand.
#[derive(Debug, Clone)]
pub struct Hand {
    /// The packs as sets.
    pub packs: Vec<Set>,
    /// The 13 - 3 x packs standing tiles before the win.
    pub before: Vec<Tile>,
    /// The standing tiles with the winning tile.
    pub standing: Counts,
    /// The winning tile.
    pub win: Tile,
    /// Won on one's own draw.
    pub self_drawn: bool,
    /// Last copy.
    pub fourth: bool,
    /// Kong involved.
    pub kong: bool,
    /// Last tile of the wall.
    pub wall_last: bool,
    /// Seat wind tile.
    pub seat: Tile,
    /// Prevalent wind tile.
    pub prevalent: Tile,
    /// Flowers.
    pub flowers: u32,
}

/// The binding's input checks, in its order as the error cases show it:
/// packs first (type, then offer, then tile), then the hand, then the
/// winning tile; then the tile count.
pub fn parse(input: &FanInput) -> Result<Hand, String> {
    let mut packs = Vec::new();
    for p in &input.pack {
        let (kind, offers) = match p.kind.as_str() {
            "CHI" => (Kind::Chow, 1..=3),
            "PENG" => (Kind::Pung, 1..=3),
            "GANG" => (Kind::Kong, 0..=3),
            _ => return Err("ERROE_WRONG_PACK_CODE".into()),
        };
        if !offers.contains(&p.offer) {
            return Err("ERROE_WRONG_OFFER_CODE".into());
        }
        let t = tiles::parse(&p.tile).ok_or("ERROE_WRONG_TILE_CODE")?;
        // A chow's middle tile must be a suited 2-8. No case in the data
        // has another; we report it as a wrong tile code.
        if kind == Kind::Chow && !(tiles::is_suited(t) && (2..=8).contains(&tiles::rank(t))) {
            return Err("ERROE_WRONG_TILE_CODE".into());
        }
        let lowest = if kind == Kind::Chow { t - 1 } else { t };
        packs.push(Set {
            kind,
            tile: lowest,
            packed: true,
            claimed: p.offer != 0,
        });
    }
    let mut before = Vec::new();
    for s in &input.hand {
        before.push(tiles::parse(s).ok_or("ERROE_WRONG_TILE_CODE")?);
    }
    let win = tiles::parse(&input.win_tile).ok_or("ERROE_WRONG_TILE_CODE")?;
    if before.len() + 3 * packs.len() != 13 {
        return Err("ERROR_WRONG_TILES_COUNT".into());
    }
    let mut standing = [0u8; KINDS];
    before.iter().chain([&win]).for_each(|&t| standing[t] += 1);
    Ok(Hand {
        packs,
        before,
        standing,
        win,
        self_drawn: input.is_self_drawn,
        fourth: input.is_4th_tile,
        kong: input.is_about_kong,
        wall_last: input.is_wall_last,
        seat: 27 + input.seat_wind as usize % 4,
        prevalent: 27 + input.prevalent_wind as usize % 4,
        flowers: input.flower_count,
    })
}
