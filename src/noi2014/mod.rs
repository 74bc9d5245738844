//! The NOI2014 team-contest mahjong (`../shared/rules/NOI2014-CLARIFICATIONS.md`,
//! "the rules page", whose numbered points are cited as "point N"): a fast
//! judge written as a pure state machine, deterministic built-in bots and
//! seeded walls.
//!
//! - [`tiles`]: the ruleset's tile names `W1`..`T9` over the core's [`Tile`]
//!   (NOI2014 kinds are the core's indices 0..27: W = man, B = pin, T = sou).
//! - [`wall`]: 108-tile walls, their strict parsing and hand-made walls.
//! - [`families`]: seeded wall families (`uniform`, `kongs`, `multi-ron`, `long`).
//! - [`request`]: typed requests (point 21) and the [`Reply`] a player gives.
//! - [`event`]: typed events printing the canonical lines of the interface.
//! - [`judge`]: the [`Judge`]: requests out one at a time, answers in, no I/O.
//! - [`table`]: the table at one moment and the [`table::Observer`] the
//!   judge tells each event with the table after it.
//! - [`result`]: targets (point 16), Hamming distance, chance value, places
//!   and points (points 15-19, 35).
//! - [`target`]: the nearest valid target hand of a player (for bots).
//! - [`bot`], [`view`], [`greedy`], [`sample`]: in-process bots that read only
//!   their own requests.
//! - [`play`]: driving a judge with bots or any answer source.
//! - [`protocol`]: the Botzone JSON lines of points 20 and 28.
//! - [`program`]: bot programs under that protocol, one process per request
//!   or kept running.
//! - [`arena`]: games between built-in bots and programs, with their record.
//! - [`log`]: the game log (JSON Lines, versioned): its one writer and reader.
//! - [`env`], [`vector`]: the judge one decision at a time (actions,
//!   legal masks, observations), one game or many at once, for learning
//!   environments; [`tracker`]: that observation kept by a bot from its
//!   own requests, for policies trained on them.
//!
//! Everything this folder takes from the rest of the crate is imported here,
//! once; the submodules refer to it and to each other through `super::`.

#![warn(missing_docs)]

pub use crate::distance;
pub use crate::hand::Hand;
pub use crate::meld::Meld;
pub use crate::parse::{words, Pos};
pub use crate::rng::Rng;
pub use crate::tile::Tile;

pub mod arena;
pub mod bot;
pub mod draw_order;
pub mod env;
pub mod event;
pub mod families;
pub mod greedy;
pub mod judge;
pub mod log;
pub mod play;
pub mod program;
pub mod protocol;
pub mod request;
pub mod result;
pub mod sample;
pub mod saved;
pub mod table;
pub mod target;
pub mod tiles;
pub mod tracker;
pub mod vector;
pub mod view;
pub mod wall;

#[cfg(test)]
mod tests;

pub use bot::{Bot, BuiltIn};
pub use event::{EndReason, Event};
pub use greedy::GreedyBot;
pub use judge::{Judge, NotPending};
pub use request::{Reply, Request};
pub use result::{GameResult, OutReason, PlayerEnd, PlayerResult, TargetFlaw};
pub use sample::SampleBot;
pub use wall::Wall;

/// Number of NOI2014 tile kinds: three suits of nine.
pub const KINDS: usize = 27;
/// Number of players at a table.
pub const PLAYERS: usize = 4;
