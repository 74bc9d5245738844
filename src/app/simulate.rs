//! `mahjong-sim simulate`: the contest's event log of a wall.

use super::files::{cannot_write, open_input, prepare_dir, Input};
use super::{CliError, Verdict};
use mahjong_sim::thupc2021::event::write_log;
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::log::write_game_log;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play the game on a contest wall and print its event log.
///
/// The wall is 148 tile names separated by whitespace (one a line in
/// the contest), exactly four of each of the 37 kinds: 1M..9M, 1P..9P,
/// 1S..9S, E S W N B F Z, PASS REVERSE DOUBLE. The first name is drawn
/// first. Output is the contest's log, byte for byte.
///
/// For problem setters, `--out DIR` with any number of walls (files, or
/// folders of them) writes each log to DIR/NAME.ans (`.jsonl` with
/// `--json`), NAME the wall file's name without its extension; the
/// folder is created if missing but not its parents, and no file is
/// overwritten.
///
/// Example: mahjong-sim simulate corpus/walls/sample.in
#[derive(clap::Args)]
pub struct Args {
    /// The wall files (or with --out, folders of them); standard input
    /// when none is given or `-`.
    pub files: Vec<PathBuf>,
    /// Print the game log as JSON Lines (`mahjong-sim/thupc2021-game-log`,
    /// docs/formats.md) instead of the contest format.
    #[arg(long)]
    pub json: bool,
    /// Write one log per wall into this folder (the paths are printed).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Runs `simulate`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let Args { files, json, out } = args;
    if let Some(dir) = out {
        return super::stream(|out| simulate_to_dir(&files, json, &dir, out));
    }
    if files.len() > 1 {
        return Err(CliError::Other(
            "simulate reads one wall; for several, give --out DIR".into(),
        ));
    }
    let input = open_input(files.first().map(PathBuf::as_path))?;
    super::stream(|out| simulate(input, json, out))
}

/// `simulate`: the event log of the game on a contest wall.
pub fn simulate(input: Input, json: bool, mut out: &mut dyn Write) -> Result<Verdict, CliError> {
    let wall = input.wall()?;
    let events = play(&wall);
    if json {
        write_game_log(out, &wall, &events)
    } else {
        write_log(&mut out, &events)
    }
    .map_err(CliError::Stdout)?;
    Ok(Verdict::Ok)
}

/// `simulate --out DIR`: the log of every wall given (files, or the files
/// of folders, in name order) written to `DIR/NAME.ans` (`.jsonl` with
/// `json`); the paths are printed. Nothing is overwritten.
pub fn simulate_to_dir(
    inputs: &[std::path::PathBuf],
    json: bool,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let mut walls = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let files = mahjong_sim::contest::check::wall_files(p)
                .map_err(|e| CliError::Other(e.to_string()))?;
            walls.extend(files);
        } else {
            walls.push(p.clone());
        }
    }
    if walls.is_empty() {
        return Err(CliError::Other(
            "simulate --out needs walls: files, or folders of them".into(),
        ));
    }
    let ext = if json { "jsonl" } else { "ans" };
    let targets: Vec<std::path::PathBuf> = walls
        .iter()
        .map(|w| {
            let stem = w.file_stem().unwrap_or(w.as_os_str());
            dir.join(stem).with_extension(ext)
        })
        .collect();
    for (i, t) in targets.iter().enumerate() {
        if targets[..i].contains(t) {
            return Err(CliError::Other(format!(
                "two walls would both write `{}`",
                t.display()
            )));
        }
    }
    prepare_dir(dir, "--out", |name| {
        targets
            .iter()
            .any(|t| t.file_name() == Some(std::ffi::OsStr::new(name)))
    })?;
    for (wall_path, target) in walls.iter().zip(&targets) {
        let wall = open_input(Some(wall_path))?.wall()?;
        let events = play(&wall);
        let mut bytes = Vec::new();
        if json {
            write_game_log(&mut bytes, &wall, &events)
        } else {
            write_log(&mut bytes, &events)
        }
        .expect("writing to memory");
        let io_error = cannot_write(target);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(target)
            .map_err(io_error)?;
        file.write_all(&bytes).map_err(io_error)?;
        writeln!(out, "{}", target.display()).map_err(CliError::Stdout)?;
    }
    Ok(Verdict::Ok)
}
