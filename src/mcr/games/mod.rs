//! MCR games between players: the walls they are dealt and the arena
//! that plays one game.
//!
//! - [`walls`]: the 144-tile set and random walls, as Botzone deals them.
//! - [`arena`]: one game between four players, and its record.
//! - [`program`]: bot programs under Botzone's protocol, and the official
//!   judge's verdicts for their failures.

pub mod arena;
pub mod program;
pub mod walls;
