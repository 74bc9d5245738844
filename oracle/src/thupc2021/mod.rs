//! The THUPC 2021 oracle: a second simulator, written plainly from the rules
//! page and deciding everything with the oracle's own distance.

pub mod game;
