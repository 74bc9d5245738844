//! The judge as a pure state machine: it gives out one request at a time
//! ([`Judge::pending`]) and takes the answer ([`Judge::answer`]); no
//! processes, clocks or I/O. Requests and events are kept typed, and only
//! their `Display` makes strings.
//!
//! # Readings of the rules page this judge makes
//!
//! - The deal (point 5) makes no `draw` events: a `draw` is a turn's draw
//!   (point 7), and the deal is visible as the `1 ..` requests.
//! - Requests `0` go to players 0-3, then requests `1` to players 0-3
//!   (point 29); a player put out by its answer to `0` is not sent `1`.
//! - "At most one player still playing" (point 33) is checked after every
//!   judged answer and after every win, and ends the game at once: an
//!   announcement or a pung's discard still to come is then not made.
//! - A pung is announced (`3 q PENG c`) before the punger's discard, which
//!   then happens (`play` event) and is asked as `3 q PLAY c2`.
//! - Point 8's "a kong is legal only while the wall holds at least one
//!   tile" applies to every kong, on a discard too.
//! - Once the wall is found empty, every player still in is asked `4`; a
//!   `Failed` reply there puts the player out (point 35) and the game still
//!   ends `empty-wall`, its `end` line after any `out` lines.

use crate::hand::Hand;
use crate::meld::Meld;
use crate::noi2014::rules::draw_order::SeatColumns;
use crate::noi2014::rules::event::{EndReason, Event};
use crate::noi2014::rules::request::StepFailure;
use crate::noi2014::rules::request::{Reply, Request};
use crate::noi2014::rules::result::{
    self, GameResult, OutReason, PlayerEnd, PlayerResult, Standing, TargetFlaw,
};
use crate::noi2014::rules::table::{Held, Melds, Observer, Table};
use crate::noi2014::rules::wall::{Wall, DEALT, WALL_TILES};
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::place::Draws;
use crate::tile::Tile;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    Playing,
    Won { order: u8, self_drawn: bool },
    Out { request: usize, reason: OutReason },
}

#[derive(Clone, Debug)]
struct Seat {
    hand: Hand,
    melds: Melds,
    status: Status,
}

impl Seat {
    fn playing(&self) -> bool {
        self.status == Status::Playing
    }
}

/// A claim on a discard that was judged valid.
#[derive(Clone, Copy, Debug)]
enum Claim {
    Peng(Tile),
    Gang,
}

/// The answers to one discard, asked in play order from the discarder.
#[derive(Clone, Copy, Debug)]
struct Round {
    from: u8,
    tile: Tile,
    /// Offset (1..=3) from `from` of the player asked last.
    asked: u8,
    hu: Option<u8>,
    claim: Option<(u8, Claim)>,
}

/// What follows an announcement round.
#[derive(Clone, Copy, Debug)]
enum Then {
    /// The punger discards.
    Discard { seat: u8, tile: Tile },
    /// The konger draws a replacement from the back.
    BackDraw(u8),
    /// The next turn, after this player.
    TurnAfter(u8),
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Hello(u8),
    Deal(u8),
    Turn {
        seat: u8,
        drawn: Tile,
    },
    Discard(Round),
    Announce {
        actor: u8,
        asked: u8,
        request: Request,
        then: Then,
    },
    Targets(u8),
    Over,
}

/// An answer as the judge reads it: words separated by runs of spaces or
/// tabs, keywords exactly upper case, tile names in either case (point 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Pass,
    Play(Tile),
    Peng(Tile),
    GangTile(Tile),
    Gang,
    Hu,
    Malformed,
}

fn read_answer(text: &str) -> Answer {
    // Most answers are exactly `PASS`.
    if text == "PASS" {
        return Answer::Pass;
    }
    let mut words = text
        .as_bytes()
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty());
    let (Some(first), second, None) = (words.next(), words.next(), words.next()) else {
        return Answer::Malformed;
    };
    let tile = |w: &[u8]| crate::noi2014::rules::tiles::parse_any_case(w);
    match (first, second) {
        (b"PASS", None) => Answer::Pass,
        (b"GANG", None) => Answer::Gang,
        (b"HU", None) => Answer::Hu,
        (b"PLAY", Some(w)) => tile(w).map_or(Answer::Malformed, Answer::Play),
        (b"PENG", Some(w)) => tile(w).map_or(Answer::Malformed, Answer::Peng),
        (b"GANG", Some(w)) => tile(w).map_or(Answer::Malformed, Answer::GangTile),
        _ => Answer::Malformed,
    }
}

/// The tests of what a hand supports, shared by the judge and by the
/// learning environments' masks (`noi2014::learn::env::legal_for`), so
/// that each rule is written once. The wall's emptiness, which every kong needs, is the
/// caller's.
pub(crate) mod supports {
    use crate::distance;
    use crate::hand::Hand;
    use crate::noi2014::rules::table::Melds;
    use crate::tile::Tile;

    /// The kinds `c` of every `GANG c` on one's own draw, as a set (bit
    /// `k` for kind index `k`): four concealed copies, or one beside an
    /// exposed pung of `c` (point 7).
    pub fn gangs_on_draw(hand: &Hand, melds: &Melds) -> u64 {
        hand.bits_with(4) | hand.held_bits() & melds.pung_bits()
    }

    /// `GANG c` on one's own draw ([`gangs_on_draw`]).
    pub fn gang_on_draw(hand: &Hand, melds: &Melds, c: Tile) -> bool {
        gangs_on_draw(hand, melds) >> c.index() & 1 == 1
    }

    /// A pung of another's discard `c`: two concealed `c`.
    pub fn pung(hand: &Hand, c: Tile) -> bool {
        hand.count(c) >= 2
    }

    /// `PENG c2` on another's discard `c`: the pung, and `c2` held beside
    /// it (point 31: a third concealed `c` may be discarded).
    pub fn peng(hand: &Hand, c: Tile, c2: Tile) -> bool {
        let needed = if c2 == c { 3 } else { 1 };
        pung(hand, c) && hand.count(c2) >= needed
    }

    /// `GANG` on another's discard `c`: three concealed `c`, or an exposed
    /// pung of it.
    pub fn gang_on_discard(hand: &Hand, melds: &Melds, c: Tile) -> bool {
        hand.count(c) == 3 || melds.has_pung(c)
    }

    /// `HU` with these concealed tiles, `discard` added when it is
    /// another's discard (point 6).
    pub fn hu(hand: &Hand, melds: &Melds, discard: Option<Tile>) -> bool {
        let mut h = *hand;
        if let Some(c) = discard {
            h.add(c);
        }
        distance::is_winning(&h, melds.len() as u8)
    }
}

/// A reply without its string moved: the judge copies only targets.
#[derive(Clone, Copy)]
enum ReplyRef<'a> {
    Text(&'a str),
    Failed(Option<StepFailure>, &'a str),
}

/// An answer read, with its text, or a failed reply: its kind when known
/// and its words.
type Judged<'a> = Result<(Answer, &'a str), (Option<StepFailure>, &'a str)>;

/// [`Judge::answer`] was called with no request pending (the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no request is pending: the game is over")]
pub struct NotPending;

/// A NOI2014 game in progress, from a wall to its result.
#[derive(Clone, Debug)]
pub struct Judge {
    wall: [Tile; WALL_TILES],
    /// Next front draw.
    front: usize,
    /// One past the last tile left; back draws take `wall[back - 1]`.
    back: usize,
    seats: [Seat; PLAYERS],
    /// Discards nobody claimed, in order (point 18).
    pool: Vec<Tile>,
    requests: Vec<(u8, Request)>,
    events: Vec<Event>,
    phase: Phase,
    winners: u8,
    targets: [Option<String>; PLAYERS],
    result: Option<GameResult>,
    /// While an observer listens: each event of the answer being judged,
    /// with the table right after it.
    observed: Option<Vec<(Event, Table)>>,
    /// In [`Draws::Seats`], where each seat's next draw comes from.
    columns: Option<Box<SeatColumns>>,
}

impl Judge {
    /// A game on `wall`: the deal is made and request `0 0` is pending.
    pub fn new(wall: &Wall) -> Judge {
        Judge::with_order(wall, Draws::Wall)
    }

    /// A game on `wall` whose normal draws take the tiles in `order`
    /// ([`crate::noi2014::rules::draw_order`]); [`Judge::wall`] gives the wall as
    /// rearranged, on which the game is an ordinary one.
    pub fn with_order(wall: &Wall, order: Draws) -> Judge {
        let seats = std::array::from_fn(|p| Seat {
            hand: Hand::from_tiles(&wall.dealt(p)),
            melds: Melds::default(),
            status: Status::Playing,
        });
        let mut j = Judge {
            wall: *wall.tiles(),
            front: DEALT,
            back: WALL_TILES,
            seats,
            pool: Vec::with_capacity(64),
            requests: Vec::with_capacity(320),
            events: Vec::with_capacity(160),
            phase: Phase::Hello(0),
            winners: 0,
            targets: Default::default(),
            result: None,
            observed: None,
            columns: (order == Draws::Seats).then(Box::default),
        };
        j.requests.push((0, Request::Id(0)));
        j
    }

    /// The request waiting for an answer, with the player asked; `None`
    /// once the game is over.
    pub fn pending(&self) -> Option<(usize, &Request)> {
        match self.phase {
            Phase::Over => None,
            _ => self.requests.last().map(|(p, r)| (*p as usize, r)),
        }
    }

    /// Judges the answer to the pending request and moves on to the next.
    pub fn answer(&mut self, reply: Reply) -> Result<(), NotPending> {
        self.answer_ref(&reply)
    }

    /// [`Judge::answer`], telling `observer` each event the answer makes
    /// with the table right after it.
    pub fn answer_observed<O: Observer>(
        &mut self,
        reply: &Reply,
        observer: &mut O,
    ) -> Result<(), NotPending> {
        if !O::LISTENING {
            return self.answer_ref(reply);
        }
        self.observed = Some(Vec::new());
        let judged = self.answer_ref(reply);
        for (event, table) in self.observed.take().unwrap_or_default() {
            observer.event(&table, &event);
        }
        judged
    }

    fn answer_ref(&mut self, reply: &Reply) -> Result<(), NotPending> {
        match reply {
            Reply::Text(s) => self.step(ReplyRef::Text(s)),
            Reply::Failed(kind, why) => self.step(ReplyRef::Failed(*kind, why)),
        }
    }

    /// [`Judge::answer`] with `Reply::Text(text)`, without the allocation.
    pub fn answer_text(&mut self, text: &str) -> Result<(), NotPending> {
        self.step(ReplyRef::Text(text))
    }

    /// [`Judge::answer`] with `Reply::Failed(None, why)`.
    pub fn answer_failed(&mut self, why: &str) -> Result<(), NotPending> {
        self.step(ReplyRef::Failed(None, why))
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Every request asked so far, with the player asked, in order.
    pub fn requests(&self) -> &[(u8, Request)] {
        &self.requests
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Player `p`'s concealed tiles.
    pub fn hand(&self, p: usize) -> &Hand {
        &self.seats[p].hand
    }

    /// Player `p`'s exposed sets.
    pub fn melds(&self, p: usize) -> Vec<Meld> {
        self.seats[p].melds.to_vec()
    }

    /// The wall the game is played on (in [`Draws::Seats`], as
    /// rearranged so far: the tiles drawn are where they were drawn from).
    pub fn wall(&self) -> Wall {
        Wall::new(&self.wall).expect("a judge holds a whole wall")
    }

    /// Tiles left in the wall.
    pub fn wall_left(&self) -> usize {
        self.back - self.front
    }

    /// The discards nobody claimed, in order.
    pub fn pool(&self) -> &[Tile] {
        &self.pool
    }

    /// True while player `p` is neither a winner nor put out.
    pub fn is_playing(&self, p: usize) -> bool {
        self.seats[p].playing()
    }

    /// Player `p`'s tiles now.
    pub fn held(&self, p: usize) -> Held {
        Held {
            player: p,
            concealed: self.seats[p].hand,
            exposed: self.seats[p].melds,
        }
    }

    /// The table now: every player's tiles, who is playing, the wall left.
    pub fn table(&self) -> Table {
        Table {
            seats: std::array::from_fn(|p| self.held(p)),
            playing: std::array::from_fn(|p| self.is_playing(p)),
            wall_left: self.wall_left(),
        }
    }

    // ---- the machine ----

    /// Records `event`, made once the table has taken it in (every caller
    /// moves the tiles first), with the table for a listening observer.
    fn emit(&mut self, event: Event) {
        self.events.push(event);
        if self.observed.is_some() {
            let table = self.table();
            if let Some(observed) = &mut self.observed {
                observed.push((event, table));
            }
        }
    }

    fn ask(&mut self, seat: u8, request: Request) {
        self.requests.push((seat, request));
    }

    fn put_out(&mut self, seat: u8, reason: OutReason) {
        self.seats[seat as usize].status = Status::Out {
            request: self.requests.len() - 1,
            reason,
        };
        self.emit(Event::Out { player: seat });
    }

    fn win(&mut self, seat: u8, self_drawn: bool) {
        self.winners += 1;
        self.seats[seat as usize].status = Status::Won {
            order: self.winners,
            self_drawn,
        };
    }

    /// Point 33: ends the game when at most one player is still playing.
    fn one_left(&mut self) -> bool {
        let playing = self.seats.iter().filter(|s| s.playing()).count();
        if playing <= 1 {
            self.finish(EndReason::OneLeft);
            true
        } else {
            false
        }
    }

    /// The first player still playing from `seat` on, in play order.
    fn playing_from(&self, seat: u8) -> u8 {
        (0..PLAYERS as u8)
            .map(|k| (seat + k) % 4)
            .find(|&p| self.seats[p as usize].playing())
            .expect("at least two players are playing")
    }

    /// The smallest offset above `after` (from `actor`) of a player still
    /// playing, other than `actor`.
    fn next_other(&self, actor: u8, after: u8) -> Option<u8> {
        (after + 1..PLAYERS as u8).find(|&k| self.seats[((actor + k) % 4) as usize].playing())
    }

    fn step(&mut self, reply: ReplyRef<'_>) -> Result<(), NotPending> {
        let seat = match self.pending() {
            Some((p, _)) => p as u8,
            None => return Err(NotPending),
        };
        let answer = match reply {
            ReplyRef::Text(t) => Ok((read_answer(t), t)),
            ReplyRef::Failed(kind, why) => Err((kind, why)),
        };
        match self.phase {
            Phase::Hello(s) => {
                if self.expect_pass(s, answer) {
                    return Ok(());
                }
                if s < 3 {
                    self.phase = Phase::Hello(s + 1);
                    self.ask(s + 1, Request::Id(s + 1));
                } else {
                    self.next_deal(0);
                }
            }
            Phase::Deal(s) => {
                if !self.expect_pass(s, answer) {
                    self.next_deal(s + 1);
                }
            }
            Phase::Turn { seat: s, drawn } => self.on_turn(s, drawn, answer),
            Phase::Discard(round) => self.on_discard(round, answer),
            Phase::Announce {
                actor,
                asked,
                request,
                then,
            } => {
                if !self.expect_pass(seat, answer) {
                    self.announce_from(actor, asked, request, then);
                }
            }
            Phase::Targets(s) => {
                match reply {
                    ReplyRef::Text(t) => self.targets[s as usize] = Some(t.to_owned()),
                    ReplyRef::Failed(kind, why) => {
                        self.put_out(s, OutReason::Failed(kind, why.to_owned()))
                    }
                }
                self.next_target(s + 1);
            }
            Phase::Over => unreachable!("pending() is None when over"),
        }
        Ok(())
    }

    /// Judges an answer that must be `PASS`; true when the game ended.
    fn expect_pass(&mut self, seat: u8, answer: Judged<'_>) -> bool {
        match answer {
            Ok((Answer::Pass, _)) => return false,
            Ok((Answer::Malformed, text)) => {
                self.put_out(seat, OutReason::Malformed(text.to_owned()))
            }
            Ok((_, text)) => self.put_out(seat, OutReason::NotAllowed(text.to_owned())),
            Err((kind, why)) => self.put_out(seat, OutReason::Failed(kind, why.to_owned())),
        }
        self.one_left()
    }

    fn next_deal(&mut self, from: u8) {
        match (from..PLAYERS as u8).find(|&p| self.seats[p as usize].playing()) {
            Some(p) => {
                self.phase = Phase::Deal(p);
                let dealt = self.dealt(p as usize);
                self.ask(p, Request::Deal(dealt));
            }
            None => {
                let first = self.playing_from(0);
                self.begin_turn(first);
            }
        }
    }

    fn dealt(&self, p: usize) -> [Tile; 13] {
        std::array::from_fn(|i| self.wall[crate::noi2014::rules::wall::deal_position(p, i)])
    }

    /// A normal turn of `seat`: draw from the front, or the game ends on an
    /// empty wall.
    fn begin_turn(&mut self, seat: u8) {
        if self.front == self.back {
            self.next_target(0);
            return;
        }
        if let Some(columns) = &mut self.columns {
            columns.bring(seat as usize, self.front, self.back, &mut self.wall);
        }
        let tile = self.wall[self.front];
        self.front += 1;
        self.seats[seat as usize].hand.add(tile);
        self.emit(Event::Draw { player: seat, tile });
        self.phase = Phase::Turn { seat, drawn: tile };
        self.ask(seat, Request::Draw(tile));
    }

    fn next_target(&mut self, from: u8) {
        match (from..PLAYERS as u8).find(|&p| self.seats[p as usize].playing()) {
            Some(p) => {
                self.phase = Phase::Targets(p);
                self.ask(p, Request::Target);
            }
            None => self.finish(EndReason::EmptyWall),
        }
    }

    fn on_turn(&mut self, seat: u8, drawn: Tile, answer: Judged<'_>) {
        let s = seat as usize;
        let reason = match answer {
            Err((kind, why)) => OutReason::Failed(kind, why.to_owned()),
            Ok((Answer::Play(c), _)) => {
                if self.seats[s].hand.remove(c) {
                    self.discard(seat, c);
                    return;
                }
                OutReason::NotHeld(c)
            }
            Ok((Answer::GangTile(c), _)) => {
                let concealed = self.seats[s].hand.count(c) == 4;
                if !supports::gang_on_draw(&self.seats[s].hand, &self.seats[s].melds, c) {
                    OutReason::CannotGang(c)
                } else if self.front == self.back {
                    OutReason::KongOnEmptyWall(c)
                } else {
                    let seat_ref = &mut self.seats[s];
                    if concealed {
                        for _ in 0..4 {
                            seat_ref.hand.remove(c);
                        }
                        seat_ref.melds.push_concealed_kong(c);
                        self.emit(Event::GangConcealed {
                            player: seat,
                            tile: c,
                        });
                    } else {
                        seat_ref.hand.remove(c);
                        seat_ref.melds.upgrade(c);
                        self.emit(Event::GangAdded {
                            player: seat,
                            tile: c,
                        });
                    }
                    let request = Request::Gang {
                        player: seat,
                        tile: c,
                    };
                    self.announce_from(seat, 0, request, Then::BackDraw(seat));
                    return;
                }
            }
            Ok((Answer::Hu, _)) => {
                let st = &self.seats[s];
                if supports::hu(&st.hand, &st.melds, None) {
                    self.win(seat, true);
                    self.emit(Event::HuSelf {
                        player: seat,
                        tile: drawn,
                    });
                    if !self.one_left() {
                        let request = Request::HuSelf { player: seat };
                        self.announce_from(seat, 0, request, Then::TurnAfter(seat));
                    }
                    return;
                }
                OutReason::NotWinning { self_drawn: true }
            }
            Ok((Answer::Malformed, text)) => OutReason::Malformed(text.to_owned()),
            Ok((_, text)) => OutReason::NotAllowed(text.to_owned()),
        };
        // Point 32: put out on its own turn; its next player follows.
        self.put_out(seat, reason);
        if !self.one_left() {
            let next = self.playing_from(seat + 1);
            self.begin_turn(next);
        }
    }

    /// `seat` discards `tile` (already out of its hand): everyone else is
    /// asked, in play order.
    fn discard(&mut self, seat: u8, tile: Tile) {
        self.emit(Event::Play { player: seat, tile });
        self.pool.push(tile);
        let round = Round {
            from: seat,
            tile,
            asked: 0,
            hu: None,
            claim: None,
        };
        self.ask_round(round);
    }

    fn ask_round(&mut self, mut round: Round) {
        match self.next_other(round.from, round.asked) {
            Some(k) => {
                round.asked = k;
                self.phase = Phase::Discard(round);
                let p = (round.from + k) % 4;
                self.ask(
                    p,
                    Request::Play {
                        player: round.from,
                        tile: round.tile,
                    },
                );
            }
            None => self.resolve(round),
        }
    }

    fn on_discard(&mut self, mut round: Round, answer: Judged<'_>) {
        let q = (round.from + round.asked) % 4;
        let c = round.tile;
        let wall_empty = self.front == self.back;
        let st = &self.seats[q as usize];
        let reason = match answer {
            Err((kind, why)) => Some(OutReason::Failed(kind, why.to_owned())),
            Ok((Answer::Pass, _)) => None,
            Ok((Answer::Peng(c2), _)) => {
                if !supports::pung(&st.hand, c) {
                    Some(OutReason::CannotPeng(c))
                } else if !supports::peng(&st.hand, c, c2) {
                    Some(OutReason::PengDiscardNotHeld(c2))
                } else {
                    debug_assert!(round.claim.is_none(), "four copies allow one claim");
                    round.claim = Some((q, Claim::Peng(c2)));
                    None
                }
            }
            Ok((Answer::Gang, _)) => {
                if !supports::gang_on_discard(&st.hand, &st.melds, c) {
                    Some(OutReason::CannotGang(c))
                } else if wall_empty {
                    Some(OutReason::KongOnEmptyWall(c))
                } else {
                    debug_assert!(round.claim.is_none(), "four copies allow one claim");
                    round.claim = Some((q, Claim::Gang));
                    None
                }
            }
            Ok((Answer::Hu, _)) => {
                if supports::hu(&st.hand, &st.melds, Some(c)) {
                    // Point 10: the first valid HU in play order wins.
                    round.hu = round.hu.or(Some(q));
                    None
                } else {
                    Some(OutReason::NotWinning { self_drawn: false })
                }
            }
            Ok((Answer::Malformed, text)) => Some(OutReason::Malformed(text.to_owned())),
            Ok((_, text)) => Some(OutReason::NotAllowed(text.to_owned())),
        };
        if let Some(reason) = reason {
            self.put_out(q, reason);
            if self.one_left() {
                return;
            }
        }
        self.ask_round(round);
    }

    /// Point 10-11: HU beats PENG and GANG; otherwise the one claim, or
    /// play passes on.
    fn resolve(&mut self, round: Round) {
        let Round { from, tile: c, .. } = round;
        if let Some(q) = round.hu {
            self.pool.pop();
            self.seats[q as usize].hand.add(c);
            self.win(q, false);
            self.emit(Event::HuDiscard {
                player: q,
                tile: c,
                from,
            });
            if !self.one_left() {
                let request = Request::HuDiscard { player: q, tile: c };
                self.announce_from(q, 0, request, Then::TurnAfter(q));
            }
            return;
        }
        match round.claim {
            Some((q, Claim::Peng(c2))) => {
                self.pool.pop();
                let st = &mut self.seats[q as usize];
                st.hand.remove(c);
                st.hand.remove(c);
                st.melds.push(Meld::Pung(c));
                self.emit(Event::Peng { player: q, tile: c });
                let request = Request::Peng { player: q, tile: c };
                self.announce_from(q, 0, request, Then::Discard { seat: q, tile: c2 });
            }
            Some((q, Claim::Gang)) => {
                self.pool.pop();
                let st = &mut self.seats[q as usize];
                if !st.melds.upgrade(c) {
                    for _ in 0..3 {
                        st.hand.remove(c);
                    }
                    st.melds.push(Meld::Kong(c));
                }
                self.emit(Event::GangDiscard { player: q, tile: c });
                let request = Request::Gang { player: q, tile: c };
                self.announce_from(q, 0, request, Then::BackDraw(q));
            }
            None => {
                let next = self.playing_from(from + 1);
                self.begin_turn(next);
            }
        }
    }

    /// Asks `request` of the next player still playing after offset
    /// `asked` from `actor`, or goes on with `then` when all were asked.
    fn announce_from(&mut self, actor: u8, asked: u8, request: Request, then: Then) {
        match self.next_other(actor, asked) {
            Some(k) => {
                self.phase = Phase::Announce {
                    actor,
                    asked: k,
                    request,
                    then,
                };
                self.ask((actor + k) % 4, request);
            }
            None => match then {
                Then::Discard { seat, tile } => {
                    let removed = self.seats[seat as usize].hand.remove(tile);
                    debug_assert!(removed, "the PENG answer was checked");
                    self.discard(seat, tile);
                }
                Then::BackDraw(seat) => {
                    self.back -= 1;
                    let tile = self.wall[self.back];
                    self.seats[seat as usize].hand.add(tile);
                    self.emit(Event::DrawBack { player: seat, tile });
                    self.phase = Phase::Turn { seat, drawn: tile };
                    self.ask(seat, Request::Draw(tile));
                }
                Then::TurnAfter(seat) => {
                    let next = self.playing_from(seat + 1);
                    self.begin_turn(next);
                }
            },
        }
    }

    fn finish(&mut self, end: EndReason) {
        self.emit(Event::End(end));
        self.phase = Phase::Over;
        let held: [[u8; KINDS]; PLAYERS] = std::array::from_fn(|p| {
            let st = &self.seats[p];
            let mut c = [0u8; KINDS];
            c.copy_from_slice(&st.hand.counts()[..KINDS]);
            st.melds.add_to(&mut c);
            c
        });
        let last = result::last_positions(&self.pool, &held);
        let ends: [PlayerEnd; PLAYERS] = std::array::from_fn(|p| match &self.seats[p].status {
            Status::Playing => PlayerEnd::Playing,
            Status::Won { order, self_drawn } => PlayerEnd::Won {
                order: *order,
                self_drawn: *self_drawn,
            },
            Status::Out { request, reason } => PlayerEnd::Out {
                request: *request,
                reason: reason.clone(),
            },
        });
        let targets = std::mem::take(&mut self.targets);
        // Each player still in with a target: its (Hamming, chance) when
        // valid, or its flaw.
        let checked: [Option<Result<(u32, u32), TargetFlaw>>; PLAYERS] = std::array::from_fn(|p| {
            let text = targets[p]
                .as_deref()
                .filter(|_| ends[p] == PlayerEnd::Playing)?;
            let melds = self.seats[p].melds.to_vec();
            let t = result::target_counts(text)
                .and_then(|t| result::check_target(&t, &melds).map(|()| t));
            Some(t.map(|t| {
                (
                    result::hamming(&t, &held[p]),
                    result::chance(&t, &held[p], &last, self.pool.len()),
                )
            }))
        });
        let scored: [Option<(u32, u32)>; PLAYERS] =
            std::array::from_fn(|p| checked[p].as_ref().and_then(|c| c.as_ref().ok().copied()));
        let mut flaws = checked.map(|c| c.and_then(Result::err));
        let standings: [Standing; PLAYERS] = std::array::from_fn(|p| match (&ends[p], scored[p]) {
            (PlayerEnd::Won { order, .. }, _) => Standing::Won(*order),
            (PlayerEnd::Playing, Some((hamming, chance))) => Standing::Valid {
                hamming,
                neg_chance: -(chance as i64),
            },
            (PlayerEnd::Playing, None) => Standing::NoTarget,
            (PlayerEnd::Out { .. }, _) => Standing::Out,
        });
        let places = result::places(&standings);
        let mut ends = ends.map(Some);
        let mut targets = targets;
        let players = std::array::from_fn(|p| PlayerResult {
            end: ends[p].take().expect("taken once"),
            target: targets[p].take(),
            valid: scored[p].is_some(),
            flaw: flaws[p].take(),
            hamming: scored[p].map(|s| s.0),
            chance: scored[p].map(|s| s.1),
            place: places[p].0,
            half_points: places[p].1,
        });
        self.result = Some(GameResult { end, players });
    }
}
