//! A bot that is a program, spoken to in Botzone's JSON protocol (points 20,
//! 28), one process per request, contained by [`crate::process`]: time and
//! output limits, its process group killed after every step.

use super::protocol::{bot_input, judge_step, BotOutput, StepError, OUTPUT_LIMIT, TIME_LIMIT_MS};
use super::request::Reply;
use std::time::Duration;

/// One step of a program bot, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The reply the judge gets.
    pub reply: Reply,
    /// Milliseconds until the process exited (or was killed).
    pub elapsed_ms: u64,
    /// The end of its standard error, when the step failed.
    pub stderr_tail: String,
}

/// A bot program and what it has seen: every request, its own responses as
/// printed, and the `data` it saved last.
#[derive(Clone, Debug)]
pub struct ProgramBot {
    command: String,
    requests: Vec<String>,
    responses: Vec<String>,
    data: String,
    time_limit: Duration,
}

impl ProgramBot {
    /// The program run by the shell command line `command`, with the
    /// protocol's time limit of one second a step.
    pub fn new(command: &str) -> ProgramBot {
        ProgramBot {
            command: command.to_string(),
            requests: Vec::new(),
            responses: Vec::new(),
            data: String::new(),
            time_limit: Duration::from_millis(TIME_LIMIT_MS),
        }
    }

    /// The same program with another time limit a step (tests on a busy
    /// machine; the contest's is one second).
    pub fn with_time_limit(mut self, limit: Duration) -> ProgramBot {
        self.time_limit = limit;
        self
    }

    /// The command line.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Runs the program on its newest `request` and reads its answer. A
    /// failure to start it at all is an I/O error; anything the program
    /// does wrong is a `Failed` reply.
    pub fn ask(&mut self, request: &str) -> std::io::Result<Step> {
        self.requests.push(request.to_string());
        let mut line = bot_input(&self.requests, &self.responses, &self.data);
        line.push('\n');
        // A little over the limit: the verdict is judged on the elapsed time.
        let run = crate::process::run(
            &self.command,
            line.as_bytes(),
            self.time_limit + Duration::from_millis(100),
            OUTPUT_LIMIT + 1,
        )?;
        let elapsed_ms = run.elapsed.as_millis() as u64;
        let step: Result<BotOutput, StepError> = if run.timed_out {
            Err(StepError::TimedOut(elapsed_ms))
        } else if run.truncated {
            Err(StepError::TooMuchOutput)
        } else {
            let exit = match run.code {
                Some(0) => Ok(()),
                Some(c) if c < 0 => Err(format!("killed by signal {}", -c)),
                Some(c) => Err(c.to_string()),
                None => Err("killed".to_string()),
            };
            let limit_ms = self.time_limit.as_millis() as u64;
            if elapsed_ms > limit_ms {
                Err(StepError::TimedOut(elapsed_ms))
            } else {
                judge_step(&run.stdout, exit, elapsed_ms.min(TIME_LIMIT_MS))
            }
        };
        let stderr_tail = match &step {
            Ok(_) => String::new(),
            Err(_) => tail(&run.stderr, 400),
        };
        let reply = match step {
            Ok(out) => {
                self.responses.push(out.response.clone());
                self.data = out.data;
                Reply::Text(out.response)
            }
            Err(e) => {
                self.responses.push(String::new());
                Reply::Failed(e.to_string())
            }
        };
        Ok(Step {
            reply,
            elapsed_ms,
            stderr_tail,
        })
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
