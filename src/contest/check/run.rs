//! Running the solution: on one wall, contained and judged, and on all
//! the walls, `jobs` at a time, until a disagreement (or through them all).

use super::judge::{judge, status_text, Disagreement, Kind};
use super::options::{CheckError, Options};
use super::walls::{wall_name, walls_source};
use crate::contest::pool::{self, Flow};
use crate::process::{self, Jail, SandboxMode, SandboxOptions};
use crate::thupc2021::event::log_string;
use crate::thupc2021::game::play;
use crate::thupc2021::wall::Wall;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs the solution on `wall` and judges it against `answer` (an answer
/// file's log) or else the engine's log; processes the run left behind
/// outside its group are added to `escaped`.
pub(super) fn check_wall(
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

/// The sandbox of the solution's runs.
pub(super) fn sandbox_options(o: &Options) -> SandboxOptions {
    SandboxOptions {
        mode: o.sandbox,
        memory: o.memory_mib.map(|m| m << 20),
        processes: crate::process::PROCESS_LIMIT,
        grants: o.grants.clone(),
    }
}

/// The usage error behind a disagreement, when the shell could not find or
/// execute the command (exit status 127 or 126, nothing printed).
pub(super) fn not_runnable(o: &Options, d: &Disagreement) -> Option<CheckError> {
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

/// A wall that disagreed: its index, the wall, the disagreement.
pub(super) type Found = (usize, Wall, Disagreement);

/// What running the walls found.
pub(super) struct Scan {
    /// Walls run.
    pub(super) checked: usize,
    /// Each disagreement with its wall's index, in no order.
    pub(super) found: Vec<Found>,
    /// The index of the first wall not run (where a search for more
    /// failing walls goes on).
    pub(super) next: usize,
    /// With `--keep-going`, stopped because the first walls all disagreed
    /// at line 1.
    pub(super) stopped_at_line_1: Option<usize>,
    /// The walls checked against answer files, and those on which the
    /// engine disagrees with its answer (name, line).
    pub(super) answers: Answers,
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

/// One wall run: the wall, the disagreement if any and, when an answer
/// file was the expected log, the line where the engine disagrees with it.
type Ran = (Wall, Option<Disagreement>, Option<Option<usize>>);

/// Runs the solution on the walls, `o.jobs` at a time, until one disagrees
/// other than by a shift alone (or through all of them with
/// `--keep-going`, unless the first [`Options::line_1_stop`] all disagree
/// at line 1).
pub(super) fn run_walls(
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
