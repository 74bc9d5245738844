//! The THUPC 2021 "麻将模拟器" ruleset (Luogu P7147): a 148-tile wall, four
//! fixed-strategy players, PASS / REVERSE / DOUBLE, chow, pong, ron and
//! self-drawn wins, as pinned down in `THUPC2021-CLARIFICATIONS.md`.
//!
//! - [`wall`]: the wall and its strict parsing;
//! - [`event`]: events and their contest-format printing;
//! - [`log`]: the versioned JSON outputs, the game log and the explanation;
//! - [`game`]: the game, reporting its decisions to an [`game::Observer`];
//! - [`explain`]: the log with the reasons for every decision, read from the
//!   game's own decision records;
//! - [`families`]: seeded wall families that stress different rules.
//!
//! Checking a contestant's solution against this engine is the contest
//! layer's `contest::check`.

pub mod event;
pub mod explain;
pub mod families;
pub mod game;
pub mod log;
pub mod wall;
