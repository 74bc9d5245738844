//! Whole games and their record.
//!
//! - [`play`]: driving a judge with in-process bots or any answer source.
//! - [`arena`]: games between built-in bots and programs, with their record.
//! - [`log`]: the game log (JSON Lines, versioned): its one writer and
//!   reader.
//! - [`families`]: seeded wall families (`uniform`, `kongs`, `multi-ron`,
//!   `long`).

pub mod arena;
pub mod families;
pub mod log;
pub mod play;
