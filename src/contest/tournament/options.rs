//! How a tournament is played ([`Options`]: its [`Settings`] and how the
//! games are run), a shard of one ([`Shard`]) and the default logs folder.

use super::record::{self, RecordJson};
use super::settings::Settings;
use crate::contest::entrant::Entrant;
use crate::contest::ruleset::{format_name, Ruleset};
use crate::contest::swiss::Chair;
use std::ops::Range;
use std::path::PathBuf;

/// The logs folder of a tournament of ruleset `R` (or of its shard) with
/// this seed when none is named, in the working folder:
/// `noi2014-tournament-seed-S`, with `-round-R` and `-tables-FROM-TO` for a
/// shard.
pub fn default_logs<R: Ruleset>(seed: u64, shard: Option<&Shard>) -> PathBuf {
    let name = R::NAME;
    PathBuf::from(match shard {
        None => format!("{name}-tournament-seed-{seed}"),
        Some(s) => match &s.tables {
            None => format!("{name}-tournament-seed-{seed}-round-{}", s.round),
            Some(t) => format!(
                "{name}-tournament-seed-{seed}-round-{}-tables-{}-{}",
                s.round, t.start, t.end
            ),
        },
    })
}

/// How a tournament is played, beside what fixes its games (its
/// [`Settings`], what its record holds). Its shard is a round, or some of
/// its tables ([`Shard`]).
pub type Options<R> =
    crate::contest::options::Options<Settings<Entrant<R>, <R as Ruleset>::Family>, Shard>;

/// A shard of a tournament: one round, or some of its tables, seated from
/// the records of the rounds before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The round to play, from 1.
    pub round: u32,
    /// Tables `start` to `end - 1` of the round (tables count from 1);
    /// `None` for all of them.
    pub tables: Option<Range<u32>>,
    /// The logs folders (each holding a `tournament.json`) that together
    /// hold every game of rounds 1 to `round - 1`, whose standings seat
    /// this round.
    pub after: Vec<PathBuf>,
}

impl Shard {
    /// The tables it plays.
    pub fn tables_of<R: Ruleset>(&self, opts: &Options<R>) -> Range<u32> {
        self.tables
            .clone()
            .unwrap_or(1..tables(opts.settings.bots.len()) + 1)
    }
}

/// Tables in each round of a tournament of `bots` bots: one per four, house
/// bots filling the last.
pub fn tables(bots: usize) -> u32 {
    bots.div_ceil(4) as u32
}

impl<R: Ruleset> Options<R> {
    /// Games a tournament of these options plays: a table of four (house
    /// bots filling the last) per four bots, each round; a shard, its
    /// tables' games.
    pub fn total_games(&self) -> usize {
        let s = &self.settings;
        let tables = match &self.shard {
            Some(shard) => shard.tables_of(self).len(),
            None => s.rounds as usize * tables(s.bots.len()) as usize,
        };
        tables * s.games_per_table() as usize
    }

    /// The record of a tournament of these options before its first game.
    pub(super) fn record(&self) -> RecordJson {
        RecordJson {
            format: format_name::<R, _>("tournament-games"),
            version: record::VERSION,
            settings: self.settings.record(),
            shard: self.shard.as_ref().map(|s| {
                let t = s.tables_of(self);
                record::ShardJson {
                    round: s.round,
                    tables: [t.start, t.end],
                }
            }),
            games: Vec::new(),
        }
    }
}

/// A step of a running tournament, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Round `round` (from 1) of `rounds` starts.
    Round {
        /// The round starting.
        round: u32,
        /// Rounds in all.
        rounds: u32,
    },
    /// One more game is over.
    Game,
}

/// The name of the bot in `chair`: a house bot is `house`.
pub(super) fn chair_name<R: Ruleset>(opts: &Options<R>, chair: Chair) -> String {
    match chair {
        Chair::Bot(b) => opts.settings.bots[b].name.clone(),
        Chair::House => "house".to_string(),
    }
}
