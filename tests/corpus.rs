//! Replays every file of `corpus/` through the same checks the fuzz targets
//! run, on stable and without cargo-fuzz: one test per [`Target`].

use oracle::compare::{self, Failure};
use oracle::engine::Production;
use oracle::input::WallInput;
use oracle::planted::{Planted, PLANTED};
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

/// The corpus files of `dir`, with their bytes.
fn read(dir: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let files = files(dir);
    assert!(!files.is_empty(), "corpus/{dir} is empty");
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            (f, bytes)
        })
        .collect()
}

fn replay_with(files: &[(PathBuf, Vec<u8>)], check: impl Fn(&[u8]) -> Result<(), Failure>) {
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(f, bytes)| check(bytes).err().map(|e| format!("{}:\n{e}", f.display())))
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
/// decoded them all alike, would pass without checking anything. And for
/// each bug planted for the target, some file must show it: else the
/// corpus, and a fuzzer starting from it, could let that bug through.
fn replay<T: Target>() {
    let files = read(T::NAME);
    replay_with(&files, |bytes| oracle::fuzz::run::<T>(&Production, bytes));
    let mut inputs = std::collections::HashSet::new();
    for (f, bytes) in &files {
        let input =
            T::decode(bytes).unwrap_or_else(|| panic!("{} decodes to nothing", f.display()));
        inputs.insert(format!("{input:?}"));
    }
    assert!(
        inputs.len() * 2 > files.len(),
        "corpus/{}: {} files decode to only {} different inputs",
        T::NAME,
        files.len(),
        inputs.len()
    );
    let planted: Vec<&Planted> = PLANTED.iter().filter(|p| p.target == T::NAME).collect();
    assert!(!planted.is_empty(), "no bug is planted for {}", T::NAME);
    let missed: Vec<&str> = planted
        .iter()
        .filter(|p| {
            !files
                .iter()
                .any(|(_, bytes)| oracle::fuzz::run::<T>(p.engine, bytes).is_err())
        })
        .map(|p| p.bug)
        .collect();
    assert!(
        missed.is_empty(),
        "corpus/{} lets these planted bugs through:\n  {}",
        T::NAME,
        missed.join("\n  ")
    );
}

/// Every planted bug names a target that exists (so some test above checks
/// it).
#[test]
fn planted_bugs_name_targets() {
    let names = [
        target::Distance::NAME,
        target::Game::NAME,
        target::Parse::NAME,
        target::Analyze::NAME,
        target::Noi2014::NAME,
        target::McrFans::NAME,
        target::McrJudge::NAME,
    ];
    for p in PLANTED {
        assert!(
            names.contains(&p.target),
            "{}: no target {}",
            p.bug,
            p.target
        );
    }
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
    corpus_mcr_fans: target::McrFans,
    corpus_mcr_judge: target::McrJudge,
}

/// Text walls (the contest format), kept readable: engine against oracle.
#[test]
fn corpus_walls() {
    replay_with(&read("walls"), |bytes| {
        let wall =
            mahjong_sim::thupc2021::wall::parse_wall(bytes).map_err(|e| Failure(e.to_string()))?;
        compare::game(
            &Production,
            &WallInput {
                tiles: wall.tiles().to_vec(),
            },
        )
    });
}
