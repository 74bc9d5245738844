//! A second THUPC 2021 simulator, written plainly from
//! `THUPC2021-CLARIFICATIONS.md` and deciding everything with the oracle's
//! distance. It shares tiles, events and walls with the engine and nothing of
//! its game logic. Hands are plain lists of tiles.

use crate::distance::distance;
use mahjong_sim::hand::Hand;
use mahjong_sim::thupc2021::event::{Direction, Event, Player};
use mahjong_sim::thupc2021::wall::Wall;
use mahjong_sim::tile::Tile;

struct PlayerState {
    hand: Vec<Tile>,
    melds: u8,
}

impl PlayerState {
    fn counts(&self) -> Hand {
        Hand::from_tiles(&self.hand)
    }

    fn has_special(&self) -> bool {
        self.hand.iter().any(|t| t.is_special())
    }

    fn holds(&self, t: Tile) -> usize {
        self.hand.iter().filter(|&&x| x == t).count()
    }

    fn take_out(&mut self, t: Tile) {
        let i = self
            .hand
            .iter()
            .position(|&x| x == t)
            .expect("tile in hand");
        self.hand.remove(i);
    }

    /// Distance of the hand as it is.
    fn distance(&self) -> u8 {
        distance(&self.counts(), self.melds).expect("hand size fits")
    }

    /// True when taking `a` and `b` out of the hand, for one meld more,
    /// strictly lowers the distance.
    fn claim_helps(&self, a: Tile, b: Tile) -> bool {
        let mut after = self.counts();
        after.remove(a);
        after.remove(b);
        distance(&after, self.melds + 1).expect("size fits") < self.distance()
    }

    /// Takes `a` and `b` out of the hand into a new meld.
    fn claim(&mut self, a: Tile, b: Tile) {
        self.take_out(a);
        self.take_out(b);
        self.melds += 1;
    }

    /// Wins with this hand: no special tile and distance 0 on 14 - 3n tiles.
    fn wins(&self) -> bool {
        !self.has_special()
            && self.hand.len() == 14 - 3 * self.melds as usize
            && self.distance() == 0
    }
}

/// The players after `p` in direction `dir`, `p` excluded.
fn others_in_order(p: usize, dir: Direction) -> [usize; 3] {
    let step = |k: usize| match dir {
        Direction::Forward => (p + k) % 4,
        Direction::Backward => (p + 4 - k) % 4,
    };
    [step(1), step(2), step(3)]
}

fn name(p: usize) -> Player {
    Player::ALL[p]
}

/// Plays the game on `wall`.
pub fn play(wall: &Wall) -> Vec<Event> {
    let mut game = Game::new(wall.tiles());
    game.deal();
    loop {
        let p = game.current;
        if game.draws && !game.extra_turn && game.skip_next_turn[p] {
            game.skip_next_turn[p] = false;
            game.current = others_in_order(p, game.dir)[0];
            continue;
        }
        game.extra_turn = false;
        if game.draws && game.draw_ends_game(p) {
            return game.log;
        }
        game.draws = true;
        if game.play_special(p) {
            continue;
        }
        let out = game.discard_least_distance(p);
        if game.ron(p, out) {
            return game.log;
        }
        // The turn passes to the claimer, who does not draw, or else to the
        // next player.
        match game.pong(p, out).or_else(|| game.chow(p, out)) {
            Some(claimer) => {
                game.current = claimer;
                game.draws = false;
            }
            None => game.current = others_in_order(p, game.dir)[0],
        }
    }
}

/// The table during [`play`]: the wall, the hands, the log so far, and
/// whose turn it is and how it starts.
struct Game<'w> {
    tiles: &'w [Tile],
    next_tile: usize,
    log: Vec<Event>,
    players: Vec<PlayerState>,
    dir: Direction,
    /// Set by a PASS on the player: their next turn is skipped.
    skip_next_turn: [bool; 4],
    current: usize,
    /// True when `current` starts with a draw; false right after a claim.
    draws: bool,
    /// True for a DOUBLE's extra turn, which PASS cannot skip.
    extra_turn: bool,
}

impl<'w> Game<'w> {
    fn new(tiles: &'w [Tile]) -> Game<'w> {
        Game {
            tiles,
            next_tile: 0,
            log: Vec::new(),
            players: (0..4)
                .map(|_| PlayerState {
                    hand: Vec::new(),
                    melds: 0,
                })
                .collect(),
            dir: Direction::Forward,
            skip_next_turn: [false; 4],
            current: 0,
            draws: true,
            extra_turn: false,
        }
    }

    /// The next wall tile into `p`'s hand.
    fn draw(&mut self, p: usize) {
        let t = self.tiles[self.next_tile];
        self.next_tile += 1;
        self.players[p].hand.push(t);
        self.log.push(Event::Draw {
            player: name(p),
            tile: t,
        });
    }

    /// The deal: 13 rounds of A, B, C, D.
    fn deal(&mut self) {
        for _ in 0..13 {
            for p in 0..4 {
                self.draw(p);
            }
        }
    }

    /// `p` draws, unless the wall is empty; true when that ends the game
    /// (DRAW, or a self-drawn win).
    fn draw_ends_game(&mut self, p: usize) -> bool {
        if self.next_tile == self.tiles.len() {
            self.log.push(Event::ExhaustedWall);
            return true;
        }
        self.draw(p);
        if self.players[p].wins() {
            self.log.push(Event::SelfDrawn { player: name(p) });
            self.log.push(Event::Win { player: name(p) });
            return true;
        }
        false
    }

    /// Special tiles go first: PASS, then REVERSE, then DOUBLE. Plays the
    /// first `p` holds and says whether there was one.
    fn play_special(&mut self, p: usize) -> bool {
        let Some(special) = [Tile::PASS, Tile::REVERSE, Tile::DOUBLE]
            .into_iter()
            .find(|&s| self.players[p].holds(s) > 0)
        else {
            return false;
        };
        self.players[p].take_out(special);
        if special == Tile::PASS {
            let target = others_in_order(p, self.dir)[0];
            self.log.push(Event::Pass {
                player: name(p),
                target: name(target),
            });
            self.skip_next_turn[target] = true;
            self.current = target;
        } else if special == Tile::REVERSE {
            self.log.push(Event::Discard {
                player: name(p),
                tile: special,
            });
            self.dir = self.dir.flip();
            self.current = others_in_order(p, self.dir)[0];
        } else {
            self.log.push(Event::Discard {
                player: name(p),
                tile: special,
            });
            self.current = p;
            self.extra_turn = true;
        }
        true
    }

    /// An ordinary discard: least distance after it; ties go to the first
    /// of Z F B N W S E 9S .. 1S 9P .. 1P 9M .. 1M.
    fn discard_least_distance(&mut self, p: usize) -> Tile {
        let mut tie_order: Vec<Tile> = Tile::ordinary().collect();
        tie_order.reverse();
        let mut choice: Option<(Tile, u8)> = None;
        let hand = self.players[p].counts();
        for t in tie_order {
            if hand.count(t) == 0 {
                continue;
            }
            let mut rest = hand;
            rest.remove(t);
            let d = distance(&rest, self.players[p].melds).expect("hand size fits");
            if choice.is_none() || d < choice.unwrap().1 {
                choice = Some((t, d));
            }
        }
        let (out, _) = choice.expect("a hand to discard from");
        self.players[p].take_out(out);
        self.log.push(Event::Discard {
            player: name(p),
            tile: out,
        });
        out
    }

    /// RON: the first player after p, in turn order, whose hand wins with
    /// `out`. True when someone won.
    fn ron(&mut self, p: usize, out: Tile) -> bool {
        for q in others_in_order(p, self.dir) {
            self.players[q].hand.push(out);
            let wins = self.players[q].wins();
            self.players[q].take_out(out);
            if wins {
                self.log.push(Event::Ron {
                    player: name(q),
                    from: name(p),
                    tile: out,
                });
                self.log.push(Event::Win { player: name(q) });
                return true;
            }
        }
        false
    }

    /// PONG: another player with two copies whose distance strictly drops.
    /// Who ponged, if anyone.
    fn pong(&mut self, p: usize, out: Tile) -> Option<usize> {
        let q = others_in_order(p, self.dir)
            .into_iter()
            .find(|&q| self.players[q].holds(out) >= 2 && self.players[q].claim_helps(out, out))?;
        self.players[q].claim(out, out);
        self.log.push(Event::Pong {
            player: name(q),
            tile: out,
        });
        Some(q)
    }

    /// CHOW: only p's next player, only suited tiles, options in order.
    /// Who chowed, if anyone.
    fn chow(&mut self, p: usize, out: Tile) -> Option<usize> {
        let q = others_in_order(p, self.dir)[0];
        if !out.is_suited() {
            return None;
        }
        for (a, b) in [(1, 2), (-1, 1), (-2, -1)] {
            let (Some(ta), Some(tb)) = (out.offset(a), out.offset(b)) else {
                continue;
            };
            if self.players[q].holds(ta) == 0 || self.players[q].holds(tb) == 0 {
                continue;
            }
            if self.players[q].claim_helps(ta, tb) {
                self.players[q].claim(ta, tb);
                let mut meld = [out, ta, tb];
                meld.sort();
                self.log.push(Event::Chow {
                    player: name(q),
                    tiles: meld,
                    claimed: out,
                });
                return Some(q);
            }
        }
        None
    }
}
