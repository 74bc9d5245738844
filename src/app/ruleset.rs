//! What the contest commands (`duel`, `tournament`, `merge`, written once
//! over [`Ruleset`]) say differently for each ruleset: the words of their
//! help (built-in bots, examples), and the parsers of the arguments whose
//! values are the ruleset's.

use mahjong_sim::contest::entrant::Entrant;
use mahjong_sim::contest::mcr::Mcr;
use mahjong_sim::contest::noi2014::Noi2014;
use mahjong_sim::contest::ruleset::Ruleset;
use mahjong_sim::named::WallFamily;

/// A ruleset the contest commands run, with the words of their help.
pub trait Cli: Ruleset {
    /// The built-in bots' names, as the help lists them.
    const BOTS: &'static str;
    /// The built-in bots whose choices are random, as the help lists them.
    const RANDOM_BOTS: &'static str;
    /// A paragraph of `duel --help` on what the ruleset's duel counts
    /// (ending in a blank line), or nothing.
    const DUEL_NOTE: &'static str;
    /// A bot program's command line, as `duel --help` shows one.
    const PROGRAM: &'static str;
    /// The example of `duel --help`.
    const DUEL_EXAMPLE: &'static str;
    /// The example of `tournament --help`.
    const TOURNAMENT_EXAMPLE: &'static str;
    /// The example of `merge --help`: its shards' commands, then its own,
    /// one a line.
    const MERGE_EXAMPLE: &'static str;
}

impl Cli for Noi2014 {
    const BOTS: &'static str = "greedy, sample";
    const RANDOM_BOTS: &'static str = "sample, greedy:eps=P";
    const DUEL_NOTE: &'static str = "";
    const PROGRAM: &'static str = "./mybot --keep-running";
    const DUEL_EXAMPLE: &'static str =
        "mahjong-sim noi2014 duel --bot new=greedy --bot old=greedy:eps=0.1 --jobs 2";
    const TOURNAMENT_EXAMPLE: &'static str = "mahjong-sim noi2014 tournament --bot greedy --bot sample --bot mine='python3 examples/noi2014_bot.py --keep-running' --rounds 5";
    const MERGE_EXAMPLE: &'static str = "\
Example: mahjong-sim noi2014 duel --bot a=greedy --bot b=sample --games 8 --walls 0..2 --logs shard-0
         mahjong-sim noi2014 duel --bot a=greedy --bot b=sample --games 8 --walls 2..4 --logs shard-1
         mahjong-sim noi2014 merge shard-0 shard-1";
}

impl Cli for Mcr {
    const BOTS: &'static str = "random, greedy, planner";
    const RANDOM_BOTS: &'static str = "random";
    const PROGRAM: &'static str = "python3 examples/mcr_bot.py";
    const DUEL_NOTE: &'static str = "A duel counts places, not scores: a game gives 4, 3, 2 and 1 points to its seats from the highest score down, tied seats sharing theirs, so that a wall's difference lies in [-3, 3] whatever the hands (docs/mcr.md, \"Duels and tournaments\"); a tournament adds up scores.\n\n";
    const DUEL_EXAMPLE: &'static str =
        "mahjong-sim mcr duel --bot new=greedy --bot old=random --jobs 2";
    const TOURNAMENT_EXAMPLE: &'static str =
        "mahjong-sim mcr tournament --bot greedy --bot planner --bot random --rounds 5";
    const MERGE_EXAMPLE: &'static str = "\
Example: mahjong-sim mcr duel --bot a=planner --bot b=greedy --games 8 --walls 0..2 --logs mcr-shard-0
         mahjong-sim mcr duel --bot a=planner --bot b=greedy --games 8 --walls 2..4 --logs mcr-shard-1
         mahjong-sim mcr merge mcr-shard-0 mcr-shard-1";
}

/// A bot of a duel or tournament of `R`: `NAME=BOT`, or a built-in name
/// alone.
pub fn parse_entrant<R: Ruleset>(s: &str) -> Result<Entrant<R>, String> {
    Entrant::parse(s)
}

/// A wall family of `R` by name.
pub fn parse_family<R: Ruleset>(s: &str) -> Result<R::Family, String> {
    R::Family::from_name(s)
        .ok_or_else(|| format!("unknown family `{s}`; one of: {}", R::Family::names()))
}
