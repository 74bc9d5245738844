//! The result of a check ([`Report`], [`Failure`]) and the report a person
//! reads.

use super::judge::{first_differing_column, status_text, visible, Disagreement, Kind, Shift};
use super::options::Options;
use super::run::Answers;
use super::walls::{origin, which_wall};
use crate::contest::count;
use crate::thupc2021::wall::Wall;
use std::path::PathBuf;
use std::time::Duration;

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
    /// The kind of first difference its group shares ([`group_key`](super::group_key)).
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
                count(runs, "try"),
                count(from, "wall")
            ),
            ShrinkEnd::NoEarlier => {
                format!(
                    "no earlier disagreement found in {} from {}",
                    count(runs, "try"),
                    count(from, "wall")
                )
            }
        }
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
pub(super) fn what_went_wrong(d: &Disagreement) -> String {
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
pub(super) fn reproduce_line(o: &Options, path: &str) -> String {
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
            count(o.jobs, "job")
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
            count(r.checked, "wall"),
            origin(o),
            count(r.failures.len(), "group")
        )
        .expect("to a String");
        for (n, f) in r.failures.iter().enumerate() {
            writeln!(
                s,
                "  group {}: {}, first {}: {}",
                n + 1,
                count(f.walls, "wall"),
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
            count(*walls, "wall"),
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
pub(super) fn failure_text(s: &mut String, o: &Options, f: &Failure) {
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
        what_went_wrong(&f.original)
    )
    .expect("to a String");
    writeln!(s, "kind: {}", f.group).expect("to a String");
    if f.shrink_runs == 0 && f.original.log_correct {
        writeln!(s, "{}", f.shrink_note(o)).expect("to a String");
    } else {
        writeln!(
            s,
            "shrunk in {}, first difference at line {} (was {}); {}",
            count(f.shrink_runs, "run"),
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
    writeln!(s, "on that wall the solution {}", what_went_wrong(d)).expect("to a String");
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
        count(a.used, "wall")
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
