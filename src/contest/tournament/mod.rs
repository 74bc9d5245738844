//! `noi2014 tournament` as a library call: Swiss rounds (points 24-26)
//! between built-in bots and bot programs, games in parallel on the
//! [`super::pool`], every game's log saved, standings and a summary of every
//! bot put out ([`run`], from typed [`Options`]: what fixes the games,
//! [`Settings`], the one type the front ends build and `tournament.json`
//! records, and how they are played; a typed [`Report`]).
//!
//! The logs folder holds:
//! - `games/rRR-tT.jsonl` (`rRR-tT-gG.jsonl` in the duplicate format): the
//!   game's JSON Lines, as `noi2014 play --json` writes them, whose first
//!   line names the round, table, game, the wall's tiles and each seat's
//!   bot and command;
//! - `games.tsv`: one line per game, its file and the bots at seats 0-3;
//! - `games/rRR-tT.html`: each game's replay page;
//! - `report.txt`, `report.json` and `index.html` (the standings and
//!   every game's replay, by round): after every round, so an interrupted
//!   tournament keeps the standings of its finished rounds;
//! - `tournament.json`: the settings and every game's outcome
//!   ([`record`]), also after every round.
//!
//! # Shards
//!
//! A round's tables are independent, and its seating follows from the seed
//! and the standings after the rounds before it. So a tournament can be
//! played as shards on any machines: [`Options::shard`] plays one round
//! (or some of its tables), seated from the records of the earlier rounds'
//! shards, and [`merge`] counts every shard's games into the report one
//! machine gives.

use super::entrant::{check_runnable, seat, Entrant};
use super::guard::Containment;
use super::limits::Limits;
use super::logs::{json_log, prepare_games, save_report, seat_records, write_file};
use super::pool::{self, Flow};
use super::ruleset::{format_name, Draws, Ruleset, PLAYERS};
use super::seed::bot_seed;
use super::swiss::{pair_round, standings, Chair, Table};
use super::Error;
use crate::place::{Context, Setting};
use crate::process::{Grants, SandboxMode};
use record::{GameJson, PutOutJson, RecordJson};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub mod merge;
pub mod record;
pub mod settings;

pub use settings::{Settings, SettingsJson};

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
/// [`Settings`], what its record holds).
#[derive(Clone, Debug)]
pub struct Options<R: Ruleset> {
    /// What fixes the games: the bots, the rounds, the seed, the format,
    /// the wall family, a program's limits.
    pub settings: Settings<Entrant<R>, R::Family>,
    /// Games played at once.
    pub jobs: usize,
    /// Where the logs go (created; must not hold files already).
    pub logs: PathBuf,
    /// Play only this part of the tournament; `None` for all of it.
    pub shard: Option<Shard>,
    /// Whether programs run in a sandbox.
    pub sandbox: SandboxMode,
    /// What the sandbox shows a program beyond its allow-list.
    pub grants: Grants,
}

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
    /// The whole tournament of `settings`, its logs in `logs`, played as
    /// every front end plays one by default: a game per CPU at once,
    /// programs in the sandbox of [`Limits::default`].
    pub fn new(settings: Settings<Entrant<R>, R::Family>, logs: PathBuf) -> Self {
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
        self.settings.time_limit = limits.time;
        self.settings.memory_limit_mib = limits.memory_mib;
        self.sandbox = limits.sandbox;
        self.grants = limits.grants;
        self
    }

    /// A program's limits: the settings' time and memory, in the options'
    /// sandbox.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.settings.time_limit,
            memory_mib: self.settings.memory_limit_mib,
            sandbox: self.sandbox,
            grants: self.grants.clone(),
        }
    }

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
    fn record(&self) -> RecordJson {
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

/// One game's outcome, for the standings.
struct Played {
    table: usize,
    game: usize,
    file: String,
    chairs: [Chair; 4],
    half_points: [i32; 4],
    won: [bool; 4],
    put_out: [Option<OutNote>; 4],
    starts: u64,
}

impl Played {
    /// The record of this game, played in round `round`.
    fn record(&self, round: u32) -> GameJson {
        GameJson {
            round,
            table: self.table as u32 + 1,
            game: self.game as u32 + 1,
            file: self.file.clone(),
            seats: self.chairs.map(|c| match c {
                Chair::Bot(b) => Some(b),
                Chair::House => None,
            }),
            half_points: self.half_points,
            won: self.won,
            put_out: self.put_out.clone().map(|o| {
                o.map(|o| PutOutJson {
                    request: o.request,
                    kind: o.kind,
                    reason: o.reason,
                    stderr: o.stderr,
                    stdout: o.stdout,
                })
            }),
        }
    }
}

/// A game in the index page.
struct Listed {
    round: u32,
    table: usize,
    game: usize,
    page: String,
    names: [String; 4],
    half_points: [i32; 4],
}

/// The replay page of a game log `rRR-tT.jsonl`: `rRR-tT.html`.
fn page_name(log: &str) -> String {
    format!("{}.html", log.trim_end_matches(".jsonl"))
}

/// Why a bot was put out, for the summary.
#[derive(Clone, Debug)]
struct OutNote {
    game: String,
    request: usize,
    kind: String,
    reason: String,
    stderr: String,
    stdout: String,
}

/// Runs the tournament, calling `on_progress` at each round and game; the
/// standings after the last round. The logs folder gets every game's log
/// and replay page, and the standings after every round (so an interrupted
/// tournament keeps those of its finished rounds).
pub fn run<R: Ruleset>(
    opts: &Options<R>,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Report<R>, Error> {
    opts.settings.validate()?;
    // A shard is seated from the records of the rounds before it.
    let (rounds, before) = match &opts.shard {
        Some(shard) => (shard.round..=shard.round, merge::before(opts, shard)?),
        None => (1..=opts.settings.rounds, Report::empty(opts)),
    };
    let guard = Containment::new();
    let limits = opts.limits();
    check_runnable(opts.settings.bots.iter().map(|e| &e.spec), &limits)?;
    let games_dir = prepare_games(&opts.logs)?;
    let mut report = before;
    let mut record = opts.record();
    let mut index = "file\tround\ttable\tgame\tseat0\tseat1\tseat2\tseat3\n".to_string();
    let mut listed: Vec<Listed> = Vec::new();
    let start = Instant::now();
    for round in rounds {
        on_progress(Progress::Round {
            round,
            rounds: opts.settings.rounds,
        });
        let tables = pair_round(opts.settings.seed, round, &report.half_points);
        let played = match &opts.shard {
            Some(s) => s.tables_of(opts),
            None => 1..tables.len() as u32 + 1,
        };
        let jobs: Vec<(usize, usize)> = played
            .clone()
            .flat_map(|t| {
                (0..opts.settings.games_per_table() as usize).map(move |g| (t as usize - 1, g))
            })
            .collect();
        for p in run_jobs(opts, &tables, &jobs, &games_dir, on_progress)? {
            let names = p.chairs.map(|c| chair_name(opts, c));
            let _ = writeln!(
                index,
                "{}\t{round}\t{}\t{}\t{}",
                p.file,
                p.table + 1,
                p.game + 1,
                names.join("\t")
            );
            listed.push(Listed {
                round,
                table: p.table + 1,
                game: p.game + 1,
                page: page_name(&p.file),
                names,
                half_points: p.half_points,
            });
            record.games.push(p.record(round));
            report.count(&p);
            report.run_games += 1;
        }
        if played.len() == tables.len() {
            report.rounds_done = round;
        }
        report.elapsed = start.elapsed();
        save_round(&report, &record, &index, &listed)?;
    }
    guard.finish();
    Ok(report)
}

/// Saves the standings after a round: `tournament.json`, `games.tsv`,
/// `report.txt`, `report.json` and `index.html`.
fn save_round<R: Ruleset>(
    report: &Report<R>,
    record: &RecordJson,
    index: &str,
    listed: &[Listed],
) -> Result<(), Error> {
    let logs = &report.options.logs;
    write_file(&logs.join(record::FILE), &record.to_json())?;
    write_file(&logs.join("games.tsv"), index.as_bytes())?;
    save_report(logs, &report.json_line(), &report.text())?;
    write_file(
        &logs.join("index.html"),
        report.index_html(listed).as_bytes(),
    )
}

fn chair_name<R: Ruleset>(opts: &Options<R>, chair: Chair) -> String {
    match chair {
        Chair::Bot(b) => opts.settings.bots[b].name.clone(),
        Chair::House => "house".to_string(),
    }
}

/// Plays the round's games, `opts.jobs` at a time; their outcomes in job
/// order.
fn run_jobs<R: Ruleset>(
    opts: &Options<R>,
    tables: &[Table],
    jobs: &[(usize, usize)],
    games_dir: &Path,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Played>, Error> {
    let mut results: Vec<Option<Result<Played, Error>>> = (0..jobs.len()).map(|_| None).collect();
    pool::run(
        opts.jobs.clamp(1, jobs.len().max(1)),
        jobs.iter(),
        |_, &(t, g)| play_one(opts, &tables[t], t, g, games_dir),
        |i, played| {
            on_progress(Progress::Game);
            // On a failure no more games start; the others finish theirs.
            let flow = if played.is_err() {
                Flow::Stop
            } else {
                Flow::Continue
            };
            results[i] = Some(played);
            flow
        },
    );
    results.into_iter().flatten().collect()
}

fn play_one<R: Ruleset>(
    opts: &Options<R>,
    table: &Table,
    t: usize,
    g: usize,
    games_dir: &Path,
) -> Result<Played, Error> {
    let wall = R::seeded_wall(opts.settings.family, table.wall_seed);
    let chairs = table.seats(g);
    let mut seats = seats_at(opts, table, t, g, chairs);
    let game =
        R::play(&wall, Draws::Wall, &mut seats, &mut |_| {}).map_err(|source| Error::Io {
            what: format!(
                "cannot run a bot program at round {}, table {}",
                table.round, table.number
            ),
            source,
        })?;
    if super::guard::interrupted() {
        // Its bots were killed mid-game: the record is not the game's.
        return Err(Error::Io {
            what: format!("round {}, table {}", table.round, table.number),
            source: std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted"),
        });
    }
    let file = save_game(opts, table, (t, g), chairs, &game, games_dir)?;
    let outcome = R::outcome(&game);
    let put_out = outcome.put_out.map(|o| {
        o.map(|o| OutNote {
            game: file.clone(),
            request: o.request,
            kind: o.kind.to_string(),
            reason: o.reason,
            stderr: o.stderr,
            stdout: o.stdout,
        })
    });
    Ok(Played {
        table: t,
        game: g,
        file,
        chairs,
        half_points: outcome.half_points,
        won: outcome.won,
        put_out,
        starts: outcome.starts,
    })
}

/// The seats of game `g` at table `t`: the bots in their chairs (a sample
/// bot's stream by the one seed rule), house greedy bots in the others.
fn seats_at<R: Ruleset>(
    opts: &Options<R>,
    table: &Table,
    t: usize,
    g: usize,
    chairs: [Chair; PLAYERS],
) -> [R::Player; PLAYERS] {
    let limits = opts.limits();
    std::array::from_fn(|s| match chairs[s] {
        Chair::Bot(b) => seat(
            &opts.settings.bots[b].spec,
            bot_seed(
                opts.settings.seed,
                &[table.round.into(), t as u64 + 1, g as u64 + 1, s as u64],
            ),
            &limits,
        ),
        Chair::House => R::built_in(R::house(), 0),
    })
}

/// Saves game `g` of table `t`: its log and its replay page, in
/// `games_dir`; the log's file name.
fn save_game<R: Ruleset>(
    opts: &Options<R>,
    table: &Table,
    (t, g): (usize, usize),
    chairs: [Chair; 4],
    game: &R::Game,
    games_dir: &Path,
) -> Result<String, Error> {
    let file = if opts.settings.duplicate {
        format!("r{:02}-t{}-g{}.jsonl", table.round, t + 1, g + 1)
    } else {
        format!("r{:02}-t{}.jsonl", table.round, t + 1)
    };
    let names = chairs.map(|c| chair_name(opts, c));
    let commands = chairs.map(|c| match c {
        Chair::Bot(b) => opts.settings.bots[b].spec.label(),
        Chair::House => R::built_in_name(R::house()),
    });
    let setting = Setting {
        wall: R::wall_label(opts.settings.family, table.wall_seed),
        seats: seat_records(names.clone(), commands),
        context: Some(Context::Tournament {
            round: table.round,
            table: t as u32 + 1,
            game: g as u32 + 1,
        }),
    };
    write_file(&games_dir.join(&file), &json_log::<R>(&setting, game))?;
    let title = format!(
        "round {}, table {}{}",
        table.round,
        t + 1,
        if opts.settings.duplicate {
            format!(", game {}", g + 1)
        } else {
            String::new()
        }
    );
    let page = R::replay_page(game, &names, &title);
    write_file(&games_dir.join(page_name(&file)), page.as_bytes())?;
    Ok(file)
}

/// The standings after some rounds.
#[derive(Clone, Debug)]
pub struct Report<R: Ruleset> {
    /// The tournament it reports.
    pub options: Options<R>,
    /// Rounds played.
    pub rounds_done: u32,
    /// Each bot's points, in halves.
    pub half_points: Vec<i64>,
    /// Each bot's games.
    pub games: Vec<u32>,
    /// Each bot's wins.
    pub won: Vec<u32>,
    outs: Vec<Vec<OutNote>>,
    /// Games played.
    pub played_games: usize,
    /// Games this run played: a shard's own, without those of the rounds
    /// before it (in [`Report::run_line`] only).
    pub run_games: usize,
    /// Bot processes started (not in the report: it depends on how the
    /// games were played; [`Report::run_line`]).
    pub starts: u64,
    /// How long it took (in [`Report::run_line`] only).
    pub elapsed: Duration,
}

impl<R: Ruleset> Report<R> {
    /// The standings before the first game.
    fn empty(opts: &Options<R>) -> Report<R> {
        let n = opts.settings.bots.len();
        Report {
            options: opts.clone(),
            rounds_done: 0,
            half_points: vec![0; n],
            games: vec![0; n],
            won: vec![0; n],
            outs: vec![Vec::new(); n],
            played_games: 0,
            run_games: 0,
            starts: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Counts a game played: each bot's points, games, wins and outs.
    fn count(&mut self, p: &Played) {
        self.played_games += 1;
        self.starts += p.starts;
        for (s, chair) in p.chairs.iter().enumerate() {
            if let Chair::Bot(b) = *chair {
                self.half_points[b] += i64::from(p.half_points[s]);
                self.games[b] += 1;
                self.won[b] += u32::from(p.won[s]);
                if let Some(note) = &p.put_out[s] {
                    self.outs[b].push(note.clone());
                }
            }
        }
    }

    fn games_per_second(&self) -> f64 {
        self.run_games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Put-out notes of bot `b` grouped by kind: (kind, count, first note).
    fn out_kinds(&self, b: usize) -> Vec<(&str, usize, &OutNote)> {
        let mut kinds: Vec<(&str, usize, &OutNote)> = Vec::new();
        for note in &self.outs[b] {
            match kinds.iter_mut().find(|k| k.0 == note.kind) {
                Some(k) => k.1 += 1,
                None => kinds.push((&note.kind, 1, note)),
            }
        }
        kinds
    }

    /// How the games were played, for stderr (not in the report, which
    /// follows from the games alone): the time, the processes started and
    /// the logs folder.
    pub fn run_line(&self) -> String {
        format!(
            "played {} in {:.1} s ({:.2} a second, {} started); logs in {}",
            super::count(self.run_games, "game"),
            self.elapsed.as_secs_f64(),
            self.games_per_second(),
            super::count(self.starts as usize, "bot process"),
            self.options.logs.display(),
        )
    }

    /// The standings for people: each bot's place, points, games and wins,
    /// and every bot put out with why.
    pub fn text(&self) -> String {
        let o = &self.options.settings;
        let mut out = String::new();
        writeln!(
            out,
            "{} Swiss tournament: {}, round {} of {}, seed {}, {}{} walls; {}",
            R::TITLE,
            super::count(o.bots.len(), "bot"),
            self.rounds_done,
            o.rounds,
            o.seed,
            if o.duplicate {
                "duplicate format, "
            } else {
                ""
            },
            R::family_name(o.family),
            super::count(self.played_games, "game"),
        )
        .expect("to memory");
        if let Some(shard) = &self.options.shard {
            let t = shard.tables_of(&self.options);
            let tables = match t.len() {
                1 => format!("table {}", t.start),
                _ => format!("tables {} to {}", t.start, t.end - 1),
            };
            let after = match shard.round {
                1 => String::new(),
                2 => ", seated after round 1".to_string(),
                r => format!(", seated after rounds 1 to {}", r - 1),
            };
            writeln!(
                out,
                "a shard: round {}, {tables}{after}; `{} merge` counts the shards into the standings",
                shard.round,
                R::NAME,
            )
            .expect("to memory");
        }
        writeln!(out, "\nplace  points  games  won  out  bot").expect("to memory");
        for s in standings(&self.half_points) {
            writeln!(
                out,
                "{:<6} {:<7} {:<6} {:<4} {:<4} {}",
                s.place,
                half(s.half_points),
                self.games[s.bot],
                self.won[s.bot],
                self.outs[s.bot].len(),
                o.bots[s.bot].name
            )
            .expect("to memory");
        }
        if self.outs.iter().any(|v| !v.is_empty()) {
            writeln!(out, "\nput out:").expect("to memory");
            for (b, e) in o.bots.iter().enumerate() {
                for (kind, count, first) in self.out_kinds(b) {
                    let mut stderr = String::new();
                    for (name, text) in [("stdout", &first.stdout), ("stderr", &first.stderr)] {
                        if !text.is_empty() {
                            let _ =
                                write!(stderr, "; its {name} ends: {}", text.replace('\n', " | "));
                        }
                    }
                    writeln!(
                        out,
                        "  {}: {kind}, {count} time{}; first in {} at request {}: {}{stderr}",
                        e.name,
                        if count == 1 { "" } else { "s" },
                        first.game,
                        first.request,
                        first.reason
                    )
                    .expect("to memory");
                }
            }
        }
        out
    }

    /// `index.html`: the standings and every game's replay, by round.
    fn index_html(&self, listed: &[Listed]) -> String {
        use crate::replay::html_escape as esc;
        let o = &self.options.settings;
        let mut h = String::new();
        h.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        h.push_str(&format!(
            "<title>{} tournament, seed {}</title>\n",
            R::TITLE,
            o.seed
        ));
        h.push_str("<style>body{font-family:system-ui,sans-serif;margin:1em auto;max-width:60em;padding:0 1em;background:#f6f5f0;color:#222}table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .7em;border-bottom:1px solid #ccc;text-align:left}th{background:#2c3e2f;color:#fff}td.n{text-align:right}code{font-size:90%;word-break:break-all}li{margin:.2em 0}a{color:#1a5fb4}</style>\n</head><body>\n");
        h.push_str(&format!(
            "<h1>{} Swiss tournament</h1>\n<p>{}, round {} of {}, seed {}, {}{} walls; {}. Each game links to its replay.</p>\n",
            R::TITLE,
            super::count(o.bots.len(), "bot"),
            self.rounds_done,
            o.rounds,
            o.seed,
            if o.duplicate { "duplicate format, " } else { "" },
            esc(R::family_name(o.family)),
            super::count(self.played_games, "game")
        ));
        h.push_str("<h2>Standings</h2>\n<table><tr><th>place</th><th>points</th><th>games</th><th>won</th><th>out</th><th>bot</th><th>command</th></tr>\n");
        for s in standings(&self.half_points) {
            let e = &o.bots[s.bot];
            h.push_str(&format!(
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
                s.place,
                half(s.half_points),
                self.games[s.bot],
                self.won[s.bot],
                self.outs[s.bot].len(),
                esc(&e.name),
                esc(&e.spec.label())
            ));
        }
        h.push_str("</table>\n<h2>Games</h2>\n");
        let mut round = 0;
        for l in listed {
            if l.round != round {
                if round != 0 {
                    h.push_str("</ul>\n");
                }
                round = l.round;
                h.push_str(&format!("<h3>Round {round}</h3>\n<ul>\n"));
            }
            let seats: Vec<String> = (0..4)
                .map(|s| format!("{} {}", esc(&l.names[s]), half(i64::from(l.half_points[s]))))
                .collect();
            let game = if o.duplicate {
                format!(", game {}", l.game)
            } else {
                String::new()
            };
            h.push_str(&format!(
                "<li><a href=\"games/{}\">table {}{game}</a>: {}</li>\n",
                esc(&l.page),
                l.table,
                seats.join(" · ")
            ));
        }
        if round != 0 {
            h.push_str("</ul>\n");
        }
        h.push_str("</body></html>\n");
        h
    }

    /// The standings as one line of JSON (`--json`, `report.json`).
    pub fn json_line(&self) -> String {
        let mut j = serde_json::to_string(&self.json()).expect("JSON to memory");
        j.push('\n');
        j
    }

    /// The standings as JSON: a [`TournamentJson`].
    pub fn json(&self) -> TournamentJson {
        let o = &self.options.settings;
        let standings = standings(&self.half_points)
            .iter()
            .map(|s| {
                let e = &o.bots[s.bot];
                StandingJson {
                    place: s.place,
                    bot: e.name.clone(),
                    command: e.spec.label(),
                    points: s.half_points as f64 / 2.0,
                    games: self.games[s.bot],
                    won: self.won[s.bot],
                    put_out: self.outs[s.bot]
                        .iter()
                        .map(|n| OutJson {
                            game: n.game.clone(),
                            request: n.request,
                            kind: n.kind.replace([' ', '-'], "_"),
                            reason: n.reason.clone(),
                            stderr: n.stderr.clone(),
                            stdout: n.stdout.clone(),
                        })
                        .collect(),
                }
            })
            .collect();
        TournamentJson {
            format: format_name::<R, _>("tournament-report"),
            version: REPORT_VERSION,
            rounds: o.rounds,
            rounds_done: self.rounds_done,
            seed: o.seed,
            duplicate: o.duplicate,
            family: R::family_name(o.family).to_string(),
            games: self.played_games,
            standings,
        }
    }
}

/// The version of the tournament report's format.
pub const REPORT_VERSION: u32 = 2;

/// The tournament report's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TournamentFormat {
    /// `mahjong-sim/noi2014-tournament-report`.
    #[serde(rename = "mahjong-sim/noi2014-tournament-report")]
    TournamentReport,
}

/// The standings as JSON (`noi2014 tournament --json`, `report.json`,
/// `noi2014 merge --json`): versioned, its schema committed in
/// `docs/schemas/`. It follows from the games alone: version 2 left out
/// version 1's `seconds`, `games_per_second`, `processes_started` and
/// `logs` (now [`Report::run_line`]), so that a merge of shards gives the
/// very report of one machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct TournamentJson {
    /// Always `mahjong-sim/noi2014-tournament-report`.
    pub format: TournamentFormat,
    /// The version of the format, [`REPORT_VERSION`].
    #[schemars(range(min = 2, max = 2))]
    pub version: u32,
    /// Rounds asked for.
    pub rounds: u32,
    /// Rounds played.
    pub rounds_done: u32,
    /// The seed of seatings and walls.
    pub seed: u64,
    /// Each table played its wall four times, seats rotated.
    pub duplicate: bool,
    /// The wall family.
    pub family: String,
    /// Games played.
    pub games: usize,
    /// The bots, best first.
    pub standings: Vec<StandingJson>,
}

/// A bot's line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct StandingJson {
    /// Its place (ties share one).
    pub place: usize,
    /// Its name.
    pub bot: String,
    /// The built-in bot's name or the program's command line.
    pub command: String,
    /// Its points.
    pub points: f64,
    /// Games it played.
    pub games: u32,
    /// Games it won.
    pub won: u32,
    /// Every game it was put out of.
    pub put_out: Vec<OutJson>,
}

/// A game a bot was put out of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct OutJson {
    /// The game's log file.
    pub game: String,
    /// The request it was put out at (from 1).
    pub request: usize,
    /// What kind of reason (`no_usable_answer`, `malformed_answer`,
    /// `illegal_move`, `kong_on_an_empty_wall`).
    pub kind: String,
    /// Why, in words.
    pub reason: String,
    /// The end of its standard error, when it failed.
    pub stderr: String,
    /// The end of its standard output, when it failed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdout: String,
}

/// Half points as points: `7` is 3.5, `-1` is -0.5.
fn half(h: i64) -> String {
    if h % 2 == 0 {
        (h / 2).to_string()
    } else {
        format!("{}{}.5", if h < 0 { "-" } else { "" }, (h / 2).abs())
    }
}

/// The tournament's own tests. Those of a ruleset's bots are written over
/// any ruleset whose built-in bots include `greedy` and `sample` and whose
/// families include `uniform` (as `pub(crate)` functions): each such
/// ruleset runs them among its own tests (in the file that implements
/// [`Ruleset`] for it).
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::contest::entrant::BotSpec;
    use crate::contest::logs::prepare_logs;

    fn entrant<R: Ruleset>(s: &str) -> Entrant<R> {
        Entrant::<R>::parse(s).unwrap()
    }

    fn options<R: Ruleset>(duplicate: bool) -> Options<R> {
        let bots = vec![
            entrant("a=greedy"),
            Entrant {
                name: "b".into(),
                spec: BotSpec::Program("./b --n <2".into()),
            },
        ];
        let family = R::parse_family("uniform").expect("a uniform family");
        let mut settings = Settings::new(bots, family);
        settings.rounds = 3;
        settings.seed = 4;
        settings.duplicate = duplicate;
        settings.time_limit = Duration::from_secs(1);
        settings.memory_limit_mib = None;
        Options {
            jobs: 1,
            ..Options::new(settings, PathBuf::from("t-logs"))
        }
    }

    fn note(kind: &str, game: &str, stderr: &str) -> OutNote {
        OutNote {
            game: game.into(),
            request: 12,
            kind: kind.into(),
            reason: format!("{kind} reason"),
            stderr: stderr.into(),
            stdout: String::new(),
        }
    }

    pub(crate) fn names_are_letters_digits_and_four_signs<R: Ruleset>() {
        assert_eq!(
            Entrant::<R>::parse("my-bot_1.2+=greedy").unwrap().name,
            "my-bot_1.2+"
        );
        assert_eq!(Entrant::<R>::parse("sample").unwrap().name, "sample");
        for bad in [
            "=greedy",
            " =greedy",
            "a b=greedy",
            "é=greedy",
            "a/b=greedy",
        ] {
            assert!(Entrant::<R>::parse(bad).is_err(), "{bad}");
        }
    }

    pub(crate) fn half_points_pages_and_chairs_are_named<R: Ruleset>() {
        let shown: Vec<String> = [0, 1, 7, 8, -1, -8].map(half).to_vec();
        assert_eq!(shown, ["0", "0.5", "3.5", "4", "-0.5", "-4"]);
        assert_eq!(page_name("r01-t2.jsonl"), "r01-t2.html");
        let o = options::<R>(false);
        assert_eq!(chair_name(&o, Chair::Bot(0)), "a");
        assert_eq!(chair_name(&o, Chair::House), "house");
    }

    #[test]
    fn a_logs_folder_is_created_or_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("logs");
        prepare_logs(&dir).unwrap();
        assert!(dir.is_dir());
        prepare_logs(&dir).unwrap();
        std::fs::write(dir.join("x"), "").unwrap();
        let e = prepare_logs(&dir).unwrap_err().to_string();
        assert!(e.contains("is not empty"), "{e}");
        let e = prepare_logs(&dir.join("x")).unwrap_err().to_string();
        assert!(e.starts_with("cannot use the logs folder"), "{e}");
    }

    /// A report of two bots after two rounds, one of them put out three
    /// times.
    fn two_rounds<R: Ruleset>() -> Report<R> {
        let outs = vec![
            vec![],
            vec![
                note("timeout", "r01-t1.jsonl", ""),
                OutNote {
                    stdout: "Error: no heap".into(),
                    ..note("crash", "r01-t1.jsonl", "oops\nbye")
                },
                note("timeout", "r02-t1.jsonl", ""),
            ],
        ];
        Report {
            options: options::<R>(true),
            rounds_done: 2,
            half_points: vec![5, 8],
            games: vec![8, 8],
            won: vec![1, 2],
            outs,
            played_games: 16,
            run_games: 16,
            starts: 6,
            elapsed: Duration::from_secs(4),
        }
    }

    pub(crate) fn the_run_line_says_how_the_games_were_played<R: Ruleset>() {
        let r = two_rounds::<R>();
        assert_eq!(
            r.run_line(),
            "played 16 games in 4.0 s (4.00 a second, 6 bot processes started); logs in t-logs"
        );
        let shard = Report {
            run_games: 4,
            ..two_rounds::<R>()
        };
        assert!(shard
            .run_line()
            .starts_with("played 4 games in 4.0 s (1.00 a second"));
    }

    pub(crate) fn the_report_gives_standings_outs_and_every_game<R: Ruleset>() {
        let r = two_rounds::<R>();
        let kinds: Vec<(&str, usize, &str)> = r
            .out_kinds(1)
            .iter()
            .map(|(k, n, first)| (*k, *n, first.game.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [("timeout", 2, "r01-t1.jsonl"), ("crash", 1, "r01-t1.jsonl")]
        );
        let text = r.text();
        assert_eq!(
            text,
            "NOI2014 Swiss tournament: 2 bots, round 2 of 3, seed 4, duplicate format, uniform walls; 16 games\n\
             \nplace  points  games  won  out  bot\n\
             1      4       8      2    3    b\n\
             2      2.5     8      1    0    a\n\
             \nput out:\n\
             \x20 b: timeout, 2 times; first in r01-t1.jsonl at request 12: timeout reason\n\
             \x20 b: crash, 1 time; first in r01-t1.jsonl at request 12: crash reason; its stdout ends: Error: no heap; its stderr ends: oops | bye\n"
        );
        let j = r.json();
        assert_eq!(j.standings[0].bot, "b");
        assert_eq!(j.standings[0].points, 4.0);
        assert_eq!(j.standings[0].put_out[0].kind, "timeout");
        assert_eq!(j.standings[0].put_out[1].stdout, "Error: no heap");

        let listed = |round, table| Listed {
            round,
            table,
            game: 2,
            page: format!("r0{round}-t{table}-g2.html"),
            names: ["a", "b", "house", "house"].map(String::from),
            half_points: [2, 3, 0, 1],
        };
        let page = r.index_html(&[listed(1, 1), listed(1, 2), listed(2, 1)]);
        assert!(page.contains("<title>NOI2014 tournament, seed 4</title>"));
        assert!(
            page.contains("<td>b</td><td><code>./b --n &lt;2</code></td>"),
            "{page}"
        );
        let games = &page[page.find("<h2>Games</h2>").unwrap()..];
        assert_eq!(
            games,
            "<h2>Games</h2>\n<h3>Round 1</h3>\n<ul>\n\
             <li><a href=\"games/r01-t1-g2.html\">table 1, game 2</a>: a 1 · b 1.5 · house 0 · house 0.5</li>\n\
             <li><a href=\"games/r01-t2-g2.html\">table 2, game 2</a>: a 1 · b 1.5 · house 0 · house 0.5</li>\n\
             </ul>\n<h3>Round 2</h3>\n<ul>\n\
             <li><a href=\"games/r02-t1-g2.html\">table 1, game 2</a>: a 1 · b 1.5 · house 0 · house 0.5</li>\n\
             </ul>\n</body></html>\n"
        );
        assert!(!r.index_html(&[]).contains("<ul>"));
        // Nobody put out: no such section.
        let none = vec![vec![], vec![]];
        let r = Report { outs: none, ..r };
        assert!(!r.text().contains("put out"));
    }
}
