//! Reading the commands' inputs and writing the files they make, with
//! errors that name the file.

use super::CliError;
use mahjong_sim::parse::ReadError;
use mahjong_sim::thupc2021::wall::read_wall;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

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
pub fn read_error(name: &str, e: ReadError) -> CliError {
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

/// Writes a file the command makes (a replay page, a log), naming it in
/// the error.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(cannot_write(path))
}

/// The error of a file at `path` that cannot be written.
pub fn cannot_write(path: &Path) -> impl Fn(std::io::Error) -> CliError + Copy + '_ {
    move |source| CliError::Io {
        what: format!("cannot write `{}`", path.display()),
        source,
    }
}

/// Makes sure `dir` (given as `option`) can take new files: a folder,
/// created if missing (its parent must exist: a typo should not grow a tree
/// of folders), holding no file that `taken` says would be overwritten.
pub fn prepare_dir(dir: &Path, option: &str, taken: impl Fn(&str) -> bool) -> Result<(), CliError> {
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

/// A file the command makes at its end, written whole or not at all. It is
/// created first as a hidden temporary file beside its path (so that a path
/// that cannot be written is an error before the work, not after it) and
/// renamed to its path once written: until then the path is untouched, so
/// an interrupted or failed command leaves neither an empty nor a partial
/// file, and a file already there stays as it was. Dropped unwritten, the
/// temporary file is removed; an interrupt that exits at once removes it
/// by [`PendingFile::temp`]; one left by a command killed outright
/// (SIGKILL) is removed by the next command writing the same path.
pub struct PendingFile {
    path: PathBuf,
    temp: PathBuf,
    file: Option<std::fs::File>,
}

impl PendingFile {
    /// Creates the temporary file of `path` (`.NAME.PID.partial` in its
    /// folder), naming `path` in the error.
    pub fn create(path: &Path) -> Result<PendingFile, CliError> {
        let name = path
            .file_name()
            .ok_or_else(|| CliError::Other(format!("`{}` is no file name", path.display())))?;
        let mut hidden = std::ffi::OsString::from(".");
        hidden.push(name);
        hidden.push(".");
        sweep_killed(path, &hidden);
        hidden.push(format!("{}.partial", std::process::id()));
        let temp = path.with_file_name(hidden);
        let file = std::fs::File::create(&temp).map_err(cannot_write(path))?;
        Ok(PendingFile {
            path: path.to_path_buf(),
            temp,
            file: Some(file),
        })
    }

    /// The temporary file, which is removed if the command stops before
    /// [`PendingFile::finish`].
    pub fn temp(&self) -> &Path {
        &self.temp
    }

    /// Writes `bytes` and puts the file in its place.
    pub fn finish(mut self, bytes: &[u8]) -> Result<(), CliError> {
        use std::io::Write;
        let mut file = self.file.take().expect("finished once");
        file.write_all(bytes)
            .and_then(|()| file.flush())
            .map_err(cannot_write(&self.path))?;
        drop(file);
        std::fs::rename(&self.temp, &self.path).map_err(cannot_write(&self.path))
    }
}

/// Removes the temporary files of `path` (`PREFIX` then `PID.partial`)
/// whose command is gone: one killed by SIGKILL ran no clean-up. A file
/// of a process still running (another command writing the same path)
/// is left alone; anything unreadable is passed over.
fn sweep_killed(path: &Path, prefix: &std::ffi::OsStr) {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let (Ok(entries), Some(prefix)) = (std::fs::read_dir(folder), prefix.to_str()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix)?.strip_suffix(".partial"))
            .and_then(|pid| pid.parse::<libc::pid_t>().ok());
        // Signal 0 only asks whether the process exists.
        let gone = |pid: libc::pid_t| {
            // SAFETY: kill with signal 0 sends nothing.
            let asked = unsafe { libc::kill(pid, 0) };
            asked == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
        };
        if pid.is_some_and(|pid| pid > 0 && gone(pid)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        // Unwritten, or written and renamed (then there is nothing to remove).
        let _ = std::fs::remove_file(&self.temp);
    }
}
