//! The 51 official THUPC 2021 cases, reproduced byte for byte by
//! `mahjong-sim simulate`. Reads `../shared/conformance/thupc2021`; skips,
//! saying so, when it is absent.

use crate::common;

#[test]
fn official_cases_match_byte_for_byte() {
    let Some(dir) = common::conformance_dir() else {
        common::skip("../shared/conformance/thupc2021 not found; official cases not checked");
        return;
    };
    let mut cases: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().ok()?;
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    cases.sort();
    assert_eq!(
        cases.len(),
        51,
        "expected 50 numbered cases and the sample in {dir:?}"
    );
    let mut failures = Vec::new();
    for case in &cases {
        let input = std::fs::read(dir.join(format!("{case}.in"))).unwrap();
        let expected = std::fs::read(dir.join(format!("{case}.ans"))).unwrap();
        let run = common::run(&["simulate"], &input);
        assert_eq!(run.code, Some(0), "case {case}: {}", run.stderr);
        if run.stdout != expected {
            let got = String::from_utf8_lossy(&run.stdout);
            let want = String::from_utf8_lossy(&expected);
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
            failures.push(format!(
                "case {case}: first difference at line {}: got {:?}, expected {:?}",
                line + 1,
                got.lines().nth(line),
                want.lines().nth(line)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The oracle's simulator, written apart from the engine, reproduces the
/// official cases too: the oracle is checked against the contest itself.
#[test]
fn oracle_reproduces_official_cases() {
    let Some(dir) = common::conformance_dir() else {
        common::skip("../shared/conformance/thupc2021 not found; oracle not checked against it");
        return;
    };
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let wall =
            mahjong_sim::thupc2021::wall::parse_wall(&std::fs::read(&path).unwrap()).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("ans")).unwrap();
        let log = mahjong_sim::thupc2021::event::log_string(&oracle::thupc2021::game::play(&wall));
        assert!(log == expected, "oracle differs from {}", path.display());
        checked += 1;
    }
    assert_eq!(checked, 51);
}
