//! The engine under test, as the harness's checks see it: every call a
//! check makes into mahjong-sim goes through [`Engine`]. [`Production`] is
//! mahjong-sim itself, and the fuzz targets, corpus replay and properties
//! check it. [`crate::planted`] holds engines wrong in one known way each:
//! a check, a fuzz target or a corpus that passes one of them would let
//! that bug through, so the tests demand that they fail.

use crate::mcr_judge_harness::{self, McrJudgeInput};
use crate::noi2014_harness::{self, Noi2014Input, Outcome};
use mahjong_sim::analysis::{Analysis, AnalysisError, Decomposition, Wait};
use mahjong_sim::distance::DistanceError;
use mahjong_sim::hand::Hand;
use mahjong_sim::mcr::shanten::{Shanten, ShantenForm};
use mahjong_sim::mcr::{FanError, FanResult, Reading, WinContext};
use mahjong_sim::meld::Meld;
use mahjong_sim::parse::{HandLine, ParseError, Pos, ReadError};
use mahjong_sim::thupc2021::event::Event;
use mahjong_sim::thupc2021::explain::Step;
use mahjong_sim::thupc2021::wall::Wall;
use mahjong_sim::tile::{Tile, ORDINARY_KINDS};
use std::io::BufRead;

/// mahjong-sim's functions that the checks hold to the oracle. Each method
/// is mahjong-sim's own unless an implementation replaces it.
pub trait Engine {
    /// `mahjong_sim::distance::distance`.
    fn distance(&self, hand: &Hand, melds: u8) -> Result<u8, DistanceError> {
        mahjong_sim::distance::distance(hand, melds)
    }
    /// `mahjong_sim::thupc2021::game::play`.
    fn play(&self, wall: &Wall) -> Vec<Event> {
        mahjong_sim::thupc2021::game::play(wall)
    }
    /// `mahjong_sim::thupc2021::explain::explain`.
    fn explain(&self, wall: &Wall) -> Vec<Step> {
        mahjong_sim::thupc2021::explain::explain(wall)
    }
    /// `mahjong_sim::parse::parse_positioned`.
    fn parse_positioned(&self, bytes: &[u8]) -> Result<Vec<(Pos, Tile)>, ParseError> {
        mahjong_sim::parse::parse_positioned(bytes)
    }
    /// `mahjong_sim::parse::read_positioned`.
    fn read_positioned(
        &self,
        reader: &mut dyn BufRead,
        max: usize,
    ) -> Result<Vec<(Pos, Tile)>, ReadError> {
        mahjong_sim::parse::read_positioned(reader, max)
    }
    /// `mahjong_sim::parse::parse_hand_lines`.
    fn parse_hand_lines(&self, bytes: &[u8]) -> Result<Vec<HandLine>, ParseError> {
        mahjong_sim::parse::parse_hand_lines(bytes)
    }
    /// `mahjong_sim::thupc2021::wall::parse_wall`.
    fn parse_wall(&self, bytes: &[u8]) -> Result<Wall, ParseError> {
        mahjong_sim::thupc2021::wall::parse_wall(bytes)
    }
    /// `mahjong_sim::analysis::decompositions`.
    fn decompositions(&self, counts: &[u8; ORDINARY_KINDS], sets: usize) -> Vec<Decomposition> {
        mahjong_sim::analysis::decompositions(counts, sets)
    }
    /// `mahjong_sim::analysis::waits`.
    fn waits(&self, hand: &Hand, sets: usize) -> Vec<Wait> {
        mahjong_sim::analysis::waits(hand, sets)
    }
    /// `mahjong_sim::analysis::analyze`.
    fn analyze(&self, tiles: &[Tile], melds: &[Meld]) -> Result<Analysis, AnalysisError> {
        mahjong_sim::analysis::analyze(tiles, melds)
    }
    /// The NOI2014 judge (`mahjong_sim::noi2014::rules::judge::Judge`) playing `input`, as
    /// [`noi2014_harness::engine`] drives it.
    fn noi2014(&self, input: &Noi2014Input) -> Outcome {
        noi2014_harness::engine(input).1
    }
    /// The MCR judge (`mahjong_sim::mcr::judge::Judge`) playing `input`
    /// under `options`, as [`mcr_judge_harness::engine`] drives it.
    fn mcr_judge(
        &self,
        input: &McrJudgeInput,
        options: mahjong_sim::mcr::judge::Options,
    ) -> Option<mcr_judge_harness::Run> {
        mcr_judge_harness::engine(input, options)
    }
    /// `mahjong_sim::mcr::calculate`.
    fn mcr_calculate(
        &self,
        hand: &mahjong_sim::mcr::Hand,
        ctx: &WinContext,
        reading: Reading,
    ) -> Result<FanResult, FanError> {
        mahjong_sim::mcr::calculate(hand, ctx, reading)
    }
    /// `mahjong_sim::mcr::shanten::shanten`.
    fn mcr_shanten(
        &self,
        form: ShantenForm,
        standing: &[mahjong_sim::mcr::Tile],
    ) -> Option<Shanten> {
        mahjong_sim::mcr::shanten::shanten(form, standing)
    }
    /// `mahjong_sim::mcr::shanten::best_number`.
    fn mcr_best_shanten(&self, standing: &[mahjong_sim::mcr::Tile]) -> Option<i32> {
        mahjong_sim::mcr::shanten::best_number(standing)
    }
}

/// mahjong-sim as it is: what the fuzz targets, corpus replay and
/// properties check.
#[derive(Clone, Copy, Debug, Default)]
pub struct Production;

impl Engine for Production {}
