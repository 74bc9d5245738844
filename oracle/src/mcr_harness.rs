//! MCR (Chinese Standard Mahjong) scoring side by side: one input (melds,
//! standing tiles, the winning tile and its context), the engine's
//! calculator and shanten against the naive oracle's
//! ([`crate::compare::mcr_fans`]), under both readings.
//!
//! The generator (`generate`, with the `arbitrary` feature) reaches winning hands often: it builds a
//! hand of one form (four sets and a pair, seven pairs, thirteen orphans,
//! honors and knitted tiles, a knitted straight with a set and a pair,
//! nine gates) from sets drawn under a theme (one suit, honors, terminals,
//! green tiles, ...) and related to each other (the same set, shifted, in
//! the next suit), or arbitrary tiles from a window of kinds; then perhaps
//! perturbs it (a tile changed, another winning tile) and draws the flags,
//! winds and flowers independently, contradictory ones included. Every
//! byte string decodes to an input (missing bytes read as zeros).

use mahjong_sim::mcr::{FanTable, Hand, Meld, Reading, Tile, WinContext};
use std::fmt;

/// One MCR hand to score.
#[derive(Clone, PartialEq, Eq)]
pub struct McrInput {
    /// Melds and standing tiles (13 less 3 a meld, the winning tile not
    /// among them).
    pub hand: Hand,
    /// The winning tile, flags, winds and flowers.
    pub ctx: WinContext,
}

impl McrInput {
    /// The `mahjong-sim mcr fan` arguments that score this input (winds as
    /// 0-3).
    pub fn args(&self) -> String {
        let mut words: Vec<String> = self.hand.standing.iter().map(|t| t.to_string()).collect();
        for m in &self.hand.melds {
            words.push(format!("--meld {m}"));
        }
        let c = &self.ctx;
        words.push(format!("--win {}", c.win_tile));
        for (on, flag) in [
            (c.self_drawn, "--self-drawn"),
            (c.last_copy, "--last-copy"),
            (c.about_kong, "--about-kong"),
            (c.wall_last, "--wall-last"),
        ] {
            if on {
                words.push(flag.to_string());
            }
        }
        words.push(format!("--seat-wind {}", c.seat_wind));
        words.push(format!("--prevalent-wind {}", c.prevalent_wind));
        if c.flowers > 0 {
            words.push(format!("--flowers {}", c.flowers));
        }
        words.join(" ")
    }

    /// Reads [`McrInput::args`]' form back. Panics on anything else: it is
    /// for pasting a reported input into a test.
    pub fn from_args(args: &str) -> McrInput {
        let mut words = args.split_whitespace();
        let mut hand = Hand {
            melds: Vec::new(),
            standing: Vec::new(),
        };
        let mut ctx = WinContext::on(Tile::EAST);
        let num = |w: Option<&str>| -> u8 { w.and_then(|w| w.parse().ok()).expect("a number") };
        while let Some(w) = words.next() {
            match w {
                "--meld" => {
                    let m = words.next().expect("a meld");
                    let p: Vec<&str> = m.split(',').collect();
                    let meld = Meld::parse(p[0], p[1], p[2].parse().expect("an offer"));
                    hand.melds.push(meld.expect("a meld"));
                }
                "--win" => ctx.win_tile = words.next().expect("a tile").parse().expect("a tile"),
                "--self-drawn" => ctx.self_drawn = true,
                "--last-copy" => ctx.last_copy = true,
                "--about-kong" => ctx.about_kong = true,
                "--wall-last" => ctx.wall_last = true,
                "--seat-wind" => ctx.seat_wind = num(words.next()),
                "--prevalent-wind" => ctx.prevalent_wind = num(words.next()),
                "--flowers" => ctx.flowers = num(words.next()),
                t => hand.standing.push(t.parse().expect("a tile")),
            }
        }
        McrInput { hand, ctx }
    }

    /// The oracle's input: the binding's arguments.
    pub fn oracle_input(&self) -> crate::mcr::FanInput {
        let c = &self.ctx;
        crate::mcr::FanInput {
            pack: self
                .hand
                .melds
                .iter()
                .map(|m| crate::mcr::PackIn {
                    kind: m.word().to_string(),
                    tile: m.tile.to_string(),
                    offer: i64::from(m.offer),
                })
                .collect(),
            hand: self.hand.standing.iter().map(|t| t.to_string()).collect(),
            win_tile: c.win_tile.to_string(),
            flower_count: u32::from(c.flowers),
            is_self_drawn: c.self_drawn,
            is_4th_tile: c.last_copy,
            is_about_kong: c.about_kong,
            is_wall_last: c.wall_last,
            seat_wind: c.seat_wind,
            prevalent_wind: c.prevalent_wind,
        }
    }

    /// The engine's fan table under 1.4.0 when the hand wins: what the
    /// coverage count tallies.
    pub fn fans(&self) -> Option<FanTable> {
        mahjong_sim::mcr::calculate(&self.hand, &self.ctx, Reading::V1_4_0)
            .ok()
            .map(|r| r.table)
    }
}

/// A paste-ready expression: `McrInput::from_args("...")`.
impl fmt::Debug for McrInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "McrInput::from_args({:?})", self.args())
    }
}

#[cfg(feature = "arbitrary")]
pub use generator::generate;

pub mod concealed;

/// The generator: blocks, themes, forms, perturbations.
#[cfg(feature = "arbitrary")]
mod generator;

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for McrInput {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<McrInput> {
        generate(u)
    }
}

/// For properties: random bytes decoded as the fuzzer's are.
#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for McrInput {
    fn arbitrary(g: &mut quickcheck::Gen) -> McrInput {
        let bytes: Vec<u8> = (0..64).map(|_| u8::arbitrary(g)).collect();
        generate(&mut arbitrary::Unstructured::new(&bytes))
            .expect("decoding never runs out: missing bytes read as zeros")
    }
}

#[cfg(all(test, feature = "arbitrary"))]
mod tests {
    use super::*;

    /// The printed arguments read back to the same input.
    #[test]
    fn args_read_back() {
        for seed in 0..200u32 {
            let bytes: Vec<u8> = (0..64u32)
                .map(|i| (seed.wrapping_mul(2_654_435_761) ^ i.wrapping_mul(40_503)) as u8)
                .collect();
            let input = generate(&mut arbitrary::Unstructured::new(&bytes)).unwrap();
            assert_eq!(McrInput::from_args(&input.args()), input, "{input:?}");
            assert_eq!(
                input.hand.standing.len() + 3 * input.hand.melds.len(),
                13,
                "{input:?}"
            );
        }
    }
}

/// How often the generator's inputs win and hit each fan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// Inputs generated.
    pub inputs: u64,
    /// Of them, winning hands under 1.4.0.
    pub wins: u64,
    /// Winning hands in which each fan counts, by table index (1..83:
    /// the 81 fans, flowers at 81, 明暗杠 at 82).
    pub hits: Vec<u64>,
}

impl Coverage {
    /// The fans no input hit.
    pub fn missed(&self) -> Vec<mahjong_sim::mcr::Fan> {
        (1..self.hits.len())
            .filter(|&i| self.hits[i] == 0)
            .filter_map(mahjong_sim::mcr::Fan::from_index)
            .collect()
    }
}

/// Bytes for the `i`-th input of a coverage run from `seed` (a
/// splitmix64 stream, so that runs repeat).
pub fn coverage_bytes(seed: u64, i: u64, len: usize) -> Vec<u8> {
    let mut x = seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (0..len)
        .map(|_| {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as u8
        })
        .collect()
}

/// The `i`-th generated input of a run from `seed`: [`generate`] on
/// [`coverage_bytes`]`(seed, i, 64)`.
#[cfg(feature = "arbitrary")]
pub fn generated(seed: u64, i: u64) -> McrInput {
    let bytes = coverage_bytes(seed, i, 64);
    generate(&mut arbitrary::Unstructured::new(&bytes)).expect("never runs out")
}

/// Generates `n` inputs from 64 random bytes each and counts the wins and
/// the fans they hit (the engine's 1.4.0 table; the checks hold it to the
/// oracle's).
#[cfg(feature = "arbitrary")]
pub fn coverage(n: u64, seed: u64) -> Coverage {
    let mut c = Coverage {
        inputs: n,
        wins: 0,
        hits: vec![0; mahjong_sim::mcr::fan::TABLE_SIZE],
    };
    for i in 0..n {
        if let Some(t) = generated(seed, i).fans() {
            c.wins += 1;
            for (f, _) in t.entries() {
                c.hits[f as usize] += 1;
            }
        }
    }
    c
}
