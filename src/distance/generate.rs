//! Builds the distance tables. Compiled twice: by `build.rs`, which writes
//! the tables into `OUT_DIR` at compile time, and into the library's tests,
//! which check the lookups against this plain dynamic program.
//!
//! For one group of kinds (a suit of nine, or the seven honors) a dynamic
//! program over the kinds finds, for every `m <= 4` melds and `p <= 1` pair,
//! the largest overlap of the group's counts with a target of at most `m`
//! melds and `p` pairs inside the group (at most four copies a kind). That
//! vector of ten numbers is all the rest of the hand needs to know about the
//! group, and only 126 distinct vectors occur for suits and 55 for honors:
//! each group maps to a small class id. Combining two groups is a max-plus
//! convolution of their vectors; man+pin gives 180 classes, sou+honors 165.

// Used from build.rs too, where only part of it is called.
#![allow(dead_code)]
// Indices address several arrays at once in the DP; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

/// Best overlap for (at most) `m` melds and `p` pairs: `v[m][p]`.
pub type Vector = [[u8; 2]; 5];

/// Number of count vectors of a suit: 5^9 (counts clamped to 0..=4).
pub const SUIT_KEYS: usize = 1_953_125;
/// Number of count vectors of the honors: 5^7.
pub const HONOR_KEYS: usize = 78_125;

const NONE: i8 = -1;
/// DP state: `[melds][pairs][chows started one kind back][two kinds back]`.
type State = [[[[i8; 5]; 5]; 2]; 5];

fn start() -> State {
    let mut s = [[[[NONE; 5]; 5]; 2]; 5];
    s[0][0][0][0] = 0;
    s
}

/// Takes one kind holding `have` tiles; new chows may start here when two
/// more kinds of the suit follow.
fn step(state: &State, have: u8, chows_may_start: bool) -> State {
    let have = have.min(4) as i8;
    let mut next = [[[[NONE; 5]; 5]; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            for one in 0..5 {
                for two in 0..5 - one {
                    let cur = state[m][p][one][two];
                    if cur == NONE {
                        continue;
                    }
                    let carried = one + two;
                    let most_new = if chows_may_start {
                        (4 - carried).min(4 - m)
                    } else {
                        0
                    };
                    for new in 0..=most_new {
                        for pong in 0..2 {
                            for pair in 0..2 - p {
                                let used = carried + new + 3 * pong + 2 * pair;
                                let m2 = m + new + pong;
                                if used > 4 || m2 > 4 {
                                    continue;
                                }
                                let v = cur + have.min(used as i8);
                                let slot = &mut next[m2][p + pair][new][one];
                                *slot = (*slot).max(v);
                            }
                        }
                    }
                }
            }
        }
    }
    next
}

/// The vector once every kind is taken (no chow left open), made monotone:
/// "at most m melds, at most p pairs".
fn finish(state: &State) -> Vector {
    let mut v = [[0u8; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            let mut best = state[m][p][0][0].max(0) as u8;
            if m > 0 {
                best = best.max(v[m - 1][p]);
            }
            if p > 0 {
                best = best.max(v[m][p - 1]);
            }
            v[m][p] = best;
        }
    }
    v
}

/// The vector of one group, straight from the DP.
pub fn group_vector(counts: &[u8], chows: bool) -> Vector {
    let mut s = start();
    for (i, &c) in counts.iter().enumerate() {
        s = step(&s, c, chows && i + 2 < counts.len());
    }
    finish(&s)
}

/// Max-plus convolution: the best split of `m` melds and `p` pairs.
pub fn combine(a: &Vector, b: &Vector) -> Vector {
    let mut out = [[0u8; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            for ma in 0..=m {
                for pa in 0..=p {
                    out[m][p] = out[m][p].max(a[ma][pa] + b[m - ma][p - pa]);
                }
            }
        }
    }
    out
}

/// Numbers distinct vectors in order of first appearance.
#[derive(Default)]
pub struct Classes {
    ids: HashMap<Vector, u8>,
    /// The vector of each class id.
    pub vectors: Vec<Vector>,
}

impl Classes {
    /// The class id of `v`, new or old.
    pub fn id(&mut self, v: Vector) -> u8 {
        let next = self.vectors.len();
        *self.ids.entry(v).or_insert_with(|| {
            self.vectors.push(v);
            u8::try_from(next).expect("fewer than 256 classes")
        })
    }
}

/// Every table the lookups need.
pub struct Tables {
    /// Suit class by base-5 key of the nine counts (first kind lowest digit).
    pub suit: Vec<u8>,
    /// Honor class by base-5 key of the seven counts.
    pub honor: Vec<u8>,
    /// Class of a man+pin pair: `ab[a << SUIT_BITS | b]`.
    pub ab: Vec<u8>,
    /// Class of a sou+honors pair: `ch[c << HONOR_BITS | h]`.
    pub ch: Vec<u8>,
    /// The distance with `n` exposed melds, `14 - 3n` less the largest
    /// overlap with `4 - n` melds and a pair:
    /// `last[(n * AB_ROWS + ab) << CH_BITS | ch]`.
    pub last: Vec<u8>,
    /// Class counts: suits, honors, man+pin, sou+honors.
    pub sizes: [usize; 4],
    /// The vector of each suit class.
    pub suit_vectors: Vec<Vector>,
    /// The vector of each honor class.
    pub honor_vectors: Vec<Vector>,
}

/// Row strides of the pair tables and of `last`, as powers of two: an index
/// is a shift and an or, where a multiply would add to the lookups' latency.
pub const SUIT_BITS: u32 = 7;
/// See [`SUIT_BITS`].
pub const HONOR_BITS: u32 = 6;
/// See [`SUIT_BITS`]: a row of `last` per man+pin class.
pub const CH_BITS: u32 = 8;
/// Rows of `last` per meld count: a class id is a byte, so with this many
/// rows any `ab << CH_BITS | ch` is in range.
pub const AB_ROWS: usize = 256;

/// Every table is padded with zeros to a length no index can reach: a
/// power of two above the largest key for the suit and honor tables (so
/// that a mask bounds the index), and for the others the largest index two
/// bytes can make. The lookups then need no bounds checks; the padding is
/// never read, so it costs no cache.
pub const SUIT_LEN: usize = 1 << 21;
/// See [`SUIT_LEN`].
pub const HONOR_LEN: usize = 1 << 17;
/// See [`SUIT_LEN`]: `a << SUIT_BITS | b` for any two bytes.
pub const AB_LEN: usize = (255 << SUIT_BITS | 255) + 1;
/// See [`SUIT_LEN`]: `c << HONOR_BITS | h` for any two bytes.
pub const CH_LEN: usize = (255 << HONOR_BITS | 255) + 1;
/// See [`SUIT_LEN`]: one row of `last` for every meld count up to 4.
pub const LAST_LEN: usize = (5 * AB_ROWS) << CH_BITS;

/// Fills `table[key]` for every count vector of `len` kinds, walking the
/// prefixes depth first so each DP step is shared by all its extensions.
struct Fill<'a> {
    table: &'a mut [u8],
    classes: &'a mut Classes,
    len: usize,
    chows: bool,
}

impl Fill<'_> {
    fn walk(&mut self, pos: usize, key: usize, pow: usize, state: &State) {
        if pos == self.len {
            self.table[key] = self.classes.id(finish(state));
            return;
        }
        for have in 0..5u8 {
            let next = step(state, have, self.chows && pos + 2 < self.len);
            self.walk(pos + 1, key + have as usize * pow, pow * 5, &next);
        }
    }
}

fn fill(table: &mut [u8], classes: &mut Classes, len: usize, chows: bool) {
    Fill {
        table,
        classes,
        len,
        chows,
    }
    .walk(0, 0, 1, &start());
}

/// Builds all tables.
pub fn build() -> Tables {
    const { assert!(SUIT_KEYS <= SUIT_LEN && HONOR_KEYS <= HONOR_LEN) };
    let mut suits = Classes::default();
    let mut suit = vec![0u8; SUIT_LEN];
    fill(&mut suit, &mut suits, 9, true);
    let mut honors = Classes::default();
    let mut honor = vec![0u8; HONOR_LEN];
    fill(&mut honor, &mut honors, 7, false);

    let (ns, nh) = (suits.vectors.len(), honors.vectors.len());
    assert!(ns <= 1 << SUIT_BITS && nh <= 1 << HONOR_BITS);
    let mut abs = Classes::default();
    let mut ab = vec![0u8; AB_LEN];
    for a in 0..ns {
        for b in 0..ns {
            ab[a << SUIT_BITS | b] = abs.id(combine(&suits.vectors[a], &suits.vectors[b]));
        }
    }
    let mut chs = Classes::default();
    let mut ch = vec![0u8; CH_LEN];
    for c in 0..ns {
        for h in 0..nh {
            ch[c << HONOR_BITS | h] = chs.id(combine(&suits.vectors[c], &honors.vectors[h]));
        }
    }
    let (nab, nch) = (abs.vectors.len(), chs.vectors.len());
    assert!(nch <= 1 << CH_BITS && nab <= AB_ROWS);
    let mut last = vec![0u8; LAST_LEN];
    for n in 0..5 {
        for x in 0..nab {
            for y in 0..nch {
                last[(n * AB_ROWS + x) << CH_BITS | y] =
                    (14 - 3 * n as u8) - combine(&abs.vectors[x], &chs.vectors[y])[4 - n][1];
            }
        }
    }
    Tables {
        suit,
        honor,
        ab,
        ch,
        last,
        sizes: [ns, nh, nab, nch],
        suit_vectors: suits.vectors,
        honor_vectors: honors.vectors,
    }
}
