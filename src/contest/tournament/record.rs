//! `tournament.json`: a tournament's settings and every game it played, in
//! its logs folder, so that shards run anywhere (a round, or some of its
//! tables) can seat the next round and be merged
//! ([`super::merge`]). Versioned, its schema committed in `docs/schemas/`.
//!
//! The settings are what fixes the games ([`super::Settings`]): the bots
//! (names and commands), the rounds, the seed, the format, the wall family
//! and the programs' limits. How the games were played (jobs, the sandbox,
//! the machine) is not in them.

use super::settings::SettingsJson;
use crate::contest::swiss::Chair;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The file's name in a tournament's logs folder.
pub const FILE: &str = "tournament.json";

/// The version of the format.
pub const VERSION: u32 = 1;

/// The format's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum GamesFormat {
    /// `mahjong-sim/noi2014-tournament-games`.
    #[serde(rename = "mahjong-sim/noi2014-tournament-games")]
    Noi2014TournamentGames,
    /// `mahjong-sim/mcr-tournament-games`.
    #[serde(rename = "mahjong-sim/mcr-tournament-games")]
    McrTournamentGames,
}

/// A tournament's (or a shard's) settings and the games it played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct RecordJson {
    /// Always `mahjong-sim/RULESET-tournament-games`, the ruleset's name in it.
    pub format: GamesFormat,
    /// The version of the format, [`VERSION`].
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// What fixes the games.
    pub settings: SettingsJson,
    /// A shard's round and tables, as given; `None` for a whole
    /// tournament.
    pub shard: Option<ShardJson>,
    /// The games played, by round, table and game; a round's games are
    /// written once the round (or the shard's part of it) is over.
    pub games: Vec<GameJson>,
}

/// A shard's part of the tournament: one round, some of its tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct ShardJson {
    /// The round, from 1.
    pub round: u32,
    /// Tables `from` to `to - 1` (tables count from 1).
    pub tables: [u32; 2],
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct GameJson {
    /// The round, from 1.
    pub round: u32,
    /// The table, from 1.
    pub table: u32,
    /// The game at the table, from 1 (1 to 4 in the duplicate format).
    pub game: u32,
    /// Its log in the `games/` folder.
    pub file: String,
    /// Who sat at seats 0-3: a bot's index in `settings.bots`, or `None`
    /// for a house bot.
    pub seats: [Option<usize>; 4],
    /// Each seat's points times two.
    pub half_points: [i32; 4],
    /// Which seats won.
    pub won: [bool; 4],
    /// Why each seat was put out, if it was.
    pub put_out: [Option<PutOutJson>; 4],
}

/// Why a bot was put out of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct PutOutJson {
    /// The request it was put out at (from 1).
    pub request: usize,
    /// The kind of reason, in words (`time-out`, `crash`, `illegal move`,
    /// ...).
    pub kind: String,
    /// Why, in words.
    pub reason: String,
    /// The end of its standard error, when it failed.
    pub stderr: String,
    /// The end of its standard output, when it failed.
    pub stdout: String,
}

impl RecordJson {
    /// The record as the file holds it: one line of JSON.
    pub fn to_json(&self) -> Vec<u8> {
        let mut j = serde_json::to_vec(self).expect("JSON to memory");
        j.push(b'\n');
        j
    }
}

/// The chair a seat's record names.
pub fn chair(seat: Option<usize>) -> Chair {
    seat.map_or(Chair::House, Chair::Bot)
}
