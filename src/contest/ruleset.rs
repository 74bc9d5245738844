//! What the contest layer needs from a ruleset: its walls and their
//! families, its players (built-in bots, in-process bots, programs), one
//! game between them, the points of a result, its log and replay page.
//!
//! Duels, tournaments, merges, logs folders and `play` are written once
//! over [`Ruleset`]; each ruleset implements it beside the contest layer
//! ([`super::noi2014`]), and nowhere else in `src/contest/` is a ruleset's
//! type named. Mortal's `libriichi` (one `Agent` for every kind of player,
//! one arena) is the model: a game is four [`Player`]s at a
//! [`Ruleset::Wall`], however each of them decides.

use super::limits::Limits;
use crate::botzone::program::Judged;
use crate::botzone::seat::Seat;
use crate::named::{BuiltInBot, WallFamily};
use crate::place::Context;
pub use crate::place::{Draws, Setting, PLAYERS};
use std::fmt::Debug;

/// Who plays at a seat of a game of ruleset `R`: one of its in-process
/// bots or a bot program whose answers its judge reads.
pub type Player<R> = Seat<<R as Ruleset>::Bot, <R as Ruleset>::Replies>;

/// A ruleset the contest layer can run duels, tournaments and games of.
///
/// Points are counted in halves, as integers (`half_points`: a game's
/// points times two), so that tied places sharing their points and whole
/// scores both count exactly.
pub trait Ruleset: Copy + Debug + Default + PartialEq + Send + Sync + 'static {
    /// The ruleset's name in commands, default folders and log formats
    /// (`noi2014`).
    const NAME: &'static str;

    /// The ruleset's name in a report's title (`NOI2014`).
    const TITLE: &'static str;

    /// The range of one game's duel points ([`Ruleset::duel_half_points`])
    /// of a player minus another's (a duel's unit), in points: the
    /// sequential test needs it bounded, and proven so.
    const UNIT_RANGE: (f64, f64);

    /// A seeded family of walls (`uniform`, ...), and its walls.
    type Family: WallFamily<Wall = Self::Wall>;
    /// One game's deal.
    type Wall: Clone + Send + Sync;
    /// A built-in bot, as the command line names it.
    type BuiltIn: BuiltInBot<Bot = Self::Bot>;
    /// An in-process bot (a built-in one, or one a front end brings, as a
    /// Python callable): it answers one request at a time.
    type Bot: ?Sized + Send;
    /// A played game's full record: what its log and replay are written
    /// from.
    type Game: Send;
    /// One request of a game and its answer, as a game being played shows
    /// it.
    type Turn;
    /// How the answers of its bot programs are read.
    type Replies: Judged;
    /// The readings its judge can follow where official implementations
    /// differ (MCR's [`crate::mcr::judge::Options`]; NOI2014 has none):
    /// the default is the official judge's, what duels and tournaments
    /// play.
    type Rules: Copy + Debug + Default + Send + Sync;

    /// The first request of every game: what [`Ruleset::try_program`]
    /// asks.
    const FIRST_REQUEST: &'static str;

    /// The bot that fills an empty seat (a house bot).
    fn house() -> Self::BuiltIn;

    /// The built-in bot `bot`, its random choices (if any) from `seed`.
    fn built_in(bot: Self::BuiltIn, seed: u64) -> Player<Self> {
        Seat::built_in(bot, seed)
    }

    /// An in-process bot of a front end's own.
    fn in_process(bot: Box<Self::Bot>) -> Player<Self> {
        Seat::InProcess(bot)
    }

    /// The bot program run by the command line `command` under `limits`.
    fn program(command: &str, limits: &Limits) -> Player<Self> {
        Seat::program(limits.program(command))
    }

    /// Starts the program `command` on the first request of a game and
    /// stops it: an error when it cannot be run at all.
    fn try_program(command: &str, limits: &Limits) -> std::io::Result<()> {
        let mut bot = limits.program::<Self::Replies>(command);
        let asked = bot.ask(Self::FIRST_REQUEST);
        bot.stop();
        asked.map(|_| ())
    }

    /// Plays `wall` with `players` in seat order, its draws in `draws`,
    /// judged under `rules`, `watch` told each turn as it is played. A
    /// program that cannot be started is an I/O error.
    fn play(
        wall: &Self::Wall,
        draws: Draws,
        rules: Self::Rules,
        players: &mut [Player<Self>; PLAYERS],
        watch: &mut dyn FnMut(&Self::Turn),
    ) -> std::io::Result<Self::Game>;

    /// The result of a finished game, seat by seat.
    fn outcome(game: &Self::Game) -> Outcome;

    /// What a duel counts of a game, seat by seat, in half points, from
    /// its points ([`Outcome::half_points`]): a unit inside
    /// [`Ruleset::UNIT_RANGE`] (NOI2014's points as they are; MCR's
    /// scores are unbounded in practice, so its duel counts places).
    fn duel_half_points(half_points: [i32; PLAYERS]) -> [i32; PLAYERS];

    /// The kind of reason `name` of a put-out as [`Outcome`] names it, if
    /// the ruleset has it (a merge reads them back).
    fn put_out_kind(name: &str) -> Option<&'static str>;

    /// Writes `game`'s log: its header (`setting`) and every turn.
    fn write_log(out: &mut Vec<u8>, setting: &Setting, game: &Self::Game);

    /// What a log says of its game, for a merge to check against the
    /// record it counted; `wall`: the wall the game must have been dealt,
    /// `draws` as it was played.
    fn read_log(bytes: &[u8], wall: &Self::Wall, draws: Draws) -> Result<LogFacts, String>;

    /// `game`'s replay page, the seats shown as `labels`.
    fn replay_page(game: &Self::Game, labels: &[String], title: &str) -> String;
}

/// What a log says of its game ([`Ruleset::read_log`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogFacts {
    /// Its place in a duel or tournament.
    pub context: Option<Context>,
    /// The names of its seats.
    pub names: Vec<String>,
    /// The game was dealt the wall asked for.
    pub same_wall: bool,
    /// Each seat's points times two.
    pub half_points: Vec<i32>,
}

/// A finished game's result, seat by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each seat's points times two.
    pub half_points: [i32; PLAYERS],
    /// Which seats won.
    pub won: [bool; PLAYERS],
    /// Why each seat was put out, if it was.
    pub put_out: [Option<PutOut>; PLAYERS],
    /// Bot processes started for the game.
    pub starts: u64,
}

/// Why a seat was put out of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PutOut {
    /// The request it was put out at, as the ruleset counts them.
    pub request: usize,
    /// The kind of reason (`time-out`, `crash`, `illegal move`, ...).
    pub kind: &'static str,
    /// Why, in words.
    pub reason: String,
    /// The end of its standard error, when it failed.
    pub stderr: String,
    /// The end of its standard output, when it failed.
    pub stdout: String,
}

/// Half points of places from each seat's half points (or any score):
/// 4 points to the highest, 3, 2 and 1 to the next, tied seats sharing
/// the places they hold (two tied at the top: 3.5 each). Every seat gets
/// 1 to 4 points, and the four always sum to 10.
pub fn place_half_points(half_points: [i32; PLAYERS]) -> [i32; PLAYERS] {
    std::array::from_fn(|s| {
        let x = half_points[s];
        let above = half_points.iter().filter(|&&y| y > x).count() as i32;
        let tied = half_points.iter().filter(|&&y| y == x).count() as i32 - 1;
        // The mean of places above + 1 to above + 1 + tied, as points
        // 5 - place, times two.
        8 - 2 * above - tied
    })
}

/// The format `mahjong-sim/RULESET-KIND` of a contest's file as its format
/// enum `F` names it: each such enum has one value per ruleset (a test of
/// each ruleset checks that its are there).
pub fn format_name<R: Ruleset, F: serde::de::DeserializeOwned>(kind: &str) -> F {
    let name = format!("mahjong-sim/{}-{kind}", R::NAME);
    serde_json::from_value(serde_json::Value::String(name))
        .expect("every ruleset has each format (tested)")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every contest file of `R` names its format after the ruleset: each
    /// format enum has `R`'s value (`format_name` would panic without it),
    /// and it reads back.
    pub(crate) fn every_contest_format_has_the_rulesets_name<R: Ruleset>() {
        fn named<R: Ruleset, F>(kind: &str) -> String
        where
            F: serde::Serialize + serde::de::DeserializeOwned,
        {
            let value = serde_json::to_value(format_name::<R, F>(kind)).unwrap();
            value.as_str().unwrap_or_default().to_string()
        }
        use crate::contest::duel::{walls::WallsFormat, DuelFormat};
        use crate::contest::tournament::{record::GamesFormat, TournamentFormat};
        let names = [
            named::<R, DuelFormat>("duel-report"),
            named::<R, WallsFormat>("duel-walls"),
            named::<R, TournamentFormat>("tournament-report"),
            named::<R, GamesFormat>("tournament-games"),
        ];
        let n = R::NAME;
        assert_eq!(
            names,
            [
                format!("mahjong-sim/{n}-duel-report"),
                format!("mahjong-sim/{n}-duel-walls"),
                format!("mahjong-sim/{n}-tournament-report"),
                format!("mahjong-sim/{n}-tournament-games"),
            ]
        );
    }

    #[test]
    fn places_share_ties_and_sum_to_ten() {
        assert_eq!(place_half_points([3, 2, 1, 0]), [8, 6, 4, 2]);
        assert_eq!(place_half_points([1, 1, 0, 0]), [7, 7, 3, 3]);
        assert_eq!(place_half_points([0; PLAYERS]), [5; PLAYERS]);
    }
}
