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

use super::entrant::{check_runnable, seat};
use super::guard::Containment;
use super::logs::{json_log, prepare_games, save_report, seat_records, write_file};
use super::pool::{self, Flow};
use super::ruleset::{Draws, Player, Ruleset, PLAYERS};
use super::seed::bot_seed;
use super::swiss::{pair_round, Chair, Table};
use super::Error;
use crate::named::BuiltInBot;
use crate::named::WallFamily;
use crate::place::{Context, Setting};
use record::RecordJson;
use std::fmt::Write;
use std::path::Path;
use std::time::Instant;

pub mod merge;
pub mod options;
pub mod record;
pub mod report;
pub mod settings;

use options::chair_name;
pub use options::{default_logs, tables, Options, Progress, Shard};
use report::{page_name, Listed, OutNote, Played};
pub use report::{OutJson, Report, StandingJson, TournamentFormat, TournamentJson, REPORT_VERSION};
pub use settings::{Settings, SettingsJson};
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
    let wall = opts.settings.family.seeded_wall(table.wall_seed);
    let chairs = table.seats(g);
    let mut seats = seats_at(opts, table, t, g, chairs);
    let game = R::play(
        &wall,
        Draws::Wall,
        R::Rules::default(),
        &mut seats,
        &mut |_| {},
    )
    .map_err(|source| Error::Io {
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
) -> [Player<R>; PLAYERS] {
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
        Chair::House => R::house().name(),
    });
    let setting = Setting {
        wall: opts.settings.family.wall_label(table.wall_seed),
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
/// The tournament's own tests. Those of a ruleset's bots are written over
/// any ruleset whose families include `uniform`, with its house bot as
/// the built-in (as `pub(crate)` functions): each such
/// ruleset runs them among its own tests (in the file that implements
/// [`Ruleset`] for it).
#[cfg(test)]
pub(crate) mod tests {
    use super::report::half;
    use super::*;
    use crate::contest::entrant::{BotSpec, Entrant};
    use crate::contest::logs::prepare_logs;
    use std::path::PathBuf;
    use std::time::Duration;

    fn entrant<R: Ruleset>(s: &str) -> Entrant<R> {
        Entrant::<R>::parse(s).unwrap()
    }

    /// The ruleset's house bot's name: a built-in bot of every ruleset.
    fn house<R: Ruleset>() -> String {
        R::house().name()
    }

    fn options<R: Ruleset>(duplicate: bool) -> Options<R> {
        let bots = vec![
            entrant(&format!("a={}", house::<R>())),
            Entrant {
                name: "b".into(),
                spec: BotSpec::Program("./b --n <2".into()),
            },
        ];
        let family = R::Family::from_name("uniform").expect("a uniform family");
        let mut settings = Settings::new(bots, family);
        settings.rounds = 3;
        settings.seed = 4;
        settings.duplicate = duplicate;
        settings.budget.time_limit = Duration::from_secs(1);
        settings.budget.memory_limit_mib = None;
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
        let h = house::<R>();
        assert_eq!(
            Entrant::<R>::parse(&format!("my-bot_1.2+={h}"))
                .unwrap()
                .name,
            "my-bot_1.2+"
        );
        assert_eq!(Entrant::<R>::parse(&h).unwrap().name, h);
        for bad in ["=", " =", "a b=", "é=", "a/b="] {
            let bad = format!("{bad}{h}");
            assert!(Entrant::<R>::parse(&bad).is_err(), "{bad}");
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
            R::TITLE.to_string()
                + " Swiss tournament: 2 bots, round 2 of 3, seed 4, duplicate format, uniform walls; 16 games\n\
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
        assert!(page.contains(&format!("<title>{} tournament, seed 4</title>", R::TITLE)));
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
