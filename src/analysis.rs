//! Hand analysis: every decomposition of a winning hand, every wait of a
//! ready hand, and for other hands the distance and the best discards.
//!
//! Kongs are four identical tiles in the hand, so a complete hand with `n`
//! exposed melds holds `14 - 3n + k` tiles, `k` being the kongs among its
//! `4 - n` sets; a ready hand holds one tile less.
//!
//! Decompositions are found smallest kind first: every copy of the smallest
//! kind left must start a set there (a chow starts at its lowest tile), so
//! choosing at once how that kind's copies split among chows, a pung or kong
//! and the pair yields each decomposition exactly once.

use crate::distance;
use crate::hand::Hand;
use crate::meld::{write_compact, Meld};
use crate::tile::{Tile, ORDINARY_KINDS};
use serde::Serialize;
use std::fmt;

/// One way to split a complete hand: sets in ascending order, and the pair.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Decomposition {
    /// The sets, ascending (by lowest tile, then chow < pung < kong).
    pub sets: Vec<Meld>,
    /// The pair's kind.
    pub pair: Tile,
}

impl fmt::Display for Decomposition {
    /// E.g. `123M 456M 789M EEE + SS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.sets {
            write!(f, "{s} ")?;
        }
        f.write_str("+ ")?;
        write_compact(f, &[self.pair, self.pair])
    }
}

/// Every decomposition of `counts` (34 ordinary kinds) into exactly `sets`
/// sets and one pair, in ascending order.
pub fn decompositions(counts: &[u8; ORDINARY_KINDS], sets: usize) -> Vec<Decomposition> {
    let mut out = Vec::new();
    let mut c = *counts;
    let total: usize = c.iter().map(|&x| x as usize).sum();
    // Sets hold 3 or 4 tiles, the pair 2.
    if total < 3 * sets + 2 || total > 4 * sets + 2 {
        return out;
    }
    let mut chosen = Vec::with_capacity(sets);
    split(&mut c, 0, sets, None, &mut chosen, &mut out);
    out.sort();
    out
}

fn split(
    c: &mut [u8; ORDINARY_KINDS],
    from: usize,
    sets_left: usize,
    pair: Option<Tile>,
    chosen: &mut Vec<Meld>,
    out: &mut Vec<Decomposition>,
) {
    let Some(k) = (from..ORDINARY_KINDS).find(|&k| c[k] != 0) else {
        if sets_left == 0 {
            if let Some(pair) = pair {
                let mut sets = chosen.clone();
                sets.sort();
                out.push(Decomposition { sets, pair });
            }
        }
        return;
    };
    let t = Tile::from_index(k).expect("ordinary kind");
    let have = c[k];
    let chows_possible = t.number().is_some_and(|n| n <= 7);
    // How the `have` copies of the smallest kind split: chows starting here,
    // at most one pung or kong, at most one pair.
    for whole in [0u8, 3, 4] {
        for pair_here in [0u8, 2] {
            if whole + pair_here > have || (pair_here > 0 && pair.is_some()) {
                continue;
            }
            let chows = have - whole - pair_here;
            let sets_here = chows as usize + usize::from(whole > 0);
            if sets_here > sets_left
                || (chows > 0 && (!chows_possible || c[k + 1] < chows || c[k + 2] < chows))
            {
                continue;
            }
            c[k] = 0;
            if chows > 0 {
                c[k + 1] -= chows;
                c[k + 2] -= chows;
            }
            let before = chosen.len();
            chosen.extend(std::iter::repeat_n(Meld::Chow(t), chows as usize));
            match whole {
                3 => chosen.push(Meld::Pung(t)),
                4 => chosen.push(Meld::Kong(t)),
                _ => {}
            }
            let pair2 = if pair_here > 0 { Some(t) } else { pair };
            // Every copy of kind k is placed: the next search may start
            // at k itself.
            split(c, k, sets_left - sets_here, pair2, chosen, out);
            chosen.truncate(before);
            c[k] = have;
            if chows > 0 {
                c[k + 1] += chows;
                c[k + 2] += chows;
            }
        }
    }
}

/// How the winning tile completes its set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// The end of a two-sided run: `23` waiting on 1 or 4.
    TwoSided,
    /// The middle of a run: `13` waiting on 2.
    Closed,
    /// The inner end of a run at the suit's edge: `12` waiting on 3, `89` on 7.
    Edge,
    /// A pair becoming a pung (waiting on two pairs).
    PairWait,
    /// A single tile becoming the pair.
    SingleWait,
    /// A pung becoming a kong.
    KongWait,
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::TwoSided => "two-sided",
            Shape::Closed => "closed",
            Shape::Edge => "edge",
            Shape::PairWait => "pair wait",
            Shape::SingleWait => "single wait",
            Shape::KongWait => "kong wait",
        })
    }
}

/// The shapes in which `x` can be the winning tile of `d`.
pub fn shapes(d: &Decomposition, x: Tile) -> Vec<Shape> {
    let mut out = Vec::new();
    if d.pair == x {
        out.push(Shape::SingleWait);
    }
    for s in &d.sets {
        let shape = match *s {
            Meld::Pung(t) if t == x => Shape::PairWait,
            Meld::Kong(t) if t == x => Shape::KongWait,
            Meld::Chow(low) if low.offset(1) == Some(x) => Shape::Closed,
            Meld::Chow(low) if low == x => {
                // The rest is x+1 x+2: an edge when that is 8-9.
                if low.number() == Some(7) {
                    Shape::Edge
                } else {
                    Shape::TwoSided
                }
            }
            Meld::Chow(low) if low.offset(2) == Some(x) => {
                // The rest is x-2 x-1: an edge when that is 1-2.
                if low.number() == Some(1) {
                    Shape::Edge
                } else {
                    Shape::TwoSided
                }
            }
            _ => continue,
        };
        out.push(shape);
    }
    out.sort();
    out.dedup();
    out
}

/// One winning tile of a ready hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Wait {
    /// The tile waited on.
    pub tile: Tile,
    /// False when the hand already holds all four copies.
    pub possible: bool,
    /// Each decomposition the tile completes, with the shapes it can take.
    pub completes: Vec<Completion>,
}

/// A decomposition a waiting tile completes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// The complete hand's decomposition.
    pub decomposition: Decomposition,
    /// The shapes the waiting tile can take in it.
    pub shapes: Vec<Shape>,
}

/// What a hand is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// A complete winning hand.
    Wins {
        /// Every decomposition, ascending.
        decompositions: Vec<Decomposition>,
    },
    /// One tile from winning.
    Ready {
        /// Every waiting tile, in kind order.
        waits: Vec<Wait>,
    },
    /// Neither: how far, and what to do.
    Other {
        /// The winning distance (kongs in the hand count as exposed melds).
        distance: u8,
        /// For a complete-size hand: the discards that keep the distance
        /// lowest. Empty for a ready-size hand.
        best_discards: Vec<Tile>,
        /// For a ready-size hand: the draws that lower the distance.
        useful_draws: Vec<Tile>,
    },
}

/// A full analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The concealed tiles, in kind order.
    pub hand: Vec<Tile>,
    /// The exposed melds.
    pub melds: Vec<Meld>,
    /// What the hand is.
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// Why a hand cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// A special tile.
    #[error("special tile `{0}` cannot be analysed: ordinary tiles only")]
    Special(Tile),
    /// More than four copies in hand and melds together.
    #[error("kind {tile} appears {count} times in the hand and melds; a set has only 4")]
    TooMany {
        /// The kind.
        tile: Tile,
        /// How often.
        count: usize,
    },
    /// More than four exposed melds.
    #[error("{0} exposed melds; a hand has at most 4")]
    TooManyMelds(usize),
    /// The size fits neither a complete nor a ready hand.
    #[error(
        "a hand of {tiles} tiles with {melds} exposed meld(s) is neither complete ({} to {} tiles) nor ready ({} to {} tiles)",
        14 - 3 * melds, 18 - 4 * melds, 13 - 3 * melds, 17 - 4 * melds
    )]
    Size {
        /// Concealed tiles.
        tiles: usize,
        /// Exposed melds.
        melds: usize,
    },
    /// A kong-sized hand without enough four-of-a-kinds to be its kongs.
    #[error("a hand of {tiles} tiles needs {kongs} four-of-a-kind(s) as kongs to be measured, and holds {quads}")]
    Kongs {
        /// Concealed tiles.
        tiles: usize,
        /// Kongs the size implies.
        kongs: usize,
        /// Four-of-a-kinds held.
        quads: usize,
    },
}

/// The number of kongs a `tiles`-tile hand implies with `melds` exposed
/// melds: as a complete hand (`extra = 1`) or a ready one (`extra = 0`).
fn kongs(tiles: usize, melds: usize, extra: usize) -> Option<usize> {
    (tiles + 1 - extra)
        .checked_sub(14 - 3 * melds)
        .filter(|&k| k <= 4 - melds)
}

/// The waits of a ready-size hand (`sets` sets still to make).
pub fn waits(hand: &Hand, sets: usize) -> Vec<Wait> {
    let mut out = Vec::new();
    for x in Tile::ordinary() {
        let mut with = *hand;
        with.add(x);
        let ds = decompositions(&with.ordinary_counts(), sets);
        if ds.is_empty() {
            continue;
        }
        let completes = ds
            .into_iter()
            .map(|d| {
                let shapes = shapes(&d, x);
                Completion {
                    decomposition: d,
                    shapes,
                }
            })
            .collect();
        out.push(Wait {
            tile: x,
            possible: hand.count(x) < 4,
            completes,
        });
    }
    out
}

/// The distance of a hand whose size implies `kongs` kongs: the best over
/// which four-of-a-kinds act as the kongs (each then counts as a meld).
fn kong_distance(hand: &Hand, melds: usize, kongs: usize) -> Result<u8, AnalysisError> {
    let quads: Vec<Tile> = Tile::ordinary().filter(|&t| hand.count(t) == 4).collect();
    if quads.len() < kongs {
        return Err(AnalysisError::Kongs {
            tiles: hand.len(),
            kongs,
            quads: quads.len(),
        });
    }
    let mut best = u8::MAX;
    // Every choice of `kongs` of the quads (at most C(3, ..) small).
    for mask in 0u32..1 << quads.len() {
        if mask.count_ones() as usize != kongs {
            continue;
        }
        let mut rest = *hand;
        for (i, &q) in quads.iter().enumerate() {
            if mask >> i & 1 == 1 {
                for _ in 0..4 {
                    rest.remove(q);
                }
            }
        }
        let d = distance::distance(&rest, (melds + kongs) as u8)
            .expect("size fits once kongs are set aside");
        best = best.min(d);
    }
    Ok(best)
}

/// Analyses concealed `tiles` with exposed `melds`.
pub fn analyze(tiles: &[Tile], melds: &[Meld]) -> Result<Analysis, AnalysisError> {
    let hand = checked_hand(tiles, melds)?;
    let n = melds.len();
    let size = tiles.len();
    let complete = kongs(size, n, 1);
    let ready = kongs(size, n, 0);
    if complete.is_none() && ready.is_none() {
        return Err(AnalysisError::Size {
            tiles: size,
            melds: n,
        });
    }
    let mut sorted = tiles.to_vec();
    sorted.sort();
    Ok(Analysis {
        hand: sorted,
        melds: melds.to_vec(),
        verdict: verdict(&hand, n, complete, ready)?,
    })
}

/// The hand of `tiles`, if they hold no special tile, `melds` are four at
/// most, and no kind is held more than four times in all.
fn checked_hand(tiles: &[Tile], melds: &[Meld]) -> Result<Hand, AnalysisError> {
    if let Some(&t) = tiles.iter().find(|t| t.is_special()) {
        return Err(AnalysisError::Special(t));
    }
    let n = melds.len();
    if n > 4 {
        return Err(AnalysisError::TooManyMelds(n));
    }
    let hand = Hand::from_tiles(tiles);
    let mut all = hand;
    for m in melds {
        for t in m.tiles() {
            all.add(t);
        }
    }
    if let Some(t) = Tile::ordinary().find(|&t| all.count(t) > 4) {
        return Err(AnalysisError::TooMany {
            tile: t,
            count: all.count(t) as usize,
        });
    }
    Ok(hand)
}

/// The verdict on `hand` beside `n` melds: `complete` and `ready` are the
/// kongs the hand's size implies at complete size and one tile short (at
/// least one fits).
fn verdict(
    hand: &Hand,
    n: usize,
    complete: Option<usize>,
    ready: Option<usize>,
) -> Result<Verdict, AnalysisError> {
    let sets = 4 - n;
    if complete.is_some() {
        let ds = decompositions(&hand.ordinary_counts(), sets);
        if !ds.is_empty() {
            return Ok(Verdict::Wins { decompositions: ds });
        }
    }
    if ready.is_some() {
        let w = waits(hand, sets);
        if !w.is_empty() {
            return Ok(Verdict::Ready { waits: w });
        }
    }
    match complete {
        Some(k) => best_discards(hand, n, k),
        None => useful_draws(hand, n, ready.expect("one of the two sizes fits")),
    }
}

/// A complete-size hand that does not win: its distance, and the discards
/// that leave the least distance.
fn best_discards(hand: &Hand, n: usize, k: usize) -> Result<Verdict, AnalysisError> {
    let mut scored = Vec::new();
    for t in hand.kinds() {
        let mut rest = *hand;
        rest.remove(t);
        if let Ok(d) = kong_distance(&rest, n, k) {
            scored.push((t, d));
        }
    }
    let distance = kong_distance(hand, n, k)?;
    let low = scored.iter().map(|s| s.1).min().unwrap_or(u8::MAX);
    let best_discards = scored.iter().filter(|s| s.1 == low).map(|s| s.0).collect();
    Ok(Verdict::Other {
        distance,
        best_discards,
        useful_draws: Vec::new(),
    })
}

/// A hand one tile short that is not ready: its distance, and the draws
/// that lower it.
fn useful_draws(hand: &Hand, n: usize, k: usize) -> Result<Verdict, AnalysisError> {
    let distance = kong_distance(hand, n, k)?;
    let useful_draws = Tile::ordinary()
        .filter(|&x| {
            let mut with = *hand;
            with.add(x);
            // One more tile: complete-size, with the same kongs.
            with.count(x) <= 4 && kong_distance(&with, n, k).is_ok_and(|d| d < distance)
        })
        .collect();
    Ok(Verdict::Other {
        distance,
        best_discards: Vec::new(),
        useful_draws,
    })
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hand: {}", crate::tile::format_tiles(&self.hand))?;
        if !self.melds.is_empty() {
            let m: Vec<String> = self.melds.iter().map(|s| s.to_string()).collect();
            write!(f, "  melds: {}", m.join(" "))?;
        }
        writeln!(f)?;
        match &self.verdict {
            Verdict::Wins { decompositions } => {
                writeln!(f, "wins: {} decomposition(s)", decompositions.len())?;
                for d in decompositions {
                    writeln!(f, "  {d}")?;
                }
            }
            Verdict::Ready { waits } => {
                let names: Vec<&str> = waits.iter().map(|w| w.tile.name()).collect();
                writeln!(
                    f,
                    "ready: waits on {} tile(s): {}",
                    waits.len(),
                    names.join(" ")
                )?;
                for w in waits {
                    let note = if w.possible {
                        ""
                    } else {
                        "  (impossible: the hand holds all four)"
                    };
                    writeln!(f, "  {}{note}", w.tile)?;
                    for c in &w.completes {
                        let s: Vec<String> = c.shapes.iter().map(|s| s.to_string()).collect();
                        writeln!(f, "    {}  [{}]", c.decomposition, s.join(", "))?;
                    }
                }
            }
            Verdict::Other {
                distance,
                best_discards,
                useful_draws,
            } => {
                writeln!(f, "distance: {distance}")?;
                if !best_discards.is_empty() {
                    writeln!(
                        f,
                        "best discards: {}",
                        crate::tile::format_tiles(best_discards)
                    )?;
                }
                if !useful_draws.is_empty() {
                    writeln!(
                        f,
                        "useful draws: {}",
                        crate::tile::format_tiles(useful_draws)
                    )?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    fn d(sets: &[Meld], pair: &str) -> Decomposition {
        Decomposition {
            sets: sets.to_vec(),
            pair: pair.parse().unwrap(),
        }
    }

    fn tile(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn nine_gates_waits_on_all_nine() {
        let a = analyze(&t("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"), &[]).unwrap();
        let Verdict::Ready { waits } = a.verdict else {
            panic!("{a}")
        };
        let tiles: Vec<&str> = waits.iter().map(|w| w.tile.name()).collect();
        assert_eq!(
            tiles,
            ["1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M"]
        );
        assert!(waits.iter().all(|w| w.possible && !w.completes.is_empty()));
        // Worked by hand: on 2M the only split is 111 345 678 999 + 22.
        let two = &waits[1].completes;
        let (p, c) = (|s| Meld::Pung(tile(s)), |s| Meld::Chow(tile(s)));
        assert_eq!(two.len(), 1);
        assert_eq!(
            two[0].decomposition,
            d(&[p("1M"), c("3M"), c("6M"), p("9M")], "2M")
        );
        assert_eq!(two[0].shapes, [Shape::SingleWait]);
        // On 3M: 123 345 678 999 + 11, the 3 closing 12 (edge) or opening 45.
        let three = &waits[2].completes;
        assert_eq!(three.len(), 1);
        assert_eq!(
            three[0].decomposition,
            d(&[c("1M"), c("3M"), c("6M"), p("9M")], "1M")
        );
        assert_eq!(three[0].shapes, [Shape::TwoSided, Shape::Edge]);
    }

    #[test]
    fn four_four_four_two_lists_all_three_decompositions() {
        // Worked by hand: the pair is 44 or 11 (22 and 33 leave a 3 or 2
        // stranded), and 1111 cannot be a kong in 14 tiles.
        let a = analyze(&t("1M 1M 1M 1M 2M 2M 2M 2M 3M 3M 3M 3M 4M 4M"), &[]).unwrap();
        let Verdict::Wins { decompositions } = a.verdict else {
            panic!("{a}")
        };
        let (p, c) = (|s| Meld::Pung(tile(s)), |s| Meld::Chow(tile(s)));
        assert_eq!(
            decompositions,
            [
                d(&[c("1M"), c("1M"), c("1M"), c("1M")], "4M"),
                d(&[c("1M"), c("1M"), c("2M"), c("2M")], "1M"),
                d(&[c("1M"), p("1M"), p("2M"), p("3M")], "4M"),
            ]
        );
    }

    #[test]
    fn kongs_are_four_in_hand() {
        let a = analyze(&t("1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M 9M"), &[]).unwrap();
        let Verdict::Ready { waits } = a.verdict else {
            panic!("{a}")
        };
        let tiles: Vec<&str> = waits.iter().map(|w| w.tile.name()).collect();
        assert_eq!(tiles, ["2M", "5M", "8M"]);
        assert_eq!(
            waits[0].completes[0].decomposition.to_string(),
            "1111M 345M 678M 9999M + 22M"
        );
    }

    #[test]
    fn a_wait_on_a_fifth_copy_is_impossible() {
        // 1111 234 567 89 + ... : 1M 1M 1M 1M waits as a pair wait on a fifth 1M.
        let a = analyze(&t("1M 1M 1M 1M 2M 3M 4M 5M 6M 7M E E E"), &[]).unwrap();
        let Verdict::Ready { waits } = a.verdict else {
            panic!("{a}")
        };
        let one = waits
            .iter()
            .find(|w| w.tile == tile("1M"))
            .expect("1M completes 111 1M");
        assert!(!one.possible);
        assert!(waits.iter().any(|w| w.possible));
    }

    #[test]
    fn melds_take_their_place_and_specials_are_refused() {
        let a = analyze(
            &t("1M 2M 3M 4M 5M 6M 7M 8M 9M E E"),
            &[Meld::Pung(Tile::SOUTH)],
        )
        .unwrap();
        assert!(matches!(a.verdict, Verdict::Wins { .. }));
        assert_eq!(
            analyze(&t("PASS 1M"), &[]),
            Err(AnalysisError::Special(Tile::PASS))
        );
        assert!(matches!(
            analyze(&t("1M 1M"), &[]),
            Err(AnalysisError::Size { .. })
        ));
        let too_many = analyze(
            &t("E E 1M 2M 3M 4M 5M 6M 7M 8M 9M"),
            &[Meld::Pung(Tile::EAST)],
        );
        assert!(matches!(
            too_many,
            Err(AnalysisError::TooMany { count: 5, .. })
        ));
        // Four exposed melds leave a pair to make; five or more are refused.
        let four = [Tile::EAST, Tile::SOUTH, Tile::WEST, Tile::NORTH].map(Meld::Pung);
        assert!(matches!(
            analyze(&t("1M 1M"), &four).unwrap().verdict,
            Verdict::Wins { .. }
        ));
        // One meld leaves three sets: at most three kongs, so 15 tiles is
        // too many (it would need four).
        assert_eq!(
            analyze(
                &t("1M 1M 1M 1M 2M 2M 2M 2M 3M 3M 3M 3M 4M 5M 6M"),
                &[four[0]]
            ),
            Err(AnalysisError::Size {
                tiles: 15,
                melds: 1
            })
        );
        for n in 5..=8 {
            let melds: Vec<Meld> = (0..n)
                .map(|i| Meld::Chow(Tile::from_index(i).unwrap()))
                .collect();
            assert_eq!(
                analyze(&t("1M"), &melds),
                Err(AnalysisError::TooManyMelds(n))
            );
        }
    }

    #[test]
    fn other_hands_get_distance_and_discards() {
        let a = analyze(&t("1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P E S W"), &[]).unwrap();
        let Verdict::Other {
            distance,
            ref best_discards,
            ..
        } = a.verdict
        else {
            panic!("{a}")
        };
        assert_eq!(distance, 2);
        assert_eq!(*best_discards, t("E S W"));
        assert_eq!(
            a.to_string(),
            "hand: 1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P E S W\ndistance: 2\nbest discards: E S W\n"
        );
        // A ready-size hand: useful draws instead of discards.
        let r = analyze(&t("1M 2M 3M 4M 5M 6M 7M 8M 9M 1P E S W"), &[]).unwrap();
        let text = r.to_string();
        assert!(
            text.contains("distance: 3\nuseful draws: 1P 2P 3P E S W\n"),
            "{text}"
        );
        assert!(!text.contains("best discards"), "{text}");
    }
}
