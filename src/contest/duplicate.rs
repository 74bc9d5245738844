//! Head-to-head duels on duplicate walls: is bot A stronger than bot B?
//!
//! The unit of comparison is one wall played twice at one seat: a game
//! with A in that seat against three opponents, then the same game with B
//! in A's place. Everything but the challenger is the same in the two
//! games (tiles, seat, opponents and their random streams, and each seat
//! draws its own column of the wall, [`DRAWS`]), so the luck of the wall
//! and of the seat cancels out of the unit's difference
//!
//! `d = A's points - B's points`,
//!
//! in points a game. The seat goes round the four seats from one wall to
//! the next ([`unit_seat`]), so every four walls A and B have played each
//! seat once. Two identical deterministic bots give `d = 0` on every
//! wall. The difference's mean, interval and sequential test are in
//! [`crate::stats`].
//!
//! # Why one seat a wall, not all four
//!
//! Until 2026-11 a unit was a wall played eight times, A and B each in all
//! four seats. The sequential test assumes nothing about a unit but its
//! range, `[-3, 3]` in both designs, and must rule out a rare unit at -3
//! (see [`crate::stats`]). A mean of four games has half the spread of one
//! game inside that same range, so an alternative with a little mass at -3
//! explains it nearly as well as the truth: the test's evidence a game
//! fell to half the normal model's, and its floor, counted in units, was
//! four times the games. The eight games bought little in return: the
//! four seats of a wall hardly correlate for close pairs (-0.035 for greedy
//! against `greedy:eps=0.05`, -0.020 for `greedy:eps=0.05` against
//! `greedy:eps=0.1`, 2,000 walls each; `cargo run --release --example
//! duel_length -- units`). They do for a lopsided pair whose A plays like
//! the opponents (-0.32, greedy against the sample bot), but such a duel
//! is decided at the floor either way, now in a quarter of the games. On
//! the same duels the one-seat walls took 2.25x fewer games than the
//! eight-game walls for the first close pair and 1.57x for the second, at
//! the same error rates (`docs/duel.md`, "How many games").

use super::ruleset::{Draws, Ruleset, PLAYERS};
use super::seed::bot_seed;
use crate::rng::Rng;

/// Who sits in a seat of a duel game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    /// The first challenger.
    A,
    /// The second challenger.
    B,
    /// Opponent 0, 1 or 2.
    Against(usize),
}

/// How a duel's games draw: each seat what it would whatever the others
/// claim (in NOI2014 its own column of the wall), so that a claim made in
/// A's game and not in B's (or the other way round) leaves every seat the
/// same tiles to draw. On NOI2014's uniform walls each game alone is as random as in the
/// wall's order; the two games of a wall stay closer, and a wall's
/// difference varies less: 0.455 against 0.559 for `greedy` against
/// `greedy:eps=0.05`, 0.488 against 0.625 for `greedy:eps=0.05` against
/// `greedy:eps=0.1` (2,000 walls each, `cargo run --release --example
/// duel_length -- units`).
pub const DRAWS: Draws = Draws::Seats;

/// Games in one unit: one with A, one with B.
pub const GAMES_PER_UNIT: usize = 2;

/// The seat A and B take on unit `u`: 0, 1, 2, 3, 0, ...
pub fn unit_seat(u: u64) -> usize {
    (u % PLAYERS as u64) as usize
}

/// Who sits where in game `g` of a unit (0: A's game, 1: B's) whose
/// challengers take `seat`: the challenger there, the opponents in the
/// other seats in order.
pub fn seats(seat: usize, g: usize) -> [Who; PLAYERS] {
    let challenger = if g == 0 { Who::A } else { Who::B };
    let mut next = 0;
    std::array::from_fn(|s| {
        if s == seat {
            challenger
        } else {
            next += 1;
            Who::Against(next - 1)
        }
    })
}

/// The wall of unit `unit` of a duel with this seed: a seeded wall of the
/// family, its own for every unit.
pub fn unit_wall<R: Ruleset>(seed: u64, unit: u64, family: R::Family) -> R::Wall {
    let mut rng = Rng::new(seed ^ unit.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    R::family_wall(&mut rng, family)
}

/// The seed of a built-in bot's random choices on wall `u` when the
/// challengers take `seat` ([`bot_seed`] at the place wall, seat, side).
/// An opponent draws the same stream in A's game and in B's game, so
/// that everything but the challenger is the same in the two games of a
/// unit. With `common` A and B draw one stream too (common random
/// numbers: two bots differing only in their play are compared on the
/// same luck, and two copies of one bot play identically); without it
/// A = sample and B = sample are two players.
pub fn duel_bot_seed(seed: u64, u: u64, who: Who, seat: usize, common: bool) -> u64 {
    let side = match who {
        Who::A => 0,
        Who::B if common => 0,
        Who::B => 1,
        Who::Against(i) => 2 + i as u64,
    };
    bot_seed(seed, &[u, seat as u64, side])
}

/// What a unit gave: the seat, each challenger's half points (points
/// times two), and who was put out (with the
/// kind of reason).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// The seat A and B took.
    pub seat: usize,
    /// A's half points.
    pub a_half: i32,
    /// B's half points.
    pub b_half: i32,
    /// The kind of reason A was put out for, if it was.
    pub a_out: Option<&'static str>,
    /// The kind of reason B was put out for, if it was.
    pub b_out: Option<&'static str>,
    /// Kinds of reason each opponent was put out for, one entry a game
    /// (an opponent plays both games).
    pub against_out: [Vec<&'static str>; 3],
}

impl Unit {
    /// A's points.
    pub fn a_points(&self) -> f64 {
        f64::from(self.a_half) / 2.0
    }

    /// B's points.
    pub fn b_points(&self) -> f64 {
        f64::from(self.b_half) / 2.0
    }

    /// The paired difference: A's points minus B's.
    pub fn diff(&self) -> f64 {
        self.a_points() - self.b_points()
    }
}

/// Plays the two games of a unit on `wall` with the challengers in
/// `seat` and the draws in `draws` (a duel's: [`DRAWS`]); `player(who)`
/// gives the player for a place, and `each(g, game)` sees every finished
/// game (to log it). A program that cannot be started is an I/O error.
pub fn play_unit<R: Ruleset>(
    wall: &R::Wall,
    seat: usize,
    draws: Draws,
    mut player: impl FnMut(Who) -> R::Player,
    mut each: impl FnMut(usize, &R::Game) -> std::io::Result<()>,
) -> std::io::Result<Unit> {
    let mut unit = Unit {
        seat,
        ..Unit::default()
    };
    for g in 0..GAMES_PER_UNIT {
        let who = seats(seat, g);
        let mut table: [R::Player; PLAYERS] = std::array::from_fn(|s| player(who[s]));
        let game = R::play(wall, draws, &mut table, &mut |_| {})?;
        each(g, &game)?;
        let outcome = R::outcome(&game);
        for (w, out) in who.iter().zip(&outcome.put_out) {
            if let (Who::Against(i), Some(out)) = (w, out) {
                unit.against_out[*i].push(out.kind);
            }
        }
        let out = outcome.put_out[seat].as_ref().map(|o| o.kind);
        let half = R::duel_half_points(outcome.half_points)[seat];
        if g == 0 {
            (unit.a_half, unit.a_out) = (half, out);
        } else {
            (unit.b_half, unit.b_out) = (half, out);
        }
    }
    Ok(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_challengers_take_the_seats_in_turn_against_the_same_opponents() {
        assert_eq!(
            (0..8).map(unit_seat).collect::<Vec<_>>(),
            [0, 1, 2, 3, 0, 1, 2, 3]
        );
        for seat in 0..PLAYERS {
            let (a, b) = (seats(seat, 0), seats(seat, 1));
            assert_eq!((a[seat], b[seat]), (Who::A, Who::B));
            let others: Vec<Who> = a
                .iter()
                .copied()
                .filter(|x| matches!(x, Who::Against(_)))
                .collect();
            assert_eq!(
                others,
                vec![Who::Against(0), Who::Against(1), Who::Against(2)]
            );
            // B's game is A's with B in A's chair.
            for s in (0..PLAYERS).filter(|&s| s != seat) {
                assert_eq!(a[s], b[s]);
            }
        }
    }
}
