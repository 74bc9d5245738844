//! Who plays: the built-in bots, in-process bots and bot programs of a
//! ruleset's games, their names in duels and tournaments, and the limits a
//! program runs under.

use super::limits::Limits;
use super::ruleset::{Player, Ruleset};
use crate::named::BuiltInBot;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Makes a fresh bot for one game from the game's seed for the bot.
pub type MakeBot<R> = dyn Fn(u64) -> Box<<R as Ruleset>::Bot> + Send + Sync;

/// A bot living in this process that is not built in: a front end's own
/// (e.g. a Python callable), a fresh one made for every game, so that
/// games played at once never share one.
pub struct InProcess<R: Ruleset> {
    /// How it is shown (in logs, where a program's command line goes).
    pub label: String,
    /// A fresh bot for one game, its random choices (if any) from the
    /// seed given.
    pub make: Arc<MakeBot<R>>,
}

impl<R: Ruleset> Clone for InProcess<R> {
    fn clone(&self) -> Self {
        InProcess {
            label: self.label.clone(),
            make: Arc::clone(&self.make),
        }
    }
}

impl<R: Ruleset> fmt::Debug for InProcess<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InProcess({:?})", self.label)
    }
}

/// The same maker, under the same label.
impl<R: Ruleset> PartialEq for InProcess<R> {
    fn eq(&self, other: &InProcess<R>) -> bool {
        self.label == other.label && Arc::ptr_eq(&self.make, &other.make)
    }
}

/// Who plays at a seat, as given by `--bot`.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec<R: Ruleset> {
    /// A built-in bot.
    BuiltIn(R::BuiltIn),
    /// A program: a shell command line.
    Program(String),
    /// An in-process bot of a front end's own (not from `--bot`).
    InProcess(InProcess<R>),
}

impl<R: Ruleset> BotSpec<R> {
    /// A built-in name, or a program: a path (with a `/`) or a command line
    /// (with a space). Anything else is an unknown name.
    pub fn parse(s: &str) -> Result<BotSpec<R>, String> {
        if let Some(b) = R::BuiltIn::parse(s)? {
            return Ok(BotSpec::BuiltIn(b));
        }
        if s.contains('/') || s.trim().contains(char::is_whitespace) {
            return Ok(BotSpec::Program(s.to_string()));
        }
        Err(format!(
            "unknown bot `{s}`: the built-in bots are {}; a program is given by its path (`./mybot`) or a command line (`python3 bot.py`)",
            R::BuiltIn::NAMES
        ))
    }

    /// How the bot is shown: its name or its command line.
    pub fn label(&self) -> String {
        match self {
            BotSpec::BuiltIn(b) => b.name(),
            BotSpec::Program(c) => c.clone(),
            BotSpec::InProcess(b) => b.label.clone(),
        }
    }
}

/// The player for a bot spec: a built-in or in-process bot (its random
/// choices follow `seed`) or a program with these limits.
pub fn seat<R: Ruleset>(spec: &BotSpec<R>, seed: u64, limits: &Limits) -> Player<R> {
    match spec {
        BotSpec::BuiltIn(b) => R::built_in(*b, seed),
        BotSpec::InProcess(b) => R::in_process((b.make)(seed)),
        BotSpec::Program(cmd) => R::program(cmd, limits),
    }
}

/// Starts each program among `specs` once, on the first request of a
/// game, and stops it: a program the shell cannot run is an error before
/// any game is played, naming its command ([`Ruleset::try_program`]).
/// An interrupt ends the tries without an error. Run under a
/// [`super::guard::Containment`].
pub fn check_runnable<'a, R: Ruleset>(
    specs: impl IntoIterator<Item = &'a BotSpec<R>>,
    limits: &Limits,
) -> Result<(), super::Error> {
    let mut tried: Vec<&str> = Vec::new();
    for spec in specs {
        let BotSpec::Program(cmd) = spec else {
            continue;
        };
        if tried.contains(&cmd.as_str()) {
            continue;
        }
        tried.push(cmd);
        let asked = R::try_program(cmd, limits);
        // An interrupt while the programs are tried (one that never
        // answers holds its try for its time limit, and the next is then
        // refused its start) is no program that cannot run: the run sees
        // the interrupt and reports what it has.
        if super::guard::interrupted() {
            return Ok(());
        }
        asked.map_err(|source| super::Error::Io {
            what: "cannot run a bot program".into(),
            source,
        })?;
    }
    Ok(())
}

/// A bot of a duel or tournament: its name and who plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant<R: Ruleset> {
    /// The name in the standings.
    pub name: String,
    /// A built-in bot or a program.
    pub spec: BotSpec<R>,
}

impl<R: Ruleset> Entrant<R> {
    /// `NAME=BOT` (BOT a built-in name or a program), or a built-in name
    /// alone, named after itself.
    pub fn parse(s: &str) -> Result<Entrant<R>, String> {
        let (name, bot) = match s.split_once('=') {
            Some((name, bot)) => (name.trim(), bot),
            None => (s.trim(), s),
        };
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c))
        {
            return Err(format!(
                "`{s}`: a bot is NAME=BOT, NAME made of letters, digits and - _ . + (e.g. mine=./mybot)"
            ));
        }
        Ok(Entrant {
            name: name.to_string(),
            spec: BotSpec::parse(bot)?,
        })
    }
}

/// A bot in a record of a duel or tournament (`duel.json`,
/// `tournament.json`): its name and what it runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct BotJson {
    /// The name in the report.
    pub name: String,
    /// The built-in bot's name or the program's command line.
    pub command: String,
}

impl BotJson {
    /// The record of an entrant.
    pub fn of<R: Ruleset>(e: &Entrant<R>) -> BotJson {
        BotJson {
            name: e.name.clone(),
            command: e.spec.label(),
        }
    }

    /// The entrant a merge shows: a command that is no built-in name is
    /// shown as the program it names (an in-process bot's label included),
    /// since a merge plays nothing.
    pub fn entrant<R: Ruleset>(&self) -> Entrant<R> {
        Entrant {
            name: self.name.clone(),
            spec: BotSpec::parse(&self.command)
                .unwrap_or_else(|_| BotSpec::Program(self.command.clone())),
        }
    }
}
