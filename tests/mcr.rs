//! MCR (Chinese Standard Mahjong): the fan calculator and shanten against
//! MahjongGB 1.4.0's recorded answers in `../shared/conformance/mcr/`
//! (every public case, through the library and through
//! `mahjong-sim mcr fan --cases`), the 2018 judge's reading, and the CLI.
//! The conformance tests skip, saying so, when the folder is absent.

mod common;

use mahjong_sim::mcr::cases::{answer, Output};
use mahjong_sim::mcr::Reading;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn mcr_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/mcr");
    dir.is_dir().then_some(dir)
}

/// The lines of a gzipped conformance file, or `None` (after saying why)
/// when it or `gzip` is missing.
fn cases(file: &str) -> Option<Vec<Value>> {
    let Some(dir) = mcr_dir() else {
        common::skip(&format!(
            "../shared/conformance/mcr not found; {file} not checked"
        ));
        return None;
    };
    let out = match Command::new("gzip").arg("-dc").arg(dir.join(file)).output() {
        Ok(out) if out.status.success() => out.stdout,
        _ => {
            common::skip(&format!("cannot gunzip {file}; not checked"));
            return None;
        }
    };
    Some(
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

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
    use mahjong_sim::mcr::shanten::{best, shanten, ShantenForm};
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
