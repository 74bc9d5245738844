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
//! # Every seating: IJCAI's format
//!
//! [`Seating::Every`] plays a wall the way the IJCAI Mahjong AI
//! competitions on Botzone do: at every permutation of its four players
//! (the challenger and the three opponents) over the four seats, 24
//! tables, each played with A and then with B in A's chair. The unit is
//! still the wall, its difference the mean of its 24 tables' (so in the
//! same range, and the same test applies), its games 48. It is one more
//! way to lay out the tables of a unit ([`Seating::tables`]); everything
//! else (the pairing of A's and B's games, the streams, the logs, the
//! record, the merge) is the same code for both seatings and every
//! ruleset.
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

use super::ruleset::{Draws, Player, Ruleset, PLAYERS};
use super::seed::bot_seed;
use crate::named::WallFamily;
use crate::rng::Rng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

/// A table of a unit: who sits in each seat in A's game, [`Who::A`]
/// standing for the challenger; B's game is the same table with B in A's
/// chair ([`with_challenger`]).
pub type Table = [Who; PLAYERS];

/// How a duel seats the players of a wall: what a unit is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// One table a wall: A (then B) in one seat against the three
    /// opponents in order, the seat going round from wall to wall
    /// ([`unit_seat`]); 2 games a wall.
    #[default]
    Round,
    /// IJCAI's and Botzone's format: every permutation of the wall's four
    /// players over the four seats, 24 tables, each played with A and then
    /// with B in A's chair; 48 games a wall, each challenger in each seat
    /// six times.
    Every,
}

impl Seating {
    /// Every seating, the default first.
    pub const ALL: [Seating; 2] = [Seating::Round, Seating::Every];

    /// Its name, as `--seating` takes it and the record holds it.
    pub fn name(self) -> &'static str {
        match self {
            Seating::Round => "round",
            Seating::Every => "every",
        }
    }

    /// The seating named `name`.
    pub fn parse(name: &str) -> Result<Seating, String> {
        Seating::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| format!("no seating `{name}`: round or every"))
    }

    /// Tables a wall: 1, or 24 (4!).
    pub fn tables_a_wall(self) -> usize {
        match self {
            Seating::Round => 1,
            Seating::Every => 24,
        }
    }

    /// Games a wall: two a table, one with A and one with B.
    pub fn games_a_wall(self) -> usize {
        GAMES_PER_TABLE * self.tables_a_wall()
    }

    /// The walls that hold `games` games, rounded up.
    pub fn walls_for(self, games: u64) -> u64 {
        games.div_ceil(self.games_a_wall() as u64)
    }

    /// The tables of wall `u`, in the order they are played.
    pub fn tables(self, u: u64) -> Vec<Table> {
        match self {
            Seating::Round => vec![round_table(unit_seat(u))],
            Seating::Every => (0..self.tables_a_wall()).map(permutation).collect(),
        }
    }

    /// Who sits where in game `g` of wall `u` (games `2t` and `2t + 1` are
    /// table `t`'s, A's and then B's).
    pub fn game(self, u: u64, g: usize) -> [Who; PLAYERS] {
        with_challenger(&self.tables(u)[g / GAMES_PER_TABLE], g % GAMES_PER_TABLE)
    }

    /// The place of table `t` of wall `u` in the bots' seeds
    /// ([`duel_bot_seed`]): the challengers' seat in one table a wall
    /// (as before there were seatings), the table's index in every
    /// seating.
    pub fn stream(self, u: u64, t: usize) -> u64 {
        match self {
            Seating::Round => unit_seat(u) as u64,
            Seating::Every => t as u64,
        }
    }
}

/// Games of one table: one with A, one with B.
pub const GAMES_PER_TABLE: usize = 2;

/// The seat A and B take on unit `u` in one table a wall: 0, 1, 2, 3, 0, ...
pub fn unit_seat(u: u64) -> usize {
    (u % PLAYERS as u64) as usize
}

/// The table of one table a wall whose challengers take `seat`: the
/// challenger there, the opponents in the other seats in order.
pub fn round_table(seat: usize) -> Table {
    let mut next = 0;
    std::array::from_fn(|s| {
        if s == seat {
            Who::A
        } else {
            next += 1;
            Who::Against(next - 1)
        }
    })
}

/// Permutation `t` (0 to 23, in lexicographic order) of the challenger and
/// the three opponents over the four seats.
fn permutation(t: usize) -> Table {
    let mut left = vec![Who::A, Who::Against(0), Who::Against(1), Who::Against(2)];
    let mut rest = t;
    std::array::from_fn(|s| {
        let f: usize = (1..PLAYERS - s).product();
        let k = rest / f;
        rest %= f;
        left.remove(k)
    })
}

/// The table as game `c` of it seats it: 0 A's game, 1 B's (B in A's
/// chair).
pub fn with_challenger(table: &Table, c: usize) -> [Who; PLAYERS] {
    table.map(|w| match w {
        Who::A if c == 1 => Who::B,
        w => w,
    })
}

/// The seat of the challenger at a table.
pub fn challenger_seat(table: &Table) -> usize {
    table
        .iter()
        .position(|w| *w == Who::A)
        .expect("a table seats the challenger")
}

/// The wall of unit `unit` of a duel with this seed: a seeded wall of the
/// family, its own for every unit.
pub fn unit_wall<R: Ruleset>(seed: u64, unit: u64, family: R::Family) -> R::Wall {
    let mut rng = Rng::new(seed ^ unit.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    family.wall(&mut rng)
}

/// The seed of a built-in bot's random choices on wall `u` at the table
/// whose place is `place` ([`Seating::stream`]: with one table a wall,
/// the challengers' seat): [`bot_seed`] at the place wall, place, side.
/// An opponent draws the same stream in A's game and in B's game of a
/// table, so that everything but the challenger is the same in the two.
/// With `common` A and B draw one stream too (common random numbers: two
/// bots differing only in their play are compared on the same luck, and
/// two copies of one bot play identically); without it A = sample and
/// B = sample are two players.
pub fn duel_bot_seed(seed: u64, u: u64, who: Who, place: u64, common: bool) -> u64 {
    let side = match who {
        Who::A => 0,
        Who::B if common => 0,
        Who::B => 1,
        Who::Against(i) => 2 + i as u64,
    };
    bot_seed(seed, &[u, place, side])
}

/// What a unit gave: the seat, each challenger's half points (points
/// times two) summed over its games, and who was put out (with the kind
/// of reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The seat A and B took; `None` when they took every seat (every
    /// seating).
    pub seat: Option<usize>,
    /// The games each challenger played: the tables of the wall.
    pub games: usize,
    /// A's half points, summed over its games.
    pub a_half: i32,
    /// B's half points, summed over its games.
    pub b_half: i32,
    /// The kinds of reason A was put out for, one entry a game.
    pub a_out: Vec<&'static str>,
    /// The kinds of reason B was put out for, one entry a game.
    pub b_out: Vec<&'static str>,
    /// Kinds of reason each opponent was put out for, one entry a game
    /// (an opponent plays both games of each table).
    pub against_out: [Vec<&'static str>; 3],
}

/// One table in seat 0, nothing scored, nobody put out.
impl Default for Unit {
    fn default() -> Self {
        Unit {
            seat: Some(0),
            games: 1,
            a_half: 0,
            b_half: 0,
            a_out: Vec::new(),
            b_out: Vec::new(),
            against_out: Default::default(),
        }
    }
}

impl Unit {
    /// A's points a game.
    pub fn a_points(&self) -> f64 {
        f64::from(self.a_half) / 2.0 / self.games as f64
    }

    /// B's points a game.
    pub fn b_points(&self) -> f64 {
        f64::from(self.b_half) / 2.0 / self.games as f64
    }

    /// The paired difference: A's points a game minus B's, the mean of
    /// the tables' differences (inside the range of one table's).
    pub fn diff(&self) -> f64 {
        self.a_points() - self.b_points()
    }
}

/// Plays the games of a unit on `wall` at `tables` (each twice: A's game,
/// then B's) with the draws in `draws` (a duel's: [`DRAWS`]);
/// `player(t, who)` gives the player for a place at table `t`, and
/// `each(g, game)` sees every finished game (to log it; game `g` is table
/// `g / 2`'s). A program that cannot be started is an I/O error.
pub fn play_unit<R: Ruleset>(
    wall: &R::Wall,
    tables: &[Table],
    draws: Draws,
    mut player: impl FnMut(usize, Who) -> Player<R>,
    mut each: impl FnMut(usize, &R::Game) -> std::io::Result<()>,
) -> std::io::Result<Unit> {
    let mut unit = Unit {
        seat: match tables {
            [one] => Some(challenger_seat(one)),
            _ => None,
        },
        games: tables.len(),
        ..Unit::default()
    };
    for (t, table) in tables.iter().enumerate() {
        let seat = challenger_seat(table);
        for c in 0..GAMES_PER_TABLE {
            let who = with_challenger(table, c);
            let mut players: [Player<R>; PLAYERS] = std::array::from_fn(|s| player(t, who[s]));
            let game = R::play(wall, draws, R::Rules::default(), &mut players, &mut |_| {})?;
            each(GAMES_PER_TABLE * t + c, &game)?;
            let outcome = R::outcome(&game);
            for (w, out) in who.iter().zip(&outcome.put_out) {
                if let (Who::Against(i), Some(out)) = (w, out) {
                    unit.against_out[*i].push(out.kind);
                }
            }
            let out = outcome.put_out[seat].as_ref().map(|o| o.kind);
            let half = R::duel_half_points(outcome.half_points)[seat];
            let (sum, outs) = if c == 0 {
                (&mut unit.a_half, &mut unit.a_out)
            } else {
                (&mut unit.b_half, &mut unit.b_out)
            };
            *sum += half;
            outs.extend(out);
        }
    }
    Ok(unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_challengers_take_the_seats_in_turn_against_the_same_opponents() {
        assert_eq!(
            (0..8).map(unit_seat).collect::<Vec<_>>(),
            [0, 1, 2, 3, 0, 1, 2, 3]
        );
        for u in 0..PLAYERS as u64 {
            let seat = unit_seat(u);
            assert_eq!(Seating::Round.tables(u), vec![round_table(seat)]);
            let (a, b) = (Seating::Round.game(u, 0), Seating::Round.game(u, 1));
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

    /// Every seating: 24 tables a wall, all distinct, each a permutation
    /// of the challenger and the three opponents (so every permutation),
    /// the challenger six times in each seat; B's game of each is A's
    /// with B in A's chair. Their streams are the tables' own.
    #[test]
    fn every_seating_plays_each_permutation_once() {
        let every = Seating::Every;
        assert_eq!((every.tables_a_wall(), every.games_a_wall()), (24, 48));
        assert_eq!(Seating::Round.games_a_wall(), 2);
        let everyone = [Who::A, Who::Against(0), Who::Against(1), Who::Against(2)];
        for u in [0, 5] {
            let tables = every.tables(u);
            assert_eq!(tables.len(), 24);
            let distinct: HashSet<Table> = tables.iter().copied().collect();
            assert_eq!(distinct.len(), 24);
            let mut at = [0; PLAYERS];
            for (t, table) in tables.iter().enumerate() {
                let mut sorted = table.to_vec();
                sorted.sort_by_key(|w| format!("{w:?}"));
                assert_eq!(sorted, everyone, "{table:?}");
                at[challenger_seat(table)] += 1;
                let (a, b) = (every.game(u, 2 * t), every.game(u, 2 * t + 1));
                assert_eq!(a, *table);
                for s in 0..PLAYERS {
                    assert_eq!(b[s], if a[s] == Who::A { Who::B } else { a[s] });
                }
            }
            assert_eq!(at, [6; PLAYERS]);
        }
        let streams: HashSet<u64> = (0..24).map(|t| every.stream(3, t)).collect();
        assert_eq!(streams.len(), 24);
        assert_eq!(Seating::Round.stream(6, 0), 2);
    }

    #[test]
    fn seatings_are_named_and_count_their_games_in_walls() {
        for s in Seating::ALL {
            assert_eq!(Seating::parse(s.name()), Ok(s));
            let json = serde_json::to_value(s).unwrap();
            assert_eq!(json, s.name());
        }
        assert!(Seating::parse("all").is_err());
        assert_eq!(Seating::Round.walls_for(5), 3);
        assert_eq!(Seating::Every.walls_for(49), 2);
        assert_eq!(Seating::Every.walls_for(48), 1);
    }

    /// A unit's points are a game's on average: the sums over its tables
    /// divided by the tables.
    #[test]
    fn a_units_points_are_a_games() {
        let u = Unit {
            seat: None,
            games: 24,
            a_half: 24 * 5,
            b_half: 24 * 4,
            ..Unit::default()
        };
        assert_eq!((u.a_points(), u.b_points(), u.diff()), (2.5, 2.0, 0.5));
    }
}
