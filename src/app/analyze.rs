//! `mahjong-sim analyze`: decompositions, waits and best discards of a hand.

use super::files::{open_input, read_error, Input};
use super::{CliError, Verdict};
use mahjong_sim::parse::HandLines;
use std::io::Write;
use std::process::ExitCode;

/// Analyse a hand: decompositions, waits, or distance and best discards.
///
/// Every decomposition of a winning hand, every wait of a ready one, or
/// the distance and best discards of any other.
/// Tiles are given as arguments or, with none, on standard input, one
/// hand a line as `distance` reads them (each analysed in turn). Kongs
/// are four identical tiles in the hand: a complete hand holds 14 to 18
/// tiles (less 3 per exposed meld), a ready one 13 to 17. Waits on a tile
/// the hand holds four of are listed and flagged impossible. Ordinary
/// tiles only.
///
/// Example: mahjong-sim analyze 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M
#[derive(clap::Args)]
pub struct Args {
    /// The concealed tiles; standard input when none are given.
    pub tiles: Vec<String>,
    /// An exposed meld, as printed (`123M`, `777S`, `EEE`) or as tiles
    /// (`"1M 2M 3M"`); repeatable.
    #[arg(long = "meld", value_name = "MELD")]
    pub melds: Vec<String>,
    /// Print the analysis as one JSON object (described in docs/analysis.md).
    #[arg(long)]
    pub json: bool,
}

/// Runs `analyze`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let stdin = if args.tiles.is_empty() {
        Some(open_input(None)?)
    } else {
        None
    };
    super::stream(|out| analyze(&args.tiles, stdin, &args.melds, args.json, out))
}

/// `analyze`: decompositions, waits, or distance and best discards. Tiles
/// come from `args` (joined by spaces, positions as if on line 1) or, when
/// there are none, from `stdin`, one hand a line as `distance` reads them
/// (the analyses separated by blank lines, or one JSON object a line).
pub fn analyze(
    args: &[String],
    stdin: Option<Input>,
    melds: &[String],
    json: bool,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let sets = parse_melds(melds)?;
    let Some(input) = stdin.filter(|_| args.is_empty()) else {
        let positioned = mahjong_sim::parse::parse_positioned(args.join(" ").as_bytes())?;
        return analyze_one(positioned, &sets, json, out);
    };
    let Input { reader, name } = input;
    let mut lines = HandLines::new(reader);
    let mut any = false;
    // Empty input prints nothing, as `distance` does.
    loop {
        if lines.may_wait() {
            out.flush().map_err(CliError::Stdout)?;
        }
        let Some(next) = lines.next() else { break };
        let (_, tiles) = next.map_err(|e| read_error(&name, e))?;
        if any && !json {
            writeln!(out).map_err(CliError::Stdout)?;
        }
        any = true;
        analyze_one(tiles, &sets, json, out)?;
    }
    Ok(Verdict::Ok)
}

/// The exposed melds of `analyze --meld`.
fn parse_melds(melds: &[String]) -> Result<Vec<mahjong_sim::meld::Meld>, CliError> {
    use mahjong_sim::meld::Meld;
    let mut sets = Vec::new();
    for (i, m) in melds.iter().enumerate() {
        // Tiles (`1M 2M 3M`), or the notation melds are printed in (`123M`).
        let set = match mahjong_sim::tile::parse_tiles(m) {
            Ok(meld_tiles) => Meld::from_tiles(&meld_tiles),
            Err(e) => Some(
                Meld::parse(m)
                    .ok_or_else(|| CliError::Other(format!("--meld {} (`{m}`): {e}", i + 1)))?,
            ),
        };
        let set = set.ok_or_else(|| {
            CliError::Other(format!(
                "--meld {} (`{m}`): not a chow, pung or kong",
                i + 1
            ))
        })?;
        sets.push(set);
    }
    Ok(sets)
}

/// Analyses one hand and writes the analysis.
fn analyze_one(
    positioned: Vec<(mahjong_sim::parse::Pos, mahjong_sim::tile::Tile)>,
    sets: &[mahjong_sim::meld::Meld],
    json: bool,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    if let Some((pos, t)) = positioned.iter().find(|(_, t)| t.is_special()) {
        return Err(CliError::Other(format!(
            "{pos}: special tile `{t}` cannot be analysed: ordinary tiles only"
        )));
    }
    let tiles: Vec<_> = positioned.into_iter().map(|(_, t)| t).collect();
    let a =
        mahjong_sim::analysis::analyze(&tiles, sets).map_err(|e| CliError::Other(e.to_string()))?;
    if json {
        serde_json::to_writer(&mut *out, &a).map_err(|e| CliError::Stdout(e.into()))?;
        writeln!(out)
    } else {
        write!(out, "{a}")
    }
    .map_err(CliError::Stdout)?;
    Ok(Verdict::Ok)
}
