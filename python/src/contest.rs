//! Duels, tournaments and merges from Python, of every ruleset: each
//! binding is written once over the library's [`Ruleset`] (as the command
//! line's `RULESET duel|tournament|merge` are) and called with the
//! ruleset's name (`"noi2014"`, `"mcr"`), which [`by_ruleset!`] turns
//! into the type. What a ruleset's Python bots are is [`PyRuleset`]'s,
//! the one place here that names each ruleset's bots.

use super::common::{take_raised, value_error, Raised};
use mahjong_sim::contest::duel::{self, Length, Options as DuelOptions, Seating};
use mahjong_sim::contest::entrant::{BotSpec, Entrant, InProcess};
use mahjong_sim::contest::limits::Limits;
use mahjong_sim::contest::mcr::Mcr;
use mahjong_sim::contest::merge::{self, Merged};
use mahjong_sim::contest::noi2014::Noi2014;
use mahjong_sim::contest::ruleset::Ruleset;
use mahjong_sim::contest::tournament::{self, Options as TournamentOptions, Shard};
use mahjong_sim::contest::Error;
use mahjong_sim::named::{BuiltInBot, WallFamily};
use mahjong_sim::process::Grants;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::borrow::Cow;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A ruleset whose contests Python runs: what its Python bots are.
pub(crate) trait PyRuleset: Ruleset {
    /// The bot a contest factory made for one game (`bot`, what the
    /// factory returned for `seed`): a callable `request -> answer`, or
    /// the ruleset's policy; an error when it is neither.
    fn factory_bot(bot: &Bound<'_, PyAny>, seed: u64, raised: &Raised) -> PyResult<Box<Self::Bot>>;

    /// A bot that answers nothing (the judge puts its seat out): the bot
    /// of a factory that raised, whose exception the call raises.
    fn silent() -> Box<Self::Bot>;
}

/// Answers nothing: the bot of a factory that raised.
struct Silent;

impl mahjong_sim::noi2014::bots::bot::Bot for Silent {
    fn respond(&mut self, _: &mahjong_sim::noi2014::rules::request::Request) -> Cow<'static, str> {
        Cow::Borrowed("")
    }
}

impl mahjong_sim::mcr::bots::bot::Bot for Silent {
    fn respond(&mut self, _: &mahjong_sim::mcr::judge::Request) -> Cow<'static, str> {
        Cow::Borrowed("")
    }
}

impl PyRuleset for Noi2014 {
    fn factory_bot(
        bot: &Bound<'_, PyAny>,
        _seed: u64,
        raised: &Raised,
    ) -> PyResult<Box<Self::Bot>> {
        // A policy or a callable; anything else raises when it is asked.
        Ok(super::py_bot(bot, raised))
    }

    fn silent() -> Box<Self::Bot> {
        Box::new(Silent)
    }
}

impl PyRuleset for Mcr {
    fn factory_bot(bot: &Bound<'_, PyAny>, seed: u64, raised: &Raised) -> PyResult<Box<Self::Bot>> {
        let (made, _, _) = super::mcr_env::seat_bot(&Some(bot.clone()), seed, raised)?;
        Ok(made.unwrap_or_else(Self::silent))
    }

    fn silent() -> Box<Self::Bot> {
        Box::new(Silent)
    }
}

/// `$body` with the type `$r` the ruleset named `$name` (`noi2014`,
/// `mcr`); a `ValueError` naming the rulesets for any other name.
macro_rules! by_ruleset {
    ($name:expr, $r:ident => $body:expr) => {{
        let name: &str = $name;
        if name == Noi2014::NAME {
            type $r = Noi2014;
            $body
        } else if name == Mcr::NAME {
            type $r = Mcr;
            $body
        } else {
            Err(value_error(format!(
                "no ruleset `{name}`: {} or {}",
                Noi2014::NAME,
                Mcr::NAME
            )))
        }
    }};
}

/// What a factory returned, refused when it is a name: a built-in bot
/// is the entrant's bot itself, not a factory's.
fn not_a_name(bot: &Bound<'_, PyAny>) -> PyResult<()> {
    match bot.extract::<String>() {
        Ok(name) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a factory returns a bot (a callable request -> answer, or a policy), not a name: \
             give `{name}` as the entrant's bot instead of a factory"
        ))),
        Err(_) => Ok(()),
    }
}

/// A contest entrant: `(name, bot)`, the bot a built-in bot's name, a
/// program's command line, or a factory: a callable `seed -> bot`, the bot
/// ([`PyRuleset::factory_bot`]) made afresh for every game.
fn entrant<R: PyRuleset>(
    py: Python<'_>,
    (name, bot): (String, Py<PyAny>),
    raised: &Raised,
) -> PyResult<Entrant<R>> {
    let obj = bot.bind(py);
    let spec = if let Ok(text) = obj.extract::<String>() {
        BotSpec::parse(&text).map_err(value_error)?
    } else if obj.is_callable() {
        let raised = raised.clone();
        let factory = bot.clone_ref(py);
        BotSpec::InProcess(InProcess {
            label: format!("python:{name}"),
            make: Arc::new(move |seed| {
                Python::attach(|py| {
                    let made = factory.call1(py, (seed,)).and_then(|bot| {
                        let bot = bot.bind(py);
                        not_a_name(bot)?;
                        R::factory_bot(bot, seed, &raised)
                    });
                    made.unwrap_or_else(|e| {
                        raised.lock().expect("not poisoned").get_or_insert(e);
                        R::silent()
                    })
                })
            }),
        })
    } else {
        return Err(value_error(
            "a bot is a built-in name, a program's command line, or a factory seed -> (request -> answer)",
        ));
    };
    // The name's checks are the command line's `NAME=BOT`.
    let checked =
        Entrant::<R>::parse(&format!("{name}={}", R::house().name())).map_err(value_error)?;
    Ok(Entrant {
        name: checked.name,
        spec,
    })
}

fn entrants<R: PyRuleset>(
    py: Python<'_>,
    given: Vec<(String, Py<PyAny>)>,
    raised: &Raised,
) -> PyResult<Vec<Entrant<R>>> {
    given
        .into_iter()
        .map(|e| entrant::<R>(py, e, raised))
        .collect()
}

/// The wall family named `name`, or the ruleset's default (its first).
fn family<R: Ruleset>(name: Option<&str>) -> PyResult<R::Family> {
    let Some(name) = name else {
        return Ok(R::Family::ALL[0]);
    };
    R::Family::from_name(name).ok_or_else(|| {
        value_error(format!(
            "unknown {} wall family `{name}` ({})",
            R::TITLE,
            R::Family::names()
        ))
    })
}

/// The seating named `seating` (`round`, `every`), or the library's
/// default.
fn seating(seating: Option<&str>) -> PyResult<Seating> {
    seating.map_or(Ok(duel::Settings::defaults().seating), |s| {
        Seating::parse(s).map_err(value_error)
    })
}

/// A duel's length as the keywords give it ([`Length::of`], the command
/// line's too); a fixed length with a test's keywords is refused, as the
/// command line refuses `--games` with `--sprt`.
fn length(
    games: Option<u64>,
    sprt: &[String],
    max_games: Option<u64>,
    seating: Seating,
) -> PyResult<Length> {
    match games {
        Some(_) if !sprt.is_empty() || max_games.is_some() => Err(value_error(
            "games plays a fixed number of games: give it without sprt and max_games",
        )),
        Some(0) => Err(value_error("games must be at least 1")),
        _ => Length::of(games, sprt, max_games, seating).map_err(value_error),
    }
}

/// The walls a duel plays at most (a fixed length's, or its test's cap)
/// for these keywords (as [`duel_json`] takes them): what a driver that
/// hands out walls cuts.
#[pyfunction]
#[pyo3(signature = (games=None, sprt=Vec::new(), max_games=None, seating=None))]
fn duel_cap_walls(
    games: Option<u64>,
    sprt: Vec<String>,
    max_games: Option<u64>,
    seating: Option<&str>,
) -> PyResult<u64> {
    Ok(length(games, &sprt, max_games, self::seating(seating)?)?.cap())
}

/// Program bots' limits, and their sandbox as the command line's
/// `--sandbox` says it (`auto`, `on` or `off`); what is not given is the
/// library's default ([`Limits::default`]: the command line's too).
/// `memory_mib=0` is no limit, as `--memory-limit 0`.
fn limits(
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    sandbox: Option<&str>,
    mounts: &[PathBuf],
    env: &[String],
) -> PyResult<Limits> {
    let default = Limits::default();
    let time = match time_limit_ms {
        None => default.time,
        Some(0) => return Err(value_error("time_limit_ms must be at least 1")),
        Some(ms) => std::time::Duration::from_millis(ms),
    };
    Ok(Limits {
        time,
        memory_mib: memory_mib.map_or(default.memory_mib, Limits::memory_mib),
        sandbox: match sandbox {
            None => default.sandbox,
            Some(s) => s.parse().map_err(value_error)?,
        },
        grants: grants(mounts, env)?,
    })
}

/// What the sandbox shows programs beyond its allow-list, as `--mount`
/// and `--env` take it: folders that exist, `NAME=VALUE` or `NAME` (its
/// value here); a `ValueError` otherwise.
fn grants(mounts: &[PathBuf], env: &[String]) -> PyResult<Grants> {
    Ok(Grants {
        mounts: mounts
            .iter()
            .map(|m| Grants::mount(m))
            .collect::<Result<_, _>>()
            .map_err(value_error)?,
        env: env
            .iter()
            .map(|e| Grants::variable(e))
            .collect::<Result<_, _>>()
            .map_err(value_error)?,
    })
}

/// `env` as `--env` takes it, each `NAME` given its value here:
/// `NAME=VALUE` words a driver ships to machines where the variable may
/// differ or be missing.
#[pyfunction]
fn sandbox_env(env: Vec<String>) -> PyResult<Vec<String>> {
    Ok(grants(&[], &env)?
        .env
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect())
}

/// `jobs`, or the library's default (one per CPU); 0 is refused.
fn jobs_or_default(jobs: Option<usize>) -> PyResult<usize> {
    match jobs {
        None => Ok(mahjong_sim::contest::pool::default_jobs()),
        Some(0) => Err(value_error("jobs must be at least 1")),
        Some(j) => Ok(j),
    }
}

/// The library's defaults of `ruleset`'s duels and tournaments, for the
/// Python wrappers and the Ray driver, which take them from here rather
/// than writing them again: a dict of `duel_seed`, `duel_max_games`,
/// `duel_seating`, `tournament_rounds`, `tournament_seed`, `jobs`,
/// `family`, `time_limit_ms`, `memory_mib` (0: none), `sandbox`.
#[pyfunction]
fn contest_defaults<'py>(py: Python<'py>, ruleset: &str) -> PyResult<Bound<'py, PyDict>> {
    let family = by_ruleset!(ruleset, R => Ok(<R as Ruleset>::Family::ALL[0].name()))?;
    let d = PyDict::new(py);
    let duel = duel::Settings::defaults();
    let tournament = tournament::Settings::defaults();
    d.set_item("duel_seed", duel.seed)?;
    d.set_item("duel_max_games", duel.length.cap_games(duel.seating))?;
    d.set_item("duel_seating", duel.seating.name())?;
    d.set_item("tournament_rounds", tournament.rounds)?;
    d.set_item("tournament_seed", tournament.seed)?;
    d.set_item("jobs", mahjong_sim::contest::pool::default_jobs())?;
    d.set_item("family", family)?;
    d.set_item("time_limit_ms", duel.budget.time_limit.as_millis() as u64)?;
    d.set_item("memory_mib", duel.budget.memory_limit_mib.unwrap_or(0))?;
    d.set_item("sandbox", Limits::default().sandbox.to_string())?;
    Ok(d)
}

/// What a duel's keywords fix whatever its ruleset, checked.
struct DuelPlan {
    seed: Option<u64>,
    seating: Seating,
    length: Length,
    common_random: bool,
    limits: Limits,
    jobs: usize,
    walls: Option<Range<u64>>,
}

/// The duel of `a` and `b` against `against` (Python's `(name, bot)`
/// pairs) on walls of `family`, as `plan` says, its logs in `logs`.
fn duel<R: PyRuleset>(
    py: Python<'_>,
    [a, b]: [(String, Py<PyAny>); 2],
    against: Vec<(String, Py<PyAny>)>,
    family: Option<&str>,
    logs: PathBuf,
    plan: DuelPlan,
) -> PyResult<String> {
    let raised: Raised = Arc::default();
    let a = entrant::<R>(py, a, &raised)?;
    let b = entrant::<R>(py, b, &raised)?;
    let against = entrants::<R>(py, against, &raised)?;
    let mut settings = duel::Settings::new(
        a,
        b,
        duel::opponents(against).map_err(value_error)?,
        self::family::<R>(family)?,
    );
    settings.seed = plan.seed.unwrap_or(settings.seed);
    settings.seating = plan.seating;
    settings.length = plan.length;
    settings.common_random = plan.common_random;
    let opts = DuelOptions {
        jobs: plan.jobs,
        shard: plan.walls,
        ..DuelOptions::new(settings, logs).with_limits(plan.limits)
    };
    let report = py
        .detach(|| duel::run(&opts, &mut |_| {}))
        .map_err(value_error)?;
    take_raised(&raised)?;
    Ok(report.json_line())
}

/// `RULESET duel` as a call (`ruleset`: `noi2014` or `mcr`): the report
/// as the JSON object `--json` prints. `games` plays that many games
/// (whole walls of `seating`: `round`, 2 games a wall, or `every`, 48);
/// otherwise a sequential test with `sprt` words (`d0=X d1=X alpha=X
/// beta=X`) up to `max_games`. `walls`, a pair `(from, to)`, plays walls
/// `from` to `to - 1` as a shard of the duel (`--walls FROM..TO`).
#[pyfunction]
#[pyo3(signature = (ruleset, a, b, logs, against=Vec::new(), seed=None, games=None, sprt=Vec::new(), max_games=None, jobs=None, family=None, common_random=true, time_limit_ms=None, memory_mib=None, sandbox=None, walls=None, mounts=Vec::new(), env=Vec::new(), seating=None))]
#[allow(clippy::too_many_arguments)]
fn duel_json(
    py: Python<'_>,
    ruleset: &str,
    a: (String, Py<PyAny>),
    b: (String, Py<PyAny>),
    logs: PathBuf,
    against: Vec<(String, Py<PyAny>)>,
    seed: Option<u64>,
    games: Option<u64>,
    sprt: Vec<String>,
    max_games: Option<u64>,
    jobs: Option<usize>,
    family: Option<String>,
    common_random: bool,
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    sandbox: Option<&str>,
    walls: Option<(u64, u64)>,
    mounts: Vec<PathBuf>,
    env: Vec<String>,
    seating: Option<&str>,
) -> PyResult<String> {
    let seating = self::seating(seating)?;
    let plan = DuelPlan {
        seed,
        seating,
        length: length(games, &sprt, max_games, seating)?,
        common_random,
        limits: limits(time_limit_ms, memory_mib, sandbox, &mounts, &env)?,
        jobs: jobs_or_default(jobs)?,
        walls: walls.map(|(from, to)| from..to),
    };
    let family = family.as_deref();
    by_ruleset!(ruleset, R => duel::<R>(py, [a, b], against, family, logs, plan))
}

/// What a tournament's keywords fix whatever its ruleset, checked.
struct TournamentPlan {
    rounds: Option<u32>,
    seed: Option<u64>,
    duplicate: bool,
    limits: Limits,
    jobs: usize,
    shard: Option<Shard>,
}

/// The tournament of `entrants` (Python's `(name, bot)` pairs) on walls
/// of `family`, as `plan` says, its logs in `logs`.
fn tournament<R: PyRuleset>(
    py: Python<'_>,
    entrants: Vec<(String, Py<PyAny>)>,
    family: Option<&str>,
    logs: PathBuf,
    plan: TournamentPlan,
) -> PyResult<String> {
    let raised: Raised = Arc::default();
    let entrants = self::entrants::<R>(py, entrants, &raised)?;
    let mut settings = tournament::Settings::new(entrants, self::family::<R>(family)?);
    settings.rounds = plan.rounds.unwrap_or(settings.rounds);
    settings.seed = plan.seed.unwrap_or(settings.seed);
    settings.duplicate = plan.duplicate;
    let opts = TournamentOptions {
        jobs: plan.jobs,
        shard: plan.shard,
        ..TournamentOptions::new(settings, logs).with_limits(plan.limits)
    };
    let report = py
        .detach(|| tournament::run(&opts, &mut |_| {}))
        .map_err(value_error)?;
    take_raised(&raised)?;
    serde_json::to_string(&report.json()).map_err(value_error)
}

/// `RULESET tournament` as a call: Swiss rounds between `entrants`
/// (`(name, bot)` each); the report as the JSON object `--json` prints.
/// `round` plays that round alone as a shard (`--round`), `tables` a pair
/// `(from, to)` of its tables (`--tables FROM..TO`), seated after the
/// shards whose logs folders are `after` (`--after`).
#[pyfunction]
#[pyo3(signature = (ruleset, entrants, logs, rounds=None, seed=None, jobs=None, duplicate=false, family=None, time_limit_ms=None, memory_mib=None, sandbox=None, round=None, tables=None, after=Vec::new(), mounts=Vec::new(), env=Vec::new()))]
#[allow(clippy::too_many_arguments)]
fn tournament_json(
    py: Python<'_>,
    ruleset: &str,
    entrants: Vec<(String, Py<PyAny>)>,
    logs: PathBuf,
    rounds: Option<u32>,
    seed: Option<u64>,
    jobs: Option<usize>,
    duplicate: bool,
    family: Option<String>,
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    sandbox: Option<&str>,
    round: Option<u32>,
    tables: Option<(u32, u32)>,
    after: Vec<PathBuf>,
    mounts: Vec<PathBuf>,
    env: Vec<String>,
) -> PyResult<String> {
    if round.is_none() && (tables.is_some() || !after.is_empty()) {
        return Err(value_error(
            "tables and after are for a shard: give its round",
        ));
    }
    let plan = TournamentPlan {
        rounds,
        seed,
        duplicate,
        limits: limits(time_limit_ms, memory_mib, sandbox, &mounts, &env)?,
        jobs: jobs_or_default(jobs)?,
        shard: round.map(|round| Shard {
            round,
            tables: tables.map(|(from, to)| from..to),
            after,
        }),
    };
    let family = family.as_deref();
    by_ruleset!(ruleset, R => tournament::<R>(py, entrants, family, logs, plan))
}

/// A merged report as `(JSON, text)`.
fn both<R: Ruleset>(merged: Merged<R>) -> (String, String) {
    (merged.json_line(), merged.text())
}

/// `RULESET merge` as a call, for the duel or tournament whose shards'
/// logs folders are `dirs`, every wall or game checked against its logs:
/// the report as `(JSON, text)`, the line `--json` prints and the text
/// printed without it, from one reading of the logs.
#[pyfunction]
fn merge_reports(py: Python<'_>, ruleset: &str, dirs: Vec<PathBuf>) -> PyResult<(String, String)> {
    by_ruleset!(ruleset, R => py
        .detach(|| merge::merge::<R>(&dirs).map(both))
        .map_err(value_error))
}

/// Writes a report (`json_line`, `text`) into the logs folder `dir` under
/// the names every front end gives it (`report.json`, `report.txt`).
#[pyfunction]
fn save_report(dir: PathBuf, json_line: &str, text: &str) -> PyResult<()> {
    mahjong_sim::contest::logs::save_report(&dir, json_line, text).map_err(value_error)
}

/// Tables in each round of a tournament of `bots` bots.
#[pyfunction]
fn tournament_tables(bots: usize) -> u32 {
    tournament::tables(bots)
}

/// A [`merge::Merger`] of any ruleset, behind one Python class.
trait AnyMerger: Send + Sync {
    fn add_dir(&mut self, dir: &Path) -> Result<(), Error>;
    fn add_record(&mut self, origin: &Path, record: &[u8]) -> Result<(), Error>;
    fn standing(&mut self) -> Result<duel::merge::Standing, Error>;
    fn reports(&self, check_logs: bool, partial: bool) -> Result<(String, String), Error>;
}

impl<R: Ruleset> AnyMerger for merge::Merger<R> {
    fn add_dir(&mut self, dir: &Path) -> Result<(), Error> {
        merge::Merger::add_dir(self, dir)
    }

    fn add_record(&mut self, origin: &Path, record: &[u8]) -> Result<(), Error> {
        merge::Merger::add_record(self, origin, record)
    }

    fn standing(&mut self) -> Result<duel::merge::Standing, Error> {
        merge::Merger::standing(self)
    }

    fn reports(&self, check_logs: bool, partial: bool) -> Result<(String, String), Error> {
        self.report(check_logs, partial).map(both)
    }
}

/// A duel's or a tournament's shards of `ruleset` added as they come
/// (`contest::merge::Merger`, the one merger of every front end); a duel's
/// counted in wall order on demand: what a driver that hands out walls
/// needs to know when the test has decided.
#[pyclass(module = "mahjong_sim._native")]
struct Merger {
    inner: Box<dyn AnyMerger>,
}

#[pymethods]
impl Merger {
    #[new]
    fn new(ruleset: &str) -> PyResult<Merger> {
        let inner: Box<dyn AnyMerger> = by_ruleset!(ruleset, R => Ok(Box::new(merge::Merger::<R>::new()) as Box<dyn AnyMerger>))?;
        Ok(Merger { inner })
    }

    /// Adds the shard whose logs folder is `dir`.
    fn add_dir(&mut self, dir: PathBuf) -> PyResult<()> {
        self.inner.add_dir(&dir).map_err(value_error)
    }

    /// Adds a shard's `duel.json` or `tournament.json` (its text); `origin`
    /// names it in errors and is where its logs are.
    fn add_record(&mut self, origin: PathBuf, record: &str) -> PyResult<()> {
        self.inner
            .add_record(&origin, record.as_bytes())
            .map_err(value_error)
    }

    /// A duel's `(walls counted, over, first wall missing or None,
    /// progress line)`.
    fn standing(&mut self) -> PyResult<(u64, bool, Option<u64>, String)> {
        let s = self.inner.standing().map_err(value_error)?;
        Ok((s.walls, s.over, s.needs, s.progress))
    }

    /// The merged report as `(JSON, text)`, as `RULESET merge` prints it
    /// with `--json` and without; each wall or game checked against its
    /// game log when `check_logs` (once for both); with `partial`, a
    /// duel's missing wall ends the count instead of being an error.
    #[pyo3(signature = (check_logs=true, partial=false))]
    fn reports(
        &self,
        py: Python<'_>,
        check_logs: bool,
        partial: bool,
    ) -> PyResult<(String, String)> {
        py.detach(|| self.inner.reports(check_logs, partial))
            .map_err(value_error)
    }
}

/// The interrupt path of the library (`contest::guard::interrupt`): every
/// bot program running in this process is killed and the runs under way
/// stop and report what they have. The next duel or tournament started
/// once they have ended runs as usual (`contest::guard::rearm`).
#[pyfunction]
fn interrupt() {
    mahjong_sim::contest::guard::interrupt(143);
}

/// After an interrupt, lets the next run start as if none had come, when
/// no run is under way (`contest::guard::rearm`); says whether it did.
/// The caller's thread calls it before it starts a run, never the run
/// itself: an interrupt that comes between the two must stop the run.
#[pyfunction]
fn rearm() -> bool {
    mahjong_sim::contest::guard::rearm()
}

/// Adds the contest functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(duel_json, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_reports, m)?)?;
    m.add_function(wrap_pyfunction!(contest_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(duel_cap_walls, m)?)?;
    m.add_function(wrap_pyfunction!(sandbox_env, m)?)?;
    m.add_function(wrap_pyfunction!(save_report, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_tables, m)?)?;
    m.add_function(wrap_pyfunction!(interrupt, m)?)?;
    m.add_function(wrap_pyfunction!(rearm, m)?)?;
    m.add_class::<Merger>()?;
    Ok(())
}
