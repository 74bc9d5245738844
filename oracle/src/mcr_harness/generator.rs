//! The generator: blocks under themes and relations, the hand forms,
//! perturbations, the context (see the parent module's docs).

use super::*;
use crate::mcr::tiles::SUIT_ORDERS;
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

/// What a targeted hand needs of its melds and context.
#[derive(Clone, Copy, Default)]
struct Needs {
    /// At least this many sets are melds (kongs always are).
    melds: usize,
    /// No meld at all (a fan of concealed sets).
    concealed: bool,
    /// How many of the kongs are concealed (offer 0); `None`: drawn.
    concealed_kongs: Option<usize>,
    hint: Hint,
}

/// The context a shape needs, applied after the flags are drawn.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Hint {
    /// Whatever is drawn.
    #[default]
    Drawn,
    /// No flag and no flower (a chicken hand allows nothing else).
    Plain,
    /// Self-drawn (concealed pungs stay concealed).
    SelfDrawn,
    /// Self-drawn on a kong's replacement tile.
    KongDraw,
}

/// Targets: a set or a pair that makes every set of a hand fit the
/// outside hand (a terminal or an honor in each).
fn outside_block(u: &mut U<'_>, pair: bool) -> R<Block> {
    let terminals = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let t = terminals[u.choose_index(terminals.len())?];
    if pair {
        return Ok(Block::Pair(t));
    }
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Block::Pung(t),
        n => Block::Chow(u.int_in_range(0..=2u8)? as usize * 9 + 6 * usize::from(n == 2)),
    })
}

/// The targets of [`pattern`] by the number drawn: the rarer a fan
/// (with fewer other ways to it, or often spoilt by the winning tile and
/// the flags), the more numbers it has.
const TARGETS: [u8; 108] = [
    0, 0, 0, 1, 1, 2, 2, 2, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 12, 12, 12,
    13, 13, 13, 15, 15, 15, 15, 16, 16, 16, 16, 18, 18, 18, 20, 20, 21, 21, 21, 23, 23, 23, 26, 26,
    26, 28, 28, 29, 29, 29, 29, 30, 30, 30, 30, 31, 31, 31, 32, 32, 32, 32, 34, 34, 34, 34, 36, 36,
    36, 37, 37, 37, 38, 38, 38, 39, 39, 42, 42, 44, 45, 45, 45, 46, 46, 46, 47, 47, 48, 48, 49, 49,
    49, 49, 49, 50, 50,
];

/// What a pattern draws before its target: suits, a rank, a step, and a
/// free pair and two free sets.
struct Draw {
    /// The first kinds of the three suits, in a drawn order.
    a: usize,
    b: usize,
    c: usize,
    /// A rank offset, 0-5.
    r: usize,
    /// 1 or 2.
    step: usize,
    pair: Block,
    set: Block,
    set2: Block,
}

/// The sets of the fans too closely tied for [`blocks`] to meet often
/// (each at least 1,000 times in 100,000 inputs): a fixed pattern for
/// one fan (suits and ranks drawn), with the sets and pair it leaves
/// free, and what it needs of melds and context. The rarest fans have
/// more than one number.
fn pattern(u: &mut U<'_>) -> R<(Vec<Block>, Needs)> {
    let p = SUIT_ORDERS[u.int_in_range(0..=5u8)? as usize];
    let [a, b, c] = p.map(|s| s * 9);
    let r = u.int_in_range(0..=5u8)? as usize;
    let step = u.int_in_range(1..=2u8)? as usize;
    let pair = fresh(u, 3, 0, 0)?;
    let kind = u.int_in_range(0..=1u8)?;
    let set = fresh(u, kind, 0, 0)?;
    let kind = u.int_in_range(0..=1u8)?;
    let set2 = fresh(u, kind, 0, 0)?;
    let d = Draw {
        a,
        b,
        c,
        r,
        step,
        pair,
        set,
        set2,
    };
    let mut needs = Needs::default();
    let target = TARGETS[u.choose_index(TARGETS.len())?];
    let bs = match suited_pattern(target, &d) {
        Some(bs) => bs,
        None => other_pattern(u, target, &d, &mut needs)?,
    };
    Ok((bs, needs))
}

/// The patterns of suited sets alone, which need nothing of the context.
fn suited_pattern(target: u8, d: &Draw) -> Option<Vec<Block>> {
    use Block::{Chow, Pair, Pung};
    let &Draw {
        a,
        b,
        c,
        r,
        step,
        pair,
        set,
        set2,
    } = d;
    Some(match target {
        // Pure terminal chows; three-suited terminal chows.
        0 => vec![Chow(a), Chow(a), Chow(a + 6), Chow(a + 6), Pair(a + 4)],
        1 => vec![Chow(a), Chow(a + 6), Chow(b), Chow(b + 6), Pair(c + 4)],
        // Mixed straight; pure straight.
        2 => vec![Chow(a), Chow(b + 3), Chow(c + 6), set, pair],
        3 => vec![Chow(a), Chow(a + 3), Chow(a + 6), set, pair],
        // Four pure shifted pungs, four pure shifted chows, quadruple chow.
        4 => (0..4).map(|i| Pung(a + r + i)).chain([pair]).collect(),
        5 => {
            let r = r.min(6 - 3 * step);
            (0..4)
                .map(|i| Chow(a + r + i * step))
                .chain([pair])
                .collect()
        }
        6 => vec![Chow(a + r); 4].into_iter().chain([pair]).collect(),
        // Pure shifted chows; mixed shifted chows.
        21 => {
            let r = r.min(6 - 2 * step);
            vec![
                Chow(a + r),
                Chow(a + r + step),
                Chow(a + r + 2 * step),
                set,
                pair,
            ]
        }
        23 => {
            let r = r.min(4);
            vec![Chow(a + r), Chow(b + r + 1), Chow(c + r + 2), set, pair]
        }
        // Mixed shifted pungs, pure shifted pungs, triple pung.
        26 => vec![Pung(a + r), Pung(b + r + 1), Pung(c + r + 2), set, pair],
        28 => vec![Pung(a + r), Pung(a + r + 1), Pung(a + r + 2), set, pair],
        29 => {
            let r = r + 3 * (step - 1);
            vec![Pung(a + r), Pung(b + r), Pung(c + r), set, pair]
        }
        // Pure triple chow, mixed triple chow; two terminal chows.
        30 => vec![Chow(a + r), Chow(a + r), Chow(a + r), set, pair],
        31 => vec![Chow(a + r), Chow(b + r), Chow(c + r), set, pair],
        42 => vec![Chow(a), Chow(a + 6), set, set2, pair],
        // All terminals; all even pungs.
        45 => {
            let t = |i: usize| [a, a + 8, b, b + 8, c, c + 8][(r + i) % 6];
            vec![Pung(t(0)), Pung(t(1)), Pung(t(2)), Pung(t(3)), Pair(t(4))]
        }
        46 => {
            let e = |i: usize| [a, b, c][(r + i) % 3] + [1, 3, 5, 7][(step + i * 3) % 4];
            vec![Pung(e(0)), Pung(e(1)), Pung(e(2)), Pung(e(3)), Pair(e(4))]
        }
        // All fives.
        47 => vec![
            Chow(a + 2 + r % 3),
            Chow(b + 2 + (r + step) % 3),
            Pung(c + 4),
            Chow(a + 2 + step),
            Pair(b + 4),
        ],
        // All green: T2 T3 T4, T6, T8, green dragons.
        48 => vec![
            Chow(10),
            Pung([14, 16][step - 1]),
            Pung(32),
            [Chow(10), Pung(11), Pung(12)][r % 3],
            Pair([16, 14, 11][r % 3]),
        ],
        _ => return None,
    })
}

/// The patterns of honors, kongs, themes and the chicken hand, and what
/// they need.
fn other_pattern(u: &mut U<'_>, target: u8, d: &Draw, needs: &mut Needs) -> R<Vec<Block>> {
    use Block::{Chow, Kong, Pair, Pung};
    let &Draw {
        a,
        b,
        c,
        r,
        step,
        pair,
        set,
        set2,
    } = d;
    let wind = |i: usize| 27 + (r + i) % 4;
    let dragon = |i: usize| 31 + (r + step + i) % 3;
    // Distinct kinds for kongs.
    let kong = |i: usize| Kong((r * 5 + step * 3 + i * 11) % 34);
    Ok(match target {
        // Big four winds, big three dragons.
        7 => vec![Pung(27), Pung(28), Pung(29), Pung(30), pair],
        8 => vec![Pung(31), Pung(32), Pung(33), set, pair],
        // A chicken hand when a set is claimed and no flag is set: three
        // suits and one kind of honor, no two chows alike, no terminal
        // pung, a pair beside a pung.
        9 => {
            needs.melds = 1 + r % 3;
            needs.hint = Hint::Plain;
            vec![
                Chow(a + 1),
                Chow(b + 4),
                Chow(c + 6),
                Pung(b + 1),
                Pair(31 + r % 3),
            ]
        }
        // Four kongs, three kongs.
        12 => (0..4).map(kong).chain([pair]).collect(),
        13 => (0..3).map(kong).chain([set, pair]).collect(),
        // Little four winds, little three dragons, big three winds, two
        // dragon pungs.
        15 => vec![
            Pung(wind(0)),
            Pung(wind(1)),
            Pung(wind(2)),
            set,
            Pair(wind(3)),
        ],
        16 => vec![Pung(dragon(0)), Pung(dragon(1)), set, set2, Pair(dragon(2))],
        18 => vec![
            Pung(wind(0)),
            Pung(wind(1)),
            Pung(wind(2)),
            set,
            Pair(a + r),
        ],
        20 => vec![Pung(dragon(0)), Pung(dragon(1)), set, set2, pair],
        // All types: the three suits, a wind and a dragon.
        32 => {
            let (w, d) = if step == 1 {
                (Pung(wind(0)), Pair(dragon(0)))
            } else {
                (Pung(dragon(0)), Pair(wind(0)))
            };
            vec![Chow(a + r), Chow(b + (r + 2) % 7), Pung(c + r + 1), w, d]
        }
        // Two concealed kongs; a concealed and a melded kong; two melded
        // kongs.
        34 | 36 | 37 => {
            needs.concealed_kongs = Some(match target {
                34 => 2,
                36 => 1,
                _ => 0,
            });
            vec![kong(0), kong(1), set, set2, pair]
        }
        // Out with a replacement tile.
        38 => {
            needs.hint = Hint::KongDraw;
            needs.concealed_kongs = Some(step - 1);
            vec![kong(0), set, set2, Chow(a + r), pair]
        }
        39 | 49 | 50 => drawn_pattern(u, target, d)?,
        // Four concealed pungs.
        44 => {
            needs.concealed = true;
            needs.hint = Hint::SelfDrawn;
            let set = if let Chow(t) = set { Pung(t) } else { set };
            vec![Pung(a + r), Pung(b + r + 2), set, Pung(dragon(0)), pair]
        }
        _ => unreachable!("target {target} has no pattern"),
    })
}

/// The patterns that draw their own blocks: the outside hand, the
/// themes of ranks, all honors.
fn drawn_pattern(u: &mut U<'_>, target: u8, d: &Draw) -> R<Vec<Block>> {
    Ok(match target {
        // Outside hand.
        39 => vec![
            outside_block(u, false)?,
            outside_block(u, false)?,
            outside_block(u, false)?,
            outside_block(u, false)?,
            outside_block(u, true)?,
        ],
        // Lower, middle, upper tiles; lower four, upper four (themes
        // 10-14); all honors (theme 3).
        _ => {
            let theme = if target == 50 {
                3
            } else {
                10 + (d.r + d.step) as u8 % 5
            };
            let mut bs = Vec::new();
            for i in 0..5 {
                let kind = if i == 4 {
                    3
                } else if target == 50 {
                    1
                } else {
                    u.int_in_range(0..=1u8)?
                };
                bs.push(fresh(u, kind, theme, 0)?);
            }
            bs
        }
    })
}

/// A [`pattern`]'s sets in a drawn order (the kongs first: they are
/// melds), so that any of them may be a meld.
fn template(u: &mut U<'_>, melds: usize) -> R<(Vec<Meld>, Vec<usize>, Hint)> {
    let (mut bs, needs) = pattern(u)?;
    assert!(
        matches!(bs[4], Block::Pair(_)) && !bs[..4].iter().any(|b| matches!(b, Block::Pair(_))),
        "a pattern is four sets and then the pair: {bs:?}"
    );
    for i in 0..3 {
        let j = i + u.choose_index(4 - i)?;
        bs.swap(i, j);
    }
    bs[..4].sort_by_key(|b| !matches!(b, Block::Kong(_)));
    let kongs = bs.iter().filter(|b| matches!(b, Block::Kong(_))).count();
    let melds = if needs.concealed {
        kongs
    } else {
        melds.max(needs.melds).max(kongs)
    };
    let (mut ms, tiles) = lay_out(u, &bs, melds)?;
    if let Some(n) = needs.concealed_kongs {
        for (i, m) in ms
            .iter_mut()
            .filter(|m| m.kind == MeldKind::Kong)
            .enumerate()
        {
            m.offer = if i < n {
                0
            } else {
                1 + (m.tile.index() % 3) as u8
            };
        }
    }
    Ok((ms, tiles, needs.hint))
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
    if u.int_in_range(0..=2u8)? == 0 {
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

/// A hand's shape: melds and the 14 - 3 x melds standing tiles, winning
/// tile included.
struct Shape {
    melds: Vec<Meld>,
    tiles: Vec<usize>,
    /// The context the shape needs.
    hint: Hint,
    /// Made for a fan ([`template`]): perturbed less often.
    targeted: bool,
    /// The winning tile is the last of `tiles` (nine gates: the thirteen
    /// standing tiles must be the gates themselves).
    win_last: bool,
}

fn shape(u: &mut U<'_>) -> R<Shape> {
    let melds = u.int_in_range(0..=4u8)? as usize;
    let drawn = |(melds, tiles)| Shape {
        melds,
        tiles,
        hint: Hint::Drawn,
        targeted: false,
        win_last: false,
    };
    Ok(match u.int_in_range(0..=63u8)? {
        0..=11 => drawn(regular(u, melds)?),
        12..=15 => drawn((Vec::new(), seven_pairs(u)?)),
        16..=18 => {
            let mut t = ORPHANS.to_vec();
            t.push(ORPHANS[u.choose_index(13)?]);
            drawn((Vec::new(), t))
        }
        19..=22 => drawn((Vec::new(), honors_and_knitted(u)?)),
        23 | 24 => drawn(knitted_straight(u, melds)?),
        25..=27 => {
            let s = u.int_in_range(0..=2u8)? as usize * 9;
            let mut t: Vec<usize> = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
                .iter()
                .map(|r| s + r)
                .collect();
            t.push(s + u.int_in_range(0..=8u8)? as usize);
            Shape {
                win_last: u.arbitrary()?,
                ..drawn((Vec::new(), t))
            }
        }
        28..=61 => {
            let (melds, tiles, hint) = template(u, melds)?;
            Shape {
                melds,
                tiles,
                hint,
                targeted: true,
                win_last: false,
            }
        }
        _ => drawn(arbitrary_tiles(u, melds)?),
    })
}

/// Decodes one input from the fuzzer's bytes (see the module docs).
pub fn generate(u: &mut U<'_>) -> R<McrInput> {
    let Shape {
        melds,
        mut tiles,
        hint,
        targeted,
        win_last,
    } = shape(u)?;
    let at = if win_last {
        tiles.len() - 1
    } else {
        u.choose_index(tiles.len())?
    };
    let mut win = tiles.remove(at);
    // Perturbations: a standing tile changed, another winning tile, both
    // (one targeted hand in four).
    let perturb = if targeted && u.int_in_range(0..=3u8)? != 0 {
        0
    } else {
        u.int_in_range(0..=7u8)?
    };
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
    let plain = u.int_in_range(0..=3u8)? == 0 || hint == Hint::Plain;
    let mut flag = |one_in: u8| -> R<bool> { Ok(!plain && u.int_in_range(1..=one_in)? == 1) };
    let mut ctx = WinContext {
        win_tile: tile(win),
        self_drawn: flag(2)?,
        last_copy: flag(4)?,
        about_kong: flag(4)?,
        wall_last: flag(4)?,
        seat_wind: u.int_in_range(0..=3u8)?,
        prevalent_wind: u.int_in_range(0..=3u8)?,
        flowers: if plain { 0 } else { flowers },
    };
    if matches!(hint, Hint::SelfDrawn | Hint::KongDraw) {
        ctx.self_drawn = true;
    }
    ctx.about_kong |= hint == Hint::KongDraw;
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
