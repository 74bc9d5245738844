//! `mahjong-sim RULESET duel` (`noi2014 duel`, `mcr duel`): the arguments,
//! a live progress line, and the report printed; the duel itself is
//! [`mahjong_sim::contest::duel`], written once over the ruleset.

use super::args::{count_in, jobs_or_cpus, parse_range, GameArgs};
use super::ruleset::{parse_entrant, Cli};
use super::{CliError, OnInterrupt, Verdict};
use mahjong_sim::contest::duel::{self, opponents, Length, Options, Report, Seating};
use mahjong_sim::contest::entrant::Entrant;
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The first line of the help (`-h`; `--help` ends it with a period).
const ABOUT: &str = "Is bot A stronger than bot B? Head-to-head on duplicate walls";

/// The help of `R`'s duel: the same words for every ruleset but its
/// name, its note on points and its example.
fn long_about<R: Cli>() -> String {
    let name = R::NAME;
    format!(
        "{ABOUT}.\n\n\
         Each wall is played twice: a game with A in one seat against three opponents (--against, by default the built-in greedy bot), then the same game with B in A's place, so the luck of the tiles and the seat cancels out of each wall's difference (A's points minus B's); each seat draws its own column of the wall, so that a claim made in one game and not the other leaves every seat the same tiles to draw (docs/duel.md); A's seat goes round the four seats from one wall to the next. With --seating every (IJCAI's and Botzone's format) a wall is played at every seating of the four players instead: 24 tables, each a game with A and the same game with B in its seat, 48 games a wall whose difference is the mean of its tables'. With --sprt (the default) a sequential probability ratio test on that difference (fishtest's generalized SPRT on the walls' empirical distribution, any shape in [-3, 3] points a game) stops at the first bound it crosses; --games N plays N games. A live progress line shows games, the difference with its 95% interval and the LLR against its bounds; the report gives both bots' points, how often each was put out and why, and the verdict. Every game's log is saved. Exit status 1 when the test accepts H0 (A is not stronger) or the bots play identically; Ctrl-C prints the result so far (status 130; SIGTERM 143) with every bot process gone.\n\n\
         {}\
         A bot program is given by its command line (`--bot new='{}'`), a built-in bot by its name.\n\n\
         A long duel can be cut into shards that any scheduler runs: `--walls FROM..TO` plays just those walls of the duel's sequence (the same games on any machine), and `{name} merge` counts the shards' walls in order into the report one machine would print (docs/duel.md, \"Shards\").\n\n\
         Example: {}",
        R::DUEL_NOTE,
        R::PROGRAM,
        R::DUEL_EXAMPLE
    )
}

/// Is bot A stronger than bot B? Head-to-head on duplicate walls, in
/// ruleset `R` (the help: [`long_about`]).
#[derive(clap::Args)]
#[command(about = ABOUT, long_about = long_about::<R>())]
pub struct Args<R: Cli> {
    /// A, then B: NAME=BOT (BOT a built-in name or a program, as in
    /// play), or a built-in name alone. Exactly twice.
    #[arg(long = "bot", value_name = "NAME=BOT", required = true, num_args = 1, value_parser = parse_entrant::<R>)]
    pub bots: Vec<Entrant<R>>,
    /// An opponent (up to 3; the missing ones are the greedy bot).
    #[arg(long, value_name = "NAME=BOT", value_parser = parse_entrant::<R>)]
    pub against: Vec<Entrant<R>>,
    /// The seed of the walls.
    #[arg(long, default_value_t = duel::Settings::defaults().seed)]
    pub seed: u64,
    /// Play this many games (rounded up to whole walls: of 2 games, 48
    /// with --seating every) instead of a sequential test.
    #[arg(long, value_name = "N", conflicts_with = "sprt", value_parser = count_in(1, 100_000_000))]
    pub games: Option<usize>,
    /// The sequential test's parameters, any of d0=X d1=X alpha=X
    /// beta=X: H0 is "A gains d0 points a game", H1 "A gains d1"; alpha
    /// and beta are the error rates. Defaults: d0=0 d1=0.1 alpha=0.05
    /// beta=0.05.
    #[arg(long, value_name = "KEY=VALUE", num_args = 0..=4)]
    pub sprt: Option<Vec<String>>,
    /// The most games a sequential test may play before it stops
    /// undecided. The test never decides before a number of walls set by
    /// d0, d1, alpha and beta (87 walls, 174 games, at the defaults; 17 at
    /// d1=0.5), stated in the report: a --max-games below it can never
    /// reach a decision and is refused (exit 2).
    #[arg(long, value_name = "N", default_value_t = duel::Settings::defaults().length.cap_games(Seating::default()) as usize, value_parser = count_in(2, 100_000_000))]
    pub max_games: usize,
    /// Walls played at once (1 to 256); the number of CPUs by default.
    #[arg(long, value_parser = count_in(1, 256))]
    pub jobs: Option<usize>,
    /// How a wall's players are seated. round: one table a wall, A (then
    /// B in its seat) against the three opponents, A's seat going round
    /// from wall to wall; 2 games a wall. every: IJCAI's and Botzone's
    /// format, every permutation of the four players over the four
    /// seats, 24 tables a wall, each played with A and then with B in
    /// A's seat; 48 games a wall, the wall's difference the mean of its
    /// 24 tables' (docs/duel.md, "Every seating").
    #[arg(long, value_name = "SEATING", default_value = "round", value_parser = Seating::parse)]
    pub seating: Seating,
    #[command(flatten)]
    pub played: GameArgs<R>,
    #[arg(
        long,
        value_name = "DIR",
        help = format!("The folder for the logs (created; must be empty or new). By default {}-duel-seed-S", R::NAME)
    )]
    pub logs: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[arg(
        long,
        help = format!("A and B draw random streams of their own. By default built-in bots with random choices ({}) draw the same stream on the same wall, so that two bots differing only in their play are compared on the same luck (and two copies of one bot play identically). Programs seed themselves: this changes nothing for them", R::RANDOM_BOTS)
    )]
    pub independent_random: bool,
    #[arg(
        long,
        value_name = "FROM..TO",
        value_parser = parse_walls,
        help = format!("Play walls FROM to TO - 1 of the duel's sequence (walls from 0), all of them, as a shard of the duel: its logs folder is for `{} merge`, which applies the test to the shards' walls in order. The other options must be the same for every shard, and TO at most the walls of --games or --max-games", R::NAME)
    )]
    pub walls: Option<Range<u64>>,
}

/// `FROM..TO`: walls FROM to TO - 1.
fn parse_walls(s: &str) -> Result<Range<u64>, String> {
    parse_range(s, ("walls", "wall"), 0, "0..500 for walls 0 to 499", "")
}

/// Runs `RULESET duel`.
pub fn run<R: Cli>(args: Args<R>) -> Result<ExitCode, CliError> {
    let [a, b]: [Entrant<R>; 2] = args.bots.try_into().map_err(|v: Vec<_>| {
        CliError::Other(format!(
            "a duel takes exactly two --bot (A, then B), not {}",
            v.len()
        ))
    })?;
    let length = Length::of(
        args.games.map(|n| n as u64),
        args.sprt.as_deref().unwrap_or(&[]),
        Some(args.max_games as u64),
        args.seating,
    )
    .map_err(CliError::Other)?;
    let mut settings = duel::Settings::new(a, b, opponents(args.against)?, args.played.family);
    settings.seed = args.seed;
    settings.length = length;
    settings.common_random = !args.independent_random;
    settings.seating = args.seating;
    let logs = args
        .logs
        .unwrap_or_else(|| duel::default_logs::<R>(settings.seed));
    let options = Options {
        jobs: jobs_or_cpus(args.jobs),
        shard: args.walls,
        ..Options::new(settings, logs).with_limits(args.played.limits.into())
    };
    // Ctrl-C: programs die now; the duel reports what it has.
    super::on_interrupt(OnInterrupt::Report);
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(250));
    let report = duel::run(&options, &mut |p| bar.set_message(p.to_string()));
    bar.finish_and_clear();
    let report = report?;
    let code = print_report(&report, args.json)?;
    eprintln!("{}", report.run_line());
    Ok(if report.interrupted {
        super::interrupted_status()
    } else {
        code
    })
}

/// Prints a duel's report (`duel`, `merge`), as text or JSON; the exit
/// status its verdict gives: 1 for H0, 2 when a bot that does not play
/// leaves no verdict.
pub fn print_report<R: Cli>(report: &Report<R>, json: bool) -> Result<ExitCode, CliError> {
    let out = if json {
        report.json_line()
    } else {
        report.text()
    };
    let verdict = if report.negative() {
        Verdict::Negative
    } else {
        Verdict::Ok
    };
    let code = super::emit(out.as_bytes(), verdict)?;
    Ok(if report.refused().is_some() {
        ExitCode::from(super::EXIT_ERROR)
    } else {
        code
    })
}
