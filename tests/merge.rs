//! A duel cut into shards (`noi2014 duel --walls FROM..TO`) and a
//! tournament cut into shards (`noi2014 tournament --round R --tables
//! FROM..TO --after DIR...`), put back together (`noi2014 merge`): the
//! report one machine prints for the same walls or rounds, byte for byte;
//! shards that do not fit together refused. The same for MCR (`mcr duel`,
//! `mcr tournament`, `mcr merge`: the one contest layer over another
//! ruleset), its files valid under MCR's schemas.

use crate::common;

use std::path::{Path, PathBuf};

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

/// Runs `mahjong-sim noi2014 ARGS`; stdout, stderr, status.
fn noi2014(args: &[&str]) -> (String, String, Option<i32>) {
    sim("noi2014", args)
}

/// Runs `mahjong-sim RULESET ARGS`; stdout, stderr, status.
fn sim(ruleset: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let mut all = vec![ruleset];
    all.extend_from_slice(args);
    let r = common::run(&all, b"");
    (String::from_utf8(r.stdout).unwrap(), r.stderr, r.code)
}

/// A NOI2014 duel of `bots` (and `more` options) with its logs in `dir`,
/// as a shard of `walls` when given; its stdout and status.
fn duel(bots: &[&str], more: &[&str], walls: Option<&str>, dir: &Path) -> (String, Option<i32>) {
    duel_of("noi2014", bots, more, walls, dir)
}

/// [`duel`] of `ruleset`.
fn duel_of(
    ruleset: &str,
    bots: &[&str],
    more: &[&str],
    walls: Option<&str>,
    dir: &Path,
) -> (String, Option<i32>) {
    let mut args = vec!["duel"];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend_from_slice(more);
    if let Some(w) = walls {
        args.extend(["--walls", w]);
    }
    args.extend(["--logs", dir.to_str().unwrap()]);
    let (out, err, code) = sim(ruleset, &args);
    assert!(code == Some(0) || code == Some(1), "{err}");
    (out, code)
}

/// Runs the duel on one machine, then as shards of `cuts`, and checks
/// that merging them (in a shuffled order) prints the one machine's
/// report, text and JSON; the one machine's report as text and JSON.
fn shards_equal_one_machine(
    ruleset: &str,
    bots: &[&str],
    more: &[&str],
    cuts: &[u64],
) -> (String, serde_json::Value) {
    let tmp = common::scratch("merge");
    let at = |name: &str| tmp.path().join(name);
    let (one, code) = duel_of(ruleset, bots, more, None, &at("one"));
    let mut json_more = more.to_vec();
    json_more.push("--json");
    let (one_json, _) = duel_of(ruleset, bots, &json_more, None, &at("one-json"));
    let mut dirs: Vec<PathBuf> = Vec::new();
    for (i, w) in cuts.windows(2).enumerate() {
        let dir = at(&format!("shard-{i}"));
        let (text, shard_code) = duel_of(
            ruleset,
            bots,
            more,
            Some(&format!("{}..{}", w[0], w[1])),
            &dir,
        );
        assert_eq!(shard_code, Some(0), "a shard gives no verdict: {text}");
        assert!(
            text.contains(&format!("a shard: `{ruleset} merge` applies the test")),
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
    let (merged, err, merged_code) = sim(ruleset, &args);
    assert_eq!(merged, one, "{err}");
    assert_eq!(merged_code, code);
    args.push("--json");
    let (merged_json, _, _) = sim(ruleset, &args);
    assert_eq!(merged_json, one_json);
    // The merge of the one machine's folder is its own report.
    let (again, _, _) = sim(ruleset, &["merge", at("one").to_str().unwrap()]);
    assert_eq!(again, one);
    valid_files(ruleset, &at("one"), true);
    (one, serde_json::from_str(&one_json).unwrap())
}

/// The files of a duel's (`duel`) or a tournament's logs folder `dir` are
/// valid under `ruleset`'s schemas: its report, its record and every game
/// log (read back).
fn valid_files(ruleset: &str, dir: &Path, duel: bool) {
    use common::schemas::*;
    let [report_schema, record, log] = match (ruleset, duel) {
        ("mcr", true) => [MCR_DUEL_REPORT, MCR_DUEL_WALLS, MCR_GAME_LOG],
        ("mcr", false) => [MCR_TOURNAMENT_REPORT, MCR_TOURNAMENT_GAMES, MCR_GAME_LOG],
        (_, true) => [NOI2014_DUEL_REPORT, NOI2014_DUEL_WALLS, NOI2014_GAME_LOG],
        (_, false) => [
            NOI2014_TOURNAMENT_REPORT,
            NOI2014_TOURNAMENT_GAMES,
            NOI2014_GAME_LOG,
        ],
    };
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    report(report_schema, &read("report.json"));
    let file = if duel { "duel.json" } else { "tournament.json" };
    report(record, &read(file));
    let mut logs = 0;
    for e in std::fs::read_dir(dir.join("games")).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "jsonl") {
            let bytes = std::fs::read(&path).unwrap();
            validate_lines(log, &bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            match ruleset {
                "mcr" => drop(common::mcr_game_log(&bytes)),
                _ => drop(common::game_log(&bytes)),
            }
            logs += 1;
        }
    }
    assert!(logs > 0, "no game log in {}", dir.display());
}

/// Four shards of a sequential test whose decision comes in the last one:
/// the merge applies the test in wall order and stops where one machine
/// stopped, the later walls of the last shard not counted.
#[test]
fn four_shards_merge_into_the_one_machine_report_byte_for_byte() {
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let (report, json) = shards_equal_one_machine(
        "noi2014",
        &bots,
        &["--sprt", "d1=0.3", "--jobs", "2"],
        &[0, 8, 16, 24, 100],
    );
    // Not degenerate: decided, and in the last shard.
    assert!(report.contains("H1 accepted"), "{report}");
    let walls = json["walls"].as_u64().unwrap();
    assert!((25..100).contains(&walls), "{walls} walls\n{report}");
}

/// A bot program (one process a request) in shards of a fixed number of
/// games: the same report.
#[test]
fn shards_with_a_bot_program_merge_into_the_one_machine_report() {
    let program = format!("prog={} noi2014 bot", me());
    let bots = [program.as_str(), "b=greedy:eps=0.2"];
    let (report, _) =
        shards_equal_one_machine("noi2014", &bots, &["--games", "16"], &[0, 2, 4, 6, 8]);
    assert!(report.contains("; 8 walls, 16 games\n"), "{report}");
    assert!(report.contains("fixed number of games"), "{report}");
}

/// An opponent program put out for its own failure (a crash) in shards:
/// the same report. Root cause of a distributed
/// duel's "a put-out of an unknown kind `crash`": the merger knew only the
/// rules' reasons (illegal move, ...), not a program's failures, which a
/// shard records in the same field.
#[test]
fn shards_with_a_program_put_out_for_a_crash_merge() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/noi2014/crash_on_b1.sh");
    let against = format!("crash={}", fixture.display());
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let more = ["--games", "16", "--against", against.as_str()];
    let (report, json) = shards_equal_one_machine("noi2014", &bots, &more, &[0, 3, 8]);
    // Not degenerate: crashes counted, in some games, not all.
    let crashes = json["against_put_out"][0]["crash"].as_u64().unwrap_or(0);
    assert!((1..16).contains(&crashes), "{report}");
}

/// A bot that never answers ends a duel after its first
/// `BROKEN_AFTER` (10) games, with no verdict, naming the first game's
/// log; its shards play every wall, and their merge stops where the one
/// machine stopped: the same report.
#[test]
fn a_bot_that_never_answers_ends_the_duel_and_its_shards_merge_alike() {
    let tmp = common::scratch("merge-broken");
    let at = |name: &str| tmp.path().join(name);
    let bots = ["--bot", "a=greedy", "--bot", "b=sleep 30", "--games", "40"];
    let limit = ["--time-limit", "0.2", "--jobs", "2", "--logs"];
    let one = at("one");
    let mut args = bots.to_vec();
    args.extend(limit);
    args.push(one.to_str().unwrap());
    let mut duel = vec!["duel"];
    duel.extend(&args);
    let (report, err, code) = noi2014(&duel);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        report.contains(
            "b was put out in 10 of its 10 games (time-out 10; the first in games/u00000-g2.jsonl)"
        ),
        "{report}"
    );
    let mut dirs = Vec::new();
    for (i, walls) in ["0..6", "6..14"].iter().enumerate() {
        let dir = at(&format!("shard-{i}"));
        let mut shard = duel.clone();
        shard.pop();
        shard.extend([dir.to_str().unwrap(), "--walls", walls]);
        let (text, err, code) = noi2014(&shard);
        // No verdict for its broken bot, and every wall of its range.
        assert_eq!(code, Some(2), "{err}");
        let walls = if i == 0 { "6 walls" } else { "8 walls" };
        assert!(text.contains(walls), "a shard plays every wall: {text}");
        dirs.push(dir);
    }
    let (merged, err, _) = noi2014(&[
        "merge",
        dirs[0].to_str().unwrap(),
        dirs[1].to_str().unwrap(),
    ]);
    // The same walls counted and the same verdict; the timings differ.
    let body = |r: &str| {
        r.lines()
            .filter(|l| !l.starts_with("played in"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&merged), body(&report), "{err}");
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
    // A shard past the duel's cap would play walls no merge counts.
    let past = at("past");
    for (cap, walls, says) in [
        (
            "--games=8",
            "2..6",
            "--walls 2..6 reaches past the duel's end: --games holds 4 walls, 0 to 3",
        ),
        (
            "--max-games=200",
            "99..101",
            "--walls 99..101 reaches past the duel's end: --max-games holds 100 walls, 0 to 99",
        ),
    ] {
        let mut args = vec!["duel", "--bot", bots[0], "--bot", bots[1], cap];
        args.extend(["--walls", walls, "--logs", past.to_str().unwrap()]);
        let (out, err, code) = noi2014(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(says), "{err}");
        assert!(!past.join("duel.json").exists());
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
        err.contains("the logs of wall 5 give A and B [") && err.contains("the record ["),
        "{err}"
    );
}

/// A duel's games draw in seat order ([`mahjong_sim::noi2014::rules::draw_order`])
/// and its record says so; the merge checks the logs in the order the
/// record gives. A record of the wall's order (as before 2026-11-27, when
/// the field was absent) does not fit these logs, nor a shard in the
/// other order.
#[test]
fn the_draw_order_is_checked_against_the_logs() {
    let tmp = common::scratch("merge-draws");
    let at = |name: &str| tmp.path().join(name);
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let (first, second, whole) = (at("first"), at("second"), at("whole"));
    duel(&bots, &[], Some("0..4"), &first);
    duel(&bots, &[], Some("4..8"), &second);
    duel(&bots, &["--games", "8"], None, &whole);
    let merge = |dirs: &[&Path]| {
        let mut args = vec!["merge"];
        args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
        noi2014(&args)
    };
    let (out, err, code) = merge(&[&first, &second]);
    assert!(out.contains("; 8 walls, 16 games\n"), "{out}{err}");
    assert!(code == Some(0) || code == Some(1), "{err}");
    assert_eq!(merge(&[&whole]).2, Some(0));
    for old in [Some("wall"), None] {
        for dir in [&second, &whole] {
            let record = dir.join("duel.json");
            let mut value: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
            match old {
                Some(order) => value["settings"]["draws"] = order.into(),
                None => {
                    let removed = value["settings"].as_object_mut().unwrap().remove("draws");
                    assert!(removed.is_some());
                }
            }
            std::fs::write(&record, value.to_string()).unwrap();
        }
        let (out, err, code) = merge(&[&first, &second]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(
            err.contains("different duels: the draw order: \"seats\" against \"wall\""),
            "{err}"
        );
        let (out, err, code) = merge(&[&whole]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(err.contains("another wall's tiles"), "{err}");
    }
}

/// A tournament of `bots` (and `more` options) with its logs in `dir`, as
/// a shard (`--round` ...) when `shard` is not empty; its stdout.
fn tournament(bots: &[&str], more: &[&str], shard: &[&str], dir: &Path) -> String {
    tournament_of("noi2014", bots, more, shard, dir)
}

/// A tournament of `ruleset` between `bots`, `more` options and a
/// `shard`'s, its logs in `dir`; its stdout.
fn tournament_of(
    ruleset: &str,
    bots: &[&str],
    more: &[&str],
    shard: &[&str],
    dir: &Path,
) -> String {
    let mut args = vec!["tournament"];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend_from_slice(more);
    args.extend_from_slice(shard);
    args.extend(["--logs", dir.to_str().unwrap()]);
    let (out, err, code) = sim(ruleset, &args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

/// Runs the tournament on one machine, then as `shards` (each a shard's
/// arguments, `--after` naming earlier shards by their index in `shards`),
/// and checks that merging them in a shuffled order prints the one
/// machine's standings, text and JSON; the one machine's JSON.
fn tournament_shards_equal_one_machine(
    ruleset: &str,
    bots: &[&str],
    more: &[&str],
    shards: &[(&[&str], &[usize])],
) -> serde_json::Value {
    let tmp = common::scratch("merge-tournament");
    let at = |name: &str| tmp.path().join(name);
    let one = tournament_of(ruleset, bots, more, &[], &at("one"));
    let mut json_more = more.to_vec();
    json_more.push("--json");
    let one_json = tournament_of(ruleset, bots, &json_more, &[], &at("one-json"));
    let dirs: Vec<String> = (0..shards.len())
        .map(|i| at(&format!("shard-{i}")).to_str().unwrap().to_string())
        .collect();
    for (i, (args, after)) in shards.iter().enumerate() {
        let mut shard: Vec<&str> = args.to_vec();
        if !after.is_empty() {
            shard.push("--after");
            shard.extend(after.iter().map(|&j| dirs[j].as_str()));
        }
        let text = tournament_of(ruleset, bots, more, &shard, Path::new(&dirs[i]));
        assert!(text.contains("\na shard: round "), "{text}");
    }
    let mut order: Vec<&str> = dirs.iter().map(|d| d.as_str()).collect();
    order.reverse();
    order.swap(0, 1);
    let mut args = vec!["merge"];
    args.extend(&order);
    let (merged, err, code) = sim(ruleset, &args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(merged, one, "{err}");
    args.push("--json");
    let (merged_json, _, _) = sim(ruleset, &args);
    assert_eq!(merged_json, one_json);
    // The merge of the one machine's folder is its own standings.
    let (again, _, _) = sim(ruleset, &["merge", at("one").to_str().unwrap()]);
    assert_eq!(again, one);
    valid_files(ruleset, &at("one"), false);
    let schema = match ruleset {
        "mcr" => common::schemas::MCR_TOURNAMENT_REPORT,
        _ => common::schemas::NOI2014_TOURNAMENT_REPORT,
    };
    common::schemas::report(schema, one_json.as_bytes())
}

/// Nine built-in bots (three tables, the last with house bots), three
/// rounds: round 1 and round 3 each in two shards of tables, round 2 in
/// one; the merge equals the one machine's standings.
#[test]
fn tournament_shards_merge_into_the_one_machine_standings_byte_for_byte() {
    let bots = [
        "greedy",
        "sample",
        "s2=sample",
        "g2=greedy",
        "s3=sample",
        "e1=greedy:eps=0.3",
        "e2=greedy:eps=0.3",
        "s4=sample",
        "e3=greedy:eps=0.6",
    ];
    let json = tournament_shards_equal_one_machine(
        "noi2014",
        &bots,
        &["--rounds", "3", "--seed", "9", "--jobs", "2"],
        &[
            (&["--round", "1", "--tables", "1..3"], &[]),
            (&["--round", "1", "--tables", "3..4"], &[]),
            (&["--round", "2"], &[1, 0]),
            (&["--round", "3", "--tables", "2..4"], &[0, 2, 1]),
            (&["--round", "3", "--tables", "1..2"], &[2, 0, 1]),
        ],
    );
    // Not degenerate: round 2 and 3 were seated by standings that differ.
    let points: std::collections::HashSet<String> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].to_string())
        .collect();
    assert!(points.len() > 3, "{json}");
    assert_eq!(json["games"], 9);
}

/// A bot program and the duplicate format, a shard a table.
#[test]
fn tournament_shards_with_a_bot_program_merge_into_the_one_machine_standings() {
    let program = format!("prog={} noi2014 bot", me());
    let bots = [
        program.as_str(),
        "greedy",
        "sample",
        "s2=sample",
        "g2=greedy",
    ];
    let json = tournament_shards_equal_one_machine(
        "noi2014",
        &bots,
        &["--rounds", "2", "--duplicate", "--seed", "3"],
        &[
            (&["--round", "1", "--tables", "2..3"], &[]),
            (&["--round", "1", "--tables", "1..2"], &[]),
            (&["--round", "2", "--tables", "1..2"], &[0, 1]),
            (&["--round", "2", "--tables", "2..3"], &[1, 0]),
        ],
    );
    assert_eq!(json["games"], 16);
    let prog = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["bot"] == "prog")
        .unwrap();
    assert_eq!(prog["games"], 8);
    assert!(prog["put_out"].as_array().unwrap().is_empty(), "{prog}");
}

/// Five built-in bots: two tables a round, the second with three house
/// bots.
const FIVE_BOTS: [&str; 5] = ["greedy", "sample", "s2=sample", "g2=greedy", "s3=sample"];

/// A tournament of [`FIVE_BOTS`], two rounds, seed 5, in three shards in
/// `dir`: round 1's two tables apart, then round 2; their folders.
fn five_bots_in_three_shards(dir: &Path) -> [String; 3] {
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (t1, t2, r2) = (at("t1"), at("t2"), at("r2"));
    let more = ["--rounds", "2", "--seed", "5"];
    for (shard, folder) in [
        (vec!["--round", "1", "--tables", "1..2"], &t1),
        (vec!["--round", "1", "--tables", "2..3"], &t2),
        (vec!["--round", "2", "--after", &t1, &t2], &r2),
    ] {
        tournament(&FIVE_BOTS, &more, &shard, Path::new(folder));
    }
    [t1, t2, r2]
}

/// Tournament shards that do not fit together are refused (exit 2) with
/// words that name the problem: a missing table (with the command that
/// plays it), a game held twice, other settings, a game seated after other
/// standings, a record its log contradicts, a duel's shard among them; so
/// is a shard whose `--after` does not hold the rounds before it.
#[test]
fn tournament_shards_that_do_not_fit_together_are_refused() {
    let tmp = common::scratch("merge-tournament-refused");
    let at = |name: &str| tmp.path().join(name).to_str().unwrap().to_string();
    let [t1, t2, r2] = five_bots_in_three_shards(tmp.path());
    let other = at("other");
    let (bots, more) = (FIVE_BOTS, ["--rounds", "2", "--seed", "5"]);
    let shard = ["--round", "1", "--tables", "2..3"];
    tournament(
        &bots,
        &["--rounds", "2", "--seed", "6"],
        &shard,
        Path::new(&other),
    );
    let duel_dir = at("duel");
    duel(
        &["a=greedy", "b=sample"],
        &["--games", "2"],
        None,
        Path::new(&duel_dir),
    );
    for (dirs, says) in [
        (
            vec![&t1, &r2],
            "no shard holds table 2 of round 1, and the standings need every game of a round: run `noi2014 tournament --round 1 --tables 2..3`",
        ),
        (vec![&t1, &t2, &t2], "both hold round 1, table 2"),
        (
            vec![&t1, &other],
            "shards of different tournaments: the seed: 5 against 6",
        ),
        (vec![&t1, &duel_dir], "is a tournament's shard and"),
        (vec![&t1, &at("none")], "tournament.json"),
    ] {
        let mut args = vec!["merge"];
        args.extend(dirs.iter().map(|d| d.as_str()));
        let (out, err, code) = noi2014(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
    }
    // The three that fit merge.
    let (out, err, code) = noi2014(&["merge", &t1, &t2, &r2]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("round 2 of 2, seed 5, uniform walls; 4 games\n"),
        "{out}"
    );
    // A shard's --after must hold every game of the rounds before it, of
    // the same tournament, and none of its own round.
    for (after, says) in [
        (vec![&t1], "no shard holds table 2 of round 1"),
        (vec![], "the --after folders hold no game"),
        (
            vec![&t1, &other],
            "is a shard of another tournament: the seed: 5 against 6",
        ),
        (
            vec![&t1, &t2, &r2],
            "--after takes the folders of rounds before round 2 only",
        ),
    ] {
        let mut args = vec!["tournament", "--round", "2"];
        for b in &bots {
            args.extend(["--bot", b]);
        }
        args.extend(&more);
        let logs = at("refused");
        args.extend(["--logs", &logs]);
        if !after.is_empty() {
            args.push("--after");
            args.extend(after.iter().map(|d| d.as_str()));
        }
        let (out, err, code) = noi2014(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Tournament records that their games contradict are refused (exit 2): a
/// game seated otherwise than the standings before its round seat it, and
/// a record that its log contradicts.
#[test]
fn tampered_tournament_records_are_refused() {
    let tmp = common::scratch("merge-tournament-tampered");
    let [t1, t2, r2] = five_bots_in_three_shards(tmp.path());
    let (_, err, code) = noi2014(&["merge", &t1, &t2, &r2]);
    assert_eq!(code, Some(0), "{err}");
    // Two seats swapped in round 2's record.
    let edit = |dir: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let path = Path::new(dir).join("tournament.json");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        change(&mut v);
        std::fs::write(&path, v.to_string()).unwrap();
    };
    edit(&r2, &|v| {
        let seats = v["games"][0]["seats"].as_array_mut().unwrap();
        seats.swap(0, 1);
    });
    let (out, err, code) = noi2014(&["merge", &t1, &t2, &r2]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("round 2, table 1 was seated as the standings after other games"),
        "{err}"
    );
    // A record that its log contradicts: a seat's points changed.
    edit(&t2, &|v| {
        let h = v["games"][0]["half_points"][0].as_u64().unwrap();
        v["games"][0]["half_points"][0] = (if h == 8 { 2 } else { h + 2 }).into();
    });
    let (out, err, code) = noi2014(&["merge", &t1, &t2]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("the log of round 1, table 2 does not match the tournament"),
        "{err}"
    );
}

/// An MCR duel of built-in bots to a decision, in three shards, the
/// decision in the last: the merge (`mcr merge`) stops where one machine
/// stopped, and prints its report byte for byte. Two copies of one bot
/// play identically: H0, near the test's floor (87 walls).
#[test]
fn mcr_duel_shards_merge_into_the_one_machine_report_byte_for_byte() {
    let bots = ["a=greedy", "b=greedy"];
    let (report, json) =
        shards_equal_one_machine("mcr", &bots, &["--jobs", "2"], &[0, 40, 80, 120]);
    assert!(report.starts_with("MCR duel: "), "{report}");
    assert!(
        report.contains("played identically on every wall"),
        "{report}"
    );
    // At the floor (87 walls) or just after, in the last shard.
    let walls = json["walls"].as_u64().unwrap();
    assert!((87..100).contains(&walls), "{json}");
    assert_eq!(json["decision"], "identical");
    // Different bots differ, wall by wall, in a fixed number of games.
    let bots = ["new=planner", "old=random"];
    let (report, json) = shards_equal_one_machine("mcr", &bots, &["--games", "16"], &[0, 3, 8]);
    assert!(json["diff"].as_f64().unwrap() > 0.0, "{report}");
    assert_eq!(json["format"], "mahjong-sim/mcr-duel-report");
}

/// An MCR tournament of four bots over two rounds, the second round in two
/// shards of tables: the merge prints the one machine's standings.
#[test]
fn mcr_tournament_shards_merge_into_the_one_machine_standings() {
    let bots = ["greedy", "planner", "random", "g2=greedy", "p2=planner"];
    let json = tournament_shards_equal_one_machine(
        "mcr",
        &bots,
        &["--rounds", "2", "--seed", "5", "--jobs", "2"],
        &[
            (&["--round", "1"], &[]),
            (&["--round", "2", "--tables", "2..3"], &[0]),
            (&["--round", "2", "--tables", "1..2"], &[0]),
        ],
    );
    assert_eq!(json["format"], "mahjong-sim/mcr-tournament-report");
    assert_eq!(json["games"], 4);
    // Scores: the five bots' points are not all 0.
    let points: Vec<f64> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_f64().unwrap())
        .collect();
    assert_eq!(points.len(), 5);
    assert!(points.iter().any(|&p| p != 0.0), "{points:?}");
}

/// One ruleset's merge refuses another's shards, naming the formats.
#[test]
fn a_merge_refuses_another_rulesets_shards() {
    let tmp = common::scratch("merge-rulesets");
    let dir = tmp.path().join("noi");
    duel(&["a=greedy", "b=sample"], &["--games", "4"], None, &dir);
    let (out, err, code) = sim("mcr", &["merge", dir.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.contains(
            "is of format `mahjong-sim/noi2014-duel-walls`, not `mahjong-sim/mcr-duel-walls`"
        ),
        "{err}"
    );
    let (_, err, code) = noi2014(&["merge", dir.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
}

/// Every seating (IJCAI's format, 48 games a wall): shards merge into the
/// one machine's report, every one of a wall's 48 logs checked; shards of
/// one table a wall do not merge with them, and a record of version 1 is
/// refused by name.
#[test]
fn every_seating_shards_merge_and_do_not_mix_with_one_table_a_wall() {
    let bots = ["a=greedy", "b=greedy:eps=0.1"];
    let every = ["--seating", "every"];
    let more = [&every[..], &["--games", "144"]].concat();
    let (report, json) = shards_equal_one_machine("noi2014", &bots, &more, &[0, 1, 3]);
    assert!(report.contains("; 3 walls, 144 games\n"), "{report}");
    assert!(
        report.contains("every seating of the four players"),
        "{report}"
    );
    assert_eq!(json["seating"], "every");
    let tmp = common::scratch("merge-seating");
    let at = |name: &str| tmp.path().join(name);
    duel(&bots, &every, Some("0..1"), &at("every"));
    duel(&bots, &[], Some("1..2"), &at("round"));
    let (every_dir, round_dir) = (at("every"), at("round"));
    let (every_dir, round_dir) = (every_dir.to_str().unwrap(), round_dir.to_str().unwrap());
    let games = std::fs::read_dir(at("every").join("games"))
        .unwrap()
        .count();
    assert_eq!(games, 48);
    let (out, err, code) = noi2014(&["merge", every_dir, round_dir]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("different duels: the seating: \"every\" against \"round\""),
        "{err}"
    );
    // A wall's points summed over its 24 tables are checked against the
    // 48 logs.
    let record = at("every").join("duel.json");
    let text = std::fs::read_to_string(&record).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["walls"][0]["seat"], serde_json::Value::Null);
    let a = value["walls"][0]["a_half_points"].as_i64().unwrap();
    value["walls"][0]["a_half_points"] = (a + 1).into();
    std::fs::write(&record, value.to_string()).unwrap();
    let (out, err, code) = noi2014(&["merge", every_dir]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("the logs of wall 0 give A and B"), "{err}");
    // Records of version 1 (before seatings) are refused by name.
    let record = at("round").join("duel.json");
    let text = std::fs::read_to_string(&record).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["version"] = 1.into();
    std::fs::write(&record, value.to_string()).unwrap();
    let (out, err, code) = noi2014(&["merge", round_dir]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("is version 1 of a duel's record; this reads version 2"),
        "{err}"
    );
}
