//! `mahjong-sim check` against deliberately wrong solutions: each is caught,
//! reported at the right first differing line, and shrunk.

use crate::common;
use common::{run, wait_until};
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
    let found = || {
        let out = std::process::Command::new("pgrep")
            .args(["-af", pattern])
            .output();
        String::from_utf8_lossy(&out.unwrap().stdout).into_owned()
    };
    wait_until(Duration::from_secs(2), || found().is_empty());
    found()
}

/// A save folder that does not exist yet, `name` in a fresh temporary
/// folder; the guard removes it when dropped, even if the test panics.
fn save_dir(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = common::scratch("mahjong-check");
    let dir = tmp.path().join(name);
    (tmp, dir)
}

#[test]
fn our_own_binary_agrees() {
    let (_tmp, dir) = save_dir("agree");
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
    let (_tmp, dir) = save_dir("misprint");
    let (code, out, path) = check(
        &fixture("misprint_chow.sh"),
        &["--walls", "50", "--jobs", "1", "--shrink-seconds", "5"],
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
    // Shrunk by meaning: the table before the discarder's draw, dealt from
    // the start, brings the chow to line 55, the earliest a chow can be
    // (the first draw, its discard, the chow); random swaps from it and
    // from further failing walls find nothing earlier in the time left.
    let (was, now) = shrink_lines(&out);
    assert!(now == 55 && was > 55, "{out}");
    assert!(
        out.contains("; the shrink time (5 s) ran out after "),
        "{out}"
    );
    assert!(out.contains("table before line"), "{out}");
    assert!(
        out.contains(
            "rule at stake: only the next player may chow, when that strictly lowers its distance"
        ),
        "{out}"
    );
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
    let (_tmp, dir) = save_dir("crash");
    let (code, out, path) = check(
        &fixture("crash_on_dealt_reverse.sh"),
        // Generous: the shrink stops at line 1, and on a busy machine 30 s
        // of tries did not reach it (CI, 415 tries).
        &["--walls", "50", "--shrink-seconds", "600"],
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
    let (_tmp, dir) = save_dir("hang");
    let start = Instant::now();
    let (code, out, _) = check(
        &fixture("never_exits.sh"),
        &["--walls", "4", "--jobs", "2", "--timeout", "1"],
        &dir,
    );
    let took = start.elapsed();
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("timed out (over the limit of 1 s a wall, --timeout)"),
        "{out}"
    );
    assert_eq!(first_line_number(&out), 1, "{out}");
    // Already at line 1: nothing to shrink, and the report says why.
    assert!(out.contains("the disagreement is at line 1"), "{out}");
    // Generous on a busy machine, far below the 1001 s its sleeps would take.
    assert!(took < Duration::from_secs(60), "took {took:?}");
    // The background child went with its parent.
    let left = survivors("sleep 100[12]");
    assert!(left.is_empty(), "left running: {left}");
}

#[test]
fn megabytes_of_noise_are_cut_off() {
    let (_tmp, dir) = save_dir("noise");
    let start = Instant::now();
    let (code, out, _) = check(&fixture("noise.sh"), &["--walls", "3", "--jobs", "1"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("printed too much output (cut off)"), "{out}");
    assert_eq!(first_line_number(&out), 1, "{out}");
    // Only a hang fails this: a busy machine takes seconds.
    assert!(start.elapsed() < Duration::from_secs(60));
}

#[test]
fn bad_usage_exits_2() {
    let r = run(&["check", "--solution", "true", "--walls", "0"], b"");
    assert_eq!(r.code, Some(2));
    let r = run(&["check", "--solution", "true", "--family", "nope"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown family `nope`"), "{}", r.stderr);
}

/// Whether `pgrep ARGS` finds a process.
fn pgrep_finds(args: &[&str]) -> bool {
    let out = std::process::Command::new("pgrep").args(args).output();
    !out.unwrap().stdout.is_empty()
}

/// Starts check on `solution` (4 walls, a long time limit).
fn start_check(solution: &str, dir: &Path) -> std::process::Child {
    std::process::Command::new(BIN)
        .args(["check", "--solution", solution, "--walls", "4"])
        .args(["--timeout", "60", "--save-dir", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Starts check on `solution` (as [`start_check`]), waits until
/// `running(check's pid)` says the solutions are where the test wants them
/// (the handler is set before any solution starts: waiting for them rather
/// than a fixed time, which a busy machine can outlast), interrupts it, and
/// returns its exit code, how long it took to go after the signal and its
/// standard error.
fn interrupted_check(
    solution: &str,
    dir: &Path,
    running: impl Fn(&str) -> bool,
) -> (Option<i32>, Duration, String) {
    let child = start_check(solution, dir);
    let pid = child.id().to_string();
    wait_until(Duration::from_secs(20), || running(&pid));
    // SAFETY: signals our own child process; no memory is touched.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let start = Instant::now();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), start.elapsed(), stderr)
}

#[test]
fn an_interrupted_check_takes_its_solutions_down() {
    let (_tmp, dir) = save_dir("interrupt");
    // Sleeps 1003 and 1004, apart from the other test's 1001, 1002.
    let solution = format!("{} 1003", fixture("never_exits.sh"));
    let (code, took, stderr) =
        interrupted_check(&solution, &dir, |_| pgrep_finds(&["-f", "sleep 100[34]"]));
    assert_eq!(code, Some(130));
    // It says how far it got.
    assert!(
        stderr.contains("interrupted: 0 of 4 walls checked; every solution stopped"),
        "{stderr}"
    );
    // Far below the 1003 s its solutions would sleep.
    assert!(took < Duration::from_secs(60), "took {took:?}");
    let left = survivors("sleep 100[34]");
    assert!(left.is_empty(), "left running: {left}");
}

#[test]
fn binary_garbage_is_reported_as_not_text() {
    let (_tmp, dir) = save_dir("garbage");
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

#[test]
fn a_bad_save_dir_is_refused_before_anything_runs() {
    let (_tmp, dir) = save_dir("savefile");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    // The solution leaves a mark when it runs (outside any sandbox, so that
    // it could): no mark, nothing ran, whatever the machine's speed.
    let mark = dir.join("ran");
    let solution = format!("touch {}", mark.display());
    for bad in [file.clone(), file.join("below")] {
        let r = run(
            &[
                "check",
                "--solution",
                &solution,
                "--sandbox",
                "off",
                "--walls",
                "100",
                "--save-dir",
                bad.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains("--save-dir"), "{}", r.stderr);
        assert!(r.stdout.is_empty());
        assert!(!mark.exists(), "the solution ran before the refusal");
    }
}

#[test]
fn a_wall_that_cannot_be_saved_still_gets_its_report() {
    let (_tmp, dir) = save_dir("savelater");
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("later");
    // The solution itself puts a file where the folder was to be (outside
    // the sandbox: inside, it could not write there).
    let solution = format!(
        "touch {}; sh {}/tests/fixtures/misprint_chow.sh {BIN}",
        target.display(),
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, out, _) = check(
        &solution,
        &[
            "--walls",
            "20",
            "--shrink-seconds",
            "2",
            "--jobs",
            "1",
            "--sandbox",
            "off",
        ],
        &target,
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("wall: NOT SAVED"), "{out}");
    assert!(out.contains("first differing line:"), "{out}");
    // The wall itself is in the report.
    let tail: String = out.lines().rev().take(148).collect::<Vec<_>>().join("\n");
    mahjong_sim::thupc2021::wall::parse_wall(tail.as_bytes()).expect("the wall follows");
}

#[test]
fn the_report_shows_the_end_of_stderr_and_the_exit_status() {
    let (_tmp, dir) = save_dir("stderr");
    let (code, out, _) = check(
        &fixture("crash_with_message.sh"),
        &["--walls", "3", "--jobs", "1", "--shrink-seconds", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    // A segfault is named, though the shell in between says 139.
    assert!(
        out.contains(
            "how it ended: killed by signal 11 (SIGSEGV) (exit status 139 from the shell)"
        ),
        "{out}"
    );
    assert!(
        out.contains("the solution was killed by signal 11 (SIGSEGV)"),
        "{out}"
    );
    assert!(
        out.contains("  | Segmentation fault (core dumped): at line 61"),
        "{out}"
    );
    assert!(out.contains("  | debug line 199"), "{out}");
    assert!(!out.contains("  | debug line 0\n"), "{out}");
}

#[test]
fn a_command_that_does_not_exist_is_a_usage_error() {
    let r = run(
        &[
            "check",
            "--solution",
            "no-such-solution-4711",
            "--walls",
            "5",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("command not found"), "{}", r.stderr);
    assert!(r.stderr.contains("no-such-solution-4711"), "{}", r.stderr);
}

#[test]
fn processes_that_leave_the_group_are_killed_and_reported() {
    // Without the sandbox (whose PID namespace ends them with the run):
    // the process-group containment it falls back to.
    let (_tmp, dir) = save_dir("setsid");
    // One holds the output open, one is quiet: both go, and are reported.
    // Each solution waits until its sleeper has left the group (a file it
    // writes after `setsid`): on a loaded machine the run could otherwise
    // end, and its group be killed, before the sleeper left it.
    let leaves_group = |holds: &str| {
        format!(
            "f=$(mktemp -u); setsid sh -c \"touch $f; exec sleep {holds}\" & \
             while [ ! -e $f ]; do sleep 0.01; done; rm -f $f; exec {BIN} simulate"
        )
    };
    for (solution, marker) in [
        (leaves_group("1006"), "sleep 1006"),
        (
            leaves_group("1007 >/dev/null 2>&1 </dev/null"),
            "sleep 1007",
        ),
    ] {
        let args = ["--walls", "6", "--jobs", "2", "--sandbox", "off"];
        let (code, out, _) = check(&solution, &args, &dir);
        assert_eq!(code, Some(0), "{out}");
        assert!(out.starts_with("all 6 walls agree"), "{out}");
        assert!(
            out.contains("running outside its process group") && out.contains("check killed them"),
            "{out}"
        );
        let left = survivors(marker);
        assert!(left.is_empty(), "left running: {left}");
    }
}

#[test]
fn a_correct_log_then_a_bad_ending_is_said_plainly() {
    let (_tmp, dir) = save_dir("goodlog");
    for (solution, says, extra) in [
        (
            format!("{BIN} simulate; exit 1"),
            "printed the correct log, then exit status 1",
            &[][..],
        ),
        (
            format!("{BIN} simulate; echo junk"),
            "printed the correct log, then printed more: `junk`",
            &[][..],
        ),
        (
            format!("{BIN} simulate; sleep 1005"),
            "printed the correct log, then timed out",
            &["--timeout", "1"][..],
        ),
    ] {
        let mut args = vec!["--walls", "3", "--jobs", "1"];
        args.extend_from_slice(extra);
        let start = Instant::now();
        let (code, out, _) = check(&solution, &args, &dir);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(says), "{out}");
        assert!(out.contains("not shrunk: the log is right"), "{out}");
        assert!(!out.contains("expected:"), "{out}");
        // Far below the 1005 s the solution would sleep.
        assert!(start.elapsed() < Duration::from_secs(60), "{out}");
    }
}

#[test]
fn invisible_differences_are_escaped_with_their_column() {
    let (_tmp, dir) = save_dir("invisible");
    let (code, out, _) = check(
        &fixture("bom_first_line.sh"),
        &["--walls", "2", "--jobs", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("  actual:   \\u{feff}A IN "), "{out}");
    assert!(out.contains("first difference at column 1"), "{out}");
    let (code, out, _) = check(
        &fixture("nbsp_in_discards.sh"),
        &["--walls", "2", "--jobs", "1", "--shrink-seconds", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("\\u{a0}OUT "), "{out}");
    assert!(out.contains("first difference at column 2"), "{out}");
}

#[test]
fn report_paths_are_shell_quoted_and_name_the_running_binary() {
    let (_tmp, dir) = save_dir("it's quoted");
    let (code, out, path) = check(
        &fixture("misprint_chow.sh"),
        &["--walls", "20", "--shrink-seconds", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    let path = path.unwrap();
    let quoted = format!("'{}'", path.replace('\'', "'\\''"));
    assert!(out.contains(&format!("< {quoted}\n")), "{out}");
    assert!(
        out.contains(&format!("explain:   {BIN} explain {quoted}\n")),
        "{out}"
    );
    // The hint works as printed.
    let line = out.lines().find(|l| l.starts_with("explain:")).unwrap();
    let r = std::process::Command::new("sh")
        .args(["-c", line.trim_start_matches("explain:").trim()])
        .output()
        .unwrap();
    assert!(r.status.success());
}

#[test]
fn keep_going_counts_and_groups_the_disagreements() {
    let (_tmp, dir) = save_dir("keepgoing");
    let (code, out, _) = check(
        &fixture("two_misprints.sh"),
        &["--walls", "40", "--keep-going", "--shrink-seconds", "2"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    let head = out.lines().next().unwrap();
    assert!(
        head.contains(" of 40 walls disagree (family uniform, seed 1), in 2 groups"),
        "{out}"
    );
    assert!(
        out.contains(
            "a line that is not a log event (`CHI`) where CHOW was expected (only the next player may chow"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "a line that is not a log event (`PENG`) where PONG was expected (a player other than the discarder"
        ),
        "{out}"
    );
    assert_eq!(out.matches("DISAGREEMENT on wall").count(), 2, "{out}");
    // Every wall was run: the counts add up to the disagreeing walls.
    let n: usize = head.split(' ').next().unwrap().parse().unwrap();
    let summed: usize = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("group "))
        .filter_map(|l| {
            l.split(": ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum();
    assert_eq!(n, summed, "{out}");
}

#[test]
fn walls_dir_and_json_report() {
    let (_tmp, dir) = save_dir("wallsdir");
    let walls = dir.join("walls");
    std::fs::create_dir_all(&dir).unwrap();
    let r = run(
        &["gen", "--count", "6", "--out", walls.to_str().unwrap()],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let (code, out, _) = check(
        &format!("{BIN} simulate"),
        &["--walls-dir", walls.to_str().unwrap()],
        &dir,
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with(&format!(
            "all 6 walls agree (walls from `{}`)",
            walls.display()
        )),
        "{out}"
    );
    let (code, out, _) = check(
        &fixture("misprint_chow.sh"),
        &[
            "--walls-dir",
            walls.to_str().unwrap(),
            "--json",
            "--shrink-seconds",
            "2",
        ],
        &dir.join("saved"),
    );
    assert_eq!(code, Some(1), "{out}");
    let v = common::schemas::report(common::schemas::THUPC2021_CHECK_REPORT, out.as_bytes());
    assert_eq!(v["agree"], false);
    let f = &v["failures"][0];
    assert!(
        f["wall_name"].as_str().unwrap().starts_with("uniform-1-"),
        "{v}"
    );
    assert!(
        f["rule"]
            .as_str()
            .unwrap()
            .starts_with("only the next player may chow"),
        "{v}"
    );
    assert!(f["actual"].as_str().unwrap().contains(" CHI "), "{v}");
    let saved = f["saved"].as_str().unwrap();
    assert!(saved.ends_with("-shrunk.in"), "{v}");
    saved_wall(saved);
    // A file that is no wall is named.
    std::fs::write(walls.join("uniform-1-9.in"), "1M\n").unwrap();
    let r = run(
        &[
            "check",
            "--solution",
            &format!("{BIN} simulate"),
            "--walls-dir",
            walls.to_str().unwrap(),
            "--save-dir",
            dir.join("unused").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(2), "{}", String::from_utf8_lossy(&r.stdout));
    assert!(
        r.stderr.contains("uniform-1-9.in`: wall has 1 tiles"),
        "{}",
        r.stderr
    );
}

#[test]
fn walls_are_made_as_the_runs_ask_for_them() {
    // A billion walls up front would take hours and far too much memory:
    // the first wall fails at once, so the check ends at once.
    let (_tmp, dir) = save_dir("lazy");
    let start = Instant::now();
    let (code, out, _) = check("exit 3", &["--walls", "1000000000", "--jobs", "1"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("crashed with exit code 3"), "{out}");
    // A billion walls made up front would take hours.
    assert!(start.elapsed() < Duration::from_secs(60));
}

/// An interrupted check also takes down what left its solutions' process
/// groups, and everything below that: here an escapee (in a session of its
/// own, already handed to check when its parent exited) with a child of its
/// own.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn an_interrupted_check_takes_escapees_and_their_children_down() {
    let (_tmp, dir) = save_dir("interrupt-escapee");
    let solution = "(setsid sh -c 'sleep 1008 & exec sleep 1010' &); exec sleep 1009";
    // Interrupted once an escapee is check's own child (its parent has
    // exited) and has started its own.
    let (code, _, _) = interrupted_check(solution, &dir, |pid| {
        pgrep_finds(&["-P", pid, "-f", "^sleep 1010"]) && pgrep_finds(&["-f", "^sleep 1008"])
    });
    assert_eq!(code, Some(130));
    let left = survivors("^sleep 10(0[89]|10)");
    assert!(left.is_empty(), "left running: {left}");
}

/// An interrupted check takes down its own solutions only: another check
/// running at the same time (its solutions carry run marks too) goes on.
#[test]
fn an_interrupted_check_leaves_another_checks_solutions_alone() {
    let (_tmp, dir) = save_dir("interrupt-other");
    let other_dir = dir.with_file_name("other");
    let mut other = start_check(&format!("{} 1014", fixture("never_exits.sh")), &other_dir);
    let other_runs = || pgrep_finds(&["-f", "^sleep 101[45]"]);
    wait_until(Duration::from_secs(20), other_runs);
    let solution = format!("{} 1012", fixture("never_exits.sh"));
    let (code, _, _) =
        interrupted_check(&solution, &dir, |_| pgrep_finds(&["-f", "^sleep 101[23]"]));
    assert_eq!(code, Some(130));
    let still = other_runs();
    let _ = other.kill();
    let _ = other.wait();
    let _ = std::process::Command::new("pkill")
        .args(["-f", "^sleep 101[45]"])
        .status();
    assert!(still, "the other check's solutions were killed too");
    let left = survivors("^sleep 101[23]");
    assert!(left.is_empty(), "left running: {left}");
}

/// How a run's end is said: a signal by its number and name (also when a
/// shell between says 128 + n), an exit status as it is (0 too), a kill by
/// the checker; a crash in a report alike.
#[test]
fn a_runs_end_is_said_plainly() {
    use mahjong_sim::contest::check::{status_text, Kind};
    assert_eq!(
        Kind::Crash(-11).to_string(),
        "was killed by signal 11 (SIGSEGV)"
    );
    assert_eq!(Kind::Crash(3).to_string(), "crashed with exit code 3");
    assert_eq!(status_text(Some(-11)), "killed by signal 11 (SIGSEGV)");
    assert_eq!(
        status_text(Some(134)),
        "killed by signal 6 (SIGABRT) (exit status 134 from the shell)"
    );
    assert_eq!(status_text(Some(-40)), "killed by signal 40");
    assert_eq!(status_text(Some(128)), "exit status 128");
    assert_eq!(status_text(Some(0)), "exit status 0");
    assert_eq!(status_text(Some(3)), "exit status 3");
    assert_eq!(status_text(None), "killed by the checker");
}

/// A disagreement at line 54, the first play, gets no try by meaning (the
/// only draw before it is the first, whose table its wall deals already):
/// only the 400 random swaps, none earlier.
#[test]
fn a_disagreement_at_the_first_play_is_not_rebased() {
    let (_tmp, dir) = save_dir("line54");
    let solution = format!("{BIN} simulate | sed '54s/^/x/'");
    let args = ["--walls", "1", "--jobs", "1", "--shrink-seconds", "60"];
    let (code, out, _) = check(&solution, &args, &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(
            "shrunk in 400 runs, first difference at line 54 (was 54); \
             no earlier disagreement found in 400 tries from 1 wall"
        ),
        "{out}"
    );
}

/// Without `--keep-going` there is one report, even when several runs at
/// once disagree in different ways (walls 0 and 1 of seed 1: a CHI and a
/// PENG, run side by side with 2 jobs).
#[test]
fn one_report_without_keep_going_even_with_two_jobs() {
    let (_tmp, dir) = save_dir("two-jobs");
    let (code, out, _) = check(
        &fixture("two_misprints.sh"),
        &["--walls", "40", "--jobs", "2", "--shrink-seconds", "1"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out.matches("DISAGREEMENT on").count(), 1, "{out}");
    assert_eq!(out.matches("\nreproduce: ").count(), 1, "{out}");
}

/// A saved wall is never overwritten: the same wall again is kept as it
/// is; another one in its place is refused, said, and the wall printed
/// below the report (as `gen --out` and `simulate --out` refuse too).
#[test]
fn saved_walls_are_never_overwritten() {
    let (_tmp, dir) = save_dir("twice");
    // No shrinking: the saved wall is the first failing one, every time.
    let args = ["--walls", "5", "--jobs", "1", "--shrink-seconds", "0"];
    let (code, out, path) = check(&fixture("misprint_chow.sh"), &args, &dir);
    assert_eq!(code, Some(1), "{out}");
    let path = path.expect("saved");
    let first = std::fs::read_to_string(&path).unwrap();
    let (_, again, path2) = check(&fixture("misprint_chow.sh"), &args, &dir);
    assert_eq!(path2.as_deref(), Some(path.as_str()), "{again}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    // Another wall in its place.
    let other = first.replacen("\n", "\n\n", 1);
    std::fs::write(&path, &other).unwrap();
    let (code, out, shown) = check(&fixture("misprint_chow.sh"), &args, &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        shown.as_deref().unwrap_or("").starts_with(&format!(
            "NOT SAVED (`{path}` already holds another wall and check never overwrites one"
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), other);
    let tail: String = out.lines().rev().take(148).collect::<Vec<_>>().join("\n");
    mahjong_sim::thupc2021::wall::parse_wall(tail.as_bytes()).expect("the wall follows");
}

/// Output without the 52 deal lines is recognised as the log shifted, on
/// every wall; a rules bug behind the shift (here a CHOW misprinted) is
/// still found, at its line of the log.
#[test]
fn output_shifted_by_the_deal_is_recognised_and_checked_past() {
    let (_tmp, dir) = save_dir("shifted");
    let hint = "your line 1 is expected line 53: the 52 deal lines are missing";
    let no_deal = format!("{BIN} simulate | tail -n +53");
    let (code, out, _) = check(&no_deal, &["--walls", "20", "--keep-going"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with("20 of 20 walls disagree (family uniform, seed 1), in 1 group"),
        "{out}"
    );
    assert!(
        out.contains("first wall 0: the output is shifted: the 52 deal lines are missing\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("its output is shifted: {hint}; the rest agrees\n")),
        "{out}"
    );
    // No column: the lines set side by side differ throughout.
    assert!(!out.contains("first difference at column"), "{out}");
    // The first wall with a chow is found behind the shift.
    let (code, out, _) = check(
        &format!("{no_deal} | sed 's/ CHOW / CHI /'"),
        &["--walls", "20", "--shrink-seconds", "2"],
        &dir.join("behind"),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(&format!(
            "its output is shifted: {hint}; past it the lines are compared shifted\n"
        )),
        "{out}"
    );
    assert!(
        out.contains("kind: a line that is not a log event (`CHI`) where CHOW was expected"),
        "{out}"
    );
    let line = first_line_number(&out.replace(" (your line", "\n(your line"));
    assert!(
        out.contains(&format!(
            "first differing line: {line} (your line {})",
            line - 52
        )),
        "{out}"
    );
    assert!(out.contains("the output is only shifted ("), "{out}");
}

/// Output of nothing at all is said as such, not as different output.
#[test]
fn empty_output_is_printed_nothing() {
    let (_tmp, dir) = save_dir("empty");
    let (code, out, _) = check("true", &["--walls", "3"], &dir);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with("DISAGREEMENT on wall 0 (family uniform, seed 1): the solution printed nothing\nkind: printed nothing\n"),
        "{out}"
    );
    assert!(!out.contains("different output"), "{out}");
    // Before line 1 the table is said in words, not as empty rows.
    assert!(
        out.contains("table before line 1: before the deal, no player holds a tile; 148 tile(s) in the wall\n"),
        "{out}"
    );
    assert!(!out.contains("melds: -  | distance -"), "{out}");
}

/// With `--keep-going`, a solution failing at line 1 on the first walls
/// stops the run (said, with how to go on); `--line-1-stop 0` runs all.
#[test]
fn keep_going_stops_when_the_first_walls_all_fail_at_line_1() {
    let (_tmp, dir) = save_dir("line1");
    let (code, out, _) = check(
        "exit 3",
        &["--walls", "200", "--keep-going", "--line-1-stop", "10"],
        &dir,
    );
    assert_eq!(code, Some(1), "{out}");
    let n: usize = out.split(' ').next().unwrap().parse().unwrap();
    assert!((10..200).contains(&n), "{out}");
    assert!(
        out.contains(&format!(
            "stopped early: the first {n} walls all disagree at line 1 (--line-1-stop 0 runs them all)"
        )),
        "{out}"
    );
    let (_, out, _) = check(
        "exit 3",
        &["--walls", "30", "--keep-going", "--line-1-stop", "0"],
        &dir,
    );
    assert!(out.starts_with("30 of 30 walls disagree"), "{out}");
    assert!(!out.contains("stopped early"), "{out}");
}

/// `--walls-dir` takes the `.ans` file beside a wall as its expected log
/// and says whether the engine agrees with the answers.
#[test]
fn walls_dir_uses_answer_files() {
    let (_tmp, dir) = save_dir("answers");
    let walls = dir.join("walls");
    std::fs::create_dir_all(&dir).unwrap();
    gen_walls(&walls, 12);
    let r = run(
        &[
            "simulate",
            "--out",
            walls.to_str().unwrap(),
            walls.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let (code, out, _) = check(
        &format!("{BIN} simulate"),
        &["--walls-dir", walls.to_str().unwrap()],
        &dir,
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("expected logs: the `.ans` file beside each wall (12 walls); the engine agrees with all 12\n"),
        "{out}"
    );
    // An answer that is not the engine's: the solution (the engine) now
    // disagrees with it, and the engine's disagreement is said.
    let ans = walls.join("uniform-1-03.ans");
    let text = std::fs::read_to_string(&ans).unwrap();
    std::fs::write(
        &ans,
        text.replacen(" IN ", " IN  X", 1).replacen("  X", " 9Z", 1),
    )
    .unwrap();
    let (code, out, _) = check(
        &format!("{BIN} simulate"),
        &[
            "--walls-dir",
            walls.to_str().unwrap(),
            "--shrink-seconds",
            "0",
        ],
        &dir.join("saved"),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with("DISAGREEMENT on wall `uniform-1-03`"),
        "{out}"
    );
    assert!(
        out.contains("the engine disagrees with 1 of them: `uniform-1-03.ans` at line 1\n"),
        "{out}"
    );
}

/// The walls of a failing check are saved under the names `gen --out`
/// gives the same walls (`uniform-1-03`, numbered from 0, as wide as the
/// count needs).
#[test]
fn saved_walls_are_named_as_gen_names_them() {
    let (_tmp, dir) = save_dir("names");
    std::fs::create_dir_all(&dir).unwrap();
    let walls = dir.join("walls");
    let gen_names = gen_walls(&walls, 12);
    assert_eq!(gen_names[3], "uniform-1-03");
    let (_, out, path) = check(
        &fixture("misprint_chow.sh"),
        &["--walls", "12", "--shrink-seconds", "0", "--jobs", "1"],
        &dir.join("gen-names"),
    );
    let stem = Path::new(&path.expect(&out))
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let name = stem.strip_suffix("-shrunk").unwrap();
    assert!(
        gen_names.iter().any(|g| g == name),
        "{name} not in {gen_names:?}"
    );
}

/// Writes `count` walls into `dir` with `gen --out`; their names, without
/// `.in`.
fn gen_walls(dir: &Path, count: usize) -> Vec<String> {
    let count = count.to_string();
    let r = run(
        &["gen", "--count", &count, "--out", dir.to_str().unwrap()],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let stem = |p: &str| {
        Path::new(p)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    String::from_utf8(r.stdout)
        .unwrap()
        .lines()
        .map(stem)
        .collect()
}
