//! The JSON lines of Botzone's bot protocol, for a driver that runs bot
//! programs: what a bot reads for one request, and how what it printed and
//! how it ended become its response or a [`StepError`]. No process is run
//! here, and no ruleset is known: each maps a step to its judge's reply.

/// The time limit of one step, in milliseconds.
pub const TIME_LIMIT_MS: u64 = 1000;
/// The memory limit sent to bots, in MiB.
pub const MEMORY_LIMIT_MIB: u64 = 256;
/// Output past this many bytes is cut off and puts the bot out.
pub const OUTPUT_LIMIT: usize = 1 << 20;
/// The line a program prints after its answer to be kept running for the
/// next request (Botzone's long-running mode).
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

#[derive(serde::Serialize)]
struct Input<'a> {
    requests: &'a [String],
    responses: &'a [String],
    data: &'a str,
    time_limit: u64,
    memory_limit: u64,
}

/// The one line of JSON (no newline) a bot reads for its newest
/// request: every request it has had (newest last), its own earlier
/// responses as printed, and the `data` it saved last (`""` at first).
pub fn bot_input(requests: &[String], responses: &[String], data: &str) -> String {
    serde_json::to_string(&Input {
        requests,
        responses,
        data,
        time_limit: TIME_LIMIT_MS,
        memory_limit: MEMORY_LIMIT_MIB,
    })
    .expect("strings always serialize")
}

/// What a bot printed, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotOutput {
    /// The response, exactly as printed.
    pub response: String,
    /// The data to send back next time (`""` when missing).
    pub data: String,
}

/// Why a bot's step gave no usable answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// More than [`OUTPUT_LIMIT`] bytes of output.
    #[error("more than {OUTPUT_LIMIT} bytes of output")]
    TooMuchOutput,
    /// Not one JSON object.
    #[error("output is not one JSON object: {0}")]
    NotJson(String),
    /// No string `response`.
    #[error("output has no string \"response\"")]
    NoResponse,
    /// `data` present but not a string.
    #[error("\"data\" is not a string")]
    DataNotString,
    /// Exited with a failure status (a crash, even after a valid answer).
    #[error("crashed ({0})")]
    Crashed(String),
    /// Killed by the kernel for using more memory than its limit (MiB).
    #[error("killed for using more than its memory limit of {0} MiB")]
    MemoryLimit(u64),
    /// Ran past the time limit, with a hint at why when one is known.
    #[error("took {0} ms, over the time limit{hint}", hint = .1.map_or(String::new(), |h| format!("; {h}")))]
    TimedOut(u64, Option<TimeOutHint>),
}

/// Why a bot that timed out may have never answered: what it was doing
/// when its time ran out, or what its output showed. Said beside the
/// time-out, since the commonest causes are mistakes of a first bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeOutHint {
    /// It was waiting to read its standard input, having printed nothing.
    #[error("it printed nothing and was waiting to read its standard input: read one line, not to the end (the judge keeps the input open, as Botzone does), and flush what you print")]
    ReadingInput,
    /// It had printed something but neither exited nor asked to be kept
    /// running.
    #[error("it printed output but neither exited nor printed the keep-running line: exit after answering, or print {marker} on a line of its own to be kept running", marker = KEEP_RUNNING)]
    UnfinishedAnswer,
    /// It had closed its standard output but kept running.
    #[error("it closed its standard output but kept running: exit after answering")]
    ClosedOutput,
    /// It was sleeping.
    #[error("it was sleeping")]
    Sleeping,
    /// It was computing.
    #[error("it was still computing")]
    Computing,
}

/// The kind of a failed step, for a ruleset to map to its judge's reply
/// and for summaries to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Failure {
    /// Ran past the time limit.
    TimeOut,
    /// Exited with a failure status or was killed.
    Crash,
    /// More output than [`OUTPUT_LIMIT`].
    TooMuchOutput,
    /// Output that is not the protocol's JSON.
    MalformedOutput,
    /// Killed for using more memory than its limit.
    MemoryLimit,
}

impl Failure {
    /// Its short name: `time-out`, `crash`, `too much output`, `malformed
    /// output` or `memory limit`.
    pub fn name(self) -> &'static str {
        match self {
            Failure::TimeOut => "time-out",
            Failure::Crash => "crash",
            Failure::TooMuchOutput => "too much output",
            Failure::MalformedOutput => "malformed output",
            Failure::MemoryLimit => "memory limit",
        }
    }
}

impl StepError {
    /// The kind of failure.
    pub fn failure(&self) -> Failure {
        match self {
            StepError::TimedOut(..) => Failure::TimeOut,
            StepError::Crashed(_) => Failure::Crash,
            StepError::MemoryLimit(_) => Failure::MemoryLimit,
            StepError::TooMuchOutput => Failure::TooMuchOutput,
            StepError::NotJson(_) | StepError::NoResponse | StepError::DataNotString => {
                Failure::MalformedOutput
            }
        }
    }

    /// A short name of the kind of failure, for summaries: `time-out`,
    /// `crash`, `too much output`, `malformed output` or `memory limit`.
    pub fn kind(&self) -> &'static str {
        self.failure().name()
    }
}

/// Reads a bot's standard output (one JSON object; whitespace
/// around it is fine; other keys are ignored).
pub fn read_output(stdout: &[u8]) -> Result<BotOutput, StepError> {
    if stdout.len() > OUTPUT_LIMIT {
        return Err(StepError::TooMuchOutput);
    }
    let value: serde_json::Value =
        serde_json::from_slice(stdout).map_err(|e| StepError::NotJson(e.to_string()))?;
    let obj = value
        .as_object()
        .ok_or_else(|| StepError::NotJson("not an object".into()))?;
    let response = obj
        .get("response")
        .and_then(|v| v.as_str())
        .ok_or(StepError::NoResponse)?
        .to_owned();
    let data = match obj.get("data") {
        None => String::new(),
        Some(v) => v.as_str().ok_or(StepError::DataNotString)?.to_owned(),
    };
    Ok(BotOutput { response, data })
}

/// One bot program's step that finished within its time limit (the driver
/// checks that): its output, and whether it exited successfully (else the
/// status in words).
pub fn judge_step(stdout: &[u8], exit: Result<(), String>) -> Result<BotOutput, StepError> {
    // A failure status is a crash whatever it printed.
    exit.map_err(StepError::Crashed)?;
    read_output(stdout)
}

/// What a bot program reads for one request, as a bot reads it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct BotInput {
    /// Every request so far, the newest last.
    pub requests: Vec<String>,
    /// The bot's own earlier responses.
    #[serde(default)]
    pub responses: Vec<String>,
    /// The `data` it saved last.
    #[serde(default)]
    pub data: String,
}

/// Reads the judge's line for one step, as a bot program does.
pub fn read_input(line: &str) -> Result<BotInput, String> {
    let input: BotInput = serde_json::from_str(line.trim()).map_err(|e| match e.classify() {
        // JSON of another shape: say the shape, not the type behind it.
        serde_json::error::Category::Data => format!(
            "not the protocol's input line: expected a JSON object with \"requests\" and \"responses\", lists of strings (column {})",
            e.column()
        ),
        _ => format!("not the protocol's input line: not JSON ({e})"),
    })?;
    if input.requests.is_empty() {
        return Err("the input holds no request".into());
    }
    Ok(input)
}

/// The line a bot program prints for its answer.
pub fn bot_output(response: &str, data: &str) -> String {
    serde_json::json!({ "response": response, "data": data }).to_string()
}
