//! `mahjong-sim check`: run someone's contest solution on generated walls,
//! compare with the engine, and shrink the first disagreement.
//!
//! The solution is untrusted: it runs through [`crate::process`], which
//! contains it (time-out, output limit, its process group killed).
//!
//! - `options`: what to check and how, and why a check cannot be made;
//! - `judge`: a run judged against the expected log;
//! - `walls`: the walls, generated or read, and their names;
//! - `run`: the solution run on one wall, and on all of them;
//! - `report`: the result, and the report a person reads;
//! - `group`: disagreements grouped by the kind of first difference;
//! - `shrink`: a group's disagreement moved as early as it goes;
//! - `save`: the shrunk wall and its replay page saved;
//! - `json`: the report as JSON (`check --json`).
//!
//! Each file uses only files listed before it; this one runs the check
//! ([`check`]) with them all.

mod group;
mod json;
mod judge;
mod options;
mod report;
mod run;
mod save;
mod shrink;
#[cfg(test)]
mod tests;
mod walls;

pub use group::group_key;
pub use json::{report_json, CheckFormat, CheckJson, FailureJson, ShiftJson, REPORT_VERSION};
pub use judge::{first_differing_column, judge, status_text, visible, Disagreement, Kind, Shift};
pub use options::{validate_save_dir, CheckError, Options, SAVE_DIR};
pub use report::{report_text, shell_quote, Failure, Report, ShrinkEnd};
pub use run::Answers;
pub use shrink::MAX_SHRUNK_GROUPS;
pub use walls::wall_files;

use super::guard::Containment;
use crate::process::Jail;
use group::group_disagreements;
use run::{not_runnable, run_walls, sandbox_options};
use save::save_failure;
use shrink::shrunk_failure;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

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
