//! The command-line app: everything only the binary needs (arguments,
//! terminal output, progress bars, Ctrl-C, exit statuses). One module per
//! command, each with its `Args` (clap) and its `run`; `main.rs` only
//! dispatches. What the commands share: [`args`] (parsers and argument
//! groups), [`files`] (inputs and the files commands write).

pub mod analyze;
pub mod args;
pub mod bench;
pub mod check;
pub mod distance;
pub mod duel;
pub mod explain;
pub mod files;
pub mod gen;
pub mod mcr;
pub mod merge;
pub mod noi2014;
pub mod ruleset;
pub mod simulate;
pub mod tournament;

use indicatif::{ProgressBar, ProgressStyle};
use mahjong_sim::contest::guard::{self, OnInterrupt};
use mahjong_sim::parse::ParseError;
use std::io::{self, Write};
use std::process::ExitCode;

/// How a command that ran to its end judged its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// All is well: exit status 0.
    Ok,
    /// A negative verdict (a mismatch was found): exit status 1.
    Negative,
}

impl From<Verdict> for ExitCode {
    fn from(v: Verdict) -> ExitCode {
        match v {
            Verdict::Ok => ExitCode::SUCCESS,
            Verdict::Negative => ExitCode::from(1),
        }
    }
}

/// Exit status of an error (bad usage, bad input, I/O).
pub const EXIT_ERROR: u8 = 2;

/// A failure to report on stderr (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input, with its position.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A file could not be read or written.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: io::Error,
    },
    /// Standard output could not be written (a broken pipe is no error:
    /// see [`stream`]).
    #[error("cannot write standard output: {0}")]
    Stdout(io::Error),
    /// Anything else worth a sentence.
    #[error("{0}")]
    Other(String),
}

impl From<mahjong_sim::contest::Error> for CliError {
    fn from(e: mahjong_sim::contest::Error) -> CliError {
        match e {
            mahjong_sim::contest::Error::Usage(why) => CliError::Other(why),
            mahjong_sim::contest::Error::Io { what, source } => CliError::Io { what, source },
        }
    }
}

impl From<mahjong_sim::parse::ReadError> for CliError {
    fn from(e: mahjong_sim::parse::ReadError) -> CliError {
        match e {
            mahjong_sim::parse::ReadError::Parse(e) => CliError::Parse(e),
            mahjong_sim::parse::ReadError::Io(source) => CliError::Io {
                what: "cannot read the input".into(),
                source,
            },
        }
    }
}

/// Runs a command that writes its output as it goes to a buffered stdout,
/// flushed at the end; a broken pipe (the reader went away, as `head`
/// does) ends it quietly with status 0.
pub fn stream(
    body: impl FnOnce(&mut dyn Write) -> Result<Verdict, CliError>,
) -> Result<ExitCode, CliError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = body(&mut out).and_then(|v| out.flush().map(|()| v).map_err(CliError::Stdout));
    match result {
        Ok(v) => Ok(v.into()),
        Err(CliError::Stdout(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => {
            // What was printed before the error stays printed; a broken
            // pipe at this point is no news.
            let _ = out.flush();
            Err(e)
        }
    }
}

/// Writes a command's output to stdout; a broken pipe is not an error.
pub fn emit(bytes: &[u8], verdict: Verdict) -> Result<ExitCode, CliError> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CliError::Io {
            what: "cannot write standard output".into(),
            source: e,
        }),
        _ => Ok(verdict.into()),
    }
}

/// The signal that interrupted the run (0 for none).
static SIGNAL: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// On SIGINT (Ctrl-C), SIGTERM or SIGHUP, the containment guard's interrupt
/// path ([`mahjong_sim::contest::guard::interrupt`]): every running
/// untrusted program is killed with its children, then the process exits
/// ([`OnInterrupt::Exit`]) or the run stops and reports what it has
/// ([`OnInterrupt::Report`]; the command then exits with
/// [`interrupted_status`]). The exit status is the shells' 128 + the
/// signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
pub fn on_interrupt(then: OnInterrupt) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static INSTALL: std::sync::Once = std::sync::Once::new();
    // The guard only kills and raises its flag: exiting is done here,
    // after the command has said what it saved (`interrupt_note`).
    guard::set_on_interrupt(OnInterrupt::Report);
    EXIT_ON_INTERRUPT.store(
        then == OnInterrupt::Exit,
        std::sync::atomic::Ordering::SeqCst,
    );
    INSTALL.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            say("warning: cannot handle SIGINT and SIGTERM: an interrupt may leave bot processes running");
            return;
        };
        std::thread::spawn(move || {
            for signal in signals.forever() {
                SIGNAL.store(signal, std::sync::atomic::Ordering::SeqCst);
                guard::interrupt(signal_status(signal));
                if EXIT_ON_INTERRUPT.load(std::sync::atomic::Ordering::SeqCst) {
                    let note = NOTE.lock().ok().and_then(|n| n.as_ref().map(|f| f()));
                    if let Some(note) = note {
                        say(&format!("interrupted: {note}"));
                    }
                    std::process::exit(i32::from(signal_status(signal)));
                }
            }
        });
    });
}

/// After a command: when an interrupt is making the process exit
/// ([`OnInterrupt::Exit`]), waits for its handler to do so (with its note
/// and its status) rather than exiting with the command's own status.
pub fn wait_for_interrupt_exit() {
    if EXIT_ON_INTERRUPT.load(std::sync::atomic::Ordering::SeqCst) && guard::interrupted() {
        // The handler exits within moments; the process must not outlive
        // a handler that could not.
        std::thread::sleep(std::time::Duration::from_secs(10));
        let signal = match SIGNAL.load(std::sync::atomic::Ordering::SeqCst) {
            0 => signal_hook::consts::SIGINT,
            s => s,
        };
        std::process::exit(i32::from(signal_status(signal)));
    }
}

/// Whether an interrupt exits the process ([`OnInterrupt::Exit`]).
static EXIT_ON_INTERRUPT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// What an interrupted command has saved, in words.
type Note = Box<dyn Fn() -> String + Send>;

/// The running command's [`interrupt_note`].
static NOTE: std::sync::Mutex<Option<Note>> = std::sync::Mutex::new(None);

/// Sets what the running command says, after `interrupted: `, when an
/// interrupt makes it exit: what it saved and where (asked at that
/// moment, so it can count what is there).
pub fn interrupt_note(note: impl Fn() -> String + Send + 'static) {
    if let Ok(mut n) = NOTE.lock() {
        *n = Some(Box::new(note));
    }
}

/// The exit status of a run that an interrupt stopped and that reported
/// what it had: 128 + the signal's number (130 when none was seen).
pub fn interrupted_status() -> ExitCode {
    let signal = SIGNAL.load(std::sync::atomic::Ordering::SeqCst);
    let signal = if signal > 0 {
        signal
    } else {
        signal_hook::consts::SIGINT
    };
    ExitCode::from(signal_status(signal))
}

/// A shell's exit status for a process ended by `signal`: 128 + its number.
fn signal_status(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(130)
}

/// Writes `message` and a newline to stderr in one piece, ignoring a
/// stderr that cannot be written (a closed pipe must not turn an error
/// into a panic, as `eprintln!` would).
pub fn say(message: &str) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(format!("{message}\n").as_bytes());
}

/// A progress bar of `len` steps (drawn only on a terminal).
pub fn progress_bar(len: usize, template: &str) -> ProgressBar {
    let pb = ProgressBar::new(len as u64);
    pb.set_style(
        ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> "),
    );
    pb
}
