//! `mahjong-sim check` against deliberately wrong solutions: each is caught,
//! reported at the right first differing line, and shrunk.

mod common;
use common::run;
use mahjong_sim::thupc2021::event::{log_string, Event};
use mahjong_sim::thupc2021::game::play;
use std::path::Path;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_mahjong-sim");

fn fixture(name: &str) -> String {
    format!(
        "sh {}/tests/fixtures/{name} {BIN}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Runs `check` and returns (exit code, stdout, the saved wall's path).
fn check(solution: &str, extra: &[&str], dir: &Path) -> (Option<i32>, String, Option<String>) {
    let mut args = vec![
        "check",
        "--solution",
        solution,
        "--save-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run(&args, b"");
    let out = String::from_utf8(r.stdout).unwrap();
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("wall: "))
        .map(str::to_string);
    assert!(
        r.stderr.is_empty() || !r.stderr.contains("panicked"),
        "{}",
        r.stderr
    );
    (r.code, out, path)
}

fn first_line_number(out: &str) -> usize {
    out.lines()
        .find_map(|l| l.strip_prefix("first differing line: "))
        .expect("a first differing line")
        .parse()
        .unwrap()
}

fn saved_wall(path: &str) -> mahjong_sim::thupc2021::wall::Wall {
    let wall = mahjong_sim::thupc2021::wall::parse_wall(&std::fs::read(path).unwrap())
        .expect("a valid 148-tile wall");
    assert!(wall.is_full());
    wall
}

/// Processes whose command line matches `pattern`, once killed ones have had
/// up to 2 s to die (SIGKILL is delivered asynchronously, later on a busy
/// machine).
fn survivors(pattern: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let out = std::process::Command::new("pgrep")
            .args(["-af", pattern])
            .output()
            .unwrap();
        if out.stdout.is_empty() || Instant::now() > deadline {
            return String::from_utf8_lossy(&out.stdout).into_owned();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mahjong-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn our_own_binary_agrees() {
    let dir = scratch("agree");
    let (code, out, _) = check(
        &format!("{BIN} simulate"),
        &["--walls", "200", "--family", "specials-early"],
        &dir,
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with("all 200 walls agree (family specials-early, seed 1)"),
        "{out}"
    );
}

#[test]
fn a_misprinted_event_is_found_at_its_line_and_shrunk() {
    let dir = scratch("misprint");
    let (code, out, path) = check(
        &fixture("misprint_chow.sh"),
        &["--walls", "50", "--shrink-seconds", "20"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    let wall = saved_wall(&path.expect("a saved wall"));
    // The right first line: where the engine's log of the saved wall first chows.
    let log = log_string(&play(&wall));
    let chow = log
        .lines()
        .position(|l| l.contains(" CHOW "))
        .expect("the wall has a chow")
        + 1;
    assert_eq!(first_line_number(&out), chow, "{out}");
    assert!(
        out.contains(&format!(
            "  actual:   {}",
            log.lines().nth(chow - 1).unwrap().replace("CHOW", "CHI")
        )),
        "{out}"
    );
    // Shrunk: the chow now comes no later than on the wall first found.
    let (was, now) = shrink_lines(&out);
    assert!(now <= was, "{out}");
    assert!(out.contains("table before line"), "{out}");
}

/// (line before shrinking, line after) from the report.
fn shrink_lines(out: &str) -> (usize, usize) {
    let l = out
        .lines()
        .find(|l| l.starts_with("shrunk in "))
        .expect("a shrink line");
    let now: usize = l
        .split("first difference at line ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let was: usize = l
        .split("(was ")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (was, now)
}

#[test]
fn a_crash_on_a_dealt_reverse_is_found_and_shrunk_to_the_first_line() {
    let dir = scratch("crash");
    let (code, out, path) = check(
        &fixture("crash_on_dealt_reverse.sh"),
        &["--walls", "50", "--shrink-seconds", "30"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("crashed with exit code 3"), "{out}");
    let wall = saved_wall(&path.expect("a saved wall"));
    let events = play(&wall);
    let reverse = events[..52]
        .iter()
        .position(
            |e| matches!(e, Event::Draw { tile, .. } if *tile == mahjong_sim::tile::Tile::REVERSE),
        )
        .expect("a REVERSE is dealt")
        + 1;
    assert_eq!(first_line_number(&out), reverse, "{out}");
    // The shrinker moves a REVERSE to the very first draw.
    assert_eq!(reverse, 1, "{out}");
}

#[test]
fn a_solution_that_never_exits_is_killed_with_its_children_in_time() {
    let dir = scratch("hang");
    let start = Instant::now();
    let (code, out, _) = check(
        &fixture("never_exits.sh"),
        &["--walls", "4", "--jobs", "2", "--timeout", "1"],
        &dir,
    );
    let took = start.elapsed();
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("timed out"), "{out}");
    assert_eq!(first_line_number(&out), 1, "{out}");
    // Already at line 1: nothing to shrink, and the report says why.
    assert!(out.contains("the disagreement is at line 1"), "{out}");
    assert!(took < Duration::from_secs(2), "took {took:?}");
    // The background child went with its parent.
    let left = survivors("sleep 100[12]");
    assert!(left.is_empty(), "left running: {left}");
}

#[test]
fn megabytes_of_noise_are_cut_off() {
    let dir = scratch("noise");
    let start = Instant::now();
    let (code, out, _) = check(&fixture("noise.sh"), &["--walls", "3", "--jobs", "1"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("printed too much output (cut off)"), "{out}");
    assert_eq!(first_line_number(&out), 1, "{out}");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn bad_usage_exits_2() {
    let r = run(&["check", "--solution", "true", "--walls", "0"], b"");
    assert_eq!(r.code, Some(2));
    let r = run(&["check", "--solution", "true", "--family", "nope"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown family `nope`"), "{}", r.stderr);
}

#[test]
fn an_interrupted_check_takes_its_solutions_down() {
    let dir = scratch("interrupt");
    let child = std::process::Command::new(BIN)
        .args([
            "check",
            "--solution",
            &fixture("never_exits.sh"),
            "--walls",
            "4",
            "--timeout",
            "60",
        ])
        .args(["--save-dir", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    // SAFETY: signals our own child process; no memory is touched.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let start = Instant::now();
    let status = child.wait_with_output().unwrap().status;
    assert_eq!(status.code(), Some(130));
    assert!(start.elapsed() < Duration::from_secs(2));
    let left = survivors("sleep 100[34]");
    assert!(left.is_empty(), "left running: {left}");
}

#[test]
fn binary_garbage_is_reported_as_not_text() {
    let dir = scratch("garbage");
    let (code, out, path) = check(
        &fixture("binary_garbage.sh"),
        &["--walls", "3", "--jobs", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("printed output that is not text"), "{out}");
    assert_eq!(first_line_number(&out), 1, "{out}");
    saved_wall(&path.expect("a saved wall"));
}
