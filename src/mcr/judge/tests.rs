//! Rules of the official judge that the recorded games show rarely or not
//! at all, each on a hand-made wall: who pays, in which order answers are
//! checked, and the wall's end.

use super::super::fan::Fan;
use super::super::tile::Tile;
use super::*;
use crate::rng::Rng;

/// A wall on which seat `i` takes the tiles of `takes[i]` in order (its
/// 13 dealt tiles, then its draws), each part `part` tiles long: the rest
/// of each part is filled, in front, from the tiles no seat takes.
fn wall(takes: [&str; 4], part: usize, quan: u8) -> InitData {
    let mut pool: Vec<WallTile> = Tile::all().flat_map(|t| [WallTile::Kind(t); 4]).collect();
    let takes: Vec<Vec<WallTile>> = takes
        .iter()
        .map(|s| s.split(' ').map(|w| w.parse().unwrap()).collect())
        .collect();
    for t in takes.iter().flatten() {
        if let Some(i) = pool.iter().position(|p| p == t) {
            pool.remove(i);
        }
    }
    let mut tiles = Vec::new();
    for own in &takes {
        assert!(own.len() <= part);
        tiles.extend(pool.drain(..part - own.len()));
        tiles.extend(own.iter().rev());
    }
    InitData::new(Wall::new(tiles).unwrap(), i64::from(quan)).unwrap()
}

/// Answers the current step: seat `s` answers `answers[s]`.
fn step(j: &mut Judge, answers: [&str; 4]) {
    for a in answers {
        j.answer_text(a).unwrap();
    }
}

fn pass(j: &mut Judge) {
    step(j, ["PASS"; 4]);
}

/// The current step's requests as strings.
fn asked(j: &Judge) -> [String; 4] {
    let r = j.step_requests().expect("a step");
    std::array::from_fn(|s| r[s].to_string())
}

/// Answers the `0` and `1` steps.
fn start(init: &InitData, options: Options) -> Judge {
    let mut j = Judge::with_options(init, options);
    assert_eq!(asked(&j)[2], format!("0 2 {}", init.quan));
    pass(&mut j);
    pass(&mut j);
    j
}

/// The drawer `seat` discards what it drew; the others pass.
fn draw_and_play(j: &mut Judge, seat: usize) {
    let drawn = asked(j)[seat].clone();
    let tile = drawn.strip_prefix("2 ").expect("a draw").to_string();
    let mut a = [
        "PASS".to_string(),
        "PASS".into(),
        "PASS".into(),
        "PASS".into(),
    ];
    a[seat] = format!("PLAY {tile}");
    step(j, a.each_ref().map(|s| s.as_str()));
}

fn penalty(j: &Judge) -> (u8, Offence) {
    match &j.result().expect("over").end {
        End::Penalty { seat, offence, .. } => (*seat, offence.clone()),
        other => panic!("no penalty: {other:?}"),
    }
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

const S0: &str = "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2 T3 T4";
const S1: &str = "B1 B2 B3 B4 B5 B6 B7 B8 B9 T5 T6 T7 T8";
const S2: &str = "J1 J1 F4 F3 F2 W1 W2 W3 B1 B2 B3 T9 T9";
const S3: &str = "F1 F1 F2 F3 W6 W7 W8 B6 B7 B8 T1 T2 T3";

#[test]
fn the_deal_and_the_requests_are_the_official_strings() {
    let init = wall(
        [
            &format!("{S0} J1"),
            &format!("H3 {S1} H1 B9"),
            &format!("{S2} W9"),
            &format!("{S3} W9"),
        ],
        34,
        2,
    );
    let mut j = Judge::new(&init);
    assert_eq!(asked(&j)[3], "0 3 2");
    pass(&mut j);
    // Flowers dealt are set aside and the seat takes on until it has 13.
    assert_eq!(
        asked(&j)[1],
        format!("1 0 1 0 0 {S1} H3"),
        "the flower counts, the hand in dealt order, then the flowers"
    );
    pass(&mut j);
    assert_eq!(
        asked(&j),
        ["2 J1", "3 0 DRAW", "3 0 DRAW", "3 0 DRAW"].map(String::from)
    );
    draw_and_play(&mut j, 0);
    assert_eq!(asked(&j), ["3 0 PLAY J1"; 4].map(String::from));
    pass(&mut j);
    assert_eq!(asked(&j), ["3 1 BUHUA H1"; 4].map(String::from));
    assert_eq!(j.flowers(1), 2);
    pass(&mut j);
    assert_eq!(asked(&j)[1], "2 B9");
}

#[test]
fn the_game_is_drawn_when_the_drawer_part_is_empty_even_if_others_are_not() {
    // Parts of 14: one draw each. Seat 2 pungs seat 0's discard, so seat 1
    // never draws; seat 0's second draw finds its part empty.
    let init = wall(
        [
            &format!("{S0} J1"),
            &format!("{S1} B9"),
            &format!("{S2} W9"),
            &format!("{S3} T9"),
        ],
        14,
        0,
    );
    let mut j = start(&init, Options::default());
    draw_and_play(&mut j, 0);
    step(&mut j, ["PASS", "PASS", "PENG F4", "PASS"]);
    assert_eq!(asked(&j), ["3 2 PENG F4"; 4].map(String::from));
    pass(&mut j);
    draw_and_play(&mut j, 3);
    pass(&mut j);
    let r = j.result().expect("over");
    assert_eq!(r.end, End::Exhausted { seat: 0 });
    assert_eq!(r.scores, [0; 4]);
    assert_eq!(
        (0..4).map(|s| j.tiles_left(s)).collect::<Vec<_>>(),
        [0, 1, 1, 0]
    );
}

/// Parts of 15 where seat `flowered` draws a flower first, so that its part
/// is empty after one round while the others hold one tile each; each
/// seat then takes `extra[s]`.
fn flower_wall(flowered: usize, extra: [&str; 4]) -> InitData {
    let hands = [S0, S1, S2, S3];
    let takes: [String; 4] = std::array::from_fn(|s| {
        if s == flowered {
            format!("{} H1 {}", hands[s], extra[s])
        } else {
            format!("{} {}", hands[s], extra[s])
        }
    });
    wall(takes.each_ref().map(|s| s.as_str()), 15, 0)
}

/// Plays the first round: everyone draws and discards its draw, but seat
/// 2 keeps its draw (J1) and discards F4.
fn first_round(j: &mut Judge, flowered: usize) {
    for s in 0..4 {
        if s == flowered {
            assert_eq!(asked(j)[0], format!("3 {s} BUHUA H1"));
            pass(j);
        }
        if s == 2 {
            assert_eq!(asked(j)[2], "2 J1");
            step(j, ["PASS", "PASS", "PLAY F4", "PASS"]);
        } else {
            draw_and_play(j, s);
        }
        pass(j);
    }
}

/// Seat 0 draws J3 then J1, seat 1 a flower then W9, seat 2 holds two
/// J1 and draws the third.
const EXTRA: [&str; 4] = ["J3 J1", "W9", "J1 W9", "T9 T9"];

#[test]
fn a_claim_that_leaves_the_next_seat_nothing_is_punished_once_made() {
    for answer in ["PENG F3", "GANG"] {
        // Seat 1's part is empty after its flower; seat 0 then discards J1.
        let init = flower_wall(1, EXTRA);
        let mut j = start(&init, Options::default());
        first_round(&mut j, 1);
        assert_eq!(j.tiles_left(1), 0);
        draw_and_play(&mut j, 0);
        assert_eq!(asked(&j)[2], "3 0 PLAY J1");
        step(&mut j, ["PASS", "PASS", answer, "PASS"]);
        // The claim is made, then refused.
        assert!(
            matches!(
                j.events().last(),
                Some(Event::Peng { seat: 2, .. } | Event::Kong { seat: 2, .. })
            ),
            "{answer}"
        );
        assert_eq!(
            penalty(&j),
            (2, Offence::Wrong(WrongMove::ClaimAtWallEnd)),
            "{answer}"
        );
        assert_eq!(j.result().unwrap().scores, [10, 10, -30, 10]);
        // The claim's notice is never sent.
        assert!(j.step_requests().is_none());
        assert_eq!(j.steps().last().unwrap()[2].to_string(), "3 0 PLAY J1");
    }
    // Without a claim, seat 1 cannot draw: drawn.
    let init = flower_wall(1, EXTRA);
    let mut j = start(&init, Options::default());
    first_round(&mut j, 1);
    draw_and_play(&mut j, 0);
    pass(&mut j);
    assert_eq!(j.result().unwrap().end, End::Exhausted { seat: 1 });
}

#[test]
fn a_melded_kong_on_an_empty_own_part_is_accepted_then_drawn() {
    // Seat 2's part is empty after its flower; seat 1's is not.
    let init = flower_wall(2, ["J3 J1", "W9 W9", "J1", "T9 T9"]);
    for (options, refused) in [(Options::default(), false), (Options::python_twin(), true)] {
        let mut j = start(&init, options);
        first_round(&mut j, 2);
        assert_eq!((j.tiles_left(1), j.tiles_left(2)), (1, 0));
        draw_and_play(&mut j, 0);
        assert_eq!(asked(&j)[0], "3 0 PLAY J1");
        step(&mut j, ["PASS", "PASS", "GANG", "PASS"]);
        if refused {
            let why = WrongMove::KongWithoutReplacement;
            assert_eq!(penalty(&j), (2, Offence::Wrong(why)));
            continue;
        }
        assert_eq!(asked(&j), ["3 2 GANG"; 4].map(String::from));
        pass(&mut j);
        let r = j.result().unwrap();
        assert_eq!(r.end, End::Exhausted { seat: 2 });
        assert_eq!(r.scores, [0; 4]);
    }
}

/// Seat 0 discards T4: seat 1 can chow it (T5 T6), seat 2 pung it.
fn claims_game() -> Judge {
    let init = wall(
        [
            &format!("{S0} T4"),
            S1,
            "T4 T4 F4 F3 F2 W1 W2 W3 B1 B2 B3 T9 T9",
            S3,
        ],
        34,
        0,
    );
    let mut j = start(&init, Options::default());
    draw_and_play(&mut j, 0);
    assert_eq!(asked(&j)[1], "3 0 PLAY T4");
    j
}

#[test]
fn pungs_go_before_chows_and_later_answers_are_not_read() {
    // Seat 2's pung beats seat 1's chow; seat 3's garbage is never read.
    let mut j = claims_game();
    step(&mut j, ["PASS", "CHI T5 B9", "PENG F4", "XYZ"]);
    assert_eq!(asked(&j), ["3 2 PENG F4"; 4].map(String::from));
    // Three words are left for the chow pass, where a pung stops them.
    let mut j = claims_game();
    step(&mut j, ["PASS", "A B C", "PENG F4", "PASS"]);
    assert_eq!(asked(&j)[0], "3 2 PENG F4");
    // Seat order, not distance: seat 1's bad answer is read before seat
    // 2's pung.
    let mut j = claims_game();
    step(&mut j, ["PASS", "FOO BAR", "PENG F4", "PASS"]);
    assert_eq!(penalty(&j), (1, Offence::Wrong(WrongMove::Malformed)));
    // The next seat's chow is read before another seat's wrong chow.
    let mut j = claims_game();
    step(&mut j, ["PASS", "CHI T5 B9", "PASS", "CHI T5 W6"]);
    assert_eq!(asked(&j)[3], "3 1 CHI T5 B9");
    assert_eq!(j.melds(1)[0].offer, 1, "the lowest tile was claimed");
    let mut j = claims_game();
    step(&mut j, ["PASS", "PASS", "PASS", "CHI T5 W6"]);
    assert_eq!(penalty(&j), (3, Offence::Wrong(WrongMove::ChiNotNextSeat)));
    let mut j = claims_game();
    step(&mut j, ["PASS", "CHI T4 B9", "PASS", "PASS"]);
    assert_eq!(penalty(&j), (1, Offence::Wrong(WrongMove::CannotChi)));
}

/// Seat 2 discards W5, on which seat 3 (pure straight, single wait) and
/// seat 0 (nine gates) can both win.
fn twin_game() -> Judge {
    let init = wall(
        [
            "W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9 J3",
            &format!("{S1} J2"),
            &format!("{S2} W5"),
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 F1 F1 F1 W5",
        ],
        34,
        1,
    );
    let mut j = start(&init, Options::default());
    for s in 0..3 {
        draw_and_play(&mut j, s);
        if s < 2 {
            pass(&mut j);
        }
    }
    assert_eq!(asked(&j)[0], "3 2 PLAY W5");
    j
}

#[test]
fn the_first_win_counter_clockwise_from_the_discarder_counts() {
    let mut j = twin_game();
    step(&mut j, ["HU", "PASS", "PASS", "HU"]);
    let r = j.result().unwrap();
    let End::Win(w) = &r.end else { panic!("{r:?}") };
    assert_eq!((w.seat, w.kind), (3, WinKind::Discard { from: 2 }));
    assert!(w.fans.iter().any(|&(f, _)| f == Fan::PureStraight), "{w:?}");
    assert_eq!(r.scores, [-8, -8, -(8 + w.total), 24 + w.total]);
    // Alone, seat 0 wins with nine gates.
    let mut j = twin_game();
    step(&mut j, ["HU", "PASS", "PASS", "PASS"]);
    let End::Win(w) = &j.result().unwrap().end else {
        panic!()
    };
    assert_eq!(w.seat, 0);
    assert!(w.total >= 88);
    // A failure of seat 3 is found before seat 0's win.
    let mut j = twin_game();
    for a in ["HU", "PASS", "PASS"] {
        j.answer_text(a).unwrap();
    }
    j.answer(Reply::Failed(Verdict::TimeLimit)).unwrap();
    assert_eq!(penalty(&j), (3, Offence::Verdict(Verdict::TimeLimit)));
    assert_eq!(j.result().unwrap().end.action(), "TLE");
    // The discarder must pass, whoever wins.
    let mut j = twin_game();
    step(&mut j, ["PASS", "PASS", "HU", "HU"]);
    assert_eq!(penalty(&j), (2, Offence::Wrong(WrongMove::NotPass)));
}

/// Seat 1 pungs T5 and later promotes it; seat 2 waits on T5.
fn robbing_game() -> Judge {
    let init = wall(
        [
            "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2 T3 F2 T5 J3",
            "T5 T5 B1 B2 B3 B4 B6 B7 B8 F3 F3 J2 J2 T5 W9",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 T4 T6 F1 F1 W9",
            "F1 F1 F2 F3 W6 W7 W8 B6 B7 B8 T1 T2 T3 J1",
        ],
        16,
        0,
    );
    let mut j = start(&init, Options::default());
    draw_and_play(&mut j, 0);
    step(&mut j, ["PASS", "PENG F3", "PASS", "PASS"]);
    pass(&mut j);
    for s in [2, 3, 0] {
        draw_and_play(&mut j, s);
        pass(&mut j);
    }
    assert_eq!(asked(&j)[1], "2 T5");
    step(&mut j, ["PASS", "BUGANG T5", "PASS", "PASS"]);
    assert_eq!(asked(&j), ["3 1 BUGANG T5"; 4].map(String::from));
    j
}

#[test]
fn robbing_a_promoted_kong_charges_the_konger() {
    let mut j = robbing_game();
    step(&mut j, ["PASS", "PASS", "HU", "PASS"]);
    let r = j.result().unwrap();
    let End::Win(w) = &r.end else { panic!("{r:?}") };
    assert_eq!((w.seat, w.kind), (2, WinKind::RobbingKong { from: 1 }));
    assert!(
        w.fans.iter().any(|&(f, _)| f == Fan::RobbingTheKong),
        "{w:?}"
    );
    assert_eq!(r.scores, [-8, -(8 + w.total), 24 + w.total, -8]);
    // The konger cannot rob itself.
    let mut j = robbing_game();
    step(&mut j, ["PASS", "HU", "HU", "PASS"]);
    assert_eq!(penalty(&j), (1, Offence::Wrong(WrongMove::NotPass)));
    // Without a robber the konger draws its replacement.
    let mut j = robbing_game();
    pass(&mut j);
    assert_eq!(asked(&j)[1], "2 W9");
    assert_eq!(j.melds(1)[0].kind, super::super::hand::MeldKind::Kong);
}

#[test]
fn a_concealed_kong_may_name_any_tile_held_four_times() {
    let hand = "W3 W3 W3 W3 W1 W2 W4 W5 W6 T1 T2 T3 T4";
    let init = wall([&format!("{hand} J2 J3"), S1, S2, S3], 34, 0);
    let mut j = start(&init, Options::default());
    assert_eq!(asked(&j)[0], "2 J2");
    step(&mut j, ["GANG W3", "PASS", "PASS", "PASS"]);
    assert_eq!(asked(&j), ["3 0 GANG"; 4].map(String::from));
    assert!(matches!(
        j.events().last(),
        Some(Event::Kong {
            seat: 0,
            kind: KongKind::Concealed,
            ..
        })
    ));
    pass(&mut j);
    assert_eq!(asked(&j)[0], "2 J3");
    // Nobody may answer HU to a concealed kong.
    let mut j = start(&init, Options::default());
    step(&mut j, ["GANG W3", "PASS", "PASS", "PASS"]);
    step(&mut j, ["PASS", "HU", "PASS", "PASS"]);
    assert_eq!(penalty(&j), (1, Offence::Wrong(WrongMove::NotPass)));
    // Not with the konger's part empty.
    let init = wall([&format!("{hand} J2"), S1, S2, S3], 14, 0);
    let mut j = start(&init, Options::default());
    step(&mut j, ["GANG W3", "PASS", "PASS", "PASS"]);
    assert_eq!(penalty(&j), (0, Offence::Wrong(WrongMove::KongAtWallEnd)));
}

#[test]
fn answers_are_read_exactly() {
    let init = wall([&format!("{S0} J2"), S1, S2, S3], 34, 0);
    for (answer, why) in [
        ("play J2", WrongMove::Malformed),
        ("PLAY  J2", WrongMove::Malformed),
        ("PLAY J9", WrongMove::UnknownTile),
        ("PLAY B1", WrongMove::NotHeld(tile("B1"))),
        ("GANG W1", WrongMove::CannotConcealedKong(tile("W1"))),
        ("BUGANG W1", WrongMove::CannotPromote(tile("W1"))),
        ("PASS", WrongMove::Malformed),
        ("CHI W2 W1", WrongMove::Malformed),
    ] {
        let mut j = start(&init, Options::default());
        step(&mut j, [answer, "PASS", "PASS", "PASS"]);
        assert_eq!(penalty(&j), (0, Offence::Wrong(why)), "{answer}");
        let End::Penalty { answer: text, .. } = &j.result().unwrap().end else {
            unreachable!()
        };
        assert_eq!(text.as_deref(), Some(answer));
    }
    let mut j = Judge::new(&init);
    step(&mut j, ["PASS", "PASS", "PASS ", "PASS"]);
    assert_eq!(penalty(&j), (2, Offence::Wrong(WrongMove::NotPass)));
    let mut j = Judge::new(&init);
    j.answer_failed(Verdict::Other(String::new())).unwrap();
    // The step is judged once all four have answered.
    assert!(j.result().is_none());
    for _ in 0..3 {
        j.answer_text("PASS").unwrap();
    }
    assert_eq!(j.result().unwrap().end.action(), "");
    assert_eq!(j.answer_text("PASS"), Err(NotPending));
}

/// Whether `seat` would win on `tile` with at least 8 fans.
fn wins(j: &Judge, seat: usize, tile: Tile, self_drawn: bool) -> bool {
    let hand = super::super::hand::Hand {
        melds: j.melds(seat),
        standing: Tile::all()
            .flat_map(|t| std::iter::repeat_n(t, usize::from(j.hand(seat)[t.index()])))
            .collect(),
    };
    let ctx = super::super::hand::WinContext {
        self_drawn,
        seat_wind: seat as u8,
        ..super::super::hand::WinContext::on(tile)
    };
    super::super::calc::calculate(&hand, &ctx, super::super::fan::Reading::Judge2018)
        .is_ok_and(|r| r.total >= 8)
}

/// An answer to `request`: mostly legal (wins taken), now and then
/// illegal, so that games reach every kind of end.
fn random_answer(j: &Judge, seat: usize, request: &Request, rng: &mut Rng) -> Reply {
    let held: Vec<Tile> = Tile::all()
        .filter(|t| j.hand(seat)[t.index()] > 0)
        .collect();
    let some_held = |rng: &mut Rng| held.get(rng.below(held.len().max(1))).copied();
    let count = |t: Tile| j.hand(seat)[t.index()];
    match rng.below(3000) {
        0 => return Reply::Failed(Verdict::RuntimeError),
        1 => return Reply::Text("garbage words here".into()),
        2 => return Reply::Text("HU".into()),
        _ => {}
    }
    let roll = rng.below(100);
    let text = match *request {
        Request::Draw(t) if wins(j, seat, t, true) => "HU".into(),
        Request::Draw(t) if count(t) == 3 && roll < 50 => format!("GANG {t}"),
        Request::Draw(t) if j.melds(seat).iter().any(|m| m.tile == t) && roll < 50 => {
            format!("BUGANG {t}")
        }
        Request::Draw(t) => match roll {
            0..=79 => format!("PLAY {t}"),
            _ => format!("PLAY {}", some_held(rng).unwrap_or(t)),
        },
        Request::Play { seat: p, tile }
        | Request::Peng { seat: p, tile }
        | Request::Chi { seat: p, tile, .. }
            if usize::from(p) != seat =>
        {
            if wins(j, seat, tile, false) {
                "HU".into()
            } else if count(tile) >= 3 && roll < 30 {
                "GANG".into()
            } else if count(tile) >= 2 && roll < 40 {
                let other = held.iter().find(|&&t| t != tile).copied().unwrap_or(tile);
                format!("PENG {other}")
            } else if (usize::from(p) + 1) % 4 == seat
                && tile.is_suited()
                && (2..=8).contains(&tile.rank())
                && [tile.index() - 1, tile.index() + 1]
                    .iter()
                    .all(|&k| j.hand(seat)[k] > 0)
                && roll < 30
            {
                format!("CHI {tile} {}", some_held(rng).unwrap_or(tile))
            } else {
                "PASS".into()
            }
        }
        Request::BuGang { tile, seat: p }
            if usize::from(p) != seat && wins(j, seat, tile, false) =>
        {
            "HU".into()
        }
        _ => "PASS".into(),
    };
    Reply::Text(text.into())
}

#[test]
fn random_walls_and_answers_end_without_panics() {
    let mut rng = Rng::new(48);
    let mut ends = std::collections::HashMap::new();
    for game in 0..3000 {
        let mut tiles: Vec<WallTile> = Tile::all().flat_map(|t| [WallTile::Kind(t); 4]).collect();
        if game % 3 == 0 {
            tiles.extend((1..=8).map(|n| WallTile::Flower(Flower::new(n).unwrap())));
        }
        rng.shuffle(&mut tiles);
        let init = InitData::new(Wall::new(tiles).unwrap(), (game % 4) as i64).unwrap();
        let options = if game % 2 == 0 {
            Options::default()
        } else {
            Options::python_twin()
        };
        let mut j = Judge::with_options(&init, options);
        let mut steps = 0;
        while let Some((seat, request)) = j.pending() {
            let request = *request;
            assert!(!request.to_string().is_empty());
            let reply = random_answer(&j, seat, &request, &mut rng);
            j.answer(reply).unwrap();
            steps += 1;
            assert!(steps < 4 * 400, "game {game} does not end");
        }
        let r = j.result().unwrap();
        assert_eq!(r.scores.iter().sum::<i32>(), 0, "{r:?}");
        *ends.entry(r.end.action().to_string()).or_insert(0) += 1;
    }
    // Not degenerate: wins, draws and penalties of every kind happen.
    // (Random discards seldom make a hand worth 8 fans.)
    for (action, least) in [
        ("HU", 1),
        ("HUANG", 100),
        ("WA", 100),
        ("WH", 10),
        ("RE", 10),
    ] {
        assert!(ends.get(action).copied().unwrap_or(0) >= least, "{ends:?}");
    }
}
