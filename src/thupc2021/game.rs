//! The THUPC 2021 game: four fixed-strategy players, PASS / REVERSE / DOUBLE,
//! chow, pong, ron and self-drawn wins, as pinned down in the clarifications.
//!
//! [`play`] turns a wall into the list of [`Event`]s; printing is elsewhere.

use super::event::{Direction, Event, Player};
use super::wall::{Wall, DEAL};
use crate::distance::{self, best_discard, is_winning};
use crate::hand::Hand;
use crate::meld::Meld;
use crate::tile::{Tile, KINDS};

/// The chow options for a discard `t`, in order of preference: the other
/// two tiles as offsets from `t`: (t+1, t+2), then (t-1, t+1), then (t-2, t-1).
pub const CHOW_OPTIONS: [(i8, i8); 3] = [(1, 2), (-1, 1), (-2, -1)];

/// The discard tie order: among discards that leave the same distance, the
/// first of `PASS REVERSE DOUBLE Z F B N W S E 9S .. 1M` goes (kind indices
/// from the highest down).
pub const DISCARD_ORDER: [Tile; KINDS] = {
    let mut order = [Tile::RED; KINDS];
    let mut i = 0;
    while i < KINDS {
        order[i] = match Tile::from_index(KINDS - 1 - i) {
            Some(t) => t,
            None => panic!("an index below KINDS"),
        };
        i += 1;
    }
    order
};

/// One player's tiles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// Concealed tiles.
    pub hand: Hand,
    /// Exposed melds, in the order they were made.
    pub melds: Vec<Meld>,
    /// The distance of the hand between turns (`13 - 3n` tiles), kept so
    /// that claims and rons need not measure it again.
    resting: u8,
}

impl Seat {
    fn melds_n(&self) -> u8 {
        self.melds.len() as u8
    }

    /// The seat's winning distance; `None` while its size fits no meld count
    /// (during the deal).
    pub fn distance(&self) -> Option<u8> {
        distance::distance(&self.hand, self.melds_n()).ok()
    }

    /// The distance of a hand the game keeps at a fitting size.
    fn playing_distance(&self) -> u8 {
        self.distance().expect("game hands keep their size")
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

    /// One line per player (hand, melds, distance) and the order of play.
    pub fn describe(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        for p in Player::ALL {
            let seat = &self.seats[p.index()];
            let d = seat.distance().map_or("-".to_string(), |d| d.to_string());
            writeln!(
                s,
                "{p}: {}  | melds: {}  | distance {d}",
                seat.hand,
                melds_text(&seat.melds)
            )
            .expect("to a String");
        }
        let order = match self.direction {
            Direction::Forward => "ABCD",
            Direction::Backward => "ADCB",
        };
        write!(
            s,
            "order {order}, {} tile(s) left in the wall",
            self.remaining()
        )
        .expect("to a String");
        s
    }
}

/// Exposed melds in the one meld notation (`777S 789S`), `-` for none.
pub fn melds_text(melds: &[Meld]) -> String {
    if melds.is_empty() {
        return "-".to_string();
    }
    let each: Vec<String> = melds.iter().map(Meld::to_string).collect();
    each.join(" ")
}

/// A decision the game took, with what it weighed: reported to an
/// [`Observer`] as it is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// `player` holds a special tile: it goes out first (PASS, then REVERSE,
    /// then DOUBLE), with no choice to make.
    SpecialFirst {
        /// Who discards.
        player: Player,
        /// The special tile.
        tile: Tile,
    },
    /// An ordinary discard from a full hand.
    Discard {
        /// Who discards.
        player: Player,
        /// Every kind held, in the tie order, with the distance its discard
        /// leaves.
        candidates: Vec<(Tile, u8)>,
        /// The discard: the first in tie order of those leaving the least.
        chosen: Tile,
    },
    /// What the others could do with a discard.
    Claims(Claims),
}

/// The claims considered on one discard: rons in turn order after the
/// discarder, then (when nobody won) pongs, then the next player's chow
/// options in order of preference (made only when nobody ponged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claims {
    /// Who discarded.
    pub from: Player,
    /// The tile.
    pub tile: Tile,
    /// Each other player, in turn order: could it ron?
    pub rons: Vec<RonCheck>,
    /// The ron that was taken: the first player who wins with the tile.
    pub ron: Option<Player>,
    /// Copies of the tile the discarder still holds: it may not claim its
    /// own discard, however many it has.
    pub own: u8,
    /// Each player holding two of the tile: would a pong lower its distance?
    pub pongs: Vec<ClaimCheck>,
    /// The next player's chow options it holds both tiles of, in order of
    /// preference, up to the first that would be taken; weighed also when a
    /// pong is taken (pong beats chow: then none is made).
    pub chows: Vec<ClaimCheck>,
}

/// Whether one player could win on a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RonCheck {
    /// The player.
    pub player: Player,
    /// It holds a special tile, so it cannot win.
    pub holds_special: bool,
    /// Its hand with the tile is a winning hand.
    pub wins: bool,
    /// Its distance without the tile.
    pub distance: u8,
}

/// A pong or chow a player could make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimCheck {
    /// The player.
    pub player: Player,
    /// The meld's tiles, ascending.
    pub tiles: [Tile; 3],
    /// Its distance before.
    pub before: u8,
    /// Its distance after, with one meld more.
    pub after: u8,
}

impl ClaimCheck {
    /// The rule: a claim is made only when it strictly lowers the distance.
    pub fn taken(&self) -> bool {
        self.after < self.before
    }
}

/// Listens to a game: every event as it happens and every decision as it is
/// taken, with the table at that moment. The game reports decisions only
/// when [`Observer::LISTENING`] is true, so the unit observer `()` costs
/// nothing (the reporting compiles away).
pub trait Observer {
    /// Whether the game should do the work of reporting.
    const LISTENING: bool = true;
    /// An event, after the table took it in.
    fn event(&mut self, _table: &Table, _event: &Event) {}
    /// A decision, with the table as it was when it was taken.
    fn decision(&mut self, _table: &Table, _decision: &Decision) {}
}

/// Nobody listens.
impl Observer for () {
    const LISTENING: bool = false;
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
    play_observed(wall, &mut ())
}

/// Plays the game on `wall`, reporting to `observer`, and returns its events.
pub fn play_observed<O: Observer>(wall: &Wall, observer: &mut O) -> Vec<Event> {
    let mut g = Game {
        t: Table::new(wall),
        obs: observer,
    };
    g.run();
    g.t.events
}

/// A game in play: the table and who listens.
struct Game<'w, 'o, O> {
    t: Table<'w>,
    obs: &'o mut O,
}

impl<O: Observer> Game<'_, '_, O> {
    fn next_of(&self, p: Player) -> Player {
        p.step(self.t.direction, 1)
    }

    fn emit(&mut self, e: Event) {
        self.t.events.push(e);
        if O::LISTENING {
            let e = self.t.events.last().expect("just pushed");
            self.obs.event(&self.t, e);
        }
    }

    /// Draws for `p`; false when the wall is empty.
    fn draw(&mut self, p: Player) -> bool {
        let Some(&tile) = self.t.wall.get(self.t.drawn) else {
            return false;
        };
        self.t.drawn += 1;
        self.t.seats[p.index()].hand.add(tile);
        self.emit(Event::Draw { player: p, tile });
        true
    }

    /// Deals, then plays turns until a win or an exhausted wall.
    fn run(&mut self) {
        for _ in 0..DEAL / 4 {
            for p in Player::ALL {
                let dealt = self.draw(p);
                debug_assert!(dealt, "a Wall holds the deal");
            }
        }
        for seat in &mut self.t.seats {
            seat.resting = seat.playing_distance();
        }
        let mut next = Next::Turn(Player::A);
        loop {
            next = match next {
                Next::Turn(p) if self.t.skipped[p.index()] => {
                    self.t.skipped[p.index()] = false;
                    Next::Turn(self.next_of(p))
                }
                Next::Turn(p) | Next::ExtraTurn(p) => self.draw_turn(p),
                Next::DiscardOnly(p) => self.discard(p, false),
                Next::End => return,
            };
        }
    }

    fn draw_turn(&mut self, p: Player) -> Next {
        if !self.draw(p) {
            self.emit(Event::ExhaustedWall);
            return Next::End;
        }
        self.discard(p, true)
    }

    /// `p` holds `14 - 3n` tiles: after a draw, wins if it can; then
    /// discards one. (After a claim there is no self-drawn check.)
    fn discard(&mut self, p: Player, drew: bool) -> Next {
        let seat = &self.t.seats[p.index()];
        if let Some(special) = seat.hand.first_special() {
            if O::LISTENING {
                let d = Decision::SpecialFirst {
                    player: p,
                    tile: special,
                };
                self.obs.decision(&self.t, &d);
            }
            let seat = &mut self.t.seats[p.index()];
            seat.hand.remove(special);
            seat.resting = seat.playing_distance();
            return match special {
                Tile::PASS => {
                    let target = self.next_of(p);
                    self.t.skipped[target.index()] = true;
                    self.emit(Event::Pass { player: p, target });
                    Next::Turn(target)
                }
                Tile::REVERSE => {
                    self.t.direction = self.t.direction.flip();
                    self.emit(Event::Discard {
                        player: p,
                        tile: special,
                    });
                    Next::Turn(self.next_of(p))
                }
                _ => {
                    self.emit(Event::Discard {
                        player: p,
                        tile: special,
                    });
                    Next::ExtraTurn(p)
                }
            };
        }
        let choice = best_discard(&seat.hand, seat.melds_n(), &DISCARD_ORDER)
            .expect("game hands keep their size");
        if drew && choice.before == 0 {
            // No special tile and distance 0: a winning hand.
            self.emit(Event::SelfDrawn { player: p });
            self.emit(Event::Win { player: p });
            return Next::End;
        }
        if O::LISTENING {
            let candidates = DISCARD_ORDER
                .iter()
                .filter(|&&t| seat.hand.count(t) > 0)
                .map(|&t| {
                    let mut rest = seat.hand;
                    rest.remove(t);
                    let d = distance::distance(&rest, seat.melds_n()).expect("size fits");
                    (t, d)
                })
                .collect();
            let d = Decision::Discard {
                player: p,
                candidates,
                chosen: choice.tile,
            };
            self.obs.decision(&self.t, &d);
        }
        let seat = &mut self.t.seats[p.index()];
        seat.hand.remove(choice.tile);
        seat.resting = choice.after;
        self.emit(Event::Discard {
            player: p,
            tile: choice.tile,
        });
        if O::LISTENING {
            let d = Decision::Claims(self.weigh_claims(p, choice.tile));
            self.obs.decision(&self.t, &d);
        }
        self.claims(p, choice.tile)
    }

    /// Ron, then pong, then chow on `from`'s discard of ordinary `tile`.
    fn claims(&mut self, from: Player, tile: Tile) -> Next {
        for steps in 1..4 {
            let p = from.step(self.t.direction, steps);
            if self.t.seats[p.index()].wins_with(tile) {
                self.emit(Event::Ron {
                    player: p,
                    from,
                    tile,
                });
                self.emit(Event::Win { player: p });
                return Next::End;
            }
        }
        for steps in 1..4 {
            let p = from.step(self.t.direction, steps);
            let seat = &mut self.t.seats[p.index()];
            if let Some((c, after)) = seat.weigh(p, tile, tile, tile).filter(|c| c.0.taken()) {
                debug_assert_eq!(c.tiles, [tile; 3]);
                seat.hand = after;
                seat.melds.push(Meld::Pung(tile));
                self.emit(Event::Pong { player: p, tile });
                return Next::DiscardOnly(p);
            }
        }
        let p = self.next_of(from);
        if tile.is_suited() {
            let seat = &mut self.t.seats[p.index()];
            for (a, b) in CHOW_OPTIONS {
                let (Some(ta), Some(tb)) = (tile.offset(a), tile.offset(b)) else {
                    continue;
                };
                if let Some((c, after)) = seat.weigh(p, tile, ta, tb).filter(|c| c.0.taken()) {
                    seat.hand = after;
                    let tiles = c.tiles;
                    seat.melds.push(Meld::Chow(tiles[0]));
                    self.emit(Event::Chow {
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

    /// Everything [`Game::claims`] weighs on `from`'s discard of `tile`,
    /// for an observer: every ron check (also past the winner, to say who
    /// was cut), and every pong and chow option up to the one taken.
    fn weigh_claims(&self, from: Player, tile: Tile) -> Claims {
        let order = [1, 2, 3].map(|s| from.step(self.t.direction, s));
        let mut c = Claims {
            from,
            tile,
            rons: Vec::new(),
            ron: None,
            own: self.t.seats[from.index()].hand.count(tile),
            pongs: Vec::new(),
            chows: Vec::new(),
        };
        for p in order {
            let seat = &self.t.seats[p.index()];
            let wins = seat.wins_with(tile);
            if wins && c.ron.is_none() {
                c.ron = Some(p);
            }
            c.rons.push(RonCheck {
                player: p,
                holds_special: seat.hand.specials() > 0,
                wins,
                distance: seat.resting,
            });
        }
        if c.ron.is_some() {
            return c;
        }
        for p in order {
            if let Some((check, _)) = self.t.seats[p.index()].weigh(p, tile, tile, tile) {
                c.pongs.push(check);
            }
        }
        if !tile.is_suited() {
            return c;
        }
        // Weighed after a pong too, so that an observer can say whether the
        // pong beat a chow that would have been made.
        let next = order[0];
        for (a, b) in CHOW_OPTIONS {
            let (Some(ta), Some(tb)) = (tile.offset(a), tile.offset(b)) else {
                continue;
            };
            if let Some((check, _)) = self.t.seats[next.index()].weigh(next, tile, ta, tb) {
                c.chows.push(check);
                if check.taken() {
                    break;
                }
            }
        }
        c
    }
}

impl Seat {
    /// True when the hand with `tile` added wins.
    #[inline]
    fn wins_with(&self, tile: Tile) -> bool {
        // Only a hand one tile from winning can win with one more.
        if self.resting != 1 {
            return false;
        }
        let mut with = self.hand;
        with.add(tile);
        is_winning(&with, self.melds_n())
    }

    /// The claim of `tile` with `a` and `b` from the hand, when it holds
    /// both: the distances it compares, and the hand after it.
    #[inline(always)]
    fn weigh(&self, player: Player, tile: Tile, a: Tile, b: Tile) -> Option<(ClaimCheck, Hand)> {
        // Counts first, inlined: most discards are claimable by nobody, and
        // even a call for each of them shows in the game's time.
        let need = if a == b { 2 } else { 1 };
        if self.hand.count(a) < need || self.hand.count(b) < need {
            return None;
        }
        Some(self.weigh_held(player, tile, a, b))
    }

    /// [`Seat::weigh`] for a hand holding `a` and `b`.
    fn weigh_held(&self, player: Player, tile: Tile, a: Tile, b: Tile) -> (ClaimCheck, Hand) {
        let mut after = self.hand;
        after.remove(a);
        after.remove(b);
        let mut tiles = [tile, a, b];
        tiles.sort();
        let check = ClaimCheck {
            player,
            tiles,
            before: self.resting,
            after: distance::distance(&after, self.melds_n() + 1).expect("a claim keeps the size"),
        };
        (check, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distance::distance;
    use crate::tile::parse_tiles;

    /// A wall dealing these 13-tile hands to A..D, then drawing `draws`.
    fn wall(hands: [&str; 4], draws: &str) -> Wall {
        let hands: Vec<Vec<Tile>> = hands.iter().map(|h| parse_tiles(h).unwrap()).collect();
        let mut tiles = Vec::new();
        for round in 0..13 {
            for h in &hands {
                assert_eq!(h.len(), 13, "a dealt hand has 13 tiles");
                tiles.push(h[round]);
            }
        }
        tiles.extend(parse_tiles(draws).unwrap());
        Wall::new(tiles).unwrap()
    }

    /// The log after the deal, as contest lines.
    fn after_deal(w: &Wall) -> Vec<String> {
        play(w)[DEAL..].iter().map(|e| e.to_string()).collect()
    }

    fn dist(s: &str, melds: u8) -> u8 {
        distance(&Hand::from_tiles(&parse_tiles(s).unwrap()), melds).unwrap()
    }

    /// A tenpai hand waiting on 5S; after drawing anything useless it
    /// discards the drawn tile or 5S, whichever comes first in tie order.
    const READY_A: &str = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P 5S";
    const JUNK_B: &str = "2M 4M 6M 8M 2P 4P 6P 8P S N B F 1S";

    #[test]
    fn deal_is_round_robin_and_empty_wall_is_draw() {
        let w = wall(
            [
                READY_A,
                JUNK_B,
                "9M 9P 9S E E W W N N B 3S 5P 7P",
                "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P",
            ],
            "",
        );
        let events = play(&w);
        assert_eq!(events[0].to_string(), "A IN 1M");
        assert_eq!(events[1].to_string(), "B IN 2M");
        assert_eq!(events[4].to_string(), "A IN 2M");
        assert_eq!(events.len(), DEAL + 1);
        assert_eq!(events[DEAL], Event::ExhaustedWall);
    }

    #[test]
    fn pass_skips_the_next_player() {
        let w = wall(
            [
                "PASS 1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P",
                JUNK_B,
                "9M 9P 9S E E W W N N B 3S 5P 7P",
                "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P",
            ],
            "E Z",
        );
        assert_eq!(after_deal(&w)[..3], ["A IN E", "A OUT PASS B", "C IN Z"]);
    }

    #[test]
    fn reverse_hands_the_turn_to_the_former_upper_player() {
        let w = wall(
            [
                READY_A,
                "REVERSE 2M 4M 6M 8M 2P 4P 6P 8P S N B F",
                "9M 9P 9S E E W W N N B 3S 5P 7P",
                "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P",
            ],
            "F 1S Z",
        );
        let log = after_deal(&w);
        // A discards F (no claim: nobody holds F twice or waits on it), B
        // reverses, and the turn goes back to A, not on to C.
        assert_eq!(
            log[..5],
            ["A IN F", "A OUT F", "B IN 1S", "B OUT REVERSE", "A IN Z"]
        );
    }

    #[test]
    fn double_on_the_last_tile_draws_from_an_empty_wall() {
        let w = wall(
            [
                READY_A,
                JUNK_B,
                "9M 9P 9S E E W W N N B 3S 5P 7P",
                "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P",
            ],
            "DOUBLE",
        );
        assert_eq!(after_deal(&w), ["A IN DOUBLE", "A OUT DOUBLE", "DRAW"]);
    }

    #[test]
    fn double_gives_a_full_extra_turn() {
        let w = wall(
            [
                READY_A,
                JUNK_B,
                "9M 9P 9S E E W W N N B 3S 5P 7P",
                "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P",
            ],
            "DOUBLE 5S",
        );
        assert_eq!(
            after_deal(&w),
            [
                "A IN DOUBLE",
                "A OUT DOUBLE",
                "A IN 5S",
                "A SELFDRAWN",
                "A WIN"
            ]
        );
    }

    const RON_ON_Z_C: &str = "1S 2S 3S 4P 5P 6P 7P 8P 9P E E E Z";
    const RON_ON_Z_D: &str = "1S 2S 3S 4S 5S 6S 7S 8S 9S W W W Z";

    #[test]
    fn ron_goes_to_the_first_player_in_turn_order() {
        let w = wall([READY_A, JUNK_B, RON_ON_Z_C, RON_ON_Z_D], "Z");
        // C and D both win on Z; C comes first after A, D is cut.
        assert_eq!(after_deal(&w), ["A IN Z", "A OUT Z", "C RON", "C WIN"]);
    }

    #[test]
    fn ron_order_follows_the_direction() {
        // B reverses; then A discards Z, on which C and D both win. In the
        // new direction D comes right after A, so D takes it and C is cut.
        let b_reverses = "REVERSE 2M 4M 6M 8M 2P 4P 6P 8P S N B F";
        let w = wall([READY_A, b_reverses, RON_ON_Z_C, RON_ON_Z_D], "F 1S Z");
        assert_eq!(
            after_deal(&w),
            [
                "A IN F",
                "A OUT F",
                "B IN 1S",
                "B OUT REVERSE",
                "A IN Z",
                "A OUT Z",
                "D RON",
                "D WIN"
            ]
        );
    }

    #[test]
    fn a_player_holding_a_special_tile_cannot_ron() {
        let c_with_pass = "PASS 1S 2S 3S 4P 5P 6P 7P 8P 9P E E Z";
        // With an ordinary tile in place of its PASS, C would win on Z.
        assert_eq!(dist("E 1S 2S 3S 4P 5P 6P 7P 8P 9P E E Z Z", 0), 0);
        let w = wall([READY_A, JUNK_B, c_with_pass, RON_ON_Z_D], "Z");
        assert_eq!(after_deal(&w), ["A IN Z", "A OUT Z", "D RON", "D WIN"]);
    }

    #[test]
    fn pong_beats_chow_and_skips_the_players_between() {
        let b_can_chow = "7S 8S 4S 6S 1M 5M 9P 1P S N B F Z";
        let c_can_pong = "9S 9S 2P 3P 4P 6M 7M 8M E E W W N";
        let d = "2M 3M 5P 6P 7P 2S 2S 3S 3S 4S E W 6P";
        // Both claims would help their maker.
        assert!(dist("4S 6S 1M 5M 9P 1P S N B F Z", 1) < dist(b_can_chow, 0));
        assert!(dist("2P 3P 4P 6M 7M 8M E E W W N", 1) < dist(c_can_pong, 0));
        let log = after_deal(&wall([READY_A, b_can_chow, c_can_pong, d], "9S"));
        assert_eq!(log[..3], ["A IN 9S", "A OUT 9S", "C PONG 9S 9S 9S"]);
        // C discards at once, without drawing.
        assert!(log[3].starts_with("C OUT "), "{log:?}");
    }

    /// Four melds and a single 1P: discards 5P when it draws one.
    const A_DISCARDS_5P: &str = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 1P";
    const JUNK_C: &str = "9M 9P 9S E E W W N N B 3S 5P 7P";
    const JUNK_D: &str = "1M 1P 2S 3M 5M 7M 9M 4P 6S 7S 8S 3P 7P";

    fn chow_after_5p(b: &str) -> String {
        let log = after_deal(&wall(
            [
                A_DISCARDS_5P,
                b,
                "9M 9P 9S E E W W N N B 3S 7P 7P",
                "2S 2S 4S 6S 8S 5S 6M W N 1S 3S S F",
            ],
            "5P",
        ));
        assert_eq!(log[..2], ["A IN 5P", "A OUT 5P"]);
        log[2].clone()
    }

    #[test]
    fn chow_prefers_the_higher_option() {
        // Both (6P 7P) and (3P 4P) would help; (t+1, t+2) comes first.
        let b = "3P 4P 6P 7P 1M 9M E S W N B F Z";
        assert!(dist("3P 4P 1M 9M E S W N B F Z", 1) < dist(b, 0));
        assert!(dist("6P 7P 1M 9M E S W N B F Z", 1) < dist(b, 0));
        assert_eq!(chow_after_5p(b), "B CHOW 5P 6P 7P");
        // (6P 7P) and (4P 6P) both help: (t+1, t+2) comes before (t-1, t+1).
        let b = "4P 6P 7P 1M 9M E S W N B F Z 1S";
        assert!(dist("4P 1M 9M E S W N B F Z 1S", 1) < dist(b, 0));
        assert!(dist("7P 1M 9M E S W N B F Z 1S", 1) < dist(b, 0));
        assert_eq!(chow_after_5p(b), "B CHOW 5P 6P 7P");
        // Without 7P, (t-1, t+1) comes before (t-2, t-1), both helping.
        let b = "3P 4P 6P 1M 9M E S W N B F Z 2S";
        assert!(dist("3P 1M 9M E S W N B F Z 2S", 1) < dist(b, 0));
        assert!(dist("6P 1M 9M E S W N B F Z 2S", 1) < dist(b, 0));
        assert_eq!(chow_after_5p(b), "B CHOW 4P 5P 6P");
        assert_eq!(
            chow_after_5p("3P 4P 8P 8P 1M 9M E S W N B F Z"),
            "B CHOW 3P 4P 5P"
        );
    }

    #[test]
    fn chow_takes_the_first_option_that_strictly_helps() {
        // Chowing 5P with 6P 7P would break 6P 7P 8P and gain nothing; the
        // next option, 4P 6P, helps and is taken.
        let b = "4P 6P 7P 8P 1M 9M E E S W N B F";
        assert_eq!(dist("4P 8P 1M 9M E E S W N B F", 1), dist(b, 0));
        assert!(dist("7P 8P 1M 9M E E S W N B F", 1) < dist(b, 0));
        assert_eq!(chow_after_5p(b), "B CHOW 4P 5P 6P");
    }

    #[test]
    fn only_the_next_player_may_chow() {
        // C holds 6P 7P but is not A's next player; B cannot chow.
        let b = JUNK_B;
        let c = "6P 7P 9M 9P 9S E E W W N N B 3S";
        let log = after_deal(&wall([A_DISCARDS_5P, b, c, JUNK_D], "5P 3M"));
        assert_eq!(log[..3], ["A IN 5P", "A OUT 5P", "B IN 3M"]);
    }

    #[test]
    fn discard_ties_follow_the_contest_order() {
        // Four melds plus a single `held`; drawing `drawn` makes both tiles
        // equally good discards, and the earlier in Z F B N W S E 9S..1M goes.
        for (held, drawn, out) in [
            ("9S", "E", "E"),
            ("E", "S", "S"),
            ("9M", "1P", "1P"),
            ("Z", "F", "Z"),
            ("1P", "9S", "9S"),
        ] {
            let a = format!("1M 2M 3M 4M 5M 6M 7M 8M 9M 5S 6S 7S {held}");
            let log = after_deal(&wall([&a, JUNK_B, JUNK_C, JUNK_D], drawn));
            assert_eq!(
                log[1],
                format!("A OUT {out}"),
                "holding {held}, drew {drawn}"
            );
        }
    }

    /// Exposed melds as the notes print them: `-` for none.
    #[test]
    fn melds_text_is_the_meld_notation() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert_eq!(melds_text(&[]), "-");
        assert_eq!(
            melds_text(&[Meld::Pung(t("7S")), Meld::Chow(t("7S"))]),
            "777S 789S"
        );
    }

    /// The claims reported on a discard say which players hold a special
    /// tile (the reason explain gives for a player who cannot ron).
    #[test]
    fn ron_checks_say_who_holds_a_special_tile() {
        struct Check(usize, usize);
        impl Observer for Check {
            fn decision(&mut self, t: &Table, d: &Decision) {
                if let Decision::Claims(c) = d {
                    for r in &c.rons {
                        let holds = t.seats[r.player.index()].hand.specials() > 0;
                        assert_eq!(r.holds_special, holds, "{r:?}");
                        self.0 += usize::from(holds);
                        self.1 += usize::from(!holds);
                    }
                }
            }
        }
        let mut check = Check(0, 0);
        for wall in crate::thupc2021::families::walls(
            crate::thupc2021::families::Family::SpecialsEarly,
            11,
            40,
        ) {
            play_observed(&wall, &mut check);
        }
        assert!(check.0 > 0 && check.1 > 0, "{} {}", check.0, check.1);
    }
}
