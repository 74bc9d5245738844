//! mahjong-sim: mahjong rules engines checked against naive oracles (the
//! `mahjong-oracle` crate).
//!
//! The rule-free core, shared by every ruleset:
//! - [`tile`], [`hand`], [`meld`]: tile kinds, hands (counts by kind) and
//!   sets (chow, pung, kong);
//! - [`distance`]: the winning distance (和牌距离), free of any game's rules;
//! - [`analysis`]: decompositions, waits and best discards of a hand;
//! - [`parse`]: strict parsing of tile lists, hands and decks, with positions;
//! - [`place`]: a game's place in a duel or tournament and its seats, as
//!   every ruleset's log records them;
//! - [`named`]: what a front end picks by a word, for every ruleset: a
//!   family of walls and a built-in bot;
//! - [`game_log`]: the JSON Lines machinery of every ruleset's game log
//!   (writing lines, reading a header, body and result back);
//! - [`rng`]: seeded randomness, the same on every machine;
//! - [`stats`]: mean differences, confidence intervals and the SPRT, for
//!   telling whether one bot is stronger than another.
//!
//! One folder per ruleset:
//! - [`thupc2021`]: the THUPC 2021 contest game (walls, events, the game,
//!   `explain`, wall families);
//! - [`noi2014`]: the NOI2014 team-contest judge, bots, bot programs, and
//!   the arena of one game between them;
//! - [`mcr`]: Chinese Standard Mahjong (国标麻将): the fan calculator and
//!   shanten, exact against MahjongGB 1.4.0.
//!
//! [`replay`]: a self-contained HTML page per game, for both rulesets.
//!
//! [`contest`]: running untrusted programs over many games: the one
//! containment guard and job pool, differential `check` of a THUPC
//! solution, NOI2014 duels and Swiss tournaments. Its documentation writes
//! down the layers (core < rulesets < replay < contest < app).
//!
//! And [`process`]: running one untrusted program with limits, its whole
//! process tree killed; [`botzone`]: Botzone's bot protocol over it, bot
//! programs for any ruleset and in-process bots served as programs. The command-line app lives in the binary (`src/app/`).

#![warn(missing_docs)]

pub mod analysis;
pub mod botzone;
pub mod contest;
pub mod distance;
pub mod game_log;
pub mod hand;
pub mod learn;
pub mod mcr;
pub mod meld;
pub mod named;
pub mod noi2014;
pub mod parse;
pub mod place;
pub mod process;
pub mod replay;
pub mod rng;
pub mod stats;
pub mod thupc2021;
pub mod tile;
