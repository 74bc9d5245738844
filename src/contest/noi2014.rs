//! NOI2014 as the contest layer runs it: the one place in `src/contest/`
//! that names NOI2014's types ([`Noi2014`], the [`Ruleset`] of its
//! games), and the duel's calibration with built-in bots in process.

use super::duplicate::{duel_bot_seed, play_unit, round_table, unit_seat, unit_wall, Unit, Who};
use super::ruleset::{Draws, LogFacts, Outcome, PutOut, Ruleset, PLAYERS};
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::built_in::BuiltIn;
use crate::noi2014::games::arena::{self, Game, Seat, Turn};
use crate::noi2014::games::families::Family;
use crate::noi2014::games::log::{self, EventKind, Setting};
use crate::noi2014::programs::program::Noi2014Replies;
use crate::noi2014::rules::draw_order::{played_wall, Draw};
use crate::noi2014::rules::result::PlayerEnd;
use crate::noi2014::rules::wall::Wall;

/// The NOI2014 team-contest game ([`crate::noi2014`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Noi2014;

impl Ruleset for Noi2014 {
    const NAME: &'static str = "noi2014";
    const TITLE: &'static str = "NOI2014";
    // A game gives 1 to 4 points.
    const UNIT_RANGE: (f64, f64) = (-3.0, 3.0);

    type Family = Family;
    type Wall = Wall;
    type BuiltIn = BuiltIn;
    type Bot = dyn Bot + Send;
    type Game = Game;
    type Turn = Turn;
    type Replies = Noi2014Replies;
    type Rules = ();

    const FIRST_REQUEST: &'static str = "0 0";

    fn house() -> BuiltIn {
        BuiltIn::Greedy
    }

    fn play(
        wall: &Wall,
        draws: Draws,
        _rules: (),
        players: &mut [Seat; PLAYERS],
        watch: &mut dyn FnMut(&Turn),
    ) -> std::io::Result<Game> {
        arena::play_ordered(wall, draws, players, watch)
    }

    fn outcome(game: &Game) -> Outcome {
        let result = game.judge.result().expect("the game is over");
        let put_out = game.put_out().map(|o| {
            o.map(|o| {
                let program = o.turn.program.as_ref();
                PutOut {
                    request: o.request,
                    kind: o.kind,
                    reason: o.reason,
                    stderr: program.map(|s| s.stderr.clone()).unwrap_or_default(),
                    stdout: program.map(|s| s.stdout.clone()).unwrap_or_default(),
                }
            })
        });
        Outcome {
            half_points: std::array::from_fn(|s| result.players[s].half_points.into()),
            won: std::array::from_fn(|s| matches!(result.players[s].end, PlayerEnd::Won { .. })),
            put_out,
            starts: game.starts.iter().sum(),
        }
    }

    /// A game's points are already places' (1 to 4).
    fn duel_half_points(half_points: [i32; PLAYERS]) -> [i32; PLAYERS] {
        half_points
    }

    fn put_out_kind(name: &str) -> Option<&'static str> {
        arena::put_out_kind(name)
    }

    fn write_log(out: &mut Vec<u8>, setting: &Setting, game: &Game) {
        log::write(out, setting, game).expect("to memory");
    }

    fn read_log(bytes: &[u8], wall: &Wall, draws: Draws) -> Result<LogFacts, String> {
        let game = log::read(bytes).map_err(|e| e.to_string())?;
        let h = &game.header;
        let drawn = game.events().filter_map(|e| match e.event {
            EventKind::Draw { player, .. } => Some(Draw::Front(usize::from(player))),
            EventKind::DrawBack { .. } => Some(Draw::Back),
            _ => None,
        });
        let played = played_wall(wall, draws, drawn).ok_or("more draws than a wall holds")?;
        Ok(LogFacts {
            context: h.context.clone(),
            names: h.seats.iter().map(|s| s.name.clone()).collect(),
            same_wall: h
                .tiles
                .iter()
                .map(|t| t.0)
                .eq(played.tiles().iter().copied()),
            half_points: game
                .result
                .players
                .iter()
                .map(|p| p.half_points.into())
                .collect(),
        })
    }

    fn replay_page(game: &Game, labels: &[String], title: &str) -> String {
        crate::replay::noi2014::game_page(game, labels, title)
    }
}

/// Unit `unit` of an in-process duel of the built-in bots `a` against
/// `b` on walls of `seed` (family uniform), three greedy bots as the
/// opponents, the bots' streams as a duel draws them
/// ([`duel_bot_seed`], `common` as there): the calibration of the
/// sequential test, and its tests.
pub fn play_built_in_unit(a: BuiltIn, b: BuiltIn, seed: u64, unit: u64, common: bool) -> Unit {
    play_built_in_at(a, b, seed, unit, unit_seat(unit), common, Draws::Seats)
}

/// [`play_built_in_unit`] with the challengers in `seat` instead of the
/// unit's own, and the draws in `draws`: the four seats of one wall, and
/// the wall's order, for measuring other designs.
pub fn play_built_in_at(
    a: BuiltIn,
    b: BuiltIn,
    seed: u64,
    unit: u64,
    seat: usize,
    common: bool,
    draws: Draws,
) -> Unit {
    let wall = unit_wall::<Noi2014>(seed, unit, Family::Uniform);
    play_unit::<Noi2014>(
        &wall,
        &[round_table(seat)],
        draws,
        |_, who| {
            let bot = match who {
                Who::A => a,
                Who::B => b,
                Who::Against(_) => BuiltIn::Greedy,
            };
            Seat::built_in(bot, duel_bot_seed(seed, unit, who, seat as u64, common))
        },
        |_, _| Ok(()),
    )
    .expect("in-process bots do no I/O")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest::duplicate::{Seating, DRAWS};
    use crate::named::BuiltInBot;
    use crate::noi2014::bots::greedy::GreedyBot;
    use crate::noi2014::bots::sample::SampleBot;

    #[test]
    fn identical_bots_give_identical_games_and_different_ones_do_not() {
        let wall = unit_wall::<Noi2014>(1, 0, Family::Uniform);
        for seat in 0..PLAYERS {
            let greedy = |_, _| Seat::InProcess(Box::new(GreedyBot::new()));
            let tables = [round_table(seat)];
            let u = play_unit::<Noi2014>(&wall, &tables, DRAWS, greedy, |_, _| Ok(())).unwrap();
            assert_eq!((u.seat, u.a_half), (Some(seat), u.b_half));
            assert_eq!(u.diff(), 0.0);
        }
        // Every seating: 24 tables, 48 games, the same play at each.
        let greedy = |_, _| Seat::InProcess(Box::new(GreedyBot::new()));
        let tables = Seating::Every.tables(0);
        let mut games = 0;
        let u = play_unit::<Noi2014>(&wall, &tables, DRAWS, greedy, |_, _| {
            games += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!((games, u.games, u.seat), (48, 24, None));
        assert_eq!((u.a_half, u.diff()), (u.b_half, 0.0));
        // Greedy (A) against the sample bot (B): far stronger, wall after wall.
        let diffs: Vec<f64> = (0..40)
            .map(|i| {
                let wall = unit_wall::<Noi2014>(1, i, Family::Uniform);
                let seat = |_, who: Who| match who {
                    Who::B => Seat::InProcess(Box::new(SampleBot::new(i))),
                    _ => Seat::InProcess(Box::new(GreedyBot::new())),
                };
                let tables = Seating::Round.tables(i);
                let u = play_unit::<Noi2014>(&wall, &tables, DRAWS, seat, |_, _| Ok(())).unwrap();
                assert!(u.b_out.iter().all(|&k| k == "kong on an empty wall"));
                u.diff()
            })
            .collect();
        let mean = diffs.iter().sum::<f64>() / 40.0;
        assert!(mean > 0.5, "{diffs:?}");
    }

    /// Every unit of every seed has its own wall.
    #[test]
    fn every_unit_of_every_seed_has_a_wall_of_its_own() {
        let mut walls = std::collections::HashSet::new();
        for seed in 0..4 {
            for unit in 0..16 {
                let wall = unit_wall::<Noi2014>(seed, unit, Family::Uniform);
                assert!(walls.insert(*wall.tiles()), "seed {seed}, unit {unit}");
            }
        }
    }

    contest_tests!(Noi2014);

    /// An in-process entrant (a front end's bot, made afresh for each
    /// game from its seed) plays a duel exactly as the built-in bot it
    /// wraps: the same units, the same logs but for the seats' commands.
    #[test]
    fn an_in_process_bot_duels_as_the_bot_it_wraps() {
        use crate::contest::duel::{run, Length};
        use crate::contest::entrant::{BotSpec, Entrant, InProcess};
        use std::path::Path;
        use std::sync::Arc;
        // A duel ends by killing what runs leave behind: not while another
        // test counts its own escapees (process::tests).
        let _alone = crate::process::tests::alone();
        let wrapped = |bot: BuiltIn| Entrant {
            name: "mine".into(),
            spec: BotSpec::InProcess(InProcess {
                label: "in-process".into(),
                make: Arc::new(move |seed| bot.bot(seed)),
            }),
        };
        let run_with = |a: Entrant<Noi2014>, b: BuiltIn, logs: &Path| {
            let mut o = crate::contest::duel::tests::options::<Noi2014>();
            o.settings.a = a;
            o.settings.b = Entrant {
                name: "other".into(),
                spec: BotSpec::BuiltIn(b),
            };
            o.settings.common_random = false;
            o.settings.length = Length::Fixed { walls: 12 };
            o.jobs = 2;
            o.logs = logs.to_path_buf();
            run(&o, &mut |_| {}).unwrap()
        };
        let dir = tempfile::tempdir().unwrap();
        for (i, (a, b)) in [
            (BuiltIn::Sample, BuiltIn::Greedy),
            (BuiltIn::NoisyGreedy { eps: 0.5 }, BuiltIn::Sample),
        ]
        .into_iter()
        .enumerate()
        {
            let (l1, l2) = (
                dir.path().join(format!("b{i}")),
                dir.path().join(format!("w{i}")),
            );
            let built_in = run_with(
                Entrant {
                    name: "mine".into(),
                    spec: BotSpec::BuiltIn(a),
                },
                b,
                &l1,
            );
            let in_process = run_with(wrapped(a), b, &l2);
            assert_eq!(built_in.units, in_process.units);
            assert!(built_in.units.iter().any(|u| u.diff() != 0.0));
            for g in ["u00000-g1.jsonl", "u00002-g2.jsonl"] {
                let read = |dir: &Path| {
                    std::fs::read_to_string(dir.join("games").join(g))
                        .unwrap()
                        .replace(&a.name(), "in-process")
                };
                assert_eq!(read(&l1), read(&l2));
            }
        }
    }
}
