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
use mahjong_sim::mcr::input::parse_reading;
use mahjong_sim::mcr::judge::Options;
use mahjong_sim::mcr::Reading;
use std::process::ExitCode;

/// The judge's readings where official implementations differ, as
/// `conform` and `play` take them.
#[derive(clap::Args)]
pub struct JudgeArgs {
    /// The fan calculator's reading: judge2018 (the official judge's
    /// bundled copy) or 1.4.0 (MahjongGB 1.4.0).
    #[arg(long, value_name = "READING", default_value = "judge2018", value_parser = parse_reading)]
    pub reading: Reading,
    /// Judge as the Python environment ailab-pku/botzone-local does
    /// (minimum 8 fans with flowers, melded kongs refused on an empty own
    /// wall) instead of the official C++ judge.
    #[arg(long)]
    pub python_twin: bool,
}

impl JudgeArgs {
    /// The judge's options these flags name.
    pub fn options(&self) -> Options {
        Options::named(self.reading, self.python_twin)
    }
}

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
