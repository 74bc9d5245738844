//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What a run of the binary produced.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `mahjong-sim ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mahjong-sim");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    // Write from a thread so a large output cannot deadlock against the input.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for mahjong-sim");
    writer.join().unwrap();
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The official THUPC 2021 data beside the project, when present.
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/thupc2021");
    dir.is_dir().then_some(dir)
}

/// Says on the real stderr (not captured by the test harness) that a test
/// was skipped, so a green run cannot hide it.
pub fn skip(what: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
}

/// The sample wall bundled in the repository.
pub fn sample_wall() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls/sample.in"
    ))
    .unwrap()
}
