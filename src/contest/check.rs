//! `mahjong-sim check`: run someone's contest solution on generated walls,
//! compare with the engine, and shrink the first disagreement.
//!
//! The solution is untrusted: it runs through [`crate::process`], which
//! contains it (time-out, output limit, its process group killed).

use super::guard::Containment;
use super::pool::{self, Flow};
use crate::process::{self, Run};
use crate::rng::Rng;
use crate::thupc2021::event::{log_string, Event};
use crate::thupc2021::families::{wall_stream, Family};
use crate::thupc2021::game::{play, play_observed, Observer, Table};
use crate::thupc2021::wall::Wall;
use crate::tile::Tile;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What to check and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solution's command line, run with `sh -c`; the wall goes to its
    /// standard input, the log is read from its standard output.
    pub solution: String,
    /// How many walls.
    pub walls: usize,
    /// Which family of walls.
    pub family: Family,
    /// The seed of the walls.
    pub seed: u64,
    /// Solutions run at once.
    pub jobs: usize,
    /// Time allowed for one run.
    pub timeout: Duration,
    /// Output beyond this many bytes is cut off (a log is under 10 KiB).
    pub output_limit: usize,
    /// Time allowed for shrinking.
    pub shrink_time: Duration,
    /// Where the failing wall is saved.
    pub save_dir: PathBuf,
    /// How to name this program in the hints of the report (`explain:`).
    pub program: String,
    /// Run every wall and group the disagreements, rather than stop at the
    /// first.
    pub keep_going: bool,
    /// Check on the wall files of this folder rather than generated walls.
    pub walls_dir: Option<PathBuf>,
}

/// How a run disagrees with the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A line differs (or lines are missing or extra).
    Output,
    /// The program exited with a failure code or a signal.
    Crash(i32),
    /// The program ran past the time-out and was killed.
    Timeout,
    /// The output ran past the limit and was cut off.
    TooLarge,
    /// The output is not text.
    NotText,
    /// A process held the output open after the program was killed.
    PipeHeld,
}

/// A disagreement: what, and the first line where the output differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// What went wrong.
    pub kind: Kind,
    /// The first differing line, from 1.
    pub line: usize,
    /// The engine's line there, if the log has one.
    pub expected: Option<String>,
    /// The solution's line there, if it printed one.
    pub actual: Option<String>,
    /// Every line of the engine's log was printed, right: only what came
    /// after it (more output, an exit status, a time-out) is wrong.
    pub log_correct: bool,
    /// The exit code, or the signal as `-signal`; `None` when killed by the
    /// checker (time-out, output limit).
    pub code: Option<i32>,
    /// The end of the solution's standard error.
    pub stderr: String,
}

/// How a run ended, as a person reads it: `exit status 0`, `killed by
/// signal 11`, `killed by the checker`.
pub fn status_text(code: Option<i32>) -> String {
    match code {
        Some(c) if c < 0 => format!("killed by signal {}", -c),
        Some(c) => format!("exit status {c}"),
        None => "killed by the checker".into(),
    }
}

/// A line with what cannot be seen made visible: printable ASCII as is,
/// anything else (a byte-order mark, a non-breaking space, a tab, a
/// replacement character for bytes that are not UTF-8) as a `\u{..}` escape.
pub fn visible(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars() {
        if c == ' ' || c.is_ascii_graphic() {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    out
}

/// The first column (from 1, in characters) where two lines differ.
pub fn first_differing_column(a: &str, b: &str) -> usize {
    let same = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    same + 1
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Output => f.write_str("printed different output"),
            Kind::Crash(c) if *c < 0 => write!(f, "killed by signal {}", -c),
            Kind::Crash(c) => write!(f, "crashed with exit code {c}"),
            Kind::Timeout => f.write_str("timed out"),
            Kind::TooLarge => f.write_str("printed too much output (cut off)"),
            Kind::NotText => f.write_str("printed output that is not text"),
            Kind::PipeHeld => f.write_str("left a process holding its output open"),
        }
    }
}

/// Compares a run with the expected log. Lines compare without trailing
/// white space (so CRLF and a missing last newline pass), as judges do.
pub fn judge(expected: &str, run: &Run) -> Option<Disagreement> {
    let text = String::from_utf8_lossy(&run.stdout);
    let want: Vec<&str> = expected.lines().map(str::trim_end).collect();
    let mut got: Vec<&str> = text.lines().map(str::trim_end).collect();
    while got.last() == Some(&"") {
        got.pop();
    }
    let first = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i));
    let kind = if run.timed_out {
        Kind::Timeout
    } else if run.truncated {
        Kind::TooLarge
    } else if run.pipe_held {
        Kind::PipeHeld
    } else if std::str::from_utf8(&run.stdout).is_err() {
        Kind::NotText
    } else if run.code != Some(0) {
        Kind::Crash(run.code.unwrap_or(-9))
    } else if first.is_some() {
        Kind::Output
    } else {
        return None;
    };
    // A failed run whose output is right so far differs where it stops.
    let i = first.unwrap_or(got.len());
    let show = |s: Option<&&str>| s.map(|l| l.chars().take(200).collect::<String>());
    Some(Disagreement {
        kind,
        line: i + 1,
        expected: show(want.get(i)),
        actual: show(got.get(i)),
        log_correct: first.is_none_or(|i| i >= want.len()),
        code: run.code,
        stderr: if run.stderr_cut {
            format!("...{}", run.stderr)
        } else {
            run.stderr.clone()
        },
    })
}

/// Runs the solution on `wall` and judges it; processes the run left
/// behind outside its group are added to `escaped`.
fn check_wall(
    o: &Options,
    wall: &Wall,
    escaped: &AtomicUsize,
) -> std::io::Result<Option<Disagreement>> {
    let expected = log_string(&play(wall));
    let run = process::run(
        &o.solution,
        wall.to_string().as_bytes(),
        o.timeout,
        o.output_limit,
    )?;
    escaped.fetch_add(run.escaped, Ordering::Relaxed);
    Ok(judge(&expected, &run))
}

/// Why a check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// Running the solution failed.
    #[error("cannot run the solution: {0}")]
    Io(#[from] std::io::Error),
    /// The shell could not find or execute the solution's command (exit
    /// status 127 or 126 with no output): a usage error, not a verdict.
    #[error("the solution `{command}` could not be run ({status}, {what}){}", stderr_hint(.stderr))]
    NotRunnable {
        /// The command line.
        command: String,
        /// `exit status 127`.
        status: String,
        /// `command not found` or `not executable`.
        what: &'static str,
        /// The shell's message.
        stderr: String,
    },
    /// A wall file of `--walls-dir` cannot be read or is not a wall.
    #[error("--walls-dir: `{path}`: {why}")]
    BadWall {
        /// The file (or the folder).
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The folder for the failing wall is not usable.
    #[error("--save-dir `{dir}`: {why}")]
    SaveDir {
        /// The folder.
        dir: String,
        /// What is wrong with it.
        why: String,
    },
}

fn stderr_hint(stderr: &str) -> String {
    let last = stderr.trim_end().lines().last().unwrap_or("");
    if last.is_empty() {
        String::new()
    } else {
        format!(": {last}")
    }
}

/// Checks, before anything runs, that the failing wall could be saved in
/// `dir`: a folder that exists and takes a file, or a path that does not
/// exist yet under a folder that does and is writable (nothing is created
/// now).
pub fn validate_save_dir(dir: &std::path::Path) -> Result<(), CheckError> {
    let fail = |why: String| CheckError::SaveDir {
        dir: dir.display().to_string(),
        why,
    };
    // The nearest part of the path that exists.
    let mut existing = dir;
    while !existing.as_os_str().is_empty() && std::fs::symlink_metadata(existing).is_err() {
        existing = existing.parent().unwrap_or(std::path::Path::new(""));
    }
    let existing = if existing.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        existing
    };
    if !existing.is_dir() {
        return Err(fail(format!(
            "`{}` exists and is not a folder",
            existing.display()
        )));
    }
    let probe = existing.join(format!(".mahjong-sim-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(fail(format!(
            "cannot write in `{}`: {e}",
            existing.display()
        ))),
    }
}

/// The result of a whole check.
#[derive(Debug)]
pub struct Report {
    /// Walls run (all of them when everything agreed).
    pub checked: usize,
    /// Wall-clock time of the checking (shrinking excluded).
    pub elapsed: Duration,
    /// Walls that disagreed (with `--keep-going`, all of them; else one).
    pub disagreeing: usize,
    /// The first disagreement of each group, shrunk (at most one without
    /// `--keep-going`).
    pub failures: Vec<Failure>,
    /// Processes the solution left running outside its process group
    /// (`setsid`), killed by the checker.
    pub escaped: usize,
}

/// The first disagreement, shrunk.
#[derive(Debug)]
pub struct Failure {
    /// Which wall (from 0) disagreed first.
    pub index: usize,
    /// The kind of first difference its group shares ([`group_key`]).
    pub group: String,
    /// How many walls disagreed that way.
    pub walls: usize,
    /// Its disagreement before shrinking.
    pub original: Disagreement,
    /// The shrunk wall.
    pub wall: Wall,
    /// Its disagreement.
    pub disagreement: Disagreement,
    /// Solution runs spent shrinking.
    pub shrink_runs: usize,
    /// Why shrinking stopped where it did.
    pub shrink_note: String,
    /// Where the shrunk wall was saved, or why it could not be.
    pub path: Result<PathBuf, String>,
    /// Where its replay page was saved (beside the wall), opened at the
    /// first differing line; `None` when the wall was not saved.
    pub replay: Option<Result<PathBuf, String>>,
}

/// Tiles drawn by the end of line `line` of a game with these `events`.
fn drawn_by(events: &[Event], line: usize) -> usize {
    events
        .iter()
        .take(line)
        .filter(|e| matches!(e, Event::Draw { .. }))
        .count()
}

/// Records, for every draw after the deal up to line `upto`, the wall that
/// deals the table as it stood before it, rebased so that the drawing
/// player sits at A and the others follow in the order of play: each hand
/// (its exposed melds folded back in, so 13 tiles), then the drawn tile,
/// the rest of the wall in its order, then the tiles out of play.
struct Rebaser<'w> {
    tiles: &'w [Tile],
    upto: usize,
    found: Vec<Wall>,
}

impl Observer for Rebaser<'_> {
    fn event(&mut self, t: &Table, e: &Event) {
        use crate::thupc2021::wall::DEAL;
        let line = t.events.len();
        let Event::Draw { player, tile } = *e else {
            return;
        };
        if line <= DEAL || line > self.upto {
            return;
        }
        let mut hands: Vec<Vec<Tile>> = Vec::new();
        for j in 0..4 {
            let seat = &t.seats[player.step(t.direction, j).index()];
            let mut h: Vec<_> = seat.hand.tiles().collect();
            if j == 0 {
                let at = h.iter().position(|&x| x == tile).expect("just drawn");
                h.remove(at);
            }
            h.extend(seat.melds.iter().flat_map(|m| m.tiles()));
            if h.len() != 13 {
                return;
            }
            hands.push(h);
        }
        // Tiles drawn before this one.
        let drawn = self.tiles.len() - t.remaining() - 1;
        let mut out = Vec::with_capacity(self.tiles.len());
        for round in 0..13 {
            out.extend(hands.iter().map(|h| h[round]));
        }
        out.push(tile);
        out.extend_from_slice(&self.tiles[drawn + 1..]);
        // The tiles out of play (discards), last.
        let mut left = crate::thupc2021::wall::counts(self.tiles);
        for &x in &out {
            left[x.index()] -= 1;
        }
        for (k, &n) in left.iter().enumerate() {
            let kind = Tile::from_index(k).expect("k < KINDS");
            out.extend(std::iter::repeat_n(kind, n));
        }
        if let Ok(wall) = Wall::new(out) {
            self.found.push(wall);
        }
    }
}

/// Walls that deal the table of a draw before line `line` of the game on
/// `wall` from the start, the latest draw first: a wrong decision taken on
/// that table then comes right after the deal.
fn rebased(wall: &Wall, line: usize) -> Vec<Wall> {
    let mut r = Rebaser {
        tiles: wall.tiles(),
        upto: line,
        found: Vec::new(),
    };
    play_observed(wall, &mut r);
    r.found.reverse();
    r.found
}

/// Moves the disagreement as early in the log as it can. First by meaning:
/// a disagreement is a decision taken on a table, and a wall that deals
/// that table from the start brings the decision right after the deal
/// (line 53 or so); the tables before the draws leading to it are tried,
/// the latest first. Then by random swaps of
/// two tiles, at least one among those drawn up to the disagreement, kept
/// when the solution still disagrees earlier. Time-outs are not shrunk:
/// every try would cost the whole time-out; nor is a run whose log is
/// right (only its ending is wrong: no line to move).
fn shrink(
    o: &Options,
    wall: Wall,
    d: Disagreement,
    escaped: &AtomicUsize,
) -> (Wall, Disagreement, usize, String) {
    if d.log_correct {
        return (
            wall,
            d,
            0,
            "not shrunk: the log is right, only how the run ended is wrong".into(),
        );
    }
    if d.line == 1 {
        return (wall, d, 0, "the disagreement is at line 1".into());
    }
    if d.kind == Kind::Timeout || d.kind == Kind::PipeHeld {
        return (
            wall,
            d,
            0,
            "not shrunk: every try would wait for the time-out".into(),
        );
    }
    let start = Instant::now();
    let mut rng = Rng::new(o.seed ^ 0x5EED_5EED);
    let (mut best, mut best_d, mut runs) = (wall, d, 0);
    let mut misses = 0;
    // How many tiles the log draws up to the disagreement: only swaps among
    // those can move it. It changes only when a candidate is kept.
    let reach_of = |w: &Wall, line: usize| drawn_by(&play(w), line).max(1);
    // By meaning, while it helps.
    'meaning: while best_d.line > crate::thupc2021::wall::DEAL + 2 {
        for r in rebased(&best, best_d.line) {
            if start.elapsed() >= o.shrink_time {
                break 'meaning;
            }
            runs += 1;
            if let Ok(Some(cd)) = check_wall(o, &r, escaped) {
                if cd.line < best_d.line && !cd.log_correct && cd.kind != Kind::Timeout {
                    best = r;
                    best_d = cd;
                    continue 'meaning;
                }
            }
        }
        break;
    }
    let mut reach = reach_of(&best, best_d.line);
    while best_d.line > 1 && start.elapsed() < o.shrink_time && misses < 400 {
        let mut tiles = best.tiles().to_vec();
        let i = rng.below(reach);
        let j = rng.below(tiles.len());
        if tiles[i] == tiles[j] {
            continue;
        }
        tiles.swap(i, j);
        let candidate = Wall::new(tiles).expect("a swap keeps the deck");
        runs += 1;
        match check_wall(o, &candidate, escaped) {
            Ok(Some(cd)) if cd.line < best_d.line && cd.kind != Kind::Timeout => {
                reach = reach_of(&candidate, cd.line);
                best = candidate;
                best_d = cd;
                misses = 0;
            }
            _ => misses += 1,
        }
    }
    let note = if best_d.line == 1 {
        "the disagreement is at line 1".to_string()
    } else if misses >= 400 {
        "no earlier disagreement in 400 tries".to_string()
    } else {
        format!("shrink time ({} s) ran out", o.shrink_time.as_secs())
    };
    (best, best_d, runs, note)
}

/// Checks the solution on the generated walls (made one at a time, as the
/// runs ask for them), calling `agreed` after each wall on which it agrees
/// (for a progress bar).
pub fn check(o: &Options, agreed: &(dyn Fn() + Sync)) -> Result<Report, CheckError> {
    validate_save_dir(&o.save_dir)?;
    let guard = Containment::new();
    let escaped = AtomicUsize::new(0);
    let result = check_walls(o, agreed, &escaped);
    // Whatever is left of any run goes now.
    escaped.fetch_add(guard.finish(), Ordering::Relaxed);
    let mut report = result?;
    report.escaped = escaped.load(Ordering::Relaxed);
    Ok(report)
}

/// Runs the walls, then shrinks the first disagreement of each group and
/// saves it.
fn check_walls(
    o: &Options,
    agreed: &(dyn Fn() + Sync),
    escaped: &AtomicUsize,
) -> Result<Report, CheckError> {
    let start = Instant::now();
    let (checked, mut found) = run_walls(o, agreed, escaped)?;
    let elapsed = start.elapsed();
    found.sort_by_key(|f| f.0);
    if let Some(e) = found.first().and_then(|f| not_runnable(o, &f.2)) {
        return Err(e);
    }
    let disagreeing = found.len();
    let failures = group_disagreements(found)
        .into_iter()
        .enumerate()
        .map(|(n, group)| shrunk_failure(o, n, group, escaped))
        .collect();
    Ok(Report {
        checked,
        elapsed,
        disagreeing,
        failures,
        escaped: 0,
    })
}

/// A wall that disagreed: its index, the wall, the disagreement.
type Found = (usize, Wall, Disagreement);

/// Runs the solution on the walls, `o.jobs` at a time, until one disagrees
/// (or through all of them with `--keep-going`): the number of walls run,
/// and each disagreement with its wall's index, in no order.
fn run_walls(
    o: &Options,
    agreed: &(dyn Fn() + Sync),
    escaped: &AtomicUsize,
) -> Result<(usize, Vec<Found>), CheckError> {
    let mut checked = 0;
    let mut found: Vec<Found> = Vec::new();
    let mut error: Option<CheckError> = None;
    // The walls in order, made (or read) as each run takes one.
    pool::run(
        o.jobs,
        walls_source(o)?.take(o.walls),
        |_, w| {
            let w = w?;
            let d = check_wall(o, &w, escaped)?;
            Ok((w, d))
        },
        |i, r: Result<(Wall, Option<Disagreement>), CheckError>| {
            match r {
                Ok((_, None)) => {
                    checked += 1;
                    agreed();
                }
                Ok((w, Some(d))) => {
                    checked += 1;
                    // A command that cannot run fails every wall: stop even
                    // when keeping going.
                    let unrunnable = not_runnable(o, &d).is_some();
                    found.push((i, w, d));
                    if !o.keep_going || unrunnable {
                        return Flow::Stop;
                    }
                }
                Err(e) => {
                    error.get_or_insert(e);
                    return Flow::Stop;
                }
            }
            Flow::Continue
        },
    );
    match error {
        Some(e) => Err(e),
        None => Ok((checked, found)),
    }
}

/// Disagreeing walls that share the kind of first difference.
struct Group {
    /// The kind of first difference ([`group_key`]).
    key: String,
    /// How many walls disagreed that way.
    walls: usize,
    /// The first of them: its index, the wall and its disagreement.
    index: usize,
    wall: Wall,
    original: Disagreement,
}

/// The disagreements `found` (sorted by wall) grouped by the kind of first
/// difference, in order of first wall.
fn group_disagreements(found: Vec<Found>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (index, wall, original) in found {
        let key = group_key(&wall, &original);
        match groups.iter_mut().find(|g| g.key == key) {
            Some(g) => g.walls += 1,
            None => groups.push(Group {
                key,
                walls: 1,
                index,
                wall,
                original,
            }),
        }
    }
    groups
}

/// The `n`th group's first disagreement, shrunk (the first
/// [`MAX_SHRUNK_GROUPS`] groups only) and saved with its replay.
fn shrunk_failure(o: &Options, n: usize, group: Group, escaped: &AtomicUsize) -> Failure {
    let Group {
        key,
        walls,
        index,
        wall,
        original,
    } = group;
    let (wall, disagreement, shrink_runs, shrink_note) = if n < MAX_SHRUNK_GROUPS {
        shrink(o, wall, original.clone(), escaped)
    } else {
        let note = format!("not shrunk: only the first {MAX_SHRUNK_GROUPS} groups are");
        (wall, original.clone(), 0, note)
    };
    let path = o
        .save_dir
        .join(format!("{}-shrunk.in", wall_name(o, index)));
    let path = std::fs::create_dir_all(&o.save_dir)
        .and_then(|()| std::fs::write(&path, wall.to_string()))
        .map(|()| path.clone())
        .map_err(|e| format!("cannot save it as `{}`: {e}", path.display()));
    let replay = path
        .as_ref()
        .ok()
        .map(|p| save_replay(o, p, &wall, &disagreement));
    Failure {
        index,
        group: key,
        walls,
        original,
        wall,
        disagreement,
        shrink_runs,
        shrink_note,
        path,
        replay,
    }
}

/// Saves the replay of the shrunk `wall` beside it (`wall_path` with the
/// extension `.html`), opened at the first differing line with the
/// solution's line there.
fn save_replay(
    o: &Options,
    wall_path: &std::path::Path,
    wall: &Wall,
    d: &Disagreement,
) -> Result<PathBuf, String> {
    let path = wall_path.with_extension("html");
    let title = format!("{}, where `{}` disagrees", wall_path.display(), o.solution);
    let mismatch = crate::replay::Mismatch {
        expected: d.expected.clone(),
        actual: d.actual.clone(),
        what: what(d),
    };
    let page = crate::replay::thupc2021::check_page(wall, &title, d.line, mismatch);
    std::fs::write(&path, page)
        .map(|()| path.clone())
        .map_err(|e| format!("cannot save it as `{}`: {e}", path.display()))
}

/// The most groups of disagreements `--keep-going` shrinks (each may take
/// the whole shrink time).
pub const MAX_SHRUNK_GROUPS: usize = 10;

/// The usage error behind a disagreement, when the shell could not find or
/// execute the command (exit status 127 or 126, nothing printed).
fn not_runnable(o: &Options, d: &Disagreement) -> Option<CheckError> {
    let Kind::Crash(c) = d.kind else {
        return None;
    };
    let what = crate::process::could_not_run(Some(c))?;
    (d.line == 1 && d.actual.is_none()).then(|| CheckError::NotRunnable {
        command: o.solution.clone(),
        status: status_text(Some(c)),
        what,
        stderr: d.stderr.clone(),
    })
}

/// The kind of a disagreement's first difference: what went wrong, which
/// event the engine expected there and the rule that decides it (from the
/// game's records, as `explain` gives them).
pub fn group_key(wall: &Wall, d: &Disagreement) -> String {
    if d.log_correct {
        let then = match &d.kind {
            Kind::Output | Kind::NotText => "printed more".to_string(),
            Kind::Crash(_) => status_text(d.code),
            k => k.to_string(),
        };
        return format!("the correct log, then {then}");
    }
    let steps = crate::thupc2021::explain::explain(wall);
    match steps.get(d.line - 1) {
        Some(step) => {
            let event = serde_json::to_value(&step.event)
                .ok()
                .and_then(|v| v["event"].as_str().map(str::to_string))
                .unwrap_or_default();
            format!("{}, where a {event} was expected ({})", d.kind, step.rule)
        }
        None => format!("{}, where the log had ended", d.kind),
    }
}

/// The walls a check runs on, in order: generated, or read one at a time
/// from the files of `--walls-dir` (sorted by name).
fn walls_source(
    o: &Options,
) -> Result<Box<dyn Iterator<Item = Result<Wall, CheckError>> + Send>, CheckError> {
    let Some(dir) = &o.walls_dir else {
        return Ok(Box::new(wall_stream(o.family, o.seed).map(Ok)));
    };
    let files = wall_files(dir)?;
    Ok(Box::new(files.into_iter().map(|path| {
        let file = std::fs::File::open(&path).map_err(|e| CheckError::BadWall {
            path: path.display().to_string(),
            why: e.to_string(),
        })?;
        crate::thupc2021::wall::read_wall(std::io::BufReader::new(file)).map_err(|e| {
            CheckError::BadWall {
                path: path.display().to_string(),
                why: match e {
                    crate::parse::ReadError::Io(e) => e.to_string(),
                    crate::parse::ReadError::Parse(e) => e.to_string(),
                },
            }
        })
    })))
}

/// The files of a `--walls-dir`, sorted by name (hidden files left out;
/// only the `.in` files when there are any).
pub fn wall_files(dir: &std::path::Path) -> Result<Vec<PathBuf>, CheckError> {
    let bad = |why: String| CheckError::BadWall {
        path: dir.display().to_string(),
        why,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| bad(e.to_string()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    // Walls beside their answers (`1.in`, `1.ans`): the `.in` files.
    if files
        .iter()
        .any(|p| p.extension().is_some_and(|e| e == "in"))
    {
        files.retain(|p| p.extension().is_some_and(|e| e == "in"));
    }
    files.sort();
    if files.is_empty() {
        return Err(bad("holds no wall files".into()));
    }
    Ok(files)
}

/// How the report names wall `index`, and the stem of its saved file.
fn wall_name(o: &Options, index: usize) -> String {
    match &o.walls_dir {
        Some(dir) => wall_files(dir)
            .ok()
            .and_then(|f| f.get(index).cloned())
            .and_then(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
            .unwrap_or_else(|| format!("wall-{index}")),
        None => format!("{}-{}-{index:05}", o.family.name(), o.seed),
    }
}

/// Where the walls come from, for the report: `family uniform, seed 1` or
/// `walls from `DIR``.
fn origin(o: &Options) -> String {
    match &o.walls_dir {
        Some(dir) => format!("walls from `{}`", dir.display()),
        None => format!("family {}, seed {}", o.family.name(), o.seed),
    }
}

/// Which wall, for the report: `wall 3` or `wall `x.in``.
fn which_wall(o: &Options, index: usize) -> String {
    match &o.walls_dir {
        Some(_) => format!("wall `{}`", wall_name(o, index)),
        None => format!("wall {index}"),
    }
}

/// A path as a shell reads it: as is when it holds only safe characters,
/// else in single quotes.
pub fn shell_quote(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_./,:=@%+-".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// What a disagreement is, after "the solution".
fn what(d: &Disagreement) -> String {
    if !d.log_correct {
        return format!("{}", d.kind);
    }
    let then = match &d.kind {
        Kind::Output | Kind::NotText => format!(
            "printed more: `{}`",
            visible(d.actual.as_deref().unwrap_or(""))
        ),
        Kind::Crash(_) => status_text(d.code),
        k => k.to_string(),
    };
    format!("printed the correct log, then {then}")
}

/// The command that reproduces a run on the wall at `path` (shell-quoted).
fn reproduce_line(o: &Options, path: &str) -> String {
    // The command as the checker ran it: through `sh -c` when a plain
    // redirection would not feed the whole of it.
    let whole = if o
        .solution
        .contains([';', '&', '|', '<', '>', '(', ')', '\n', '#', '`'])
    {
        format!("sh -c {}", shell_quote(&o.solution))
    } else {
        o.solution.clone()
    };
    format!("{whole} < {path}")
}

/// The report a person reads.
pub fn report_text(o: &Options, r: &Report) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let rate = r.checked as f64 / r.elapsed.as_secs_f64().max(1e-9);
    if r.failures.is_empty() {
        writeln!(
            s,
            "all {} walls agree ({}): {:.0} walls/s with {} job(s)",
            r.checked,
            origin(o),
            rate,
            o.jobs
        )
        .expect("to a String");
        escaped_note(&mut s, r.escaped);
        return s;
    }
    if o.keep_going {
        writeln!(
            s,
            "{} of {} walls disagree ({}), in {} group(s) by the kind of first difference:",
            r.disagreeing,
            r.checked,
            origin(o),
            r.failures.len()
        )
        .expect("to a String");
        for (n, f) in r.failures.iter().enumerate() {
            writeln!(
                s,
                "  group {}: {} wall(s), first {}: {}",
                n + 1,
                f.walls,
                which_wall(o, f.index),
                f.group
            )
            .expect("to a String");
        }
    }
    for (n, f) in r.failures.iter().enumerate() {
        if o.keep_going {
            writeln!(s, "\n== group {}", n + 1).expect("to a String");
        }
        failure_text(&mut s, o, f);
    }
    escaped_note(&mut s, r.escaped);
    for f in r.failures.iter().filter(|f| f.path.is_err()) {
        write!(s, "\n{}", f.wall).expect("to a String");
    }
    s
}

/// The report on one (shrunk) disagreement.
fn failure_text(s: &mut String, o: &Options, f: &Failure) {
    let shown_path = failure_heading(s, o, f);
    solution_text(s, &f.disagreement);
    next_steps_text(s, o, f, &shown_path);
}

/// What the solution did on the original wall, how shrinking went and
/// where the shrunk wall is; returns the wall's path as the commands below
/// name it (`WALL` when it was not saved).
fn failure_heading(s: &mut String, o: &Options, f: &Failure) -> String {
    use std::fmt::Write as _;
    let d = &f.disagreement;
    writeln!(
        s,
        "DISAGREEMENT on {} ({}): the solution {}",
        which_wall(o, f.index),
        origin(o),
        what(&f.original)
    )
    .expect("to a String");
    if f.shrink_runs == 0 && f.original.log_correct {
        writeln!(s, "{}", f.shrink_note).expect("to a String");
    } else {
        writeln!(
            s,
            "shrunk in {} run(s), first difference at line {} (was {}); {}",
            f.shrink_runs, d.line, f.original.line, f.shrink_note
        )
        .expect("to a String");
    }
    match &f.path {
        Ok(p) => {
            writeln!(s, "wall: {}", p.display()).expect("to a String");
            shell_quote(&p.display().to_string())
        }
        Err(e) => {
            writeln!(
                s,
                "wall: NOT SAVED ({e}); here it is, one tile a line below the report"
            )
            .expect("to a String");
            "WALL".to_string()
        }
    }
}

/// What the solution did on the shrunk wall: the first differing line, how
/// it ended and the tail of its standard error.
fn solution_text(s: &mut String, d: &Disagreement) {
    use std::fmt::Write as _;
    writeln!(s, "on that wall the solution {}", what(d)).expect("to a String");
    if !d.log_correct {
        let show = |l: &Option<String>| {
            l.as_deref()
                .map_or_else(|| "(nothing)".to_string(), visible)
        };
        writeln!(s, "first differing line: {}", d.line).expect("to a String");
        writeln!(s, "  expected: {}", show(&d.expected)).expect("to a String");
        writeln!(s, "  actual:   {}", show(&d.actual)).expect("to a String");
        if let (Some(e), Some(a)) = (&d.expected, &d.actual) {
            writeln!(
                s,
                "  first difference at column {}",
                first_differing_column(e, a)
            )
            .expect("to a String");
        }
    }
    writeln!(s, "how it ended: {}", status_text(d.code)).expect("to a String");
    let err = d.stderr.trim_end();
    if err.is_empty() {
        writeln!(s, "its standard error: (empty)").expect("to a String");
    } else {
        let lines: Vec<&str> = err.lines().collect();
        let tail = &lines[lines.len().saturating_sub(10)..];
        writeln!(s, "its standard error (last {} line(s)):", tail.len()).expect("to a String");
        for l in tail {
            writeln!(s, "  | {}", visible(l)).expect("to a String");
        }
    }
}

/// The game explained up to the differing line, and the commands that
/// reproduce and explain it, and the replay page.
fn next_steps_text(s: &mut String, o: &Options, f: &Failure, shown_path: &str) {
    use std::fmt::Write as _;
    let d = &f.disagreement;
    if !d.log_correct {
        writeln!(
            s,
            "\n{}",
            crate::thupc2021::explain::at_line(&f.wall, d.line)
        )
        .expect("to a String");
    } else {
        writeln!(s).expect("to a String");
    }
    writeln!(s, "reproduce: {}", reproduce_line(o, shown_path)).expect("to a String");
    writeln!(
        s,
        "explain:   {} explain {shown_path}",
        shell_quote(&o.program)
    )
    .expect("to a String");
    match &f.replay {
        Some(Ok(p)) => writeln!(s, "replay:    {}", p.display()),
        Some(Err(e)) => writeln!(s, "replay:    NOT SAVED ({e})"),
        None => Ok(()),
    }
    .expect("to a String");
}

/// The report as JSON (`check --json`): a [`CheckJson`].
pub fn report_json(o: &Options, r: &Report) -> CheckJson {
    let failures = r.failures.iter().map(|f| failure_json(o, f)).collect();
    CheckJson {
        format: CheckFormat::CheckReport,
        version: REPORT_VERSION,
        agree: r.failures.is_empty(),
        checked: r.checked,
        disagreeing: r.disagreeing,
        origin: origin(o),
        walls_per_second: r.checked as f64 / r.elapsed.as_secs_f64().max(1e-9),
        jobs: o.jobs,
        escaped: r.escaped,
        failures,
    }
}

fn failure_json(o: &Options, f: &Failure) -> FailureJson {
    let d = &f.disagreement;
    let path = f.path.as_ref().ok().map(|p| p.display().to_string());
    let shown = path.as_deref().map_or("WALL".into(), shell_quote);
    FailureJson {
        group: f.group.clone(),
        walls: f.walls,
        first_wall: f.index,
        wall_name: wall_name(o, f.index),
        what: what(&f.original),
        original_line: f.original.line,
        line: d.line,
        expected: d.expected.clone(),
        actual: d.actual.clone(),
        log_correct: d.log_correct,
        column: match (&d.expected, &d.actual) {
            (Some(e), Some(a)) => Some(first_differing_column(e, a)),
            _ => None,
        },
        rule: (!d.log_correct)
            .then(|| {
                crate::thupc2021::explain::explain(&f.wall)
                    .get(d.line - 1)
                    .map(|st| st.rule.clone())
            })
            .flatten(),
        status: status_text(d.code),
        stderr: d.stderr.clone(),
        shrink_runs: f.shrink_runs,
        shrink_note: f.shrink_note.clone(),
        saved: path,
        save_error: f.path.as_ref().err().cloned(),
        replay: f
            .replay
            .as_ref()
            .and_then(|r| r.as_ref().ok())
            .map(|p| p.display().to_string()),
        wall: f
            .wall
            .tiles()
            .iter()
            .map(|t| t.name().to_string())
            .collect(),
        reproduce: reproduce_line(o, &shown),
    }
}

/// The version of the check report's format.
pub const REPORT_VERSION: u32 = 1;

/// The check report's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum CheckFormat {
    /// `mahjong-sim/thupc2021-check-report`.
    #[serde(rename = "mahjong-sim/thupc2021-check-report")]
    CheckReport,
}

/// A check's report as JSON (`check --json`): versioned, its schema
/// committed in `docs/schemas/`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct CheckJson {
    /// Always `mahjong-sim/thupc2021-check-report`.
    pub format: CheckFormat,
    /// The version of the format, [`REPORT_VERSION`].
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// The solution agreed on every wall.
    pub agree: bool,
    /// Walls checked.
    pub checked: usize,
    /// Walls on which it disagreed.
    pub disagreeing: usize,
    /// Where the walls came from, for people.
    pub origin: String,
    /// Walls checked a second.
    pub walls_per_second: f64,
    /// Runs at once.
    pub jobs: usize,
    /// Processes the solution left behind (killed).
    pub escaped: usize,
    /// One entry per group of disagreements, its first wall shrunk.
    pub failures: Vec<FailureJson>,
}

/// A group of disagreements in a check's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct FailureJson {
    /// What the walls of the group have in common.
    pub group: String,
    /// Walls in the group.
    pub walls: usize,
    /// The group's first wall (from 0).
    pub first_wall: usize,
    /// Its name (family, seed and number, or file).
    pub wall_name: String,
    /// What went wrong on it, in words.
    pub what: String,
    /// The first differing line before shrinking.
    pub original_line: usize,
    /// The first differing line on the shrunk wall.
    pub line: usize,
    /// The engine's line there, if the log has one.
    pub expected: Option<String>,
    /// The solution's line there, if it printed one.
    pub actual: Option<String>,
    /// The log was right; only how the run ended was wrong.
    pub log_correct: bool,
    /// The first differing column (from 1), when both lines exist.
    pub column: Option<usize>,
    /// The rule that decides the line, in words.
    pub rule: Option<String>,
    /// How the run ended (`exit status 0`, `killed by signal 9`, ...).
    pub status: String,
    /// The end of its standard error.
    pub stderr: String,
    /// Runs the shrinking took.
    pub shrink_runs: usize,
    /// Why shrinking stopped.
    pub shrink_note: String,
    /// Where the shrunk wall was saved.
    pub saved: Option<String>,
    /// Why it could not be saved.
    pub save_error: Option<String>,
    /// Where its replay page was saved.
    pub replay: Option<String>,
    /// The shrunk wall's tiles.
    pub wall: Vec<String>,
    /// The command line that reproduces it.
    pub reproduce: String,
}

/// Says that the solution left processes behind, if it did.
fn escaped_note(s: &mut String, escaped: usize) {
    use std::fmt::Write as _;
    if escaped > 0 {
        writeln!(
            s,
            "note: the solution left {escaped} process(es) running outside its process group (in a session of their own?); check killed them"
        )
        .expect("to a String");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thupc2021::families::uniform_wall;
    use crate::thupc2021::wall::{counts, DEAL};

    /// Each rebased wall deals 13 tiles to each player, then has the
    /// drawn tile and, after it, the rest of the original wall in its
    /// order (every draw takes the wall's next tile): one wall for a draw
    /// after the deal, the latest draw first.
    #[test]
    fn rebased_walls_put_a_draw_right_after_the_deal() {
        for seed in 1..=20 {
            let wall = uniform_wall(&mut Rng::new(seed));
            let tiles = wall.tiles();
            let events = play(&wall);
            let walls = rebased(&wall, events.len());
            assert!(!walls.is_empty(), "seed {seed}");
            let mut last = tiles.len();
            for r in &walls {
                let r = r.tiles();
                assert_eq!(counts(r), counts(tiles));
                // The draw it is for: the one whose tile and rest match.
                let at = (DEAL..last)
                    .rev()
                    .find(|&i| {
                        r[DEAL] == tiles[i]
                            && r[DEAL + 1..][..tiles.len() - i - 1] == tiles[i + 1..]
                    })
                    .unwrap_or_else(|| {
                        panic!("seed {seed}: no draw before wall index {last} matches")
                    });
                last = at;
            }
        }
    }

    /// Options to shrink for `solution` (one wall, 20 s to shrink).
    fn options(solution: &str) -> Options {
        Options {
            solution: solution.into(),
            walls: 1,
            family: Family::Uniform,
            seed: 1,
            jobs: 1,
            timeout: Duration::from_secs(20),
            output_limit: 1 << 20,
            shrink_time: Duration::from_secs(20),
            save_dir: std::env::temp_dir(),
            program: "mahjong-sim".into(),
            keep_going: false,
            walls_dir: None,
        }
    }

    /// A disagreement of `kind` at line 80.
    fn at_line_80(kind: Kind) -> Disagreement {
        Disagreement {
            kind,
            line: 80,
            expected: None,
            actual: None,
            log_correct: false,
            code: None,
            stderr: String::new(),
        }
    }

    /// Time-outs and held pipes are not shrunk: every try would wait for
    /// the time-out. (The solution here would disagree at once: a try would
    /// be kept.)
    #[test]
    fn time_outs_and_held_pipes_are_not_shrunk() {
        // Runs programs: in turn with the process runner's tests.
        let _alone = crate::process::tests::alone();
        let o = options("exit 3");
        for kind in [Kind::Timeout, Kind::PipeHeld] {
            let wall = uniform_wall(&mut Rng::new(1));
            let d = at_line_80(kind.clone());
            let (_, after, runs, note) = shrink(&o, wall, d, &AtomicUsize::new(0));
            assert_eq!((after.kind, after.line, runs), (kind, 80, 0));
            assert_eq!(note, "not shrunk: every try would wait for the time-out");
        }
    }

    /// Shrinking stops at line 1: a solution that crashes at once is
    /// brought there by the first try (by meaning), and no random swap
    /// follows.
    #[test]
    fn shrinking_stops_at_line_1() {
        // Runs programs: in turn with the process runner's tests.
        let _alone = crate::process::tests::alone();
        let wall = uniform_wall(&mut Rng::new(1));
        let d = at_line_80(Kind::Crash(3));
        let (_, after, runs, note) = shrink(&options("exit 3"), wall, d, &AtomicUsize::new(0));
        assert_eq!((after.line, runs), (1, 1));
        assert_eq!(note, "the disagreement is at line 1");
    }

    /// `--walls-dir`'s files: regular files only, hidden ones left out,
    /// sorted by name; only the `.in` ones when there are any (walls beside
    /// their answers); an error when none is left.
    #[test]
    fn a_walls_folder_gives_its_visible_files_or_its_in_files_sorted() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let names = |files: Vec<PathBuf>| -> Vec<String> {
            let name = |p: &PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
            files.iter().map(name).collect()
        };
        std::fs::create_dir(dir.join("sub")).unwrap();
        for f in ["b", "a", ".hidden"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        assert_eq!(names(wall_files(dir).unwrap()), ["a", "b"]);
        std::fs::write(dir.join("1.in"), "").unwrap();
        assert_eq!(names(wall_files(dir).unwrap()), ["1.in"]);
        for f in ["2.in", "1.ans", ".3.in"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        assert_eq!(names(wall_files(dir).unwrap()), ["1.in", "2.in"]);
        let empty = dir.join("sub");
        std::fs::write(empty.join(".only-hidden"), "").unwrap();
        let err = wall_files(&empty).unwrap_err().to_string();
        assert!(err.contains("holds no wall files"), "{err}");
        assert!(wall_files(&dir.join("missing")).is_err());
    }

    /// The report of a check where all agreed gives the rate: walls over
    /// seconds.
    #[test]
    fn an_agreeing_report_gives_walls_a_second() {
        let r = Report {
            checked: 10,
            elapsed: Duration::from_secs(2),
            disagreeing: 0,
            failures: Vec::new(),
            escaped: 0,
        };
        let text = report_text(&options("true"), &r);
        let want = "all 10 walls agree (family uniform, seed 1): 5 walls/s with 1 job(s)\n";
        assert_eq!(text, want);
    }

    /// A failure's report says how it was shrunk, unless nothing was run
    /// and the log was right (only the note then): a time-out not shrunk
    /// still gives its line, and a shrunk disagreement whose log was right
    /// gives its runs.
    #[test]
    fn a_failure_says_how_it_was_shrunk_unless_nothing_was_run_on_a_right_log() {
        let failure = |runs: usize, log_correct: bool| {
            let mut original = at_line_80(Kind::Timeout);
            original.log_correct = log_correct;
            Failure {
                index: 0,
                group: String::new(),
                walls: 1,
                disagreement: original.clone(),
                original,
                wall: uniform_wall(&mut Rng::new(1)),
                shrink_runs: runs,
                shrink_note: "NOTE".into(),
                path: Err("not saved".into()),
                replay: None,
            }
        };
        let text = |f: Failure| {
            let mut s = String::new();
            failure_text(&mut s, &options("true"), &f);
            s
        };
        let shrunk = |runs| {
            format!("\nshrunk in {runs} run(s), first difference at line 80 (was 80); NOTE\n")
        };
        assert!(text(failure(0, false)).contains(&shrunk(0)));
        assert!(text(failure(3, true)).contains(&shrunk(3)));
        let only_note = text(failure(0, true));
        assert!(
            only_note.contains("\nNOTE\n") && !only_note.contains("shrunk in"),
            "{only_note}"
        );
    }
}
