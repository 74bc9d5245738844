//! MCR against the external reference: MahjongGB 1.4.0 compiled with g++
//! from `../shared/anchors/mcr/MahjongGB` and run in-process
//! (`oracle::mahjonggb`) beside the engine, on every public case of
//! `../shared/conformance/mcr/` and on the harness generator's random
//! hands. The compiled reference must first reproduce the recorded
//! answers (so the glue is known right), then the engine must give its
//! answers: the same fans, counts and total, or the same error; the same
//! shanten and useful tiles for every form. MahjongGB is 1.4.0, the
//! engine's default reading, so no difference is expected at all. The
//! tests skip, saying why, without the sources or g++.

use crate::common;

use mahjong_sim::mcr::cases::{parse_input, Parsed};
use mahjong_sim::mcr::fan::TABLE_SIZE;
use mahjong_sim::mcr::shanten::{ShantenForm, FORMS};
use mahjong_sim::mcr::{Fan, FanError, Reading, Tile};
use oracle::mahjonggb::{
    compare_fans, compare_shanten, disagreement, load, Answer, Disagreement, MahjongGb,
};
use oracle::mcr_harness::{generated, McrInput};
use serde_json::{json, Value};

fn reference() -> Option<&'static MahjongGb> {
    match load() {
        Ok(m) => Some(m),
        Err(why) => {
            common::skip(&format!("{why}; the engine is not run beside MahjongGB"));
            None
        }
    }
}

/// The reference's answer shaped like the files' `output`.
fn as_output(a: &Answer) -> Value {
    match a {
        Ok((table, total)) => json!({
            "total": total,
            "fans": (1..TABLE_SIZE)
                .filter(|&i| table.0[i] > 0)
                .map(|i| {
                    let f = Fan::from_index(i).unwrap();
                    json!([f.points(), table.0[i], f.chinese(Reading::V1_4_0), f.english()])
                })
                .collect::<Vec<_>>(),
        }),
        Err(e) => json!({"error": e.to_string()}),
    }
}

fn assert_none(what: &str, bad: &[String], n: usize) {
    assert!(
        bad.is_empty(),
        "{what}: {} of {n} differ; the first:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn mahjonggb_and_the_engine_agree_on_every_public_fan_case() {
    let Some(mgb) = reference() else { return };
    let Some(cases) = common::mcr_cases("fans-public.jsonl.gz") else {
        return;
    };
    let (mut bad, mut compared, mut wins) = (Vec::new(), 0, 0);
    for case in &cases {
        let (hand, ctx) = match parse_input(&case["input"]).expect("a well-formed input") {
            Parsed::Ok(hand, ctx) => (hand, ctx),
            // The binding's own checks of the tile, offer and pack names
            // happen before the library is called: tests/mcr.rs checks
            // the engine's refusals against the recorded ones.
            Parsed::Refused(_) => continue,
        };
        let input = McrInput { hand, ctx };
        let (diff, answer) = compare_fans(mgb, &input);
        compared += 1;
        wins += usize::from(answer.is_ok());
        if as_output(&answer) != case["output"] {
            bad.push(format!(
                "id {}: compiled MahjongGB says {}, the recorded answer {}",
                case["id"],
                as_output(&answer),
                case["output"]
            ));
        }
        if let Some(d) = diff {
            bad.push(format!("id {}: {d:?}; {input:?}", case["id"]));
        }
    }
    assert_none("fan cases", &bad, compared);
    // Not degenerate: nearly all cases reach the library, most win.
    assert!(
        compared > 19_000 && wins > 14_000,
        "{compared} compared, {wins} wins"
    );
}

/// The reference's shanten in the files' shape.
fn shanten_output(mgb: &MahjongGb, form: ShantenForm, hand: &[Tile]) -> Value {
    match mgb.shanten(form, hand) {
        None => json!({"error": "ERROR_INVALID_HAND"}),
        Some(s) => json!({
            "shanten": s.shanten,
            "useful": s.useful_tiles().iter().map(|t| t.name()).collect::<Vec<_>>(),
        }),
    }
}

#[test]
fn mahjonggb_and_the_engine_agree_on_every_public_shanten_case() {
    let Some(mgb) = reference() else { return };
    let Some(cases) = common::mcr_cases("shanten-public.jsonl.gz") else {
        return;
    };
    let fields = [
        "RegularShanten",
        "SevenPairsShanten",
        "ThirteenOrphansShanten",
        "HonorsAndKnittedTilesShanten",
        "KnittedStraightShanten",
    ];
    let mut bad = Vec::new();
    for case in &cases {
        let hand: Vec<Tile> = case["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().parse().unwrap())
            .collect();
        for (field, form) in fields.into_iter().zip(FORMS) {
            let got = shanten_output(mgb, form, &hand);
            if got != case[field] {
                bad.push(format!(
                    "id {} {field}: compiled MahjongGB says {got}, the recorded answer {}",
                    case["id"], case[field]
                ));
            }
        }
        let best = mgb.best_shanten(&hand).map(|s| json!({"shanten": s}));
        if best.as_ref() != Some(&case["MahjongShanten"]) {
            bad.push(format!("id {} MahjongShanten: {best:?}", case["id"]));
        }
        if let Some(d) = compare_shanten(mgb, &hand) {
            bad.push(format!("id {}: {d}", case["id"]));
        }
    }
    assert_none("shanten cases", &bad, cases.len());
    assert!(cases.len() >= 20_000, "only {} shanten cases", cases.len());
}

/// Random hands from the harness generator (`oracle::mcr_harness`): every
/// form, melds, flags, winds, flowers, near misses and fifth copies.
const RANDOM: u64 = 40_000;

#[test]
fn mahjonggb_and_the_engine_agree_on_random_generated_hands() {
    let Some(mgb) = reference() else { return };
    let mut bad = Vec::new();
    let mut wins = 0;
    let mut hits = [0u64; TABLE_SIZE];
    for i in 0..RANDOM {
        let input = generated(51, i);
        let (diff, answer) = compare_fans(mgb, &input);
        if let Ok((table, _)) = &answer {
            wins += 1;
            for (h, &n) in hits.iter_mut().zip(&table.0) {
                *h += u64::from(n > 0);
            }
        }
        if let Some(d) = diff {
            bad.push(format!("{d:?}\n  {input:?}"));
        }
        if let Some(d) = compare_shanten(mgb, &input.hand.standing) {
            bad.push(format!("shanten {d}\n  {input:?}"));
        }
    }
    assert_none("random hands", &bad, RANDOM as usize);
    // Not degenerate: many wins, and MahjongGB itself saw every fan.
    assert!(wins > RANDOM / 3, "only {wins} of {RANDOM} win");
    let missed: Vec<Fan> = (1..TABLE_SIZE)
        .filter(|&i| hits[i] == 0)
        .filter_map(Fan::from_index)
        .collect();
    assert!(missed.is_empty(), "no random hand scored {missed:?}");
}

/// The comparison can fail: the reference's own answer with one fan's
/// count changed is reported with that fan, and an error against a win as
/// an outcome.
#[test]
fn a_difference_from_mahjonggb_is_reported_by_fan() {
    let Some(mgb) = reference() else { return };
    let input = McrInput::from_args(
        "W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 F1 J2 --win J2 --self-drawn --seat-wind 0 --prevalent-wind 0",
    );
    let (diff, answer) = compare_fans(mgb, &input);
    assert_eq!(diff, None);
    let (table, total) = answer.expect("a win");
    assert_eq!(total, 23);
    assert_eq!(table.get(Fan::MixedStraight), 1);
    let mut changed = table;
    changed.set(Fan::SingleWait, 0);
    assert_eq!(
        disagreement(&Ok((changed, 22)), &answer),
        Some(Disagreement::Fans {
            fans: vec![(Fan::SingleWait, 0, 1)],
            totals: (22, 23)
        })
    );
    assert_eq!(
        disagreement(&Err(FanError::NotWin), &answer),
        Some(Disagreement::Outcome {
            engine: Err(FanError::NotWin),
            reference: Ok(23)
        })
    );
    let mut not_win = input;
    not_win.ctx.win_tile = Tile::from_index(0).unwrap();
    let (diff, answer) = compare_fans(mgb, &not_win);
    assert_eq!(answer.map(|a| a.1), Err(FanError::NotWin));
    assert_eq!(diff, None);
}
