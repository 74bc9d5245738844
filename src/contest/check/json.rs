//! The report as JSON (`check --json`): versioned, its schema committed in
//! `docs/schemas/`.

use super::judge::{first_differing_column, status_text};
use super::options::Options;
use super::report::{reproduce_line, shell_quote, what_went_wrong, Failure, Report};
use super::walls::{origin, wall_name};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
        what: what_went_wrong(&f.original),
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
