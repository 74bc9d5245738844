//! A player's own view of an MCR game, kept from its own requests (and,
//! for its own concealed kongs, its own answers) only, as a Botzone bot
//! rebuilds it every step.
//!
//! Every request is public but for the drawn tile and the tile of a
//! concealed kong, so a player knows:
//!
//! - its concealed tiles exactly, and every seat's melds, but for the tile
//!   of another seat's concealed kong ([`SeatView::is_hidden`]);
//! - every seat's flowers and discards (the river: discards nobody
//!   claimed; a claimed discard moves to the claimer's meld);
//! - who claimed a discard: the next request tells (`3 s PENG`, `3 s CHI`,
//!   `3 s GANG` right after a discard, or a draw when nobody did);
//! - the official judge's own count of shown tiles and its kong flag, so a
//!   `HU` is scored as the judge will score it ([`View::win_total`]);
//! - the tiles taken from each seat's part of the wall. How long the parts
//!   are is told only by flowers: a 144-tile wall (36 a part) has eight, a
//!   136-tile wall (34) none. Until a flower is seen, or a part gives a
//!   35th tile, both lengths are possible and [`View::tiles_left`] gives
//!   both bounds.

use crate::mcr::calc::{calculate, KNITTED, ORPHANS};
use crate::mcr::fan::Reading;
use crate::mcr::hand::{Hand, Meld, MeldKind, WinContext};
use crate::mcr::judge::{Request, PLAYERS};
use crate::mcr::shanten::{shanten_number, ShantenForm};
use crate::mcr::tile::{Counts, Tile, KINDS};
use crate::mcr::wait::{waits_fast, TileSet};

/// Tiles in a part of a 136-tile wall (no flowers).
const PART_WITHOUT_FLOWERS: u8 = 34;
/// Tiles in a part of a 144-tile wall (with the eight flowers).
const PART_WITH_FLOWERS: u8 = 36;
/// The official judge's minimum before flowers.
pub const MINIMUM: i32 = 8;

/// What the last request left to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Only `PASS`: the start, the deal, a flower, a concealed or melded kong.
    Quiet,
    /// This player drew `0` and acts (it is to discard).
    MyDraw(Tile),
    /// Another seat drew (a `3 p GANG` next is its concealed kong).
    TheirDraw(u8),
    /// `seat` discarded `tile`: it may be claimed.
    Discard {
        /// The discarder.
        seat: u8,
        /// The discard.
        tile: Tile,
    },
    /// `seat` added `tile` to its pung: the kong may be robbed.
    Promoted {
        /// The konger.
        seat: u8,
        /// The kong's tile.
        tile: Tile,
    },
}

/// One seat as a player sees it.
#[derive(Clone, Debug)]
pub struct SeatView {
    melds: [Meld; 4],
    len: u8,
    /// Bit `i`: meld `i` is another seat's concealed kong, its tile unknown.
    hidden: u8,
    river: Vec<Tile>,
    /// The river counted by kind (a learning environment's observation
    /// shows these counts at every step).
    river_counts: Counts,
    flowers: u8,
    taken: u8,
}

impl Default for SeatView {
    fn default() -> SeatView {
        SeatView {
            river: Vec::with_capacity(32),
            ..SeatView::EMPTY
        }
    }
}

const NO_MELD: Meld = Meld {
    kind: MeldKind::Kong,
    tile: Tile::EAST,
    offer: 0,
};

impl SeatView {
    /// A seat before the deal, its river without room.
    const EMPTY: SeatView = SeatView {
        melds: [NO_MELD; 4],
        len: 0,
        hidden: 0,
        river: Vec::new(),
        river_counts: [0; KINDS],
        flowers: 0,
        taken: 0,
    };

    /// Back to before the deal, keeping the river's room.
    fn clear(&mut self) {
        let mut river = std::mem::take(&mut self.river);
        river.clear();
        *self = SeatView {
            river,
            ..SeatView::EMPTY
        };
    }

    /// The melds in the order made (a promoted kong where its pung was);
    /// a hidden one's tile means nothing.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.len)]
    }

    /// Whether meld `i` is a concealed kong whose tile is not known.
    pub fn is_hidden(&self, i: usize) -> bool {
        self.hidden >> i & 1 != 0
    }

    /// The discards nobody claimed, in order.
    pub fn river(&self) -> &[Tile] {
        &self.river
    }

    /// The discards nobody claimed, counted by kind.
    pub fn river_counts(&self) -> &Counts {
        &self.river_counts
    }

    /// Flowers.
    pub fn flowers(&self) -> u8 {
        self.flowers
    }

    /// Tiles taken from this seat's part of the wall (the deal, draws and
    /// flowers).
    pub fn taken(&self) -> u8 {
        self.taken
    }

    fn push(&mut self, meld: Meld, hidden: bool) {
        if let Some(slot) = self.melds.get_mut(usize::from(self.len)) {
            *slot = meld;
            self.hidden |= u8::from(hidden) << self.len;
            self.len += 1;
        }
    }
}

/// One player's view of the game.
#[derive(Clone, Debug)]
pub struct View {
    me: u8,
    quan: u8,
    hand: Counts,
    seats: [SeatView; PLAYERS],
    /// Tiles this player has seen outside its hand: discards, melds (its
    /// own concealed kongs too).
    visible: Counts,
    /// The judge's count of shown tiles, for the last-copy flag.
    shown: Counts,
    /// A flower was seen, or a part gave more than 34 tiles: 36 a part.
    long_wall: bool,
    /// The judge's flag: the next draw is a kong's replacement, or a
    /// promoted kong is being robbed.
    after_kong: bool,
    turn: Turn,
    /// The tile of the concealed kong this player just answered.
    my_kong: Option<Tile>,
    /// The tiles that complete the concealed hand (of `13 - 3n` tiles),
    /// in any form; kept from one change of the hand to the next.
    wins: TileSet,
}

impl Default for View {
    fn default() -> View {
        View::new()
    }
}

impl View {
    /// The view before the first request.
    pub fn new() -> View {
        View::with_seats(Default::default())
    }

    fn with_seats(seats: [SeatView; PLAYERS]) -> View {
        View {
            me: 0,
            quan: 0,
            hand: [0; KINDS],
            seats,
            visible: [0; KINDS],
            shown: [0; KINDS],
            long_wall: false,
            after_kong: false,
            turn: Turn::Quiet,
            my_kong: None,
            wins: 0,
        }
    }

    /// This player's seat.
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The prevalent wind.
    pub fn quan(&self) -> u8 {
        self.quan
    }

    /// The concealed tiles by kind (after a draw, the drawn tile included).
    pub fn hand(&self) -> &Counts {
        &self.hand
    }

    /// Concealed tiles held.
    pub fn hand_len(&self) -> usize {
        self.hand.iter().map(|&c| usize::from(c)).sum()
    }

    /// Seat `seat` as this player sees it.
    pub fn seat(&self, seat: usize) -> &SeatView {
        &self.seats[seat % PLAYERS]
    }

    /// This player's own melds.
    pub fn my_melds(&self) -> &[Meld] {
        self.seats[usize::from(self.me)].melds()
    }

    /// What the last request left to do.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// Whether this player is to discard (it drew).
    pub fn to_discard(&self) -> bool {
        matches!(self.turn, Turn::MyDraw(_))
    }

    /// Copies of `t` this player has seen: its hand, every discard and
    /// every meld (another's concealed kong excepted).
    pub fn seen(&self, t: Tile) -> u8 {
        self.hand[t.index()] + self.visible[t.index()]
    }

    /// Copies of `t` this player has not seen (in the wall, in other
    /// hands, or in another's concealed kong).
    pub fn unseen(&self, t: Tile) -> u8 {
        4u8.saturating_sub(self.seen(t))
    }

    /// The copies of each kind seen outside this player's hand.
    pub fn visible(&self) -> &Counts {
        &self.visible
    }

    /// Whether the parts are known to be 36 tiles long (a 144-tile wall);
    /// otherwise they may be 34 or 36.
    pub fn wall_known(&self) -> bool {
        self.long_wall
    }

    /// Tiles left in seat `seat`'s part: the least and the most possible
    /// (equal once [`View::wall_known`]).
    pub fn tiles_left(&self, seat: usize) -> (u8, u8) {
        let taken = self.seats[seat % PLAYERS].taken;
        let max = PART_WITH_FLOWERS.saturating_sub(taken);
        if self.long_wall {
            (max, max)
        } else {
            (PART_WITHOUT_FLOWERS.saturating_sub(taken), max)
        }
    }

    /// Whether seat `seat`'s part surely holds a tile.
    pub fn part_has_tile(&self, seat: usize) -> bool {
        self.tiles_left(seat).0 > 0
    }

    /// The tiles that complete the concealed hand before a draw or claim
    /// (a bit per kind; a complete shape, not yet a win of 8 fans).
    pub fn wins(&self) -> TileSet {
        self.wins
    }

    /// Takes in a request, before answering it.
    pub fn observe(&mut self, request: &Request) {
        let prev = self.turn;
        if let Turn::Discard { tile, .. } = prev {
            // The judge counts a discard as shown once nobody claimed it.
            if !matches!(
                request,
                Request::Peng { .. } | Request::Chi { .. } | Request::Gang(_)
            ) {
                let c = &mut self.shown[tile.index()];
                *c = c.saturating_add(1);
            }
        }
        self.turn = Turn::Quiet;
        match *request {
            Request::Init { seat, quan } => {
                // A fresh view, keeping the rivers' room.
                let mut seats = std::mem::replace(&mut self.seats, [SeatView::EMPTY; PLAYERS]);
                for s in &mut seats {
                    s.clear();
                }
                *self = View::with_seats(seats);
                self.me = seat;
                self.quan = quan;
            }
            Request::Deal {
                hand,
                flowers_per_seat,
                ..
            } => {
                for t in hand {
                    self.hand[t.index()] += 1;
                }
                for (s, &f) in self.seats.iter_mut().zip(&flowers_per_seat) {
                    s.flowers = f;
                    s.taken = 13 + f;
                }
                self.long_wall |= flowers_per_seat.iter().any(|&f| f > 0);
                self.update_wins();
            }
            Request::Draw(t) => {
                self.hand[t.index()] += 1;
                self.take(self.me);
                self.turn = Turn::MyDraw(t);
            }
            Request::Drew(p) => {
                self.take(p);
                self.turn = Turn::TheirDraw(p);
            }
            Request::Flower { seat, .. } => {
                self.take(seat);
                self.seats[usize::from(seat)].flowers += 1;
                self.long_wall = true;
                self.after_kong = false;
            }
            Request::Play { seat, tile } => {
                self.after_kong = false;
                self.discard(seat, tile);
            }
            Request::Peng { seat, tile } => {
                if let Turn::Discard { seat: p, tile: t } = prev {
                    self.claimed(p, t);
                    self.meld(seat, MeldKind::Pung, t, offer(p, seat), [t, t]);
                    add(&mut self.shown, t, 3);
                }
                self.discard(seat, tile);
            }
            Request::Chi { seat, middle, tile } => {
                if let Turn::Discard { seat: p, tile: t } = prev {
                    self.chowed(seat, middle, p, t);
                }
                self.discard(seat, tile);
            }
            Request::Gang(seat) => self.gang(seat, prev),
            Request::BuGang { seat, tile } => self.bugang(seat, tile),
        }
    }

    /// `seat` chowed `p`'s discard `t` around `middle`.
    fn chowed(&mut self, seat: u8, middle: Tile, p: u8, t: Tile) {
        self.claimed(p, t);
        let i = middle.index();
        let mut others = [t; 2];
        let mut n = 0;
        for k in Tile::all().skip(i - 1).take(3) {
            add(&mut self.shown, k, 1);
            if k != t && n < 2 {
                others[n] = k;
                n += 1;
            }
        }
        let at = t.rank() + 2 - middle.rank();
        self.meld(seat, MeldKind::Chow, middle, at, others);
    }

    /// `3 seat GANG`: a kong of the discard just made, or else a
    /// concealed kong.
    fn gang(&mut self, seat: u8, prev: Turn) {
        self.after_kong = true;
        match prev {
            Turn::Discard { seat: p, tile: t } => {
                self.claimed(p, t);
                self.meld(seat, MeldKind::Kong, t, offer(p, seat), [t, t]);
                self.visible[t.index()] += 1;
                if seat == self.me {
                    self.hand[t.index()] -= 1;
                }
                self.shown[t.index()] = 4;
            }
            _ if seat == self.me => {
                let t = self.my_kong.take().unwrap_or(Tile::EAST);
                let i = t.index();
                self.hand[i] = self.hand[i].saturating_sub(4);
                self.visible[i] += 4;
                let kong = Meld {
                    kind: MeldKind::Kong,
                    tile: t,
                    offer: 0,
                };
                self.seats[usize::from(seat)].push(kong, false);
            }
            _ => self.seats[usize::from(seat)].push(NO_MELD, true),
        }
        if seat == self.me {
            self.update_wins();
        }
    }

    /// `3 seat BUGANG tile`: a tile added to its pung.
    fn bugang(&mut self, seat: u8, tile: Tile) {
        self.after_kong = true;
        let s = &mut self.seats[usize::from(seat)];
        let len = usize::from(s.len);
        if let Some(m) = s.melds[..len]
            .iter_mut()
            .find(|m| m.kind == MeldKind::Pung && m.tile == tile)
        {
            m.kind = MeldKind::Kong;
        }
        self.visible[tile.index()] += 1;
        self.shown[tile.index()] = 4;
        if seat == self.me {
            self.hand[tile.index()] -= 1;
            self.update_wins();
        }
        self.turn = Turn::Promoted { seat, tile };
    }

    /// Records this player's own concealed kong of `tile` (`GANG T` on its
    /// draw): the `3 p GANG` that follows does not name the tile.
    pub fn konged(&mut self, tile: Tile) {
        self.my_kong = Some(tile);
    }

    fn take(&mut self, seat: u8) {
        let s = &mut self.seats[usize::from(seat)];
        s.taken += 1;
        self.long_wall |= s.taken > PART_WITHOUT_FLOWERS;
    }

    fn discard(&mut self, seat: u8, tile: Tile) {
        let s = &mut self.seats[usize::from(seat)];
        s.river.push(tile);
        s.river_counts[tile.index()] += 1;
        self.visible[tile.index()] += 1;
        if seat == self.me {
            self.hand[tile.index()] -= 1;
            self.update_wins();
        }
        self.turn = Turn::Discard { seat, tile };
    }

    /// `p`'s discard `t` was claimed: off its river (it stays visible, in
    /// the meld).
    fn claimed(&mut self, p: u8, t: Tile) {
        let s = &mut self.seats[usize::from(p)];
        if s.river.last() == Some(&t) {
            s.river.pop();
            s.river_counts[t.index()] -= 1;
        }
    }

    /// `seat` melds the claimed discard with `from_hand` (its own tiles;
    /// a kong's third one is taken by the caller).
    fn meld(&mut self, seat: u8, kind: MeldKind, tile: Tile, offer: u8, from_hand: [Tile; 2]) {
        for t in from_hand {
            self.visible[t.index()] += 1;
            if seat == self.me {
                self.hand[t.index()] -= 1;
            }
        }
        self.seats[usize::from(seat)].push(Meld { kind, tile, offer }, false);
    }

    fn update_wins(&mut self) {
        self.wins = completing(&self.hand, self.my_melds().len());
    }

    /// The judge's total (flowers included) for this player winning on
    /// `tile` now, or `None` when that is no win: `self_drawn` on its own
    /// draw, else on the discard or promoted kong of `turn`. With the wall's
    /// length unknown and the last-tile flag depending on it, the lower
    /// of the two totals.
    pub fn win_total(&self, tile: Tile, self_drawn: bool, turn: u8) -> Option<i32> {
        if self.wins >> tile.index() & 1 == 0 {
            return None;
        }
        let mut standing = Vec::with_capacity(14);
        for (i, &c) in self.hand.iter().enumerate() {
            let t = Tile::from_index(i)?;
            let c = c - u8::from(self_drawn && t == tile);
            standing.extend(std::iter::repeat_n(t, usize::from(c)));
        }
        let hand = Hand {
            melds: self.my_melds().to_vec(),
            standing,
        };
        let (lo, hi) = self.tiles_left(usize::from(turn) + 1);
        let mut ctx = WinContext {
            win_tile: tile,
            self_drawn,
            last_copy: self.shown[tile.index()] == 3,
            about_kong: self.after_kong,
            wall_last: hi == 0,
            seat_wind: self.me,
            prevalent_wind: self.quan,
            flowers: self.seats[usize::from(self.me)].flowers,
        };
        let total = calculate(&hand, &ctx, Reading::Judge2018).ok()?.total;
        if lo == 0 && hi > 0 {
            ctx.wall_last = true;
            let other = calculate(&hand, &ctx, Reading::Judge2018).ok()?.total;
            return Some(total.min(other));
        }
        Some(total)
    }

    /// Whether a `HU` on `tile` now reaches the official judge's minimum
    /// (8 fans besides the flowers), whatever the wall's length.
    pub fn can_win(&self, tile: Tile, self_drawn: bool, turn: u8) -> bool {
        let flowers = i32::from(self.seats[usize::from(self.me)].flowers);
        self.win_total(tile, self_drawn, turn)
            .is_some_and(|t| t >= MINIMUM + flowers)
    }
}

fn offer(discarder: u8, claimer: u8) -> u8 {
    (discarder + 4 - claimer) % 4
}

fn add(c: &mut Counts, t: Tile, n: u8) {
    c[t.index()] = c[t.index()].saturating_add(n);
}

/// The kinds that complete `hand` (`13 - 3 * melds` tiles) in any form:
/// four sets and a pair or seven pairs by table, the other forms by their
/// shanten when the hand has no melds (or one, for a knitted straight).
pub fn completing(hand: &Counts, melds: usize) -> TileSet {
    let size = 13 - 3 * melds.min(4) as i32;
    let mut out = waits_fast(hand, size).unwrap_or(0);
    // Each special form is ready only with nearly all its kinds held:
    // cheap tests first, so that most hands never reach the shanten.
    let held = (0..KINDS)
        .filter(|&i| hand[i] != 0)
        .fold(0u64, |m, i| m | 1 << i);
    let most = |extra: u64| {
        KNITTED
            .iter()
            .map(|&k| (held & (k | extra)).count_ones())
            .max()
            .unwrap_or(0)
    };
    let mut forms = [None; 3];
    if melds == 0 && (held & ORPHANS).count_ones() >= 12 {
        forms[0] = Some(ShantenForm::ThirteenOrphans);
    }
    if melds == 0 && most(0x7F << 27) >= 13 {
        forms[1] = Some(ShantenForm::HonorsAndKnittedTiles);
    }
    if melds <= 1 && most(0) >= 8 {
        forms[2] = Some(ShantenForm::KnittedStraight);
    }
    if forms.iter().all(Option::is_none) {
        return out;
    }
    let mut tiles: Vec<Tile> = Vec::with_capacity(14);
    for (i, &c) in hand.iter().enumerate() {
        let t = Tile::from_index(i).unwrap_or(Tile::EAST);
        tiles.extend(std::iter::repeat_n(t, usize::from(c)));
    }
    for form in forms.into_iter().flatten() {
        if shanten_number(form, &tiles) != Some(0) {
            continue;
        }
        for t in Tile::all() {
            if hand[t.index()] >= 4 {
                continue;
            }
            tiles.push(t);
            if shanten_number(form, &tiles) == Some(-1) {
                out |= 1 << t.index();
            }
            tiles.pop();
        }
    }
    out
}
