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
    let tiles = wall.tiles();
    let mut next_tile = 0;
    let mut log = Vec::new();
    let mut players: Vec<PlayerState> = (0..4)
        .map(|_| PlayerState {
            hand: Vec::new(),
            melds: 0,
        })
        .collect();

    // The deal: 13 rounds of A, B, C, D.
    for _ in 0..13 {
        for (p, player) in players.iter_mut().enumerate() {
            let t = tiles[next_tile];
            next_tile += 1;
            player.hand.push(t);
            log.push(Event::Draw {
                player: name(p),
                tile: t,
            });
        }
    }

    let mut dir = Direction::Forward;
    let mut skip_next_turn = [false; 4];
    let mut current = 0;
    // True when `current` starts with a draw; false right after a claim.
    let mut draws = true;
    // True for a DOUBLE's extra turn, which PASS cannot skip.
    let mut extra_turn = false;

    loop {
        let p = current;
        if draws && !extra_turn && skip_next_turn[p] {
            skip_next_turn[p] = false;
            current = others_in_order(p, dir)[0];
            continue;
        }
        extra_turn = false;
        if draws {
            if next_tile == tiles.len() {
                log.push(Event::ExhaustedWall);
                return log;
            }
            let t = tiles[next_tile];
            next_tile += 1;
            players[p].hand.push(t);
            log.push(Event::Draw {
                player: name(p),
                tile: t,
            });
            if players[p].wins() {
                log.push(Event::SelfDrawn { player: name(p) });
                log.push(Event::Win { player: name(p) });
                return log;
            }
        }
        draws = true;

        // Special tiles go first: PASS, then REVERSE, then DOUBLE.
        if let Some(special) = [Tile::PASS, Tile::REVERSE, Tile::DOUBLE]
            .into_iter()
            .find(|&s| players[p].holds(s) > 0)
        {
            players[p].take_out(special);
            if special == Tile::PASS {
                let target = others_in_order(p, dir)[0];
                log.push(Event::Pass {
                    player: name(p),
                    target: name(target),
                });
                skip_next_turn[target] = true;
                current = target;
            } else if special == Tile::REVERSE {
                log.push(Event::Discard {
                    player: name(p),
                    tile: special,
                });
                dir = dir.flip();
                current = others_in_order(p, dir)[0];
            } else {
                log.push(Event::Discard {
                    player: name(p),
                    tile: special,
                });
                current = p;
                extra_turn = true;
            }
            continue;
        }

        // An ordinary discard: least distance after it; ties go to the first
        // of Z F B N W S E 9S .. 1S 9P .. 1P 9M .. 1M.
        let mut tie_order: Vec<Tile> = Tile::ordinary().collect();
        tie_order.reverse();
        let mut choice: Option<(Tile, u8)> = None;
        let hand = players[p].counts();
        for t in tie_order {
            if hand.count(t) == 0 {
                continue;
            }
            let mut rest = hand;
            rest.remove(t);
            let d = distance(&rest, players[p].melds).expect("hand size fits");
            if choice.is_none() || d < choice.unwrap().1 {
                choice = Some((t, d));
            }
        }
        let (out, _) = choice.expect("a hand to discard from");
        players[p].take_out(out);
        log.push(Event::Discard {
            player: name(p),
            tile: out,
        });

        // RON: the first player after p, in turn order, whose hand wins with it.
        for q in others_in_order(p, dir) {
            players[q].hand.push(out);
            let wins = players[q].wins();
            players[q].take_out(out);
            if wins {
                log.push(Event::Ron {
                    player: name(q),
                    from: name(p),
                    tile: out,
                });
                log.push(Event::Win { player: name(q) });
                return log;
            }
        }

        // PONG: another player with two copies whose distance strictly drops.
        let mut claimed_by = None;
        for q in others_in_order(p, dir) {
            if players[q].holds(out) >= 2 && players[q].claim_helps(out, out) {
                players[q].claim(out, out);
                log.push(Event::Pong {
                    player: name(q),
                    tile: out,
                });
                claimed_by = Some(q);
                break;
            }
        }

        // CHOW: only p's next player, only suited tiles, options in order.
        let q = others_in_order(p, dir)[0];
        if claimed_by.is_none() && out.is_suited() {
            for (a, b) in [(1, 2), (-1, 1), (-2, -1)] {
                let (Some(ta), Some(tb)) = (out.offset(a), out.offset(b)) else {
                    continue;
                };
                if players[q].holds(ta) == 0 || players[q].holds(tb) == 0 {
                    continue;
                }
                if players[q].claim_helps(ta, tb) {
                    players[q].claim(ta, tb);
                    let mut meld = [out, ta, tb];
                    meld.sort();
                    log.push(Event::Chow {
                        player: name(q),
                        tiles: meld,
                        claimed: out,
                    });
                    claimed_by = Some(q);
                    break;
                }
            }
        }

        match claimed_by {
            Some(claimer) => {
                current = claimer;
                draws = false;
            }
            None => current = q,
        }
    }
}
