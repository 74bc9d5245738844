//! `mahjong-sim`: the command-line front end. A dispatch: each command's
//! arguments and its `run` live in their own module of `app/`, the work
//! itself in the library.

mod app;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Mahjong rules engines for contests: THUPC 2021, NOI2014 and MCR.
///
/// THUPC 2021 "麻将模拟器": the contest's game log of a wall (simulate),
/// its reasons (explain), seeded walls (gen) and a differential test of
/// your solution (check). The winning distance of a hand (distance) and
/// its analysis (analyze). The NOI2014 team contest: games, duels and
/// Swiss tournaments between built-in bots and your bot programs under
/// Botzone's protocol (noi2014). Chinese Standard Mahjong (MCR): fans,
/// shanten, Botzone's judge, and games, duels and tournaments of bots
/// (mcr).
///
/// Exit status: 0 success, 1 a negative verdict (a mismatch found, a duel
/// that accepts H0), 2 bad usage, bad input or an I/O error. Errors go to
/// stderr as `line L, column C: ...`.
#[derive(Parser)]
#[command(
    name = "mahjong-sim",
    version,
    about,
    long_about,
    after_help = "Example: mahjong-sim simulate corpus/walls/sample.in\n\nDetails of each command: mahjong-sim COMMAND --help (or mahjong-sim help COMMAND)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Each command's help is its arguments' doc comment, in its module.
#[derive(Subcommand)]
enum Command {
    Simulate(app::simulate::Args),
    Distance(app::distance::Args),
    Explain(app::explain::Args),
    Gen(app::gen::Args),
    Check(app::check::Args),
    Analyze(app::analyze::Args),
    /// NOI2014 team-contest mahjong: games, duels and tournaments of bots.
    ///
    /// The judge follows the rules of docs/noi2014-rules.md; bots are built in
    /// or programs under Botzone's protocol.
    #[command(
        subcommand,
        after_help = "Example: mahjong-sim noi2014 play --seed 1 --bot greedy --bot sample --bot ./mybot"
    )]
    Noi2014(app::noi2014::Command),
    /// Chinese Standard Mahjong (MCR, 国标麻将): fans, shanten, games of bots.
    ///
    /// The fan calculator and shanten of MahjongGB 1.4.0 (pymahjonggb),
    /// exact on its recorded answers, with Botzone's tile names; the game
    /// as Botzone's judge plays it (conform checks recorded games against
    /// ours), and games, duels and Swiss tournaments between built-in bots
    /// and your bot programs under Botzone's protocol.
    #[command(
        subcommand,
        after_help = "Example: mahjong-sim mcr fan W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 F1 J2 J2 --self-drawn"
    )]
    Mcr(app::mcr::Command),
    Bench(app::bench::Args),
}

fn main() -> ExitCode {
    // Bots and solutions may wrap this program: their sandboxes show it.
    if let Ok(exe) = std::env::current_exe() {
        mahjong_sim::process::sandbox::provide_self(&exe);
    }
    let result = match Cli::parse().command {
        Command::Simulate(args) => app::simulate::run(args),
        Command::Distance(args) => app::distance::run(args),
        Command::Explain(args) => app::explain::run(args),
        Command::Gen(args) => app::gen::run(args),
        Command::Check(args) => app::check::run(args),
        Command::Analyze(args) => app::analyze::run(args),
        Command::Noi2014(command) => app::noi2014::run(command),
        Command::Mcr(command) => app::mcr::run(command),
        Command::Bench(args) => app::bench::run(args),
    };
    // An interrupt that exits: its handler says what was saved and sets
    // the status, whatever the command made of its killed bots.
    app::wait_for_interrupt_exit();
    match result {
        Ok(code) => code,
        Err(e) => {
            app::say(&e.to_string());
            ExitCode::from(app::EXIT_ERROR)
        }
    }
}
