//! `mahjong-sim check`: run someone's contest solution on generated walls,
//! compare with the engine, and shrink the first disagreement.
//!
//! The solution is untrusted: it runs through [`crate::process`], which
//! contains it (time-out, output limit, its process group killed).

use super::event::{log_string, Event};
use super::families::{walls, Family};
use super::game::play;
use super::wall::Wall;
use crate::process::{self, Run};
use crate::rng::Rng;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
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
    })
}

/// Runs the solution on `wall` and judges it.
fn check_wall(o: &Options, wall: &Wall) -> std::io::Result<Option<Disagreement>> {
    let expected = log_string(&play(wall));
    let run = process::run(
        &o.solution,
        wall.to_string().as_bytes(),
        o.timeout,
        o.output_limit,
    )?;
    Ok(judge(&expected, &run))
}

/// The result of a whole check.
#[derive(Debug)]
pub struct Report {
    /// Walls run (all of them when everything agreed).
    pub checked: usize,
    /// Wall-clock time of the checking (shrinking excluded).
    pub elapsed: Duration,
    /// The first disagreement found, if any.
    pub failure: Option<Failure>,
}

/// The first disagreement, shrunk.
#[derive(Debug)]
pub struct Failure {
    /// Which generated wall (from 0) disagreed first.
    pub index: usize,
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
    /// Where the shrunk wall was saved.
    pub path: PathBuf,
}

/// Tiles drawn by the end of line `line` of a game with these `events`.
fn drawn_by(events: &[Event], line: usize) -> usize {
    events
        .iter()
        .take(line)
        .filter(|e| matches!(e, Event::Draw { .. }))
        .count()
}

/// Moves the disagreement as early in the log as it can: random swaps of
/// two tiles, at least one among those drawn up to the disagreement, kept
/// when the solution still disagrees earlier. Time-outs are not shrunk:
/// every try would cost the whole time-out.
fn shrink(o: &Options, wall: Wall, d: Disagreement) -> (Wall, Disagreement, usize, String) {
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
        match check_wall(o, &candidate) {
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

/// Checks the solution on the generated walls, calling `agreed` after each
/// wall on which it agrees (for a progress bar).
pub fn check(o: &Options, agreed: &(dyn Fn() + Sync)) -> std::io::Result<Report> {
    let all = walls(o.family, o.seed, o.walls);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let found: Mutex<Vec<(usize, Disagreement)>> = Mutex::new(Vec::new());
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..o.jobs.max(1) {
            s.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(w) = all.get(i) else { break };
                    match check_wall(o, w) {
                        Ok(None) => agreed(),
                        Ok(Some(d)) => {
                            found.lock().expect("no panics while held").push((i, d));
                            stop.store(true, Ordering::Relaxed);
                        }
                        Err(e) => {
                            *error.lock().expect("no panics while held") = Some(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let elapsed = start.elapsed();
    if let Some(e) = error.into_inner().expect("threads joined") {
        return Err(e);
    }
    let mut found = found.into_inner().expect("threads joined");
    found.sort_by_key(|f| f.0);
    let checked = next.load(Ordering::Relaxed).min(all.len());
    let Some((index, original)) = found.into_iter().next() else {
        return Ok(Report {
            checked,
            elapsed,
            failure: None,
        });
    };
    let (wall, disagreement, shrink_runs, shrink_note) =
        shrink(o, all[index].clone(), original.clone());
    std::fs::create_dir_all(&o.save_dir)?;
    let path = o.save_dir.join(format!(
        "{}-{}-{index:05}-shrunk.in",
        o.family.name(),
        o.seed
    ));
    std::fs::write(&path, wall.to_string())?;
    Ok(Report {
        checked,
        elapsed,
        failure: Some(Failure {
            index,
            original,
            wall,
            disagreement,
            shrink_runs,
            shrink_note,
            path,
        }),
    })
}

/// The report a person reads.
pub fn report_text(o: &Options, r: &Report) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let rate = r.checked as f64 / r.elapsed.as_secs_f64().max(1e-9);
    let Some(f) = &r.failure else {
        writeln!(
            s,
            "all {} walls agree (family {}, seed {}): {:.0} walls/s with {} job(s)",
            r.checked,
            o.family.name(),
            o.seed,
            rate,
            o.jobs
        )
        .expect("to a String");
        return s;
    };
    let d = &f.disagreement;
    let show = |l: &Option<String>| l.clone().unwrap_or_else(|| "(nothing)".into());
    writeln!(
        s,
        "DISAGREEMENT on wall {} (family {}, seed {}): the solution {}",
        f.index,
        o.family.name(),
        o.seed,
        f.original.kind
    )
    .expect("to a String");
    writeln!(
        s,
        "shrunk in {} run(s), first difference at line {} (was {}); {}",
        f.shrink_runs, d.line, f.original.line, f.shrink_note
    )
    .expect("to a String");
    writeln!(s, "wall: {}", f.path.display()).expect("to a String");
    writeln!(s, "on that wall the solution {}", d.kind).expect("to a String");
    writeln!(s, "first differing line: {}", d.line).expect("to a String");
    writeln!(s, "  expected: {}", show(&d.expected)).expect("to a String");
    writeln!(s, "  actual:   {}", show(&d.actual)).expect("to a String");
    writeln!(s, "\n{}", super::explain::at_line(&f.wall, d.line)).expect("to a String");
    writeln!(s, "reproduce: {} < {}", o.solution, f.path.display()).expect("to a String");
    writeln!(s, "explain:   mahjong-sim explain {}", f.path.display()).expect("to a String");
    s
}
