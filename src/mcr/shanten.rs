//! Shanten (上听数: tiles missing to a ready hand, -1 for a complete one)
//! for every MCR form, the best over the forms, and the useful tiles (the
//! kinds that lower it), in MahjongGB 1.4.0's reading.
//!
//! Read as the reference reads it: the regular form's search removes a
//! pair, sets, then partial sets in ascending order and stops looking for
//! partial sets once sets did better than the bound; useful tiles are those
//! whose addition lowers that number (a kind held four times counts too
//! when the hand is ready); the knitted straight is the knitted tiles held
//! plus the regular shanten of the rest with three sets fewer to make.

use super::tile::{counts_of, Counts, Tile, KINDS};
use super::wait::{chow_key, chow_starts, pung_key, TileSet};
use serde::Serialize;

/// The hand forms shanten is asked of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShantenForm {
    /// Four sets and a pair (with the melds counted as sets).
    Regular,
    /// Seven pairs (13 standing tiles).
    SevenPairs,
    /// Thirteen orphans (13 standing tiles).
    ThirteenOrphans,
    /// Honors and knitted tiles (13 standing tiles).
    HonorsAndKnittedTiles,
    /// A knitted straight, a set and a pair (13 or 10 standing tiles).
    KnittedStraight,
}

/// Every form, in the order the reference's Python binding lists them.
pub const FORMS: [ShantenForm; 5] = [
    ShantenForm::Regular,
    ShantenForm::SevenPairs,
    ShantenForm::ThirteenOrphans,
    ShantenForm::HonorsAndKnittedTiles,
    ShantenForm::KnittedStraight,
];

/// A shanten number and the kinds that lower it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shanten {
    /// Tiles missing to a ready hand; -1 when complete.
    pub shanten: i32,
    /// The useful kinds, one bit per kind index.
    pub useful: TileSet,
}

impl Shanten {
    /// The useful tiles in kind order.
    pub fn useful_tiles(&self) -> Vec<Tile> {
        Tile::all()
            .filter(|t| self.useful >> t.index() & 1 != 0)
            .collect()
    }
}

const HONORS: TileSet = 0x7F << 27;
const ORPHANS: TileSet = super::calc::ORPHANS;

/// Shanten of `standing` in `form`; `None` when the form cannot be made of
/// that many standing tiles.
pub fn shanten(form: ShantenForm, standing: &[Tile]) -> Option<Shanten> {
    form_shanten(form, standing, true)
}

/// The shanten number alone (no useful tiles: much faster for the regular
/// and knitted straight forms).
pub fn shanten_number(form: ShantenForm, standing: &[Tile]) -> Option<i32> {
    form_shanten(form, standing, false).map(|s| s.shanten)
}

/// The best shanten number over every form, as MahjongGB's
/// `MahjongShanten` gives it; `None` when no form fits the tile count.
pub fn best_number(standing: &[Tile]) -> Option<i32> {
    FORMS
        .iter()
        .filter_map(|&f| shanten_number(f, standing))
        .min()
}

fn form_shanten(form: ShantenForm, standing: &[Tile], useful: bool) -> Option<Shanten> {
    let counts = counts_of(standing);
    let n = standing.len();
    match form {
        ShantenForm::Regular => {
            matches!(n, 13 | 10 | 7 | 4 | 1).then(|| regular(counts, (13 - n as u32) / 3, useful))
        }
        ShantenForm::SevenPairs => (n == 13).then(|| seven_pairs(&counts)),
        ShantenForm::ThirteenOrphans => (n == 13).then(|| thirteen_orphans(&counts)),
        ShantenForm::HonorsAndKnittedTiles => (n == 13).then(|| honors_and_knitted(&counts)),
        ShantenForm::KnittedStraight => {
            matches!(n, 13 | 10).then(|| knitted_straight(&counts, (13 - n as u32) / 3, useful))
        }
    }
}

/// The best shanten over every form (the melds only count through the
/// number of standing tiles), with the forms that reach it and the union
/// of their useful tiles; `None` when no form fits the tile count.
pub fn best(standing: &[Tile]) -> Option<(Shanten, Vec<ShantenForm>)> {
    let mut out: Option<(Shanten, Vec<ShantenForm>)> = None;
    for form in FORMS {
        let Some(s) = shanten(form, standing) else {
            continue;
        };
        match &mut out {
            Some((b, forms)) if s.shanten == b.shanten => {
                b.useful |= s.useful;
                forms.push(form);
            }
            Some((b, _)) if s.shanten > b.shanten => {}
            _ => out = Some((s, vec![form])),
        }
    }
    out
}

/// The regular search, state that the recursion carries.
struct Search {
    fixed: u32,
}

impl Search {
    /// Shanten of `t` with `packs` sets and `partners` partial sets taken.
    fn run(
        &self,
        t: &mut Counts,
        has_pair: bool,
        packs: u32,
        partners: u32,
        pack_prev: i32,
        partner_prev: i32,
    ) -> i32 {
        if self.fixed == 4 {
            return if t.iter().any(|&c| c > 1) { -1 } else { 0 };
        }
        if packs == 4 {
            return if has_pair { -1 } else { 0 };
        }
        let need = 4 - packs as i32 - partners as i32;
        let bound = if need > 0 {
            partners as i32 + need * 2 - i32::from(has_pair)
        } else {
            (if has_pair { 3 } else { 4 }) - packs as i32
        };
        if packs + partners > 4 {
            return bound;
        }
        let mut best = bound;
        for i in 0..KINDS {
            if t[i] == 0 {
                continue;
            }
            if !has_pair && t[i] > 1 {
                t[i] -= 2;
                best = best.min(self.run(t, true, packs, partners, pack_prev, partner_prev));
                t[i] += 2;
            }
            if t[i] > 2 && pung_key(i) > pack_prev {
                t[i] -= 3;
                best =
                    best.min(self.run(t, has_pair, packs + 1, partners, pung_key(i), partner_prev));
                t[i] += 3;
            }
            if chow_starts(i) && t[i + 1] != 0 && t[i + 2] != 0 && chow_key(i) >= pack_prev {
                take(t, &[i, i + 1, i + 2]);
                best =
                    best.min(self.run(t, has_pair, packs + 1, partners, chow_key(i), partner_prev));
                give(t, &[i, i + 1, i + 2]);
            }
            if best < bound {
                continue;
            }
            let key = 3 * i as i32;
            if t[i] > 1 && key > partner_prev {
                t[i] -= 2;
                best = best.min(self.run(t, has_pair, packs, partners + 1, pack_prev, key));
                t[i] += 2;
            }
            if i >= 27 {
                continue;
            }
            let rank = i % 9 + 1;
            for (d, ok) in [(1, rank < 9), (2, rank < 8)] {
                if ok && t[i + d] != 0 && key + d as i32 >= partner_prev {
                    take(t, &[i, i + d]);
                    let r = self.run(t, has_pair, packs, partners + 1, pack_prev, key + d as i32);
                    best = best.min(r);
                    give(t, &[i, i + d]);
                }
            }
        }
        best
    }
}

fn take(t: &mut Counts, at: &[usize]) {
    for &i in at {
        t[i] -= 1;
    }
}

fn give(t: &mut Counts, at: &[usize]) {
    for &i in at {
        t[i] += 1;
    }
}

/// A suited kind with a neighbour or a kind two away in the hand.
fn has_partner(t: &Counts, i: usize) -> bool {
    let r = i % 9 + 1;
    (r < 9 && t[i + 1] != 0)
        || (r < 8 && t[i + 2] != 0)
        || (r > 1 && t[i - 1] != 0)
        || (r > 2 && t[i - 2] != 0)
}

/// Regular shanten of `t` with `fixed` sets already made, and its useful
/// kinds.
fn regular(mut t: Counts, fixed: u32, with_useful: bool) -> Shanten {
    let s = Search { fixed };
    let shanten = s.run(&mut t, false, fixed, 0, -1, -1);
    let mut useful = 0;
    for i in 0..KINDS {
        if !with_useful {
            break;
        }
        if t[i] == 4 && shanten > 0 {
            continue;
        }
        if t[i] == 0 && (i >= 27 || !has_partner(&t, i)) {
            continue;
        }
        t[i] += 1;
        if s.run(&mut t, false, fixed, 0, -1, -1) < shanten {
            useful |= 1 << i;
        }
        t[i] -= 1;
    }
    Shanten { shanten, useful }
}

fn seven_pairs(t: &Counts) -> Shanten {
    let pairs: u32 = t.iter().map(|&c| u32::from(c / 2)).sum();
    let useful = (0..KINDS)
        .filter(|&i| t[i] % 2 == 1)
        .fold(0, |m, i| m | 1 << i);
    Shanten {
        shanten: 6 - pairs as i32,
        useful,
    }
}

fn held(t: &Counts) -> TileSet {
    (0..KINDS).filter(|&i| t[i] != 0).fold(0, |m, i| m | 1 << i)
}

fn thirteen_orphans(t: &Counts) -> Shanten {
    let have = held(t) & ORPHANS;
    let pair = (0..KINDS).any(|i| ORPHANS >> i & 1 != 0 && t[i] > 1);
    let kinds = have.count_ones() as i32;
    Shanten {
        shanten: if pair { 12 - kinds } else { 13 - kinds },
        useful: if pair { ORPHANS & !have } else { ORPHANS },
    }
}

/// The best of the six knitted straights by `score`, the useful kinds of
/// the equally good ones together.
fn best_of_six(mut score: impl FnMut(u64) -> Shanten) -> Shanten {
    let mut best = Shanten {
        shanten: i32::MAX,
        useful: 0,
    };
    for k in super::calc::KNITTED {
        let s = score(k);
        if s.shanten < best.shanten {
            best = s;
        } else if s.shanten == best.shanten {
            best.useful |= s.useful;
        }
    }
    best
}

fn honors_and_knitted(t: &Counts) -> Shanten {
    let have = held(t);
    best_of_six(|k| {
        let wanted = k | HONORS;
        Shanten {
            shanten: 13 - (have & wanted).count_ones() as i32,
            useful: wanted & !have,
        }
    })
}

/// The knitted straight's shanten number of the standing tiles `t` (by
/// kind), as [`shanten_number`] gives it, when it is below `bound`; `None`
/// when it is not (or the form does not fit the tile count). Faster: no
/// list of tiles, and a straight whose missing kinds alone reach `bound`
/// is not searched (the rest's shanten is -1 at best).
pub fn knitted_straight_below(t: &Counts, bound: i32) -> Option<i32> {
    let n: u32 = t.iter().map(|&c| u32::from(c)).sum();
    if !matches!(n, 13 | 10) {
        return None;
    }
    let fixed = (13 - n) / 3;
    let have = held(t);
    let mut best = bound;
    for k in super::calc::KNITTED {
        let missing = (k & !have).count_ones() as i32;
        if missing > best {
            continue;
        }
        let mut rest = *t;
        for (i, r) in rest.iter_mut().enumerate() {
            if k >> i & 1 != 0 && *r > 0 {
                *r -= 1;
            }
        }
        best = best.min(missing + regular(rest, fixed + 3, false).shanten);
    }
    (best < bound).then_some(best)
}

fn knitted_straight(t: &Counts, fixed: u32, with_useful: bool) -> Shanten {
    let have = held(t);
    best_of_six(|k| {
        let mut rest = *t;
        for (i, r) in rest.iter_mut().enumerate() {
            if k >> i & 1 != 0 && *r > 0 {
                *r -= 1;
            }
        }
        let missing = (k & !have).count_ones() as i32;
        let r = regular(rest, fixed + 3, with_useful);
        Shanten {
            shanten: missing + r.shanten,
            useful: (k & !have) | r.useful,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The bounded knitted straight gives the full search's number below
    /// the bound, and nothing at or above it, on hands rich in knitted
    /// tiles (of 13 and 10 tiles) and on hands of other sizes.
    #[test]
    fn the_bounded_knitted_straight_is_the_number_below_the_bound() {
        let mut rng = Rng::new(5);
        let deck: Vec<Tile> = (0..136).map(|i| Tile::from_index(i / 4).unwrap()).collect();
        let (mut below, mut found) = (0, 0);
        for n in 0..20_000 {
            let size = [13, 10, 13, 7, 14][n % 5];
            let mut hand = Vec::with_capacity(size);
            // Most of a knitted straight, then random tiles.
            let k = super::super::calc::KNITTED[rng.below(6)];
            let mut kinds: Vec<usize> = (0..KINDS).filter(|&i| k >> i & 1 != 0).collect();
            rng.shuffle(&mut kinds);
            let knitted = rng.below(10).min(size);
            hand.extend(
                kinds[..knitted]
                    .iter()
                    .map(|&i| Tile::from_index(i).unwrap()),
            );
            let mut d = deck.clone();
            rng.shuffle(&mut d);
            for t in d {
                if hand.len() == size {
                    break;
                }
                if hand.iter().filter(|&&h| h == t).count() < 4 {
                    hand.push(t);
                }
            }
            let full = shanten_number(ShantenForm::KnittedStraight, &hand);
            let bound = rng.below(8) as i32 - 1;
            let fast = knitted_straight_below(&counts_of(&hand), bound);
            assert_eq!(fast, full.filter(|&s| s < bound), "{hand:?} below {bound}");
            below += usize::from(fast.is_some());
            found += usize::from(full.is_some());
        }
        assert!(
            below > 1_000 && found > 10_000,
            "{below} below, {found} found"
        );
    }
}
