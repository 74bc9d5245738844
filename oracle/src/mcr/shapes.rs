//! Every arrangement of a hand's tiles into a winning shape, by brute force.

use super::hand::{Kind, Set};
use super::tiles::{self, Counts, Tile, KINDS};

/// Where the winning tile sits in an arrangement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinIn {
    /// In the pair.
    Pair,
    /// In the set with this index (of the arrangement's `sets`).
    Set(usize),
    /// In the knitted straight, or the shape has no blocks (seven pairs,
    /// thirteen orphans, honors and knitted tiles).
    Elsewhere,
}

/// One way to read the tiles as a winning hand.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// Four sets (packs first) and a pair.
    Regular {
        /// The packs, then the standing sets.
        sets: Vec<Set>,
        /// The pair's tile.
        pair: Tile,
    },
    /// Seven pairs (a kind held four times is two pairs).
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// Honors and knitted tiles (全不靠 / 七星不靠).
    HonorsAndKnitted,
    /// A knitted straight, one set (a pack or standing) and a pair.
    KnittedStraight {
        /// The straight's nine tiles.
        straight: [Tile; 9],
        /// The one other set.
        sets: Vec<Set>,
        /// The pair's tile.
        pair: Tile,
    },
}

/// Every split of `c` into `sets` concealed sets and one pair, each split
/// once (sets in ascending order).
pub fn splits(c: &mut Counts, sets: usize) -> Vec<(Vec<Set>, Tile)> {
    let mut out = Vec::new();
    split_rec(c, sets, None, &mut Vec::new(), &mut out);
    out
}

fn split_rec(
    c: &mut Counts,
    sets: usize,
    pair: Option<Tile>,
    acc: &mut Vec<Set>,
    out: &mut Vec<(Vec<Set>, Tile)>,
) {
    let Some(i) = (0..KINDS).find(|&t| c[t] > 0) else {
        if let (Some(p), 0) = (pair, sets) {
            out.push((acc.clone(), p));
        }
        return;
    };
    let concealed = |kind, tile| Set {
        kind,
        tile,
        packed: false,
        claimed: false,
    };
    if pair.is_none() && c[i] >= 2 {
        c[i] -= 2;
        split_rec(c, sets, Some(i), acc, out);
        c[i] += 2;
    }
    if sets > 0 && c[i] >= 3 {
        c[i] -= 3;
        acc.push(concealed(Kind::Pung, i));
        split_rec(c, sets - 1, pair, acc, out);
        acc.pop();
        c[i] += 3;
    }
    if sets > 0 && tiles::is_suited(i) && tiles::rank(i) <= 7 && c[i + 1] > 0 && c[i + 2] > 0 {
        (i..i + 3).for_each(|t| c[t] -= 1);
        acc.push(concealed(Kind::Chow, i));
        split_rec(c, sets - 1, pair, acc, out);
        acc.pop();
        (i..i + 3).for_each(|t| c[t] += 1);
    }
}

/// Which of 1.4.0's two win tests to follow where they differ: the fan
/// calculator's own, or the one that finds the waits deciding 独听. They
/// differ only for a kind held six times (seen running MahjongGB as a black
/// box on random hands): the calculator finds no four sets and a pair then
/// but does take three pairs of it as seven pairs; the wait test the other
/// way round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// Scoring the hand.
    Score,
    /// Finding its waits.
    Waits,
}

/// Every winning shape of `packs` plus the standing tiles `standing`.
pub fn shapes(packs: &[Set], standing: &Counts, test: Test) -> Vec<Shape> {
    let mut out = Vec::new();
    let need = 4 - packs.len();
    let six = standing.iter().any(|&n| n >= 6);
    if !(six && test == Test::Score) {
        for (sets, pair) in splits(&mut standing.clone(), need) {
            let all = packs.iter().copied().chain(sets).collect();
            out.push(Shape::Regular { sets: all, pair });
        }
    }
    if packs.is_empty() {
        // A kind held four times is two pairs (six times: see [`Test`]).
        let pairs = |n: u8| n & 1 == 0 && (n <= 4 || test == Test::Score);
        if (0..KINDS).all(|t| pairs(standing[t])) {
            out.push(Shape::SevenPairs);
        }
        let orphans = tiles::orphans();
        if orphans.iter().all(|&t| standing[t] >= 1)
            && (0..KINDS).all(|t| standing[t] == 0 || orphans.contains(&t))
        {
            out.push(Shape::ThirteenOrphans);
        }
        if is_honors_and_knitted(standing) {
            out.push(Shape::HonorsAndKnitted);
        }
    }
    if packs.len() <= 1 {
        for straight in tiles::knitted_straights() {
            let mut rest = *standing;
            if straight.iter().all(|&t| rest[t] > 0) {
                straight.iter().for_each(|&t| rest[t] -= 1);
                for (sets, pair) in splits(&mut rest, need - 3) {
                    let all = packs.iter().copied().chain(sets).collect();
                    out.push(Shape::KnittedStraight {
                        straight,
                        sets: all,
                        pair,
                    });
                }
            }
        }
    }
    out
}

/// 14 different tiles, all honors or from one knitted straight.
fn is_honors_and_knitted(c: &Counts) -> bool {
    if (0..KINDS).any(|t| c[t] > 1) {
        return false;
    }
    tiles::knitted_straights()
        .iter()
        .any(|ks| (0..KINDS).all(|t| c[t] == 0 || tiles::is_honor(t) || ks.contains(&t)))
}

/// Where the winning tile can sit in a shape: each distinct choice once.
pub fn win_places(shape: &Shape, win: Tile) -> Vec<WinIn> {
    let (sets, pair) = match shape {
        Shape::Regular { sets, pair } => (sets, *pair),
        Shape::KnittedStraight {
            straight,
            sets,
            pair,
        } => {
            let mut out = places_in_sets(sets, pair, win);
            if straight.contains(&win) {
                out.push(WinIn::Elsewhere);
            }
            return out;
        }
        _ => return vec![WinIn::Elsewhere],
    };
    places_in_sets(sets, &pair, win)
}

fn places_in_sets(sets: &[Set], pair: &Tile, win: Tile) -> Vec<WinIn> {
    let mut out = Vec::new();
    if *pair == win {
        out.push(WinIn::Pair);
    }
    let mut seen: Vec<Set> = Vec::new();
    for (i, s) in sets.iter().enumerate() {
        if !s.packed && s.tiles().contains(&win) && !seen.contains(s) {
            seen.push(*s);
            out.push(WinIn::Set(i));
        }
    }
    out
}
