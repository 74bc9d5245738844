//! The generator: blocks under themes and relations, the hand forms,
//! perturbations, the context (see the parent module's docs).

use super::*;
use mahjong_sim::mcr::MeldKind;

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("a kind index")
}

/// A block of a hand being built: a chow (by its lowest tile), a pung, a
/// kong or a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Chow(usize),
    Pung(usize),
    Kong(usize),
    Pair(usize),
}

impl Block {
    fn tiles(self) -> Vec<usize> {
        match self {
            Block::Chow(t) => vec![t, t + 1, t + 2],
            Block::Pung(t) => vec![t; 3],
            Block::Kong(t) => vec![t; 4],
            Block::Pair(t) => vec![t; 2],
        }
    }

    fn tile(self) -> usize {
        match self {
            Block::Chow(t) | Block::Pung(t) | Block::Kong(t) | Block::Pair(t) => t,
        }
    }

    /// The same kind of block on tile `t`, if there is one.
    fn at(self, t: usize) -> Option<Block> {
        match self {
            Block::Chow(_) => (t < 27 && t % 9 <= 6).then_some(Block::Chow(t)),
            Block::Pung(_) => (t < 34).then_some(Block::Pung(t)),
            Block::Kong(_) => (t < 34).then_some(Block::Kong(t)),
            Block::Pair(_) => (t < 34).then_some(Block::Pair(t)),
        }
    }
}

/// Themes: which blocks a hand is built from, so that the fans of colour
/// and rank (flushes, all terminals, all green, all fives, ...) come up.
const THEMES: u8 = 17;

fn rank(t: usize) -> usize {
    t % 9 + 1
}

/// Whether every tile of `b` fits theme `theme` (with `suit` 0-2 for the
/// themes of one suit).
fn fits(theme: u8, suit: usize, b: Block) -> bool {
    let tiles = b.tiles();
    let all = |f: &dyn Fn(usize) -> bool| tiles.iter().all(|&t| f(t));
    match theme {
        1 => all(&|t| t / 9 == suit),
        2 => all(&|t| t / 9 == suit || t >= 27),
        3 => all(&|t| t >= 27),
        4 => all(&|t| (27..31).contains(&t)),
        5 => all(&|t| t / 9 == suit || t >= 31),
        6 => all(&|t| t >= 27 || rank(t) == 1 || rank(t) == 9),
        7 => all(&|t| t < 27 && (rank(t) == 1 || rank(t) == 9)),
        8 => all(&|t| matches!(t, 10 | 11 | 12 | 14 | 16 | 32)),
        9 => all(&|t| tile(t).is_reversible()),
        10 => all(&|t| t < 27 && rank(t) <= 3),
        11 => all(&|t| t < 27 && (4..=6).contains(&rank(t))),
        12 => all(&|t| t < 27 && rank(t) >= 7),
        13 => all(&|t| t < 27 && rank(t) <= 4),
        14 => all(&|t| t < 27 && rank(t) >= 6),
        15 => all(&|t| t < 27 && rank(t).is_multiple_of(2)),
        16 => tiles.iter().any(|&t| t < 27 && rank(t) == 5),
        // Anything at all; also terminals and honors in every block.
        _ => {
            theme == 0
                || tiles
                    .iter()
                    .any(|&t| t >= 27 || rank(t) == 1 || rank(t) == 9)
        }
    }
}

type U<'b> = arbitrary::Unstructured<'b>;
type R<T> = arbitrary::Result<T>;

/// A block of `kind` (0 chow, 1 pung, 2 kong, 3 pair) fitting the theme,
/// or a pung (pair) when no such block does.
fn fresh(u: &mut U<'_>, kind: u8, theme: u8, suit: usize) -> R<Block> {
    let make = |t: usize| match kind {
        0 => Block::Chow(t).at(t),
        1 => Block::Pung(t).at(t),
        2 => Block::Kong(t).at(t),
        _ => Block::Pair(t).at(t),
    };
    let mut options: Vec<Block> = (0..34)
        .filter_map(make)
        .filter(|&b| fits(theme, suit, b))
        .collect();
    if options.is_empty() {
        let fallback = if kind == 3 {
            Block::Pair(0)
        } else {
            Block::Pung(0)
        };
        options = (0..34)
            .filter_map(|t| fallback.at(t))
            .filter(|&b| fits(theme, suit, b))
            .collect();
    }
    if options.is_empty() {
        options.push(make(0).unwrap_or(Block::Pung(0)));
    }
    Ok(options[u.choose_index(options.len())?])
}

/// A block related to `prev` (the same, shifted by 1 to 3, in the next
/// suit, or in the next suit shifted), kept when it fits the theme.
fn related(u: &mut U<'_>, prev: Block, like: Block, theme: u8, suit: usize) -> R<Option<Block>> {
    let t = prev.tile();
    let next_suit = |t: usize| (t < 27).then(|| (t / 9 + 1) % 3 * 9 + t % 9);
    let same_suit = |k: usize| Some(t + k).filter(|&x| x < 27 && x / 9 == t / 9);
    let other_suit = |k: usize| {
        next_suit(t)
            .map(|x| x + k)
            .filter(|&x| Some(x / 9) == next_suit(t).map(|n| n / 9))
    };
    let target = match u.int_in_range(0..=8u8)? {
        0 => Some(t),
        1 => same_suit(1),
        2 => same_suit(2),
        3 => same_suit(3),
        4 => same_suit(6),
        5 => next_suit(t),
        6 => other_suit(1),
        7 => other_suit(2),
        _ => other_suit(3),
    };
    Ok(target
        .and_then(|x| like.at(x))
        .filter(|&b| fits(theme, suit, b)))
}

/// Blocks: `sets` sets (the first `melds` of them may be kongs) and one
/// pair, drawn under one theme, each perhaps related to the one before.
fn blocks(u: &mut U<'_>, sets: usize, melds: usize) -> R<Vec<Block>> {
    let theme = u.int_in_range(0..=THEMES * 2)? % (THEMES + 1);
    let theme = if theme == THEMES { 0 } else { theme };
    let suit = u.int_in_range(0..=2u8)? as usize;
    let mut out: Vec<Block> = Vec::new();
    for i in 0..=sets {
        let kind = if i == sets {
            3
        } else {
            match u.int_in_range(0..=9u8)? {
                0..=4 => 0,
                5..=7 => 1,
                _ if i < melds => 2,
                _ => 1,
            }
        };
        let like = fresh_kind(kind);
        let mut b = None;
        if let Some(&prev) = out.last() {
            if u.int_in_range(0..=2u8)? > 0 {
                b = related(u, prev, like, theme, suit)?;
            }
        }
        let b = match b {
            Some(b) => b,
            None => fresh(u, kind, theme, suit)?,
        };
        out.push(b);
    }
    Ok(out)
}

fn fresh_kind(kind: u8) -> Block {
    match kind {
        0 => Block::Chow(0),
        1 => Block::Pung(0),
        2 => Block::Kong(0),
        _ => Block::Pair(0),
    }
}

/// The meld of a block, with an offer its kind allows (a kong's 0 is a
/// concealed kong).
fn meld(u: &mut U<'_>, b: Block) -> R<Meld> {
    let (kind, t, offer) = match b {
        Block::Chow(t) => (MeldKind::Chow, t + 1, u.int_in_range(1..=3u8)?),
        Block::Kong(t) => (MeldKind::Kong, t, u.int_in_range(0..=3u8)?),
        Block::Pung(t) | Block::Pair(t) => (MeldKind::Pung, t, u.int_in_range(1..=3u8)?),
    };
    Ok(Meld {
        kind,
        tile: tile(t),
        offer,
    })
}

/// Four sets and a pair, `melds` of the sets declared.
fn regular(u: &mut U<'_>, melds: usize) -> R<(Vec<Meld>, Vec<usize>)> {
    let bs = blocks(u, 4, melds)?;
    lay_out(u, &bs, melds)
}

/// The sets of the rarest fans, too closely tied for [`blocks`] to meet
/// often: a fixed pattern (suits and ranks drawn), with the set and pair
/// some patterns leave free.
fn pattern(u: &mut U<'_>) -> R<Vec<Block>> {
    use Block::{Chow, Kong, Pair, Pung};
    let p = SUIT_ORDERS[u.int_in_range(0..=5u8)? as usize];
    let [a, b, c] = p.map(|s| s * 9);
    let r = u.int_in_range(0..=5u8)? as usize;
    let step = u.int_in_range(1..=2u8)? as usize;
    let pair = fresh(u, 3, 0, 0)?;
    let kind = u.int_in_range(0..=1u8)?;
    let set = fresh(u, kind, 0, 0)?;
    Ok(match u.int_in_range(0..=9u8)? {
        // Pure terminal chows; three-suited terminal chows.
        0 => vec![Chow(a), Chow(a), Chow(a + 6), Chow(a + 6), Pair(a + 4)],
        1 => vec![Chow(a), Chow(a + 6), Chow(b), Chow(b + 6), Pair(c + 4)],
        // Mixed straight.
        2 => vec![Chow(a), Chow(b + 3), Chow(c + 6), set, pair],
        // Four pure shifted pungs, four pure shifted chows, quadruple chow.
        3 => (0..4).map(|i| Pung(a + r + i)).chain([pair]).collect(),
        4 => {
            let r = r.min(6 - 3 * step);
            (0..4)
                .map(|i| Chow(a + r + i * step))
                .chain([pair])
                .collect()
        }
        5 => vec![Chow(a + r); 4].into_iter().chain([pair]).collect(),
        // Big four winds, big three dragons.
        6 => vec![Pung(27), Pung(28), Pung(29), Pung(30), pair],
        7 => vec![Pung(31), Pung(32), Pung(33), set, pair],
        // A chicken hand when a set is claimed and no flag is set: three
        // suits and one kind of honor, no two chows alike, no terminal
        // pung, a pair beside a pung.
        9 => vec![
            Chow(a + 1),
            Chow(b + 4),
            Chow(c + 6),
            Pung(b + 1),
            Pair(31 + r % 3),
        ],
        // Four kongs.
        _ => (0..4)
            .map(|i| Kong((r * 5 + i * 7) % 34))
            .chain([pair])
            .collect(),
    })
}

/// A [`pattern`]'s sets in a drawn order, so that any of them may be a
/// meld (a kong always is).
fn template(u: &mut U<'_>, melds: usize) -> R<(Vec<Meld>, Vec<usize>)> {
    let mut bs = pattern(u)?;
    for i in 0..3 {
        let j = i + u.choose_index(4 - i)?;
        bs.swap(i, j);
    }
    let kongs = bs.iter().filter(|b| matches!(b, Block::Kong(_))).count();
    lay_out(u, &bs, melds.max(kongs))
}

/// The first `melds` sets of `bs` as melds, the rest and the pair as
/// standing tiles.
fn lay_out(u: &mut U<'_>, bs: &[Block], melds: usize) -> R<(Vec<Meld>, Vec<usize>)> {
    let mut ms = Vec::new();
    let mut tiles = Vec::new();
    for (i, &b) in bs.iter().enumerate() {
        if i < melds {
            ms.push(meld(u, b)?);
        } else {
            // A kong is only ever a meld: standing, it is a pung.
            let b = if let Block::Kong(t) = b {
                Block::Pung(t)
            } else {
                b
            };
            tiles.extend(b.tiles());
        }
    }
    Ok((ms, tiles))
}

/// Seven pairs: from blocks of one theme, or seven shifted pairs.
fn seven_pairs(u: &mut U<'_>) -> R<Vec<usize>> {
    if u.int_in_range(0..=3u8)? == 0 {
        let start = u.int_in_range(0..=2u8)? as usize * 9 + u.int_in_range(0..=2u8)? as usize;
        return Ok((start..start + 7).flat_map(|t| [t, t]).collect());
    }
    let theme = u.int_in_range(0..=THEMES - 1)?;
    let suit = u.int_in_range(0..=2u8)? as usize;
    let mut out: Vec<Block> = Vec::new();
    for _ in 0..7 {
        let mut b = None;
        if let Some(&prev) = out.last() {
            if u.arbitrary::<bool>()? {
                b = related(u, prev, Block::Pair(0), theme, suit)?;
            }
        }
        let b = match b {
            Some(b) => b,
            None => fresh(u, 3, theme, suit)?,
        };
        out.push(b);
    }
    Ok(out.into_iter().flat_map(Block::tiles).collect())
}

/// The six orders of the three suits (the knitted tiles' and the
/// shifted patterns' assignments of number groups to suits).
const SUIT_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The knitted tiles of suits in order `p`: 1-4-7, 2-5-8, 3-6-9.
fn knitted(u: &mut U<'_>) -> R<Vec<usize>> {
    let p = SUIT_ORDERS[u.int_in_range(0..=5u8)? as usize];
    Ok((0..3)
        .flat_map(|i| (0..3).map(move |j| p[i] * 9 + i + 3 * j))
        .collect())
}

/// Honors and knitted tiles: 14 of the 9 knitted tiles and 7 honors.
fn honors_and_knitted(u: &mut U<'_>) -> R<Vec<usize>> {
    let mut all = knitted(u)?;
    all.extend(27..34);
    for _ in 0..2 {
        let i = u.choose_index(all.len())?;
        all.remove(i);
    }
    Ok(all)
}

/// A knitted straight with a set (a meld when `melds` is 1) and a pair.
fn knitted_straight(u: &mut U<'_>, melds: usize) -> R<(Vec<Meld>, Vec<usize>)> {
    let mut tiles = knitted(u)?;
    let bs = blocks(u, 1, melds.min(1))?;
    let mut ms = Vec::new();
    if melds >= 1 {
        ms.push(meld(u, bs[0])?);
    } else {
        let b = if let Block::Kong(t) = bs[0] {
            Block::Pung(t)
        } else {
            bs[0]
        };
        tiles.extend(b.tiles());
    }
    tiles.extend(bs[1].tiles());
    Ok((ms, tiles))
}

/// Arbitrary tiles from a window of neighbouring kinds (near-winning hands
/// are common), with arbitrary melds.
fn arbitrary_tiles(u: &mut U<'_>, melds: usize) -> R<(Vec<Meld>, Vec<usize>)> {
    let mut ms = Vec::new();
    for _ in 0..melds {
        let kind = u.int_in_range(0..=2u8)?;
        let b = fresh(u, kind, 0, 0)?;
        ms.push(meld(u, b)?);
    }
    let start = u.int_in_range(0..=33u8)? as usize;
    let width = u.int_in_range(3..=34u8)? as usize;
    let mut tiles = Vec::new();
    for _ in 0..14 - 3 * melds {
        tiles.push((start + u.int_in_range(0..=width as u8 - 1)? as usize) % 34);
    }
    Ok((ms, tiles))
}

/// Melds and the 14 - 3 x melds standing tiles, winning tile included.
fn shape(u: &mut U<'_>) -> R<(Vec<Meld>, Vec<usize>)> {
    let melds = u.int_in_range(0..=4u8)? as usize;
    Ok(match u.int_in_range(0..=15u8)? {
        0..=7 => regular(u, melds)?,
        8 => (Vec::new(), seven_pairs(u)?),
        9 => {
            let mut t = ORPHANS.to_vec();
            t.push(ORPHANS[u.choose_index(13)?]);
            (Vec::new(), t)
        }
        10 => (Vec::new(), honors_and_knitted(u)?),
        11 => knitted_straight(u, melds)?,
        13 | 14 => template(u, melds)?,
        12 => {
            let s = u.int_in_range(0..=2u8)? as usize * 9;
            let mut t: Vec<usize> = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
                .iter()
                .map(|r| s + r)
                .collect();
            t.push(s + u.int_in_range(0..=8u8)? as usize);
            (Vec::new(), t)
        }
        _ => arbitrary_tiles(u, melds)?,
    })
}

/// Decodes one input from the fuzzer's bytes (see the module docs).
pub fn generate(u: &mut U<'_>) -> R<McrInput> {
    let (melds, mut tiles) = shape(u)?;
    let mut win = tiles.remove(u.choose_index(tiles.len())?);
    // Perturbations: a standing tile changed, another winning tile, both.
    let perturb = u.int_in_range(0..=7u8)?;
    if perturb & 5 == 1 && !tiles.is_empty() {
        let i = u.choose_index(tiles.len())?;
        tiles[i] = u.int_in_range(0..=33u8)? as usize;
    }
    if perturb & 6 == 2 {
        win = u.int_in_range(0..=33u8)? as usize;
    }
    let (melds, tiles, win) = at_most_five(melds, tiles, win);
    let flowers = match u.int_in_range(0..=15u8)? {
        0..=11 => 0,
        n => (n - 11) * 2 - u8::from(n % 2 == 0),
    };
    // One input in four has no flag and no flower (else chicken hands,
    // which no other fan may accompany, would be rare).
    let plain = u.int_in_range(0..=3u8)? == 0;
    let mut flag = |one_in: u8| -> R<bool> { Ok(!plain && u.int_in_range(1..=one_in)? == 1) };
    let ctx = WinContext {
        win_tile: tile(win),
        self_drawn: flag(2)?,
        last_copy: flag(4)?,
        about_kong: flag(4)?,
        wall_last: flag(4)?,
        seat_wind: u.int_in_range(0..=3u8)?,
        prevalent_wind: u.int_in_range(0..=3u8)?,
        flowers: if plain { 0 } else { flowers },
    };
    let mut standing: Vec<Tile> = tiles.into_iter().map(tile).collect();
    standing.sort();
    Ok(McrInput {
        hand: Hand { melds, standing },
        ctx,
    })
}

/// The next middle tile of a chow after `t`: ranks 2-8 of the suits.
fn next_chow_middle(t: usize) -> usize {
    let n = (t + 1) % 27;
    match n % 9 {
        0 => n + 1,
        8 => (n + 2) % 27,
        _ => n,
    }
}

/// The input with no kind more than five times (melds, standing tiles and
/// the winning tile together): a meld or tile that would be the sixth
/// moves to the next kind with room. Five copies stay possible (a fifth is
/// an error only in the 2018 reading); more than five are no hand.
fn at_most_five(melds: Vec<Meld>, tiles: Vec<usize>, win: usize) -> (Vec<Meld>, Vec<usize>, usize) {
    let mut count = [0u8; 34];
    let mut ms = Vec::with_capacity(melds.len());
    for m in melds {
        let chow = m.kind == MeldKind::Chow;
        let per = match m.kind {
            MeldKind::Chow => 1,
            MeldKind::Pung => 3,
            MeldKind::Kong => 4,
        };
        let mut t = m.tile.index();
        for _ in 0..34 {
            let kinds = if chow { t - 1..t + 2 } else { t..t + 1 };
            if kinds.clone().all(|k| count[k] + per <= 5) {
                kinds.for_each(|k| count[k] += per);
                break;
            }
            t = if chow {
                next_chow_middle(t)
            } else {
                (t + 1) % 34
            };
        }
        ms.push(Meld { tile: tile(t), ..m });
    }
    let mut place = |mut t: usize| {
        while count[t] >= 5 {
            t = (t + 1) % 34;
        }
        count[t] += 1;
        t
    };
    let tiles = tiles.into_iter().map(&mut place).collect();
    let win = place(win);
    (ms, tiles, win)
}
