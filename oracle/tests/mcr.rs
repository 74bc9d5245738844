//! The naive MCR oracle against MahjongGB's recorded answers: every public
//! fan case (1.4.0 and, where given, the judge's 2018 copy) and every public
//! shanten hand. The data lives beside the project in
//! `../shared/conformance/mcr`; without it (or without `gzip` to read it)
//! the tests print `SKIPPED: ...` and pass.

use oracle::mcr::{self, FanInput, FanOutput, FormAnswer, PackIn, Reading};
use serde_json::{json, Value};
mod common;

use common::conformance;

/// A case's `input` as the calculator's arguments.
fn fan_input(v: &Value) -> FanInput {
    let text = |x: &Value| x.as_str().expect("a string").to_string();
    let flag = |k: &str| v[k].as_bool().expect("a flag");
    FanInput {
        pack: v["pack"]
            .as_array()
            .expect("packs")
            .iter()
            .map(|p| PackIn {
                kind: text(&p[0]),
                tile: text(&p[1]),
                offer: p[2].as_i64().expect("an offer"),
            })
            .collect(),
        hand: v["hand"]
            .as_array()
            .expect("a hand")
            .iter()
            .map(text)
            .collect(),
        win_tile: text(&v["winTile"]),
        flower_count: v["flowerCount"].as_u64().expect("flowers") as u32,
        is_self_drawn: flag("isSelfDrawn"),
        is_4th_tile: flag("is4thTile"),
        is_about_kong: flag("isAboutKong"),
        is_wall_last: flag("isWallLast"),
        seat_wind: v["seatWind"].as_u64().expect("a wind") as u8,
        prevalent_wind: v["prevalentWind"].as_u64().expect("a wind") as u8,
    }
}

/// The answer shaped like the data: `[points, count, zh, en]` entries (or
/// without `en`, as the 2018 answers are written), or `{"error"}`.
fn answer_json(o: &FanOutput, english: bool) -> Value {
    match o {
        FanOutput::Error(e) => json!({ "error": e }),
        FanOutput::Win { total, fans } => {
            let fans: Vec<Value> = fans
                .iter()
                .map(|f| {
                    if english {
                        json!([f.points, f.count, f.zh, f.en])
                    } else {
                        json!([f.points, f.count, f.zh])
                    }
                })
                .collect();
            json!({ "total": total, "fans": fans })
        }
    }
}

/// The 2018 copy's expected answer: its own where recorded, else 1.4.0's
/// with the old wait fan names.
fn judge2018_expected(case: &Value) -> Value {
    if let Some(v) = case.get("judge2018") {
        return v.clone();
    }
    let o = &case["output"];
    if o.get("error").is_some() {
        return o.clone();
    }
    let rename = |zh: &str| {
        match zh {
            "独听・边张" => "边张",
            "独听・嵌张" => "嵌张",
            "独听・单钓" => "单钓将",
            other => other,
        }
        .to_string()
    };
    let fans: Vec<Value> = o["fans"]
        .as_array()
        .expect("fans")
        .iter()
        .map(|f| json!([f[0], f[1], rename(f[2].as_str().expect("a name"))]))
        .collect();
    json!({ "total": o["total"], "fans": fans })
}

/// Fails with the first disagreements, if any.
fn report(what: &str, compared: usize, bad: &[String]) {
    let shown: Vec<&String> = bad.iter().take(10).collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {compared} disagree; first ones:\n{shown:#?}",
        bad.len()
    );
}

#[test]
fn fan_cases_match_mahjonggb_1_4_0() {
    let Some(cases) = conformance("fans-public.jsonl.gz") else {
        return;
    };
    let mut bad = Vec::new();
    for c in &cases {
        let got = answer_json(&mcr::fan(&fan_input(&c["input"])), true);
        if got != c["output"] {
            bad.push(format!("id {}: got {got}, want {}", c["id"], c["output"]));
        }
    }
    report("fans (1.4.0)", cases.len(), &bad);
}

#[test]
fn fan_cases_match_the_judges_2018_calculator() {
    let Some(cases) = conformance("fans-public.jsonl.gz") else {
        return;
    };
    // The 2018 answers were not computed for the binding's own input errors.
    let cases: Vec<&Value> = cases
        .iter()
        .filter(|c| c["family"] != "binding-error")
        .collect();
    let mut bad = Vec::new();
    for c in &cases {
        let got = answer_json(
            &mcr::fan_with(&fan_input(&c["input"]), Reading::Judge2018),
            false,
        );
        let want = judge2018_expected(c);
        if got != want {
            bad.push(format!("id {}: got {got}, want {want}", c["id"]));
        }
    }
    report("fans (judge 2018)", cases.len(), &bad);
}

/// One form's answer shaped like the data, useful tiles sorted by name.
fn form_json(f: &FormAnswer) -> Value {
    match f {
        Ok((s, useful)) => {
            let mut names: Vec<String> = useful.iter().map(|&t| mcr::tiles::name(t)).collect();
            names.sort();
            json!({ "shanten": s, "useful": names })
        }
        Err(e) => json!({ "error": e }),
    }
}

/// The recorded answer with its useful tiles sorted by name.
fn sorted_useful(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(u) = v.get_mut("useful") {
        let mut names: Vec<String> = u
            .as_array()
            .expect("useful tiles")
            .iter()
            .map(|t| t.as_str().expect("a tile").to_string())
            .collect();
        names.sort();
        *u = json!(names);
    }
    v
}

/// The disagreements of one shanten hand, as lines.
fn shanten_disagreements(h: &Value) -> Vec<String> {
    let tiles: Vec<usize> = h["hand"]
        .as_array()
        .expect("a hand")
        .iter()
        .map(|t| mcr::tiles::parse(t.as_str().expect("a tile")).expect("a tile name"))
        .collect();
    let packs = h["pack"].as_array().expect("packs").len();
    let a = mcr::shanten(packs, &tiles);
    let mine = [
        ("MahjongShanten", json!({ "shanten": a.overall })),
        ("RegularShanten", form_json(&a.regular)),
        ("SevenPairsShanten", form_json(&a.seven_pairs)),
        ("ThirteenOrphansShanten", form_json(&a.thirteen_orphans)),
        (
            "HonorsAndKnittedTilesShanten",
            form_json(&a.honors_and_knitted),
        ),
        ("KnittedStraightShanten", form_json(&a.knitted_straight)),
    ];
    mine.iter()
        .filter(|(k, v)| *v != sorted_useful(&h[*k]))
        .map(|(k, v)| format!("id {} {k}: got {v}, want {}", h["id"], h[*k]))
        .collect()
}

#[test]
fn shanten_hands_match_mahjonggb_1_4_0() {
    let Some(hands) = conformance("shanten-public.jsonl.gz") else {
        return;
    };
    // Two halves on two threads: the search takes tens of seconds.
    let half = hands.len() / 2;
    let bad: Vec<String> = std::thread::scope(|s| {
        let parts: Vec<_> = hands
            .chunks(half.max(1))
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .flat_map(shanten_disagreements)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("no panic"))
            .collect()
    });
    report("shanten", hands.len(), &bad);
}

#[test]
fn hand_checked_examples() {
    let input = |hand: &str, win: &str, self_drawn: bool| FanInput {
        pack: Vec::new(),
        hand: hand.split(' ').map(String::from).collect(),
        win_tile: win.to_string(),
        flower_count: 0,
        is_self_drawn: self_drawn,
        is_4th_tile: false,
        is_about_kong: false,
        is_wall_last: false,
        seat_wind: 0,
        prevalent_wind: 0,
    };
    // Thirteen orphans on a discard: 88, nothing else (五门齐, 门前清, 单钓
    // and 混幺九 are implied).
    let orphans = input("W1 W9 T1 T9 B1 B9 F1 F2 F3 F4 J1 J2 J3", "J3", false);
    match mcr::fan(&orphans) {
        FanOutput::Win { total, fans } => {
            assert_eq!(total, 88);
            assert_eq!(fans.len(), 1);
            assert_eq!(fans[0].zh, "十三幺");
        }
        other => panic!("not a win: {other:?}"),
    }
    // Knitted 147/258/369 with five honors is a win (全不靠 + 组合龙)...
    let knitted = input("W1 W4 W7 T2 T5 T8 B3 B6 B9 F1 F2 F3 J1", "J2", false);
    assert!(matches!(
        mcr::fan(&knitted),
        FanOutput::Win { total: 24, .. }
    ));
    // ...and these fourteen tiles are none.
    let not_ready = input("W1 W1 W2 W5 T3 T7 T8 B2 B4 B6 F1 F2 J1", "J2", false);
    assert_eq!(
        mcr::fan(&not_ready),
        FanOutput::Error("ERROR_NOT_WIN".into())
    );
    // All thirteen kinds held once: ready, waiting on any of the thirteen.
    let tiles: Vec<usize> = "W1 W9 T1 T9 B1 B9 F1 F2 F3 F4 J1 J2 J3"
        .split(' ')
        .map(|t| mcr::tiles::parse(t).expect("a tile"))
        .collect();
    let a = mcr::shanten(0, &tiles);
    assert_eq!(a.overall, 0);
    assert_eq!(a.thirteen_orphans, Ok((0, tiles.clone())));
}
