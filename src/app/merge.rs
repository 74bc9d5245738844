//! `mahjong-sim RULESET merge` (`noi2014 merge`, `mcr merge`): the
//! arguments and the report printed; the merge itself is
//! [`mahjong_sim::contest::merge`], written once over the ruleset.

use super::ruleset::Cli;
use super::CliError;
use mahjong_sim::contest::merge::{self, Merged};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::process::ExitCode;

/// The first line of the help (`-h`; `--help` ends it with a period).
const ABOUT: &str =
    "Merge a duel's or a tournament's shards into the report one machine would print";

/// The help of `R`'s merge: the same words for every ruleset but its name;
/// its example is [`Cli::MERGE_EXAMPLE`].
fn long_about<R: Cli>() -> String {
    let name = R::NAME;
    format!(
        "{ABOUT}.\n\n\
         A duel's shard is the logs folder of `{name} duel --walls FROM..TO` (or of a whole duel), run on any machine with the same options but --walls, --jobs and --logs. The merge counts the shards' walls in order from wall 0 under the duel's test (--sprt or --games, as the shards were given), up to a decision or the cap, and prints the report a single `{name} duel` prints for the same walls, byte for byte (with --json, its JSON). Every wall is checked against its two game logs. Shards of different settings, shards holding the same wall, or a wall that no shard holds before the test decides are refused (exit 2); exit 1 when the test accepts H0, as `duel`.\n\n\
         A tournament's shard is the logs folder of `{name} tournament --round R [--tables FROM..TO]` (or of a whole tournament). The merge seats each round from the standings before it, as the tournament does, and prints the standings one machine prints after the rounds the shards hold. Every game is checked against its log. Shards of different settings, a game held twice, a round with a game missing (the command to run is named), or a game seated after other standings are refused (exit 2).\n\n\
         The example below makes its shards first: two shards of an 8-game duel (walls 0 and 1, walls 2 and 3), then their merge."
    )
}

/// Merge a duel's or a tournament's shards of ruleset `R` (the help:
/// [`long_about`]).
#[derive(clap::Args)]
#[command(about = ABOUT, long_about = long_about::<R>(), after_help = R::MERGE_EXAMPLE)]
pub struct Args<R: Cli> {
    /// The shards' logs folders, in any order.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[arg(skip)]
    ruleset: PhantomData<R>,
}

/// Runs `RULESET merge`.
pub fn run<R: Cli>(args: Args<R>) -> Result<ExitCode, CliError> {
    let (code, shards) = match merge::merge::<R>(&args.dirs)? {
        Merged::Duel(merged) => {
            let code = super::duel::print_report(&merged.report, args.json)?;
            let shards = merged
                .shards
                .iter()
                .map(|(dir, r)| match r.is_empty() {
                    true => format!("{} (no wall)", dir.display()),
                    false => format!("{} (walls {} to {})", dir.display(), r.start, r.end - 1),
                })
                .collect::<Vec<_>>();
            (code, shards)
        }
        Merged::Tournament(merged) => {
            let code = super::tournament::print_report(&merged.report, args.json)?;
            let shards = merged
                .shards
                .iter()
                .map(|(dir, holds)| format!("{} ({holds})", dir.display()))
                .collect();
            (code, shards)
        }
    };
    eprintln!("merged {}", shards.join(", "));
    Ok(code)
}
