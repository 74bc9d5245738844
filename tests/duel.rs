//! `noi2014 duel`: the sequential test's calibration with in-process bots,
//! identical bots, a duel between two bot programs with 2 jobs, and Ctrl-C.

mod common;

use mahjong_sim::contest::duplicate::{play_built_in_unit, BuiltIn};
use mahjong_sim::stats::{Decision, Sequential, Sprt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

/// The duel's default test (`contest::duel::DEFAULT_SPRT`, `MIN_UNITS`).
fn default_test() -> Sequential {
    Sequential::new(Sprt::new(0.0, 0.1, 0.05, 0.05).unwrap(), 5)
}

/// A sequential test of `a` against `b` (seeds of the sample bot, or
/// `None` for greedy) against three greedy bots, on walls of `seed`.
fn sprt(a: Option<u64>, b: Option<u64>, seed: u64) -> (Decision, u64) {
    let bot = |s: Option<u64>| s.map_or(BuiltIn::Greedy, BuiltIn::Sample);
    let mut test = default_test();
    let d = test.run(5000, |u| play_built_in_unit(bot(a), bot(b), seed, u).diff());
    (d, test.summary.n)
}

#[test]
fn the_sequential_test_is_calibrated() {
    // Two equally strong bots: H1 at most alpha + 2 points of the time.
    let equal = 1000;
    let h1 = (0..equal)
        .filter(|&k| sprt(Some(2 * k + 1), Some(2 * k + 2), 1000 + k).0 == Decision::H1)
        .count();
    assert!(h1 * 100 <= 7 * equal as usize, "H1 in {h1} of {equal}");
    // Greedy against the sample bot: H1 at least 1 - beta - 2 points.
    let unequal = 200;
    let h1 = (0..unequal)
        .filter(|&k| sprt(None, Some(k + 7), 5000 + k).0 == Decision::H1)
        .count();
    assert!(h1 * 100 >= 93 * unequal as usize, "H1 in {h1} of {unequal}");
    // Two identical deterministic bots: identical, at the first chance.
    assert_eq!(sprt(None, None, 1), (Decision::Identical, 5));
}

#[test]
fn identical_bots_are_called_identical_not_divided_by_zero() {
    let (_tmp, logs) = common::logs_dir("duel-identical");
    let out = Command::new(me())
        .args([
            "noi2014",
            "duel",
            "--bot",
            "greedy",
            "--bot",
            "g2=greedy",
            "--logs",
        ])
        .arg(&logs)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("played identically on every wall"), "{text}");
    assert!(text.contains("A - B: +0.000 points a game"), "{text}");
    assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    // Also checks that the logs folder was made.
    std::fs::remove_dir_all(&logs).unwrap();
}

#[test]
fn a_duel_of_two_bot_programs_reaches_a_decision_and_saves_its_logs() {
    let python = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/noi2014_bot.py");
    let a = format!("ours={} noi2014 bot", me());
    let b = if python {
        format!("example=python3 {} --keep-running", example.display())
    } else {
        println!("SKIPPED (the Python example): python3 is not available; the sample bot instead");
        format!("example={} noi2014 bot --bot sample", me())
    };
    let (_tmp, logs) = common::logs_dir("duel-programs");
    let out = Command::new(me())
        .args(["noi2014", "duel", "--bot", &a, "--bot", &b, "--jobs", "2"])
        .args(["--time-limit", "10", "--json", "--logs"])
        .arg(&logs)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report = common::schemas::report(common::schemas::NOI2014_DUEL_REPORT, &out.stdout);
    // The greedy bot is far stronger than the example, which never claims.
    assert_eq!(report["decision"], "h1", "{report}");
    let walls = report["walls"].as_u64().unwrap();
    assert!(walls >= 5);
    assert!(report["diff"].as_f64().unwrap() > 0.1, "{report}");
    // Every counted game's log, and the index naming its seats.
    let index = std::fs::read_to_string(logs.join("games.tsv")).unwrap();
    assert_eq!(index.lines().count() as u64, 1 + 8 * walls);
    for line in index.lines().skip(1) {
        let file = line.split('\t').next().unwrap();
        let log = std::fs::read_to_string(logs.join("games").join(file)).unwrap();
        assert!(log.lines().last().unwrap().contains("\"type\":\"result\""));
    }
    assert!(logs.join("report.txt").exists());
    // Also checks that the logs folder was made.
    std::fs::remove_dir_all(&logs).unwrap();
}

#[test]
fn ctrl_c_prints_the_result_so_far_and_leaves_no_bot_process() {
    let (_tmp, logs) = common::logs_dir("duel-interrupt");
    let token = format!("duel-interrupt-{}", std::process::id());
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/noi2014");
    let child = Command::new(me())
        .args(["noi2014", "duel", "--jobs", "2", "--games", "100000"])
        .args(["--bot", &format!("a={} noi2014 bot --keep-running", me())])
        .args(["--bot", &format!("b={} noi2014 bot", me())])
        .args([
            "--against",
            &format!("slow={}", fixture.join("ignores_sigterm.sh").display()),
        ])
        .args(["--time-limit", "5", "--logs"])
        .arg(&logs)
        .env("NOI2014_DUEL_TEST", &token)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while common::processes_with(&token, " duel ").is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "no bot started");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill(2) sends SIGINT to our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("(interrupted)"), "{text}");
    let left = common::survivors(&token, " duel ");
    assert!(left.is_empty(), "bot processes left: {left:?}");
}

/// A and B need names of their own; a unit that cannot be played (here
/// its log cannot be written: files are held to 2 KiB, and the signal that
/// would kill the judge for it is ignored) stops the duel with an error
/// (exit 2) naming the wall, not a report.
#[test]
fn same_names_and_a_unit_that_cannot_be_played_are_errors() {
    let (_tmp, logs) = common::logs_dir("duel-errors");
    let duel = |a: &str, b: &str| {
        let script = format!(
            "trap '' XFSZ; ulimit -f 2; exec '{}' noi2014 duel --bot {a} --bot {b} --games 8 --jobs 1 --logs '{}'",
            me(),
            logs.display()
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    for (a, b, says) in [
        ("greedy", "greedy", "A and B are both named `greedy`"),
        ("a=greedy", "greedy", "unit 0 (wall 0) could not be played"),
    ] {
        let out = duel(a, b);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

/// A second front end runs a duel with a few library calls: typed options
/// in, a typed report out, the logs folder written, progress reported.
#[test]
fn a_duel_is_a_library_call() {
    use mahjong_sim::contest::duel::{self, opponents, DecisionJson, Length, Options};
    use mahjong_sim::contest::entrant::{Entrant, Limits};
    let (_tmp, logs) = common::logs_dir("library-duel");
    let options = Options {
        a: Entrant::parse("a=sample").unwrap(),
        b: Entrant::parse("b=greedy").unwrap(),
        against: opponents(Vec::new()).unwrap(),
        seed: 3,
        length: Length::Units(2),
        jobs: 2,
        family: mahjong_sim::noi2014::families::Family::Uniform,
        limits: Limits {
            time: Duration::from_secs(1),
            memory_mib: None,
        },
        logs: logs.clone(),
    };
    let mut walls_seen = Vec::new();
    let report = duel::run(&options, &mut |p| walls_seen.push(p.walls)).unwrap();
    assert_eq!(walls_seen, [1, 2]);
    assert_eq!(report.units.len(), 2);
    let json = report.json();
    assert_eq!((json.games, json.decision), (16, DecisionJson::None));
    assert_eq!(std::fs::read_dir(logs.join("games")).unwrap().count(), 16);
    assert!(report
        .text()
        .starts_with("NOI2014 duel: A = a (sample), B = b (greedy)"));
}
