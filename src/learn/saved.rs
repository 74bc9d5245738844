//! What every ruleset's saved game shares (`noi2014::learn::saved`,
//! `mcr::learn::saved`): a learning environment's game saved as a small,
//! versioned value, and the same game rebuilt from it, for a search that
//! branches from any decision and for `pickle` and `copy.deepcopy` of a
//! Python game.
//!
//! A saved game is the game's inputs, not its memory: what the judge
//! starts from (each ruleset's own fields), who sits where (the caller,
//! or a built-in bot with the seed of its random choices, [`SavedBot`])
//! and the caller's answers so far. Built-in bots are deterministic given
//! their seed and their requests, so replaying the answers on the same
//! start rebuilds the very same game, requests, events and bots' streams
//! included. Each value opens with its `format` and `version`, read first
//! ([`from_json`]) so that another ruleset's or version's value is refused
//! as such rather than for a field it lacks.

use crate::named::BuiltInBot;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A built-in bot at a seat of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SavedBot {
    /// Its name, as the ruleset's [`BuiltInBot::parse`] reads it
    /// (`greedy:eps=0.1`).
    pub bot: String,
    /// The seed of its random choices.
    pub seed: u64,
}

/// Why a game cannot be saved or restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// The game keeps no record of its answers (NOI2014's made without
    /// `record`; MCR's made unsaved, as a batched vector's).
    #[error("the game's answers were not kept (made without record, or a batched vector's)")]
    NotRecorded,
    /// Text that is no saved game (not JSON, a field missing, unknown or
    /// of the wrong type).
    #[error("{0}")]
    Json(String),
    /// A value of another format or version.
    #[error("not a saved game of this version: format `{format}` version {version} (this library reads `{reads}` version {reads_version})")]
    Format {
        /// The format found.
        format: String,
        /// The version found.
        version: u32,
        /// The format expected.
        reads: &'static str,
        /// The version expected.
        reads_version: u32,
    },
    /// What the judge starts from (the wall) does not parse.
    #[error("the saved wall: {0}")]
    Wall(String),
    /// A seat's bot that is no built-in bot.
    #[error("seat {seat}: {why}")]
    Bot {
        /// The seat.
        seat: usize,
        /// What is wrong.
        why: String,
    },
    /// More answers than the game asks for.
    #[error("answer {index} of {count}: the game is over before it")]
    TooManyAnswers {
        /// The first answer past the end (from 0).
        index: usize,
        /// Answers in the value.
        count: usize,
    },
}

/// A saved game's first two fields, read alone by [`from_json`].
#[derive(Deserialize)]
struct Envelope {
    format: String,
    version: u32,
}

/// Refuses a value whose `format` and `version` are not `reads` and
/// `reads_version`.
pub fn check_format(
    format: &str,
    version: u32,
    reads: &'static str,
    reads_version: u32,
) -> Result<(), SaveError> {
    if format == reads && version == reads_version {
        return Ok(());
    }
    Err(SaveError::Format {
        format: format.to_string(),
        version,
        reads,
        reads_version,
    })
}

/// The saved game of format `reads`, version `reads_version`, in the JSON
/// text `text`: its format and version checked first, then every field
/// (`T` denying unknown ones).
pub fn from_json<T: DeserializeOwned>(
    text: &str,
    reads: &'static str,
    reads_version: u32,
) -> Result<T, SaveError> {
    let json = |e: serde_json::Error| SaveError::Json(e.to_string());
    let e: Envelope = serde_json::from_str(text).map_err(json)?;
    check_format(&e.format, e.version, reads, reads_version)?;
    serde_json::from_str(text).map_err(json)
}

/// The seats' bots, `None` for the caller's: each saved bot's name read
/// as a built-in bot `B`, made with its seed.
pub fn seat_bots<B: BuiltInBot, const N: usize>(
    seats: &[Option<SavedBot>; N],
) -> Result<[Option<Box<B::Bot>>; N], SaveError> {
    let mut out: [Option<Box<B::Bot>>; N] = std::array::from_fn(|_| None);
    for (seat, saved) in seats.iter().enumerate() {
        if let Some(s) = saved {
            let b = B::parse(&s.bot)
                .and_then(|b| b.ok_or_else(|| format!("`{}` is no built-in bot", s.bot)))
                .map_err(|why| SaveError::Bot { seat, why })?;
            out[seat] = Some(b.bot(s.seed));
        }
    }
    Ok(out)
}

/// `env` with the caller's `answers` given in order by `answer` (an error
/// once the game is over).
pub fn replay<E, O>(
    mut env: E,
    answers: &[String],
    answer: impl Fn(&mut E, &str) -> Result<(), O>,
) -> Result<E, SaveError> {
    for (index, text) in answers.iter().enumerate() {
        answer(&mut env, text).map_err(|_| SaveError::TooManyAnswers {
            index,
            count: answers.len(),
        })?;
    }
    Ok(env)
}
