//! Planted bugs: engines wrong in one known way each, built by changing
//! what mahjong-sim answers in one case. They measure the harness the way a
//! mutation score does, from the other side: a check that passes one of
//! them, or a corpus none of whose files shows it, would let that bug
//! through. `tests/corpus.rs` demands that each target's corpus catch every
//! bug planted for it; the checks' own tests (in [`crate::compare`])
//! demand that each check catch the bugs it is there for.
//!
//! [`PLANTED`] lists the bugs by fuzz target. The bugs `explain` could
//! have (it is checked by a property, not a fuzz target) are the engines
//! with an `explain` method below.
//!
//! Each bug shows only on some inputs (a hand with an honor pair, a game
//! with a chow, an input whose last line has no line end), so catching it
//! says the corpus holds such an input, not just that the check runs.

use crate::engine::{Engine, Production};
use crate::mcr_judge_harness::{McrJudgeInput, Run};
use crate::noi2014::End;
use crate::noi2014_harness::{Noi2014Input, Outcome};
use mahjong_sim::analysis::{Analysis, AnalysisError, Decomposition, Verdict, Wait};
use mahjong_sim::distance::DistanceError;
use mahjong_sim::hand::Hand;
use mahjong_sim::mcr::shanten::{Shanten, ShantenForm};
use mahjong_sim::mcr::{self, Fan, FanError, FanResult, Reading, WinContext};
use mahjong_sim::meld::Meld;
use mahjong_sim::parse::{HandLine, ParseError, Pos, ReadError};
use mahjong_sim::thupc2021::event::Event;
use mahjong_sim::thupc2021::explain::Step;
use mahjong_sim::thupc2021::wall::Wall;
use mahjong_sim::tile::{Tile, ORDINARY_KINDS};
use std::io::BufRead;

/// One planted bug.
pub struct Planted {
    /// What is wrong, as a bug report would say.
    pub bug: &'static str,
    /// The fuzz target (and `corpus/` folder) that must catch it.
    pub target: &'static str,
    /// The engine with the bug.
    pub engine: &'static (dyn Engine + Sync),
}

/// Every planted bug, by target.
pub static PLANTED: &[Planted] = &[
    Planted {
        bug: "a hand holding exactly two of an honor is one further",
        target: "distance",
        engine: &HonorPairIgnored,
    },
    Planted {
        bug: "a 13 - 3n hand one tile from winning is two",
        target: "distance",
        engine: &ReadyIsTwo,
    },
    Planted {
        bug: "a winning hand is one from winning",
        target: "distance",
        engine: &WinningIsOne,
    },
    Planted {
        bug: "a RON is credited to the discarder",
        target: "game",
        engine: &RonToDiscarder,
    },
    Planted {
        bug: "a CHOW's tiles are logged in descending order",
        target: "game",
        engine: &ChowDescending,
    },
    Planted {
        bug: "an exhausted wall is not logged",
        target: "game",
        engine: &ExhaustedNotLogged,
    },
    Planted {
        bug: "the streaming reader loses a last name with no line end after it",
        target: "parse",
        engine: &ReaderLosesLastName,
    },
    Planted {
        bug: "wall errors count columns from 0",
        target: "parse",
        engine: &ColumnsFromZero,
    },
    Planted {
        bug: "a hand line with fewer than four melds reads one meld more",
        target: "parse",
        engine: &HandLineMeldMore,
    },
    Planted {
        bug: "a parsed wall holds its first two tiles swapped",
        target: "parse",
        engine: &WallFirstTwoSwapped,
    },
    Planted {
        bug: "a hand with several decompositions loses the last",
        target: "analyze",
        engine: &LastDecompositionLost,
    },
    Planted {
        bug: "a decomposition's pair is the wrong kind",
        target: "analyze",
        engine: &WrongPair,
    },
    Planted {
        bug: "a wait on a kind held four times is called possible",
        target: "analyze",
        engine: &HeldFourPossible,
    },
    Planted {
        bug: "a waiting tile's shapes are lost",
        target: "analyze",
        engine: &ShapesLost,
    },
    Planted {
        bug: "a hand that neither wins nor waits is one further",
        target: "analyze",
        engine: &OtherVerdictFurther,
    },
    Planted {
        bug: "a winning hand is called ready",
        target: "analyze",
        engine: &WinsCalledReady,
    },
    Planted {
        bug: "a ready hand is called winning",
        target: "analyze",
        engine: &ReadyCalledWinning,
    },
    Planted {
        bug: "the last event (the game's end) is lost",
        target: "noi2014",
        engine: &Noi2014EndLost,
    },
    Planted {
        bug: "the first chance value is one more",
        target: "noi2014",
        engine: &ChanceOneMore,
    },
    Planted {
        bug: "a player put out is put out by the next request",
        target: "noi2014",
        engine: &OutOneLater,
    },
    Planted {
        bug: "the judge panics on a self-drawn win",
        target: "noi2014",
        engine: &PanicsOnSelfDrawn,
    },
    Planted {
        bug: "MCR flowers are not counted",
        target: "mcr_fans",
        engine: &McrFlowersLost,
    },
    Planted {
        bug: "an MCR seat wind pung is not counted",
        target: "mcr_fans",
        engine: &McrSeatWindLost,
    },
    Planted {
        bug: "a ready MCR seven pairs hand has no useful tiles",
        target: "mcr_fans",
        engine: &McrSevenPairsUsefulLost,
    },
    Planted {
        bug: "an MCR penalty takes 10 from the offender and gives it 30",
        target: "mcr_judge",
        engine: &McrPenaltyReversed,
    },
    Planted {
        bug: "an MCR flower draw is not shown to the other seats",
        target: "mcr_judge",
        engine: &McrFlowerUnseen,
    },
    Planted {
        bug: "an MCR win on a discard is paid as if self-drawn",
        target: "mcr_judge",
        engine: &McrDiscardPaidAsSelfDrawn,
    },
    Planted {
        bug: "an MCR kong of a discard is shown as a pung",
        target: "mcr_judge",
        engine: &McrKongShownAsPung,
    },
];

/// The production MCR judge's run of `input`, changed by `f`.
fn mcr_judge_changed(
    input: &McrJudgeInput,
    options: mahjong_sim::mcr::judge::Options,
    f: impl FnOnce(&mut Run),
) -> Option<Run> {
    let mut run = Production.mcr_judge(input, options)?;
    f(&mut run);
    Some(run)
}

/// MCR judge: a penalty's scores negated (the offender +30, the others
/// -10).
pub struct McrPenaltyReversed;
impl Engine for McrPenaltyReversed {
    fn mcr_judge(
        &self,
        input: &McrJudgeInput,
        options: mahjong_sim::mcr::judge::Options,
    ) -> Option<Run> {
        mcr_judge_changed(input, options, |r| {
            if r.scores.contains(&-30) {
                r.scores = r.scores.map(|s| -s);
            }
        })
    }
}

/// MCR judge: `3 p BUHUA H` requests turned into `3 p DRAW`.
pub struct McrFlowerUnseen;
impl Engine for McrFlowerUnseen {
    fn mcr_judge(
        &self,
        input: &McrJudgeInput,
        options: mahjong_sim::mcr::judge::Options,
    ) -> Option<Run> {
        mcr_judge_changed(input, options, |r| {
            for step in &mut r.requests {
                for q in step.iter_mut() {
                    if let Some(at) = q.find(" BUHUA ") {
                        *q = format!("{} DRAW", &q[..at]);
                    }
                }
            }
        })
    }
}

/// MCR judge: a win on a discard scored as self-drawn (every other seat
/// pays 8 plus the total; the discarder nothing more).
pub struct McrDiscardPaidAsSelfDrawn;
impl Engine for McrDiscardPaidAsSelfDrawn {
    fn mcr_judge(
        &self,
        input: &McrJudgeInput,
        options: mahjong_sim::mcr::judge::Options,
    ) -> Option<Run> {
        mcr_judge_changed(input, options, |r| {
            // A discard's scores: the winner +(3*8 + total), the payer
            // -(8 + total), the others -8.
            if !r.end.starts_with("HU") {
                return;
            }
            let Some(winner) = (0..4).find(|&i| r.scores[i] > 0) else {
                return;
            };
            let losses: Vec<i32> = (0..4)
                .filter(|&i| i != winner)
                .map(|i| r.scores[i])
                .collect();
            if losses.iter().all(|&l| l == losses[0]) {
                return;
            }
            let total = r.scores[winner] - 24;
            for i in 0..4 {
                r.scores[i] = if i == winner {
                    3 * (8 + total)
                } else {
                    -(8 + total)
                };
            }
        })
    }
}

/// MCR judge: `3 p GANG` requests after a discard shown as `3 p PENG`.
pub struct McrKongShownAsPung;
impl Engine for McrKongShownAsPung {
    fn mcr_judge(
        &self,
        input: &McrJudgeInput,
        options: mahjong_sim::mcr::judge::Options,
    ) -> Option<Run> {
        mcr_judge_changed(input, options, |r| {
            for i in 1..r.requests.len() {
                let after_discard = r.requests[i - 1][0].contains(" PLAY ")
                    || r.requests[i - 1][0].contains(" PENG ")
                    || r.requests[i - 1][0].contains(" CHI ");
                if !after_discard {
                    continue;
                }
                for q in r.requests[i].iter_mut() {
                    if q.ends_with(" GANG") {
                        q.truncate(q.len() - " GANG".len());
                        q.push_str(" PENG");
                    }
                }
            }
        })
    }
}

/// MCR: the flower points dropped from the fans and the total.
pub struct McrFlowersLost;
impl Engine for McrFlowersLost {
    fn mcr_calculate(
        &self,
        hand: &mcr::Hand,
        ctx: &WinContext,
        reading: Reading,
    ) -> Result<FanResult, FanError> {
        let mut r = Production.mcr_calculate(hand, ctx, reading)?;
        r.total -= i32::from(r.table.get(Fan::FlowerTiles));
        r.table.clear(Fan::FlowerTiles);
        Ok(r)
    }
}

/// MCR: 门风刻 dropped from the fans and the total.
pub struct McrSeatWindLost;
impl Engine for McrSeatWindLost {
    fn mcr_calculate(
        &self,
        hand: &mcr::Hand,
        ctx: &WinContext,
        reading: Reading,
    ) -> Result<FanResult, FanError> {
        let mut r = Production.mcr_calculate(hand, ctx, reading)?;
        if r.table.has(Fan::SeatWind) {
            r.total -= i32::from(Fan::SeatWind.points());
            r.table.clear(Fan::SeatWind);
        }
        Ok(r)
    }
}

/// MCR: a ready seven pairs hand's useful tiles lost.
pub struct McrSevenPairsUsefulLost;
impl Engine for McrSevenPairsUsefulLost {
    fn mcr_shanten(&self, form: ShantenForm, standing: &[mcr::Tile]) -> Option<Shanten> {
        let mut s = Production.mcr_shanten(form, standing)?;
        if form == ShantenForm::SevenPairs && s.shanten == 0 {
            s.useful = 0;
        }
        Some(s)
    }
}

/// Distance: one more when the hand holds exactly two of an honor.
pub struct HonorPairIgnored;
impl Engine for HonorPairIgnored {
    fn distance(&self, hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
        let d = Production.distance(hand, melds)?;
        let honor_pair = Tile::ordinary().any(|t| t.is_honor() && hand.count(t) == 2);
        Ok(d + honor_pair as u8)
    }
}

/// Distance: 2 for a `13 - 3n` hand at distance 1.
pub struct ReadyIsTwo;
impl Engine for ReadyIsTwo {
    fn distance(&self, hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
        let d = Production.distance(hand, melds)?;
        Ok(if d == 1 && hand.len() == 13 - 3 * melds as usize {
            2
        } else {
            d
        })
    }
}

/// Distance: 1 for a winning hand.
pub struct WinningIsOne;
impl Engine for WinningIsOne {
    fn distance(&self, hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
        Production.distance(hand, melds).map(|d| d.max(1))
    }
}

/// THUPC game: RON and its WIN by the discarder.
pub struct RonToDiscarder;
impl Engine for RonToDiscarder {
    fn play(&self, wall: &Wall) -> Vec<Event> {
        let mut events = Production.play(wall);
        let mut winner = None;
        for e in &mut events {
            match e {
                Event::Ron { player, from, .. } => {
                    std::mem::swap(player, from);
                    winner = Some(*player);
                }
                Event::Win { player } => *player = winner.unwrap_or(*player),
                _ => {}
            }
        }
        events
    }
}

/// THUPC game: CHOW tiles descending.
pub struct ChowDescending;
impl Engine for ChowDescending {
    fn play(&self, wall: &Wall) -> Vec<Event> {
        let mut events = Production.play(wall);
        for e in &mut events {
            if let Event::Chow { tiles, .. } = e {
                tiles.reverse();
            }
        }
        events
    }
}

/// THUPC game: no `DRAW` line at the end.
pub struct ExhaustedNotLogged;
impl Engine for ExhaustedNotLogged {
    fn play(&self, wall: &Wall) -> Vec<Event> {
        let mut events = Production.play(wall);
        if events.last() == Some(&Event::ExhaustedWall) {
            events.pop();
        }
        events
    }
}

/// Parsing: the streaming reader drops the last name when the input does
/// not end with a line end.
pub struct ReaderLosesLastName;
impl Engine for ReaderLosesLastName {
    fn read_positioned(
        &self,
        reader: &mut dyn BufRead,
        max: usize,
    ) -> Result<Vec<(Pos, Tile)>, ReadError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(ReadError::Io)?;
        let mut names = Production.read_positioned(&mut &bytes[..], max)?;
        if !bytes.ends_with(b"\n") {
            names.pop();
        }
        Ok(names)
    }
}

/// Parsing: a wall error's column one less.
pub struct ColumnsFromZero;
impl Engine for ColumnsFromZero {
    fn parse_wall(&self, bytes: &[u8]) -> Result<Wall, ParseError> {
        Production.parse_wall(bytes).map_err(|mut e| {
            if let Some(p) = &mut e.pos {
                p.column -= 1;
            }
            e
        })
    }
}

/// Parsing: hand lines with one meld more, up to four.
pub struct HandLineMeldMore;
impl Engine for HandLineMeldMore {
    fn parse_hand_lines(&self, bytes: &[u8]) -> Result<Vec<HandLine>, ParseError> {
        let mut lines = Production.parse_hand_lines(bytes)?;
        for l in &mut lines {
            l.melds = (l.melds + 1).min(4);
        }
        Ok(lines)
    }
}

/// Parsing: a wall with its first two tiles swapped. It still parses back
/// from its printing, but to a different wall (unless the two are alike).
pub struct WallFirstTwoSwapped;
impl Engine for WallFirstTwoSwapped {
    fn parse_wall(&self, bytes: &[u8]) -> Result<Wall, ParseError> {
        let mut tiles = Production.parse_wall(bytes)?.tiles().to_vec();
        tiles.swap(0, 1);
        Ok(Wall::new(tiles).expect("the same tiles"))
    }
}

/// Analysis: the last of several decompositions lost.
pub struct LastDecompositionLost;
impl Engine for LastDecompositionLost {
    fn decompositions(&self, counts: &[u8; ORDINARY_KINDS], sets: usize) -> Vec<Decomposition> {
        let mut ds = Production.decompositions(counts, sets);
        if ds.len() > 1 {
            ds.pop();
        }
        ds
    }
}

/// Analysis: every decomposition's pair one kind on (so it uses tiles the
/// hand does not hold).
pub struct WrongPair;
impl Engine for WrongPair {
    fn decompositions(&self, counts: &[u8; ORDINARY_KINDS], sets: usize) -> Vec<Decomposition> {
        let mut ds = Production.decompositions(counts, sets);
        for d in &mut ds {
            d.pair =
                Tile::from_index((d.pair.index() + 1) % ORDINARY_KINDS).expect("an ordinary kind");
        }
        ds
    }
}

/// Analysis: waits on kinds held four times called possible.
pub struct HeldFourPossible;
impl Engine for HeldFourPossible {
    fn waits(&self, hand: &Hand, sets: usize) -> Vec<Wait> {
        let mut ws = Production.waits(hand, sets);
        for w in &mut ws {
            w.possible = true;
        }
        ws
    }
}

/// Analysis: no shapes for any waiting tile.
pub struct ShapesLost;
impl Engine for ShapesLost {
    fn waits(&self, hand: &Hand, sets: usize) -> Vec<Wait> {
        let mut ws = Production.waits(hand, sets);
        for c in ws.iter_mut().flat_map(|w| &mut w.completes) {
            c.shapes.clear();
        }
        ws
    }
}

/// Analysis: the distance in an "other" verdict one more.
pub struct OtherVerdictFurther;
impl Engine for OtherVerdictFurther {
    fn analyze(&self, tiles: &[Tile], melds: &[Meld]) -> Result<Analysis, AnalysisError> {
        let mut a = Production.analyze(tiles, melds)?;
        if let Verdict::Other { distance, .. } = &mut a.verdict {
            *distance += 1;
        }
        Ok(a)
    }
}

/// Analysis: a winning verdict given as a ready one (with no waits).
pub struct WinsCalledReady;
impl Engine for WinsCalledReady {
    fn analyze(&self, tiles: &[Tile], melds: &[Meld]) -> Result<Analysis, AnalysisError> {
        let mut a = Production.analyze(tiles, melds)?;
        if let Verdict::Wins { .. } = a.verdict {
            a.verdict = Verdict::Ready { waits: Vec::new() };
        }
        Ok(a)
    }
}

/// Analysis: a ready verdict given as a winning one (with no
/// decompositions).
pub struct ReadyCalledWinning;
impl Engine for ReadyCalledWinning {
    fn analyze(&self, tiles: &[Tile], melds: &[Meld]) -> Result<Analysis, AnalysisError> {
        let mut a = Production.analyze(tiles, melds)?;
        if let Verdict::Ready { .. } = a.verdict {
            a.verdict = Verdict::Wins {
                decompositions: Vec::new(),
            };
        }
        Ok(a)
    }
}

/// NOI2014: the game's last event lost.
pub struct Noi2014EndLost;
impl Engine for Noi2014EndLost {
    fn noi2014(&self, input: &Noi2014Input) -> Outcome {
        let mut o = Production.noi2014(input);
        o.events.pop();
        o
    }
}

/// NOI2014: the first chance value one more.
pub struct ChanceOneMore;
impl Engine for ChanceOneMore {
    fn noi2014(&self, input: &Noi2014Input) -> Outcome {
        let mut o = Production.noi2014(input);
        if let Some(c) = o.results.iter_mut().find_map(|r| r.chance.as_mut()) {
            *c += 1;
        }
        o
    }
}

/// NOI2014: a player put out, by the request after the one that did.
pub struct OutOneLater;
impl Engine for OutOneLater {
    fn noi2014(&self, input: &Noi2014Input) -> Outcome {
        let mut o = Production.noi2014(input);
        for r in &mut o.results {
            if let End::Out { request } = &mut r.end {
                *request += 1;
            }
        }
        o
    }
}

/// NOI2014: a panic when anyone wins on their own draw.
pub struct PanicsOnSelfDrawn;
impl Engine for PanicsOnSelfDrawn {
    fn noi2014(&self, input: &Noi2014Input) -> Outcome {
        let o = Production.noi2014(input);
        let self_drawn = |r: &crate::noi2014::PlayerResult| {
            matches!(
                r.end,
                End::Won {
                    self_drawn: true,
                    ..
                }
            )
        };
        assert!(!o.results.iter().any(self_drawn), "planted panic");
        o
    }
}

/// explain: claim verdicts (RON, PONG, CHOW) left out of the notes.
pub struct ClaimVerdictsLost;
impl Engine for ClaimVerdictsLost {
    fn explain(&self, wall: &Wall) -> Vec<Step> {
        let mut steps = Production.explain(wall);
        for s in &mut steps {
            s.notes.retain(|n| {
                !(n.ends_with(": RON") || n.ends_with(": PONG") || n.ends_with(": CHOW"))
            });
        }
        steps
    }
}

/// explain: the discard a "least distance" note names is the next kind on.
pub struct DiscardNoteNamesAnother;
impl Engine for DiscardNoteNamesAnother {
    fn explain(&self, wall: &Wall) -> Vec<Step> {
        let mut steps = Production.explain(wall);
        for n in steps.iter_mut().flat_map(|s| &mut s.notes) {
            if n.starts_with("least distance ") && !n.contains(" for ") {
                let (head, named) = n.rsplit_once(' ').expect("a note of words");
                let other = if named == "1M" { "2M" } else { "1M" };
                *n = format!("{head} {other}");
            }
        }
        steps
    }
}

/// explain: a RON verdict names the next player.
pub struct RonVerdictNamesNext;
impl Engine for RonVerdictNamesNext {
    fn explain(&self, wall: &Wall) -> Vec<Step> {
        let mut steps = Production.explain(wall);
        for n in steps.iter_mut().flat_map(|s| &mut s.notes) {
            if let Some(rest) = n.strip_prefix("ron: ").filter(|_| n.ends_with(": RON")) {
                let next = match rest.chars().next() {
                    Some('A') => 'B',
                    Some('B') => 'C',
                    Some('C') => 'D',
                    _ => 'A',
                };
                *n = format!("ron: {next}{}", &rest[1..]);
            }
        }
        steps
    }
}
