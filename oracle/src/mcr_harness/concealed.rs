//! Every concealed hand of four sets and a pair: the 14-tile count
//! vectors (at most four of a kind) that split into four sets (chows,
//! pungs) and a pair, each once however many ways it splits. With each
//! kind it holds as the winning tile there are 86,249,952 (hand, winning
//! tile) pairs, the figure the study must reproduce.
//!
//! Built group by group (characters, bamboo, dots, honors): a group's
//! vectors of `k` sets, with or without the pair, are enumerated and
//! deduplicated once; a hand is one vector per group, the pair in exactly
//! one group, the sets summing to four. Vectors of different groups never
//! collide, so every hand comes out exactly once.

use std::collections::BTreeSet;

/// A group's kinds: nine of a suit or the seven honors.
#[derive(Clone, Debug)]
pub struct Group {
    /// First kind index of the group.
    pub start: usize,
    /// `sets[k]`: the group's vectors of `k` sets and no pair.
    pub sets: Vec<Vec<Vec<u8>>>,
    /// `with_pair[k]`: of `k` sets and the pair.
    pub with_pair: Vec<Vec<Vec<u8>>>,
}

impl Group {
    /// The vectors of group `g` (0-2 the suits, 3 the honors).
    pub fn new(g: usize) -> Group {
        let kinds = if g < 3 { 9 } else { 7 };
        let mut sets: Vec<BTreeSet<Vec<u8>>> = vec![BTreeSet::new(); 5];
        let mut v = vec![0u8; kinds];
        place_sets(&mut v, g < 3, 0, 0, &mut sets);
        let with_pair = sets
            .iter()
            .map(|vs| {
                let mut out = BTreeSet::new();
                for v in vs {
                    for k in 0..kinds {
                        if v[k] <= 2 {
                            let mut w = v.clone();
                            w[k] += 2;
                            out.insert(w);
                        }
                    }
                }
                out.into_iter().collect()
            })
            .collect();
        Group {
            start: g * 9,
            sets: sets.into_iter().map(|s| s.into_iter().collect()).collect(),
            with_pair,
        }
    }

    /// The group's vectors of `k` sets, with the pair or without.
    pub fn vectors(&self, k: usize, pair: bool) -> &[Vec<u8>] {
        if pair {
            &self.with_pair[k]
        } else {
            &self.sets[k]
        }
    }
}

/// Adds sets from set type `from` on (pungs of each kind, then chows of a
/// suit by lowest tile), recording every vector by its number of sets.
fn place_sets(
    v: &mut Vec<u8>,
    suited: bool,
    from: usize,
    n: usize,
    out: &mut Vec<BTreeSet<Vec<u8>>>,
) {
    out[n].insert(v.clone());
    if n == 4 {
        return;
    }
    let kinds = v.len();
    let types = kinds + if suited { 7 } else { 0 };
    for t in from..types {
        let tiles: Vec<usize> = if t < kinds {
            vec![t; 3]
        } else {
            (t - kinds..t - kinds + 3).collect()
        };
        if tiles.iter().all(|&k| v[k] < 4) && (t >= kinds || v[t] <= 1) {
            tiles.iter().for_each(|&k| v[k] += 1);
            place_sets(v, suited, t, n + 1, out);
            tiles.iter().for_each(|&k| v[k] -= 1);
        }
    }
}

/// The four groups' vectors.
pub fn groups() -> [Group; 4] {
    [0, 1, 2, 3].map(Group::new)
}

/// Every split of four sets over the four groups and a group for the
/// pair: (sets per group, the pair's group).
pub fn layouts() -> Vec<([usize; 4], usize)> {
    let mut out = Vec::new();
    for pair in 0..4 {
        for a in 0..=4 {
            for b in 0..=4 - a {
                for c in 0..=4 - a - b {
                    out.push(([a, b, c, 4 - a - b - c], pair));
                }
            }
        }
    }
    out
}

/// Counts (hands, (hand, winning tile) pairs) without visiting a hand: a
/// hand's pairs are its distinct kinds, the sum of its groups'.
pub fn count(groups: &[Group; 4]) -> (u64, u64) {
    let (mut hands, mut pairs) = (0u64, 0u64);
    for (k, pair) in layouts() {
        let lists: Vec<&[Vec<u8>]> = (0..4).map(|g| groups[g].vectors(k[g], g == pair)).collect();
        let sizes: Vec<u64> = lists.iter().map(|l| l.len() as u64).collect();
        let product: u64 = sizes.iter().product();
        hands += product;
        for (g, list) in lists.iter().enumerate() {
            let kinds: u64 = list
                .iter()
                .map(|v| v.iter().filter(|&&c| c > 0).count() as u64)
                .sum();
            pairs += kinds
                * (0..4)
                    .filter(|&h| h != g)
                    .map(|h| sizes[h])
                    .product::<u64>();
        }
    }
    (hands, pairs)
}

/// Calls `f` with the 34 counts of every hand whose characters vector is
/// the `i`-th of its list with `i % parts == part` (so that `parts`
/// threads share the work).
pub fn for_each_hand(groups: &[Group; 4], part: usize, parts: usize, mut f: impl FnMut(&[u8; 34])) {
    let mut counts = [0u8; 34];
    for (k, pair) in layouts() {
        let l: Vec<&[Vec<u8>]> = (0..4).map(|g| groups[g].vectors(k[g], g == pair)).collect();
        for (i, w) in l[0].iter().enumerate() {
            if i % parts != part {
                continue;
            }
            counts[0..9].copy_from_slice(w);
            for t in l[1] {
                counts[9..18].copy_from_slice(t);
                for b in l[2] {
                    counts[18..27].copy_from_slice(b);
                    for h in l[3] {
                        counts[27..34].copy_from_slice(h);
                        f(&counts);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The census: 86,249,952 (hand, winning tile) pairs, and walking the
    /// hands finds as many, each a distinct 14-tile vector.
    #[test]
    fn every_concealed_winning_hand_once() {
        let g = groups();
        let (hands, pairs) = count(&g);
        assert_eq!(pairs, 86_249_952);
        // Walk one part in 97 (every layout, every group crossed).
        let mut seen = std::collections::HashSet::new();
        let mut walked = 0u64;
        for_each_hand(&g, 0, 97, |c| {
            assert_eq!(c.iter().map(|&n| u32::from(n)).sum::<u32>(), 14);
            assert!(c.iter().all(|&n| n <= 4));
            walked += 1;
            assert!(seen.insert(*c), "{c:?} twice");
        });
        assert!(walked > 10_000 && walked < hands, "{walked} of {hands}");
    }
}
