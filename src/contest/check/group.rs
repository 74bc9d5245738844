//! Disagreements grouped by the kind of their first difference: the
//! symptom and the rule at stake.

use super::judge::{status_text, visible, Disagreement, Kind};
use super::report::{Failure, ShrinkEnd};
use super::run::Found;
use crate::thupc2021::event::Event;
use crate::thupc2021::wall::Wall;

/// The most walls of a group kept as starting points for shrinking.
const MAX_STARTS: usize = 64;

/// Disagreeing walls that share the kind of first difference.
pub(super) struct Group {
    /// The kind of first difference ([`group_key`]).
    pub(super) key: String,
    /// How many walls disagreed that way.
    pub(super) walls: usize,
    /// The first [`MAX_STARTS`] of them, in order: index, wall,
    /// disagreement.
    pub(super) starts: Vec<Found>,
}

impl Group {
    /// The group is of walls whose output is only shifted.
    pub(super) fn pure_shift(&self) -> bool {
        self.starts[0].2.shift.is_some_and(|s| s.rest_agrees)
    }
}

/// The disagreements `found` (sorted by wall) grouped by the kind of first
/// difference, in order of first wall.
pub(super) fn group_disagreements(found: Vec<Found>) -> Vec<Group> {
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
    pub(super) fn merge(&mut self, other: Failure) {
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
pub(super) fn symptom(expected: &Event, actual: Option<&str>) -> String {
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
