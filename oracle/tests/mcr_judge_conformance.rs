//! The naive MCR judge against the official Botzone judge: every public
//! game of `../shared/conformance/mcr/games-public.jsonl.gz` replayed with
//! its recorded responses must give every request string, the final scores
//! and the finish's `action`, `player`, `fanCnt` and `fan` list, identical.
//! Without the data (or without `gzip` to read it) the test prints
//! `SKIPPED: ...` and passes.

use oracle::mcr::Reading;
use oracle::mcr_judge::{parse_wall, play, play_showing_can_hu, End, Outcome, Reply, View};
use serde_json::{json, Value};
mod common;

use std::io::Write;

/// The public games as JSON, or `None` (after saying why) when the data or
/// `gzip` is missing.
fn games() -> Option<Vec<Value>> {
    common::conformance("games-public.jsonl.gz")
}

/// A recorded answer object as the judge reads it (surprise 16: a missing
/// object has no verdict, a missing response is empty).
fn reply(v: Option<&Value>) -> Reply {
    let field = |k: &str| {
        v.and_then(|o| o.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    Reply {
        verdict: field("verdict"),
        response: field("response"),
    }
}

/// Replays one game with its recorded responses (and `canHu` if asked).
fn replay(game: &Value, can_hu: bool) -> Outcome {
    replay_reading(game, can_hu, Reading::Judge2018)
}

/// [`replay`] scoring under `reading`.
fn replay_reading(game: &Value, can_hu: bool, reading: Reading) -> Outcome {
    let init = &game["initdata"];
    let wall = parse_wall(init["walltiles"].as_str().expect("walltiles"));
    let quan = init["quan"].as_u64().expect("quan") as u8;
    let turns = game["turns"].as_array().expect("turns");
    let answer = |step: usize, seat: usize, _: &str| {
        reply(turns.get(step).and_then(|t| t["responses"].get(seat)))
    };
    let out = if can_hu {
        play_showing_can_hu(&wall, quan, reading, answer)
    } else {
        play(&wall, quan, reading, answer)
    };
    out.expect("a playable wall")
}

/// A step's display fields this judge models (`canHu` apart).
fn view_display(v: &View) -> Value {
    let mut d = json!({"action": v.action});
    if let Some(p) = v.player {
        d["player"] = json!(p);
    }
    if let Some(t) = &v.tile {
        d["tile"] = json!(t);
    }
    if let Some(t) = &v.tile_chi {
        d["tileCHI"] = json!(t);
    }
    if let Some(c) = v.tile_cnt {
        d["tileCnt"] = json!(c);
    }
    d
}

/// The finish's display fields this judge models.
fn end_display(end: &End, scores: &[i32; 4]) -> Value {
    let fan_list = |fans: &[oracle::mcr::FanEntry]| -> Vec<Value> {
        fans.iter()
            .map(|f| json!({"cnt": f.count, "name": f.zh, "value": f.points}))
            .collect()
    };
    match end {
        End::Huang => json!({"action": "HUANG"}),
        End::Hu {
            winner,
            total,
            fans,
            ..
        } => json!({"action": "HU", "player": winner, "fanCnt": total,
                    "fan": fan_list(fans), "score": scores}),
        End::Penalty {
            seat,
            action,
            fan_cnt,
            fans,
        } => {
            let mut v = json!({"action": action, "player": seat, "score": scores});
            if let Some(n) = fan_cnt {
                v["fanCnt"] = json!(n);
                if *n >= 0 {
                    v["fan"] = json!(fan_list(fans));
                }
            }
            v
        }
    }
}

/// The first difference between the replay and the record, if any.
fn first_difference(game: &Value, out: &Outcome) -> Option<String> {
    let turns = game["turns"].as_array().expect("turns");
    let requests: Vec<&Value> = turns
        .iter()
        .map(|t| &t["judge"])
        .filter(|j| j["command"] == "request")
        .collect();
    for (k, want) in requests.iter().enumerate() {
        let Some(got) = out.requests.get(k) else {
            return Some(format!(
                "step {k}: the oracle ended, the judge asked {}",
                want["content"]
            ));
        };
        let view = view_display(&out.views[k]);
        for (key, v) in view.as_object().expect("an object") {
            if &want["display"][key] != v {
                return Some(format!(
                    "step {k} display {key}: judge {}, oracle {v}",
                    want["display"][key]
                ));
            }
        }
        for (seat, got_seat) in got.iter().enumerate() {
            let want_seat = &want["content"][seat.to_string()];
            if want_seat.as_str() != Some(got_seat) {
                return Some(format!(
                    "step {k} seat {seat}: judge {want_seat}, oracle {got_seat:?}"
                ));
            }
        }
    }
    if out.requests.len() > requests.len() {
        return Some(format!(
            "step {}: the judge finished, the oracle asked {:?}",
            requests.len(),
            out.requests[requests.len()]
        ));
    }
    let want_scores: Vec<i64> = (0..4)
        .map(|i| game["final"]["scores"][i].as_i64().expect("a score"))
        .collect();
    let got_scores: Vec<i64> = out.scores.iter().map(|&s| i64::from(s)).collect();
    if want_scores != got_scores {
        return Some(format!(
            "scores: judge {want_scores:?}, oracle {got_scores:?}"
        ));
    }
    let display = &game["final"]["display"];
    let got = end_display(&out.end, &out.scores);
    for (k, v) in got.as_object().expect("an object") {
        if &display[k] != v {
            return Some(format!("finish {k}: judge {}, oracle {v}", display[k]));
        }
    }
    None
}

#[test]
fn every_public_game_as_the_official_judge() {
    let Some(games) = games() else { return };
    assert_eq!(games.len(), 1000, "the public file holds 1,000 games");
    let mut identical = 0;
    let mut differences = Vec::new();
    let mut ends = std::collections::BTreeMap::new();
    let mut steps = 0;
    for (i, game) in games.iter().enumerate() {
        let out = replay(game, false);
        steps += out.requests.len();
        let action = match &out.end {
            End::Huang => "HUANG".to_string(),
            End::Hu { .. } => "HU".to_string(),
            End::Penalty { action, .. } => action.clone(),
        };
        *ends.entry(action).or_insert(0) += 1;
        match first_difference(game, &out) {
            None => identical += 1,
            Some(d) => differences.push(format!("game {i}: {d}")),
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "{identical}/{} games identical ({steps} steps); endings {ends:?}",
        games.len()
    );
    // Not degenerate: the replays asked (about) every recorded step; the
    // public file has 112,283 judge outputs, 1,000 of them finishes.
    assert!(steps >= 111_000, "only {steps} steps replayed");
    for d in differences.iter().take(30) {
        let _ = writeln!(std::io::stderr(), "{d}");
    }
    assert!(differences.is_empty(), "{} games differ", differences.len());
}

#[test]
fn every_can_hu_of_the_public_games_as_the_official_judge() {
    let Some(games) = games() else { return };
    let mut compared = 0;
    let mut wins = 0;
    let mut differences = std::collections::BTreeMap::new();
    let mut examples = Vec::new();
    for (g, game) in games.iter().enumerate() {
        let out = replay(game, true);
        let turns = game["turns"].as_array().expect("turns");
        for (k, view) in out.views.iter().enumerate() {
            let want = &turns[k]["judge"]["display"]["canHu"];
            let got = view.can_hu.unwrap_or([-4; 4]);
            for (seat, &v) in got.iter().enumerate() {
                let w = want[seat].as_i64().expect("a canHu value");
                compared += usize::from(w != -4);
                wins += usize::from(w >= 0);
                if w != v {
                    let role = if view.player == Some(seat) {
                        "actor"
                    } else {
                        "other"
                    };
                    *differences.entry((view.action, role)).or_insert(0) += 1;
                    if examples.len() < 20 {
                        examples.push(format!(
                            "game {g} step {k} seat {seat}: judge {w}, oracle {v}"
                        ));
                    }
                }
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "canHu: {compared} compared ({wins} winning shapes), differences {differences:?}"
    );
    for e in &examples {
        let _ = writeln!(std::io::stderr(), "{e}");
    }
    // Not degenerate: the public file's count of computed values (README).
    assert_eq!(compared, 276_480);
    assert!(differences.is_empty());
}

#[test]
fn the_1_4_0_reading_scores_one_public_game_otherwise() {
    // The data's one calculator difference that reaches a score: game
    // 822, a knitted straight with a closed wait inside it (1.4.0 counts
    // it, the judge's 2018 copy does not). Shows the replay is sensitive
    // to the calculator.
    let Some(games) = games() else { return };
    // (Fan lists differ more often: 1.4.0 renames the three wait fans.)
    let differing: Vec<usize> = (games.iter().enumerate())
        .filter(|(_, g)| {
            let out = replay_reading(g, false, Reading::V140);
            (0..4).any(|i| g["final"]["scores"][i].as_i64() != Some(i64::from(out.scores[i])))
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(differing, [822]);
}
