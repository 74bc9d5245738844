//! `noi2014 duel` as a library call: is bot A stronger than bot B? Duplicate
//! walls ([`super::duplicate`]: each wall a game with A in one seat against
//! three opponents, then the same game with B, the seat going round), a fixed
//! number of walls or a sequential test that stops at the first bound it
//! crosses ([`crate::stats`]), walls in parallel on the [`super::pool`],
//! every game's log saved, an interrupt reporting the result so far.
//!
//! [`run`] takes typed [`Options`], calls back with the [`Progress`] after
//! each wall counted, and returns a typed [`Report`] (text or JSON). The logs
//! folder gets every game's JSON Lines (`games/`), `games.tsv`,
//! `units.tsv`, `report.txt`, `report.json` and `duel.json` (the
//! settings and every wall counted, [`walls`]).
//!
//! A duel can be cut into shards that any scheduler runs: a shard plays a
//! range of the duel's walls ([`Options::walls`]; a wall's tiles, seat and
//! random streams follow from the seed and its index alone), and
//! [`merge::merge`] counts the shards' walls in order, as one machine
//! would have, into the same report. The report holds nothing that
//! depends on how the walls were played (time, jobs, walls in play at a
//! decision, the logs folder): [`Report::run_line`] says those.

pub mod merge;
pub mod walls;

use super::duplicate::{
    duel_bot_seed, play_unit, seats, unit_seat, unit_wall, Unit, Who, DRAWS, GAMES_PER_UNIT,
};
use super::entrant::{check_runnable, seat, BotSpec, Entrant};
use super::guard::{interrupted, Containment};
use super::limits::Limits;
use super::logs::{json_log, prepare_games, save_report, seat_records, write_file};
use super::pool::{self, Flow, InOrder};
use super::ruleset::{format_name, Ruleset};
use super::Error;
use crate::place::{Challenger, Context, Setting};
use crate::stats::{Decision, Sequential, Sprt, Summary};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The default test: H0 "A is no stronger", H1 "A gains 0.1 points a game".
pub const DEFAULT_SPRT: Sprt = Sprt {
    d0: 0.0,
    d1: 0.1,
    alpha: 0.05,
    beta: 0.05,
};

/// Every front end's default seed of a duel's walls.
pub const DEFAULT_SEED: u64 = 1;

/// Every front end's default cap on a sequential test's games.
pub const DEFAULT_MAX_GAMES: u64 = 20_000;

/// The logs folder of a duel of ruleset `R` with this seed when none is
/// named: `noi2014-duel-seed-S`, in the working folder.
pub fn default_logs<R: Ruleset>(seed: u64) -> PathBuf {
    PathBuf::from(format!("{}-duel-seed-{seed}", R::NAME))
}

/// How long the duel goes on.
#[derive(Clone, Copy, Debug)]
pub enum Length {
    /// A fixed number of walls.
    Units(u64),
    /// A sequential test, with a cap on the walls.
    Sprt(Sprt, u64),
}

impl Length {
    /// `games` games, rounded up to whole walls.
    pub fn games(games: u64) -> Length {
        Length::Units(walls_for(games))
    }

    /// The sequential test `t`, with a cap of `max_games` rounded up to
    /// whole walls.
    pub fn sprt(t: Sprt, max_games: u64) -> Length {
        Length::Sprt(t, walls_for(max_games))
    }
}

/// The default test with the default cap.
impl Default for Length {
    fn default() -> Self {
        Length::sprt(DEFAULT_SPRT, DEFAULT_MAX_GAMES)
    }
}

/// The walls that hold `games` games, rounded up.
pub fn walls_for(games: u64) -> u64 {
    games.div_ceil(GAMES_PER_UNIT as u64)
}

/// What the duel is.
#[derive(Clone, Debug)]
pub struct Options<R: Ruleset> {
    /// The challenger.
    pub a: Entrant<R>,
    /// The bot it is measured against.
    pub b: Entrant<R>,
    /// The three opponents.
    pub against: [Entrant<R>; 3],
    /// Seed of the walls.
    pub seed: u64,
    /// How long.
    pub length: Length,
    /// Units played at once.
    pub jobs: usize,
    /// The wall family.
    pub family: R::Family,
    /// A program's limits a step.
    pub limits: Limits,
    /// Where the logs go (created; must be new or empty).
    pub logs: PathBuf,
    /// A and B draw the same random stream on the same wall and seat
    /// (common random numbers, see [`duel_bot_seed`]); otherwise each its
    /// own.
    pub common_random: bool,
    /// A shard: play exactly these walls of the duel's sequence (from 0),
    /// all of them, with no test; [`merge::merge`] applies the test to the
    /// shards. `None`: the whole duel, walls 0, 1, ... up to a decision or
    /// the cap.
    pub walls: Option<Range<u64>>,
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
/// `max_walls` can never reach a decision (below
/// [`Sequential::min_units`]).
pub fn sequential_test<R: Ruleset>(t: Sprt, max_walls: u64) -> Result<Sequential, Error> {
    let test = Sequential::new(t, R::UNIT_RANGE).map_err(Error::Usage)?;
    let need = test.min_units();
    if max_walls < need {
        return Err(Error::Usage(format!(
            "--max-games {} ({}) can never reach a decision: with d0={} d1={} alpha={} beta={} the test decides after {need} walls ({} games) at the earliest",
            max_walls * GAMES_PER_UNIT as u64,
            super::count(max_walls as usize, "wall"),
            t.d0,
            t.d1,
            t.alpha,
            t.beta,
            need * GAMES_PER_UNIT as u64
        )));
    }
    Ok(test)
}

/// The outcome of one unit, or why it is not counted.
type UnitResult = Result<Unit, Error>;

/// The duel's sequential test (none for a fixed length) and its cap in
/// walls, once the options are found sound.
fn length<R: Ruleset>(length: Length) -> Result<(Option<Sequential>, u64), Error> {
    Ok(match length {
        Length::Units(n) => (None, n),
        Length::Sprt(t, cap) => (Some(sequential_test::<R>(t, cap)?), cap),
    })
}

/// The walls to play and the tally that counts them, once the options are
/// found sound: the whole duel from wall 0 under its test, or a shard's
/// walls, all of them, with no test.
fn plan<R: Ruleset>(opts: &Options<R>) -> Result<(Range<u64>, Tally), Error> {
    if opts.a.name == opts.b.name {
        return Err(Error::Usage(format!(
            "A and B are both named `{}`: give each its own NAME=",
            opts.a.name
        )));
    }
    // The test is checked even for a shard: its settings go to the merge.
    let (test, cap) = length::<R>(opts.length)?;
    Ok(match &opts.walls {
        Some(r) if r.is_empty() => {
            return Err(Error::Usage(format!(
                "--walls {}..{} holds no wall: FROM..TO plays walls FROM to TO - 1",
                r.start, r.end
            )))
        }
        // Walls past the cap would be played and never counted.
        Some(r) if r.end > cap => {
            let option = match opts.length {
                Length::Units(_) => "--games",
                Length::Sprt(..) => "--max-games",
            };
            return Err(Error::Usage(format!(
                "--walls {}..{} reaches past the duel's end: {option} holds {}, 0 to {}",
                r.start,
                r.end,
                super::count(cap as usize, "wall"),
                cap.saturating_sub(1)
            )));
        }
        // A shard plays its walls, all of them: the merge stops.
        Some(r) => (
            r.clone(),
            Tally::new(r.start, None, r.end - r.start).shard(),
        ),
        None => (0..cap, Tally::new(0, test, cap)),
    })
}

/// The walls counted in order from `first`, their differences and the
/// test's decision: what a duel on one machine and a merge of shards
/// share, so that both count alike.
#[derive(Clone, Debug)]
struct Tally {
    first: u64,
    units: Vec<Unit>,
    diffs: Summary,
    test: Option<Sequential>,
    decision: Decision,
    cap: u64,
    /// Stops once a bot was put out in each of its first
    /// [`BROKEN_AFTER`] games (not a shard's: its walls are not the
    /// duel's first).
    stops_broken: bool,
}

/// A bot put out in each of its first this many games ends the duel: it
/// does not play, and the duel can give no verdict (a bot that always
/// times out would otherwise hold a duel for a minute or more).
pub const BROKEN_AFTER: usize = 10;

impl Tally {
    fn new(first: u64, test: Option<Sequential>, cap: u64) -> Tally {
        Tally {
            first,
            units: Vec::new(),
            diffs: Summary::default(),
            test,
            decision: Decision::Continue,
            cap,
            stops_broken: true,
        }
    }

    /// The tally of a shard: it counts every wall of its range.
    fn shard(self) -> Tally {
        Tally {
            stops_broken: false,
            ..self
        }
    }

    /// A bot put out in each of its first [`BROKEN_AFTER`] games of the
    /// walls counted: A, B, or an opponent (two games a wall).
    fn broken(&self) -> bool {
        let first = |n: usize| self.units.get(..n);
        let sides = first(BROKEN_AFTER).is_some_and(|us| {
            us.iter().all(|u| u.a_out.is_some()) || us.iter().all(|u| u.b_out.is_some())
        });
        let opponents = first(BROKEN_AFTER.div_ceil(GAMES_PER_UNIT)).is_some_and(|us| {
            (0..3).any(|i| us.iter().all(|u| u.against_out[i].len() == GAMES_PER_UNIT))
        });
        sides || opponents
    }

    /// Another wall would be counted: no decision yet, the cap not reached.
    fn wants_more(&self) -> bool {
        self.decision == Decision::Continue
            && (self.units.len() as u64) < self.cap
            && !(self.stops_broken && self.broken())
    }

    /// The index of the next wall to count.
    fn next_wall(&self) -> u64 {
        self.first + self.units.len() as u64
    }

    fn push(&mut self, unit: Unit) {
        self.diffs.push(unit.diff());
        if let Some(t) = &mut self.test {
            self.decision = t.push(unit.diff());
        }
        self.units.push(unit);
    }

    fn progress(&self) -> Progress {
        Progress::of(&self.units, &self.diffs, self.test.as_ref())
    }

    /// The report of the walls counted.
    fn report<R: Ruleset>(
        self,
        options: Options<R>,
        interrupted: bool,
        run: RunFacts,
    ) -> Report<R> {
        Report {
            options,
            units: self.units,
            diffs: self.diffs,
            test: self.test,
            decision: self.decision,
            interrupted,
            uncounted: run.uncounted,
            elapsed: run.elapsed,
        }
    }
}

/// How a duel was played, beside what it found: not in the report.
#[derive(Clone, Copy, Debug, Default)]
struct RunFacts {
    uncounted: u64,
    elapsed: Duration,
}

/// Runs the duel, calling `on_progress` after each wall counted; its
/// report (also saved in the logs folder). An interrupt
/// ([`super::guard::interrupt`]) ends it early with the walls counted so
/// far ([`Report::interrupted`]).
pub fn run<R: Ruleset>(
    opts: &Options<R>,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Report<R>, Error> {
    let (walls, mut tally) = plan(opts)?;
    let guard = Containment::new();
    let everyone = [&opts.a, &opts.b].into_iter().chain(&opts.against);
    check_runnable(everyone.map(|e| &e.spec), &opts.limits)?;
    let games_dir = prepare_games(&opts.logs)?;
    let start = Instant::now();
    let mut in_order = InOrder::default();
    let mut error = None;
    let mut index = String::from("file\tunit\tgame\tchallenger\tseat0\tseat1\tseat2\tseat3\n");
    let played = pool::run(
        opts.jobs,
        walls,
        |_, u| (u, play_one(opts, u, &games_dir)),
        |i, r| {
            if interrupted() {
                return Flow::Stop;
            }
            // Count the units in order, up to a decision.
            for (_, (u, r)) in in_order.push(i, r) {
                if !tally.wants_more() || error.is_some() {
                    break;
                }
                let unit = match r {
                    Ok(unit) => unit,
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                };
                for g in 0..GAMES_PER_UNIT {
                    index.push_str(&index_line(opts, u, g));
                }
                tally.push(unit);
                on_progress(&tally.progress());
            }
            if !tally.wants_more() || error.is_some() {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
    ) as u64;
    guard.finish();
    let interrupted = interrupted();
    if let Some(e) = error {
        if !interrupted {
            return Err(e);
        }
    }
    let run = RunFacts {
        uncounted: played.saturating_sub(tally.units.len() as u64),
        elapsed: start.elapsed(),
    };
    let report = tally.report(opts.clone(), interrupted, run);
    save(&report, &index)?;
    Ok(report)
}

/// Saves the duel's files beside the games' logs: `games.tsv` (every
/// game's file and seats), `units.tsv` (each wall's points), the report as
/// text and as JSON.
fn save<R: Ruleset>(report: &Report<R>, index: &str) -> Result<(), Error> {
    let write = |name: &str, bytes: &[u8]| write_file(&report.options.logs.join(name), bytes);
    write("games.tsv", index.as_bytes())?;
    let mut units_tsv = String::from("unit\tseat\ta_points\tb_points\tdiff\n");
    for (u, unit) in (report.first_wall()..).zip(&report.units) {
        let _ = writeln!(
            units_tsv,
            "{u}\t{}\t{}\t{}\t{}",
            unit.seat,
            unit.a_points(),
            unit.b_points(),
            unit.diff()
        );
    }
    write("units.tsv", units_tsv.as_bytes())?;
    save_report(&report.options.logs, &report.json_line(), &report.text())?;
    write(walls::FILE, &walls::record(report).to_json())
}

fn entrant<R: Ruleset>(opts: &Options<R>, who: Who) -> &Entrant<R> {
    match who {
        Who::A => &opts.a,
        Who::B => &opts.b,
        Who::Against(i) => &opts.against[i],
    }
}

fn file_name(u: u64, g: usize) -> String {
    format!("u{u:05}-g{}.jsonl", g + 1)
}

fn index_line<R: Ruleset>(opts: &Options<R>, u: u64, g: usize) -> String {
    let names = seats(unit_seat(u), g).map(|w| entrant(opts, w).name.clone());
    format!(
        "{}\t{u}\t{}\t{}\t{}\n",
        file_name(u, g),
        g + 1,
        if g == 0 { "A" } else { "B" },
        names.join("\t")
    )
}

/// Plays unit `u` and saves its two logs.
fn play_one<R: Ruleset>(opts: &Options<R>, u: u64, games_dir: &Path) -> UnitResult {
    let wall = unit_wall::<R>(opts.seed, u, opts.family);
    let at = unit_seat(u);
    let make = |who: Who| -> R::Player {
        seat(
            &entrant(opts, who).spec,
            duel_bot_seed(opts.seed, u, who, at, opts.common_random),
            &opts.limits,
        )
    };
    let save = |g: usize, game: &R::Game| {
        if interrupted() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        let names = seats(at, g).map(|w| entrant(opts, w).name.clone());
        let commands = seats(at, g).map(|w| entrant(opts, w).spec.label());
        let setting = Setting {
            wall: format!(
                "wall {u} of duel seed {} ({})",
                opts.seed,
                R::family_name(opts.family)
            ),
            seats: seat_records(names, commands),
            context: Some(Context::Duel {
                unit: u,
                game: g as u8 + 1,
                challenger: if g == 0 { Challenger::A } else { Challenger::B },
            }),
        };
        std::fs::write(
            games_dir.join(file_name(u, g)),
            json_log::<R>(&setting, game),
        )
    };
    play_unit::<R>(&wall, at, DRAWS, make, save).map_err(|source| Error::Io {
        what: format!("unit {u} (wall {u}) could not be played"),
        source,
    })
}

/// Where a running duel stands, after each wall counted; shown as the
/// progress line (games, the difference with its interval, the LLR
/// against its bounds).
#[derive(Clone, Debug)]
pub struct Progress {
    /// Walls counted.
    pub walls: usize,
    /// Games of those walls.
    pub games: usize,
    /// A's points a game minus B's, so far.
    pub diff: f64,
    /// Its 95% interval, once there are two walls.
    pub ci95: Option<(f64, f64)>,
    /// The sequential test's log-likelihood ratio and its bounds.
    pub llr: Option<(f64, (f64, f64))>,
}

impl Progress {
    fn of(units: &[Unit], diffs: &Summary, test: Option<&Sequential>) -> Progress {
        Progress {
            walls: units.len(),
            games: units.len() * GAMES_PER_UNIT,
            diff: diffs.mean(),
            ci95: diffs.ci95(),
            llr: test.map(|t| (t.llr(), t.sprt.bounds())),
        }
    }
}

impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ci = match self.ci95 {
            Some((lo, hi)) => format!(" [{lo:+.3}, {hi:+.3}]"),
            None => String::new(),
        };
        let llr = match self.llr {
            Some((l, (lo, hi))) => format!("  LLR {l:+.2} ({lo:.2}, {hi:.2})"),
            None => String::new(),
        };
        write!(
            f,
            "games {}  A-B {:+.3}{ci} points a game{llr}",
            self.games, self.diff
        )
    }
}

/// What a duel found: its walls, the difference, the test and its verdict.
/// Its text and JSON follow from the walls counted alone, so that the
/// merge of a duel's shards prints what one machine would have; how the
/// walls were played is in [`Report::run_line`].
#[derive(Clone, Debug)]
pub struct Report<R: Ruleset> {
    /// The duel it reports.
    pub options: Options<R>,
    /// The walls counted, in order.
    pub units: Vec<Unit>,
    diffs: Summary,
    test: Option<Sequential>,
    /// The sequential test's decision ([`Decision::Continue`] with a fixed
    /// number of walls, or when the cap or an interrupt came first).
    pub decision: Decision,
    /// Walls played but not counted (in play at a decision or an error).
    pub uncounted: u64,
    /// It was interrupted.
    pub interrupted: bool,
    /// How long it took.
    pub elapsed: Duration,
}

impl<R: Ruleset> Report<R> {
    /// The index of the first wall counted: 0 but for a shard.
    pub fn first_wall(&self) -> u64 {
        self.options.walls.as_ref().map_or(0, |w| w.start)
    }

    /// A negative verdict: the test accepted H0 (A is not stronger).
    pub fn negative(&self) -> bool {
        self.decision == Decision::H0 && self.refused().is_none()
    }

    /// Why no verdict is given, whatever the test decided: a bot (A, B or
    /// an opponent) was put out in more than half of its games, so the
    /// duel measured a broken bot, not a difference of play.
    pub fn refused(&self) -> Option<String> {
        let o = &self.options;
        let games = self.units.len() * GAMES_PER_UNIT;
        let sides = [(Who::A, true, &o.a), (Who::B, false, &o.b)]
            .map(|(w, a, e)| (w, e, self.outs(a), games / 2));
        let opponents =
            (0..3).map(|i| (Who::Against(i), &o.against[i], self.against_outs(i), games));
        sides
            .into_iter()
            .chain(opponents)
            .find_map(|(who, e, outs, played)| {
                let n: usize = outs.values().sum();
                (2 * n > played).then(|| {
                    format!(
                        "no verdict: {} was put out in {n} of its {played} games ({}; the first in {}); the duel measured a bot that does not play",
                        e.name,
                        kinds_text(&outs),
                        self.first_out(who).unwrap_or_default()
                    )
                })
            })
    }

    /// The log of the first game `who` was put out in (`games/...`; both
    /// games of the wall for an opponent).
    fn first_out(&self, who: Who) -> Option<String> {
        let out = |u: &Unit| match who {
            Who::A => u.a_out.is_some(),
            Who::B => u.b_out.is_some(),
            Who::Against(i) => !u.against_out[i].is_empty(),
        };
        let wall = self.first_wall() + self.units.iter().position(out)? as u64;
        Some(match who {
            Who::A => format!("games/{}", file_name(wall, 0)),
            Who::B => format!("games/{}", file_name(wall, 1)),
            Who::Against(_) => format!("games/{} or {}", file_name(wall, 0), file_name(wall, 1)),
        })
    }

    /// Every wall's difference was 0: the two bots played identically.
    pub fn identical(&self) -> bool {
        !self.units.is_empty() && self.units.iter().all(|u| u.diff() == 0.0)
    }

    /// The report as one JSON line.
    pub fn json_line(&self) -> String {
        let mut j = serde_json::to_string(&self.json()).expect("JSON to memory");
        j.push('\n');
        j
    }

    /// How often A (`a`) or B was put out, by kind of reason.
    fn outs(&self, a: bool) -> BTreeMap<&'static str, usize> {
        let mut m = BTreeMap::new();
        for u in &self.units {
            if let Some(k) = if a { u.a_out } else { u.b_out } {
                *m.entry(k).or_default() += 1;
            }
        }
        m
    }

    /// How often opponent `i` was put out, by kind of reason.
    fn against_outs(&self, i: usize) -> BTreeMap<&'static str, usize> {
        let mut m = BTreeMap::new();
        for k in self.units.iter().flat_map(|u| &u.against_out[i]) {
            *m.entry(*k).or_default() += 1;
        }
        m
    }

    /// A's (or B's) points a game as the report says them; no games
    /// (interrupted at once) have no average, rather than an empty sum's
    /// -0.000.
    fn points_text(&self, a: bool) -> String {
        if self.units.is_empty() {
            "no games played".to_string()
        } else {
            format!("{:.3} points a game", self.side_points(a))
        }
    }

    fn side_points(&self, a: bool) -> f64 {
        let s: f64 = self
            .units
            .iter()
            .map(|u| if a { u.a_points() } else { u.b_points() })
            .sum();
        s / self.units.len().max(1) as f64
    }

    fn verdict_words(&self) -> String {
        let Some(t) = &self.test else {
            if self.options.walls.is_some() {
                return format!(
                    "a shard: `{} merge` applies the test to the shards' walls in order",
                    R::NAME
                );
            }
            return "fixed number of games: no sequential test".into();
        };
        let s = t.sprt;
        match self.decision {
            Decision::H1 => format!(
                "H1 accepted: A is stronger than B (by {} rather than {} points a game; error rates alpha {}, beta {})",
                s.d1, s.d0, s.alpha, s.beta
            ),
            Decision::H0 if self.identical() => format!(
                "H0 accepted: the two bots played identically on every wall (every paired difference is 0), so A is not stronger than B by {} points a game (error rates alpha {}, beta {})",
                s.d1, s.alpha, s.beta
            ),
            Decision::H0 => format!(
                "H0 accepted: A is not stronger than B by {} points a game (rather {}; error rates alpha {}, beta {})",
                s.d1, s.d0, s.alpha, s.beta
            ),
            Decision::Continue => "no decision yet".into(),
        }
    }

    /// The report for people.
    pub fn text(&self) -> String {
        let o = &self.options;
        let mut out = String::new();
        let against: Vec<String> = o.against.iter().map(named_spec).collect();
        let games = self.units.len() * GAMES_PER_UNIT;
        let w = &mut out;
        let _ = writeln!(
            w,
            "{} duel: A = {}, B = {}, against {}; seed {}, {} walls{}",
            R::TITLE,
            named_spec(&o.a),
            named_spec(&o.b),
            against.join(", "),
            o.seed,
            R::family_name(o.family),
            if o.common_random {
                ""
            } else {
                "; A and B draw random streams of their own"
            }
        );
        let shard = match &o.walls {
            Some(r) => format!(
                " (a shard: walls {} to {} of the duel's)",
                r.start,
                r.end - 1
            ),
            None => String::new(),
        };
        let _ = writeln!(
            w,
            "duplicate walls: each wall a game with A, then the same game with B in its seat, the seat going round; {}, {}{shard}{}",
            super::count(self.units.len(), "wall"),
            super::count(games, "game"),
            if self.interrupted { " (interrupted)" } else { "" }
        );
        for (a, e) in [(true, &o.a), (false, &o.b)] {
            let _ = writeln!(
                w,
                "{} {}: {}; {}",
                if a { "A" } else { "B" },
                e.name,
                self.points_text(a),
                put_out_text(&self.outs(a), games / 2)
            );
        }
        let against: Vec<String> = (0..3)
            .map(|i| {
                let outs = put_out_text(&self.against_outs(i), games);
                format!("{} {outs}", o.against[i].name)
            })
            .collect();
        let _ = writeln!(w, "against: {}", against.join("; "));
        let d = &self.diffs;
        let ci = match d.ci95() {
            Some((lo, hi)) => format!(", 95% interval [{lo:+.3}, {hi:+.3}]"),
            None => String::new(),
        };
        let sd = d
            .variance()
            .map_or(String::new(), |v| format!(", sd {:.3} a wall", v.sqrt()));
        if self.units.is_empty() {
            let _ = writeln!(w, "A - B: no walls played");
        } else {
            let _ = writeln!(
                w,
                "A - B: {:+.3} points a game{ci} (Student's t on the paired walls{sd})",
                d.mean()
            );
        }
        if let Some(t) = &self.test {
            let _ = writeln!(w, "{}", sprt_line(t));
        }
        let _ = writeln!(
            w,
            "{}",
            self.refused().unwrap_or_else(|| self.verdict_words())
        );
        out
    }

    /// How the walls were played, which the report leaves out: the time,
    /// the walls in play when it ended (played, logged, not counted) and
    /// where the logs are.
    pub fn run_line(&self) -> String {
        let uncounted = match self.uncounted {
            0 => String::new(),
            1 => "; 1 more wall was in play when it ended (logged, not counted)".into(),
            n => format!("; {n} more walls were in play when it ended (logged, not counted)"),
        };
        format!(
            "played in {:.1} s{uncounted}; logs in {}",
            self.elapsed.as_secs_f64(),
            self.options.logs.display()
        )
    }

    /// The report as JSON: a [`DuelJson`].
    pub fn json(&self) -> DuelJson {
        let o = &self.options;
        let d = &self.diffs;
        let refused = self.refused();
        let side = |a: bool, e: &Entrant<R>| SideJson {
            name: e.name.clone(),
            command: e.spec.label(),
            points_a_game: self.side_points(a),
            put_out: keyed(self.outs(a)),
        };
        DuelJson {
            format: format_name::<R, _>("duel-report"),
            version: REPORT_VERSION,
            a: side(true, &o.a),
            b: side(false, &o.b),
            against: o.against.iter().map(|e| e.name.clone()).collect(),
            against_put_out: (0..3).map(|i| keyed(self.against_outs(i))).collect(),
            seed: o.seed,
            family: R::family_name(o.family).to_string(),
            common_random: o.common_random,
            first_wall: self.first_wall(),
            walls: self.units.len(),
            games: self.units.len() * GAMES_PER_UNIT,
            diff: d.mean(),
            ci95: d.ci95().map(|(lo, hi)| [lo, hi]),
            sd: d.variance().map(f64::sqrt),
            sprt: self.test.as_ref().map(|t| SprtJson {
                d0: t.sprt.d0,
                d1: t.sprt.d1,
                alpha: t.sprt.alpha,
                beta: t.sprt.beta,
                llr: t.llr(),
                bounds: [t.sprt.bounds().0, t.sprt.bounds().1],
                min_walls: t.min_units(),
            }),
            decision: match self.decision {
                _ if refused.is_some() => DecisionJson::Refused,
                Decision::H0 if self.identical() => DecisionJson::Identical,
                Decision::H0 => DecisionJson::H0,
                Decision::H1 => DecisionJson::H1,
                Decision::Continue => DecisionJson::None,
            },
            verdict: refused.unwrap_or_else(|| self.verdict_words()),
            interrupted: self.interrupted,
        }
    }
}

/// The report's line on the sequential test: its parameters, its floor,
/// the LLR (always a number) and its bounds.
fn sprt_line(t: &Sequential) -> String {
    let (lo, hi) = t.sprt.bounds();
    format!(
        "SPRT d0={} d1={} alpha={} beta={} (generalized SPRT on the walls' differences, any distribution on [{}, {}]; no decision before {} walls): LLR {:+.3}, bounds ({lo:.3}, {hi:.3})",
        t.sprt.d0,
        t.sprt.d1,
        t.sprt.alpha,
        t.sprt.beta,
        t.range.0,
        t.range.1,
        t.min_units(),
        t.llr()
    )
}

/// `crash 3, time-out 1`: how often each kind of reason put a bot out.
fn kinds_text(outs: &BTreeMap<&'static str, usize>) -> String {
    let kinds: Vec<String> = outs.iter().map(|(k, c)| format!("{k} {c}")).collect();
    kinds.join(", ")
}

/// `put out in 3 of 40 games (7.5%): crash 3`.
fn put_out_text(outs: &BTreeMap<&'static str, usize>, games: usize) -> String {
    let n: usize = outs.values().sum();
    format!(
        "put out in {n} of {games} games ({:.1}%){}",
        100.0 * n as f64 / games.max(1) as f64,
        if n == 0 {
            String::new()
        } else {
            format!(": {}", kinds_text(outs))
        }
    )
}

/// The put-outs by kind as the JSON report keys them.
fn keyed(outs: BTreeMap<&'static str, usize>) -> BTreeMap<String, usize> {
    outs.into_iter().map(|(k, n)| (snake_case(k), n)).collect()
}

/// `a kind-of words` as `a_kind_of_words`: the report's keys.
fn snake_case(words: &str) -> String {
    words.replace([' ', '-'], "_")
}

/// The version of the duel report's format. Version 2 (2026-11): a wall
/// is two games; `first_wall` added; `seconds`, `uncounted_walls` and
/// `logs` gone, so that a report follows from its walls alone.
pub const REPORT_VERSION: u32 = 2;

/// The duel report's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum DuelFormat {
    /// `mahjong-sim/noi2014-duel-report`.
    #[serde(rename = "mahjong-sim/noi2014-duel-report")]
    DuelReport,
}

/// The duel's report as JSON (`noi2014 duel --json`, `report.json`):
/// versioned, its schema committed in `docs/schemas/`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct DuelJson {
    /// Always `mahjong-sim/noi2014-duel-report`.
    pub format: DuelFormat,
    /// The version of the format, [`REPORT_VERSION`].
    #[schemars(range(min = 2, max = 2))]
    pub version: u32,
    /// The challenger.
    pub a: SideJson,
    /// The bot it is measured against.
    pub b: SideJson,
    /// The opponents' names.
    pub against: Vec<String>,
    /// How often each opponent was put out (in all its games), by kind of
    /// reason, in the order of `against`.
    pub against_put_out: Vec<BTreeMap<String, usize>>,
    /// The seed of the walls.
    pub seed: u64,
    /// The wall family.
    pub family: String,
    /// A and B drew the same random stream on the same wall and seat.
    pub common_random: bool,
    /// The index of the first wall counted in the duel's sequence: 0 but
    /// for a shard (`--walls`).
    pub first_wall: u64,
    /// Walls counted.
    pub walls: usize,
    /// Games of those walls (2 a wall: one with A, one with B).
    pub games: usize,
    /// A's points a game minus B's.
    pub diff: f64,
    /// Its 95% interval (Student's t on the paired walls), from 2 walls.
    pub ci95: Option<[f64; 2]>,
    /// The standard deviation of a wall's difference, from 2 walls.
    pub sd: Option<f64>,
    /// The sequential test, when there is one.
    pub sprt: Option<SprtJson>,
    /// What the test decided.
    pub decision: DecisionJson,
    /// The decision in words.
    pub verdict: String,
    /// The duel was interrupted.
    pub interrupted: bool,
}

/// One side of a duel in its report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct SideJson {
    /// The bot's name.
    pub name: String,
    /// The built-in bot's name or the program's command line.
    pub command: String,
    /// Its points a game.
    pub points_a_game: f64,
    /// How often it was put out, by kind (`no_usable_answer`,
    /// `malformed_answer`, `illegal_move`, `kong_on_an_empty_wall`).
    pub put_out: BTreeMap<String, usize>,
}

/// The sequential test in a duel's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct SprtJson {
    /// H0: A gains `d0` points a game.
    pub d0: f64,
    /// H1: A gains `d1` points a game.
    pub d1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The LLR's lower and upper bounds.
    pub bounds: [f64; 2],
    /// No decision before this many walls.
    pub min_walls: u64,
}

/// What a duel's test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecisionJson {
    /// H1 accepted: A is stronger.
    H1,
    /// H0 accepted: A is not stronger.
    H0,
    /// H0 accepted, the bots having played identically on every wall.
    Identical,
    /// No decision (a fixed number of walls, the cap, or an interrupt).
    None,
    /// No verdict whatever the test said: a bot was put out in more than
    /// half of its games ([`Report::refused`]).
    Refused,
}

/// A bot as the report's first line names it: `name (what it runs)`, or
/// just the name when that is what it runs.
fn named_spec<R: Ruleset>(e: &Entrant<R>) -> String {
    let label = e.spec.label();
    if label == e.name {
        label
    } else {
        format!("{} ({label})", e.name)
    }
}

/// The opponents: those given, the missing ones the built-in greedy bot
/// (named house1, house2, ... as the names given leave free, so that no
/// opponent is named like a side playing the built-in greedy bot).
pub fn opponents<R: Ruleset>(given: Vec<Entrant<R>>) -> Result<[Entrant<R>; 3], Error> {
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
    Ok(v.try_into().expect("three"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::noi2014::Noi2014;
    use crate::contest::seed::bot_seed;
    use crate::noi2014::games::families::Family;

    fn named(name: &str) -> Entrant<Noi2014> {
        Entrant {
            name: name.into(),
            spec: BotSpec::BuiltIn(crate::noi2014::bots::built_in::BuiltIn::Greedy),
        }
    }

    fn options() -> Options<Noi2014> {
        Options {
            a: named("new"),
            b: named("old"),
            against: [named("x"), named("y"), named("z")],
            seed: 9,
            length: Length::Units(2),
            jobs: 1,
            family: Family::Uniform,
            limits: Limits {
                time: Duration::from_secs(1),
                memory_mib: None,
                ..Default::default()
            },
            logs: PathBuf::from("duel-logs"),
            common_random: true,
            walls: None,
        }
    }

    /// Eight walls: A 1 point on the first four and none after, B a
    /// half point on the fifth and sixth; A put out once, B twice, the
    /// second opponent once.
    fn units() -> Vec<Unit> {
        (0..8)
            .map(|u| Unit {
                seat: unit_seat(u as u64),
                a_half: if u < 4 { 2 } else { 0 },
                b_half: i32::from(u == 4 || u == 5),
                a_out: (u == 4).then_some("illegal"),
                b_out: (u == 0 || u == 4).then_some("timeout"),
                against_out: if u == 0 {
                    [vec![], vec!["crash"], vec![]]
                } else {
                    Default::default()
                },
            })
            .collect()
    }

    /// The progress line's interval of these units' differences.
    fn interval(units: &[Unit]) -> String {
        let diffs: Vec<f64> = units.iter().map(Unit::diff).collect();
        let (lo, hi) = Summary::of(&diffs).ci95().unwrap();
        format!("[{lo:+.3}, {hi:+.3}]")
    }

    /// A bot put out in more than half of its games (A, B or an opponent)
    /// leaves the duel without a verdict, whatever the test decided; half
    /// of them is not enough. Every participant's put-outs are reported.
    /// A duel against a bot that always timed out ran a minute (90
    /// walls, to the test's floor) before refusing: a bot put out in each
    /// of its first games now ends it, on one machine and in the merge,
    /// but not in a shard (its walls are not the duel's first).
    #[test]
    fn a_bot_put_out_in_each_of_its_first_games_ends_the_duel() {
        // A wall where nobody was put out.
        let fine = units()[1].clone();
        let b_out = Unit {
            b_out: Some("time-out"),
            ..fine.clone()
        };
        let opponent_out = Unit {
            against_out: [vec![], vec!["crash"; 2], vec![]],
            ..fine.clone()
        };
        let run = |t: Tally, units: &[&Unit]| {
            let mut t = t;
            for u in units {
                assert!(t.wants_more());
                t.push((*u).clone());
            }
            t.wants_more()
        };
        let tally = || Tally::new(0, None, 100);
        assert!(!run(tally(), &[&b_out; BROKEN_AFTER]));
        assert!(!run(tally(), &[&opponent_out; BROKEN_AFTER / 2]));
        // One game played among them, or a shard: it goes on.
        let mut mixed = vec![&b_out; BROKEN_AFTER];
        mixed[3] = &fine;
        assert!(run(tally(), &mixed));
        assert!(run(tally().shard(), &[&b_out; BROKEN_AFTER]));
    }

    #[test]
    fn a_bot_put_out_in_most_of_its_games_leaves_no_verdict() {
        let mut units = units();
        let mut r = report(&options(), &units, None);
        r.decision = Decision::H0;
        assert_eq!(r.refused(), None);
        assert!(r.negative());
        let text = r.text();
        assert!(text.contains("against: x put out in 0 of 16 games (0.0%); y put out in 1 of 16 games (6.2%): crash 1; z put out in 0 of 16 games (0.0%)"), "{text}");
        assert_eq!(r.json().against_put_out[1]["crash"], 1);
        // B put out on its first `b` walls, the third opponent `z` times
        // (at most twice a wall: it plays both games).
        let with = |b: usize, z: usize| -> Report<Noi2014> {
            let broken: Vec<Unit> = units
                .iter()
                .enumerate()
                .map(|(k, u)| Unit {
                    b_out: (k < b).then_some("crash"),
                    against_out: [
                        vec![],
                        vec![],
                        vec!["crash"; z.saturating_sub(2 * k).min(2)],
                    ],
                    ..u.clone()
                })
                .collect();
            let mut r = report(&options(), &broken, None);
            r.decision = Decision::H0;
            r
        };
        // B plays 8 games, an opponent 16: half is not most.
        assert_eq!(with(4, 0).refused(), None);
        assert_eq!(with(0, 8).refused(), None);
        for (r, says) in [
            (
                with(5, 0),
                "old was put out in 5 of its 8 games (crash 5; the first in games/u00000-g2.jsonl)",
            ),
            (
                with(0, 9),
                "z was put out in 9 of its 16 games (crash 9; the first in games/u00000-g1.jsonl or u00000-g2.jsonl)",
            ),
        ] {
            let why = r.refused().expect("most of its games");
            assert!(why.contains(says), "{why}");
            assert!(!r.negative());
            assert_eq!(r.json().decision, DecisionJson::Refused);
            assert!(r.text().contains(&why));
        }
        units.clear();
        assert_eq!(report(&options(), &units, None).refused(), None);
    }

    fn report(
        opts: &Options<Noi2014>,
        units: &[Unit],
        test: Option<Sequential>,
    ) -> Report<Noi2014> {
        let mut diffs = Summary::default();
        for u in units {
            diffs.push(u.diff());
        }
        Report {
            options: opts.clone(),
            units: units.to_vec(),
            diffs,
            test,
            decision: Decision::Continue,
            uncounted: 0,
            interrupted: false,
            elapsed: Duration::from_millis(1500),
        }
    }

    /// An in-process entrant (a front end's bot, made afresh for each
    /// game from its seed) plays a duel exactly as the built-in bot it
    /// wraps: the same units, the same logs but for the seats' commands.
    #[test]
    fn an_in_process_bot_duels_as_the_bot_it_wraps() {
        use crate::contest::entrant::InProcess;
        use crate::noi2014::bots::built_in::BuiltIn;
        use std::sync::Arc;
        // A duel ends by killing what runs leave behind: not while another
        // test counts its own escapees (process::tests).
        let _alone = crate::process::tests::alone();
        let wrapped = |bot: BuiltIn| Entrant {
            name: "mine".into(),
            spec: BotSpec::InProcess(InProcess {
                label: "in-process".into(),
                make: Arc::new(move |seed| bot.bot(seed)),
            }),
        };
        let run_with = |a: Entrant<Noi2014>, b: BuiltIn, logs: &Path| {
            let mut o = options();
            o.a = a;
            o.b = Entrant {
                name: "other".into(),
                spec: BotSpec::BuiltIn(b),
            };
            o.common_random = false;
            o.length = Length::Units(12);
            o.jobs = 2;
            o.logs = logs.to_path_buf();
            run(&o, &mut |_| {}).unwrap()
        };
        let dir = tempfile::tempdir().unwrap();
        for (i, (a, b)) in [
            (BuiltIn::Sample, BuiltIn::Greedy),
            (BuiltIn::NoisyGreedy { eps: 0.5 }, BuiltIn::Sample),
        ]
        .into_iter()
        .enumerate()
        {
            let (l1, l2) = (
                dir.path().join(format!("b{i}")),
                dir.path().join(format!("w{i}")),
            );
            let built_in = run_with(
                Entrant {
                    name: "mine".into(),
                    spec: BotSpec::BuiltIn(a),
                },
                b,
                &l1,
            );
            let in_process = run_with(wrapped(a), b, &l2);
            assert_eq!(built_in.units, in_process.units);
            assert!(built_in.units.iter().any(|u| u.diff() != 0.0));
            for g in ["u00000-g1.jsonl", "u00002-g2.jsonl"] {
                let read = |dir: &Path| {
                    std::fs::read_to_string(dir.join("games").join(g))
                        .unwrap()
                        .replace(&a.name(), "in-process")
                };
                assert_eq!(read(&l1), read(&l2));
            }
        }
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

    #[test]
    fn missing_opponents_are_greedy_bots_with_names_of_their_own() {
        let names = |given: &[&str]| -> Vec<String> {
            let v = given.iter().map(|n| named(n)).collect();
            opponents(v)
                .map(|o| o.map(|e| e.name).to_vec())
                .unwrap_or_else(|e| vec![e.to_string()])
        };
        assert_eq!(names(&[]), ["house1", "house2", "house3"]);
        assert_eq!(names(&["greedy"]), ["greedy", "house1", "house2"]);
        assert_eq!(names(&["house2", "me"]), ["house2", "me", "house1"]);
        assert_eq!(names(&["a", "b", "c"]), ["a", "b", "c"]);
        assert_eq!(
            names(&["a", "b", "c", "d"]),
            ["4 opponents given with --against; a table has room for 3"]
        );
    }

    #[test]
    fn logs_are_named_and_indexed_by_unit_and_game() {
        let o = options();
        assert_eq!(file_name(7, 0), "u00007-g1.jsonl");
        // Wall 6 is played in seat 2, wall 7 in seat 3.
        assert_eq!(
            index_line(&o, 6, 0),
            "u00006-g1.jsonl\t6\t1\tA\tx\ty\tnew\tz\n"
        );
        assert_eq!(
            index_line(&o, 7, 1),
            "u00007-g2.jsonl\t7\t2\tB\tx\ty\tz\told\n"
        );
    }

    /// Each bot's stream is its own but where the duplicate format wants
    /// it shared: an opponent's in A's and B's game of one wall; with
    /// common random numbers, A's and B's.
    #[test]
    fn duel_bots_share_streams_only_within_a_wall() {
        for common in [false, true] {
            let mut seen = std::collections::HashMap::new();
            for u in 0..8 {
                let at = unit_seat(u);
                for g in 0..GAMES_PER_UNIT {
                    for w in seats(at, g) {
                        let s = duel_bot_seed(5, u, w, at, common);
                        // Who may share this stream: the same bot, or A
                        // and B with common random numbers; on one wall.
                        let side = match w {
                            Who::B if common => Who::A,
                            w => w,
                        };
                        let place = (u, side);
                        assert_eq!(
                            *seen.entry(s).or_insert(place),
                            place,
                            "{common} {u} {g} {w:?}"
                        );
                    }
                }
            }
            // Five bots on eight walls, A and B as one bot with common
            // random numbers.
            assert_eq!(seen.len(), 8 * if common { 4 } else { 5 });
        }
        assert_ne!(
            duel_bot_seed(5, 0, Who::A, 0, false),
            duel_bot_seed(6, 0, Who::A, 0, false)
        );
        // The seeds follow the one rule: the wall, the seat, then the side.
        assert_eq!(
            duel_bot_seed(5, 1, Who::Against(2), 3, false),
            bot_seed(5, &[1, 3, 4])
        );
    }

    #[test]
    fn the_report_counts_points_and_outs_per_side() {
        let (o, units) = (options(), units());
        let r = report(&o, &units, None);
        assert_eq!(r.side_points(true), 0.5);
        assert_eq!(r.side_points(false), 0.125);
        assert_eq!(r.outs(true), BTreeMap::from([("illegal", 1)]));
        assert_eq!(r.outs(false), BTreeMap::from([("timeout", 2)]));
        assert_eq!(
            Progress::of(&units, &r.diffs, None).to_string(),
            format!("games 16  A-B +0.375 {} points a game", interval(&units))
        );
        let text = r.text();
        for line in [
            "NOI2014 duel: A = new (greedy), B = old (greedy), against x (greedy), y (greedy), z (greedy); seed 9, uniform walls\n",
            "; 8 walls, 16 games\n",
            "A new: 0.500 points a game; put out in 1 of 8 games (12.5%): illegal 1\n",
            "B old: 0.125 points a game; put out in 2 of 8 games (25.0%): timeout 2\n",
            &format!("A - B: +0.375 points a game, 95% interval {}", interval(&units)),
            "fixed number of games: no sequential test\n",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        // How it was played is the run line's, not the report's.
        for run in ["1.5 s", "logs in", "not counted"] {
            assert!(!text.contains(run), "{run:?} in\n{text}");
        }
        assert_eq!(r.run_line(), "played in 1.5 s; logs in duel-logs");
        let j = r.json();
        assert_eq!(j.a.points_a_game, 0.5);
        assert_eq!(j.b.put_out["timeout"], 2);
        assert_eq!(j.games, 16);
        assert_eq!(j.decision, DecisionJson::None);
        assert_eq!(j.verdict, "fixed number of games: no sequential test");
        // The line is tagged with the format and its version.
        let line: serde_json::Value = serde_json::from_str(&r.json_line()).unwrap();
        assert_eq!(line["format"], "mahjong-sim/noi2014-duel-report");
        assert_eq!(line["version"], 2);
        assert_eq!(line["decision"], "none");
    }

    #[test]
    fn the_report_says_the_test_and_the_walls_left_uncounted() {
        let (o, units) = (options(), units());
        let mut test = sequential_test::<Noi2014>(DEFAULT_SPRT, 2500).unwrap();
        for u in &units {
            test.push(u.diff());
        }
        let mut r = report(&o, &units, Some(test));
        for (decision, words) in [
            (
                Decision::H1,
                "H1 accepted: A is stronger than B (by 0.1 rather than 0 points",
            ),
            (
                Decision::H0,
                "H0 accepted: A is not stronger than B by 0.1 points a game",
            ),
            (Decision::Continue, "no decision yet"),
        ] {
            r.decision = decision;
            assert!(r.verdict_words().starts_with(words), "{decision:?}");
        }
        assert!(
            r.text().contains("SPRT d0=0 d1=0.1 alpha=0.05 beta=0.05"),
            "{}",
            r.text()
        );
        for (uncounted, words) in [
            (
                1,
                "; 1 more wall was in play when it ended (logged, not counted);",
            ),
            (
                3,
                "; 3 more walls were in play when it ended (logged, not counted);",
            ),
        ] {
            r.uncounted = uncounted;
            assert!(r.run_line().contains(words), "{}", r.run_line());
        }
        assert!(Progress::of(&units, &r.diffs, r.test.as_ref())
            .to_string()
            .contains("  LLR "));
    }

    /// Walls that all differ by 0 (no spread): the LLR is still a number
    /// in the progress line, the text and the JSON, the floor is stated,
    /// and H0 on such walls is reported as identical play.
    #[test]
    fn zero_spread_has_an_llr_and_the_floor_is_stated() {
        let o = options();
        let zero = Unit {
            a_half: 5,
            b_half: 5,
            ..Unit::default()
        };
        let units = vec![zero; 3];
        let mut test = sequential_test::<Noi2014>(DEFAULT_SPRT, 2500).unwrap();
        for u in &units {
            test.push(u.diff());
        }
        let mut r = report(&o, &units, Some(test));
        let progress = Progress::of(&units, &r.diffs, r.test.as_ref()).to_string();
        assert!(progress.contains("  LLR -0.10 (-2.94, 2.94)"), "{progress}");
        let text = r.text();
        assert!(
            text.contains("no decision before 87 walls): LLR -0.097, bounds (-2.944, 2.944)"),
            "{text}"
        );
        assert!(!text.contains("LLR -,") && !text.contains("NaN"), "{text}");
        let j = r.json();
        let sprt = j.sprt.unwrap();
        assert!(sprt.llr < 0.0 && sprt.llr > -0.2, "{}", sprt.llr);
        assert_eq!(sprt.min_walls, 87);
        r.decision = Decision::H0;
        assert!(r.negative() && r.identical());
        assert_eq!(r.json().decision, DecisionJson::Identical);
        assert!(r
            .verdict_words()
            .contains("played identically on every wall"));
        // One wall that differs: H0 is plain H0.
        let mut units = units;
        units[1].a_half = 6;
        let r2 = Report {
            units,
            decision: Decision::H0,
            ..r
        };
        assert!(!r2.identical());
        assert_eq!(r2.json().decision, DecisionJson::H0);
    }

    /// A cap below the test's floor can never decide: refused, naming the
    /// floor; at the floor it is accepted. d0 and d1 outside the range of a
    /// wall are refused too.
    #[test]
    fn a_cap_that_can_never_decide_is_refused() {
        let e = sequential_test::<Noi2014>(DEFAULT_SPRT, 86)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--max-games 172 (86 walls) can never reach a decision")
                && e.contains("after 87 walls (174 games) at the earliest"),
            "{e}"
        );
        assert!(sequential_test::<Noi2014>(DEFAULT_SPRT, 87).is_ok());
        let t = Sprt::new(0.0, 3.5, 0.05, 0.05).unwrap();
        assert!(sequential_test::<Noi2014>(t, 1000).is_err());
    }
}
