//! What fixes a tournament's games ([`Settings`]), in one type: what the
//! library runs a tournament from (its bots as [`Entrant`]s, its family
//! as the ruleset's) and what its record `tournament.json` holds (its
//! bots as [`BotJson`]s, its family by name), with every front end's
//! defaults ([`Settings::new`], [`Settings::defaults`]) and the checks a
//! tournament's settings must pass ([`Settings::validate`]).
//!
//! How the games are played (jobs, the logs folder, a shard's round and
//! tables, the sandbox) is not in them: that is [`super::Options`]'s.

use crate::contest::entrant::{BotJson, Entrant};
use crate::contest::limits::Budget;
use crate::contest::ruleset::Ruleset;
use crate::contest::Error;
use crate::named::WallFamily;
use derive_more::{AsMut, AsRef};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What fixes a tournament's games.
///
/// `Bot` is how a bot is held: an [`Entrant`] to run, a [`BotJson`] in the
/// record ([`SettingsJson`]); `Family` is the wall family: the ruleset's
/// to run, its name in the record. [`Settings::map`] turns one into the
/// other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema, AsRef, AsMut)]
// The record's schema says the first paragraph alone.
#[schemars(
    rename = "SettingsJson",
    description = "What fixes a tournament's games.",
    extend("unevaluatedProperties" = false)
)]
pub struct Settings<Bot, Family> {
    /// The bots, in the order given (a game's seats name them by index).
    pub bots: Vec<Bot>,
    /// Rounds asked for.
    pub rounds: u32,
    /// The seed of seatings and walls.
    pub seed: u64,
    /// Each table plays its wall four times, seats rotated.
    pub duplicate: bool,
    /// The wall family.
    pub family: Family,
    /// A program's time and memory limits (`time_limit_ms`,
    /// `memory_limit_mib` in the record).
    #[serde(flatten)]
    #[as_ref]
    #[as_mut]
    pub budget: Budget,
}

/// A tournament's settings as its record `tournament.json` holds them.
pub type SettingsJson = Settings<BotJson, String>;

impl<Bot, Family> Settings<Bot, Family> {
    /// The settings of a tournament between `bots` on walls of `family`,
    /// everything else every front end's default: 10 rounds, seed 1, one
    /// game a table, a program's [`Budget::default`].
    pub fn new(bots: Vec<Bot>, family: Family) -> Self {
        Settings {
            bots,
            rounds: 10,
            seed: 1,
            duplicate: false,
            family,
            budget: Budget::default(),
        }
    }

    /// The same settings, each bot given by `bot` and the family by
    /// `family`: a record's from a run's, or back.
    pub fn map<B, F>(
        &self,
        bot: impl FnMut(&Bot) -> B,
        family: impl FnOnce(&Family) -> F,
    ) -> Settings<B, F> {
        Settings {
            bots: self.bots.iter().map(bot).collect(),
            rounds: self.rounds,
            seed: self.seed,
            duplicate: self.duplicate,
            family: family(&self.family),
            budget: self.budget,
        }
    }

    /// Games a table plays in a round: four in the duplicate format.
    pub fn games_per_table(&self) -> u32 {
        if self.duplicate {
            4
        } else {
            1
        }
    }
}

impl Settings<(), ()> {
    /// Every default, without bots or a family: what the front ends (the
    /// command line's flags, the Python keywords) show as theirs.
    pub fn defaults() -> Self {
        Settings::new(Vec::new(), ())
    }
}

impl<R: Ruleset> Settings<Entrant<R>, R::Family> {
    /// The settings as the record holds them.
    pub fn record(&self) -> SettingsJson {
        self.map(BotJson::of, |f| f.name().to_string())
    }

    /// Checks that the settings make a tournament: at least two bots (one
    /// alone against house bots ranks nothing), each of its own name.
    pub fn validate(&self) -> Result<(), Error> {
        let bots = &self.bots;
        if bots.len() < 2 {
            return Err(Error::Usage(format!(
                "a tournament ranks at least two bots, not {}: give each a --bot NAME=BOT (a duel measures one bot against another: {} duel)",
                bots.len(),
                R::NAME
            )));
        }
        for (i, e) in bots.iter().enumerate() {
            if bots[..i].iter().any(|f| f.name == e.name) {
                return Err(Error::Usage(format!(
                    "two bots are named `{}`: give each its own NAME=",
                    e.name
                )));
            }
        }
        Ok(())
    }
}

/// Every field of [`Settings`] as the record names it and what it is in
/// words, in the order a merge compares two shards' settings
/// ([`crate::contest::logs::settings_difference`]).
pub const SETTINGS: &[(&str, &str)] = &[
    ("bots", "the bots"),
    ("rounds", "the rounds"),
    ("seed", "the seed"),
    ("duplicate", "the duplicate format"),
    ("family", "the wall family"),
    ("time_limit_ms", "the time limit (ms)"),
    ("memory_limit_mib", "the memory limit (MiB)"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::limits::Limits;
    use crate::contest::logs::{settings_difference, unnamed_fields};
    use std::time::Duration;

    /// A merge compares every setting: none is left out of [`SETTINGS`].
    #[test]
    fn a_merge_compares_every_setting() {
        let a = SettingsJson {
            bots: vec![BotJson {
                name: "a".into(),
                command: "greedy".into(),
            }],
            rounds: 3,
            seed: 1,
            duplicate: false,
            family: "uniform".into(),
            budget: Budget {
                time_limit: Duration::from_secs(1),
                memory_limit_mib: Some(256),
            },
        };
        assert_eq!(unnamed_fields(&a, SETTINGS), Vec::<String>::new());
        let b = SettingsJson {
            duplicate: true,
            ..a.clone()
        };
        assert_eq!(
            settings_difference(&a, &b, SETTINGS).as_deref(),
            Some("the duplicate format: false against true")
        );
    }

    /// The defaults every front end shows: 10 rounds, seed 1, one game a
    /// table, the contest's limits.
    #[test]
    fn the_defaults_are_one_place() {
        let d = Settings::defaults();
        assert_eq!((d.rounds, d.seed, d.duplicate), (10, 1, false));
        assert_eq!(
            (d.budget.time_limit, d.budget.memory_limit_mib),
            (Limits::DEFAULT_TIME, Some(256))
        );
        assert_eq!(d.games_per_table(), 1);
    }
}
