//! What to check and how ([`Options`]), and why a check could not be made
//! ([`CheckError`]).

use crate::process::SandboxMode;
use crate::thupc2021::families::Family;
use std::path::PathBuf;
use std::time::Duration;

/// What to check and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solution's command line, run with `sh -c`; the wall goes to its
    /// standard input, the log is read from its standard output.
    pub solution: String,
    /// How many walls.
    pub walls: usize,
    /// Which family of walls.
    pub family: Family,
    /// The seed of the walls.
    pub seed: u64,
    /// Solutions run at once.
    pub jobs: usize,
    /// Time allowed for one run.
    pub timeout: Duration,
    /// Output beyond this many bytes is cut off (a log is under 10 KiB).
    pub output_limit: usize,
    /// Time allowed for shrinking.
    pub shrink_time: Duration,
    /// Where the failing wall is saved.
    pub save_dir: PathBuf,
    /// How to name this program in the hints of the report (`explain:`).
    pub program: String,
    /// Run every wall and group the disagreements, rather than stop at the
    /// first.
    pub keep_going: bool,
    /// Check on the wall files of this folder rather than generated walls.
    pub walls_dir: Option<PathBuf>,
    /// With `keep_going`, stop when this many first walls all disagree at
    /// line 1 (0: never).
    pub line_1_stop: usize,
    /// Whether each run is sandboxed ([`crate::process::sandbox`]).
    pub sandbox: SandboxMode,
    /// Memory a run may use, in MiB; `None` for no limit.
    pub memory_mib: Option<u64>,
    /// What the sandbox shows a run beyond its allow-list.
    pub grants: crate::process::Grants,
}

/// Why a check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// Running the solution failed.
    #[error("cannot run the solution: {0}")]
    Io(#[from] std::io::Error),
    /// The shell could not find or execute the solution's command (exit
    /// status 127 or 126 with no output): a usage error, not a verdict.
    #[error("the solution `{command}` could not be run ({status}, {what}){}", stderr_hint(.stderr))]
    NotRunnable {
        /// The command line.
        command: String,
        /// `exit status 127`.
        status: String,
        /// `command not found` or `not executable`.
        what: &'static str,
        /// The shell's message.
        stderr: String,
    },
    /// A wall file of `--walls-dir` cannot be read or is not a wall.
    #[error("--walls-dir: `{path}`: {why}")]
    BadWall {
        /// The file (or the folder).
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The folder for the failing wall is not usable.
    #[error("--save-dir `{dir}`: {why}")]
    SaveDir {
        /// The folder.
        dir: String,
        /// What is wrong with it.
        why: String,
    },
}

fn stderr_hint(stderr: &str) -> String {
    let last = stderr.trim_end().lines().last().unwrap_or("");
    if last.is_empty() {
        String::new()
    } else {
        format!(": {last}")
    }
}

/// Checks, before anything runs, that the failing wall could be saved in
/// `dir`: a folder that exists and takes a file, or a path that does not
/// exist yet under a folder that does and is writable (nothing is created
/// now).
pub fn validate_save_dir(dir: &std::path::Path) -> Result<(), CheckError> {
    let fail = |why: String| CheckError::SaveDir {
        dir: dir.display().to_string(),
        why,
    };
    // The nearest part of the path that exists.
    let mut existing = dir;
    while !existing.as_os_str().is_empty() && std::fs::symlink_metadata(existing).is_err() {
        existing = existing.parent().unwrap_or(std::path::Path::new(""));
    }
    let existing = if existing.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        existing
    };
    if !existing.is_dir() {
        return Err(fail(format!(
            "`{}` exists and is not a folder",
            existing.display()
        )));
    }
    let probe = existing.join(format!(".mahjong-sim-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(fail(format!(
            "cannot write in `{}`: {e}",
            existing.display()
        ))),
    }
}
