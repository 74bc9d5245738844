//! A tournament's shards, run anywhere, counted as one machine would have
//! counted them (`noi2014 merge`), and the standings that seat a shard's
//! round (`noi2014 tournament --round R --after DIR...`).
//!
//! Each shard's logs folder holds its settings and games
//! ([`super::record`]) and each game's log. The count goes round by round
//! from round 1: it seats the round from the standings so far (as the
//! tournament does), requires every game of the round from exactly one
//! shard, seated as that seating says (a shard played after other
//! standings is refused), optionally checks each game against its log
//! (the wall's tiles, who sat where, every seat's points), and counts it
//! into the [`Report`] one machine prints for the same rounds.

use super::options::{chair_name, tables, Options, Shard};
use super::record::{self, GameJson, RecordJson};
use super::report::{OutNote, Played, Report};
use super::settings::SettingsJson;
use crate::contest::entrant::BotJson;
use crate::contest::logs::{parse_record, read_record, settings_difference};
use crate::contest::ruleset::{Draws, Ruleset};
use crate::contest::swiss::{pair_round, Table};
use crate::contest::Error;
use crate::named::WallFamily;
use crate::place::Context;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One shard: its folder and record.
struct Source {
    dir: PathBuf,
    record: RecordJson,
}

/// Reads a shard's record from its folder.
fn read_source<R: Ruleset>(dir: &Path) -> Result<Source, Error> {
    let written = "a tournament's logs folder holds it once a round has ended";
    parse_source::<R>(dir, &read_record(dir, record::FILE, written)?)
}

/// A shard's record from its bytes; `dir` is its folder, or where it came
/// from.
fn parse_source<R: Ruleset>(dir: &Path, bytes: &[u8]) -> Result<Source, Error> {
    let record = parse_record::<R, _>(
        dir,
        record::FILE,
        bytes,
        "a tournament's",
        "tournament-games",
        record::VERSION,
        |r: &RecordJson| r.version,
    )?;
    Ok(Source {
        dir: dir.to_path_buf(),
        record,
    })
}

/// The options a merged report shows: the settings, with `logs` the first
/// shard's folder.
fn options<R: Ruleset>(s: &SettingsJson, logs: &Path) -> Result<Options<R>, Error> {
    let family = R::Family::from_name(&s.family).ok_or_else(|| {
        Error::Usage(format!(
            "the shards' settings: no wall family `{}`",
            s.family
        ))
    })?;
    let mut options = Options::new(s.map(BotJson::entrant, |_| family), logs.to_path_buf());
    options.jobs = 1;
    Ok(options)
}

/// A game's place in the tournament, for messages.
fn game_name<R: Ruleset>(opts: &Options<R>, round: u32, table: u32, game: u32) -> String {
    if opts.settings.duplicate {
        format!("round {round}, table {table}, game {game}")
    } else {
        format!("round {round}, table {table}")
    }
}

/// A game's outcome from its record.
fn played(g: &GameJson) -> Played {
    Played {
        table: g.table as usize - 1,
        game: g.game as usize - 1,
        file: g.file.clone(),
        chairs: g.seats.map(record::chair),
        half_points: g.half_points,
        won: g.won,
        put_out: g.put_out.clone().map(|o| {
            o.map(|o| OutNote {
                game: g.file.clone(),
                request: o.request,
                kind: o.kind,
                reason: o.reason,
                stderr: o.stderr,
                stdout: o.stdout,
            })
        }),
        starts: 0,
    }
}

/// Checks game `rec` of `table` against its log in `src`: the log's
/// place, the wall's tiles, who sat where and every seat's points.
fn check_log<R: Ruleset>(
    src: &Source,
    opts: &Options<R>,
    table: &Table,
    rec: &GameJson,
) -> Result<(), Error> {
    let path = src.dir.join("games").join(&rec.file);
    let place = game_name(opts, rec.round, rec.table, rec.game);
    let bad = |why: String| {
        Error::Usage(format!(
            "{}: the log of {place} does not match the tournament: {why}",
            path.display()
        ))
    };
    let bytes = std::fs::read(&path).map_err(|source| Error::Io {
        what: format!("cannot read the log of {place}: {}", path.display()),
        source,
    })?;
    let wall = opts.settings.family.seeded_wall(table.wall_seed);
    let log = R::read_log(&bytes, &wall, Draws::Wall).map_err(bad)?;
    let want = Context::Tournament {
        round: rec.round,
        table: rec.table,
        game: rec.game,
    };
    if log.context.as_ref() != Some(&want) {
        return Err(bad(format!("its header says {:?}", log.context)));
    }
    if !log.same_wall {
        return Err(bad("another wall's tiles".into()));
    }
    let names = rec.seats.map(|s| chair_name(opts, record::chair(s)));
    if log.names.iter().ne(names.iter()) {
        return Err(bad("other bots in the seats".into()));
    }
    let got = log.half_points;
    if got != rec.half_points {
        return Err(bad(format!(
            "its result gives the seats {got:?} half points, the record {:?}",
            rec.half_points
        )));
    }
    Ok(())
}

/// Counts the games of `sources` round by round from round 1 into a report
/// of `opts`: every round they hold a game of must be whole, each game
/// seated as the standings before its round seat it; each game checked
/// against its log when `check_logs`.
fn count<R: Ruleset>(
    sources: &[Source],
    opts: &Options<R>,
    check_logs: bool,
) -> Result<Report<R>, Error> {
    let per_table = opts.settings.games_per_table();
    let n_tables = tables(opts.settings.bots.len());
    let mut games: BTreeMap<(u32, u32, u32), (&Source, &GameJson)> = BTreeMap::new();
    for src in sources {
        for g in &src.record.games {
            let place = game_name(opts, g.round, g.table, g.game);
            let fits = (1..=opts.settings.rounds).contains(&g.round)
                && (1..=n_tables).contains(&g.table)
                && (1..=per_table).contains(&g.game);
            if !fits {
                return Err(Error::Usage(format!(
                    "{} holds {place}, which is no game of the tournament ({} rounds of {} tables)",
                    src.dir.display(),
                    opts.settings.rounds,
                    n_tables
                )));
            }
            if let Some((other, _)) = games.insert((g.round, g.table, g.game), (src, g)) {
                return Err(Error::Usage(format!(
                    "{} and {} both hold {place}: a game is counted once",
                    other.dir.display(),
                    src.dir.display()
                )));
            }
        }
    }
    let last = games.keys().map(|k| k.0).max().unwrap_or(0);
    let mut report = Report::empty(opts);
    for round in 1..=last {
        let seating = pair_round(opts.settings.seed, round, &report.half_points);
        let missing: Vec<u32> = seating
            .iter()
            .filter(|t| (1..=per_table).any(|g| !games.contains_key(&(round, t.number, g))))
            .map(|t| t.number)
            .collect();
        if let Some(&first) = missing.first() {
            let mut end = first + 1;
            while missing.contains(&end) {
                end += 1;
            }
            let after = match round {
                1 => String::new(),
                r => format!(" --after (the folders of rounds 1 to {})", r - 1),
            };
            return Err(Error::Usage(format!(
                "no shard holds {} of round {round}, and the standings need every game of a round: run `{} tournament --round {round} --tables {first}..{end}{after}` with the same settings and merge it too",
                if end > first + 1 {
                    format!("tables {first} to {}", end - 1)
                } else {
                    format!("table {first}")
                },
                R::NAME,
            )));
        }
        for table in &seating {
            for g in 1..=per_table {
                let (src, rec) = games[&(round, table.number, g)];
                let seated = table.seats(g as usize - 1);
                if rec.seats.map(record::chair) != seated {
                    return Err(Error::Usage(format!(
                        "{}: {} was seated as the standings after other games than these seat it: play it again with --after the folders of rounds 1 to {} that are merged here",
                        src.dir.display(),
                        game_name(opts, round, table.number, g),
                        round - 1
                    )));
                }
                if check_logs {
                    check_log(src, opts, table, rec)?;
                }
                report.count(&played(rec));
            }
        }
        report.rounds_done = round;
    }
    Ok(report)
}

/// The standings that seat `shard`'s round: its `after` folders' games,
/// which must be every game of rounds 1 to `round - 1`, of a tournament of
/// the same settings, and none later (their logs are not read).
pub(super) fn before<R: Ruleset>(opts: &Options<R>, shard: &Shard) -> Result<Report<R>, Error> {
    if !(1..=opts.settings.rounds).contains(&shard.round) {
        return Err(Error::Usage(format!(
            "--round {} is not a round of a tournament of {} rounds",
            shard.round, opts.settings.rounds
        )));
    }
    let n = tables(opts.settings.bots.len());
    if let Some(t) = &shard.tables {
        if t.is_empty() || t.start < 1 || t.end > n + 1 {
            return Err(Error::Usage(format!(
                "--tables {}..{}: a round of {} has tables 1 to {n}; FROM..TO plays tables FROM to TO - 1",
                t.start,
                t.end,
                crate::contest::count(opts.settings.bots.len(), "bot")
            )));
        }
    }
    let own = opts.settings.record();
    let mut sources = Vec::new();
    for dir in &shard.after {
        let src = read_source::<R>(dir)?;
        if let Some(d) = settings_difference(&own, &src.record.settings, super::settings::SETTINGS)
        {
            return Err(Error::Usage(format!(
                "{} is a shard of another tournament: {d}",
                dir.display()
            )));
        }
        if let Some(g) = src.record.games.iter().find(|g| g.round >= shard.round) {
            return Err(Error::Usage(format!(
                "{} holds {}: --after takes the folders of rounds before round {} only",
                dir.display(),
                game_name(opts, g.round, g.table, g.game),
                shard.round
            )));
        }
        sources.push(src);
    }
    let report = count(&sources, opts, false)?;
    if report.rounds_done + 1 != shard.round {
        let held = match report.rounds_done {
            0 => "no game".to_string(),
            1 => "round 1 only".to_string(),
            r => format!("rounds 1 to {r} only"),
        };
        return Err(Error::Usage(format!(
            "round {} is seated by the standings after round {}, and the --after folders hold {held}: give --after the logs folders of every game of rounds 1 to {}",
            shard.round,
            shard.round - 1,
            shard.round - 1
        )));
    }
    Ok(report)
}

/// What merging found: the report and the shards.
#[derive(Clone, Debug)]
pub struct Merged<R: Ruleset> {
    /// The report one machine prints for the same rounds.
    pub report: Report<R>,
    /// Each shard's folder and what it holds, in words.
    pub shards: Vec<(PathBuf, String)>,
}

/// Shards added one at a time (from folders, or from a driver's tasks).
/// Every shard must have the first one's settings.
#[derive(Default)]
pub struct Merger<R: Ruleset> {
    sources: Vec<Source>,
    opts: Option<Options<R>>,
}

impl<R: Ruleset> Merger<R> {
    /// A merger with no shard yet.
    pub fn new() -> Merger<R> {
        Merger::default()
    }

    /// Adds the shard whose logs folder is `dir`.
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), Error> {
        let src = read_source::<R>(dir)?;
        self.add(src)
    }

    /// Adds a shard's record (a `tournament.json`'s bytes); `origin` names
    /// it in errors and is where its logs are, if anywhere.
    pub fn add_record(&mut self, origin: &Path, bytes: &[u8]) -> Result<(), Error> {
        let src = parse_source::<R>(origin, bytes)?;
        self.add(src)
    }

    fn add(&mut self, src: Source) -> Result<(), Error> {
        match self.sources.first() {
            Some(first) => {
                if let Some(d) = settings_difference(
                    &first.record.settings,
                    &src.record.settings,
                    super::settings::SETTINGS,
                ) {
                    return Err(Error::Usage(format!(
                        "{} and {} are shards of different tournaments: {d}",
                        first.dir.display(),
                        src.dir.display()
                    )));
                }
            }
            None => self.opts = Some(options(&src.record.settings, &src.dir)?),
        }
        self.sources.push(src);
        Ok(())
    }

    /// The report one machine prints for the rounds the shards hold, each
    /// game checked against its log when `check_logs`. A round of which
    /// some game is missing, two shards holding one game, or a game seated
    /// otherwise than the standings before its round seat it, is an error.
    pub fn report(&self, check_logs: bool) -> Result<Merged<R>, Error> {
        let opts = self
            .opts
            .as_ref()
            .ok_or_else(|| Error::Usage("merge takes the shards' logs folders".into()))?;
        let start = Instant::now();
        let mut report = count(&self.sources, opts, check_logs)?;
        report.elapsed = start.elapsed();
        let shards = self
            .sources
            .iter()
            .map(|s| (s.dir.clone(), holds(&s.record)))
            .collect();
        Ok(Merged { report, shards })
    }
}

/// What a shard holds, in words: `round 2, tables 1 to 3`, `rounds 1 to
/// 4`, `no game`.
fn holds(r: &RecordJson) -> String {
    let first = r.games.iter().map(|g| g.round).min();
    let last = r.games.iter().map(|g| g.round).max();
    match (first.zip(last), &r.shard) {
        (None, _) => "no game".into(),
        (Some(_), Some(s)) => match s.tables {
            [a, b] if b == a + 1 => format!("round {}, table {a}", s.round),
            [a, b] => format!("round {}, tables {a} to {}", s.round, b - 1),
        },
        (Some((a, b)), None) if a == b => format!("round {a}"),
        (Some((a, b)), None) => format!("rounds {a} to {b}"),
    }
}

/// Merges the tournament shards in `dirs` (logs folders of `noi2014
/// tournament --round R [--tables A..B]`, or of whole tournaments) into
/// the report one machine would give for the same rounds, every game
/// checked against its log. Settings that differ, a game held twice, a
/// round with a game missing, a game seated after other standings or a
/// record its log contradicts are [`Error::Usage`].
pub fn merge<R: Ruleset>(dirs: &[PathBuf]) -> Result<Merged<R>, Error> {
    let mut merger = Merger::new();
    for d in dirs {
        merger.add_dir(d)?;
    }
    merger.report(true)
}
