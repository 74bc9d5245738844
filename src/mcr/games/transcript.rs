//! A played game as the official judge's transcript: one line of the
//! conformance format (`games-public.jsonl.gz`, described in the
//! conformance data's README and read by [`crate::mcr::judge::conform`]):
//! `initdata`, then each step's judge output (`command`, `content`,
//! `display`) with the four responses, then the `finish` and `final`.
//!
//! The display is what the official judge shows: each step's action and
//! its fields, the tiles left in each part (`tileCnt`) and the calculator
//! totals (`canHu`), worked out by replaying the game through the judge
//! (the record keeps requests, replies and the result, not the judge's
//! view at each step). `initdata` has `walltiles` and `quan`, no `srand`
//! (no shuffle was made by a judge); `meta` is ours: the wall's label and
//! the seats' names.
//!
//! [`official_judge_inputs`] turns a transcript into what the official
//! judge reads at each step when Botzone runs it, to replay a game through
//! that judge.

use super::arena::Game;
use crate::mcr::judge::{End, Event, Judge, KongKind, Offence, Reply, WallTile, PLAYERS};
use crate::place::Setting;
use serde_json::{json, Map, Value};
use std::io::{self, Write};

/// The transcript of `game` as one JSON value; `setting` (if any) gives
/// its `meta`.
pub fn transcript(game: &Game, setting: Option<&Setting>) -> Value {
    let walltiles = game.init.wall.to_string();
    let initdata = json!({"walltiles": walltiles, "quan": game.init.quan});
    let mut judge = Judge::with_options(&game.init, game.options);
    let mut turns = Vec::with_capacity(game.steps.len() + 1);
    for (step, replies) in game.replies.iter().enumerate() {
        let Some(requests) = judge.step_requests().copied() else {
            break;
        };
        let content: Map<String, Value> = requests
            .iter()
            .enumerate()
            .map(|(s, r)| (s.to_string(), Value::from(r.to_string())))
            .collect();
        let mut display = match step {
            0 => json!({
                "action": "INIT",
                "quan": game.init.quan,
                "strlen": walltiles.len(),
            }),
            _ => event_display(&game.events[step - 1], &judge, game),
        };
        display["canHu"] = (0..PLAYERS)
            .map(|s| judge.can_hu(s).unwrap_or(-4))
            .collect();
        let mut output = json!({"command": "request", "content": content, "display": display});
        if step == 0 {
            output["initdata"] = initdata.clone();
        }
        let responses: Vec<Value> = replies.iter().map(response).collect();
        turns.push(json!({"judge": output, "responses": responses}));
        for r in replies {
            // Four replies a step: the game cannot end before the fourth.
            let _ = judge.answer(r.clone());
        }
    }
    let display = finish_display(game, &judge);
    let scores = &game.result.scores;
    let content: Map<String, Value> = scores
        .iter()
        .enumerate()
        .map(|(s, v)| (s.to_string(), Value::from(*v)))
        .collect();
    turns.push(json!({
        "judge": {"command": "finish", "content": content, "display": display},
        "responses": null,
    }));
    let mut meta = json!({"source": "mahjong-sim"});
    if let Some(s) = setting {
        meta["wall"] = Value::from(s.wall.clone());
        meta["bots"] = s.seats.iter().map(|r| r.name.clone()).collect();
    }
    json!({
        "initdata": initdata,
        "turns": turns,
        "final": {"scores": scores, "display": display},
        "meta": meta,
    })
}

/// Writes `game`'s transcript as one line.
pub fn write(out: &mut impl Write, game: &Game, setting: Option<&Setting>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &transcript(game, setting))?;
    out.write_all(b"\n")
}

/// What the official judge reads at each step of a transcript (one of
/// [`transcript`]'s, or a line of the conformance data) when Botzone runs
/// it: one run of the judge a step, its standard input the whole log so
/// far and the initial data, `{"log":[{"output":...},{"0":...,"1":...,
/// "2":...,"3":...},...],"initdata":...}` (each step's judge output, then
/// the four players' outputs). One input a turn, the finish's included; an
/// error when the transcript has no `turns` list.
pub fn official_judge_inputs(transcript: &Value) -> Result<Vec<String>, String> {
    let turns = transcript["turns"]
        .as_array()
        .ok_or("no `turns` list in the transcript")?;
    let initdata = transcript["initdata"].to_string();
    let mut log = String::new();
    let mut inputs = Vec::with_capacity(turns.len());
    for turn in turns {
        inputs.push(format!(r#"{{"log":[{log}],"initdata":{initdata}}}"#));
        let Some(responses) = turn["responses"].as_array() else {
            break;
        };
        let players: Map<String, Value> = responses
            .iter()
            .enumerate()
            .map(|(s, r)| (s.to_string(), r.clone()))
            .collect();
        if !log.is_empty() {
            log.push(',');
        }
        log.push_str(&json!({"output": turn["judge"]}).to_string());
        log.push(',');
        log.push_str(&Value::Object(players).to_string());
    }
    Ok(inputs)
}

/// A reply as the transcripts record a player's output.
fn response(r: &Reply) -> Value {
    match r {
        Reply::Text(t) => json!({"verdict": "OK", "response": t}),
        Reply::Failed(v) => json!({"verdict": v.name()}),
    }
}

/// The display of the step that event `e` made, `judge` at that step.
fn event_display(e: &Event, judge: &Judge, game: &Game) -> Value {
    let tile_cnt: Vec<usize> = (0..PLAYERS).map(|s| judge.tiles_left(s)).collect();
    let mut d = match *e {
        Event::Deal => json!({"action": "DEAL", "hand": dealt(game)}),
        Event::Draw { seat, tile } => json!({"action": "DRAW", "player": seat, "tile": tile}),
        Event::Flower { seat, flower } => {
            json!({"action": "BUHUA", "player": seat, "tile": flower.to_string()})
        }
        Event::Play { seat, tile } => json!({"action": "PLAY", "player": seat, "tile": tile}),
        Event::Peng { seat, discard, .. } => {
            json!({"action": "PENG", "player": seat, "tile": discard})
        }
        Event::Chi {
            seat,
            middle,
            discard,
            ..
        } => json!({"action": "CHI", "player": seat, "tile": discard, "tileCHI": middle}),
        Event::Kong { seat, tile, kind } => {
            let action = match kind {
                KongKind::Promoted => "BUGANG",
                KongKind::Concealed | KongKind::Melded { .. } => "GANG",
            };
            json!({"action": action, "player": seat, "tile": tile})
        }
    };
    d["tileCnt"] = tile_cnt.into();
    d
}

/// Each seat's tiles taken in the deal, in the order taken (from the end
/// of its part), flowers included.
fn dealt(game: &Game) -> Vec<Vec<String>> {
    (0..PLAYERS)
        .map(|s| {
            let mut kinds = 0;
            let mut taken = Vec::new();
            for t in game.init.wall.part(s).iter().rev() {
                if kinds == crate::mcr::judge::wall::HAND_TILES {
                    break;
                }
                kinds += usize::from(matches!(t, WallTile::Kind(_)));
                taken.push(t.to_string());
            }
            taken
        })
        .collect()
}

/// The finish's display: the action, the player, the scores, and the fans
/// of a win or a false win, or the tiles left of a drawn game (`judge`
/// at the end).
fn finish_display(game: &Game, judge: &Judge) -> Value {
    let r = &game.result;
    let reading = game.options.reading;
    let fans = |fans: &[(crate::mcr::fan::Fan, u16)]| -> Value {
        fans.iter()
            .map(|&(f, n)| json!({"name": f.chinese(reading), "cnt": n, "value": f.points()}))
            .collect()
    };
    let mut d = json!({"action": r.end.action(), "canHu": [-4, -4, -4, -4]});
    match &r.end {
        End::Win(w) => {
            d["player"] = w.seat.into();
            d["fanCnt"] = w.total.into();
            d["fan"] = fans(&w.fans);
            d["score"] = json!(r.scores);
        }
        End::Exhausted { .. } => {
            let left: Vec<usize> = (0..PLAYERS).map(|s| judge.tiles_left(s)).collect();
            d["tileCnt"] = left.into();
        }
        End::Penalty { seat, offence, .. } => {
            d["player"] = (*seat).into();
            d["score"] = json!(r.scores);
            if let Offence::WrongHu { total, fans: f } = offence {
                d["fanCnt"] = (*total).into();
                if *total >= 0 {
                    d["fan"] = fans(f);
                }
            }
            if game.steps.len() == 1 {
                // Ended on the answers to the `0` requests.
                d["strlen"] = game.init.wall.to_string().len().into();
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::games::arena::play;
    use crate::mcr::games::sloppy::seats;
    use crate::mcr::games::walls::random_init;
    use crate::mcr::judge::conform::{replay, Conformance};
    use crate::mcr::judge::Options;
    use crate::rng::Rng;

    /// Our games, written as transcripts, replay identically through the
    /// judge's conformance check (requests, scores, displays, canHu).
    #[test]
    fn our_transcripts_conform() {
        for seed in 1..=40 {
            let init = random_init(&mut Rng::new(seed));
            let game = play(&init, Options::default(), &mut seats(seed), &mut |_| {});
            let t = transcript(&game, None);
            let turns = t["turns"].as_array().unwrap().len();
            assert_eq!(turns, game.steps.len() + 1);
            assert_eq!(
                replay(&t, Options::default()),
                Conformance::Identical(turns),
                "seed {seed}"
            );
        }
    }

    /// The official judge's input at each step holds the log so far: the
    /// judge outputs and the four responses of the turns before it.
    #[test]
    fn official_judge_inputs_grow_by_a_turn() {
        let init = random_init(&mut Rng::new(7));
        let game = play(&init, Options::default(), &mut seats(7), &mut |_| {});
        let t = transcript(&game, None);
        let turns = t["turns"].as_array().unwrap();
        let inputs = official_judge_inputs(&t).unwrap();
        assert!(turns.len() > 10, "a game of a few turns only");
        assert_eq!(inputs.len(), turns.len());
        for (k, input) in inputs.iter().enumerate() {
            let v: Value = serde_json::from_str(input).unwrap();
            assert_eq!(v["initdata"], t["initdata"]);
            let log = v["log"].as_array().unwrap();
            assert_eq!(log.len(), 2 * k, "step {k}");
            for (j, pair) in log.chunks(2).enumerate() {
                assert_eq!(pair[0]["output"], turns[j]["judge"]);
                for s in 0..PLAYERS {
                    assert_eq!(pair[1][s.to_string()], turns[j]["responses"][s]);
                }
            }
        }
        assert!(official_judge_inputs(&json!({})).is_err());
    }
}
