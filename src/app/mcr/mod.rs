//! `mahjong-sim mcr ...`: Chinese Standard Mahjong (国标麻将), the fan
//! calculator, shanten, the judge's conformance and games between bots.

mod conform;
mod fan;
mod play;
mod shanten;

pub use conform::ConformArgs;
pub use fan::FanArgs;
pub use play::PlayArgs;
pub use shanten::ShantenArgs;

use super::CliError;
use mahjong_sim::contest::mcr::Mcr;
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
    #[allow(missing_docs)]
    Conform(ConformArgs),
    #[allow(missing_docs)]
    Play(PlayArgs),
    #[allow(missing_docs)]
    Duel(super::duel::Args<Mcr>),
    #[allow(missing_docs)]
    Tournament(super::tournament::Args<Mcr>),
    #[allow(missing_docs)]
    Merge(super::merge::Args<Mcr>),
}

/// Runs an `mcr` command.
pub fn run(command: Command) -> Result<ExitCode, CliError> {
    match command {
        Command::Fan(args) => fan::run(args),
        Command::Shanten(args) => shanten::run(args),
        Command::Conform(args) => conform::run(args),
        Command::Play(args) => play::run(args),
        Command::Duel(args) => super::duel::run(args),
        Command::Tournament(args) => super::tournament::run(args),
        Command::Merge(args) => super::merge::run(args),
    }
}
