//! `mahjong-sim check`: a contestant's solution tested against the engine
//! ([`mahjong_sim::contest::check`]), with a progress bar.

use super::args::{count_in, jobs_or_cpus, parse_family, parse_seconds, MAX_WALLS};
use super::{CliError, Verdict};
use mahjong_sim::contest::check::{self, Options};
use mahjong_sim::process::SandboxMode;
use mahjong_sim::thupc2021::families::Family;
use std::path::PathBuf;
use std::process::ExitCode;

/// Check a contest solution against the engine on generated walls.
///
/// The walls are seeded (`--family`, `--seed`, `--walls`) or those of a
/// folder (`--walls-dir`).
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
///
/// Example: mahjong-sim check --solution ./mysolution --walls 200 --jobs 2
#[derive(clap::Args)]
pub struct Args {
    /// The solution's command line, e.g. './my-solution' or 'python3 sol.py'.
    #[arg(long)]
    pub solution: String,
    /// How many walls (1 to 1,000,000,000); 1000 by default, or with
    /// --walls-dir all of its files.
    #[arg(long, value_parser = count_in(1, MAX_WALLS))]
    pub walls: Option<usize>,
    /// Check on the wall files of this folder (the official data, saved
    /// failures), in the order of their names, instead of generated walls;
    /// an `.ans` file beside a `.in` wall is its expected log.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["family", "seed"])]
    pub walls_dir: Option<PathBuf>,
    /// Run every wall, count the disagreeing ones, group them by the kind
    /// of first difference (what went wrong, which event was expected,
    /// the rule at stake) and shrink the first of each group.
    #[arg(long)]
    pub keep_going: bool,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Which family of walls (see `gen --help`).
    #[arg(long, default_value = defaults().family.name(), value_parser = parse_family)]
    pub family: Family,
    /// The seed of the walls.
    #[arg(long, default_value_t = defaults().seed)]
    pub seed: u64,
    /// Runs at once (1 to 256); the number of CPUs by default.
    #[arg(long, value_parser = count_in(1, 256))]
    pub jobs: Option<usize>,
    /// Seconds one run may take before it is killed, with its children
    /// (at most 86400).
    // `check::Options::new`'s (clap wants the text; a test holds the two
    // together).
    #[arg(long, default_value = "10", value_parser = parse_seconds)]
    pub timeout: std::time::Duration,
    /// Seconds to spend shrinking each group of failing walls, from as
    /// many of its walls as time allows (0 to 86400).
    #[arg(long, default_value_t = defaults().shrink_time.as_secs(), value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub shrink_seconds: u64,
    /// Bytes of output kept before a run is cut off as too large (1 to
    /// 1 GiB).
    #[arg(long, default_value_t = defaults().output_limit, value_parser = count_in(1, 1 << 30))]
    pub output_limit: usize,
    /// Where the shrunk failing wall is saved (a file already there is
    /// never overwritten).
    #[arg(long, default_value = check::SAVE_DIR)]
    pub save_dir: PathBuf,
    /// With --keep-going, stop when the first N walls all disagree at
    /// line 1 (0: run them all).
    #[arg(long, value_name = "N", default_value_t = defaults().line_1_stop)]
    pub line_1_stop: usize,
    /// Memory one run may use, in MiB (0: no limit): memory in use where
    /// the sandbox has a cgroup, else address space.
    #[arg(long, value_name = "MIB", default_value_t = defaults().memory_mib.unwrap_or(0) as usize, value_parser = count_in(0, 1 << 20))]
    pub memory_limit: usize,
    /// Run the solution in a sandbox of its own (its own processes, no
    /// network, only its own folder and the system visible, another user
    /// when run as root): `auto` where the machine allows one (else a
    /// warning), `on` to refuse to check without one, `off`.
    #[arg(long, value_name = "auto|on|off", default_value_t = defaults().sandbox)]
    pub sandbox: SandboxMode,
    #[command(flatten)]
    pub grants: super::args::GrantArgs,
}

/// The library's defaults of a check, which the flags show as theirs.
fn defaults() -> Options {
    Options::new(String::new())
}

/// Runs `check`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let walls = match (args.walls, &args.walls_dir) {
        (Some(n), _) => n,
        (None, Some(dir)) => check::wall_files(dir)
            .map_err(|e| CliError::Other(e.to_string()))?
            .len(),
        (None, None) => defaults().walls,
    };
    let options = Options {
        walls,
        family: args.family,
        seed: args.seed,
        jobs: jobs_or_cpus(args.jobs),
        timeout: args.timeout,
        output_limit: args.output_limit,
        shrink_time: std::time::Duration::from_secs(args.shrink_seconds),
        save_dir: args.save_dir,
        program: std::env::args()
            .next()
            .unwrap_or_else(|| "mahjong-sim".into()),
        keep_going: args.keep_going,
        walls_dir: args.walls_dir,
        line_1_stop: args.line_1_stop,
        sandbox: args.sandbox,
        memory_mib: mahjong_sim::contest::limits::Limits::memory_mib(args.memory_limit as u64),
        grants: args.grants.into(),
        ..Options::new(args.solution)
    };
    let (bytes, verdict) = report(&options, args.json)?;
    super::emit(&bytes, verdict)
}

/// `check`: the report (text, or one JSON object) and the verdict
/// (negative: a disagreement).
fn report(o: &check::Options, json: bool) -> Result<(Vec<u8>, Verdict), CliError> {
    // The options' ranges (at least a wall and a job) are clap's. Before
    // anything runs: a bad folder should not cost the whole run.
    o.validate().map_err(|e| CliError::Other(e.to_string()))?;
    super::on_interrupt(super::OnInterrupt::Exit);
    let pb = super::progress_bar(
        o.walls,
        "checking [{bar:40}] {pos}/{len} walls {per_sec} {eta}",
    );
    // Interrupted, check says how far it got (the bar's count, kept
    // whether or not it is drawn) rather than nothing.
    let (seen, total) = (pb.clone(), o.walls);
    super::interrupt_note(move || {
        format!(
            "{} of {total} walls checked; every solution stopped, no report (run again, or fewer --walls)",
            seen.position()
        )
    });
    let report = check::check(o, &|| pb.inc(1));
    pb.finish_and_clear();
    let report = report.map_err(|e| CliError::Other(e.to_string()))?;
    let verdict = if report.failures.is_empty() {
        Verdict::Ok
    } else {
        Verdict::Negative
    };
    let text = if json {
        let mut v =
            serde_json::to_vec(&check::report_json(o, &report)).expect("a report serializes");
        v.push(b'\n');
        v
    } else {
        check::report_text(o, &report).into_bytes()
    };
    Ok((text, verdict))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        check: Args,
    }

    /// The flags' defaults are the library's (`check::Options::new`).
    #[test]
    fn the_flags_defaults_are_the_librarys() {
        let args = Cli::parse_from(["mahjong-sim", "--solution", "./s"]).check;
        let d = defaults();
        assert_eq!(args.walls, None);
        assert_eq!((args.family, args.seed), (d.family, d.seed));
        assert_eq!(args.timeout, d.timeout);
        assert_eq!(args.shrink_seconds, d.shrink_time.as_secs());
        assert_eq!(args.output_limit, d.output_limit);
        assert_eq!(args.save_dir, d.save_dir);
        assert_eq!(args.line_1_stop, d.line_1_stop);
        assert_eq!(
            mahjong_sim::contest::limits::Limits::memory_mib(args.memory_limit as u64),
            d.memory_mib
        );
        assert_eq!(args.sandbox, d.sandbox);
    }
}
