//! `noi2014 duel` as a library call: is bot A stronger than bot B? Duplicate
//! walls ([`super::duplicate`]: each wall a game with A in one seat against
//! three opponents, then the same game with B, the seat going round), a fixed
//! number of walls or a sequential test that stops at the first bound it
//! crosses ([`crate::stats`]), walls in parallel on the [`super::pool`],
//! every game's log saved, an interrupt reporting the result so far.
//!
//! [`run`] takes typed [`Options`] (what fixes the games, [`Settings`],
//! the one type the front ends build and `duel.json` records; and how
//! they are played), calls back with the [`Progress`] after
//! each wall counted, and returns a typed [`Report`] (text or JSON). The logs
//! folder gets every game's JSON Lines (`games/`), `games.tsv`,
//! `units.tsv`, `report.txt`, `report.json` and `duel.json` (the
//! settings and every wall counted, [`walls`]).
//!
//! A duel can be cut into shards that any scheduler runs: a shard plays a
//! range of the duel's walls ([`Options`]' `shard`; a wall's tiles, seat
//! and random streams follow from the seed and its index alone), and
//! [`merge::merge`] counts the shards' walls in order, as one machine
//! would have, into the same report. The report holds nothing that
//! depends on how the walls were played (time, jobs, walls in play at a
//! decision, the logs folder): [`Report::run_line`] says those.

pub mod merge;
pub mod settings;
pub mod walls;

pub use super::duplicate::Seating;
pub use settings::{
    opponents, parse_sprt, sequential_test, Length, Settings, SettingsJson, DEFAULT_SPRT,
};

use super::duplicate::{duel_bot_seed, play_unit, unit_wall, Unit, Who, GAMES_PER_TABLE};
use super::entrant::{check_runnable, seat, Entrant};
use super::guard::{interrupted, Containment};
use super::limits::Limits;
use super::logs::{json_log, prepare_games, save_report, seat_records, write_file};
use super::pool::{self, Flow, InOrder};
use super::ruleset::{format_name, Player, Ruleset};
use super::Error;
use crate::named::WallFamily;
use crate::place::{Challenger, Context, Setting};
use crate::stats::{Decision, Sequential, Summary};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The logs folder of a duel of ruleset `R` with this seed when none is
/// named: `noi2014-duel-seed-S`, in the working folder.
pub fn default_logs<R: Ruleset>(seed: u64) -> PathBuf {
    PathBuf::from(format!("{}-duel-seed-{seed}", R::NAME))
}

/// How a duel is played, beside what fixes its games (its [`Settings`],
/// what its record holds). Its shard is a range of the duel's walls
/// (from 0): play exactly these, all of them, with no test;
/// [`merge::merge`] applies the test to the shards. `None`: the whole
/// duel, walls 0, 1, ... up to a decision or the cap.
pub type Options<R> =
    super::options::Options<Settings<Entrant<R>, <R as Ruleset>::Family>, Range<u64>>;

/// The outcome of one unit, or why it is not counted.
type UnitResult = Result<Unit, Error>;

/// The walls to play and the tally that counts them, once the options are
/// found sound: the whole duel from wall 0 under its test, or a shard's
/// walls, all of them, with no test.
fn plan<R: Ruleset>(opts: &Options<R>) -> Result<(Range<u64>, Tally), Error> {
    // The test is checked even for a shard: its settings go to the merge.
    opts.settings.validate()?;
    let length = opts.settings.length;
    let (test, cap) = (length.test::<R>(opts.settings.seating)?, length.cap());
    Ok(match &opts.shard {
        Some(r) if r.is_empty() => {
            return Err(Error::Usage(format!(
                "--walls {}..{} holds no wall: FROM..TO plays walls FROM to TO - 1",
                r.start, r.end
            )))
        }
        // Walls past the cap would be played and never counted.
        Some(r) if r.end > cap => {
            let option = match length {
                Length::Fixed { .. } => "--games",
                Length::Sprt { .. } => "--max-games",
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

    /// A bot put out in each of its first [`BROKEN_AFTER`] games (or
    /// more: the walls that hold them) of the walls counted: A, B, or an
    /// opponent (two games a table).
    fn broken(&self) -> bool {
        // The first walls that hold `n` games of a bot playing `per`
        // games a table; none when the walls counted hold fewer.
        let first = |n: usize, per: usize| {
            let mut games = 0;
            let k = self.units.iter().position(|u| {
                games += per * u.games;
                games >= n
            })?;
            Some(&self.units[..=k])
        };
        let sides = first(BROKEN_AFTER, 1).is_some_and(|us| {
            us.iter().all(|u| u.a_out.len() == u.games)
                || us.iter().all(|u| u.b_out.len() == u.games)
        });
        let opponents = first(BROKEN_AFTER, GAMES_PER_TABLE).is_some_and(|us| {
            (0..3).any(|i| {
                us.iter()
                    .all(|u| u.against_out[i].len() == GAMES_PER_TABLE * u.games)
            })
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
    let everyone = [&opts.settings.a, &opts.settings.b]
        .into_iter()
        .chain(&opts.settings.against);
    let limits = opts.limits();
    check_runnable(everyone.map(|e| &e.spec), &limits)?;
    let games_dir = prepare_games(&opts.logs)?;
    let start = Instant::now();
    let mut in_order = InOrder::default();
    let mut error = None;
    let mut index = String::from("file\tunit\tgame\tchallenger\tseat0\tseat1\tseat2\tseat3\n");
    let played = pool::run(
        opts.jobs,
        walls,
        |_, u| (u, play_one(opts, &limits, u, &games_dir)),
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
                for g in 0..opts.settings.seating.games_a_wall() {
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
            unit.seat.map_or("every".to_string(), |s| s.to_string()),
            unit.a_points(),
            unit.b_points(),
            unit.diff()
        );
    }
    write("units.tsv", units_tsv.as_bytes())?;
    save_report(&report.options.logs, &report.json_line(), &report.text())?;
    write(walls::FILE, &report.record().to_json())
}

fn entrant<R: Ruleset>(opts: &Options<R>, who: Who) -> &Entrant<R> {
    match who {
        Who::A => &opts.settings.a,
        Who::B => &opts.settings.b,
        Who::Against(i) => &opts.settings.against[i],
    }
}

fn file_name(u: u64, g: usize) -> String {
    format!("u{u:05}-g{}.jsonl", g + 1)
}

/// Game `g` of a unit is A's (the first of its table) or B's.
fn challenger(g: usize) -> Challenger {
    if g % GAMES_PER_TABLE == 0 {
        Challenger::A
    } else {
        Challenger::B
    }
}

fn index_line<R: Ruleset>(opts: &Options<R>, u: u64, g: usize) -> String {
    let names = opts
        .settings
        .seating
        .game(u, g)
        .map(|w| entrant(opts, w).name.clone());
    format!(
        "{}\t{u}\t{}\t{}\t{}\n",
        file_name(u, g),
        g + 1,
        if challenger(g) == Challenger::A {
            "A"
        } else {
            "B"
        },
        names.join("\t")
    )
}

/// Plays unit `u` and saves its two logs.
fn play_one<R: Ruleset>(
    opts: &Options<R>,
    limits: &Limits,
    u: u64,
    games_dir: &Path,
) -> UnitResult {
    let wall = unit_wall::<R>(opts.settings.seed, u, opts.settings.family);
    let seating = opts.settings.seating;
    let make = |t: usize, who: Who| -> Player<R> {
        let place = seating.stream(u, t);
        seat(
            &entrant(opts, who).spec,
            duel_bot_seed(
                opts.settings.seed,
                u,
                who,
                place,
                opts.settings.common_random,
            ),
            limits,
        )
    };
    let save = |g: usize, game: &R::Game| {
        if interrupted() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        let names = seating.game(u, g).map(|w| entrant(opts, w).name.clone());
        let commands = seating.game(u, g).map(|w| entrant(opts, w).spec.label());
        let setting = Setting {
            wall: format!(
                "wall {u} of duel seed {} ({})",
                opts.settings.seed,
                opts.settings.family.name()
            ),
            seats: seat_records(names, commands),
            context: Some(Context::Duel {
                unit: u,
                game: g as u8 + 1,
                challenger: challenger(g),
            }),
        };
        std::fs::write(
            games_dir.join(file_name(u, g)),
            json_log::<R>(&setting, game),
        )
    };
    let tables = seating.tables(u);
    play_unit::<R>(&wall, &tables, opts.settings.draws, make, save).map_err(|source| Error::Io {
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
            games: games(units),
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
        self.options.shard.as_ref().map_or(0, |w| w.start)
    }

    /// A negative verdict: the test accepted H0 (A is not stronger).
    pub fn negative(&self) -> bool {
        self.decision == Decision::H0 && self.refused().is_none()
    }

    /// Why no verdict is given, whatever the test decided: a bot (A, B or
    /// an opponent) was put out in more than half of its games, so the
    /// duel measured a broken bot, not a difference of play.
    pub fn refused(&self) -> Option<String> {
        let o = &self.options.settings;
        let games = games(&self.units);
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
    /// games of the wall for an opponent; a wall's games in every
    /// seating).
    fn first_out(&self, who: Who) -> Option<String> {
        let out = |u: &Unit| match who {
            Who::A => !u.a_out.is_empty(),
            Who::B => !u.b_out.is_empty(),
            Who::Against(i) => !u.against_out[i].is_empty(),
        };
        let wall = self.first_wall() + self.units.iter().position(out)? as u64;
        if self.options.settings.seating != Seating::Round {
            return Some(format!("games/u{wall:05}-g*.jsonl"));
        }
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
            for k in if a { &u.a_out } else { &u.b_out } {
                *m.entry(*k).or_default() += 1;
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
            if self.options.shard.is_some() {
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

    /// The report's second line: how the walls were played, and how many.
    fn walls_line(&self) -> String {
        let shard = match &self.options.shard {
            Some(r) => format!(
                " (a shard: walls {} to {} of the duel's)",
                r.start,
                r.end - 1
            ),
            None => String::new(),
        };
        format!(
            "duplicate walls: {}; {}, {}{shard}{}",
            seating_words(self.options.settings.seating),
            super::count(self.units.len(), "wall"),
            super::count(games(&self.units), "game"),
            if self.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        )
    }

    /// The report for people.
    pub fn text(&self) -> String {
        let o = &self.options.settings;
        let mut out = String::new();
        let against: Vec<String> = o.against.iter().map(named_spec).collect();
        let games = games(&self.units);
        let w = &mut out;
        let _ = writeln!(
            w,
            "{} duel: A = {}, B = {}, against {}; seed {}, {} walls{}",
            R::TITLE,
            named_spec(&o.a),
            named_spec(&o.b),
            against.join(", "),
            o.seed,
            o.family.name(),
            if o.common_random {
                ""
            } else {
                "; A and B draw random streams of their own"
            }
        );
        let _ = writeln!(w, "{}", self.walls_line());
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

    /// The record of the report: its settings and walls (`duel.json`).
    pub fn record(&self) -> walls::WallsJson {
        let kinds = |v: &[&'static str]| v.iter().map(|k| k.to_string()).collect();
        walls::WallsJson {
            format: format_name::<R, _>("duel-walls"),
            version: walls::VERSION,
            settings: self.options.settings.record(),
            shard: self.options.shard.as_ref().map(|w| [w.start, w.end]),
            first_wall: self.first_wall(),
            interrupted: self.interrupted,
            walls: (self.first_wall()..)
                .zip(&self.units)
                .map(|(wall, u)| walls::WallJson {
                    wall,
                    seat: u.seat,
                    a_half_points: u.a_half,
                    b_half_points: u.b_half,
                    a_out: kinds(&u.a_out),
                    b_out: kinds(&u.b_out),
                    against_out: u.against_out.each_ref().map(|v| kinds(v)),
                })
                .collect(),
        }
    }

    /// The report as JSON: a [`DuelJson`].
    pub fn json(&self) -> DuelJson {
        let o = &self.options.settings;
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
            family: o.family.name().to_string(),
            common_random: o.common_random,
            seating: o.seating,
            first_wall: self.first_wall(),
            walls: self.units.len(),
            games: games(&self.units),
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

/// The games of `units`: two a table, one with A and one with B.
fn games(units: &[Unit]) -> usize {
    units.iter().map(|u| GAMES_PER_TABLE * u.games).sum()
}

/// How the report's second line says a seating.
fn seating_words(seating: Seating) -> &'static str {
    match seating {
        Seating::Round => {
            "each wall a game with A, then the same game with B in its seat, the seat going round"
        }
        Seating::Every => {
            "each wall played at every seating of the four players (24 tables), each table a game with A, then the same game with B in its seat"
        }
    }
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
    Noi2014DuelReport,
    /// `mahjong-sim/mcr-duel-report`.
    #[serde(rename = "mahjong-sim/mcr-duel-report")]
    McrDuelReport,
}

/// The duel's report as JSON (`noi2014 duel --json`, `report.json`):
/// versioned, its schema committed in `docs/schemas/`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct DuelJson {
    /// Always `mahjong-sim/RULESET-duel-report`, the ruleset's name in it.
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
    /// How a wall's players were seated: `round` (one table a wall, A's
    /// seat going round) or `every` (every permutation of the four, 24
    /// tables a wall).
    pub seating: Seating,
    /// The index of the first wall counted in the duel's sequence: 0 but
    /// for a shard (`--walls`).
    pub first_wall: u64,
    /// Walls counted.
    pub walls: usize,
    /// Games of those walls (2 a table, one with A and one with B; 1
    /// table a wall, or 24 in every seating).
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

/// The duel's own tests. Those of a ruleset's bots and walls are written
/// over any ruleset whose built-in bots include `greedy`, whose families
/// include `uniform` and whose games give 1 to 4 points (as `pub(crate)`
/// functions): each such ruleset runs them among its own tests
/// (in the file that implements [`Ruleset`] for it).
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::contest::duplicate::unit_seat;
    use crate::contest::seed::bot_seed;
    use crate::named::BuiltInBot;
    use crate::stats::Sprt;

    /// A bot of this name playing the ruleset's house bot (a built-in).
    fn named<R: Ruleset>(name: &str) -> Entrant<R> {
        Entrant::parse(&format!("{name}={}", house::<R>())).expect("a built-in bot")
    }

    /// The ruleset's house bot's name.
    fn house<R: Ruleset>() -> String {
        R::house().name()
    }

    /// A duel of two walls between house bots named new and old, against
    /// x, y and z, seed 9, with no memory limit.
    pub(crate) fn options<R: Ruleset>() -> Options<R> {
        let family = R::Family::from_name("uniform").expect("a uniform family");
        let mut settings = Settings::new(
            named("new"),
            named("old"),
            vec![named("x"), named("y"), named("z")],
            family,
        );
        settings.seed = 9;
        settings.length = Length::Fixed { walls: 2 };
        settings.budget.time_limit = Duration::from_secs(1);
        settings.budget.memory_limit_mib = None;
        Options {
            jobs: 1,
            ..Options::new(settings, PathBuf::from("duel-logs"))
        }
    }

    /// Eight walls: A 1 point on the first four and none after, B a
    /// half point on the fifth and sixth; A put out once, B twice, the
    /// second opponent once.
    fn units() -> Vec<Unit> {
        (0..8)
            .map(|u| Unit {
                seat: Some(unit_seat(u as u64)),
                games: 1,
                a_half: if u < 4 { 2 } else { 0 },
                b_half: i32::from(u == 4 || u == 5),
                a_out: (u == 4).then_some("illegal").into_iter().collect(),
                b_out: (u == 0 || u == 4)
                    .then_some("timeout")
                    .into_iter()
                    .collect(),
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
            b_out: vec!["time-out"],
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

    pub(crate) fn a_bot_put_out_in_most_of_its_games_leaves_no_verdict<R: Ruleset>() {
        let mut units = units();
        let mut r = report(&options::<R>(), &units, None);
        r.decision = Decision::H0;
        assert_eq!(r.refused(), None);
        assert!(r.negative());
        let text = r.text();
        assert!(text.contains("against: x put out in 0 of 16 games (0.0%); y put out in 1 of 16 games (6.2%): crash 1; z put out in 0 of 16 games (0.0%)"), "{text}");
        assert_eq!(r.json().against_put_out[1]["crash"], 1);
        // B put out on its first `b` walls, the third opponent `z` times
        // (at most twice a wall: it plays both games).
        let with = |b: usize, z: usize| -> Report<R> {
            let broken: Vec<Unit> = units
                .iter()
                .enumerate()
                .map(|(k, u)| Unit {
                    b_out: (k < b).then_some("crash").into_iter().collect(),
                    against_out: [
                        vec![],
                        vec![],
                        vec!["crash"; z.saturating_sub(2 * k).min(2)],
                    ],
                    ..u.clone()
                })
                .collect();
            let mut r = report(&options::<R>(), &broken, None);
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
        assert_eq!(report(&options::<R>(), &units, None).refused(), None);
    }

    fn report<R: Ruleset>(
        opts: &Options<R>,
        units: &[Unit],
        test: Option<Sequential>,
    ) -> Report<R> {
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

    pub(crate) fn missing_opponents_are_greedy_bots_with_names_of_their_own<R: Ruleset>() {
        let names = |given: &[&str]| -> Vec<String> {
            let v = given.iter().map(|n| named::<R>(n)).collect();
            opponents::<R>(v)
                .map(|o| o.into_iter().map(|e| e.name).collect())
                .unwrap_or_else(|e| vec![e.to_string()])
        };
        assert_eq!(names(&[]), ["house1", "house2", "house3"]);
        assert_eq!(names(&["me"]), ["me", "house1", "house2"]);
        assert_eq!(names(&["house2", "me"]), ["house2", "me", "house1"]);
        assert_eq!(names(&["a", "b", "c"]), ["a", "b", "c"]);
        assert_eq!(
            names(&["a", "b", "c", "d"]),
            ["4 opponents given with --against; a table has room for 3"]
        );
    }

    pub(crate) fn logs_are_named_and_indexed_by_unit_and_game<R: Ruleset>() {
        let o = options::<R>();
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
                let at = unit_seat(u) as u64;
                for g in 0..GAMES_PER_TABLE {
                    for w in Seating::Round.game(u, g) {
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

    pub(crate) fn the_report_counts_points_and_outs_per_side<R: Ruleset>() {
        let (o, units) = (options::<R>(), units());
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
        let first = format!(
            "{} duel: A = new ({h}), B = old ({h}), against x ({h}), y ({h}), z ({h}); seed 9, uniform walls\n",
            R::TITLE,
            h = house::<R>()
        );
        for line in [
            first.as_str(),
            "; 8 walls, 16 games\n",
            "A new: 0.500 points a game; put out in 1 of 8 games (12.5%): illegal 1\n",
            "B old: 0.125 points a game; put out in 2 of 8 games (25.0%): timeout 2\n",
            &format!(
                "A - B: +0.375 points a game, 95% interval {}",
                interval(&units)
            ),
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
        assert_eq!(
            line["format"],
            format!("mahjong-sim/{}-duel-report", R::NAME)
        );
        assert_eq!(line["version"], 2);
        assert_eq!(line["decision"], "none");
    }

    pub(crate) fn the_report_says_the_test_and_the_walls_left_uncounted<R: Ruleset>() {
        let (o, units) = (options::<R>(), units());
        let mut test = sequential_test::<R>(DEFAULT_SPRT, 2500, Seating::Round).unwrap();
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
    pub(crate) fn zero_spread_has_an_llr_and_the_floor_is_stated<R: Ruleset>() {
        let o = options::<R>();
        let zero = Unit {
            a_half: 5,
            b_half: 5,
            ..Unit::default()
        };
        let units = vec![zero; 3];
        let mut test = sequential_test::<R>(DEFAULT_SPRT, 2500, Seating::Round).unwrap();
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
    pub(crate) fn a_cap_that_can_never_decide_is_refused<R: Ruleset>() {
        let e = sequential_test::<R>(DEFAULT_SPRT, 86, Seating::Round)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--max-games 172 (86 walls) can never reach a decision")
                && e.contains("after 87 walls (174 games) at the earliest"),
            "{e}"
        );
        assert!(sequential_test::<R>(DEFAULT_SPRT, 87, Seating::Round).is_ok());
        // In every seating a wall is 48 games.
        let e = sequential_test::<R>(DEFAULT_SPRT, 86, Seating::Every)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--max-games 4128 (86 walls)") && e.contains("(4176 games)"),
            "{e}"
        );
        let t = Sprt::new(0.0, 3.5, 0.05, 0.05).unwrap();
        assert!(sequential_test::<R>(t, 1000, Seating::Round).is_err());
    }
}
