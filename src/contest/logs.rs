//! The logs folders of duels and tournaments: created new or empty, every
//! file written with an error that names it, and each game's JSON Lines.

use super::ruleset::Ruleset;
use super::Error;
use crate::place::{SeatRecord, Setting};
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

/// The report of a duel or tournament as JSON, in its logs folder: one
/// line, as `--json` prints it.
pub const REPORT_JSON: &str = "report.json";

/// The report of a duel or tournament for people, in its logs folder.
pub const REPORT_TEXT: &str = "report.txt";

/// Writes a duel's or tournament's report into the logs folder `dir`:
/// [`REPORT_JSON`] and [`REPORT_TEXT`] (every front end, merged reports
/// included, names them so).
pub fn save_report(dir: &Path, json_line: &str, text: &str) -> Result<(), Error> {
    write_file(&dir.join(REPORT_JSON), json_line.as_bytes())?;
    write_file(&dir.join(REPORT_TEXT), text.as_bytes())
}

/// Writes a file of a logs folder, naming it in the error.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        what: format!("cannot write `{}`", path.display()),
        source,
    })
}

/// A game's log ([`Ruleset::write_log`]) in memory.
pub fn json_log<R: Ruleset>(setting: &Setting, game: &R::Game) -> Vec<u8> {
    let mut out = Vec::new();
    R::write_log(&mut out, setting, game);
    out
}

/// The seats of a log, named `names` and running `commands`.
pub fn seat_records(names: [String; 4], commands: [String; 4]) -> [SeatRecord; 4] {
    let mut commands = commands.into_iter();
    names.map(|name| SeatRecord {
        name,
        command: commands.next().expect("four"),
    })
}

/// Reads the record `file` (`duel.json`, `tournament.json`) of the logs
/// folder `dir`; `written` says, in the error, when a folder gets it.
pub fn read_record(dir: &Path, file: &str, written: &str) -> Result<Vec<u8>, Error> {
    let path = dir.join(file);
    std::fs::read(&path).map_err(|source| Error::Io {
        what: format!("cannot read {} ({written})", path.display()),
        source,
    })
}

/// A record of ruleset `R` and version `version` from its bytes (those of
/// `dir`'s `file`), or an error naming it as `kind` ("a duel's"); its
/// format must be `R`'s `format` ([`format_name`]: `duel-walls`, ...),
/// and `version_of` reads the version it holds.
///
/// [`format_name`]: super::ruleset::format_name
pub fn parse_record<R: Ruleset, T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &str,
    bytes: &[u8],
    kind: &str,
    format: &str,
    version: u32,
    version_of: impl Fn(&T) -> u32,
) -> Result<T, Error> {
    #[derive(serde::Deserialize)]
    struct Format {
        format: String,
        version: Option<u32>,
    }
    let path = dir.join(file);
    let other_version = |held: u32| {
        Error::Usage(format!(
            "{} is version {held} of {kind} record; this reads version {version}",
            path.display()
        ))
    };
    // Another ruleset's record reads as well: its format tells them apart;
    // and another version is named as such, before its fields fail to read.
    let want = format!("mahjong-sim/{}-{format}", R::NAME);
    if let Ok(Format {
        format: held,
        version: v,
    }) = serde_json::from_slice::<Format>(bytes)
    {
        if held != want && held.ends_with(&format!("-{format}")) {
            return Err(Error::Usage(format!(
                "{} is of format `{held}`, not `{want}`: merge a ruleset's shards with its own `merge`",
                dir.join(file).display()
            )));
        }
        if let Some(held) = v.filter(|&v| held == want && v != version) {
            return Err(other_version(held));
        }
    }
    let record: T = serde_json::from_slice(bytes).map_err(|e| {
        Error::Usage(format!(
            "{} is not {kind} record of version {version}: {e}",
            path.display()
        ))
    })?;
    let held = version_of(&record);
    if held != version {
        return Err(other_version(held));
    }
    Ok(record)
}

/// The first of `fields` (a field of the settings' record and what it is
/// in words) in which the settings `a` and `b` differ, in words: what two
/// shards' settings differ in (`the seed: 5 against 6`). Every field of
/// the record must be among `fields` ([`unnamed_fields`]).
pub fn settings_difference<S: serde::Serialize>(
    a: &S,
    b: &S,
    fields: &[(&str, &str)],
) -> Option<String> {
    let (a, b) = (json_value(a), json_value(b));
    fields.iter().find_map(|(key, what)| {
        let (x, y) = (&a[key], &b[key]);
        (x != y).then(|| format!("{what}: {} against {}", shown(x), shown(y)))
    })
}

/// The fields of the settings' record `s` that `fields` does not name:
/// a setting [`settings_difference`] would never compare (tested empty).
pub fn unnamed_fields<S: serde::Serialize>(s: &S, fields: &[(&str, &str)]) -> Vec<String> {
    match json_value(s) {
        serde_json::Value::Object(m) => m
            .keys()
            .filter(|k| !fields.iter().any(|(f, _)| f == k))
            .cloned()
            .collect(),
        _ => vec!["(not a record)".into()],
    }
}

fn json_value<S: serde::Serialize>(s: &S) -> serde_json::Value {
    serde_json::to_value(s).expect("settings serialize")
}

/// A value as its record shows it: compact JSON.
pub fn shown<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("JSON to memory")
}
