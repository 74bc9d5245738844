//! The committed JSON Schemas (docs/schemas/) are those the types give, and
//! what mahjong-sim writes is valid under them: the NOI2014 game log of
//! `play --json`, of a duel's and of a tournament's logs folders. Every
//! other test that reads a game log validates it too (`common::game_log`).
//! A wrong line is rejected, so the validation can fail.
//!
//! After a change of the log's types: `UPDATE_SCHEMAS=1 cargo test --test
//! schemas` rewrites the schema, to be committed (with a new version of the
//! format when old logs no longer read).

mod common;

use common::schemas::{
    self, NOI2014_DUEL_REPORT, NOI2014_DUEL_WALLS, NOI2014_GAME_LOG, NOI2014_TOURNAMENT_GAMES,
    NOI2014_TOURNAMENT_REPORT, THUPC2021_CHECK_REPORT,
};
use mahjong_sim::contest::check::CheckJson;
use mahjong_sim::contest::duel::walls::WallsJson;
use mahjong_sim::contest::duel::DuelJson;
use mahjong_sim::contest::tournament::record::RecordJson;
use mahjong_sim::contest::tournament::TournamentJson;
use mahjong_sim::noi2014::log::Line;
use std::path::Path;

#[test]
fn the_committed_game_log_schema_is_the_types() {
    schemas::check_committed::<Line>(NOI2014_GAME_LOG);
}

#[test]
fn the_committed_report_schemas_are_the_types() {
    schemas::check_committed::<DuelJson>(NOI2014_DUEL_REPORT);
    schemas::check_committed::<WallsJson>(NOI2014_DUEL_WALLS);
    schemas::check_committed::<TournamentJson>(NOI2014_TOURNAMENT_REPORT);
    schemas::check_committed::<RecordJson>(NOI2014_TOURNAMENT_GAMES);
    schemas::check_committed::<CheckJson>(THUPC2021_CHECK_REPORT);
}

/// `play --json` with a program put out (a failed reply, an `out` end)
/// and sample bots: every line valid, every kind of line there.
#[test]
fn a_played_game_log_is_valid() {
    let r = common::run(
        &[
            "noi2014",
            "play",
            "--seed",
            "3",
            "--family",
            "kongs",
            "--bot",
            "sample",
            "--bot",
            "sh -c 'echo nonsense'",
            "--json",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    schemas::validate_lines(NOI2014_GAME_LOG, &r.stdout).unwrap();
    let log = common::game_log(&r.stdout);
    assert!(log.requests().any(|q| q.program.is_some()));
    assert!(common::is_out(&log, 1));
}

/// Every game log of a logs folder, read (and so validated); how many.
fn logs_in(folder: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(folder.join("games")).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "jsonl") {
            common::game_log_file(&path);
            n += 1;
        }
    }
    n
}

#[test]
fn duel_and_tournament_logs_are_valid() {
    let (_tmp, logs) = common::logs_dir("schemas-duel");
    let r = common::run(
        &[
            "noi2014", "duel", "--bot", "a=sample", "--bot", "b=greedy", "--games", "8", "--jobs",
            "1", "--logs",
        ]
        .iter()
        .copied()
        .chain([logs.to_str().unwrap()])
        .collect::<Vec<_>>(),
        b"",
    );
    assert!(r.code.is_some(), "{}", r.stderr);
    assert_eq!(logs_in(&logs), 8);
    let saved = std::fs::read(logs.join("report.json")).unwrap();
    let report = schemas::report(NOI2014_DUEL_REPORT, &saved);
    assert_eq!(report["games"], 8);
    let saved = std::fs::read(logs.join("duel.json")).unwrap();
    let walls = schemas::report(NOI2014_DUEL_WALLS, &saved);
    assert_eq!(walls["walls"].as_array().unwrap().len(), 4);
    let (_tmp, logs) = common::logs_dir("schemas-tournament");
    let r = common::run(
        &[
            "noi2014",
            "tournament",
            "--bot",
            "greedy",
            "--bot",
            "sample",
            "--rounds",
            "2",
            "--duplicate",
            "--jobs",
            "1",
            "--logs",
            logs.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(logs_in(&logs), 8);
    let saved = std::fs::read(logs.join("report.json")).unwrap();
    let report = schemas::report(NOI2014_TOURNAMENT_REPORT, &saved);
    assert_eq!(report["games"], 8);
    let saved = std::fs::read(logs.join("tournament.json")).unwrap();
    let record = schemas::report(NOI2014_TOURNAMENT_GAMES, &saved);
    assert_eq!(record["games"].as_array().unwrap().len(), 8);
}

/// A report in serde's default shapes, or without its format, is not a
/// report: the validation of reports can fail.
#[test]
fn wrong_reports_are_rejected() {
    let (_tmp, logs) = common::logs_dir("schemas-wrong");
    let r = common::run(
        &[
            "noi2014",
            "duel",
            "--bot",
            "a=sample",
            "--bot",
            "b=greedy",
            "--games",
            "8",
            "--json",
            "--logs",
            logs.to_str().unwrap(),
        ],
        b"",
    );
    let good = String::from_utf8(r.stdout).unwrap();
    let valid = |t: &str| schemas::validate(NOI2014_DUEL_REPORT, &serde_json::from_str(t).unwrap());
    valid(&good).unwrap();
    for wrong in [
        good.replacen(r#""decision":"none""#, r#""decision":"Continue""#, 1),
        good.replacen(r#""version":2"#, r#""version":1"#, 1),
        good.replacen(r#""format":"mahjong-sim/noi2014-duel-report","#, "", 1),
        good.replacen(r#""seed":"#, r#""extra":0,"seed":"#, 1),
    ] {
        assert_ne!(wrong, good, "the replacement did not apply");
        assert!(valid(&wrong).is_err(), "accepted: {wrong}");
    }
}

/// Lines in serde's default shapes, or of the unversioned format, are not
/// lines of the log.
#[test]
fn wrong_lines_are_rejected() {
    let r = common::run(&["noi2014", "play", "--seed", "1", "--json"], b"");
    let text = String::from_utf8(r.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let valid = |l: &str| schemas::validate(NOI2014_GAME_LOG, &serde_json::from_str(l).unwrap());
    for l in &lines {
        valid(l).unwrap();
    }
    let result = *lines.last().unwrap();
    let wrong = [
        // A player's end as serde's default for a Rust enum.
        result.replacen(
            r#""end":"won","order":1,"self_drawn":true"#,
            r#""end":{"Won":{"order":1,"self_drawn":true}}"#,
            1,
        ),
        result.replacen(r#""end":"won""#, r#""end":"Won""#, 1),
        result.replacen(r#""points":"#, r#""pts":"#, 1),
        // Fields the format does not have, in a line and in a player.
        result.replacen(r#"{"type":"result","#, r#"{"type":"result","extra":1,"#, 1),
        result.replacen(r#""place":1,"#, r#""place":1,"Won":{},"#, 1),
        lines[1].replacen(r#""player":"#, r#""seat":0,"player":"#, 1),
        r#"{"type":"game","wall":"w","seats":["greedy"],"tiles":"W1\nW2\n"}"#.into(),
        r#"{"type":"event","event":"draw 0 W1","hand":"W1 W2"}"#.into(),
        lines[0].replacen(r#""version":2"#, r#""version":3"#, 1),
        lines[0].replacen(r#""W1""#, r#""1M""#, 1),
    ];
    for w in &wrong {
        assert_ne!(w, result, "the replacement did not apply");
        assert!(valid(w).is_err(), "accepted: {w}");
    }
}
