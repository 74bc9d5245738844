//! A run of the solution judged against the expected log: the first
//! difference ([`Disagreement`]), its kind, and a shift of the whole output.

use crate::process::{self, Run};

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
    pub(super) fn kind(&self) -> String {
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
