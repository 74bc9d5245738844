//! Decompositions by brute force: try every multiset of sets (pungs, kongs,
//! chows from one fixed list, taken in non-decreasing list order so each
//! multiset once) that fits in the hand, and keep those whose leftover is
//! exactly one pair. Nothing clever: no smallest-tile-first reasoning, which
//! is what the engine relies on.
//!
//! [`brute_force`] is the definition; [`decompositions`] is the same answers
//! memoized by the whole input ([`crate::memo`]: a cache cannot change an
//! answer), which the harness calls.

use crate::memo::Memo;
use mahjong_sim::analysis::{Decomposition, Shape};
use mahjong_sim::meld::Meld;
use mahjong_sim::tile::Tile;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::OnceLock;

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

/// Remembered decompositions by counts and number of sets.
type Answers = Memo<([u8; ORDINARY], usize), BTreeSet<Decomposition>>;

thread_local! {
    static ANSWERS: RefCell<Answers> = RefCell::new(Memo::new(1 << 16));
}

/// Every decomposition of `counts` into exactly `sets` sets and one pair:
/// [`brute_force`]'s answer, remembered by the whole input.
pub fn decompositions(counts: &[u8; ORDINARY], sets: usize) -> BTreeSet<Decomposition> {
    Memo::get(&ANSWERS, (*counts, sets), |(counts, sets)| {
        brute_force(counts, *sets)
    })
}

/// Every decomposition of `counts` into exactly `sets` sets and one pair, by
/// trying every multiset of sets.
pub fn brute_force(counts: &[u8; ORDINARY], sets: usize) -> BTreeSet<Decomposition> {
    let mut out = BTreeSet::new();
    let size: usize = counts.iter().map(|&c| c as usize).sum();
    // `sets` sets and a pair hold `3 * sets + 2` tiles and one more for each
    // kong, so a decomposition has exactly this many kongs.
    let Some(kongs) = size.checked_sub(3 * sets + 2).filter(|&k| k <= sets) else {
        return out;
    };
    // A set that does not fit the whole hand fits no part of it, and kongs
    // are tried only when the hand holds one more tile a kong.
    static PIECES: OnceLock<Vec<Piece>> = OnceLock::new();
    let all: Vec<&Piece> = PIECES
        .get_or_init(|| all_sets().into_iter().map(Piece::of).collect())
        .iter()
        .filter(|p| kongs > 0 || !matches!(p.set, Meld::Kong(_)))
        .filter(|p| p.fits(counts))
        .collect();
    let mut left = *counts;
    let mut chosen = Vec::new();
    pick(&all, 0, sets, size, &mut left, &mut chosen, &mut out);
    out
}

/// A set with the tiles it takes, kind by kind.
struct Piece {
    set: Meld,
    /// (kind index, copies) for each distinct kind of the set.
    takes: Vec<(usize, u8)>,
    /// Tiles in the set.
    size: usize,
}

impl Piece {
    fn of(set: Meld) -> Piece {
        let mut takes: Vec<(usize, u8)> = Vec::new();
        for t in set.tiles() {
            match takes.iter_mut().find(|(k, _)| *k == t.index()) {
                Some((_, n)) => *n += 1,
                None => takes.push((t.index(), 1)),
            }
        }
        let size = set.tiles().len();
        Piece { set, takes, size }
    }

    /// True when the tiles `left` hold every tile of the set.
    fn fits(&self, left: &[u8; ORDINARY]) -> bool {
        self.takes.iter().all(|&(k, n)| left[k] >= n)
    }
}

/// Adds every multiset of sets, from `all[from..]`, that completes `chosen`
/// to `sets` sets and leaves exactly a pair of the tiles `left` (`tiles` of
/// them).
fn pick(
    all: &[&Piece],
    from: usize,
    sets: usize,
    tiles: usize,
    left: &mut [u8; ORDINARY],
    chosen: &mut Vec<Meld>,
    out: &mut BTreeSet<Decomposition>,
) {
    if chosen.len() == sets {
        // Two tiles left, both of one kind.
        if tiles == 2 {
            if let Some(k) = (0..ORDINARY).find(|&k| left[k] == 2) {
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
    for (i, piece) in all.iter().enumerate().skip(from) {
        if !piece.fits(left) {
            continue;
        }
        for &(k, n) in &piece.takes {
            left[k] -= n;
        }
        chosen.push(piece.set);
        pick(all, i, sets, tiles - piece.size, left, chosen, out);
        chosen.pop();
        for &(k, n) in &piece.takes {
            left[k] += n;
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

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_sim::tile::parse_tiles;

    /// The decompositions, written out (the pair last), by brute force and
    /// through the cache (twice: computed, then remembered).
    fn ds(s: &str, sets: usize) -> Vec<String> {
        let hand = mahjong_sim::hand::Hand::from_tiles(&parse_tiles(s).unwrap());
        let found = brute_force(&hand.ordinary_counts(), sets);
        assert_eq!(decompositions(&hand.ordinary_counts(), sets), found);
        assert_eq!(decompositions(&hand.ordinary_counts(), sets), found);
        found.iter().map(|d| d.to_string()).collect()
    }

    #[test]
    fn hand_checked_decompositions() {
        assert_eq!(
            ds("1M 1M 1M 2M 2M 2M 3M 3M 3M 4M 4M", 3),
            // In the order of decompositions: chows before pungs.
            [
                "123M 123M 123M + 44M",
                "123M 234M 234M + 11M",
                "111M 222M 333M + 44M"
            ]
        );
        assert_eq!(ds("1M 1M 1M 1M E E", 1), ["1111M + EE"]);
        assert_eq!(ds("1M 1M 1M 1M 2M 3M E E", 2), ["123M 111M + EE"]);
        // Eight tiles in one set and a pair: three kongs too many.
        assert_eq!(ds("1M 1M 1M 1M 2M 3M E E", 1), Vec::<String>::new());
        assert_eq!(ds("1M 1M 1M 1M 2M 2M 2M 2M E E", 2), ["1111M 2222M + EE"]);
        assert_eq!(ds("1M 2M 3M E E", 1), ["123M + EE"]);
        assert_eq!(ds("1M 2M 3M E S", 1), Vec::<String>::new());
    }
}
