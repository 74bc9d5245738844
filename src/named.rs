//! What a front end picks by a word, the same way for every ruleset: a
//! family of walls (`--family uniform`) and a built-in bot (`--bot
//! greedy`).
//!
//! Each ruleset's types implement these traits where they are defined
//! (its walls' families, its built-in bots), so the contest layer and the
//! front ends read and write the names without a word of their own.

use crate::rng::Rng;
use std::fmt::Debug;

/// A seeded family of walls: its name, and its walls from a seed.
pub trait WallFamily: Copy + Eq + Debug + Send + Sync + 'static {
    /// One game's deal.
    type Wall: Clone + Send + Sync;

    /// Every family, the default first.
    const ALL: &'static [Self];

    /// Its name, as `--family` takes it.
    fn name(self) -> &'static str;

    /// The family named `name`, if there is one.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// Every family's name, the default first, for help and errors
    /// (`uniform, kongs, ...`).
    fn names() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|f| f.name()).collect();
        names.join(", ")
    }

    /// A wall of this family from `rng`.
    fn wall(self, rng: &mut Rng) -> Self::Wall;

    /// The wall of this family with this seed: the one a single game of
    /// `--seed` deals, and a tournament's table plays.
    fn seeded_wall(self, seed: u64) -> Self::Wall;

    /// How logs name [`WallFamily::seeded_wall`]: `wall of seed 3
    /// (uniform)`.
    fn wall_label(self, seed: u64) -> String {
        format!("wall of seed {seed} ({})", self.name())
    }
}

/// A built-in bot, as the command line names it.
pub trait BuiltInBot: Copy + PartialEq + Debug + Send + Sync + 'static {
    /// The names, for help and errors.
    const NAMES: &'static str;
    /// The in-process bots of its ruleset (a trait object).
    type Bot: ?Sized + Send;

    /// The built-in bot `name`: `Ok(None)` when `name` names none (it may
    /// be a program), an error for a built-in name with a bad setting.
    fn parse(name: &str) -> Result<Option<Self>, String>;

    /// Its name as [`BuiltInBot::parse`] reads it.
    fn name(&self) -> String;

    /// The bot itself, its random choices (if any) from `seed`.
    fn bot(&self, seed: u64) -> Box<Self::Bot>;
}
