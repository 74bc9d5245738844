//! The walls a check runs on: generated, or the files of `--walls-dir`
//! with their answer files; how the report names them.

use super::options::{CheckError, Options};
use crate::thupc2021::event::log_string;
use crate::thupc2021::families::wall_stream;
use crate::thupc2021::game::play;
use crate::thupc2021::wall::Wall;
use std::path::PathBuf;

/// A wall to check, with its answer file's log when there is one, and
/// the first line where the engine disagrees with that answer.
pub(super) type Source = Box<dyn Iterator<Item = Result<(Wall, Expected), CheckError>> + Send>;

/// The expected log of wall `index` from an answer file, and whether the
/// engine disagrees with it (its first differing line).
pub(super) type Expected = Option<(String, Option<usize>)>;

/// The walls a check runs on, in order: generated, or read one at a time
/// from the files of `--walls-dir` (sorted by name), each with its answer
/// file (`1.ans` beside `1.in`) when there is one.
pub(super) fn walls_source(o: &Options) -> Result<Source, CheckError> {
    let Some(dir) = &o.walls_dir else {
        return Ok(Box::new(
            wall_stream(o.family, o.seed).map(|w| Ok((w, None))),
        ));
    };
    let files = wall_files(dir)?;
    Ok(Box::new(files.into_iter().map(|path| {
        let bad = |why: String| CheckError::BadWall {
            path: path.display().to_string(),
            why,
        };
        let file = std::fs::File::open(&path).map_err(|e| bad(e.to_string()))?;
        let wall =
            crate::thupc2021::wall::read_wall(std::io::BufReader::new(file)).map_err(|e| {
                bad(match e {
                    crate::parse::ReadError::Io(e) => e.to_string(),
                    crate::parse::ReadError::Parse(e) => e.to_string(),
                })
            })?;
        let answer_path = path.with_extension("ans");
        let answer = match (path.extension(), std::fs::read(&answer_path)) {
            (Some(e), Ok(bytes)) if e == "in" => {
                let text = String::from_utf8(bytes).map_err(|_| CheckError::BadWall {
                    path: answer_path.display().to_string(),
                    why: "not text".into(),
                })?;
                let engine = log_string(&play(&wall));
                let trim = |t: &str| -> Vec<String> {
                    let mut l: Vec<String> = t.lines().map(|l| l.trim_end().to_string()).collect();
                    while l.last().is_some_and(String::is_empty) {
                        l.pop();
                    }
                    l
                };
                let (a, b) = (trim(&text), trim(&engine));
                let differs = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i));
                Some((text, differs.map(|i| i + 1)))
            }
            _ => None,
        };
        Ok((wall, answer))
    })))
}

/// The files of a `--walls-dir`, sorted by name (hidden files left out;
/// only the `.in` files when there are any).
pub fn wall_files(dir: &std::path::Path) -> Result<Vec<PathBuf>, CheckError> {
    let bad = |why: String| CheckError::BadWall {
        path: dir.display().to_string(),
        why,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| bad(e.to_string()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    // Walls beside their answers (`1.in`, `1.ans`): the `.in` files.
    if files
        .iter()
        .any(|p| p.extension().is_some_and(|e| e == "in"))
    {
        files.retain(|p| p.extension().is_some_and(|e| e == "in"));
    }
    files.sort();
    if files.is_empty() {
        return Err(bad("holds no wall files".into()));
    }
    Ok(files)
}

/// How the report names wall `index`, and the stem of its saved file.
pub(super) fn wall_name(o: &Options, index: usize) -> String {
    match &o.walls_dir {
        Some(dir) => wall_files(dir)
            .ok()
            .and_then(|f| f.get(index).cloned())
            .and_then(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
            .unwrap_or_else(|| format!("wall-{index}")),
        None => crate::thupc2021::families::wall_file_stem(o.family, o.seed, index, o.walls),
    }
}

/// Where the walls come from, for the report: `family uniform, seed 1` or
/// `walls from `DIR``.
pub(super) fn origin(o: &Options) -> String {
    match &o.walls_dir {
        Some(dir) => format!("walls from `{}`", dir.display()),
        None => format!("family {}, seed {}", o.family.name(), o.seed),
    }
}

/// Which wall, for the report: `wall 3` or `wall `x.in``.
pub(super) fn which_wall(o: &Options, index: usize) -> String {
    match &o.walls_dir {
        Some(_) => format!("wall `{}`", wall_name(o, index)),
        None => format!("wall {index}"),
    }
}
