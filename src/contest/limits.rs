//! The limits a bot program runs under, one step at a time: the same for
//! every ruleset and every front end.

use crate::botzone::program::{Judged, ProgramBot};
use crate::process::{Grants, SandboxMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A bot program's limits a step.
///
/// [`Limits::default`] is every front end's default (the CLI's flags, the
/// Python keywords, the Ray driver): the contest's 1 s and 256 MiB, in a
/// sandbox where the machine allows one.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Wall-clock time until it answers.
    pub time: Duration,
    /// Memory in MiB (in use, or address space where no cgroup can be
    /// had); `None` for no limit.
    pub memory_mib: Option<u64>,
    /// Whether programs run in a sandbox.
    pub sandbox: SandboxMode,
    /// What the sandbox shows a program beyond its allow-list (folders
    /// read-only, variables).
    pub grants: Grants,
}

impl Limits {
    /// The contest's time a step.
    pub const DEFAULT_TIME: Duration = Duration::from_secs(1);
    /// The contest's memory, in MiB.
    pub const DEFAULT_MEMORY_MIB: u64 = 256;

    /// A memory limit as every front end takes it, in MiB, 0 for none
    /// (`--memory-limit 0`, `memory_mib=0`).
    pub fn memory_mib(mib: u64) -> Option<u64> {
        (mib > 0).then_some(mib)
    }

    /// The limits' time and memory, as a contest's settings record them.
    pub fn budget(&self) -> Budget {
        Budget {
            time_limit: self.time,
            memory_limit_mib: self.memory_mib,
        }
    }

    /// The bot program run by `command` under these limits, its answers
    /// read as `J` says.
    pub fn program<J: Judged>(&self, command: &str) -> ProgramBot<J> {
        ProgramBot::new(command)
            .with_time_limit(self.time)
            .with_memory_limit(self.memory_mib)
            .with_sandbox(self.sandbox)
            .with_grants(self.grants.clone())
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Limits::DEFAULT_TIME,
            memory_mib: Some(Limits::DEFAULT_MEMORY_MIB),
            sandbox: SandboxMode::Auto,
            grants: Grants::default(),
        }
    }
}

/// A program's time and memory limits as a contest's settings hold them
/// and its record writes them (`time_limit_ms`, `memory_limit_mib`): the
/// half of [`Limits`] that fixes the games, where the sandbox is only how
/// they are played. A duel's and a tournament's settings flatten it into
/// theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Budget {
    /// A program's time limit a step, in milliseconds.
    #[serde(rename = "time_limit_ms", with = "millis")]
    #[schemars(with = "u64")]
    pub time_limit: Duration,
    /// A program's memory limit in MiB; `None` for none.
    pub memory_limit_mib: Option<u64>,
}

impl Default for Budget {
    /// Every front end's default: [`Limits::default`]'s.
    fn default() -> Self {
        Limits::default().budget()
    }
}

/// A time limit as records hold it, in whole milliseconds (`time_limit_ms`):
/// serde's `with` for a [`Duration`] field.
pub mod millis {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    /// The duration in whole milliseconds.
    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_millis() as u64)
    }

    /// The duration of a number of milliseconds.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_millis)
    }
}
