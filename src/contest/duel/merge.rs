//! `noi2014 merge`: a duel's shards, run anywhere, counted as one machine
//! would have counted them.
//!
//! Each shard's logs folder holds its settings and walls
//! ([`super::walls`]) and each wall's two game logs. [`merge`] refuses
//! shards whose settings differ or whose walls overlap, checks every wall
//! against its game logs (the wall's tiles, the seats, the points), then
//! counts the walls in order from wall 0 under the duel's test, up to a
//! decision or the cap, into the [`Report`] one machine prints for the
//! same walls. A wall missing before the decision is an error that names
//! it.

use super::settings::{Length, SettingsJson};
use super::walls::{self, WallsJson};
use super::{Options, Report, RunFacts, Tally};
use crate::contest::duplicate::{challenger_seat, unit_wall, Who, GAMES_PER_TABLE};
use crate::contest::entrant::BotJson;
use crate::contest::logs::{parse_record, read_record, settings_difference};
use crate::contest::ruleset::{Ruleset, PLAYERS};
use crate::contest::Error;
use crate::named::WallFamily;
use crate::place::Context;
use crate::stats::Sprt;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One shard: its folder and record.
struct Shard {
    dir: PathBuf,
    record: WallsJson,
}

impl Shard {
    /// The walls it holds: `first_wall` up to the last one counted.
    fn range(&self) -> std::ops::Range<u64> {
        let first = self.record.first_wall;
        first..first + self.record.walls.len() as u64
    }
}

/// Reads a shard's record from its folder.
fn read_shard<R: Ruleset>(dir: &Path) -> Result<Shard, Error> {
    let written = "a duel's logs folder holds it once its duel or shard has ended";
    parse_shard::<R>(dir, &read_record(dir, walls::FILE, written)?)
}

/// A shard's record from its bytes; `dir` is its folder, or where it came
/// from.
fn parse_shard<R: Ruleset>(dir: &Path, bytes: &[u8]) -> Result<Shard, Error> {
    let path = dir.join(walls::FILE);
    let record: WallsJson = parse_record::<R, _>(
        dir,
        walls::FILE,
        bytes,
        "a duel's",
        "duel-walls",
        walls::VERSION,
        |r: &WallsJson| r.version,
    )?;
    // The walls must follow one another from the first.
    let first = record.first_wall;
    if let Some((i, w)) = (first..).zip(&record.walls).find(|(i, w)| w.wall != *i) {
        return Err(Error::Usage(format!(
            "{}: wall {} is listed where wall {i} should be",
            path.display(),
            w.wall
        )));
    }
    Ok(Shard {
        dir: dir.to_path_buf(),
        record,
    })
}

/// The options a merged report shows: the settings, with `logs` the first
/// shard's folder.
fn options<R: Ruleset>(s: &SettingsJson, logs: &Path) -> Result<Options<R>, Error> {
    let bad = |what: String| Error::Usage(format!("the shards' settings: {what}"));
    if s.against.len() != 3 {
        return Err(bad(format!("{} opponents, not 3", s.against.len())));
    }
    let family = R::Family::from_name(&s.family)
        .ok_or_else(|| bad(format!("no wall family `{}`", s.family)))?;
    if let Length::Sprt {
        d0,
        d1,
        alpha,
        beta,
        ..
    } = s.length
    {
        Sprt::new(d0, d1, alpha, beta).map_err(bad)?;
    }
    let mut options = Options::new(s.map(BotJson::entrant, |_| family), logs.to_path_buf());
    options.jobs = 1;
    Ok(options)
}

/// Checks wall `w` of `shard` against its game logs (two a table): the
/// wall's tiles (as the game's draws rearranged them), who sat where, and
/// A's and B's points.
fn check_logs_of<R: Ruleset>(
    shard: &Shard,
    opts: &Options<R>,
    w: &walls::WallJson,
) -> Result<(), Error> {
    let wall = unit_wall::<R>(opts.settings.seed, w.wall, opts.settings.family);
    let seating = opts.settings.seating;
    let tables = seating.tables(w.wall);
    let seat = match tables.as_slice() {
        [one] => Some(challenger_seat(one)),
        _ => None,
    };
    if w.seat != seat {
        return Err(Error::Usage(format!(
            "{}: wall {} gives A and B seat {:?}; its seating ({}) gives {seat:?}",
            shard.dir.join(walls::FILE).display(),
            w.wall,
            w.seat,
            seating.name()
        )));
    }
    let mut halves = [0; GAMES_PER_TABLE];
    for g in 0..seating.games_a_wall() {
        let name = super::file_name(w.wall, g);
        let path = shard.dir.join("games").join(&name);
        let bad = |why: String| {
            Error::Usage(format!(
                "{}: the log of wall {}, game {}, does not match the duel: {why}",
                path.display(),
                w.wall,
                g + 1
            ))
        };
        let bytes = std::fs::read(&path).map_err(|source| Error::Io {
            what: format!("cannot read the log of wall {}: {}", w.wall, path.display()),
            source,
        })?;
        let log = R::read_log(&bytes, &wall, shard.record.settings.draws).map_err(bad)?;
        match log.context {
            Some(Context::Duel { unit, game, .. }) if unit == w.wall && game as usize == g + 1 => {}
            ref c => return Err(bad(format!("its header says {c:?}"))),
        }
        if !log.same_wall {
            return Err(bad("another wall's tiles".into()));
        }
        let names = seating.game(w.wall, g).map(|who| {
            match who {
                Who::A => &opts.settings.a,
                Who::B => &opts.settings.b,
                Who::Against(i) => &opts.settings.against[i],
            }
            .name
            .clone()
        });
        if log.names.iter().ne(names.iter()) {
            return Err(bad("other bots in the seats".into()));
        }
        let at = challenger_seat(&tables[g / GAMES_PER_TABLE]);
        let got = <[i32; PLAYERS]>::try_from(log.half_points.as_slice())
            .map_err(|_| bad(format!("{} seats' points", log.half_points.len())))?;
        halves[g % GAMES_PER_TABLE] += R::duel_half_points(got)[at];
    }
    let want = [w.a_half_points, w.b_half_points];
    if halves != want {
        return Err(Error::Usage(format!(
            "{}: the logs of wall {} give A and B {halves:?} half points, the record {want:?}",
            shard.dir.join("games").display(),
            w.wall
        )));
    }
    Ok(())
}

/// The kind of reason as the report counts it: any a game gives a bot it
/// puts out ([`Ruleset::put_out_kind`]), a program's failures included.
fn out_kind<R: Ruleset>(k: &str) -> Result<&'static str, Error> {
    R::put_out_kind(k).ok_or_else(|| Error::Usage(format!("a put-out of an unknown kind `{k}`")))
}

/// What merging found beside the report: the shards in wall order and
/// the walls they hold past the last one counted.
#[derive(Clone, Debug)]
pub struct Merged<R: Ruleset> {
    /// The report one machine prints for the same walls.
    pub report: Report<R>,
    /// The shards' folders in wall order, each with the walls it holds.
    pub shards: Vec<(PathBuf, std::ops::Range<u64>)>,
}

/// Where a merge stands: how many walls it counted, whether the duel is
/// over, and which wall it needs next.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Walls counted, in order from wall 0.
    pub walls: u64,
    /// The test decided, or the duel's walls are all counted.
    pub over: bool,
    /// The first wall that no shard holds, when the duel is not over.
    pub needs: Option<u64>,
    /// The progress line, as a duel shows it.
    pub progress: String,
}

/// Shards added one at a time, as they come (from folders, or from a
/// driver's tasks), counted in wall order on demand. Every shard must have
/// the first one's settings, and no two may hold the same wall.
#[derive(Default)]
pub struct Merger<R: Ruleset> {
    shards: Vec<Shard>,
    opts: Option<Options<R>>,
    /// The walls [`Merger::standing`] has counted so far: a shard added
    /// later holds none of them (no two shards share a wall), so each
    /// standing counts only the walls that came since.
    so_far: Option<Tally>,
}

impl<R: Ruleset> Merger<R> {
    /// A merger with no shard yet.
    pub fn new() -> Merger<R> {
        Merger::default()
    }

    /// Adds the shard whose logs folder is `dir`.
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), Error> {
        let shard = read_shard::<R>(dir)?;
        self.add(shard)
    }

    /// Adds a shard's record (a `duel.json`'s bytes); `origin` names it
    /// in errors and is where its logs are, if anywhere.
    pub fn add_record(&mut self, origin: &Path, bytes: &[u8]) -> Result<(), Error> {
        let shard = parse_shard::<R>(origin, bytes)?;
        self.add(shard)
    }

    fn add(&mut self, shard: Shard) -> Result<(), Error> {
        if let Some(first) = self.shards.first() {
            if let Some(d) = settings_difference(
                &first.record.settings,
                &shard.record.settings,
                super::settings::SETTINGS,
            ) {
                return Err(Error::Usage(format!(
                    "{} and {} are shards of different duels: {d}",
                    first.dir.display(),
                    shard.dir.display()
                )));
            }
        } else {
            self.opts = Some(options(&shard.record.settings, &shard.dir)?);
        }
        let y = shard.range();
        if let Some(x) = self.shards.iter().find(|x| {
            let x = x.range();
            !x.is_empty() && !y.is_empty() && x.start < y.end && y.start < x.end
        }) {
            let (lo, hi) = (x.range().start.max(y.start), x.range().end.min(y.end) - 1);
            return Err(Error::Usage(format!(
                "{} and {} both hold walls {lo} to {hi}: a wall is counted once",
                x.dir.display(),
                shard.dir.display(),
            )));
        }
        let at = self.shards.partition_point(|x| x.range().start <= y.start);
        self.shards.insert(at, shard);
        Ok(())
    }

    /// A tally of no wall yet, under the duel's test.
    fn fresh(&self) -> Result<Tally, Error> {
        let settings = &self.options()?.settings;
        let length = settings.length;
        let (test, cap) = (length.test::<R>(settings.seating)?, length.cap());
        Ok(Tally::new(0, test, cap))
    }

    /// Goes on counting `tally`'s walls in order, up to a decision, the
    /// cap or the first wall no shard holds; each wall checked against its
    /// game logs when `check_logs`. That first missing wall (`None` when
    /// the count ended otherwise).
    fn advance(&self, tally: &mut Tally, check_logs: bool) -> Result<Option<u64>, Error> {
        let opts = self.options()?;
        while tally.wants_more() {
            let next = tally.next_wall();
            let Some(s) = self.shards.iter().find(|s| s.range().contains(&next)) else {
                return Ok(Some(next));
            };
            for w in &s.record.walls[(next - s.range().start) as usize..] {
                if !tally.wants_more() {
                    break;
                }
                if check_logs {
                    check_logs_of(s, opts, w)?;
                }
                let games = opts.settings.seating.tables_a_wall();
                tally.push(walls::unit(w, games, &mut out_kind::<R>)?);
            }
        }
        Ok(None)
    }

    fn options(&self) -> Result<&Options<R>, Error> {
        self.opts
            .as_ref()
            .ok_or_else(|| Error::Usage("merge takes the shards' logs folders".into()))
    }

    /// Where the merge stands now (no game log read).
    pub fn standing(&mut self) -> Result<Standing, Error> {
        let mut tally = match self.so_far.take() {
            Some(t) => t,
            None => self.fresh()?,
        };
        let needs = self.advance(&mut tally, false);
        let tally = self.so_far.insert(tally);
        let needs = needs?;
        Ok(Standing {
            walls: tally.units.len() as u64,
            over: needs.is_none(),
            needs,
            progress: tally.progress().to_string(),
        })
    }

    /// The report one machine prints for the same walls, each wall checked
    /// against its game logs when `check_logs`. A wall missing before the
    /// decision (or the cap) is an error naming the walls to run, unless
    /// `partial`: then the report counts the walls up to it.
    pub fn report(&self, check_logs: bool, partial: bool) -> Result<Merged<R>, Error> {
        let start = Instant::now();
        let mut tally = self.fresh()?;
        let missing = self.advance(&mut tally, check_logs)?;
        if let (Some(next), false) = (missing, partial) {
            // Past the last shard is fine: the duel stops there, undecided.
            if let Some(after) = self.shards.iter().find(|s| s.range().start > next) {
                return Err(Error::Usage(format!(
                    "no shard holds walls {next} to {}, and the duel needs them before its test decides: run `{} duel --walls {next}..{}` with the same settings and merge it too",
                    after.range().start - 1,
                    R::NAME,
                    after.range().start
                )));
            }
        }
        let run = RunFacts {
            uncounted: 0,
            elapsed: start.elapsed(),
        };
        let shown = self
            .shards
            .iter()
            .map(|s| (s.dir.clone(), s.range()))
            .collect();
        Ok(Merged {
            report: tally.report(self.options()?.clone(), false, run),
            shards: shown,
        })
    }
}

/// Merges the shards in `dirs` (logs folders of `noi2014 duel --walls`,
/// or of a whole duel) into the report one machine would give for the
/// same walls, every wall checked against its game logs. Settings that
/// differ, overlapping walls, a wall missing before the decision, or a
/// record its game logs contradict are [`Error::Usage`].
pub fn merge<R: Ruleset>(dirs: &[PathBuf]) -> Result<Merged<R>, Error> {
    let mut merger = Merger::new();
    for d in dirs {
        merger.add_dir(d)?;
    }
    merger.report(true, false)
}
