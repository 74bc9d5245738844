//! Byte-level entry point: decodes fuzzer bytes as the [`Target`] says and
//! runs its check. Each cargo-fuzz target is one call of [`run`], and
//! `cargo test` replays `corpus/` through the same call.

use crate::compare::Failure;
use crate::engine::Engine;
use crate::target::Target;

/// `engine` against the oracle on the input `bytes` decode to (nothing when
/// they decode to none). The fuzz targets pass
/// [`crate::engine::Production`].
pub fn run<T: Target>(engine: &dyn Engine, bytes: &[u8]) -> Result<(), Failure> {
    T::decode(bytes).map_or(Ok(()), |input| T::check(engine, &input))
}
