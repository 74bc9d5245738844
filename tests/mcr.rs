//! MCR (Chinese Standard Mahjong): the fan calculator and shanten against
//! MahjongGB 1.4.0's recorded answers in `../shared/conformance/mcr/`
//! (every public case, through the library and through
//! `mahjong-sim mcr fan --cases`), the 2018 judge's reading, and the CLI.
//! The conformance tests skip, saying so, when the folder is absent.

use crate::common;

use mahjong_sim::mcr::cases::{answer, Output};
use mahjong_sim::mcr::Reading;
use serde_json::Value;

use common::mcr_cases as cases;

fn as_value(o: &Output) -> Value {
    serde_json::to_value(o).unwrap()
}

/// What the 2018 reading must answer: `judge2018` where given (its fan
/// lists have no English names), else `output` with the wait fans renamed.
fn judge2018_expected(case: &Value) -> Value {
    if let Some(j) = case.get("judge2018") {
        return j.clone();
    }
    let mut out = case["output"].clone();
    if let Some(fans) = out.get_mut("fans").and_then(Value::as_array_mut) {
        for f in fans {
            let name = match f[2].as_str().unwrap() {
                "独听・边张" => "边张",
                "独听・嵌张" => "嵌张",
                "独听・单钓" => "单钓将",
                other => other,
            }
            .to_string();
            f[2] = Value::String(name);
        }
    }
    out
}

/// Drops the English names (the 2018 answers have none).
fn without_english(mut v: Value) -> Value {
    if let Some(fans) = v.get_mut("fans").and_then(Value::as_array_mut) {
        for f in fans {
            f.as_array_mut().unwrap().truncate(3);
        }
    }
    v
}

fn report(what: &str, bad: &[String], n: usize) {
    assert!(
        bad.is_empty(),
        "{what}: {} of {n} cases differ; the first:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_public_fan_case_matches_mahjonggb_1_4_0() {
    let Some(cases) = cases("fans-public.jsonl.gz") else {
        return;
    };
    let mut bad = Vec::new();
    for case in &cases {
        let got = as_value(&answer(&case["input"], Reading::V1_4_0).unwrap());
        if got != case["output"] {
            bad.push(format!(
                "id {}: got {got}, want {}; input {}",
                case["id"], case["output"], case["input"]
            ));
        }
    }
    report("1.4.0", &bad, cases.len());
    let wins = cases
        .iter()
        .filter(|c| c["output"].get("total").is_some())
        .count();
    assert!(wins > cases.len() / 2, "only {wins} winning cases compared");
}

#[test]
fn every_public_fan_case_matches_the_judge_2018_reading() {
    let Some(cases) = cases("fans-public.jsonl.gz") else {
        return;
    };
    let mut bad = Vec::new();
    for case in &cases {
        let got = as_value(&answer(&case["input"], Reading::Judge2018).unwrap());
        let want = judge2018_expected(case);
        if without_english(got.clone()) != without_english(want.clone()) {
            bad.push(format!(
                "id {}: got {got}, want {want}; input {}",
                case["id"], case["input"]
            ));
        }
    }
    report("judge2018", &bad, cases.len());
}

fn shanten_value(s: Option<mahjong_sim::mcr::shanten::Shanten>, useful: bool) -> Value {
    match s {
        None => serde_json::json!({"error": "ERROR_INVALID_HAND"}),
        Some(s) if useful => serde_json::json!({
            "shanten": s.shanten,
            "useful": s.useful_tiles().iter().map(|t| t.name()).collect::<Vec<_>>(),
        }),
        Some(s) => serde_json::json!({"shanten": s.shanten}),
    }
}

#[test]
fn every_public_shanten_case_matches_mahjonggb_1_4_0() {
    use mahjong_sim::mcr::shanten::{best, best_number, shanten, ShantenForm};
    let Some(cases) = cases("shanten-public.jsonl.gz") else {
        return;
    };
    let forms = [
        ("RegularShanten", ShantenForm::Regular),
        ("SevenPairsShanten", ShantenForm::SevenPairs),
        ("ThirteenOrphansShanten", ShantenForm::ThirteenOrphans),
        (
            "HonorsAndKnittedTilesShanten",
            ShantenForm::HonorsAndKnittedTiles,
        ),
        ("KnittedStraightShanten", ShantenForm::KnittedStraight),
    ];
    let mut bad = Vec::new();
    for case in &cases {
        let hand: Vec<mahjong_sim::mcr::Tile> = case["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().parse().unwrap())
            .collect();
        for (field, form) in forms {
            let got = shanten_value(shanten(form, &hand), true);
            if got != case[field] {
                bad.push(format!(
                    "id {} {field}: got {got}, want {}",
                    case["id"], case[field]
                ));
            }
        }
        assert_eq!(
            best_number(&hand),
            best(&hand).map(|(s, _)| s.shanten),
            "id {}",
            case["id"]
        );
        let got = shanten_value(best(&hand).map(|(s, _)| s), false);
        if got != case["MahjongShanten"] {
            bad.push(format!(
                "id {} MahjongShanten: got {got}, want {}",
                case["id"], case["MahjongShanten"]
            ));
        }
    }
    report("shanten", &bad, cases.len());
}

/// The case lines of a file, joined for a pipe.
fn joined(cases: &[Value]) -> Vec<u8> {
    let mut s = String::new();
    for c in cases {
        s.push_str(&c.to_string());
        s.push('\n');
    }
    s.into_bytes()
}

#[test]
fn mcr_fan_cases_answers_every_public_case_under_both_readings() {
    let Some(cases) = cases("fans-public.jsonl.gz") else {
        return;
    };
    for (reading, args) in [
        (Reading::V1_4_0, &["mcr", "fan", "--cases"][..]),
        (
            Reading::Judge2018,
            &["mcr", "fan", "--cases", "--reading", "judge2018"][..],
        ),
    ] {
        let r = common::run(args, &joined(&cases));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let out = String::from_utf8(r.stdout).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), cases.len());
        let mut bad = Vec::new();
        for (case, line) in cases.iter().zip(&lines) {
            let got: Value = serde_json::from_str(line).unwrap();
            let ok = match reading {
                Reading::V1_4_0 => got == case["output"],
                Reading::Judge2018 => {
                    without_english(got.clone()) == without_english(judge2018_expected(case))
                }
            };
            if !ok {
                bad.push(format!("id {}: {line}", case["id"]));
            }
        }
        report(&format!("mcr fan --cases ({reading:?})"), &bad, cases.len());
    }
}

/// Each difference between the readings is one switch: these hands show
/// each one (no data needed).
mod readings {
    use mahjong_sim::mcr::cases::answer;
    use mahjong_sim::mcr::Reading;
    use serde_json::{json, Value};

    fn input(pack: Value, hand: &[&str], win: &str, self_drawn: bool) -> Value {
        json!({"pack": pack, "hand": hand, "winTile": win, "flowerCount": 0,
               "isSelfDrawn": self_drawn, "is4thTile": false, "isAboutKong": false,
               "isWallLast": false, "seatWind": 0, "prevalentWind": 0})
    }

    fn both(i: &Value) -> (Value, Value) {
        let a = serde_json::to_value(answer(i, Reading::V1_4_0).unwrap()).unwrap();
        let b = serde_json::to_value(answer(i, Reading::Judge2018).unwrap()).unwrap();
        (a, b)
    }

    #[test]
    fn a_wait_inside_a_knitted_straight_counts_only_in_1_4_0() {
        // The hand of public game 822: T4 closes T3 _ T5 and belongs to the straight.
        let hand = [
            "T1", "T3", "T4", "T5", "T7", "W2", "W5", "W8", "B3", "B6", "B9", "J2", "J2",
        ];
        let (a, b) = both(&input(json!([]), &hand, "T4", false));
        assert_eq!(a["total"], 15, "{a}");
        assert_eq!(b["total"], 14, "{b}");
        assert!(a["fans"].to_string().contains("独听・嵌张"));
    }

    #[test]
    fn a_fifth_copy_is_an_error_only_in_judge2018() {
        let hand = [
            "B5", "B6", "J3", "B6", "B3", "B2", "J3", "B8", "B4", "F3", "F3", "F3", "F3",
        ];
        let (a, b) = both(&input(json!([]), &hand, "F3", true));
        assert_eq!(a, json!({"error": "ERROR_NOT_WIN"}));
        assert_eq!(b, json!({"error": "ERROR_TILE_COUNT_GREATER_THAN_4"}));
    }

    #[test]
    fn equal_totals_1_4_0_prefers_pure_triple_chow_2018_the_first() {
        // 222 333 444 777 789 or 234 234 234 777 789, won on a discarded 3:
        // pure shifted pungs and two concealed pungs, or pure triple chow
        // and all chows, 52 either way.
        let hand = [
            "W2", "W2", "W2", "W3", "W3", "W4", "W4", "W4", "W7", "W7", "W7", "W8", "W9",
        ];
        let (a, b) = both(&input(json!([]), &hand, "W3", false));
        assert_eq!(a["total"], b["total"], "{a} {b}");
        assert!(a["fans"].to_string().contains("一色三同顺"), "{a}");
        assert!(b["fans"].to_string().contains("一色三节高"), "{b}");
    }

    #[test]
    fn the_wait_fans_are_renamed_in_judge2018() {
        let hand = [
            "W1", "W2", "W3", "T4", "T5", "T6", "B7", "B8", "B9", "F1", "F1", "F1", "J2",
        ];
        let (a, b) = both(&input(json!([]), &hand, "J2", false));
        assert!(a["fans"].to_string().contains("独听・单钓"), "{a}");
        assert!(b["fans"].to_string().contains("单钓将"), "{b}");
        assert_eq!(a["total"], b["total"]);
    }
}

#[test]
fn mcr_fan_prints_the_fans_and_the_total() {
    let r = common::run(
        &[
            "mcr",
            "fan",
            "T5",
            "T5",
            "B4",
            "B4",
            "--meld",
            "GANG,W3,3",
            "--meld",
            "GANG,J1,3",
            "--meld",
            "PENG,W5,1",
            "--win",
            "B4",
            "--flowers",
            "4",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let out = String::from_utf8(r.stdout).unwrap();
    assert_eq!(
        out,
        " 6 x1 碰碰和 (All Pungs)\n 4 x1 双明杠 (Two Melded Kongs)\n 2 x1 箭刻 (Dragon Pung)\n 1 x4 花牌 (Flower Tiles)\ntotal 16\n"
    );
    // Flowers in the hand count as flowers.
    let r = common::run(
        &[
            "mcr",
            "fan",
            "T5 T5 B4 H1 H2",
            "--meld",
            "GANG,W3,3",
            "--meld",
            "GANG,J1,3",
            "--meld",
            "PENG,W5,1",
            "B4",
            "B4",
            "--json",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let j: Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(j["total"], 14, "{j}");
    assert_eq!(j["form"], "regular");
    assert_eq!(j["sets"].as_array().unwrap().len(), 5, "{j}");
}

#[test]
fn mcr_fan_says_not_a_win_and_names_bad_tiles_and_melds() {
    let hand = [
        "mcr", "fan", "W1", "W2", "W4", "T4", "T5", "T6", "B7", "B8", "B9", "F1", "F1", "F1", "J2",
        "J2",
    ];
    let r = common::run(&hand, b"");
    assert_eq!(
        (r.code, String::from_utf8(r.stdout).unwrap()),
        (Some(0), "not a win\n".to_string())
    );
    for (args, says) in [
        (
            &["mcr", "fan", "W1", "X2"][..],
            "HAND, tile 2: unknown tile `X2`",
        ),
        (
            &["mcr", "fan", "W1", "--meld", "CHI,W9,1"][..],
            "--meld 1 (`CHI,W9,1`): a chow's middle tile",
        ),
        (
            &["mcr", "fan", "W1", "--meld", "PONG,W9,1"][..],
            "--meld 1 (`PONG,W9,1`): unknown meld kind",
        ),
        (
            &["mcr", "fan", "W1", "--meld", "PENG,W9,7"][..],
            "offer 7 is not 0-3",
        ),
        (
            &["mcr", "fan", "W1", "W1"][..],
            "HAND holds 1 tile(s) besides the winning tile",
        ),
        (&["mcr", "fan", "W1", "--seat-wind", "X"][..], "no wind"),
    ] {
        let r = common::run(args, b"");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
    let r = common::run(&["mcr", "fan", "--cases"], b"{\"id\": 1}\n");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("line 1: no `input` field"),
        "{}",
        r.stderr
    );
}

#[test]
fn mcr_shanten_answers_a_hand_a_line() {
    let r = common::run(
        &["mcr", "shanten"],
        b"W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 J2 J3\nW1 W9 T1 T9 B1 B9 F1 F2 F3 F4 J1 J2 W5\n\nW1 W1 W2 W3\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        String::from_utf8(r.stdout).unwrap(),
        "1 (regular) useful: F1 J2 J3\n1 (thirteen-orphans) useful: W1 W9 T1 T9 B1 B9 F1 F2 F3 F4 J1 J2 J3\n0 (regular) useful: W1 W4\n"
    );
    let r = common::run(&["mcr", "shanten", "W1 W1 W2 W3", "--json"], b"");
    let j: Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(j["shanten"], 0);
    assert_eq!(j["by_form"][0]["form"], "regular");
    let r = common::run(&["mcr", "shanten"], b"W1 W2\n");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("line 1: 2 tiles"), "{}", r.stderr);
}

#[test]
fn the_mcr_help_examples_run() {
    for words in [&["mcr", "fan"][..], &["mcr", "shanten"][..], &["mcr"][..]] {
        let r = common::run(&[words, &["--help"]].concat(), b"");
        let help = String::from_utf8(r.stdout).unwrap();
        let first = help.lines().next().unwrap();
        assert!(
            first.chars().count() <= 80 && first.ends_with('.'),
            "{first}"
        );
        let ex = help.split("Example: mahjong-sim ").nth(1).unwrap();
        let ex: Vec<&str> = ex
            .split("\n\n")
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        let r = common::run(&ex, b"");
        assert_eq!(r.code, Some(0), "{ex:?}: {}", r.stderr);
        assert!(!r.stdout.is_empty());
    }
}
