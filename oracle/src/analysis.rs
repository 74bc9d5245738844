//! Decompositions by brute force: try every multiset of sets (pungs, kongs,
//! chows from one fixed list, taken in non-decreasing list order so each
//! multiset once) that fits in the hand, and keep those whose leftover is
//! exactly one pair. Nothing clever: no smallest-tile-first reasoning, which
//! is what the engine relies on.

use mahjong_sim::analysis::{Decomposition, Shape};
use mahjong_sim::meld::Meld;
use mahjong_sim::tile::Tile;
use std::collections::BTreeSet;

const ORDINARY: usize = 34;

fn all_sets() -> Vec<Meld> {
    let mut v = Vec::new();
    for t in Tile::ordinary() {
        v.push(Meld::Pung(t));
        v.push(Meld::Kong(t));
        if t.number().is_some_and(|n| n <= 7) {
            v.push(Meld::Chow(t));
        }
    }
    v
}

/// Every decomposition of `counts` into exactly `sets` sets and one pair.
pub fn decompositions(counts: &[u8; ORDINARY], sets: usize) -> BTreeSet<Decomposition> {
    let mut out = BTreeSet::new();
    let mut left = *counts;
    let all = all_sets();
    let mut chosen = Vec::new();
    pick(&all, 0, sets, &mut left, &mut chosen, &mut out);
    out
}

fn pick(
    all: &[Meld],
    from: usize,
    sets: usize,
    left: &mut [u8; ORDINARY],
    chosen: &mut Vec<Meld>,
    out: &mut BTreeSet<Decomposition>,
) {
    if chosen.len() == sets {
        let rest: Vec<usize> = (0..ORDINARY).filter(|&k| left[k] > 0).collect();
        if let [k] = rest[..] {
            if left[k] == 2 {
                let mut s = chosen.clone();
                s.sort();
                out.insert(Decomposition {
                    sets: s,
                    pair: Tile::from_index(k).expect("kind"),
                });
            }
        }
        return;
    }
    for i in from..all.len() {
        let tiles = all[i].tiles();
        let fits = tiles.iter().all(|t| {
            let need = tiles.iter().filter(|x| *x == t).count();
            left[t.index()] as usize >= need
        });
        if !fits {
            continue;
        }
        for t in &tiles {
            left[t.index()] -= 1;
        }
        chosen.push(all[i]);
        pick(all, i, sets, left, chosen, out);
        chosen.pop();
        for t in &tiles {
            left[t.index()] += 1;
        }
    }
}

/// The shapes `x` can take as the winning tile of `d`, phrased by what was
/// waiting before `x` came: the set or pair with one `x` taken out.
pub fn shapes(d: &Decomposition, x: Tile) -> BTreeSet<Shape> {
    let mut out = BTreeSet::new();
    if d.pair == x {
        out.insert(Shape::SingleWait); // a lone x was waiting
    }
    for s in &d.sets {
        let mut tiles = s.tiles();
        let Some(i) = tiles.iter().position(|&t| t == x) else {
            continue;
        };
        tiles.remove(i);
        let shape = match (*s, tiles.as_slice()) {
            (Meld::Kong(_), _) => Shape::KongWait,
            (Meld::Pung(_), _) => Shape::PairWait,
            (_, &[a, b]) if a.offset(2) == Some(b) => Shape::Closed,
            (_, &[a, _]) if a.number() == Some(1) || a.number() == Some(8) => Shape::Edge,
            _ => Shape::TwoSided,
        };
        out.insert(shape);
    }
    out
}
