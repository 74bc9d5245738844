//! The naive oracle for mahjong-sim: a winning distance by exhaustive search
//! and a plainly written second simulator, plus the differential harness
//! (inputs, check functions, fuzz entry points) that holds the engine to them.
//!
//! Why trust it: the distance enumerates targets straight from the
//! definition, with three prunings each proved in [`distance`]'s docs, and is
//! itself tested against a hand-checked table; the simulator is a direct
//! transcription of the rules page that shares no game logic with the engine
//! (only tiles, events, walls and the `Hand` container). Two programs written
//! apart that agree on everything fuzzers and properties throw at them are
//! unlikely to share a bug.
//!
//! For the fuzzers' speed the distance and the decompositions are memoized
//! by their whole input ([`memo`]): a cache cannot change an answer.
//!
//! The modules form layers, each importing only from those below it:
//! [`target`] -> [`compare`] (the checks) -> [`engine`] (what they call) ->
//! [`noi2014_harness`] (drives both NOI2014 judges) and the oracle proper.

#![warn(missing_docs)]

pub mod analysis;
pub mod compare;
pub mod distance;
pub mod engine;
#[cfg(feature = "arbitrary")]
pub mod fuzz;
pub mod input;
pub mod mahjonggb;
pub mod mcr;
pub mod mcr_harness;
pub mod mcr_judge;
pub mod mcr_judge_harness;
pub mod memo;
pub mod noi2014;
pub mod noi2014_harness;
pub mod planted;
pub mod target;
pub mod thupc2021;
