//! Which tile a normal draw takes: the wall's order (point 3), or each
//! seat's own column of a wall, laid out as the game goes (duels).
//!
//! # Seat columns
//!
//! Without claims, player `p`'s `k`-th normal draw takes place
//! `52 + 4k + p` of the wall. A claim skips turns and shifts every later
//! draw to another player, so two games on one wall that differ by one
//! claim deal out the rest of the wall differently. A duel plays one wall
//! twice, with A and then with B in one seat, to cancel the luck of the
//! tiles; past the first claim that differs, that cancelling is gone.
//!
//! With [`Draws::Seats`] player `p`'s `k`-th normal draw takes the
//! tile from place `52 + 4k + p` of the given wall whenever that tile is
//! still in the wall, whatever was claimed before; otherwise (a kong's
//! replacement took it, or `p` draws more than 14 times) the next tile in
//! the wall's order. The tile is moved to the front just before it is
//! drawn, so the game is an ordinary game (front draws, back replacements)
//! on the wall as rearranged, which the game's log records; a replay on
//! that wall in the wall's order is the same game.
//!
//! **Why the games are as random as before.** Which place a draw takes
//! depends only on what the game has shown (who draws, how often each has
//! drawn, which places are gone), never on a tile not yet drawn. On a
//! uniformly shuffled wall the tiles still in it are, given everything
//! shown, in uniformly random order over their places, so any such rule
//! draws a tile uniform over the tiles left, exactly as the front does:
//! each game, alone, is a game on a uniformly shuffled wall. Only how two
//! games on one wall go together changes. Without claims the two orders
//! are the same.
//!
//! The walls of the other families (`noi2014::games::families`) are not
//! uniform: on them the order does change the games. Their situations
//! are laid on the places `52 + 4k + p`, which seat columns now give to
//! their seat even after a claim.

use crate::noi2014::rules::wall::{Wall, DEALT, WALL_TILES};
use crate::noi2014::rules::PLAYERS;
use crate::place::Draws;
use crate::tile::Tile;

/// The bookkeeping of [`Draws::Seats`] for one game: where each of the
/// given wall's places now is in the wall being played, and how often
/// each player has drawn from the front.
#[derive(Clone, Debug)]
pub struct SeatColumns {
    /// The given wall's place of the tile now at each index.
    place_at: [u8; WALL_TILES],
    /// The index now holding the tile of each of the given wall's places.
    index_of: [u8; WALL_TILES],
    /// Normal draws made by each player.
    drawn: [u8; PLAYERS],
}

impl Default for SeatColumns {
    fn default() -> Self {
        SeatColumns {
            place_at: std::array::from_fn(|i| i as u8),
            index_of: std::array::from_fn(|i| i as u8),
            drawn: [0; PLAYERS],
        }
    }
}

impl SeatColumns {
    /// Before `player`'s normal draw from index `front` (tiles still in the
    /// wall: `front..back`), moves the tile of its column's next place to
    /// `front`, if that tile is still in the wall.
    pub fn bring(
        &mut self,
        player: usize,
        front: usize,
        back: usize,
        tiles: &mut [Tile; WALL_TILES],
    ) {
        let k = usize::from(self.drawn[player]);
        self.drawn[player] += 1;
        let place = DEALT + 4 * k + player;
        if place >= WALL_TILES {
            return;
        }
        let i = usize::from(self.index_of[place]);
        if !(front + 1..back).contains(&i) {
            // Already at the front, or drawn: the front tile it is.
            return;
        }
        tiles.swap(front, i);
        self.place_at.swap(front, i);
        self.index_of[usize::from(self.place_at[front])] = front as u8;
        self.index_of[usize::from(self.place_at[i])] = i as u8;
    }
}

/// One draw of a game, in the order played: a normal draw by a player,
/// or a kong's replacement from the back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// A normal draw by this player.
    Front(usize),
    /// A replacement from the back.
    Back,
}

/// The wall a game in `order` on `wall` was played on, given its draws in
/// order: `wall` itself in the wall's order, rearranged as
/// [`SeatColumns`] does it in seat order (what a game's log records;
/// checks of logs use it). `None` when the draws are more than the wall
/// holds.
pub fn played_wall(
    wall: &Wall,
    order: Draws,
    draws: impl IntoIterator<Item = Draw>,
) -> Option<Wall> {
    let mut tiles = *wall.tiles();
    let (mut front, mut back) = (DEALT, WALL_TILES);
    let mut columns = SeatColumns::default();
    for draw in draws {
        if front == back {
            return None;
        }
        match draw {
            Draw::Front(p) if p >= PLAYERS => return None,
            Draw::Front(p) => {
                if order == Draws::Seats {
                    columns.bring(p, front, back, &mut tiles);
                }
                front += 1;
            }
            Draw::Back => back -= 1,
        }
    }
    Some(Wall::new(&tiles).expect("a rearranged wall"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named::WallFamily;
    use crate::noi2014::bots::built_in::BuiltIn;
    use crate::noi2014::games::arena::{self, Seat};
    use crate::noi2014::games::families::Family;
    use crate::noi2014::rules::event::Event;
    use crate::rng::Rng;

    fn fronts(seats: &[usize]) -> Vec<Draw> {
        seats.iter().map(|&p| Draw::Front(p)).collect()
    }

    /// The tiles of the normal draws, in order, on the wall as played.
    fn drawn(played: &Wall, n: usize) -> Vec<Tile> {
        played.tiles()[DEALT..DEALT + n].to_vec()
    }

    #[test]
    fn without_claims_the_seats_draw_in_the_walls_order() {
        let wall = Wall::shuffled(&mut Rng::new(5));
        let turns: Vec<usize> = (0..WALL_TILES - DEALT).map(|i| i % PLAYERS).collect();
        for order in [Draws::Wall, Draws::Seats] {
            assert_eq!(
                played_wall(&wall, order, fronts(&turns)),
                Some(wall.clone())
            );
        }
        // One draw more than the wall holds.
        let mut more = fronts(&turns);
        more.push(Draw::Back);
        assert_eq!(played_wall(&wall, Draws::Seats, more), None);
    }

    /// Player 3 pungs player 1's discard, so player 2's turn is skipped:
    /// in the wall's order player 0's second draw takes place 54, in seat
    /// order its own place 56, and player 2 later draws place 54.
    #[test]
    fn after_a_claim_each_seat_draws_from_its_own_column() {
        let wall = Wall::shuffled(&mut Rng::new(6));
        let t = wall.tiles();
        let turns = fronts(&[0, 1, 0, 1, 2, 3]);
        let by_wall = played_wall(&wall, Draws::Wall, turns.clone()).unwrap();
        assert_eq!(by_wall, wall);
        let by_seats = played_wall(&wall, Draws::Seats, turns).unwrap();
        assert_eq!(
            drawn(&by_seats, 6),
            [t[52], t[53], t[56], t[57], t[54], t[55]]
        );
        assert_ne!(by_seats, wall);
        assert_eq!(by_seats.tiles()[..DEALT], t[..DEALT], "the deal stays");
    }

    /// Which place a draw takes depends on who draws and which places
    /// are gone, never on the tiles: relabelling the kinds of the wall
    /// relabels the wall as played, for any draws.
    #[test]
    fn which_place_a_draw_takes_never_depends_on_the_tiles() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let wall = Wall::shuffled(&mut rng);
            let mut kinds: Vec<u8> = (0..27).collect();
            rng.shuffle(&mut kinds);
            let relabel =
                |w: &Wall| Wall::from_kinds(&w.kinds().map(|k| kinds[usize::from(k)])).unwrap();
            let n = rng.below(WALL_TILES - DEALT + 1);
            let draws: Vec<Draw> = (0..n)
                .map(|_| match rng.below(12) {
                    0 => Draw::Back,
                    p => Draw::Front(p % PLAYERS),
                })
                .collect();
            let played = played_wall(&wall, Draws::Seats, draws.clone()).unwrap();
            let relabelled = played_wall(&relabel(&wall), Draws::Seats, draws).unwrap();
            assert_eq!(relabelled, relabel(&played));
        }
    }

    /// A game in seat order is the ordinary game on the wall as played: a
    /// replay in the wall's order gives the same events and result, and
    /// [`played_wall`] (what checks of logs use) finds the same wall from
    /// the draws alone.
    #[test]
    fn a_game_in_seat_order_replays_in_the_walls_order() {
        let (mut moved, mut backs) = (0, 0);
        for seed in 0..60 {
            let family = [Family::Uniform, Family::Kongs][seed as usize % 2];
            let wall = family.wall(&mut Rng::new(seed));
            let mut seats = std::array::from_fn(|p| {
                Seat::built_in(BuiltIn::NoisyGreedy { eps: 0.2 }, seed * 4 + p as u64)
            });
            let game = arena::play_in_order(&wall, Draws::Seats, &mut seats).unwrap();
            let mut replies = game.turns.iter().map(|t| t.reply.clone());
            let replay =
                arena::record(&game.wall, |_, _| Ok((replies.next().unwrap(), None))).unwrap();
            assert_eq!(replay.judge.events(), game.judge.events());
            assert_eq!(replay.judge.result(), game.judge.result());
            let draws = game.judge.events().iter().filter_map(|e| match e {
                Event::Draw { player, .. } => Some(Draw::Front(usize::from(*player))),
                Event::DrawBack { .. } => Some(Draw::Back),
                _ => None,
            });
            assert_eq!(
                played_wall(&wall, Draws::Seats, draws),
                Some(game.wall.clone())
            );
            moved += usize::from(game.wall != wall);
            backs += usize::from(
                game.judge
                    .events()
                    .iter()
                    .any(|e| matches!(e, Event::DrawBack { .. })),
            );
        }
        // Not degenerate: claims moved tiles, and kongs drew from the back.
        assert!(
            moved > 20 && backs > 5,
            "{moved} walls rearranged, {backs} with back draws"
        );
    }
}
