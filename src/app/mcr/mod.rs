//! `mahjong-sim mcr ...`: Chinese Standard Mahjong (国标麻将), the fan
//! calculator and shanten.

mod fan;
mod shanten;

pub use fan::FanArgs;
pub use shanten::ShantenArgs;

use super::CliError;
use mahjong_sim::mcr::Tile;
use std::process::ExitCode;

/// `mahjong-sim mcr ...`: Chinese Standard Mahjong (MCR, 国标麻将) as
/// Botzone and the IJCAI competitions play it.
#[derive(clap::Subcommand)]
pub enum Command {
    // Each command's help is its arguments' doc comment.
    #[allow(missing_docs)]
    Fan(FanArgs),
    #[allow(missing_docs)]
    Shanten(ShantenArgs),
}

/// Runs an `mcr` command.
pub fn run(command: Command) -> Result<ExitCode, CliError> {
    match command {
        Command::Fan(args) => fan::run(args),
        Command::Shanten(args) => shanten::run(args),
    }
}

/// The tiles of `words` (each word may hold several, separated by
/// spaces), flowers `H1`-`H8` counted apart; errors name the tile by its
/// position (`tile 3`) and `what` holds it.
fn parse_tiles(words: &[String], what: &str) -> Result<(Vec<Tile>, u8), CliError> {
    let mut tiles = Vec::new();
    let mut flowers = 0u8;
    for (i, name) in words.iter().flat_map(|w| w.split_whitespace()).enumerate() {
        if mahjong_sim::mcr::tile::is_flower(name) {
            flowers = flowers.saturating_add(1);
            continue;
        }
        let t = name
            .parse::<Tile>()
            .map_err(|e| CliError::Other(format!("{what}, tile {}: {e}", i + 1)))?;
        tiles.push(t);
    }
    Ok((tiles, flowers))
}
