//! Chinese Standard Mahjong as Botzone plays it, as the contest layer runs
//! it: the one place in `src/contest/` that names MCR's types ([`Mcr`],
//! the [`Ruleset`] of its games).
//!
//! - Walls: the family `uniform` is Botzone's random deal (the 144 tiles
//!   shuffled, a random prevalent wind); the wall is the judge's initial
//!   data ([`InitData`]).
//! - Draws: each seat already draws from its own part of the wall, whoever
//!   claims what, so both [`Draws`] play a wall alike: the games of a
//!   duplicate unit stay comparable as they are.
//! - Points: a game's points are its MCR scores (whole, possibly negative,
//!   summing to zero), counted in halves as the layer does (2 × score):
//!   a tournament's standings add them up. A duel counts places instead
//!   ([`Ruleset::duel_half_points`]): 4, 3, 2, 1 points from the highest
//!   score down, tied seats sharing theirs, so that its sequential test has
//!   a unit in `[-3, 3]` as NOI2014's has (see `UNIT_RANGE`).
//! - Put-outs: the seat penalised (a failed answer, an illegal move, a
//!   false win), of the kinds [`arena::PUT_OUT_KINDS`].
//! - Programs: bot programs under Botzone's protocol
//!   ([`crate::mcr::games::program`]).

use super::ruleset::{place_half_points, Draws, LogFacts, Outcome, PutOut, Ruleset, PLAYERS};
use crate::botzone::program::AsIs;
use crate::mcr::bots::bot::Bot;
use crate::mcr::bots::built_in::BuiltIn;
use crate::mcr::games::arena::{self, Game, Seat, Turn};
use crate::mcr::games::log;
use crate::mcr::games::walls::Family;
use crate::mcr::judge::{End, InitData, Options};

/// Chinese Standard Mahjong as Botzone plays it ([`crate::mcr`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mcr;

impl Ruleset for Mcr {
    const NAME: &'static str = "mcr";
    const TITLE: &'static str = "MCR";
    // A duel counts places (`duel_half_points`): 1 to 4 points a game, so
    // A's minus B's lies in [-3, 3] whatever the hands. Scores have no
    // bound short of the richest hand's fans (some hundreds, never proven
    // here), which would put the test's floor at thousands of walls.
    const UNIT_RANGE: (f64, f64) = (-3.0, 3.0);

    type Family = Family;
    type Wall = InitData;
    type BuiltIn = BuiltIn;
    type Bot = dyn Bot + Send;
    type Game = Game;
    type Turn = Turn;
    type Replies = AsIs;
    type Rules = Options;

    const FIRST_REQUEST: &'static str = "0 0 0";

    fn house() -> BuiltIn {
        BuiltIn::Greedy
    }

    /// MCR's walls give each seat its own part: `draws` changes nothing.
    fn play(
        wall: &InitData,
        _draws: Draws,
        rules: Options,
        players: &mut [Seat; PLAYERS],
        watch: &mut dyn FnMut(&Turn),
    ) -> std::io::Result<Game> {
        arena::try_play(wall, rules, players, watch)
    }

    fn outcome(game: &Game) -> Outcome {
        let r = &game.result;
        let mut put_out: [Option<PutOut>; PLAYERS] = Default::default();
        if let Some((seat, step, offence, answer)) = game.penalty() {
            let answered = answer.map_or(String::new(), |a| format!(" (answered `{a}`)"));
            // A program's failed step keeps the ends of its output.
            let failed = game
                .failures
                .iter()
                .find(|f| f.step == step && f.player == seat)
                .map(|f| &f.failed);
            put_out[seat] = Some(PutOut {
                request: step,
                kind: arena::offence_kind(offence),
                reason: format!("{offence}{answered}"),
                stderr: failed.map(|f| f.stderr.clone()).unwrap_or_default(),
                stdout: failed.map(|f| f.stdout.clone()).unwrap_or_default(),
            });
        }
        Outcome {
            half_points: r.scores.map(|s| 2 * s),
            won: std::array::from_fn(|s| matches!(&r.end, End::Win(w) if usize::from(w.seat) == s)),
            put_out,
            starts: game.starts.iter().sum(),
        }
    }

    /// Places from the scores ([`place_half_points`]).
    fn duel_half_points(half_points: [i32; PLAYERS]) -> [i32; PLAYERS] {
        place_half_points(half_points)
    }

    fn put_out_kind(name: &str) -> Option<&'static str> {
        arena::put_out_kind(name)
    }

    fn write_log(out: &mut Vec<u8>, setting: &super::ruleset::Setting, game: &Game) {
        log::write(out, setting, game).expect("to memory");
    }

    fn read_log(bytes: &[u8], wall: &InitData, _draws: Draws) -> Result<LogFacts, String> {
        let game = log::read(bytes).map_err(|e| e.to_string())?;
        let h = &game.header;
        Ok(LogFacts {
            context: h.context.clone(),
            names: h.seats.iter().map(|s| s.name.clone()).collect(),
            same_wall: h.prevalent_wind == wall.quan && game.wall_tiles() == wall.wall.tiles(),
            half_points: game.result.half_points(),
        })
    }

    fn replay_page(game: &Game, labels: &[String], title: &str) -> String {
        crate::replay::mcr::game_page(game, labels, title)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::duplicate::{play_unit, unit_wall, Seating, DRAWS};
    use crate::named::WallFamily;
    use crate::place::{SeatRecord, Setting};

    /// A unit of two identical bots differs by nothing; the outcome's
    /// points are twice the scores and a log reads back as its game.
    #[test]
    fn units_logs_and_outcomes_agree() {
        for unit in 0..8 {
            let wall = unit_wall::<Mcr>(1, unit, Family::Uniform);
            let house = |_, _| Mcr::built_in(Mcr::house(), 3);
            let tables = Seating::Round.tables(unit);
            let u = play_unit::<Mcr>(&wall, &tables, DRAWS, house, |_, _| Ok(())).unwrap();
            assert_eq!(u.diff(), 0.0);
            let mut seats = std::array::from_fn(|_| Mcr::built_in(Mcr::house(), 3));
            let game =
                Mcr::play(&wall, DRAWS, Options::default(), &mut seats, &mut |_| {}).unwrap();
            let outcome = Mcr::outcome(&game);
            assert_eq!(outcome.half_points.iter().sum::<i32>(), 0);
            assert_eq!(outcome.half_points, game.result.scores.map(|s| 2 * s));
            // A duel's points of the game are places: 1 to 4, ten in all.
            let places = Mcr::duel_half_points(outcome.half_points);
            assert_eq!(places.iter().sum::<i32>(), 20);
            assert!(places.iter().all(|&h| (2..=8).contains(&h)));
            let setting = Setting {
                wall: Family::Uniform.wall_label(1),
                seats: std::array::from_fn(|p| SeatRecord {
                    name: format!("s{p}"),
                    command: "house".into(),
                }),
                context: None,
            };
            let mut out = Vec::new();
            Mcr::write_log(&mut out, &setting, &game);
            let facts = Mcr::read_log(&out, &wall, DRAWS).unwrap();
            assert!(facts.same_wall);
            assert_eq!(facts.half_points, outcome.half_points.to_vec());
            let other = unit_wall::<Mcr>(1, unit + 100, Family::Uniform);
            assert!(!Mcr::read_log(&out, &other, DRAWS).unwrap().same_wall);
        }
    }

    /// A duel counts places from the scores (half points): a self-drawn
    /// win, a win on a discard, an exhausted wall, a penalty.
    #[test]
    fn a_duel_counts_places_from_the_scores() {
        for (scores, places) in [
            ([72, -24, -24, -24], [8, 4, 4, 4]),
            ([-20, 44, -16, -16], [2, 8, 5, 5]),
            ([0, 0, 0, 0], [5, 5, 5, 5]),
            ([20, 20, -60, 20], [6, 6, 2, 6]),
            ([6, 4, 2, 0], [8, 6, 4, 2]),
        ] {
            assert_eq!(Mcr::duel_half_points(scores), places, "{scores:?}");
        }
    }

    contest_tests!(Mcr);

    /// Every kind of penalty is a put-out kind a merge reads back.
    #[test]
    fn put_out_kinds_read_back() {
        for k in arena::PUT_OUT_KINDS {
            assert_eq!(Mcr::put_out_kind(k), Some(k));
        }
        assert_eq!(Mcr::put_out_kind("no such kind"), None);
        let limits = crate::contest::limits::Limits::default();
        assert!(Mcr::try_program("./no/such/bot", &limits).is_err());
    }
}
