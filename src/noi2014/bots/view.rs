//! A player's own view of the game, kept up to date from its own requests
//! and its own answers only (as a Botzone bot rebuilds it every step).
//!
//! What a bot can and cannot know:
//!
//! - Its hand and exposed sets exactly. A `PENG`/`GANG` it answered to a
//!   discard may lose to a `HU`; it learns that only from the next request:
//!   a lost `PENG c` is followed at once by `3 q HU c` (the built-in bots
//!   never discard `c` itself after `PENG c`, so a `3 q HU c` then cannot be
//!   a win on their own discard), and a won `GANG` by its replacement draw
//!   `2 x`.
//! - The wall only from below: every draw it sees or infers is counted
//!   (its own `2 x`; another player's discard not right after its pung, its
//!   own-turn kong, its self-drawn win), but a player put out on its own
//!   turn drew a tile nobody is told of. Each player can be put out once, so
//!   at most one unseen draw per other player not known to have won: that
//!   margin makes [`View::kong_is_safe`] never wrong.
//! - A `3 p GANG c` right after a discard of `c` by another player is a kong
//!   of that discard (a kong of four other copies would need a fifth `c`).

use crate::hand::Hand;
use crate::meld::Meld;
use crate::noi2014::rules::request::Request;
use crate::noi2014::rules::table::Melds;
use crate::noi2014::rules::wall::{DEALT, WALL_TILES};
use crate::tile::Tile;

/// A claim this player answered to a discard, not yet known to have stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    None,
    Peng { tile: Tile, discard: Tile },
    Gang { tile: Tile },
}

/// One player's view of the game.
#[derive(Clone, Debug)]
pub struct View {
    me: u8,
    hand: Hand,
    melds: Melds,
    draws_seen: u32,
    winners: [bool; 4],
    pending: Pending,
    /// The discard just made, while it can still be claimed.
    fresh_discard: Option<(u8, Tile)>,
    /// The player whose pung was just announced (its discard has no draw).
    punger: Option<u8>,
}

impl Default for View {
    fn default() -> View {
        View::new()
    }
}

impl View {
    /// The view before request `0`.
    pub fn new() -> View {
        View {
            me: 0,
            hand: Hand::new(),
            melds: Melds::default(),
            draws_seen: 0,
            winners: [false; 4],
            pending: Pending::None,
            fresh_discard: None,
            punger: None,
        }
    }

    /// This player's number.
    pub fn me(&self) -> u8 {
        self.me
    }

    /// The concealed tiles (after a draw, the drawn tile included).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The exposed sets.
    pub fn melds(&self) -> &Melds {
        &self.melds
    }

    /// The exposed sets as a vector.
    pub fn meld_list(&self) -> Vec<Meld> {
        self.melds.to_vec()
    }

    /// True when the wall surely holds at least one tile, so a kong is
    /// legal (point 8).
    pub fn kong_is_safe(&self) -> bool {
        let others_unknown = (0..4u8)
            .filter(|&p| p != self.me && !self.winners[p as usize])
            .count() as i64;
        let seen_left = (WALL_TILES - DEALT) as i64 - self.draws_seen as i64;
        seen_left - others_unknown >= 1
    }

    /// Tiles left in the wall as far as this player can tell: every draw
    /// seen or inferred taken off (exact but for draws of players put out
    /// on their own turn, which nobody is told of).
    pub fn wall_left_seen(&self) -> usize {
        (WALL_TILES - DEALT).saturating_sub(self.draws_seen as usize)
    }

    /// Takes in a request, before answering it.
    pub fn observe(&mut self, request: &Request) {
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::None => {}
            Pending::Peng { tile, discard } => {
                let lost = matches!(*request, Request::HuDiscard { tile: t, .. } if t == tile);
                if !lost {
                    self.hand.remove(tile);
                    self.hand.remove(tile);
                    self.melds.push(Meld::Pung(tile));
                    self.hand.remove(discard);
                    self.fresh_discard = Some((self.me, discard));
                }
            }
            Pending::Gang { tile } => {
                if matches!(request, Request::Draw(_)) {
                    self.take_kong_of_discard(tile);
                }
            }
        }
        let punger = self.punger.take();
        let fresh = self.fresh_discard.take();
        match *request {
            Request::Id(p) => self.me = p,
            Request::Deal(tiles) => self.hand = Hand::from_tiles(&tiles),
            Request::Draw(t) => {
                self.hand.add(t);
                self.draws_seen += 1;
            }
            Request::Play { player, tile } => {
                if punger != Some(player) {
                    self.draws_seen += 1;
                }
                self.fresh_discard = Some((player, tile));
            }
            Request::Peng { player, .. } => self.punger = Some(player),
            Request::Gang { player, tile } => {
                let of_discard = matches!(fresh, Some((q, t)) if q != player && t == tile);
                if !of_discard {
                    self.draws_seen += 1;
                }
            }
            Request::HuSelf { player } => {
                self.draws_seen += 1;
                self.winners[player as usize] = true;
            }
            Request::HuDiscard { player, .. } => self.winners[player as usize] = true,
            Request::Target => {}
        }
    }

    /// True while a claim answered to the last discard is not yet known to
    /// have stood (the next request tells; a game may end first).
    pub fn has_pending_claim(&self) -> bool {
        self.pending != Pending::None
    }

    /// Records this player's own discard on its turn.
    pub fn played(&mut self, tile: Tile) {
        self.hand.remove(tile);
        self.fresh_discard = Some((self.me, tile));
    }

    /// Records this player's own kong on its turn (four concealed, or one
    /// added to its exposed pung).
    pub fn konged(&mut self, tile: Tile) {
        if self.hand.count(tile) == 4 {
            for _ in 0..4 {
                self.hand.remove(tile);
            }
            self.melds.push(Meld::Kong(tile));
        } else {
            self.hand.remove(tile);
            self.melds.upgrade(tile);
        }
    }

    /// Records a `PENG discard` answered to a discard of `tile`.
    pub fn claimed_peng(&mut self, tile: Tile, discard: Tile) {
        self.pending = Pending::Peng { tile, discard };
    }

    /// Records a `GANG` answered to a discard of `tile`.
    pub fn claimed_gang(&mut self, tile: Tile) {
        self.pending = Pending::Gang { tile };
    }

    fn take_kong_of_discard(&mut self, tile: Tile) {
        if !self.melds.upgrade(tile) {
            for _ in 0..3 {
                self.hand.remove(tile);
            }
            self.melds.push(Meld::Kong(tile));
        }
    }
}
