//! In-process MCR bots: each reads only its own requests (the strings the
//! official judge sends, typed as [`Request`](crate::mcr::judge::Request))
//! and keeps its own view of the game.
//!
//! - [`bot`]: the [`Bot`](bot::Bot) interface.

pub mod bot;
