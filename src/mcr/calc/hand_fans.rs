//! Fans of the whole hand, whatever its arrangement: the win flags, suits,
//! tile traits, rank ranges, tile hogs, winds, and the final adjustments
//! (the fans a fan is not counted with).

use super::context::{KONG, LAST_TILE, SELF_DRAWN, WALL_LAST};
use crate::mcr::fan::{Fan, FanTable};
use crate::mcr::hand::{Hand, MeldKind, WinContext};
use crate::mcr::tile::{Counts, Tile, KINDS};

/// The win flags, corrected from the tiles as the reference corrects them.
pub(super) fn win_flags(
    hand: &Hand,
    ctx: &WinContext,
    standing: &Counts,
    fixed_counts: &[u16; KINDS],
) -> u8 {
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
pub(super) fn win_flag_fans(flags: u8, t: &mut FanTable) {
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
pub(super) fn suit_fans(present: u64, t: &mut FanTable) {
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
pub(super) const HONOR_MASK: u64 = 0x7F << 27;
pub(super) const TERMINAL_MASK: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
pub(super) const GREEN_MASK: u64 = 1 << 10 | 1 << 11 | 1 << 12 | 1 << 14 | 1 << 16 | 1 << 32;
pub(super) const REVERSIBLE_MASK: u64 = 1 << 10
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
pub(super) fn tile_trait_fans(present: u64, t: &mut FanTable) {
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
pub(super) fn rank_range_fans(present: u64, t: &mut FanTable) {
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
pub(super) fn fours(counts: impl Iterator<Item = u16>) -> u16 {
    counts.filter(|&c| c == 4).count() as u16
}

/// Tile hog: kinds used four times ([`fours`]), minus the kongs.
pub(super) fn tile_hog(fours: u16, kongs: u16, t: &mut FanTable) {
    // The reference stores this difference in a byte.
    t.set(Fan::TileHog, u16::from(fours.wrapping_sub(kongs) as u8));
}

/// The exclusions that apply to whatever form was scored.
pub(super) fn final_adjust(t: &mut FanTable) {
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

pub(super) fn apply(t: &mut FanTable, rules: &[(Fan, &[Fan])]) {
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
pub(super) fn wind_fans(tile: Tile, prevalent: u8, seat: u8, t: &mut FanTable) {
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
