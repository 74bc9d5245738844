//! Tests of the numbered points of the rules page (`point_NN_what`), on
//! hand-made walls and scripted answers, then properties of whole games
//! between the built-in bots.

use super::bot::Bot;
use super::event::EndReason;
use super::families::{walls, Family};
use super::greedy::GreedyBot;
use super::judge::Judge;
use super::play::{play, run_bots};
use super::protocol::{
    bot_input, bot_output, judge_step, read_output, reply_of, StepError, OUTPUT_LIMIT,
};
use super::request::{Reply, Request};
use super::result::{
    check_target, hamming, is_valid_target, target_counts, GameResult, OutReason, PlayerEnd,
    PlayerResult, TargetFlaw,
};
use super::sample::{SampleBot, SAMPLE_TARGET};
use super::tiles::{self, name, parse_tiles};
use super::wall::{Wall, WALL_TILES};
use super::Meld;
use super::{Rng, Tile, KINDS};

// ---- helpers ----

fn tl(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap_or_else(|| panic!("bad tiles {s:?}"))
}

fn tt(s: &str) -> Tile {
    tl(s)[0]
}

/// Seats `bot` as player 0 and deals it `hand` (13 tiles), checking that it
/// answers both requests `PASS`.
fn deal(bot: &mut impl Bot, hand: &str) {
    let dealt: [Tile; 13] = tl(hand).try_into().expect("13 tiles");
    for r in [Request::Id(0), Request::Deal(dealt)] {
        assert_eq!(bot.respond(&r), "PASS");
    }
}

/// A wall from dealt hands (in dealt order, possibly partial), the front
/// draws after the deal and the back (last tile first); the rest is filled
/// in a fixed shuffled order.
fn wall(hands: [&str; 4], front: &str, back: &str) -> Wall {
    let h: Vec<Vec<Tile>> = hands.iter().map(|s| tl(s)).collect();
    Wall::arrange(
        [&h[0], &h[1], &h[2], &h[3]],
        &tl(front),
        &tl(back),
        &mut Rng::new(1),
    )
    .unwrap()
}

/// The default answer: `PASS`, discard the drawn tile, no target.
fn default_reply(r: &Request) -> Reply {
    match r {
        Request::Draw(t) => Reply::Text(format!("PLAY {}", name(*t))),
        Request::Target => Reply::Text(String::new()),
        _ => Reply::Text("PASS".into()),
    }
}

/// Plays `w`, answering from `script(player, request string)` where it has
/// an answer and by [`default_reply`] elsewhere.
fn run(w: &Wall, mut script: impl FnMut(usize, &str) -> Option<Reply>) -> Judge {
    let mut j = Judge::new(w);
    while let Some((p, r)) = j.pending() {
        let r = *r;
        let reply = script(p, &r.to_string()).unwrap_or_else(|| default_reply(&r));
        j.answer(reply).unwrap();
    }
    j
}

fn say(s: &str) -> Option<Reply> {
    Some(Reply::Text(s.into()))
}

fn ev(j: &Judge) -> Vec<String> {
    j.events().iter().map(|e| e.to_string()).collect()
}

fn rq(j: &Judge) -> Vec<(usize, String)> {
    j.requests()
        .iter()
        .map(|(p, r)| (*p as usize, r.to_string()))
        .collect()
}

fn res(j: &Judge) -> &GameResult {
    j.result().expect("over")
}

/// The events from the first one equal to `from`, `n` of them.
fn ev_from(j: &Judge, from: &str, n: usize) -> Vec<String> {
    let e = ev(j);
    let i = e
        .iter()
        .position(|x| x == from)
        .unwrap_or_else(|| panic!("no `{from}` in {e:#?}"));
    e[i..(i + n).min(e.len())].to_vec()
}

/// The requests right after the first one equal to `(p, s)`, `n` of them.
fn rq_after(j: &Judge, p: usize, s: &str, n: usize) -> Vec<(usize, String)> {
    let r = rq(j);
    let i = r
        .iter()
        .position(|(q, x)| *q == p && x == s)
        .unwrap_or_else(|| panic!("no request ({p}, {s})"));
    r[i + 1..(i + 1 + n).min(r.len())].to_vec()
}

fn strs(v: &[(usize, &str)]) -> Vec<(usize, String)> {
    v.iter().map(|(p, s)| (*p, s.to_string())).collect()
}

fn out_reason(r: &PlayerResult) -> &OutReason {
    match &r.end {
        PlayerEnd::Out { reason, .. } => reason,
        e => panic!("not out: {e:?}"),
    }
}

fn half_points_sum(r: &GameResult) -> u32 {
    r.players.iter().map(|p| p.half_points as u32).sum()
}

/// A wall where player 0's two dealt quads (W1, B5) become kongs and it
/// wins on its second replacement draw.
fn kong_wall() -> Wall {
    wall(
        ["W1 W1 W1 W1 B5 B5 B5 B5 T1 T1 T2 T3 T8", "", "", ""],
        "T9",
        "T1 T7",
    )
}

/// Player 1 pungs player 0's `B5`, discarding `T9`; the fourth `B5` is
/// then player 1's next draw (`added`) or player 3's first draw.
fn pung_wall(fourth_to_player_1: bool) -> Wall {
    let front = if fourth_to_player_1 {
        "W9 W8 W8 W8 B5"
    } else {
        "W9 W9 B5"
    };
    wall(["B5", "B5 B5 T9", "", ""], front, "")
}

/// Player 0 discards `W5` first; player 1 holds two `W5`, players 2 and 3
/// both win on it (2 by W4 W6, 3 by W6 W7).
fn ron_wall() -> Wall {
    wall(
        [
            "W5",
            "W5 W5 B9 B9 T8 T8 W9 W9 W1 W1 W2 W3 T3",
            "W4 W6 B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T1",
            "W6 W7 T2 T3 T4 T5 T6 T7 B1 B1 B1 T9 T9",
        ],
        "",
        "",
    )
}

/// Answers for [`ron_wall`]: player 0 discards `W5` on its first draw,
/// then the three others answer as given.
fn ron_script(answers: [Option<Reply>; 3]) -> impl FnMut(usize, &str) -> Option<Reply> {
    let mut first_draw = true;
    let mut asked = [false; 3];
    move |p, s| {
        if p == 0 && s.starts_with("2 ") && first_draw {
            first_draw = false;
            return say("PLAY W5");
        }
        if p > 0 && s == "3 0 PLAY W5" && !asked[p - 1] {
            asked[p - 1] = true;
            return answers[p - 1].clone();
        }
        None
    }
}

// ---- points 1-6: tiles, wall, seats, deal, winning hand ----

#[test]
fn point_01_108_tiles_27_kinds_4_each() {
    let w = Wall::sorted();
    assert_eq!(w.tiles().len(), WALL_TILES);
    let counts = tiles::counts_of(w.tiles());
    assert_eq!(counts, [4u8; KINDS]);
    let names: Vec<&str> = tiles::all().map(name).collect();
    assert_eq!(names[..3], ["W1", "W2", "W3"]);
    assert_eq!(names[9], "B1");
    assert_eq!(names[26], "T9");
    // A fifth copy, a 28th kind (a core honor) or 107 tiles are no wall.
    let mut t = w.tiles().to_vec();
    t[0] = tt("T9");
    assert!(Wall::new(&t).is_err());
    t[0] = Tile::EAST;
    assert!(Wall::new(&t).is_err());
    assert!(Wall::new(&w.tiles()[1..]).is_err());
}

#[test]
fn point_02_exposed_lower_case_and_bot_tiles_in_any_case() {
    // Tile names in answers are case-insensitive (a kong of `b5`).
    let j = run(&kong_wall(), |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        (0, "2 T1") => say("GANG b5"),
        (0, "2 T7") => say("HU"),
        _ => None,
    });
    assert!(ev(&j).contains(&"gang-concealed 0 B5".to_string()));
    // Targets too; exposed sets are listed in lower case by the bots.
    let melds = [Meld::Pung(tt("T2"))];
    let t = target_counts("w1 W2 w3 B4 b5 B6 b7 B8 B9 T5 T5 t2 t2 t2").unwrap();
    assert!(is_valid_target(&t, &melds));
    let f = super::target::format_target(&t, &melds);
    assert_eq!(f, "W1 W2 W3 B4 B5 B6 B7 B8 B9 T5 T5 t2 t2 t2");
}

#[test]
fn point_03_front_draws_and_back_replacements() {
    let text = kong_wall().to_string();
    let w = Wall::parse(text.as_bytes()).unwrap();
    assert_eq!(w, kong_wall());
    let j = run(&w, |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        (0, "2 T1") => say("GANG B5"),
        (0, "2 T7") => say("HU"),
        _ => None,
    });
    // Front: wall[52] to player 0, wall[53] to player 1; back: wall[107],
    // then wall[106].
    let e = ev(&j);
    assert_eq!(e[0], format!("draw 0 {}", name(w.tiles()[52])));
    assert_eq!(e[2], format!("draw-back 0 {}", name(w.tiles()[107])));
    assert_eq!(e[4], format!("draw-back 0 {}", name(w.tiles()[106])));
    assert_eq!(e[6], format!("draw 1 {}", name(w.tiles()[53])));
}

#[test]
fn point_04_play_passes_in_seat_order_skipping_players_out() {
    let j = run(&Wall::shuffled(&mut Rng::new(4)), |p, s| {
        (p == 1 && s.starts_with("2 ")).then(|| Reply::Text("PASS".into()))
    });
    let drawers: Vec<char> = ev(&j)
        .iter()
        .filter(|e| e.starts_with("draw "))
        .map(|e| e.as_bytes()[5] as char)
        .take(8)
        .collect();
    assert_eq!(drawers, ['0', '1', '2', '3', '0', '2', '3', '0']);
}

#[test]
fn point_05_deal_three_rounds_of_four_then_one_each() {
    let w = Wall::shuffled(&mut Rng::new(5));
    let j = run(&w, |_, _| None);
    let r = rq(&j);
    let t = w.tiles();
    let n = |i: usize| name(t[i]);
    // Player 1: wall[4..8], wall[20..24], wall[36..40], wall[49].
    let want: Vec<&str> = [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 49]
        .iter()
        .map(|&i| n(i))
        .collect();
    assert_eq!(r[5], (1, format!("1 {}", want.join(" "))));
    // Player 0's first turn draws wall[52].
    assert_eq!(ev(&j)[0], format!("draw 0 {}", n(52)));
}

#[test]
fn point_06_four_sets_and_a_pair_14_to_18_tiles() {
    // Two concealed kongs and W1.. : 16 tiles in all.
    let j = run(&kong_wall(), |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        (0, "2 T1") => say("GANG B5"),
        (0, "2 T7") => say("HU"),
        _ => None,
    });
    assert_eq!(ev(&j)[5], "hu-self 0 T7");
    assert_eq!(
        res(&j).players[0].end,
        PlayerEnd::Won {
            order: 1,
            self_drawn: true
        }
    );
    // Seven pairs is no winning hand.
    let w = wall(
        ["W1 W1 W3 W3 W5 W5 W7 W7 B1 B1 B3 B3 T5", "", "", ""],
        "T5",
        "",
    );
    let j = run(&w, |p, s| {
        (p == 0 && s == "2 T5").then(|| Reply::Text("HU".into()))
    });
    assert_eq!(ev(&j)[1], "out 0");
    assert_eq!(
        *out_reason(&res(&j).players[0]),
        OutReason::NotWinning { self_drawn: true }
    );
    // A plain 14-tile hand wins.
    let w = wall(
        ["W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T5", "", "", ""],
        "T5",
        "",
    );
    let j = run(&w, |p, s| {
        (p == 0 && s == "2 T5").then(|| Reply::Text("HU".into()))
    });
    assert_eq!(ev(&j)[1], "hu-self 0 T5");
}

// ---- points 7-14: turns, claims, the end, illegal answers ----

#[test]
fn point_07_draw_then_play_kong_of_any_held_quad_or_hu() {
    let j = run(&kong_wall(), |p, s| match (p, s) {
        // Drew T9, kongs W1: the kong need not be of the drawn tile.
        (0, "2 T9") => say("GANG W1"),
        (0, "2 T1") => say("PLAY T1"),
        _ => None,
    });
    assert_eq!(
        &ev(&j)[..4],
        [
            "draw 0 T9",
            "gang-concealed 0 W1",
            "draw-back 0 T1",
            "play 0 T1"
        ]
    );
    // An added kong: a concealed tile beside its exposed pung.
    let j = run(&pung_wall(true), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        (1, "2 B5") => say("GANG B5"),
        _ => None,
    });
    assert_eq!(ev_from(&j, "draw 1 B5", 3)[1], "gang-added 1 B5");
    assert_eq!(j.melds(1), vec![Meld::Kong(tt("B5"))]);
}

#[test]
fn point_08_kong_replacement_then_act_again_and_no_kong_on_empty_wall() {
    let j = run(&kong_wall(), |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        (0, "2 T1") => say("GANG B5"),
        (0, "2 T7") => say("HU"),
        _ => None,
    });
    assert_eq!(
        &ev(&j)[..6],
        [
            "draw 0 T9",
            "gang-concealed 0 W1",
            "draw-back 0 T1",
            "gang-concealed 0 B5",
            "draw-back 0 T7",
            "hu-self 0 T7"
        ]
    );
    // Player 3 draws the last tile (the 56th draw, its 14th) holding a
    // dealt quad: a kong is no longer legal.
    let w = wall(["", "", "", "T4 T4 T4 T4"], "", "");
    let mut draws = 0;
    let j = run(&w, |p, s| {
        if p == 3 && s.starts_with("2 ") {
            draws += 1;
            if draws == 14 {
                return say("GANG T4");
            }
        }
        None
    });
    let e = ev(&j);
    assert_eq!(e[e.len() - 2..], ["out 3", "end empty-wall"]);
    assert_eq!(
        *out_reason(&res(&j).players[3]),
        OutReason::KongOnEmptyWall(tt("T4"))
    );
}

#[test]
fn point_09_discard_answers_pass_peng_gang_hu() {
    // PENG, then the pung's discard.
    let j = run(&pung_wall(false), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        (1, "3 3 PLAY B5") => say("GANG"),
        _ => None,
    });
    assert_eq!(
        ev_from(&j, "play 0 B5", 3),
        ["play 0 B5", "peng 1 B5", "play 1 T9"]
    );
    // GANG of a discard onto its own exposed pung (the 2014 sample bot does
    // this; it is legal).
    assert_eq!(
        ev_from(&j, "play 3 B5", 3)[1..],
        [
            "gang-discard 1 B5".to_string(),
            format!("draw-back 1 {}", name(kong_back(&pung_wall(false))))
        ]
    );
    assert_eq!(j.melds(1), vec![Meld::Kong(tt("B5"))]);
    // GANG with three concealed.
    let w = wall(["T3", "", "T3 T3 T3", ""], "W9", "");
    let j = run(&w, |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY T3"),
        (2, "3 0 PLAY T3") => say("GANG"),
        _ => None,
    });
    assert_eq!(ev(&j)[2], "gang-discard 2 T3");
    assert!(ev(&j)[3].starts_with("draw-back 2 "));
    // HU on a discard.
    let j = run(
        &ron_wall(),
        ron_script([None, Some(Reply::Text("HU".into())), None]),
    );
    assert_eq!(ev(&j)[2], "hu-discard 2 W5 0");
    assert_eq!(
        res(&j).players[2].end,
        PlayerEnd::Won {
            order: 1,
            self_drawn: false
        }
    );
}

fn kong_back(w: &Wall) -> Tile {
    w.tiles()[WALL_TILES - 1]
}

#[test]
fn point_10_hu_beats_peng_and_the_first_hu_in_play_order_wins() {
    let j = run(
        &ron_wall(),
        ron_script([say("PENG T8"), say("HU"), say("HU")]),
    );
    assert_eq!(ev(&j)[1..3], ["play 0 W5", "hu-discard 2 W5 0"]);
    // Player 1's pung is dropped, player 3's HU too; both stay in.
    assert!(j.is_playing(1) && j.is_playing(3));
    assert_eq!(j.hand(1).count(tt("W5")), 2);
    assert!(j.melds(1).is_empty());
    // The winner's announcement, in play order from the winner, then the
    // winner's next player draws.
    let after = rq_after(&j, 3, "3 0 PLAY W5", 4);
    assert_eq!(
        after[..3],
        strs(&[(3, "3 2 HU W5"), (0, "3 2 HU W5"), (1, "3 2 HU W5")])
    );
    assert!(after[3].0 == 3 && after[3].1.starts_with("2 "));
}

#[test]
fn point_11_after_peng_discard_at_once_after_gang_replacement_then_next() {
    let j = run(&pung_wall(false), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        (1, "3 3 PLAY B5") => say("GANG"),
        _ => None,
    });
    // Pung: discard without a draw, then player 2 (the punger's next).
    assert_eq!(
        ev_from(&j, "peng 1 B5", 3),
        ["peng 1 B5", "play 1 T9", "draw 2 W9"]
    );
    // Kong: replacement draw, the konger discards, then player 2.
    let k = ev_from(&j, "gang-discard 1 B5", 4);
    assert!(
        k[1].starts_with("draw-back 1 ")
            && k[2].starts_with("play 1 ")
            && k[3].starts_with("draw 2 "),
        "{k:?}"
    );
    // Unclaimed: the discarder's next player draws.
    assert!(ev_from(&j, "play 1 T9", 2)[1].starts_with("draw 2 "));
}

#[test]
fn point_12_winner_leaves_play_goes_on_from_the_winner_next() {
    let j = run(&ron_wall(), ron_script([None, say("HU"), None]));
    assert!(ev(&j)[3].starts_with("draw 3 "));
    let won_at = rq(&j).iter().position(|(_, s)| s == "3 2 HU W5").unwrap();
    assert!(
        rq(&j)[won_at..].iter().all(|(p, _)| *p != 2),
        "the winner is asked nothing more"
    );
    let e = ev(&j);
    assert!(e[3..].iter().all(|x| !x.starts_with("draw 2 ")));
    assert_eq!(res(&j).end, EndReason::EmptyWall);
}

/// Player 0 waits on T5; the last tile of the wall is T5, drawn by player 3.
fn last_tile_wall() -> Wall {
    wall(
        ["W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 T4 T6", "T5 T5", "T5", ""],
        "",
        "T5",
    )
}

#[test]
fn point_13_the_end_empty_wall_one_left_and_the_last_discard() {
    // Empty wall: 56 draws, then `4` to every player still in, seat order.
    let j = run(&Wall::shuffled(&mut Rng::new(13)), |_, _| None);
    let e = ev(&j);
    assert_eq!(e.iter().filter(|x| x.starts_with("draw ")).count(), 56);
    assert_eq!(e.last().unwrap(), "end empty-wall");
    let r = rq(&j);
    assert_eq!(
        r[r.len() - 4..],
        strs(&[(0, "4"), (1, "4"), (2, "4"), (3, "4")])
    );
    // The last tile's discard can still be won; then the next player finds
    // the wall empty.
    let j = run(&last_tile_wall(), |p, s| {
        (p == 0 && s == "3 3 PLAY T5").then(|| Reply::Text("HU".into()))
    });
    let e = ev(&j);
    assert_eq!(
        e[e.len() - 4..],
        [
            "draw 3 T5",
            "play 3 T5",
            "hu-discard 0 T5 3",
            "end empty-wall"
        ]
    );
    let r = rq(&j);
    assert_eq!(r[r.len() - 3..], strs(&[(1, "4"), (2, "4"), (3, "4")]));
    // ... or punged, and the pung's discard claimed in turn.
    let w = wall(
        ["W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 T4 T6", "T5 T5 T5", "", ""],
        "",
        "T5",
    );
    let j = run(&w, |p, s| match (p, s) {
        (1, "3 3 PLAY T5") => say("PENG T5"),
        (0, "3 1 PLAY T5") => say("HU"),
        _ => None,
    });
    let e = ev(&j);
    assert_eq!(
        e[e.len() - 5..],
        [
            "play 3 T5",
            "peng 1 T5",
            "play 1 T5",
            "hu-discard 0 T5 1",
            "end empty-wall"
        ]
    );
    // One left: nobody is asked `4`, the last player ranks after the winners.
    let j = run(
        &ron_wall(),
        ron_script([say("garbage"), say("HU"), say("GANG")]),
    );
    assert_eq!(res(&j).end, EndReason::OneLeft);
    assert!(rq(&j).iter().all(|(_, s)| s != "4"));
    assert_eq!(res(&j).players[0].end, PlayerEnd::Playing);
    assert_eq!(res(&j).players[0].place, 2);
}

#[test]
fn point_14_illegal_answers_put_out_and_the_game_goes_on() {
    // Player 1 holds these and draws B1 first.
    let w = wall(
        ["", "W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 W5", "", ""],
        "T9 B1",
        "",
    );
    let cases: Vec<(Reply, OutReason)> = vec![
        (Reply::Text("PLAY T9".into()), OutReason::NotHeld(tt("T9"))),
        (
            Reply::Text("PENG W1".into()),
            OutReason::NotAllowed("PENG W1".into()),
        ),
        (
            Reply::Text("PASS".into()),
            OutReason::NotAllowed("PASS".into()),
        ),
        (
            Reply::Text("GANG".into()),
            OutReason::NotAllowed("GANG".into()),
        ),
        (
            Reply::Text("play B1".into()),
            OutReason::Malformed("play B1".into()),
        ),
        (
            Reply::Text("PLAY B1 B1".into()),
            OutReason::Malformed("PLAY B1 B1".into()),
        ),
        (
            Reply::Text("PLAY X1".into()),
            OutReason::Malformed("PLAY X1".into()),
        ),
        (
            Reply::Text("PLAY\nB1".into()),
            OutReason::Malformed("PLAY\nB1".into()),
        ),
        (
            Reply::Text(String::new()),
            OutReason::Malformed(String::new()),
        ),
        (
            Reply::Text("HU".into()),
            OutReason::NotWinning { self_drawn: true },
        ),
        (
            Reply::Text("GANG W5".into()),
            OutReason::CannotGang(tt("W5")),
        ),
        (
            Reply::Failed("time-out".into()),
            OutReason::Failed("time-out".into()),
        ),
    ];
    for (reply, reason) in cases {
        let mut once = Some(reply.clone());
        let j = run(&w, |p, s| {
            if p == 1 && s == "2 B1" {
                once.take()
            } else {
                None
            }
        });
        let e = ev(&j);
        assert_eq!(e[2..4], ["draw 1 B1", "out 1"], "{reply:?}");
        assert!(e[4].starts_with("draw 2 "), "{reply:?}: {e:?}");
        let request = rq(&j)
            .iter()
            .position(|(p, s)| *p == 1 && s == "2 B1")
            .unwrap();
        assert_eq!(
            res(&j).players[1].end,
            PlayerEnd::Out {
                request,
                reason: reason.clone()
            },
            "{reply:?}"
        );
        // Its tiles stay where they are: the drawn tile included.
        assert_eq!(j.hand(1).len(), 14);
        assert_eq!(res(&j).end, EndReason::EmptyWall);
        assert_eq!(res(&j).players[1].place, 4);
    }
    // Illegal answers to a discard.
    for (answer, reason) in [
        ("PENG T9", OutReason::CannotPeng(tt("W9"))),
        ("PLAY W1", OutReason::NotAllowed("PLAY W1".into())),
        ("HU", OutReason::NotWinning { self_drawn: false }),
        ("GANG", OutReason::CannotGang(tt("W9"))),
        ("Pass", OutReason::Malformed("Pass".into())),
    ] {
        let w = wall(
            ["", "W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 W5", "", ""],
            "W9",
            "",
        );
        let mut once = true;
        let j = run(&w, |p, s| {
            if p == 1 && s == "3 0 PLAY W9" && once {
                once = false;
                return say(answer);
            }
            None
        });
        assert_eq!(ev(&j)[..3], ["draw 0 W9", "play 0 W9", "out 1"], "{answer}");
        assert_eq!(*out_reason(&res(&j).players[1]), reason);
    }
    // PENG whose discard is not held after the pung.
    let w = wall(
        ["", "W9 W9 T1 T1 T1 T2 T2 T2 T3 T3 T3 T4 T4", "", ""],
        "W9",
        "",
    );
    let j = run(&w, |p, s| {
        (p == 1 && s == "3 0 PLAY W9").then(|| Reply::Text("PENG W9".into()))
    });
    assert_eq!(
        *out_reason(&res(&j).players[1]),
        OutReason::PengDiscardNotHeld(tt("W9"))
    );
    // Anything but PASS to an announcement; to `0` and `1` too.
    let j = run(&kong_wall(), |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        (2, "3 0 GANG W1") => say("HU"),
        (3, "0 3") => say("pass"),
        _ => None,
    });
    assert_eq!(
        *out_reason(&res(&j).players[2]),
        OutReason::NotAllowed("HU".into())
    );
    assert_eq!(
        *out_reason(&res(&j).players[3]),
        OutReason::Malformed("pass".into())
    );
    // A player put out by its answer to `0` is not dealt its `1` request.
    assert!(rq(&j)
        .iter()
        .all(|(p, s)| !(*p == 3 && s.starts_with("1 "))));
}

// ---- points 15-19: ranking and points ----

/// Player 1 wins on its first draw, player 3 is put out on its first draw,
/// players 0 and 2 discard what they draw until the wall is empty.
fn ranking_wall() -> Wall {
    wall(
        [
            "W2 W3 W4 W5 W6 W7 T1 T1 T1 T2 T3 T4 T8",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 W1 W1 W1 T7",
            "W7 W8 W9 B7 B8 B9 T5 T5 T5 T6 W2 W2 B1",
            "",
        ],
        "W9 T7",
        "",
    )
}

fn ranking_game(targets: [&'static str; 4], fail: Option<usize>) -> Judge {
    run(&ranking_wall(), move |p, s| match (p, s) {
        (1, "2 T7") => say("HU"),
        (3, _) if s.starts_with("2 ") => say("HU"),
        (_, "4") if fail == Some(p) => Some(Reply::Failed("crash".into())),
        (_, "4") => say(targets[p]),
        _ => None,
    })
}

#[test]
fn point_15_winners_then_players_by_target_then_players_out() {
    let j = ranking_game(
        [
            "W2 W3 W4 W5 W6 W7 T1 T1 T1 T2 T3 T4 T8 T8",
            "",
            "W7 W8 W9 B7 B8 B9 T5 T5 T5 T6 T7 T8 W2 W2",
            "",
        ],
        None,
    );
    let r = res(&j);
    assert_eq!(
        r.players[1].end,
        PlayerEnd::Won {
            order: 1,
            self_drawn: true
        }
    );
    let request = rq(&j)
        .iter()
        .position(|(p, s)| *p == 3 && s.starts_with("2 "))
        .unwrap();
    assert_eq!(
        r.players[3].end,
        PlayerEnd::Out {
            request,
            reason: OutReason::NotWinning { self_drawn: true }
        }
    );
    let places: Vec<u8> = r.players.iter().map(|p| p.place).collect();
    assert_eq!(places, [2, 1, 3, 4]);
    let half: Vec<u8> = r.players.iter().map(|p| p.half_points).collect();
    assert_eq!(half, [6, 8, 4, 2]);
    // Requests `4` go only to the players still in.
    let fours: Vec<usize> = rq(&j)
        .iter()
        .filter(|(_, s)| s == "4")
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(fours, [0, 2]);
}

#[test]
fn point_16_target_validity() {
    let c = |s: &str| target_counts(s).unwrap();
    let none: [Meld; 0] = [];
    assert!(is_valid_target(
        &c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T5 T5"),
        &none
    ));
    // Sizes 14 to 18 only; at most 4 a kind; a winning shape.
    assert_eq!(
        check_target(&c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T5"), &none),
        Err(TargetFlaw::Size(13))
    );
    assert_eq!(
        check_target(&c("W1 W1 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 T5 T5"), &none),
        Err(TargetFlaw::MoreThanFour(tt("W1")))
    );
    assert_eq!(
        check_target(&c("W1 W1 W3 W3 W5 W5 W7 W7 B1 B1 B3 B3 T5 T5"), &none),
        Err(TargetFlaw::NotWinning { sets: 4 })
    );
    assert!(is_valid_target(
        &c("W1 W1 W1 W1 W2 W2 W2 W2 W3 W3 W3 W3 W4 W4 W4 W4 T5 T5"),
        &none
    ));
    assert_eq!(
        check_target(
            &c("W1 W1 W1 W1 W2 W2 W2 W2 W3 W3 W3 W3 W4 W4 W4 W4 T5 T5 T5"),
            &none
        ),
        Err(TargetFlaw::Size(19))
    );
    // Exposed pungs must be pungs of the decomposition.
    let pung = [Meld::Pung(tt("B1"))];
    assert!(is_valid_target(
        &c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T5 T5"),
        &pung
    ));
    assert_eq!(
        check_target(&c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 T5 T5"), &pung),
        Err(TargetFlaw::LacksExposed(Meld::Pung(tt("B1"))))
    );
    assert_eq!(
        check_target(
            &c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B1 B2 B3 B4 B4"),
            &[]
        ),
        Err(TargetFlaw::NotWinning { sets: 4 })
    );
    assert!(is_valid_target(
        &c("W1 W2 W3 W4 W5 W6 B1 B1 B1 B1 B2 B3 B4 B4"),
        &pung
    ));
    // A kong exposed must be a kong of the target; further sets fill the
    // hand around the exposed ones.
    assert_eq!(
        check_target(
            &c("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T5 T5"),
            &[Meld::Kong(tt("B1"))]
        ),
        Err(TargetFlaw::LacksExposed(Meld::Kong(tt("B1"))))
    );
    assert_eq!(
        check_target(&c("W1 W2 W3 W4 W5 W6 W7 W8 B1 B1 B1 T5 T5 T9"), &pung),
        Err(TargetFlaw::NotWinning { sets: 3 })
    );
    // No words, or words that are no tiles, make no target at all.
    assert_eq!(check_target(&c(" \t "), &none), Err(TargetFlaw::Empty));
    assert_eq!(
        target_counts("W1 W2 X3"),
        Err(TargetFlaw::NotATile("X3".into()))
    );
    // In a game: an invalid target ranks after a valid one.
    let j = ranking_game(
        [
            "W1 W1 W1 W1 W1",
            "",
            "W7 W8 W9 B7 B8 B9 T5 T5 T5 T6 T7 T8 W2 W2",
            "",
        ],
        None,
    );
    let r = res(&j);
    assert!(!r.players[0].valid && r.players[0].hamming.is_none() && r.players[0].chance.is_none());
    assert_eq!(r.players[0].target.as_deref(), Some("W1 W1 W1 W1 W1"));
    assert!(r.players[2].valid);
    assert_eq!((r.players[0].place, r.players[2].place), (3, 2));
}

#[test]
fn point_17_hamming_distance_of_the_statement_examples() {
    let j = ranking_game(
        [
            "W2 W3 W4 W5 W6 W7 T1 T1 T1 T2 T3 T4 T8 T8",
            "",
            "W7 W8 W9 B7 B8 B9 T5 T5 T5 T6 T7 T8 W2 W2",
            "",
        ],
        None,
    );
    // One tile missing: 1. Two missing and one too many: 3.
    assert_eq!(res(&j).players[0].hamming, Some(1));
    assert_eq!(res(&j).players[2].hamming, Some(3));
    let a = target_counts("W1 W2").unwrap();
    let b = target_counts("W2 W2 W3").unwrap();
    assert_eq!(hamming(&a, &b), 3);
}

/// All four B9 among the first draws (front 0, 1, 2 and 9), all four B7
/// (front 3, 4, 5, 20); player 0 holds W1..W9 T1 T1 T1 B8.
fn chance_wall(b9_to_player_1: bool) -> Wall {
    if b9_to_player_1 {
        wall(
            ["W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T1 B8", "B9", "", ""],
            "B9 B9 B9 B7 B7 B7 T9 T9 T9 T8 T8 T8 T8 T6 T7 T7 T7 T7 T6 T6 B7",
            "",
        )
    } else {
        wall(
            ["W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T1 B8", "", "", ""],
            "B9 B9 B9 B7 B7 B7 T9 T9 T9 B9 T8 T8 T8 T8 T7 T7 T7 T7 T6 T6 B7",
            "",
        )
    }
}

const CHANCE_TARGET: &str = "W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 B7 B8 B9";

#[test]
fn point_18_chance_value_is_the_least_last_position_of_a_missing_kind() {
    // B9 last discarded 10th, B7 21st: 10.
    let j = run(&chance_wall(false), |p, s| {
        (p == 0 && s == "4").then(|| Reply::Text(CHANCE_TARGET.into()))
    });
    let r = &res(&j).players[0];
    assert_eq!((r.valid, r.hamming, r.chance), (true, Some(3), Some(10)));
    // A kind some player holds at the end is at L+1.
    let j = run(&chance_wall(false), |p, s| {
        (p == 0 && s == "4")
            .then(|| Reply::Text("W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T1 T1 B8 B8".into()))
    });
    assert_eq!(res(&j).players[0].chance, Some(j.pool().len() as u32 + 1));
    // Claimed discards leave the sequence.
    let j = run(&pung_wall(false), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        _ => None,
    });
    assert_eq!(j.pool()[..2], [tt("T9"), tt("W9")]);
    // 56 draws and the pung's discard, less the claimed B5.
    assert_eq!(j.pool().len(), 56);
}

#[test]
fn point_19_points_4_3_2_1_ties_share() {
    // Players 0 and 2 both give no target: tied for 2nd, 2.5 points each.
    let j = ranking_game(["", "", "", ""], None);
    let r = res(&j);
    let got: Vec<(u8, u8)> = r.players.iter().map(|p| (p.place, p.half_points)).collect();
    assert_eq!(got, [(2, 5), (1, 8), (2, 5), (4, 2)]);
    assert_eq!(r.players[0].points(), 2.5);
    assert_eq!(half_points_sum(r), 20);
}

// ---- points 20-23: the protocol, requests, who is asked ----

#[test]
fn point_20_bot_input_is_one_line_of_json() {
    let line = bot_input(&["0 1".into(), "1 W1 W1".into()], &["PASS".into()], "x\"y");
    assert_eq!(
        line,
        r#"{"requests":["0 1","1 W1 W1"],"responses":["PASS"],"data":"x\"y","time_limit":1000,"memory_limit":256}"#
    );
    // A bot driven by request strings answers as when driven typed.
    let w = Wall::shuffled(&mut Rng::new(20));
    let mut typed: [GreedyBot; 4] = Default::default();
    let mut by_text: [GreedyBot; 4] = Default::default();
    let mut j = Judge::new(&w);
    while let Some((p, r)) = j.pending() {
        let a = typed[p].respond(r);
        let b = by_text[p].respond_str(&r.to_string()).unwrap();
        assert_eq!(a, b);
        j.answer_text(&a).unwrap();
    }
}

#[test]
fn point_21_request_strings() {
    let mut forms = std::collections::BTreeSet::new();
    for (i, w) in walls(Family::Kongs, 21, 60).iter().enumerate() {
        // Greedy bots win; sample bots make kongs and pungs.
        let mut bots: [Box<dyn Bot>; 4] = std::array::from_fn(|p| -> Box<dyn Bot> {
            if p % 2 == 0 {
                Box::new(GreedyBot::new())
            } else {
                Box::new(SampleBot::careful(i as u64 * 4 + p as u64))
            }
        });
        let j = play(w, &mut bots);
        for (_, r) in j.requests() {
            let s = r.to_string();
            assert_eq!(s.parse::<Request>().unwrap(), *r);
            let words: Vec<&str> = s.split(' ').collect();
            assert!(words.iter().all(|w| !w.is_empty()), "single spaces: {s:?}");
            let form = match words.as_slice() {
                ["0", p] if p.len() == 1 => "0 id",
                ["1", rest @ ..] if rest.len() == 13 => "1 c1..c13",
                ["2", _] => "2 c",
                ["3", _, "PLAY", _] => "3 p PLAY c",
                ["3", _, "PENG", _] => "3 p PENG c",
                ["3", _, "GANG", _] => "3 p GANG c",
                ["3", _, "HU", "SELF"] => "3 p HU SELF",
                ["3", _, "HU", _] => "3 p HU c",
                ["4"] => "4",
                _ => panic!("unknown form {s:?}"),
            };
            forms.insert(form);
        }
    }
    assert_eq!(forms.len(), 9, "{forms:?}");
}

#[test]
fn point_22_who_is_asked_what() {
    let j = run(&pung_wall(false), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        _ => None,
    });
    // `2 c` only to the drawer; a discard and announcements to every other
    // player still in; the pung's discard as its own `3 p PLAY c2`.
    assert_eq!(rq(&j)[8], (0, "2 W9".into()));
    assert_eq!(
        rq_after(&j, 0, "2 W9", 7),
        strs(&[
            (1, "3 0 PLAY B5"),
            (2, "3 0 PLAY B5"),
            (3, "3 0 PLAY B5"),
            (2, "3 1 PENG B5"),
            (3, "3 1 PENG B5"),
            (0, "3 1 PENG B5"),
            (2, "3 1 PLAY T9"),
        ])
    );
    // A player whose claim lost to a HU learns it from `3 q HU c`.
    let j = run(&ron_wall(), ron_script([say("PENG T8"), say("HU"), None]));
    assert!(rq_after(&j, 3, "3 0 PLAY W5", 3).contains(&(1, "3 2 HU W5".into())));
    // Nobody out or won is asked anything; `4` goes to those still in.
    let j = ranking_game(["", "", "", ""], None);
    let r = rq(&j);
    let first_out = r
        .iter()
        .position(|(p, s)| *p == 3 && s.starts_with("2 "))
        .unwrap();
    assert!(r[first_out + 1..].iter().all(|(p, _)| *p != 3 && *p != 1));
}

#[test]
fn point_23_concealed_and_added_kongs_are_announced() {
    let j = run(&kong_wall(), |p, s| match (p, s) {
        (0, "2 T9") => say("GANG W1"),
        _ => None,
    });
    assert_eq!(
        rq_after(&j, 0, "2 T9", 4),
        strs(&[
            (1, "3 0 GANG W1"),
            (2, "3 0 GANG W1"),
            (3, "3 0 GANG W1"),
            (0, "2 T1")
        ])
    );
    let j = run(&pung_wall(true), |p, s| match (p, s) {
        (0, "2 W9") => say("PLAY B5"),
        (1, "3 0 PLAY B5") => say("PENG T9"),
        (1, "2 B5") => say("GANG B5"),
        _ => None,
    });
    let after = rq_after(&j, 1, "2 B5", 4);
    assert_eq!(
        after[..3],
        strs(&[(2, "3 1 GANG B5"), (3, "3 1 GANG B5"), (0, "3 1 GANG B5")])
    );
    assert_eq!(
        after[3],
        (1, format!("2 {}", name(kong_back(&pung_wall(true)))))
    );
}

// ---- points 27-35: details ----

#[test]
fn point_27_dealt_order_keywords_and_separators() {
    let w = Wall::shuffled(&mut Rng::new(27));
    let j = run(&w, |_, _| None);
    let dealt: Vec<&str> = w.dealt(2).iter().map(|&t| name(t)).collect();
    assert_eq!(rq(&j)[6], (2, format!("1 {}", dealt.join(" "))));
    // Runs of spaces and tabs separate words; tile names in any case.
    let first = w.tiles()[52];
    let lower = tiles::lower_name(first);
    let j = run(&w, |p, s| {
        (p == 0 && s == format!("2 {}", name(first)))
            .then(|| Reply::Text(format!(" \tPLAY  \t{lower} ")))
    });
    assert_eq!(ev(&j)[1], format!("play 0 {}", name(first)));
    assert!(res(&j)
        .players
        .iter()
        .all(|r| !matches!(r.end, PlayerEnd::Out { .. })));
    // Keywords are upper case exactly.
    let j = run(&w, |p, s| {
        (p == 1 && s == "0 1").then(|| Reply::Text("Pass".into()))
    });
    assert!(matches!(
        res(&j).players[1].end,
        PlayerEnd::Out { request: 1, .. }
    ));
    // Any string answers `4`; it puts nobody out.
    let j = run(&w, |p, s| {
        (p == 2 && s == "4").then(|| Reply::Text("hello\nworld".into()))
    });
    let r = &res(&j).players[2];
    assert_eq!(
        (r.end.clone(), r.target.as_deref(), r.valid),
        (PlayerEnd::Playing, Some("hello\nworld"), false)
    );
}

#[test]
fn point_28_bot_output_json() {
    let out = read_output(b"{\"response\":\"PLAY  w1\"}\n").unwrap();
    assert_eq!((out.response.as_str(), out.data.as_str()), ("PLAY  w1", ""));
    let out = read_output(br#" {"response":"PASS","data":"keep","other":1} "#).unwrap();
    assert_eq!(out.data, "keep");
    for bad in [
        &b"PASS"[..],
        b"{\"data\":\"x\"}",
        b"{\"response\":1}",
        b"{\"response\":\"PASS\",\"data\":2}",
        b"[\"PASS\"]",
        b"{\"response\":\"PASS\"}{}",
    ] {
        assert!(
            read_output(bad).is_err(),
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
    let mut big = b"{\"response\":\"".to_vec();
    big.resize(OUTPUT_LIMIT + 10, b'A');
    big.extend(b"\"}");
    assert_eq!(read_output(&big), Err(StepError::TooMuchOutput));
    // A crash after a valid answer is still a crash; time counts.
    let ok = br#"{"response":"PASS"}"#;
    assert!(matches!(
        judge_step(ok, Err("exit status 1".into()), 10),
        Err(StepError::Crashed(_))
    ));
    // A crash with nothing printed is named a crash, not bad output.
    assert!(matches!(
        judge_step(b"", Err("3".into()), 10),
        Err(StepError::Crashed(_))
    ));
    assert!(matches!(
        judge_step(ok, Ok(()), 1001),
        Err(StepError::TimedOut(1001))
    ));
    assert_eq!(
        reply_of(&judge_step(ok, Ok(()), 999)),
        Reply::Text("PASS".into())
    );
    assert!(matches!(
        reply_of(&judge_step(b"", Ok(()), 5)),
        Reply::Failed(_)
    ));
}

#[test]
fn point_29_order_of_asking() {
    let w = Wall::shuffled(&mut Rng::new(29));
    let j = run(&w, |_, _| None);
    let r = rq(&j);
    let firsts: Vec<(usize, String)> = r[..8]
        .iter()
        .map(|(p, s)| (*p, s[..2].to_string()))
        .collect();
    assert_eq!(
        firsts,
        strs(&[
            (0, "0 "),
            (1, "0 "),
            (2, "0 "),
            (3, "0 "),
            (0, "1 "),
            (1, "1 "),
            (2, "1 "),
            (3, "1 ")
        ])
    );
    assert_eq!(
        r[..4].iter().map(|(_, s)| s.as_str()).collect::<Vec<_>>(),
        ["0 0", "0 1", "0 2", "0 3"]
    );
    // Answers to player 2's discard: 3, 0, 1.
    let i = r
        .iter()
        .position(|(p, s)| *p == 2 && s.starts_with("2 "))
        .unwrap();
    let asked: Vec<usize> = r[i + 1..i + 4].iter().map(|(p, _)| *p).collect();
    assert_eq!(asked, [3, 0, 1]);
    // A kong is announced before its replacement draw (point 23's test).
}

#[test]
fn point_30_answers_to_a_discard_are_judged_each_on_its_own() {
    let j = run(
        &ron_wall(),
        ron_script([say("PENG W7"), say("HU"), say("GANG")]),
    );
    assert_eq!(
        ev(&j)[1..6],
        [
            "play 0 W5",
            "out 1",
            "out 3",
            "hu-discard 2 W5 0",
            "end one-left"
        ]
    );
    // A valid pung losing to a HU is dropped; a valid HU losing to a
    // nearer HU is dropped and its player stays.
    let j = run(
        &ron_wall(),
        ron_script([say("PENG T8"), say("HU"), say("HU")]),
    );
    assert!(j.is_playing(1) && j.is_playing(3));
    assert!(res(&j)
        .players
        .iter()
        .all(|r| !matches!(r.end, PlayerEnd::Out { .. })));
}

#[test]
fn point_31_peng_may_discard_the_fourth_copy() {
    let w = wall(["W5", "W5 W5 W5", "", ""], "T9", "");
    let j = run(&w, |p, s| match (p, s) {
        (0, "2 T9") => say("PLAY W5"),
        (1, "3 0 PLAY W5") => say("PENG W5"),
        _ => None,
    });
    assert_eq!(ev(&j)[1..4], ["play 0 W5", "peng 1 W5", "play 1 W5"]);
    assert_eq!(j.hand(1).count(tt("W5")), 0);
    assert_eq!(j.melds(1), vec![Meld::Pung(tt("W5"))]);
}

#[test]
fn point_32_out_on_its_own_turn_then_its_next_player_unannounced() {
    let w = Wall::shuffled(&mut Rng::new(32));
    let j = run(&w, |p, s| {
        (p == 1 && s.starts_with("2 ")).then(|| Reply::Text("HU".into()))
    });
    let r = rq(&j);
    let i = r
        .iter()
        .position(|(p, s)| *p == 1 && s.starts_with("2 "))
        .unwrap();
    // The next request is player 2's draw: nobody is told.
    assert!(r[i + 1].0 == 2 && r[i + 1].1.starts_with("2 "));
    assert_eq!(j.hand(1).len(), 14);
}

#[test]
fn point_33_one_left_ends_at_once_before_an_empty_wall() {
    // Players 1 and 2 are put out at once; 0 and 3 alternate; player 3
    // draws the last tile and discards it; player 0 wins on it.
    let j = run(&last_tile_wall(), |p, s| match (p, s) {
        (1 | 2, _) if s.starts_with("2 ") => say("BAD"),
        (0, "3 3 PLAY T5") => say("HU"),
        _ => None,
    });
    let e = ev(&j);
    assert_eq!(
        e[e.len() - 4..],
        [
            "draw 3 T5",
            "play 3 T5",
            "hu-discard 0 T5 3",
            "end one-left"
        ]
    );
    assert!(rq(&j)
        .iter()
        .all(|(_, s)| s != "4" && !s.starts_with("3 0 HU")));
    let r = res(&j);
    let got: Vec<(u8, u8)> = r.players.iter().map(|p| (p.place, p.half_points)).collect();
    assert_eq!(got, [(1, 8), (3, 3), (3, 3), (2, 6)]);
    assert_eq!(r.players[3].end, PlayerEnd::Playing);
}

#[test]
fn point_34_concealed_kongs_are_exposed_sets_of_the_target() {
    let w = wall(
        ["W1 W1 W1 W1 B2 B3 B4 B5 B6 B7 T1 T1 T8", "", "", ""],
        "T9",
        "",
    );
    let game = |target: &'static str| {
        run(&w, move |p, s| match (p, s) {
            (0, "2 T9") => say("GANG W1"),
            (0, "4") => say(target),
            _ => None,
        })
    };
    let j = game("W1 W1 W1 W1 B2 B3 B4 B5 B6 B7 T1 T1 T7 T8 T9");
    assert_eq!(j.melds(0), vec![Meld::Kong(tt("W1"))]);
    let r = &res(&j).players[0];
    assert_eq!((r.valid, r.hamming), (true, Some(1)));
    let j = game("w1 w1 w1 w1 B2 B3 B4 B5 B6 B7 T1 T1 T7 T8 T9");
    assert!(res(&j).players[0].valid);
    // The kong as a pung is not the exposed kong.
    let j = game("W1 W1 W1 B2 B3 B4 B5 B6 B7 T1 T1 T7 T8 T9");
    assert!(!res(&j).players[0].valid);
}

#[test]
fn point_35_winner_tile_and_players_out_count_at_l_plus_1_crash_on_4_is_out() {
    // Player 2 wins on player 0's first discard W5; the other W5 are the
    // next three draws (discarded); player 3's target lacks only W5, which
    // the winner holds: L+1, not 3.
    let w = wall(
        [
            "",
            "",
            "W4 W6 B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T1",
            "W6 W7 T2 T3 T4 T5 T6 T7 B1 B1 B1 T9 T9",
        ],
        "W5 W5 W5 W5",
        "",
    );
    let mut won = false;
    let j = run(&w, |p, s| match (p, s) {
        (2, "3 0 PLAY W5") if !won => {
            won = true;
            say("HU")
        }
        (3, "4") => say("W5 W6 W7 T2 T3 T4 T5 T6 T7 B1 B1 B1 T9 T9"),
        _ => None,
    });
    assert_eq!(j.pool().len(), 55);
    let r = &res(&j).players[3];
    assert_eq!((r.hamming, r.chance), (Some(1), Some(56)));
    // A player put out holding B9: B9 at L+1, so B7's 20 decides.
    let j = run(&chance_wall(true), |p, s| match (p, s) {
        (1, "2 B9") => say("PLAY B1 B2"),
        (0, "4") => say(CHANCE_TARGET),
        _ => None,
    });
    assert!(matches!(res(&j).players[1].end, PlayerEnd::Out { .. }));
    assert_eq!(res(&j).players[0].chance, Some(20));
    // A crash on `4` puts the player out; it ranks last.
    let j = ranking_game(
        ["", "", "W7 W8 W9 B7 B8 B9 T5 T5 T5 T6 T7 T8 W2 W2", ""],
        Some(2),
    );
    let e = ev(&j);
    assert_eq!(e[e.len() - 2..], ["out 2", "end empty-wall"]);
    let four = rq(&j)
        .iter()
        .position(|(p, s)| *p == 2 && s == "4")
        .unwrap();
    let r = res(&j);
    assert_eq!(
        r.players[2].end,
        PlayerEnd::Out {
            request: four,
            reason: OutReason::Failed("crash".into())
        }
    );
    assert_eq!(r.players[2].target, None);
    // Players 2 and 3 out, tied: the group takes the first place it spans.
    let got: Vec<(u8, u8)> = r.players.iter().map(|p| (p.place, p.half_points)).collect();
    assert_eq!(got, [(2, 6), (1, 8), (3, 3), (3, 3)]);
}

// ---- whole games between the built-in bots ----

/// Checks a finished game's invariants: points sum to 10, exactly one
/// `end` event, last.
fn check_game(j: &Judge) {
    let r = res(j);
    assert_eq!(half_points_sum(r), 20);
    let ends = j
        .events()
        .iter()
        .filter(|e| matches!(e, super::Event::End(_)))
        .count();
    assert_eq!(ends, 1);
    assert!(matches!(j.events().last(), Some(super::Event::End(_))));
}

#[test]
fn greedy_and_careful_sample_bots_are_never_put_out() {
    let mut games = 0;
    for family in Family::ALL {
        let count = if family == Family::Long { 20 } else { 200 };
        for (i, w) in walls(family, 77, count).iter().enumerate() {
            // Four greedy bots; their views match the judge's tables.
            let mut g: [GreedyBot; 4] = Default::default();
            let j = play(w, &mut g);
            check_game(&j);
            for (p, (bot, r)) in g.iter().zip(&res(&j).players).enumerate() {
                assert!(
                    !matches!(r.end, PlayerEnd::Out { .. }),
                    "{family:?} {i}: {r:?}"
                );
                // A claim the game ended on is never confirmed to the bot.
                if j.is_playing(p) && !bot.view().has_pending_claim() {
                    assert_eq!(bot.view().hand(), j.hand(p), "{family:?} {i} player {p}");
                    assert_eq!(bot.view().meld_list(), j.melds(p));
                }
                if r.target.is_some() {
                    assert!(r.valid, "greedy targets are valid");
                }
            }
            // Two and two, careful samples.
            let mut mixed: [Box<dyn Bot>; 4] = std::array::from_fn(|p| -> Box<dyn Bot> {
                if p % 2 == 0 {
                    Box::new(GreedyBot::new())
                } else {
                    Box::new(SampleBot::careful(i as u64 * 10 + p as u64))
                }
            });
            let j = play(w, &mut mixed);
            check_game(&j);
            assert!(
                res(&j)
                    .players
                    .iter()
                    .all(|r| !matches!(r.end, PlayerEnd::Out { .. })),
                "{family:?} {i}"
            );
            games += 2;
        }
    }
    assert!(games > 1000);
}

#[test]
fn faithful_sample_bot_is_put_out_only_for_a_kong_on_an_empty_wall() {
    let mut outs = 0;
    let mut kongs = 0;
    for family in [Family::Uniform, Family::Kongs, Family::Long] {
        for (i, w) in walls(family, 2014, 60).iter().enumerate() {
            let mut bots: [SampleBot; 4] =
                std::array::from_fn(|p| SampleBot::new(i as u64 * 4 + p as u64));
            let j = play(w, &mut bots);
            check_game(&j);
            kongs += j
                .events()
                .iter()
                .filter(|e| e.to_string().starts_with("gang"))
                .count();
            for (p, (bot, r)) in bots.iter().zip(&res(&j).players).enumerate() {
                if let PlayerEnd::Out { reason, .. } = &r.end {
                    assert!(
                        matches!(reason, OutReason::KongOnEmptyWall(_)),
                        "{reason:?}"
                    );
                    outs += 1;
                }
                if j.is_playing(p) && !bot.view().has_pending_claim() {
                    assert_eq!(bot.view().hand(), j.hand(p));
                }
                if r.target.is_some() {
                    assert_eq!(r.target.as_deref(), Some(SAMPLE_TARGET));
                }
            }
        }
    }
    println!("faithful sample bots: {kongs} kongs, {outs} put out for a kong on an empty wall");
    assert!(kongs > 100);
}

#[test]
fn greedy_beats_sample_over_1000_rotated_games() {
    let (mut greedy, mut sample) = (0u32, 0u32);
    let (mut greedy_wins, mut sample_wins) = (0u32, 0u32);
    let ws = walls(Family::Uniform, 1000, 500);
    for (i, w) in ws.iter().enumerate() {
        for rotation in 0..2 {
            let is_greedy = |p: usize| (p + rotation).is_multiple_of(2);
            let mut bots: [Box<dyn Bot>; 4] = std::array::from_fn(|p| -> Box<dyn Bot> {
                if is_greedy(p) {
                    Box::new(GreedyBot::new())
                } else {
                    Box::new(SampleBot::new((i * 8 + rotation * 4 + p) as u64))
                }
            });
            let j = play(w, &mut bots);
            check_game(&j);
            for (p, r) in res(&j).players.iter().enumerate() {
                let won = matches!(r.end, PlayerEnd::Won { .. }) as u32;
                if is_greedy(p) {
                    greedy += r.half_points as u32;
                    greedy_wins += won;
                } else {
                    sample += r.half_points as u32;
                    sample_wins += won;
                }
            }
        }
    }
    // 1000 games, two seats of each kind per game.
    let seats = 2.0 * 1000.0;
    let (g, s) = (greedy as f64 / 2.0 / seats, sample as f64 / 2.0 / seats);
    println!(
        "greedy vs sample over 1000 uniform games (500 walls, seats rotated): \
         greedy {g:.3} points a seat ({greedy_wins} wins), sample {s:.3} ({sample_wins} wins)"
    );
    assert!((g + s - 5.0).abs() < 1e-9);
    assert!(g > s + 0.5, "greedy {g} sample {s}");
}

#[test]
fn greedy_targets_are_nearest_on_real_end_positions() {
    for w in walls(Family::Long, 3, 10) {
        let mut g: [GreedyBot; 4] = Default::default();
        let mut j = Judge::new(&w);
        run_bots(&mut j, &mut g);
        for p in 0..4 {
            let r = &res(&j).players[p];
            if let Some(text) = &r.target {
                let melds = j.melds(p);
                let exact = super::target::nearest_target_exact(j.hand(p), &melds);
                assert!(r.valid);
                assert_eq!(r.hamming, Some(exact.hamming), "{text}");
            }
        }
    }
}

/// Bots lent out (`&mut B`, so the caller keeps them and their state) play
/// exactly as the bots themselves.
#[test]
fn borrowed_bots_play_as_the_bots_themselves() {
    for w in walls(Family::Kongs, 8, 4) {
        let mut owned: [SampleBot; 4] = std::array::from_fn(|p| SampleBot::careful(p as u64));
        let mut kept: [SampleBot; 4] = std::array::from_fn(|p| SampleBot::careful(p as u64));
        let [a, b, c, d] = &mut kept;
        let mut lent: [&mut SampleBot; 4] = [a, b, c, d];
        let (o, l) = (play(&w, &mut owned), play(&w, &mut lent));
        assert!(!o.events().is_empty());
        assert_eq!(o.events(), l.events());
        assert_eq!(o.requests(), l.requests());
    }
}

/// The flaws of targets in words name tiles as this ruleset does (`W2`);
/// the log's JSON does too (`log::tests`).
#[test]
fn target_flaws_in_words_name_tiles_as_the_protocol_does() {
    let words = [
        TargetFlaw::Empty,
        TargetFlaw::NotATile("X3".into()),
        TargetFlaw::Size(13),
        TargetFlaw::MoreThanFour(tt("T9")),
        TargetFlaw::LacksExposed(Meld::Pung(tt("W2"))),
        TargetFlaw::NotWinning { sets: 4 },
        TargetFlaw::NotWinning { sets: 2 },
    ]
    .map(|f| f.to_string());
    assert_eq!(
        words,
        [
            "it names no tile",
            "`X3` is not a tile name",
            "it has 13 tiles, not 14 to 18",
            "it holds more than the four T9 there are",
            "it lacks the exposed pung W2",
            "it is not four sets and a pair",
            "less the exposed sets, it is not 2 sets and a pair",
        ]
    );
}

/// The greedy bot declares a concealed kong when the hand left is no
/// further from winning than its best discard leaves it, and not when it
/// would be further.
#[test]
fn greedy_bot_kongs_when_the_kong_costs_nothing() {
    let answer = |hand: &str, draw: &str| {
        let mut bot = GreedyBot::new();
        deal(&mut bot, hand);
        bot.respond(&Request::Draw(tt(draw))).into_owned()
    };
    // W1 x4, three sets and T9: a kong leaves three sets and T9 with one
    // exposed set, distance 1, as discarding a W1 does.
    assert_eq!(
        answer("W1 W1 W1 W1 B1 B2 B3 B5 B6 B7 T2 T3 T4", "T9"),
        "GANG W1"
    );
    // Here one W1 is in the run W1 W2 W3: discarding B9 leaves distance 1
    // (T9 waits for its pair), the kong 2 (the run and the pair both miss a
    // tile).
    let a = answer("W1 W1 W1 W1 W2 W3 B5 B6 B7 T2 T3 T4 T9", "B9");
    assert!(a.starts_with("PLAY "), "{a}");
}

/// On a discard of a kind it holds three of, the greedy bot pungs when the
/// pung leaves it nearer to winning than the kong does.
#[test]
fn greedy_bot_prefers_the_nearer_of_pung_and_kong() {
    let mut bot = GreedyBot::new();
    deal(&mut bot, "W1 W1 W1 W2 W3 B1 B2 B3 T2 T3 T4 T9 B9");
    // At rest 2. A pung of W1 (discarding B9) leaves W1 W2 W3 and T9: 1;
    // a kong leaves W2 W3 without the W1 and T9: 2.
    let a = bot.respond(&Request::Play {
        player: 1,
        tile: tt("W1"),
    });
    assert!(a.starts_with("PENG "), "{a}");
}

#[test]
fn melds_are_empty_until_a_set_is_exposed() {
    let mut m = super::judge::Melds::default();
    assert!(m.is_empty());
    m.push(Meld::Pung(tt("W1")));
    assert!(!m.is_empty() && m.len() == 1);
}

/// `answer_text` and `answer_failed` judge the same as `answer` with a text
/// or a failure, and `is_over` holds exactly once nothing is pending.
#[test]
fn the_answer_shorthands_judge_as_answer_and_is_over_ends_the_game() {
    let w = Wall::shuffled(&mut Rng::new(3));
    let (mut a, mut b) = (Judge::new(&w), Judge::new(&w));
    let mut failed = false;
    while let Some((p, r)) = a.pending() {
        assert!(!a.is_over() && !b.is_over());
        assert_eq!(b.pending().map(|(q, _)| q), Some(p));
        // Player 2 fails its first request (it is put out); the rest of
        // the answers are the default ones.
        let reply = if p == 2 && !failed {
            failed = true;
            Reply::Failed("crash".into())
        } else {
            default_reply(r)
        };
        match &reply {
            Reply::Text(t) => b.answer_text(t).unwrap(),
            Reply::Failed(why) => b.answer_failed(why).unwrap(),
        }
        a.answer(reply).unwrap();
    }
    assert!(failed && a.is_over() && b.is_over() && b.pending().is_none());
    assert_eq!(ev(&a), ev(&b));
    assert_eq!(
        out_reason(&res(&b).players[2]),
        &OutReason::Failed("crash".into())
    );
}

/// The short kinds that summaries count failures and reasons by, one per
/// variant.
#[test]
fn step_errors_and_out_reasons_have_their_kinds() {
    let steps = [
        (StepError::TimedOut(1001), "time-out"),
        (StepError::Crashed("exit status 1".into()), "crash"),
        (StepError::TooMuchOutput, "too much output"),
        (StepError::NotJson("x".into()), "malformed output"),
        (StepError::NoResponse, "malformed output"),
        (StepError::DataNotString, "malformed output"),
    ];
    for (e, kind) in steps {
        assert_eq!(e.kind(), kind, "{e:?}");
    }
    let w1 = tt("W1");
    let reasons = [
        (OutReason::Failed("crash".into()), "no usable answer"),
        (OutReason::Malformed("play".into()), "malformed answer"),
        (OutReason::KongOnEmptyWall(w1), "kong on an empty wall"),
        (OutReason::NotAllowed("PASS".into()), "illegal move"),
        (OutReason::NotHeld(w1), "illegal move"),
        (OutReason::CannotPeng(w1), "illegal move"),
        (OutReason::PengDiscardNotHeld(w1), "illegal move"),
        (OutReason::CannotGang(w1), "illegal move"),
        (OutReason::NotWinning { self_drawn: true }, "illegal move"),
    ];
    for (r, kind) in reasons {
        assert_eq!(r.kind(), kind, "{r:?}");
    }
}

/// Point 28's limits are inclusive: output of exactly `OUTPUT_LIMIT` bytes
/// and a step of exactly the time limit are judged; one more is not. And
/// the line a bot prints reads back as what it said.
#[test]
fn output_and_time_limits_are_inclusive_and_bot_output_reads_back() {
    let line = bot_output("PLAY W1", "state \"1\"");
    assert_eq!(line, r#"{"data":"state \"1\"","response":"PLAY W1"}"#);
    let read = read_output(line.as_bytes()).unwrap();
    assert_eq!(
        (read.response.as_str(), read.data.as_str()),
        ("PLAY W1", "state \"1\"")
    );
    // Padded with whitespace, which is allowed around the object.
    let mut padded = line.clone().into_bytes();
    padded.resize(OUTPUT_LIMIT, b' ');
    assert!(read_output(&padded).is_ok());
    padded.push(b' ');
    assert_eq!(read_output(&padded), Err(StepError::TooMuchOutput));
    let limit = super::protocol::TIME_LIMIT_MS;
    assert!(judge_step(line.as_bytes(), Ok(()), limit).is_ok());
    assert_eq!(
        judge_step(line.as_bytes(), Ok(()), limit + 1),
        Err(StepError::TimedOut(limit + 1))
    );
}

/// The sample bot kongs a drawn fourth tile and a discard of a kind it holds
/// three of; on a wall that may be empty, the 2014 program's behaviour
/// (`new`) still kongs, `careful` passes.
#[test]
fn sample_bot_kongs_four_and_a_discarded_fourth_and_careful_minds_the_wall() {
    let start = |bot: &mut SampleBot| deal(bot, "W1 W1 W1 B1 B4 B7 T1 T4 T7 W5 W9 B9 T9");
    let mut bot = SampleBot::new(1);
    start(&mut bot);
    assert_eq!(bot.respond(&Request::Draw(tt("W1"))), "GANG W1");
    let w1 = Request::Play {
        player: 1,
        tile: tt("W1"),
    };
    for careful in [false, true] {
        let mut bot = if careful {
            SampleBot::careful(1)
        } else {
            SampleBot::new(1)
        };
        start(&mut bot);
        assert_eq!(bot.clone().respond(&w1), "GANG", "careful: {careful}");
        // 53 discards by the others (53 draws seen) leave 3 of the 56 tiles
        // to deal out, and the three others may each hold one drawn: the
        // wall may be empty.
        let t5 = Request::Play {
            player: 2,
            tile: tt("T5"),
        };
        for _ in 0..52 {
            assert_eq!(bot.respond(&t5), "PASS");
        }
        assert!(bot.view().kong_is_safe());
        assert_eq!(bot.respond(&t5), "PASS");
        assert!(!bot.view().kong_is_safe());
        let want = if careful { "PASS" } else { "GANG" };
        assert_eq!(bot.respond(&w1), want, "careful: {careful}");
    }
}

/// `is_valid_target` is `check_target` finding no flaw; `decomposes` of
/// nothing is true only for no sets and no pair; `chance` of a target the
/// player already holds is `L + 1`.
#[test]
fn target_helpers_at_their_edges() {
    let valid = target_counts(SAMPLE_TARGET).expect("tiles");
    assert!(is_valid_target(&valid, &[]));
    let mut not_winning = valid;
    not_winning[tt("T9").index()] -= 1;
    not_winning[tt("T8").index()] += 1;
    assert!(check_target(&not_winning, &[]).is_err());
    assert!(!is_valid_target(&not_winning, &[]));
    let mut none = [0u8; KINDS];
    assert!(super::result::decomposes(&mut none, 0, false));
    assert!(!super::result::decomposes(&mut none, 0, true));
    assert!(!super::result::decomposes(&mut none, 1, false));
    let last = [3u32; KINDS];
    assert_eq!(super::result::chance(&valid, &valid, &last, 7), 8);
    let mut more = valid;
    more[tt("W5").index()] += 1;
    assert_eq!(super::result::chance(&more, &valid, &last, 7), 3);
}

/// A view knows its seat, and that the wall may be empty: 56 tiles after
/// the deal, less the draws it has seen, less one drawn and not yet seen by
/// each other player still playing (winners draw no more).
#[test]
fn a_view_counts_the_tiles_the_wall_may_still_hold() {
    let mut view = super::view::View::new();
    view.observe(&Request::Id(2));
    assert_eq!(view.me(), 2);
    view.observe(&Request::Deal(
        tl("W1 W1 W1 B1 B4 B7 T1 T4 T7 W5 W9 B9 T9")
            .try_into()
            .expect("13 tiles"),
    ));
    let discard = |player| Request::Play {
        player,
        tile: tt("T5"),
    };
    for i in 0..53 {
        // 56 - i left, three others may each hold one: safe up to 52.
        assert_eq!(view.kong_is_safe(), i <= 52, "{i} draws seen");
        view.observe(&discard([0, 1, 3][i % 3]));
    }
    assert!(!view.kong_is_safe());
    // Player 3 wins on that discard: two others may hold a tile, so one is
    // surely left.
    view.observe(&Request::HuDiscard {
        player: 3,
        tile: tt("T5"),
    });
    assert!(view.kong_is_safe());
    // This view's own win does not count as another's draw.
    view.observe(&Request::HuDiscard {
        player: 2,
        tile: tt("T5"),
    });
    assert!(view.kong_is_safe());
}

/// A claim is pending from the bot's `PENG` until the next request says
/// whether it stood.
#[test]
fn a_claim_is_pending_until_the_next_request() {
    let mut bot = GreedyBot::new();
    deal(&mut bot, "W1 W1 W2 W3 B1 B2 B3 T2 T3 T4 T9 B5 B9");
    assert!(!bot.view().has_pending_claim());
    let a = bot.respond(&Request::Play {
        player: 1,
        tile: tt("W1"),
    });
    assert!(a.starts_with("PENG "), "{a}");
    assert!(bot.view().has_pending_claim());
    bot.respond(&Request::Peng {
        player: 0,
        tile: tt("W1"),
    });
    assert!(!bot.view().has_pending_claim());
}

/// NOI2014 tile lists print as space-separated upper-case names.
#[test]
fn tile_lists_print_with_single_spaces() {
    assert_eq!(tiles::format_tiles(&[]), "");
    assert_eq!(tiles::format_tiles(&tl("W1")), "W1");
    assert_eq!(tiles::format_tiles(&tl("W1 B2 T9")), "W1 B2 T9");
}
