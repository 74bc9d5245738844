//! A game's place in a contest and who sat where: what the log of every
//! ruleset's game records beside its own moves (a duel's unit and game, a
//! tournament's round, table and game; each seat's name and command), so
//! that a contest written once over any ruleset can check a log it did
//! not write.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who sat at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct SeatRecord {
    /// The bot's name (in a duel or tournament, the entrant's name).
    pub name: String,
    /// The built-in bot's name or the program's command line.
    pub command: String,
}

/// Where a game stands in a duel or a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum Context {
    /// A game of a duel: a unit is one wall played twice at one seat.
    Duel {
        /// The unit (and wall) number, from 0.
        unit: u64,
        /// The game of the unit: 1 (A's) or 2 (B's); 1 to 8 in logs
        /// before 2026-11, when a unit was a wall played 8 times.
        game: u8,
        /// The bot this game measures: `a` in game 1, `b` in game 2.
        challenger: Challenger,
    },
    /// A game of a Swiss tournament.
    Tournament {
        /// The round, from 1.
        round: u32,
        /// The table of the round, from 1.
        table: u32,
        /// The game at the table, from 1 (more than one when duplicate).
        game: u32,
    },
}

/// Which bot of a duel a game measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Challenger {
    /// The first bot (`--bot`), A.
    A,
    /// The second bot, B.
    B,
}

/// Players at a table: four in every ruleset a contest runs.
pub const PLAYERS: usize = 4;

/// A game log's setting: where its wall comes from, who sat where, its
/// place in a duel or tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Where the wall comes from, for people.
    pub wall: String,
    /// The four seats.
    pub seats: [SeatRecord; PLAYERS],
    /// The game's place in a duel or tournament, if any.
    pub context: Option<Context>,
}

/// Which tile a normal draw takes (in records `"wall"` or `"seats"`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Draws {
    /// The wall's order: every game outside duels, and duels before
    /// 2026-11-27.
    #[default]
    Wall,
    /// Each seat draws the tiles it would whatever the others claim (in
    /// NOI2014, its own column of the wall: player `p`'s `k`-th normal
    /// draw takes place `52 + 4k + p` while that tile is still in the
    /// wall), so that the games of one wall stay comparable: the games of
    /// a duel.
    Seats,
}
