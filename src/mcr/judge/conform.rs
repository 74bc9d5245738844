//! Replaying a recorded game through the judge: one line of the
//! conformance format (`games-public.jsonl.gz`: `initdata`, then each
//! turn's judge output and the four players' responses, then the final
//! scores), the recorded responses given as answers, and every request
//! string, the final scores and the final display compared with what the
//! judge makes, and on the way each step's `display.tileCnt` (tiles left
//! in each part) and `display.canHu` (the calculator on the hands the
//! judge shows it for, [`Judge::can_hu`]).

use super::super::fan::Fan;
use super::{End, InitData, Judge, Offence, Options, Reply, Verdict, Wall, PLAYERS};
use serde_json::Value;
use std::fmt;

/// The first place a replay differs from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The turn (judge step, from 0).
    pub turn: usize,
    /// The seat whose request differs, when it is one seat's.
    pub seat: Option<u8>,
    /// What differs: `request`, `command`, `score`, `action`, ...
    pub what: &'static str,
    /// The record's value.
    pub expected: String,
    /// The judge's.
    pub actual: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}", self.turn)?;
        if let Some(s) = self.seat {
            write!(f, ", seat {s}")?;
        }
        write!(
            f,
            ": {} expected {}, got {}",
            self.what, self.expected, self.actual
        )
    }
}

/// A replay's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conformance {
    /// Every request, the scores and the final display as recorded; the
    /// number of turns.
    Identical(usize),
    /// The first difference.
    Differs(Difference),
    /// The line is no game of the format (or one the judge cannot
    /// reproduce, e.g. without `walltiles`): why.
    Unreadable(String),
}

/// Replays one line of the conformance format under `options`.
pub fn replay_line(line: &str, options: Options) -> Conformance {
    match serde_json::from_str::<Value>(line) {
        Ok(game) => replay(&game, options),
        Err(e) => Conformance::Unreadable(format!("not JSON: {e}")),
    }
}

/// Replays one recorded game (a parsed line) under `options`.
pub fn replay(game: &Value, options: Options) -> Conformance {
    let init = match init_data(&game["initdata"]) {
        Ok(init) => init,
        Err(why) => return Conformance::Unreadable(why),
    };
    let Some(turns) = game["turns"].as_array() else {
        return Conformance::Unreadable("no `turns` list".into());
    };
    let mut judge = Judge::with_options(&init, options);
    for (turn, t) in turns.iter().enumerate() {
        let out = &t["judge"];
        let diff = |what, seat, expected: String, actual: String| {
            Conformance::Differs(Difference {
                turn,
                seat,
                what,
                expected,
                actual,
            })
        };
        let command = out["command"].as_str().unwrap_or("");
        let Some(requests) = judge.step_requests().copied() else {
            if command != "finish" {
                let ours = judge.result().map_or(String::new(), describe);
                return diff("command", None, command.into(), format!("finish ({ours})"));
            }
            return match compare_finish(&judge, out, &game["final"], options) {
                Some((what, seat, e, a)) => diff(what, seat, e, a),
                None => Conformance::Identical(turn + 1),
            };
        };
        if command != "request" {
            return diff("command", None, command.into(), "request".into());
        }
        for (s, r) in requests.iter().enumerate() {
            let expected = text(&out["content"][s.to_string()]);
            let actual = r.to_string();
            if expected != actual {
                return diff("request", Some(s as u8), expected, actual);
            }
        }
        if let Some(d) = compare_tile_counts(&judge, &out["display"]) {
            return diff("tileCnt", None, d.0, d.1);
        }
        if let Some(expected) = out["display"].get("canHu") {
            let actual: Value = (0..PLAYERS)
                .map(|s| judge.can_hu(s).unwrap_or(-4))
                .collect();
            if *expected != actual {
                return diff("canHu", None, expected.to_string(), actual.to_string());
            }
        }
        let Some(responses) = t["responses"].as_array().filter(|r| r.len() == PLAYERS) else {
            return Conformance::Unreadable(format!("turn {turn}: no four responses"));
        };
        for r in responses {
            // The game goes on until the fourth answer: it cannot be over.
            let _ = judge.answer(reply(r));
        }
    }
    Conformance::Differs(Difference {
        turn: turns.len(),
        seat: None,
        what: "command",
        expected: "(no more turns)".into(),
        actual: if judge.is_over() { "finish" } else { "request" }.into(),
    })
}

/// A result in a few words: `WA by seat 2 (...)`, `HU by seat 1`, ...
fn describe(r: &super::GameResult) -> String {
    let scores = format!("{:?}", r.scores);
    match &r.end {
        End::Win(w) => format!("HU by seat {}, scores {scores}", w.seat),
        End::Exhausted { seat } => format!("HUANG: seat {seat} cannot draw"),
        End::Penalty { seat, offence, .. } => {
            format!("{} by seat {seat}: {offence}", offence.action())
        }
    }
}

/// The recorded `initdata` as the judge's initial data.
pub fn init_data(v: &Value) -> Result<InitData, String> {
    let wall: Wall = v["walltiles"]
        .as_str()
        .ok_or("no `initdata.walltiles`: the official judge would shuffle its own wall")?
        .parse()
        .map_err(|e| format!("initdata.walltiles: {e}"))?;
    let quan = v["quan"]
        .as_i64()
        .ok_or("no integer `initdata.quan`: the official judge would draw one")?;
    InitData::new(wall, quan).map_err(|e| e.to_string())
}

/// A recorded player output (`{"verdict", "response"}`) as a reply, read
/// as the official judge reads it: a verdict other than `OK` is a failure
/// named by it (a missing output object: an empty name); with `OK`, a
/// missing response reads as the empty string.
pub fn reply(v: &Value) -> Reply {
    match v["verdict"].as_str() {
        Some("OK") => Reply::Text(match &v["response"] {
            Value::String(s) => s.clone().into(),
            Value::Null => "".into(),
            other => other.to_string().into(),
        }),
        Some(other) => Reply::Failed(Verdict::parse(other)),
        None => Reply::Failed(Verdict::Other(String::new())),
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `display.tileCnt`, when recorded, against the parts left.
fn compare_tile_counts(judge: &Judge, display: &Value) -> Option<(String, String)> {
    let expected = display.get("tileCnt")?;
    let actual: Value = (0..PLAYERS).map(|s| judge.tiles_left(s)).collect();
    (*expected != actual).then(|| (expected.to_string(), actual.to_string()))
}

type Found = (&'static str, Option<u8>, String, String);

/// A declared hand's total and fans.
type Scored<'a> = (i32, &'a [(Fan, u16)]);

/// The finish: scores, action, player, fans.
fn compare_finish(judge: &Judge, out: &Value, last: &Value, options: Options) -> Option<Found> {
    let result = judge.result()?;
    for (s, score) in result.scores.iter().enumerate() {
        let expected = &out["content"][s.to_string()];
        if expected.as_i64() != Some(i64::from(*score)) {
            return Some((
                "score",
                Some(s as u8),
                expected.to_string(),
                score.to_string(),
            ));
        }
        let recorded = &last["scores"][s];
        if !recorded.is_null() && recorded.as_i64() != Some(i64::from(*score)) {
            return Some((
                "final score",
                Some(s as u8),
                recorded.to_string(),
                score.to_string(),
            ));
        }
    }
    let display = &out["display"];
    let action = display["action"].as_str().unwrap_or("");
    if action != result.end.action() {
        return Some(("action", None, action.into(), result.end.action().into()));
    }
    let (player, fans): (Option<u8>, Option<Scored>) = match &result.end {
        End::Win(w) => (Some(w.seat), Some((w.total, &w.fans))),
        End::Exhausted { .. } => (None, None),
        End::Penalty { seat, offence, .. } => match offence {
            Offence::WrongHu { total, fans } => (Some(*seat), Some((*total, fans))),
            _ => (Some(*seat), None),
        },
    };
    if let Some(p) = player {
        if display["player"].as_u64() != Some(u64::from(p)) {
            return Some(("player", None, display["player"].to_string(), p.to_string()));
        }
    }
    if let Some((total, fans)) = fans {
        if display["fanCnt"].as_i64() != Some(i64::from(total)) {
            return Some((
                "fanCnt",
                None,
                display["fanCnt"].to_string(),
                total.to_string(),
            ));
        }
        let actual: Value = fans
            .iter()
            .map(|&(f, n)| {
                serde_json::json!({
                    "name": f.chinese(options.reading),
                    "cnt": n,
                    "value": f.points(),
                })
            })
            .collect();
        let expected = display.get("fan").cloned().unwrap_or(Value::Array(vec![]));
        if expected != actual {
            return Some(("fan", None, expected.to_string(), actual.to_string()));
        }
    }
    compare_tile_counts(judge, display).map(|(e, a)| ("tileCnt", None, e, a))
}
