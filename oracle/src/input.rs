//! Inputs for the differential checks: hands and walls, each printing (with
//! `{:?}`) as a Rust expression ready to paste into a regression test.
//!
//! With the `arbitrary` feature they can be built from fuzzer bytes; with the
//! `quickcheck` feature they generate (random bytes decoded as the fuzzer's:
//! one generator, pinned by the tests below, since the corpus's bytes mean
//! it) and shrink for property tests.

use mahjong_sim::hand::Hand;
use mahjong_sim::thupc2021::wall::Wall;
#[cfg(feature = "arbitrary")]
use mahjong_sim::thupc2021::wall::{DEAL, FULL_WALL};
#[cfg(feature = "arbitrary")]
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
#[cfg(feature = "arbitrary")]
fn analysis_tiles(
    size: usize,
    pool: std::ops::Range<usize>,
    mut pick: impl FnMut(usize) -> usize,
) -> Vec<Tile> {
    // The pools `kind_pool` makes for analysis (modes 1 and 2) start at
    // kind 28 at most and hold nine kinds or more: cut at the last
    // ordinary kind, each keeps some.
    let pool = pool.start..pool.end.min(ORDINARY_KINDS);
    assert!(!pool.is_empty(), "an analysis pool holds ordinary kinds");
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

#[cfg(feature = "arbitrary")]
/// The sorted deck, shuffled by `pick(i)` choosing the swap partner in
/// `i..148` for each position (a Fisher-Yates shuffle), cut to `len` tiles.
fn shuffled_deck(len: usize, mut pick: impl FnMut(usize) -> usize) -> Vec<Tile> {
    let mut deck = Wall::sorted_deck();
    for i in 0..FULL_WALL {
        let j = pick(i); // in i..148 (the last swap is with itself)
        deck.swap(i, j);
    }
    deck.truncate(len.clamp(DEAL, FULL_WALL));
    deck
}

#[cfg(feature = "arbitrary")]
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
            for i in 0..FULL_WALL {
                picks.push(u.int_in_range(i..=FULL_WALL - 1)?); // the last reads no byte
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

    /// `len` random bytes decoded as the fuzzer decodes its bytes.
    fn decoded<T: for<'a> arbitrary::Arbitrary<'a>>(g: &mut Gen, len: usize) -> T {
        let bytes: Vec<u8> = (0..len).map(|_| u8::arbitrary(g)).collect();
        T::arbitrary(&mut arbitrary::Unstructured::new(&bytes))
            .expect("decoding never runs out: missing bytes read as zeros")
    }

    impl Arbitrary for HandInput {
        /// 4 bytes choose the size and kinds, one more each tile.
        fn arbitrary(g: &mut Gen) -> HandInput {
            decoded(g, 24)
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
        /// 4 bytes choose the size and kinds, up to two more each tile.
        fn arbitrary(g: &mut Gen) -> AnalyzeInput {
            decoded(g, 48)
        }

        /// Three tiles fewer and one meld more, or one tile fewer, while the
        /// size still fits.
        fn shrink(&self) -> Box<dyn Iterator<Item = AnalyzeInput>> {
            let mut out = Vec::new();
            let min = 13 - 3 * self.melds as usize;
            // Fewer than four melds: ten tiles or more.
            if self.melds < 4 {
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
        /// 3 bytes choose the length, one more each swap.
        fn arbitrary(g: &mut Gen) -> WallInput {
            decoded(g, 160)
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

#[cfg(all(test, feature = "arbitrary"))]
pub(crate) mod tests {
    use super::*;
    use arbitrary::{Arbitrary, Unstructured};

    /// `n` bytes of a fixed sequence.
    fn bytes(n: usize, step: u8) -> Vec<u8> {
        (0..n).map(|i| (i as u8 + 1).wrapping_mul(step)).collect()
    }

    /// What the fixed bytes of `n` and each step decode to, as `Debug`
    /// prints it.
    fn decoded<T: for<'a> Arbitrary<'a> + fmt::Debug>(n: usize) -> Vec<String> {
        [37, 101, 7, 200]
            .map(|step| {
                let input = T::arbitrary(&mut Unstructured::new(&bytes(n, step))).unwrap();
                format!("{input:?}")
            })
            .into()
    }

    /// FNV-1a of a text: the fingerprint the crate's pins compare.
    pub(crate) fn fingerprint(text: &str) -> u64 {
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }

    /// The reproduction printed with a distance failure is the shell line
    /// that shows the engine's answer.
    #[test]
    fn a_hand_reproduces_as_a_shell_line() {
        let hand = HandInput::new("1M 9M E E", 3);
        assert_eq!(hand.shell(), "echo '1M 9M E E' | mahjong-sim distance");
    }

    /// Pinned: the corpus's bytes mean these inputs (captured from the
    /// decoding when the pin was written). A change to the decoding must
    /// come with a corpus that still covers what this one did.
    #[test]
    fn fuzzer_bytes_decode_as_pinned() {
        assert_eq!(decoded::<HandInput>(24), PINNED_HANDS);
        assert_eq!(decoded::<AnalyzeInput>(48), PINNED_ANALYSES);
        let walls: Vec<(usize, u64)> = decoded::<WallInput>(160)
            .iter()
            .map(|w| (w.split(' ').count(), fingerprint(w)))
            .collect();
        assert_eq!(walls, PINNED_WALLS, "{walls:#x?}");
    }

    const PINNED_HANDS: [&str; 4] = [
        r#"HandInput::new("1M 1M 4M 4M 4M 4M 4M 4M", 2)"#,
        r#"HandInput::new("1P 8M 1P 8M 1P 3P 1P 3P 1P 3P 5M", 1)"#,
        r#"HandInput::new("REVERSE 6M 4P 2S 9S Z 4M 2P", 2)"#,
        r#"HandInput::new("S 7M 1S N 9M 5M 8P S 7M 3M 6P 9S 5M 8P", 0)"#,
    ];
    const PINNED_ANALYSES: [&str; 4] = [
        r#"AnalyzeInput::new("9M 9M 9M 7M 9M 2P 4M 4M 4M", 2)"#,
        r#"AnalyzeInput::new("1P 1P 1P 1P 2P 2P 2P 2P 3P 3P 3P 5M", 1)"#,
        r#"AnalyzeInput::new("Z Z Z W B B B Z W", 2)"#,
        r#"AnalyzeInput::new("S 1S 9M 8P 7M 6P 5M 4P 3M 2P 1M 7S F", 0)"#,
    ];
    /// Names in the wall, and a fingerprint of its `Debug`.
    const PINNED_WALLS: [(usize, u64); 4] = [
        (126, 0x8159_5754_d150_da97),
        (60, 0xbc35_afd6_9984_8d0d),
        (66, 0x3ce5_923e_9a5a_25b2),
        (148, 0x739d_1196_0fca_3be0),
    ];
}

#[cfg(all(test, feature = "quickcheck"))]
mod shrinking {
    use super::*;
    use quickcheck::Arbitrary;

    /// A hand shrinks to a meld more for any three neighbouring tiles, to
    /// one tile fewer when it is full-size, and to a lower kind for each
    /// tile above the first kind: every candidate a valid input.
    #[test]
    fn hands_shrink_to_smaller_valid_hands() {
        let full = HandInput::new("1M 1M 2M 3M 4P 5P 6P 7S 8S 9S E E E S", 0);
        let got: Vec<HandInput> = full.shrink().collect();
        let (melded, fewer, lower) = (12, 14, 12);
        assert_eq!(got.len(), melded + fewer + lower);
        assert!(got[..melded]
            .iter()
            .all(|h| h.melds == 1 && h.tiles.len() == 11));
        assert_eq!(got[0], HandInput::new("3M 4P 5P 6P 7S 8S 9S E E E S", 1));
        let fewer_hands = &got[melded..melded + fewer];
        assert!(fewer_hands
            .iter()
            .all(|h| h.melds == 0 && h.tiles.len() == 13));
        assert_eq!(
            got[melded + fewer],
            HandInput::new("1M 1M 1M 3M 4P 5P 6P 7S 8S 9S E E E S", 0)
        );
        let last = HandInput::new("1M 2M", 4);
        let got: Vec<HandInput> = last.shrink().collect();
        let want = ["2M", "1M", "1M 1M"].map(|t| HandInput::new(t, 4));
        assert_eq!(got, want);
        let ready = HandInput::new("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E S", 0);
        assert_eq!(ready.shrink().filter(|h| h.melds == 0).count(), 12);
    }

    /// An analysis hand shrinks to a meld more, or one tile fewer while the
    /// size still fits.
    #[test]
    fn analysis_hands_shrink_while_the_size_fits() {
        let long = AnalyzeInput::new("1M 1M 1M 1M 2M 3M 4P 5P 6P 7S 8S 9S E E", 0);
        let got: Vec<AnalyzeInput> = long.shrink().collect();
        assert_eq!(got.len(), 12 + 14);
        assert_eq!(
            got[0],
            AnalyzeInput::new("1M 2M 3M 4P 5P 6P 7S 8S 9S E E", 1)
        );
        assert!(got[12..]
            .iter()
            .all(|h| h.melds == 0 && h.tiles.len() == 13));
        let least = AnalyzeInput::new("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E S", 0);
        assert_eq!(least.shrink().count(), 11);
        let melded = AnalyzeInput::new("1M 1M 1M 1M 2M 3M 4P 5P 6P E E", 1);
        let got: Vec<AnalyzeInput> = melded.shrink().collect();
        assert_eq!(got.len(), 9 + 11);
        assert!(got[9..].iter().all(|h| h.melds == 1 && h.tiles.len() == 10));
        assert_eq!(AnalyzeInput::new("1M", 4).shrink().count(), 0);
    }

    /// A wall shrinks to its deal, halfway there, and one tile shorter:
    /// prefixes, as the game is the same up to the cut.
    #[test]
    fn walls_shrink_to_prefixes() {
        let tiles = Wall::sorted_deck();
        let full = WallInput {
            tiles: tiles.clone(),
        };
        let lens: Vec<usize> = full.shrink().map(|w| w.tiles.len()).collect();
        assert_eq!(lens, [DEAL, (DEAL + FULL_WALL) / 2, FULL_WALL - 1]);
        assert!(full.shrink().all(|w| tiles.starts_with(&w.tiles)));
        let dealt = WallInput {
            tiles: tiles[..DEAL + 1].to_vec(),
        };
        let lens: Vec<usize> = dealt.shrink().map(|w| w.tiles.len()).collect();
        assert_eq!(lens, [DEAL]);
        let least = WallInput {
            tiles: tiles[..DEAL].to_vec(),
        };
        assert_eq!(least.shrink().count(), 0);
    }
}
