//! The bodies of the `mahjong-sim` subcommands. Each returns the bytes to
//! print (and, for `check`, a verdict) or an error; `main.rs` prints them.

use super::{CliError, Verdict};
use mahjong_sim::distance;
use mahjong_sim::hand::Hand;
use mahjong_sim::parse::{hand_line, HandLines, ReadError};
use mahjong_sim::thupc2021::event::{write_json_lines, write_log};
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::wall::read_wall;
use serde::Serialize;
use std::io::{self, Read, Write};
use std::path::Path;

/// An input file or stdin, read through a buffer.
pub struct Input {
    /// The reader.
    pub reader: io::BufReader<Box<dyn Read>>,
    /// How errors name it: `` `path` `` or `standard input`.
    pub name: String,
}

/// Opens `path`, or stdin when `None` or `-`.
pub fn open_input(path: Option<&Path>) -> Result<Input, CliError> {
    let (reader, name): (Box<dyn Read>, String) = match path {
        Some(p) if p != Path::new("-") => {
            let name = format!("`{}`", p.display());
            let file = std::fs::File::open(p).map_err(|source| CliError::Io {
                what: format!("cannot read {name}"),
                source,
            })?;
            (Box::new(file), name)
        }
        _ => (Box::new(io::stdin()), "standard input".into()),
    };
    Ok(Input {
        reader: io::BufReader::new(reader),
        name,
    })
}

/// A reading error of the input `name`; parse errors as they are.
fn read_error(name: &str, e: ReadError) -> CliError {
    match e {
        ReadError::Parse(e) => CliError::Parse(e),
        ReadError::Io(source) => CliError::Io {
            what: format!("cannot read {name}"),
            source,
        },
    }
}

impl Input {
    /// The wall it holds, read no further than the 149th name.
    pub fn wall(mut self) -> Result<mahjong_sim::thupc2021::wall::Wall, CliError> {
        read_wall(&mut self.reader).map_err(|e| read_error(&self.name, e))
    }
}

/// `simulate`: the event log of the game on a contest wall.
pub fn simulate(input: Input, json: bool, mut out: &mut dyn Write) -> Result<Verdict, CliError> {
    let wall = input.wall()?;
    let events = play(&wall);
    if json {
        write_json_lines(&mut out, &events)
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
            write_json_lines(&mut bytes, &events)
        } else {
            write_log(&mut bytes, &events)
        }
        .expect("writing to memory");
        let io_error = |source| CliError::Io {
            what: format!("cannot write `{}`", target.display()),
            source,
        };
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

#[derive(Serialize)]
struct DistanceLine<'a> {
    line: usize,
    hand: &'a [mahjong_sim::tile::Tile],
    melds: u8,
    distance: u8,
}

/// `distance`: one distance a line for hands given one a line, each answered
/// as soon as it is read (flushed before the next read could wait, so an
/// interactive user sees it at once). Nothing in, nothing out.
pub fn distances(input: Input, json: bool, mut out: &mut dyn Write) -> Result<Verdict, CliError> {
    let Input { reader, name } = input;
    let mut lines = HandLines::new(reader);
    loop {
        if lines.may_wait() {
            out.flush().map_err(CliError::Stdout)?;
        }
        let Some(next) = lines.next() else { break };
        let (line, tiles) = next.map_err(|e| read_error(&name, e))?;
        let l = hand_line(line, tiles)?;
        let row = DistanceLine {
            line: l.line,
            hand: &l.tiles,
            melds: l.melds,
            distance: distance::distance(&Hand::from_tiles(&l.tiles), l.melds)
                .expect("melds_for_size gave a fitting meld count"),
        };
        if json {
            write_json_lines(&mut out, std::slice::from_ref(&row))
        } else {
            writeln!(out, "{}", row.distance)
        }
        .map_err(CliError::Stdout)?;
    }
    Ok(Verdict::Ok)
}

/// `analyze`: decompositions, waits, or distance and best discards. Tiles
/// come from `args` (joined by spaces, positions as if on line 1) or, when
/// there are none, from `stdin`, one hand a line as `distance` reads them
/// (the analyses separated by blank lines, or one JSON object a line).
pub fn analyze(
    args: &[String],
    stdin: Option<Input>,
    melds: &[String],
    json: bool,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let sets = parse_melds(melds)?;
    let Some(input) = stdin.filter(|_| args.is_empty()) else {
        let positioned = mahjong_sim::parse::parse_positioned(args.join(" ").as_bytes())?;
        return analyze_one(positioned, &sets, json, out);
    };
    let Input { reader, name } = input;
    let mut lines = HandLines::new(reader);
    let mut any = false;
    loop {
        if lines.may_wait() {
            out.flush().map_err(CliError::Stdout)?;
        }
        let Some(next) = lines.next() else { break };
        let (_, tiles) = next.map_err(|e| read_error(&name, e))?;
        if any && !json {
            writeln!(out).map_err(CliError::Stdout)?;
        }
        any = true;
        analyze_one(tiles, &sets, json, out)?;
    }
    if !any {
        // No hand at all: the analysis of nothing says what is wrong.
        return analyze_one(Vec::new(), &sets, json, out);
    }
    Ok(Verdict::Ok)
}

/// The exposed melds of `analyze --meld`.
fn parse_melds(melds: &[String]) -> Result<Vec<mahjong_sim::meld::Meld>, CliError> {
    use mahjong_sim::meld::Meld;
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
    Ok(sets)
}

/// Analyses one hand and writes the analysis.
fn analyze_one(
    positioned: Vec<(mahjong_sim::parse::Pos, mahjong_sim::tile::Tile)>,
    sets: &[mahjong_sim::meld::Meld],
    json: bool,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    if let Some((pos, t)) = positioned.iter().find(|(_, t)| t.is_special()) {
        return Err(CliError::Other(format!(
            "{pos}: special tile `{t}` cannot be analysed: ordinary tiles only"
        )));
    }
    let tiles: Vec<_> = positioned.into_iter().map(|(_, t)| t).collect();
    let a =
        mahjong_sim::analysis::analyze(&tiles, sets).map_err(|e| CliError::Other(e.to_string()))?;
    if json {
        serde_json::to_writer(&mut *out, &a).map_err(|e| CliError::Stdout(e.into()))?;
        writeln!(out)
    } else {
        write!(out, "{a}")
    }
    .map_err(CliError::Stdout)?;
    Ok(Verdict::Ok)
}

/// `explain`: the log with the reason for every decision; with `at`, the
/// table before that line and the reasons and rule for it.
pub fn explain(
    input: Input,
    json: bool,
    at: Option<usize>,
    mut out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let wall = input.wall()?;
    if let Some(line) = at {
        out.write_all(mahjong_sim::thupc2021::explain::at_line(&wall, line).as_bytes())
            .map_err(CliError::Stdout)?;
        return Ok(Verdict::Ok);
    }
    let steps = mahjong_sim::thupc2021::explain::explain(&wall);
    if json {
        write_json_lines(&mut out, &steps)
    } else {
        out.write_all(mahjong_sim::thupc2021::explain::render_steps(&steps).as_bytes())
    }
    .map_err(CliError::Stdout)?;
    Ok(Verdict::Ok)
}

/// `explain --html PAGE`: the game's replay page written to `page`, opened
/// at line `at` when given; nothing to print.
pub fn explain_html(input: Input, at: Option<usize>, page: &Path) -> Result<Vec<u8>, CliError> {
    let title = input.name.replace('`', "");
    let wall = input.wall()?;
    let replay = match at {
        Some(line) => mahjong_sim::replay::thupc2021::replay_at(&wall, &title, line),
        None => mahjong_sim::replay::thupc2021::replay(&wall, &title),
    };
    write_file(page, mahjong_sim::replay::render(&replay).as_bytes())?;
    Ok(Vec::new())
}

/// Writes a file the command makes (a replay page, a log), naming it in
/// the error.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|source| CliError::Io {
        what: format!("cannot write `{}`", path.display()),
        source,
    })
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
    let width = count.saturating_sub(1).to_string().len();
    for (i, w) in walls.enumerate() {
        let path = dir.join(format!("{prefix}{i:0width$}.in"));
        let io_error = |source| CliError::Io {
            what: format!("cannot write `{}`", path.display()),
            source,
        };
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

/// Makes sure `dir` (given as `option`) can take new files: a folder,
/// created if missing (its parent must exist: a typo should not grow a tree
/// of folders), holding no file that `taken` says would be overwritten.
fn prepare_dir(dir: &Path, option: &str, taken: impl Fn(&str) -> bool) -> Result<(), CliError> {
    let shown = dir.display();
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(CliError::Other(format!(
                "{option} `{shown}` is a file, not a folder"
            )))
        }
        Ok(_) => {}
        Err(_) => {
            let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
            if parent.is_some_and(|p| !p.is_dir()) {
                return Err(CliError::Other(format!(
                    "{option} `{shown}`: the folder `{}` does not exist (only the last folder of the path is created)",
                    parent.expect("checked").display()
                )));
            }
            std::fs::create_dir(dir).map_err(|source| CliError::Io {
                what: format!("cannot create `{shown}`"),
                source,
            })?;
            return Ok(());
        }
    }
    let entries = std::fs::read_dir(dir).map_err(|source| CliError::Io {
        what: format!("cannot read `{shown}`"),
        source,
    })?;
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if taken(&name) {
            return Err(CliError::Other(format!(
                "{option} `{shown}` already holds `{name}`; nothing is overwritten: remove it or choose another folder"
            )));
        }
    }
    Ok(())
}

/// `bench`: a quick speed figure.
pub fn bench(games: usize, calls: usize, seed: u64, json: bool) -> Result<Vec<u8>, CliError> {
    // The options' ranges (at least a game and four calls) are clap's.
    let report = super::bench::run(games, calls, seed);
    let mut out = if json {
        serde_json::to_vec(&report).expect("a report serializes")
    } else {
        report.to_string().into_bytes()
    };
    out.push(b'\n');
    Ok(out)
}

/// `check`: the report (text, or one JSON object) and the verdict
/// (negative: a disagreement).
pub fn check(
    o: &mahjong_sim::contest::check::Options,
    json: bool,
) -> Result<(Vec<u8>, Verdict), CliError> {
    // The options' ranges (at least a wall and a job) are clap's.
    if o.solution.trim().is_empty() {
        return Err(CliError::Other("--solution is empty".into()));
    }
    // Before anything runs: a bad folder should not cost the whole run.
    mahjong_sim::contest::check::validate_save_dir(&o.save_dir)
        .map_err(|e| CliError::Other(e.to_string()))?;
    super::on_interrupt(super::OnInterrupt::Exit(130));
    let pb = super::progress_bar(
        o.walls,
        "checking [{bar:40}] {pos}/{len} walls {per_sec} {eta}",
    );
    let report = mahjong_sim::contest::check::check(o, &|| pb.inc(1));
    pb.finish_and_clear();
    let report = report.map_err(|e| CliError::Other(e.to_string()))?;
    let verdict = if report.failures.is_empty() {
        Verdict::Ok
    } else {
        Verdict::Negative
    };
    let text = if json {
        let mut v = serde_json::to_vec(&mahjong_sim::contest::check::report_json(o, &report))
            .expect("a report serializes");
        v.push(b'\n');
        v
    } else {
        mahjong_sim::contest::check::report_text(o, &report).into_bytes()
    };
    Ok((text, verdict))
}
