//! The judge one decision at a time, for learning environments.
//!
//! - [`mod@env`]: one game: actions, legal masks, observations.
//! - [`vector`]: many games at once, for batched learning.
//! - [`saved`]: a game saved as a small, versioned value to search from.
//! - [`tracker`]: that observation kept by a bot from its own requests, for
//!   policies trained on them.

pub mod env;
pub mod saved;
pub mod tracker;
pub mod vector;
