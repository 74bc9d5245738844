//! The forms besides four sets and a pair: seven pairs, seven shifted
//! pairs, honors and knitted tiles, thirteen orphans, a knitted straight
//! with a set and a pair, nine gates.

use super::context::{Ctx, Form, Set, SetKind, SELF_DRAWN};
use super::hand_fans::{
    final_adjust, fours, rank_range_fans, suit_fans, tile_hog, tile_trait_fans, win_flag_fans,
    wind_fans,
};
use super::regular::wait_fans;
use crate::mcr::fan::{Fan, FanTable};
use crate::mcr::tile::{Tile, KINDS};
use crate::mcr::wait::{self, chow_key, chow_starts, pung_key};

/// The six knitted straights: 147, 258 and 369 of the three suits in
/// every assignment, as bit masks over the kinds.
pub const KNITTED: [u64; 6] = {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u64; 6];
    let mut k = 0;
    while k < 6 {
        // Characters take 147/258/369 in the order of `orders[k][0]`,
        // bamboo the next, dots the last (the reference's order).
        let mut suit = 0;
        while suit < 3 {
            let start = orders[k][suit];
            let mut r = start;
            while r < 9 {
                out[k] |= 1 << (suit * 9 + r);
                r += 3;
            }
            suit += 1;
        }
        k += 1;
    }
    out
};

/// The thirteen terminals and honors.
pub const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7F << 27;

/// Seven pairs, seven shifted pairs, honors and knitted tiles, thirteen
/// orphans (only without melds).
pub(super) fn special_forms(c: &Ctx, t: &mut FanTable) -> Option<Form> {
    let s = &c.standing;
    if c.odd == 0 {
        if shifted_pairs(s, c.win) {
            t.set(Fan::SevenShiftedPairs, 1);
            let base = usize::from(c.win.suit()) * 9;
            if s[base] == 0 && s[base + 8] == 0 {
                t.set(Fan::AllSimples, 1);
            }
            win_flag_fans(c.flags, t);
            return Some(Form::SevenShiftedPairs);
        }
        t.set(Fan::SevenPairs, 1);
        suit_fans(c.present, t);
        tile_trait_fans(c.present, t);
        rank_range_fans(c.present, t);
        tile_hog(fours(s.iter().map(|&n| u16::from(n))), 0, t);
        win_flag_fans(c.flags, t);
        final_adjust(t);
        return Some(Form::SevenPairs);
    }
    if honors_and_knitted(c.present, t) {
        win_flag_fans(c.flags, t);
        return Some(Form::HonorsAndKnittedTiles);
    }
    if c.present == ORPHANS {
        t.set(Fan::ThirteenOrphans, 1);
        win_flag_fans(c.flags, t);
        return Some(Form::ThirteenOrphans);
    }
    None
}

/// Seven consecutive pairs in the winning tile's suit.
fn shifted_pairs(s: &[u8; KINDS], win: Tile) -> bool {
    if !win.is_suited() {
        return false;
    }
    let base = usize::from(win.suit()) * 9;
    (0..3).any(|start| (start..start + 7).all(|r| s[base + r] == 2))
}

fn honors_and_knitted(present: u64, t: &mut FanTable) -> bool {
    if present.count_ones() != 14 {
        return false;
    }
    let suited = present & ((1 << 27) - 1);
    let n = suited.count_ones();
    if !(7..=9).contains(&n) || !KNITTED.iter().any(|k| suited & !k == 0) {
        return false;
    }
    if n == 7 {
        t.set(Fan::GreaterHonorsAndKnittedTiles, 1);
    } else {
        t.set(Fan::LesserHonorsAndKnittedTiles, 1);
        if n == 9 {
            t.set(Fan::KnittedStraight, 1);
        }
    }
    true
}

/// A knitted straight, one more set (a meld or found) and a pair: the
/// sets it was scored with, when it is one.
pub(super) fn knitted_straight(c: &Ctx, t: &mut FanTable) -> Option<Vec<Set>> {
    if c.pairs == 0 {
        return None;
    }
    let held = c.held;
    let mask = KNITTED.iter().copied().find(|k| held & k == *k)?;
    let mut rest = c.standing;
    for (i, r) in rest.iter_mut().enumerate() {
        if mask >> i & 1 != 0 {
            *r -= 1;
        }
    }
    let (set, pair) = set_and_pair(&rest, c)?;
    t.set(Fan::KnittedStraight, 1);
    straight_set_fans(c, set, pair, t);
    win_flag_fans(c.flags, t);
    if set.melded {
        if set.kind == SetKind::Kong {
            t.set(Fan::MeldedKong, 1);
        }
    } else {
        if set.kind == SetKind::Kong {
            t.set(Fan::ConcealedKong, 1);
        }
        if c.flags & SELF_DRAWN != 0 {
            t.set(Fan::FullyConcealedHand, 1);
            t.clear(Fan::SelfDrawn);
        } else {
            t.set(Fan::ConcealedHand, 1);
        }
    }
    straight_wait_fans(c, mask, &rest, set, pair, t);
    final_adjust(t);
    Some(vec![set, pair])
}

/// The one way to make a set and a pair of what the straight leaves (a
/// meld being the set), if there is exactly one.
fn set_and_pair(rest: &[u8; KINDS], c: &Ctx) -> Option<(Set, Set)> {
    let pair_of = |r: &[u8; KINDS]| {
        (r.iter().map(|&n| u32::from(n)).sum::<u32>() == 2)
            .then(|| r.iter().position(|&n| n == 2))
            .flatten()
            .map(|p| Set {
                kind: SetKind::Pair,
                tile: Tile::from_index(p).expect("a kind"),
                melded: false,
            })
    };
    if c.fixed_cnt == 1 {
        return pair_of(rest).map(|p| (c.fixed[0], p));
    }
    let mut found: Option<(Set, Set)> = None;
    let mut ways = 0;
    let mut r = *rest;
    for i in 0..KINDS {
        if r[i] == 0 {
            continue;
        }
        let mut try_set = |r: &mut [u8; KINDS], set: Set| {
            if let Some(p) = pair_of(r) {
                ways += 1;
                found = Some((set, p));
            }
        };
        if r[i] > 2 && pung_key(i) > -1 {
            r[i] -= 3;
            let set = Set {
                kind: SetKind::Pung,
                tile: Tile::from_index(i).expect("a kind"),
                melded: false,
            };
            try_set(&mut r, set);
            r[i] += 3;
        }
        if chow_starts(i) && r[i + 1] != 0 && r[i + 2] != 0 && chow_key(i) >= -1 {
            for x in &mut r[i..i + 3] {
                *x -= 1;
            }
            let set = Set {
                kind: SetKind::Chow,
                tile: Tile::from_index(i + 1).expect("a kind"),
                melded: false,
            };
            try_set(&mut r, set);
            for x in &mut r[i..i + 3] {
                *x += 1;
            }
        }
    }
    (ways == 1).then_some(found).flatten()
}

/// What the set and the pair beside a knitted straight add.
fn straight_set_fans(c: &Ctx, set: Set, pair: Set, t: &mut FanTable) {
    let merged = |x: Tile| c.fixed_counts[x.index()] + u16::from(c.standing[x.index()]);
    let p = pair.tile;
    if set.kind == SetKind::Chow {
        if p.is_suited() {
            t.set(Fan::AllChows, 1);
        }
        if merged(p) == 4 {
            t.set(Fan::TileHog, 1);
        }
        return;
    }
    let x = set.tile;
    if x.is_wind() {
        t.set(Fan::PungOfTerminalsOrHonors, 1);
        wind_fans(x, c.prevalent, c.seat, t);
        if p.is_dragon() {
            t.set(Fan::AllTypes, 1);
        }
    } else if x.is_dragon() {
        t.set(Fan::DragonPung, 1);
        if p.is_wind() {
            t.set(Fan::AllTypes, 1);
        }
    } else {
        if x.is_terminal() {
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        if !p.is_honor() {
            t.set(Fan::NoHonors, 1);
        }
        if set.kind != SetKind::Kong && merged(x) == 4 {
            t.set(Fan::TileHog, 1);
        }
    }
}

/// Edge, closed or single wait beside a knitted straight. 1.4.0 counts a
/// wait the straight could also explain; the 2018 calculator counts none
/// when the winning tile belongs to the straight.
fn straight_wait_fans(
    c: &Ctx,
    mask: u64,
    rest: &[u8; KINDS],
    set: Set,
    pair: Set,
    t: &mut FanTable,
) {
    let in_straight = mask >> c.win.index() & 1 != 0;
    if c.fixed_cnt == 0 {
        if in_straight && !c.reading.waits_inside_knitted_straight() {
            return;
        }
        let mut table = [0u16; KINDS];
        for (d, &n) in table.iter_mut().zip(rest) {
            *d = u16::from(n);
        }
        let w = c.win.index();
        table[w] = table[w].wrapping_sub(1);
        if wait::is_unique(wait::waits(&mut table, 4)) {
            wait_fans(&[set, pair], c.win, t);
        }
    } else if !in_straight
        || (c.reading.waits_inside_knitted_straight() && c.standing[c.win.index()] == 3)
    {
        t.set(Fan::SingleWait, 1);
    }
}

/// Nine gates: 1112345678999 of one suit and any tile of it (only without
/// melds; scored with the fans it implies).
pub(super) fn nine_gates(c: &Ctx, t: &mut FanTable) -> bool {
    let win = c.win;
    if !win.is_suited() {
        return false;
    }
    let base = usize::from(win.suit()) * 9;
    let s = &c.standing[base..base + 9];
    let r = usize::from(win.rank());
    let ok = (1..=9).all(|k| {
        let want = match k {
            1 | 9 => 3,
            _ => 1,
        } + u8::from(k == r);
        s[k - 1] == want
    });
    if !ok {
        return false;
    }
    t.set(Fan::NineGates, 1);
    match r {
        1 | 9 => {
            t.set(Fan::PureStraight, 1);
            t.set(Fan::TileHog, 1);
        }
        2 | 8 => {
            t.set(Fan::TwoConcealedPungs, 1);
            t.set(Fan::ShortStraight, 1);
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        5 => {
            t.set(Fan::TwoConcealedPungs, 1);
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        _ => t.set(Fan::ShortStraight, 1),
    }
    win_flag_fans(c.flags, t);
    true
}
