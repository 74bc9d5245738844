//! The standings after some rounds ([`Report`]), the outcome of each game
//! they count, and the report's JSON (`report.json`, its schema committed
//! in `docs/schemas/`).

use super::options::Options;
use super::record::{GameJson, PutOutJson};
use crate::contest::ruleset::{format_name, Ruleset};
use crate::contest::swiss::{standings, Chair};
use crate::named::WallFamily;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::time::Duration;

/// One game's outcome, for the standings.
pub(super) struct Played {
    pub(super) table: usize,
    pub(super) game: usize,
    pub(super) file: String,
    pub(super) chairs: [Chair; 4],
    pub(super) half_points: [i32; 4],
    pub(super) won: [bool; 4],
    pub(super) put_out: [Option<OutNote>; 4],
    pub(super) starts: u64,
}

impl Played {
    /// The record of this game, played in round `round`.
    pub(super) fn record(&self, round: u32) -> GameJson {
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
pub(super) struct Listed {
    pub(super) round: u32,
    pub(super) table: usize,
    pub(super) game: usize,
    pub(super) page: String,
    pub(super) names: [String; 4],
    pub(super) half_points: [i32; 4],
}

/// The replay page of a game log `rRR-tT.jsonl`: `rRR-tT.html`.
pub(super) fn page_name(log: &str) -> String {
    format!("{}.html", log.trim_end_matches(".jsonl"))
}

/// Why a bot was put out, for the summary.
#[derive(Clone, Debug)]
pub(super) struct OutNote {
    pub(super) game: String,
    pub(super) request: usize,
    pub(super) kind: String,
    pub(super) reason: String,
    pub(super) stderr: String,
    pub(super) stdout: String,
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
    pub(super) outs: Vec<Vec<OutNote>>,
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
    pub(super) fn empty(opts: &Options<R>) -> Report<R> {
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
    pub(super) fn count(&mut self, p: &Played) {
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

    pub(super) fn games_per_second(&self) -> f64 {
        self.run_games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Put-out notes of bot `b` grouped by kind: (kind, count, first note).
    pub(super) fn out_kinds(&self, b: usize) -> Vec<(&str, usize, &OutNote)> {
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
            crate::contest::count(self.run_games, "game"),
            self.elapsed.as_secs_f64(),
            self.games_per_second(),
            crate::contest::count(self.starts as usize, "bot process"),
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
            crate::contest::count(o.bots.len(), "bot"),
            self.rounds_done,
            o.rounds,
            o.seed,
            if o.duplicate {
                "duplicate format, "
            } else {
                ""
            },
            o.family.name(),
            crate::contest::count(self.played_games, "game"),
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
    pub(super) fn index_html(&self, listed: &[Listed]) -> String {
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
            crate::contest::count(o.bots.len(), "bot"),
            self.rounds_done,
            o.rounds,
            o.seed,
            if o.duplicate { "duplicate format, " } else { "" },
            esc(o.family.name()),
            crate::contest::count(self.played_games, "game")
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
            family: o.family.name().to_string(),
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
    Noi2014TournamentReport,
    /// `mahjong-sim/mcr-tournament-report`.
    #[serde(rename = "mahjong-sim/mcr-tournament-report")]
    McrTournamentReport,
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
    /// Always `mahjong-sim/RULESET-tournament-report`, the ruleset's name in it.
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
pub(super) fn half(h: i64) -> String {
    if h % 2 == 0 {
        (h / 2).to_string()
    } else {
        format!("{}{}.5", if h < 0 { "-" } else { "" }, (h / 2).abs())
    }
}
