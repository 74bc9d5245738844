//! The logs folders of duels and tournaments: created new or empty, every
//! file written with an error that names it, and each game's JSON Lines.

use super::Error;
use crate::noi2014::arena::Game;
use crate::noi2014::log;
use std::path::{Path, PathBuf};

/// The logs folder: created, or an empty one; never one holding files, so
/// that two tournaments' logs do not mix. Hidden from sandboxed bots, even
/// those whose own folder holds it.
pub fn prepare_logs(dir: &Path) -> Result<(), Error> {
    crate::process::sandbox::hide(dir);
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(Error::Usage(format!(
                    "the logs folder {} is not empty: give another --logs, or remove it",
                    dir.display()
                )));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io {
                what: format!("cannot create the logs folder {}", dir.display()),
                source,
            })
        }
        Err(source) => Err(Error::Io {
            what: format!("cannot use the logs folder {}", dir.display()),
            source,
        }),
    }
}

/// Prepares a duel's or tournament's logs folder ([`prepare_logs`]) and
/// its `games/` folder, for each game's log and replay page; returns the
/// latter.
pub fn prepare_games(dir: &Path) -> Result<PathBuf, Error> {
    prepare_logs(dir)?;
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|source| Error::Io {
        what: format!("cannot create {}", games_dir.display()),
        source,
    })?;
    Ok(games_dir)
}

/// Writes a file of a logs folder, naming it in the error.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        what: format!("cannot write `{}`", path.display()),
        source,
    })
}

/// Writes a game's log ([`crate::noi2014::log`]) to memory.
pub fn write_json_log(out: &mut Vec<u8>, setting: &log::Setting, game: &Game) {
    log::write(out, setting, game).expect("to memory");
}

/// The seats of a log, named `names` and running `commands`.
pub fn seat_records(names: [String; 4], commands: [String; 4]) -> [log::SeatRecord; 4] {
    let mut commands = commands.into_iter();
    names.map(|name| log::SeatRecord {
        name,
        command: commands.next().expect("four"),
    })
}
