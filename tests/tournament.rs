//! `mahjong-sim noi2014 tournament` end to end: a 10-round Swiss tournament
//! of built-in bots, bot programs in both modes and bad bots completes, and
//! the oracle, replaying every saved log with the answers it records,
//! recomputes every game's points and so the standings; later rounds seat
//! bots by their totals; the duplicate format plays each wall from every
//! seat; Ctrl-C leaves no bot process.

use crate::common;
use mahjong_sim::noi2014::games::log::{Header, PlayerEndRecord, ReplyRecord};
use oracle::noi2014::{parse_tile, play, Reply};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/noi2014")
        .join(name)
        .display()
        .to_string()
}

fn python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// One saved game, replayed through the oracle: the half points per seat,
/// after checking that the oracle asks exactly the logged requests and
/// sees exactly the logged events.
fn oracle_half_points(file: &Path) -> ([u8; 4], Vec<String>) {
    let log = common::game_log_file(file);
    // The oracle reads tiles by their names, as a person would.
    let kinds: Vec<u8> = log
        .header
        .tiles
        .iter()
        .map(|t| parse_tile(mahjong_sim::noi2014::rules::tiles::name(t.0)).unwrap())
        .collect();
    let wall: [u8; 108] = kinds.try_into().unwrap();
    let seats: Vec<String> = log.header.seats.iter().map(|s| s.name.clone()).collect();
    let mut asked = log.requests();
    let outcome = play(&wall, &mut |player, request| {
        let logged = asked
            .next()
            .expect("the oracle asks more than the log holds");
        assert_eq!(
            (logged.player, logged.request.as_str()),
            (player, request),
            "{}",
            file.display()
        );
        match &logged.reply {
            ReplyRecord::Answer { text } => Reply::Text(text.clone()),
            ReplyRecord::Failed { message, .. } => Reply::Failed(message.clone()),
        }
    });
    assert!(
        asked.next().is_none(),
        "{}: the log holds more requests",
        file.display()
    );
    assert_eq!(
        common::event_texts(&log),
        outcome.events,
        "{}",
        file.display()
    );
    // The points of the log's result are the oracle's.
    let logged: Vec<u8> = log.result.players.iter().map(|p| p.half_points).collect();
    let oracle: Vec<u8> = outcome.results.iter().map(|r| r.half_points).collect();
    assert_eq!(logged, oracle, "{}", file.display());
    (outcome.results.each_ref().map(|r| r.half_points), seats)
}

/// Every game of a logs folder in `games.tsv` order: (round, table, file).
fn index(logs: &Path) -> Vec<(u32, u32, PathBuf)> {
    std::fs::read_to_string(logs.join("games.tsv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                logs.join("games").join(f[0]),
            )
        })
        .collect()
}

/// The nine bots of the tournament: built-in bots, the bot command in both
/// modes, two bad bots and the Python example (or a third sample bot
/// without Python).
fn tournament_bots() -> Vec<String> {
    let mut bots = vec![
        "greedy".to_string(),
        "g2=greedy".to_string(),
        "sample".to_string(),
        "s2=sample".to_string(),
        format!("step={} noi2014 bot", me()),
        format!("kept={} noi2014 bot --keep-running", me()),
        format!("crasher={}", fixture("crash.sh")),
        format!("silent={}", fixture("never_answers.sh")),
    ];
    if python() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/noi2014_bot.py");
        bots.push(format!(
            "example=python3 {} --keep-running",
            example.display()
        ));
    } else {
        common::skip("the Python example in the tournament: python3 is not available");
        bots.push("s3=sample".to_string());
    }
    bots
}

/// Runs a 10-round tournament of `bots` saving its logs in `logs`: its
/// JSON report and the bot processes its run line (stderr) says were
/// started, after checking that it succeeded.
fn run_ten_rounds(logs: &Path, bots: &[String]) -> (serde_json::Value, u64) {
    let mut args = vec![
        "noi2014".to_string(),
        "tournament".into(),
        "--rounds".into(),
        "10".into(),
        "--seed".into(),
        "7".into(),
        "--jobs".into(),
        "2".into(),
        // Generous for a busy machine; the bad bot's time-outs cost this.
        "--time-limit".into(),
        "3".into(),
        "--logs".into(),
        logs.display().to_string(),
        "--json".into(),
    ];
    for b in bots {
        args.push("--bot".into());
        args.push(b.clone());
    }
    let out = Command::new(me())
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // `played 30 games in 1.2 s (3.40 a second, 56 bot processes started); ...`
    let started = stderr
        .split(" bot processes started")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no run line: {stderr}"));
    let report = common::schemas::report(common::schemas::NOI2014_TOURNAMENT_REPORT, &out.stdout);
    (report, started)
}

/// Checks that the processes the run line says were started
/// (`reported`) are those the logs of `games` show starting; each bot's
/// wins, from the logs' results.
fn check_started_processes_and_count_wins(
    games: &[(u32, u32, PathBuf)],
    reported: u64,
) -> HashMap<String, u64> {
    let mut started = 0;
    let mut wins: HashMap<String, u64> = HashMap::new();
    for (_, _, file) in games {
        let log = common::game_log_file(file);
        started += log
            .requests()
            .filter(|q| q.program.as_ref().is_some_and(|s| s.started))
            .count();
        for (s, p) in log.result.players.iter().enumerate() {
            if matches!(p.end, PlayerEndRecord::Won { .. }) {
                *wins.entry(log.header.seats[s].name.clone()).or_default() += 1;
            }
        }
    }
    assert!(started > 0);
    assert_eq!(reported, started as u64);
    assert!(!wins.is_empty());
    wins
}

/// The seats of each table of a round, by round.
type Seating = Vec<Vec<(u32, Vec<String>)>>;

/// The oracle's half points of `games`, summed per bot (a house bot has
/// none), and the seating of every round; checks that every game gives
/// out 10 points and that a house bot played.
fn oracle_totals_and_seating(games: &[(u32, u32, PathBuf)]) -> (HashMap<String, u32>, Seating) {
    let mut totals: HashMap<String, u32> = HashMap::new();
    let mut by_round: Seating = vec![Vec::new(); 11];
    let mut seen_house = false;
    for (round, table, file) in games {
        let (half, seats) = oracle_half_points(file);
        assert_eq!(half.iter().map(|&h| u32::from(h)).sum::<u32>(), 20);
        for (s, name) in seats.iter().enumerate() {
            if name == "house" {
                seen_house = true;
                continue;
            }
            *totals.entry(name.clone()).or_default() += u32::from(half[s]);
        }
        by_round[*round as usize].push((*table, seats));
    }
    assert!(seen_house);
    (totals, by_round)
}

/// Checks each bot's row of the `standings`: 10 games, the logged `wins`
/// and the oracle's points (`totals`, in half points); and that the rows
/// are sorted by points.
fn check_standings_against_the_oracle(
    standings: &[serde_json::Value],
    wins: &HashMap<String, u64>,
    totals: &HashMap<String, u32>,
) {
    for row in standings {
        let name = row["bot"].as_str().unwrap();
        // One game a round for each bot.
        assert_eq!(row["games"], 10, "{name}");
        assert_eq!(row["won"], wins.get(name).copied().unwrap_or(0), "{name}");
        let points = row["points"].as_f64().unwrap();
        assert_eq!(
            f64::from(totals[name]) / 2.0,
            points,
            "{name}: the oracle recomputes {} points",
            f64::from(totals[name]) / 2.0
        );
    }
    // The standings are sorted and places follow the points.
    for w in standings.windows(2) {
        assert!(w[0]["points"].as_f64() >= w[1]["points"].as_f64());
    }
}

/// Swiss seating: from round 2 on, every bot at table k had at least the
/// points (after the previous rounds) of every bot at table k + 1.
fn check_swiss_seating(games: &[(u32, u32, PathBuf)], by_round: &Seating) {
    let mut running: HashMap<String, u32> = HashMap::new();
    for (round, tables) in by_round.iter().enumerate().skip(1) {
        if round > 1 {
            let mut tables = tables.clone();
            tables.sort();
            let points = |seats: &Vec<String>| -> Vec<u32> {
                seats
                    .iter()
                    .filter(|n| *n != "house")
                    .map(|n| running.get(n).copied().unwrap_or(0))
                    .collect()
            };
            for w in tables.windows(2) {
                let (a, b) = (points(&w[0].1), points(&w[1].1));
                assert!(
                    a.iter().min() >= b.iter().max(),
                    "round {round}: table {} has {a:?}, table {} has {b:?}",
                    w[0].0,
                    w[1].0
                );
            }
        }
        for (_, _, file) in games.iter().filter(|g| g.0 == round as u32) {
            let (half, seats) = oracle_half_points(file);
            for (s, name) in seats.iter().enumerate() {
                *running.entry(name.clone()).or_default() += u32::from(half[s]);
            }
        }
    }
}

/// The bad bots were put out every game, with their reasons; the good
/// ones never.
fn check_only_bad_bots_put_out(standings: &[serde_json::Value]) {
    let row = |name: &str| standings.iter().find(|r| r["bot"] == name).unwrap();
    for (name, kind) in [("crasher", "crash"), ("silent", "time_out")] {
        let outs = row(name)["put_out"].as_array().unwrap();
        assert_eq!(outs.len(), 10, "{name}");
        assert!(outs.iter().all(|o| o["kind"] == kind), "{name}: {outs:?}");
    }
    assert!(row("crasher")["put_out"][0]["stderr"]
        .as_str()
        .unwrap()
        .contains("something went wrong inside"));
    for name in ["greedy", "kept", "step"] {
        assert!(
            row(name)["put_out"].as_array().unwrap().is_empty(),
            "{name}"
        );
    }
}

/// Every game has its replay, holding the logged events in order, and
/// the index links to each and names every bot of the `standings`.
fn check_replays_and_index(
    logs: &Path,
    games: &[(u32, u32, PathBuf)],
    standings: &[serde_json::Value],
) {
    let index_page = std::fs::read_to_string(logs.join("index.html")).unwrap();
    for (_, _, file) in games {
        let page_file = file.with_extension("html");
        let name = page_file.file_name().unwrap().to_str().unwrap();
        assert!(
            index_page.contains(&format!("href=\"games/{name}\"")),
            "{name} is not linked"
        );
        let page = std::fs::read_to_string(&page_file).unwrap();
        let data = mahjong_sim::replay::embedded(&page).expect("embedded data");
        let texts: Vec<String> = data["steps"].as_array().unwrap()[1..]
            .iter()
            .map(|s| s["text"].as_str().unwrap().to_string())
            .collect();
        let logged = common::event_texts(&common::game_log_file(file));
        assert_eq!(texts, logged, "{name}");
    }
    for row in standings {
        let name = row["bot"].as_str().unwrap();
        assert!(index_page.contains(&format!("<td>{name}</td>")), "{name}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_ten_round_tournament_of_nine_bots_agrees_with_the_oracle() {
    let (_tmp, logs) = common::logs_dir("noi2014-tournament");
    let (report, started) = run_ten_rounds(&logs, &tournament_bots());
    // 9 bots: 3 tables a round, the last with 3 house bots.
    assert_eq!(report["games"], 30);
    let standings = report["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 9);

    // The oracle's points, game by game, summed per bot.
    let games = index(&logs);
    assert_eq!(games.len(), 30);
    let wins = check_started_processes_and_count_wins(&games, started);
    let (totals, by_round) = oracle_totals_and_seating(&games);
    check_standings_against_the_oracle(standings, &wins, &totals);
    check_swiss_seating(&games, &by_round);
    check_only_bad_bots_put_out(standings);
    check_replays_and_index(&logs, &games, standings);
    // The saved standings are the printed ones.
    let saved = common::schemas::report(
        common::schemas::NOI2014_TOURNAMENT_REPORT,
        &std::fs::read(logs.join("report.json")).unwrap(),
    );
    assert_eq!(saved["standings"], report["standings"]);
    // Also checks that the logs folder was made.
    std::fs::remove_dir_all(&logs).unwrap();
}

#[test]
fn the_duplicate_format_plays_each_wall_from_every_seat() {
    let (_tmp, logs) = common::logs_dir("noi2014-duplicate");
    let out = Command::new(me())
        .args([
            "noi2014",
            "tournament",
            "--duplicate",
            "--rounds",
            "2",
            "--seed",
            "3",
        ])
        .args(["--bot", "greedy", "--bot", "sample", "--bot", "s2=sample"])
        .args(["--bot", "s3=sample", "--bot", "s4=sample", "--logs"])
        .arg(&logs)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("duplicate format"), "{text}");
    let games = index(&logs);
    // 5 bots: 2 tables, 4 games each, 2 rounds.
    assert_eq!(games.len(), 16);
    for chunk in games.chunks(4) {
        let headers: Vec<Header> = chunk
            .iter()
            .map(|(_, _, f)| common::game_log_file(f).header)
            .collect();
        assert!(headers.iter().all(|h| h.tiles == headers[0].tiles));
        for s in 0..4 {
            let name = &headers[0].seats[s].name;
            if name == "house" {
                continue;
            }
            let mut seats: Vec<usize> = headers
                .iter()
                .map(|h| (0..4).find(|&t| h.seats[t].name == *name).unwrap())
                .collect();
            seats.sort_unstable();
            assert_eq!(seats, vec![0, 1, 2, 3], "{name}");
        }
    }
    // The index page links every game's replay under its round, table and
    // game, as its file is named.
    let page = std::fs::read_to_string(logs.join("index.html")).unwrap();
    for round in 1..=2 {
        assert!(page.contains(&format!("<h3>Round {round}</h3>")), "{page}");
        for table in 1..=2 {
            for game in 1..=4 {
                let link = format!(
                    "<a href=\"games/r{round:02}-t{table}-g{game}.html\">table {table}, game {game}</a>"
                );
                assert!(page.contains(&link), "{link} in {page}");
            }
        }
    }
    assert_eq!(page.matches("<li>").count(), 16);
    // Also checks that the logs folder was made.
    std::fs::remove_dir_all(&logs).unwrap();
}

#[test]
fn bad_tournament_arguments_exit_2() {
    let (_tmp, logs) = common::logs_dir("noi2014-bad-args");
    std::fs::create_dir_all(&logs).unwrap();
    std::fs::write(logs.join("old.txt"), "x").unwrap();
    for (args, words) in [
        (
            vec!["--bot", "a=greedy", "--bot", "a=sample"],
            "two bots are named `a`",
        ),
        (vec!["--bot", "a b=greedy"], "NAME=BOT"),
        (vec!["--bot", "x=gredy"], "unknown bot `gredy`"),
        (vec!["--bot", "greedy", "--rounds", "0"], "0"),
        (
            vec![
                "--bot",
                "greedy",
                "--bot",
                "sample",
                "--logs",
                logs.to_str().unwrap(),
            ],
            "is not empty",
        ),
        // One bot among house bots ranks nothing.
        (
            vec!["--bot", "greedy"],
            "a tournament ranks at least two bots, not 1",
        ),
    ] {
        let out = Command::new(me())
            .args(["noi2014", "tournament"])
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&logs).unwrap();
}

#[test]
fn ctrl_c_stops_a_tournament_with_every_bot_process_gone() {
    let (_tmp, logs) = common::logs_dir("noi2014-interrupt");
    let token = format!("interrupt-{}", std::process::id());
    let mut child = Command::new(me())
        .args(["noi2014", "tournament", "--rounds", "50", "--jobs", "2"])
        .args(["--time-limit", "5", "--logs"])
        .arg(&logs)
        .args(["--bot", &format!("a={} noi2014 bot --keep-running", me())])
        .args(["--bot", &format!("b={}", fixture("ignores_sigterm.sh"))])
        .args(["--bot", &format!("c={} noi2014 bot", me())])
        .args(["--bot", &format!("d={}", fixture("never_answers.sh"))])
        .args(["--bot", "e=greedy"])
        .env("MAHJONG_SIM_BOT_TOURNAMENT_TEST", &token)
        // Sandboxed programs get only the variables named.
        .args(["--env", "MAHJONG_SIM_BOT_TOURNAMENT_TEST"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupt once bot processes are running.
    common::signal_once_running(
        &child,
        (&token, " tournament "),
        Duration::from_secs(60),
        Duration::from_millis(300),
        libc::SIGINT,
    );
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let left = common::survivors(&token, " tournament ");
    assert!(left.is_empty(), "bot processes left: {left:?}");
}
