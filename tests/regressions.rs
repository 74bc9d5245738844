//! One named test per finding kept in `corpus/`: what went wrong and why.
//! Each replays its file through the same check the fuzz target runs.

use std::path::Path;

fn corpus(path: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(path),
    )
    .unwrap()
}

/// Root cause: `melds_for_size` computed `4 - (tiles - 1) / 3`, which maps a
/// 3-tile hand to 4 melds (and 6, 9, 12 likewise) instead of rejecting it;
/// `mahjong-sim distance` then panicked on the impossible size. Found by the
/// CLI tests; the parse check now asks every parsed hand line for a distance.
#[test]
fn regression_three_tile_hand_line() {
    let bytes = corpus("parse/regression-three-tile-hand-line.txt");
    oracle::fuzz::parse(&bytes).unwrap();
    assert!(mahjong_sim::parse::parse_hand_lines(&bytes).is_err());
}
