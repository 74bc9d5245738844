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
    oracle::fuzz::run::<oracle::target::Parse>(&bytes).unwrap();
    assert!(mahjong_sim::parse::parse_hand_lines(&bytes).is_err());
}

/// Root cause: building an analysis hand from fuzzer bytes looped forever
/// once the bytes ran out: every pick then returns 0, and when kind 0 already
/// held four copies no tile could be added. A full kind now gives way to the
/// next with room. Found by the `analyze` fuzz target hanging on its first
/// input; the empty input is the smallest that runs out of bytes.
#[test]
fn regression_out_of_bytes_hang() {
    let bytes = corpus("analyze/regression-out-of-bytes-hang");
    assert!(bytes.is_empty());
    oracle::fuzz::run::<oracle::target::Analyze>(&bytes).unwrap();
}
