//! Byte-level entry points: each decodes fuzzer bytes exactly as a typed
//! `fuzz_target!` would and runs the check. The cargo-fuzz targets are one
//! call each, and `cargo test` replays `corpus/` through the same calls.

use crate::check::{self, Failure};
use crate::input::{AnalyzeInput, HandInput, WallInput};
use arbitrary::{Arbitrary, Unstructured};

/// Parser inputs longer than this are skipped: a wall is under 1 KiB, and
/// longer inputs only slow the fuzzer down.
pub const MAX_PARSE_INPUT: usize = 8 * 1024;

fn decode<'a, T: Arbitrary<'a>>(bytes: &'a [u8]) -> Option<T> {
    T::arbitrary_take_rest(Unstructured::new(bytes)).ok()
}

/// Engine distance against oracle distance on a hand decoded from `bytes`.
pub fn distance(bytes: &[u8]) -> Result<(), Failure> {
    decode::<HandInput>(bytes).map_or(Ok(()), |input| check::distance(&input))
}

/// Engine game against oracle game on a wall decoded from `bytes`.
pub fn game(bytes: &[u8]) -> Result<(), Failure> {
    decode::<WallInput>(bytes).map_or(Ok(()), |input| check::game(&input))
}

/// The wall parser on raw `bytes`.
pub fn parse(bytes: &[u8]) -> Result<(), Failure> {
    if bytes.len() > MAX_PARSE_INPUT {
        return Ok(());
    }
    check::parse(bytes)
}

/// Engine analysis against the oracle's brute force on a hand from `bytes`.
pub fn analyze(bytes: &[u8]) -> Result<(), Failure> {
    decode::<AnalyzeInput>(bytes).map_or(Ok(()), |input| check::analysis(&input))
}
