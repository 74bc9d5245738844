//! `mahjong-sim`: the command-line front end. Thin: parsing of arguments here,
//! the command bodies in `app::commands`.

mod app;

use app::{commands as cmd, CliError, Verdict};
use clap::{Parser, Subcommand};
use mahjong_sim::thupc2021::families::Family;
use std::path::PathBuf;
use std::process::ExitCode;

/// THUPC 2021 mahjong simulator and winning-distance engine.
///
/// Exit status: 0 success, 1 a mismatch was found, 2 bad usage, bad input or
/// an I/O error. Errors go to stderr as `line L, column C: ...`.
#[derive(Parser)]
#[command(name = "mahjong-sim", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play the game on a contest wall and print its event log.
    ///
    /// The wall is 148 tile names separated by whitespace (one a line in
    /// the contest), exactly four of each of the 37 kinds: 1M..9M, 1P..9P,
    /// 1S..9S, E S W N B F Z, PASS REVERSE DOUBLE. The first name is drawn
    /// first. Output is the contest's log, byte for byte.
    Simulate {
        /// The wall file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Print the events as JSON Lines instead of the contest format.
        #[arg(long)]
        json: bool,
    },
    /// Print the winning distance of hands, one hand a line.
    ///
    /// Each line holds tile names separated by spaces. The number of exposed
    /// melds follows from the size: 13 or 14 tiles mean none, 10 or 11 one,
    /// 7 or 8 two, 4 or 5 three, 1 or 2 four. Special tiles count in the size
    /// but never fit. Prints one distance a line, in input order.
    Distance {
        /// The file of hands; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Print one JSON object a line: line, hand, melds, distance.
        #[arg(long)]
        json: bool,
    },
    /// Print the event log of a contest wall with the reason for every
    /// decision: hands and melds, the distance after each candidate
    /// discard, who could ron and who was cut, and the distances behind
    /// every pong and chow taken or passed up.
    Explain {
        /// The wall file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Print one JSON object per event: line, event, notes.
        #[arg(long)]
        json: bool,
    },
    /// Generate walls from a seed: the same seed gives the same walls on
    /// every machine.
    ///
    /// Families: uniform (a plain shuffle), specials-early (all twelve
    /// special tiles in the deal), specials-late (special tiles only in the
    /// last 40), honors (the deal crowded with honors), one-suit (the deal
    /// crowded with one suit), quads (several kinds dealt whole to one
    /// player), long-draw (games that end with the wall exhausted, found by
    /// simulating).
    Gen {
        /// Which family of walls.
        #[arg(long, default_value = "uniform", value_parser = parse_family)]
        family: Family,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many walls.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Write one file per wall into this folder (paths are printed);
        /// without it, walls go to stdout separated by blank lines.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Check a contest solution against the engine on generated walls.
    ///
    /// Runs SOLUTION (a shell command line) once per wall, the wall on its
    /// standard input, and compares its standard output with the engine's
    /// log, several at once, with a progress bar on a terminal. On the first
    /// disagreement (different output, a crash, a time-out, too much or
    /// non-text output) it shrinks the wall to one that disagrees as early
    /// in the log as it can find, saves it, and shows the first differing
    /// line with the table at that point. Lines compare without trailing
    /// white space. Exit status: 0 all agree, 1 a disagreement, 2 errors.
    Check {
        /// The solution's command line, e.g. './my-solution' or 'python3 sol.py'.
        #[arg(long)]
        solution: String,
        /// How many walls.
        #[arg(long, default_value_t = 1000)]
        walls: usize,
        /// Which family of walls (see `gen --help`).
        #[arg(long, default_value = "uniform", value_parser = parse_family)]
        family: Family,
        /// The seed of the walls.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Runs at once; the number of CPUs by default.
        #[arg(long)]
        jobs: Option<usize>,
        /// Seconds one run may take before it is killed, with its children.
        #[arg(long, default_value = "10", value_parser = parse_seconds)]
        timeout: std::time::Duration,
        /// Seconds to spend shrinking a failing wall.
        #[arg(long, default_value_t = 30)]
        shrink_seconds: u64,
        /// Bytes of output kept before a run is cut off as too large.
        #[arg(long, default_value_t = 1 << 20)]
        output_limit: usize,
        /// Where the shrunk failing wall is saved.
        #[arg(long, default_value = "check-failures")]
        save_dir: PathBuf,
    },
    /// Analyse a hand: every decomposition of a winning hand, every wait of
    /// a ready one, or the distance and best discards of any other.
    ///
    /// Tiles are given as arguments or, with none, on standard input. Kongs
    /// are four identical tiles in the hand: a complete hand holds 14 to 18
    /// tiles (less 3 per exposed meld), a ready one 13 to 17. Waits on a tile
    /// the hand holds four of are listed and flagged impossible. Ordinary
    /// tiles only.
    ///
    /// Example: mahjong-sim analyze 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M
    Analyze {
        /// The concealed tiles; standard input when none are given.
        tiles: Vec<String>,
        /// An exposed meld, as printed (`123M`, `777S`, `EEE`) or as tiles
        /// (`"1M 2M 3M"`); repeatable.
        #[arg(long = "meld", value_name = "MELD")]
        melds: Vec<String>,
        /// Print the analysis as one JSON object (schema in README.md).
        #[arg(long)]
        json: bool,
    },
    /// The NOI2014 team-contest mahjong: games between bots under the
    /// judge of `NOI2014-CLARIFICATIONS.md`.
    #[command(subcommand)]
    Noi2014(Noi2014Command),
    /// Measure speed: games a second and nanoseconds per distance call.
    ///
    /// Plays seeded random walls and times distance and best-discard calls on
    /// seeded random hands, on one core, with a progress bar on a terminal.
    /// For side-by-side figures with other libraries, run `cargo bench`.
    Bench {
        /// Games to play.
        #[arg(long, default_value_t = 20_000)]
        games: usize,
        /// Distance calls to time (a quarter as many best-discard calls).
        #[arg(long, default_value_t = 1_000_000)]
        calls: usize,
        /// Seed for walls and hands.
        #[arg(long, default_value_t = 2021)]
        seed: u64,
        /// Print the figures as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum Noi2014Command {
    /// Play one game between four bots and print its log and result table.
    ///
    /// The log shows every request and answer (point 21's strings) and
    /// every event with that player's tiles as the protocol writes them
    /// (exposed sets in lower case); the table gives each player's place,
    /// points and how the game ended for it (won, put out and why, or its
    /// declared target with its Hamming distance and chance value).
    ///
    /// Example: mahjong-sim noi2014 play --seed 1 --bot greedy --bot sample
    Play {
        /// A wall file: 108 names W1..W9 B1..B9 T1..T9, four of each, first
        /// drawn first. Without it, a seeded wall.
        #[arg(long, value_name = "FILE", conflicts_with = "family")]
        wall: Option<PathBuf>,
        /// The seed of the wall (without --wall) and of the sample bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The family of the seeded wall: uniform, kongs, multi-ron, long.
        #[arg(long, value_parser = parse_noi_family)]
        family: Option<mahjong_sim::noi2014::families::Family>,
        /// A seat's bot, in seat order (repeat up to 4 times; empty seats
        /// get the greedy bot): a built-in name (greedy, sample) or a bot
        /// program speaking Botzone's JSON protocol, one process per
        /// request, given by its path (./mybot) or a command line.
        #[arg(long = "bot", value_name = "BOT", value_parser = parse_bot)]
        bots: Vec<app::noi2014::BotSpec>,
        /// Seconds a bot program may take for one step (wall-clock time
        /// until it exits); the contest's limit is 1.
        #[arg(long, default_value = "1", value_parser = parse_seconds)]
        time_limit: std::time::Duration,
        /// Print JSON Lines: the game, each request with its answer, each
        /// event with the player's tiles, and the result.
        #[arg(long)]
        json: bool,
    },
    /// Run a built-in bot as a bot program: read the judge's JSON line
    /// (Botzone's protocol, point 20) from standard input and print the
    /// answer line (point 28). One process per request, as in 2014.
    ///
    /// Example: mahjong-sim noi2014 play --bot 'mahjong-sim noi2014 bot'
    Bot {
        /// Which built-in bot: greedy or sample.
        #[arg(long, default_value = "greedy", value_parser = parse_builtin)]
        bot: String,
        /// The sample bot's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn parse_builtin(s: &str) -> Result<String, String> {
    match app::noi2014::BotSpec::parse(s)? {
        app::noi2014::BotSpec::BuiltIn(b) => Ok(b.to_string()),
        app::noi2014::BotSpec::Program(_) => Err(format!(
            "`{s}` is not a built-in bot: {}",
            app::noi2014::BUILT_IN.join(", ")
        )),
    }
}

fn parse_bot(s: &str) -> Result<app::noi2014::BotSpec, String> {
    app::noi2014::BotSpec::parse(s)
}

fn parse_noi_family(s: &str) -> Result<mahjong_sim::noi2014::families::Family, String> {
    use mahjong_sim::noi2014::families::Family;
    Family::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        format!("unknown family `{s}`; one of: {}", names.join(", "))
    })
}

fn parse_family(s: &str) -> Result<Family, String> {
    Family::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        format!("unknown family `{s}`; one of: {}", names.join(", "))
    })
}

fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 => Ok(std::time::Duration::from_secs_f64(secs)),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(app::EXIT_ERROR)
        }
    }
}

/// Runs one command: its output printed, its exit status returned.
fn run(args: Cli) -> Result<ExitCode, CliError> {
    let ok = |bytes: Vec<u8>| app::emit(&bytes, Verdict::Ok);
    match args.command {
        Command::Simulate { file, json } => {
            ok(cmd::simulate(&cmd::read_input(file.as_deref())?, json)?)
        }
        Command::Distance { file, json } => {
            ok(cmd::distances(&cmd::read_input(file.as_deref())?, json)?)
        }
        Command::Check {
            solution,
            walls,
            family,
            seed,
            jobs,
            timeout,
            shrink_seconds,
            output_limit,
            save_dir,
        } => {
            let jobs =
                jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
            let options = mahjong_sim::thupc2021::check::Options {
                solution,
                walls,
                family,
                seed,
                jobs,
                timeout,
                output_limit,
                shrink_time: std::time::Duration::from_secs(shrink_seconds),
                save_dir,
            };
            let (bytes, verdict) = cmd::check(&options)?;
            app::emit(&bytes, verdict)
        }
        Command::Explain { file, json } => {
            ok(cmd::explain(&cmd::read_input(file.as_deref())?, json)?)
        }
        Command::Gen {
            family,
            seed,
            count,
            out,
        } => ok(cmd::generate(family, seed, count, out.as_deref())?),
        Command::Analyze { tiles, melds, json } => {
            let stdin = if tiles.is_empty() {
                Some(cmd::read_input(None)?)
            } else {
                None
            };
            ok(cmd::analyze(&tiles, stdin.as_deref(), &melds, json)?)
        }
        Command::Noi2014(Noi2014Command::Play {
            wall,
            seed,
            family,
            bots,
            time_limit,
            json,
        }) => {
            let source = match &wall {
                Some(path) => app::noi2014::WallSource::File(path),
                None => app::noi2014::WallSource::Seed(
                    seed,
                    family.unwrap_or(mahjong_sim::noi2014::families::Family::Uniform),
                ),
            };
            ok(app::noi2014::play(source, &bots, seed, time_limit, json)?)
        }
        Command::Noi2014(Noi2014Command::Bot { bot, seed }) => {
            ok(app::noi2014::bot(&bot, seed, &cmd::read_input(None)?)?)
        }
        Command::Bench {
            games,
            calls,
            seed,
            json,
        } => ok(cmd::bench(games, calls, seed, json)?),
    }
}
