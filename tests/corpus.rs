//! Replays every file of `corpus/` through the same checks the fuzz targets
//! run, on stable and without cargo-fuzz.

use oracle::check::{self, Failure};
use oracle::input::WallInput;
use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

fn replay(dir: &str, check: fn(&[u8]) -> Result<(), Failure>) {
    let files = files(dir);
    assert!(!files.is_empty(), "corpus/{dir} is empty");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let bytes = std::fs::read(f).unwrap();
            check(&bytes)
                .err()
                .map(|e| format!("{}:\n{e}", f.display()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn corpus_distance() {
    replay("distance", oracle::fuzz::distance);
}

#[test]
fn corpus_game() {
    replay("game", oracle::fuzz::game);
}

#[test]
fn corpus_parse() {
    replay("parse", oracle::fuzz::parse);
}

/// Text walls (the contest format), kept readable: engine against oracle.
#[test]
fn corpus_walls() {
    replay("walls", |bytes| {
        let wall = mahjong_sim::parse::parse_wall(bytes).map_err(|e| Failure(e.to_string()))?;
        check::game(&WallInput {
            tiles: wall.tiles().to_vec(),
        })
    });
}

#[test]
fn corpus_analyze() {
    replay("analyze", oracle::fuzz::analyze);
}
