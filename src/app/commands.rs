//! The bodies of the `mahjong-sim` subcommands. Each returns the bytes to
//! print (and, for `check`, a verdict) or an error; `main.rs` prints them.

use super::{CliError, Verdict};
use mahjong_sim::distance;
use mahjong_sim::hand::Hand;
use mahjong_sim::parse::parse_hand_lines;
use mahjong_sim::thupc2021::event::{write_json_lines, write_log};
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::wall::parse_wall;
use serde::Serialize;
use std::io::{self, Read, Write};
use std::path::Path;

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
    hand: &'a [mahjong_sim::tile::Tile],
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
    use mahjong_sim::analysis::analyze;
    use mahjong_sim::meld::Meld;
    let text = if args.is_empty() {
        stdin.unwrap_or_default().to_vec()
    } else {
        args.join(" ").into_bytes()
    };
    let positioned = mahjong_sim::parse::parse_positioned(&text)?;
    if let Some((pos, t)) = positioned.iter().find(|(_, t)| t.is_special()) {
        return Err(CliError::Other(format!(
            "{pos}: special tile `{t}` cannot be analysed: ordinary tiles only"
        )));
    }
    let tiles: Vec<_> = positioned.into_iter().map(|(_, t)| t).collect();
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
    let steps = mahjong_sim::thupc2021::explain::explain(&wall);
    if !json {
        return Ok(mahjong_sim::thupc2021::explain::render_steps(&steps).into_bytes());
    }
    let mut out = Vec::new();
    write_json_lines(&mut out, &steps).expect("writing to memory");
    Ok(out)
}

/// `gen`: `count` walls of `family` from `seed`, to `out_dir` (one file
/// each, named by family, seed and number; the paths are printed) or, with
/// no directory, to stdout separated by blank lines.
pub fn generate(
    family: mahjong_sim::thupc2021::families::Family,
    seed: u64,
    count: usize,
    out_dir: Option<&Path>,
) -> Result<Vec<u8>, CliError> {
    let walls = mahjong_sim::thupc2021::families::walls(family, seed, count);
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
    let report = super::bench::run(games, calls, seed);
    let mut out = if json {
        serde_json::to_vec(&report).expect("a report serializes")
    } else {
        report.to_string().into_bytes()
    };
    out.push(b'\n');
    Ok(out)
}

/// `check`: the report and the verdict (negative: a disagreement).
pub fn check(o: &mahjong_sim::thupc2021::check::Options) -> Result<(Vec<u8>, Verdict), CliError> {
    if o.walls == 0 || o.jobs == 0 {
        return Err(CliError::Other(
            "check needs --walls and --jobs of at least 1".into(),
        ));
    }
    if o.solution.trim().is_empty() {
        return Err(CliError::Other("--solution is empty".into()));
    }
    super::kill_programs_on_interrupt();
    let pb = super::progress_bar(
        o.walls,
        "checking [{bar:40}] {pos}/{len} walls {per_sec} {eta}",
    );
    let report = mahjong_sim::thupc2021::check::check(o, &|| pb.inc(1));
    pb.finish_and_clear();
    let report = report.map_err(|source| CliError::Io {
        what: format!("cannot run the solution `{}`", o.solution),
        source,
    })?;
    let verdict = if report.failure.is_some() {
        Verdict::Negative
    } else {
        Verdict::Ok
    };
    let text = mahjong_sim::thupc2021::check::report_text(o, &report);
    Ok((text.into_bytes(), verdict))
}
