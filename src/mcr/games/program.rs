//! Bot programs playing MCR under Botzone's protocol
//! ([`crate::botzone::program`]), and what the official judge takes for a
//! step that gave no answer.
//!
//! Botzone runs each bot and hands the judge `{"verdict", "response"}`:
//! a bot over its time gets `TLE`, over its memory `MLE`, one that crashed
//! `RE`, one that printed too much `OLE`, and the judge ends the game with
//! that verdict as the offence (−30 for the bot, +10 for each other seat).
//!
//! Output that is not the protocol's JSON (no JSON object, or no string
//! `response`) has none of these verdicts: the bot ran and exited within
//! its limits. The judge reads only `verdict` and `response`, and an
//! answer with verdict `OK` and no response reads as an empty string,
//! which is `WA` (−30/+10, "not an answer of the protocol", or "only PASS
//! is allowed here" on a notice). So a malformed output is the empty
//! response here. (The Python environment of Botzone's makers gives such
//! a step the verdict `ERR` instead: the same scores, another action name.)

use crate::botzone::program::{self, Outcome};
use crate::botzone::protocol::Failure;
use crate::mcr::judge::{Reply, Verdict};

/// A bot program playing MCR: its steps give the outcome as it is, which
/// the arena records and maps with [`reply_of`].
pub type ProgramBot = program::ProgramBot;

/// One step of an MCR bot program.
pub type Step = program::Step<Outcome>;

/// The official judge's reply for a step: the response, a verdict, or the
/// empty response for malformed output (see the module's documentation).
pub fn reply_of(outcome: &Outcome) -> Reply {
    match outcome {
        Ok(response) => Reply::Text(response.clone().into()),
        Err(e) => match verdict_of(e.failure()) {
            Some(verdict) => Reply::Failed(verdict),
            None => Reply::Text("".into()),
        },
    }
}

/// Botzone's verdict for a kind of failure; `None` for malformed output,
/// which Botzone runs as a step with verdict `OK`.
pub fn verdict_of(failure: Failure) -> Option<Verdict> {
    match failure {
        Failure::TimeOut => Some(Verdict::TimeLimit),
        Failure::MemoryLimit => Some(Verdict::MemoryLimit),
        Failure::Crash => Some(Verdict::RuntimeError),
        Failure::TooMuchOutput => Some(Verdict::OutputLimit),
        Failure::MalformedOutput => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::botzone::protocol::StepError;

    #[test]
    fn each_failure_has_its_verdict_and_malformed_output_is_empty() {
        let failed = |e: StepError| reply_of(&Err(e));
        assert_eq!(
            failed(StepError::TimedOut(1200, None)),
            Reply::Failed(Verdict::TimeLimit)
        );
        assert_eq!(
            failed(StepError::MemoryLimit(256)),
            Reply::Failed(Verdict::MemoryLimit)
        );
        assert_eq!(
            failed(StepError::Crashed("exit status 1".into())),
            Reply::Failed(Verdict::RuntimeError)
        );
        assert_eq!(
            failed(StepError::TooMuchOutput),
            Reply::Failed(Verdict::OutputLimit)
        );
        for e in [
            StepError::NotJson("x".into()),
            StepError::NoResponse,
            StepError::DataNotString,
        ] {
            assert_eq!(failed(e), Reply::Text("".into()));
        }
        assert_eq!(
            reply_of(&Ok("PLAY W1".into())),
            Reply::Text("PLAY W1".into())
        );
    }
}
