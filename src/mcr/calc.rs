//! The fan calculator: every hand form, every arrangement of a regular
//! hand, the highest-scoring one, in MahjongGB 1.4.0's reading (or the
//! 2018 calculator's, see [`Reading`]).
//!
//! Everything works on counts arrays and fixed-size arrays of sets; the
//! only allocation is the result's list of sets.

use super::fan::{Fan, FanTable};
use super::hand::{Hand, MeldKind, WinContext};
use super::tile::{Counts, Tile, KINDS};
use super::Reading;
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

const NO_SET: Set = Set {
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
const SELF_DRAWN: u8 = 1;
const LAST_TILE: u8 = 2;
const KONG: u8 = 4;
const WALL_LAST: u8 = 8;

/// Everything about a hand that no arrangement changes.
struct Ctx {
    fixed: [Set; 4],
    fixed_cnt: usize,
    /// Tiles of the melds, by kind.
    fixed_counts: [u16; KINDS],
    /// Standing tiles with the winning tile.
    standing: Counts,
    standing_size: i32,
    /// Kinds present anywhere.
    present: u64,
    /// Standing kinds (winning tile included): held, held twice or
    /// more, held an odd number of times.
    held: u64,
    pairs: u64,
    odd: u64,
    win: Tile,
    flags: u8,
    seat: u8,
    prevalent: u8,
    reading: Reading,
}

/// Scores `hand` winning with `ctx` under `reading`.
pub fn calculate(hand: &Hand, ctx: &WinContext, reading: Reading) -> Result<FanResult, FanError> {
    let c = prepare(hand, ctx, reading)?;
    let mut best = FanTable::default();
    let mut form = Form::Regular;
    let mut best_total = 0;
    let mut special_seven_pairs = false;
    if c.fixed_cnt == 0 {
        if let Some(f) = special_forms(&c, &mut best) {
            form = f;
        } else if let Some(sets) = knitted_straight(&c, &mut best) {
            return Ok(finish(best, Form::KnittedStraight, sets, ctx));
        } else if nine_gates(&c, &mut best) {
            form = Form::NineGates;
        }
        if form != Form::Regular {
            best_total = best.total();
            special_seven_pairs = best.has(Fan::SevenPairs);
        }
    } else if c.fixed_cnt == 1 {
        if let Some(sets) = knitted_straight(&c, &mut best) {
            return Ok(finish(best, Form::KnittedStraight, sets, ctx));
        }
    }
    let mut sets: Vec<Set> = Vec::new();
    if best_total == 0 || special_seven_pairs {
        if let Some((table, division)) = best_division(&c, best_total, special_seven_pairs) {
            best = table;
            best_total = best.total();
            form = Form::Regular;
            sets = division.to_vec();
        }
    }
    if best_total == 0 {
        return Err(FanError::NotWin);
    }
    Ok(finish(best, form, sets, ctx))
}

fn finish(mut table: FanTable, form: Form, sets: Vec<Set>, ctx: &WinContext) -> FanResult {
    table.set(Fan::FlowerTiles, u16::from(ctx.flowers));
    FanResult {
        total: table.total(),
        table,
        form,
        sets,
    }
}

fn prepare(hand: &Hand, ctx: &WinContext, reading: Reading) -> Result<Ctx, FanError> {
    let fixed_cnt = hand.melds.len();
    let size = hand.standing.len();
    if size == 0 || fixed_cnt > 4 || fixed_cnt * 3 + size != 13 {
        return Err(FanError::WrongTilesCount);
    }
    let mut fixed = [NO_SET; 4];
    let mut fixed_counts = [0u16; KINDS];
    let mut present = 0u64;
    for (slot, m) in fixed.iter_mut().zip(&hand.melds) {
        let i = m.tile.index();
        present |= 1 << i;
        let kind = match m.kind {
            MeldKind::Chow => {
                for c in &mut fixed_counts[i - 1..=i + 1] {
                    *c += 1;
                }
                present |= 0b101 << (i - 1);
                SetKind::Chow
            }
            MeldKind::Pung => {
                fixed_counts[i] += 3;
                SetKind::Pung
            }
            MeldKind::Kong => {
                fixed_counts[i] += 4;
                SetKind::Kong
            }
        };
        *slot = Set {
            kind,
            tile: m.tile,
            melded: m.is_melded(),
        };
    }
    let mut standing = [0u8; KINDS];
    let mut held = 0u64;
    for t in hand.standing.iter().chain(std::iter::once(&ctx.win_tile)) {
        standing[t.index()] = standing[t.index()].saturating_add(1);
        held |= 1 << t.index();
    }
    if reading.checks_fifth_copy()
        && (0..KINDS).any(|i| fixed_counts[i] + u16::from(standing[i]) > 4)
    {
        return Err(FanError::TileCountGreaterThan4);
    }
    // Only the kinds held, not all 34.
    present |= held;
    let (mut pairs, mut odd) = (0u64, 0u64);
    let mut kinds = held;
    while kinds != 0 {
        let i = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        let n = standing[i];
        pairs |= u64::from(n >= 2) << i;
        odd |= u64::from(n % 2) << i;
    }
    let flags = win_flags(hand, ctx, &standing, &fixed_counts);
    Ok(Ctx {
        fixed,
        fixed_cnt,
        fixed_counts,
        standing,
        standing_size: size as i32,
        present,
        held,
        pairs,
        odd,
        win: ctx.win_tile,
        flags,
        seat: ctx.seat_wind,
        prevalent: ctx.prevalent_wind,
        reading,
    })
}

/// The win flags, corrected from the tiles as the reference corrects them.
fn win_flags(hand: &Hand, ctx: &WinContext, standing: &Counts, fixed_counts: &[u16; KINDS]) -> u8 {
    let w = ctx.win_tile.index();
    let mut flags = [
        (ctx.self_drawn, SELF_DRAWN),
        (ctx.last_copy, LAST_TILE),
        (ctx.about_kong, KONG),
        (ctx.wall_last, WALL_LAST),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .fold(0, |f, (_, bit)| f | bit);
    // The last copy cannot be won when the hand holds another; it must be
    // when the melds show the other three.
    if standing[w] != 1 {
        flags &= !LAST_TILE;
    }
    if fixed_counts[w] == 3 {
        flags |= LAST_TILE;
    }
    if flags & KONG != 0 {
        let repaired = if flags & SELF_DRAWN != 0 {
            hand.melds.iter().any(|m| m.kind == MeldKind::Kong)
        } else {
            fixed_counts[w] == 0 && standing[w] == 1
        };
        if !repaired {
            flags &= !KONG;
        }
    }
    flags
}

/// Fans of the win itself: last copy, last tile of the wall, kongs, self-drawn.
fn win_flag_fans(flags: u8, t: &mut FanTable) {
    if flags & LAST_TILE != 0 {
        t.set(Fan::LastTile, 1);
    }
    if flags & SELF_DRAWN != 0 {
        t.set(Fan::SelfDrawn, 1);
        if flags & WALL_LAST != 0 {
            t.set(Fan::LastTileDraw, 1);
            t.clear(Fan::SelfDrawn);
        }
        if flags & KONG != 0 {
            t.set(Fan::OutWithReplacementTile, 1);
            t.clear(Fan::SelfDrawn);
        }
    } else {
        if flags & WALL_LAST != 0 {
            t.set(Fan::LastTileClaim, 1);
        }
        if flags & KONG != 0 {
            t.set(Fan::RobbingTheKong, 1);
            t.clear(Fan::LastTile);
        }
    }
}

/// Voided suits, flushes, no honors, all types: from the kinds present.
fn suit_fans(present: u64, t: &mut FanTable) {
    let suits: [bool; 3] = [0, 1, 2].map(|s| present >> (9 * s) & 0x1FF != 0);
    let honors = present >> 27 != 0;
    if !honors {
        t.set(Fan::NoHonors, 1);
    }
    let voided = suits.iter().filter(|&&s| !s).count() as u16;
    t.set(Fan::OneVoidedSuit, voided);
    if voided == 2 {
        t.clear(Fan::OneVoidedSuit);
        if honors {
            t.set(Fan::HalfFlush, 1);
        } else {
            t.set(Fan::FullFlush, 1);
            t.clear(Fan::NoHonors);
        }
    }
    if voided == 0 && honors && present >> 27 & 0xF != 0 && present >> 31 != 0 {
        t.set(Fan::AllTypes, 1);
    }
}

/// Masks of kinds (one bit per index) for the fans about every tile.
const HONOR_MASK: u64 = 0x7F << 27;
const TERMINAL_MASK: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const GREEN_MASK: u64 = 1 << 10 | 1 << 11 | 1 << 12 | 1 << 14 | 1 << 16 | 1 << 32;
const REVERSIBLE_MASK: u64 = 1 << 10
    | 1 << 12
    | 1 << 13
    | 1 << 14
    | 1 << 16
    | 1 << 17
    | 0x1F << 18
    | 1 << 25
    | 1 << 26
    | 1 << 33;

/// Simples, reversible, green, honors, terminals: from the kinds present.
fn tile_trait_fans(present: u64, t: &mut FanTable) {
    let only = |mask: u64| present & !mask == 0;
    if present & (TERMINAL_MASK | HONOR_MASK) == 0 {
        t.set(Fan::AllSimples, 1);
    }
    if only(REVERSIBLE_MASK) {
        t.set(Fan::ReversibleTiles, 1);
    }
    if only(GREEN_MASK) {
        t.set(Fan::AllGreen, 1);
    }
    if t.has(Fan::AllSimples) {
        return;
    }
    if only(HONOR_MASK) {
        t.set(Fan::AllHonors, 1);
    } else if only(TERMINAL_MASK) {
        t.set(Fan::AllTerminals, 1);
    } else if only(TERMINAL_MASK | HONOR_MASK) {
        t.set(Fan::AllTerminalsAndHonors, 1);
    }
}

/// Upper/lower/middle tiles and upper/lower four: from the ranks present.
fn rank_range_fans(present: u64, t: &mut FanTable) {
    if present >> 27 != 0 {
        return;
    }
    // Bit r-1 for each rank r present in any suit, moved up to bit r.
    let ranks = ((present | present >> 9 | present >> 18) & 0x1FF) as u16 * 2;
    if ranks & !0b1_1110 == 0 {
        t.set(
            if ranks & 1 << 4 != 0 {
                Fan::LowerFour
            } else {
                Fan::LowerTiles
            },
            1,
        );
    } else if ranks & !0b11_1100_0000 == 0 {
        t.set(
            if ranks & 1 << 6 != 0 {
                Fan::UpperFour
            } else {
                Fan::UpperTiles
            },
            1,
        );
    } else if ranks & !0b111_0000 == 0 {
        t.set(Fan::MiddleTiles, 1);
    }
}

/// How many kinds are used four times.
fn fours(counts: impl Iterator<Item = u16>) -> u16 {
    counts.filter(|&c| c == 4).count() as u16
}

/// Tile hog: kinds used four times ([`fours`]), minus the kongs.
fn tile_hog(fours: u16, kongs: u16, t: &mut FanTable) {
    // The reference stores this difference in a byte.
    t.set(Fan::TileHog, u16::from(fours.wrapping_sub(kongs) as u8));
}

/// The exclusions that apply to whatever form was scored.
fn final_adjust(t: &mut FanTable) {
    use Fan::*;
    let rules: &[(Fan, &[Fan])] = &[
        (BigFourWinds, &[AllPungs, PungOfTerminalsOrHonors]),
        (BigThreeDragons, &[DragonPung]),
        (AllGreen, &[HalfFlush, OneVoidedSuit]),
        (FourKongs, &[SingleWait]),
        (
            AllTerminals,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                NoHonors,
                DoublePung,
            ],
        ),
        (LittleFourWinds, &[PungOfTerminalsOrHonors]),
        (LittleThreeDragons, &[DragonPung]),
        (
            AllHonors,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                OneVoidedSuit,
            ],
        ),
    ];
    apply(t, rules);
    if t.has(FourConcealedPungs) {
        t.clear(AllPungs);
        t.clear(ConcealedHand);
        if t.has(FullyConcealedHand) {
            t.clear(FullyConcealedHand);
            t.set(SelfDrawn, 1);
        }
    }
    let rules: &[(Fan, &[Fan])] = &[
        (PureTerminalChows, &[FullFlush, AllChows, NoHonors]),
        (FourPureShiftedPungs, &[AllPungs]),
        (
            AllTerminalsAndHonors,
            &[AllPungs, OutsideHand, PungOfTerminalsOrHonors],
        ),
        (AllEvenPungs, &[AllPungs, AllSimples, NoHonors]),
        (UpperTiles, &[NoHonors]),
        (MiddleTiles, &[AllSimples, NoHonors]),
        (LowerTiles, &[NoHonors]),
        (ThreeSuitedTerminalChows, &[AllChows, NoHonors]),
        (AllFive, &[AllSimples, NoHonors]),
        (UpperFour, &[NoHonors]),
        (LowerFour, &[NoHonors]),
    ];
    apply(t, rules);
    // Big three winds holds three pungs of terminals or honors, unless a
    // fan that already excludes them all is counted.
    if t.has(BigThreeWinds) && !t.has(AllHonors) && !t.has(AllTerminalsAndHonors) {
        let n = t.get(PungOfTerminalsOrHonors).wrapping_sub(3);
        t.set(PungOfTerminalsOrHonors, n);
    }
    let rules: &[(Fan, &[Fan])] = &[
        (ReversibleTiles, &[OneVoidedSuit]),
        (LastTileDraw, &[SelfDrawn]),
        (OutWithReplacementTile, &[SelfDrawn]),
        (MeldedHand, &[SingleWait]),
        (TwoDragonsPungs, &[DragonPung]),
        (FullyConcealedHand, &[SelfDrawn]),
        (AllChows, &[NoHonors]),
        (AllSimples, &[NoHonors]),
    ];
    apply(t, rules);
}

fn apply(t: &mut FanTable, rules: &[(Fan, &[Fan])]) {
    for (if_counted, cleared) in rules {
        if t.has(*if_counted) {
            for f in *cleared {
                t.clear(*f);
            }
        }
    }
}

/// Prevalent and seat wind of one wind pung; the pung stops counting as a
/// pung of terminals or honors unless a bigger fan already took it.
fn wind_fans(tile: Tile, prevalent: u8, seat: u8, t: &mut FanTable) {
    let deducted = t.has(Fan::BigThreeWinds)
        || t.has(Fan::AllTerminalsAndHonors)
        || t.has(Fan::AllHonors)
        || t.has(Fan::LittleFourWinds);
    let w = tile.index() as i32 - 27;
    let dec = |t: &mut FanTable| {
        let n = t.get(Fan::PungOfTerminalsOrHonors).wrapping_sub(1);
        t.set(Fan::PungOfTerminalsOrHonors, n);
    };
    if w == i32::from(prevalent) {
        t.set(Fan::PrevalentWind, 1);
        if !deducted {
            dec(t);
        }
    }
    if w == i32::from(seat) {
        t.set(Fan::SeatWind, 1);
        if seat != prevalent && !deducted {
            dec(t);
        }
    }
}

mod forms;
mod regular;
mod sets;

use forms::{knitted_straight, nine_gates, special_forms};
pub use forms::{KNITTED, ORPHANS};
use regular::best_division;
