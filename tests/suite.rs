//! The integration tests, built as one binary: each file of tests/ is a
//! module here, so a fresh `cargo test` compiles and links one test
//! binary against the library instead of one a file.
//! `cargo test --test suite schemas::` runs the tests of `schemas.rs`.

mod common;

mod anchors;
mod browser;
mod check;
mod cli;
mod conformance;
mod corpus;
mod duel;
mod exhaustive;
mod help;
mod layers;
mod mcr;
mod mcr_judge;
mod mcr_play;
mod mcr_programs;
mod mcr_reference;
mod merge;
mod noi2014;
mod noi2014_bots;
mod noi2014_rules;
mod properties;
mod readme;
mod regressions;
mod replay;
mod sandbox;
mod sandbox_view;
mod schemas;
mod tournament;

/// Cargo builds only this file (autotests are off): a file added to tests/
/// and not named above would never run.
#[test]
fn every_file_of_tests_is_a_module_of_the_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let suite = std::fs::read_to_string(dir.join("suite.rs")).unwrap();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "suite") {
            files += 1;
            assert!(
                suite.contains(&format!("\nmod {module};\n")),
                "tests/{name} is not a module of tests/suite.rs: add `mod {module};` there"
            );
        }
    }
    assert!(files > 20, "only {files} files in {}", dir.display());
}
