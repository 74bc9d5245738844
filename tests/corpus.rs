//! Replays every file of `corpus/` through the same checks the fuzz targets
//! run, on stable and without cargo-fuzz: one test per [`Target`].

use oracle::compare::{self, Failure};
use oracle::input::WallInput;
use oracle::target::{self, Target};
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

fn replay_with(dir: &str, check: impl Fn(&[u8]) -> Result<(), Failure>) {
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

/// `corpus/T::NAME` through the fuzz target's own entry point. Its files
/// must decode, and to different inputs: a replay that skipped them, or
/// decoded them all alike, would pass without checking anything.
fn replay<T: Target>() {
    replay_with(T::NAME, oracle::fuzz::run::<T>);
    let mut inputs = std::collections::HashSet::new();
    for f in files(T::NAME) {
        let bytes = std::fs::read(&f).unwrap();
        let input =
            T::decode(&bytes).unwrap_or_else(|| panic!("{} decodes to nothing", f.display()));
        inputs.insert(format!("{input:?}"));
    }
    let n = files(T::NAME).len();
    assert!(
        inputs.len() * 2 > n,
        "corpus/{}: {n} files decode to only {} different inputs",
        T::NAME,
        inputs.len()
    );
}

/// One corpus test per target: `corpus_<name>`.
macro_rules! corpus_tests {
    ($($name:ident: $target:ty),* $(,)?) => {$(
        #[test]
        fn $name() {
            replay::<$target>();
        }
    )*};
}

corpus_tests! {
    corpus_distance: target::Distance,
    corpus_game: target::Game,
    corpus_parse: target::Parse,
    corpus_analyze: target::Analyze,
    corpus_noi2014: target::Noi2014,
}

/// Text walls (the contest format), kept readable: engine against oracle.
#[test]
fn corpus_walls() {
    replay_with("walls", |bytes| {
        let wall =
            mahjong_sim::thupc2021::wall::parse_wall(bytes).map_err(|e| Failure(e.to_string()))?;
        compare::game(&WallInput {
            tiles: wall.tiles().to_vec(),
        })
    });
}
