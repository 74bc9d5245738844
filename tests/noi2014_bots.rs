//! Bot programs under the NOI2014 judge: deliberately bad bots (fixtures in
//! `tests/fixtures/noi2014/`) are put out with the right reason, the game
//! completes, a time-out costs at most the limit plus a second, and no
//! process they started is left behind; keep-running bots stay alive across
//! requests and play exactly as the built-in bot.

use crate::common;

use common::{survivors, wait_until};
use mahjong_sim::noi2014::games::log::{
    GameLog, OutRecord, PlayerEndRecord, ReplyRecord, RequestRecord,
};
use mahjong_sim::noi2014::rules::request::StepFailure;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/noi2014")
        .join(name);
    assert!(p.exists(), "{}", p.display());
    p.display().to_string()
}

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

/// A unique token for one test's processes.
fn token(test: &str) -> String {
    format!("MAHJONG_SIM_BOT_TEST={test}-{}", std::process::id())
}

/// `mahjong-sim ARGS` with the token in its environment (inherited by
/// every bot process, `setsid` ones too); its exit status, game log and
/// stderr.
fn play_json(token: &str, args: &[&str]) -> (Option<i32>, GameLog, String) {
    let (k, v) = token.split_once('=').unwrap();
    let out = Command::new(me())
        .args(args)
        .arg("--json")
        .env(k, v)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        // No game log to read: what it left behind goes first.
        let left = survivors(token, "");
        panic!("exit {:?}, left {left:?}: {stderr}", out.status.code());
    }
    (out.status.code(), common::game_log(&out.stdout), stderr)
}

/// Plays seed 1 with `bot` at seat 0 and greedy bots elsewhere; checks the
/// game completed, seat 0 was put out by its first failing step with an
/// `expect`ed reason, that a time-out cost at most the limit plus a second,
/// and that nothing the bot started is left. Returns the failing request.
fn put_out_for(test: &str, bot: &str, limit: &str, expect: &[&str]) -> Option<RequestRecord> {
    let token = token(test);
    let (code, log, stderr) = play_json(
        &token,
        &[
            "noi2014",
            "play",
            "--seed",
            "1",
            "--bot",
            bot,
            "--time-limit",
            limit,
        ],
    );
    let left = survivors(&token, "");
    assert!(left.is_empty(), "{test}: processes left behind: {left:?}");
    assert_eq!(code, Some(0), "{test}: {stderr}");
    let result = &log.result;
    let PlayerEndRecord::Out { message, .. } = &result.players[0].end else {
        panic!("{test}: seat 0 was not put out: {result:?}");
    };
    let failing = log
        .requests()
        .find(|q| q.player == 0 && matches!(q.reply, ReplyRecord::Failed { .. }))
        .cloned();
    let words = match &failing {
        Some(RequestRecord {
            reply: ReplyRecord::Failed { message: m, .. },
            ..
        }) => format!("{m} {message}"),
        _ => message.clone(),
    };
    assert!(
        expect.iter().any(|e| words.contains(e)),
        "{test}: expected one of {expect:?}, got {words}"
    );
    // The other three played on to the end.
    let requests = log.requests().count();
    assert!(requests > 20, "{test}: only {requests} requests");
    if let Some(f) = &failing {
        let limit_ms = (limit.parse::<f64>().unwrap() * 1000.0) as u64;
        let ms = f.program.as_ref().unwrap().ms;
        assert!(
            ms <= limit_ms + 1000,
            "{test}: the failing step took {ms} ms with a limit of {limit_ms} ms"
        );
    }
    failing
}

#[test]
fn a_crashing_bot_is_put_out_with_its_stderr() {
    let f = put_out_for(
        "crash",
        &fixture("crash.sh"),
        "5",
        &["crashed (exit status 3)"],
    );
    let f = f.unwrap();
    assert!(
        f.program
            .as_ref()
            .unwrap()
            .stderr
            .contains("something went wrong inside"),
        "{f:?}"
    );
}

/// A bot that says on its standard output why it stopped (as a JVM
/// does) and crashes: the log and the text keep the end of that output,
/// and of its standard error, beside the reason.
#[test]
fn a_crashing_bot_is_put_out_with_the_end_of_its_stdout() {
    let bot = "echo 'Error: could not reserve enough space for object heap'; echo 'the stderr part' >&2; exit 1";
    let f = put_out_for("crash-stdout", bot, "5", &["crashed (exit status 1)"]).unwrap();
    let program = f.program.as_ref().unwrap();
    assert_eq!(
        program.stdout,
        "Error: could not reserve enough space for object heap"
    );
    assert_eq!(program.stderr, "the stderr part");
    let out = common::run(&["noi2014", "play", "--bot", bot], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("its stdout ends: Error: could not reserve enough space for object heap; its stderr ends: the stderr part)"),
        "{text}"
    );
}

#[test]
fn a_failure_status_after_a_valid_answer_is_a_crash() {
    put_out_for(
        "crash-after",
        &fixture("crash_after_answer.sh"),
        "5",
        &["crashed (exit status 1)"],
    );
}

#[test]
fn a_bot_that_never_answers_times_out_within_the_limit_and_a_second() {
    let f = put_out_for(
        "never",
        &fixture("never_answers.sh"),
        "1",
        &["over the time limit"],
    );
    let f = f.unwrap();
    assert!(f.program.as_ref().unwrap().ms >= 1000, "{f:?}");
}

/// A time-out says what the bot was doing, for the commonest mistakes:
/// reading its input to the end, answering without exiting, closing its
/// output, sleeping, computing.
#[test]
fn a_time_out_says_what_the_bot_was_doing() {
    for (test, bot, hint) in [
        ("hint-read", "reads_to_end.sh", "it printed nothing and was waiting to read its standard input: read one line, not to the end"),
        ("hint-answer", "answers_then_waits.sh", "it printed output but neither exited nor printed the keep-running line"),
        ("hint-closed", "closes_output.sh", "it closed its standard output but kept running"),
        ("hint-sleep", "never_answers.sh", "over the time limit; it was sleeping"),
        ("hint-loop", "computes_forever.sh", "over the time limit; it was still computing"),
    ] {
        put_out_for(test, &fixture(bot), "0.5", &[hint]);
    }
}

#[test]
fn a_bot_that_ignores_sigterm_is_killed_all_the_same() {
    put_out_for(
        "sigterm",
        &fixture("ignores_sigterm.sh"),
        "1",
        &["over the time limit"],
    );
}

#[test]
fn garbage_and_invalid_json_are_malformed_output() {
    put_out_for(
        "garbage",
        &fixture("garbage.sh"),
        "5",
        &["not one JSON object"],
    );
    put_out_for(
        "invalid-json",
        &fixture("invalid_json.sh"),
        "5",
        &["not one JSON object"],
    );
}

#[test]
fn an_illegal_move_puts_the_bot_out() {
    let t = token("illegal");
    let (code, log, stderr) = play_json(
        &t,
        &[
            "noi2014",
            "play",
            "--seed",
            "1",
            "--bot",
            &fixture("illegal_move.sh"),
            "--time-limit",
            "5",
        ],
    );
    assert!(survivors(&t, "").is_empty());
    assert_eq!(code, Some(0), "{stderr}");
    let out = &log.result.players[0].end;
    let PlayerEndRecord::Out {
        request, reason, ..
    } = out
    else {
        panic!("seat 0 was not put out: {out:?}");
    };
    // Its answer to its first draw: PENG, which a draw does not allow.
    let asked: Vec<&RequestRecord> = log.requests().collect();
    assert_eq!(asked[*request].player, 0);
    assert!(
        asked[*request].request.starts_with("2 "),
        "{:?}",
        asked[*request]
    );
    let answer = ReplyRecord::Answer {
        text: "PENG W1".into(),
    };
    assert_eq!(asked[*request].reply, answer);
    assert_eq!(
        *reason,
        OutRecord::NotAllowed {
            answer: "PENG W1".into()
        }
    );
}

#[test]
fn a_bot_that_floods_its_output_is_cut_off() {
    put_out_for(
        "floods",
        &fixture("floods.sh"),
        "5",
        &["more than 1048576 bytes of output"],
    );
}

#[test]
fn a_setsid_child_holding_the_output_neither_hangs_the_judge_nor_survives() {
    // Exits without answering; its child in a session of its own keeps the
    // output open: the judge does not wait for it, and kills it.
    put_out_for(
        "setsid-silent",
        &fixture("setsid_silent.sh"),
        "1",
        &["not one JSON object"],
    );
    // A legal bot that leaves such a child at every step plays the whole
    // game, and all its children are gone at the end.
    let t = token("setsid-answers");
    let (code, log, stderr) = play_json(
        &t,
        &[
            "noi2014",
            "play",
            "--seed",
            "2",
            "--bot",
            &fixture("setsid_answers.sh"),
            // Each step must not wait for the held output: a second is
            // plenty for a shell script, and far less than the judge
            // would wait for a pipe that never closes.
            "--time-limit",
            "1",
        ],
    );
    let left = survivors(&t, "");
    assert!(left.is_empty(), "processes left behind: {left:?}");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        !common::is_out(&log, 0),
        "a legal bot was put out: {:?}",
        log.result
    );
    let steps = log.requests().filter(|q| q.player == 0).count();
    assert!(steps > 20, "{steps}");
}

#[test]
fn keep_running_bots_that_hang_or_exit_later_are_put_out() {
    put_out_for(
        "kr-hangs",
        &fixture("keep_running_then_hangs.sh"),
        "1",
        &["over the time limit"],
    );
    put_out_for(
        "kr-exits",
        &fixture("keep_running_then_exits.sh"),
        "5",
        &["not one JSON object"],
    );
}

fn python() -> bool {
    common::python3("the Python example")
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/noi2014_bot.py")
}

/// Plays `seed` with the bot programs `seats` and a 20 s limit, under
/// `token`; checks that it succeeded and left no process.
fn play_seats(token: &str, seed: &str, seats: &[String; 4]) -> GameLog {
    let (code, log, stderr) = play_json(
        token,
        &[
            "noi2014",
            "play",
            "--seed",
            seed,
            "--bot",
            &seats[0],
            "--bot",
            &seats[1],
            "--bot",
            &seats[2],
            "--bot",
            &seats[3],
            "--time-limit",
            "20",
        ],
    );
    assert!(survivors(token, "").is_empty());
    assert_eq!(code, Some(0), "{stderr}");
    log
}

/// The bot processes started in `log`: player `p`'s, or everyone's.
fn started(log: &GameLog, p: Option<u8>) -> usize {
    log.requests()
        .filter(|q| p.is_none_or(|p| q.player == p))
        .filter(|q| q.program.as_ref().is_some_and(|s| s.started))
        .count()
}

#[test]
fn keep_running_bots_stay_alive_and_play_as_the_built_in_bot() {
    let t = token("keep-running");
    let ours = format!("{} noi2014 bot --keep-running", me());
    let log = play_seats(&t, "5", &[ours.clone(), ours.clone(), ours.clone(), ours]);
    // One process a seat for the whole game.
    assert_eq!(started(&log, None), 4);
    let built_in = play_json(&t, &["noi2014", "play", "--seed", "5"]).1;
    assert_eq!(common::events(&log), common::events(&built_in));
    assert_eq!(log.result, built_in.result);
}

/// The Python example in both modes, beside the built-in bot as a program
/// in both modes: nobody put out, nothing failed.
#[test]
fn the_python_example_and_the_bot_command_play_in_both_modes() {
    if !python() {
        return;
    }
    let t = token("both-modes");
    let py = format!("python3 {}", example().display());
    let seats = [
        format!("{py} --keep-running"),
        format!("{} noi2014 bot", me()),
        py.clone(),
        format!("{} noi2014 bot --keep-running", me()),
    ];
    let log = play_seats(&t, "2", &seats);
    assert!(!log
        .requests()
        .any(|q| matches!(q.reply, ReplyRecord::Failed { .. })));
    for p in 0..4 {
        assert!(!common::is_out(&log, p), "{:?}", log.result);
    }
    let starts = |p: u8| started(&log, Some(p));
    let asked = |p: u8| log.requests().filter(|q| q.player == p).count();
    assert_eq!(starts(0), 1);
    assert_eq!(starts(3), 1);
    assert_eq!(starts(1), asked(1));
    assert_eq!(starts(2), asked(2));
    assert!(asked(0) > 20);
}

#[test]
fn the_bot_command_reads_one_line_at_a_time() {
    // Per-request mode answers the one line and exits, even though its
    // input stays open (as under the judge).
    let mut child = Command::new(me())
        .args(["noi2014", "bot"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, r#"{{"requests":["0 2"],"responses":[],"data":""}}"#).unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "it waits for more input"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success());
    drop(stdin);
    // Keep-running: a full line, then lone requests; a lone request first
    // is an error (exit 2).
    let r = Command::new(me())
        .args(["noi2014", "bot", "--keep-running"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(b"{\"requests\":[\"0 2\"]}\n\"1 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9\"\n\"2 B1\"\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(r.status.success());
    let out = String::from_utf8(r.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[1], ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<");
    assert!(lines[4].contains("\"response\":\"PLAY B1\""), "{out}");
    let r = Command::new(me())
        .args(["noi2014", "bot", "--keep-running"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"\"2 B1\"\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("no full input line came before it"));
}

#[test]
fn a_bot_that_takes_more_memory_than_the_limit_is_put_out() {
    // Memory in use, where the sandbox has a cgroup: the limit is named.
    // Address space without one: the allocation fails, the shell says so.
    let expect: &[&str] = match common::memory_cgroup() {
        Ok(()) => &["killed for using more than its memory limit of 256 MiB"],
        Err(why) => {
            eprintln!("no cgroup here ({why}): the address-space limit is tested");
            &["crashed", "not one JSON object"]
        }
    };
    put_out_for("memory", &fixture("memory_hog.sh"), "20", expect);
}

/// A program bot's `Debug` names its command, its requests so far and
/// whether its program is running.
#[test]
fn a_program_bots_debug_shows_its_command_and_state() {
    let bot = mahjong_sim::noi2014::programs::program::ProgramBot::new("python3 bot.py");
    assert_eq!(bot.command(), "python3 bot.py");
    assert_eq!(
        format!("{bot:?}"),
        r#"ProgramBot { command: "python3 bot.py", requests: 0, running: false }"#
    );
}

/// A program bot that answers `PASS` and exits, or (with `keep`) answers
/// with its shell's pid (in its sandbox's PID namespace, if any) and stays
/// alive, `marker` in its command line.
fn pass_bot(keep: bool, marker: &str) -> mahjong_sim::noi2014::programs::program::ProgramBot {
    use mahjong_sim::botzone::protocol::KEEP_RUNNING;
    use mahjong_sim::noi2014::programs::program::ProgramBot;
    let command = if keep {
        format!(
            r#"exec sh -c 'while read l; do echo "{{\"response\":\"$$\"}}"; echo "MARK"; done' {marker}"#
        )
        .replace("MARK", KEEP_RUNNING)
    } else {
        r#"echo '{"response":"PASS"}'"#.to_string()
    };
    ProgramBot::new(&command).with_time_limit(Duration::from_secs(20))
}

/// A bot that exits after each answer is started anew for every request;
/// one that keeps running is started once, answers from the same process,
/// and `stop` ends it.
#[test]
fn program_bots_start_once_a_request_or_once_if_kept_running_until_stopped() {
    use mahjong_sim::noi2014::rules::request::Reply;
    let marker = format!("kept-bot-{}", std::process::id());
    let mut once = pass_bot(false, &marker);
    for n in 1..=3 {
        let s = once.ask("0 0").unwrap();
        assert_eq!(s.reply, Reply::Text("PASS".into()), "{s:?}");
        assert!(s.started && !s.kept_running, "{s:?}");
        assert_eq!(once.starts(), n);
    }
    let mut kept = pass_bot(true, &marker);
    let mut pids = Vec::new();
    for n in 1..=3 {
        let s = kept.ask("0 0").unwrap();
        assert_eq!((s.started, s.kept_running), (n == 1, true), "{s:?}");
        let Reply::Text(pid) = s.reply else {
            panic!("{s:?}")
        };
        pids.push(pid);
    }
    assert_eq!(kept.starts(), 1);
    assert!(pids.iter().all(|p| *p == pids[0]), "{pids:?}");
    let running = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            // Dead and not yet reaped (`Z`) is gone.
            let zombie = stat
                .rsplit(')')
                .next()
                .is_some_and(|s| s.trim_start().starts_with('Z'));
            !zombie && cmd.split(|&b| b == 0).any(|w| w == marker.as_bytes())
        })
    };
    assert!(running(), "the kept bot is not found by its marker");
    kept.stop();
    let left = !wait_until(Duration::from_secs(5), || !running());
    assert!(!left, "the stopped bot is still running");
}

/// An answer that comes after the time limit (but within the extra 100 ms
/// the exchange allows) is a time-out all the same.
#[test]
fn a_program_bot_answering_just_past_its_limit_times_out() {
    use mahjong_sim::noi2014::rules::request::Reply;
    let mut bot = mahjong_sim::noi2014::programs::program::ProgramBot::new(
        r#"sleep 0.52; echo '{"response":"PASS"}'"#,
    )
    .with_time_limit(Duration::from_millis(500));
    let s = bot.ask("0 0").unwrap();
    assert!(
        matches!(s.reply, Reply::Failed(Some(StepFailure::TimeOut), _)),
        "{s:?}"
    );
}

/// A bot killed by a signal is said to be, and its stderr's end (400
/// bytes, cut at a character boundary) is kept.
#[test]
fn a_program_bot_killed_by_a_signal_says_so_with_the_end_of_its_stderr() {
    use mahjong_sim::noi2014::rules::request::Reply;
    // 300 two-byte characters and one more byte: the last 400 bytes start
    // inside a character, which is left out.
    let mut bot = mahjong_sim::noi2014::programs::program::ProgramBot::new(
        "printf 'é%.0s' $(seq 300) >&2; printf x >&2; kill -11 $$",
    )
    .with_time_limit(Duration::from_secs(20));
    let s = bot.ask("0 0").unwrap();
    assert!(
        matches!(&s.reply, Reply::Failed(Some(StepFailure::Crash), m) if m.contains("killed by signal 11")),
        "{s:?}"
    );
    assert_eq!(s.stderr_tail, format!("{}x", "é".repeat(199)));
}

/// `--memory-limit 0` is no limit: a program bot plays as the built-in
/// one does (under a limit of 0 MiB it could not even start). A time limit
/// of 0 is refused before anything runs.
#[test]
fn memory_limit_0_is_no_limit_and_time_limit_0_is_refused() {
    let token = token("memory-0");
    let ours = format!("{} noi2014 bot", me());
    let args = ["noi2014", "play", "--seed", "5", "--memory-limit", "0"];
    let (code, program, stderr) = play_json(&token, &[&args[..], &["--bot", &ours]].concat());
    assert_eq!(code, Some(0), "{stderr}");
    let (_, built_in, _) = play_json(&token, &args);
    let events = common::events(&built_in);
    assert!(!events.is_empty());
    assert_eq!(common::events(&program), events);
    let r = common::run(&["noi2014", "play", "--time-limit", "0"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("is not a number of seconds above 0"),
        "{}",
        r.stderr
    );
}

/// `noi2014 bot --bot sample --seed S` is the built-in sample bot of seed
/// S: in seat 0 of `play --seed 5` (whose seat p's sample bot has the seed
/// rule's `bot_seed(5, [p])`) it plays the built-in one's game, which is
/// not the greedy bot's.
#[test]
fn the_sample_bot_as_a_program_is_the_built_in_sample_bot() {
    let token = token("sample-program");
    let seed = mahjong_sim::contest::seed::bot_seed(5, &[0]);
    let ours = format!("{} noi2014 bot --bot sample --seed {seed}", me());
    let play = |bot: &str| {
        let (code, log, stderr) =
            play_json(&token, &["noi2014", "play", "--seed", "5", "--bot", bot]);
        assert_eq!(code, Some(0), "{stderr}");
        common::events(&log)
    };
    let sample = play("sample");
    assert_eq!(play(&ours), sample);
    assert_ne!(play("greedy"), sample);
    assert!(survivors(&token, "").is_empty());
}

/// A bot command the shell cannot run (not found: exit status 127; not
/// executable: 126) is the user's error: `play`, `duel` (as A, B or an
/// opponent) and `tournament` stop with exit 2 before any game, naming the
/// command, and make no logs folder; `play` prints no game.
#[test]
fn a_bot_that_cannot_be_run_stops_every_command_before_any_game() {
    let tmp = common::scratch("unrunnable");
    let not_executable = tmp.path().join("plain-file");
    std::fs::write(&not_executable, "not a program\n").unwrap();
    let not_executable = not_executable.display().to_string();
    let missing = tmp.path().join("no-such-bot").display().to_string();
    for (bot, status) in [
        (&missing, "127, command not found"),
        (&not_executable, "126, not executable"),
    ] {
        let logs = tmp.path().join("logs");
        let logs = logs.to_str().unwrap();
        let named = format!("x={bot}");
        for args in [
            vec!["play", "--bot", "greedy", "--bot", bot.as_str()],
            vec!["duel", "--bot", "greedy", "--bot", &named, "--logs", logs],
            vec![
                "duel",
                "--bot",
                "greedy",
                "--bot",
                "sample",
                "--against",
                &named,
                "--logs",
                logs,
            ],
            vec![
                "tournament",
                "--bot",
                "greedy",
                "--bot",
                &named,
                "--logs",
                logs,
            ],
        ] {
            let out = common::run(&[&["noi2014"], &args[..]].concat(), b"");
            let stderr = &out.stderr;
            assert_eq!(out.code, Some(2), "{args:?}: {stderr}");
            assert!(
                stderr.contains(&format!(
                    "the bot `{bot}` could not be run (exit status {status})"
                )),
                "{args:?}: {stderr}"
            );
            assert!(out.stdout.is_empty(), "{args:?}");
            assert!(!Path::new(logs).exists(), "{args:?}");
        }
    }
}

/// A folder the sandbox's user can read, holding `Bot.class` compiled from
/// `tests/fixtures/noi2014/langs/Bot.java`; `None` without a JDK.
fn java_bot() -> Option<(tempfile::TempDir, String)> {
    use std::os::unix::fs::PermissionsExt;
    let javac = Command::new("javac").arg("-version").output();
    if !javac.is_ok_and(|o| o.status.success()) {
        common::skip("Java bot: no javac (Debian: apt-get install default-jdk-headless)");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new("javac")
        .arg("-d")
        .arg(dir.path())
        .arg(fixture("langs/Bot.java"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let command = format!("java -cp {} Bot", dir.path().display());
    Some((dir, command))
}

/// The Node.js bot's command line; `None` without Node.js.
fn node_bot() -> Option<String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        common::skip("Node.js bot: no node (Debian: apt-get install nodejs)");
        return None;
    }
    Some(format!("node {}", fixture("langs/bot.js")))
}

/// A JVM and Node.js reserve far more address space than they use: under
/// the default limit of 256 MiB, counted as memory in use by the sandbox's
/// cgroup, both play whole games; counted as address space (no sandbox),
/// neither starts, which shows the check can fail. The JVM's own message
/// (on its standard output) reaches the log.
#[test]
fn java_and_node_bots_play_whole_games_under_the_default_memory_limit() {
    if let Err(why) = common::memory_cgroup() {
        common::skip(&format!(
            "Java and Node.js bots: no cgroup here ({why}), so the memory limit is address space"
        ));
        return;
    }
    let (Some((_dir, java)), Some(node)) = (java_bot(), node_bot()) else {
        return;
    };
    let token = token("langs");
    // A JVM's start-up is slow on a loaded machine: the time limit is not
    // what is tested here.
    let args = [
        "noi2014",
        "play",
        "--seed",
        "3",
        "--time-limit",
        "10",
        "--bot",
        &java,
        "--bot",
        &node,
    ];
    let (code, log, stderr) = play_json(&token, &args);
    assert_eq!(code, Some(0), "{stderr}");
    for seat in [0, 1] {
        assert!(
            !common::is_out(&log, seat),
            "seat {seat} was put out: {:?}",
            log.result
        );
        let steps: Vec<_> = log.requests().filter(|q| q.player == seat as u8).collect();
        assert!(steps.len() > 20, "seat {seat}: {} requests", steps.len());
        let first = steps[0].program.as_ref().expect("a program's step");
        let containment = first.containment.as_deref().unwrap_or_default();
        assert!(
            containment.contains("memory in use at most 256 MiB"),
            "{containment}"
        );
        // Kept running: one process for the whole game.
        assert!(steps[1..]
            .iter()
            .all(|q| !q.program.as_ref().unwrap().started));
    }
    // It discards what it draws, so a draw request gets its tile back.
    let played = log
        .requests()
        .filter(|q| q.player == 0 && q.request.starts_with("2 "))
        .all(|q| matches!(&q.reply, ReplyRecord::Answer { text } if text == &format!("PLAY {}", &q.request[2..])));
    assert!(played, "the Java bot did not answer as written");
    let left = survivors(&token, "");
    assert!(left.is_empty(), "left running: {left:?}");

    // The control: the same limit as address space.
    let mut control = args.to_vec();
    control.extend(["--sandbox", "off"]);
    let (_, log, _) = play_json(&token, &control);
    assert!(
        common::is_out(&log, 0) && common::is_out(&log, 1),
        "{:?}",
        log.result
    );
    let java_failed = log.requests().find(|q| q.player == 0).unwrap();
    let said = &java_failed.program.as_ref().unwrap().stdout;
    assert!(
        said.contains("Error occurred during initialization of VM"),
        "{said}"
    );
}

/// `play` streams its log: the first lines arrive while the game is still
/// being played; interrupted (SIGTERM: exit 143), it says how much of the
/// log it wrote, which is exactly what standard output got, and that it
/// wrote no replay page: none is left, not even an empty or partial one,
/// and a page already at its path stays as it was (written whole or not
/// at all, as `mcr play`'s files).
#[test]
fn play_streams_its_log_and_an_interrupt_says_what_was_written() {
    use std::io::BufRead;
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("game.html");
    std::fs::write(&page, "yesterday's page\n").unwrap();
    // About 0.3 s a request: a game of about a minute.
    let slow = format!("sh -c 'sleep 0.3; exec {} noi2014 bot'", me());
    let mut child = Command::new(me())
        .args([
            "noi2014",
            "play",
            "--json",
            "--time-limit",
            "5",
            "--bot",
            &slow,
        ])
        .arg("--html")
        .arg(&page)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    // Past the header and a few of the slow bot's requests.
    while seen
        .iter()
        .filter(|l: &&String| l.contains(r#""player":0"#))
        .count()
        < 3
    {
        seen.push(lines.next().expect("a line").unwrap());
    }
    assert!(child.try_wait().unwrap().is_none(), "the game ended first");
    assert!(seen[0].contains(r#""type":"header""#), "{}", seen[0]);
    // While the game is played, the page's path is untouched; its
    // temporary file is beside it.
    let names = || std::fs::read_dir(tmp.path()).unwrap().count();
    assert_eq!(names(), 2, "the page and the one being made");
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        "yesterday's page\n"
    );
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
    assert!(stderr.contains("no replay page was written"), "{stderr}");
    assert_eq!(names(), 1, "the temporary page is gone");
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        "yesterday's page\n"
    );
    assert!(seen.iter().all(|l| !l.contains(r#""type":"result""#)));
}

/// One process per request: after the first request the program runs in
/// one sandbox made for all its requests (see `Session::spawn_server`), but
/// it starts only when its request comes, so its start-up is on the clock
/// of its step as before: a program that sleeps 0.3 s before it answers
/// takes 0.3 s at every step, not only at the first. Not a timing test of
/// speed: a lower bound.
#[test]
fn the_next_requests_process_starts_on_the_clock() {
    use mahjong_sim::noi2014::programs::program::ProgramBot;
    use mahjong_sim::noi2014::rules::request::Reply;
    let mut bot = ProgramBot::new(r#"sleep 0.3; echo '{"response":"PASS"}'"#)
        .with_time_limit(Duration::from_secs(20));
    for n in 1..=4 {
        let s = bot.ask("0 0").unwrap();
        assert_eq!(s.reply, Reply::Text("PASS".into()), "{s:?}");
        assert!(s.started && !s.kept_running, "{s:?}");
        assert!(s.elapsed_ms >= 300, "step {n} took {} ms", s.elapsed_ms);
        // Time for a process made ahead to have run its sleep, were it
        // not held at its gate.
        std::thread::sleep(Duration::from_millis(400));
    }
    assert_eq!(bot.starts(), 4);
    bot.stop();
}
