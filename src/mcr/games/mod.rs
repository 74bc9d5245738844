//! MCR games between players: the walls they are dealt and the arena
//! that plays one game.
//!
//! - [`walls`]: the 144-tile set and random walls, as Botzone deals them.
//! - [`arena`]: one game between four players, and its record.

pub mod arena;
pub mod walls;
