//! `check` end to end against real contest solutions, compiled from
//! `../shared/anchors/thupc2021/` (never copied here): two correct ones must
//! agree on walls of every family, and lzfabc's bug (it pongs its own
//! discard) must be found in the `quads` family and shrunk to the first
//! reaction of the game. Skipped, saying so, without the folder or `g++`.
//!
//! `MAHJONG_ANCHOR_WALLS` sets the walls per family for the agreement test
//! (20 by default, to keep CI quick; the figure is 2000).

mod common;
use common::{run, skip};
use std::path::PathBuf;
use tempfile::TempDir;

/// A fresh folder holding the anchors `names` compiled, or `None` (and a
/// printed reason) when they cannot be built here. The folder goes when the
/// returned guard is dropped, even if the test panics.
fn anchors(names: &[&str]) -> Option<TempDir> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/anchors/thupc2021");
    if !src.is_dir() {
        skip(&format!(
            "{} is absent: no end-to-end test with real solutions",
            src.display()
        ));
        return None;
    }
    if std::process::Command::new("g++")
        .arg("--version")
        .output()
        .is_err()
    {
        skip("g++ is missing: no end-to-end test with real solutions");
        return None;
    }
    let out = common::scratch("mahjong-anchors");
    for name in names {
        let status = std::process::Command::new("g++")
            .args(["-O2", "-o"])
            .arg(out.path().join(name))
            .arg(src.join(format!("{name}.cpp")))
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "g++ failed on {name}.cpp");
    }
    Some(out)
}

fn check(solution: &str, extra: &[&str], save: &str) -> (Option<i32>, String) {
    let tmp = common::scratch("mahjong-anchor-check");
    // A folder that does not exist yet: `check` makes it for a failing wall.
    let dir = tmp.path().join(save);
    let mut args = vec![
        "check",
        "--solution",
        solution,
        "--save-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run(&args, b"");
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    (r.code, String::from_utf8(r.stdout).unwrap())
}

#[test]
fn esc_and_the_writeup_agree_on_every_family() {
    let Some(tmp) = anchors(&["esc", "luogu-writeup"]) else {
        return;
    };
    let dir = tmp.path();
    let walls = std::env::var("MAHJONG_ANCHOR_WALLS").unwrap_or_else(|_| "20".into());
    for name in ["esc", "luogu-writeup"] {
        for family in mahjong_sim::thupc2021::families::Family::ALL {
            let solution = dir.join(name);
            let (code, out) = check(
                solution.to_str().unwrap(),
                &[
                    "--walls",
                    &walls,
                    "--family",
                    family.name(),
                    "--seed",
                    "2021",
                ],
                name,
            );
            assert_eq!(code, Some(0), "{name} on {}: {out}", family.name());
            assert!(
                out.starts_with(&format!(
                    "all {walls} walls agree (family {}",
                    family.name()
                )),
                "{out}"
            );
        }
    }
}

/// The line and the line before shrinking, from the report.
fn shrink_lines(out: &str) -> (usize, usize) {
    let l = out
        .lines()
        .find(|l| l.starts_with("shrunk in "))
        .expect("a shrink line");
    let num = |after: &str| -> usize {
        l.split(after)
            .nth(1)
            .unwrap()
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    (num("(was "), num("first difference at line "))
}

#[test]
fn lzfabc_pongs_its_own_discard_and_it_is_shrunk_to_the_first_reaction() {
    let Some(tmp) = anchors(&["lzfabc"]) else {
        return;
    };
    let dir = tmp.path();
    let solution = dir.join("lzfabc");
    // Seed 2: the first wall it fails on shows the bug at line 89.
    let (code, out) = check(
        solution.to_str().unwrap(),
        &[
            "--walls",
            "300",
            "--family",
            "quads",
            "--seed",
            "2",
            "--shrink-seconds",
            "20",
        ],
        "lzfabc",
    );
    assert_eq!(code, Some(1), "{out}");
    let (was, now) = shrink_lines(&out);
    assert!(was > 60, "{out}");
    // Line 54 is the game's first discard, 55 the first reaction to one.
    assert!(now <= 56, "{out}");
    let actual = out
        .lines()
        .find_map(|l| l.strip_prefix("  actual:   "))
        .expect("an actual line");
    assert!(actual.starts_with("A PONG"), "{out}");
    assert!(out.contains("before it line 54: A OUT"), "{out}");
    // The rule at stake is named.
    assert!(
        out.contains("rule at stake: nobody may ron, pong or chow the discard (only players other than the discarder may pong)"),
        "{out}"
    );
}

/// Rule bugs planted in a copy of esc's solution (made here, at test time,
/// from the original beside the project): each is found, and shrunk to
/// within 6 lines of the game's first discard (line 54).
#[test]
fn bugs_planted_in_a_real_solution_shrink_to_the_first_discard() {
    let Some(tmp) = anchors(&[]) else { return };
    let dir = tmp.path();
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/anchors/thupc2021/esc.cpp");
    let original = std::fs::read_to_string(src).unwrap();
    let plants = [
        // (name, family, text in esc.cpp, its replacement)
        (
            "pong-on-equal-distance",
            "uniform",
            "pl[i].dis({play,play})<pl[i].dis({})",
            "pl[i].dis({play,play})<=pl[i].dis({})",
        ),
        ("pong-own-discard", "quads", "if(i!=cur&&pl[i]", "if(pl[i]"),
        (
            "chow-options-reversed",
            "uniform",
            "for(int i=2;i>=0;--i)",
            "for(int i=0;i<=2;++i)",
        ),
        (
            "ron-from-the-far-end",
            "uniform",
            "for(int i=1;i<4;++i)",
            "for(int i=3;i>0;--i)",
        ),
        ("reverse-ignored", "uniform", "dir=-dir;", ";"),
    ];
    for (name, family, from, to) in plants {
        assert_eq!(
            original.matches(from).count(),
            1,
            "{name}: `{from}` once in esc.cpp"
        );
        let cpp = dir.join(format!("{name}.cpp"));
        std::fs::write(&cpp, original.replace(from, to)).unwrap();
        let exe = dir.join(name);
        let status = std::process::Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&exe)
            .arg(&cpp)
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "g++ on {name}");
        let (code, out) = check(
            exe.to_str().unwrap(),
            // The meaning step gets there in a few runs; the swaps after it
            // only look for earlier lines, so a few seconds will do.
            &[
                "--walls",
                "300",
                "--family",
                family,
                "--shrink-seconds",
                "5",
            ],
            name,
        );
        assert_eq!(code, Some(1), "{name}: {out}");
        let (_, now) = shrink_lines(&out);
        assert!(now <= 60, "{name}: {out}");
    }
}
