//! The nearest valid target hand of a player (for request `4`): the argmin
//! of the Hamming distance (point 17) over valid targets (points 16, 34).
//!
//! A valid target is the player's exposed sets plus a rest `R` of `n = 4 -
//! melds` sets (chows, pungs, kongs) and a pair, with `R_k <= cap_k = 4 -
//! exposed_k`. The exposed sets are in both the target and the player's
//! tiles, so they cancel: the Hamming distance is `sum_k |R_k - C_k|` with
//! `C` the concealed tiles. Two ways to the minimum:
//!
//! - **Exact dynamic program** ([`exact`]): for each suit, kind by kind, the
//!   least cost `sum |R_k - C_k|` of the suit's part of `R` given how many
//!   sets and pairs it holds and which chows are still open (started one or
//!   two kinds back). Every decomposition of every valid `R` is one path
//!   through it and the cost depends only on `R`, so the minimum over paths
//!   is the minimum over valid targets; the suits are then joined by trying
//!   every split of the `n` sets and one pair.
//! - **Fast path** (bound, then construct): dropping the caps and allowing
//!   no kong gives the core's winning distance `d` (targets of `n` chows or
//!   pungs and a pair, at most four a kind). For a concealed hand at rest
//!   (`13 - 3m` tiles, `|R| = |C| + 1`) that relaxation's least Hamming
//!   distance is `|R| + |C| - 2 * overlap = 2d - 1`, and a kong in `R` can
//!   only help on a kind held four times (it adds a tile and at most one
//!   overlap). So without a concealed quad `2d - 1` is a lower bound over
//!   valid targets. The fast path builds a target by `d` steps of "add a tile
//!   that lowers the distance, within the caps; discard one that keeps it";
//!   each step changes the distance by at most 2 and the last by 1, so the
//!   result reaches the bound and is optimal. When a step finds no tile
//!   within the caps, or the hand holds a quad, the exact program decides.

use crate::distance;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::noi2014::rules::tiles::{self, lower_name, name};
use crate::noi2014::rules::KINDS;

/// A nearest valid target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nearest {
    /// The whole target (exposed sets included), counts by kind.
    pub counts: [u8; KINDS],
    /// Its Hamming distance from the player's tiles.
    pub hamming: u32,
}

/// The nearest valid target of a player with `concealed` tiles and the
/// exposed sets `melds` (at most four). Ties go to the first target found
/// in a fixed order, so the answer is deterministic.
pub fn nearest_target(concealed: &Hand, melds: &[Meld]) -> Nearest {
    let (c, caps) = inputs(concealed, melds);
    let rest =
        fast(concealed, melds.len(), &caps).unwrap_or_else(|| exact(&c, &caps, 4 - melds.len()).0);
    finish(rest, &c, melds)
}

/// The concealed counts and the caps `4 - exposed`.
fn inputs(concealed: &Hand, melds: &[Meld]) -> ([u8; KINDS], [u8; KINDS]) {
    let mut c = [0u8; KINDS];
    c.copy_from_slice(&concealed.counts()[..KINDS]);
    let mut caps = [4u8; KINDS];
    for m in melds {
        caps[m.first().index()] -= m.size();
    }
    (c, caps)
}

fn finish(rest: [u8; KINDS], c: &[u8; KINDS], melds: &[Meld]) -> Nearest {
    let hamming = crate::noi2014::rules::result::hamming(&rest, c);
    let mut counts = rest;
    for m in melds {
        counts[m.first().index()] += m.size();
    }
    Nearest { counts, hamming }
}

/// The fast path: `None` when it cannot prove its answer optimal.
fn fast(concealed: &Hand, melds: usize, caps: &[u8; KINDS]) -> Option<[u8; KINDS]> {
    let m = melds as u8;
    if concealed.len() + 3 * melds != 13 || concealed.counts()[..KINDS].contains(&4) {
        return None;
    }
    let d = distance::distance(concealed, m).ok()?;
    let dist = |h: &Hand| distance::distance(h, m).expect("sizes stay in range");
    let mut x = *concealed;
    let mut cur = d;
    while cur > 0 {
        let t = tiles::all().find(|&t| {
            x.count(t) < caps[t.index()] && {
                let mut y = x;
                y.add(t);
                dist(&y) == cur - 1
            }
        })?;
        x.add(t);
        cur -= 1;
        if cur == 0 {
            break;
        }
        let u = tiles::all().rev().find(|&u| {
            x.count(u) > 0 && {
                let mut y = x;
                y.remove(u);
                dist(&y) == cur
            }
        })?;
        x.remove(u);
    }
    let mut rest = [0u8; KINDS];
    rest.copy_from_slice(&x.counts()[..KINDS]);
    let mut c = [0u8; KINDS];
    c.copy_from_slice(&concealed.counts()[..KINDS]);
    (d > 0 && crate::noi2014::rules::result::hamming(&rest, &c) == 2 * d as u32 - 1).then_some(rest)
}

const INF: u8 = u8::MAX;
/// DP states: sets so far (0..=4), pair (0..=1), chows started one kind
/// back (0..=4), two kinds back (0..=4).
const STATES: usize = 5 * 2 * 5 * 5;

#[inline]
fn idx(s: usize, p: usize, a: usize, b: usize) -> usize {
    ((s * 2 + p) * 5 + a) * 5 + b
}

/// Least-cost layers of one suit: `layers[i][state]` before kind `i`.
fn suit_layers(c: &[u8], caps: &[u8], n: usize) -> [[u8; STATES]; 10] {
    let mut layers = [[INF; STATES]; 10];
    layers[0][idx(0, 0, 0, 0)] = 0;
    for i in 0..9 {
        let (done, todo) = layers.split_at_mut(i + 1);
        let (cur, next) = (&done[i], &mut todo[0]);
        let cap = caps[i] as usize;
        for s in 0..=n {
            for p in 0..2 {
                for a in 0..5 {
                    for b in 0..5 - a {
                        let v = cur[idx(s, p, a, b)];
                        let carried = a + b;
                        if v == INF || carried > cap {
                            continue;
                        }
                        // Chows may start only where two more kinds follow.
                        let most_new = if i <= 6 {
                            (n - s).min(cap - carried)
                        } else {
                            0
                        };
                        for x in 0..=most_new {
                            for k in [0usize, 3, 4] {
                                let s2 = s + x + (k > 0) as usize;
                                if s2 > n {
                                    continue;
                                }
                                for y in 0..2 - p {
                                    let r = carried + x + k + 2 * y;
                                    if r > cap {
                                        continue;
                                    }
                                    let cost = v + (r as i32 - c[i] as i32).unsigned_abs() as u8;
                                    let slot = &mut next[idx(s2, p + y, x, a)];
                                    if cost < *slot {
                                        *slot = cost;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    layers
}

/// The suit's part of `R` for `s` sets and `p` pairs, read back from the
/// layers (the first predecessor found, in a fixed order).
fn suit_rest(layers: &[[u8; STATES]; 10], c: &[u8], caps: &[u8], s: usize, p: usize) -> [u8; 9] {
    let mut out = [0u8; 9];
    let (mut s, mut p, mut a, mut b) = (s, p, 0usize, 0usize);
    for i in (0..9).rev() {
        let want = layers[i + 1][idx(s, p, a, b)] as u32;
        let (x, a_prev) = (a, b);
        let mut choices = (0..5 - a_prev).flat_map(|b_prev| {
            [0usize, 3, 4]
                .into_iter()
                .flat_map(move |k| (0..=p).map(move |y| (b_prev, k, y)))
        });
        let (b_prev, k, y) = choices
            .find(|&(b_prev, k, y)| {
                let used = x + (k > 0) as usize;
                let r = a_prev + b_prev + x + k + 2 * y;
                if used > s || (i > 6 && x > 0) || r > caps[i] as usize {
                    return false;
                }
                let v = layers[i][idx(s - used, p - y, a_prev, b_prev)];
                v != INF && v as u32 + (r as i32 - c[i] as i32).unsigned_abs() == want
            })
            .expect("every finite state has a predecessor");
        out[i] = (a_prev + b_prev + x + k + 2 * y) as u8;
        (s, p, a, b) = (s - x - (k > 0) as usize, p - y, a_prev, b_prev);
    }
    out
}

/// The exact minimum: `R` (counts beyond the exposed sets) and its cost,
/// over `n` sets and one pair within `caps`. Ties go to the first split
/// tried: fewest sets in W, then in B; the pair in W, then B, then T.
pub fn exact(c: &[u8; KINDS], caps: &[u8; KINDS], n: usize) -> ([u8; KINDS], u32) {
    let layers: [_; 3] =
        std::array::from_fn(|g| suit_layers(&c[9 * g..9 * g + 9], &caps[9 * g..9 * g + 9], n));
    let end = |g: usize, s: usize, p: usize| layers[g][9][idx(s, p, 0, 0)];
    let mut best: Option<(u32, [(usize, usize); 3])> = None;
    for s0 in 0..=n {
        for s1 in 0..=n - s0 {
            let s2 = n - s0 - s1;
            for pair in 0..3 {
                let ps = [
                    (pair == 0) as usize,
                    (pair == 1) as usize,
                    (pair == 2) as usize,
                ];
                let parts = [end(0, s0, ps[0]), end(1, s1, ps[1]), end(2, s2, ps[2])];
                if parts.contains(&INF) {
                    continue;
                }
                let cost: u32 = parts.iter().map(|&v| v as u32).sum();
                if best.is_none_or(|(b, _)| cost < b) {
                    best = Some((cost, [(s0, ps[0]), (s1, ps[1]), (s2, ps[2])]));
                }
            }
        }
    }
    let (cost, split) = best.expect("some valid target always exists");
    let mut rest = [0u8; KINDS];
    for (g, &(s, p)) in split.iter().enumerate() {
        let part = suit_rest(
            &layers[g],
            &c[9 * g..9 * g + 9],
            &caps[9 * g..9 * g + 9],
            s,
            p,
        );
        rest[9 * g..9 * g + 9].copy_from_slice(&part);
    }
    (rest, cost)
}

/// The exact nearest target, skipping the fast path (for tests and checks).
pub fn nearest_target_exact(concealed: &Hand, melds: &[Meld]) -> Nearest {
    let (c, caps) = inputs(concealed, melds);
    finish(exact(&c, &caps, 4 - melds.len()).0, &c, melds)
}

/// The answer to request `4` that declares the nearest valid target
/// ([`nearest_target`], written by [`format_target`]): the greedy bot's,
/// the environments' target action and a policy bot's.
pub fn nearest_target_answer(concealed: &Hand, melds: &[Meld]) -> String {
    format_target(&nearest_target(concealed, melds).counts, melds)
}

/// The target as an answer to request `4`: the rest in upper case, kind
/// order, then the exposed sets in lower case (the statement's convention).
pub fn format_target(target: &[u8; KINDS], melds: &[Meld]) -> String {
    let mut rest = *target;
    for m in melds {
        rest[m.first().index()] -= m.size();
    }
    let mut out = String::with_capacity(3 * 18);
    let mut push = |s: &str| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(s);
    };
    for t in tiles::all() {
        for _ in 0..rest[t.index()] {
            push(name(t));
        }
    }
    for m in melds {
        for _ in 0..m.size() {
            push(lower_name(m.first()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::rules::result::{hamming, is_valid_target};
    use crate::noi2014::rules::tiles::{parse_tiles, tile};
    use crate::rng::Rng;
    use crate::tile::Tile;

    /// Every valid target of a player, by brute force: all multisets of
    /// `n` sets (chow, pung, kong) and a pair, within the caps.
    fn brute(c: &[u8; KINDS], melds: &[Meld]) -> u32 {
        let (_, caps) = inputs(&Hand::from_counts(pad(c)), melds);
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for k in 0..KINDS {
            if k % 9 <= 6 {
                sets.push(vec![k, k + 1, k + 2]);
            }
            sets.push(vec![k; 3]);
            sets.push(vec![k; 4]);
        }
        let n = 4 - melds.len();
        let mut best = u32::MAX;
        let mut r = [0u8; KINDS];
        fn go(
            from: usize,
            left: usize,
            sets: &[Vec<usize>],
            r: &mut [u8; KINDS],
            caps: &[u8; KINDS],
            c: &[u8; KINDS],
            best: &mut u32,
        ) {
            if left == 0 {
                for k in 0..KINDS {
                    if r[k] + 2 <= caps[k] {
                        r[k] += 2;
                        *best = (*best).min(hamming(r, c));
                        r[k] -= 2;
                    }
                }
                return;
            }
            for i in from..sets.len() {
                let set = &sets[i];
                if set.iter().all(|&k| {
                    let need = set.iter().filter(|&&j| j == k).count() as u8;
                    r[k] + need <= caps[k]
                }) {
                    for &k in set {
                        r[k] += 1;
                    }
                    go(i, left - 1, sets, r, caps, c, best);
                    for &k in set {
                        r[k] -= 1;
                    }
                }
            }
        }
        go(0, n, &sets, &mut r, &caps, c, &mut best);
        best
    }

    fn pad(c: &[u8; KINDS]) -> [u8; 37] {
        let mut out = [0u8; 37];
        out[..KINDS].copy_from_slice(c);
        out
    }

    /// A random player at rest: `m` exposed sets, `13 - 3m` concealed,
    /// within four copies a kind.
    fn random_player(rng: &mut Rng, m: usize) -> (Hand, Vec<Meld>) {
        let mut left = [4u8; KINDS];
        let mut melds = Vec::new();
        while melds.len() < m {
            let t = tile(rng.below(KINDS));
            let kong = rng.below(3) == 0;
            let need = if kong { 4 } else { 3 };
            if left[t.index()] == 4 {
                left[t.index()] -= need;
                melds.push(if kong { Meld::Kong(t) } else { Meld::Pung(t) });
            }
        }
        let mut deck: Vec<Tile> = tiles::all()
            .flat_map(|t| std::iter::repeat_n(t, left[t.index()] as usize))
            .collect();
        // Narrow decks make quads, caps and chows through exposed kinds common.
        if rng.below(2) == 0 {
            let suit = rng.below(3);
            deck.retain(|t| t.index() / 9 == suit || rng.below(4) == 0);
        }
        rng.shuffle(&mut deck);
        (Hand::from_tiles(&deck[..13 - 3 * m]), melds)
    }

    #[test]
    fn nearest_is_valid_and_matches_brute_force_on_small_cases() {
        let mut rng = Rng::new(2014);
        for m in [4, 3, 2, 1] {
            let rounds = [0, 300, 200, 100, 300][m];
            for _ in 0..rounds {
                let (hand, melds) = random_player(&mut rng, m);
                let got = nearest_target(&hand, &melds);
                assert!(is_valid_target(&got.counts, &melds), "{hand} {melds:?}");
                let (c, _) = inputs(&hand, &melds);
                let mut held = c;
                for mm in &melds {
                    held[mm.first().index()] += mm.size();
                }
                assert_eq!(got.hamming, hamming(&got.counts, &held));
                assert_eq!(got.hamming, brute(&c, &melds), "{hand} {melds:?}");
                assert_eq!(got.hamming, nearest_target_exact(&hand, &melds).hamming);
            }
        }
    }

    #[test]
    fn fast_path_agrees_with_the_exact_program() {
        let mut rng = Rng::new(7);
        let mut fast_hits = 0;
        for i in 0..3000 {
            let (hand, melds) = random_player(&mut rng, i % 3);
            let (c, caps) = inputs(&hand, &melds);
            let exact_cost = exact(&c, &caps, 4 - melds.len()).1;
            if let Some(rest) = fast(&hand, melds.len(), &caps) {
                fast_hits += 1;
                assert_eq!(hamming(&rest, &c), exact_cost, "{hand} {melds:?}");
            }
            let got = nearest_target(&hand, &melds);
            assert_eq!(got.hamming, exact_cost);
            assert!(is_valid_target(&got.counts, &melds));
        }
        assert!(fast_hits > 1500, "fast path taken {fast_hits} times");
    }

    #[test]
    fn caps_and_kongs_matter() {
        // Exposed kong of W5: a W4 W5 W6 chow is impossible in the rest.
        let hand = Hand::from_tiles(&parse_tiles("W4 W6 B1 B1 B1 B2 B3 B4 T7 T8").unwrap());
        let melds = [Meld::Kong(tile(4))];
        let got = nearest_target(&hand, &melds);
        assert!(is_valid_target(&got.counts, &melds));
        assert_eq!(got.counts[4], 4);
        assert!(format_target(&got.counts, &melds).ends_with("w5 w5 w5 w5"));
        // A concealed quad used as a kong saves one.
        let hand =
            Hand::from_tiles(&parse_tiles("W1 W1 W1 W1 B2 B3 B4 B5 B6 B7 T1 T1 T9").unwrap());
        let got = nearest_target(&hand, &[]);
        assert_eq!(got.hamming, 2);
        assert_eq!(format_target(&got.counts, &[]).split(' ').count(), 15);
    }

    /// `suit_rest` reads back a suit's part of `R` that the layers priced:
    /// within the caps, exactly `s` sets and `p` pairs, at the layers' cost.
    /// Random suits (any counts, caps lowered at random as exposed sets do),
    /// every set and pair budget with a finite cost.
    #[test]
    fn suit_rest_reads_back_a_rest_at_the_layers_cost() {
        let mut rng = Rng::new(16);
        let mut checked = 0;
        for _ in 0..300 {
            let c: [u8; 9] = std::array::from_fn(|_| rng.below(5) as u8);
            let caps: [u8; 9] = std::array::from_fn(|_| [4, 4, 4, 1, 0][rng.below(5)]);
            let n = rng.below(5);
            let layers = suit_layers(&c, &caps, n);
            for s in 0..=n {
                for p in 0..2 {
                    let cost = layers[9][idx(s, p, 0, 0)];
                    if cost == INF {
                        continue;
                    }
                    let out = suit_rest(&layers, &c, &caps, s, p);
                    assert!(
                        out.iter().zip(&caps).all(|(r, cap)| r <= cap),
                        "{c:?} {caps:?} {s} {p}: {out:?}"
                    );
                    let mut r = [0u8; KINDS];
                    r[..9].copy_from_slice(&out);
                    let mut held = [0u8; KINDS];
                    held[..9].copy_from_slice(&c);
                    let paid = hamming(&r, &held);
                    assert_eq!(paid, cost as u32, "{c:?} {caps:?} {s} {p}: {out:?}");
                    assert!(
                        crate::noi2014::rules::result::decomposes(&mut r, s as u32, p == 1),
                        "{c:?} {caps:?} {s} {p}: {out:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// Ties between the splits of the sets and the pair among the suits go
    /// to the first split tried (fewest sets in W, then in B; the pair in W,
    /// then B, then T). Here the fourth set costs two tiles as B5 B5 B5 or
    /// as T4 T4 T4: no set in B comes first.
    #[test]
    fn exact_breaks_ties_by_the_first_split() {
        let hand =
            Hand::from_tiles(&parse_tiles("W1 W2 W3 W5 W6 W7 W8 W8 W8 B1 B1 B5 T4").unwrap());
        let (c, caps) = inputs(&hand, &[]);
        let (rest, cost) = exact(&c, &caps, 4);
        let want = parse_tiles("W1 W2 W3 W5 W6 W7 W8 W8 W8 B1 B1 T4 T4 T4").unwrap();
        assert_eq!(
            (rest, cost),
            (crate::noi2014::rules::tiles::counts_of(&want), 3)
        );
    }
}
