//! How a contest is played, beside what fixes its games: [`Options`], one
//! type for a duel ([`super::duel::Options`]) and a tournament
//! ([`super::tournament::Options`]), which differ only in their settings
//! and in what a shard of them is.

use super::limits::{Budget, Limits};
use crate::process::{Grants, SandboxMode};
use std::path::PathBuf;

/// How a contest of settings `S` is played: jobs, the logs folder, a shard
/// (a part `P` of the contest), the sandbox. The settings hold what fixes
/// the games and what the contest's record says, a program's time and
/// memory ([`Budget`]) among them; the rest of a program's [`Limits`],
/// its sandbox, is here.
#[derive(Clone, Debug)]
pub struct Options<S, P> {
    /// What fixes the games.
    pub settings: S,
    /// Units (a duel) or games (a tournament) played at once.
    pub jobs: usize,
    /// Where the logs go (created; must be new or hold no file).
    pub logs: PathBuf,
    /// Play only this part of the contest; `None` for all of it.
    pub shard: Option<P>,
    /// Whether programs run in a sandbox.
    pub sandbox: SandboxMode,
    /// What the sandbox shows a program beyond its allow-list.
    pub grants: Grants,
}

impl<S: AsRef<Budget> + AsMut<Budget>, P> Options<S, P> {
    /// The whole contest of `settings`, its logs in `logs`, played as
    /// every front end plays one by default: a unit per CPU at once,
    /// programs in the sandbox of [`Limits::default`].
    pub fn new(settings: S, logs: PathBuf) -> Self {
        let limits = Limits::default();
        Options {
            settings,
            jobs: super::pool::default_jobs(),
            logs,
            shard: None,
            sandbox: limits.sandbox,
            grants: limits.grants,
        }
    }

    /// The same options with a program's `limits`: their time and memory
    /// in the settings, their sandbox in the options (a front end's flags
    /// or keywords, given as one [`Limits`]).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        *self.settings.as_mut() = limits.budget();
        self.sandbox = limits.sandbox;
        self.grants = limits.grants;
        self
    }

    /// A program's limits: the settings' time and memory, in the options'
    /// sandbox.
    pub fn limits(&self) -> Limits {
        let budget = self.settings.as_ref();
        Limits {
            time: budget.time_limit,
            memory_mib: budget.memory_limit_mib,
            sandbox: self.sandbox,
            grants: self.grants.clone(),
        }
    }
}
