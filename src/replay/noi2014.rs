//! NOI2014 replays: a finished [`Judge`] and the answers it was given. The
//! judge keeps its requests, events and result but not the tables in
//! between, so the answers are given again to a fresh judge on the same
//! wall, which must ask the same requests and make the same events; the
//! tables are read from it after each answer. Nothing is worked out here
//! that the judge does not say.

use super::{ordinal, Ask, Discard, Face, MeldView, Replay, ResultTable, SeatInfo, SeatView, Step};
use crate::noi2014::arena::Game;
use crate::noi2014::result::{GameResult, PlayerEnd, TargetFlaw};
use crate::noi2014::tiles::{self, name};
use crate::noi2014::{EndReason, Event, Judge, Reply, PLAYERS};

/// One answer given to the judge, in the order of its requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The reply as given to [`Judge::answer`].
    pub reply: Reply,
    /// What else the driver noted (e.g. the end of a program's standard
    /// error); empty for nothing.
    pub note: String,
}

impl Answer {
    /// An answer with no note.
    pub fn new(reply: Reply) -> Answer {
        Answer {
            reply,
            note: String::new(),
        }
    }
}

/// The answers do not replay the judge's game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The judge's game is not over.
    #[error("the game is not over")]
    NotOver,
    /// Not one answer per request.
    #[error("{answers} answer(s) for {requests} request(s)")]
    Count {
        /// Answers given.
        answers: usize,
        /// Requests the judge asked.
        requests: usize,
    },
    /// Given again, the answers make a different game.
    #[error("the answers replay a different game from request {0} on")]
    Diverged(usize),
}

/// How each NOI2014 tile is drawn.
pub fn faces() -> std::collections::BTreeMap<String, Face> {
    tiles::all()
        .map(|t| {
            let i = t.index();
            let (letter, class, suit) = [
                ("W", "man", "characters (W)"),
                ("B", "pin", "dots (B)"),
                ("T", "sou", "bamboo (T)"),
            ][i / 9];
            let n = i % 9 + 1;
            let face = Face {
                big: n.to_string(),
                small: letter.to_string(),
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

/// The tiles on the table (hands, melds, wall) of a judge.
fn tiles_of(j: &Judge) -> (Vec<SeatView>, usize) {
    let seats = (0..PLAYERS)
        .map(|p| SeatView {
            hand: j.hand(p).tiles().map(|t| name(t).to_string()).collect(),
            melds: j
                .melds(p)
                .into_iter()
                .map(|m| MeldView {
                    kind: m.kind(),
                    tiles: m.tiles().into_iter().map(|t| name(t).to_string()).collect(),
                })
                .collect(),
            status: String::new(),
            distance: None,
        })
        .collect();
    (seats, j.wall_left())
}

/// Each player's status word in `j`, from the end `result` gives it (a
/// player is out or has won for good).
fn statuses(j: &Judge, result: &GameResult) -> Vec<String> {
    (0..PLAYERS)
        .map(|p| {
            if j.is_playing(p) {
                String::new()
            } else {
                status_word(&result.players[p].end)
            }
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

/// The replay of a finished game: `judge`, the `labels` of its four seats
/// (bot names or commands), the `answers` it was given, one per request,
/// and a `title` saying which game it is.
pub fn replay(
    judge: &Judge,
    labels: &[String],
    answers: &[Answer],
    title: &str,
) -> Result<Replay, ReplayError> {
    let result = judge.result().ok_or(ReplayError::NotOver)?;
    check_answer_count(judge, answers)?;
    let table = result_table(result, labels);
    let mut rerun = Rerun::new(judge, result, &table.summary);
    for (i, a) in answers.iter().enumerate() {
        rerun.give(i, a)?;
    }
    let (steps, ponds) = rerun.finish(answers.len())?;
    Ok(Replay {
        ruleset: "NOI2014",
        title: title.to_string(),
        seats: seat_infos(labels),
        faces: faces(),
        start: 0,
        steps,
        ponds,
        result: table,
    })
}

/// One answer per request of `judge`, or how many of each there are.
fn check_answer_count(judge: &Judge, answers: &[Answer]) -> Result<(), ReplayError> {
    if answers.len() == judge.requests().len() {
        Ok(())
    } else {
        Err(ReplayError::Count {
            answers: answers.len(),
            requests: judge.requests().len(),
        })
    }
}

/// Step 0: the table of a fresh judge `j` once the tiles are dealt.
fn deal_step(j: &Judge) -> Step {
    let (seats, left) = tiles_of(j);
    Step {
        text: "the deal".into(),
        actor: None,
        drawn: None,
        seats,
        wall: left,
        order: "0 1 2 3".into(),
        notes: vec!["each player is dealt 13 tiles; player 0 draws first".into()],
        rule: None,
        asks: Vec::new(),
        mismatch: None,
        see_also: None,
    }
}

/// Answer `a`, the `index`th, to `player`'s `request`, as a step shows it.
fn ask_of(index: usize, player: usize, request: String, a: &Answer) -> Ask {
    let (answer, failed) = match &a.reply {
        Reply::Text(t) => (t.clone(), false),
        Reply::Failed(_, why) => (why.clone(), true),
    };
    Ask {
        index,
        player,
        request,
        answer,
        failed,
        note: a.note.clone(),
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

/// The table `tiles` (hands, melds, wall) with each seat's `status` word.
fn with_statuses(tiles: &(Vec<SeatView>, usize), status: &[String]) -> (Vec<SeatView>, usize) {
    let (mut seats, left) = tiles.clone();
    for (s, w) in seats.iter_mut().zip(status) {
        s.status = w.clone();
    }
    (seats, left)
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

/// A game being replayed: the answers given again, one by one, to a fresh
/// judge on the finished `judge`'s wall, and the steps and ponds so far.
struct Rerun<'a> {
    /// The finished game.
    judge: &'a Judge,
    /// Its result.
    result: &'a GameResult,
    /// The result's summary, the end's note.
    summary: &'a str,
    /// The fresh judge the answers are given to.
    fresh: Judge,
    steps: Vec<Step>,
    ponds: Vec<Vec<Discard>>,
    /// The player whose discard was the last, until it is claimed.
    last_play: Option<usize>,
    /// The requests answered since the last event, for its step.
    asks: Vec<Ask>,
    /// The fresh judge's tiles before the answer being given.
    before: (Vec<SeatView>, usize),
}

impl<'a> Rerun<'a> {
    fn new(judge: &'a Judge, result: &'a GameResult, summary: &'a str) -> Rerun<'a> {
        let fresh = Judge::new(&judge.wall());
        Rerun {
            judge,
            result,
            summary,
            steps: vec![deal_step(&fresh)],
            ponds: vec![Vec::new(); PLAYERS],
            last_play: None,
            asks: Vec::new(),
            before: tiles_of(&fresh),
            fresh,
        }
    }

    /// The player the fresh judge asks for answer `i`, which must be the
    /// request the finished judge asked, with the request's words.
    fn expect_request(&self, i: usize) -> Result<(usize, String), ReplayError> {
        let Some((p, request)) = self.fresh.pending() else {
            return Err(ReplayError::Diverged(i));
        };
        if self.judge.requests().get(i) != Some(&(p as u8, *request)) {
            return Err(ReplayError::Diverged(i));
        }
        Ok((p, request.to_string()))
    }

    /// Gives answer `a`, the `i`th, to the fresh judge: a step for each
    /// event it makes, which must be the finished judge's next events.
    fn give(&mut self, i: usize, a: &Answer) -> Result<(), ReplayError> {
        let (p, request) = self.expect_request(i)?;
        self.asks.push(ask_of(i, p, request, a));
        let seen = self.fresh.events().len();
        self.fresh
            .answer(a.reply.clone())
            .map_err(|_| ReplayError::Diverged(i))?;
        let after = tiles_of(&self.fresh);
        let status = statuses(&self.fresh, self.result);
        for e in &self.fresh.events()[seen..] {
            if self.judge.events().get(self.steps.len() - 1) != Some(e) {
                return Err(ReplayError::Diverged(i));
            }
            let n = self.steps.len();
            mark_ponds(&mut self.ponds, &mut self.last_play, e, n);
            // Putting out moves no tile; what else one answer makes comes
            // after it, so an `out` shows the table before the answer.
            let tiles = if matches!(e, Event::Out { .. }) {
                &self.before
            } else {
                &after
            };
            let (seats, left) = with_statuses(tiles, &status);
            let asks = std::mem::take(&mut self.asks);
            let step = self.event_step(e, seats, left, asks);
            self.steps.push(step);
        }
        self.before = after;
        Ok(())
    }

    /// The step of event `e`, with the table it shows and the `asks`
    /// answered to make it.
    fn event_step(&self, e: &Event, seats: Vec<SeatView>, wall: usize, asks: Vec<Ask>) -> Step {
        Step {
            text: e.to_string(),
            actor: e.player().map(usize::from),
            drawn: drawn_tile(e),
            seats,
            wall,
            order: "0 1 2 3".into(),
            notes: notes_of(e, self.judge, self.result, self.summary),
            rule: None,
            asks,
            mismatch: None,
            see_also: None,
        }
    }

    /// The steps and ponds, once all `given` answers are given and the
    /// fresh judge's game is the finished one.
    fn finish(self, given: usize) -> Result<(Vec<Step>, Vec<Vec<Discard>>), ReplayError> {
        if !self.fresh.is_over() || self.fresh.events().len() != self.judge.events().len() {
            return Err(ReplayError::Diverged(given));
        }
        Ok((self.steps, self.ponds))
    }
}

/// The answers of an arena game's record, each with a program's time and,
/// when it failed, the end of its standard error.
pub fn answers_of(game: &Game) -> Vec<Answer> {
    game.turns
        .iter()
        .map(|t| Answer {
            reply: t.reply.clone(),
            note: t.program.as_ref().map_or(String::new(), |s| {
                if s.stderr.is_empty() {
                    format!("{} ms", s.ms)
                } else {
                    format!("{} ms; its stderr ends: {}", s.ms, s.stderr)
                }
            }),
        })
        .collect()
}

/// The page of a game the arena played (see [`replay`]).
pub fn game_page(game: &Game, labels: &[String], title: &str) -> Result<String, ReplayError> {
    page(&game.judge, labels, &answers_of(game), title)
}

/// The page of a finished game (see [`replay`]).
pub fn page(
    judge: &Judge,
    labels: &[String],
    answers: &[Answer],
    title: &str,
) -> Result<String, ReplayError> {
    replay(judge, labels, answers, title).map(|r| super::render(&r))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 27 tiles are drawn as their number over their suit's letter.
    #[test]
    fn each_tile_is_drawn_as_its_number_and_suit() {
        let faces = faces();
        assert_eq!(faces.len(), 27);
        for (name, big, small, class, title) in [
            ("W1", "1", "W", "man", "1 of characters (W)"),
            ("W9", "9", "W", "man", "9 of characters (W)"),
            ("B1", "1", "B", "pin", "1 of dots (B)"),
            ("T5", "5", "T", "sou", "5 of bamboo (T)"),
            ("T9", "9", "T", "sou", "9 of bamboo (T)"),
        ] {
            let f = &faces[name];
            assert_eq!(
                (&*f.big, &*f.small, f.class, &*f.title),
                (big, small, class, title)
            );
        }
    }
}
