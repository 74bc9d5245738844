//! What the oracle's conformance tests share: reading the MCR data beside
//! the project, and saying so when it is missing.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

/// Says on the real stderr (not captured by the test harness) that a test
/// was skipped, so a green run cannot hide it.
pub fn skip(what: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
}

/// The lines of the gzipped file `file` of `../shared/conformance/mcr` as
/// JSON, or `None` (after saying why) when the data or `gzip` is missing.
pub fn conformance(file: &str) -> Option<Vec<serde_json::Value>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/mcr");
    let path = dir.join(file);
    if !path.is_file() {
        skip(&format!("{} not found", path.display()));
        return None;
    }
    let Ok(out) = Command::new("gzip").arg("-dc").arg(&path).output() else {
        skip(&format!("no gzip to read {}", path.display()));
        return None;
    };
    assert!(out.status.success(), "gzip -dc {} failed", path.display());
    let text = String::from_utf8(out.stdout).expect("UTF-8 data");
    Some(
        text.lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect(),
    )
}
