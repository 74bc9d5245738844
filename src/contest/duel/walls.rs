//! `duel.json`: a duel's settings and every wall it counted, in its logs
//! folder, so that shards run anywhere can be merged
//! ([`super::merge::merge`]). Versioned, its schema committed in
//! `docs/schemas/`.
//!
//! The settings are what fixes a wall's games: the bots (names and
//! commands), the opponents, the seed, the wall family, common random
//! numbers and the programs' limits, with the test the merge applies. How
//! the walls were played (jobs, the sandbox, the machine) is not in them.

use super::{Length, Options, Report};
use crate::contest::duplicate::{Unit, DRAWS};
use crate::contest::entrant::BotJson;
use crate::contest::ruleset::{format_name, Draws, Ruleset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The file's name in a duel's logs folder.
pub const FILE: &str = "duel.json";

/// The version of the format.
pub const VERSION: u32 = 1;

/// The format's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum WallsFormat {
    /// `mahjong-sim/noi2014-duel-walls`.
    #[serde(rename = "mahjong-sim/noi2014-duel-walls")]
    DuelWalls,
}

/// A duel's (or a shard's) settings and the walls it counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct WallsJson {
    /// Always `mahjong-sim/noi2014-duel-walls`.
    pub format: WallsFormat,
    /// The version of the format, [`VERSION`].
    #[schemars(range(min = 1, max = 1))]
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

/// What fixes a duel's games, and its test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct SettingsJson {
    /// The challenger.
    pub a: BotJson,
    /// The bot it is measured against.
    pub b: BotJson,
    /// The three opponents.
    pub against: Vec<BotJson>,
    /// The seed of the walls.
    pub seed: u64,
    /// The wall family.
    pub family: String,
    /// A and B draw the same random stream on the same wall and seat.
    pub common_random: bool,
    /// Which tile a normal draw took: each seat its own column of the wall
    /// (`seats`, duels since 2026-11-27) or the wall's front (`wall`, and
    /// when absent: the duels before).
    #[serde(default)]
    pub draws: Draws,
    /// A program's time limit a step, in milliseconds.
    pub time_limit_ms: u64,
    /// A program's memory limit in MiB; `None` for none.
    pub memory_limit_mib: Option<u64>,
    /// How long the duel goes on.
    pub length: LengthJson,
}

/// Every field of [`SettingsJson`] and what it is in words, in the order
/// a merge compares two shards' settings ([`settings_difference`]).
///
/// [`settings_difference`]: crate::contest::logs::settings_difference
pub const SETTINGS: &[(&str, &str)] = &[
    ("a", "A"),
    ("b", "B"),
    ("against", "the opponents"),
    ("seed", "the seed"),
    ("family", "the wall family"),
    ("common_random", "common random numbers"),
    ("draws", "the draw order"),
    ("time_limit_ms", "the time limit (ms)"),
    ("memory_limit_mib", "the memory limit (MiB)"),
    ("length", "the test"),
];

/// How long a duel goes on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum LengthJson {
    /// A fixed number of walls.
    Fixed {
        /// The walls.
        walls: u64,
    },
    /// The sequential test, up to a cap.
    Sprt {
        /// H0: A gains `d0` points a game.
        d0: f64,
        /// H1: A gains `d1` points a game.
        d1: f64,
        /// The chance of accepting H1 when H0 holds.
        alpha: f64,
        /// The chance of accepting H0 when H1 holds.
        beta: f64,
        /// The most walls before it stops undecided.
        max_walls: u64,
    },
}

/// One wall counted: the seat, each side's half points, who was put out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct WallJson {
    /// The wall's index in the duel.
    pub wall: u64,
    /// The seat A and B took.
    pub seat: usize,
    /// A's points times two.
    pub a_half_points: i32,
    /// B's points times two.
    pub b_half_points: i32,
    /// The kind of reason A was put out for, if it was.
    pub a_out: Option<String>,
    /// The kind of reason B was put out for, if it was.
    pub b_out: Option<String>,
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

/// The settings of a duel's options.
pub fn settings<R: Ruleset>(o: &Options<R>) -> SettingsJson {
    let bot = BotJson::of;
    SettingsJson {
        a: bot(&o.a),
        b: bot(&o.b),
        against: o.against.iter().map(bot).collect(),
        seed: o.seed,
        family: R::family_name(o.family).to_string(),
        common_random: o.common_random,
        draws: DRAWS,
        time_limit_ms: o.limits.time.as_millis() as u64,
        memory_limit_mib: o.limits.memory_mib,
        length: match o.length {
            Length::Units(walls) => LengthJson::Fixed { walls },
            Length::Sprt(t, max_walls) => LengthJson::Sprt {
                d0: t.d0,
                d1: t.d1,
                alpha: t.alpha,
                beta: t.beta,
                max_walls,
            },
        },
    }
}

/// The record of a report: its settings and walls.
pub fn record<R: Ruleset>(r: &Report<R>) -> WallsJson {
    let kind = |k: Option<&'static str>| k.map(String::from);
    WallsJson {
        format: format_name::<R, _>("duel-walls"),
        version: VERSION,
        settings: settings(&r.options),
        shard: r.options.walls.as_ref().map(|w| [w.start, w.end]),
        first_wall: r.first_wall(),
        interrupted: r.interrupted,
        walls: (r.first_wall()..)
            .zip(&r.units)
            .map(|(wall, u)| WallJson {
                wall,
                seat: u.seat,
                a_half_points: u.a_half,
                b_half_points: u.b_half,
                a_out: kind(u.a_out),
                b_out: kind(u.b_out),
                against_out: u
                    .against_out
                    .clone()
                    .map(|v| v.into_iter().map(String::from).collect()),
            })
            .collect(),
    }
}

/// The unit a wall record holds; `kind` gives the `'static` name of a
/// kind of reason (the report counts put-outs by those names), or refuses
/// one it does not know.
pub fn unit<E>(
    w: &WallJson,
    kind: &mut impl FnMut(&str) -> Result<&'static str, E>,
) -> Result<Unit, E> {
    let mut kinds = |v: &[String]| v.iter().map(|k| kind(k)).collect::<Result<Vec<_>, E>>();
    let [x, y, z] = &w.against_out;
    let against_out = [kinds(x)?, kinds(y)?, kinds(z)?];
    Ok(Unit {
        seat: w.seat,
        a_half: w.a_half_points,
        b_half: w.b_half_points,
        a_out: w.a_out.as_deref().map(&mut *kind).transpose()?,
        b_out: w.b_out.as_deref().map(&mut *kind).transpose()?,
        against_out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::logs::{settings_difference, unnamed_fields};

    fn bot(name: &str) -> BotJson {
        BotJson {
            name: name.into(),
            command: "greedy".into(),
        }
    }

    /// A merge compares every setting: none is left out of [`SETTINGS`].
    #[test]
    fn a_merge_compares_every_setting() {
        let a = SettingsJson {
            a: bot("a"),
            b: bot("b"),
            against: vec![bot("x"), bot("y"), bot("z")],
            seed: 5,
            family: "uniform".into(),
            common_random: true,
            draws: Draws::Seats,
            time_limit_ms: 1000,
            memory_limit_mib: Some(256),
            length: LengthJson::Fixed { walls: 4 },
        };
        assert_eq!(unnamed_fields(&a, SETTINGS), Vec::<String>::new());
        assert_eq!(settings_difference(&a, &a, SETTINGS), None);
        let b = SettingsJson {
            seed: 6,
            memory_limit_mib: None,
            ..a.clone()
        };
        assert_eq!(
            settings_difference(&a, &b, SETTINGS).as_deref(),
            Some("the seed: 5 against 6")
        );
    }
}
