//! NOI2014 replays: an arena [`Game`], its turns and the table after each
//! event as the judge's observer gave it (`arena::EventLine::table`),
//! drawn as steps. Nothing is worked out here that the judge does not say,
//! and the game is not played again.

use super::{
    ordinal, Ask, Discard, Face, MeldView, Replay, ResultTable, SeatInfo, SeatView, Step,
    SEAT_ORDER,
};
use crate::noi2014::games::arena::{EventLine, Game, Turn};
use crate::noi2014::rules::event::EndReason;
use crate::noi2014::rules::event::Event;
use crate::noi2014::rules::judge::Judge;
use crate::noi2014::rules::request::Reply;
use crate::noi2014::rules::result::{GameResult, PlayerEnd, TargetFlaw};
use crate::noi2014::rules::table::Table;
use crate::noi2014::rules::tiles::{self, name};
use crate::noi2014::rules::PLAYERS;

/// How each NOI2014 tile is drawn.
pub fn faces() -> std::collections::BTreeMap<String, Face> {
    tiles::all()
        .map(|t| {
            let i = t.index();
            // The suit as the tiles write it: 萬 (W, wan), 筒 (B, bing),
            // 條 (T, tiao).
            let (mark, class, suit) = [
                ("萬", "man", "characters (W)"),
                ("筒", "pin", "dots (B)"),
                ("條", "sou", "bamboo (T)"),
            ][i / 9];
            let n = i % 9 + 1;
            let face = Face {
                big: n.to_string(),
                small: mark.to_string(),
                class,
                title: format!("{n} of {suit}"),
            };
            (name(t).to_string(), face)
        })
        .collect()
}

/// A win in words: `won 2nd (self-drawn)`, `won 1st (on a discard)`.
pub fn won_words(order: u8, self_drawn: bool) -> String {
    let how = if self_drawn {
        "self-drawn"
    } else {
        "on a discard"
    };
    format!("won {} ({how})", ordinal(order))
}

/// A player's end in a few words, for its seat.
fn status_word(end: &PlayerEnd) -> String {
    match end {
        PlayerEnd::Won { order, self_drawn } => won_words(*order, *self_drawn),
        PlayerEnd::Out { request, .. } => format!("out at request {request}"),
        PlayerEnd::Playing => String::new(),
    }
}

/// The seats of `table`, each with its status word once it is no longer
/// playing (from the end `result` gives it: a player is out or has won for
/// good).
fn seats_of(table: &Table, result: &GameResult) -> Vec<SeatView> {
    table
        .seats
        .iter()
        .zip(table.playing)
        .map(|(held, playing)| SeatView {
            hand: held
                .concealed
                .tiles()
                .map(|t| name(t).to_string())
                .collect(),
            melds: held
                .exposed
                .iter()
                .enumerate()
                .map(|(i, m)| MeldView {
                    kind: m.kind(),
                    tiles: m.tiles().into_iter().map(|t| name(t).to_string()).collect(),
                    concealed: held.exposed.is_concealed(i),
                })
                .collect(),
            status: if playing {
                String::new()
            } else {
                status_word(&result.players[held.player].end)
            },
            distance: None,
        })
        .collect()
}

/// What the judge's result says about event `e`.
fn notes_of(e: &Event, judge: &Judge, result: &GameResult, summary: &str) -> Vec<String> {
    match *e {
        Event::Out { player } => {
            let PlayerEnd::Out { request, reason } = &result.players[player as usize].end else {
                return Vec::new();
            };
            let asked = judge
                .requests()
                .get(*request)
                .map_or(String::new(), |(_, r)| format!(" (`{r}`)"));
            vec![format!(
                "player {player} is put out: its answer to request {request}{asked} {reason}"
            )]
        }
        Event::HuDiscard { player, tile, from } => {
            let end = status_word(&result.players[player as usize].end);
            vec![format!(
                "player {player} {end}: {} from player {from}",
                name(tile)
            )]
        }
        Event::HuSelf { player, tile } => {
            let end = status_word(&result.players[player as usize].end);
            vec![format!("player {player} {end}: drew {}", name(tile))]
        }
        Event::GangConcealed { player, tile } => vec![format!(
            "player {player} shows four concealed {}: an exposed kong",
            name(tile)
        )],
        Event::GangAdded { player, tile } => vec![format!(
            "player {player} adds a {} to its exposed pung",
            name(tile)
        )],
        Event::End(_) => vec![summary.to_string()],
        _ => Vec::new(),
    }
}

/// The ranking at the end: place, points, seat, bot, how it ended, the
/// target with its Hamming distance and chance value.
fn result_table(result: &GameResult, labels: &[String]) -> ResultTable {
    let summary = match result.end {
        EndReason::EmptyWall => "the game ended: the wall ran out",
        EndReason::OneLeft => "the game ended: at most one player was still playing",
    };
    let mut order: Vec<usize> = (0..PLAYERS).collect();
    order.sort_by_key(|&p| (result.players[p].place, p));
    let rows = order
        .into_iter()
        .map(|p| {
            let r = &result.players[p];
            let how = match &r.end {
                PlayerEnd::Out { request, reason } => {
                    format!("put out at request {request}: {reason}")
                }
                PlayerEnd::Playing => "playing".to_string(),
                end => status_word(end),
            };
            let target = match (&r.target, &r.flaw) {
                (None, _) => "-".to_string(),
                (Some(_), Some(TargetFlaw::Empty)) => "(none declared)".to_string(),
                (Some(t), Some(flaw)) => format!("{t} (not valid: {flaw})"),
                (Some(t), None) => t.clone(),
            };
            let num = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
            vec![
                r.place.to_string(),
                r.points().to_string(),
                p.to_string(),
                labels.get(p).cloned().unwrap_or_default(),
                how,
                target,
                num(r.hamming),
                num(r.chance),
            ]
        })
        .collect();
    ResultTable {
        summary: summary.to_string(),
        columns: [
            "place",
            "points",
            "seat",
            "bot",
            "how it ended",
            "target",
            "Hamming",
            "chance",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    }
}

/// The replay of a game the arena played: the `labels` of its four seats
/// (bot names or commands) and a `title` saying which game it is.
pub fn replay(game: &Game, labels: &[String], title: &str) -> Replay {
    let judge = &game.judge;
    let result = judge.result().expect("the arena plays games to their end");
    let table = result_table(result, labels);
    let mut steps = vec![deal_step(&Judge::new(&game.wall).table(), result)];
    let mut ponds = vec![Vec::new(); PLAYERS];
    let mut last_play = None;
    let mut asks = Vec::new();
    for (i, turn) in game.turns.iter().enumerate() {
        asks.push(ask_of(i, turn));
        for line in &turn.events {
            let n = steps.len();
            mark_ponds(&mut ponds, &mut last_play, &line.event, n);
            let notes = notes_of(&line.event, judge, result, &table.summary);
            steps.push(event_step(line, result, notes, std::mem::take(&mut asks)));
        }
    }
    Replay {
        ruleset: "NOI2014",
        title: title.to_string(),
        seats: seat_infos(labels),
        faces: faces(),
        start: 0,
        steps,
        ponds,
        result: table,
    }
}

/// Step 0: the `table` once the tiles are dealt.
fn deal_step(table: &Table, result: &GameResult) -> Step {
    Step {
        notes: vec!["each player is dealt 13 tiles; player 0 draws first".into()],
        ..Step::new(
            "the deal".into(),
            SEAT_ORDER,
            seats_of(table, result),
            table.wall_left,
        )
    }
}

/// The `index`th request, `turn`, with its answer (or why there was none)
/// and, for a program, its time and, when it failed, the end of its
/// standard error.
fn ask_of(index: usize, turn: &Turn) -> Ask {
    let (answer, failed) = match &turn.reply {
        Reply::Text(t) => (t.clone(), false),
        Reply::Failed(_, why) => (why.clone(), true),
    };
    let note = turn.program.as_ref().map_or(String::new(), |s| {
        format!("{} ms{}", s.ms, s.output_words())
    });
    Ask {
        index,
        player: turn.player,
        request: turn.request.clone(),
        answer,
        failed,
        note,
    }
}

/// The tile event `e` gives its player from the wall, if it is a draw.
fn drawn_tile(e: &Event) -> Option<String> {
    match *e {
        Event::Draw { tile, .. } | Event::DrawBack { tile, .. } => Some(name(tile).to_string()),
        _ => None,
    }
}

/// The seats' names and the `labels` of who sat there.
fn seat_infos(labels: &[String]) -> Vec<SeatInfo> {
    (0..PLAYERS)
        .map(|p| SeatInfo {
            name: p.to_string(),
            label: labels.get(p).cloned().unwrap_or_default(),
        })
        .collect()
}

/// Event `e`, made at step `n`, in the `ponds`: a discard goes to its
/// player's pond (and is the `last_play`), a claim on it (pung, kong or
/// win) marks it taken at `n`.
fn mark_ponds(ponds: &mut [Vec<Discard>], last_play: &mut Option<usize>, e: &Event, n: usize) {
    match *e {
        Event::Play { player, tile } => {
            *last_play = Some(player as usize);
            ponds[player as usize].push(Discard {
                tile: name(tile).into(),
                step: n,
                taken: None,
            });
        }
        Event::Peng { .. } | Event::GangDiscard { .. } | Event::HuDiscard { .. } => {
            if let Some(d) = last_play.take().and_then(|q| ponds[q].last_mut()) {
                d.taken = Some(n);
            }
        }
        _ => {}
    }
}

/// The step of `line`'s event, with the table after it, the `notes` the
/// result gives it and the `asks` answered to make it.
fn event_step(line: &EventLine, result: &GameResult, notes: Vec<String>, asks: Vec<Ask>) -> Step {
    let e = &line.event;
    Step {
        actor: e.player().map(usize::from),
        drawn: drawn_tile(e),
        notes,
        asks,
        ..Step::new(
            e.to_string(),
            SEAT_ORDER,
            seats_of(&line.table, result),
            line.table.wall_left,
        )
    }
}

/// The page of a game the arena played (see [`replay`]).
pub fn game_page(game: &Game, labels: &[String], title: &str) -> String {
    super::render(&replay(game, labels, title))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 27 tiles are drawn as their number over their suit's mark.
    #[test]
    fn each_tile_is_drawn_as_its_number_and_suit() {
        let faces = faces();
        assert_eq!(faces.len(), 27);
        for (name, big, small, class, title) in [
            ("W1", "1", "萬", "man", "1 of characters (W)"),
            ("W9", "9", "萬", "man", "9 of characters (W)"),
            ("B1", "1", "筒", "pin", "1 of dots (B)"),
            ("T5", "5", "條", "sou", "5 of bamboo (T)"),
            ("T9", "9", "條", "sou", "9 of bamboo (T)"),
        ] {
            let f = &faces[name];
            assert_eq!(
                (&*f.big, &*f.small, f.class, &*f.title),
                (big, small, class, title)
            );
        }
    }

    /// A kong of four concealed tiles is drawn as one (two tiles face
    /// down), an added or claimed kong as exposed, from the judge's table.
    #[test]
    fn concealed_kongs_are_told_apart_from_exposed_ones() {
        use crate::noi2014::bots::built_in::BuiltIn;
        use crate::noi2014::games::arena::{play, Seat};
        use crate::noi2014::games::families::{walls, Family};
        let (mut concealed, mut exposed) = (0, 0);
        for wall in walls(Family::Kongs, 1, 20) {
            let mut seats = std::array::from_fn(|_| Seat::built_in(BuiltIn::Greedy, 1));
            let game = play(&wall, &mut seats).unwrap();
            let labels = vec!["greedy".to_string(); 4];
            let r = replay(&game, &labels, "t");
            let last = r.steps.last().unwrap();
            for (p, seat) in last.seats.iter().enumerate() {
                let kinds: Vec<(bool, &str)> =
                    seat.melds.iter().map(|m| (m.concealed, m.kind)).collect();
                // Every concealed kong of the game is one on the table.
                let declared = game
                    .turns
                    .iter()
                    .flat_map(|t| &t.events)
                    .filter(|l| matches!(l.event, Event::GangConcealed { player, .. } if player as usize == p))
                    .count();
                assert_eq!(kinds.iter().filter(|k| k.0).count(), declared, "{kinds:?}");
                assert!(kinds.iter().all(|&(c, kind)| !c || kind == "kong"));
                concealed += declared;
                exposed += kinds.iter().filter(|k| !k.0 && k.1 == "kong").count();
            }
        }
        // Not degenerate: both kinds of kongs happen on these walls.
        assert!(
            concealed > 0 && exposed > 0,
            "{concealed} concealed, {exposed} exposed"
        );
    }
}
