//! `mahjong-sim mcr conform`: recorded games of the official judge
//! replayed through ours.

use super::super::{CliError, Verdict};
use super::JudgeArgs;
use mahjong_sim::mcr::judge::conform::{replay_line, Conformance};
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Replay games recorded through the official Botzone judge through ours.
///
/// Checks that our judge makes the same game: every request string, the
/// final scores and the final display (action, player, fans), and on the
/// way each step's tiles left and calculator totals (`display.tileCnt`,
/// `canHu`).
///
/// FILE holds one game a line in the format of the conformance data
/// (`initdata`, `turns` with the judge's outputs and the players'
/// responses, `final`), plain or gzipped. The recorded responses are
/// given to our judge as the players' answers. Prints each differing
/// game's first difference, then `N/M games identical`; exit status 1 if
/// any game differs.
///
/// The example below plays a game of ours first (`mcr play --transcript`
/// writes it in the same format), then replays it; the official judge's
/// own games are replayed alike (`mahjong-sim mcr conform
/// games-public.jsonl.gz`).
#[derive(clap::Args)]
#[command(after_help = EXAMPLE)]
pub struct ConformArgs {
    /// Transcript files (JSON Lines, plain or gzipped).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub judge: JudgeArgs,
}

/// The help's example, one command a line, run in order (`tests/help.rs`
/// runs them from a fresh clone).
const EXAMPLE: &str = "\
Example: mahjong-sim mcr play --seed 1 --transcript game.jsonl
         mahjong-sim mcr conform game.jsonl";

/// Runs `mcr conform`.
pub fn run(args: ConformArgs) -> Result<ExitCode, CliError> {
    let options = args.judge.options();
    super::super::stream(|out| {
        let (mut identical, mut total) = (0usize, 0usize);
        for path in &args.files {
            let reader = open(path)?;
            for (n, line) in reader.lines().enumerate() {
                let line = line.map_err(|source| CliError::Io {
                    what: format!("cannot read {}", path.display()),
                    source,
                })?;
                if line.trim().is_empty() {
                    continue;
                }
                total += 1;
                let at = format!("{}:{}", path.display(), n + 1);
                match replay_line(&line, options) {
                    Conformance::Identical(_) => identical += 1,
                    Conformance::Differs(d) => {
                        writeln!(out, "{at}: {d}").map_err(CliError::Stdout)?
                    }
                    Conformance::Unreadable(why) => {
                        writeln!(out, "{at}: unreadable: {why}").map_err(CliError::Stdout)?
                    }
                }
            }
        }
        writeln!(out, "{identical}/{total} games identical").map_err(CliError::Stdout)?;
        Ok(if identical == total {
            Verdict::Ok
        } else {
            Verdict::Negative
        })
    })
}

/// `path` for reading, through gunzip when it starts as gzip does.
fn open(path: &Path) -> Result<Box<dyn BufRead>, CliError> {
    let io = |source| CliError::Io {
        what: format!("cannot read {}", path.display()),
        source,
    };
    let mut file = BufReader::new(File::open(path).map_err(io)?);
    let gzipped = file.fill_buf().map_err(io)?.starts_with(&[0x1f, 0x8b]);
    let inner: Box<dyn Read> = if gzipped {
        Box::new(flate2::bufread::MultiGzDecoder::new(file))
    } else {
        Box::new(file)
    };
    Ok(Box::new(BufReader::new(inner)))
}
