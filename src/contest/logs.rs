//! The logs folders of duels and tournaments: created new or empty, every
//! file written with an error that names it, and each game's JSON Lines.

use super::Error;
use crate::noi2014::arena::Game;
use crate::noi2014::Reply;
use serde_json::json;
use std::path::{Path, PathBuf};

/// The logs folder: created, or an empty one; never one holding files, so
/// that two tournaments' logs do not mix.
pub fn prepare_logs(dir: &Path) -> Result<(), Error> {
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

/// The game's JSON Lines: `header`, then each request with its answer
/// (with a program's milliseconds, whether a process was started, and the
/// end of its stderr when it failed), each event with the player's tiles,
/// and the result. Tournament logs are these lines.
pub fn write_json_log(out: &mut Vec<u8>, mut header: serde_json::Value, game: &Game) {
    header["tiles"] = json!(game.wall.to_string());
    line(out, header);
    for turn in &game.turns {
        let mut l = json!({"type": "request", "player": turn.player, "request": turn.request});
        match &turn.reply {
            Reply::Text(t) => l["answer"] = json!(t),
            Reply::Failed(why) => l["failed"] = json!(why),
        }
        if let Some(step) = &turn.program {
            l["ms"] = json!(step.ms);
            l["started"] = json!(step.started);
            if !step.stderr.is_empty() {
                l["stderr"] = json!(step.stderr);
            }
        }
        line(out, l);
        for e in &turn.events {
            let hand = e.hand.as_ref().map(|h| &h.1);
            line(
                out,
                json!({"type": "event", "event": e.event, "hand": hand}),
            );
        }
    }
    let result = game.judge.result().expect("the game is over");
    line(
        out,
        json!({"type": "result", "end": result.end, "players": result.players}),
    );
}

fn line(out: &mut Vec<u8>, value: serde_json::Value) {
    serde_json::to_writer(&mut *out, &value).expect("JSON to memory");
    out.push(b'\n');
}
