//! The rules of a NOI2014 game, with no bot, program or I/O in them.
//!
//! - [`tiles`]: the ruleset's tile names `W1`..`T9` over the core's
//!   [`Tile`](crate::tile::Tile) (NOI2014 kinds are the core's indices
//!   0..27: W = man, B = pin, T = sou).
//! - [`wall`]: 108-tile walls, their strict parsing and hand-made walls.
//! - [`draw_order`]: which tile a normal draw takes.
//! - [`request`]: typed requests (point 21) and the
//!   [`Reply`](request::Reply) a player gives.
//! - [`event`]: typed events printing the canonical lines of the interface.
//! - [`judge`]: the [`Judge`](judge::Judge): requests out one at a time,
//!   answers in, no I/O.
//! - [`table`]: the table at one moment and the [`table::Observer`] the
//!   judge tells each event with the table after it.
//! - [`result`]: targets (point 16), Hamming distance, chance value, places
//!   and points (points 15-19, 35).
//! - [`target`]: the nearest valid target hand of a player (for bots).

pub mod draw_order;
pub mod event;
pub mod judge;
pub mod request;
pub mod result;
pub mod table;
pub mod target;
pub mod tiles;
pub mod wall;

/// Number of NOI2014 tile kinds: three suits of nine.
pub const KINDS: usize = 27;
/// Number of players at a table.
pub const PLAYERS: usize = 4;
