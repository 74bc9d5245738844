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
#[command(
    name = "mahjong-sim",
    version,
    about,
    long_about,
    after_help = "Details of each command: mahjong-sim COMMAND --help (or mahjong-sim help COMMAND)."
)]
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
    ///
    /// For problem setters, `--out DIR` with any number of walls (files, or
    /// folders of them) writes each log to DIR/NAME.ans (`.jsonl` with
    /// `--json`), NAME the wall file's name without its extension; the
    /// folder is created if missing but not its parents, and no file is
    /// overwritten.
    Simulate {
        /// The wall files (or with --out, folders of them); standard input
        /// when none is given or `-`.
        files: Vec<PathBuf>,
        /// Print the events as JSON Lines instead of the contest format.
        #[arg(long)]
        json: bool,
        /// Write one log per wall into this folder (the paths are printed).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Print the winning distance of hands, one hand a line.
    ///
    /// Each line holds tile names separated by spaces. The number of exposed
    /// melds follows from the size: 13 or 14 tiles mean none, 10 or 11 one,
    /// 7 or 8 two, 4 or 5 three, 1 or 2 four. Special tiles count in the size
    /// but never fit. Prints one distance a line, in input order, each as
    /// soon as its line is read; blank lines at the end are fine, empty input
    /// prints nothing.
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
    ///
    /// `--at N` shows only the table just before line N, with the reasons
    /// for the lines N-1 and N and the rule that decides line N: what
    /// `check` shows at a disagreement.
    ///
    /// `--html FILE` writes the game as a replay page instead: one
    /// self-contained HTML file (no network) with the four hands, melds and
    /// discards at every step, the log, and each decision's reasons; with
    /// `--at N` it opens at line N.
    Explain {
        /// The wall file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Print one JSON object per event: line, event, notes.
        #[arg(long, conflicts_with = "at")]
        json: bool,
        /// Show the table before this line of the log (from 1).
        #[arg(long, value_name = "N", value_parser = count_in(1, 1_000_000))]
        at: Option<usize>,
        /// Write the game's replay page to this file (nothing is printed).
        #[arg(long, value_name = "FILE", conflicts_with = "json")]
        html: Option<PathBuf>,
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
        /// How many walls (at most 1,000,000,000).
        #[arg(long, default_value_t = 1, value_parser = count_in(0, MAX_WALLS))]
        count: usize,
        /// Write one file per wall into this folder, FAMILY-SEED-N.in with N as
        /// wide as the count needs (the paths are printed). The folder is
        /// created if missing, but not its parents; walls already there are
        /// never overwritten. Without it, walls go to stdout separated by blank
        /// lines.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Check a contest solution against the engine on generated walls (or
    /// the walls of a folder).
    ///
    /// Runs SOLUTION (a shell command line) once per wall, the wall on its
    /// standard input, and compares its standard output with the engine's
    /// log, several at once, with a progress bar on a terminal. On the first
    /// disagreement (different output, a crash, a time-out, too much or
    /// non-text output) it shrinks the wall to one that disagrees as early
    /// in the log as it can find (first by dealing the table of the
    /// decision from the start, then by swaps), saves it, and shows the
    /// first differing line (invisible characters escaped, the first
    /// differing column), how the run ended and the end of its standard
    /// error, the table at that point and the rule at stake. A correct log
    /// followed by a failure is said plainly, without shrinking. Lines
    /// compare without trailing white space. Processes the solution leaves
    /// behind, even in sessions of their own, are killed and reported.
    /// Exit status: 0 all agree, 1 a disagreement, 2 errors (a command that
    /// cannot be found or run is one).
    Check {
        /// The solution's command line, e.g. './my-solution' or 'python3 sol.py'.
        #[arg(long)]
        solution: String,
        /// How many walls (1 to 1,000,000,000); 1000 by default, or with
        /// --walls-dir all of its files.
        #[arg(long, value_parser = count_in(1, MAX_WALLS))]
        walls: Option<usize>,
        /// Check on the wall files of this folder (the official data, saved
        /// failures), in the order of their names, instead of generated walls.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["family", "seed"])]
        walls_dir: Option<PathBuf>,
        /// Run every wall, count the disagreeing ones, group them by the kind
        /// of first difference (what went wrong, which event was expected,
        /// the rule at stake) and shrink the first of each group.
        #[arg(long)]
        keep_going: bool,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Which family of walls (see `gen --help`).
        #[arg(long, default_value = "uniform", value_parser = parse_family)]
        family: Family,
        /// The seed of the walls.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Runs at once (1 to 256); the number of CPUs by default.
        #[arg(long, value_parser = count_in(1, 256))]
        jobs: Option<usize>,
        /// Seconds one run may take before it is killed, with its children
        /// (at most 86400).
        #[arg(long, default_value = "10", value_parser = parse_seconds)]
        timeout: std::time::Duration,
        /// Seconds to spend shrinking a failing wall (0 to 86400).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=86_400))]
        shrink_seconds: u64,
        /// Bytes of output kept before a run is cut off as too large (1 to
        /// 1 GiB).
        #[arg(long, default_value_t = 1 << 20, value_parser = count_in(1, 1 << 30))]
        output_limit: usize,
        /// Where the shrunk failing wall is saved.
        #[arg(long, default_value = "check-failures")]
        save_dir: PathBuf,
    },
    /// Analyse a hand: every decomposition of a winning hand, every wait of
    /// a ready one, or the distance and best discards of any other.
    ///
    /// Tiles are given as arguments or, with none, on standard input, one
    /// hand a line as `distance` reads them (each analysed in turn). Kongs
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
        /// Games to play (1 to 10,000,000).
        #[arg(long, default_value_t = 20_000, value_parser = count_in(1, 10_000_000))]
        games: usize,
        /// Distance calls to time, a quarter as many best-discard calls (4 to
        /// 1,000,000,000).
        #[arg(long, default_value_t = 1_000_000, value_parser = count_in(4, 1_000_000_000))]
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
        #[command(flatten)]
        limits: BotLimits,
        /// Print JSON Lines: the game, each request with its answer, each
        /// event with the player's tiles, and the result.
        #[arg(long)]
        json: bool,
        /// Also write the game's replay page to this file: one
        /// self-contained HTML file with every request and answer, the
        /// hands at every step and the ranking.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
    },
    /// Run a built-in bot as a bot program: read the judge's JSON line
    /// (Botzone's protocol, point 20) from standard input and print the
    /// answer line (point 28). One process per request, as in 2014, or
    /// kept running with --keep-running.
    ///
    /// Example: mahjong-sim noi2014 play --bot 'mahjong-sim noi2014 bot'
    Bot {
        /// Which built-in bot: greedy or sample.
        #[arg(long, default_value = "greedy", value_parser = parse_builtin)]
        bot: String,
        /// The sample bot's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Botzone's keep-running mode: after each answer print the line
        /// `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` and answer the next line
        /// (the newest request alone, as a JSON string) without restarting,
        /// until standard input ends.
        #[arg(long)]
        keep_running: bool,
    },
    /// Is bot A stronger than bot B? Head-to-head on duplicate walls.
    ///
    /// Each wall is played 8 times: 4 games with A in seat 0, 1, 2 and 3
    /// against the same three opponents (--against, by default the
    /// built-in greedy bot), then the same 4 games with B in A's place, so
    /// the luck of the tiles and seats cancels out of each wall's
    /// difference (A's points a game minus B's). With --sprt (the default)
    /// a sequential probability ratio test on that difference (a normal
    /// approximation on the paired walls, as fishtest's normalized SPRT)
    /// stops at the first bound it crosses; --games N plays N games. A live
    /// progress line shows games, the difference with its 95% interval and
    /// the LLR against its bounds; the report gives both bots' points, how
    /// often each was put out and why, and the verdict. Every game's log is
    /// saved. Exit status 1 when the test accepts H0 (A is not stronger) or
    /// the bots play identically; Ctrl-C prints the result so far (status
    /// 130) with every bot process gone.
    ///
    /// Example: mahjong-sim noi2014 duel --bot new=./mybot --bot old=./mybot-v1 --jobs 2
    Duel {
        /// A, then B: NAME=BOT (BOT a built-in name or a program, as in
        /// play), or a built-in name alone. Exactly twice.
        #[arg(long = "bot", value_name = "NAME=BOT", required = true, num_args = 1, value_parser = parse_entrant)]
        bots: Vec<app::tournament::Entrant>,
        /// An opponent (up to 3; the missing ones are the greedy bot).
        #[arg(long, value_name = "NAME=BOT", value_parser = parse_entrant)]
        against: Vec<app::tournament::Entrant>,
        /// The seed of the walls.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play this many games (rounded up to whole walls of 8) instead of
        /// a sequential test.
        #[arg(long, value_name = "N", conflicts_with = "sprt", value_parser = count_in(1, 100_000_000))]
        games: Option<usize>,
        /// The sequential test's parameters, any of d0=X d1=X alpha=X
        /// beta=X: H0 is "A gains d0 points a game", H1 "A gains d1"; alpha
        /// and beta are the error rates. Defaults: d0=0 d1=0.1 alpha=0.05
        /// beta=0.05.
        #[arg(long, value_name = "KEY=VALUE", num_args = 0..=4)]
        sprt: Option<Vec<String>>,
        /// The most games a sequential test may play before it stops
        /// undecided.
        #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = count_in(8, 100_000_000))]
        max_games: usize,
        /// Walls played at once (1 to 256); the number of CPUs by default.
        #[arg(long, value_parser = count_in(1, 256))]
        jobs: Option<usize>,
        /// The family of the walls: uniform, kongs, multi-ron, long.
        #[arg(long, default_value = "uniform", value_parser = parse_noi_family)]
        family: mahjong_sim::noi2014::families::Family,
        #[command(flatten)]
        limits: BotLimits,
        /// The folder for the logs (created; must be empty or new). By
        /// default noi2014-duel-seed-S.
        #[arg(long, value_name = "DIR")]
        logs: Option<PathBuf>,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Swiss rounds between bots (points 24-26), every game's log saved.
    ///
    /// Each round every bot plays one game at a table of four: round 1
    /// seats bots by a seeded shuffle, later rounds seat them by total
    /// points (places 1-4 together, 5-8, ...); house greedy bots fill the
    /// last table and are not ranked. The logs folder gets each game's JSON
    /// Lines (games/), games.tsv naming the bots at each seat, and the
    /// standings after every round; standard output gets the standings and
    /// every bot put out with why. Ctrl-C stops with every bot process gone.
    ///
    /// Example: mahjong-sim noi2014 tournament --bot greedy --bot sample
    /// --bot mine='python3 examples/noi2014_bot.py --keep-running' --rounds 5
    Tournament {
        /// A bot: NAME=BOT, BOT a built-in name (greedy, sample) or a bot
        /// program (a path or a command line); a built-in name alone names
        /// itself. Repeat for every bot.
        #[arg(long = "bot", value_name = "NAME=BOT", required = true, value_parser = parse_entrant)]
        bots: Vec<app::tournament::Entrant>,
        /// Rounds to play (1 to 10000).
        #[arg(long, default_value_t = 10, value_parser = count_in(1, 10_000))]
        rounds: usize,
        /// The seed of seatings and walls: the same seed, the same tournament.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (1 to 256); the number of CPUs by default.
        #[arg(long, value_parser = count_in(1, 256))]
        jobs: Option<usize>,
        /// Each table plays its wall four times with the seats rotated, so
        /// no bot gains from its seat or its luck.
        #[arg(long)]
        duplicate: bool,
        /// The family of the walls: uniform, kongs, multi-ron, long.
        #[arg(long, default_value = "uniform", value_parser = parse_noi_family)]
        family: mahjong_sim::noi2014::families::Family,
        #[command(flatten)]
        limits: BotLimits,
        /// The folder for the logs (created; must be empty or new). By
        /// default noi2014-tournament-seed-S.
        #[arg(long, value_name = "DIR")]
        logs: Option<PathBuf>,
        /// Print the standings as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn parse_entrant(s: &str) -> Result<app::tournament::Entrant, String> {
    app::tournament::Entrant::parse(s)
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

/// The most walls `gen` and `check` take in one run.
const MAX_WALLS: u64 = 1_000_000_000;

/// A whole number from `min` to `max`, checked by clap before anything runs.
fn count_in(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(min..=max)
}

/// The longest time-out, a day: longer ones are mistakes (and `1e20`
/// seconds would not even fit a `Duration`).
const MAX_SECONDS: f64 = 86_400.0;

/// The limits on each bot program of a game, tournament or duel.
#[derive(clap::Args, Debug)]
struct BotLimits {
    /// Seconds a bot program may take for one step (wall-clock, until it
    /// answers); the contest's limit is 1.
    #[arg(long, default_value = "1", value_parser = parse_seconds)]
    time_limit: std::time::Duration,
    /// Address space a bot program may use, in MiB (0: no limit); the
    /// contest's is 256.
    #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = count_in(0, 1 << 20))]
    memory_limit: usize,
}

impl From<BotLimits> for app::noi2014::Limits {
    fn from(l: BotLimits) -> Self {
        app::noi2014::Limits {
            time: l.time_limit,
            memory_mib: (l.memory_limit > 0).then_some(l.memory_limit as u64),
        }
    }
}

fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= MAX_SECONDS => {
            Ok(std::time::Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "`{s}` is not a number of seconds above 0 and at most {MAX_SECONDS}"
        )),
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
        Command::Simulate {
            files,
            json,
            out: Some(dir),
        } => app::stream(|out| cmd::simulate_to_dir(&files, json, &dir, out)),
        Command::Simulate {
            files,
            json,
            out: None,
        } => {
            if files.len() > 1 {
                return Err(CliError::Other(
                    "simulate reads one wall; for several, give --out DIR".into(),
                ));
            }
            let input = cmd::open_input(files.first().map(PathBuf::as_path))?;
            app::stream(|out| cmd::simulate(input, json, out))
        }
        Command::Distance { file, json } => {
            let input = cmd::open_input(file.as_deref())?;
            app::stream(|out| cmd::distances(input, json, out))
        }
        Command::Check {
            solution,
            walls,
            walls_dir,
            keep_going,
            json,
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
            let walls = match (walls, &walls_dir) {
                (Some(n), _) => n,
                (None, Some(dir)) => mahjong_sim::contest::check::wall_files(dir)
                    .map_err(|e| CliError::Other(e.to_string()))?
                    .len(),
                (None, None) => 1000,
            };
            let options = mahjong_sim::contest::check::Options {
                solution,
                walls,
                family,
                seed,
                jobs,
                timeout,
                output_limit,
                shrink_time: std::time::Duration::from_secs(shrink_seconds),
                save_dir,
                program: std::env::args()
                    .next()
                    .unwrap_or_else(|| "mahjong-sim".into()),
                keep_going,
                walls_dir,
            };
            let (bytes, verdict) = cmd::check(&options, json)?;
            app::emit(&bytes, verdict)
        }
        Command::Explain {
            file,
            json,
            at,
            html: Some(page),
        } => {
            let input = cmd::open_input(file.as_deref())?;
            debug_assert!(!json, "clap keeps --html and --json apart");
            ok(cmd::explain_html(input, at, &page)?)
        }
        Command::Explain {
            file,
            json,
            at,
            html: None,
        } => {
            let input = cmd::open_input(file.as_deref())?;
            app::stream(|out| cmd::explain(input, json, at, out))
        }
        Command::Gen {
            family,
            seed,
            count,
            out: dir,
        } => app::stream(|out| cmd::generate(family, seed, count, dir.as_deref(), out)),
        Command::Analyze { tiles, melds, json } => {
            let stdin = if tiles.is_empty() {
                Some(cmd::open_input(None)?)
            } else {
                None
            };
            app::stream(|out| cmd::analyze(&tiles, stdin, &melds, json, out))
        }
        Command::Noi2014(Noi2014Command::Play {
            wall,
            seed,
            family,
            bots,
            limits,
            json,
            html,
        }) => {
            let limits = limits.into();
            let source = match &wall {
                Some(path) => app::noi2014::WallSource::File(path),
                None => app::noi2014::WallSource::Seed(
                    seed,
                    family.unwrap_or(mahjong_sim::noi2014::families::Family::Uniform),
                ),
            };
            ok(app::noi2014::play(
                source,
                &bots,
                seed,
                limits,
                json,
                html.as_deref(),
            )?)
        }
        Command::Noi2014(Noi2014Command::Bot {
            bot,
            seed,
            keep_running,
        }) => {
            let stdin = std::io::stdin().lock();
            app::stream(|out| app::noi2014::bot(&bot, seed, keep_running, stdin, out))
        }
        Command::Noi2014(Noi2014Command::Tournament {
            bots,
            rounds,
            seed,
            jobs,
            duplicate,
            family,
            limits,
            logs,
            json,
        }) => {
            let options = app::tournament::Options {
                entrants: bots,
                rounds: rounds as u32,
                seed,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
                duplicate,
                limits: limits.into(),
                family,
                logs: logs
                    .unwrap_or_else(|| PathBuf::from(format!("noi2014-tournament-seed-{seed}"))),
                json,
            };
            ok(app::tournament::tournament(&options)?)
        }
        Command::Noi2014(Noi2014Command::Duel {
            bots,
            against,
            seed,
            games,
            sprt,
            max_games,
            jobs,
            family,
            limits,
            logs,
            json,
        }) => {
            let [a, b]: [app::tournament::Entrant; 2] = bots.try_into().map_err(|v: Vec<_>| {
                CliError::Other(format!(
                    "a duel takes exactly two --bot (A, then B), not {}",
                    v.len()
                ))
            })?;
            let length = match games {
                Some(n) => app::duel::Length::Units((n as u64).div_ceil(8)),
                None => app::duel::Length::Sprt(
                    app::duel::parse_sprt(sprt.as_deref().unwrap_or(&[]))
                        .map_err(CliError::Other)?,
                    (max_games as u64).div_ceil(8),
                ),
            };
            let options = app::duel::Options {
                a,
                b,
                against: app::duel::opponents(against)?,
                seed,
                length,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
                family,
                limits: limits.into(),
                logs: logs.unwrap_or_else(|| PathBuf::from(format!("noi2014-duel-seed-{seed}"))),
                json,
            };
            let (out, verdict, interrupted) = app::duel::duel(&options)?;
            let code = app::emit(&out, verdict)?;
            Ok(if interrupted {
                ExitCode::from(130)
            } else {
                code
            })
        }
        Command::Bench {
            games,
            calls,
            seed,
            json,
        } => ok(cmd::bench(games, calls, seed, json)?),
    }
}
