//! What fixes a duel's games ([`Settings`]), in one type: what the library
//! runs a duel from (its bots as [`Entrant`]s, its family as the
//! ruleset's) and what its record `duel.json` holds (its bots as
//! [`BotJson`]s, its family by name), with every front end's defaults
//! ([`Settings::new`], [`Settings::defaults`]) and the checks a duel's
//! settings must pass ([`Settings::validate`]).
//!
//! How the walls are played (jobs, the logs folder, a shard's walls, the
//! sandbox) is not in them: that is [`super::Options`]'s.

use crate::contest::duplicate::{Seating, DRAWS};
use crate::contest::entrant::{BotJson, BotSpec, Entrant};
use crate::contest::limits::Budget;
use crate::contest::ruleset::{Draws, Ruleset};
use crate::contest::Error;
use crate::named::WallFamily;
use crate::stats::{Sequential, Sprt};
use derive_more::{AsMut, AsRef};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The default test: H0 "A is no stronger", H1 "A gains 0.1 points a game".
pub const DEFAULT_SPRT: Sprt = Sprt {
    d0: 0.0,
    d1: 0.1,
    alpha: 0.05,
    beta: 0.05,
};

/// What fixes a duel's games, and its test.
///
/// `Bot` is how a bot is held: an [`Entrant`] to run, a [`BotJson`] in the
/// record ([`SettingsJson`]); `Family` is the wall family: the ruleset's
/// to run, its name in the record. [`Settings::map`] turns one into the
/// other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, AsRef, AsMut)]
// The record's schema says the first paragraph alone.
#[schemars(
    rename = "SettingsJson",
    description = "What fixes a duel's games, and its test.",
    extend("unevaluatedProperties" = false)
)]
pub struct Settings<Bot, Family> {
    /// The challenger.
    pub a: Bot,
    /// The bot it is measured against.
    pub b: Bot,
    /// The three opponents.
    pub against: Vec<Bot>,
    /// The seed of the walls.
    pub seed: u64,
    /// The wall family.
    pub family: Family,
    /// A and B draw the same random stream on the same wall and seat.
    pub common_random: bool,
    /// Which tile a normal draw took: each seat its own column of the wall
    /// (`seats`, duels since 2026-11-27) or the wall's front (`wall`, and
    /// when absent: the duels before).
    #[serde(default)]
    pub draws: Draws,
    /// How a wall's players are seated: one table a wall, the seat going
    /// round (`round`, and when absent), or every permutation of the four
    /// (`every`, IJCAI's format).
    #[serde(default)]
    pub seating: Seating,
    /// A program's time and memory limits (`time_limit_ms`,
    /// `memory_limit_mib` in the record).
    #[serde(flatten)]
    #[as_ref]
    #[as_mut]
    pub budget: Budget,
    /// How long the duel goes on.
    pub length: Length,
}

/// A duel's settings as its record `duel.json` holds them.
pub type SettingsJson = Settings<BotJson, String>;

impl<Bot, Family> Settings<Bot, Family> {
    /// The settings of a duel between `a` and `b` against `against` on
    /// walls of `family`, everything else every front end's default: seed
    /// 1, common random numbers, each seat drawing its own column
    /// ([`DRAWS`]), one table a wall ([`Seating::Round`]), a program's [`Budget::default`], the default test
    /// ([`Length::default`]).
    pub fn new(a: Bot, b: Bot, against: Vec<Bot>, family: Family) -> Self {
        Settings {
            a,
            b,
            against,
            seed: 1,
            family,
            common_random: true,
            draws: DRAWS,
            seating: Seating::default(),
            budget: Budget::default(),
            length: Length::default(),
        }
    }

    /// The same settings, each bot given by `bot` and the family by
    /// `family`: a record's from a run's, or back.
    pub fn map<B, F>(
        &self,
        mut bot: impl FnMut(&Bot) -> B,
        family: impl FnOnce(&Family) -> F,
    ) -> Settings<B, F> {
        Settings {
            a: bot(&self.a),
            b: bot(&self.b),
            against: self.against.iter().map(&mut bot).collect(),
            seed: self.seed,
            family: family(&self.family),
            common_random: self.common_random,
            draws: self.draws,
            seating: self.seating,
            budget: self.budget,
            length: self.length,
        }
    }
}

impl Settings<(), ()> {
    /// Every default, without bots or a family: what the front ends (the
    /// command line's flags, the Python keywords) show as theirs.
    pub fn defaults() -> Self {
        Settings::new((), (), Vec::new(), ())
    }
}

impl<R: Ruleset> Settings<Entrant<R>, R::Family> {
    /// The settings as the record holds them.
    pub fn record(&self) -> SettingsJson {
        self.map(BotJson::of, |f| f.name().to_string())
    }

    /// Checks that the settings make a duel: A and B of names of their
    /// own, three opponents, and a test that can decide before its cap
    /// ([`Length::test`]).
    pub fn validate(&self) -> Result<(), Error> {
        if self.a.name == self.b.name {
            return Err(Error::Usage(format!(
                "A and B are both named `{}`: give each its own NAME=",
                self.a.name
            )));
        }
        if self.against.len() != 3 {
            return Err(Error::Usage(format!(
                "a duel has 3 opponents, not {}",
                self.against.len()
            )));
        }
        self.length.test::<R>(self.seating).map(|_| ())
    }
}

/// Every field of [`Settings`] as the record names it and what it is in
/// words, in the order a merge compares two shards' settings
/// ([`settings_difference`]).
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
    ("seating", "the seating"),
    ("time_limit_ms", "the time limit (ms)"),
    ("memory_limit_mib", "the memory limit (MiB)"),
    ("length", "the test"),
];

/// How long a duel goes on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(rename = "LengthJson", extend("unevaluatedProperties" = false))]
pub enum Length {
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

impl Length {
    /// `games` games, rounded up to whole walls of `seating`.
    pub fn games(games: u64, seating: Seating) -> Length {
        Length::Fixed {
            walls: seating.walls_for(games),
        }
    }

    /// The sequential test `t`, with a cap of `max_games` rounded up to
    /// whole walls of `seating`.
    pub fn sprt(t: Sprt, max_games: u64, seating: Seating) -> Length {
        Length::Sprt {
            d0: t.d0,
            d1: t.d1,
            alpha: t.alpha,
            beta: t.beta,
            max_walls: seating.walls_for(max_games),
        }
    }

    /// A duel's length as a front end's options give it (`--games`,
    /// `--sprt`, `--max-games`; Python's `games`, `sprt`, `max_games`):
    /// `games` games, or else the test of `sprt` words ([`parse_sprt`]) up
    /// to `max_games` (by default the default test's cap,
    /// [`Length::default`]), in whole walls of `seating`.
    pub fn of(
        games: Option<u64>,
        sprt: &[String],
        max_games: Option<u64>,
        seating: Seating,
    ) -> Result<Length, String> {
        Ok(match games {
            Some(n) => Length::games(n, seating),
            None => {
                let default_cap = Length::default().cap_games(Seating::default());
                Length::sprt(parse_sprt(sprt)?, max_games.unwrap_or(default_cap), seating)
            }
        })
    }

    /// The walls of a fixed length, or the cap of a test.
    pub fn cap(&self) -> u64 {
        match *self {
            Length::Fixed { walls } => walls,
            Length::Sprt { max_walls, .. } => max_walls,
        }
    }

    /// The games of [`Length::cap`]'s walls of `seating`.
    pub fn cap_games(&self, seating: Seating) -> u64 {
        self.cap() * seating.games_a_wall() as u64
    }

    /// The duel's sequential test of ruleset `R` on walls of `seating`
    /// (none for a fixed length), refused when its parameters are not a
    /// test or its cap can never reach a decision ([`sequential_test`]).
    pub fn test<R: Ruleset>(&self, seating: Seating) -> Result<Option<Sequential>, Error> {
        match *self {
            Length::Fixed { .. } => Ok(None),
            Length::Sprt {
                d0,
                d1,
                alpha,
                beta,
                max_walls,
            } => {
                let t = Sprt::new(d0, d1, alpha, beta).map_err(Error::Usage)?;
                sequential_test::<R>(t, max_walls, seating).map(Some)
            }
        }
    }
}

/// The default test with the default cap of 20,000 games.
impl Default for Length {
    fn default() -> Self {
        Length::sprt(DEFAULT_SPRT, 20_000, Seating::default())
    }
}

/// Parses `--sprt` words `d0=.. d1=.. alpha=.. beta=..` (any missing one
/// keeps [`DEFAULT_SPRT`]'s value).
pub fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    let mut t = DEFAULT_SPRT;
    for w in words {
        let (k, v) = w
            .split_once('=')
            .ok_or_else(|| format!("`{w}`: --sprt takes d0=X d1=X alpha=X beta=X"))?;
        let v: f64 = v
            .parse()
            .map_err(|_| format!("`{w}`: `{v}` is not a number"))?;
        match k {
            "d0" => t.d0 = v,
            "d1" => t.d1 = v,
            "alpha" => t.alpha = v,
            "beta" => t.beta = v,
            _ => return Err(format!("`{w}`: --sprt knows d0, d1, alpha and beta")),
        }
    }
    Sprt::new(t.d0, t.d1, t.alpha, t.beta)
}

/// The sequential test of a duel of ruleset `R`, refused when its cap of
/// `max_walls` of `seating` can never reach a decision (below
/// [`Sequential::min_units`]).
pub fn sequential_test<R: Ruleset>(
    t: Sprt,
    max_walls: u64,
    seating: Seating,
) -> Result<Sequential, Error> {
    let per_wall = seating.games_a_wall() as u64;
    let test = Sequential::new(t, R::UNIT_RANGE).map_err(Error::Usage)?;
    let need = test.min_units();
    if max_walls < need {
        return Err(Error::Usage(format!(
            "--max-games {} ({}) can never reach a decision: with d0={} d1={} alpha={} beta={} the test decides after {need} walls ({} games) at the earliest",
            max_walls * per_wall,
            crate::contest::count(max_walls as usize, "wall"),
            t.d0,
            t.d1,
            t.alpha,
            t.beta,
            need * per_wall
        )));
    }
    Ok(test)
}

/// The opponents: those given, the missing ones the ruleset's house bot
/// (named house1, house2, ... as the names given leave free, so that no
/// opponent is named like a side playing the house bot).
pub fn opponents<R: Ruleset>(given: Vec<Entrant<R>>) -> Result<Vec<Entrant<R>>, Error> {
    if given.len() > 3 {
        return Err(Error::Usage(format!(
            "{} opponents given with --against; a table has room for 3",
            given.len()
        )));
    }
    let mut v = given;
    let mut k = 1;
    while v.len() < 3 {
        let name = loop {
            let n = format!("house{k}");
            k += 1;
            if !v.iter().any(|e| e.name == n) {
                break n;
            }
        };
        v.push(Entrant {
            name,
            spec: BotSpec::BuiltIn(R::house()),
        });
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::limits::Limits;
    use crate::contest::logs::{settings_difference, unnamed_fields};
    use std::time::Duration;

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
            seating: Seating::Every,
            budget: Budget {
                time_limit: Duration::from_secs(1),
                memory_limit_mib: Some(256),
            },
            length: Length::Fixed { walls: 4 },
        };
        assert_eq!(unnamed_fields(&a, SETTINGS), Vec::<String>::new());
        assert_eq!(settings_difference(&a, &a, SETTINGS), None);
        let b = SettingsJson {
            seed: 6,
            budget: Budget {
                memory_limit_mib: None,
                ..a.budget
            },
            ..a.clone()
        };
        assert_eq!(
            settings_difference(&a, &b, SETTINGS).as_deref(),
            Some("the seed: 5 against 6")
        );
        // Every seating against one table a wall: two duels.
        let round = SettingsJson {
            seating: Seating::Round,
            ..a.clone()
        };
        assert_eq!(
            settings_difference(&a, &round, SETTINGS).as_deref(),
            Some("the seating: \"every\" against \"round\"")
        );
        // Settings without a seating are one table a wall.
        let mut json = serde_json::to_value(&a).unwrap();
        json.as_object_mut().unwrap().remove("seating");
        let read: SettingsJson = serde_json::from_value(json).unwrap();
        assert_eq!(read, round);
    }

    /// The defaults every front end shows: seed 1, common random numbers,
    /// the contest's limits, the default test up to 20,000 games; the
    /// record of a time limit is whole milliseconds.
    #[test]
    fn the_defaults_are_one_place() {
        let d = Settings::defaults();
        assert_eq!((d.seed, d.common_random, d.draws), (1, true, DRAWS));
        assert_eq!(
            (d.budget.time_limit, d.budget.memory_limit_mib),
            (Limits::DEFAULT_TIME, Some(256))
        );
        assert_eq!(d.seating, Seating::Round);
        assert_eq!(d.length.cap_games(d.seating), 20_000);
        assert_eq!(d.length, Length::sprt(DEFAULT_SPRT, 20_000, d.seating));
        // In every seating a wall is 48 games: 20,000 games are 417 walls.
        let every = Length::sprt(DEFAULT_SPRT, 20_000, Seating::Every);
        assert_eq!(
            (every.cap(), every.cap_games(Seating::Every)),
            (417, 20_016)
        );
        // A front end's options: the default cap in games, in either seating.
        let t = DEFAULT_SPRT;
        assert_eq!(
            Length::of(None, &[], None, Seating::Every),
            Ok(Length::sprt(t, 20_000, Seating::Every))
        );
        assert_eq!(
            Length::of(Some(96), &[], None, Seating::Every),
            Ok(Length::Fixed { walls: 2 })
        );
        let words = ["d1=0.3".to_string()];
        assert_eq!(
            Length::of(None, &words, Some(100), Seating::Round).map(|l| l.cap()),
            Ok(50)
        );
        assert!(Length::of(None, &["gamma=1".to_string()], None, Seating::Round).is_err());
        let json = serde_json::to_value(d.map(|_| bot("x"), |_| "uniform")).unwrap();
        assert_eq!(json["time_limit_ms"], 1000);
        assert_eq!(json["length"]["kind"], "sprt");
        assert_eq!(json["length"]["max_walls"], 10_000);
    }

    #[test]
    fn sprt_words_set_each_parameter() {
        let words = ["d0=-0.5", "d1=0.25", "alpha=0.01", "beta=0.2"].map(String::from);
        let t = parse_sprt(&words).unwrap();
        assert_eq!((t.d0, t.d1, t.alpha, t.beta), (-0.5, 0.25, 0.01, 0.2));
        let t = parse_sprt(&["d1=0.3".to_string()]).unwrap();
        assert_eq!((t.d0, t.d1, t.alpha, t.beta), (0.0, 0.3, 0.05, 0.05));
        assert!(parse_sprt(&["gamma=1".to_string()]).is_err());
        assert!(parse_sprt(&["d1".to_string()]).is_err());
        assert!(parse_sprt(&["d1=x".to_string()]).is_err());
    }
}
