//! The NOI2014 team-contest mahjong (`../shared/rules/NOI2014-CLARIFICATIONS.md`,
//! "the rules page", whose numbered points are cited as "point N"): a fast
//! judge written as a pure state machine, deterministic built-in bots and
//! seeded walls.
//!
//! Five folders by role, each using only those listed before it:
//! - [`rules`]: the game itself: tile names, walls, requests, events, the
//!   [`Judge`](rules::judge::Judge), the table, results and the nearest
//!   valid target.
//! - [`bots`]: in-process bots that read only their own requests, and the
//!   built-in ones by name.
//! - [`programs`]: bot programs under Botzone's JSON protocol (points 20
//!   and 28; the protocol itself is [`crate::botzone`]'s), and a built-in
//!   bot served as such a program.
//! - [`games`]: games between bots and programs with their record, the
//!   versioned game log, and seeded wall families.
//! - [`learn`]: the judge one decision at a time for learning environments
//!   (one game or many, saved as a value), and that observation kept by a
//!   bot from its own requests.
//!
//! Each file imports what it needs by its own path (`crate::hand::Hand`,
//! `crate::noi2014::rules::judge::Judge`); this file hands nothing on.

#![warn(missing_docs)]

pub mod bots;
pub mod games;
pub mod learn;
pub mod programs;
pub mod rules;

#[cfg(test)]
mod tests;
