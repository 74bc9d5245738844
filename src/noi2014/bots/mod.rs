//! In-process bots: each reads only its own requests and keeps its own
//! view of the game.
//!
//! - [`bot`]: the [`Bot`](bot::Bot) interface.
//! - [`view`]: a player's own view of the game, kept from its requests.
//! - [`greedy`], [`sample`]: the greedy bot and the 2014 sample bot.
//! - [`built_in`]: the built-in bots by name, and a fresh bot of each.

pub mod bot;
pub mod built_in;
pub mod greedy;
pub mod sample;
pub mod view;
