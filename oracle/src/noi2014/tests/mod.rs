//! Tests of the oracle. Helpers here; tests in the submodules. The rules
//! page's points are cases of the table `tests/rules/noi2014/*.toml`,
//! played on the oracle and the engine by the main crate's
//! `tests/noi2014_rules.rs`; what stays here is the rule functions' own
//! examples (`rules_tests`), properties of random games (`random_games`)
//! and games of the official 2014 sample bot (`sample_bot`).

mod random_games;
mod rules_tests;
mod sample_bot;

use super::*;

/// The kind named `name` (test shorthand).
pub(super) fn t(name: &str) -> u8 {
    parse_tile(name).unwrap_or_else(|| panic!("not a tile: {name}"))
}

/// The kinds named in `names`.
pub(super) fn ts(names: &str) -> Vec<u8> {
    parse_tiles(names).unwrap_or_else(|| panic!("not tiles: {names}"))
}

/// Counts of the tiles named in `names`.
pub(super) fn counts(names: &str) -> [u8; KINDS] {
    count_tiles(&ts(names))
}
