//! Bot programs playing NOI2014: Botzone's program bots
//! ([`crate::botzone::program`]), whose steps give NOI2014's [`Reply`].

use crate::botzone::program::{self, Judged, Outcome};
use crate::botzone::protocol::Failure;
use crate::noi2014::rules::request::{Reply, StepFailure};

/// What NOI2014's judge takes for a program's step: its response text, or
/// `Failed` with the kind of failure and the driver's words.
#[derive(Clone, Copy, Debug)]
pub struct Noi2014Replies;

impl Judged for Noi2014Replies {
    type Reply = Reply;
    fn reply(outcome: Outcome) -> Reply {
        reply_of(&outcome)
    }
}

/// A bot program playing NOI2014.
pub type ProgramBot = program::ProgramBot<Noi2014Replies>;

/// One step of a NOI2014 bot program.
pub type Step = program::Step<Reply>;

/// The [`Reply`] for a step: the response text, or `Failed` with the words.
pub fn reply_of(outcome: &Outcome) -> Reply {
    match outcome {
        Ok(response) => Reply::Text(response.clone()),
        Err(e) => Reply::Failed(Some(step_failure(e.failure())), e.to_string()),
    }
}

/// NOI2014's name for a kind of failed step (points 14, 20 and 28).
pub fn step_failure(failure: Failure) -> StepFailure {
    match failure {
        Failure::TimeOut => StepFailure::TimeOut,
        Failure::Crash => StepFailure::Crash,
        Failure::TooMuchOutput => StepFailure::TooMuchOutput,
        Failure::MalformedOutput => StepFailure::MalformedOutput,
        Failure::MemoryLimit => StepFailure::MemoryLimit,
    }
}
