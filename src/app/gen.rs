//! `mahjong-sim gen`: seeded walls of the rule-stressing families.

use super::args::{count_in, parse_family, MAX_WALLS};
use super::files::{cannot_write, prepare_dir};
use super::{CliError, Verdict};
use mahjong_sim::thupc2021::families::Family;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Generate seeded walls in rule-stressing families.
///
/// The same seed gives the same walls on every machine.
/// Families: uniform (a plain shuffle), specials-early (all twelve
/// special tiles in the deal), specials-late (special tiles only in the
/// last 40), honors (the deal crowded with honors), one-suit (the deal
/// crowded with one suit), quads (several kinds dealt whole to one
/// player), long-draw (games that end with the wall exhausted, found by
/// simulating).
///
/// Example: mahjong-sim gen --family quads --seed 7 --count 3 --out walls
#[derive(clap::Args)]
pub struct Args {
    /// Which family of walls.
    #[arg(long, default_value = "uniform", value_parser = parse_family)]
    pub family: Family,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many walls (at most 1,000,000,000).
    #[arg(long, default_value_t = 1, value_parser = count_in(0, MAX_WALLS))]
    pub count: usize,
    /// Write one file per wall into this folder, FAMILY-SEED-N.in with N as
    /// wide as the count needs (the paths are printed). The folder is
    /// created if missing, but not its parents; walls already there are
    /// never overwritten. Without it, walls go to stdout separated by blank
    /// lines.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Runs `gen`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let Args {
        family,
        seed,
        count,
        out: dir,
    } = args;
    super::stream(|out| generate(family, seed, count, dir.as_deref(), out))
}

/// `gen`: `count` walls of `family` from `seed`, made and written one at a
/// time, to `out_dir` (one file each, named by family, seed and a number as
/// wide as the count needs; the paths are printed) or, with no directory,
/// to stdout separated by blank lines. The folder may exist (it must not
/// hold walls of this family and seed: nothing is overwritten) or be
/// created, but only its last part.
pub fn generate(
    family: mahjong_sim::thupc2021::families::Family,
    seed: u64,
    count: usize,
    out_dir: Option<&Path>,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let walls = mahjong_sim::thupc2021::families::wall_stream(family, seed).take(count);
    let Some(dir) = out_dir else {
        for (i, w) in walls.enumerate() {
            if i > 0 {
                writeln!(out).map_err(CliError::Stdout)?;
            }
            write!(out, "{w}").map_err(CliError::Stdout)?;
        }
        return Ok(Verdict::Ok);
    };
    let prefix = format!("{}-{seed}-", family.name());
    prepare_dir(dir, "--out", |name| {
        name.starts_with(&prefix) && name.ends_with(".in")
    })?;
    for (i, w) in walls.enumerate() {
        let stem = mahjong_sim::thupc2021::families::wall_file_stem(family, seed, i, count);
        let path = dir.join(format!("{stem}.in"));
        let io_error = cannot_write(&path);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(io_error)?;
        file.write_all(w.to_string().as_bytes()).map_err(io_error)?;
        writeln!(out, "{}", path.display()).map_err(CliError::Stdout)?;
    }
    Ok(Verdict::Ok)
}
