//! `mahjong-sim noi2014 merge`: the arguments and the report printed; the
//! merge itself is [`mahjong_sim::contest::duel::merge`].

use super::CliError;
use mahjong_sim::contest::duel::merge;
use std::path::PathBuf;
use std::process::ExitCode;

/// Merge a duel's shards into the report one machine would print.
///
/// Each shard is the logs folder of `noi2014 duel --walls FROM..TO` (or of
/// a whole duel), run on any machine with the same options but --walls,
/// --jobs and --logs. The merge counts the shards' walls in order from
/// wall 0 under the duel's test (--sprt or --games, as the shards were
/// given), up to a decision or the cap, and prints the report a single
/// `noi2014 duel` prints for the same walls, byte for byte (with --json,
/// its JSON). Every wall is checked against its two game logs. Shards of
/// different settings, shards holding the same wall, or a wall that no
/// shard holds before the test decides are refused (exit 2); exit 1 when
/// the test accepts H0, as `duel`.
///
/// Example: mahjong-sim noi2014 merge shard-0 shard-1 shard-2 shard-3
#[derive(clap::Args)]
pub struct Args {
    /// The shards' logs folders, in any order.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `noi2014 merge`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let merged = merge::merge(&args.dirs)?;
    let code = super::duel::print_report(&merged.report, args.json)?;
    let shards: Vec<String> = merged
        .shards
        .iter()
        .map(|(dir, r)| match r.is_empty() {
            true => format!("{} (no wall)", dir.display()),
            false => format!("{} (walls {} to {})", dir.display(), r.start, r.end - 1),
        })
        .collect();
    eprintln!("merged {}", shards.join(", "));
    Ok(code)
}
