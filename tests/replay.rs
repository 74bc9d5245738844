//! Replay pages hold the engine's own records: every event in order, the
//! tables the engine held, the reasons `explain` gives, the NOI2014 judge's
//! requests with the answers it was given and its result. Checked on an
//! official THUPC case (against its official answer), on NOI2014 games with
//! kongs, several winners and bots put out, and through the command line.

use crate::common;

use mahjong_sim::noi2014::bots::bot::Bot;
use mahjong_sim::noi2014::bots::greedy::GreedyBot;
use mahjong_sim::noi2014::games::arena::{record, Game, ProgramStep};
use mahjong_sim::noi2014::games::families::{walls, Family};
use mahjong_sim::noi2014::rules::judge::Judge;
use mahjong_sim::noi2014::rules::request::Reply;
use mahjong_sim::noi2014::rules::request::Request;
use mahjong_sim::noi2014::rules::result::TargetFlaw;
use mahjong_sim::replay::noi2014::game_page;
use mahjong_sim::replay::{embedded, thupc2021};
use mahjong_sim::thupc2021::event::Event as TEvent;
use mahjong_sim::thupc2021::explain::explain;
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::wall::{parse_wall, Wall};
use serde_json::Value;

fn data(page: &str) -> Value {
    embedded(page).expect("the page embeds its data")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The step texts after step 0: one per event.
fn step_texts(d: &Value) -> Vec<String> {
    d["steps"].as_array().unwrap()[1..]
        .iter()
        .map(|s| s["text"].as_str().unwrap().to_string())
        .collect()
}

/// Checks a THUPC page against the engine: every event in order, the
/// notes `explain` gives, the wall count, the actor, whole hands, and the
/// discards in each pond in order.
fn check_thupc_page(wall: &Wall, d: &Value) {
    let events = play(wall);
    let lines: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(step_texts(d), lines, "every event, in order");
    let steps = d["steps"].as_array().unwrap();
    let explained = explain(wall);
    let mut drawn = 0;
    // Each discard: its tile, its step, the step of the claim that took it.
    let mut ponds: Vec<Vec<(String, usize, Option<usize>)>> = vec![Vec::new(); 4];
    for (i, e) in events.iter().enumerate() {
        let s = &steps[i + 1];
        assert_eq!(strings(&s["notes"]), explained[i].notes, "step {}", i + 1);
        assert_eq!(s["rule"], explained[i].rule.as_str());
        if matches!(e, TEvent::Draw { .. }) {
            drawn += 1;
        }
        assert_eq!(s["wall"], wall.len() - drawn, "step {}", i + 1);
        let player = match *e {
            TEvent::Draw { player, .. }
            | TEvent::Discard { player, .. }
            | TEvent::Pass { player, .. }
            | TEvent::Pong { player, .. }
            | TEvent::Chow { player, .. }
            | TEvent::Ron { player, .. }
            | TEvent::SelfDrawn { player }
            | TEvent::Win { player } => Some(player.index()),
            TEvent::ExhaustedWall => None,
        };
        assert_eq!(s["actor"].as_u64().map(|a| a as usize), player);
        match *e {
            TEvent::Discard { player, tile } => {
                ponds[player.index()].push((tile.name().to_string(), i + 1, None))
            }
            TEvent::Pass { player, .. } => ponds[player.index()].push(("PASS".into(), i + 1, None)),
            // A claim takes the discard just before it.
            TEvent::Pong { .. } | TEvent::Chow { .. } | TEvent::Ron { .. } => {
                let TEvent::Discard { player: from, .. } = events[i - 1] else {
                    panic!("a claim not after a discard: {e}")
                };
                ponds[from.index()].last_mut().unwrap().2 = Some(i + 1);
            }
            _ => {}
        }
        // Between turns a seat holds 13 tiles, counting 3 for each meld.
        if matches!(e, TEvent::Draw { .. }) && i + 1 > 52 {
            let seat = &s["seats"][player.unwrap()];
            let held = seat["hand"].as_array().unwrap().len()
                + 3 * seat["melds"].as_array().unwrap().len();
            assert_eq!(held, 14, "step {}: {seat}", i + 1);
        }
    }
    for (p, pond) in ponds.iter().enumerate() {
        assert_eq!(&pond_of(d, p), pond, "pond of seat {p}");
    }
    assert!(ponds.iter().flatten().any(|d| d.2.is_some()), "no claim");
}

/// Seat `p`'s discards on a page: tile, step, the step that took it.
fn pond_of(d: &Value, p: usize) -> Vec<(String, usize, Option<usize>)> {
    d["ponds"][p]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["tile"].as_str().unwrap().to_string(),
                x["step"].as_u64().unwrap() as usize,
                x["taken"].as_u64().map(|t| t as usize),
            )
        })
        .collect()
}

/// An official THUPC case: the page's events are the official answer's
/// lines, and everything else is the engine's.
#[test]
fn an_official_thupc_case_replays_its_official_log() {
    let Some(dir) = common::conformance_dir() else {
        common::skip("../shared/conformance/thupc2021 not found; official replay not checked");
        return;
    };
    let mut checked = 0;
    let cases = (1..=50)
        .map(|n| n.to_string())
        .chain(["sample".to_string()]);
    for case in cases {
        let (input, answer) = (
            dir.join(format!("{case}.in")),
            dir.join(format!("{case}.ans")),
        );
        let (Ok(input), Ok(answer)) = (std::fs::read(&input), std::fs::read_to_string(&answer))
        else {
            continue;
        };
        let wall = parse_wall(&input).unwrap();
        let page = thupc2021::page(&wall, &format!("official case {case}"));
        let d = data(&page);
        let official: Vec<String> = answer.lines().map(|l| l.trim_end().to_string()).collect();
        assert_eq!(step_texts(&d), official, "case {case}");
        check_thupc_page(&wall, &d);
        assert_eq!(d["ruleset"], "THUPC 2021");
        assert!(d["result"]["summary"]
            .as_str()
            .unwrap()
            .contains(&format!("(line {})", official.len())));
        checked += 1;
    }
    assert_eq!(
        checked,
        51,
        "50 numbered cases and the sample in {}",
        dir.display()
    );
}

/// A claim points back to the discard whose notes weighed it, and the
/// check page opens at its line with both lines shown.
#[test]
fn claims_point_to_their_discard_and_check_pages_open_at_the_line() {
    let wall = parse_wall(&common::sample_wall()).unwrap();
    let d = data(&thupc2021::page(&wall, "sample"));
    check_thupc_page(&wall, &d);
    let steps = d["steps"].as_array().unwrap();
    let mut claims = 0;
    for (i, s) in steps.iter().enumerate().skip(1) {
        let text = s["text"].as_str().unwrap();
        if text.contains(" PONG ") || text.contains(" CHOW ") || text.ends_with(" RON") {
            claims += 1;
            assert_eq!(s["see_also"], i - 1, "{text}");
            let notes = strings(&steps[i - 1]["notes"]);
            let word = text.split(' ').nth(1).unwrap();
            assert!(
                notes.iter().any(|n| n.ends_with(&format!(": {word}"))),
                "{notes:?}"
            );
        }
    }
    assert!(claims > 0);
    let mismatch = mahjong_sim::replay::Mismatch {
        expected: Some("B CHOW 7M 8M 9M".into()),
        actual: Some("B CHI 7M 8M 9M".into()),
        what: "printed different output".into(),
    };
    let d = data(&thupc2021::check_page(&wall, "t", 55, mismatch));
    assert_eq!(d["start"], 55);
    assert_eq!(d["steps"][55]["mismatch"]["actual"], "B CHI 7M 8M 9M");
    let marked = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s["mismatch"].is_null())
        .count();
    assert_eq!(marked, 1);
}

/// The page's RON and WIN show the winner's hand with the tile it won on
/// (marked), at distance 0, and say it won; the self-drawn winner's too.
#[test]
fn the_winners_hand_holds_the_tile_it_won_on() {
    let ron_wall = parse_wall(&common::sample_wall()).unwrap();
    let self_drawn = mahjong_sim::thupc2021::families::wall_stream(
        mahjong_sim::thupc2021::families::Family::Uniform,
        1,
    )
    .take(200)
    .find(|w| {
        play(w)
            .iter()
            .any(|e| matches!(e, TEvent::SelfDrawn { .. }))
    })
    .expect("a self-drawn win in 200 walls");
    for wall in [ron_wall, self_drawn] {
        let events = play(&wall);
        let d = data(&thupc2021::page(&wall, "t"));
        let steps = d["steps"].as_array().unwrap();
        let n = events.len();
        let (winner, won_on) = match events[n - 2] {
            TEvent::Ron { player, tile, .. } => (player, Some(tile)),
            TEvent::SelfDrawn { player } => (player, None),
            ref e => panic!("the game ends with {e}"),
        };
        for s in &steps[n - 1..] {
            let seat = &s["seats"][winner.index()];
            let hand = strings(&seat["hand"]);
            let melds = seat["melds"].as_array().unwrap().len();
            assert_eq!(hand.len() + 3 * melds, 14, "{}: {seat}", s["text"]);
            assert_eq!(seat["distance"], 0, "{}: {seat}", s["text"]);
            assert!(
                seat["status"].as_str().unwrap().starts_with("won"),
                "{seat}"
            );
            if let Some(tile) = won_on {
                assert!(hand.contains(&tile.name().to_string()));
                assert_eq!(s["drawn"], tile.name(), "{}", s["text"]);
                assert_eq!(seat["status"], format!("won by ron on {tile}"));
            }
        }
        // Before the end, nobody has won.
        assert!(steps[..n - 1]
            .iter()
            .flat_map(|s| s["seats"].as_array().unwrap())
            .all(|seat| !seat["status"].as_str().unwrap().starts_with("won")));
    }
}

/// One answer given, as the page should show it.
struct Answer {
    reply: Reply,
    note: String,
}

/// Plays a NOI2014 game on `wall` with greedy bots, except that `script`
/// may replace seat `p`'s answer; the `i`th answer is said to have taken
/// `i` ms. Returns the game and the answers.
fn noi_game(
    wall: &mahjong_sim::noi2014::rules::wall::Wall,
    mut script: impl FnMut(usize, &Request, usize) -> Option<Reply>,
) -> (Game, Vec<Answer>) {
    let mut bots: [GreedyBot; 4] = Default::default();
    let mut answers = Vec::new();
    let mut asked = [0usize; 4];
    let game = record(wall, |p, request| {
        // The greedy bot sees every request, so it keeps its own view.
        let greedy = Reply::Text(bots[p].respond(request).into_owned());
        let reply = script(p, request, asked[p]).unwrap_or(greedy);
        asked[p] += 1;
        let ms = answers.len() as u64;
        answers.push(Answer {
            reply: reply.clone(),
            note: format!("{ms} ms"),
        });
        let step = ProgramStep {
            ms,
            started: true,
            stderr: String::new(),
            stdout: String::new(),
            cpu_ms: None,
            containment: None,
        };
        Ok((reply, Some(step)))
    })
    .unwrap();
    (game, answers)
}

/// Checks a NOI2014 page against the judge: every event in order, every
/// request with its answer and note in order, the result's rows, and why
/// anyone was put out.
fn check_noi_page(judge: &Judge, answers: &[Answer], d: &Value) {
    let events: Vec<String> = judge.events().iter().map(ToString::to_string).collect();
    assert_eq!(step_texts(d), events, "every event, in order");
    check_noi_asks(judge, answers, d);
    check_noi_asks_per_step(judge, answers, d);
    check_noi_tables(judge, d);
    check_noi_rows(judge, d);
    for (p, pond) in noi_ponds(judge).iter().enumerate() {
        assert_eq!(&pond_of(d, p), pond, "pond of seat {p}");
    }
    check_noi_last_table(judge, d);
    check_noi_put_out(judge, d);
}

/// Every request of the judge, in order, with the player asked, the
/// answer given (or why it failed) and its note.
fn check_noi_asks(judge: &Judge, answers: &[Answer], d: &Value) {
    let asks: Vec<&Value> = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["asks"].as_array().unwrap())
        .collect();
    assert_eq!(asks.len(), judge.requests().len(), "every request");
    for (i, (a, (p, r))) in asks.iter().zip(judge.requests()).enumerate() {
        assert_eq!(a["index"], i);
        assert_eq!(a["player"], *p as usize);
        assert_eq!(a["request"], r.to_string());
        let (text, failed) = match &answers[i].reply {
            Reply::Text(t) => (t.as_str(), false),
            Reply::Failed(_, w) => (w.as_str(), true),
        };
        assert_eq!(a["answer"], text);
        assert_eq!(a["failed"], failed);
        assert_eq!(a["note"], answers[i].note.as_str());
    }
}

/// Each event's step holds the requests answered since the answer that
/// made the event before it, up to the answer that made it (none when
/// that one answer made both).
fn check_noi_asks_per_step(judge: &Judge, answers: &[Answer], d: &Value) {
    let mut fresh = Judge::new(&judge.wall());
    let mut made_by = Vec::new();
    for (i, a) in answers.iter().enumerate() {
        fresh.answer(a.reply.clone()).unwrap();
        made_by.resize(fresh.events().len(), i);
    }
    let steps = d["steps"].as_array().unwrap();
    for (k, s) in steps.iter().enumerate().skip(1) {
        let indices: Vec<usize> = s["asks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["index"].as_u64().unwrap() as usize)
            .collect();
        let from = if k == 1 { 0 } else { made_by[k - 2] + 1 };
        let want: Vec<usize> = if k > 1 && made_by[k - 2] == made_by[k - 1] {
            Vec::new()
        } else {
            (from..=made_by[k - 1]).collect()
        };
        assert_eq!(indices, want, "requests of step {k} ({})", s["text"]);
    }
}

/// The table after each event (and its step's actor and notes, see
/// [`check_noi_step`]): a drawer holds 14 (a kong counting 3) with the
/// drawn tile, a discarder 13, and the wall loses one a draw.
fn check_noi_tables(judge: &Judge, d: &Value) {
    use mahjong_sim::noi2014::rules::event::Event as N;
    let steps = d["steps"].as_array().unwrap();
    let mut wall_left = steps[0]["wall"].as_u64().unwrap();
    assert_eq!(wall_left, 108 - 52);
    for (k, e) in judge.events().iter().enumerate() {
        let s = &steps[k + 1];
        check_noi_step(e, s, &d["result"]["summary"]);
        let held = |p: u8| {
            let seat = &s["seats"][p as usize];
            seat["hand"].as_array().unwrap().len() + 3 * seat["melds"].as_array().unwrap().len()
        };
        match *e {
            N::Draw { player, tile } | N::DrawBack { player, tile } => {
                wall_left -= 1;
                assert_eq!(held(player), 14, "step {}", k + 1);
                let name = mahjong_sim::noi2014::rules::tiles::name(tile);
                assert!(strings(&s["seats"][player as usize]["hand"])
                    .iter()
                    .any(|t| t == name));
                assert_eq!(s["drawn"], name);
            }
            N::Play { player, .. } => assert_eq!(held(player), 13, "step {}", k + 1),
            _ => {}
        }
        assert_eq!(s["wall"], wall_left, "step {}", k + 1);
    }
}

/// The ponds the judge's events make, as [`pond_of`] reads them: discards
/// go to their player's pond; a claim (pung, kong, win on it) takes the
/// last one.
fn noi_ponds(judge: &Judge) -> Vec<Vec<(String, usize, Option<usize>)>> {
    use mahjong_sim::noi2014::rules::event::Event as N;
    let mut ponds: Vec<Vec<(String, usize, Option<usize>)>> = vec![Vec::new(); 4];
    let mut last_play = None;
    for (k, e) in judge.events().iter().enumerate() {
        match *e {
            N::Play { player, tile } => {
                let name = mahjong_sim::noi2014::rules::tiles::name(tile).to_string();
                ponds[player as usize].push((name, k + 1, None));
                last_play = Some(player as usize);
            }
            N::Peng { .. } | N::GangDiscard { .. } | N::HuDiscard { .. } => {
                let from = last_play.take().expect("a claim after a discard");
                ponds[from].last_mut().unwrap().2 = Some(k + 1);
            }
            _ => {}
        }
    }
    ponds
}

/// The result's rows: one a player, with its place, points, Hamming
/// distance and chance; a target that is not valid says why, in the
/// judge's words.
fn check_noi_rows(judge: &Judge, d: &Value) {
    let result = judge.result().unwrap();
    let rows = d["result"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for row in rows {
        let p: usize = row[2].as_str().unwrap().parse().unwrap();
        let r = &result.players[p];
        assert_eq!(row[0], r.place.to_string());
        assert_eq!(row[1], r.points().to_string());
        assert_eq!(row[6], r.hamming.map_or("-".into(), |h| h.to_string()));
        assert_eq!(row[7], r.chance.map_or("-".into(), |c| c.to_string()));
        match &r.flaw {
            Some(TargetFlaw::Empty) => assert_eq!(row[5], "(none declared)"),
            Some(flaw) => assert!(row[5]
                .as_str()
                .unwrap()
                .ends_with(&format!("(not valid: {flaw})"))),
            None => assert!(!row[5].as_str().unwrap().contains("not valid")),
        }
    }
}

/// The last step's table is the judge's at the end.
fn check_noi_last_table(judge: &Judge, d: &Value) {
    let last = d["steps"].as_array().unwrap().last().unwrap();
    for p in 0..4 {
        let hand: Vec<String> = judge
            .hand(p)
            .tiles()
            .map(|t| mahjong_sim::noi2014::rules::tiles::name(t).to_string())
            .collect();
        assert_eq!(strings(&last["seats"][p]["hand"]), hand);
        assert_eq!(
            last["seats"][p]["melds"].as_array().unwrap().len(),
            judge.melds(p).len()
        );
    }
    assert_eq!(last["wall"], judge.wall_left());
}

/// Each player put out has an `out` step whose note gives the judge's
/// reason, whose seat says so, and a result row with the reason.
fn check_noi_put_out(judge: &Judge, d: &Value) {
    let rows = d["result"]["rows"].as_array().unwrap();
    for (p, r) in judge.result().unwrap().players.iter().enumerate() {
        if let mahjong_sim::noi2014::rules::result::PlayerEnd::Out { reason, .. } = &r.end {
            let out = d["steps"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["text"] == format!("out {p}"))
                .expect("an out step");
            let notes = strings(&out["notes"]);
            assert!(notes[0].contains(&reason.to_string()), "{notes:?}");
            assert!(out["seats"][p]["status"]
                .as_str()
                .unwrap()
                .starts_with("out at request"));
            assert!(rows
                .iter()
                .any(|row| row[4].as_str().unwrap().contains(&reason.to_string())));
        }
    }
}

fn labels() -> Vec<String> {
    ["greedy", "greedy", "scripted", "greedy"]
        .map(String::from)
        .to_vec()
}

/// Games with kongs of every kind, several winners, and bots put out.
#[test]
fn noi2014_pages_hold_every_event_request_and_answer() {
    use mahjong_sim::noi2014::rules::event::Event;
    let mut kinds = [false; 3];
    let mut flawed = 0;
    for wall in walls(Family::Kongs, 7, 40) {
        // Seat 3 declares a target of three tiles.
        let (game, answers) = noi_game(&wall, |p, r, _| match (p, r) {
            (3, Request::Target) => Some(Reply::Text("W1 W2 W3".into())),
            _ => None,
        });
        let judge = &game.judge;
        let r = judge.result().unwrap();
        flawed += r
            .players
            .iter()
            .filter(|r| r.flaw == Some(TargetFlaw::Size(3)))
            .count();
        let page = game_page(&game, &labels(), "kongs");
        check_noi_page(judge, &answers, &data(&page));
        for e in judge.events() {
            match e {
                Event::GangConcealed { .. } => kinds[0] = true,
                Event::GangAdded { .. } => kinds[1] = true,
                Event::GangDiscard { .. } => kinds[2] = true,
                _ => {}
            }
        }
    }
    assert_eq!(kinds, [true; 3], "concealed, added and discard kongs");
    assert!(flawed > 0, "no game ended with seat 3's target asked");
    let mut multi = 0;
    for wall in walls(Family::MultiRon, 7, 40) {
        let (game, answers) = noi_game(&wall, |_, _, _| None);
        let judge = &game.judge;
        let wins = judge
            .events()
            .iter()
            .filter(|e| matches!(e, Event::HuDiscard { .. } | Event::HuSelf { .. }))
            .count();
        if wins >= 2 {
            multi += 1;
            let page = game_page(&game, &labels(), "multi");
            let d = data(&page);
            check_noi_page(judge, &answers, &d);
            let won: Vec<&Value> = d["steps"].as_array().unwrap().last().unwrap()["seats"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["status"].as_str().unwrap().starts_with("won"))
                .collect();
            assert_eq!(won.len(), wins);
        }
    }
    assert!(multi > 0, "no game with several winners");
    // Seat 2 fails at its fifth request (a crash); seat 1 answers its
    // first draw with words too many.
    let mut outs = 0;
    for wall in walls(Family::Uniform, 7, 10) {
        let (game, answers) = noi_game(&wall, |p, r, n| match (p, r) {
            (2, _) if n == 4 => Some(Reply::Failed(None, "killed by signal 9".into())),
            (1, Request::Draw(_)) => Some(Reply::Text("PLAY T9 T9".into())),
            _ => None,
        });
        let judge = &game.judge;
        let page = game_page(&game, &labels(), "outs");
        let d = data(&page);
        check_noi_page(judge, &answers, &d);
        outs += judge
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Out { .. }))
            .count();
        let failed = d["steps"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["asks"].as_array().unwrap())
            .any(|a| a["failed"] == true && a["answer"] == "killed by signal 9");
        assert!(failed);
    }
    assert_eq!(outs, 20, "two bots put out in each game");
}

/// `explain --html` writes the simulation's page, opening at `--at`;
/// `--html` with `--json` is refused.
#[test]
fn explain_html_writes_the_simulation_page() {
    let tmp = common::scratch("mahjong-replay");
    let page = tmp.path().join("sample.html");
    let r = common::run(
        &["explain", "--html", page.to_str().unwrap(), "--at", "60"],
        &common::sample_wall(),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let d = data(&std::fs::read_to_string(&page).unwrap());
    let log = common::run(&["simulate"], &common::sample_wall());
    let lines: Vec<String> = String::from_utf8(log.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(step_texts(&d), lines);
    assert_eq!(d["start"], 60);
    let r = common::run(
        &["explain", "--html", page.to_str().unwrap(), "--json"],
        &common::sample_wall(),
    );
    assert_eq!(r.code, Some(2));
}

/// `noi2014 play --html` writes the game's page, with the logged events
/// and the seats' bots.
#[test]
fn noi2014_play_html_writes_the_game_page() {
    let tmp = common::scratch("mahjong-replay");
    let noi = tmp.path().join("noi.html");
    let r = common::run(
        &[
            "noi2014",
            "play",
            "--seed",
            "2",
            "--family",
            "kongs",
            "--html",
            noi.to_str().unwrap(),
            "--json",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let d = data(&std::fs::read_to_string(&noi).unwrap());
    let events = common::event_texts(&common::game_log(&r.stdout));
    assert_eq!(step_texts(&d), events);
    assert_eq!(d["seats"][0]["label"], "greedy");
}

/// On a `noi2014 play --html` page a program's answers carry its time;
/// one put out, its reason and the end of what it printed.
#[test]
fn noi2014_play_html_shows_a_programs_time_and_why_it_was_put_out() {
    let tmp = common::scratch("mahjong-replay");
    let noi = tmp.path().join("noi.html");
    let r = common::run(
        &[
            "noi2014",
            "play",
            "--bot",
            "echo nonsense",
            "--html",
            noi.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let d = data(&std::fs::read_to_string(&noi).unwrap());
    let out = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["text"] == "out 0")
        .expect("the program is put out");
    let failed = out["asks"].as_array().unwrap().last().unwrap();
    assert_eq!(failed["failed"], true, "{failed}");
    // Its time, and the end of what it printed instead of the protocol's
    // JSON.
    assert!(
        failed["note"]
            .as_str()
            .unwrap()
            .ends_with(" ms; its stdout ends: nonsense"),
        "{failed}"
    );
    assert!(strings(&out["notes"])[0].contains("gave no usable answer"));
}

/// `noi2014 play --html` to a page it cannot write fails with exit 2,
/// before the game: no bot is ever started.
#[test]
fn noi2014_play_html_to_an_unwritable_path_fails_before_the_game() {
    let tmp = common::scratch("mahjong-replay");
    let unwritable = tmp.path().join("no/such/dir/x.html");
    let started = tmp.path().join("started");
    let bot = format!("touch '{}'; echo nonsense", started.display());
    let r = common::run(
        &[
            "noi2014",
            "play",
            "--bot",
            &bot,
            "--html",
            unwritable.to_str().unwrap(),
            // The bot marks its start outside its folder: no sandbox.
            "--sandbox",
            "off",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("cannot write"), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert!(!started.exists(), "the bot was started");
    // The same bot does start when the page can be written (the check is
    // not vacuous).
    let page = tmp.path().join("x.html");
    let r = common::run(
        &[
            "noi2014",
            "play",
            "--bot",
            &bot,
            "--html",
            page.to_str().unwrap(),
            "--sandbox",
            "off",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(started.exists() && page.exists());
}

/// `check` saves a replay beside each failure it saves, opening at the
/// failing line with the expected and actual lines.
#[test]
fn check_saves_a_replay_of_each_failure() {
    let tmp = common::scratch("mahjong-replay");
    let save = tmp.path().join("failures");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/misprint_chow.sh"
    );
    let solution = format!("sh {fixture} {}", env!("CARGO_BIN_EXE_mahjong-sim"));
    let r = common::run(
        &[
            "check",
            "--solution",
            &solution,
            "--walls",
            "200",
            "--shrink-seconds",
            "3",
            "--save-dir",
            save.to_str().unwrap(),
            "--json",
        ],
        b"",
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let report: Value = serde_json::from_slice(&r.stdout).unwrap();
    let f = &report["failures"][0];
    let html = f["replay"].as_str().expect("a replay saved");
    assert_eq!(html, f["saved"].as_str().unwrap().replace(".in", ".html"));
    let d = data(&std::fs::read_to_string(html).unwrap());
    let line = f["line"].as_u64().unwrap();
    assert_eq!(d["start"], line);
    assert_eq!(
        d["steps"][line as usize]["mismatch"]["expected"],
        f["expected"]
    );
    assert_eq!(d["steps"][line as usize]["mismatch"]["actual"], f["actual"]);
}

/// A NOI2014 step's actor (the player its event names) and notes: a win
/// or a concealed or added kong says who and which tile, the end gives
/// the result's summary, a draw, a discard, a pung or a kong on a discard
/// has none (an `out` is checked with the result).
fn check_noi_step(e: &mahjong_sim::noi2014::rules::event::Event, s: &Value, summary: &Value) {
    use mahjong_sim::noi2014::rules::event::Event as N;
    let text = e.to_string();
    let words: Vec<&str> = text.split(' ').collect();
    let actor = s["actor"].as_u64().map(|a| a.to_string());
    let notes = strings(&s["notes"]);
    match *e {
        N::End(_) => {
            assert_eq!(actor, None, "{text}");
            assert_eq!(notes.len(), 1);
            assert_eq!(notes[0], summary.as_str().unwrap());
            return;
        }
        _ => assert_eq!(actor.as_deref(), Some(words[1]), "{text}"),
    }
    let tile = words.get(2).copied().unwrap_or_default();
    let said = |what: &str| {
        assert_eq!(notes.len(), 1, "{text}: {notes:?}");
        let start = format!("player {} ", words[1]);
        assert!(
            notes[0].starts_with(&start) && notes[0].contains(what),
            "{text}: {notes:?}"
        );
    };
    match *e {
        N::HuDiscard { from, .. } => said(&format!(": {tile} from player {from}")),
        N::HuSelf { .. } => said(&format!(": drew {tile}")),
        N::GangConcealed { .. } => said(&format!("shows four concealed {tile}")),
        N::GangAdded { .. } => said(&format!("adds a {tile} to its exposed pung")),
        N::Out { .. } => {}
        _ => assert!(notes.is_empty(), "{text}: {notes:?}"),
    }
}

/// `explain --html --at N` past the log's end opens at its last step.
#[test]
fn a_page_asked_to_open_past_the_end_opens_at_the_last_step() {
    let tmp = common::scratch("mahjong-replay-end");
    let page = tmp.path().join("sample.html");
    let r = common::run(
        &[
            "explain",
            "--html",
            page.to_str().unwrap(),
            "--at",
            "100000",
        ],
        &common::sample_wall(),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let d = data(&std::fs::read_to_string(&page).unwrap());
    let steps = d["steps"].as_array().unwrap().len() as u64;
    assert_eq!(d["start"].as_u64(), Some(steps - 1));
}
