//! What several commands' arguments share: the parsers of counts,
//! seconds, families and bots, and the argument groups they flatten.

use super::ruleset::parse_family as parse_family_of;
use mahjong_sim::contest::entrant::BotSpec;
use mahjong_sim::contest::limits::Limits;
use mahjong_sim::contest::noi2014::Noi2014;
use mahjong_sim::contest::ruleset::Ruleset;
use mahjong_sim::named::{BuiltInBot, WallFamily};
use mahjong_sim::noi2014::bots::built_in::BuiltIn;
use mahjong_sim::process::{Grants, SandboxMode};
use mahjong_sim::thupc2021::families::Family;

/// The most walls `gen` and `check` take in one run.
pub const MAX_WALLS: u64 = 1_000_000_000;

/// A whole number from `min` to `max`, checked by clap before anything runs.
pub fn count_in(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(min..=max)
}

/// The longest time-out, a day: longer ones are mistakes (and `1e20`
/// seconds would not even fit a `Duration`).
const MAX_SECONDS: f64 = 86_400.0;

/// A number of seconds above 0 and at most a day.
pub fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= MAX_SECONDS => {
            Ok(std::time::Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "`{s}` is not a number of seconds above 0 and at most {MAX_SECONDS}"
        )),
    }
}

/// `--jobs`, or the library's default (the number of CPUs) when it is not
/// given.
pub fn jobs_or_cpus(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(mahjong_sim::contest::pool::default_jobs)
}

/// A THUPC 2021 wall family by name.
pub fn parse_family(s: &str) -> Result<Family, String> {
    Family::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        format!("unknown family `{s}`; one of: {}", names.join(", "))
    })
}

/// A NOI2014 wall family by name.
pub fn parse_noi_family(s: &str) -> Result<mahjong_sim::noi2014::games::families::Family, String> {
    parse_family_of::<Noi2014>(s)
}

/// A built-in bot.
pub fn parse_builtin(s: &str) -> Result<BuiltIn, String> {
    BuiltIn::parse(s)?.ok_or_else(|| format!("`{s}` is not a built-in bot: {}", BuiltIn::NAMES))
}

/// A seat's bot: a built-in name or a program.
pub fn parse_bot(s: &str) -> Result<BotSpec<Noi2014>, String> {
    BotSpec::parse(s)
}

/// The limits on each bot program of a game, tournament or duel.
#[derive(clap::Args, Clone, Debug)]
pub struct BotLimits {
    /// Seconds a bot program may take for one step (wall-clock, until it
    /// answers); the contest's limit is 1.
    // The library's `Limits::DEFAULT_TIME` (clap wants the text; a test
    // in this module holds the two together).
    #[arg(long, default_value = "1", value_parser = parse_seconds)]
    pub time_limit: std::time::Duration,
    /// Memory a bot program may use, in MiB (0: no limit); the contest's
    /// is 256. Memory in use where the sandbox has a cgroup, else address
    /// space.
    #[arg(long, value_name = "MIB", default_value_t = Limits::DEFAULT_MEMORY_MIB as usize, value_parser = count_in(0, 1 << 20))]
    pub memory_limit: usize,
    /// Run each bot program in a sandbox of its own (its own processes, no
    /// network, only its own folder and the system visible, another user
    /// when run as root): `auto` where the machine allows one (else a
    /// warning), `on` to refuse to play without one, `off`.
    #[arg(long, value_name = "auto|on|off", default_value_t = Limits::default().sandbox)]
    pub sandbox: SandboxMode,
    #[command(flatten)]
    pub grants: GrantArgs,
}

/// What the sandbox shows a program beyond its allow-list: its own
/// folder, the system's, a private /tmp (docs/noi2014.md, "What a program
/// can see").
#[derive(clap::Args, Clone, Debug)]
pub struct GrantArgs {
    /// Show this folder (or file) to every program, read-only: an
    /// interpreter, a virtual environment or a JDK outside the system's
    /// folders, a data folder. Programs see nothing else of your files but
    /// the folders their command lines name. Repeatable.
    #[arg(long = "mount", value_name = "DIR", value_parser = parse_mount)]
    pub mounts: Vec<std::path::PathBuf>,
    /// Set a variable in every program's environment: NAME=VALUE, or NAME
    /// for its value here. A sandboxed program gets only PATH, HOME,
    /// TMPDIR, LANG and these. Repeatable.
    #[arg(long = "env", value_name = "NAME[=VALUE]", value_parser = parse_env)]
    pub env: Vec<(String, String)>,
}

impl From<GrantArgs> for Grants {
    fn from(g: GrantArgs) -> Self {
        Grants {
            mounts: g.mounts,
            env: g.env,
        }
    }
}

/// A folder for `--mount`.
fn parse_mount(s: &str) -> Result<std::path::PathBuf, String> {
    Grants::mount(std::path::Path::new(s))
}

/// A variable for `--env`.
fn parse_env(s: &str) -> Result<(String, String), String> {
    Grants::variable(s)
}

impl From<BotLimits> for Limits {
    fn from(l: BotLimits) -> Self {
        Limits {
            time: l.time_limit,
            memory_mib: Limits::memory_mib(l.memory_limit as u64),
            sandbox: l.sandbox,
            grants: l.grants.into(),
        }
    }
}

/// What every game of a duel or a tournament of ruleset `R` is played
/// under: the walls' family and a program's limits.
#[derive(clap::Args, Debug)]
pub struct GameArgs<R: Ruleset> {
    #[arg(
        long,
        help = format!("The family of the walls: {}", R::Family::names()),
        default_value = R::Family::ALL[0].name(),
        value_parser = parse_family_of::<R>
    )]
    pub family: R::Family,
    #[command(flatten)]
    pub limits: BotLimits,
}

/// `FROM..TO` for `--{option}`: the `noun`s FROM to TO - 1, none before
/// `first`; the errors show `example` and end with `note`.
pub fn parse_range<T: std::str::FromStr + PartialOrd>(
    s: &str,
    (option, noun): (&str, &str),
    first: T,
    example: &str,
    note: &str,
) -> Result<std::ops::Range<T>, String> {
    let bad = || format!("`{s}`: --{option} takes FROM..TO, e.g. {example}");
    let (from, to) = s.split_once("..").ok_or_else(bad)?;
    let from: T = from.trim().parse().map_err(|_| bad())?;
    let to: T = to.trim().parse().map_err(|_| bad())?;
    if from < first || to <= from {
        return Err(format!(
            "`{s}` holds no {noun}: FROM..TO plays {noun}s FROM to TO - 1{note}"
        ));
    }
    Ok(from..to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        played: GameArgs<Noi2014>,
    }

    /// The flags' defaults are the library's, so that every front end
    /// plays under the same limits.
    #[test]
    fn the_flags_defaults_are_the_librarys() {
        let cli = Cli::parse_from(["mahjong-sim"]);
        assert_eq!(Limits::from(cli.played.limits), Limits::default());
        assert_eq!(
            cli.played.family,
            mahjong_sim::noi2014::games::families::Family::default()
        );
    }
}
