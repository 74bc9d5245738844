//! Inputs for the differential checks: hands and walls, each printing (with
//! `{:?}`) as a Rust expression ready to paste into a regression test.
//!
//! With the `arbitrary` feature they can be built from fuzzer bytes; with the
//! `quickcheck` feature they generate and shrink for property tests.

use mahjong_sim::hand::Hand;
use mahjong_sim::thupc2021::wall::Wall;
#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
use mahjong_sim::thupc2021::wall::{DEAL, FULL_WALL};
#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
use mahjong_sim::tile::ORDINARY_KINDS;
use mahjong_sim::tile::{format_tiles, parse_tiles, Tile};
use std::fmt;

/// A hand to measure: `13 - 3 * melds` or `14 - 3 * melds` tiles of any of
/// the 37 kinds, five or more copies of a kind included.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct HandInput {
    /// The tiles, in any order.
    pub tiles: Vec<Tile>,
    /// Exposed melds, `0..=4`.
    pub melds: u8,
}

impl HandInput {
    /// A hand from space-separated names. Panics on a bad name: meant for
    /// tests and pasted reproductions.
    pub fn new(names: &str, melds: u8) -> HandInput {
        HandInput {
            tiles: parse_tiles(names).expect("tile names"),
            melds,
        }
    }

    /// The tiles as counts.
    pub fn hand(&self) -> Hand {
        Hand::from_tiles(&self.tiles)
    }

    /// The shell line that shows the engine's answer.
    pub fn shell(&self) -> String {
        format!(
            "echo '{}' | mahjong-sim distance",
            format_tiles(&self.tiles)
        )
    }
}

impl fmt::Debug for HandInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "HandInput::new({:?}, {})",
            format_tiles(&self.tiles),
            self.melds
        )
    }
}

/// A hand to analyse: ordinary tiles, at most four of a kind, with `melds`
/// exposed melds and `13 - 3n` to `18 - 4n` tiles (ready or complete, kongs
/// counted as four tiles in the hand).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AnalyzeInput {
    /// The concealed tiles.
    pub tiles: Vec<Tile>,
    /// Exposed melds, `0..=4`.
    pub melds: u8,
}

impl AnalyzeInput {
    /// From space-separated names. Panics on a bad name.
    pub fn new(names: &str, melds: u8) -> AnalyzeInput {
        AnalyzeInput {
            tiles: parse_tiles(names).expect("tile names"),
            melds,
        }
    }

    /// The tiles as counts.
    pub fn hand(&self) -> Hand {
        Hand::from_tiles(&self.tiles)
    }
}

impl fmt::Debug for AnalyzeInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "AnalyzeInput::new({:?}, {})",
            format_tiles(&self.tiles),
            self.melds
        )
    }
}

/// Builds an analysis hand: `size` tiles from `pool`, taken `run` copies at a
/// time (so four-of-a-kinds come often), never more than four of a kind.
#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
fn analysis_tiles(
    size: usize,
    pool: std::ops::Range<usize>,
    mut pick: impl FnMut(usize) -> usize,
) -> Vec<Tile> {
    let pool = pool.start.min(ORDINARY_KINDS - 1)
        ..pool
            .end
            .min(ORDINARY_KINDS)
            .max(pool.start.min(ORDINARY_KINDS - 1) + 1);
    let mut counts = [0u8; ORDINARY_KINDS];
    let mut tiles = Vec::with_capacity(size);
    while tiles.len() < size {
        let picked = pool.start + pick(pool.len());
        // A full kind gives way to the next one with room (wrapping over
        // all kinds), so every round adds a tile even when the fuzzer's
        // bytes have run out and every pick is 0.
        let k = (0..ORDINARY_KINDS)
            .map(|step| (picked + step) % ORDINARY_KINDS)
            .find(|&k| counts[k] < 4)
            .expect("a hand of at most 18 tiles leaves room");
        let run = 1 + pick(4);
        for _ in 0..run {
            if counts[k] < 4 && tiles.len() < size {
                counts[k] += 1;
                tiles.push(Tile::from_index(k).expect("ordinary kind"));
            }
        }
    }
    tiles
}

/// A wall to play: a permutation of the full deck, possibly cut short after
/// the deal (so exhausted walls come often).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WallInput {
    /// The tiles, first drawn first.
    pub tiles: Vec<Tile>,
}

impl WallInput {
    /// A wall from space-separated names. Panics on a bad name.
    pub fn new(names: &str) -> WallInput {
        WallInput {
            tiles: parse_tiles(names).expect("tile names"),
        }
    }

    /// The playable wall.
    pub fn wall(&self) -> Wall {
        Wall::new(self.tiles.clone()).expect("a WallInput holds a playable wall")
    }
}

impl fmt::Debug for WallInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WallInput::new({:?})", format_tiles(&self.tiles))
    }
}

#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
/// The sorted deck, shuffled by `pick(i)` choosing the swap partner in
/// `i..148` for each position (a Fisher-Yates shuffle), cut to `len` tiles.
fn shuffled_deck(len: usize, mut pick: impl FnMut(usize) -> usize) -> Vec<Tile> {
    let mut deck = Wall::sorted_deck();
    for i in 0..FULL_WALL - 1 {
        let j = pick(i).clamp(i, FULL_WALL - 1);
        deck.swap(i, j);
    }
    deck.truncate(len.clamp(DEAL, FULL_WALL));
    deck
}

#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
/// The kinds a generated hand draws from: any, ordinary only, or nine
/// neighbours (so suits, honors and specials get crowded hands too).
fn kind_pool(mode: u8, base: usize) -> std::ops::Range<usize> {
    match mode {
        0 => 0..37,
        1 => 0..34,
        _ => base.min(28)..base.min(28) + 9,
    }
}

#[cfg(feature = "arbitrary")]
mod fuzzing {
    use super::*;
    use arbitrary::{Arbitrary, Result, Unstructured};

    impl<'a> Arbitrary<'a> for HandInput {
        fn arbitrary(u: &mut Unstructured<'a>) -> Result<HandInput> {
            let melds = u.int_in_range(0..=4u8)?;
            let size = 14 - 3 * melds as usize - u.int_in_range(0..=1usize)?;
            let pool = kind_pool(u.int_in_range(0..=2)?, u.int_in_range(0..=28)?);
            let tiles = (0..size)
                .map(|_| {
                    let k = u.int_in_range(pool.start..=pool.end - 1)?;
                    Ok(Tile::from_index(k).expect("pool within kinds"))
                })
                .collect::<Result<Vec<Tile>>>()?;
            Ok(HandInput { tiles, melds })
        }
    }

    impl<'a> Arbitrary<'a> for AnalyzeInput {
        fn arbitrary(u: &mut Unstructured<'a>) -> Result<AnalyzeInput> {
            let melds = u.int_in_range(0..=4u8)?;
            let size = 13 - 3 * melds as usize + u.int_in_range(0..=5 - melds as usize)?;
            let pool = kind_pool(u.int_in_range(1..=2)?, u.int_in_range(0..=28)?);
            let mut err = None;
            let tiles = analysis_tiles(size, pool, |n| {
                u.int_in_range(0..=n - 1).unwrap_or_else(|e| {
                    err = Some(e);
                    0
                })
            });
            match err {
                Some(e) => Err(e),
                None => Ok(AnalyzeInput { tiles, melds }),
            }
        }
    }

    impl<'a> Arbitrary<'a> for WallInput {
        fn arbitrary(u: &mut Unstructured<'a>) -> Result<WallInput> {
            let len = if u.arbitrary::<bool>()? {
                u.int_in_range(DEAL..=FULL_WALL)?
            } else {
                FULL_WALL
            };
            let mut picks = Vec::with_capacity(FULL_WALL);
            for i in 0..FULL_WALL - 1 {
                picks.push(u.int_in_range(i..=FULL_WALL - 1)?);
            }
            Ok(WallInput {
                tiles: shuffled_deck(len, |i| picks[i]),
            })
        }
    }
}

#[cfg(feature = "quickcheck")]
mod properties {
    use super::*;
    use quickcheck::{Arbitrary, Gen};

    fn below(g: &mut Gen, n: usize) -> usize {
        usize::arbitrary(g) % n
    }

    impl Arbitrary for HandInput {
        fn arbitrary(g: &mut Gen) -> HandInput {
            let melds = below(g, 5) as u8;
            let size = 14 - 3 * melds as usize - below(g, 2);
            let pool = kind_pool(below(g, 3) as u8, below(g, 29));
            let tiles = (0..size)
                .map(|_| {
                    Tile::from_index(pool.start + below(g, pool.len())).expect("pool within kinds")
                })
                .collect();
            HandInput { tiles, melds }
        }

        /// Smaller hands (three tiles fewer, one meld more; or one tile
        /// fewer), then lower kinds.
        fn shrink(&self) -> Box<dyn Iterator<Item = HandInput>> {
            let mut out = Vec::new();
            let full = 14 - 3 * self.melds as usize;
            if self.melds < 4 {
                for start in 0..self.tiles.len().saturating_sub(2) {
                    let mut tiles = self.tiles.clone();
                    tiles.drain(start..start + 3);
                    out.push(HandInput {
                        tiles,
                        melds: self.melds + 1,
                    });
                }
            }
            if self.tiles.len() == full {
                for i in 0..self.tiles.len() {
                    let mut tiles = self.tiles.clone();
                    tiles.remove(i);
                    out.push(HandInput {
                        tiles,
                        melds: self.melds,
                    });
                }
            }
            for i in 0..self.tiles.len() {
                if self.tiles[i].index() > 0 {
                    let mut tiles = self.tiles.clone();
                    tiles[i] = Tile::from_index(self.tiles[i].index() - 1).expect("lower kind");
                    out.push(HandInput {
                        tiles,
                        melds: self.melds,
                    });
                }
            }
            Box::new(out.into_iter())
        }
    }

    impl Arbitrary for AnalyzeInput {
        fn arbitrary(g: &mut Gen) -> AnalyzeInput {
            let melds = below(g, 5) as u8;
            let size = 13 - 3 * melds as usize + below(g, 6 - melds as usize);
            let pool = kind_pool(1 + below(g, 2) as u8, below(g, 29));
            let tiles = analysis_tiles(size, pool, |n| below(g, n));
            AnalyzeInput { tiles, melds }
        }

        /// Three tiles fewer and one meld more, or one tile fewer, while the
        /// size still fits.
        fn shrink(&self) -> Box<dyn Iterator<Item = AnalyzeInput>> {
            let mut out = Vec::new();
            let min = 13 - 3 * self.melds as usize;
            if self.melds < 4 && self.tiles.len() >= 3 {
                for start in 0..self.tiles.len() - 2 {
                    let mut tiles = self.tiles.clone();
                    tiles.drain(start..start + 3);
                    out.push(AnalyzeInput {
                        tiles,
                        melds: self.melds + 1,
                    });
                }
            }
            if self.tiles.len() > min {
                for i in 0..self.tiles.len() {
                    let mut tiles = self.tiles.clone();
                    tiles.remove(i);
                    out.push(AnalyzeInput {
                        tiles,
                        melds: self.melds,
                    });
                }
            }
            Box::new(out.into_iter())
        }
    }

    impl Arbitrary for WallInput {
        fn arbitrary(g: &mut Gen) -> WallInput {
            let len = if bool::arbitrary(g) {
                DEAL + below(g, FULL_WALL - DEAL + 1)
            } else {
                FULL_WALL
            };
            WallInput {
                tiles: shuffled_deck(len, |i| i + below(g, FULL_WALL - i)),
            }
        }

        /// Shorter walls: the game is the same up to the cut, so a shorter
        /// wall that still fails is a simpler reproduction.
        fn shrink(&self) -> Box<dyn Iterator<Item = WallInput>> {
            let len = self.tiles.len();
            let mut lens = vec![DEAL, (DEAL + len) / 2, len.saturating_sub(1)];
            lens.retain(|&l| l >= DEAL && l < len);
            lens.dedup();
            let tiles = self.tiles.clone();
            Box::new(lens.into_iter().map(move |l| WallInput {
                tiles: tiles[..l].to_vec(),
            }))
        }
    }
}
