//! A failure's shrunk wall saved, and its replay page beside it.

use super::judge::Disagreement;
use super::options::Options;
use super::report::{what_went_wrong, Failure};
use super::walls::wall_name;
use crate::thupc2021::wall::Wall;
use std::path::PathBuf;

/// Saves a failure's shrunk wall (never over another file) and its
/// replay page beside it.
pub(super) fn save_failure(o: &Options, f: &mut Failure) {
    let path = o
        .save_dir
        .join(format!("{}-shrunk.in", wall_name(o, f.index)));
    let text = f.wall.to_string();
    let saved = std::fs::create_dir_all(&o.save_dir).and_then(|()| {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| std::io::Write::write_all(&mut file, text.as_bytes()))
    });
    f.path = match saved {
        Ok(()) => Ok(path.clone()),
        // The same wall from an earlier run is kept as it is.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            if std::fs::read_to_string(&path).is_ok_and(|t| t == text) {
                Ok(path.clone())
            } else {
                Err(format!(
                    "`{}` already holds another wall and check never overwrites one: remove it or choose another --save-dir",
                    path.display()
                ))
            }
        }
        Err(e) => Err(format!("cannot save it as `{}`: {e}", path.display())),
    };
    f.replay = f
        .path
        .as_ref()
        .ok()
        .map(|p| save_replay(o, p, &f.wall, &f.disagreement));
}

/// Saves the replay of the shrunk `wall` beside it (`wall_path` with the
/// extension `.html`), opened at the first differing line with the
/// solution's line there.
fn save_replay(
    o: &Options,
    wall_path: &std::path::Path,
    wall: &Wall,
    d: &Disagreement,
) -> Result<PathBuf, String> {
    let path = wall_path.with_extension("html");
    let title = format!("{}, where `{}` disagrees", wall_path.display(), o.solution);
    let mismatch = crate::replay::Mismatch {
        expected: d.expected.clone(),
        actual: d.actual.clone(),
        what: what_went_wrong(d),
    };
    let page = crate::replay::thupc2021::check_page(wall, &title, d.line, mismatch);
    std::fs::write(&path, page)
        .map(|()| path.clone())
        .map_err(|e| format!("cannot save it as `{}`: {e}", path.display()))
}
