//! A bot that is a program, spoken to in Botzone's JSON protocol
//! ([`super::protocol`]), contained by [`crate::process`]: a sandbox of its own
//! ([`crate::process::sandbox`]: its own processes, files and network, a
//! limit on memory in use), time and output limits, its whole process tree
//! killed when it fails or the game ends.
//!
//! Two modes, as on Botzone:
//! - **One process per request** (the protocol's default): the program reads
//!   one line holding every request so far, its own responses and its saved
//!   `data`, prints one line of JSON and exits.
//! - **Keep-running**: a program that prints the line [`KEEP_RUNNING`] after
//!   its answer stays alive; its next input is only the new request, as a
//!   JSON string on a line of its own (`"3 1 PLAY W3"`), with no history and
//!   no `data`. It answers the same way, and stays alive for as long as it
//!   prints the marker after each answer. A program that exits instead is
//!   started anew for its next request, with the whole history.
//!
//! Standard input stays open while a program runs (it must read one line,
//! not wait for the end of its input). The time limit runs from the input
//! written until the program exits or prints the marker.
//!
//! No ruleset is known here: a step's [`Outcome`] is the program's response
//! text or why it gave none, and each ruleset says what its judge takes for
//! it ([`Judged`]).

use super::protocol::{
    bot_input, judge_step, BotOutput, StepError, TimeOutHint, KEEP_RUNNING, MEMORY_LIMIT_MIB,
    OUTPUT_LIMIT, TIME_LIMIT_MS,
};
use crate::process::{
    could_not_run_in, Ended, Exchange, Grants, Jail, SandboxMode, SandboxOptions, Session,
};
use std::marker::PhantomData;
use std::time::Duration;

/// What one step gave: the response exactly as printed, or why there is
/// none (its `Display` is the driver's words: "took 1003 ms, over the time
/// limit; it was sleeping").
pub type Outcome = Result<String, StepError>;

/// What a ruleset's judge takes for a program's step.
pub trait Judged {
    /// The judge's reply type.
    type Reply: Clone + std::fmt::Debug + PartialEq + Eq;
    /// The reply for a step's outcome.
    fn reply(outcome: Outcome) -> Self::Reply;
}

/// The outcome as it is, for a driver that maps it itself (and keeps the
/// failure for its record).
#[derive(Clone, Copy, Debug)]
pub struct AsIs;

impl Judged for AsIs {
    type Reply = Outcome;
    fn reply(outcome: Outcome) -> Outcome {
        outcome
    }
}

/// One step of a program bot, for the log, with the reply `R` the judge
/// gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<R = Outcome> {
    /// The reply the judge gets.
    pub reply: R,
    /// Milliseconds from the input written to the answer (the exit or the
    /// marker line), kills included.
    pub elapsed_ms: u64,
    /// True when a process was started for this step (always, unless the
    /// program keeps running).
    pub started: bool,
    /// True when the program is still running after this step.
    pub kept_running: bool,
    /// The end of its standard error, when the step failed.
    pub stderr_tail: String,
    /// The end of its standard output, when the step failed (a JVM or an
    /// interpreter may say there why it stopped).
    pub stdout_tail: String,
    /// CPU time its processes used in this step, in milliseconds, where
    /// the sandbox's cgroup counts it.
    pub cpu_ms: Option<u64>,
    /// At the program's first step: what contains it and which memory
    /// limit applies, in words ([`Jail::describe`]).
    pub containment: Option<String>,
}

/// A bot program and what it has seen: every request, its own responses as
/// printed, and the `data` it saved last; its running process in
/// keep-running mode. Its steps give the reply of `J` ([`Judged`]).
pub struct ProgramBot<J: Judged = AsIs> {
    command: String,
    requests: Vec<String>,
    responses: Vec<String>,
    data: String,
    time_limit: Duration,
    sandbox: SandboxOptions,
    // Before the jail: its processes die before its cgroup is removed.
    session: Option<Session>,
    /// One process per request in a sandbox: the sandbox that runs the
    /// program for each request after the first ([`Session::spawn_server`]).
    server: Option<Session>,
    jail: Option<Jail>,
    starts: u64,
    judged: PhantomData<fn() -> J>,
}

impl<J: Judged> std::fmt::Debug for ProgramBot<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgramBot")
            .field("command", &self.command)
            .field("requests", &self.requests.len())
            .field("running", &self.session.is_some())
            .finish()
    }
}

impl<J: Judged> ProgramBot<J> {
    /// The program run by the shell command line `command`, with the
    /// protocol's limits: one second a step, 256 MiB of memory, in a
    /// sandbox where the machine allows one.
    pub fn new(command: &str) -> Self {
        ProgramBot {
            command: command.to_string(),
            requests: Vec::new(),
            responses: Vec::new(),
            data: String::new(),
            time_limit: Duration::from_millis(TIME_LIMIT_MS),
            sandbox: SandboxOptions {
                mode: SandboxMode::Auto,
                memory: Some(MEMORY_LIMIT_MIB << 20),
                processes: crate::process::PROCESS_LIMIT,
                grants: Grants::default(),
            },
            session: None,
            server: None,
            jail: None,
            starts: 0,
            judged: PhantomData,
        }
    }

    /// The same program with another time limit a step (tests on a busy
    /// machine; the contest's is one second).
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = limit;
        self
    }

    /// The same program with another memory limit in MiB, or none.
    pub fn with_memory_limit(mut self, mib: Option<u64>) -> Self {
        self.sandbox.memory = mib.map(|m| m << 20);
        self
    }

    /// The same program, sandboxed or not ([`SandboxMode`]).
    pub fn with_sandbox(mut self, mode: SandboxMode) -> Self {
        self.sandbox.mode = mode;
        self
    }

    /// The same program, shown what the user grants beyond the sandbox's
    /// allow-list ([`Grants`]).
    pub fn with_grants(mut self, grants: Grants) -> Self {
        self.sandbox.grants = grants;
        self
    }

    /// What contains the program and which memory limit applies, in words,
    /// once it has been started.
    pub fn containment(&self) -> Option<&str> {
        self.jail.as_ref().map(Jail::describe)
    }

    /// The command line.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// How many processes were started so far.
    pub fn starts(&self) -> u64 {
        self.starts
    }

    /// Asks the program for its answer to its newest `request`. A failure
    /// to start it at all is an I/O error, and so is a first request that
    /// ends with the shell's "command not found" or "not executable"
    /// status and no output ([`could_not_run_in`]); anything else the program
    /// does wrong is a `Failed` reply, and its processes are killed.
    pub fn ask(&mut self, request: &str) -> std::io::Result<Step<J::Reply>> {
        self.requests.push(request.to_string());
        let started = self.session.is_none();
        let first = self.jail.is_none();
        self.jail()?;
        let jail = self.jail.as_ref().expect("made above");
        let (cpu_before, oom_before) = (jail.cpu_micros(), jail.oom_kills());
        let sandboxed = jail.sandboxed();
        let (ex, served) = self.send(request, started)?;
        let session = if served {
            self.server.as_mut().expect("served")
        } else {
            self.session.as_mut().expect("started")
        };
        // Its very first step, ended silently with the shell's status for a
        // command it could not run: the user's error, not a move of the game.
        let unrun = match ex.ended {
            Ended::Exited(code) if self.requests.len() == 1 && ex.stdout.is_empty() => {
                // Its sandbox may hide what it runs: said when it is there
                // to run (looked at only here, not at every request).
                let hidden = sandboxed
                    && std::env::current_dir().is_ok_and(|cwd| {
                        crate::process::sandbox::program_exists(&self.command, &cwd)
                    });
                could_not_run_in(code, hidden).map(|what| (code.unwrap_or_default(), what))
            }
            _ => None,
        };
        if let Some((code, what)) = unrun {
            let stderr = tail(&session.stderr_tail().0, 400);
            self.session = None;
            self.server = None;
            return Err(self.not_runnable(code, what, &stderr));
        }
        let elapsed_ms = ex.elapsed.as_millis() as u64;
        let limit_ms = self.time_limit.as_millis() as u64;
        let hint = time_out_hint(&ex);
        let mut step = step_verdict(ex.ended, &ex.stdout, elapsed_ms, limit_ms, hint);
        let jail = self.jail.as_ref().expect("made above");
        let cpu_ms = cpu_before
            .zip(jail.cpu_micros())
            .map(|(a, b)| b.saturating_sub(a) / 1000);
        // A process the kernel killed for memory: the limit is the reason,
        // whatever the program's end looked like.
        if jail.oom_kills() > oom_before && step.is_err() {
            step = Err(StepError::MemoryLimit(
                self.sandbox.memory.unwrap_or(0) >> 20,
            ));
        }
        let (stderr_tail, stdout_tail) = match &step {
            Ok(_) => (String::new(), String::new()),
            Err(_) => (
                tail(&session.stderr_tail().0, 400),
                tail(&String::from_utf8_lossy(&ex.stdout), 400),
            ),
        };
        let kept_running = !served && step.is_ok() && session.alive();
        if !kept_running {
            // Gone already, or put out: its processes die now.
            self.session = None;
        }
        if step.is_err() {
            self.server = None;
        } else if !kept_running && !served && jail.sandboxed() {
            // One process per request: later requests are served in one
            // sandbox, made now while the game goes on. Should that fail,
            // each request gets a sandbox of its own.
            self.server = Session::spawn_server(&self.command, jail).ok();
        }
        let outcome = match step {
            Ok(out) => {
                self.responses.push(out.response.clone());
                self.data = out.data;
                Ok(out.response)
            }
            Err(e) => {
                self.responses.push(String::new());
                Err(e)
            }
        };
        Ok(Step {
            reply: J::reply(outcome),
            elapsed_ms,
            started,
            kept_running,
            stderr_tail,
            stdout_tail,
            cpu_ms,
            containment: first.then(|| jail.describe().to_string()),
        })
    }

    /// Gives the program its input for the newest `request` and reads its
    /// answer: the whole history to a process `started` for it (by the
    /// server, once the program showed it runs one process a request), the
    /// request alone to a program kept running. Also says whether the
    /// server ran it.
    fn send(&mut self, request: &str, started: bool) -> std::io::Result<(Exchange, bool)> {
        let served = started && self.server.as_ref().is_some_and(Session::alive);
        let mut line = if started {
            if served {
                self.starts += 1;
            } else {
                self.start()?;
            }
            bot_input(&self.requests, &self.responses, &self.data)
        } else {
            serde_json::to_string(request).expect("a string serializes")
        };
        line.push('\n');
        // A little over the limit: the verdict is judged on the elapsed time.
        let timeout = self.time_limit + Duration::from_millis(100);
        let ex = if served {
            let server = self.server.as_mut().expect("alive above");
            server.serve(line.as_bytes(), timeout, OUTPUT_LIMIT)
        } else {
            let session = self.session.as_mut().expect("started above");
            session.exchange(line.as_bytes(), timeout, OUTPUT_LIMIT, KEEP_RUNNING)
        };
        Ok((ex, served))
    }

    /// Starts the program for a request in a process (and sandbox) of its
    /// own.
    fn start(&mut self) -> std::io::Result<()> {
        let jail = self.jail.as_ref().expect("made before");
        self.session = Some(Session::spawn(&self.command, jail)?);
        self.starts += 1;
        Ok(())
    }

    /// Makes the program's jail at its first request: an error when a
    /// sandbox is required and none can be had.
    fn jail(&mut self) -> std::io::Result<()> {
        if self.jail.is_none() {
            let cwd = std::env::current_dir()?;
            let jail = Jail::new(&self.command, &cwd, &self.sandbox).map_err(|e| {
                std::io::Error::other(format!("the bot `{}` cannot run: {e}", self.command))
            })?;
            self.jail = Some(jail);
        }
        Ok(())
    }

    /// The error for a program the shell could not run (`code`, `what`).
    fn not_runnable(&self, code: i32, what: &str, stderr: &str) -> std::io::Error {
        let said = if stderr.is_empty() {
            String::new()
        } else {
            format!(": {stderr}")
        };
        std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "the bot `{}` could not be run (exit status {code}, {what}){said}",
                self.command
            ),
        )
    }

    /// Ends the program's process, if it keeps running (the game is over).
    pub fn stop(&mut self) {
        self.session = None;
        self.server = None;
    }
}

/// What one exchange with a bot program gives: how it `ended`, what it
/// printed, and its wall-clock time against its limit. The only check of
/// the time limit: the exchange kills a program a little after it (then
/// `Ended::TimedOut`); an answer that came after the limit but before the
/// kill is a time-out all the same. A step of exactly the limit is judged.
/// `hint` (what the program was doing when it was killed) goes with a
/// killed program's time-out only: a late answer has none.
pub(crate) fn step_verdict(
    ended: Ended,
    stdout: &[u8],
    elapsed_ms: u64,
    limit_ms: u64,
    hint: Option<TimeOutHint>,
) -> Result<BotOutput, StepError> {
    match ended {
        Ended::TimedOut => Err(StepError::TimedOut(elapsed_ms, hint)),
        Ended::Truncated => Err(StepError::TooMuchOutput),
        _ if elapsed_ms > limit_ms => Err(StepError::TimedOut(elapsed_ms, None)),
        Ended::Marker => judge_step(stdout, Ok(())),
        Ended::Exited(code) => {
            let exit = match code {
                Some(0) => Ok(()),
                Some(c) => Err(crate::process::status_text(Some(c))),
                None => Err("killed".to_string()),
            };
            judge_step(stdout, exit)
        }
    }
}

/// What a killed exchange says of why the bot never answered: what it was
/// doing when its time ran out (reading its input, sleeping, computing) or
/// what its output showed (closed, or printed but not ended).
fn time_out_hint(ex: &crate::process::Exchange) -> Option<TimeOutHint> {
    use crate::process::Stuck;
    match ex.stuck {
        Some(Stuck::ClosedOutput) => Some(TimeOutHint::ClosedOutput),
        _ if !ex.stdout.is_empty() => Some(TimeOutHint::UnfinishedAnswer),
        Some(Stuck::ReadingInput) => Some(TimeOutHint::ReadingInput),
        Some(Stuck::Sleeping) => Some(TimeOutHint::Sleeping),
        Some(Stuck::Computing) => Some(TimeOutHint::Computing),
        None => None,
    }
}

/// The last `n` bytes of `s` (at a character boundary), trimmed.
fn tail(s: &str, n: usize) -> String {
    let mut start = s.len().saturating_sub(n);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    s[start..].trim().to_string()
}
