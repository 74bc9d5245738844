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

/// Where the failing walls are saved by default, in the working folder.
pub const SAVE_DIR: &str = "check-failures";

impl Options {
    /// A check of `solution` with every other option the command line's
    /// default: 1000 uniform walls of seed 1, a run per CPU at once, 10 s
    /// and 1 MiB of output a run, 30 s to shrink, failing walls saved in
    /// `check-failures`, stopping at the first disagreement (with
    /// `keep_going`, when the first 20 walls all disagree at line 1), in
    /// a sandbox where the machine allows one, with 1024 MiB.
    pub fn new(solution: String) -> Options {
        Options {
            solution,
            walls: 1000,
            family: Family::Uniform,
            seed: 1,
            jobs: crate::contest::pool::default_jobs(),
            timeout: Duration::from_secs(10),
            output_limit: 1 << 20,
            shrink_time: Duration::from_secs(30),
            save_dir: PathBuf::from(SAVE_DIR),
            program: "mahjong-sim".into(),
            keep_going: false,
            walls_dir: None,
            line_1_stop: 20,
            sandbox: SandboxMode::Auto,
            memory_mib: Some(1024),
            grants: crate::process::Grants::default(),
        }
    }

    /// Checks, before anything runs, that the options make a check: a
    /// solution's command, and a folder the failing wall could be saved in
    /// ([`validate_save_dir`]).
    pub fn validate(&self) -> Result<(), CheckError> {
        if self.solution.trim().is_empty() {
            return Err(CheckError::Usage("--solution is empty".into()));
        }
        validate_save_dir(&self.save_dir)
    }
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
    /// The options cannot make a check.
    #[error("{0}")]
    Usage(String),
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
