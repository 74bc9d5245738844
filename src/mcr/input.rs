//! What a front end (the command line, Python) reads and prints of the
//! calculator and shanten: tiles and melds as Botzone writes them, a
//! winning hand from its words, and the results as JSON-ready values.
//! Errors name the tile or meld at fault.

use super::shanten::{best, shanten, ShantenForm, FORMS};
use super::{calculate, FanError, Form, Hand, Meld, Reading, Tile, WinContext};
use serde::Serialize;

/// The tiles of `words` (each word may hold several, separated by
/// spaces), flowers `H1`-`H8` counted apart; an error names the tile by
/// its position (`tile 3`) in `what` (`HAND`, `line 2`).
pub fn parse_tiles<S: AsRef<str>>(words: &[S], what: &str) -> Result<(Vec<Tile>, u8), String> {
    let mut tiles = Vec::new();
    let mut flowers = 0u8;
    let names = words.iter().flat_map(|w| w.as_ref().split_whitespace());
    for (i, name) in names.enumerate() {
        if super::tile::is_flower(name) {
            flowers = flowers.saturating_add(1);
            continue;
        }
        let t = name
            .parse::<Tile>()
            .map_err(|e| format!("{what}, tile {}: {e}", i + 1))?;
        tiles.push(t);
    }
    Ok((tiles, flowers))
}

/// How a front end names the parts of a winning hand in its errors: the
/// command line's `HAND`, `--meld`, `--win`; Python's keywords.
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The standing tiles.
    pub hand: &'static str,
    /// A meld (followed by its number from 1).
    pub meld: &'static str,
    /// The winning tile.
    pub win: &'static str,
}

/// A meld as Botzone writes it, `KIND,TILE[,OFFER]` (`CHI,T5,2`,
/// `PENG,F1,3`, `GANG,W3,0`; OFFER 1 when absent); an error names it as
/// `what` `n` (from 1).
pub fn parse_meld(what: &str, n: usize, m: &str) -> Result<Meld, String> {
    let bad = |why: String| format!("{what} {n} (`{m}`): {why}");
    let parts: Vec<&str> = m.split([',', ' ']).filter(|p| !p.is_empty()).collect();
    let (kind, tile, offer) = match parts[..] {
        [k, t] => (k, t, 1),
        [k, t, o] => (
            k,
            t,
            o.parse()
                .map_err(|_| bad(format!("offer `{o}` is not 0-3")))?,
        ),
        _ => {
            return Err(bad(
                "write KIND,TILE[,OFFER], e.g. CHI,T5,2 or GANG,W3,0".into()
            ))
        }
    };
    Meld::parse(&kind.to_uppercase(), tile, offer).map_err(|e| bad(e.to_string()))
}

/// A wind: `E S W N`, `0`-`3` or `F1`-`F4`, as 0-3.
pub fn parse_wind(s: &str) -> Result<u8, String> {
    match s {
        "E" | "0" | "F1" => Ok(0),
        "S" | "1" | "F2" => Ok(1),
        "W" | "2" | "F3" => Ok(2),
        "N" | "3" | "F4" => Ok(3),
        _ => Err(format!("`{s}` is no wind (E S W N, 0-3 or F1-F4)")),
    }
}

/// A reading by name, `1.4.0` or `judge2018`.
pub fn parse_reading(s: &str) -> Result<Reading, String> {
    Reading::parse(s).ok_or_else(|| format!("`{s}` is no reading (1.4.0 or judge2018)"))
}

/// A winning hand as a front end takes it: the standing tiles' words
/// (the winning tile last unless `win` names it) and the melds' words;
/// the hand, its winning tile and the flowers among the words. Errors use
/// the front end's `names`.
pub fn winning_hand<S: AsRef<str>, M: AsRef<str>>(
    words: &[S],
    melds: &[M],
    win: Option<&str>,
    names: Names,
) -> Result<(Hand, Tile, u8), String> {
    let (mut tiles, flowers) = parse_tiles(words, names.hand)?;
    let melds = melds
        .iter()
        .enumerate()
        .map(|(i, m)| parse_meld(names.meld, i + 1, m.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    let win = match win {
        Some(w) => w
            .parse::<Tile>()
            .map_err(|e| format!("{}: {e}", names.win))?,
        None => tiles
            .pop()
            .ok_or_else(|| format!("no tiles: give {}, the winning tile last", names.hand))?,
    };
    let want = 13 - 3 * melds.len() as i64;
    if melds.len() > 4 || tiles.len() as i64 != want {
        return Err(format!(
            "{} holds {} tile(s) besides the winning tile; with {} meld(s) it must hold {} (13 less 3 a meld)",
            names.hand,
            tiles.len(),
            melds.len(),
            want.max(0)
        ));
    }
    let hand = Hand {
        melds,
        standing: tiles,
    };
    Ok((hand, win, flowers))
}

/// One fan of a result: its points, how many times, its names.
#[derive(Clone, Debug, Serialize)]
pub struct FanLine {
    /// Points of one.
    pub points: u16,
    /// How many times it counts.
    pub count: u16,
    /// Its Chinese name (under the reading's names).
    pub chinese: &'static str,
    /// Its English name.
    pub english: &'static str,
}

/// The fans of a winning hand, ready to print: the total, each fan, the
/// form and the arrangement that scored it (`mcr fan --json`).
#[derive(Clone, Debug, Serialize)]
pub struct FanReport {
    /// The total.
    pub total: i32,
    /// The fans, in the table's order.
    pub fans: Vec<FanLine>,
    /// The form that scored it.
    pub form: Form,
    /// The arrangement that scored it.
    pub sets: Vec<super::calc::Set>,
}

/// The fans of `hand` winning in `context` under `reading`; `Ok(None)`
/// when it is no win; an error for a hand the calculator refuses.
pub fn fans(
    hand: &Hand,
    context: &WinContext,
    reading: Reading,
) -> Result<Option<FanReport>, String> {
    let result = match calculate(hand, context, reading) {
        Ok(r) => r,
        Err(FanError::NotWin) => return Ok(None),
        Err(e @ FanError::TileCountGreaterThan4) => {
            return Err(format!(
                "a tile more than four times, which the judge2018 reading refuses ({e})"
            ))
        }
        Err(e) => return Err(e.to_string()),
    };
    let fans = result
        .table
        .entries()
        .map(|(f, n)| FanLine {
            points: f.points(),
            count: n,
            chinese: f.chinese(reading),
            english: f.english(),
        })
        .collect();
    Ok(Some(FanReport {
        total: result.total,
        fans,
        form: result.form,
        sets: result.sets,
    }))
}

/// Shanten of one form with its useful tiles.
#[derive(Clone, Debug, Serialize)]
pub struct FormShanten {
    /// The form.
    pub form: ShantenForm,
    /// Tiles missing to a ready hand; -1 when complete.
    pub shanten: i32,
    /// The kinds that bring it closer.
    pub useful: Vec<Tile>,
}

/// Shanten of a hand: the best over every form, the forms that reach it,
/// the useful tiles, and each form's own (`mcr shanten --json`).
#[derive(Clone, Debug, Serialize)]
pub struct ShantenReport {
    /// The best shanten.
    pub shanten: i32,
    /// The forms that reach it.
    pub forms: Vec<ShantenForm>,
    /// The kinds that bring the hand closer by some best form.
    pub useful: Vec<Tile>,
    /// Each form the hand can take, with its shanten.
    pub by_form: Vec<FormShanten>,
}

/// Shanten of the standing tiles `tiles`; an error for a count no hand
/// has (13, 10, 7, 4 or 1).
pub fn shanten_report(tiles: &[Tile]) -> Result<ShantenReport, String> {
    let Some((s, forms)) = best(tiles) else {
        return Err(format!(
            "{} tiles: a hand holds 13, 10, 7, 4 or 1 standing tiles",
            tiles.len()
        ));
    };
    let by_form = FORMS
        .iter()
        .filter_map(|&f| {
            shanten(f, tiles).map(|x| FormShanten {
                form: f,
                shanten: x.shanten,
                useful: x.useful_tiles(),
            })
        })
        .collect();
    Ok(ShantenReport {
        shanten: s.shanten,
        forms,
        useful: s.useful_tiles(),
        by_form,
    })
}
