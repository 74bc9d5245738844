//! The official Botzone / IJCAI judge of Chinese Standard Mahjong as a
//! pure state machine (`../shared/rules/MCR-NOTES.md` describes the game
//! as that judge plays it). Each step sends one request to each of the
//! four players and judges their four answers together; [`Judge::pending`]
//! hands the step's requests out one seat at a time (seat 0 first) and the
//! step is judged once the fourth answer is in. No I/O, no clocks; bad
//! answers end the game with a penalty, never a panic.
//!
//! Every behaviour of the official judge is the default, surprises
//! included (a draw as soon as one seat's part of the wall is empty, a
//! claim at the wall's end punished one step late, claims examined in seat
//! order, flowers not counting toward the 8-fan minimum, a melded kong
//! accepted when the claimer's own part is empty). [`Options`] names the
//! other readings: MahjongGB 1.4.0's calculator, and the Python twin's
//! minimum and empty-wall kong.
//!
//! - [`wall`]: the wall and the initial data;
//! - [`request`]: requests with their exact strings, replies;
//! - [`result`]: events and the result;
//! - [`conform`]: replaying a recorded game of the conformance format.

mod flow;

pub mod conform;
pub mod request;
pub mod result;
pub mod wall;

#[cfg(test)]
mod tests;

pub use request::{Reply, Request, Verdict};
pub use result::{End, Event, GameResult, KongKind, Offence, Win, WinKind, WrongMove};
pub use wall::{Flower, InitData, Wall, WallError, WallTile, PLAYERS};

use super::fan::Reading;
use super::hand::Meld;
use super::tile::{Counts, Tile, KINDS};
use request::Answer;
use wall::HAND_TILES;

/// The 8-fan minimum with flowers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Minimum {
    /// The total (one point a flower included) must reach `8 + flowers`:
    /// flowers never help (the official judge).
    #[default]
    EightPlusFlowers,
    /// The total must reach 8 (the Python environment
    /// ailab-pku/botzone-local).
    Eight,
}

/// A melded kong claimed by a seat whose own part of the wall is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EmptyWallKong {
    /// Accepted; its replacement draw then finds the part empty and the
    /// game is drawn (the official judge).
    #[default]
    Accepted,
    /// An illegal answer, at once (the Python environment).
    Refused,
}

/// The readings the judge can follow where two official implementations
/// (or calculators) differ; the default is the official C++ judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The fan calculator's reading ([`Reading::Judge2018`] by default,
    /// the copy bundled with the judge).
    pub reading: Reading,
    /// The minimum with flowers.
    pub minimum: Minimum,
    /// Melded kongs with the claimer's own wall empty.
    pub empty_wall_kong: EmptyWallKong,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            reading: Reading::Judge2018,
            minimum: Minimum::default(),
            empty_wall_kong: EmptyWallKong::default(),
        }
    }
}

impl Options {
    /// The Python environment ailab-pku/botzone-local's readings (with the
    /// 2018 calculator): minimum 8 and melded kongs refused on an empty
    /// own wall.
    pub fn python_twin() -> Options {
        Options {
            minimum: Minimum::Eight,
            empty_wall_kong: EmptyWallKong::Refused,
            ..Options::default()
        }
    }

    /// The readings a front end names: the official judge's, or with
    /// `python_twin` the Python environment's ([`Options::python_twin`]),
    /// the fan calculator's being `reading` in both.
    pub fn named(reading: Reading, python_twin: bool) -> Options {
        let base = if python_twin {
            Options::python_twin()
        } else {
            Options::default()
        };
        Options { reading, ..base }
    }
}

/// Where the game is: what the current step's answers are judged as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Init,
    Deal,
    /// `seat` drew `tile` and acts.
    Draw {
        seat: u8,
        tile: Tile,
    },
    /// `seat` drew a flower.
    Flower {
        seat: u8,
    },
    /// `seat` discarded `tile`: claims.
    Discard {
        seat: u8,
        tile: Tile,
    },
    /// `seat` made a kong of `tile`; a promoted one may be robbed.
    Kong {
        seat: u8,
        tile: Tile,
        promoted: bool,
    },
    Over,
}

/// One seat's tiles.
#[derive(Clone, Debug)]
struct Seat {
    hand: Counts,
    melds: [Option<Meld>; 4],
    flowers: u8,
    dealt: [Tile; HAND_TILES],
}

impl Seat {
    fn melds(&self) -> impl Iterator<Item = Meld> + '_ {
        self.melds.iter().flatten().copied()
    }

    fn add_meld(&mut self, m: Meld) {
        if let Some(slot) = self.melds.iter_mut().find(|s| s.is_none()) {
            *slot = Some(m);
        }
    }
}

/// An answer as received: read, or the verdict of a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Slot {
    Read(Answer),
    Failed(Verdict),
}

/// [`Judge::answer`] was called with no request pending (the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no request is pending: the game is over")]
pub struct NotPending;

/// An MCR game in progress, from the initial data to its result.
#[derive(Clone, Debug)]
pub struct Judge {
    options: Options,
    quan: u8,
    wall: Vec<WallTile>,
    /// Each seat's part: its first index in `wall` and one past its last
    /// tile left (draws take `wall[end - 1]`).
    parts: [(usize, usize); PLAYERS],
    seats: [Seat; PLAYERS],
    /// The judge's count of shown tiles, for the last-copy flag (see
    /// [`flow`]).
    shown: Counts,
    /// A kong was just made: the next draw is its replacement (a promoted
    /// kong's robbing counts too).
    after_kong: bool,
    phase: Phase,
    /// Every step's four requests; the last is the current step's.
    steps: Vec<[Request; PLAYERS]>,
    /// Answers received in the current step (seats `0..answered`).
    answered: usize,
    slots: [Slot; PLAYERS],
    texts: [String; PLAYERS],
    events: Vec<Event>,
    result: Option<GameResult>,
}

impl Judge {
    /// A game from `init` under the official judge's readings; the `0`
    /// requests are pending.
    pub fn new(init: &InitData) -> Judge {
        Judge::with_options(init, Options::default())
    }

    /// A game from `init` under `options`.
    pub fn with_options(init: &InitData, options: Options) -> Judge {
        let wall = init.wall.tiles()[..init.wall.part_len() * PLAYERS].to_vec();
        let n = init.wall.part_len();
        let seat = Seat {
            hand: [0; KINDS],
            melds: [None; 4],
            flowers: 0,
            dealt: [Tile::EAST; HAND_TILES],
        };
        let mut j = Judge {
            options,
            quan: init.quan,
            wall,
            parts: std::array::from_fn(|i| (i * n, (i + 1) * n)),
            seats: std::array::from_fn(|_| seat.clone()),
            shown: [0; KINDS],
            after_kong: false,
            phase: Phase::Init,
            steps: Vec::with_capacity(192),
            answered: 0,
            slots: std::array::from_fn(|_| Slot::Read(Answer::Pass)),
            texts: Default::default(),
            events: Vec::with_capacity(160),
            result: None,
        };
        let quan = j.quan;
        j.steps.push(std::array::from_fn(|s| Request::Init {
            seat: s as u8,
            quan,
        }));
        j
    }

    /// The next request waiting for an answer, with the seat asked: the
    /// current step's requests in seat order; `None` once the game is over.
    pub fn pending(&self) -> Option<(usize, &Request)> {
        if self.phase == Phase::Over {
            return None;
        }
        let step = self.steps.last()?;
        Some((self.answered, &step[self.answered]))
    }

    /// The current step's four requests, by seat (all of them, answered
    /// or not); `None` once the game is over.
    pub fn step_requests(&self) -> Option<&[Request; PLAYERS]> {
        match self.phase {
            Phase::Over => None,
            _ => self.steps.last(),
        }
    }

    /// Takes the answer to the pending request; after the fourth answer of
    /// a step the step is judged and the next one (or the end) follows.
    pub fn answer(&mut self, reply: Reply) -> Result<(), NotPending> {
        self.answer_ref(&reply)
    }

    /// [`Judge::answer`] with a borrowed reply (the caller keeps it).
    pub fn answer_ref(&mut self, reply: &Reply) -> Result<(), NotPending> {
        match reply {
            Reply::Text(t) => self.answer_text(t),
            Reply::Failed(v) => self.answer_failed(v.clone()),
        }
    }

    /// [`Judge::answer`] with `Reply::Text(text)`, without the allocation.
    pub fn answer_text(&mut self, text: &str) -> Result<(), NotPending> {
        let seat = self.pending().ok_or(NotPending)?.0;
        self.texts[seat].clear();
        self.texts[seat].push_str(text);
        self.take(Slot::Read(Answer::read(text)))
    }

    /// [`Judge::answer`] with `Reply::Failed(verdict)`.
    pub fn answer_failed(&mut self, verdict: Verdict) -> Result<(), NotPending> {
        let seat = self.pending().ok_or(NotPending)?.0;
        self.texts[seat].clear();
        self.take(Slot::Failed(verdict))
    }

    // Inlined into the answer's reading, with the step's judging kept
    // apart (`judge_step`): the slot is written where it is read.
    #[inline]
    fn take(&mut self, slot: Slot) -> Result<(), NotPending> {
        self.slots[self.answered] = slot;
        self.answered += 1;
        if self.answered == PLAYERS {
            self.answered = 0;
            self.judge_step();
        }
        Ok(())
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Every step's four requests so far, in order (the last is the
    /// current step's while the game goes on).
    pub fn steps(&self) -> &[[Request; PLAYERS]] {
        &self.steps
    }

    /// The game's record, taken without a copy: every step's requests,
    /// every event and the result (once the game is over).
    pub fn into_record(self) -> (Vec<[Request; PLAYERS]>, Vec<Event>, Option<GameResult>) {
        (self.steps, self.events, self.result)
    }

    /// The options the game is judged under.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The prevalent wind.
    pub fn quan(&self) -> u8 {
        self.quan
    }

    /// Seat `seat`'s concealed tiles, by kind.
    pub fn hand(&self, seat: usize) -> &Counts {
        &self.seats[seat].hand
    }

    /// Seat `seat`'s melds, in the order made (a promoted kong where its
    /// pung was).
    pub fn melds(&self, seat: usize) -> Vec<Meld> {
        self.seats[seat].melds().collect()
    }

    /// Seat `seat`'s flowers.
    pub fn flowers(&self, seat: usize) -> u8 {
        self.seats[seat].flowers
    }

    /// What the official judge shows as `display.canHu` for `seat` at
    /// the current step (viewer data, never sent to players): the
    /// calculator's total, flowers included, or its error code (-1 wrong
    /// tile count, -2 a tile more than four times, -3 no win) for the
    /// drawer on a draw, every seat (the discarder too) on a discard, and
    /// the other seats on a promoted kong; `None` where it shows -4 (not
    /// computed). The flags are those a `HU` at this step would get.
    pub fn can_hu(&self, seat: usize) -> Option<i32> {
        let seat = u8::try_from(seat)
            .ok()
            .filter(|&s| usize::from(s) < PLAYERS)?;
        let (tile, self_drawn, turn) = match self.phase {
            Phase::Draw { seat: d, tile } if d == seat => (tile, true, d),
            Phase::Discard { seat: p, tile } => (tile, false, p),
            Phase::Kong {
                seat: p,
                tile,
                promoted: true,
            } if p != seat => (tile, false, p),
            _ => return None,
        };
        Some(self.score(seat, tile, self_drawn, turn).0)
    }

    /// Tiles left in seat `seat`'s part of the wall.
    pub fn tiles_left(&self, seat: usize) -> usize {
        let (start, end) = self.parts[seat];
        end - start
    }
}
