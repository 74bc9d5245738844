//! Fans between sets: chows with chows, pungs with pungs.
//!
//! The rules of combining (a set combines once with each other set, and
//! never twice into the same fan) are read as the reference reads them:
//! a fan of three or four sets takes them, the one left over adds at most
//! one fan of two; without such a fan the fans of two are counted and cut
//! down to what the rule allows.

use super::context::Set;
use crate::mcr::fan::{Fan, FanTable};
use crate::mcr::tile::Tile;

fn same_suit(a: Tile, b: Tile) -> bool {
    a.suit() == b.suit()
}

/// `b` is `a` moved up by `d` ranks in the same suit.
fn up(a: Tile, b: Tile, d: u8) -> bool {
    a.is_suited() && same_suit(a, b) && a.rank() + d == b.rank()
}

fn all_suits_differ(a: Tile, b: Tile, c: Tile) -> bool {
    a.suit() != b.suit() && a.suit() != c.suit() && b.suit() != c.suit()
}

/// Three ranks that are consecutive in some order.
fn consecutive_ranks(a: u8, b: u8, c: u8) -> bool {
    let mut r = [a, b, c];
    r.sort_unstable();
    r[0] + 1 == r[1] && r[1] + 1 == r[2]
}

/// Fans of two chows (middle tiles), in either order.
fn two_chows(a: Tile, b: Tile) -> Option<Fan> {
    if !same_suit(a, b) {
        return (a.rank() == b.rank()).then_some(Fan::MixedDoubleChow);
    }
    let (lo, hi) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
    if hi - lo == 3 {
        Some(Fan::ShortStraight)
    } else if (lo, hi) == (2, 8) {
        Some(Fan::TwoTerminalChows)
    } else if lo == hi {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// Fans of three chows (middle tiles, ascending).
fn three_chows(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    let (ra, rb, rc) = (a.rank(), b.rank(), c.rank());
    if all_suits_differ(a, b, c) {
        let mut r = [ra, rb, rc];
        r.sort_unstable();
        if consecutive_ranks(ra, rb, rc) {
            Some(Fan::MixedShiftedChows)
        } else if ra == rb && rb == rc {
            Some(Fan::MixedTripleChow)
        } else if r == [2, 5, 8] {
            Some(Fan::MixedStraight)
        } else {
            None
        }
    } else if up(a, b, 3) && up(b, c, 3) {
        Some(Fan::PureStraight)
    } else if (up(a, b, 2) && up(b, c, 2)) || (up(a, b, 1) && up(b, c, 1)) {
        Some(Fan::PureShiftedChows)
    } else if a == b && b == c {
        Some(Fan::PureTripleChow)
    } else {
        None
    }
}

/// Fans of four chows (ascending).
fn four_chows(m: &[Tile; 4]) -> Option<Fan> {
    let shifted = |d| up(m[0], m[1], d) && up(m[1], m[2], d) && up(m[2], m[3], d);
    if shifted(2) || shifted(1) {
        Some(Fan::FourPureShiftedChows)
    } else if m[0] == m[1] && m[1] == m[2] && m[2] == m[3] {
        Some(Fan::QuadrupleChow)
    } else {
        None
    }
}

/// The one fan the chow left out of a fan of three adds with them.
fn leftover_chow(three: [Tile; 3], extra: Tile) -> Option<Fan> {
    let fans = three.map(|t| two_chows(t, extra));
    [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// Counts fans of pairs of chows, cut to `max`: first every fan counted
/// more than once goes down to once, then fans go, the 1-fan ones of the
/// least common kinds (two terminal chows, short straight, ...) first.
fn limited_pairs(fans: &[Option<Fan>], max: usize, t: &mut FanTable) {
    let kinds = [
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
    ];
    let mut n = kinds.map(|k| fans.iter().filter(|f| **f == Some(k)).count());
    let mut total: usize = n.iter().sum();
    for limit in [1, 0] {
        for k in (0..4).rev() {
            while n[k] > limit && total > max {
                n[k] -= 1;
                total -= 1;
            }
        }
    }
    for (k, c) in kinds.into_iter().zip(n) {
        t.set(k, c as u16);
    }
}

fn chow_fans(m: &mut [Tile], t: &mut FanTable) {
    m.sort_unstable();
    match m.len() {
        4 => {
            let m = [m[0], m[1], m[2], m[3]];
            if let Some(f) = four_chows(&m) {
                t.set(f, 1);
                return;
            }
            for (a, b, c, x) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
                if let Some(f) = three_chows(m[a], m[b], m[c]) {
                    t.set(f, 1);
                    if let Some(g) = leftover_chow([m[a], m[b], m[c]], m[x]) {
                        t.set(g, 1);
                    }
                    return;
                }
            }
            let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
            let fans = pairs.map(|(a, b)| two_chows(m[a], m[b]));
            // A chow that combines with none of the others takes one
            // combination away.
            let alone = (0..4)
                .filter(|&i| {
                    pairs
                        .iter()
                        .zip(&fans)
                        .all(|(&(a, b), f)| f.is_none() || (a != i && b != i))
                })
                .count();
            let max = 3 - alone.min(3);
            if max > 0 {
                limited_pairs(&fans, max, t);
            }
        }
        3 => {
            if let Some(f) = three_chows(m[0], m[1], m[2]) {
                t.set(f, 1);
                return;
            }
            let fans = [(0, 1), (0, 2), (1, 2)].map(|(a, b)| two_chows(m[a], m[b]));
            limited_pairs(&fans, 2, t);
        }
        2 => {
            if let Some(f) = two_chows(m[0], m[1]) {
                t.add(f);
            }
        }
        _ => {}
    }
}

fn two_pungs(a: Tile, b: Tile) -> Option<Fan> {
    if a.is_suited() && b.is_suited() {
        (a.rank() == b.rank()).then_some(Fan::DoublePung)
    } else {
        (a.is_dragon() && b.is_dragon()).then_some(Fan::TwoDragonsPungs)
    }
}

/// Fans of three pungs (ascending).
fn three_pungs(a: Tile, b: Tile, c: Tile) -> Option<Fan> {
    if a.is_suited() && b.is_suited() && c.is_suited() {
        if all_suits_differ(a, b, c) {
            if consecutive_ranks(a.rank(), b.rank(), c.rank()) {
                Some(Fan::MixedShiftedPungs)
            } else if a.rank() == b.rank() && b.rank() == c.rank() {
                Some(Fan::TriplePung)
            } else {
                None
            }
        } else {
            (up(a, b, 1) && up(b, c, 1)).then_some(Fan::PureShiftedPungs)
        }
    } else if a.is_wind() && b.is_wind() && c.is_wind() && a != b && b != c {
        Some(Fan::BigThreeWinds)
    } else if a.is_dragon() && b.is_dragon() && c.is_dragon() && a != b && b != c {
        Some(Fan::BigThreeDragons)
    } else {
        None
    }
}

fn four_pungs(m: &[Tile; 4]) -> Option<Fan> {
    if up(m[0], m[1], 1) && up(m[1], m[2], 1) && up(m[2], m[3], 1) {
        Some(Fan::FourPureShiftedPungs)
    } else if m.iter().all(|t| t.is_wind()) && m[0] != m[1] && m[1] != m[2] && m[2] != m[3] {
        Some(Fan::BigFourWinds)
    } else {
        None
    }
}

fn count_pairs(m: &[Tile], t: &mut FanTable) {
    for i in 0..m.len() {
        for j in i + 1..m.len() {
            if let Some(f) = two_pungs(m[i], m[j]) {
                t.add(f);
            }
        }
    }
}

fn pung_fans(m: &mut [Tile], t: &mut FanTable) {
    match m.len() {
        4 => {
            m.sort_unstable();
            let m = [m[0], m[1], m[2], m[3]];
            if let Some(f) = four_pungs(&m) {
                t.set(f, 1);
                return;
            }
            for (a, b, c, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
                if let Some(f) = three_pungs(m[a], m[b], m[c]) {
                    t.set(f, 1);
                    // The pung left over combines once, with the first that fits.
                    if let Some(g) = [a, b, c].into_iter().find_map(|i| two_pungs(m[i], m[free])) {
                        t.add(g);
                    }
                    return;
                }
            }
            count_pairs(&m, t);
        }
        3 => {
            m.sort_unstable();
            if let Some(f) = three_pungs(m[0], m[1], m[2]) {
                t.set(f, 1);
                return;
            }
            count_pairs(m, t);
        }
        _ => count_pairs(m, t),
    }
}

/// Fans between the sets of an arrangement, terminal chows included.
pub(super) fn set_fans(
    chows: &mut [Tile; 4],
    n_chows: usize,
    pungs: &[Set; 4],
    n_pungs: usize,
    pair: Tile,
    t: &mut FanTable,
) {
    if n_chows == 4 && pair.is_suited() && pair.rank() == 5 {
        if let Some(f) = terminal_chows(chows, pair) {
            t.set(f, 1);
            return;
        }
    }
    let mut pung_tiles = [Tile::EAST; 4];
    for (d, s) in pung_tiles.iter_mut().zip(&pungs[..n_pungs]) {
        *d = s.tile;
    }
    match n_chows {
        4 | 3 => chow_fans(&mut chows[..n_chows], t),
        2 => {
            chow_fans(&mut chows[..2], t);
            pung_fans(&mut pung_tiles[..2], t);
        }
        _ => pung_fans(&mut pung_tiles[..n_pungs], t),
    }
}

/// Pure or three-suited terminal chows (the pair is a 5).
fn terminal_chows(chows: &[Tile; 4], pair: Tile) -> Option<Fan> {
    if chows.iter().any(|c| !matches!(c.rank(), 2 | 8)) {
        return None;
    }
    let ps = pair.suit();
    let others: Vec<u8> = (0..3).filter(|&s| s != ps).collect();
    let has = |s: u8, r: u8| chows.iter().any(|c| c.suit() == s && c.rank() == r);
    if chows.iter().all(|c| c.suit() != ps) && others.iter().all(|&s| has(s, 2) && has(s, 8)) {
        return Some(Fan::ThreeSuitedTerminalChows);
    }
    let count = |r: u8| {
        chows
            .iter()
            .filter(|c| c.suit() == ps && c.rank() == r)
            .count()
    };
    (count(2) == 2 && count(8) == 2).then_some(Fan::PureTerminalChows)
}
