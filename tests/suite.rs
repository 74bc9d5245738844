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
