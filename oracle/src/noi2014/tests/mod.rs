//! Tests of the oracle. Helpers here; tests in the submodules.

mod points;
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

/// Builds a wall for a hand-made game (point 5's deal order).
///
/// `hands[p]` gives up to 13 of player `p`'s tiles in the order dealt;
/// `draws` the front draws after the deal, in order (player 0 draws the
/// first, then 1, 2, 3, 0, ... while nobody claims or leaves); `backs` the
/// tiles kong replacements take, first one first (`backs` starts at the
/// wall's last tile, which is also the last front draw of a game without
/// kongs). Every other place, missing hand tiles included, is filled with
/// the remaining tiles, one of each kind in kind order, round after round,
/// so that the wall holds 4 of each kind.
pub(super) fn make_wall(hands: [&str; 4], draws: &str, backs: &str) -> [u8; 108] {
    let hands: Vec<Vec<u8>> = hands.iter().map(|hand| ts(hand)).collect();
    let draws = ts(draws);
    let backs = ts(backs);
    let mut left = [4u8; KINDS];
    for &tile in hands.iter().flatten().chain(&draws).chain(&backs) {
        assert!(
            left[tile as usize] > 0,
            "more than 4 of {}",
            tile_name(tile)
        );
        left[tile as usize] -= 1;
    }
    let mut filler = Vec::new();
    for round in 0..4 {
        for (kind, &n) in left.iter().enumerate() {
            if n > round {
                filler.push(kind as u8);
            }
        }
    }
    let mut filler = filler.into_iter();
    let mut wall = [u8::MAX; 108];
    for (p, hand) in hands.iter().enumerate() {
        assert!(hand.len() <= 13);
        for i in 0..13 {
            let tile = match hand.get(i) {
                Some(&tile) => tile,
                None => filler.next().expect("filler"),
            };
            let at = if i < 12 {
                16 * (i / 4) + 4 * p + i % 4
            } else {
                48 + p
            };
            wall[at] = tile;
        }
    }
    assert!(52 + draws.len() + backs.len() <= 108);
    for (i, &tile) in draws.iter().enumerate() {
        wall[52 + i] = tile;
    }
    for (i, &tile) in backs.iter().enumerate() {
        wall[107 - i] = tile;
    }
    for slot in wall.iter_mut() {
        if *slot == u8::MAX {
            *slot = filler.next().expect("filler");
        }
    }
    assert!(filler.next().is_none());
    wall
}

/// A scripted answer that stands for [`Reply::Failed`].
pub(super) const FAILED: &str = "<failed>";

/// The answer a scripted player gives when no override matches: `PASS`,
/// except `PLAY c` of the tile just drawn for `2 c` (so hands never change)
/// and the empty target for `4`.
pub(super) fn default_answer(request: &str) -> String {
    let parts: Vec<&str> = request.split(' ').collect();
    match parts[0] {
        "2" => format!("PLAY {}", parts[1]),
        "4" => String::new(),
        _ => "PASS".to_string(),
    }
}

/// Plays `wall` with scripted answers: each `(player, request, answer)`
/// override is used once, for the first time that player is asked exactly
/// that request; every other request gets [`default_answer`]. Panics if an
/// override is never used (the scenario did not go as planned).
pub(super) fn drive(wall: &[u8; 108], overrides: &[(u8, &str, &str)]) -> Outcome {
    let mut used = vec![false; overrides.len()];
    let outcome = play(wall, &mut |p, request| {
        for (i, &(q, req, answer)) in overrides.iter().enumerate() {
            if !used[i] && q == p && req == request {
                used[i] = true;
                return if answer == FAILED {
                    Reply::Failed("scripted failure".to_string())
                } else {
                    Reply::Text(answer.to_string())
                };
            }
        }
        Reply::Text(default_answer(request))
    });
    for (i, was_used) in used.iter().enumerate() {
        assert!(
            was_used,
            "override never used: {:?}\nevents: {:?}",
            overrides[i], outcome.events
        );
    }
    outcome
}

/// Asserts that `lines` occur as consecutive events, in this order.
pub(super) fn assert_run(outcome: &Outcome, lines: &[&str]) {
    let found = outcome
        .events
        .windows(lines.len())
        .any(|window| window.iter().zip(lines).all(|(a, b)| a == b));
    assert!(found, "no run {lines:?} in {:?}", outcome.events);
}

/// Asserts that `requests` (player, string) occur consecutively, in order.
pub(super) fn assert_requests_run(outcome: &Outcome, requests: &[(u8, &str)]) {
    let found = outcome.requests.windows(requests.len()).any(|window| {
        window
            .iter()
            .zip(requests)
            .all(|(a, b)| a.0 == b.0 && a.1 == b.1)
    });
    assert!(
        found,
        "no request run {requests:?} in {:?}",
        outcome.requests
    );
}

/// Index of the first request `request` to player `p`.
pub(super) fn request_at(outcome: &Outcome, p: u8, request: &str) -> usize {
    outcome
        .requests
        .iter()
        .position(|(q, r)| *q == p && r == request)
        .unwrap_or_else(|| panic!("no request {request:?} to {p}"))
}

/// The players of the `draw` events, in order.
pub(super) fn drawers(outcome: &Outcome) -> Vec<u8> {
    outcome
        .events
        .iter()
        .filter_map(|e| e.strip_prefix("draw "))
        .map(|rest| rest[..1].parse().unwrap())
        .collect()
}

/// `(end, place, half_points)` of every player, for compact asserts.
pub(super) fn summary(outcome: &Outcome) -> Vec<(End, u8, u8)> {
    outcome
        .results
        .iter()
        .map(|r| (r.end.clone(), r.place, r.half_points))
        .collect()
}
