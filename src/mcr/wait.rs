//! Which tiles a standing hand waits on, in the reference calculator's
//! reading (used only to tell a unique wait, 独听, from a wider one).
//!
//! Counts are `u16` and wrap: the reference also asks this of a knitted
//! straight's leftover tiles after taking away a winning tile that only
//! the straight held, and the count of -1 it then works with changes the
//! answer. Doing the same wrap keeps those hands scored as it scores them.

use super::tile::{Counts, Tile, KINDS};

/// A set of kinds, one bit each.
pub type TileSet = u64;

/// Order key of a set in a search: pungs of a tile before its chow, and
/// both before anything of a higher tile.
#[inline]
pub fn pung_key(i: usize) -> i32 {
    2 * i as i32
}

/// See [`pung_key`].
#[inline]
pub fn chow_key(i: usize) -> i32 {
    2 * i as i32 + 1
}

/// Whether a chow can start at index `i` (a suited 1-7).
#[inline]
pub fn chow_starts(i: usize) -> bool {
    i < 27 && i % 9 < 7
}

/// The waits of a standing hand of `size` tiles (13, 10, 7, 4 or 1; the
/// counts may hold a different number, see the module documentation):
/// the seven-pairs wait when `size` is 13, and every tile that completes
/// a regular shape.
pub fn waits(table: &mut [u16; KINDS], size: i32) -> TileSet {
    let mut out = 0;
    if size == 13 {
        out |= seven_pairs_wait(table);
    }
    regular_waits(table, size, -1, &mut out);
    out
}

fn seven_pairs_wait<C: Copy + Into<u16>>(table: &[C; KINDS]) -> TileSet {
    let pairs: u32 = table
        .iter()
        .map(|&c| match c.into() {
            2 | 3 => 1,
            4 => 2,
            _ => 0,
        })
        .sum();
    if pairs != 6 {
        return 0;
    }
    table
        .iter()
        .position(|&c| matches!(c.into(), 1 | 3))
        .map_or(0, |i| 1 << i)
}

fn regular_waits(table: &mut [u16; KINDS], size: i32, prev: i32, out: &mut TileSet) {
    if size == 1 {
        if let Some(i) = table.iter().position(|&c| c == 1) {
            *out |= 1 << i;
        }
        return;
    }
    if size == 4 {
        // A pair and two tiles that want a third.
        for p in 0..KINDS {
            if table[p] >= 2 {
                table[p] = table[p].wrapping_sub(2);
                *out |= partial_waits(table);
                table[p] = table[p].wrapping_add(2);
            }
        }
    }
    for i in 0..KINDS {
        if table[i] == 0 {
            continue;
        }
        if table[i] > 2 && pung_key(i) > prev {
            table[i] = table[i].wrapping_sub(3);
            regular_waits(table, size - 3, pung_key(i), out);
            table[i] = table[i].wrapping_add(3);
        }
        if chow_starts(i) && table[i + 1] != 0 && table[i + 2] != 0 && chow_key(i) >= prev {
            for c in &mut table[i..i + 3] {
                *c = c.wrapping_sub(1);
            }
            regular_waits(table, size - 3, chow_key(i), out);
            for c in &mut table[i..i + 3] {
                *c = c.wrapping_add(1);
            }
        }
    }
}

/// The waits of the lowest partial set left: a pair waits on its third
/// tile, two neighbours on both ends, a gap on its middle.
fn partial_waits(table: &[u16; KINDS]) -> TileSet {
    for i in 0..KINDS {
        if table[i] == 0 {
            continue;
        }
        if table[i] > 1 {
            return 1 << i;
        }
        let t = Tile::from_index(i).expect("a kind");
        if !t.is_suited() {
            continue;
        }
        let r = t.rank();
        if r > 1 && table[i - 1] != 0 {
            let mut w = 0;
            if r < 9 {
                w |= 1 << (i + 1);
            }
            if r > 2 {
                w |= 1 << (i - 2);
            }
            return w;
        }
        if r > 2 && table[i - 2] != 0 {
            return 1 << (i - 1);
        }
    }
    0
}

/// Whether exactly one tile is waited on.
pub fn is_unique(w: TileSet) -> bool {
    w.count_ones() == 1
}

/// Powers of five: a suit's counts (0-4 each) as one base-5 number.
const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// How a suit's counts split: into sets only, into sets and one pair, or
/// neither.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Split {
    Sets = 0,
    SetsAndPair = 1,
    No = 2,
}

/// [`Split`] of every suit, two bits a base-5 key, built once.
fn splits() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        // Every count is "neither" (2 = 0b10) until a split is found.
        let mut t = vec![0b1010_1010u8; POW5[9] as usize / 4 + 1];
        let mut mark = |key: u32, s: Split| {
            let (byte, shift) = (key as usize / 4, (key % 4) * 2);
            t[byte] = t[byte] & !(3 << shift) | (s as u8) << shift;
        };
        let mut counts = [0u8; 9];
        sets_only(&mut counts, 0, &mut |c: &[u8; 9]| {
            let key = key_of(c);
            mark(key, Split::Sets);
            for r in 0..9 {
                if c[r] <= 2 {
                    mark(key + 2 * POW5[r], Split::SetsAndPair);
                }
            }
        });
        t
    })
}

fn key_of(c: &[u8; 9]) -> u32 {
    c.iter()
        .enumerate()
        .map(|(r, &n)| u32::from(n) * POW5[r])
        .sum()
}

/// Calls `f` on every count vector made of sets (each kind at most four
/// times), each once or more.
fn sets_only(c: &mut [u8; 9], from: usize, f: &mut impl FnMut(&[u8; 9])) {
    f(c);
    // Sets in nondecreasing order of (start, pung before chow).
    for k in from..18 {
        let (start, chow) = (k / 2, k % 2 == 1);
        let at: &[usize] = if chow { &[0, 1, 2] } else { &[0] };
        if chow && start > 6 {
            continue;
        }
        let add = if chow { 1 } else { 3 };
        if at.iter().any(|&d| c[start + d] + add > 4) {
            continue;
        }
        for &d in at {
            c[start + d] += add;
        }
        sets_only(c, if chow { k } else { k + 1 }, f);
        for &d in at {
            c[start + d] -= add;
        }
    }
}

fn split_of(key: u32) -> Split {
    let t = splits();
    match t[key as usize / 4] >> ((key % 4) * 2) & 3 {
        0 => Split::Sets,
        1 => Split::SetsAndPair,
        _ => Split::No,
    }
}

/// How one suit's counts split, by search (any counts; a kind makes at
/// most one pung, as in the reference's search).
fn split_search(c: &mut [u8; 9], from: usize, pung_here: bool) -> Split {
    let Some(r) = (from..9).find(|&r| c[r] != 0) else {
        return Split::Sets;
    };
    let pung_here = pung_here && r == from;
    let mut best = Split::No;
    let mut note = |s: Split| {
        if s != Split::No && (best == Split::No || s == Split::Sets) {
            best = s;
        }
    };
    if c[r] >= 2 {
        c[r] -= 2;
        // The pair: the rest must be sets only.
        if split_search(c, r, pung_here) == Split::Sets {
            note(Split::SetsAndPair);
        }
        c[r] += 2;
    }
    if c[r] >= 3 && !pung_here {
        c[r] -= 3;
        note(split_search(c, r, true));
        c[r] += 3;
    }
    if r < 7 && c[r + 1] != 0 && c[r + 2] != 0 {
        for x in &mut c[r..r + 3] {
            *x -= 1;
        }
        note(split_search(c, r, pung_here));
        for x in &mut c[r..r + 3] {
            *x += 1;
        }
    }
    best
}

fn honor_split(c: &[u8]) -> Split {
    let mut pairs = 0;
    for &n in c {
        match n {
            0 | 3 => {}
            2 | 5 => pairs += 1,
            _ => return Split::No,
        }
    }
    match pairs {
        0 => Split::Sets,
        1 => Split::SetsAndPair,
        _ => Split::No,
    }
}

/// The same waits as [`waits`] for counts that are a real hand (no kind
/// more than four times, the winning tile included), by table: a tile is
/// waited on when the hand with it splits into sets and one pair.
/// `None` when a count is out of the tables' range (use [`waits`]).
pub fn waits_fast(hand: &Counts, size: i32) -> Option<TileSet> {
    if hand.iter().any(|&c| c > 4) {
        return None;
    }
    let mut out = 0;
    if size == 13 {
        out |= seven_pairs_wait(hand);
    }
    // Asked at every discard of a learning environment's seat: each
    // suit's key by Horner's rule (rank 9 first), without a division a
    // kind.
    let keys: [u32; 3] = std::array::from_fn(|s| {
        hand[9 * s..9 * s + 9]
            .iter()
            .rev()
            .fold(0, |k, &c| 5 * k + u32::from(c))
    });
    let mut counts = *hand;
    let part = [
        split_of(keys[0]),
        split_of(keys[1]),
        split_of(keys[2]),
        honor_split(&counts[27..]),
    ];
    let held = (0..KINDS)
        .filter(|&i| counts[i] != 0)
        .fold(0u64, |m, i| m | 1 << i);
    let mut candidates = (held | near(held)) & completable(&part);
    while candidates != 0 {
        let w = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let p = if w < 27 { w / 9 } else { 3 };
        if completes(&mut counts, &keys, &part, p, w) {
            out |= 1 << w;
        }
    }
    Some(out)
}

/// Whether `win` is the only tile `table` waits on (as
/// `is_unique(waits(..))`), for a hand that `win` completes in the
/// regular form, so that `win` is known to be one of its waits: only the
/// other tiles that could complete anything are tried. `None` when a
/// count is out of the tables' range (use [`waits`]).
pub fn only_wait(table: &[u16; KINDS], size: i32, win: usize) -> Option<bool> {
    if table.iter().any(|&c| c > 4) {
        return None;
    }
    let mut keys = [0u32; 3];
    let mut sizes = [0u32; 4];
    let mut counts = [0u8; KINDS];
    let mut held = 0u64;
    let mut pairs = 0;
    for i in 0..KINDS {
        counts[i] = table[i] as u8;
        held |= u64::from(counts[i] != 0) << i;
        pairs += counts[i] / 2;
        let g = if i < 27 { i / 9 } else { 3 };
        sizes[g] += u32::from(counts[i]);
        if g < 3 {
            keys[g] += u32::from(counts[i]) * POW5[i % 9];
        }
    }
    // Six pairs (a kind held four times is two) make a seven-pairs wait.
    if size == 13 && pairs == 6 && seven_pairs_wait(table) & !(1 << win) != 0 {
        return Some(false);
    }
    // A tile of group `q` can complete the hand only if with it exactly
    // one group holds the pair (its size 2 mod 3, the others 0 mod 3)...
    let fits = |q: usize| {
        let n = |g: usize| (sizes[g] + u32::from(g == q)) % 3;
        (0..4).all(|g| n(g) != 1) && (0..4).filter(|&g| n(g) == 2).count() == 1
    };
    let sized: Vec4 = (0..4).filter(|&q| fits(q)).fold(0, |m, q| m | 1 << q);
    if sized == 0 {
        return Some(true);
    }
    // ... and every other group splits (an empty one always does).
    let part: [Split; 4] = std::array::from_fn(|g| match g {
        _ if sizes[g] == 0 => Split::Sets,
        3 => honor_split(&counts[27..]),
        _ => split_of(keys[g]),
    });
    let mut groups = 0u64;
    for q in (0..4).filter(|&q| sized >> q & 1 != 0) {
        if (0..4).all(|g| g == q || part[g] != Split::No) {
            groups |= match q {
                3 => HONORS,
                _ => 0x1FF << (9 * q),
            };
        }
    }
    let mut candidates = (held | near(held)) & groups & !(1 << win);
    while candidates != 0 {
        let w = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let p = if w < 27 { w / 9 } else { 3 };
        if completes(&mut counts, &keys, &part, p, w) {
            return Some(false);
        }
    }
    Some(true)
}

/// The kinds whose group can take the winning tile as [`completes`] sees
/// it: every other group splits, with one pair at most between them. Most
/// hands far from ready have none, and skip the tables altogether.
fn completable(part: &[Split; 4]) -> u64 {
    let mut kinds = 0;
    for p in 0..4 {
        let others = || (0..4).filter(move |&q| q != p).map(|q| part[q]);
        if others().all(|s| s != Split::No)
            && others().filter(|&s| s == Split::SetsAndPair).count() <= 1
        {
            kinds |= match p {
                3 => HONORS,
                _ => 0x1FF << (9 * p),
            };
        }
    }
    kinds
}

/// A set of the four groups (three suits, honors), one bit each.
type Vec4 = u8;

/// The honor kinds, one bit each.
const HONORS: u64 = 0x7F << 27;

/// Whether tile `w` (of group `p`) completes the counts into sets and
/// one pair, the other groups splitting as `part` says.
fn completes(
    counts: &mut [u8; KINDS],
    keys: &[u32; 3],
    part: &[Split; 4],
    p: usize,
    w: usize,
) -> bool {
    let with = if p < 3 && counts[w] == 4 {
        // A fifth copy, past the table's range: search.
        let mut suit = [0u8; 9];
        suit.copy_from_slice(&counts[p * 9..p * 9 + 9]);
        suit[w % 9] += 1;
        split_search(&mut suit, 0, false)
    } else if p < 3 {
        split_of(keys[p] + POW5[w % 9])
    } else {
        counts[w] += 1;
        let s = honor_split(&counts[27..]);
        counts[w] -= 1;
        s
    };
    let mut pairs = usize::from(with == Split::SetsAndPair);
    let mut ok = with != Split::No;
    for (q, s) in part.iter().enumerate() {
        if q != p {
            ok &= *s != Split::No;
            pairs += usize::from(*s == Split::SetsAndPair);
        }
    }
    ok && pairs == 1
}

/// The suited kinds within two ranks of a kind of `held` in its suit:
/// with the kinds held, the only tiles that can complete anything.
fn near(held: u64) -> u64 {
    let mut out = 0;
    for s in 0..3 {
        let suit = held >> (9 * s) & 0x1FF;
        let n = (suit << 1 | suit << 2 | suit >> 1 | suit >> 2) & 0x1FF;
        out |= n << (9 * s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The table reading and the search agree on random hands of every size.
    #[test]
    fn fast_waits_equal_the_search() {
        let mut rng = Rng::new(7);
        let deck: Vec<usize> = (0..136).map(|i| i / 4).collect();
        for n in 0..20_000 {
            let size = [13, 10, 7, 4, 1][n % 5];
            let mut d = deck.clone();
            rng.shuffle(&mut d);
            // Half the hands from one suit, where waits are many.
            if n % 2 == 0 {
                d.retain(|&k| k < 9);
            }
            let mut t = [0u16; KINDS];
            for &k in &d[..size] {
                t[k] += 1;
            }
            let all = waits(&mut t.clone(), size as i32);
            let fast = waits_fast(&t.map(|c| c as u8), size as i32).expect("counts within four");
            assert_eq!(fast, all, "{t:?}");
            // Each regular wait: alone or not, as the full list says.
            let mut regular = 0;
            regular_waits(&mut t.clone(), size as i32, -1, &mut regular);
            for w in (0..KINDS).filter(|&w| regular >> w & 1 != 0) {
                let only = only_wait(&t, size as i32, w).expect("counts within four");
                assert_eq!(only, is_unique(all), "{t:?} on {w}");
            }
        }
    }

    /// Ready hands over several groups (complete hands less a tile, and
    /// those a tile off): the tables agree with the search, waits or none.
    #[test]
    fn fast_waits_equal_the_search_near_ready() {
        let mut rng = Rng::new(11);
        let mut with_waits = 0;
        for n in 0..20_000 {
            let sets = 4 - n % 5;
            let mut t = [0u16; KINDS];
            let pair = rng.below(KINDS);
            t[pair] += 2;
            for _ in 0..sets {
                let k = rng.below(KINDS);
                if k < 27 && k % 9 < 7 && rng.below(2) == 0 {
                    (k..k + 3).for_each(|i| t[i] += 1);
                } else {
                    t[k] += 3;
                }
            }
            if t.iter().any(|&c| c > 4) {
                continue;
            }
            // Take a tile out; every other hand also swaps one for another.
            let held: Vec<usize> = (0..KINDS).filter(|&k| t[k] > 0).collect();
            t[held[rng.below(held.len())]] -= 1;
            if n % 2 == 1 {
                let held: Vec<usize> = (0..KINDS).filter(|&k| t[k] > 0).collect();
                t[held[rng.below(held.len())]] -= 1;
                let k = rng.below(KINDS);
                if t[k] == 4 {
                    continue;
                }
                t[k] += 1;
            }
            let size = 3 * sets + 1;
            let all = waits(&mut t.clone(), size);
            assert_eq!(waits_fast(&t.map(|c| c as u8), size), Some(all), "{t:?}");
            with_waits += usize::from(all != 0);
        }
        assert!(with_waits > 10_000, "{with_waits} hands wait");
    }
}
