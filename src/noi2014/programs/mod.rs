//! Bot programs playing NOI2014 under Botzone's JSON protocol (points 20
//! and 28), which [`crate::botzone`] speaks for every ruleset.
//!
//! - [`program`]: bot programs whose steps give NOI2014's replies.
//! - [`server`]: the other side: a built-in bot answering as a bot program.

pub mod program;
pub mod server;
