//! The bodies of the `mahjong-sim` subcommands, kept out of `main.rs` so they
//! can be tested and reused. Each returns the bytes to print or an error.

use crate::distance;
use crate::event::{write_json_lines, write_log};
use crate::game::play;
use crate::hand::Hand;
use crate::parse::{parse_hand_lines, parse_wall, ParseError};
use serde::Serialize;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: a negative verdict (a mismatch was found).
pub const EXIT_MISMATCH: u8 = 1;
/// Exit status: bad usage, bad input or an I/O error.
pub const EXIT_ERROR: u8 = 2;

/// A failure to report on stderr (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input, with its position.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A file could not be read or written.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: io::Error,
    },
    /// Anything else worth a sentence.
    #[error("{0}")]
    Other(String),
}

/// Reads `path`, or stdin when `None` or `-`.
pub fn read_input(path: Option<&Path>) -> Result<Vec<u8>, CliError> {
    let mut buf = Vec::new();
    match path {
        Some(p) if p != Path::new("-") => {
            buf = std::fs::read(p).map_err(|source| CliError::Io {
                what: format!("cannot read `{}`", p.display()),
                source,
            })?;
        }
        _ => {
            io::stdin()
                .lock()
                .read_to_end(&mut buf)
                .map_err(|source| CliError::Io {
                    what: "cannot read standard input".into(),
                    source,
                })?;
        }
    }
    Ok(buf)
}

/// `simulate`: the event log of the game on a contest wall.
pub fn simulate(input: &[u8], json: bool) -> Result<Vec<u8>, CliError> {
    let wall = parse_wall(input)?;
    let events = play(&wall);
    let mut out = Vec::with_capacity(events.len() * 12);
    if json {
        write_json_lines(&mut out, &events)
    } else {
        write_log(&mut out, &events)
    }
    .expect("writing to memory");
    Ok(out)
}

#[derive(Serialize)]
struct DistanceLine<'a> {
    line: usize,
    hand: &'a [crate::tile::Tile],
    melds: u8,
    distance: u8,
}

/// `distance`: one distance a line for hands given one a line.
pub fn distances(input: &[u8], json: bool) -> Result<Vec<u8>, CliError> {
    let lines = parse_hand_lines(input)?;
    let rows: Vec<DistanceLine> = lines
        .iter()
        .map(|l| DistanceLine {
            line: l.line,
            hand: &l.tiles,
            melds: l.melds,
            distance: distance::distance(&Hand::from_tiles(&l.tiles), l.melds)
                .expect("melds_for_size gave a fitting meld count"),
        })
        .collect();
    let mut out = Vec::new();
    if json {
        write_json_lines(&mut out, &rows).expect("writing to memory");
    } else {
        for r in &rows {
            writeln!(out, "{}", r.distance).expect("writing to memory");
        }
    }
    Ok(out)
}

/// `analyze`: decompositions, waits, or distance and best discards. Tiles
/// come from `args` (joined by spaces, positions as if on line 1) or, when
/// there are none, from `stdin`.
pub fn analyze(
    args: &[String],
    stdin: Option<&[u8]>,
    melds: &[String],
    json: bool,
) -> Result<Vec<u8>, CliError> {
    use crate::analysis::{analyze, Set};
    let text = if args.is_empty() {
        stdin.unwrap_or_default().to_vec()
    } else {
        args.join(" ").into_bytes()
    };
    let positioned = crate::parse::parse_positioned(&text)?;
    if let Some((pos, t)) = positioned.iter().find(|(_, t)| t.is_special()) {
        return Err(CliError::Other(format!(
            "{pos}: special tile `{t}` cannot be analysed: ordinary tiles only"
        )));
    }
    let tiles: Vec<_> = positioned.into_iter().map(|(_, t)| t).collect();
    let mut sets = Vec::new();
    for (i, m) in melds.iter().enumerate() {
        let meld_tiles = crate::tile::parse_tiles(m)
            .map_err(|e| CliError::Other(format!("--meld {} (`{m}`): {e}", i + 1)))?;
        let set = Set::from_tiles(&meld_tiles).ok_or_else(|| {
            CliError::Other(format!(
                "--meld {} (`{m}`): not a chow, pung or kong",
                i + 1
            ))
        })?;
        sets.push(set);
    }
    let a = analyze(&tiles, &sets).map_err(|e| CliError::Other(e.to_string()))?;
    let mut out = if json {
        serde_json::to_vec(&a).expect("an analysis serializes")
    } else {
        a.to_string().into_bytes()
    };
    if json {
        out.push(b'\n');
    }
    Ok(out)
}

/// `explain`: the log with the reason for every decision.
pub fn explain(input: &[u8], json: bool) -> Result<Vec<u8>, CliError> {
    let wall = parse_wall(input)?;
    let steps = crate::explain::explain(&wall);
    if !json {
        return Ok(crate::explain::render(&steps).into_bytes());
    }
    let mut out = Vec::new();
    write_json_lines(&mut out, &steps).expect("writing to memory");
    Ok(out)
}

/// `gen`: `count` walls of `family` from `seed`, to `out_dir` (one file
/// each, named by family, seed and number; the paths are printed) or, with
/// no directory, to stdout separated by blank lines.
pub fn gen(
    family: crate::gen::Family,
    seed: u64,
    count: usize,
    out_dir: Option<&Path>,
) -> Result<Vec<u8>, CliError> {
    let walls = crate::gen::walls(family, seed, count);
    let mut out = Vec::new();
    match out_dir {
        None => {
            for (i, w) in walls.iter().enumerate() {
                if i > 0 {
                    out.push(b'\n');
                }
                write!(out, "{w}").expect("to memory");
            }
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|source| CliError::Io {
                what: format!("cannot create `{}`", dir.display()),
                source,
            })?;
            for (i, w) in walls.iter().enumerate() {
                let path = dir.join(format!("{}-{seed}-{i:05}.in", family.name()));
                std::fs::write(&path, w.to_string()).map_err(|source| CliError::Io {
                    what: format!("cannot write `{}`", path.display()),
                    source,
                })?;
                writeln!(out, "{}", path.display()).expect("to memory");
            }
        }
    }
    Ok(out)
}

/// `bench`: a quick speed figure.
pub fn bench(games: usize, calls: usize, seed: u64, json: bool) -> Result<Vec<u8>, CliError> {
    if games == 0 || calls < 4 {
        return Err(CliError::Other(
            "bench needs --games of at least 1 and --calls of at least 4".into(),
        ));
    }
    let report = crate::bench::run(games, calls, seed);
    let mut out = if json {
        serde_json::to_vec(&report).expect("a report serializes")
    } else {
        report.to_string().into_bytes()
    };
    out.push(b'\n');
    Ok(out)
}

/// `check`: the report and the exit status (0 all agree, 1 a disagreement).
pub fn check(o: &crate::check::Options) -> Result<(Vec<u8>, u8), CliError> {
    if o.walls == 0 || o.jobs == 0 {
        return Err(CliError::Other(
            "check needs --walls and --jobs of at least 1".into(),
        ));
    }
    if o.solution.trim().is_empty() {
        return Err(CliError::Other("--solution is empty".into()));
    }
    crate::check::kill_solutions_on_interrupt();
    let report = crate::check::check(o).map_err(|source| CliError::Io {
        what: format!("cannot run the solution `{}`", o.solution),
        source,
    })?;
    let status = if report.failure.is_some() {
        EXIT_MISMATCH
    } else {
        EXIT_OK
    };
    Ok((crate::check::render(o, &report).into_bytes(), status))
}

/// Like [`finish`], with the status chosen by the command.
pub fn finish_with_status(result: Result<(Vec<u8>, u8), CliError>) -> ExitCode {
    match result {
        Ok((bytes, status)) => emit(&bytes, status),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Prints a command's result: output to stdout (a closed pipe is not an
/// error), errors to stderr with exit status 2.
pub fn finish(result: Result<Vec<u8>, CliError>) -> ExitCode {
    finish_with_status(result.map(|bytes| (bytes, EXIT_OK)))
}

/// Writes `bytes` to stdout and exits with `status`; a broken pipe counts as
/// success, any other write error as exit 2.
pub fn emit(bytes: &[u8], status: u8) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::from(status),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(status),
        Err(e) => {
            eprintln!("cannot write standard output: {e}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}
