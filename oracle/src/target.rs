//! The seam between a game and the harness: a [`Target`] names one
//! engine-versus-oracle comparison, its input and its check. Fuzz targets
//! (`crate::fuzz::run`, behind the `arbitrary` feature), corpus replay (`tests/corpus.rs`) and the
//! engine-equals-oracle properties (`tests/properties.rs`) are written once
//! over this trait; a game joins the harness by implementing it, and every
//! one of them then covers it.

use crate::compare::{self, Failure};
use crate::engine::Engine;
use crate::input::{AnalyzeInput, HandInput, WallInput};
use crate::mcr_harness::McrInput;
use crate::mcr_judge_harness::McrJudgeInput;
use crate::noi2014_harness::Noi2014Input;
use std::fmt::Debug;

/// One engine-versus-oracle comparison.
pub trait Target {
    /// The fuzz target's name and its folder in `corpus/`.
    const NAME: &'static str;
    /// Properties run `QUICKCHECK_TESTS / CASE_DIVISOR` cases (whole games
    /// cost more than single hands).
    const CASE_DIVISOR: u64 = 1;
    /// The input; its `Debug` is a paste-ready reproduction.
    type Input: Debug;
    /// Runs `engine` and the oracle on `input` and demands they agree.
    fn check(engine: &dyn Engine, input: &Self::Input) -> Result<(), Failure>;
    /// Decodes fuzzer bytes into an input (as a typed `fuzz_target!`
    /// would); `None` skips them.
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<Self::Input>;
}

#[cfg(feature = "arbitrary")]
fn decode<'a, T: arbitrary::Arbitrary<'a>>(bytes: &'a [u8]) -> Option<T> {
    T::arbitrary_take_rest(arbitrary::Unstructured::new(bytes)).ok()
}

/// Parser inputs longer than this are skipped: a wall is under 1 KiB, and
/// longer inputs only slow the fuzzer down.
pub const MAX_PARSE_INPUT: usize = 8 * 1024;

/// The winning distance: engine against the oracle's exhaustive search.
pub struct Distance;

impl Target for Distance {
    const NAME: &'static str = "distance";
    type Input = HandInput;
    fn check(engine: &dyn Engine, input: &HandInput) -> Result<(), Failure> {
        compare::distance(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<HandInput> {
        decode(bytes)
    }
}

/// The THUPC 2021 game: engine against the oracle simulator, event by event.
pub struct Game;

impl Target for Game {
    const NAME: &'static str = "game";
    const CASE_DIVISOR: u64 = 10;
    type Input = WallInput;
    fn check(engine: &dyn Engine, input: &WallInput) -> Result<(), Failure> {
        compare::game(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<WallInput> {
        decode(bytes)
    }
}

/// Raw bytes into the parsers: no panic, positioned errors, round trips.
pub struct Parse;

impl Target for Parse {
    const NAME: &'static str = "parse";
    type Input = Vec<u8>;
    fn check(engine: &dyn Engine, input: &Vec<u8>) -> Result<(), Failure> {
        compare::parse(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<Vec<u8>> {
        (bytes.len() <= MAX_PARSE_INPUT).then(|| bytes.to_vec())
    }
}

/// Hand analysis: engine against the oracle's brute force.
pub struct Analyze;

impl Target for Analyze {
    const NAME: &'static str = "analyze";
    type Input = AnalyzeInput;
    fn check(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
        compare::analysis(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<AnalyzeInput> {
        decode(bytes)
    }
}

/// The NOI2014 judge: engine against the oracle judge, both driven by the
/// same bots and scripted answers (legal and illegal), request by request.
pub struct Noi2014;

impl Target for Noi2014 {
    const NAME: &'static str = "noi2014";
    type Input = Noi2014Input;
    fn check(engine: &dyn Engine, input: &Noi2014Input) -> Result<(), Failure> {
        compare::noi2014(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<Noi2014Input> {
        decode(bytes)
    }
}

/// MCR scoring: the engine's fan calculator and shanten against the naive
/// oracle's, under both readings ([`crate::mcr_harness`] generates the
/// hands).
pub struct McrFans;

impl Target for McrFans {
    const NAME: &'static str = "mcr_fans";
    /// The oracle's brute force takes about 1 ms a hand.
    const CASE_DIVISOR: u64 = 2;
    type Input = McrInput;
    fn check(engine: &dyn Engine, input: &McrInput) -> Result<(), Failure> {
        compare::mcr_fans(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<McrInput> {
        decode(bytes)
    }
}

/// The MCR judge: engine against the oracle judge, both driven by the
/// same players (legal moves, illegal ones, garbage and failed runs),
/// request by request, under every reading both have.
pub struct McrJudge;

impl Target for McrJudge {
    const NAME: &'static str = "mcr_judge";
    /// Three readings of a whole game, each by both judges. Since the
    /// players remember their shanten answers a game costs about 4 ms
    /// (release; it was 135 ms, when the divisor was 40): CI's 20,000
    /// give 2,000 games; the fuzz target plays many more.
    const CASE_DIVISOR: u64 = 10;
    type Input = McrJudgeInput;
    fn check(engine: &dyn Engine, input: &McrJudgeInput) -> Result<(), Failure> {
        compare::mcr_judge(engine, input)
    }
    #[cfg(feature = "arbitrary")]
    fn decode(bytes: &[u8]) -> Option<McrJudgeInput> {
        decode(bytes)
    }
}

#[cfg(all(test, feature = "arbitrary"))]
mod tests {
    use super::*;

    /// The parser's fuzz input is the bytes themselves, up to 8 KiB.
    #[test]
    fn parse_inputs_pass_through_up_to_8_kib() {
        assert_eq!(Parse::decode(b"1M 2M"), Some(b"1M 2M".to_vec()));
        let most = vec![b'1'; 8 * 1024];
        assert_eq!(Parse::decode(&most), Some(most.clone()));
        assert_eq!(Parse::decode(&[b'1'; 8 * 1024 + 1]), None);
    }
}
