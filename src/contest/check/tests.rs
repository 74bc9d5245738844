//! The check's unit tests: shrinking, symptoms, shifts, walls folders and
//! reports.

use super::group::symptom;
use super::report::failure_text;
use super::shrink::{rebased, shrink};
use super::*;
use crate::process::{Run, SandboxMode};
use crate::rng::Rng;
use crate::thupc2021::event::{log_string, Event};
use crate::thupc2021::families::{uniform_wall, Family};
use crate::thupc2021::game::play;
use crate::thupc2021::wall::{counts, DEAL};
use crate::tile::Tile;
use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

/// Each rebased wall deals 13 tiles to each player, then has the
/// drawn tile (after a REVERSE, for a table where play goes the other
/// way) and, after it, the rest of the original wall in its order
/// (every draw takes the wall's next tile): one wall for a draw after
/// the deal (two when play goes the other way), the latest draw first.
#[test]
fn rebased_walls_put_a_draw_right_after_the_deal() {
    let mut reversed = 0;
    for seed in 1..=20 {
        let wall = uniform_wall(&mut Rng::new(seed));
        let tiles = wall.tiles();
        let events = play(&wall);
        let walls = rebased(&wall, events.len());
        assert!(!walls.is_empty(), "seed {seed}");
        let mut last = tiles.len();
        for (r, by_reverse) in &walls {
            let r = r.tiles();
            assert_eq!(counts(r), counts(tiles));
            // The draw it is for: the one whose tile and rest match,
            // right after the deal or after the first REVERSE.
            let at = if *by_reverse {
                assert_eq!(r[DEAL], Tile::REVERSE);
                reversed += 1;
                DEAL + 1
            } else {
                DEAL
            };
            let i = (DEAL..last)
                .rev()
                .find(|&i| {
                    r[at] == tiles[i] && r[at + 1..][..tiles.len() - i - 1] == tiles[i + 1..]
                })
                .unwrap_or_else(|| panic!("seed {seed}: no draw before wall index {last} matches"));
            // The reversed one first, then the plain one, for a draw.
            last = if *by_reverse { i + 1 } else { i };
        }
    }
    assert!(reversed > 0, "no table where play goes the other way");
}

/// Symptoms are said in the log's own words: `IN` is a tile drawn,
/// `DRAW` the wall running out (no internal names such as
/// `exhausted_wall`); an event the solution adds is extra, one it
/// leaves out (printing a lower one in the order the game weighs
/// them) missing.
#[test]
fn symptoms_are_said_in_the_logs_words() {
    use crate::thupc2021::event::Player;
    let (a, b) = (Player::A, Player::ALL[1]);
    let tile = |t: &str| -> Tile { t.parse().unwrap() };
    let draw = Event::Draw {
        player: b,
        tile: tile("1M"),
    };
    let pong = Event::Pong {
        player: b,
        tile: tile("1M"),
    };
    let out = Event::Discard {
        player: a,
        tile: tile("1M"),
    };
    let cases = [
        (&draw, Some("B IN 2M"), "a different tile drawn (IN)"),
        (&draw, Some("C RON"), "an extra RON"),
        (&draw, Some("B CHOW 1M 2M 3M"), "an extra CHOW"),
        (&pong, Some("B IN 2M"), "a missing PONG"),
        (
            &pong,
            Some("B CHI 1M 2M 3M"),
            "a line that is not a log event (`CHI`) where PONG was expected",
        ),
        (
            &pong,
            Some("xB PONG"),
            "a line that is not a log event (`xB`) where PONG was expected",
        ),
        (&out, Some("A OUT 2M"), "a different discard (OUT)"),
        (&out, Some("A SELFDRAWN"), "an extra SELFDRAWN"),
        (
            &draw,
            None,
            "the output stops where IN (a tile drawn) was expected",
        ),
        (
            &Event::ExhaustedWall,
            Some("A IN 2M"),
            "IN (a tile drawn) where DRAW (the wall ran out) was expected",
        ),
    ];
    for (expected, actual, want) in cases {
        assert_eq!(symptom(expected, actual), want, "{expected} / {actual:?}");
    }
}

/// A shift is found from the first line with a few lines agreeing,
/// later only when the whole rest agrees; past it the comparison goes
/// on, shifted.
#[test]
fn shifts_are_found_and_named() {
    let wall = uniform_wall(&mut Rng::new(3));
    let log = log_string(&play(&wall));
    let run = |out: String| Run {
        stdout: out.into_bytes(),
        code: Some(0),
        ..Run::default()
    };
    let lines: Vec<&str> = log.lines().collect();
    let no_deal = lines[52..].join("\n");
    let d = judge(&log, &run(no_deal)).unwrap();
    let shift = d.shift.unwrap();
    assert_eq!(
        (shift.yours, shift.expected, shift.rest_agrees),
        (1, 53, true)
    );
    assert_eq!(
        shift.text(),
        "your line 1 is expected line 53: the 52 deal lines are missing"
    );
    assert_eq!(d.line, 1);
    // An extra first line; a line changed past it is the difference.
    let mut more: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    more.insert(0, "hello".into());
    more[60] = "A RON".into();
    let d = judge(&log, &run(more.join("\n"))).unwrap();
    let shift = d.shift.unwrap();
    assert_eq!(
        (shift.yours, shift.expected, shift.rest_agrees),
        (2, 1, false)
    );
    assert_eq!(
        shift.text(),
        "your line 2 is expected line 1: your line 1 is extra"
    );
    assert_eq!((d.line, d.actual.as_deref()), (60, Some("A RON")));
    // The deal missing, a wrong line right after the first draw: the
    // shift is still said.
    let mut early: Vec<&str> = lines[52..].to_vec();
    early[1] = "A RON";
    let d = judge(&log, &run(early.join("\n"))).unwrap();
    assert_eq!(d.shift.map(|s| (s.yours, s.expected)), Some((1, 53)));
    assert_eq!((d.line, d.actual.as_deref()), (54, Some("A RON")));
    // The deal missing, its first line the same as the first draw's
    // by chance: still a shift from line 1.
    let mut want: Vec<String> = (0..80).map(|n| format!("line {n}")).collect();
    want[52] = want[0].clone();
    let mut got = want[52..].to_vec();
    got[5] = "A RON".into();
    let d = judge(&want.join("\n"), &run(got.join("\n"))).unwrap();
    assert_eq!(d.shift.map(|s| (s.yours, s.expected)), Some((1, 53)));
    assert_eq!((d.line, d.actual.as_deref()), (58, Some("A RON")));
    // One line changed, the rest in place: no shift.
    let mut one: Vec<&str> = lines.clone();
    one[70] = "A RON";
    assert_eq!(judge(&log, &run(one.join("\n"))).unwrap().shift, None);
}

/// Options to shrink for `solution` (one wall, 20 s to shrink).
fn options(solution: &str) -> Options {
    Options {
        solution: solution.into(),
        walls: 1,
        family: Family::Uniform,
        seed: 1,
        jobs: 1,
        timeout: Duration::from_secs(20),
        output_limit: 1 << 20,
        shrink_time: Duration::from_secs(20),
        save_dir: std::env::temp_dir(),
        program: "mahjong-sim".into(),
        keep_going: false,
        walls_dir: None,
        line_1_stop: 20,
        sandbox: SandboxMode::Auto,
        memory_mib: Some(1024),
        grants: Default::default(),
    }
}

/// A disagreement of `kind` at line 80.
fn at_line_80(kind: Kind) -> Disagreement {
    Disagreement {
        kind,
        line: 80,
        expected: None,
        actual: None,
        log_correct: false,
        code: None,
        stderr: String::new(),
        shift: None,
    }
}

/// Time-outs and held pipes are not shrunk: every try would wait for
/// the time-out. (The solution here would disagree at once: a try would
/// be kept.)
#[test]
fn time_outs_and_held_pipes_are_not_shrunk() {
    // Runs programs: in turn with the process runner's tests.
    let _alone = crate::process::tests::alone();
    let o = options("exit 3");
    for kind in [Kind::Timeout, Kind::PipeHeld] {
        let wall = uniform_wall(&mut Rng::new(1));
        let d = at_line_80(kind.clone());
        let s = shrink(&o, [(wall, d)].into_iter(), &AtomicUsize::new(0)).unwrap();
        assert_eq!((s.d.kind, s.d.line, s.runs), (kind, 80, 0));
        let why = "not shrunk: every try would wait for the time-out";
        assert_eq!(s.end, ShrinkEnd::NotShrunk(why.into()));
    }
}

/// Shrinking stops at line 1: a solution that crashes at once is
/// brought there by the first try (by meaning), and no random swap
/// follows.
#[test]
fn shrinking_stops_at_line_1() {
    // Runs programs: in turn with the process runner's tests.
    let _alone = crate::process::tests::alone();
    let wall = uniform_wall(&mut Rng::new(1));
    let d = at_line_80(Kind::Crash(3));
    let s = shrink(
        &options("exit 3"),
        [(wall, d)].into_iter(),
        &AtomicUsize::new(0),
    )
    .unwrap();
    assert_eq!((s.d.line, s.runs), (1, 1));
    assert_eq!(s.end, ShrinkEnd::AtLine1);
}

/// `--walls-dir`'s files: regular files only, hidden ones left out,
/// sorted by name; only the `.in` ones when there are any (walls beside
/// their answers); an error when none is left.
#[test]
fn a_walls_folder_gives_its_visible_files_or_its_in_files_sorted() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let names = |files: Vec<PathBuf>| -> Vec<String> {
        let name = |p: &PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
        files.iter().map(name).collect()
    };
    std::fs::create_dir(dir.join("sub")).unwrap();
    for f in ["b", "a", ".hidden"] {
        std::fs::write(dir.join(f), "").unwrap();
    }
    assert_eq!(names(wall_files(dir).unwrap()), ["a", "b"]);
    std::fs::write(dir.join("1.in"), "").unwrap();
    assert_eq!(names(wall_files(dir).unwrap()), ["1.in"]);
    for f in ["2.in", "1.ans", ".3.in"] {
        std::fs::write(dir.join(f), "").unwrap();
    }
    assert_eq!(names(wall_files(dir).unwrap()), ["1.in", "2.in"]);
    let empty = dir.join("sub");
    std::fs::write(empty.join(".only-hidden"), "").unwrap();
    let err = wall_files(&empty).unwrap_err().to_string();
    assert!(err.contains("holds no wall files"), "{err}");
    assert!(wall_files(&dir.join("missing")).is_err());
}

/// The report of a check where all agreed gives the rate: walls over
/// seconds.
#[test]
fn an_agreeing_report_gives_walls_a_second() {
    let r = Report {
        checked: 10,
        elapsed: Duration::from_secs(2),
        disagreeing: 0,
        failures: Vec::new(),
        escaped: 0,
        shifted_only: None,
        stopped_at_line_1: None,
        answers: Answers::default(),
    };
    let text = report_text(&options("true"), &r);
    let want = "all 10 walls agree (family uniform, seed 1): 5 walls/s with 1 job\n";
    assert_eq!(text, want);
}

/// A failure's report says how it was shrunk, unless nothing was run
/// and the log was right (only the note then): a time-out not shrunk
/// still gives its line, and a shrunk disagreement whose log was right
/// gives its runs.
#[test]
fn a_failure_says_how_it_was_shrunk_unless_nothing_was_run_on_a_right_log() {
    let failure = |runs: usize, log_correct: bool| {
        let mut original = at_line_80(Kind::Timeout);
        original.log_correct = log_correct;
        Failure {
            index: 0,
            group: String::new(),
            walls: 1,
            disagreement: original.clone(),
            original,
            wall: uniform_wall(&mut Rng::new(1)),
            shrink_runs: runs,
            shrink_from: 1,
            shrink_end: ShrinkEnd::NotShrunk("NOTE".into()),
            path: Err("not saved".into()),
            replay: None,
        }
    };
    let text = |f: Failure| {
        let mut s = String::new();
        failure_text(&mut s, &options("true"), &f);
        s
    };
    let shrunk = |runs| {
        format!(
            "\nshrunk in {}, first difference at line 80 (was 80); NOTE\n",
            crate::contest::count(runs, "run")
        )
    };
    assert!(text(failure(0, false)).contains(&shrunk(0)));
    assert!(text(failure(3, true)).contains(&shrunk(3)));
    let only_note = text(failure(0, true));
    assert!(
        only_note.contains("\nNOTE\n") && !only_note.contains("shrunk in"),
        "{only_note}"
    );
}
