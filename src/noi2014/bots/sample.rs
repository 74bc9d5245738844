//! The official 2014 sample bot's behaviour (`../shared/anchors/noi2014/`),
//! in process, its random choices from a seed:
//!
//! - on its draw: `HU` if the hand wins, else `GANG c` if it holds four of
//!   the drawn tile `c` (concealed, or one beside its exposed pung), else
//!   `PLAY` of a concealed tile chosen uniformly (by tile, as the original
//!   indexes its sorted card list);
//! - on a discard `c`: `HU` if it wins, else `GANG` if it holds three `c`
//!   (concealed, or its exposed pung), else `PENG` with a random concealed
//!   discard other than `c` if it holds two;
//! - on `4`: always `W1 W1 W1 T1 T1 T1 B1 B1 B1 B2 B2 B2 T9 T9`.
//!
//! Like the 2014 program it does not look at the wall, so a kong when the
//! wall is empty puts it out (point 8): [`SampleBot::new`] keeps that;
//! [`SampleBot::careful`] skips kongs unless the wall surely holds a tile.

use crate::distance;
use crate::hand::Hand;
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::view::View;
use crate::noi2014::rules::request::Request;
use crate::noi2014::rules::tiles::{GANG, PENG, PLAY};
use crate::rng::Rng;
use crate::tile::Tile;
use std::borrow::Cow;

/// The 2014 sample bot's target hand.
pub const SAMPLE_TARGET: &str = "W1 W1 W1 T1 T1 T1 B1 B1 B1 B2 B2 B2 T9 T9";

/// The sample bot.
#[derive(Clone, Debug)]
pub struct SampleBot {
    view: View,
    rng: Rng,
    careful: bool,
}

impl SampleBot {
    /// As the 2014 program: kongs without regard to the wall.
    pub fn new(seed: u64) -> SampleBot {
        SampleBot {
            view: View::new(),
            rng: Rng::new(seed),
            careful: false,
        }
    }

    /// Never kongs unless the wall surely holds a tile, so never put out.
    pub fn careful(seed: u64) -> SampleBot {
        SampleBot {
            careful: true,
            ..SampleBot::new(seed)
        }
    }

    /// Its view of the game.
    pub fn view(&self) -> &View {
        &self.view
    }

    fn may_kong(&self) -> bool {
        !self.careful || self.view.kong_is_safe()
    }

    /// A tile chosen uniformly among the tiles of `hand`.
    fn random_tile(&mut self, hand: &Hand) -> Tile {
        let mut i = self.rng.below(hand.len());
        for t in hand.kinds() {
            let n = hand.count(t) as usize;
            if i < n {
                return t;
            }
            i -= n;
        }
        unreachable!("i < hand.len()")
    }

    fn on_draw(&mut self, c: Tile) -> &'static str {
        let hand = *self.view.hand();
        let m = self.view.melds().len() as u8;
        if distance::is_winning(&hand, m) {
            return "HU";
        }
        let four = hand.count(c) == 4 || self.view.melds().has_pung(c);
        if four && self.may_kong() {
            self.view.konged(c);
            return GANG[c.index()];
        }
        let t = self.random_tile(&hand);
        self.view.played(t);
        PLAY[t.index()]
    }

    fn on_discard(&mut self, c: Tile) -> &'static str {
        let hand = *self.view.hand();
        let m = self.view.melds().len() as u8;
        let mut with = hand;
        with.add(c);
        if distance::is_winning(&with, m) {
            return "HU";
        }
        let held = hand.count(c);
        if held == 3 || self.view.melds().has_pung(c) {
            if self.may_kong() {
                self.view.claimed_gang(c);
                return "GANG";
            }
            return "PASS";
        }
        if held == 2 {
            let mut rest = hand;
            rest.remove(c);
            rest.remove(c);
            let c2 = self.random_tile(&rest);
            self.view.claimed_peng(c, c2);
            return PENG[c2.index()];
        }
        "PASS"
    }
}

impl Bot for SampleBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        match *request {
            Request::Draw(c) => Cow::Borrowed(self.on_draw(c)),
            Request::Play { tile, .. } => Cow::Borrowed(self.on_discard(tile)),
            Request::Target => Cow::Borrowed(SAMPLE_TARGET),
            _ => Cow::Borrowed("PASS"),
        }
    }
}
