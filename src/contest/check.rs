//! `mahjong-sim check`: run someone's contest solution on generated walls,
//! compare with the engine, and shrink the first disagreement.
//!
//! The solution is untrusted: it runs through [`crate::process`], which
//! contains it (time-out, output limit, its process group killed).

use super::guard::Containment;
use super::pool::{self, Flow};
use crate::process::{self, Jail, Run, SandboxMode, SandboxOptions};
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
    /// With `keep_going`, stop when this many first walls all disagree at
    /// line 1 (0: never).
    pub line_1_stop: usize,
    /// Whether each run is sandboxed ([`crate::process::sandbox`]).
    pub sandbox: SandboxMode,
    /// Memory a run may use, in MiB; `None` for no limit.
    pub memory_mib: Option<u64>,
    /// What the sandbox shows a run beyond its allow-list.
    pub grants: crate::process::Grants,
}

/// How a run disagrees with the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A line differs (or lines are missing or extra).
    Output,
    /// The program exited normally having printed nothing.
    Empty,
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
    /// Where the output lines up with the log again, shifted; `line`,
    /// `expected` and `actual` are then the first difference past it.
    pub shift: Option<Shift>,
}

/// The solution's output is the expected log shifted by some lines
/// (missing or extra header lines, a missing first line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    /// The solution's line (from 1) where the shifted agreement starts.
    pub yours: usize,
    /// The expected line it is.
    pub expected: usize,
    /// Everything after it agrees, shifted: the shift is the only
    /// difference.
    pub rest_agrees: bool,
}

/// The fewest lines that must agree, shifted, for a shift at the first
/// line to be said.
const SHIFT_AGREEMENT: usize = 3;

/// The fewest lines that must agree, shifted, to the end of the log, for
/// a shift after the first line to be said.
const LATE_SHIFT_AGREEMENT: usize = 20;

/// The most lines a shift may skip.
const MAX_SHIFT: usize = 64;

impl Shift {
    /// `your line 1 is expected line 53: the 52 deal lines are missing`.
    pub fn text(&self) -> String {
        use crate::thupc2021::wall::DEAL;
        let (y, e) = (self.yours, self.expected);
        let what = if e > y {
            let k = e - y;
            if y == 1 && k == DEAL {
                format!("the {DEAL} deal lines are missing")
            } else if k == 1 {
                format!("expected line {y} is missing")
            } else {
                format!("expected lines {y} to {} are missing", e - 1)
            }
        } else if y - e == 1 {
            format!("your line {e} is extra")
        } else {
            format!("your lines {e} to {} are extra", y - 1)
        };
        format!("your line {y} is expected line {e}: {what}")
    }

    /// What shifts of this kind share, whatever the line: `the 52 deal
    /// lines are missing`, `2 line(s) missing`, `1 extra line(s)`.
    fn kind(&self) -> String {
        use crate::thupc2021::wall::DEAL;
        let (y, e) = (self.yours, self.expected);
        if y == 1 && e == DEAL + 1 {
            format!("the {DEAL} deal lines are missing")
        } else if e > y {
            format!("{} line(s) missing", e - y)
        } else {
            format!("{} extra line(s)", y - e)
        }
    }
}

/// Where `got` lines up with `want` again past their first difference at
/// `i`: (expected index, solution's index, lines agreeing), the longest
/// such run of at least [`SHIFT_AGREEMENT`] lines (or to the end of both).
fn find_shift(want: &[&str], got: &[&str], i: usize) -> Option<(usize, usize, usize)> {
    let run = |w: usize, g: usize| {
        want.get(w..)
            .unwrap_or_default()
            .iter()
            .zip(got.get(g..).unwrap_or_default())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let mut best: Option<(usize, usize, usize)> = None;
    for k in 1..=MAX_SHIFT {
        // Shifted from the first line (a header missing or extra; its first
        // lines may agree unshifted by chance), or from the difference.
        for (w, g, from_start) in [
            (k, 0, true),
            (0, k, true),
            (i + k, i, false),
            (i, i + k, false),
        ] {
            let n = run(w, g);
            let to_the_end = w + n == want.len() && g + n == got.len();
            // From the first line a few lines will do, past the first
            // difference (the deal's 52 lines: one will do); later, only
            // the whole rest, and a long one: draws follow the wall, so a
            // wrong game can end as the right one.
            let past = w.min(g) + n > i;
            let deal = k == crate::thupc2021::wall::DEAL && past;
            let enough = if from_start {
                past && (n >= i + SHIFT_AGREEMENT || to_the_end || deal)
            } else {
                to_the_end && n >= LATE_SHIFT_AGREEMENT
            };
            if enough && best.is_none_or(|b| n > b.2) {
                best = Some((w, g, n));
            }
        }
    }
    best
}

/// How a run ended, as a person reads it ([`process::status_text`]).
pub fn status_text(code: Option<i32>) -> String {
    process::status_text(code)
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
            Kind::Empty => f.write_str("printed nothing"),
            Kind::Crash(c) => match process::signal_of(*c) {
                Some(_) => write!(f, "was {}", status_text(Some(*c))),
                None => write!(f, "crashed with exit code {c}"),
            },
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
    } else if got.is_empty() && !want.is_empty() {
        Kind::Empty
    } else if first.is_some() {
        Kind::Output
    } else {
        return None;
    };
    // A failed run whose output is right so far differs where it stops.
    let i = first.unwrap_or(got.len());
    // Past a shift, the first difference where the rest disagrees.
    let shift = first.and_then(|i| find_shift(&want, &got, i));
    let (w, g) = match shift {
        Some((w, g, n)) if w + n < want.len() || g + n < got.len() => (w + n, g + n),
        _ => (i, i),
    };
    let show = |s: Option<&&str>| s.map(|l| l.chars().take(200).collect::<String>());
    Some(Disagreement {
        kind,
        line: w + 1,
        expected: show(want.get(w)),
        actual: show(got.get(g)),
        log_correct: first.is_none_or(|i| i >= want.len()),
        code: run.code,
        stderr: if run.stderr_cut {
            format!("...{}", run.stderr)
        } else {
            run.stderr.clone()
        },
        shift: shift.map(|(w2, g2, n)| Shift {
            yours: g2 + 1,
            expected: w2 + 1,
            rest_agrees: w2 + n == want.len() && g2 + n == got.len(),
        }),
    })
}

/// Runs the solution on `wall` and judges it against `answer` (an answer
/// file's log) or else the engine's log; processes the run left behind
/// outside its group are added to `escaped`.
fn check_wall(
    o: &Options,
    wall: &Wall,
    answer: Option<&str>,
    escaped: &AtomicUsize,
) -> std::io::Result<Option<Disagreement>> {
    let expected = answer.map_or_else(|| log_string(&play(wall)), str::to_string);
    // A jail of its own per run: runs at once must not share a memory limit.
    let jail = Jail::new(&o.solution, &std::env::current_dir()?, &sandbox_options(o))
        .map_err(std::io::Error::other)?;
    let run = process::run_in(
        &jail,
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
    /// Without `--keep-going`: walls on which the output was only shifted
    /// (beside a group of another kind), and the first one's shift.
    pub shifted_only: Option<(usize, Shift)>,
    /// With `--keep-going`: stopped after this many walls, all of which
    /// disagreed at line 1.
    pub stopped_at_line_1: Option<usize>,
    /// Answer files beside the walls of `--walls-dir`.
    pub answers: Answers,
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
    /// Walls shrinking started from.
    pub shrink_from: usize,
    /// Why shrinking stopped where it did.
    pub shrink_end: ShrinkEnd,
    /// Where the shrunk wall was saved, or why it could not be.
    pub path: Result<PathBuf, String>,
    /// Where its replay page was saved (beside the wall), opened at the
    /// first differing line; `None` when the wall was not saved.
    pub replay: Option<Result<PathBuf, String>>,
}

/// Why shrinking stopped where it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShrinkEnd {
    /// It was not tried, for this reason.
    NotShrunk(String),
    /// The disagreement is at line 1.
    AtLine1,
    /// The shrink time ran out.
    RanOut,
    /// Every starting wall stalled.
    NoEarlier,
}

impl Failure {
    /// Why shrinking stopped, in words: `no earlier disagreement found in
    /// 812 tries from 2 walls`.
    pub fn shrink_note(&self, o: &Options) -> String {
        let (runs, from) = (self.shrink_runs, self.shrink_from);
        match &self.shrink_end {
            ShrinkEnd::NotShrunk(why) => why.clone(),
            ShrinkEnd::AtLine1 => "the disagreement is at line 1".into(),
            ShrinkEnd::RanOut => format!(
                "the shrink time ({} s) ran out after {} from {}",
                o.shrink_time.as_secs(),
                super::count(runs, "try"),
                super::count(from, "wall")
            ),
            ShrinkEnd::NoEarlier => {
                format!(
                    "no earlier disagreement found in {} from {}",
                    super::count(runs, "try"),
                    super::count(from, "wall")
                )
            }
        }
    }
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
    /// Each wall, and whether it starts with a REVERSE.
    found: Vec<(Wall, bool)>,
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
        self.push(&hands, &[tile], drawn, false);
        // Play going the other way (a REVERSE was played): the same table
        // with the order reversed by a first REVERSE, so that a decision
        // that depends on the direction comes as early as it can (line 57
        // for a claim): A, who plays it, sits last in the new order, the
        // drawing player at D. Not when A would play a PASS first.
        if t.direction == crate::thupc2021::event::Direction::Backward
            && !hands[3].contains(&Tile::PASS)
        {
            let reversed: Vec<Vec<Tile>> = hands.iter().rev().cloned().collect();
            self.push(&reversed, &[Tile::REVERSE, tile], drawn, true);
        }
    }
}

impl Rebaser<'_> {
    /// Records the wall that deals `hands` (13 rounds of A, B, C, D), then
    /// `first` (the next draws), the rest of the wall after the `drawn`
    /// tiles already drawn and the drawn tile, then the tiles out of play.
    fn push(&mut self, hands: &[Vec<Tile>], first: &[Tile], drawn: usize, reversed: bool) {
        let mut out = Vec::with_capacity(self.tiles.len());
        for round in 0..13 {
            out.extend(hands.iter().map(|h| h[round]));
        }
        out.extend_from_slice(first);
        out.extend_from_slice(&self.tiles[drawn + 1..]);
        // The tiles out of play (discards), last.
        let mut left = crate::thupc2021::wall::counts(self.tiles).map(|n| n as i64);
        for &x in &out {
            left[x.index()] -= 1;
        }
        if left.iter().any(|&n| n < 0) {
            return;
        }
        for (k, &n) in left.iter().enumerate() {
            let kind = Tile::from_index(k).expect("k < KINDS");
            out.extend(std::iter::repeat_n(kind, n as usize));
        }
        if let Ok(wall) = Wall::new(out) {
            self.found.push((wall, reversed));
        }
    }
}

/// Walls that deal the table of a draw before line `line` of the game on
/// `wall` from the start, the latest draw first: a wrong decision taken on
/// that table then comes right after the deal. Each wall says whether it
/// starts with a REVERSE (for a table where play goes the other way).
fn rebased(wall: &Wall, line: usize) -> Vec<(Wall, bool)> {
    let mut r = Rebaser {
        tiles: wall.tiles(),
        upto: line,
        found: Vec::new(),
    };
    play_observed(wall, &mut r);
    r.found.reverse();
    r.found
}

/// Fruitless random swaps after which shrinking leaves a starting wall
/// for the next one (when there is time left).
const STALL_TRIES: usize = 400;

/// The most walls of a group kept as starting points for shrinking.
const MAX_STARTS: usize = 64;

/// Whether a try `cd` is kept over the current `cur`: it disagrees earlier,
/// in a way that can be shrunk, and the same way as to a shift (a shift
/// alone never stands for a rules bug behind it).
fn better(cd: &Disagreement, cur: &Disagreement) -> bool {
    let sort = |d: &Disagreement| d.shift.map(|s| s.rest_agrees);
    cd.line < cur.line
        && !cd.log_correct
        && cd.kind != Kind::Timeout
        && cd.kind != Kind::PipeHeld
        && sort(cd) == sort(cur)
}

/// A shrunk disagreement and how it was found.
struct Shrunk {
    wall: Wall,
    d: Disagreement,
    runs: usize,
    from: usize,
    end: ShrinkEnd,
}

/// Moves the disagreement as early in the log as it can, from each of the
/// starting walls `starts` in turn (a group's walls, or more failing walls
/// found as it goes) until `o.shrink_time` is spent, keeping the earliest.
/// From each start, first by meaning: a disagreement is a decision taken
/// on a table, and a wall that deals that table from the start brings the
/// decision right after the deal (line 53 or so, 57 when play must go the
/// other way); the tables before the draws leading to it are tried, the
/// latest first. Then by random swaps of two tiles, at least one among
/// those drawn up to the disagreement, kept when the solution still
/// disagrees earlier, until [`STALL_TRIES`] in a row fail. Time-outs are
/// not shrunk: every try would cost the whole time-out; nor is a run
/// whose log is right (only its ending is wrong: no line to move).
fn shrink(
    o: &Options,
    mut starts: impl Iterator<Item = (Wall, Disagreement)>,
    escaped: &AtomicUsize,
) -> Option<Shrunk> {
    let (wall, d) = starts.next()?;
    let stay = |wall, d, note: &str| {
        let end = if note == "line 1" {
            ShrinkEnd::AtLine1
        } else {
            ShrinkEnd::NotShrunk(note.into())
        };
        Some(Shrunk {
            wall,
            d,
            runs: 0,
            from: 0,
            end,
        })
    };
    if d.log_correct {
        return stay(
            wall,
            d,
            "not shrunk: the log is right, only how the run ended is wrong",
        );
    }
    if d.line == 1 {
        return stay(wall, d, "line 1");
    }
    if d.kind == Kind::Timeout || d.kind == Kind::PipeHeld {
        return stay(wall, d, "not shrunk: every try would wait for the time-out");
    }
    let deadline = Instant::now() + o.shrink_time;
    let mut rng = Rng::new(o.seed ^ 0x5EED_5EED);
    let (mut runs, mut from, mut out_of_time) = (0, 0, false);
    let mut best = (wall.clone(), d.clone());
    let mut next = Some((wall, d));
    while let Some((w, d)) = next.take() {
        if best.1.line == 1 {
            break;
        }
        if Instant::now() >= deadline {
            out_of_time = true;
            break;
        }
        // A start of another sort (its log right, a time-out) is passed by.
        let same_sort = Disagreement {
            line: usize::MAX,
            ..best.1.clone()
        };
        if from == 0 || better(&d, &same_sort) {
            from += 1;
            let (w, d, late) = shrink_one(o, (w, d), deadline, &mut rng, &mut runs, escaped);
            if d.line < best.1.line {
                best = (w, d);
            }
            out_of_time = late;
        }
        next = starts.next();
    }
    let end = if best.1.line == 1 {
        ShrinkEnd::AtLine1
    } else if out_of_time {
        ShrinkEnd::RanOut
    } else {
        ShrinkEnd::NoEarlier
    };
    Some(Shrunk {
        wall: best.0,
        d: best.1,
        runs,
        from,
        end,
    })
}

/// Shrinks from one starting wall (see [`shrink`]) until `deadline` or
/// [`STALL_TRIES`] fruitless swaps; says whether time ran out.
fn shrink_one(
    o: &Options,
    (mut best, mut best_d): (Wall, Disagreement),
    deadline: Instant,
    rng: &mut Rng,
    runs: &mut usize,
    escaped: &AtomicUsize,
) -> (Wall, Disagreement, bool) {
    let mut misses = 0;
    // How many tiles the log draws up to the disagreement: only swaps among
    // those can move it. It changes only when a candidate is kept.
    let reach_of = |w: &Wall, line: usize| drawn_by(&play(w), line).max(1);
    // By meaning, while it helps.
    'meaning: while best_d.line > crate::thupc2021::wall::DEAL + 2 {
        for (r, _) in rebased(&best, best_d.line) {
            if Instant::now() >= deadline {
                break 'meaning;
            }
            *runs += 1;
            if let Ok(Some(cd)) = check_wall(o, &r, None, escaped) {
                if better(&cd, &best_d) {
                    best = r;
                    best_d = cd;
                    continue 'meaning;
                }
            }
        }
        break;
    }
    let mut reach = reach_of(&best, best_d.line);
    while best_d.line > 1 && Instant::now() < deadline && misses < STALL_TRIES {
        let mut tiles = best.tiles().to_vec();
        let i = rng.below(reach);
        let j = rng.below(tiles.len());
        if tiles[i] == tiles[j] {
            continue;
        }
        tiles.swap(i, j);
        let candidate = Wall::new(tiles).expect("a swap keeps the deck");
        *runs += 1;
        match check_wall(o, &candidate, None, escaped) {
            Ok(Some(cd)) if better(&cd, &best_d) => {
                reach = reach_of(&candidate, cd.line);
                best = candidate;
                best_d = cd;
                misses = 0;
            }
            _ => misses += 1,
        }
    }
    let late = misses < STALL_TRIES && best_d.line > 1;
    (best, best_d, late)
}

/// Checks the solution on the generated walls (made one at a time, as the
/// runs ask for them), calling `agreed` after each wall on which it agrees
/// (for a progress bar).
pub fn check(o: &Options, agreed: &(dyn Fn() + Sync)) -> Result<Report, CheckError> {
    validate_save_dir(&o.save_dir)?;
    // Before any run: a sandbox that is required and cannot be had is the
    // user's error, not a disagreement.
    Jail::new(&o.solution, &std::env::current_dir()?, &sandbox_options(o))
        .map_err(|e| CheckError::Io(std::io::Error::other(e)))?;
    // The solution must not read the expected answers or the saved walls.
    crate::process::sandbox::hide(&o.save_dir);
    if let Some(dir) = &o.walls_dir {
        crate::process::sandbox::hide(dir);
    }
    let guard = Containment::new();
    let escaped = AtomicUsize::new(0);
    let result = check_walls(o, agreed, &escaped);
    // Whatever is left of any run goes now.
    escaped.fetch_add(guard.finish(), Ordering::Relaxed);
    let mut report = result?;
    report.escaped = escaped.load(Ordering::Relaxed);
    Ok(report)
}

/// The sandbox of the solution's runs.
fn sandbox_options(o: &Options) -> SandboxOptions {
    SandboxOptions {
        mode: o.sandbox,
        memory: o.memory_mib.map(|m| m << 20),
        processes: crate::process::PROCESS_LIMIT,
        grants: o.grants.clone(),
    }
}

/// Runs the walls, then groups the disagreements, shrinks each group from
/// its walls, merges the groups that shrank to the same kind of difference
/// and saves each group's shrunk wall.
fn check_walls(
    o: &Options,
    agreed: &(dyn Fn() + Sync),
    escaped: &AtomicUsize,
) -> Result<Report, CheckError> {
    let start = Instant::now();
    let mut scan = run_walls(o, agreed, escaped)?;
    let elapsed = start.elapsed();
    scan.found.sort_by_key(|f| f.0);
    if let Some(e) = scan.found.first().and_then(|f| not_runnable(o, &f.2)) {
        return Err(e);
    }
    let disagreeing = scan.found.len();
    let mut groups = group_disagreements(scan.found);
    let mut shifted_only = None;
    if !o.keep_going && !groups.is_empty() {
        // One report: the first group that is not a shift alone (the shift
        // is said beside it), else the shift.
        let real = groups.iter().position(|g| !g.pure_shift());
        shifted_only = real
            .and_then(|_| groups.iter().find(|g| g.pure_shift()))
            .and_then(|g| Some((g.walls, g.starts[0].2.shift?)));
        groups = vec![groups.swap_remove(real.unwrap_or(0))];
    }
    let mut failures: Vec<Failure> = Vec::new();
    for (n, group) in groups.into_iter().enumerate() {
        let f = shrunk_failure(o, n, group, scan.next, escaped);
        // Groups that shrank to the same kind of difference are one bug.
        match failures.iter_mut().find(|x| x.group == f.group) {
            Some(x) => x.merge(f),
            None => failures.push(f),
        }
    }
    for f in &mut failures {
        save_failure(o, f);
    }
    Ok(Report {
        checked: scan.checked,
        elapsed,
        disagreeing,
        failures,
        escaped: 0,
        shifted_only,
        stopped_at_line_1: scan.stopped_at_line_1,
        answers: scan.answers,
    })
}

/// A wall that disagreed: its index, the wall, the disagreement.
type Found = (usize, Wall, Disagreement);

/// What running the walls found.
struct Scan {
    /// Walls run.
    checked: usize,
    /// Each disagreement with its wall's index, in no order.
    found: Vec<Found>,
    /// The index of the first wall not run (where a search for more
    /// failing walls goes on).
    next: usize,
    /// With `--keep-going`, stopped because the first walls all disagreed
    /// at line 1.
    stopped_at_line_1: Option<usize>,
    /// The walls checked against answer files, and those on which the
    /// engine disagrees with its answer (name, line).
    answers: Answers,
}

/// Answer files (`.ans`) beside the walls of `--walls-dir`.
#[derive(Clone, Debug, Default)]
pub struct Answers {
    /// Walls checked against their answer file.
    pub used: usize,
    /// Answer files the engine's log disagrees with: wall name and the
    /// first differing line.
    pub engine_disagrees: Vec<(String, usize)>,
}

/// The expected log of wall `index` from an answer file, and whether the
/// engine disagrees with it (its first differing line).
type Expected = Option<(String, Option<usize>)>;

/// One wall run: the wall, the disagreement if any and, when an answer
/// file was the expected log, the line where the engine disagrees with it.
type Ran = (Wall, Option<Disagreement>, Option<Option<usize>>);

/// Runs the solution on the walls, `o.jobs` at a time, until one disagrees
/// other than by a shift alone (or through all of them with
/// `--keep-going`, unless the first [`Options::line_1_stop`] all disagree
/// at line 1).
fn run_walls(
    o: &Options,
    agreed: &(dyn Fn() + Sync),
    escaped: &AtomicUsize,
) -> Result<Scan, CheckError> {
    let mut scan = Scan {
        checked: 0,
        found: Vec::new(),
        next: 0,
        stopped_at_line_1: None,
        answers: Answers::default(),
    };
    let mut error: Option<CheckError> = None;
    let mut agreed_any = false;
    // The walls in order, made (or read) as each run takes one.
    let started = pool::run(
        o.jobs,
        walls_source(o)?.take(o.walls),
        |_, w| {
            let (w, answer) = w?;
            let d = check_wall(o, &w, answer.as_ref().map(|a| a.0.as_str()), escaped)?;
            Ok((w, d, answer.map(|a| a.1)))
        },
        |i, r: Result<Ran, CheckError>| {
            let (w, d, answer) = match r {
                Ok(x) => x,
                Err(e) => {
                    error.get_or_insert(e);
                    return Flow::Stop;
                }
            };
            scan.checked += 1;
            if let Some(engine) = answer {
                scan.answers.used += 1;
                if let Some(line) = engine {
                    scan.answers.engine_disagrees.push((wall_name(o, i), line));
                }
            }
            let Some(d) = d else {
                agreed_any = true;
                agreed();
                return Flow::Continue;
            };
            // A command that cannot run fails every wall: stop even when
            // keeping going.
            let unrunnable = not_runnable(o, &d).is_some();
            let shift_alone = d.shift.is_some_and(|s| s.rest_agrees);
            let at_line_1 = d.line == 1 && d.shift.is_none();
            scan.found.push((i, w, d));
            let n = scan.found.len();
            if o.keep_going
                && o.line_1_stop > 0
                && !agreed_any
                && n >= o.line_1_stop
                && scan
                    .found
                    .iter()
                    .all(|f| f.2.line == 1 && f.2.shift.is_none())
                && at_line_1
            {
                scan.stopped_at_line_1 = Some(n);
                return Flow::Stop;
            }
            if unrunnable || (!o.keep_going && !shift_alone) {
                return Flow::Stop;
            }
            Flow::Continue
        },
    );
    scan.next = started;
    match error {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}

/// Disagreeing walls that share the kind of first difference.
struct Group {
    /// The kind of first difference ([`group_key`]).
    key: String,
    /// How many walls disagreed that way.
    walls: usize,
    /// The first [`MAX_STARTS`] of them, in order: index, wall,
    /// disagreement.
    starts: Vec<Found>,
}

impl Group {
    /// The group is of walls whose output is only shifted.
    fn pure_shift(&self) -> bool {
        self.starts[0].2.shift.is_some_and(|s| s.rest_agrees)
    }
}

/// The disagreements `found` (sorted by wall) grouped by the kind of first
/// difference, in order of first wall.
fn group_disagreements(found: Vec<Found>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for f in found {
        let key = group_key(&f.1, &f.2);
        match groups.iter_mut().find(|g| g.key == key) {
            Some(g) => {
                g.walls += 1;
                if g.starts.len() < MAX_STARTS {
                    g.starts.push(f);
                }
            }
            None => groups.push(Group {
                key,
                walls: 1,
                starts: vec![f],
            }),
        }
    }
    groups
}

impl Failure {
    /// Takes in `other`, a group that shrank to the same kind of
    /// difference: its walls, and its shrunk wall when that is earlier.
    fn merge(&mut self, other: Failure) {
        let walls = self.walls + other.walls;
        let runs = self.shrink_runs + other.shrink_runs;
        let from = self.shrink_from + other.shrink_from;
        // Time ran out for one of them: the merged search was cut short.
        let ran_out = [&self.shrink_end, &other.shrink_end].contains(&&ShrinkEnd::RanOut);
        if other.disagreement.line < self.disagreement.line {
            *self = other;
        }
        self.walls = walls;
        self.shrink_runs = runs;
        self.shrink_from = from;
        if ran_out && self.shrink_end == ShrinkEnd::NoEarlier {
            self.shrink_end = ShrinkEnd::RanOut;
        }
    }
}

/// The `n`th group shrunk (the first [`MAX_SHRUNK_GROUPS`] groups only)
/// from its walls, the earliest first, and (without `--keep-going`) from
/// further failing walls of the same kind, found from wall `next` on; keyed
/// by the kind of its shrunk difference. Not saved yet.
fn shrunk_failure(
    o: &Options,
    n: usize,
    group: Group,
    next: usize,
    escaped: &AtomicUsize,
) -> Failure {
    let Group {
        key,
        walls,
        mut starts,
    } = group;
    let (index, first_wall, original) = starts[0].clone();
    if n >= MAX_SHRUNK_GROUPS {
        return Failure {
            index,
            group: key,
            walls,
            original: original.clone(),
            wall: first_wall,
            disagreement: original,
            shrink_runs: 0,
            shrink_from: 0,
            shrink_end: ShrinkEnd::NotShrunk(format!(
                "not shrunk: only the first {MAX_SHRUNK_GROUPS} groups are"
            )),
            path: Err("not saved".into()),
            replay: None,
        };
    }
    // The first wall first (it is the one reported), then the earliest.
    starts[1..].sort_by_key(|f| (f.2.line, f.0));
    let more = (!o.keep_going)
        .then(|| more_failing_walls(o, next, &key, escaped))
        .into_iter()
        .flatten();
    let all = starts.into_iter().map(|f| (f.1, f.2)).chain(more);
    let s = shrink(o, all, escaped).expect("a group has a wall");
    Failure {
        index,
        group: group_key(&s.wall, &s.d),
        walls,
        original,
        wall: s.wall,
        disagreement: s.d,
        shrink_runs: s.runs,
        shrink_from: s.from,
        shrink_end: s.end,
        path: Err("not saved".into()),
        replay: None,
    }
}

/// Walls from `next` on on which the solution disagrees the way `key`
/// says, found one run at a time as shrinking asks for them.
fn more_failing_walls<'a>(
    o: &'a Options,
    next: usize,
    key: &'a str,
    escaped: &'a AtomicUsize,
) -> impl Iterator<Item = (Wall, Disagreement)> + 'a {
    walls_source(o)
        .into_iter()
        .flatten()
        .take(o.walls)
        .skip(next)
        .filter_map(move |w| {
            let (w, answer) = w.ok()?;
            let d = check_wall(o, &w, answer.as_ref().map(|a| a.0.as_str()), escaped).ok()??;
            (group_key(&w, &d) == key).then_some((w, d))
        })
}

/// Saves a failure's shrunk wall (never over another file) and its
/// replay page beside it.
fn save_failure(o: &Options, f: &mut Failure) {
    let path = o
        .save_dir
        .join(format!("{}-shrunk.in", wall_name(o, f.index)));
    let text = f.wall.to_string();
    let saved = std::fs::create_dir_all(&o.save_dir).and_then(|()| {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| std::io::Write::write_all(&mut file, text.as_bytes()))
    });
    f.path = match saved {
        Ok(()) => Ok(path.clone()),
        // The same wall from an earlier run is kept as it is.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            if std::fs::read_to_string(&path).is_ok_and(|t| t == text) {
                Ok(path.clone())
            } else {
                Err(format!(
                    "`{}` already holds another wall and check never overwrites one: remove it or choose another --save-dir",
                    path.display()
                ))
            }
        }
        Err(e) => Err(format!("cannot save it as `{}`: {e}", path.display())),
    };
    f.replay = f
        .path
        .as_ref()
        .ok()
        .map(|p| save_replay(o, p, &f.wall, &f.disagreement));
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
    let sandboxed = o.sandbox != SandboxMode::Off
        && process::sandbox::unavailable().is_none()
        && std::env::current_dir()
            .is_ok_and(|cwd| process::sandbox::program_exists(&o.solution, &cwd));
    let what = process::could_not_run_in(Some(c), sandboxed)?;
    (d.line == 1 && d.actual.is_none()).then(|| CheckError::NotRunnable {
        command: o.solution.clone(),
        status: status_text(Some(c)),
        what,
        stderr: d.stderr.clone(),
    })
}

/// The kind of a disagreement's first difference, as groups share it: the
/// symptom (an extra RON, a missing PONG, a different discard, ...) and
/// the rule at stake, the one the solution's line breaks when it adds or
/// changes an event, else the engine's line's own (from the game's
/// records, as `explain` gives them).
pub fn group_key(wall: &Wall, d: &Disagreement) -> String {
    if d.log_correct {
        let then = match &d.kind {
            Kind::Output | Kind::NotText => "printed more".to_string(),
            Kind::Crash(_) => status_text(d.code),
            k => k.to_string(),
        };
        return format!("the correct log, then {then}");
    }
    if let Some(s) = d.shift.filter(|s| s.rest_agrees) {
        return format!("the output is shifted: {}", s.kind());
    }
    if d.kind != Kind::Output {
        return d.kind.to_string();
    }
    let steps = crate::thupc2021::explain::explain(wall);
    match steps.get(d.line - 1) {
        Some(step) => {
            use crate::thupc2021::explain::{rule_at_stake, DISTANCE_RULE};
            let rule = rule_at_stake(step, d.actual.as_deref()).rule;
            let symptom = symptom(&step.event, d.actual.as_deref());
            // A wrong distance shows as any of these, a discard tied with
            // the right one included: one bug, one group.
            let ordinary = |l: Option<&str>| {
                l.and_then(crate::thupc2021::event::read_line)
                    .is_some_and(|l| l.tiles.iter().all(|t| !t.is_special()))
            };
            let discard = symptom == DIFFERENT_DISCARD
                && ordinary(d.actual.as_deref())
                && ordinary(d.expected.as_deref());
            if rule == DISTANCE_RULE || discard {
                return format!("a discard, claim or win other than the winning distances give ({DISTANCE_RULE})");
            }
            format!("{symptom} ({rule})")
        }
        None => "more lines after the end of the log".into(),
    }
}

/// The symptom of another discard by the player whose turn it is.
const DIFFERENT_DISCARD: &str = "a different discard (OUT)";

/// How the solution's line differs from the engine's `expected` event, in
/// the order the game weighs what may follow a discard (RON, PONG, CHOW,
/// then the next player's IN) or a draw (SELFDRAWN, then OUT): an extra
/// RON, a missing PONG, a different discard, ...
fn symptom(expected: &Event, actual: Option<&str>) -> String {
    use crate::thupc2021::event::Verb;
    let ev = expected.verb();
    let word = |v: Verb| match v {
        Verb::In => "IN (a tile drawn)",
        Verb::Out => "OUT (a discard)",
        Verb::Draw => "DRAW (the wall ran out)",
        v => v.word(),
    };
    let Some(actual) = actual else {
        return format!("the output stops where {} was expected", word(ev));
    };
    let Some(a) = crate::thupc2021::event::read_line(actual) else {
        // The word that goes wrong: the first, unless it is a player.
        let mut words = actual.split_whitespace();
        let first = words.next().unwrap_or("");
        let w = match first {
            "A" | "B" | "C" | "D" => words.next().unwrap_or(first),
            _ => first,
        };
        return format!(
            "a line that is not a log event (`{}`) where {} was expected",
            visible(w),
            word(ev)
        );
    };
    let rank = |v: Verb| match v {
        Verb::Ron => Some((0, 3)),
        Verb::Pong => Some((0, 2)),
        Verb::Chow => Some((0, 1)),
        Verb::In => Some((0, 0)),
        Verb::SelfDrawn => Some((1, 1)),
        Verb::Out => Some((1, 0)),
        _ => None,
    };
    if a.verb == ev {
        return match ev {
            Verb::In => "a different tile drawn (IN)".into(),
            Verb::Out => DIFFERENT_DISCARD.into(),
            Verb::Ron => "a RON by another player".into(),
            v => format!("a different {}", v.word()),
        };
    }
    match (rank(a.verb), rank(ev)) {
        (Some((sa, ra)), Some((se, re))) if sa == se && ra > re => {
            format!("an extra {}", a.verb.word())
        }
        (Some((sa, _)), Some((se, _))) if sa == se => format!("a missing {}", ev.word()),
        _ => format!("{} where {} was expected", word(a.verb), word(ev)),
    }
}

/// A wall to check, with its answer file's log when there is one, and
/// the first line where the engine disagrees with that answer.
type Source = Box<dyn Iterator<Item = Result<(Wall, Expected), CheckError>> + Send>;

/// The walls a check runs on, in order: generated, or read one at a time
/// from the files of `--walls-dir` (sorted by name), each with its answer
/// file (`1.ans` beside `1.in`) when there is one.
fn walls_source(o: &Options) -> Result<Source, CheckError> {
    let Some(dir) = &o.walls_dir else {
        return Ok(Box::new(
            wall_stream(o.family, o.seed).map(|w| Ok((w, None))),
        ));
    };
    let files = wall_files(dir)?;
    Ok(Box::new(files.into_iter().map(|path| {
        let bad = |why: String| CheckError::BadWall {
            path: path.display().to_string(),
            why,
        };
        let file = std::fs::File::open(&path).map_err(|e| bad(e.to_string()))?;
        let wall =
            crate::thupc2021::wall::read_wall(std::io::BufReader::new(file)).map_err(|e| {
                bad(match e {
                    crate::parse::ReadError::Io(e) => e.to_string(),
                    crate::parse::ReadError::Parse(e) => e.to_string(),
                })
            })?;
        let answer_path = path.with_extension("ans");
        let answer = match (path.extension(), std::fs::read(&answer_path)) {
            (Some(e), Ok(bytes)) if e == "in" => {
                let text = String::from_utf8(bytes).map_err(|_| CheckError::BadWall {
                    path: answer_path.display().to_string(),
                    why: "not text".into(),
                })?;
                let engine = log_string(&play(&wall));
                let trim = |t: &str| -> Vec<String> {
                    let mut l: Vec<String> = t.lines().map(|l| l.trim_end().to_string()).collect();
                    while l.last().is_some_and(String::is_empty) {
                        l.pop();
                    }
                    l
                };
                let (a, b) = (trim(&text), trim(&engine));
                let differs = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i));
                Some((text, differs.map(|i| i + 1)))
            }
            _ => None,
        };
        Ok((wall, answer))
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
        None => crate::thupc2021::families::wall_file_stem(o.family, o.seed, index, o.walls),
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
            "{} ({}): {:.0} walls/s with {}",
            match r.checked {
                1 => "the wall agrees".to_string(),
                n => format!("all {n} walls agree"),
            },
            origin(o),
            rate,
            super::count(o.jobs, "job")
        )
        .expect("to a String");
        answers_note(&mut s, &r.answers);
        escaped_note(&mut s, r.escaped);
        return s;
    }
    if o.keep_going {
        writeln!(
            s,
            "{} of {} disagree ({}), in {} by the kind of first difference:",
            r.disagreeing,
            super::count(r.checked, "wall"),
            origin(o),
            super::count(r.failures.len(), "group")
        )
        .expect("to a String");
        for (n, f) in r.failures.iter().enumerate() {
            writeln!(
                s,
                "  group {}: {}, first {}: {}",
                n + 1,
                super::count(f.walls, "wall"),
                which_wall(o, f.index),
                f.group
            )
            .expect("to a String");
        }
    }
    if let Some(n) = r.stopped_at_line_1 {
        writeln!(
            s,
            "stopped early: the first {n} walls all disagree at line 1 (--line-1-stop 0 runs them all)"
        )
        .expect("to a String");
    }
    for (n, f) in r.failures.iter().enumerate() {
        if o.keep_going {
            writeln!(s, "\n== group {}", n + 1).expect("to a String");
        }
        failure_text(&mut s, o, f);
    }
    if let Some((walls, shift)) = &r.shifted_only {
        writeln!(
            s,
            "\nalso: on {} the output is only shifted ({}), the rest agreeing",
            super::count(*walls, "wall"),
            shift.text()
        )
        .expect("to a String");
    }
    answers_note(&mut s, &r.answers);
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
    // A time-out names the limit it went over, so that a slow but right
    // solution is told from a stuck one.
    let limit = if f.original.kind == Kind::Timeout {
        format!(
            " (over the limit of {} s a wall, --timeout)",
            o.timeout.as_secs_f64()
        )
    } else {
        String::new()
    };
    writeln!(
        s,
        "DISAGREEMENT on {} ({}): the solution {}{limit}",
        which_wall(o, f.index),
        origin(o),
        what(&f.original)
    )
    .expect("to a String");
    writeln!(s, "kind: {}", f.group).expect("to a String");
    if f.shrink_runs == 0 && f.original.log_correct {
        writeln!(s, "{}", f.shrink_note(o)).expect("to a String");
    } else {
        writeln!(
            s,
            "shrunk in {}, first difference at line {} (was {}); {}",
            super::count(f.shrink_runs, "run"),
            d.line,
            f.original.line,
            f.shrink_note(o)
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
    if let Some(shift) = &d.shift {
        let rest = if shift.rest_agrees {
            "the rest agrees"
        } else {
            "past it the lines are compared shifted"
        };
        writeln!(s, "its output is shifted: {}; {rest}", shift.text()).expect("to a String");
    }
    if !d.log_correct {
        let show = |l: &Option<String>| {
            l.as_deref()
                .map_or_else(|| "(nothing)".to_string(), visible)
        };
        match d.shift.filter(|s| !s.rest_agrees) {
            Some(sh) => writeln!(
                s,
                "first differing line: {} (your line {})",
                d.line,
                d.line + sh.yours - sh.expected
            ),
            None => writeln!(s, "first differing line: {}", d.line),
        }
        .expect("to a String");
        writeln!(s, "  expected: {}", show(&d.expected)).expect("to a String");
        writeln!(s, "  actual:   {}", show(&d.actual)).expect("to a String");
        // Lines a shift alone set side by side differ throughout.
        let shifted = d.shift.is_some_and(|s| s.rest_agrees);
        if let (Some(e), Some(a), false) = (&d.expected, &d.actual, shifted) {
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
            crate::thupc2021::explain::at_line_against(&f.wall, d.line, d.actual.as_deref())
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
        stopped_at_line_1: r.stopped_at_line_1,
        answers_used: r.answers.used,
        engine_disagrees_with_answers: r
            .answers
            .engine_disagrees
            .iter()
            .map(|(n, l)| format!("{n}.ans at line {l}"))
            .collect(),
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
                    .map(|st| {
                        crate::thupc2021::explain::rule_at_stake(st, d.actual.as_deref()).rule
                    })
            })
            .flatten(),
        shift: d.shift.map(|s| ShiftJson {
            yours: s.yours,
            expected: s.expected,
            rest_agrees: s.rest_agrees,
            text: s.text(),
        }),
        status: status_text(d.code),
        stderr: d.stderr.clone(),
        shrink_runs: f.shrink_runs,
        shrink_note: f.shrink_note(o),
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
pub const REPORT_VERSION: u32 = 2;

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
    #[schemars(range(min = 2, max = 2))]
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
    /// With `--keep-going`, stopped after this many walls all disagreed
    /// at line 1.
    pub stopped_at_line_1: Option<usize>,
    /// Walls whose `.ans` file was the expected log.
    pub answers_used: usize,
    /// Answer files the engine disagrees with (`NAME.ans at line N`).
    pub engine_disagrees_with_answers: Vec<String>,
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
    /// The rule at stake, in words: the one the solution's line breaks
    /// when it adds or changes an event, else the one that decides the
    /// engine's line.
    pub rule: Option<String>,
    /// The output is the expected log shifted by some lines.
    pub shift: Option<ShiftJson>,
    /// How the run ended (`exit status 0`, `killed by signal 9`, ...).
    pub status: String,
    /// The end of its standard error.
    pub stderr: String,
    /// Runs the shrinking took (from all its starting walls).
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

/// A shift of the solution's output in a check's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct ShiftJson {
    /// The solution's line (from 1) where the shifted agreement starts.
    pub yours: usize,
    /// The expected line it is.
    pub expected: usize,
    /// The shift is the only difference.
    pub rest_agrees: bool,
    /// In words.
    pub text: String,
}

/// Says which answer files were the expected logs, and whether the engine
/// agrees with them.
fn answers_note(s: &mut String, a: &Answers) {
    use std::fmt::Write as _;
    if a.used == 0 {
        return;
    }
    let engine = if a.engine_disagrees.is_empty() {
        format!("the engine agrees with all {}", a.used)
    } else {
        let each: Vec<String> = a
            .engine_disagrees
            .iter()
            .map(|(name, line)| format!("`{name}.ans` at line {line}"))
            .collect();
        format!(
            "the engine disagrees with {} of them: {}",
            a.engine_disagrees.len(),
            each.join(", ")
        )
    };
    writeln!(
        s,
        "expected logs: the `.ans` file beside each wall ({}); {engine}",
        super::count(a.used, "wall")
    )
    .expect("to a String");
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
    /// drawn tile (after a REVERSE, for a table where play goes the other
    /// way) and, after it, the rest of the original wall in its order
    /// (every draw takes the wall's next tile): one wall for a draw after
    /// the deal (two when play goes the other way), the latest draw first.
    #[test]
    fn rebased_walls_put_a_draw_right_after_the_deal() {
        let mut reversed = 0;
        for seed in 1..=20 {
            let wall = uniform_wall(&mut Rng::new(seed));
            let tiles = wall.tiles();
            let events = play(&wall);
            let walls = rebased(&wall, events.len());
            assert!(!walls.is_empty(), "seed {seed}");
            let mut last = tiles.len();
            for (r, by_reverse) in &walls {
                let r = r.tiles();
                assert_eq!(counts(r), counts(tiles));
                // The draw it is for: the one whose tile and rest match,
                // right after the deal or after the first REVERSE.
                let at = if *by_reverse {
                    assert_eq!(r[DEAL], Tile::REVERSE);
                    reversed += 1;
                    DEAL + 1
                } else {
                    DEAL
                };
                let i = (DEAL..last)
                    .rev()
                    .find(|&i| {
                        r[at] == tiles[i] && r[at + 1..][..tiles.len() - i - 1] == tiles[i + 1..]
                    })
                    .unwrap_or_else(|| {
                        panic!("seed {seed}: no draw before wall index {last} matches")
                    });
                // The reversed one first, then the plain one, for a draw.
                last = if *by_reverse { i + 1 } else { i };
            }
        }
        assert!(reversed > 0, "no table where play goes the other way");
    }

    /// Symptoms are said in the log's own words: `IN` is a tile drawn,
    /// `DRAW` the wall running out (no internal names such as
    /// `exhausted_wall`); an event the solution adds is extra, one it
    /// leaves out (printing a lower one in the order the game weighs
    /// them) missing.
    #[test]
    fn symptoms_are_said_in_the_logs_words() {
        use crate::thupc2021::event::Player;
        let (a, b) = (Player::A, Player::ALL[1]);
        let tile = |t: &str| -> Tile { t.parse().unwrap() };
        let draw = Event::Draw {
            player: b,
            tile: tile("1M"),
        };
        let pong = Event::Pong {
            player: b,
            tile: tile("1M"),
        };
        let out = Event::Discard {
            player: a,
            tile: tile("1M"),
        };
        let cases = [
            (&draw, Some("B IN 2M"), "a different tile drawn (IN)"),
            (&draw, Some("C RON"), "an extra RON"),
            (&draw, Some("B CHOW 1M 2M 3M"), "an extra CHOW"),
            (&pong, Some("B IN 2M"), "a missing PONG"),
            (
                &pong,
                Some("B CHI 1M 2M 3M"),
                "a line that is not a log event (`CHI`) where PONG was expected",
            ),
            (
                &pong,
                Some("xB PONG"),
                "a line that is not a log event (`xB`) where PONG was expected",
            ),
            (&out, Some("A OUT 2M"), "a different discard (OUT)"),
            (&out, Some("A SELFDRAWN"), "an extra SELFDRAWN"),
            (
                &draw,
                None,
                "the output stops where IN (a tile drawn) was expected",
            ),
            (
                &Event::ExhaustedWall,
                Some("A IN 2M"),
                "IN (a tile drawn) where DRAW (the wall ran out) was expected",
            ),
        ];
        for (expected, actual, want) in cases {
            assert_eq!(symptom(expected, actual), want, "{expected} / {actual:?}");
        }
    }

    /// A shift is found from the first line with a few lines agreeing,
    /// later only when the whole rest agrees; past it the comparison goes
    /// on, shifted.
    #[test]
    fn shifts_are_found_and_named() {
        let wall = uniform_wall(&mut Rng::new(3));
        let log = log_string(&play(&wall));
        let run = |out: String| Run {
            stdout: out.into_bytes(),
            code: Some(0),
            ..Run::default()
        };
        let lines: Vec<&str> = log.lines().collect();
        let no_deal = lines[52..].join("\n");
        let d = judge(&log, &run(no_deal)).unwrap();
        let shift = d.shift.unwrap();
        assert_eq!(
            (shift.yours, shift.expected, shift.rest_agrees),
            (1, 53, true)
        );
        assert_eq!(
            shift.text(),
            "your line 1 is expected line 53: the 52 deal lines are missing"
        );
        assert_eq!(d.line, 1);
        // An extra first line; a line changed past it is the difference.
        let mut more: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        more.insert(0, "hello".into());
        more[60] = "A RON".into();
        let d = judge(&log, &run(more.join("\n"))).unwrap();
        let shift = d.shift.unwrap();
        assert_eq!(
            (shift.yours, shift.expected, shift.rest_agrees),
            (2, 1, false)
        );
        assert_eq!(
            shift.text(),
            "your line 2 is expected line 1: your line 1 is extra"
        );
        assert_eq!((d.line, d.actual.as_deref()), (60, Some("A RON")));
        // The deal missing, a wrong line right after the first draw: the
        // shift is still said.
        let mut early: Vec<&str> = lines[52..].to_vec();
        early[1] = "A RON";
        let d = judge(&log, &run(early.join("\n"))).unwrap();
        assert_eq!(d.shift.map(|s| (s.yours, s.expected)), Some((1, 53)));
        assert_eq!((d.line, d.actual.as_deref()), (54, Some("A RON")));
        // The deal missing, its first line the same as the first draw's
        // by chance: still a shift from line 1.
        let mut want: Vec<String> = (0..80).map(|n| format!("line {n}")).collect();
        want[52] = want[0].clone();
        let mut got = want[52..].to_vec();
        got[5] = "A RON".into();
        let d = judge(&want.join("\n"), &run(got.join("\n"))).unwrap();
        assert_eq!(d.shift.map(|s| (s.yours, s.expected)), Some((1, 53)));
        assert_eq!((d.line, d.actual.as_deref()), (58, Some("A RON")));
        // One line changed, the rest in place: no shift.
        let mut one: Vec<&str> = lines.clone();
        one[70] = "A RON";
        assert_eq!(judge(&log, &run(one.join("\n"))).unwrap().shift, None);
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
            line_1_stop: 20,
            sandbox: SandboxMode::Auto,
            memory_mib: Some(1024),
            grants: Default::default(),
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
            shift: None,
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
            let s = shrink(&o, [(wall, d)].into_iter(), &AtomicUsize::new(0)).unwrap();
            assert_eq!((s.d.kind, s.d.line, s.runs), (kind, 80, 0));
            let why = "not shrunk: every try would wait for the time-out";
            assert_eq!(s.end, ShrinkEnd::NotShrunk(why.into()));
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
        let s = shrink(
            &options("exit 3"),
            [(wall, d)].into_iter(),
            &AtomicUsize::new(0),
        )
        .unwrap();
        assert_eq!((s.d.line, s.runs), (1, 1));
        assert_eq!(s.end, ShrinkEnd::AtLine1);
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
            shifted_only: None,
            stopped_at_line_1: None,
            answers: Answers::default(),
        };
        let text = report_text(&options("true"), &r);
        let want = "all 10 walls agree (family uniform, seed 1): 5 walls/s with 1 job\n";
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
                shrink_from: 1,
                shrink_end: ShrinkEnd::NotShrunk("NOTE".into()),
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
            format!(
                "\nshrunk in {}, first difference at line 80 (was 80); NOTE\n",
                crate::contest::count(runs, "run")
            )
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
