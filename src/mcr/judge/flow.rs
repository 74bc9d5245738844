//! The flow of the game: each step's four answers judged in the official
//! judge's order, the moves applied, the next step's requests made.
//!
//! Orders of checking (only the first offence found counts, and a win
//! ends the game at once, later answers unread):
//! - notices (`0`, `1`, draws, flowers): seats 0-3;
//! - a discard: the discarder's `PASS`, then seats `p+1, p+2, p+3` for
//!   their verdict and `HU`; then `PENG`/`GANG` claims in seat order 0-3,
//!   then `CHI` claims in seat order; the first valid claim stops the
//!   checks;
//! - a kong: seats `p, p+1, p+2, p+3` (only a promoted kong may be robbed).
//!
//! The last-copy flag reads the judge's own count of shown tiles: a
//! discard counts once nobody claimed it, a pung adds 3, each chow tile
//! 1, a melded or promoted kong sets 4; concealed kongs do not count.

use super::super::calc::{calculate, FanError};
use super::super::fan::Fan;
use super::super::hand::{Hand, Meld, MeldKind, WinContext};
use super::super::tile::Tile;
use super::request::{Answer, Request, Verdict};
use super::result::{End, Event, GameResult, KongKind, Offence, Win, WinKind, WrongMove};
use super::wall::{Flower, WallTile, HAND_TILES};
use super::{EmptyWallKong, Judge, Minimum, Phase, Slot, PLAYERS};

/// What the drawer's answer does, applied once every seat is checked.
enum DrawMove {
    Play(Tile),
    Kong(Tile, KongKind),
}

/// A claim's outcome: whether the step is over (claim made or game ended).
type Claimed = bool;

impl Judge {
    // Not inlined: see `Judge::take`.
    #[inline(never)]
    pub(super) fn judge_step(&mut self) {
        match self.phase {
            Phase::Init => {
                if self.all_pass() {
                    self.deal();
                }
            }
            Phase::Deal => {
                if self.all_pass() {
                    self.begin_draw(0);
                }
            }
            Phase::Flower { seat } => {
                if self.all_pass() {
                    self.after_kong = false;
                    self.begin_draw(seat);
                }
            }
            Phase::Draw { seat, tile } => self.on_draw(seat, tile),
            Phase::Discard { seat, tile } => self.on_discard(seat, tile),
            Phase::Kong {
                seat,
                tile,
                promoted,
            } => self.on_kong(seat, tile, promoted),
            Phase::Over => {}
        }
    }

    // ---- ends ----

    fn finish(&mut self, scores: [i32; PLAYERS], end: End) {
        self.phase = Phase::Over;
        self.result = Some(GameResult { scores, end });
    }

    fn penalise(&mut self, seat: u8, offence: Offence) {
        let mut scores = [10; PLAYERS];
        scores[seat as usize] = -30;
        let answer = match &self.slots[seat as usize] {
            Slot::Read(_) => Some(self.texts[seat as usize].clone()),
            Slot::Failed(_) => None,
        };
        self.finish(
            scores,
            End::Penalty {
                seat,
                offence,
                answer,
            },
        );
    }

    fn wrong(&mut self, seat: u8, why: WrongMove) {
        self.penalise(seat, Offence::Wrong(why));
    }

    /// The verdict of `seat`'s answer, penalised when it is a failure;
    /// the answer otherwise.
    fn read(&mut self, seat: u8) -> Option<Answer> {
        match &self.slots[seat as usize] {
            Slot::Read(a) => Some(*a),
            Slot::Failed(v) => {
                let v: Verdict = v.clone();
                self.penalise(seat, Offence::Verdict(v));
                None
            }
        }
    }

    /// `seat` must answer `PASS`; false (the game over) otherwise.
    fn expect_pass(&mut self, seat: u8) -> bool {
        match self.read(seat) {
            Some(Answer::Pass) => true,
            Some(_) => {
                self.wrong(seat, WrongMove::NotPass);
                false
            }
            None => false,
        }
    }

    fn all_pass(&mut self) -> bool {
        (0..PLAYERS as u8).all(|s| self.expect_pass(s))
    }

    // ---- the wall ----

    fn part_empty(&self, seat: u8) -> bool {
        let (start, end) = self.parts[seat as usize % PLAYERS];
        start == end
    }

    fn pop(&mut self, seat: u8) -> Option<WallTile> {
        let (start, end) = &mut self.parts[seat as usize];
        if start == end {
            return None;
        }
        *end -= 1;
        Some(self.wall[*end])
    }

    fn deal(&mut self) {
        let mut flowers: Vec<Flower> = Vec::new();
        let mut per_seat = [0u8; PLAYERS];
        for (s, count) in per_seat.iter_mut().enumerate() {
            let mut n = 0;
            // The wall was checked to hold 13 ordinary tiles in each part.
            while n < HAND_TILES {
                match self.pop(s as u8) {
                    Some(WallTile::Kind(t)) => {
                        self.seats[s].dealt[n] = t;
                        self.seats[s].hand[t.index()] += 1;
                        n += 1;
                    }
                    Some(WallTile::Flower(h)) => {
                        flowers.push(h);
                        *count += 1;
                    }
                    None => break,
                }
            }
            self.seats[s].flowers = *count;
        }
        let mut list = [None; 8];
        for (slot, h) in list.iter_mut().zip(&flowers) {
            *slot = Some(*h);
        }
        self.events.push(Event::Deal);
        self.phase = Phase::Deal;
        let seats = &self.seats;
        self.steps.push(std::array::from_fn(|s| Request::Deal {
            hand: seats[s].dealt,
            flowers_per_seat: per_seat,
            flowers: list,
        }));
    }

    /// `seat` draws from its part: the game is drawn if it is empty.
    fn begin_draw(&mut self, seat: u8) {
        match self.pop(seat) {
            None => self.finish([0; PLAYERS], End::Exhausted { seat }),
            Some(WallTile::Flower(flower)) => {
                self.seats[seat as usize].flowers += 1;
                self.events.push(Event::Flower { seat, flower });
                self.phase = Phase::Flower { seat };
                self.steps.push([Request::Flower { seat, flower }; PLAYERS]);
            }
            Some(WallTile::Kind(tile)) => {
                self.events.push(Event::Draw { seat, tile });
                self.phase = Phase::Draw { seat, tile };
                self.steps.push(std::array::from_fn(|s| {
                    if s == seat as usize {
                        Request::Draw(tile)
                    } else {
                        Request::Drew(seat)
                    }
                }));
            }
        }
    }

    // ---- the drawer's answer ----

    fn on_draw(&mut self, drawer: u8, drawn: Tile) {
        let mut act = None;
        for s in 0..PLAYERS as u8 {
            if s != drawer {
                if !self.expect_pass(s) {
                    return;
                }
                continue;
            }
            let Some(answer) = self.read(s) else { return };
            match self.drawer_move(s, drawn, answer) {
                Ok(Some(m)) => act = Some(m),
                Ok(None) => return,
                Err(why) => return self.wrong(s, why),
            }
        }
        let Some(act) = act else { return };
        let seat = &mut self.seats[drawer as usize];
        seat.hand[drawn.index()] += 1;
        match act {
            DrawMove::Play(t) => {
                seat.hand[t.index()] -= 1;
                self.after_kong = false;
                self.events.push(Event::Play {
                    seat: drawer,
                    tile: t,
                });
                self.discarded(
                    drawer,
                    t,
                    Request::Play {
                        seat: drawer,
                        tile: t,
                    },
                );
            }
            DrawMove::Kong(t, kind) => {
                if kind == KongKind::Concealed {
                    seat.hand[t.index()] -= 4;
                    seat.add_meld(Meld {
                        kind: MeldKind::Kong,
                        tile: t,
                        offer: 0,
                    });
                } else {
                    seat.hand[t.index()] -= 1;
                    for m in seat.melds.iter_mut().flatten() {
                        if m.kind == MeldKind::Pung && m.tile == t {
                            m.kind = MeldKind::Kong;
                            break;
                        }
                    }
                    self.shown[t.index()] = 4;
                }
                self.konged(drawer, t, kind, None);
            }
        }
    }

    /// Judges the drawer's answer: a move, `Ok(None)` when it ended the
    /// game (a win, or `HU` refused), or the rule it broke.
    fn drawer_move(
        &mut self,
        s: u8,
        drawn: Tile,
        answer: Answer,
    ) -> Result<Option<DrawMove>, WrongMove> {
        let seat = &self.seats[s as usize];
        let held = |t: Tile| seat.hand[t.index()] + u8::from(t == drawn);
        Ok(Some(match answer {
            Answer::Hu => {
                self.hu(s, drawn, WinKind::SelfDrawn, s);
                return Ok(None);
            }
            Answer::Play(Some(t)) if held(t) > 0 => DrawMove::Play(t),
            Answer::Play(Some(t)) => return Err(WrongMove::NotHeld(t)),
            Answer::GangTile(t) | Answer::BuGang(t)
                if self.part_empty(s) || self.part_empty(s + 1) =>
            {
                let _ = t;
                return Err(WrongMove::KongAtWallEnd);
            }
            Answer::GangTile(Some(t)) if held(t) >= 4 => DrawMove::Kong(t, KongKind::Concealed),
            Answer::GangTile(Some(t)) => return Err(WrongMove::CannotConcealedKong(t)),
            Answer::BuGang(Some(t))
                if held(t) > 0
                    && seat
                        .melds()
                        .any(|m| m.kind == MeldKind::Pung && m.tile == t) =>
            {
                DrawMove::Kong(t, KongKind::Promoted)
            }
            Answer::BuGang(Some(t)) => return Err(WrongMove::CannotPromote(t)),
            Answer::Play(None) | Answer::GangTile(None) | Answer::BuGang(None) => {
                return Err(WrongMove::UnknownTile)
            }
            _ => return Err(WrongMove::Malformed),
        }))
    }

    /// A kong was made: everyone is told, then the konger draws again;
    /// `claimed_from` the discarder, for a melded kong (checked for the
    /// wall's end).
    fn konged(&mut self, seat: u8, tile: Tile, kind: KongKind, claimed_from: Option<u8>) {
        self.after_kong = true;
        self.events.push(Event::Kong { seat, tile, kind });
        if claimed_from.is_some_and(|p| self.claim_at_wall_end(seat, p)) {
            return;
        }
        let promoted = kind == KongKind::Promoted;
        self.phase = Phase::Kong {
            seat,
            tile,
            promoted,
        };
        let request = if promoted {
            Request::BuGang { seat, tile }
        } else {
            Request::Gang(seat)
        };
        self.steps.push([request; PLAYERS]);
    }

    /// `seat` discarded `tile` (after a draw, a pung or a chow).
    fn discarded(&mut self, seat: u8, tile: Tile, request: Request) {
        self.phase = Phase::Discard { seat, tile };
        self.steps.push([request; PLAYERS]);
    }

    // ---- answers to a discard ----

    fn on_discard(&mut self, p: u8, tile: Tile) {
        if !self.expect_pass(p) {
            return;
        }
        for k in 1..PLAYERS as u8 {
            let s = (p + k) % 4;
            match self.read(s) {
                None => return,
                Some(Answer::Hu) => return self.hu(s, tile, WinKind::Discard { from: p }, p),
                Some(_) => {}
            }
        }
        for s in (0..PLAYERS as u8).filter(|&s| s != p) {
            if self.pung_or_kong(s, p, tile) {
                return;
            }
        }
        for s in (0..PLAYERS as u8).filter(|&s| s != p) {
            if self.chow(s, p, tile) {
                return;
            }
        }
        self.shown[tile.index()] = self.shown[tile.index()].saturating_add(1);
        self.begin_draw((p + 1) % 4);
    }

    /// `s`'s answer read as a pung or kong of `p`'s discard `tile`.
    fn pung_or_kong(&mut self, s: u8, p: u8, tile: Tile) -> Claimed {
        let Slot::Read(answer) = self.slots[s as usize] else {
            return false;
        };
        let i = tile.index();
        let offer = (p + 4 - s) % 4;
        match answer {
            Answer::Pass | Answer::Chi(..) | Answer::Other(3) => false,
            Answer::Gang => {
                let seat = &mut self.seats[s as usize];
                if seat.hand[i] < 3 {
                    self.wrong(s, WrongMove::CannotMeldedKong(tile));
                    return true;
                }
                if self.options.empty_wall_kong == EmptyWallKong::Refused && self.part_empty(s) {
                    self.wrong(s, WrongMove::KongWithoutReplacement);
                    return true;
                }
                let seat = &mut self.seats[s as usize];
                seat.hand[i] -= 3;
                seat.add_meld(Meld {
                    kind: MeldKind::Kong,
                    tile,
                    offer,
                });
                self.shown[i] = 4;
                self.konged(s, tile, KongKind::Melded { from: p }, Some(p));
                true
            }
            Answer::Peng(discard) => {
                let seat = &mut self.seats[s as usize];
                if seat.hand[i] < 2 {
                    self.wrong(s, WrongMove::CannotPeng(tile));
                    return true;
                }
                seat.hand[i] -= 2;
                seat.add_meld(Meld {
                    kind: MeldKind::Pung,
                    tile,
                    offer,
                });
                self.shown[i] = self.shown[i].saturating_add(3);
                let Some(d) = discard.filter(|d| seat.hand[d.index()] > 0) else {
                    let why = discard.map_or(WrongMove::UnknownTile, WrongMove::DiscardNotHeld);
                    self.wrong(s, why);
                    return true;
                };
                seat.hand[d.index()] -= 1;
                self.events.push(Event::Peng {
                    seat: s,
                    from: p,
                    tile,
                    discard: d,
                });
                if !self.claim_at_wall_end(s, p) {
                    self.discarded(s, d, Request::Peng { seat: s, tile: d });
                }
                true
            }
            _ => {
                self.wrong(s, WrongMove::Malformed);
                true
            }
        }
    }

    /// `s`'s answer read as a chow of `p`'s discard `tile`.
    fn chow(&mut self, s: u8, p: u8, tile: Tile) -> Claimed {
        let Slot::Read(answer) = self.slots[s as usize] else {
            return false;
        };
        let (middle, discard) = match answer {
            Answer::Chi(m, d) => (m, d),
            Answer::Other(3) => {
                self.wrong(s, WrongMove::Malformed);
                return true;
            }
            _ => return false,
        };
        if (p + 1) % 4 != s {
            self.wrong(s, WrongMove::ChiNotNextSeat);
            return true;
        }
        let Some(m) = middle.filter(|m| {
            m.is_suited()
                && tile.is_suited()
                && m.suit() == tile.suit()
                && m.rank().abs_diff(tile.rank()) <= 1
        }) else {
            self.wrong(s, WrongMove::NotAChow);
            return true;
        };
        let seat = &mut self.seats[s as usize];
        seat.hand[tile.index()] += 1;
        let i = m.index();
        if !(2..=8).contains(&m.rank()) || (i - 1..=i + 1).any(|k| seat.hand[k] == 0) {
            self.wrong(s, WrongMove::CannotChi);
            return true;
        }
        for k in i - 1..=i + 1 {
            seat.hand[k] -= 1;
            self.shown[k] = self.shown[k].saturating_add(1);
        }
        seat.add_meld(Meld {
            kind: MeldKind::Chow,
            tile: m,
            offer: tile.rank() + 2 - m.rank(),
        });
        let Some(d) = discard.filter(|d| seat.hand[d.index()] > 0) else {
            let why = discard.map_or(WrongMove::UnknownTile, WrongMove::DiscardNotHeld);
            self.wrong(s, why);
            return true;
        };
        seat.hand[d.index()] -= 1;
        self.events.push(Event::Chi {
            seat: s,
            middle: m,
            tile,
            discard: d,
        });
        if !self.claim_at_wall_end(s, p) {
            let request = Request::Chi {
                seat: s,
                middle: m,
                tile: d,
            };
            self.discarded(s, d, request);
        }
        true
    }

    /// A claim on `p`'s discard leaves the next seat nothing to draw: the
    /// claimer is penalised, once the claim is made.
    fn claim_at_wall_end(&mut self, claimer: u8, p: u8) -> bool {
        let refused = self.part_empty(p + 1);
        if refused {
            self.wrong(claimer, WrongMove::ClaimAtWallEnd);
        }
        refused
    }

    // ---- answers to a kong ----

    fn on_kong(&mut self, p: u8, tile: Tile, promoted: bool) {
        for k in 0..PLAYERS as u8 {
            let s = (p + k) % 4;
            match self.read(s) {
                None => return,
                Some(Answer::Pass) => {}
                Some(Answer::Hu) if promoted && s != p => {
                    return self.hu(s, tile, WinKind::RobbingKong { from: p }, p)
                }
                Some(_) => return self.wrong(s, WrongMove::NotPass),
            }
        }
        self.begin_draw(p);
    }

    // ---- wins ----

    /// The calculator's total (or error code) and fans of `seat` winning
    /// on `tile` now; `turn` is the drawer, discarder or konger of the step
    /// (the seat after it decides the last-tile flag).
    pub(super) fn score(
        &self,
        seat: u8,
        tile: Tile,
        self_drawn: bool,
        turn: u8,
    ) -> (i32, Vec<(Fan, u16)>) {
        let s = &self.seats[seat as usize];
        let hand = Hand {
            melds: s.melds().collect(),
            standing: s
                .hand
                .iter()
                .enumerate()
                .flat_map(|(k, &n)| {
                    std::iter::repeat_n(Tile::from_index(k).unwrap_or(Tile::EAST), usize::from(n))
                })
                .collect(),
        };
        let ctx = WinContext {
            win_tile: tile,
            self_drawn,
            last_copy: self.shown[tile.index()] == 3,
            about_kong: self.after_kong,
            wall_last: self.part_empty(turn + 1),
            seat_wind: seat,
            prevalent_wind: self.quan,
            flowers: s.flowers,
        };
        match calculate(&hand, &ctx, self.options.reading) {
            Ok(r) => (r.total, r.table.entries().collect()),
            Err(e) => (error_code(e), Vec::new()),
        }
    }

    /// `seat` declares a win on `tile`; `turn` as in [`Judge::score`].
    fn hu(&mut self, seat: u8, tile: Tile, kind: WinKind, turn: u8) {
        let (total, fans) = self.score(seat, tile, kind == WinKind::SelfDrawn, turn);
        let flowers = self.seats[seat as usize].flowers;
        let minimum = match self.options.minimum {
            Minimum::EightPlusFlowers => 8 + i32::from(flowers),
            Minimum::Eight => 8,
        };
        if total < minimum {
            return self.penalise(seat, Offence::WrongHu { total, fans });
        }
        let mut scores = [0; PLAYERS];
        for (i, score) in scores.iter_mut().enumerate() {
            *score = match kind {
                WinKind::SelfDrawn if i == seat as usize => 3 * (8 + total),
                WinKind::SelfDrawn => -(8 + total),
                _ if i == seat as usize => 24 + total,
                WinKind::Discard { from } | WinKind::RobbingKong { from } if i == from as usize => {
                    -(8 + total)
                }
                _ => -8,
            };
        }
        self.finish(
            scores,
            End::Win(Win {
                seat,
                kind,
                tile,
                total,
                fans,
            }),
        );
    }
}

/// The bundled calculator's error codes.
fn error_code(e: FanError) -> i32 {
    match e {
        FanError::WrongTilesCount => -1,
        FanError::TileCountGreaterThan4 => -2,
        FanError::NotWin => -3,
    }
}
