//! mahjong-sim: a THUPC 2021 mahjong simulator and a rule-agnostic winning
//! distance, checked against a naive oracle (the `mahjong-oracle` crate).
//!
//! - [`tile`], [`hand`]: tile kinds and hands (counts by kind).
//! - [`distance`]: the winning distance (和牌距离), free of any game's rules.
//! - [`wall`], [`parse`]: walls and their strict parsing.
//! - [`game`]: the THUPC 2021 game, producing [`event::Event`]s.
//! - [`event`]: events and their contest-format and JSON printing.
//! - [`gen`]: seeded generators of walls and hands.
//! - [`analysis`]: decompositions, waits and best discards of a hand.
//! - [`explain`]: the event log with the reason for every decision.
//! - [`check`]: differential testing of a contestant's solution, with shrinking.

#![warn(missing_docs)]

pub mod analysis;
pub mod bench;
pub mod check;
pub mod cli;
pub mod distance;
pub mod event;
pub mod explain;
pub mod game;
pub mod gen;
pub mod hand;
pub mod parse;
pub mod tile;
pub mod wall;
