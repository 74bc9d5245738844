//! The command line: bad input is exit 2 with nothing on stdout and a message
//! that says where; good input prints what it should.

mod common;
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
    assert_eq!(text.lines().count(), json.lines().count());
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["event"], "draw");
    assert_eq!(first["player"], "A");
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(last, serde_json::json!({"event": "win", "player": "A"}));
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
    assert_error(
        &["distance"],
        b"1M 1M\n1M 2M 3M\n",
        "line 2, column 1: a hand of 3 tiles fits no meld count",
    );
    assert_error(
        &["distance"],
        b"1M 1M\n 1M X\n",
        "line 2, column 5: unknown tile `X`",
    );
    assert_error(
        &["distance"],
        b"1M 1M\n\n1M\n",
        "line 2, column 1: empty line",
    );
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
    assert_error(&["analyze"], b"", "a hand of 0 tiles");
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
    let dir = std::env::temp_dir().join(format!("mahjong-gen-{}", std::process::id()));
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
            .nth(53)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["line"], 54);
    assert!(first["notes"].as_array().is_some());
    assert_error(&["explain"], b"1M", "wall has 1 tiles, expected 148");
}
