//! The committed JSON Schemas (docs/schemas/) are those the types give, and
//! what mahjong-sim writes is valid under them: the NOI2014 game log of
//! `play --json`, of a duel's and of a tournament's logs folders, THUPC's
//! `simulate --json` and `explain --json`, MCR's `mcr play --json`. Every other test that reads a
//! game log validates it too (`common::game_log`). A wrong line is
//! rejected, so the validation can fail.
//!
//! After a change of the log's types: `UPDATE_SCHEMAS=1 cargo test --test
//! schemas` rewrites the schema, to be committed (with a new version of the
//! format when old logs no longer read).

use crate::common;

use common::schemas::{
    self, MCR_DUEL_REPORT, MCR_DUEL_WALLS, MCR_GAME_LOG, MCR_GAME_LOG_V1, MCR_GAME_STATE,
    MCR_TOURNAMENT_GAMES, MCR_TOURNAMENT_REPORT, NOI2014_DUEL_REPORT, NOI2014_DUEL_WALLS,
    NOI2014_GAME_LOG, NOI2014_GAME_STATE, NOI2014_TOURNAMENT_GAMES, NOI2014_TOURNAMENT_REPORT,
    THUPC2021_CHECK_REPORT, THUPC2021_EXPLANATION, THUPC2021_GAME_LOG,
};
use mahjong_sim::contest::check::CheckJson;
use mahjong_sim::contest::duel::walls::WallsJson;
use mahjong_sim::contest::duel::DuelJson;
use mahjong_sim::contest::tournament::record::RecordJson;
use mahjong_sim::contest::tournament::TournamentJson;
use mahjong_sim::noi2014::games::log::Line;
use mahjong_sim::thupc2021::families::{wall_stream, Family};
use mahjong_sim::thupc2021::log::{ExplanationLine, GameLogLine};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn the_committed_game_log_schema_is_the_types() {
    schemas::check_committed::<Line>(NOI2014_GAME_LOG);
}

/// A contest file's type is every ruleset's; each ruleset's schema file
/// names its format alone (`schemas::generated_for`).
#[test]
fn the_committed_report_schemas_are_the_types() {
    for (ruleset, [report, walls, standings, games]) in [
        (
            "noi2014",
            [
                NOI2014_DUEL_REPORT,
                NOI2014_DUEL_WALLS,
                NOI2014_TOURNAMENT_REPORT,
                NOI2014_TOURNAMENT_GAMES,
            ],
        ),
        (
            "mcr",
            [
                MCR_DUEL_REPORT,
                MCR_DUEL_WALLS,
                MCR_TOURNAMENT_REPORT,
                MCR_TOURNAMENT_GAMES,
            ],
        ),
    ] {
        schemas::check_committed_for::<DuelJson>(report, ruleset);
        schemas::check_committed_for::<WallsJson>(walls, ruleset);
        schemas::check_committed_for::<TournamentJson>(standings, ruleset);
        schemas::check_committed_for::<RecordJson>(games, ruleset);
    }
    schemas::check_committed::<CheckJson>(THUPC2021_CHECK_REPORT);
}

/// One ruleset's report is not valid under another's schema.
#[test]
fn a_report_names_its_ruleset() {
    let (_tmp, logs) = common::logs_dir("schemas-ruleset");
    let r = common::run(
        &[
            "noi2014", "duel", "--bot", "a=sample", "--bot", "b=greedy", "--games", "4", "--json",
            "--logs",
        ]
        .iter()
        .copied()
        .chain([logs.to_str().unwrap()])
        .collect::<Vec<_>>(),
        b"",
    );
    let good: Value = serde_json::from_slice(&r.stdout).unwrap();
    schemas::validate(NOI2014_DUEL_REPORT, &good).unwrap();
    assert!(schemas::validate(MCR_DUEL_REPORT, &good).is_err());
    let walls: Value =
        serde_json::from_slice(&std::fs::read(logs.join("duel.json")).unwrap()).unwrap();
    schemas::validate(NOI2014_DUEL_WALLS, &walls).unwrap();
    assert!(schemas::validate(MCR_DUEL_WALLS, &walls).is_err());
}

#[test]
fn the_committed_thupc_schemas_are_the_types() {
    schemas::check_committed::<GameLogLine>(THUPC2021_GAME_LOG);
    schemas::check_committed::<ExplanationLine>(THUPC2021_EXPLANATION);
}

/// The lines of JSON Lines output, each parsed.
fn json_lines(text: &[u8]) -> Vec<Value> {
    std::str::from_utf8(text)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// `simulate --json` and `explain --json` on walls of every family: every
/// line valid, a header first, then one line per line of the contest's
/// log, and every kind of event there.
#[test]
fn thupc_json_outputs_are_valid() {
    let mut kinds = BTreeSet::new();
    for family in Family::ALL {
        for wall in wall_stream(family, 11).take(3) {
            let wall = wall.to_string();
            let log = common::run(&["simulate"], wall.as_bytes());
            let game = common::run(&["simulate", "--json"], wall.as_bytes());
            let explained = common::run(&["explain", "--json"], wall.as_bytes());
            for r in [&log, &game, &explained] {
                assert_eq!(r.code, Some(0), "{}", r.stderr);
            }
            schemas::validate_lines(THUPC2021_GAME_LOG, &game.stdout).unwrap();
            schemas::validate_lines(THUPC2021_EXPLANATION, &explained.stdout).unwrap();
            let (game, explained) = (json_lines(&game.stdout), json_lines(&explained.stdout));
            let lines = String::from_utf8(log.stdout).unwrap().lines().count();
            assert_eq!((game.len(), explained.len()), (lines + 1, lines + 1));
            let tiles: Vec<Value> = wall.split_whitespace().map(Value::from).collect();
            for header in [&game[0], &explained[0]] {
                assert_eq!(header["tiles"], Value::from(tiles.clone()));
            }
            for (i, (e, s)) in game[1..].iter().zip(&explained[1..]).enumerate() {
                assert_eq!((&e["line"], &s["line"]), (&(i + 1).into(), &(i + 1).into()));
                assert_eq!(e["kind"], s["event"]["kind"], "line {}", i + 1);
                kinds.insert(e["kind"].as_str().unwrap().to_string());
            }
        }
    }
    let all = [
        "chow",
        "discard",
        "draw",
        "exhausted_wall",
        "pass",
        "pong",
        "ron",
        "self_drawn",
        "win",
    ];
    assert_eq!(kinds, all.map(String::from).into(), "the walls miss a kind");
}

/// Lines in the engine's old shapes, or of an unknown version, are not
/// lines of THUPC's game log or explanation.
#[test]
fn wrong_thupc_lines_are_rejected() {
    let wall = wall_stream(Family::Uniform, 11).next().unwrap().to_string();
    let game = common::run(&["simulate", "--json"], wall.as_bytes()).stdout;
    let explained = common::run(&["explain", "--json"], wall.as_bytes()).stdout;
    let game = String::from_utf8(game).unwrap();
    let explained = String::from_utf8(explained).unwrap();
    let (header, draw) = (game.lines().next().unwrap(), game.lines().nth(1).unwrap());
    let step = explained.lines().nth(1).unwrap();
    let valid = |file, l: &str| schemas::validate(file, &serde_json::from_str(l).unwrap());
    valid(THUPC2021_GAME_LOG, header).unwrap();
    valid(THUPC2021_GAME_LOG, draw).unwrap();
    valid(THUPC2021_EXPLANATION, step).unwrap();
    let wrong_lines = [
        // The unversioned output: the engine's event as serde wrote it.
        draw.replacen(r#"{"type":"event","line":1,"kind":"#, r#"{"event":"#, 1),
        draw.replacen(r#""kind":"draw""#, r#""kind":"Draw""#, 1),
        draw.replacen(r#""player":"A""#, r#""player":"E""#, 1),
        draw.replacen(r#""line":1,"#, r#""line":1,"seat":0,"#, 1),
        draw.replacen(r#""line":1,"#, "", 1),
        header.replacen(r#""version":1"#, r#""version":2"#, 1),
        header.replacen(r#""format":"mahjong-sim/thupc2021-game-log","#, "", 1),
        header.replacen(r#""tiles":["#, r#""tiles":["10M","#, 1),
        // An explanation's header is not a game log's.
        header.replacen("game-log", "explanation", 1),
    ];
    for w in &wrong_lines {
        assert!(w != header && w != draw, "the replacement did not apply");
        assert!(valid(THUPC2021_GAME_LOG, w).is_err(), "accepted: {w}");
    }
    let wrong_steps = [
        step.replacen(r#""kind":"draw""#, r#""kind":"draw","extra":1"#, 1),
        step.replacen(r#""notes":"#, r#""reasons":"#, 1),
        step.replacen(r#""type":"step""#, r#""type":"event""#, 1),
    ];
    for w in &wrong_steps {
        assert_ne!(w, step, "the replacement did not apply");
        assert!(valid(THUPC2021_EXPLANATION, w).is_err(), "accepted: {w}");
    }
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

#[test]
fn the_committed_mcr_schema_is_the_types() {
    schemas::check_committed::<mahjong_sim::mcr::games::log::Line>(MCR_GAME_LOG);
}

/// Version 2 of the MCR log only added a program's step to a request:
/// the committed version 1 schema still takes a log without programs
/// written as version 1, which the reader reads, and refuses the step.
#[test]
fn mcr_logs_of_version_1_are_version_2_without_programs() {
    let r = common::run(&["mcr", "play", "--seed", "1", "--json"], b"");
    let v1 = String::from_utf8(r.stdout)
        .unwrap()
        .replacen(r#""version":2"#, r#""version":1"#, 1);
    schemas::validate_lines(MCR_GAME_LOG_V1, v1.as_bytes()).unwrap();
    let read = mahjong_sim::mcr::games::log::read(v1.as_bytes()).unwrap();
    assert_eq!(read.header.version, 1);
    let request = v1
        .lines()
        .find(|l| l.contains(r#""type":"request""#))
        .unwrap();
    let timed = request.replacen(
        r#""reply":"#,
        r#""program":{"ms":3,"started":true},"reply":"#,
        1,
    );
    assert_ne!(timed, request);
    let line = serde_json::from_str(&timed).unwrap();
    assert!(schemas::validate(MCR_GAME_LOG_V1, &line).is_err());
    schemas::validate(MCR_GAME_LOG, &line).unwrap();
}

/// `mcr play --json` on a few seeds: every line valid, read back, and
/// every kind of line there.
#[test]
fn mcr_play_logs_are_valid() {
    let mut types = BTreeSet::new();
    for seed in 1..=4 {
        let seed = seed.to_string();
        let r = common::run(&["mcr", "play", "--seed", &seed, "--json"], b"");
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let log = common::mcr_game_log(&r.stdout);
        assert!(log.requests().count() > 4 && log.events().count() > 1);
        for l in json_lines(&r.stdout) {
            types.insert(l["type"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(types.len(), 4, "{types:?}");
}

/// MCR log lines in serde's default shapes, with fields the format does
/// not have, or of another version, are rejected.
#[test]
fn wrong_mcr_lines_are_rejected() {
    let r = common::run(&["mcr", "play", "--seed", "1", "--json"], b"");
    let text = String::from_utf8(r.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let valid = |l: &str| schemas::validate(MCR_GAME_LOG, &serde_json::from_str(l).unwrap());
    for l in &lines {
        valid(l).unwrap();
    }
    let event = *lines
        .iter()
        .find(|l| l.contains(r#""kind":"draw""#))
        .unwrap();
    let request = *lines
        .iter()
        .find(|l| l.contains(r#""type":"request""#))
        .unwrap();
    let result = *lines.last().unwrap();
    let wrong = [
        event.replacen(r#""kind":"draw""#, r#""kind":"Draw""#, 1),
        event.replacen(r#""tile":""#, r#""tile":"H"#, 1),
        event.replacen(r#"{"type":"event","#, r#"{"type":"event","extra":1,"#, 1),
        request.replacen(r#""kind":"answer""#, r#""kind":"Answer""#, 1),
        request.replacen(r#""seat":0"#, r#""seat":4"#, 1),
        result.replacen(r#""scores":"#, r#""score":"#, 1),
        result.replacen(r#"{"type":"result","#, r#"{"type":"result","extra":1,"#, 1),
        lines[0].replacen(r#""version":2"#, r#""version":3"#, 1),
        lines[0].replacen(r#""prevalent_wind":"#, r#""prevalent_wind":4,"wind":"#, 1),
        request.replacen(
            r#""reply":"#,
            r#""program":{"ms":3,"started":true,"extra":1},"reply":"#,
            1,
        ),
        request.replacen(
            r#""reply":"#,
            r#""program":{"ms":3,"started":true,"failure":"Crash"},"reply":"#,
            1,
        ),
        request.replacen(r#""reply":"#, r#""program":{"ms":3},"reply":"#, 1),
    ];
    for w in &wrong {
        assert!(
            !lines.contains(&w.as_str()),
            "the replacement did not apply: {w}"
        );
        assert!(valid(w).is_err(), "accepted: {w}");
    }
}

/// The saved games of the learning environments (Python's `state()`):
/// the committed schemas are their types, the values of games under way
/// are valid, and a value of the other ruleset, with a field too many or
/// with three seats is refused.
#[test]
fn saved_games_are_valid_under_their_schemas() {
    use mahjong_sim::learn::saved::SavedBot;
    use mahjong_sim::named::WallFamily;
    schemas::check_committed::<mahjong_sim::noi2014::learn::saved::SavedGame>(NOI2014_GAME_STATE);
    schemas::check_committed::<mahjong_sim::mcr::learn::saved::SavedGame>(MCR_GAME_STATE);
    let greedy = |seed| {
        Some(SavedBot {
            bot: "greedy".into(),
            seed,
        })
    };
    let seats = [None, greedy(1), None, greedy(3)];

    let noi = {
        use mahjong_sim::noi2014::learn::{env::Env, saved::SavedGame};
        let wall = mahjong_sim::noi2014::games::families::Family::Uniform.seeded_wall(5);
        let bots = [None, Some(greedy_noi()), None, Some(greedy_noi())];
        let mut env = Env::new(&wall, bots, true);
        for _ in 0..12 {
            let Some(mask) = env.pending_mask() else {
                break;
            };
            env.step(mask.nth(0).unwrap()).unwrap();
        }
        SavedGame::save(&env, seats.clone()).unwrap()
    };
    let mcr = {
        use mahjong_sim::mcr::learn::{env::Env, saved::SavedGame};
        let init = mahjong_sim::mcr::games::walls::Family::Uniform.seeded_wall(5);
        let bots = [None, Some(greedy_mcr()), None, Some(greedy_mcr())];
        let options = mahjong_sim::mcr::judge::Options::python_twin();
        let mut env = Env::new(&init, options, bots, false);
        for _ in 0..12 {
            let Some(mask) = env.pending_mask() else {
                break;
            };
            env.step(mask.nth(0).unwrap()).unwrap();
        }
        SavedGame::save(&env, seats).unwrap()
    };
    assert!(noi.answers.len() >= 6 && mcr.answers.len() >= 6);
    let noi = serde_json::to_value(&noi).unwrap();
    let mcr = serde_json::to_value(&mcr).unwrap();
    schemas::validate(NOI2014_GAME_STATE, &noi).unwrap();
    schemas::validate(MCR_GAME_STATE, &mcr).unwrap();
    for (file, good, other) in [
        (NOI2014_GAME_STATE, &noi, &mcr),
        (MCR_GAME_STATE, &mcr, &noi),
    ] {
        let mut foreign = good.clone();
        foreign["format"] = other["format"].clone();
        let mut more = good.clone();
        more["clock"] = 3.into();
        let mut three = good.clone();
        three["seats"].as_array_mut().unwrap().pop();
        for wrong in [foreign, more, three, other.clone()] {
            assert!(
                schemas::validate(file, &wrong).is_err(),
                "{file} took {wrong}"
            );
        }
    }
}

fn greedy_noi() -> Box<dyn mahjong_sim::noi2014::bots::bot::Bot + Send> {
    use mahjong_sim::named::BuiltInBot;
    mahjong_sim::noi2014::bots::built_in::BuiltIn::Greedy.bot(1)
}

fn greedy_mcr() -> Box<dyn mahjong_sim::mcr::bots::bot::Bot + Send> {
    use mahjong_sim::named::BuiltInBot;
    mahjong_sim::mcr::bots::built_in::BuiltIn::Greedy.bot(1)
}
