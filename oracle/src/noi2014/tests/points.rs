//! One or more tests per numbered point of the rules page, on hand-made
//! walls (see `make_wall`) with scripted answers (see `drive`).

use super::rules_tests::Rng;
use super::*;

/// Wins on B2 (pair) and B3 (B1 B1 + B1 B2 B3).
const TENPAI_B2: &str = "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2";
/// Wins on B2 (B3 B3 + B2 B3 B4), B4 and B5.
const TENPAI_B2_TOO: &str = "T1 T2 T3 T4 T5 T6 T7 T8 T9 B3 B3 B3 B4";

/// The `1 ...` request player `p` gets for `wall` (point 5's deal order).
fn dealt_request(wall: &[u8; 108], p: usize) -> String {
    let mut tiles = Vec::new();
    for round in 0..3 {
        tiles.extend_from_slice(&wall[16 * round + 4 * p..16 * round + 4 * p + 4]);
    }
    tiles.push(wall[48 + p]);
    format!("1 {}", names_of(&tiles))
}

fn default_wall() -> [u8; 108] {
    make_wall(["", "", "", ""], "", "")
}

fn plays(outcome: &Outcome) -> u32 {
    outcome
        .events
        .iter()
        .filter(|e| e.starts_with("play "))
        .count() as u32
}

// ----- points 1-5: tiles, wall, seats, deal -------------------------------

#[test]
fn point_01_a_game_uses_all_27_kinds_four_each() {
    // A default game draws the whole wall; every tile is named in a request.
    let wall = default_wall();
    assert_eq!(count_tiles(&wall), [4u8; 27]);
    let outcome = drive(&wall, &[]);
    let draws: Vec<u8> = outcome
        .events
        .iter()
        .filter_map(|e| e.strip_prefix("draw "))
        .map(|rest| t(&rest[2..]))
        .collect();
    assert_eq!(draws, wall[52..].to_vec());
}

#[test]
fn point_02_answers_may_name_tiles_in_lower_case() {
    let wall = make_wall(["", "", "", ""], "W5", "");
    let target = "w1 w1 w1 t1 t1 t1 b1 b1 b1 b2 b2 b2 t9 t9";
    let outcome = drive(&wall, &[(0, "2 W5", "PLAY w5"), (1, "4", target)]);
    assert_eq!(outcome.events[..2], ["draw 0 W5", "play 0 W5"]);
    assert!(outcome.results.iter().all(|r| r.end == End::Playing));
    assert!(outcome.results[1].valid);
    assert_eq!(outcome.results[1].target.as_deref(), Some(target));
}

#[test]
fn point_03_normal_draws_take_the_front_kong_draws_the_back() {
    let wall = make_wall(["W1 W1 W1 W1", "", "", ""], "B5", "T7");
    assert_eq!((wall[52], wall[107]), (t("B5"), t("T7")));
    let outcome = drive(&wall, &[(0, "2 B5", "GANG W1")]);
    let next = format!("draw 1 {}", tile_name(wall[53]));
    assert_eq!(
        outcome.events[..5],
        [
            "draw 0 B5",
            "gang-concealed 0 W1",
            "draw-back 0 T7",
            "play 0 T7",
            next.as_str()
        ]
    );
    // 55 front draws and one back draw use up the wall; the last front
    // draw is wall[106].
    let front: Vec<&String> = outcome
        .events
        .iter()
        .filter(|e| e.starts_with("draw "))
        .collect();
    assert_eq!(front.len(), 55);
    assert!(front[54].ends_with(tile_name(wall[106])));
    assert_eq!(outcome.events.last().unwrap(), "end empty-wall");
}

#[test]
#[should_panic(expected = "4 tiles of each")]
fn point_03_a_wall_holds_four_of_each_kind() {
    let mut wall = default_wall();
    wall[0] = wall[1];
    if wall[0] == wall[1] && count_tiles(&wall) == [4u8; 27] {
        wall[0] = (wall[0] + 1) % 27;
    }
    play(&wall, &mut |_, _| Reply::Text("PASS".into()));
}

#[test]
fn point_04_play_passes_in_seat_order_skipping_players_who_left() {
    let outcome = drive(&default_wall(), &[]);
    assert_eq!(drawers(&outcome)[..8], [0, 1, 2, 3, 0, 1, 2, 3]);
    let outcome = drive(&default_wall(), &[(1, "0 1", "NOPE")]);
    assert_eq!(outcome.events[0], "out 1");
    assert_eq!(drawers(&outcome)[..6], [0, 2, 3, 0, 2, 3]);
    assert!(!drawers(&outcome).contains(&1));
    assert_eq!(outcome.results[1].end, End::Out { request: 1 });
}

#[test]
fn point_05_deal_three_rounds_of_four_then_one_each() {
    let mut rng = Rng(5);
    let mut wall = default_wall();
    for i in (1..108).rev() {
        wall.swap(i, rng.below(i + 1));
    }
    let outcome = drive(&wall, &[]);
    for p in 0..4u8 {
        assert_eq!(outcome.requests[p as usize], (p, format!("0 {p}")));
        assert_eq!(
            outcome.requests[4 + p as usize],
            (p, dealt_request(&wall, p as usize))
        );
    }
    // Player 0's first turn begins with a draw of the 53rd tile; the deal
    // itself is not an event.
    assert_eq!(outcome.events[0], format!("draw 0 {}", tile_name(wall[52])));
    assert_eq!(
        outcome.requests[8],
        (0, format!("2 {}", tile_name(wall[52])))
    );
}

// ----- point 6: the winning hand in play ----------------------------------

#[test]
fn point_06_a_win_with_a_kong_holds_fifteen_tiles() {
    let wall = make_wall(
        ["W1 W1 W1 W1 B1 B2 B3 B4 B5 B6 T7 T8 T9", "", "", ""],
        "T5",
        "T5",
    );
    let outcome = drive(&wall, &[(0, "2 T5", "GANG W1"), (0, "2 T5", "HU")]);
    assert_eq!(
        outcome.events[..4],
        [
            "draw 0 T5",
            "gang-concealed 0 W1",
            "draw-back 0 T5",
            "hu-self 0 T5"
        ]
    );
    assert_eq!(
        outcome.results[0].end,
        End::Won {
            order: 1,
            self_drawn: true
        }
    );
}

// ----- points 7, 8: a turn -------------------------------------------------

#[test]
fn point_07_self_drawn_win() {
    let wall = make_wall([TENPAI_B2, "", "", ""], "B2", "");
    let outcome = drive(&wall, &[(0, "2 B2", "HU")]);
    assert_eq!(outcome.events[..2], ["draw 0 B2", "hu-self 0 B2"]);
    assert!(outcome.events[2].starts_with("draw 1 "));
    assert_eq!(outcome.requests[8], (0, "2 B2".to_string()));
    assert_eq!(
        outcome.requests[9..12],
        [
            (1, "3 0 HU SELF".to_string()),
            (2, "3 0 HU SELF".to_string()),
            (3, "3 0 HU SELF".to_string())
        ]
    );
    assert!(outcome.requests[9..].iter().all(|(p, _)| *p != 0));
    assert_eq!(
        summary(&outcome)[0],
        (
            End::Won {
                order: 1,
                self_drawn: true
            },
            1,
            8
        )
    );
}

#[test]
fn point_07_kong_of_four_concealed_need_not_be_the_drawn_tile() {
    let wall = make_wall(["B3 B3 B3 B3", "", "", ""], "W9", "T4");
    let outcome = drive(&wall, &[(0, "2 W9", "GANG B3")]);
    assert_eq!(
        outcome.events[..4],
        [
            "draw 0 W9",
            "gang-concealed 0 B3",
            "draw-back 0 T4",
            "play 0 T4"
        ]
    );
}

#[test]
fn point_07_kong_added_to_an_exposed_pung() {
    let wall = make_wall(["", "W7 W7 B9", "", ""], "W7 T1 T2 T3 W7", "T6");
    let outcome = drive(
        &wall,
        &[(1, "3 0 PLAY W7", "PENG B9"), (1, "2 W7", "GANG W7")],
    );
    assert_run(
        &outcome,
        &[
            "draw 0 W7",
            "play 0 W7",
            "peng 1 W7",
            "play 1 B9",
            "draw 2 T1",
            "play 2 T1",
            "draw 3 T2",
            "play 3 T2",
            "draw 0 T3",
            "play 0 T3",
            "draw 1 W7",
            "gang-added 1 W7",
            "draw-back 1 T6",
            "play 1 T6",
        ],
    );
}

#[test]
fn point_07_a_kong_needs_the_tiles() {
    // Three concealed plus nothing exposed is no kong on one's own draw.
    let wall = make_wall(["B3 B3 B3", "", "", ""], "W9", "");
    let outcome = drive(&wall, &[(0, "2 W9", "GANG B3")]);
    assert_eq!(outcome.events[..2], ["draw 0 W9", "out 0"]);
}

#[test]
fn point_08_after_a_kong_the_player_draws_from_the_back_and_acts_again() {
    let wall = make_wall(["W1 W1 W1 W1 W2 W2 W2 W2", "", "", ""], "B5", "T3 T4");
    let outcome = drive(&wall, &[(0, "2 B5", "GANG W1"), (0, "2 T3", "GANG W2")]);
    assert_eq!(
        outcome.events[..6],
        [
            "draw 0 B5",
            "gang-concealed 0 W1",
            "draw-back 0 T3",
            "gang-concealed 0 W2",
            "draw-back 0 T4",
            "play 0 T4"
        ]
    );
    assert!(outcome.events[6].starts_with("draw 1 "));
}

#[test]
fn point_08_no_kong_on_ones_own_draw_when_the_wall_is_empty() {
    // Player 3 takes the 56th and last tile (wall[107]) and holds four T9.
    let wall = make_wall(["", "", "", "T9 T9 T9"], "", "T9");
    let outcome = drive(&wall, &[(3, "2 T9", "GANG T9")]);
    let n = outcome.events.len();
    assert_eq!(
        outcome.events[n - 3..],
        ["draw 3 T9", "out 3", "end empty-wall"]
    );
    assert_eq!(
        outcome.results[3].end,
        End::Out {
            request: request_at(&outcome, 3, "2 T9")
        }
    );
    let asked_4: Vec<u8> = outcome
        .requests
        .iter()
        .filter(|(_, r)| r == "4")
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(asked_4, [0, 1, 2]);
}

#[test]
fn point_08_no_kong_on_a_discard_when_the_wall_is_empty() {
    let wall = make_wall(["T9 T9 T9", "", "", ""], "", "T9");
    let outcome = drive(&wall, &[(0, "3 3 PLAY T9", "GANG")]);
    let n = outcome.events.len();
    assert_eq!(
        outcome.events[n - 4..],
        ["draw 3 T9", "play 3 T9", "out 0", "end empty-wall"]
    );
}

// ----- points 9-11: claims on a discard -----------------------------------

#[test]
fn point_09_pung_a_discard_then_discard_at_once() {
    let wall = make_wall(["", "", "B4 B4 T1", ""], "B4", "");
    let outcome = drive(&wall, &[(2, "3 0 PLAY B4", "PENG T1")]);
    assert_eq!(
        outcome.events[..4],
        ["draw 0 B4", "play 0 B4", "peng 2 B4", "play 2 T1"]
    );
    assert_requests_run(
        &outcome,
        &[
            (1, "3 0 PLAY B4"),
            (2, "3 0 PLAY B4"),
            (3, "3 0 PLAY B4"),
            (3, "3 2 PENG B4"),
            (0, "3 2 PENG B4"),
            (1, "3 2 PENG B4"),
            (3, "3 2 PLAY T1"),
            (0, "3 2 PLAY T1"),
            (1, "3 2 PLAY T1"),
        ],
    );
}

#[test]
fn point_09_kong_a_discard_with_three_concealed() {
    let wall = make_wall(["", "", "", "B4 B4 B4"], "B4", "T6");
    let outcome = drive(&wall, &[(3, "3 0 PLAY B4", "GANG")]);
    assert_eq!(
        outcome.events[..5],
        [
            "draw 0 B4",
            "play 0 B4",
            "gang-discard 3 B4",
            "draw-back 3 T6",
            "play 3 T6"
        ]
    );
    assert_requests_run(
        &outcome,
        &[
            (3, "3 0 PLAY B4"),
            (0, "3 3 GANG B4"),
            (1, "3 3 GANG B4"),
            (2, "3 3 GANG B4"),
            (3, "2 T6"),
        ],
    );
}

#[test]
fn point_09_kong_a_discard_onto_an_exposed_pung() {
    let wall = make_wall(["", "", "B4 B4 T1", ""], "B4 T2 B4", "T6");
    let outcome = drive(
        &wall,
        &[(2, "3 0 PLAY B4", "PENG T1"), (2, "3 0 PLAY B4", "GANG")],
    );
    assert_run(
        &outcome,
        &[
            "draw 0 B4",
            "play 0 B4",
            "peng 2 B4",
            "play 2 T1",
            "draw 3 T2",
            "play 3 T2",
            "draw 0 B4",
            "play 0 B4",
            "gang-discard 2 B4",
            "draw-back 2 T6",
            "play 2 T6",
        ],
    );
    assert!(outcome.results.iter().all(|r| r.end == End::Playing));
}

#[test]
fn point_09_win_on_a_discard() {
    let wall = make_wall(["", TENPAI_B2, "", ""], "B2", "");
    let outcome = drive(&wall, &[(1, "3 0 PLAY B2", "HU")]);
    assert_eq!(
        outcome.events[..3],
        ["draw 0 B2", "play 0 B2", "hu-discard 1 B2 0"]
    );
    assert!(outcome.events[3].starts_with("draw 2 "));
    assert_requests_run(
        &outcome,
        &[
            (1, "3 0 PLAY B2"),
            (2, "3 0 PLAY B2"),
            (3, "3 0 PLAY B2"),
            (2, "3 1 HU B2"),
            (3, "3 1 HU B2"),
            (0, "3 1 HU B2"),
        ],
    );
    assert_eq!(
        outcome.results[1].end,
        End::Won {
            order: 1,
            self_drawn: false
        }
    );
}

#[test]
fn point_09_win_on_a_discard_with_an_exposed_pung() {
    let hand = "B7 B7 W1 W2 W3 W4 W5 W6 T1 T1 T1 B2 T9";
    let wall = make_wall(["", hand, "", ""], "B7 T5 T6 B2", "");
    let outcome = drive(
        &wall,
        &[(1, "3 0 PLAY B7", "PENG T9"), (1, "3 0 PLAY B2", "HU")],
    );
    assert_run(
        &outcome,
        &[
            "peng 1 B7",
            "play 1 T9",
            "draw 2 T5",
            "play 2 T5",
            "draw 3 T6",
            "play 3 T6",
            "draw 0 B2",
            "play 0 B2",
            "hu-discard 1 B2 0",
        ],
    );
}

#[test]
fn point_10_hu_beats_pung_and_the_nearest_hu_wins() {
    let wall = make_wall(["", "B2 B2 T9", TENPAI_B2, TENPAI_B2_TOO], "B2", "");
    let outcome = drive(
        &wall,
        &[
            (1, "3 0 PLAY B2", "PENG T9"),
            (2, "3 0 PLAY B2", "HU"),
            (3, "3 0 PLAY B2", "HU"),
        ],
    );
    assert_eq!(
        outcome.events[..3],
        ["draw 0 B2", "play 0 B2", "hu-discard 2 B2 0"]
    );
    // Play goes on from the winner's next player (point 12).
    assert!(outcome.events[3].starts_with("draw 3 "));
    assert!(!outcome.events.iter().any(|e| e.starts_with("peng")));
    // The farther HU and the PENG are dropped; both players stay in
    // (point 14: a valid HU that loses is not illegal).
    assert_eq!(outcome.results[1].end, End::Playing);
    assert_eq!(outcome.results[3].end, End::Playing);
    assert_requests_run(
        &outcome,
        &[
            (3, "3 0 PLAY B2"),
            (3, "3 2 HU B2"),
            (0, "3 2 HU B2"),
            (1, "3 2 HU B2"),
        ],
    );
}

#[test]
fn point_11_play_continues_from_the_claimers_next_player() {
    // Unclaimed: the discarder's next.
    let outcome = drive(&default_wall(), &[]);
    assert_eq!(drawers(&outcome)[..3], [0, 1, 2]);
    // PENG by 2 on 0's discard: 2 discards at once, then 3 draws.
    let wall = make_wall(["", "", "B4 B4 T1", ""], "B4", "");
    let outcome = drive(&wall, &[(2, "3 0 PLAY B4", "PENG T1")]);
    assert_eq!(drawers(&outcome)[..4], [0, 3, 0, 1]);
    // GANG by 3 on 0's discard: 3 draws from the back, then 0 draws.
    let wall = make_wall(["", "", "", "B4 B4 B4"], "B4", "T6");
    let outcome = drive(&wall, &[(3, "3 0 PLAY B4", "GANG")]);
    assert_eq!(drawers(&outcome)[..3], [0, 0, 1]);
    assert_eq!(outcome.events[3], "draw-back 3 T6");
}

// ----- points 12, 13: leaving the game, the end ----------------------------

#[test]
fn point_12_a_winner_leaves_and_play_goes_on_from_its_next() {
    let wall = make_wall(["", "", TENPAI_B2, ""], "B2", "");
    let outcome = drive(&wall, &[(2, "3 0 PLAY B2", "HU")]);
    assert_eq!(outcome.events[2], "hu-discard 2 B2 0");
    // Player 1's turn is skipped: play goes on from 2's next, 3.
    assert_eq!(drawers(&outcome)[..5], [0, 3, 0, 1, 3]);
    assert!(!drawers(&outcome).contains(&2));
    let win_request = request_at(&outcome, 2, "3 0 PLAY B2");
    assert!(outcome.requests[win_request + 1..]
        .iter()
        .all(|(p, _)| *p != 2));
    let asked_4: Vec<u8> = outcome
        .requests
        .iter()
        .filter(|(_, r)| r == "4")
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(asked_4, [0, 1, 3]);
    assert_eq!(outcome.events.last().unwrap(), "end empty-wall");
}

#[test]
fn point_13_an_empty_wall_ends_the_game_and_asks_for_targets() {
    let wall = default_wall();
    let outcome = drive(&wall, &[]);
    assert_eq!(drawers(&outcome).len(), 56);
    let n = outcome.events.len();
    let last_play = format!("play 3 {}", tile_name(wall[107]));
    assert_eq!(
        outcome.events[n - 2..],
        [last_play.as_str(), "end empty-wall"]
    );
    let m = outcome.requests.len();
    assert_eq!(
        outcome.requests[m - 4..],
        [
            (0, "4".to_string()),
            (1, "4".to_string()),
            (2, "4".to_string()),
            (3, "4".to_string())
        ]
    );
    assert!(outcome
        .results
        .iter()
        .all(|r| r.target.as_deref() == Some("")));
}

#[test]
fn point_13_the_last_discard_can_still_be_won() {
    let wall = make_wall([TENPAI_B2, "B2 B2", "", ""], "", "B2");
    let outcome = drive(&wall, &[(0, "3 3 PLAY B2", "HU")]);
    let n = outcome.events.len();
    assert_eq!(
        outcome.events[n - 4..],
        [
            "draw 3 B2",
            "play 3 B2",
            "hu-discard 0 B2 3",
            "end empty-wall"
        ]
    );
    let asked_4: Vec<u8> = outcome
        .requests
        .iter()
        .filter(|(_, r)| r == "4")
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(asked_4, [1, 2, 3]);
}

#[test]
fn point_13_a_pungs_discard_of_the_last_tile_can_be_won() {
    let wall = make_wall(["B2 B2 T9", "T9 T9 B2", TENPAI_B2, ""], "", "T9");
    let outcome = drive(
        &wall,
        &[(1, "3 3 PLAY T9", "PENG B2"), (2, "3 1 PLAY B2", "HU")],
    );
    let n = outcome.events.len();
    assert_eq!(
        outcome.events[n - 6..],
        [
            "draw 3 T9",
            "play 3 T9",
            "peng 1 T9",
            "play 1 B2",
            "hu-discard 2 B2 1",
            "end empty-wall"
        ]
    );
    let asked_4: Vec<u8> = outcome
        .requests
        .iter()
        .filter(|(_, r)| r == "4")
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(asked_4, [0, 1, 3]);
}

#[test]
fn point_13_one_player_left_ends_the_game_without_targets() {
    let outcome = drive(
        &default_wall(),
        &[(1, "0 1", "X"), (2, "0 2", "X"), (3, "0 3", "X")],
    );
    assert_eq!(outcome.requests.len(), 4);
    assert_eq!(outcome.events, ["out 1", "out 2", "out 3", "end one-left"]);
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 1, 8),
            (End::Out { request: 1 }, 2, 4),
            (End::Out { request: 2 }, 2, 4),
            (End::Out { request: 3 }, 2, 4),
        ]
    );
    assert_eq!(outcome.results[0].target, None);
}

// ----- point 14: illegal answers -------------------------------------------

#[test]
fn point_14_illegal_answers_to_a_draw_put_out() {
    let hand = "W1 W2 W3 W4 W6 W7 W8 B1 B2 B3 T1 T2 T3";
    let wall = make_wall([hand, "", "", ""], "W5", "");
    let bad = [
        "",
        "PASS",
        "PLAY",
        "PLAY B9",
        "PLAY W5 W5",
        "PLAY X5",
        "PLAY W0",
        "play W5",
        "Play W5",
        "PLAYW5",
        "PLAY W5,",
        "GANG W5",
        "GANG",
        "GANG W1",
        "HU",
        "HU W5",
        "HU SELF",
        "PENG W1",
        FAILED,
    ];
    for answer in bad {
        let outcome = drive(&wall, &[(0, "2 W5", answer)]);
        assert_eq!(outcome.events[..2], ["draw 0 W5", "out 0"], "{answer:?}");
        assert!(outcome.events[2].starts_with("draw 1 "), "{answer:?}");
        assert_eq!(
            outcome.results[0].end,
            End::Out { request: 8 },
            "{answer:?}"
        );
    }
    // And the legal ones keep it in.
    for answer in ["PLAY W5", "PLAY B2", "PLAY t3", " PLAY\tW1 "] {
        let outcome = drive(&wall, &[(0, "2 W5", answer)]);
        assert!(outcome.events[1].starts_with("play 0 "), "{answer:?}");
    }
}

#[test]
fn point_14_illegal_answers_to_a_discard_put_out() {
    let hand = "W6 W7 W8 B4 B5 B6 T1 T2 T3 T4 T5 T6 T7";
    let wall = make_wall(["", hand, "", ""], "W5", "");
    let bad = [
        "",
        "PENG",
        "PENG B9",
        "PENG W6",
        "PENG W5 W6",
        "GANG",
        "GANG W5",
        "HU",
        "HU W5",
        "PLAY W5",
        "pass",
        "PASS W5",
        FAILED,
    ];
    for answer in bad {
        let outcome = drive(&wall, &[(1, "3 0 PLAY W5", answer)]);
        assert_eq!(
            outcome.events[..3],
            ["draw 0 W5", "play 0 W5", "out 1"],
            "{answer:?}"
        );
        assert_eq!(
            outcome.results[1].end,
            End::Out { request: 9 },
            "{answer:?}"
        );
        // The others are still asked (point 30), then 0's next still in: 2.
        assert_eq!(outcome.requests[10].1, "3 0 PLAY W5");
        assert!(outcome.events[3].starts_with("draw 2 "), "{answer:?}");
    }
}

#[test]
fn point_14_illegal_answers_to_announcements_and_the_opening_put_out() {
    let wall = make_wall(["B3 B3 B3 B3", "", "", ""], "W9", "T4");
    for answer in ["", "HU", "GANG", "PENG B3", "PLAY B3", "PASS PASS", FAILED] {
        let outcome = drive(&wall, &[(0, "2 W9", "GANG B3"), (1, "3 0 GANG B3", answer)]);
        assert_eq!(
            outcome.events[..4],
            [
                "draw 0 W9",
                "gang-concealed 0 B3",
                "out 1",
                "draw-back 0 T4"
            ],
            "{answer:?}"
        );
    }
    let wall = default_wall();
    let dealt = dealt_request(&wall, 3);
    let outcome = drive(
        &wall,
        &[(2, "0 2", "PASS PASS"), (3, dealt.as_str(), "PLAY W1")],
    );
    assert_eq!(outcome.events[..2], ["out 2", "out 3"]);
    assert_eq!(outcome.results[2].end, End::Out { request: 2 });
    // Player 2 was out and got no `1`; player 3's `1` is request 6.
    assert_eq!(outcome.results[3].end, End::Out { request: 6 });
}

// ----- points 15-19: ranking -----------------------------------------------

#[test]
fn point_15_winners_first_then_players_still_in_then_players_out() {
    let wall = make_wall(["", TENPAI_B2, "", TENPAI_B2_TOO], "B2 W5 B5", "");
    let outcome = drive(
        &wall,
        &[
            (1, "3 0 PLAY B2", "HU"),
            (2, "2 W5", "PLAY Z1"),
            (3, "2 B5", "HU"),
        ],
    );
    let out_request = request_at(&outcome, 2, "2 W5");
    assert_eq!(
        outcome.events,
        [
            "draw 0 B2",
            "play 0 B2",
            "hu-discard 1 B2 0",
            "draw 2 W5",
            "out 2",
            "draw 3 B5",
            "hu-self 3 B5",
            "end one-left"
        ]
    );
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 3, 4),
            (
                End::Won {
                    order: 1,
                    self_drawn: false
                },
                1,
                8
            ),
            (
                End::Out {
                    request: out_request
                },
                4,
                2
            ),
            (
                End::Won {
                    order: 2,
                    self_drawn: true
                },
                2,
                6
            ),
        ]
    );
}

#[test]
fn point_16_targets_are_judged_at_the_end() {
    let sample = "W1 W1 W1 T1 T1 T1 B1 B1 B1 B2 B2 B2 T9 T9";
    let outcome = drive(
        &default_wall(),
        &[
            (0, "4", sample),
            (1, "4", ""),
            (2, "4", "W1 W1"),
            (3, "4", "not tiles"),
        ],
    );
    let r = &outcome.results;
    assert!(r[0].valid && r[0].hamming.is_some() && r[0].chance.is_some());
    for x in &r[1..] {
        assert!(!x.valid && x.hamming.is_none() && x.chance.is_none());
    }
    assert_eq!(r[3].target.as_deref(), Some("not tiles"));
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 1, 8),
            (End::Playing, 2, 4),
            (End::Playing, 2, 4),
            (End::Playing, 2, 4)
        ]
    );
}

#[test]
fn point_16_a_target_must_hold_the_exposed_pung() {
    let wall = make_wall(["", "", "B4 B4 T1", ""], "B4", "");
    let with_pung = "B4 B4 B4 W1 W2 W3 W4 W5 W6 W7 W8 W9 T5 T5";
    let without = "W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 T5 T5";
    for (target, valid) in [(with_pung, true), (without, false)] {
        let outcome = drive(&wall, &[(2, "3 0 PLAY B4", "PENG T1"), (2, "4", target)]);
        assert_eq!(outcome.results[2].valid, valid, "{target}");
        // The same target from a player without exposed sets is valid.
        let outcome = drive(&wall, &[(1, "4", target)]);
        assert!(outcome.results[1].valid, "{target}");
    }
}

#[test]
fn point_17_hamming_distance_ranks_players_still_in() {
    let wall = make_wall(
        [TENPAI_B2, "T1 T2 T3 T4 T5 T6 T7 T8 T9 B4 B4 B4 B6", "", ""],
        "",
        "",
    );
    let outcome = drive(
        &wall,
        &[
            (0, "4", "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2"),
            (1, "4", "T1 T2 T3 T4 T5 T6 T7 T8 T9 B4 B4 B4 B5 B5"),
        ],
    );
    assert_eq!(outcome.results[0].hamming, Some(1));
    assert_eq!(outcome.results[1].hamming, Some(3));
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 1, 8),
            (End::Playing, 2, 6),
            (End::Playing, 3, 3),
            (End::Playing, 3, 3)
        ]
    );
}

#[test]
fn point_18_chance_value_breaks_a_hamming_tie() {
    let wall = make_wall(
        [
            "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T4 T6",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 T2 T2 T7 T9",
            "",
            "",
        ],
        "T5 T8 T5 T8 T5 T8 T5 T8",
        "",
    );
    let outcome = drive(
        &wall,
        &[
            (0, "4", "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T4 T5 T6"),
            (1, "4", "B1 B2 B3 B4 B5 B6 B7 B8 B9 T2 T2 T7 T8 T9"),
        ],
    );
    let r = &outcome.results;
    // Every discard stays on the table: the k-th draw is position k.
    // The last T5 is the 7th draw, the last T8 the 8th.
    assert_eq!((r[0].hamming, r[0].chance), (Some(1), Some(7)));
    assert_eq!((r[1].hamming, r[1].chance), (Some(1), Some(8)));
    assert_eq!((r[0].place, r[1].place), (2, 1));
}

#[test]
fn point_19_equal_players_share_the_points_of_their_places() {
    let outcome = drive(&default_wall(), &[]);
    assert_eq!(summary(&outcome), vec![(End::Playing, 1, 5); 4]);
}

// ----- points 21-23: requests -----------------------------------------------

#[test]
fn point_21_request_strings() {
    let wall = make_wall(["", "W7 W7 B9", "", TENPAI_B2_TOO], "W7 T1 B2 T3 W7", "T6");
    let outcome = drive(
        &wall,
        &[
            (1, "3 0 PLAY W7", "PENG B9"),
            (3, "2 B2", "HU"),
            (1, "2 W7", "GANG W7"),
        ],
    );
    for expected in [
        (0, "0 0"),
        (3, "0 3"),
        (0, "2 W7"),
        (1, "3 0 PLAY W7"),
        (2, "3 1 PENG W7"),
        (2, "3 1 PLAY B9"),
        (0, "3 3 HU SELF"),
        (2, "3 1 GANG W7"),
        (2, "4"),
    ] {
        request_at(&outcome, expected.0, expected.1);
    }
    assert!(outcome.requests[4].1.starts_with("1 "));
    assert_eq!(outcome.requests[4].1.split(' ').count(), 14);
}

#[test]
fn point_22_who_is_asked() {
    // Player 1 left: discards and announcements skip it; `4` too.
    let wall = make_wall(["B4 B4", "", "", ""], "W5 B4", "");
    let outcome = drive(&wall, &[(1, "0 1", "NO"), (0, "3 2 PLAY B4", "PENG W5")]);
    assert_requests_run(
        &outcome,
        &[(0, "2 W5"), (2, "3 0 PLAY W5"), (3, "3 0 PLAY W5")],
    );
    assert_requests_run(
        &outcome,
        &[
            (3, "3 2 PLAY B4"),
            (0, "3 2 PLAY B4"),
            (2, "3 0 PENG B4"),
            (3, "3 0 PENG B4"),
        ],
    );
    let m = outcome.requests.len();
    assert_eq!(
        outcome.requests[m - 3..],
        [
            (0, "4".to_string()),
            (2, "4".to_string()),
            (3, "4".to_string())
        ]
    );
    assert!(outcome.requests[4..].iter().all(|(p, _)| *p != 1));
    // A player whose PENG lost to a HU learns it from `3 q HU c`.
    let wall = make_wall(["", "B2 B2 T9", TENPAI_B2, ""], "B2", "");
    let outcome = drive(
        &wall,
        &[(1, "3 0 PLAY B2", "PENG T9"), (2, "3 0 PLAY B2", "HU")],
    );
    let to_1: Vec<&str> = outcome
        .requests
        .iter()
        .filter(|(p, _)| *p == 1)
        .map(|(_, r)| r.as_str())
        .collect();
    assert_eq!(to_1[2..4], ["3 0 PLAY B2", "3 2 HU B2"]);
}

#[test]
fn point_23_concealed_and_added_kongs_are_announced() {
    let wall = make_wall(["B3 B3 B3 B3", "", "", ""], "W9", "T4");
    let outcome = drive(&wall, &[(0, "2 W9", "GANG B3")]);
    assert_requests_run(
        &outcome,
        &[
            (0, "2 W9"),
            (1, "3 0 GANG B3"),
            (2, "3 0 GANG B3"),
            (3, "3 0 GANG B3"),
            (0, "2 T4"),
        ],
    );
    let wall = make_wall(["", "W7 W7 B9", "", ""], "W7 T1 T2 T3 W7", "T6");
    let outcome = drive(
        &wall,
        &[(1, "3 0 PLAY W7", "PENG B9"), (1, "2 W7", "GANG W7")],
    );
    assert_requests_run(
        &outcome,
        &[
            (1, "2 W7"),
            (2, "3 1 GANG W7"),
            (3, "3 1 GANG W7"),
            (0, "3 1 GANG W7"),
            (1, "2 T6"),
        ],
    );
}

// ----- points 27-35: details --------------------------------------------------

#[test]
fn point_27_words_keywords_and_the_answer_to_4() {
    let wall = make_wall(["", "", "", ""], "W5", "");
    // Runs of spaces and tabs separate words.
    let outcome = drive(
        &wall,
        &[(0, "2 W5", "  PLAY \t W5  "), (1, "0 1", "\tPASS ")],
    );
    assert_eq!(outcome.events[..2], ["draw 0 W5", "play 0 W5"]);
    assert!(outcome.results.iter().all(|r| r.end == End::Playing));
    // Keywords are upper case exactly; no other character separates words.
    for answer in ["pass", "Pass", "PASS\n", "PASS\r\n"] {
        let outcome = drive(&wall, &[(2, "0 2", answer)]);
        assert_eq!(
            outcome.results[2].end,
            End::Out { request: 2 },
            "{answer:?}"
        );
    }
    // An answer to `4` is any string; empty means no target.
    let outcome = drive(&wall, &[(0, "4", ""), (1, "4", "garbage")]);
    assert_eq!(outcome.results[0].target.as_deref(), Some(""));
    assert!(!outcome.results[0].valid);
    assert_eq!(outcome.results[1].end, End::Playing);
}

#[test]
fn point_27_request_1_lists_the_tiles_in_dealt_order() {
    let hand = "T9 W1 B5 W1 T2 T2 B9 W3 W4 T7 B1 B1 W9";
    let wall = make_wall(["", hand, "", ""], "", "");
    let outcome = drive(&wall, &[]);
    assert_eq!(outcome.requests[5], (1, format!("1 {hand}")));
}

#[test]
fn point_28_a_failed_reply_puts_out_whatever_the_request() {
    let wall = make_wall(["", "", "", ""], "W5", "");
    let dealt = dealt_request(&wall, 1);
    let outcome = drive(
        &wall,
        &[
            (3, "0 3", FAILED),
            (1, dealt.as_str(), FAILED),
            (0, "2 W5", FAILED),
        ],
    );
    assert_eq!(
        outcome.events[..4],
        ["out 3", "out 1", "draw 0 W5", "out 0"]
    );
    assert_eq!(outcome.events[4], "end one-left");
    let wall = make_wall(["", "", "", ""], "W5", "");
    let outcome = drive(&wall, &[(2, "3 0 PLAY W5", FAILED)]);
    assert_eq!(outcome.events[..3], ["draw 0 W5", "play 0 W5", "out 2"]);
}

#[test]
fn point_29_order_of_asking() {
    let wall = make_wall(["B3 B3 B3 B3", "", "", ""], "W9 W8 W7", "T4");
    let outcome = drive(&wall, &[(0, "2 W9", "GANG B3")]);
    // `0` then `1` in seat order.
    let firsts: Vec<(u8, char)> = outcome.requests[..8]
        .iter()
        .map(|(p, r)| (*p, r.chars().next().unwrap()))
        .collect();
    assert_eq!(
        firsts,
        [
            (0, '0'),
            (1, '0'),
            (2, '0'),
            (3, '0'),
            (0, '1'),
            (1, '1'),
            (2, '1'),
            (3, '1')
        ]
    );
    // The kong is announced before its replacement draw.
    assert_eq!(outcome.requests[8], (0, "2 W9".to_string()));
    assert_eq!(outcome.requests[12], (0, "2 T4".to_string()));
    // Answers to a discard in play order from the discarder: 2's W7 is
    // answered by 3, 0, 1.
    assert_requests_run(
        &outcome,
        &[
            (2, "2 W7"),
            (3, "3 2 PLAY W7"),
            (0, "3 2 PLAY W7"),
            (1, "3 2 PLAY W7"),
        ],
    );
}

#[test]
fn point_30_each_answer_to_a_discard_is_judged_on_its_own() {
    let wall = make_wall(["", TENPAI_B2, "", "B2 B2 T9"], "B2", "");
    let outcome = drive(
        &wall,
        &[
            (1, "3 0 PLAY B2", "HU"),
            (2, "3 0 PLAY B2", "PENG"),
            (3, "3 0 PLAY B2", "PENG T9"),
        ],
    );
    assert_eq!(
        outcome.events[..4],
        ["draw 0 B2", "play 0 B2", "out 2", "hu-discard 1 B2 0"]
    );
    assert!(!outcome.events.iter().any(|e| e.starts_with("peng")));
    assert_eq!(outcome.results[3].end, End::Playing);
    assert_eq!(outcome.results[2].end, End::Out { request: 10 });
}

#[test]
fn point_31_a_pung_may_discard_the_fourth_copy() {
    let wall = make_wall(["", "B7 B7 B7", "", ""], "B7", "");
    let outcome = drive(&wall, &[(1, "3 0 PLAY B7", "PENG B7")]);
    assert_eq!(
        outcome.events[..4],
        ["draw 0 B7", "play 0 B7", "peng 1 B7", "play 1 B7"]
    );
    assert!(outcome.events[4].starts_with("draw 2 "));
    // With only two B7 concealed, discarding a third is not possible.
    let wall = make_wall(
        ["", "B7 B7 W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2", "", ""],
        "B7",
        "",
    );
    let outcome = drive(&wall, &[(1, "3 0 PLAY B7", "PENG B7")]);
    assert_eq!(outcome.events[2], "out 1");
}

#[test]
fn point_32_a_player_put_out_on_its_turn_is_followed_by_its_next() {
    let hand = "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4";
    let wall = make_wall(["", hand, "", ""], "B5 B6", "");
    let outcome = drive(&wall, &[(1, "2 B6", "PLAY T9")]);
    assert_eq!(outcome.events[2..4], ["draw 1 B6", "out 1"]);
    assert!(outcome.events[4].starts_with("draw 2 "));
    let out_at = request_at(&outcome, 1, "2 B6");
    assert!(outcome.requests[out_at + 1..]
        .iter()
        .all(|(p, r)| *p != 1 && !r.starts_with("3 1 ")));
}

#[test]
fn point_33_one_player_left_beats_an_empty_wall() {
    // 2 and 3 leave at once; 0 and 1 take turns, so 1 draws the last tile.
    let wall = make_wall([TENPAI_B2, "B2 B2", "", ""], "", "B2");
    let outcome = drive(
        &wall,
        &[(2, "0 2", "X"), (3, "0 3", "X"), (0, "3 1 PLAY B2", "HU")],
    );
    let n = outcome.events.len();
    assert_eq!(
        outcome.events[n - 4..],
        [
            "draw 1 B2",
            "play 1 B2",
            "hu-discard 0 B2 1",
            "end one-left"
        ]
    );
    // Nobody is asked `4`, and the win is not announced.
    assert!(!outcome.requests.iter().any(|(_, r)| r == "4"));
    assert_eq!(
        outcome.requests.last().unwrap(),
        &(0, "3 1 PLAY B2".to_string())
    );
    assert_eq!(
        summary(&outcome),
        [
            (
                End::Won {
                    order: 1,
                    self_drawn: false
                },
                1,
                8
            ),
            (End::Playing, 2, 6),
            (End::Out { request: 2 }, 3, 3),
            (End::Out { request: 3 }, 3, 3),
        ]
    );
}

#[test]
fn point_33_the_game_ends_at_once_even_mid_announcement() {
    let wall = make_wall([TENPAI_B2, "", "", ""], "B2", "");
    let outcome = drive(
        &wall,
        &[
            (0, "2 B2", "HU"),
            (1, "3 0 HU SELF", "NO"),
            (2, "3 0 HU SELF", "NO"),
        ],
    );
    assert_eq!(
        outcome.events,
        [
            "draw 0 B2",
            "hu-self 0 B2",
            "out 1",
            "out 2",
            "end one-left"
        ]
    );
    assert_eq!(outcome.requests.len(), 11, "player 3 is never told");
    assert_eq!(
        summary(&outcome),
        [
            (
                End::Won {
                    order: 1,
                    self_drawn: true
                },
                1,
                8
            ),
            (End::Out { request: 9 }, 3, 3),
            (End::Out { request: 10 }, 3, 3),
            (End::Playing, 2, 6),
        ]
    );
}

#[test]
fn point_34_a_concealed_kong_must_be_a_kong_in_the_target() {
    let wall = make_wall(
        ["W1 W1 W1 W1 B1 B2 B3 B4 B5 B6 T7 T8 T9", "", "", ""],
        "T1",
        "T2",
    );
    let as_kong = "W1 W1 W1 W1 B1 B2 B3 B4 B5 B6 T7 T8 T9 T1 T1";
    let as_pung = "W1 W1 W1 W1 W2 W3 B1 B2 B3 B4 B5 B6 T1 T1";
    let outcome = drive(&wall, &[(0, "2 T1", "GANG W1"), (0, "4", as_kong)]);
    assert!(outcome.results[0].valid);
    assert_eq!(outcome.results[0].hamming, Some(1));
    let outcome = drive(&wall, &[(0, "2 T1", "GANG W1"), (0, "4", as_pung)]);
    assert!(!outcome.results[0].valid);
}

#[test]
fn point_35_the_winners_tile_counts_at_the_end_position() {
    let wall = make_wall(
        [
            "",
            "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T8",
            "",
            "B2 B3 B4 B5 B6 B7 T1 T1 T2 T3 T4 T6 T7",
        ],
        "T8 T5 T5 T8 T8",
        "",
    );
    let outcome = drive(
        &wall,
        &[
            (1, "3 0 PLAY T8", "HU"),
            (3, "4", "B2 B3 B4 B5 B6 B7 T1 T1 T2 T3 T4 T6 T7 T8"),
        ],
    );
    assert_eq!(outcome.events[2], "hu-discard 1 T8 0");
    // L = the plays minus the one claimed; the winner's T8 is at L + 1.
    let l = plays(&outcome) - 1;
    assert_eq!(outcome.results[3].hamming, Some(1));
    assert_eq!(outcome.results[3].chance, Some(l + 1));
}

#[test]
fn point_35_tiles_of_players_put_out_count_at_the_end_position() {
    let wall = make_wall(
        [
            "",
            "",
            "B9 B9 B9 B9",
            "B1 B2 B3 B4 B5 B6 T1 T1 T2 T3 T4 B7 B8",
        ],
        "W5 W6 W7",
        "",
    );
    let outcome = drive(
        &wall,
        &[
            (2, "2 W7", "PLAY Z1"),
            (3, "4", "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T1 T2 T3 T4"),
        ],
    );
    assert_eq!(outcome.events[4..6], ["draw 2 W7", "out 2"]);
    assert_eq!(outcome.results[3].hamming, Some(1));
    assert_eq!(outcome.results[3].chance, Some(plays(&outcome) + 1));
}

#[test]
fn point_35_a_failed_answer_to_request_4_puts_out() {
    let outcome = drive(&default_wall(), &[(2, "4", FAILED)]);
    let asked = request_at(&outcome, 2, "4");
    let n = outcome.events.len();
    assert_eq!(outcome.events[n - 2..], ["out 2", "end empty-wall"]);
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 1, 6),
            (End::Playing, 1, 6),
            (End::Out { request: asked }, 4, 2),
            (End::Playing, 1, 6)
        ]
    );
    assert_eq!(outcome.results[2].target, None);
    assert!(!outcome.results[2].valid);
}

#[test]
fn point_35_tied_players_still_in_take_the_first_place() {
    // Two players with the same Hamming distance and chance value.
    let wall = make_wall(
        [
            "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T4 T6",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 T2 T2 T4 T6",
            "",
            "",
        ],
        "T5 T5 T5 T5",
        "",
    );
    let outcome = drive(
        &wall,
        &[
            (0, "4", "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T4 T5 T6"),
            (1, "4", "B1 B2 B3 B4 B5 B6 B7 B8 B9 T2 T2 T4 T5 T6"),
            (2, "4", "nothing"),
        ],
    );
    let r = &outcome.results;
    assert_eq!((r[0].hamming, r[0].chance), (Some(1), Some(4)));
    assert_eq!((r[1].hamming, r[1].chance), (Some(1), Some(4)));
    assert_eq!(
        summary(&outcome),
        [
            (End::Playing, 1, 7),
            (End::Playing, 1, 7),
            (End::Playing, 3, 3),
            (End::Playing, 3, 3)
        ]
    );
}

#[test]
fn point_09_pung_needs_two_and_kong_three() {
    // Player 1 holds one W5: no PENG. Player 2 holds two: PENG but no GANG.
    let one = "W5 W6 W7 W8 B4 B5 B6 T1 T2 T3 T4 T5 T6";
    let two = "W5 W5 B1 B2 B3 B7 B8 B9 T7 T8 T9 W1 W1";
    let wall = make_wall(["", one, two, ""], "W5", "");
    for (p, answer, legal) in [
        (1, "PENG W6", false),
        (1, "GANG", false),
        (2, "GANG", false),
        (2, "PENG B1", true),
    ] {
        let outcome = drive(&wall, &[(p, "3 0 PLAY W5", answer)]);
        let line = if legal {
            format!("peng {p} W5")
        } else {
            format!("out {p}")
        };
        assert_eq!(outcome.events[2], line, "{p} {answer}");
    }
}
