//! The command line: bad input is exit 2 with nothing on stdout and a message
//! that says where; good input prints what it should.

use crate::common;
use common::{run, sample_wall};

fn deck_lines() -> String {
    let mut s = String::new();
    for t in mahjong_sim::thupc2021::wall::Wall::sorted_deck() {
        s.push_str(t.name());
        s.push('\n');
    }
    s
}

/// Asserts a failed run: exit 2, empty stdout, and `message` on stderr.
fn assert_error(args: &[&str], input: &[u8], message: &str) {
    let r = run(args, input);
    assert_eq!(r.code, Some(2), "stderr: {}", r.stderr);
    assert!(
        r.stdout.is_empty(),
        "stdout not empty: {:?}",
        String::from_utf8_lossy(&r.stdout)
    );
    assert!(
        r.stderr.contains(message),
        "stderr {:?} lacks {:?}",
        r.stderr,
        message
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

#[test]
fn simulate_prints_the_sample_log() {
    let r = run(&["simulate"], &sample_wall());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let log = String::from_utf8(r.stdout).unwrap();
    assert_eq!(log.lines().count(), 144);
    assert!(log.starts_with("A IN "));
    assert!(log.ends_with("A RON\nA WIN\n"));
}

#[test]
fn simulate_reads_a_file_and_json() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/walls/sample.in");
    let text = run(&["simulate", path], b"");
    let json = run(&["simulate", "--json", path], b"");
    assert_eq!((text.code, json.code), (Some(0), Some(0)));
    let text = String::from_utf8(text.stdout).unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    // A header, then one line per line of the log.
    assert_eq!(text.lines().count() + 1, json.lines().count());
    let header: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(header["format"], "mahjong-sim/thupc2021-game-log");
    let first: serde_json::Value = serde_json::from_str(json.lines().nth(1).unwrap()).unwrap();
    assert_eq!(first["kind"], "draw");
    assert_eq!(first["player"], "A");
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    let lines = text.lines().count();
    assert_eq!(
        last,
        serde_json::json!({"type": "event", "line": lines, "kind": "win", "player": "A"})
    );
}

#[test]
fn unknown_tile_names_its_line_and_column() {
    let text = deck_lines().replacen("5M", "10M", 1);
    assert_error(
        &["simulate"],
        text.as_bytes(),
        "line 17, column 1: unknown tile `10M`",
    );
    let text = deck_lines().replacen("E\n", "1M\n", 1);
    assert_error(
        &["simulate"],
        text.as_bytes(),
        "line 109, column 1: kind 1M appears 5 times, expected 4",
    );
}

#[test]
fn wrong_counts_are_reported() {
    let text = deck_lines().replacen("9M", "8M", 1);
    assert_error(
        &["simulate"],
        text.as_bytes(),
        "kind 8M appears 5 times, expected 4",
    );
    let text = deck_lines().replacen("3P\n", "", 1);
    assert_error(
        &["simulate"],
        text.as_bytes(),
        "wall has 147 tiles, expected 148",
    );
    let text = format!("{}PASS\n", deck_lines());
    assert_error(
        &["simulate"],
        text.as_bytes(),
        "line 149, column 1: wall has more than 148 tiles",
    );
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    assert_error(&["simulate"], b"", "wall has 0 tiles, expected 148");
    assert_error(
        &["simulate"],
        b"\x00\x01\xff\xfe binary",
        "line 1, column 1: unknown tile",
    );
    let bom = [&b"\xEF\xBB\xBF"[..], deck_lines().as_bytes()].concat();
    assert_error(
        &["simulate"],
        &bom,
        "line 1, column 1: the input starts with a UTF-8 byte-order mark",
    );
    assert_error(
        &["simulate"],
        "1M\n  é\n".as_bytes(),
        "line 2, column 3: unknown tile `é`",
    );
}

#[test]
fn crlf_and_several_names_a_line_are_fine() {
    let crlf = String::from_utf8(sample_wall())
        .unwrap()
        .replace('\n', "\r\n");
    let joined = String::from_utf8(sample_wall()).unwrap().replace('\n', " ") + "\n\n\n";
    let plain = run(&["simulate"], &sample_wall()).stdout;
    for input in [crlf, joined] {
        let r = run(&["simulate"], input.as_bytes());
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(r.stdout, plain);
    }
}

#[test]
fn missing_file_and_bad_usage_exit_2() {
    assert_error(
        &["simulate", "/nonexistent/wall.in"],
        b"",
        "cannot read `/nonexistent/wall.in`",
    );
    let r = run(&["simulate", "--frobnicate"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
}

#[test]
fn distance_prints_one_number_a_line() {
    let input = "1M 1M 1M 1M\n1M\n1M 1M 1M 1M 1P 2P 3P 1S 1S 2S 2S 3S 3S\nPASS REVERSE\r\n1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S S\n";
    let r = run(&["distance"], input.as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(String::from_utf8(r.stdout).unwrap(), "2\n1\n2\n2\n0\n");
    let r = run(&["distance", "--json"], b"1M\n");
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"line": 1, "hand": ["1M"], "melds": 4, "distance": 1})
    );
}

#[test]
fn distance_errors_name_the_line() {
    // Answers stream: those before the bad line are printed, then the error.
    let r = run(&["distance"], b"1M 1M\n1M 2M 3M\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout, b"0\n");
    assert!(
        r.stderr
            .contains("line 2, column 1: a hand of 3 tiles fits no meld count"),
        "{}",
        r.stderr
    );
    assert_error(
        &["distance"],
        b" 1M X\n",
        "line 1, column 5: unknown tile `X`",
    );
    assert_error(&["distance"], b"\n\n1M\n", "line 1, column 1: empty line");
    let fifteen = "1M ".repeat(15);
    assert_error(
        &["distance"],
        fifteen.as_bytes(),
        "line 1, column 1: a hand of 15 tiles",
    );
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .arg("simulate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the program has anything to write.
    drop(child.stdout.take());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&sample_wall())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bench_reports_figures() {
    let r = run(
        &["bench", "--games", "40", "--calls", "2000", "--json"],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["games"], 40);
    for key in [
        "games_per_second",
        "median_game_ns",
        "distance_ns",
        "discard_ns",
    ] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
    let r = run(&["bench", "--games", "0"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
}

#[test]
fn analyze_from_arguments_stdin_and_json() {
    let nine_gates = [
        "analyze", "1M", "1M", "1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M", "9M", "9M",
    ];
    let r = run(&nine_gates, b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = String::from_utf8(r.stdout).unwrap();
    assert!(
        text.contains("ready: waits on 9 tile(s): 1M 2M 3M 4M 5M 6M 7M 8M 9M"),
        "{text}"
    );
    let r = run(&["analyze"], b"1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M\n");
    assert_eq!(String::from_utf8(r.stdout).unwrap(), text);
    let r = run(
        &[
            "analyze", "--json", "1M", "2M", "3M", "E", "E", "--meld", "S S S", "--meld",
            "7P 8P 9P", "--meld", "W W W W",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["verdict"], "wins");
    assert_eq!(
        v["melds"][2],
        serde_json::json!({"kind": "kong", "tiles": ["W", "W", "W", "W"]})
    );
    assert_eq!(v["decompositions"][0]["pair"], "E");
}

#[test]
fn analyze_errors_exit_2() {
    assert_error(
        &["analyze", "1M", "PASS"],
        b"",
        "line 1, column 4: special tile `PASS` cannot be analysed",
    );
    assert_error(
        &["analyze", "1M", "2X"],
        b"",
        "line 1, column 4: unknown tile `2X`",
    );
    assert_error(
        &["analyze", "1M", "1M", "1M"],
        b"",
        "a hand of 3 tiles with 0 exposed meld(s) is neither complete",
    );
    assert_error(
        &["analyze", "1M", "1M", "--meld", "1M 2M 4M"],
        b"",
        "--meld 1 (`1M 2M 4M`): not a chow, pung or kong",
    );
}

/// Empty input is no hand: `analyze` and `distance` both print nothing.
#[test]
fn analyze_and_distance_print_nothing_for_empty_input() {
    for cmd in ["analyze", "distance"] {
        for input in [&b""[..], b"\n\n"] {
            let r = run(&[cmd], input);
            assert_eq!(r.code, Some(0), "{cmd}: {}", r.stderr);
            assert!(r.stdout.is_empty(), "{cmd}");
        }
    }
}

/// Five copies of a kind are refused by `distance` as by `analyze`.
#[test]
fn distance_refuses_a_fifth_copy() {
    assert_error(
        &["distance"],
        b"1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M\n",
        "line 1, column 13: kind 1M appears 14 times in the hand; a set has only 4",
    );
    assert_error(
        &[
            "analyze", "1M", "1M", "1M", "1M", "1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M",
            "9M", "9M",
        ],
        b"",
        "kind 1M appears 5 times in the hand and melds; a set has only 4",
    );
}

#[test]
fn gen_is_deterministic_and_writes_files() {
    let a = run(
        &["gen", "--family", "quads", "--seed", "7", "--count", "3"],
        b"",
    );
    let b = run(
        &["gen", "--family", "quads", "--seed", "7", "--count", "3"],
        b"",
    );
    assert_eq!(a.code, Some(0), "{}", a.stderr);
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    let walls: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(walls.len(), 3);
    for w in walls {
        mahjong_sim::thupc2021::wall::parse_wall(w.as_bytes()).expect("a contest wall");
    }
    let tmp = common::scratch("mahjong-gen");
    // A folder that does not exist yet (`gen` never overwrites).
    let dir = tmp.path().join("walls");
    let r = run(
        &[
            "gen",
            "--family",
            "long-draw",
            "--count",
            "2",
            "--out",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    for path in String::from_utf8(r.stdout).unwrap().lines() {
        let wall = std::fs::read(path).unwrap();
        let s = run(&["simulate", path], b"");
        assert!(
            String::from_utf8(s.stdout).unwrap().ends_with("DRAW\n"),
            "{path}"
        );
        mahjong_sim::thupc2021::wall::parse_wall(&wall).unwrap();
    }
    let r = run(&["gen", "--family", "nope"], b"");
    assert_eq!(r.code, Some(2));
}

#[test]
fn explain_gives_reasons() {
    let r = run(&["explain"], &sample_wall());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = String::from_utf8(r.stdout).unwrap();
    assert!(text.contains("after the deal:"), "{text}");
    assert!(
        text.contains("distance after each discard (tie order):"),
        "{text}"
    );
    assert!(text.contains("special tiles go first"), "{text}");
    // Every log line is there, in order, numbered.
    let plain = String::from_utf8(run(&["simulate"], &sample_wall()).stdout).unwrap();
    let events: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("        "))
        .map(|l| l[6..].trim_end())
        .collect();
    assert_eq!(events, plain.lines().collect::<Vec<_>>());
    let r = run(&["explain", "--json"], &sample_wall());
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8(r.stdout)
            .unwrap()
            .lines()
            .nth(54)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["line"], 54);
    assert!(first["notes"].as_array().is_some());
    assert_error(&["explain"], b"1M", "wall has 1 tiles, expected 148");
}

/// Runs the binary with `args`, feeding it `feed` (from a thread, until it
/// returns or the pipe breaks; it returns the bytes it wrote), and returns
/// (exit code, stdout, stderr, the largest peak resident memory seen in
/// `/proc/PID/status` while it ran, in KiB, bytes fed). Killed after `limit`.
/// (The peak is read while the program runs: `wait4`'s figure would count
/// the test process it was spawned from.)
fn run_measured(
    args: &[&str],
    feed: impl FnOnce(&mut std::process::ChildStdin) -> usize + Send + 'static,
    limit: std::time::Duration,
) -> (Option<i32>, Vec<u8>, String, u64, usize) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let fed = std::thread::spawn(move || feed(&mut stdin));
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let status = format!("/proc/{}/status", child.id());
    let start = std::time::Instant::now();
    let mut peak = 0;
    let code = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            {
                peak = peak.max(kib);
            }
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let stdout = out.join().unwrap();
    let stderr = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
    (code, stdout, stderr, peak, fed.join().unwrap())
}

/// Writes `chunk` to `w` until the pipe breaks; returns the bytes written.
fn endless(w: &mut std::process::ChildStdin, chunk: &[u8]) -> usize {
    use std::io::Write;
    let mut n = 0;
    while w.write_all(chunk).is_ok() {
        n += chunk.len();
    }
    n
}

#[test]
fn no_argument_panics_on_huge_numbers() {
    let huge = "18446744073709551615";
    for args in [
        &["gen", "--count", huge][..],
        &["check", "--solution", "true", "--walls", huge],
        &["check", "--solution", "true", "--timeout", "1e20"],
        &["check", "--solution", "true", "--timeout", "inf"],
        &["check", "--solution", "true", "--jobs", huge],
        &["check", "--solution", "true", "--jobs", "100000"],
        &["check", "--solution", "true", "--shrink-seconds", huge],
        &["check", "--solution", "true", "--output-limit", huge],
        &["bench", "--games", huge],
        &["bench", "--calls", huge],
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("invalid value"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn endless_input_to_simulate_stops_at_tile_149() {
    // Old versions read until memory ran out: give up after 20 s.
    let limit = std::time::Duration::from_secs(20);
    let feed = |w: &mut std::process::ChildStdin| endless(w, "1M\n".repeat(4096).as_bytes());
    let (code, out, err, peak, fed) = run_measured(&["simulate"], feed, limit);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("line 149, column 1: wall has more than 148 tiles"),
        "{err}"
    );
    // What it read is what pipes and buffers hold, not the stream.
    assert!(fed < 4 << 20, "{fed} bytes read");
    assert!(peak < 16 * 1024, "peak {peak} KiB");
    // One endless word: refused without reading it whole.
    let feed = |w: &mut std::process::ChildStdin| endless(w, "x".repeat(1 << 16).as_bytes());
    let (code, _, err, peak, fed) = run_measured(&["simulate"], feed, limit);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 1, column 1: unknown tile `xxxx"),
        "{err}"
    );
    assert!(fed < 4 << 20, "{fed} bytes read");
    assert!(peak < 16 * 1024, "peak {peak} KiB");
    // An endless line to distance: refused once it is longer than a hand
    // can be.
    let feed = |w: &mut std::process::ChildStdin| endless(w, "1M ".repeat(1 << 14).as_bytes());
    let (code, _, err, _, fed) = run_measured(&["distance"], feed, limit);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 1, column 1: a line of more than 65536 bytes"),
        "{err}"
    );
    assert!(fed < 4 << 20, "{fed} bytes read");
}

#[test]
fn distance_answers_line_by_line_in_bounded_memory() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    // Interactive: the answer to a line comes before the next line is sent.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .arg("distance")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (hand, want) in [("1M 1M 1M 1M\n", "2\n"), ("1M\n", "1\n")] {
        stdin.write_all(hand.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer, want);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    // Many lines: memory does not grow with them.
    let lines = 300_000;
    let feed = move |w: &mut std::process::ChildStdin| {
        let chunk = "1M 1M 1M 1M\n".repeat(1000);
        for _ in 0..lines / 1000 {
            if w.write_all(chunk.as_bytes()).is_err() {
                break;
            }
        }
        0
    };
    let (code, out, err, peak, _) =
        run_measured(&["distance"], feed, std::time::Duration::from_secs(60));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.len(), 2 * lines);
    assert!(peak < 16 * 1024, "peak {peak} KiB");
}

#[test]
fn distance_of_nothing_is_nothing() {
    for input in [&b""[..], b"\n\n", b"  \r\n"] {
        let r = run(&["distance"], input);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert!(r.stdout.is_empty() && r.stderr.is_empty(), "{}", r.stderr);
    }
}

#[test]
fn analyze_reads_a_hand_a_line_like_distance() {
    let first = "1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M";
    let second = "1M 2M 3M 4M 5M 6M 7M 8M 9M E E E S S";
    let one = run(&["analyze"], first.as_bytes());
    let two = run(&["analyze"], second.as_bytes());
    let both = run(&["analyze"], format!("{first}\n{second}\n").as_bytes());
    assert_eq!(both.code, Some(0), "{}", both.stderr);
    let want = [one.stdout, b"\n".to_vec(), two.stdout].concat();
    assert_eq!(
        String::from_utf8(both.stdout).unwrap(),
        String::from_utf8(want).unwrap()
    );
    let json = run(
        &["analyze", "--json"],
        format!("{first}\n{second}\n").as_bytes(),
    );
    assert_eq!(String::from_utf8(json.stdout).unwrap().lines().count(), 2);
}

#[test]
fn gen_streams_walls_one_at_a_time() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .args(["gen", "--count", "1000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // The reader went away: gen stops, quietly, with status 0.
    let out = child.wait_with_output().unwrap();
    // A billion walls would take hours: only a gen that went on fails this.
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn gen_out_creates_one_folder_overwrites_nothing_and_names_by_count() {
    let tmp = common::scratch("mahjong-gen-out");
    let base = tmp.path();
    let dir = base.join("walls");
    let gen = |dir: &std::path::Path, count: &str| {
        run(
            &["gen", "--count", count, "--out", dir.to_str().unwrap()],
            b"",
        )
    };
    // A missing parent is an error, not a tree of new folders.
    let deep = base.join("no/such/walls");
    let r = gen(&deep, "2");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("does not exist"), "{}", r.stderr);
    assert!(!base.join("no").exists());
    // A file is no folder.
    let file = base.join("file");
    std::fs::write(&file, "keep").unwrap();
    let r = gen(&file, "2");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("is a file"), "{}", r.stderr);
    // Names as wide as the count needs.
    let r = gen(&dir, "12");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let paths = String::from_utf8(r.stdout).unwrap();
    assert!(
        paths.lines().next().unwrap().ends_with("uniform-1-00.in"),
        "{paths}"
    );
    assert!(
        paths.lines().last().unwrap().ends_with("uniform-1-11.in"),
        "{paths}"
    );
    let r = gen(&base.join("three"), "3");
    assert!(String::from_utf8(r.stdout)
        .unwrap()
        .ends_with("uniform-1-2.in\n"));
    // Again into the same folder: refused, the walls untouched.
    let before = std::fs::read(dir.join("uniform-1-00.in")).unwrap();
    std::fs::write(dir.join("uniform-1-00.in"), "mine").unwrap();
    let r = gen(&dir, "12");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("nothing is overwritten"), "{}", r.stderr);
    assert_eq!(std::fs::read(dir.join("uniform-1-00.in")).unwrap(), b"mine");
    assert!(!before.is_empty());
}

#[test]
fn simulate_out_writes_the_answers_of_a_folder() {
    let tmp = common::scratch("mahjong-sim-out");
    let base = tmp.path();
    let walls = base.join("walls");
    let answers = base.join("answers");
    let r = run(
        &["gen", "--count", "3", "--out", walls.to_str().unwrap()],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(
        &[
            "simulate",
            "--out",
            answers.to_str().unwrap(),
            walls.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(String::from_utf8(r.stdout).unwrap().lines().count(), 3);
    for i in 0..3 {
        let wall = walls.join(format!("uniform-1-{i}.in"));
        let want = run(&["simulate", wall.to_str().unwrap()], b"").stdout;
        let got = std::fs::read(answers.join(format!("uniform-1-{i}.ans"))).unwrap();
        assert_eq!(got, want);
    }
    // Nothing is overwritten; several walls need --out.
    let r = run(
        &[
            "simulate",
            "--out",
            answers.to_str().unwrap(),
            walls.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("nothing is overwritten"), "{}", r.stderr);
    let one = walls.join("uniform-1-0.in");
    let two = walls.join("uniform-1-1.in");
    let r = run(
        &["simulate", one.to_str().unwrap(), two.to_str().unwrap()],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("--out DIR"), "{}", r.stderr);
}

#[test]
fn explain_at_shows_the_table_before_a_line() {
    let r = run(&["explain", "--at", "54"], &sample_wall());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = String::from_utf8(r.stdout).unwrap();
    assert!(text.starts_with("table before line 54:\nA: "), "{text}");
    assert!(text.contains("expected line 54: "), "{text}");
    assert!(text.contains("rule at stake: "), "{text}");
    let r = run(&["explain", "--at", "0"], &sample_wall());
    assert_eq!(r.code, Some(2));
}

/// Output that cannot be written (a full disk) is an error, exit 2 and
/// said, where a closed pipe is not: for a command that prints as it goes
/// (`simulate`) and one that prints at the end (`bench`).
#[test]
fn a_full_disk_is_an_error_where_a_closed_pipe_is_not() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    if !std::path::Path::new("/dev/full").exists() {
        common::skip("this machine has no /dev/full: a full disk not tried");
        return;
    }
    let cases: [(&[&str], Vec<u8>); 2] = [
        (&["simulate"], sample_wall()),
        (&["bench", "--games", "2", "--calls", "10"], Vec::new()),
    ];
    for (args, stdin) in cases {
        for full in [true, false] {
            let stdout = if full {
                Stdio::from(std::fs::File::create("/dev/full").unwrap())
            } else {
                Stdio::piped()
            };
            let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
                .args(args)
                .stdin(Stdio::piped())
                .stdout(stdout)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // A closed pipe: the reader goes before anything is written.
            drop(child.stdout.take());
            child.stdin.take().unwrap().write_all(&stdin).unwrap();
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            if full {
                assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
                assert!(
                    stderr.contains("cannot write standard output"),
                    "{args:?}: {stderr}"
                );
            } else {
                assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
                assert!(stderr.is_empty(), "{args:?}: {stderr}");
            }
        }
    }
}

/// `bench` needs a game and four calls (a quarter of them are best-discard
/// calls): one fewer of either is refused, exactly that is run.
#[test]
fn bench_needs_one_game_and_four_calls() {
    for (args, code) in [
        (&["bench", "--games", "1", "--calls", "4"][..], Some(0)),
        (&["bench", "--games", "1", "--calls", "3"], Some(2)),
        (&["bench", "--games", "0", "--calls", "4"], Some(2)),
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, code, "{args:?}: {}", r.stderr);
        if code == Some(2) {
            assert!(r.stderr.contains("invalid value"), "{args:?}: {}", r.stderr);
        }
    }
}

/// `-` names standard input, as no path does.
#[test]
fn a_dash_is_standard_input() {
    let want = run(&["simulate"], &sample_wall());
    assert_eq!(want.code, Some(0), "{}", want.stderr);
    let got = run(&["simulate", "-"], &sample_wall());
    assert_eq!(got.code, Some(0), "{}", got.stderr);
    assert_eq!(got.stdout, want.stdout);
}

/// The folders `gen --out` and `simulate --out` write into may hold other
/// files: only the names they would write are refused. Walls on stdout are
/// separated by one blank line, with none before the first.
#[test]
fn out_folders_may_hold_other_files() {
    let tmp = common::scratch("mahjong-out-others");
    let walls = tmp.path().join("walls");
    std::fs::create_dir(&walls).unwrap();
    // Another seed's wall, and a note of this seed's that is no wall.
    std::fs::write(walls.join("uniform-2-0.in"), "keep").unwrap();
    std::fs::write(walls.join("uniform-1-notes.txt"), "keep").unwrap();
    let r = run(
        &["gen", "--count", "2", "--out", walls.to_str().unwrap()],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(String::from_utf8(r.stdout).unwrap().lines().count(), 2);
    let answers = tmp.path().join("answers");
    std::fs::create_dir(&answers).unwrap();
    std::fs::write(answers.join("notes.ans"), "keep").unwrap();
    let wall = walls.join("uniform-1-0.in");
    let r = run(
        &[
            "simulate",
            "--out",
            answers.to_str().unwrap(),
            wall.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(answers.join("uniform-1-0.ans").exists());
    assert_eq!(std::fs::read(answers.join("notes.ans")).unwrap(), b"keep");

    let r = run(&["gen", "--count", "2"], b"");
    let text = String::from_utf8(r.stdout).unwrap();
    assert!(!text.starts_with('\n'), "{text}");
    assert_eq!(text.matches("\n\n").count(), 1, "{text}");
}

/// An error written to a closed stderr pipe is still an error (exit 2), not
/// a panic (101): the reader of `2>&1 | head -c 5` may be gone.
#[test]
fn an_error_to_a_closed_stderr_is_exit_2_not_a_panic() {
    for _ in 0..5 {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
            .arg("simulate")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(writer)
            .spawn()
            .expect("spawn mahjong-sim");
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"10M\n").unwrap();
        assert_eq!(child.wait().unwrap().code(), Some(2));
    }
}
