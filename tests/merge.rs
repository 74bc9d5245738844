//! A duel cut into shards (`noi2014 duel --walls FROM..TO`) and put back
//! together (`noi2014 merge`): the report one machine prints for the same
//! walls, byte for byte; shards that do not fit together refused.

mod common;

use std::path::{Path, PathBuf};

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

/// Runs `mahjong-sim noi2014 ARGS`; stdout, stderr, status.
fn noi2014(args: &[&str]) -> (String, String, Option<i32>) {
    let mut all = vec!["noi2014"];
    all.extend_from_slice(args);
    let r = common::run(&all, b"");
    (String::from_utf8(r.stdout).unwrap(), r.stderr, r.code)
}

/// A duel of `bots` (and `more` options) with its logs in `dir`, as a
/// shard of `walls` when given; its stdout and status.
fn duel(bots: &[&str], more: &[&str], walls: Option<&str>, dir: &Path) -> (String, Option<i32>) {
    let mut args = vec!["duel"];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend_from_slice(more);
    if let Some(w) = walls {
        args.extend(["--walls", w]);
    }
    args.extend(["--logs", dir.to_str().unwrap()]);
    let (out, err, code) = noi2014(&args);
    assert!(code == Some(0) || code == Some(1), "{err}");
    (out, code)
}

/// Runs the duel on one machine, then as shards of `cuts`, and checks
/// that merging them (in a shuffled order) prints the one machine's
/// report, text and JSON; the one machine's report as text and JSON.
fn shards_equal_one_machine(
    bots: &[&str],
    more: &[&str],
    cuts: &[u64],
) -> (String, serde_json::Value) {
    let tmp = common::scratch("merge");
    let at = |name: &str| tmp.path().join(name);
    let (one, code) = duel(bots, more, None, &at("one"));
    let mut json_more = more.to_vec();
    json_more.push("--json");
    let (one_json, _) = duel(bots, &json_more, None, &at("one-json"));
    let mut dirs: Vec<PathBuf> = Vec::new();
    for (i, w) in cuts.windows(2).enumerate() {
        let dir = at(&format!("shard-{i}"));
        let (text, shard_code) = duel(bots, more, Some(&format!("{}..{}", w[0], w[1])), &dir);
        assert_eq!(shard_code, Some(0), "a shard gives no verdict: {text}");
        assert!(
            text.contains("a shard: `noi2014 merge` applies the test"),
            "{text}"
        );
        dirs.push(dir);
    }
    // Any order: the merge sorts the shards by their walls.
    dirs.reverse();
    dirs.swap(0, 1);
    let names: Vec<&str> = dirs.iter().map(|d| d.to_str().unwrap()).collect();
    let mut args = vec!["merge"];
    args.extend(&names);
    let (merged, err, merged_code) = noi2014(&args);
    assert_eq!(merged, one, "{err}");
    assert_eq!(merged_code, code);
    args.push("--json");
    let (merged_json, _, _) = noi2014(&args);
    assert_eq!(merged_json, one_json);
    // The merge of the one machine's folder is its own report.
    let (again, _, _) = noi2014(&["merge", at("one").to_str().unwrap()]);
    assert_eq!(again, one);
    (one, serde_json::from_str(&one_json).unwrap())
}

/// Four shards of a sequential test whose decision comes in the last one:
/// the merge applies the test in wall order and stops where one machine
/// stopped, the later walls of the last shard not counted.
#[test]
fn four_shards_merge_into_the_one_machine_report_byte_for_byte() {
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let (report, json) = shards_equal_one_machine(
        &bots,
        &["--sprt", "d1=0.3", "--jobs", "2"],
        &[0, 30, 60, 90, 250],
    );
    // Not degenerate: decided, and in the last shard.
    assert!(report.contains("H1 accepted"), "{report}");
    let walls = json["walls"].as_u64().unwrap();
    assert!((91..250).contains(&walls), "{walls} walls\n{report}");
}

/// A bot program (one process a request) in shards of a fixed number of
/// games: the same report.
#[test]
fn shards_with_a_bot_program_merge_into_the_one_machine_report() {
    let program = format!("prog={} noi2014 bot", me());
    let bots = [program.as_str(), "b=greedy:eps=0.2"];
    let (report, _) = shards_equal_one_machine(&bots, &["--games", "16"], &[0, 2, 4, 6, 8]);
    assert!(report.contains("; 8 walls, 16 games\n"), "{report}");
    assert!(report.contains("fixed number of games"), "{report}");
}

/// Shards that overlap, shards of different duels and a missing wall are
/// refused (exit 2) with words that name the problem; so is a record that
/// its game logs contradict.
#[test]
fn shards_that_do_not_fit_together_are_refused() {
    let tmp = common::scratch("merge-refused");
    let at = |name: &str| tmp.path().join(name);
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let shard = |name: &str, walls: &str, more: &[&str]| {
        duel(&bots, more, Some(walls), &at(name));
        at(name).to_str().unwrap().to_string()
    };
    let first = shard("first", "0..4", &[]);
    let overlapping = shard("overlapping", "3..6", &[]);
    let after_a_gap = shard("after-a-gap", "5..8", &[]);
    let other_seed = shard("other-seed", "4..8", &["--seed", "2"]);
    let other_test = shard("other-test", "4..8", &["--sprt", "d1=0.2"]);
    let fine = shard("fine", "4..8", &[]);
    for (dirs, says) in [
        (vec![&first, &overlapping], "both hold walls 3 to 3"),
        (vec![&first, &after_a_gap], "no shard holds walls 4 to 4"),
        (
            vec![&first, &other_seed],
            "different duels: the seed: 1 against 2",
        ),
        (vec![&first, &other_test], "different duels: the test:"),
        (
            vec![&first, &at("none").to_str().unwrap().to_string()],
            "duel.json",
        ),
    ] {
        let mut args = vec!["merge"];
        args.extend(dirs.iter().map(|d| d.as_str()));
        let (out, err, code) = noi2014(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
    }
    // The two that fit merge.
    let (out, err, code) = noi2014(&["merge", &first, &fine]);
    assert!(code == Some(0) || code == Some(1), "{err}");
    assert!(out.contains("; 8 walls, 16 games\n"), "{out}");
    // A record that its logs contradict: B's points changed on wall 5.
    let record = at("fine").join("duel.json");
    let text = std::fs::read_to_string(&record).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let wall = &mut value["walls"][1];
    assert_eq!(wall["wall"], 5);
    let b = wall["b_half_points"].as_u64().unwrap();
    wall["b_half_points"] = (if b == 8 { 2 } else { b + 2 }).into();
    std::fs::write(&record, value.to_string()).unwrap();
    let (out, err, code) = noi2014(&["merge", &first, &fine]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("the log of wall 5, game 2, does not match"),
        "{err}"
    );
}
