//! The THUPC 2021 game: four fixed-strategy players, PASS / REVERSE / DOUBLE,
//! chow, pong, ron and self-drawn wins, as pinned down in the clarifications.
//!
//! [`play`] turns a wall into the list of [`Event`]s; printing is elsewhere.

use crate::distance::{self, best_discard, is_winning};
use crate::event::{Direction, Event, Player};
use crate::hand::Hand;
use crate::tile::Tile;
use crate::wall::{Wall, DEAL};

/// An exposed meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meld {
    /// Three of a kind.
    Pong(Tile),
    /// Three in a row; the lowest tile.
    Chow(Tile),
}

/// One player's tiles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// Concealed tiles.
    pub hand: Hand,
    /// Exposed melds, in the order they were made.
    pub melds: Vec<Meld>,
}

impl Seat {
    fn melds_n(&self) -> u8 {
        self.melds.len() as u8
    }

    /// The seat's winning distance (hand sizes always fit during a game).
    pub fn distance(&self) -> u8 {
        distance::distance(&self.hand, self.melds_n()).expect("game hands keep their size")
    }
}

/// The whole table at one moment.
#[derive(Clone, Debug)]
pub struct Table<'w> {
    wall: &'w [Tile],
    drawn: usize,
    /// The four seats, by player index.
    pub seats: [Seat; 4],
    /// The current order of turns.
    pub direction: Direction,
    /// Players whose next turn is skipped (by PASS).
    pub skipped: [bool; 4],
    /// What has happened so far.
    pub events: Vec<Event>,
}

/// What the game does next.
enum Next {
    /// A normal turn of this player (skippable by PASS).
    Turn(Player),
    /// A DOUBLE's extra turn: draw, self-drawn check, discard.
    ExtraTurn(Player),
    /// After a pong or chow: discard without drawing.
    DiscardOnly(Player),
    /// The game is over.
    End,
}

/// Plays the game on `wall` and returns its events.
pub fn play(wall: &Wall) -> Vec<Event> {
    let mut t = Table::new(wall);
    t.run();
    t.events
}

impl<'w> Table<'w> {
    /// The table before the deal.
    pub fn new(wall: &'w Wall) -> Table<'w> {
        Table {
            wall: wall.tiles(),
            drawn: 0,
            seats: Default::default(),
            direction: Direction::Forward,
            skipped: [false; 4],
            events: Vec::with_capacity(wall.len() + 64),
        }
    }

    /// Tiles still in the wall.
    pub fn remaining(&self) -> usize {
        self.wall.len() - self.drawn
    }

    fn next_of(&self, p: Player) -> Player {
        p.step(self.direction, 1)
    }

    /// Draws for `p`; false when the wall is empty.
    fn draw(&mut self, p: Player) -> bool {
        let Some(&tile) = self.wall.get(self.drawn) else {
            return false;
        };
        self.drawn += 1;
        self.seats[p.index()].hand.add(tile);
        self.events.push(Event::Draw { player: p, tile });
        true
    }

    /// Deals, then plays turns until a win or an exhausted wall.
    pub fn run(&mut self) {
        for _ in 0..DEAL / 4 {
            for p in Player::ALL {
                let dealt = self.draw(p);
                debug_assert!(dealt, "a Wall holds the deal");
            }
        }
        let mut next = Next::Turn(Player::A);
        loop {
            next = match next {
                Next::Turn(p) if self.skipped[p.index()] => {
                    self.skipped[p.index()] = false;
                    Next::Turn(self.next_of(p))
                }
                Next::Turn(p) | Next::ExtraTurn(p) => self.draw_turn(p),
                Next::DiscardOnly(p) => self.discard(p),
                Next::End => return,
            };
        }
    }

    fn draw_turn(&mut self, p: Player) -> Next {
        if !self.draw(p) {
            self.events.push(Event::ExhaustedWall);
            return Next::End;
        }
        let seat = &self.seats[p.index()];
        if is_winning(&seat.hand, seat.melds_n()) {
            self.events.push(Event::SelfDrawn { player: p });
            self.events.push(Event::Win { player: p });
            return Next::End;
        }
        self.discard(p)
    }

    /// `p` holds `14 - 3n` tiles and discards one.
    fn discard(&mut self, p: Player) -> Next {
        let seat = &mut self.seats[p.index()];
        if let Some(special) = seat.hand.first_special() {
            seat.hand.remove(special);
            return match special {
                Tile::PASS => {
                    let target = self.next_of(p);
                    self.events.push(Event::Pass { player: p, target });
                    self.skipped[target.index()] = true;
                    Next::Turn(target)
                }
                Tile::REVERSE => {
                    self.events.push(Event::Discard {
                        player: p,
                        tile: special,
                    });
                    self.direction = self.direction.flip();
                    Next::Turn(self.next_of(p))
                }
                _ => {
                    self.events.push(Event::Discard {
                        player: p,
                        tile: special,
                    });
                    Next::ExtraTurn(p)
                }
            };
        }
        let (tile, _) =
            best_discard(&seat.hand, seat.melds_n()).expect("game hands keep their size");
        seat.hand.remove(tile);
        self.events.push(Event::Discard { player: p, tile });
        self.claims(p, tile)
    }

    /// Ron, then pong, then chow on `from`'s discard of ordinary `tile`.
    fn claims(&mut self, from: Player, tile: Tile) -> Next {
        for steps in 1..4 {
            let p = from.step(self.direction, steps);
            let seat = &self.seats[p.index()];
            let mut with = seat.hand;
            with.add(tile);
            if is_winning(&with, seat.melds_n()) {
                self.events.push(Event::Ron {
                    player: p,
                    from,
                    tile,
                });
                self.events.push(Event::Win { player: p });
                return Next::End;
            }
        }
        for steps in 1..4 {
            let p = from.step(self.direction, steps);
            let seat = &mut self.seats[p.index()];
            if seat.hand.count(tile) < 2 {
                continue;
            }
            let mut after = seat.hand;
            after.remove(tile);
            after.remove(tile);
            if improves(seat, &after) {
                seat.hand = after;
                seat.melds.push(Meld::Pong(tile));
                self.events.push(Event::Pong { player: p, tile });
                return Next::DiscardOnly(p);
            }
        }
        let p = self.next_of(from);
        if tile.is_suited() {
            let seat = &mut self.seats[p.index()];
            // Preference: (t+1, t+2), then (t-1, t+1), then (t-2, t-1).
            for (a, b) in [(1, 2), (-1, 1), (-2, -1)] {
                let (Some(ta), Some(tb)) = (tile.offset(a), tile.offset(b)) else {
                    continue;
                };
                if seat.hand.count(ta) == 0 || seat.hand.count(tb) == 0 {
                    continue;
                }
                let mut after = seat.hand;
                after.remove(ta);
                after.remove(tb);
                if improves(seat, &after) {
                    seat.hand = after;
                    let mut tiles = [tile, ta, tb];
                    tiles.sort();
                    seat.melds.push(Meld::Chow(tiles[0]));
                    self.events.push(Event::Chow {
                        player: p,
                        tiles,
                        claimed: tile,
                    });
                    return Next::DiscardOnly(p);
                }
            }
        }
        Next::Turn(p)
    }
}

/// True when claiming (hand becomes `after`, one meld more) strictly lowers
/// the seat's distance.
fn improves(seat: &Seat, after: &Hand) -> bool {
    let n = seat.melds_n();
    let before = distance::distance(&seat.hand, n).expect("game hands keep their size");
    let claimed = distance::distance(after, n + 1).expect("a claim keeps the size");
    claimed < before
}
