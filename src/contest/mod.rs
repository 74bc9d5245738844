//! The contest layer: running untrusted programs (contestants' solutions,
//! bot programs) over many walls and games, for every ruleset.
//!
//! - [`ruleset`]: what a game of bots needs from a ruleset, one trait
//!   ([`ruleset::Ruleset`]); duels, tournaments, merges, logs and `play` are
//!   written once over it;
//! - [`noi2014`]: NOI2014's implementation of it, the one file here that
//!   names NOI2014's types; [`mcr`]: Chinese Standard Mahjong's, the one
//!   that names MCR's;
//! - [`guard`]: the one containment guard ([`guard::Containment`]) every
//!   run of programs happens under: the subreaper, the sweeps of what the
//!   programs leave behind, and the interrupt path.
//! - [`pool`]: the one job pool: items a few at a time, results to the
//!   caller as they finish, stopped by the caller or an interrupt.
//! - [`entrant`]: who plays a game (built-in bots, in-process bots, bot
//!   programs) and their names; [`limits`]: a program's limits;
//!   [`options`]: how a duel or a tournament is played (jobs, logs, a
//!   shard, the sandbox), one type for both.
//! - [`seed`]: the one seed rule: a bot's random stream from the run's
//!   seed and its place in the run.
//! - [`check`]: differential testing of a THUPC 2021 solution against the
//!   engine, with shrinking.
//! - [`duplicate`]: the duel's unit, a wall played twice at one seat (A,
//!   then B in A's place).
//! - [`duel`]: is bot A stronger than bot B? Duplicate walls and a
//!   sequential test, as a library call with a typed report.
//! - [`play`]: one game between bots and programs, contained.
//! - [`logs`]: the logs folders of duels and tournaments.
//! - [`merge`]: `noi2014 merge`, of a duel's or a tournament's shards.
//! - [`swiss`]: Swiss-round pairings and standings of tournaments.
//! - [`tournament`]: Swiss tournaments between bots, as a library call
//!   with a typed report.
//!
//! ## Layers
//!
//! The library is built in layers, each using only those below it (checked
//! by `tests/layers.rs`, which reads the `use crate::` lines):
//!
//! 1. the rule-free core: `tile`, `hand`, `meld`, `distance`, `analysis`,
//!    `parse`, `place` (a game's place in a contest), `named` (a family of
//!    walls and a built-in bot, picked by name), `game_log` (the JSON
//!    Lines of every game log), `learn` (what batched learning
//!    environments share), `rng`, `stats`, `process`, `botzone` (Botzone's
//!    bot protocol and bot programs, for every ruleset);
//! 2. the rulesets, which do not use each other: `thupc2021`, `noi2014`,
//!    `mcr` (judges, bots, bot programs, the arena of one game, learning
//!    environments);
//! 3. `replay`: a ruleset's game as a self-contained page (pure: no
//!    programs, no files);
//! 4. `contest` (this folder): programs over many games, with limits, logs
//!    folders and the reports of `check`, duels and tournaments; it saves
//!    replay pages into its logs, so it sits above `replay`;
//! 5. the command-line app (`src/app/`, the binary only): arguments,
//!    progress bars, printing.

/// The contest layer's tests written over any ruleset ([`ruleset::Ruleset`]),
/// run on one ruleset's: `over_ruleset!(Noi2014, duel: NAME, ...)` runs
/// `duel::tests::NAME::<Noi2014>` as a test of that name (each ruleset's
/// file calls it in its tests).
#[cfg(test)]
macro_rules! over_ruleset {
    ($ruleset:ident, $module:ident: $($name:ident),* $(,)?) => {
        mod $module {
            $(
                #[test]
                fn $name() {
                    crate::contest::$module::tests::$name::<super::$ruleset>()
                }
            )*
        }
    };
}

/// Every test of the contest layer written over any ruleset, run on
/// `$ruleset` (each ruleset's file calls it once in its tests).
#[cfg(test)]
macro_rules! contest_tests {
    ($ruleset:ident) => {
        over_ruleset!($ruleset, duel:
            a_bot_put_out_in_most_of_its_games_leaves_no_verdict,
            missing_opponents_are_greedy_bots_with_names_of_their_own,
            logs_are_named_and_indexed_by_unit_and_game,
            the_report_counts_points_and_outs_per_side,
            the_report_says_the_test_and_the_walls_left_uncounted,
            zero_spread_has_an_llr_and_the_floor_is_stated,
            a_cap_that_can_never_decide_is_refused,
        );
        over_ruleset!($ruleset, tournament:
            names_are_letters_digits_and_four_signs,
            half_points_pages_and_chairs_are_named,
            the_run_line_says_how_the_games_were_played,
            the_report_gives_standings_outs_and_every_game,
        );
        /// Every contest file names its format after the ruleset: each
        /// format enum has its value (`format_name` would panic without
        /// it).
        #[test]
        fn every_contest_format_has_the_rulesets_name() {
            crate::contest::ruleset::tests::every_contest_format_has_the_rulesets_name::<$ruleset>(
            );
        }
    };
}

pub mod check;
pub mod duel;
pub mod duplicate;
pub mod entrant;
pub mod guard;
pub mod limits;
pub mod logs;
pub mod mcr;
pub mod merge;
pub mod noi2014;
pub mod options;
pub mod play;
pub mod pool;
pub mod ruleset;
pub mod seed;
pub mod swiss;
pub mod tournament;

/// `n` and the noun, plural unless `n` is 1: "1 wall", "2 walls", "0 tries",
/// "3 processes".
pub fn count(n: usize, noun: &str) -> String {
    match (n, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, Some(stem)) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ if noun.ends_with(['s', 'x']) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}

/// Why a duel, tournament or game could not be run (a check has its own
/// [`check::CheckError`]).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Options that cannot make a run (two bots of one name, a logs folder
    /// that is not empty, ...).
    #[error("{0}")]
    Usage(String),
    /// A file could not be written, or a program not run.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_are_plural_unless_one() {
        assert_eq!(super::count(1, "wall"), "1 wall");
        assert_eq!(super::count(0, "wall"), "0 walls");
        assert_eq!(super::count(2, "try"), "2 tries");
        assert_eq!(super::count(3, "day"), "3 days");
        assert_eq!(super::count(4, "bot process"), "4 bot processes");
    }
}
