//! In-process MCR bots: each reads only its own requests (the strings the
//! official judge sends, typed as [`Request`](crate::mcr::judge::Request))
//! and keeps its own view of the game.
//!
//! - [`bot`]: the [`Bot`](bot::Bot) interface.
//! - [`view`]: a player's own view of the game, kept from its requests.
//! - [`legal`]: answers, typed, and the legal answers to a request.
//! - [`random`], [`greedy`], [`planner`]: the random, greedy and planner
//!   bots (weakest first).
//! - [`shape`]: fast shanten for the bots.
//! - [`built_in`]: the built-in bots by name, and a fresh bot of each.

pub mod bot;
pub mod built_in;
pub mod greedy;
pub mod legal;
pub mod planner;
pub mod random;
pub mod shape;
pub mod view;

#[cfg(test)]
mod tests;
