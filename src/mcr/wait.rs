//! Which tiles a standing hand waits on, in the reference calculator's
//! reading (used only to tell a unique wait, 独听, from a wider one).
//!
//! Counts are `u16` and wrap: the reference also asks this of a knitted
//! straight's leftover tiles after taking away a winning tile that only
//! the straight held, and the count of -1 it then works with changes the
//! answer. Doing the same wrap keeps those hands scored as it scores them.

use super::tile::{Tile, KINDS};

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

fn seven_pairs_wait(table: &[u16; KINDS]) -> TileSet {
    let pairs: u32 = table
        .iter()
        .map(|&c| match c {
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
        .position(|&c| c == 1 || c == 3)
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
