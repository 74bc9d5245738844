//! The MCR judge against the official Botzone judge: every public game of
//! `../shared/conformance/mcr/games-public.jsonl.gz` replayed, each request
//! string, the final scores and the final display as recorded.

mod common;

use mahjong_sim::mcr::judge::conform::{replay, Conformance};
use mahjong_sim::mcr::judge::Options;

#[test]
fn every_public_game_is_identical() {
    let Some(games) = common::mcr_cases("games-public.jsonl.gz") else {
        return;
    };
    // Not a degenerate file: the README's counts.
    assert_eq!(games.len(), 1000);
    let mut turns = 0;
    let mut differ = Vec::new();
    for (i, g) in games.iter().enumerate() {
        match replay(g, Options::default()) {
            Conformance::Identical(n) => turns += n,
            other => differ.push(format!("game {i}: {other:?}")),
        }
    }
    assert!(
        differ.is_empty(),
        "{} of 1000 games differ; the first ones:\n{}",
        differ.len(),
        differ[..differ.len().min(10)].join("\n")
    );
    assert_eq!(turns, 112_283);
}
