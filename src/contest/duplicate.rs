//! Head-to-head duels on duplicate walls: is bot A stronger than bot B?
//!
//! The unit of comparison is one wall, played eight times: four games with
//! A in seat 0, 1, 2 and 3 against the same three opponents, then the same
//! four games with B in A's place. Everything but the challenger is the
//! same in the two halves (tiles, seats, opponents), so the luck of the
//! wall and of the seat cancels out of the unit's difference
//!
//! `d = (A's points in its 4 games - B's points in its 4 games) / 4`,
//!
//! in points a game. Two identical deterministic bots give `d = 0` on every
//! wall. The difference's mean, interval and sequential test are in
//! [`crate::stats`].

use super::seed::bot_seed;
use crate::noi2014::arena::{self, Game, Seat};
use crate::noi2014::families::{family_wall, Family};
use crate::noi2014::result::PlayerEnd;
use crate::noi2014::wall::Wall;
use crate::noi2014::{BuiltIn, PLAYERS};
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

/// Games in one unit: four with A, four with B.
pub const GAMES_PER_UNIT: usize = 2 * PLAYERS;

/// The range of a unit's difference, in points a game: a game gives 1 to
/// 4 points, so A's mean minus B's lies in `[-3, 3]` (on a grid of 1/8).
/// The sequential test needs it ([`crate::stats::Sequential`]).
pub const UNIT_RANGE: (f64, f64) = (-3.0, 3.0);

/// Who sits where in game `g` (0..8) of a unit: the challenger (A for
/// games 0-3, B for 4-7) in seat `g % 4`, the opponents in the other seats
/// in order.
pub fn seats(g: usize) -> [Who; PLAYERS] {
    let challenger = if g < PLAYERS { Who::A } else { Who::B };
    let mine = g % PLAYERS;
    let mut next = 0;
    std::array::from_fn(|s| {
        if s == mine {
            challenger
        } else {
            next += 1;
            Who::Against(next - 1)
        }
    })
}

/// The wall of unit `unit` of a duel with this seed: a seeded wall of the
/// family, its own for every unit.
pub fn unit_wall(seed: u64, unit: u64, family: Family) -> Wall {
    let mut rng = Rng::new(seed ^ unit.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    family_wall(&mut rng, family)
}

/// Unit `unit` of an in-process duel of the built-in bots `a` against
/// `b` on walls of `seed` (family uniform), three greedy bots as the
/// opponents, the bots' streams as a duel draws them
/// ([`duel_bot_seed`], `common` as there): the calibration of the
/// sequential test, and its tests.
pub fn play_built_in_unit(a: BuiltIn, b: BuiltIn, seed: u64, unit: u64, common: bool) -> Unit {
    let wall = unit_wall(seed, unit, Family::Uniform);
    play_unit(
        &wall,
        |who, g| {
            let bot = match who {
                Who::A => a,
                Who::B => b,
                Who::Against(_) => BuiltIn::Greedy,
            };
            Seat::built_in(bot, duel_bot_seed(seed, unit, who, g, common))
        },
        |_, _| Ok(()),
    )
    .expect("in-process bots do no I/O")
}

/// The seed of a built-in bot's random choices in game `g` of wall `u`
/// ([`bot_seed`] at the place wall, seat, side). The seat, not the game:
/// an opponent draws the same stream in A's game and in B's game at that
/// seat, so that everything but the challenger is the same in the two
/// halves of a wall. With `common` A and B draw one stream too (common
/// random numbers: two bots differing only in their play are compared
/// on the same luck, and two copies of one bot play identically);
/// without it A = sample and B = sample are two players.
pub fn duel_bot_seed(seed: u64, u: u64, who: Who, g: usize, common: bool) -> u64 {
    let side = match who {
        Who::A => 0,
        Who::B if common => 0,
        Who::B => 1,
        Who::Against(i) => 2 + i as u64,
    };
    bot_seed(seed, &[u, (g % PLAYERS) as u64, side])
}

/// What a unit gave: each challenger's half points seat by seat, and how
/// often each was put out (with the kind of reason).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// A's half points with A in seat 0..3.
    pub a_half: [u8; PLAYERS],
    /// B's half points with B in seat 0..3.
    pub b_half: [u8; PLAYERS],
    /// Kinds of reason A was put out for, one entry a game.
    pub a_out: Vec<&'static str>,
    /// Kinds of reason B was put out for, one entry a game.
    pub b_out: Vec<&'static str>,
    /// Kinds of reason each opponent was put out for, one entry a game
    /// (an opponent plays all eight games).
    pub against_out: [Vec<&'static str>; 3],
}

impl Unit {
    /// A's mean points a game in this unit.
    pub fn a_points(&self) -> f64 {
        self.a_half.iter().map(|&h| f64::from(h)).sum::<f64>() / 8.0
    }

    /// B's mean points a game in this unit.
    pub fn b_points(&self) -> f64 {
        self.b_half.iter().map(|&h| f64::from(h)).sum::<f64>() / 8.0
    }

    /// The paired difference: A's mean points a game minus B's.
    pub fn diff(&self) -> f64 {
        self.a_points() - self.b_points()
    }
}

/// Plays the eight games of a unit on `wall`; `seat(who, g)` gives the
/// player for game `g`, and `each(g, game)` sees every finished game (to
/// log it). A program that cannot be started is an I/O error.
pub fn play_unit(
    wall: &Wall,
    mut seat: impl FnMut(Who, usize) -> Seat,
    mut each: impl FnMut(usize, &Game) -> std::io::Result<()>,
) -> std::io::Result<Unit> {
    let mut unit = Unit::default();
    for g in 0..GAMES_PER_UNIT {
        let who = seats(g);
        let mut table: [Seat; PLAYERS] = std::array::from_fn(|s| seat(who[s], g));
        let game = arena::play(wall, &mut table)?;
        each(g, &game)?;
        let s = g % PLAYERS;
        let result = game.judge.result().expect("the game is over");
        let put_out = game.put_out();
        for (w, out) in who.iter().zip(&put_out) {
            if let (Who::Against(i), Some(out)) = (w, out) {
                unit.against_out[*i].push(out.kind);
            }
        }
        let out = put_out[s].as_ref().map(|o| o.kind);
        debug_assert!(out.is_some() == matches!(result.players[s].end, PlayerEnd::Out { .. }));
        if g < PLAYERS {
            unit.a_half[s] = result.players[s].half_points;
            unit.a_out.extend(out);
        } else {
            unit.b_half[s] = result.players[s].half_points;
            unit.b_out.extend(out);
        }
    }
    Ok(unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::{GreedyBot, SampleBot};

    #[test]
    fn each_challenger_takes_every_seat_against_the_same_opponents() {
        for g in 0..GAMES_PER_UNIT {
            let w = seats(g);
            assert_eq!(w[g % 4], if g < 4 { Who::A } else { Who::B });
            let others: Vec<Who> = w
                .iter()
                .copied()
                .filter(|x| matches!(x, Who::Against(_)))
                .collect();
            assert_eq!(
                others,
                vec![Who::Against(0), Who::Against(1), Who::Against(2)]
            );
            // B's game g + 4 is A's game g with B in A's chair.
            if g < 4 {
                let b = seats(g + 4);
                for s in 0..4 {
                    if s != g {
                        assert_eq!(w[s], b[s]);
                    }
                }
            }
        }
    }

    #[test]
    fn identical_bots_give_identical_halves_and_different_ones_do_not() {
        let wall = unit_wall(1, 0, Family::Uniform);
        let greedy = |_: Who, _: usize| Seat::BuiltIn(Box::new(GreedyBot::new()));
        let u = play_unit(&wall, greedy, |_, _| Ok(())).unwrap();
        assert_eq!(u.a_half, u.b_half);
        assert_eq!(u.diff(), 0.0);
        // Greedy (A) against the sample bot (B): far stronger, wall after wall.
        let diffs: Vec<f64> = (0..10)
            .map(|i| {
                let wall = unit_wall(1, i, Family::Uniform);
                let seat = |who: Who, g: usize| match who {
                    Who::B => Seat::BuiltIn(Box::new(SampleBot::new(g as u64))),
                    _ => Seat::BuiltIn(Box::new(GreedyBot::new())),
                };
                let u = play_unit(&wall, seat, |_, _| Ok(())).unwrap();
                assert!(u.b_out.iter().all(|k| *k == "kong on an empty wall"));
                u.diff()
            })
            .collect();
        let mean = diffs.iter().sum::<f64>() / 10.0;
        assert!(mean > 0.5, "{diffs:?}");
    }

    /// Every unit of every seed has its own wall.
    #[test]
    fn every_unit_of_every_seed_has_a_wall_of_its_own() {
        let mut walls = std::collections::HashSet::new();
        for seed in 0..4 {
            for unit in 0..16 {
                let wall = unit_wall(seed, unit, Family::Uniform);
                assert!(walls.insert(*wall.tiles()), "seed {seed}, unit {unit}");
            }
        }
    }
}
