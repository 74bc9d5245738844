//! The conformance files' shape: a case's `input` (the arguments of
//! `MahjongGB.MahjongFanCalculator`) and its `output` (the fan list or an
//! error), so that any such file can be answered and compared line by line.

use super::calc::{calculate, FanResult};
use super::fan::Reading;
use super::hand::{Hand, Meld, MeldError, WinContext};
use super::tile::Tile;
use serde::Serialize;
use serde_json::Value;

/// A case's answer, shaped like the files' `output`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Output {
    /// A win: the total and `[points each, count, Chinese, English]` per fan.
    Win {
        /// Points, flowers included.
        total: i32,
        /// The fans in table order.
        fans: Vec<(u16, u16, &'static str, &'static str)>,
    },
    /// No win, or input the reference refuses.
    Error {
        /// The reference's message, e.g. `ERROR_NOT_WIN`.
        error: &'static str,
    },
}

impl Output {
    /// The answer for a scored hand.
    pub fn of(r: &FanResult, reading: Reading) -> Output {
        Output::Win {
            total: r.total,
            fans: r
                .table
                .entries()
                .map(|(f, n)| (f.points(), n, f.chinese(reading), f.english()))
                .collect(),
        }
    }
}

/// The binding's own input errors, misspelt as in the library.
const WRONG_TILE: &str = "ERROE_WRONG_TILE_CODE";
const WRONG_OFFER: &str = "ERROE_WRONG_OFFER_CODE";
const WRONG_PACK: &str = "ERROE_WRONG_PACK_CODE";

/// A case's input read into a hand and a context, or the binding's error.
pub enum Parsed {
    /// Good input.
    Ok(Hand, WinContext),
    /// Input the binding refuses with this message.
    Refused(&'static str),
}

fn field<'a>(input: &'a Value, name: &str) -> Result<&'a Value, String> {
    input
        .get(name)
        .ok_or_else(|| format!("`input` has no `{name}`"))
}

fn int(input: &Value, name: &str) -> Result<i64, String> {
    field(input, name)?
        .as_i64()
        .ok_or_else(|| format!("`{name}` is not an integer"))
}

fn flag(input: &Value, name: &str) -> Result<bool, String> {
    let v = field(input, name)?;
    v.as_bool()
        .or_else(|| v.as_i64().map(|n| n != 0))
        .ok_or_else(|| format!("`{name}` is not a boolean"))
}

fn string<'a>(v: &'a Value, what: &str) -> Result<&'a str, String> {
    v.as_str().ok_or_else(|| format!("{what} is not a string"))
}

/// Reads a case's `input` object. `Err` is a malformed object (not the
/// binding's refusal, which is [`Parsed::Refused`]).
pub fn parse_input(input: &Value) -> Result<Parsed, String> {
    let packs = field(input, "pack")?
        .as_array()
        .ok_or("`pack` is not a list")?;
    let mut melds = Vec::with_capacity(packs.len());
    for (i, p) in packs.iter().enumerate() {
        let what = format!("pack {}", i + 1);
        let [kind, tile, offer] = p.as_array().map(Vec::as_slice).unwrap_or_default() else {
            return Err(format!("{what} is not [type, tile, offer]"));
        };
        let offer = offer
            .as_i64()
            .ok_or_else(|| format!("{what}: the offer is not an integer"))?;
        match Meld::parse(string(kind, &what)?, string(tile, &what)?, offer) {
            Ok(m) => melds.push(m),
            Err(MeldError::Tile(_)) => return Ok(Parsed::Refused(WRONG_TILE)),
            Err(MeldError::Offer(_)) => return Ok(Parsed::Refused(WRONG_OFFER)),
            Err(MeldError::Kind(_)) => return Ok(Parsed::Refused(WRONG_PACK)),
            Err(e @ MeldError::Chow(_)) => return Err(format!("{what}: {e}")),
        }
    }
    let hand = field(input, "hand")?
        .as_array()
        .ok_or("`hand` is not a list")?;
    let mut standing = Vec::with_capacity(hand.len());
    for v in hand {
        match string(v, "a hand tile")?.parse::<Tile>() {
            Ok(t) => standing.push(t),
            Err(_) => return Ok(Parsed::Refused(WRONG_TILE)),
        }
    }
    let Ok(win_tile) = string(field(input, "winTile")?, "`winTile`")?.parse::<Tile>() else {
        return Ok(Parsed::Refused(WRONG_TILE));
    };
    let wind = |name| {
        u8::try_from(int(input, name)?)
            .ok()
            .filter(|w| *w < 4)
            .ok_or_else(|| format!("`{name}` is not 0-3"))
    };
    let ctx = WinContext {
        win_tile,
        self_drawn: flag(input, "isSelfDrawn")?,
        last_copy: flag(input, "is4thTile")?,
        about_kong: flag(input, "isAboutKong")?,
        wall_last: flag(input, "isWallLast")?,
        seat_wind: wind("seatWind")?,
        prevalent_wind: wind("prevalentWind")?,
        flowers: u8::try_from(int(input, "flowerCount")?)
            .map_err(|_| "`flowerCount` is not 0-255".to_string())?,
    };
    Ok(Parsed::Ok(Hand { melds, standing }, ctx))
}

/// Answers one case's `input` as the files' `output`.
pub fn answer(input: &Value, reading: Reading) -> Result<Output, String> {
    Ok(match parse_input(input)? {
        Parsed::Refused(error) => Output::Error { error },
        Parsed::Ok(hand, ctx) => match calculate(&hand, &ctx, reading) {
            Ok(r) => Output::of(&r, reading),
            Err(e) => Output::Error {
                error: match e {
                    super::FanError::WrongTilesCount => "ERROR_WRONG_TILES_COUNT",
                    super::FanError::TileCountGreaterThan4 => "ERROR_TILE_COUNT_GREATER_THAN_4",
                    super::FanError::NotWin => "ERROR_NOT_WIN",
                },
            },
        },
    })
}
