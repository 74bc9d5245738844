//! `mahjong-sim explain`: the log with the reason for every decision, or
//! the game's replay page.

use super::args::count_in;
use super::files::{open_input, write_file, Input};
use super::{CliError, Verdict};
use mahjong_sim::thupc2021::log::write_explanation;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Print a contest wall's event log with the reason for every decision.
///
/// The reasons: hands and melds, the distance after each candidate
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
///
/// Example: mahjong-sim explain --at 60 corpus/walls/sample.in
#[derive(clap::Args)]
pub struct Args {
    /// The wall file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print JSON Lines (`mahjong-sim/thupc2021-explanation`, docs/formats.md):
    /// a header with the wall, then each line of the log with its rule and
    /// notes.
    #[arg(long, conflicts_with = "at")]
    pub json: bool,
    /// Show the table before this line of the log (from 1).
    #[arg(long, value_name = "N", value_parser = count_in(1, 1_000_000))]
    pub at: Option<usize>,
    /// Write the game's replay page to this file (nothing is printed).
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    pub html: Option<PathBuf>,
}

/// Runs `explain`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let input = open_input(args.file.as_deref())?;
    match args.html {
        Some(page) => {
            debug_assert!(!args.json, "clap keeps --html and --json apart");
            super::emit(&explain_html(input, args.at, &page)?, Verdict::Ok)
        }
        None => super::stream(|out| explain(input, args.json, args.at, out)),
    }
}

/// `explain`: the log with the reason for every decision; with `at`, the
/// table before that line and the reasons and rule for it.
pub fn explain(
    input: Input,
    json: bool,
    at: Option<usize>,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let wall = input.wall()?;
    if let Some(line) = at {
        out.write_all(mahjong_sim::thupc2021::explain::at_line(&wall, line).as_bytes())
            .map_err(CliError::Stdout)?;
        return Ok(Verdict::Ok);
    }
    let steps = mahjong_sim::thupc2021::explain::explain(&wall);
    if json {
        write_explanation(out, &wall, &steps)
    } else {
        out.write_all(mahjong_sim::thupc2021::explain::render_steps(&steps).as_bytes())
    }
    .map_err(CliError::Stdout)?;
    Ok(Verdict::Ok)
}

/// `explain --html PAGE`: the game's replay page written to `page`, opened
/// at line `at` when given; nothing to print.
pub fn explain_html(input: Input, at: Option<usize>, page: &Path) -> Result<Vec<u8>, CliError> {
    let title = input.name.replace('`', "");
    let wall = input.wall()?;
    let replay = match at {
        Some(line) => mahjong_sim::replay::thupc2021::replay_at(&wall, &title, line),
        None => mahjong_sim::replay::thupc2021::replay(&wall, &title),
    };
    write_file(page, mahjong_sim::replay::render(&replay).as_bytes())?;
    Ok(Vec::new())
}
