//! `mahjong-sim noi2014 duel`: is bot A stronger than bot B? Duplicate
//! walls ([`mahjong_sim::noi2014::duel`]: each wall four times with A in
//! every seat against the same opponents, then the same four games with B),
//! a fixed number of games or a sequential test that stops at the first
//! bound it crosses ([`mahjong_sim::stats`]), games in parallel, a live
//! progress line, every game's log saved, Ctrl-C printing the result so far.

use super::args::{count_in, jobs_or_cpus, parse_entrant, parse_noi_family, BotLimits};
use super::noi2014::write_json_log;
use super::{CliError, Verdict};
use mahjong_sim::contest::entrant::{seat, BotSpec, Entrant, Limits};
use mahjong_sim::contest::guard::{interrupted, Containment};
use mahjong_sim::contest::pool::{self, Flow, InOrder};
use mahjong_sim::noi2014::arena::Seat;
use mahjong_sim::noi2014::duel::{play_unit, seats, unit_wall, Unit, Who, GAMES_PER_UNIT};
use mahjong_sim::noi2014::families::Family;
use mahjong_sim::stats::{Decision, Sequential, Sprt, Summary};
use serde_json::json;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Is bot A stronger than bot B? Head-to-head on duplicate walls.
///
/// Each wall is played 8 times: 4 games with A in seat 0, 1, 2 and 3
/// against the same three opponents (--against, by default the
/// built-in greedy bot), then the same 4 games with B in A's place, so
/// the luck of the tiles and seats cancels out of each wall's
/// difference (A's points a game minus B's). With --sprt (the default)
/// a sequential probability ratio test on that difference (a normal
/// approximation on the paired walls, as fishtest's normalized SPRT)
/// stops at the first bound it crosses; --games N plays N games. A live
/// progress line shows games, the difference with its 95% interval and
/// the LLR against its bounds; the report gives both bots' points, how
/// often each was put out and why, and the verdict. Every game's log is
/// saved. Exit status 1 when the test accepts H0 (A is not stronger) or
/// the bots play identically; Ctrl-C prints the result so far (status
/// 130) with every bot process gone.
///
/// Example: mahjong-sim noi2014 duel --bot new=./mybot --bot old=./mybot-v1 --jobs 2
#[derive(clap::Args)]
pub struct Args {
    /// A, then B: NAME=BOT (BOT a built-in name or a program, as in
    /// play), or a built-in name alone. Exactly twice.
    #[arg(long = "bot", value_name = "NAME=BOT", required = true, num_args = 1, value_parser = parse_entrant)]
    pub bots: Vec<Entrant>,
    /// An opponent (up to 3; the missing ones are the greedy bot).
    #[arg(long, value_name = "NAME=BOT", value_parser = parse_entrant)]
    pub against: Vec<Entrant>,
    /// The seed of the walls.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play this many games (rounded up to whole walls of 8) instead of
    /// a sequential test.
    #[arg(long, value_name = "N", conflicts_with = "sprt", value_parser = count_in(1, 100_000_000))]
    pub games: Option<usize>,
    /// The sequential test's parameters, any of d0=X d1=X alpha=X
    /// beta=X: H0 is "A gains d0 points a game", H1 "A gains d1"; alpha
    /// and beta are the error rates. Defaults: d0=0 d1=0.1 alpha=0.05
    /// beta=0.05.
    #[arg(long, value_name = "KEY=VALUE", num_args = 0..=4)]
    pub sprt: Option<Vec<String>>,
    /// The most games a sequential test may play before it stops
    /// undecided.
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = count_in(8, 100_000_000))]
    pub max_games: usize,
    /// Walls played at once (1 to 256); the number of CPUs by default.
    #[arg(long, value_parser = count_in(1, 256))]
    pub jobs: Option<usize>,
    /// The family of the walls: uniform, kongs, multi-ron, long.
    #[arg(long, default_value = "uniform", value_parser = parse_noi_family)]
    pub family: Family,
    #[command(flatten)]
    pub limits: BotLimits,
    /// The folder for the logs (created; must be empty or new). By
    /// default noi2014-duel-seed-S.
    #[arg(long, value_name = "DIR")]
    pub logs: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `noi2014 duel`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let [a, b]: [Entrant; 2] = args.bots.try_into().map_err(|v: Vec<_>| {
        CliError::Other(format!(
            "a duel takes exactly two --bot (A, then B), not {}",
            v.len()
        ))
    })?;
    let length = match args.games {
        Some(n) => Length::Units((n as u64).div_ceil(8)),
        None => Length::Sprt(
            parse_sprt(args.sprt.as_deref().unwrap_or(&[])).map_err(CliError::Other)?,
            (args.max_games as u64).div_ceil(8),
        ),
    };
    let seed = args.seed;
    let options = Options {
        a,
        b,
        against: opponents(args.against)?,
        seed,
        length,
        jobs: jobs_or_cpus(args.jobs),
        family: args.family,
        limits: args.limits.into(),
        logs: args
            .logs
            .unwrap_or_else(|| PathBuf::from(format!("noi2014-duel-seed-{seed}"))),
        json: args.json,
    };
    let (out, verdict, interrupted) = duel(&options)?;
    let code = super::emit(&out, verdict)?;
    Ok(if interrupted {
        ExitCode::from(130)
    } else {
        code
    })
}

/// No decision before this many walls (a variance of a handful of units is
/// too uncertain to divide by).
pub const MIN_UNITS: u64 = 5;

/// The default test: H0 "A is no stronger", H1 "A gains 0.1 points a game".
pub const DEFAULT_SPRT: Sprt = Sprt {
    d0: 0.0,
    d1: 0.1,
    alpha: 0.05,
    beta: 0.05,
};

/// How long the duel goes on.
#[derive(Clone, Copy, Debug)]
pub enum Length {
    /// A fixed number of walls.
    Units(u64),
    /// A sequential test, with a cap on the walls.
    Sprt(Sprt, u64),
}

/// What the duel is.
pub struct Options {
    /// The challenger.
    pub a: Entrant,
    /// The bot it is measured against.
    pub b: Entrant,
    /// The three opponents.
    pub against: [Entrant; 3],
    /// Seed of the walls.
    pub seed: u64,
    /// How long.
    pub length: Length,
    /// Units played at once.
    pub jobs: usize,
    /// The wall family.
    pub family: Family,
    /// A program's limits a step.
    pub limits: Limits,
    /// Where the logs go (created; must be new or empty).
    pub logs: PathBuf,
    /// The report as JSON.
    pub json: bool,
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

/// The outcome of one unit, or why it is not counted.
type UnitResult = Result<Unit, CliError>;

/// Runs the duel; the report (text or JSON) and its verdict: negative when
/// the test accepts H0 or finds the bots identical.
#[allow(clippy::too_many_lines)] // TODO(issue 31): split after the contest move
pub fn duel(opts: &Options) -> Result<(Vec<u8>, Verdict, bool), CliError> {
    if opts.a.name == opts.b.name {
        return Err(CliError::Other(format!(
            "A and B are both named `{}`: give each its own NAME=",
            opts.a.name
        )));
    }
    super::tournament::prepare_logs(&opts.logs)?;
    let games_dir = opts.logs.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|source| CliError::Io {
        what: format!("cannot create {}", games_dir.display()),
        source,
    })?;
    // Ctrl-C: programs die now; the duel reports what it has.
    super::on_interrupt(super::OnInterrupt::Report);
    let guard = Containment::new();

    let max_units = match opts.length {
        Length::Units(n) => n,
        Length::Sprt(_, cap) => cap,
    };
    let mut test = match opts.length {
        Length::Sprt(t, _) => Some(Sequential::new(t, MIN_UNITS)),
        Length::Units(_) => None,
    };
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(250));
    let start = Instant::now();
    let mut in_order = InOrder::default();
    let mut counted: Vec<Unit> = Vec::new();
    let mut diffs = Summary::default();
    let mut decision = Decision::Continue;
    let mut error = None;
    let mut index = String::from("file\tunit\tgame\tchallenger\tseat0\tseat1\tseat2\tseat3\n");
    let played = pool::run(
        opts.jobs,
        0..max_units,
        |_, u| (u, play_one(opts, u, &games_dir)),
        |i, r| {
            if interrupted() {
                return Flow::Stop;
            }
            // Count the units in order, up to a decision.
            for (_, (u, r)) in in_order.push(i, r) {
                if decision != Decision::Continue || error.is_some() {
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
                diffs.push(unit.diff());
                if let Some(t) = &mut test {
                    decision = t.push(unit.diff());
                }
                counted.push(unit);
                bar.set_message(progress(&counted, &diffs, test.as_ref()));
            }
            let done = decision != Decision::Continue || counted.len() as u64 >= max_units;
            if done || error.is_some() {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
    ) as u64;
    bar.finish_and_clear();
    guard.finish();
    let interrupted = interrupted();
    if let Some(e) = error {
        if !interrupted {
            return Err(e);
        }
    }
    let report = Report {
        opts,
        units: &counted,
        diffs,
        test,
        decision,
        uncounted: played.saturating_sub(counted.len() as u64),
        interrupted,
        elapsed: start.elapsed(),
    };
    let write = |name: &str, bytes: &[u8]| super::files::write_file(&opts.logs.join(name), bytes);
    write("games.tsv", index.as_bytes())?;
    let mut units_tsv = String::from("unit\ta_points\tb_points\tdiff\n");
    for (u, unit) in counted.iter().enumerate() {
        units_tsv.push_str(&format!(
            "{u}\t{}\t{}\t{}\n",
            unit.a_points(),
            unit.b_points(),
            unit.diff()
        ));
    }
    write("units.tsv", units_tsv.as_bytes())?;
    let text = report.text();
    write("report.txt", &text)?;
    let mut j = serde_json::to_vec(&report.json()).expect("JSON to memory");
    j.push(b'\n');
    write("report.json", &j)?;
    let verdict = match decision {
        Decision::H0 | Decision::Identical => Verdict::Negative,
        _ => Verdict::Ok,
    };
    Ok((if opts.json { j } else { text }, verdict, interrupted))
}

fn entrant(opts: &Options, who: Who) -> &Entrant {
    match who {
        Who::A => &opts.a,
        Who::B => &opts.b,
        Who::Against(i) => &opts.against[i],
    }
}

fn file_name(u: u64, g: usize) -> String {
    format!("u{u:05}-g{}.jsonl", g + 1)
}

fn index_line(opts: &Options, u: u64, g: usize) -> String {
    let names = seats(g).map(|w| entrant(opts, w).name.clone());
    format!(
        "{}\t{u}\t{}\t{}\t{}\n",
        file_name(u, g),
        g + 1,
        if g < 4 { "A" } else { "B" },
        names.join("\t")
    )
}

/// Plays unit `u` and saves its eight logs.
fn play_one(opts: &Options, u: u64, games_dir: &Path) -> UnitResult {
    let wall = unit_wall(opts.seed, u, opts.family);
    let make = |who: Who, g: usize| -> Seat {
        seat(
            &entrant(opts, who).spec,
            bot_seed(opts.seed, u, who, g),
            opts.limits,
        )
    };
    let save = |g: usize, game: &mahjong_sim::noi2014::arena::Game| {
        if interrupted() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        let names = seats(g).map(|w| entrant(opts, w).name.clone());
        let commands = seats(g).map(|w| entrant(opts, w).spec.label());
        let header = json!({
            "type": "game",
            "unit": u,
            "game": g + 1,
            "challenger": if g < 4 { "A" } else { "B" },
            "wall": format!("wall {u} of duel seed {} ({})", opts.seed, opts.family.name()),
            "seats": names,
            "commands": commands,
        });
        let mut log = Vec::new();
        write_json_log(&mut log, header, game);
        std::fs::write(games_dir.join(file_name(u, g)), log)
    };
    play_unit(&wall, make, save).map_err(|source| CliError::Io {
        what: format!("unit {u} (wall {u}) could not be played"),
        source,
    })
}

/// The seed of a built-in sample bot's choices: its own stream per side,
/// unit and game, so that A = sample and B = sample are two players.
fn bot_seed(seed: u64, u: u64, who: Who, g: usize) -> u64 {
    let tag = match who {
        Who::A => 1,
        Who::B => 2,
        Who::Against(i) => 3 + i as u64,
    };
    seed ^ (u << 16) ^ (tag << 8) ^ g as u64
}

/// The progress line: games, the difference with its interval, the LLR
/// against its bounds.
fn progress(units: &[Unit], diffs: &Summary, test: Option<&Sequential>) -> String {
    let games = units.len() * GAMES_PER_UNIT;
    let ci = match diffs.ci95() {
        Some((lo, hi)) => format!(" [{lo:+.3}, {hi:+.3}]"),
        None => String::new(),
    };
    let llr = match test {
        Some(t) => {
            let (lo, hi) = t.sprt.bounds();
            match t.llr() {
                Some(l) => format!("  LLR {l:+.2} ({lo:.2}, {hi:.2})"),
                None => format!("  LLR - ({lo:.2}, {hi:.2})"),
            }
        }
        None => String::new(),
    };
    format!(
        "games {games}  A-B {:+.3}{ci} points a game{llr}",
        diffs.mean()
    )
}

struct Report<'a> {
    opts: &'a Options,
    units: &'a [Unit],
    diffs: Summary,
    test: Option<Sequential>,
    decision: Decision,
    uncounted: u64,
    interrupted: bool,
    elapsed: Duration,
}

impl Report<'_> {
    fn outs(&self, a: bool) -> BTreeMap<&'static str, usize> {
        let mut m = BTreeMap::new();
        for u in self.units {
            for k in if a { &u.a_out } else { &u.b_out } {
                *m.entry(*k).or_default() += 1;
            }
        }
        m
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
            return "fixed number of games: no sequential test".into();
        };
        let s = t.sprt;
        match self.decision {
            Decision::H1 => format!(
                "H1 accepted: A is stronger than B (by {} rather than {} points a game; error rates alpha {}, beta {})",
                s.d1, s.d0, s.alpha, s.beta
            ),
            Decision::H0 => format!(
                "H0 accepted: A is not stronger than B by {} points a game (rather {}; error rates alpha {}, beta {})",
                s.d1, s.d0, s.alpha, s.beta
            ),
            Decision::Identical => "the two bots played identically on every wall (every paired difference is 0): they are the same player here; no test is needed".into(),
            Decision::Continue => "no decision yet".into(),
        }
    }

    fn text(&self) -> Vec<u8> {
        let o = self.opts;
        let mut out = Vec::new();
        let against: Vec<&str> = o.against.iter().map(|e| e.name.as_str()).collect();
        let games = self.units.len() * GAMES_PER_UNIT;
        let w = &mut out;
        let _ = writeln!(
            w,
            "NOI2014 duel: A = {} ({}), B = {} ({}), against {}; seed {}, {} walls",
            o.a.name,
            o.a.spec.label(),
            o.b.name,
            o.b.spec.label(),
            against.join(", "),
            o.seed,
            o.family.name()
        );
        let _ = writeln!(
            w,
            "duplicate walls: each wall 4 games with A in every seat, the same 4 games with B; {} walls, {games} games in {:.1} s{}",
            self.units.len(),
            self.elapsed.as_secs_f64(),
            if self.interrupted { " (interrupted)" } else { "" }
        );
        for (a, e) in [(true, &o.a), (false, &o.b)] {
            let outs = self.outs(a);
            let n: usize = outs.values().sum();
            let kinds: Vec<String> = outs.iter().map(|(k, c)| format!("{k} {c}")).collect();
            let _ = writeln!(
                w,
                "{} {}: {:.3} points a game; put out in {n} of {} games ({:.1}%){}",
                if a { "A" } else { "B" },
                e.name,
                self.side_points(a),
                games / 2,
                100.0 * n as f64 / (games / 2).max(1) as f64,
                if kinds.is_empty() {
                    String::new()
                } else {
                    format!(": {}", kinds.join(", "))
                }
            );
        }
        let d = &self.diffs;
        let ci = match d.ci95() {
            Some((lo, hi)) => format!(", 95% interval [{lo:+.3}, {hi:+.3}]"),
            None => String::new(),
        };
        let sd = d
            .variance()
            .map_or(String::new(), |v| format!(", sd {:.3} a wall", v.sqrt()));
        let _ = writeln!(
            w,
            "A - B: {:+.3} points a game{ci} (Student's t on the paired walls{sd})",
            d.mean()
        );
        if let Some(t) = &self.test {
            let (lo, hi) = t.sprt.bounds();
            let llr = t.llr().map_or("-".to_string(), |l| format!("{l:+.3}"));
            let _ = writeln!(
                w,
                "SPRT d0={} d1={} alpha={} beta={} (normal approximation on the paired walls, their own variance; no decision before {MIN_UNITS} walls): LLR {llr}, bounds ({lo:.3}, {hi:.3})",
                t.sprt.d0, t.sprt.d1, t.sprt.alpha, t.sprt.beta
            );
        }
        let _ = writeln!(w, "{}", self.verdict_words());
        if self.uncounted > 0 {
            let _ = writeln!(
                w,
                "({} more wall{} in play when it ended; not counted)",
                self.uncounted,
                if self.uncounted == 1 {
                    " was"
                } else {
                    "s were"
                }
            );
        }
        let _ = writeln!(w, "logs in {}", o.logs.display());
        out
    }

    fn json(&self) -> serde_json::Value {
        let o = self.opts;
        let d = &self.diffs;
        let side = |a: bool, e: &Entrant| {
            json!({
                "name": e.name,
                "command": e.spec.label(),
                "points_a_game": self.side_points(a),
                "put_out": self.outs(a),
            })
        };
        json!({
            "a": side(true, &o.a),
            "b": side(false, &o.b),
            "against": o.against.iter().map(|e| e.name.clone()).collect::<Vec<_>>(),
            "seed": o.seed,
            "family": o.family.name(),
            "walls": self.units.len(),
            "games": self.units.len() * GAMES_PER_UNIT,
            "seconds": self.elapsed.as_secs_f64(),
            "diff": d.mean(),
            "ci95": d.ci95().map(|(lo, hi)| [lo, hi]),
            "sd": d.variance().map(f64::sqrt),
            "sprt": self.test.as_ref().map(|t| json!({
                "params": t.sprt,
                "llr": t.llr(),
                "bounds": [t.sprt.bounds().0, t.sprt.bounds().1],
                "min_walls": MIN_UNITS,
            })),
            "decision": self.decision,
            "verdict": self.verdict_words(),
            "uncounted_walls": self.uncounted,
            "interrupted": self.interrupted,
            "logs": o.logs.display().to_string(),
        })
    }
}

/// The opponents: those given, the missing ones the built-in greedy bot.
pub fn opponents(given: Vec<Entrant>) -> Result<[Entrant; 3], CliError> {
    if given.len() > 3 {
        return Err(CliError::Other(format!(
            "{} opponents given with --against; a table has room for 3",
            given.len()
        )));
    }
    let mut v = given;
    let mut k = 1;
    while v.len() < 3 {
        let name = loop {
            let n = if k == 1 {
                "greedy".to_string()
            } else {
                format!("greedy{k}")
            };
            k += 1;
            if !v.iter().any(|e| e.name == n) {
                break n;
            }
        };
        v.push(Entrant {
            name,
            spec: BotSpec::BuiltIn("greedy"),
        });
    }
    Ok(v.try_into().expect("three"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_sim::noi2014::PLAYERS;

    fn named(name: &str) -> Entrant {
        Entrant {
            name: name.into(),
            spec: BotSpec::BuiltIn("greedy"),
        }
    }

    fn options() -> Options {
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
            },
            logs: PathBuf::from("duel-logs"),
            json: false,
        }
    }

    /// Two walls: A 1 point a game then none, B none then a quarter; A put
    /// out once, B twice.
    fn units() -> Vec<Unit> {
        vec![
            Unit {
                a_half: [2; PLAYERS],
                b_half: [0; PLAYERS],
                a_out: vec![],
                b_out: vec!["timeout"],
            },
            Unit {
                a_half: [0; PLAYERS],
                b_half: [1, 1, 0, 0],
                a_out: vec!["illegal"],
                b_out: vec!["timeout"],
            },
        ]
    }

    fn report<'a>(opts: &'a Options, units: &'a [Unit], test: Option<Sequential>) -> Report<'a> {
        let mut diffs = Summary::default();
        for u in units {
            diffs.push(u.diff());
        }
        Report {
            opts,
            units,
            diffs,
            test,
            decision: Decision::Continue,
            uncounted: 0,
            interrupted: false,
            elapsed: Duration::from_millis(1500),
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
        assert_eq!(names(&[]), ["greedy", "greedy2", "greedy3"]);
        assert_eq!(names(&["greedy"]), ["greedy", "greedy2", "greedy3"]);
        assert_eq!(names(&["greedy2", "me"]), ["greedy2", "me", "greedy"]);
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
        assert_eq!(
            index_line(&o, 7, 1),
            "u00007-g2.jsonl\t7\t2\tA\tx\tnew\ty\tz\n"
        );
        assert_eq!(
            index_line(&o, 7, 7),
            "u00007-g8.jsonl\t7\t8\tB\tx\ty\tz\told\n"
        );
    }

    #[test]
    fn every_bot_of_a_duel_has_a_stream_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        let who = [
            Who::A,
            Who::B,
            Who::Against(0),
            Who::Against(1),
            Who::Against(2),
        ];
        for u in 0..4 {
            for w in who {
                for g in 0..GAMES_PER_UNIT {
                    assert!(seen.insert(bot_seed(5, u, w, g)), "{u} {w:?} {g}");
                }
            }
        }
        assert_ne!(bot_seed(5, 0, Who::A, 0), bot_seed(6, 0, Who::A, 0));
        // The seeds are part of a duel's record (the same seed, the same
        // games in every version): 5 ^ 1 << 16 ^ tag 5 << 8 ^ game 3.
        assert_eq!(bot_seed(5, 1, Who::Against(2), 3), 66_822);
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
            progress(&units, &r.diffs, None),
            "games 16  A-B +0.375 [-7.566, +8.316] points a game"
        );
        let text = String::from_utf8(r.text()).unwrap();
        for line in [
            "NOI2014 duel: A = new (greedy), B = old (greedy), against x, y, z; seed 9, uniform walls\n",
            "; 2 walls, 16 games in 1.5 s\n",
            "A new: 0.500 points a game; put out in 1 of 8 games (12.5%): illegal 1\n",
            "B old: 0.125 points a game; put out in 2 of 8 games (25.0%): timeout 2\n",
            "A - B: +0.375 points a game, 95% interval [-7.566, +8.316]",
            "fixed number of games: no sequential test\n",
            "logs in duel-logs\n",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        assert!(!text.contains("not counted"), "{text}");
        let j = r.json();
        assert_eq!(j["a"]["points_a_game"], 0.5);
        assert_eq!(j["b"]["put_out"]["timeout"], 2);
        assert_eq!(j["games"], 16);
        assert_eq!(j["verdict"], "fixed number of games: no sequential test");
    }

    #[test]
    fn the_report_says_the_test_and_the_walls_left_uncounted() {
        let (o, units) = (options(), units());
        let mut test = Sequential::new(DEFAULT_SPRT, MIN_UNITS);
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
            (
                Decision::Identical,
                "the two bots played identically on every wall",
            ),
            (Decision::Continue, "no decision yet"),
        ] {
            r.decision = decision;
            assert!(r.verdict_words().starts_with(words), "{decision:?}");
        }
        for (uncounted, line) in [
            (1, "(1 more wall was in play when it ended; not counted)\n"),
            (
                3,
                "(3 more walls were in play when it ended; not counted)\n",
            ),
        ] {
            r.uncounted = uncounted;
            let text = String::from_utf8(r.text()).unwrap();
            assert!(text.contains(line), "{text}");
            assert!(
                text.contains("SPRT d0=0 d1=0.1 alpha=0.05 beta=0.05"),
                "{text}"
            );
        }
        assert!(progress(&units, &r.diffs, r.test.as_ref()).contains("  LLR "));
    }
}
