//! `mahjong-sim distance`: the winning distance of hands, one a line.

use super::files::{open_input, read_error, Input};
use super::{CliError, Verdict};
use mahjong_sim::distance;
use mahjong_sim::hand::Hand;
use mahjong_sim::parse::{hand_line, HandLines};
use mahjong_sim::thupc2021::event::write_json_lines;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print the winning distance of hands, one hand a line.
///
/// Each line holds tile names separated by spaces. The number of exposed
/// melds follows from the size: 13 or 14 tiles mean none, 10 or 11 one,
/// 7 or 8 two, 4 or 5 three, 1 or 2 four. Special tiles count in the size
/// but never fit. Prints one distance a line, in input order, each as
/// soon as its line is read; blank lines at the end are fine, empty input
/// prints nothing.
///
/// Example: echo '1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M E' | mahjong-sim distance
#[derive(clap::Args)]
pub struct Args {
    /// The file of hands; standard input when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print one JSON object a line: line, hand, melds, distance.
    #[arg(long)]
    pub json: bool,
}

/// Runs `distance`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let input = open_input(args.file.as_deref())?;
    super::stream(|out| distances(input, args.json, out))
}

#[derive(Serialize)]
struct DistanceLine<'a> {
    line: usize,
    hand: &'a [mahjong_sim::tile::Tile],
    melds: u8,
    distance: u8,
}

/// `distance`: one distance a line for hands given one a line, each answered
/// as soon as it is read (flushed before the next read could wait, so an
/// interactive user sees it at once). Nothing in, nothing out.
pub fn distances(input: Input, json: bool, mut out: &mut dyn Write) -> Result<Verdict, CliError> {
    let Input { reader, name } = input;
    let mut lines = HandLines::new(reader);
    loop {
        if lines.may_wait() {
            out.flush().map_err(CliError::Stdout)?;
        }
        let Some(next) = lines.next() else { break };
        let (line, tiles) = next.map_err(|e| read_error(&name, e))?;
        let l = hand_line(line, tiles)?;
        let row = DistanceLine {
            line: l.line,
            hand: &l.tiles,
            melds: l.melds,
            distance: distance::distance(&Hand::from_tiles(&l.tiles), l.melds)
                .expect("melds_for_size gave a fitting meld count"),
        };
        if json {
            write_json_lines(&mut out, std::slice::from_ref(&row))
        } else {
            writeln!(out, "{}", row.distance)
        }
        .map_err(CliError::Stdout)?;
    }
    Ok(Verdict::Ok)
}
