//! `mahjong-sim mcr play` end to end: the log for people and as JSON
//! Lines (valid under its schema, the same as `--log`'s file), the
//! transcript that `mcr conform` replays, the replay page; and the
//! transcript writer against the official judge's own transcripts and on
//! a thousand of our games.

use crate::common;

use mahjong_sim::contest::mcr::Mcr;
use mahjong_sim::contest::ruleset::{Draws, Ruleset};
use mahjong_sim::mcr::games::arena::Game;
use mahjong_sim::mcr::games::log::{FailureRecord, GameLog};
use mahjong_sim::mcr::games::transcript::transcript;
use mahjong_sim::mcr::games::walls::Family;
use mahjong_sim::mcr::judge::conform::{init_data, replay, reply, Conformance};
use mahjong_sim::mcr::judge::{Judge, Options, PLAYERS};
use mahjong_sim::named::WallFamily;
use serde_json::Value;

fn text(r: &common::Run) -> String {
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    String::from_utf8(r.stdout.clone()).unwrap()
}

#[test]
fn play_prints_the_game_and_its_result() {
    let out = text(&common::run(&["mcr", "play", "--seed", "3"], b""));
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("MCR game, wall of seed 3 (uniform), prevalent wind "),
        "{first}"
    );
    assert!(
        first.contains("seats: 0 greedy, 1 greedy, 2 greedy, 3 greedy"),
        "{first}"
    );
    assert!(out.contains("  0 <- 0 0 "), "the first request:\n{out}");
    assert!(out.contains("the deal\n"));
    assert!(out.contains("\nresult: "), "{out}");
    assert!(out.contains("seat  score"), "{out}");
    // The same seed, the same game.
    let again = text(&common::run(&["mcr", "play", "--seed", "3"], b""));
    assert_eq!(out, again);
    let other = text(&common::run(&["mcr", "play", "--seed", "4"], b""));
    assert_ne!(out, other);
}

#[test]
fn play_writes_the_log_the_transcript_and_the_page() {
    let tmp = common::scratch("mcr-play");
    let file = |n: &str| tmp.path().join(n);
    let (log, page, game) = (file("game.log"), file("game.html"), file("game.jsonl"));
    for seed in 1..=3u64 {
        let seed = seed.to_string();
        let r = common::run(
            &[
                "mcr",
                "play",
                "--seed",
                &seed,
                "--bot",
                "me=greedy",
                "--json",
                "--log",
                log.to_str().unwrap(),
                "--replay",
                page.to_str().unwrap(),
                "--transcript",
                game.to_str().unwrap(),
            ],
            b"",
        );
        let out = text(&r);
        // The streamed log is the file's, and valid.
        assert_eq!(out.as_bytes(), std::fs::read(&log).unwrap());
        let read = common::mcr_game_log(out.as_bytes());
        assert_eq!(read.header.seats[0].name, "me");
        assert_eq!(read.header.seats[0].command, "greedy");
        assert_eq!(read.header.wall, format!("wall of seed {seed} (uniform)"));
        let init = Family::Uniform.seeded_wall(seed.parse().unwrap());
        assert_eq!(read.wall_tiles(), init.wall.tiles());
        assert_eq!(read.result.scores.iter().sum::<i32>(), 0);
        // The transcript replays identically through our judge.
        let c = common::run(&["mcr", "conform", game.to_str().unwrap()], b"");
        assert_eq!(text(&c), "1/1 games identical\n");
        // The page holds a step per event and one at each end.
        let html = std::fs::read_to_string(&page).unwrap();
        let data = mahjong_sim::replay::embedded(&html).expect("replay data");
        assert_eq!(data["ruleset"], "MCR");
        let steps = data["steps"].as_array().unwrap();
        assert_eq!(steps.len(), read.events().count() + 2);
        assert_eq!(
            steps.last().unwrap()["seats"].as_array().unwrap().len(),
            PLAYERS
        );
    }
}

/// `--reading` and `--python-twin` reach the judge: the log written from
/// the played game (`--log`) says the readings it was judged under, as
/// the streamed header does, and the text says them when they are not
/// the official judge's (and only then).
#[test]
fn play_judges_under_the_readings_named() {
    let tmp = common::scratch("mcr-play-readings");
    let log = tmp.path().join("game.log");
    let play = |extra: &[&str], json: bool| {
        let mut args = vec!["mcr", "play", "--seed", "2", "--log", log.to_str().unwrap()];
        args.extend(extra);
        if json {
            args.push("--json");
        }
        let out = text(&common::run(&args, b""));
        (out, common::mcr_game_log(&std::fs::read(&log).unwrap()))
    };
    let options = |read: &GameLog| serde_json::to_value(read.header.options).unwrap();
    let (out, read) = play(&[], false);
    assert!(!out.contains("judged under"), "{out}");
    assert_eq!(
        options(&read),
        serde_json::json!({"reading": "judge2018", "minimum": "eight_plus_flowers", "empty_wall_kong": "accepted"})
    );
    let twin = ["--python-twin", "--reading", "1.4.0"];
    let (out, read) = play(&twin, false);
    assert!(
        out.contains("judged under: empty_wall_kong refused, minimum eight, reading v1_4_0\n"),
        "{out}"
    );
    let named =
        serde_json::json!({"reading": "v1_4_0", "minimum": "eight", "empty_wall_kong": "refused"});
    assert_eq!(options(&read), named);
    let (out, _) = play(&twin, true);
    let streamed = common::mcr_game_log(out.as_bytes());
    assert_eq!(options(&streamed), named);
    let r = common::run(&["mcr", "play", "--reading", "2019"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("`2019` is no reading (1.4.0 or judge2018)"),
        "{}",
        r.stderr
    );
}

#[test]
fn play_refuses_unknown_bots_and_programs() {
    let r = common::run(&["mcr", "play", "--bot", "nosuchbot"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown bot `nosuchbot`"), "{}", r.stderr);
    let r = common::run(&["mcr", "play", "--bot", "mine=./no/such/bot"], b"");
    assert_ne!(r.code, Some(0));
    assert!(r.stderr.contains("bot program"), "{}", r.stderr);
    let five = ["--bot", "greedy"].repeat(5);
    let mut args = vec!["mcr", "play"];
    args.extend(five.iter().copied());
    let r = common::run(&args, b"");
    assert_ne!(r.code, Some(0));
    assert!(r.stderr.contains("a table seats 4"), "{}", r.stderr);
}

/// A recorded game of the conformance format as our record: its
/// responses answered to our judge.
fn recorded(game: &Value) -> Game {
    let init = init_data(&game["initdata"]).unwrap();
    let mut judge = Judge::new(&init);
    let mut replies = Vec::new();
    for t in game["turns"].as_array().unwrap() {
        if judge.is_over() {
            break;
        }
        let step: Vec<_> = t["responses"]
            .as_array()
            .unwrap()
            .iter()
            .map(reply)
            .collect();
        for r in &step {
            judge.answer(r.clone()).unwrap();
        }
        replies.push(std::array::from_fn(|s| step[s].clone()));
    }
    Game {
        init,
        options: Options::default(),
        steps: judge.steps().to_vec(),
        replies,
        events: judge.events().to_vec(),
        result: judge.result().unwrap().clone(),
        failures: Vec::new(),
        programs: Vec::new(),
        starts: [0; PLAYERS],
    }
}

/// The official judge's transcripts, their games rebuilt and written
/// again, are the same: every output of the judge (requests, displays,
/// the finish) and every response, but the `srand` we do not have.
#[test]
fn official_transcripts_are_written_again_as_recorded() {
    let Some(games) = common::mcr_cases("games-public.jsonl.gz") else {
        return;
    };
    assert_eq!(games.len(), 1000);
    let mut flowers = 0;
    for (i, g) in games.iter().enumerate() {
        let ours = transcript(&recorded(g), None);
        let mut theirs = g.clone();
        let init = &mut theirs["turns"][0]["judge"];
        init["display"].as_object_mut().unwrap().remove("srand");
        init["initdata"].as_object_mut().unwrap().remove("srand");
        assert_eq!(ours["turns"], theirs["turns"], "game {i}");
        assert_eq!(ours["final"], theirs["final"], "game {i}");
        flowers += usize::from(g["initdata"]["walltiles"].as_str().unwrap().contains('H'));
    }
    // Not degenerate: the flower walls are there.
    assert_eq!(flowers, 81);
}

/// A thousand games of the built-in bots, written as transcripts, replay
/// identically through the official judge's model.
#[test]
fn our_games_conform_as_transcripts() {
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..1000 {
        let init = Family::Uniform.seeded_wall(seed);
        let mut seats = std::array::from_fn(|p| Mcr::built_in(Mcr::house(), seed * 4 + p as u64));
        let game = Mcr::play(
            &init,
            Draws::Wall,
            Options::default(),
            &mut seats,
            &mut |_| {},
        )
        .unwrap();
        let t = transcript(&game, None);
        let turns = t["turns"].as_array().unwrap().len();
        assert_eq!(
            replay(&t, Options::default()),
            Conformance::Identical(turns),
            "seed {seed}"
        );
        *ends
            .entry(game.result.end.action().to_string())
            .or_insert(0) += 1;
    }
    // Not degenerate: games end more than one way.
    assert!(ends.len() >= 2, "{ends:?}");
}

/// A program that answers `PASS` to everything: one process a request,
/// or kept running. It breaks a rule at its first draw (`PASS` is no
/// answer to one's own draw), a few steps in.
const PASSER: &str = r#"sh -c 'read line; echo "{\"response\":\"PASS\"}"'"#;
const PASSER_KEPT: &str = r#"sh -c 'while read line; do echo "{\"response\":\"PASS\"}"; echo ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"; done'"#;

/// The log says how each program's step went: its time, whether a process
/// was started for it, its sandbox at its first step, and why it gave no
/// usable answer; in-process seats have none of it. The streamed log is
/// the file's, times included.
#[test]
fn the_log_has_each_program_step() {
    let tmp = common::scratch("mcr-play-programs");
    let file = tmp.path().join("game.log");
    let crash = "crash=sh -c 'read line; echo boom >&2; echo half; exit 3'";
    let kept = format!("kept={PASSER_KEPT}");
    let each = format!("each={PASSER}");
    for bots in [
        vec!["greedy", kept.as_str(), each.as_str()],
        vec!["greedy", crash],
    ] {
        let mut args = vec!["mcr", "play", "--seed", "2", "--json", "--time-limit", "20"];
        for b in &bots {
            args.extend(["--bot", b]);
        }
        args.extend(["--log", file.to_str().unwrap()]);
        let out = text(&common::run(&args, b""));
        assert_eq!(out.as_bytes(), std::fs::read(&file).unwrap());
        let log = common::mcr_game_log(out.as_bytes());
        assert_eq!(log.header.version, 2);
        let requests: Vec<_> = log.requests().collect();
        let of = |seat: u8| requests.iter().filter(move |r| r.seat == seat);
        for seat in [0, 3] {
            assert!(of(seat).all(|r| r.program.is_none()), "seat {seat}");
        }
        let steps = |seat: u8| of(seat).map(|r| r.program.clone().unwrap());
        if bots.len() == 3 {
            // Kept running: one start; one process a request: all.
            let kept: Vec<_> = steps(1).collect();
            let each: Vec<_> = steps(2).collect();
            // Not degenerate: several steps before the penalty.
            assert!(kept.len() > 3, "{kept:?}");
            assert!(kept[0].started && kept[1..].iter().all(|s| !s.started));
            assert!(each.iter().all(|s| s.started), "{each:?}");
            for s in [&kept[0], &each[0]] {
                assert!(s.containment.is_some(), "{s:?}");
            }
            assert!(kept[1..].iter().all(|s| s.containment.is_none()));
            assert!(kept.iter().chain(&each).all(|s| s.failure.is_none()));
            // Its own draw: PASS breaks a rule, which is no failure.
            let end = serde_json::to_value(&log.result.end).unwrap();
            assert_eq!(
                (&end["seat"], &end["rule"]),
                (&1.into(), &"malformed".into()),
                "{end}"
            );
        } else {
            let [s] = &steps(1).collect::<Vec<_>>()[..] else {
                panic!("{requests:?}")
            };
            assert_eq!(s.failure, Some(FailureRecord::Crash), "{s:?}");
            assert!(s.message.starts_with("crashed"), "{s:?}");
            assert_eq!((s.stderr.as_str(), s.stdout.as_str()), ("boom", "half"));
            assert_eq!(log.result.scores, vec![10, -30, 10, 10]);
        }
    }
}

/// Interrupted (SIGTERM: exit 143), `play` says how much of the log it
/// printed and that the files asked for were not written: none is left,
/// not even empty, and a file already at one of their paths stays as it
/// was.
#[test]
fn an_interrupted_play_leaves_no_file() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let tmp = common::scratch("mcr-play-interrupt");
    let file = |n: &str| tmp.path().join(n);
    let (log, page, game) = (file("game.log"), file("game.html"), file("game.jsonl"));
    std::fs::write(&log, "yesterday's log\n").unwrap();
    // About 2 s a request: the game lasts far longer than the test waits.
    let slow = r#"slow=sh -c 'sleep 2; echo "{\"response\":\"PASS\"}"'"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .args(["mcr", "play", "--json", "--time-limit", "10"])
        .args(["--bot", "greedy", "--bot", slow])
        .arg("--log")
        .arg(&log)
        .arg("--replay")
        .arg(&page)
        .arg("--transcript")
        .arg(&game)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    // Past the header and the slow bot's first request.
    while !seen.iter().any(|l: &String| l.contains(r#""seat":1"#)) {
        seen.push(lines.next().expect("a line").unwrap());
    }
    assert!(child.try_wait().unwrap().is_none(), "the game ended first");
    // While the game is played, the files' paths are untouched.
    let names = || {
        let mut n: Vec<String> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    };
    assert_eq!(names().len(), 4, "the log and three files being made");
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "yesterday's log\n");
    // SAFETY: kill(2) sends SIGTERM to our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    seen.extend(lines.map(Result::unwrap));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let requests = seen
        .iter()
        .filter(|l| l.contains(r#""type":"request""#))
        .count();
    let said = format!("interrupted: the game's log up to its {requests} requests was written");
    assert!(stderr.contains(&said), "{said}\n{stderr}");
    let files = format!(
        "not written: the log {}, the replay page {}, the transcript {}",
        log.display(),
        page.display(),
        game.display()
    );
    assert!(stderr.contains(&files), "{files}\n{stderr}");
    assert_eq!(names(), vec!["game.log".to_string()]);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "yesterday's log\n");
    assert!(seen.iter().all(|l| !l.contains(r#""type":"result""#)));
}

/// A command killed by SIGKILL runs no clean-up: the temporary file of its
/// page (`.game.html.PID.partial`) stays. The next command writing that
/// path removes it, and only it: a temporary file of a process still
/// running (here, this test's) and one of another path stay.
#[test]
fn a_killed_commands_temporary_file_is_swept_by_the_next() {
    let tmp = common::scratch("mcr-play-killed");
    let file = |n: &str| tmp.path().join(n);
    // No process has this PID: it is past any pid_max.
    let killed = file(".game.html.2147483647.partial");
    let running = file(&format!(".game.html.{}.partial", std::process::id()));
    let other = file(".other.html.2147483647.partial");
    for f in [&killed, &running, &other] {
        std::fs::write(f, "half a page").unwrap();
    }
    let page = file("game.html");
    let r = common::run(
        &[
            "mcr",
            "play",
            "--seed",
            "1",
            "--replay",
            page.to_str().unwrap(),
        ],
        b"",
    );
    text(&r);
    assert!(page.exists());
    assert!(!killed.exists(), "the killed command's file is left");
    assert!(running.exists() && other.exists());
}
