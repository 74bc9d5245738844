//! Four sets and a pair: every arrangement of the standing tiles, each
//! scored, the best kept.

use super::context::{Ctx, Set, SetKind, NO_SET, SELF_DRAWN};
use super::hand_fans::{
    final_adjust, fours, rank_range_fans, suit_fans, tile_hog, tile_trait_fans, win_flag_fans,
    wind_fans,
};
use crate::mcr::fan::{Fan, FanTable};
use crate::mcr::tile::{Tile, KINDS};
use crate::mcr::wait::{self, chow_key, chow_starts, pung_key};

/// At most this many arrangements of one hand are kept (a 14-tile hand
/// has far fewer).
const MAX_DIVISIONS: usize = 32;

/// Arrangements: the melds, then sets found in ascending order, the pair last.
struct Divisions {
    list: [[Set; 5]; MAX_DIVISIONS],
    len: usize,
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("a kind")
}

/// Finds every arrangement, lowest kind first: the lowest kind left is the
/// pair, a pung or the start of a chow. At one kind the choices go pair,
/// pung, chows in that order (`stage`), so each arrangement comes once;
/// as in the reference, a kind makes at most one pung.
fn divide(
    counts: &mut [u8; KINDS],
    from: usize,
    stage: u8,
    work: &mut [Set; 5],
    idx: usize,
    has_pair: bool,
    out: &mut Divisions,
) {
    let Some(i) = (from..KINDS).find(|&i| counts[i] != 0) else {
        if idx == 4 && has_pair && out.len < MAX_DIVISIONS {
            out.list[out.len] = *work;
            out.len += 1;
        }
        return;
    };
    let stage = if i == from { stage } else { 0 };
    if stage == 0 && !has_pair && counts[i] >= 2 {
        counts[i] -= 2;
        work[4] = set(SetKind::Pair, i);
        divide(counts, i, 1, work, idx, true, out);
        counts[i] += 2;
    }
    if idx == 4 {
        return;
    }
    if stage <= 1 && counts[i] >= 3 {
        counts[i] -= 3;
        work[idx] = set(SetKind::Pung, i);
        divide(counts, i, 2, work, idx + 1, has_pair, out);
        counts[i] += 3;
    }
    if chow_starts(i) && counts[i + 1] != 0 && counts[i + 2] != 0 {
        for c in &mut counts[i..i + 3] {
            *c -= 1;
        }
        work[idx] = set(SetKind::Chow, i + 1);
        divide(counts, i, 2, work, idx + 1, has_pair, out);
        for c in &mut counts[i..i + 3] {
            *c += 1;
        }
    }
}

fn set(kind: SetKind, i: usize) -> Set {
    Set {
        kind,
        tile: tile(i),
        melded: false,
    }
}

/// The reference's order of arrangements: by their found sets' keys
/// (pung of a kind before its chow, lower kinds first), ascending, compared
/// as sequences.
fn order_key(sets: &[Set]) -> [i32; 4] {
    let mut k = [i32::MAX; 4];
    for (d, s) in k.iter_mut().zip(sets) {
        let start = s.tile.index() - usize::from(s.kind == SetKind::Chow);
        *d = if s.kind == SetKind::Chow {
            chow_key(start)
        } else {
            pung_key(start)
        };
    }
    k.sort_unstable();
    k
}

/// The best arrangement's fans, if one beats `to_beat` (or ties it where
/// the reading prefers the later one).
pub(super) fn best_division(
    c: &Ctx,
    to_beat: i32,
    seven_pairs: bool,
) -> Option<(FanTable, [Set; 5])> {
    let mut counts = c.standing;
    if c.pairs == 0 {
        return None;
    }
    let mut out = Divisions {
        list: [[NO_SET; 5]; MAX_DIVISIONS],
        len: 0,
    };
    let mut work = [NO_SET; 5];
    work[..c.fixed_cnt].copy_from_slice(&c.fixed[..c.fixed_cnt]);
    divide(&mut counts, 0, 0, &mut work, c.fixed_cnt, false, &mut out);
    if out.len == 0 {
        return None;
    }
    let list = &mut out.list[..out.len];
    if list.len() > 1 {
        list.sort_by_key(|d| order_key(&d[c.fixed_cnt..4]));
    }
    // Whether the winning tile is the only wait matters only to an
    // arrangement where it sits in a concealed chow or is the pair.
    let may_wait = out.list[..out.len].iter().any(|d| {
        d[c.fixed_cnt..].iter().any(|s| match s.kind {
            SetKind::Chow => s.tile.index().abs_diff(c.win.index()) <= 1,
            SetKind::Pair => s.tile == c.win,
            _ => false,
        })
    });
    let unique = may_wait && {
        let mut table = [0u16; KINDS];
        for (t, &n) in table.iter_mut().zip(&c.standing) {
            *t = u16::from(n);
        }
        let w = c.win.index();
        table[w] = table[w].wrapping_sub(1);
        wait::only_wait(&table, c.standing_size, w)
            .unwrap_or_else(|| wait::is_unique(wait::waits(&mut table, c.standing_size)))
    };
    let traits = hand_traits(c);
    let hog = fours((0..KINDS).map(|i| c.fixed_counts[i] + u16::from(c.standing[i])));
    let mut best: Option<(FanTable, [Set; 5])> = None;
    let mut max = to_beat;
    for division in &out.list[..out.len] {
        let table = score(division, c, &traits, unique, hog);
        let total = table.total();
        let better =
            total > max || (total == max && c.reading.prefers_later_tie(&table, seven_pairs));
        if better {
            max = max.max(total);
            best = Some((table, *division));
        }
    }
    best
}

/// The fans that follow from the tiles alone, the same in every arrangement.
fn hand_traits(c: &Ctx) -> FanTable {
    let mut t = FanTable::default();
    suit_fans(c.present, &mut t);
    tile_trait_fans(c.present, &mut t);
    rank_range_fans(c.present, &mut t);
    t
}

/// The sets of one arrangement, sorted by role.
struct Parts {
    chows: [Tile; 4],
    n_chows: usize,
    pungs: [Set; 4],
    n_pungs: usize,
    pair: Tile,
    concealed_pungs: i32,
    melded_kongs: u16,
    concealed_kongs: u16,
}

fn parts(sets: &[Set; 5]) -> Parts {
    let mut p = Parts {
        chows: [Tile::EAST; 4],
        n_chows: 0,
        pungs: [NO_SET; 4],
        n_pungs: 0,
        pair: Tile::EAST,
        concealed_pungs: 0,
        melded_kongs: 0,
        concealed_kongs: 0,
    };
    for s in sets {
        match s.kind {
            SetKind::Chow => {
                p.chows[p.n_chows] = s.tile;
                p.n_chows += 1;
            }
            SetKind::Pung | SetKind::Kong => {
                p.pungs[p.n_pungs] = *s;
                p.n_pungs += 1;
                match (s.kind, s.melded) {
                    (SetKind::Pung, false) => p.concealed_pungs += 1,
                    (SetKind::Kong, true) => p.melded_kongs += 1,
                    (SetKind::Kong, false) => p.concealed_kongs += 1,
                    _ => {}
                }
            }
            SetKind::Pair => p.pair = s.tile,
        }
    }
    p
}

/// `hog`: the kinds used four times ([`fours`]), the same in every
/// arrangement.
fn score(sets: &[Set; 5], c: &Ctx, traits: &FanTable, unique: bool, hog: u16) -> FanTable {
    let mut t = FanTable::default();
    let mut p = parts(sets);
    win_flag_fans(c.flags, &mut t);
    // A tile won on a discard that no concealed chow can hold completes a
    // pung, and that pung counts as melded.
    if c.flags & SELF_DRAWN == 0 {
        let in_chow = sets.iter().any(|s| {
            s.kind == SetKind::Chow && !s.melded && s.tile.index().abs_diff(c.win.index()) <= 1
        });
        if !in_chow {
            let n = p.pungs[..p.n_pungs]
                .iter()
                .filter(|s| s.tile == c.win && !s.melded)
                .count();
            p.concealed_pungs -= n as i32;
        }
    }
    if p.n_pungs != 0 {
        kong_fans(&p, &mut t);
        if p.n_pungs == 4 && !t.has(Fan::FourKongs) && !t.has(Fan::FourConcealedPungs) {
            t.set(Fan::AllPungs, 1);
        }
        for s in &p.pungs[..p.n_pungs] {
            if s.tile.is_dragon() {
                t.add(Fan::DragonPung);
            } else if s.tile.is_terminal() || s.tile.is_wind() {
                t.add(Fan::PungOfTerminalsOrHonors);
            }
        }
    }
    super::sets::set_fans(&mut p.chows, p.n_chows, &p.pungs, p.n_pungs, p.pair, &mut t);
    concealment_fans(sets, c, &mut t);
    pair_fans(p.pair, p.n_chows, &mut t);
    pack_trait_fans(sets, &mut t);
    for (x, y) in t.0.iter_mut().zip(traits.0.iter()) {
        *x |= *y;
    }
    if !t.has(Fan::QuadrupleChow) {
        tile_hog(hog, p.melded_kongs + p.concealed_kongs, &mut t);
    }
    if unique {
        wait_fans(&sets[c.fixed_cnt..], c.win, &mut t);
    }
    final_adjust(&mut t);
    if !t.has(Fan::BigFourWinds) {
        for s in &p.pungs[..p.n_pungs] {
            if s.tile.is_wind() {
                wind_fans(s.tile, c.prevalent, c.seat, &mut t);
            }
        }
    }
    if t.0.iter().all(|&n| n == 0) {
        t.set(Fan::ChickenHand, 1);
    }
    t
}

/// Kongs and concealed pungs.
fn kong_fans(p: &Parts, t: &mut FanTable) {
    let (mk, ck) = (p.melded_kongs, p.concealed_kongs);
    let kongs = mk + ck;
    let kong_fan = match (mk, ck) {
        (1, 0) => Some(Fan::MeldedKong),
        (0, 1) => Some(Fan::ConcealedKong),
        (2, 0) => Some(Fan::TwoMeldedKongs),
        (1, 1) => Some(Fan::ConcealedKongAndMeldedKong),
        (0, 2) => Some(Fan::TwoConcealedKongs),
        _ if kongs == 3 => Some(Fan::ThreeKongs),
        _ if kongs == 4 => Some(Fan::FourKongs),
        _ => None,
    };
    if let Some(f) = kong_fan {
        t.set(f, 1);
    }
    // Concealed pungs count the concealed kongs; two concealed kongs alone
    // are their own fan. Three kongs of which two concealed and a pung
    // that is not concealed still count three (the reference's table).
    let mut n = p.concealed_pungs + i32::from(ck);
    if kongs == 2 && ck == 2 && n == 2 {
        n = 0;
    }
    if kongs == 3 && ck == 2 && p.concealed_pungs != 0 {
        n = 3;
    }
    let f = match n {
        2 => Some(Fan::TwoConcealedPungs),
        3 => Some(Fan::ThreeConcealedPungs),
        4 => Some(Fan::FourConcealedPungs),
        _ => None,
    };
    if let Some(f) = f {
        t.set(f, 1);
    }
}

/// Concealed hand, fully concealed, melded hand, self-drawn.
fn concealment_fans(sets: &[Set; 5], c: &Ctx, t: &mut FanTable) {
    let melded = sets[..c.fixed_cnt].iter().filter(|s| s.melded).count();
    let self_drawn = c.flags & SELF_DRAWN != 0;
    match melded {
        0 => t.set(
            if self_drawn {
                Fan::FullyConcealedHand
            } else {
                Fan::ConcealedHand
            },
            1,
        ),
        4 => t.set(
            if self_drawn {
                Fan::SelfDrawn
            } else {
                Fan::MeldedHand
            },
            1,
        ),
        _ if self_drawn => t.set(Fan::SelfDrawn, 1),
        _ => {}
    }
}

/// All chows, and the pair that turns dragon or wind pungs into the
/// little three dragons or little four winds.
fn pair_fans(pair: Tile, n_chows: usize, t: &mut FanTable) {
    if n_chows == 4 {
        if pair.is_suited() {
            t.set(Fan::AllChows, 1);
        }
        return;
    }
    if t.has(Fan::TwoDragonsPungs) {
        if pair.is_dragon() {
            t.set(Fan::LittleThreeDragons, 1);
            t.clear(Fan::TwoDragonsPungs);
        }
        return;
    }
    if t.has(Fan::BigThreeWinds) && pair.is_wind() {
        t.set(Fan::LittleFourWinds, 1);
        t.clear(Fan::BigThreeWinds);
    }
}

/// Outside hand, all five, all even pungs: what every set holds.
fn pack_trait_fans(sets: &[Set; 5], t: &mut FanTable) {
    let (mut outside, mut five, mut even) = (0, 0, 0);
    for s in sets {
        if s.tile.is_honor() {
            outside += 1;
            continue;
        }
        match (s.kind == SetKind::Chow, s.tile.rank()) {
            (true, 2 | 8) | (false, 1 | 9) => outside += 1,
            (true, 4..=6) | (false, 5) => five += 1,
            (false, 2 | 4 | 6 | 8) => even += 1,
            _ => {}
        }
    }
    if outside == 5 {
        t.set(Fan::OutsideHand, 1);
    } else if five == 5 {
        t.set(Fan::AllFive, 1);
    } else if even == 5 {
        t.set(Fan::AllEvenPungs, 1);
    }
}

/// Edge, closed or single wait, from where the winning tile sits among
/// the concealed sets (only asked when the wait is unique).
pub(super) fn wait_fans(concealed: &[Set], win: Tile, t: &mut FanTable) {
    if t.has(Fan::MeldedHand) || t.has(Fan::FourKongs) {
        return;
    }
    let (mut edge, mut closed, mut single) = (false, false, false);
    for s in concealed {
        match s.kind {
            SetKind::Chow if s.tile == win => closed = true,
            SetKind::Chow if s.tile.index().abs_diff(win.index()) == 1 => edge = true,
            SetKind::Pair if s.tile == win => single = true,
            _ => {}
        }
    }
    if edge {
        t.set(Fan::EdgeWait, 1);
    } else if closed {
        t.set(Fan::ClosedWait, 1);
    } else if single {
        t.set(Fan::SingleWait, 1);
    }
}
