//! One MCR game stepped decision by decision, for learning environments
//! (the Python package's PettingZoo environments are thin faces over this
//! module and [`super::vector`]).
//!
//! Each step of the judge sends one request to each seat and judges the
//! four answers together. [`Env`] opens a step by handing every seat its
//! request: a bot answers at once; a caller's seat takes it into its own
//! [`View`] (what a Botzone bot knows) and its legal actions are worked
//! out there ([`crate::mcr::bots::legal`], made an action [`Mask`]). A
//! seat with one legal action (the `0` and `1` requests, announcements,
//! discards it can only pass, a forced discard) is answered with it; the
//! seats with more than one are the step's *decisions*, asked in seat
//! order ([`Env::decision`], [`Env::step`]) or all at once
//! ([`Env::decisions`], [`Env::step_all`]): no seat learns another's
//! answer before it gives its own, as with the judge. An action outside
//! the mask is still answered: the judge penalises the seat and the game
//! ends, as it would for a bot program.
//!
//! The observation ([`observe`]) is made from the seat's view alone, so
//! a policy trained on it can play as a bot ([`PolicyBot`]).

use super::action::{action_of, claimed, Action, Mask};
use crate::mcr::bots::bot::Bot;
use crate::mcr::bots::legal::{legal, legal_into, note, Action as Move, Answers};
use crate::mcr::bots::view::{Turn, View};
use crate::mcr::games::arena::Game;
use crate::mcr::hand::MeldKind;
use crate::mcr::judge::{InitData, Judge, Options, Reply, Request, PLAYERS};
use crate::mcr::tile::{Tile, KINDS};
use std::borrow::Cow;

/// Rows of an observation, each over the 34 kinds (see [`observe`]).
pub const OBS_ROWS: usize = 11;
/// Bytes of an observation.
pub const OBS_SIZE: usize = OBS_ROWS * KINDS;

/// Writes the observation of the player whose view is `view` into `out`
/// ([`OBS_SIZE`] bytes, row by row; seats are relative: 0 is the player,
/// 1 the next seat in play order, 2 the one across, 3 the previous one):
///
/// - row 0: its concealed tiles, counts by kind (a drawn tile included);
/// - rows 1-4: each seat's melds' tiles, counts by kind (another's
///   concealed kong left out: its tile is not shown);
/// - rows 5-8: each seat's discards nobody claimed, counts by kind;
/// - row 9: the tile of the request: the tile drawn, the discard, or the
///   tile of a promoted kong that may be robbed;
/// - row 10, by column: 0 the request is its own draw; 1 another's
///   discard; 2 another's promoted kong; 3-6 the relative seat that drew,
///   discarded or konged (one-hot); 7-10 each relative seat's flowers;
///   11-14 tiles left in each relative seat's part of the wall (the most
///   possible: exact on Botzone's 144-tile walls); 15-18 its own seat
///   (0 deals), one-hot; 19-22 the prevalent wind, one-hot; 23-26 each
///   relative seat's concealed kongs whose tile is hidden; 27 the wall's
///   length is known (a flower was seen); the rest 0.
pub fn observe(view: &View, out: &mut [u8]) {
    let out = &mut out[..OBS_SIZE];
    out.fill(0);
    let row = |r: usize| r * KINDS;
    let me = usize::from(view.me());
    out[..KINDS].copy_from_slice(view.hand());
    let info = row(10);
    for rel in 0..PLAYERS {
        let seat = view.seat(me + rel);
        let mut hidden = 0;
        let melds = &mut out[row(1 + rel)..row(2 + rel)];
        for (i, m) in seat.melds().iter().enumerate() {
            if seat.is_hidden(i) {
                hidden += 1;
                continue;
            }
            let t = m.tile.index();
            match m.kind {
                MeldKind::Chow => melds[t - 1..=t + 1].iter_mut().for_each(|c| *c += 1),
                MeldKind::Pung => melds[t] += 3,
                MeldKind::Kong => melds[t] += 4,
            }
        }
        out[row(5 + rel)..row(6 + rel)].copy_from_slice(seat.river_counts());
        out[info + 23 + rel] = hidden;
        out[info + 7 + rel] = seat.flowers();
        out[info + 11 + rel] = view.tiles_left(me + rel).1;
    }
    let rel = |s: u8| (usize::from(s) + PLAYERS - me) % PLAYERS;
    let (tile, kind, by) = match view.turn() {
        Turn::MyDraw(t) => (Some(t), Some(0), Some(0)),
        Turn::Discard { seat, tile } if usize::from(seat) != me => {
            (Some(tile), Some(1), Some(rel(seat)))
        }
        Turn::Promoted { seat, tile } if usize::from(seat) != me => {
            (Some(tile), Some(2), Some(rel(seat)))
        }
        Turn::TheirDraw(seat) => (None, None, Some(rel(seat))),
        _ => (None, None, None),
    };
    if let Some(t) = tile {
        out[row(9) + t.index()] = 1;
    }
    if let Some(k) = kind {
        out[info + k] = 1;
    }
    if let Some(r) = by {
        out[info + 3 + r] = 1;
    }
    out[info + 15 + me] = 1;
    out[info + 19 + usize::from(view.quan() % 4)] = 1;
    out[info + 27] = u8::from(view.wall_known());
}

/// The legal actions of the request `view` has just taken in, and the
/// moves behind them (scratch, cleared first).
pub fn legal_mask(view: &View, moves: &mut Vec<Move>) -> Mask {
    legal(view, moves);
    moves_mask(view, moves)
}

/// The legal actions of the request `view` has just taken in, as
/// [`legal_mask`] gives them, set on the mask's bits without listing the
/// moves: what [`Env`] and [`PolicyBot`] ask at every request.
pub fn legal_actions(view: &View) -> Mask {
    let mut out = MaskOf {
        mask: Mask::default(),
        claimed: claimed(view.turn()),
    };
    legal_into(view, &mut out);
    out.mask
}

/// The legal answers of a request as actions, where the request offers
/// `claimed`.
struct MaskOf {
    mask: Mask,
    claimed: Option<Tile>,
}

impl MaskOf {
    fn action(&self, m: Move) -> Action {
        Action::of_move(m, self.claimed).expect("a legal chow holds the claimed tile")
    }
}

impl Answers for MaskOf {
    fn push(&mut self, m: Move) {
        let a = self.action(m);
        self.mask.add(a);
    }

    /// The kinds' actions are numbered one after another from the first.
    fn push_kinds(&mut self, of: impl Fn(Tile) -> Move, kinds: u64) {
        let first = self.action(of(Tile::from_index(0).expect("a kind")));
        self.mask.add_kinds(first, kinds);
    }
}

/// The actions of `moves`, legal answers to the request `view` has just
/// taken in.
fn moves_mask(view: &View, moves: &[Move]) -> Mask {
    let c = claimed(view.turn());
    let mut mask = Mask::default();
    for &m in moves {
        mask.add(Action::of_move(m, c).expect("a legal chow holds the claimed tile"));
    }
    mask
}

/// Notes answer `text` to the request `view` has just taken in, where the
/// view needs to know it (its own concealed kong's tile).
fn note_text(view: &mut View, text: &str) {
    let c = claimed(view.turn());
    if let Some(m) = action_of(c, text).and_then(|a| a.to_move(c)) {
        note(view, m);
    }
}

/// An action given to [`Env::step`] when no decision is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is over: no decision is pending")]
pub struct Over;

/// Why [`Env::step_all`] refused its actions (no game moved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepAllError {
    /// The game is over.
    #[error("the game is over: no decision is pending")]
    Over,
    /// A seat that decides at this step was given no action.
    #[error("seat {0} decides at this step: its action is missing")]
    Missing(usize),
}

/// A game stepped one decision at a time: the caller plays the seats
/// without a bot, the bots the others.
pub struct Env {
    judge: Judge,
    bots: [Option<Box<dyn Bot + Send>>; PLAYERS],
    /// Every seat's view, kept from its requests (and its own answers).
    views: [View; PLAYERS],
    /// The current step's answers not yet given to the judge, by seat.
    answers: [Option<Cow<'static, str>>; PLAYERS],
    /// The current step's decisions not yet answered, by seat.
    masks: [Option<Mask>; PLAYERS],
    /// The deal the game started from.
    init: InitData,
    /// Every step's four answers, when recording.
    replies: Option<Vec<[String; PLAYERS]>>,
    /// The caller's answers to its decisions, in the order given: what a
    /// saved game replays ([`super::saved`]); `None` for a game that is
    /// never saved ([`Env::unsaved`]).
    given: Option<Vec<Cow<'static, str>>>,
}

impl Env {
    /// A game from `init` judged under `options`; `bots[p]` plays seat `p`,
    /// `None` for the caller's seats. It keeps the caller's answers, to be
    /// saved ([`super::saved`]); with `record`, every answer too
    /// ([`Env::replies`], [`Env::game`]).
    pub fn new(
        init: &InitData,
        options: Options,
        bots: [Option<Box<dyn Bot + Send>>; PLAYERS],
        record: bool,
    ) -> Env {
        Env::keeping(init, options, bots, Some(Vec::new()), record.then(Vec::new))
    }

    /// [`Env::new`] keeping no answer: a game of a batched vector
    /// ([`super::vector`]), which is never saved nor logged, spared the
    /// work at every step.
    pub fn unsaved(
        init: &InitData,
        options: Options,
        bots: [Option<Box<dyn Bot + Send>>; PLAYERS],
    ) -> Env {
        Env::keeping(init, options, bots, None, None)
    }

    /// A game keeping `given` and `replies` (each `None`: not kept).
    fn keeping(
        init: &InitData,
        options: Options,
        bots: [Option<Box<dyn Bot + Send>>; PLAYERS],
        given: Option<Vec<Cow<'static, str>>>,
        replies: Option<Vec<[String; PLAYERS]>>,
    ) -> Env {
        let mut env = Env {
            judge: Judge::with_options(init, options),
            bots,
            views: Default::default(),
            answers: Default::default(),
            masks: [None; PLAYERS],
            init: init.clone(),
            replies,
            given,
        };
        env.begin_step();
        env.feed();
        env
    }

    /// The judge (requests, events and, once over, the result).
    pub fn judge(&self) -> &Judge {
        &self.judge
    }

    /// Seat `p`'s view of the game.
    pub fn view(&self, p: usize) -> &View {
        &self.views[p]
    }

    /// The next decision in seat order: the seat, its request and its
    /// legal actions (at least two); `None` once the game is over.
    pub fn decision(&self) -> Option<(usize, &Request, Mask)> {
        let (p, request) = self.judge.pending()?;
        Some((p, request, self.masks[p]?))
    }

    /// Every decision of the current step not yet answered, by seat.
    pub fn decisions(&self) -> [Option<Mask>; PLAYERS] {
        self.masks
    }

    /// The legal actions of the next decision.
    pub fn pending_mask(&self) -> Option<Mask> {
        self.decision().map(|(_, _, m)| m)
    }

    /// The seat of the next decision.
    pub fn to_act(&self) -> Option<usize> {
        self.decision().map(|(p, _, _)| p)
    }

    /// Writes seat `p`'s observation ([`observe`]).
    pub fn observe(&self, p: usize, out: &mut [u8]) {
        observe(&self.views[p], out);
    }

    /// The answer string of `action` for seat `p` at its current request.
    pub fn answer_text(&self, p: usize, action: Action) -> Cow<'static, str> {
        action.text(claimed(self.views[p].turn()))
    }

    /// Answers the next decision with `action` (one outside its mask is
    /// still answered: the judge penalises the seat), then plays on to the
    /// next decision.
    pub fn step(&mut self, action: Action) -> Result<(), Over> {
        let p = self.to_act().ok_or(Over)?;
        self.answer_action(p, action);
        self.feed();
        Ok(())
    }

    /// Answers the next decision with a string as a bot would (any string:
    /// the judge reads it), then plays on to the next decision.
    pub fn step_text(&mut self, text: &str) -> Result<(), Over> {
        let p = self.to_act().ok_or(Over)?;
        note_text(&mut self.views[p], text);
        self.masks[p] = None;
        let text: Cow<'static, str> = Cow::Owned(text.to_string());
        if let Some(given) = &mut self.given {
            given.push(text.clone());
        }
        self.answers[p] = Some(text);
        self.feed();
        Ok(())
    }

    /// Answers every decision of the current step, `actions[p]` for seat
    /// `p` (the others' entries are ignored), then plays on to the next
    /// step with a decision. Refused, with nothing answered, when a
    /// deciding seat has no action.
    pub fn step_all(&mut self, actions: &[Option<Action>; PLAYERS]) -> Result<(), StepAllError> {
        if self.judge.is_over() {
            return Err(StepAllError::Over);
        }
        if let Some(p) = (0..PLAYERS).find(|&p| self.masks[p].is_some() && actions[p].is_none()) {
            return Err(StepAllError::Missing(p));
        }
        for (p, &a) in actions.iter().enumerate() {
            if let (Some(_), Some(a)) = (self.masks[p], a) {
                self.answer_action(p, a);
            }
        }
        self.feed();
        Ok(())
    }

    /// Each seat's score once the game is over.
    pub fn scores(&self) -> Option<[i32; PLAYERS]> {
        self.judge.result().map(|r| r.scores)
    }

    /// The caller's answers to its decisions so far ([`Env::step`],
    /// [`Env::step_text`], [`Env::step_all`]), in the order given (seat
    /// order within a step): given through [`Env::step_text`] on the same
    /// deal and bots, they rebuild this game. `None` for a game made
    /// [`Env::unsaved`].
    pub fn given_answers(&self) -> Option<&[Cow<'static, str>]> {
        self.given.as_deref()
    }

    /// The deal the game started from.
    pub fn init(&self) -> &InitData {
        &self.init
    }

    /// Every step's four answers so far (with `record`).
    pub fn replies(&self) -> Option<&[[String; PLAYERS]]> {
        self.replies.as_deref()
    }

    /// The finished game as the arena records one (with `record`; `None`
    /// before the end), for its log ([`crate::mcr::games::log::write()`])
    /// and replay page (`replay::mcr::game_page`). Every answer
    /// was given in process, so no reply is a failure and no program
    /// ran.
    pub fn game(&self) -> Option<Game> {
        let replies = self.replies.as_ref()?;
        Some(Game {
            init: self.init.clone(),
            options: self.judge.options(),
            steps: self.judge.steps().to_vec(),
            replies: replies
                .iter()
                .map(|r| r.clone().map(|t| Reply::Text(t.into())))
                .collect(),
            events: self.judge.events().to_vec(),
            result: self.judge.result()?.clone(),
            failures: Vec::new(),
            programs: Vec::new(),
            starts: [0; PLAYERS],
        })
    }

    /// The table as text, for people: each seat's concealed tiles, melds
    /// (`KIND,TILE,OFFER` as Botzone writes them), flowers and tiles left
    /// in its part; then the next decision or the scores.
    pub fn table_text(&self) -> String {
        let j = &self.judge;
        let mut lines = Vec::with_capacity(PLAYERS + 1);
        for p in 0..PLAYERS {
            let hand: Vec<&str> = Tile::all()
                .flat_map(|t| std::iter::repeat_n(t.name(), usize::from(j.hand(p)[t.index()])))
                .collect();
            let melds: Vec<String> = j
                .melds(p)
                .iter()
                .map(|m| format!("{},{},{}", m.word(), m.tile, m.offer))
                .collect();
            lines.push(format!(
                "seat {p}: {} | melds: {} | flowers: {} | wall: {}",
                hand.join(" "),
                if melds.is_empty() {
                    "-".into()
                } else {
                    melds.join(" ")
                },
                j.flowers(p),
                j.tiles_left(p)
            ));
        }
        lines.push(match (self.decision(), self.scores()) {
            (Some((p, r, _)), _) => format!("seat {p} is asked: {r}"),
            (None, Some(s)) => format!("scores: {s:?}"),
            (None, None) => String::new(),
        });
        lines.join("\n")
    }

    fn answer_action(&mut self, p: usize, action: Action) {
        let c = claimed(self.views[p].turn());
        if let Some(m) = action.to_move(c) {
            note(&mut self.views[p], m);
        }
        self.masks[p] = None;
        let text = action.text(c);
        if let Some(given) = &mut self.given {
            given.push(text.clone());
        }
        self.answers[p] = Some(text);
    }

    /// Opens the current step: every seat takes in its request; bots and
    /// seats with one legal action answer.
    fn begin_step(&mut self) {
        // Borrowed, not copied: the judge's fields are apart from the
        // seats' below.
        let Some(requests) = self.judge.step_requests() else {
            return;
        };
        for (p, request) in requests.iter().enumerate() {
            self.views[p].observe(request);
            self.masks[p] = None;
            self.answers[p] = match &mut self.bots[p] {
                Some(bot) => {
                    // The seat's view learns the bot's own concealed kong
                    // from its answer, as the bot's own view does.
                    let text = bot.respond(request);
                    if text.starts_with("GANG ") {
                        note_text(&mut self.views[p], &text);
                    }
                    Some(text)
                }
                None => {
                    let view = &mut self.views[p];
                    let mask = legal_actions(view);
                    if let Some(only) = mask.only() {
                        // Most requests have one legal answer: given at once.
                        let m = only
                            .to_move(claimed(view.turn()))
                            .expect("a legal action is an answer");
                        note(view, m);
                        Some(m.text())
                    } else {
                        assert!(!mask.is_empty(), "a request has a legal answer");
                        self.masks[p] = Some(mask);
                        None
                    }
                }
            };
        }
    }

    /// Gives the judge the answers it waits for, in seat order, opening
    /// each new step, until a decision is pending or the game is over.
    fn feed(&mut self) {
        while let Some((p, _)) = self.judge.pending() {
            let Some(text) = self.answers[p].take() else {
                return;
            };
            self.judge.answer_text(&text).expect("a request is pending");
            if let Some(replies) = &mut self.replies {
                if p == 0 {
                    replies.push(Default::default());
                }
                if let Some(last) = replies.last_mut() {
                    last[p] = text.into_owned();
                }
            }
            if p == PLAYERS - 1 {
                self.begin_step();
            }
        }
    }
}

/// A bot asking `policy` (observation, legal actions) for an action at
/// each decision (more than one legal action) and answering the rest
/// itself, as [`Env`] does: a policy trained on the environments plays
/// anywhere a bot plays.
pub struct PolicyBot<F> {
    view: View,
    policy: F,
}

impl<F: FnMut(&[u8; OBS_SIZE], Mask) -> Action> PolicyBot<F> {
    /// A bot before its first request.
    pub fn new(policy: F) -> PolicyBot<F> {
        PolicyBot {
            view: View::new(),
            policy,
        }
    }
}

impl<F: FnMut(&[u8; OBS_SIZE], Mask) -> Action> Bot for PolicyBot<F> {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        let mask = legal_actions(&self.view);
        let action = match mask.only() {
            Some(only) => only,
            None if mask.is_empty() => Action::Pass,
            None => {
                let mut obs = [0u8; OBS_SIZE];
                observe(&self.view, &mut obs);
                (self.policy)(&obs, mask)
            }
        };
        let c = claimed(self.view.turn());
        if let Some(m) = action.to_move(c) {
            note(&mut self.view, m);
        }
        action.text(c)
    }
}

#[cfg(test)]
#[path = "env_tests.rs"]
mod tests;
