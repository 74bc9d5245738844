//! `mahjong-sim mcr shanten`: shanten of hands, one a line.

use super::super::files::open_input;
use super::super::{CliError, Verdict};
use mahjong_sim::mcr::input::{shanten_report, ShantenReport};
use mahjong_sim::mcr::shanten::ShantenForm;
use mahjong_sim::mcr::Tile;
use serde::Serialize;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// MCR shanten (上听数): the best over every form, and the useful tiles.
///
/// The forms that reach the best are named.
/// Shanten is the number of tiles missing to a ready hand (0 = ready,
/// -1 = complete). A hand is 13, 10, 7, 4 or 1 standing tiles (13 less
/// 3 a meld; melds themselves play no part) in Botzone names (W1-W9,
/// T1-T9, B1-B9, F1-F4, J1-J3), given as arguments or, with none, on
/// standard input one hand a line. Prints a line a hand: the shanten,
/// the forms that reach it and the tiles that lower it (kinds held four
/// times included, as MahjongGB lists them). The numbers are MahjongGB
/// 1.4.0's; --json adds every form's own answer.
///
/// Example: mahjong-sim mcr shanten W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 J2 J3
#[derive(clap::Args)]
pub struct ShantenArgs {
    /// The standing tiles; standard input (one hand a line) when none.
    #[arg(value_name = "HAND")]
    pub hand: Vec<String>,
    /// Print one JSON object a line: line, hand, shanten, forms, useful
    /// and each form's shanten and useful tiles (absent: the form needs
    /// another tile count).
    #[arg(long)]
    pub json: bool,
}

/// Runs `mcr shanten`.
pub fn run(args: ShantenArgs) -> Result<ExitCode, CliError> {
    if !args.hand.is_empty() {
        let mut out = Vec::new();
        let (tiles, _) = parse_tiles(&args.hand, "HAND")?;
        one(1, &tiles, args.json, &mut out)?;
        return super::super::emit(&out, Verdict::Ok);
    }
    let input = open_input(None)?;
    super::super::stream(|out| {
        for (n, line) in input.reader.lines().enumerate() {
            let line = line.map_err(|source| CliError::Io {
                what: "cannot read standard input".into(),
                source,
            })?;
            if line.trim().is_empty() {
                continue;
            }
            let (tiles, _) = parse_tiles(&[line], &format!("line {}", n + 1))?;
            one(n + 1, &tiles, args.json, out)?;
            out.flush().map_err(CliError::Stdout)?;
        }
        Ok(Verdict::Ok)
    })
}

#[derive(Serialize)]
struct ShantenJson<'a> {
    line: usize,
    hand: &'a [Tile],
    #[serde(flatten)]
    report: &'a ShantenReport,
}

fn form_name(f: ShantenForm) -> &'static str {
    match f {
        ShantenForm::Regular => "regular",
        ShantenForm::SevenPairs => "seven-pairs",
        ShantenForm::ThirteenOrphans => "thirteen-orphans",
        ShantenForm::HonorsAndKnittedTiles => "honors-and-knitted-tiles",
        ShantenForm::KnittedStraight => "knitted-straight",
    }
}

fn one(line: usize, tiles: &[Tile], json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let report = shanten_report(tiles).map_err(|e| CliError::Other(format!("line {line}: {e}")))?;
    if json {
        let j = ShantenJson {
            line,
            hand: tiles,
            report: &report,
        };
        serde_json::to_writer(&mut *out, &j).map_err(|e| CliError::Stdout(e.into()))?;
        return writeln!(out).map_err(CliError::Stdout);
    }
    let names: Vec<&str> = report.forms.iter().map(|&f| form_name(f)).collect();
    let useful: Vec<&str> = report.useful.iter().map(|t| t.name()).collect();
    writeln!(
        out,
        "{} ({}) useful: {}",
        report.shanten,
        names.join(", "),
        useful.join(" ")
    )
    .map_err(CliError::Stdout)
}

/// The tiles of `words` (see [`mahjong_sim::mcr::input::parse_tiles`]).
fn parse_tiles(words: &[String], what: &str) -> Result<(Vec<Tile>, u8), CliError> {
    mahjong_sim::mcr::input::parse_tiles(words, what).map_err(CliError::Other)
}
