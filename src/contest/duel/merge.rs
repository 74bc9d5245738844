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

use super::walls::{self, SettingsJson, WallsJson};
use super::{length, Length, Options, Report, RunFacts, Tally};
use crate::contest::duplicate::{seats, unit_wall, Who, GAMES_PER_UNIT};
use crate::contest::entrant::{BotSpec, Entrant, Limits};
use crate::contest::Error;
use crate::noi2014::families::Family;
use crate::noi2014::log::{self, Context};
use crate::noi2014::result::OUT_KINDS;
use crate::stats::Sprt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// Reads a shard's record.
fn read_shard(dir: &Path) -> Result<Shard, Error> {
    let path = dir.join(walls::FILE);
    let bytes = std::fs::read(&path).map_err(|source| Error::Io {
        what: format!(
            "cannot read {} (a duel's logs folder holds it once its duel or shard has ended)",
            path.display()
        ),
        source,
    })?;
    let record: WallsJson = serde_json::from_slice(&bytes).map_err(|e| {
        Error::Usage(format!(
            "{} is not a duel's record of version {}: {e}",
            path.display(),
            walls::VERSION
        ))
    })?;
    if record.version != walls::VERSION {
        return Err(Error::Usage(format!(
            "{} is version {} of the duel's record; this reads version {}",
            path.display(),
            record.version,
            walls::VERSION
        )));
    }
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

/// The first setting in which two shards differ, in words.
fn difference(a: &SettingsJson, b: &SettingsJson) -> Option<String> {
    fn show<T: serde::Serialize>(v: &T) -> String {
        serde_json::to_string(v).expect("JSON to memory")
    }
    let fields = [
        ("A", show(&a.a), show(&b.a)),
        ("B", show(&a.b), show(&b.b)),
        ("the opponents", show(&a.against), show(&b.against)),
        ("the seed", show(&a.seed), show(&b.seed)),
        ("the wall family", show(&a.family), show(&b.family)),
        (
            "common random numbers",
            show(&a.common_random),
            show(&b.common_random),
        ),
        (
            "the time limit (ms)",
            show(&a.time_limit_ms),
            show(&b.time_limit_ms),
        ),
        (
            "the memory limit (MiB)",
            show(&a.memory_limit_mib),
            show(&b.memory_limit_mib),
        ),
        ("the test", show(&a.length), show(&b.length)),
    ];
    fields
        .into_iter()
        .find(|(_, x, y)| x != y)
        .map(|(what, x, y)| format!("{what}: {x} against {y}"))
}

/// The options a merged report shows: the settings, with `logs` the first
/// shard's folder.
fn options(s: &SettingsJson, logs: &Path) -> Result<Options, Error> {
    let bad = |what: String| Error::Usage(format!("the shards' settings: {what}"));
    // A command that is no built-in name is shown as the program it names
    // (an in-process bot's label included): the merge plays nothing.
    let entrant = |b: &walls::BotJson| Entrant {
        name: b.name.clone(),
        spec: BotSpec::parse(&b.command).unwrap_or_else(|_| BotSpec::Program(b.command.clone())),
    };
    let against: [Entrant; 3] = s
        .against
        .iter()
        .map(entrant)
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|v: Vec<_>| bad(format!("{} opponents, not 3", v.len())))?;
    let family = Family::from_name(&s.family)
        .ok_or_else(|| bad(format!("no wall family `{}`", s.family)))?;
    let length = match s.length {
        walls::LengthJson::Fixed { walls } => Length::Units(walls),
        walls::LengthJson::Sprt {
            d0,
            d1,
            alpha,
            beta,
            max_walls,
        } => Length::Sprt(Sprt::new(d0, d1, alpha, beta).map_err(bad)?, max_walls),
    };
    Ok(Options {
        a: entrant(&s.a),
        b: entrant(&s.b),
        against,
        seed: s.seed,
        length,
        jobs: 1,
        family,
        limits: Limits {
            time: Duration::from_millis(s.time_limit_ms),
            memory_mib: s.memory_limit_mib,
            sandbox: Default::default(),
        },
        logs: logs.to_path_buf(),
        common_random: s.common_random,
        walls: None,
    })
}

/// Checks wall `w` of `shard` against its two game logs: the wall's
/// tiles, who sat where, and A's and B's points.
fn check_logs(shard: &Shard, opts: &Options, w: &walls::WallJson) -> Result<(), Error> {
    let tiles = *unit_wall(opts.seed, w.wall, opts.family).tiles();
    for g in 0..GAMES_PER_UNIT {
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
        let game = log::read(&bytes).map_err(|e| bad(e.to_string()))?;
        let h = &game.header;
        match h.context {
            Some(Context::Duel { unit, game, .. }) if unit == w.wall && game as usize == g + 1 => {}
            ref c => return Err(bad(format!("its header says {c:?}"))),
        }
        if h.tiles.iter().map(|t| t.0).ne(tiles.iter().copied()) {
            return Err(bad("another wall's tiles".into()));
        }
        let names = seats(w.seat, g).map(|who| {
            match who {
                Who::A => &opts.a,
                Who::B => &opts.b,
                Who::Against(i) => &opts.against[i],
            }
            .name
            .clone()
        });
        if h.seats.iter().map(|s| &s.name).ne(names.iter()) {
            return Err(bad("other bots in the seats".into()));
        }
        let want = if g == 0 {
            w.a_half_points
        } else {
            w.b_half_points
        };
        let got = game.result.players.get(w.seat).map(|p| p.half_points);
        if got != Some(want) {
            return Err(bad(format!(
                "its result gives seat {} {got:?} half points, the record {want}",
                w.seat
            )));
        }
    }
    Ok(())
}

/// The kind of reason as the report counts it.
fn out_kind(k: &str) -> Result<&'static str, Error> {
    OUT_KINDS
        .iter()
        .find(|&&known| known == k)
        .copied()
        .ok_or_else(|| Error::Usage(format!("a put-out of an unknown kind `{k}`")))
}

/// What merging found beside the report: the shards in wall order and
/// the walls they hold past the last one counted.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The report one machine prints for the same walls.
    pub report: Report,
    /// The shards' folders in wall order, each with the walls it holds.
    pub shards: Vec<(PathBuf, std::ops::Range<u64>)>,
}

/// Merges the shards in `dirs` (logs folders of `noi2014 duel --walls`,
/// or of a whole duel) into the report one machine would give for the
/// same walls. Settings that differ, overlapping walls, a wall missing
/// before the decision, or a record its game logs contradict are
/// [`Error::Usage`].
pub fn merge(dirs: &[PathBuf]) -> Result<Merged, Error> {
    let start = Instant::now();
    if dirs.is_empty() {
        return Err(Error::Usage("merge takes the shards' logs folders".into()));
    }
    let mut shards = dirs
        .iter()
        .map(|d| read_shard(d))
        .collect::<Result<Vec<_>, _>>()?;
    let first = &shards[0];
    for s in &shards[1..] {
        if let Some(d) = difference(&first.record.settings, &s.record.settings) {
            return Err(Error::Usage(format!(
                "{} and {} are shards of different duels: {d}",
                first.dir.display(),
                s.dir.display()
            )));
        }
    }
    let opts = options(&first.record.settings, &first.dir)?;
    shards.sort_by_key(|s| s.range().start);
    for pair in shards.windows(2) {
        let (x, y) = (pair[0].range(), pair[1].range());
        if y.start < x.end && !x.is_empty() && !y.is_empty() {
            return Err(Error::Usage(format!(
                "{} and {} both hold walls {} to {}: a wall is counted once",
                pair[0].dir.display(),
                pair[1].dir.display(),
                y.start,
                x.end.min(y.end) - 1
            )));
        }
    }
    let (test, cap) = length(opts.length)?;
    let mut tally = Tally::new(0, test, cap);
    let mut kinds_error = None;
    let mut kind = |k: &str| match out_kind(k) {
        Ok(k) => k,
        Err(e) => {
            kinds_error.get_or_insert(e);
            OUT_KINDS[0]
        }
    };
    'shards: for s in shards.iter().filter(|s| !s.range().is_empty()) {
        if !tally.wants_more() {
            break;
        }
        let next = tally.next_wall();
        if s.range().start > next {
            return Err(Error::Usage(format!(
                "no shard holds walls {next} to {}, and the duel needs them before its test decides: run `noi2014 duel --walls {next}..{}` with the same settings and merge it too",
                s.range().start - 1,
                s.range().start
            )));
        }
        for w in &s.record.walls {
            if !tally.wants_more() {
                break 'shards;
            }
            check_logs(s, &opts, w)?;
            tally.push(walls::unit(w, &mut kind));
        }
    }
    if let Some(e) = kinds_error {
        return Err(e);
    }
    let shown = shards.iter().map(|s| (s.dir.clone(), s.range())).collect();
    let run = RunFacts {
        uncounted: 0,
        elapsed: start.elapsed(),
    };
    Ok(Merged {
        report: tally.report(opts, false, run),
        shards: shown,
    })
}
