//! `mahjong-sim RULESET tournament` (`noi2014 tournament`, `mcr
//! tournament`): the arguments, a progress bar, and the standings printed;
//! the tournament itself is [`mahjong_sim::contest::tournament`], written
//! once over the ruleset.

use super::args::{count_in, jobs_or_cpus, parse_range, GameArgs};
use super::ruleset::{parse_entrant, Cli};
use super::{CliError, OnInterrupt, Verdict};
use mahjong_sim::contest::entrant::Entrant;
use mahjong_sim::contest::logs::REPORT_TEXT;
use mahjong_sim::contest::tournament::{self, Options, Progress, Report, Shard};
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

/// The first line of the help (`-h`; `--help` ends it with a period).
const ABOUT: &str = "Swiss rounds between bots, every game's log saved";

/// The help of `R`'s tournament: the same words for every ruleset but its
/// name and its example.
fn long_about<R: Cli>() -> String {
    format!(
        "{ABOUT}.\n\n\
         Each round every bot plays one game at a table of four: round 1 seats bots by a seeded shuffle, later rounds seat them by total points (places 1-4 together, 5-8, ...); house greedy bots fill the last table and are not ranked. The logs folder gets each game's JSON Lines (games/), games.tsv naming the bots at each seat, and the standings after every round; standard output gets the standings and every bot put out with why. Ctrl-C stops with every bot process gone.\n\n\
         A tournament can be cut into shards that any scheduler runs: `--round R` plays round R alone (`--tables FROM..TO` some of its tables), seated from the standings of the shards of rounds 1 to R - 1 given to `--after`; `{} merge` counts the shards into the standings one machine prints, byte for byte.\n\n\
         Example: {}",
        R::NAME,
        R::TOURNAMENT_EXAMPLE
    )
}

/// Swiss rounds between bots of ruleset `R`, every game's log saved (the
/// help: [`long_about`]).
#[derive(clap::Args)]
#[command(about = ABOUT, long_about = long_about::<R>())]
pub struct Args<R: Cli> {
    #[arg(
        long = "bot",
        value_name = "NAME=BOT",
        required = true,
        value_parser = parse_entrant::<R>,
        help = format!("A bot: NAME=BOT, BOT a built-in name ({}) or a bot program (a path or a command line); a built-in name alone names itself. Repeat for every bot", R::BOTS)
    )]
    pub bots: Vec<Entrant<R>>,
    /// Rounds to play (1 to 10000).
    #[arg(long, default_value_t = tournament::Settings::defaults().rounds as usize, value_parser = count_in(1, 10_000))]
    pub rounds: usize,
    /// The seed of seatings and walls: the same seed, the same tournament.
    #[arg(long, default_value_t = tournament::Settings::defaults().seed)]
    pub seed: u64,
    /// Games played at once (1 to 256); the number of CPUs by default.
    #[arg(long, value_parser = count_in(1, 256))]
    pub jobs: Option<usize>,
    /// Each table plays its wall four times with the seats rotated, so
    /// no bot gains from its seat or its luck.
    #[arg(long)]
    pub duplicate: bool,
    #[command(flatten)]
    pub played: GameArgs<R>,
    #[arg(
        long,
        value_name = "DIR",
        help = format!("The folder for the logs (created; must be empty or new). By default {}-tournament-seed-S", R::NAME)
    )]
    pub logs: Option<PathBuf>,
    /// Print the standings as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[arg(
        long,
        value_name = "R",
        value_parser = count_in(1, 10_000),
        help = format!("Play round R only, as a shard of the tournament (the same options but --jobs and --logs on every shard): its logs folder is for `{} merge`, and for the --after of the next round's shards", R::NAME)
    )]
    pub round: Option<usize>,
    /// With --round: play tables FROM to TO - 1 of the round (tables
    /// count from 1; a round of N bots has N/4 of them, rounded up).
    #[arg(long, value_name = "FROM..TO", requires = "round", value_parser = parse_tables)]
    pub tables: Option<Range<u32>>,
    /// With --round R: the logs folders of shards that hold every game of
    /// rounds 1 to R - 1 (their tournament.json is read), whose standings
    /// seat round R.
    #[arg(long, value_name = "DIR", num_args = 1.., requires = "round")]
    pub after: Vec<PathBuf>,
}

/// `FROM..TO`: tables FROM to TO - 1.
fn parse_tables(s: &str) -> Result<Range<u32>, String> {
    parse_range(
        s,
        ("tables", "table"),
        1,
        "1..3 for tables 1 and 2",
        ", and tables count from 1",
    )
}

/// Runs `RULESET tournament`.
pub fn run<R: Cli>(args: Args<R>) -> Result<ExitCode, CliError> {
    let seed = args.seed;
    let shard = args.round.map(|round| Shard {
        round: round as u32,
        tables: args.tables.clone(),
        after: args.after.clone(),
    });
    let default_logs = tournament::default_logs::<R>(seed, shard.as_ref());
    let mut settings = tournament::Settings::new(args.bots, args.played.family);
    settings.rounds = args.rounds as u32;
    settings.seed = seed;
    settings.duplicate = args.duplicate;
    let logs = args.logs.unwrap_or(default_logs);
    let options = Options {
        jobs: jobs_or_cpus(args.jobs),
        shard,
        ..Options::new(settings, logs).with_limits(args.played.limits.into())
    };
    let logs = options.logs.clone();
    super::interrupt_note(move || {
        // A game's log is saved when the game ends: those under way are lost.
        let saved = std::fs::read_dir(logs.join("games")).map_or(0, |d| {
            d.flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "jsonl"))
                .count()
        });
        let standings = if logs.join(REPORT_TEXT).exists() {
            format!(
                "; the standings after the last finished round are in {}/{REPORT_TEXT}",
                logs.display()
            )
        } else {
            "; no round had finished, so there are no standings".to_string()
        };
        format!(
            "the logs of the {} finished so far are in {}/games{standings}",
            mahjong_sim::contest::count(saved, "game"),
            logs.display()
        )
    });
    super::on_interrupt(OnInterrupt::Exit);
    let bar = super::progress_bar(
        options.total_games(),
        "{elapsed_precise} [{bar:30}] {pos}/{len} games, round {msg}",
    );
    let report = tournament::run(&options, &mut |p| match p {
        Progress::Round { round, rounds } => bar.set_message(format!("{round}/{rounds}")),
        Progress::Game => bar.inc(1),
    });
    bar.finish_and_clear();
    let report = report?;
    let code = print_report(&report, args.json)?;
    eprintln!("{}", report.run_line());
    Ok(code)
}

/// Prints a tournament's standings (`tournament`, `merge`), as text or
/// JSON.
pub fn print_report<R: Cli>(report: &Report<R>, json: bool) -> Result<ExitCode, CliError> {
    let out = if json {
        report.json_line()
    } else {
        report.text()
    };
    super::emit(out.as_bytes(), Verdict::Ok)
}
