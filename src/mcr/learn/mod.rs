//! MCR one decision at a time, for learning environments (the Python
//! package's `mahjong_sim.mcr_env` is a thin face over this module).
//!
//! - [`action`]: a fixed space of 241 actions, each an answer string, and
//!   masks of them.
//! - [`mod@env`]: one game: decisions, legal masks, observations, and a
//!   bot playing a policy over them.
//! - [`vector`]: many games at once, for batched learning.
//! - [`saved`]: a game saved as a small, versioned value to search from
//!   (pickle and deepcopy of `McrGame`).

pub mod action;
pub mod env;
pub mod saved;
pub mod vector;
