//! `duel.json`: a duel's settings and every wall it counted, in its logs
//! folder, so that shards run anywhere can be merged
//! ([`super::merge::merge`]). Versioned, its schema committed in
//! `docs/schemas/`.
//!
//! The settings are what fixes a wall's games ([`super::Settings`]): the
//! bots (names and commands), the opponents, the seed, the wall family,
//! common random numbers and the programs' limits, with the test the
//! merge applies. How the walls were played (jobs, the sandbox, the
//! machine) is not in them.

use super::settings::SettingsJson;
use crate::contest::duplicate::Unit;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The file's name in a duel's logs folder.
pub const FILE: &str = "duel.json";

/// The version of the format. Version 2 (2026-11): the settings' `seating`
/// (every seating: 24 tables a wall); a wall's points are summed over its
/// games, `a_out` and `b_out` list a kind of reason a game put out, and
/// `seat` is `null` when A and B took every seat. Version 1 records are
/// refused by name.
pub const VERSION: u32 = 2;

/// The format's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum WallsFormat {
    /// `mahjong-sim/noi2014-duel-walls`.
    #[serde(rename = "mahjong-sim/noi2014-duel-walls")]
    Noi2014DuelWalls,
    /// `mahjong-sim/mcr-duel-walls`.
    #[serde(rename = "mahjong-sim/mcr-duel-walls")]
    McrDuelWalls,
}

/// A duel's (or a shard's) settings and the walls it counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct WallsJson {
    /// Always `mahjong-sim/RULESET-duel-walls`, the ruleset's name in it.
    pub format: WallsFormat,
    /// The version of the format, [`VERSION`].
    #[schemars(range(min = 2, max = 2))]
    pub version: u32,
    /// What fixes the games, and the test.
    pub settings: SettingsJson,
    /// A shard's range of walls, as given (`--walls FROM..TO`: walls
    /// `from` to `to - 1`); `None` for a whole duel.
    pub shard: Option<[u64; 2]>,
    /// The index of the first wall counted.
    pub first_wall: u64,
    /// It was interrupted: a shard then holds fewer walls than its range.
    pub interrupted: bool,
    /// The walls counted, in order from `first_wall`.
    pub walls: Vec<WallJson>,
}

/// One wall counted: the seat, each side's half points summed over its
/// games (one, or 24 in every seating), who was put out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct WallJson {
    /// The wall's index in the duel.
    pub wall: u64,
    /// The seat A and B took; `null` when they took every seat (every
    /// seating).
    pub seat: Option<usize>,
    /// A's points times two, summed over its games.
    pub a_half_points: i32,
    /// B's points times two, summed over its games.
    pub b_half_points: i32,
    /// The kinds of reason A was put out for, one entry a game.
    pub a_out: Vec<String>,
    /// The kinds of reason B was put out for, one entry a game.
    pub b_out: Vec<String>,
    /// Kinds of reason each opponent was put out for, one entry a game.
    pub against_out: [Vec<String>; 3],
}

impl WallsJson {
    /// The record as the file holds it: one line of JSON.
    pub fn to_json(&self) -> Vec<u8> {
        let mut j = serde_json::to_vec(self).expect("JSON to memory");
        j.push(b'\n');
        j
    }
}

/// The unit a wall record holds, each side having played `games` games of
/// it (the seating's tables a wall); `kind` gives the `'static` name of a
/// kind of reason (the report counts put-outs by those names), or refuses
/// one it does not know.
pub fn unit<E>(
    w: &WallJson,
    games: usize,
    kind: &mut impl FnMut(&str) -> Result<&'static str, E>,
) -> Result<Unit, E> {
    let mut kinds = |v: &[String]| v.iter().map(|k| kind(k)).collect::<Result<Vec<_>, E>>();
    let [x, y, z] = &w.against_out;
    let against_out = [kinds(x)?, kinds(y)?, kinds(z)?];
    Ok(Unit {
        seat: w.seat,
        games,
        a_half: w.a_half_points,
        b_half: w.b_half_points,
        a_out: kinds(&w.a_out)?,
        b_out: kinds(&w.b_out)?,
        against_out,
    })
}
