//! MCR replays: an arena [`Game`] drawn as steps, one per event of the
//! judge and one for the end. The tables come from the judge itself: the
//! game's replies are answered again to a fresh judge, which is
//! deterministic, and each step shows its hands, melds and flowers as the
//! judge holds them; the end shows the winning hand with its fans, or the
//! rule a penalised seat broke.

use super::{
    Ask, Discard, Face, MeldView, Replay, ResultTable, SeatInfo, SeatView, Step, SEAT_ORDER,
};
use crate::mcr::games::arena::Game;
use crate::mcr::hand::{Meld, MeldKind};
use crate::mcr::judge::{
    End, Event, Flower, Judge, KongKind, Offence, Reply, Request, WinKind, PLAYERS,
};
use crate::mcr::tile::Tile;

/// The winds' names, by number.
const WINDS: [&str; 4] = ["east", "south", "west", "north"];

/// How each MCR tile and flower is drawn: the suits as NOI2014 draws its
/// (the same names: `W` 萬, `B` 筒, `T` 條), the honours as THUPC 2021
/// draws its, the flowers as 花 and their number.
pub fn faces() -> std::collections::BTreeMap<String, Face> {
    let suits = super::noi2014::faces();
    let mut faces: std::collections::BTreeMap<String, Face> = Tile::all()
        .map(|t| {
            let face = match suits.get(t.name()) {
                Some(f) => f.clone(),
                None => super::thupc2021::face(t.to_core()),
            };
            (t.name().to_string(), face)
        })
        .collect();
    for n in 1..=8 {
        faces.insert(
            format!("H{n}"),
            Face {
                big: "花".into(),
                small: n.to_string(),
                class: "special",
                title: format!("flower {n}"),
            },
        );
    }
    faces
}

/// The replay of a game the arena played: the `labels` of its four seats
/// (bot names or commands) and a `title` saying which game it is.
pub fn replay(game: &Game, labels: &[String], title: &str) -> Replay {
    let mut judge = Judge::with_options(&game.init, game.options);
    let mut flowers: Vec<Vec<Flower>> = vec![Vec::new(); PLAYERS];
    let mut ponds = vec![Vec::new(); PLAYERS];
    let mut last_play = None;
    let mut steps = vec![start_step(game, &judge)];
    let mut events = game.events.iter();
    for (step, replies) in game.replies.iter().enumerate() {
        let asks: Vec<Ask> = (0..PLAYERS)
            .map(|p| ask(step, p, &game.steps[step][p], &replies[p]))
            .collect();
        for r in replies {
            // Four replies a step: the game cannot end before the fourth.
            let _ = judge.answer(r.clone());
        }
        // Each step but the first follows one event; the last may be
        // followed by none.
        let shown = steps.len() - 1;
        let made = judge.events().len() - shown;
        for (i, e) in events.by_ref().take(made).enumerate() {
            let n = steps.len();
            if let (
                Event::Deal,
                Some(Request::Deal {
                    flowers_per_seat,
                    flowers: list,
                    ..
                }),
            ) = (e, game.steps.get(step + 1).map(|s| &s[0]))
            {
                deal_flowers(&mut flowers, flowers_per_seat, list);
            }
            if let Event::Flower { seat, flower } = *e {
                flowers[usize::from(seat)].push(flower);
            }
            mark_ponds(&mut ponds, &mut last_play, e, n);
            let asked = if i == 0 { asks.clone() } else { Vec::new() };
            steps.push(event_step(e, &judge, &flowers, asked));
        }
        if judge.is_over() {
            let n = steps.len();
            let end_asks = if made == 0 { asks } else { Vec::new() };
            steps.push(end_step(game, &judge, &flowers, end_asks, labels));
            if let End::Win(w) = &game.result.end {
                if matches!(w.kind, WinKind::Discard { .. }) {
                    if let Some(d) = last_play.take().and_then(|q: usize| ponds[q].last_mut()) {
                        d.taken = Some(n);
                    }
                }
            }
        }
    }
    Replay {
        ruleset: "MCR",
        title: title.to_string(),
        seats: (0..PLAYERS)
            .map(|p| SeatInfo {
                name: format!("{p} ({})", WINDS[p]),
                label: labels.get(p).cloned().unwrap_or_default(),
            })
            .collect(),
        faces: faces(),
        start: 0,
        steps,
        ponds,
        result: result_table(game, labels),
    }
}

/// Step 0: the table before the deal.
fn start_step(game: &Game, judge: &Judge) -> Step {
    let wind = WINDS[usize::from(game.init.quan)];
    Step {
        notes: vec![
            format!(
                "prevalent wind: {wind}; seat 0 is east, seat 1 south, seat 2 west, seat 3 north"
            ),
            format!(
                "each seat has its own part of the wall ({} tiles) and draws from its end",
                game.init.wall.part_len()
            ),
        ],
        ..Step::new(
            "the table".into(),
            SEAT_ORDER,
            seats_of(judge, &vec![Vec::new(); PLAYERS], None),
            game.init.wall.part_len() * PLAYERS,
        )
    }
}

/// The step of event `e`, `judge` and the `flowers` just after it, with
/// the `asks` answered to make it.
fn event_step(e: &Event, judge: &Judge, flowers: &[Vec<Flower>], asks: Vec<Ask>) -> Step {
    // The judge counts a draw in the hand once it is answered.
    let drawn = match *e {
        Event::Draw { seat, tile } => Some((usize::from(seat), tile)),
        _ => None,
    };
    Step {
        actor: actor(e),
        drawn: drawn.map(|(_, t)| t.name().to_string()),
        notes: event_notes(e),
        asks,
        ..Step::new(
            event_text(e),
            SEAT_ORDER,
            seats_of(judge, flowers, drawn),
            (0..PLAYERS).map(|s| judge.tiles_left(s)).sum(),
        )
    }
}

/// The page of a game the arena played (see [`replay`]).
pub fn game_page(game: &Game, labels: &[String], title: &str) -> String {
    super::render(&replay(game, labels, title))
}

/// Request `player` of judge step `step` and its reply.
fn ask(step: usize, player: usize, request: &Request, reply: &Reply) -> Ask {
    let (answer, failed) = match reply {
        Reply::Text(t) => (t.to_string(), false),
        Reply::Failed(v) => (format!("verdict {v}"), true),
    };
    Ask {
        index: step,
        player,
        request: request.to_string(),
        answer,
        failed,
        note: String::new(),
    }
}

/// The flowers dealt, seat by seat, from the deal request's counts and
/// list.
fn deal_flowers(flowers: &mut [Vec<Flower>], per_seat: &[u8; 4], list: &[Option<Flower>; 8]) {
    let mut list = list.iter().flatten();
    for (seat, &n) in flowers.iter_mut().zip(per_seat) {
        seat.extend(list.by_ref().take(usize::from(n)).copied());
    }
}

/// The four seats as `judge` holds them, with their `flowers`; `drawn`:
/// a seat's drawn tile, not yet in its hand in the judge's count.
fn seats_of(judge: &Judge, flowers: &[Vec<Flower>], drawn: Option<(usize, Tile)>) -> Vec<SeatView> {
    (0..PLAYERS)
        .map(|s| {
            let mut counts = *judge.hand(s);
            if let Some((d, t)) = drawn {
                if d == s {
                    counts[t.index()] += 1;
                }
            }
            let mut melds: Vec<MeldView> = judge.melds(s).into_iter().map(meld_view).collect();
            if !flowers[s].is_empty() {
                melds.push(MeldView {
                    kind: "flowers",
                    tiles: flowers[s].iter().map(|h| h.to_string()).collect(),
                    concealed: false,
                });
            }
            SeatView {
                hand: tiles_of(&counts),
                melds,
                status: String::new(),
                distance: None,
            }
        })
        .collect()
}

/// The tiles of `counts`, in table order.
fn tiles_of(counts: &[u8]) -> Vec<String> {
    Tile::all()
        .flat_map(|t| std::iter::repeat_n(t.name().to_string(), usize::from(counts[t.index()])))
        .collect()
}

/// A meld as the page draws it.
fn meld_view(m: Meld) -> MeldView {
    let tiles: Vec<Tile> = match m.kind {
        MeldKind::Chow => {
            let i = m.tile.index();
            [i - 1, i, i + 1]
                .iter()
                .filter_map(|&k| Tile::from_index(k))
                .collect()
        }
        MeldKind::Pung => vec![m.tile; 3],
        MeldKind::Kong => vec![m.tile; 4],
    };
    MeldView {
        kind: match m.kind {
            MeldKind::Chow => "chow",
            MeldKind::Pung => "pung",
            MeldKind::Kong => "kong",
        },
        tiles: tiles.iter().map(|t| t.name().to_string()).collect(),
        concealed: m.kind == MeldKind::Kong && m.offer == 0,
    }
}

/// The seat an event is about.
fn actor(e: &Event) -> Option<usize> {
    match *e {
        Event::Deal => None,
        Event::Draw { seat, .. }
        | Event::Flower { seat, .. }
        | Event::Play { seat, .. }
        | Event::Peng { seat, .. }
        | Event::Chi { seat, .. }
        | Event::Kong { seat, .. } => Some(usize::from(seat)),
    }
}

/// An event in a few words, as the page's log (and `mcr play`) shows it.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::Deal => "the deal".into(),
        Event::Draw { seat, tile } => format!("{seat} draws {tile}"),
        Event::Flower { seat, flower } => format!("{seat} draws flower {flower}"),
        Event::Play { seat, tile } => format!("{seat} discards {tile}"),
        Event::Peng {
            seat,
            tile,
            discard,
            ..
        } => format!("{seat} pungs {tile}, discards {discard}"),
        Event::Chi {
            seat,
            middle,
            discard,
            ..
        } => format!("{seat} chows around {middle}, discards {discard}"),
        Event::Kong { seat, tile, kind } => match kind {
            KongKind::Concealed => format!("{seat} concealed kong of {tile}"),
            KongKind::Melded { .. } => format!("{seat} kongs {tile}"),
            KongKind::Promoted => format!("{seat} adds {tile} to its pung"),
        },
    }
}

/// What an event means, in words.
fn event_notes(e: &Event) -> Vec<String> {
    match *e {
        Event::Deal => vec!["each seat takes 13 tiles from the end of its part, flowers set aside and replaced; seat 0 draws first".into()],
        Event::Flower { seat, flower } => vec![format!(
            "seat {seat} sets flower {flower} aside (1 point if it wins) and draws again"
        )],
        Event::Peng { seat, from, tile, .. } => {
            vec![format!("seat {seat} claims seat {from}'s discard {tile} for a pung")]
        }
        Event::Chi { seat, tile, .. } => {
            vec![format!("seat {seat} claims the previous seat's discard {tile} for a chow")]
        }
        Event::Kong { seat, kind, .. } => vec![match kind {
            KongKind::Concealed => {
                format!("seat {seat} shows four concealed tiles as a kong and draws a replacement")
            }
            KongKind::Melded { from } => {
                format!("seat {seat} claims seat {from}'s discard for a kong and draws a replacement")
            }
            KongKind::Promoted => format!(
                "seat {seat} promotes its pung to a kong; the others may rob it (HU), else it draws a replacement"
            ),
        }],
        _ => Vec::new(),
    }
}

/// The last step: the winning hand with its fans, the drawn game, or the
/// penalty.
fn end_step(
    game: &Game,
    judge: &Judge,
    flowers: &[Vec<Flower>],
    asks: Vec<Ask>,
    labels: &[String],
) -> Step {
    let r = &game.result;
    let (actor, drawn, mut seats) = match &r.end {
        End::Win(w) => {
            let seat = usize::from(w.seat);
            (
                Some(seat),
                Some(w.tile.name().to_string()),
                seats_of(judge, flowers, Some((seat, w.tile))),
            )
        }
        End::Exhausted { seat } => (
            Some(usize::from(*seat)),
            None,
            seats_of(judge, flowers, None),
        ),
        End::Penalty { seat, .. } => (
            Some(usize::from(*seat)),
            None,
            seats_of(judge, flowers, None),
        ),
    };
    // The winning tile is not in the judge's hand: a self-drawn one was
    // the pending draw, another seat's discard or kong tile was never held.
    for (s, v) in seats.iter_mut().enumerate() {
        v.status = status(game, s);
    }
    let mut notes = vec![summary(game, labels)];
    notes.extend(fan_lines(game));
    let text = match &r.end {
        End::Win(w) => format!("{} HU on {}", w.seat, w.tile),
        End::Exhausted { .. } => "HUANG: drawn".into(),
        End::Penalty { seat, offence, .. } => format!("{seat} penalised ({})", offence.action()),
    };
    let wall = (0..PLAYERS).map(|s| judge.tiles_left(s)).sum();
    Step {
        actor,
        drawn,
        notes,
        rule: match &r.end {
            End::Win(_) => Some(
                "a win needs 8 fans besides flowers; the winner takes 8 + total from the discarder (from each seat if self-drawn) and 8 from the others"
                    .into(),
            ),
            End::Penalty { .. } => {
                Some("a seat that breaks a rule loses 30 points and the three others win 10".into())
            }
            End::Exhausted { .. } => {
                Some("the game is drawn when a seat must draw from its empty part of the wall".into())
            }
        },
        asks,
        ..Step::new(text, SEAT_ORDER, seats, wall)
    }
}

/// The fans of the winning hand (or of a false win's), one a line
/// (`清龙 Pure Straight: 16`, `× n` when counted more than once), then the
/// total.
pub fn fan_lines(game: &Game) -> Vec<String> {
    let reading = game.options.reading;
    let (total, fans) = match &game.result.end {
        End::Win(w) => (w.total, &w.fans),
        End::Penalty {
            offence: Offence::WrongHu { total, fans },
            ..
        } => (*total, fans),
        _ => return Vec::new(),
    };
    let mut lines: Vec<String> = fans
        .iter()
        .map(|&(f, n)| {
            let times = if n > 1 {
                format!(" × {n}")
            } else {
                String::new()
            };
            format!(
                "{} {}: {}{times}",
                f.chinese(reading),
                f.english(),
                f.points()
            )
        })
        .collect();
    if total >= 0 {
        lines.push(format!("total {total} fans"));
    }
    lines
}

/// Seat `s`'s word at the end: won, penalised, or nothing.
fn status(game: &Game, s: usize) -> String {
    match &game.result.end {
        End::Win(w) if usize::from(w.seat) == s => format!("won {} fans", w.total),
        End::Penalty { seat, offence, .. } if usize::from(*seat) == s => {
            format!("out: {}", offence.action())
        }
        _ => String::new(),
    }
}

/// How the game ended, in one line.
pub fn summary(game: &Game, labels: &[String]) -> String {
    let who = |s: u8| match labels.get(usize::from(s)) {
        Some(l) if !l.is_empty() => format!("seat {s} ({l})"),
        _ => format!("seat {s}"),
    };
    match &game.result.end {
        End::Win(w) => {
            let how = match w.kind {
                WinKind::SelfDrawn => format!("self-drawn on {}", w.tile),
                WinKind::Discard { from } => format!("on seat {from}'s discard {}", w.tile),
                WinKind::RobbingKong { from } => {
                    format!("robbing seat {from}'s kong of {}", w.tile)
                }
            };
            format!("{} won {how}, {} fans", who(w.seat), w.total)
        }
        End::Exhausted { seat } => {
            format!("drawn: seat {seat} had to draw from its empty part of the wall")
        }
        End::Penalty {
            seat,
            offence,
            answer,
        } => {
            let answered = answer
                .as_ref()
                .map_or(String::new(), |a| format!(" (answered `{a}`)"));
            format!(
                "{} was penalised ({}): {offence}{answered}",
                who(*seat),
                offence.action()
            )
        }
    }
}

/// The end: each seat's score and how the game ended for it.
pub fn result_table(game: &Game, labels: &[String]) -> ResultTable {
    let rows = (0..PLAYERS)
        .map(|s| {
            let how = match status(game, s) {
                w if w.is_empty() => "-".to_string(),
                w => w,
            };
            vec![
                s.to_string(),
                labels.get(s).cloned().unwrap_or_default(),
                game.result.scores[s].to_string(),
                how,
            ]
        })
        .collect();
    ResultTable {
        summary: summary(game, labels),
        columns: ["seat", "bot", "score", "how it ended"]
            .map(String::from)
            .to_vec(),
        rows,
    }
}

/// Event `e`, made at step `n`, in the `ponds`: a discard goes to its
/// seat's pond (and is the `last_play`), a claim on it marks it taken.
fn mark_ponds(ponds: &mut [Vec<Discard>], last_play: &mut Option<usize>, e: &Event, n: usize) {
    let take = |ponds: &mut [Vec<Discard>], last: &mut Option<usize>| {
        if let Some(d) = last.take().and_then(|q| ponds[q].last_mut()) {
            d.taken = Some(n);
        }
    };
    match *e {
        Event::Play { seat, tile } => {
            *last_play = Some(usize::from(seat));
            ponds[usize::from(seat)].push(Discard {
                tile: tile.name().into(),
                step: n,
                taken: None,
            });
        }
        Event::Peng { seat, discard, .. } | Event::Chi { seat, discard, .. } => {
            take(ponds, last_play);
            *last_play = Some(usize::from(seat));
            ponds[usize::from(seat)].push(Discard {
                tile: discard.name().into(),
                step: n,
                taken: None,
            });
        }
        Event::Kong {
            kind: KongKind::Melded { .. },
            ..
        } => take(ponds, last_play),
        Event::Draw { .. } => *last_play = None,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::games::arena::play;
    use crate::mcr::games::sloppy::seats;
    use crate::mcr::games::walls::random_init;
    use crate::mcr::judge::Options;
    use crate::rng::Rng;

    #[test]
    fn every_tile_and_flower_has_a_face() {
        let faces = faces();
        assert_eq!(faces.len(), 34 + 8);
        assert_eq!(faces["W5"].small, "萬");
        assert_eq!(faces["B5"].small, "筒");
        assert_eq!(faces["T5"].small, "條");
        assert_eq!(faces["J1"].class, "red");
        assert_eq!(faces["J3"].class, "white");
        assert_eq!(faces["F2"].class, "wind");
        assert_eq!(faces["H3"].small, "3");
    }

    /// One step per event and one for the end; every request is asked
    /// once; each step's hands hold 13 tiles less 3 a meld (14 for the
    /// seat that drew).
    #[test]
    fn pages_hold_every_event_and_request() {
        for seed in 1..=20 {
            let init = random_init(&mut Rng::new(seed));
            let game = play(&init, Options::default(), &mut seats(seed), &mut |_| {});
            let labels = vec!["sloppy".to_string(); 4];
            let r = replay(&game, &labels, "t");
            assert_eq!(r.steps.len(), game.events.len() + 2, "seed {seed}");
            let asked: usize = r.steps.iter().map(|s| s.asks.len()).sum();
            assert_eq!(asked, 4 * game.steps.len());
            for step in &r.steps[2..r.steps.len() - 1] {
                for (s, v) in step.seats.iter().enumerate() {
                    let melds = v.melds.iter().filter(|m| m.kind != "flowers").count();
                    let drew = step.drawn.is_some() && step.actor == Some(s);
                    let want = 13 - 3 * melds + usize::from(drew);
                    assert!(
                        v.hand.len() == want,
                        "seed {seed}, {}: seat {s} holds {:?}",
                        step.text,
                        v.hand
                    );
                }
            }
            assert!(!r.result.summary.is_empty());
        }
    }
}
