//! The judge one decision at a time, for learning environments (the
//! Python package's PettingZoo and Gymnasium environments are thin faces
//! over this module and [`crate::noi2014::learn::vector`]).
//!
//! - [`Action`]: the 85 moves a player can make, numbered for a fixed
//!   action space, each with its answer string.
//! - [`legal`]: which of them are legal for the pending request (the
//!   judge's own tests of what a hand supports, `judge::supports`, made a
//!   mask; `tests` checks it against the
//!   judge itself).
//! - [`Env`]: a game where some seats are the caller's and the others
//!   in-process bots. It stops only at the caller's *decisions*: requests
//!   with more than one legal action. Requests with one legal action (the
//!   `0` and `1` requests, announcements, discards the player can only
//!   pass, request `4`) are answered with that action, so the caller never
//!   sees them. An illegal action is still answered: the judge puts the
//!   player out, as it would a bot program.
//! - [`observe`]: a fixed-shape encoding of what a player can know
//!   ([`OBS_ROWS`] rows of the 27 kinds, `u8`).

use crate::hand::Hand;
use crate::learn::vector::ActionMask;
use crate::learn::{nth_bit, write_bits};
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::games::arena::{answer_recorded, Game, Turn};
use crate::noi2014::rules::event::Event;
use crate::noi2014::rules::judge::{supports, Judge};
use crate::noi2014::rules::request::{Reply, Request};
use crate::noi2014::rules::table::Melds;
use crate::noi2014::rules::target::nearest_target_answer;
use crate::noi2014::rules::tiles::{parse_any_case, tile, GANG, PENG, PLAY};
use crate::noi2014::rules::wall::Wall;
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::tile::Tile;
use std::borrow::Cow;

/// Number of actions: see [`Action::index`].
pub const ACTIONS: usize = 85;

/// One move, as the action space numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `PLAY c` on one's own draw (indices 0..27, by kind).
    Play(Tile),
    /// `GANG c` on one's own draw: a concealed or added kong (27..54).
    GangSelf(Tile),
    /// `PENG c2` on another's discard: pung it, then discard `c2` (54..81).
    Peng(Tile),
    /// `PASS` (81).
    Pass,
    /// `GANG` on another's discard (82).
    Gang,
    /// `HU`, on one's own draw or another's discard (83).
    Hu,
    /// Request `4`: declare a nearest valid target hand (84), as the greedy
    /// bot does ([`crate::noi2014::rules::target::nearest_target`]).
    Target,
}

impl Action {
    /// Its number in `0..ACTIONS`.
    pub fn index(self) -> usize {
        match self {
            Action::Play(t) => t.index(),
            Action::GangSelf(t) => KINDS + t.index(),
            Action::Peng(t) => 2 * KINDS + t.index(),
            Action::Pass => 81,
            Action::Gang => 82,
            Action::Hu => 83,
            Action::Target => 84,
        }
    }

    /// The action numbered `i`; `None` for `i >= ACTIONS`.
    pub fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            0..27 => Action::Play(tile(i)),
            27..54 => Action::GangSelf(tile(i - KINDS)),
            54..81 => Action::Peng(tile(i - 2 * KINDS)),
            81 => Action::Pass,
            82 => Action::Gang,
            83 => Action::Hu,
            84 => Action::Target,
            _ => return None,
        })
    }

    /// The answer string, but for [`Action::Target`] (`None`: it depends
    /// on the hand).
    pub fn text(self) -> Option<&'static str> {
        Some(match self {
            Action::Play(t) => PLAY[t.index()],
            Action::GangSelf(t) => GANG[t.index()],
            Action::Peng(t) => PENG[t.index()],
            Action::Pass => "PASS",
            Action::Gang => "GANG",
            Action::Hu => "HU",
            Action::Target => return None,
        })
    }

    /// The answer string for player `p` of `judge` (only [`Action::Target`]
    /// reads the judge: the target of `p`'s tiles).
    pub fn answer(self, judge: &Judge, p: usize) -> Cow<'static, str> {
        match self.text() {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(nearest_target_answer(judge.hand(p), &judge.melds(p))),
        }
    }
}

/// The action that answers `request` with `answer` (keywords upper case,
/// tile names in either case, words separated by spaces or tabs, as the
/// judge reads answers; point 27); `None` when no action writes it. Any
/// answer to request `4` is [`Action::Target`] only if it is that target,
/// so this returns `None` there: a target is not an action number.
pub fn action_of(request: &Request, answer: &str) -> Option<Action> {
    let words: Vec<&str> = answer
        .split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .collect();
    let tile = |w: &str| parse_any_case(w.as_bytes());
    let own = matches!(request, Request::Draw(_));
    let discard = matches!(request, Request::Play { .. });
    Some(match words.as_slice() {
        ["PASS"] if !own => Action::Pass,
        ["HU"] if own || discard => Action::Hu,
        ["GANG"] if discard => Action::Gang,
        ["PLAY", c] if own => Action::Play(tile(c)?),
        ["GANG", c] if own => Action::GangSelf(tile(c)?),
        ["PENG", c] if discard => Action::Peng(tile(c)?),
        _ => return None,
    })
}

/// A set of actions, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mask(pub u128);

impl Mask {
    /// Adds an action.
    pub fn add(&mut self, a: Action) {
        self.0 |= 1 << a.index();
    }

    /// Adds `of(t)` for every kind `t` in `kinds` (bit `k` for kind index
    /// `k`; kinds past the 27 of the game are ignored). `of` is an action of
    /// a tile whose numbers follow the kinds' order (`Play`, `GangSelf`,
    /// `Peng`).
    pub fn add_kinds(&mut self, of: fn(Tile) -> Action, kinds: u64) {
        let first = of(tile(0)).index();
        debug_assert_eq!(of(tile(KINDS - 1)).index(), first + KINDS - 1);
        self.0 |= u128::from(kinds & ((1 << KINDS) - 1)) << first;
    }

    /// True when `a` is in the set.
    pub fn contains(self, a: Action) -> bool {
        self.0 >> a.index() & 1 == 1
    }

    /// Number of actions.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when there are none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The actions in index order.
    pub fn iter(self) -> impl Iterator<Item = Action> {
        // Set bits lowest first: the environment asks this of every
        // request, so it does not scan all 85 positions.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            Action::from_index(i)
        })
    }

    /// The `i`-th action in index order (`i < len`).
    pub fn nth(self, i: usize) -> Option<Action> {
        Action::from_index(nth_bit(&self.words(), i)?)
    }

    /// One byte per action, 1 for the legal ones (the first [`ACTIONS`]
    /// bytes of `out`; the vector environment writes a mask a step).
    pub fn write(self, out: &mut [u8]) {
        let n = out.len().min(ACTIONS);
        write_bits(&self.words(), &mut out[..n]);
    }
}

impl ActionMask for Mask {
    type Words = [u64; 2];

    /// The set as 64-bit words, lowest first.
    fn words(self) -> [u64; 2] {
        [self.0 as u64, (self.0 >> 64) as u64]
    }
}

/// The legal actions for the pending request, with the player asked;
/// `None` once the game is over. Legal means the judge does not put the
/// player out for it (points 7-9, 14, 31): a kong needs a tile left in the
/// wall; request `4` has the one action [`Action::Target`].
pub fn legal(judge: &Judge) -> Option<(usize, Mask)> {
    let (p, request) = judge.pending()?;
    let held = judge.held(p);
    let mask = legal_for(
        request,
        &held.concealed,
        &held.exposed,
        judge.wall_left() > 0,
    );
    Some((p, mask))
}

/// The legal actions answering `request` with these concealed tiles and
/// exposed sets; kongs only with `wall_left` (a tile left in the wall).
pub fn legal_for(request: &Request, hand: &Hand, melds: &Melds, wall_left: bool) -> Mask {
    let mut m = Mask::default();
    match *request {
        Request::Draw(_) => {
            // Every kind at once: this runs on every draw.
            m.add_kinds(Action::Play, hand.held_bits());
            if wall_left {
                m.add_kinds(Action::GangSelf, supports::gangs_on_draw(hand, melds));
            }
            if supports::hu(hand, melds, None) {
                m.add(Action::Hu);
            }
        }
        Request::Play { tile: c, .. } => {
            m.add(Action::Pass);
            // Most discards allow no pung: the hand is walked only when
            // one does (this runs for every player asked).
            if supports::pung(hand, c) {
                for t in hand.kinds().filter(|&t| supports::peng(hand, c, t)) {
                    m.add(Action::Peng(t));
                }
            }
            if wall_left && supports::gang_on_discard(hand, melds, c) {
                m.add(Action::Gang);
            }
            if supports::hu(hand, melds, Some(c)) {
                m.add(Action::Hu);
            }
        }
        Request::Target => m.add(Action::Target),
        _ => m.add(Action::Pass),
    }
    m
}

/// Rows of an observation, each over the 27 kinds (see [`observe`]).
pub const OBS_ROWS: usize = 11;
/// Bytes of an observation.
pub const OBS_SIZE: usize = OBS_ROWS * KINDS;

/// What every player can know, kept from the judge's events: each
/// player's discards (claimed ones included) and who has won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Public {
    /// Discards by player, counts by kind.
    pub discards: [[u8; KINDS]; PLAYERS],
    /// Who has won.
    pub won: [bool; PLAYERS],
    /// Events taken in so far.
    seen: usize,
}

impl Public {
    /// Takes in the judge's events not yet seen.
    pub fn update(&mut self, judge: &Judge) {
        for e in &judge.events()[self.seen..] {
            match *e {
                Event::Play { player, tile } => {
                    self.discards[usize::from(player)][tile.index()] += 1
                }
                Event::HuSelf { player, .. } | Event::HuDiscard { player, .. } => {
                    self.won[usize::from(player)] = true
                }
                _ => {}
            }
        }
        self.seen = judge.events().len();
    }
}

/// Writes player `p`'s observation into `out` ([`OBS_SIZE`] bytes, row by
/// row; seats are relative: 0 is `p`, 1 the next player in play order, 2
/// the one across, 3 the previous one):
///
/// - row 0: `p`'s concealed tiles, counts by kind (a drawn tile included);
/// - rows 1-4: each seat's exposed tiles (pungs and kongs), counts by kind;
/// - rows 5-8: each seat's discards so far (claimed ones included);
/// - row 9: the tile of the request: the tile drawn, or the discard;
/// - row 10, by column: 0 the request is `p`'s own draw; 1 it is another's
///   discard; 2-5 the relative seat that discarded (one-hot); 6-9 which
///   relative seats have won; 10 tiles left in the wall (0..=56); 11-14
///   `p`'s own seat number, one-hot (seat 0 deals); the rest 0.
///
/// The wall count is the judge's: a protocol bot knows it too, but for the
/// draw of a player put out on its own turn (point 32), which nobody is
/// told of.
pub fn observe(judge: &Judge, public: &Public, p: usize, out: &mut [u8]) {
    let mut exposed = [[0u8; KINDS]; PLAYERS];
    for (q, row) in exposed.iter_mut().enumerate() {
        judge.held(q).exposed.add_to(row);
    }
    let request = match judge.pending() {
        Some((asked, r)) if asked == p => Some(*r),
        _ => None,
    };
    encode(
        &Seen {
            me: p,
            hand: judge.hand(p),
            exposed: &exposed,
            discards: &public.discards,
            won: public.won,
            request,
            wall_left: judge.wall_left(),
        },
        out,
    );
}

/// What one player knows, by absolute seat, for [`encode`].
pub struct Seen<'a> {
    /// The player.
    pub me: usize,
    /// Its concealed tiles.
    pub hand: &'a Hand,
    /// Each seat's exposed tiles, counts by kind.
    pub exposed: &'a [[u8; KINDS]; PLAYERS],
    /// Each seat's discards, counts by kind.
    pub discards: &'a [[u8; KINDS]; PLAYERS],
    /// Who has won.
    pub won: [bool; PLAYERS],
    /// The request it is answering, if any.
    pub request: Option<Request>,
    /// Tiles left in the wall.
    pub wall_left: usize,
}

/// Writes the observation of [`observe`] from what a player knows.
pub fn encode(seen: &Seen<'_>, out: &mut [u8]) {
    let out = &mut out[..OBS_SIZE];
    out.fill(0);
    let p = seen.me;
    let row = |r: usize| r * KINDS;
    out[..KINDS].copy_from_slice(&seen.hand.counts()[..KINDS]);
    for rel in 0..PLAYERS {
        let q = (p + rel) % PLAYERS;
        out[row(1 + rel)..row(2 + rel)].copy_from_slice(&seen.exposed[q]);
        out[row(5 + rel)..row(6 + rel)].copy_from_slice(&seen.discards[q]);
        out[row(10) + 6 + rel] = u8::from(seen.won[q]);
    }
    match seen.request {
        Some(Request::Draw(t)) => {
            out[row(9) + t.index()] = 1;
            out[row(10)] = 1;
        }
        Some(Request::Play { player, tile }) => {
            out[row(9) + tile.index()] = 1;
            out[row(10) + 1] = 1;
            let rel = (usize::from(player) + PLAYERS - p) % PLAYERS;
            out[row(10) + 2 + rel] = 1;
        }
        _ => {}
    }
    out[row(10) + 10] = seen.wall_left.min(255) as u8;
    out[row(10) + 11 + p] = 1;
}

/// An action given to [`Env::step`] when no decision is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is over: no decision is pending")]
pub struct Over;

/// A game stepped one decision at a time: the caller plays the seats
/// without a bot, the bots the others.
pub struct Env {
    judge: Judge,
    bots: [Option<Box<dyn Bot + Send>>; PLAYERS],
    public: Public,
    /// Every request with its answer, when recording.
    turns: Option<Vec<Turn>>,
    /// Which of `turns` the caller answered through [`Env::step`] or
    /// [`Env::step_text`] (the others are bots' answers and the caller's
    /// requests with one legal answer, which the game answers itself).
    given: Vec<usize>,
    /// The caller's pending decision (seat and legal actions), worked out
    /// once where [`Env::advance`] stops.
    pending: Option<(usize, Mask)>,
}

impl Env {
    /// A game on `wall`, played up to the caller's first decision. `bots`
    /// by seat: `None` for the caller's seats. With `record`, every request
    /// and answer is kept with its events, for [`Env::game`].
    pub fn new(wall: &Wall, bots: [Option<Box<dyn Bot + Send>>; PLAYERS], record: bool) -> Env {
        let mut env = Env {
            judge: Judge::new(wall),
            bots,
            public: Public::default(),
            turns: record.then(Vec::new),
            given: Vec::new(),
            pending: None,
        };
        env.advance();
        env
    }

    /// The judge (the requests, events and, once over, the result).
    pub fn judge(&self) -> &Judge {
        &self.judge
    }

    /// What every player can know so far.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The caller's pending decision: the seat, its request and its legal
    /// actions (at least two); `None` once the game is over.
    pub fn decision(&self) -> Option<(usize, &Request, Mask)> {
        let (p, mask) = self.pending?;
        let (_, request) = self.judge.pending()?;
        Some((p, request, mask))
    }

    /// The legal actions of the caller's pending decision (as in
    /// [`Env::decision`], without reading the request).
    pub fn pending_mask(&self) -> Option<Mask> {
        self.pending.map(|(_, mask)| mask)
    }

    /// The seat whose decision is pending.
    pub fn to_act(&self) -> Option<usize> {
        self.judge.pending().map(|(p, _)| p)
    }

    /// Writes seat `p`'s observation ([`observe`]).
    pub fn observe(&self, p: usize, out: &mut [u8]) {
        observe(&self.judge, &self.public, p, out);
    }

    /// Answers the pending decision with `action` (an illegal one puts the
    /// player out), then plays on to the caller's next decision.
    pub fn step(&mut self, action: Action) -> Result<(), Over> {
        let (p, _) = self.judge.pending().ok_or(Over)?;
        let text = action.answer(&self.judge, p);
        self.note_given();
        self.answer_text(p, text);
        self.advance();
        Ok(())
    }

    /// Answers the pending request with a string as a bot would (any
    /// string: the judge reads it), then plays on to the caller's next
    /// decision.
    pub fn step_text(&mut self, text: &str) -> Result<(), Over> {
        let (p, _) = self.judge.pending().ok_or(Over)?;
        self.note_given();
        self.answer(p, Reply::Text(text.to_string()));
        self.advance();
        Ok(())
    }

    /// Each player's points (4, 3, 2, 1 by place, ties shared; point 19)
    /// once the game is over.
    pub fn points(&self) -> Option<[f64; PLAYERS]> {
        let r = self.judge.result()?;
        Some(std::array::from_fn(|p| r.players[p].points()))
    }

    /// The answers the caller gave so far ([`Env::step`],
    /// [`Env::step_text`]), in order (with `record`): replayed on the same
    /// wall and bots, they rebuild this game.
    pub fn given_answers(&self) -> Option<Vec<&str>> {
        let turns = self.turns.as_ref()?;
        Some(
            self.given
                .iter()
                .map(|&i| match &turns[i].reply {
                    Reply::Text(text) => text.as_str(),
                    Reply::Failed(_, why) => why.as_str(),
                })
                .collect(),
        )
    }

    /// Notes that the next turn recorded is the caller's own answer.
    fn note_given(&mut self) {
        if let Some(turns) = &self.turns {
            self.given.push(turns.len());
        }
    }

    /// The record of the game so far (with `record`): an arena [`Game`],
    /// for logs and replay pages.
    pub fn game(&self) -> Option<Game> {
        Some(Game {
            wall: self.judge.wall(),
            turns: self.turns.clone()?,
            judge: self.judge.clone(),
            starts: [0; PLAYERS],
        })
    }

    fn answer(&mut self, p: usize, reply: Reply) {
        match &mut self.turns {
            None => {
                match &reply {
                    Reply::Text(t) => self.judge.answer_text(t),
                    Reply::Failed(_, why) => self.judge.answer_failed(why),
                }
                .expect("a request is pending");
            }
            Some(turns) => turns.push(answer_recorded(&mut self.judge, p, reply, None)),
        }
        self.public.update(&self.judge);
    }

    /// Answers with `text` (no copy unless recording).
    fn answer_text(&mut self, p: usize, text: Cow<'static, str>) {
        if self.turns.is_none() {
            self.judge.answer_text(&text).expect("a request is pending");
            self.public.update(&self.judge);
        } else {
            self.answer(p, Reply::Text(text.into_owned()));
        }
    }

    /// Answers bots' requests and the caller's forced ones (one legal
    /// action) until a decision of the caller or the end.
    fn advance(&mut self) {
        self.pending = None;
        while let Some((p, request)) = self.judge.pending() {
            let request = *request;
            let text = match &mut self.bots[p] {
                Some(bot) => bot.respond(&request),
                // Only draws and discards can offer a choice.
                None if !matches!(request, Request::Draw(_) | Request::Play { .. }) => {
                    let only = if request == Request::Target {
                        Action::Target
                    } else {
                        Action::Pass
                    };
                    only.answer(&self.judge, p)
                }
                None => {
                    let (_, mask) = legal(&self.judge).expect("a request is pending");
                    if mask.len() > 1 {
                        self.pending = Some((p, mask));
                        return;
                    }
                    let only = mask.iter().next().expect("one legal action");
                    only.answer(&self.judge, p)
                }
            };
            self.answer_text(p, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named::WallFamily;
    use crate::noi2014::bots::greedy::GreedyBot;
    use crate::noi2014::games::arena;
    use crate::noi2014::games::families::{walls, Family};
    use crate::rng::Rng;

    /// A random legal action.
    fn random(mask: Mask, rng: &mut Rng) -> Action {
        mask.nth(rng.below(mask.len())).expect("a legal action")
    }

    /// True when answering `text` puts the player asked out (the judge's
    /// own verdict: an `out` event for it).
    fn puts_out(judge: &Judge, text: &str) -> bool {
        let (p, _) = judge.pending().unwrap();
        let mut j = judge.clone();
        let seen = j.events().len();
        j.answer_text(text).unwrap();
        j.events()[seen..].contains(&Event::Out { player: p as u8 })
    }

    /// The set's bits, read lowest first and written as bytes, on both
    /// sides of the 64-bit halves and at the ends.
    #[test]
    fn a_mask_lists_and_writes_its_actions() {
        let picked = [0, 7, 8, 63, 64, 81, 84];
        let mut m = Mask::default();
        for &i in &picked {
            m.add(Action::from_index(i).unwrap());
        }
        let listed: Vec<usize> = m.iter().map(Action::index).collect();
        assert_eq!(listed, picked);
        assert_eq!(m.len(), picked.len());
        assert_eq!(m.nth(3), Action::from_index(63));
        assert_eq!(m.nth(7), None);
        let mut bytes = [9u8; ACTIONS];
        m.write(&mut bytes);
        for (i, &b) in bytes.iter().enumerate() {
            assert_eq!(b, u8::from(picked.contains(&i)), "action {i}");
        }
        assert_eq!(Mask::default().iter().count(), 0);
    }

    #[test]
    fn action_numbers_round_trip() {
        for i in 0..ACTIONS {
            assert_eq!(Action::from_index(i).unwrap().index(), i);
        }
        assert_eq!(Action::from_index(ACTIONS), None);
    }

    /// Every action's answer reads back as that action, in the request it
    /// answers, tile names in either case; answers of the wrong request or
    /// none at all read as nothing.
    #[test]
    fn answers_read_back_as_actions() {
        let draw = Request::Draw(tile(0));
        let discard = Request::Play {
            player: 1,
            tile: tile(0),
        };
        for i in 0..ACTIONS {
            let a = Action::from_index(i).unwrap();
            let Some(text) = a.text() else {
                assert_eq!(a, Action::Target);
                continue;
            };
            let (right, wrong) = match a {
                Action::Play(_) | Action::GangSelf(_) => (draw, discard),
                Action::Hu => (draw, Request::Target),
                _ => (discard, draw),
            };
            assert_eq!(action_of(&right, text), Some(a), "{text}");
            assert_eq!(action_of(&right, &text.replace(' ', " \t ")), Some(a));
            assert_eq!(action_of(&wrong, text), None, "{text} to {wrong}");
        }
        assert_eq!(action_of(&discard, "HU"), Some(Action::Hu));
        assert_eq!(action_of(&draw, "PLAY t9"), Some(Action::Play(tile(26))));
        for bad in ["", "play W1", "PLAY", "PLAY W1 W2", "PENG X1"] {
            assert_eq!(action_of(&draw, bad), None, "{bad}");
            assert_eq!(action_of(&discard, bad), None, "{bad}");
        }
        assert_eq!(action_of(&Request::Target, "W1 W1"), None);
    }

    /// The mask is the judge's rule: every action in it is judged legal,
    /// every other one puts the player out; request `4` has only the
    /// target, which is a valid one. Games of every family, played with
    /// random legal actions and the greedy bot by turns.
    #[test]
    fn the_mask_is_what_the_judge_allows() {
        let (mut decisions, mut kinds) = (0, [false; 4]);
        for &family in Family::ALL {
            for (g, wall) in walls(family, 7, 12).iter().enumerate() {
                let mut judge = Judge::new(wall);
                let mut rng = Rng::new(g as u64);
                let mut greedy: [GreedyBot; 4] = Default::default();
                while let Some((p, mask)) = legal(&judge) {
                    let request = *judge.pending().unwrap().1;
                    for i in 0..ACTIONS {
                        let a = Action::from_index(i).unwrap();
                        if a == Action::Target || request == Request::Target {
                            continue;
                        }
                        let text = a.answer(&judge, p);
                        assert_eq!(
                            !puts_out(&judge, &text),
                            mask.contains(a),
                            "{request} {text} {}",
                            judge.held(p).text()
                        );
                    }
                    if request == Request::Target {
                        assert_eq!(mask.iter().collect::<Vec<_>>(), [Action::Target]);
                    }
                    if mask.len() > 1 {
                        decisions += 1;
                        kinds[0] |= mask.contains(Action::Hu);
                        kinds[1] |= mask.iter().any(|a| matches!(a, Action::GangSelf(_)));
                        kinds[2] |= mask.contains(Action::Gang);
                        kinds[3] |= mask.iter().any(|a| matches!(a, Action::Peng(_)));
                    }
                    // The greedy bot sees every request, to be asked by turns.
                    let greedy_answer = greedy[p].respond(&request);
                    let text = if g % 2 == 0 {
                        random(mask, &mut rng).answer(&judge, p).into_owned()
                    } else {
                        greedy_answer.into_owned()
                    };
                    judge.answer_text(&text).unwrap();
                }
                let result = judge.result().unwrap();
                for (p, r) in result.players.iter().enumerate() {
                    if r.target.is_some() && g % 2 == 0 {
                        assert!(r.valid, "player {p}: {:?}", r.flaw);
                    }
                }
            }
        }
        assert!(decisions > 1000, "{decisions} decisions");
        assert_eq!(kinds, [true; 4], "hu, self kong, kong, pung all seen");
    }

    /// With random legal actions nobody is put out; the record is the
    /// game: replayed through the arena it makes the same turns and
    /// result, and the caller was asked exactly the requests with more
    /// than one legal action.
    #[test]
    fn a_recorded_game_replays_in_the_arena() {
        let mut asked = 0;
        for (g, wall) in walls(Family::Uniform, 3, 20).iter().enumerate() {
            let mut rng = Rng::new(g as u64);
            let bots: [Option<Box<dyn Bot + Send>>; 4] = std::array::from_fn(|p| {
                (p == g % 4).then(|| Box::new(GreedyBot::new()) as Box<dyn Bot + Send>)
            });
            let mut env = Env::new(wall, bots, true);
            let mut decisions = Vec::new();
            while let Some((p, request, mask)) = env.decision() {
                assert!(mask.len() > 1);
                assert_ne!(p, g % 4, "the bot's seat is never the caller's");
                decisions.push(request.to_string());
                env.step(random(mask, &mut rng)).unwrap();
            }
            assert_eq!(env.step(Action::Pass), Err(Over));
            assert!(!env
                .judge()
                .events()
                .iter()
                .any(|e| matches!(e, Event::Out { .. })));
            let points = env.points().unwrap();
            assert_eq!(points.iter().sum::<f64>(), 10.0);
            let game = env.game().unwrap();
            let mut answers = game.turns.iter().map(|t| t.reply.clone());
            let replayed = arena::record(wall, |_, _| Ok((answers.next().unwrap(), None))).unwrap();
            assert_eq!(replayed.turns, game.turns);
            assert_eq!(replayed.judge.result(), game.judge.result());
            // The caller's turns with more than one legal action are the
            // decisions it was asked, in order.
            let mut judge = Judge::new(wall);
            let mut wanted = Vec::new();
            for t in &game.turns {
                let (_, mask) = legal(&judge).unwrap();
                if t.player != g % 4 && mask.len() > 1 {
                    wanted.push(t.request.clone());
                }
                judge.answer(t.reply.clone()).unwrap();
            }
            assert_eq!(decisions, wanted);
            asked += decisions.len();
        }
        assert!(asked > 500, "{asked}");
    }

    /// The observation shows the player's own tiles, everyone's exposed
    /// sets and discards, the request's tile and the wall left.
    #[test]
    fn observations_show_what_the_player_knows() {
        let mut checked = 0;
        for (g, wall) in walls(Family::Kongs, 5, 10).iter().enumerate() {
            let mut rng = Rng::new(g as u64);
            let mut env = Env::new(wall, Default::default(), false);
            let mut obs = [0u8; OBS_SIZE];
            while let Some((p, request, mask)) = env.decision() {
                env.observe(p, &mut obs);
                let j = env.judge();
                let row = |r: usize| &obs[r * KINDS..(r + 1) * KINDS];
                assert_eq!(row(0), &j.hand(p).counts()[..KINDS]);
                for rel in 0..4 {
                    let q = (p + rel) % 4;
                    let mut exposed = [0u8; KINDS];
                    for m in j.melds(q) {
                        exposed[m.first().index()] += m.size();
                    }
                    assert_eq!(row(1 + rel), exposed);
                    let discards = j
                        .events()
                        .iter()
                        .filter(|e| matches!(e, Event::Play { player, .. } if usize::from(*player) == q))
                        .count();
                    assert_eq!(
                        row(5 + rel).iter().map(|&n| n as usize).sum::<usize>(),
                        discards
                    );
                }
                let (t, own) = match *request {
                    Request::Draw(t) => (t, true),
                    Request::Play { tile, .. } => (tile, false),
                    _ => unreachable!("decisions are draws and discards"),
                };
                let mut one_hot = [0u8; KINDS];
                one_hot[t.index()] = 1;
                assert_eq!(row(9), one_hot);
                assert_eq!(row(10)[0], u8::from(own));
                assert_eq!(usize::from(row(10)[10]), j.wall_left());
                assert_eq!(row(10)[11 + p], 1);
                checked += 1;
                env.step(random(mask, &mut rng)).unwrap();
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
