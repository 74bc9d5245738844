//! An MCR learning game ([`Env`]) saved as a small, versioned value, and
//! the same game rebuilt from it: a search's branch point, and what
//! `pickle` and `copy.deepcopy` of a Python `McrGame` are made of.
//!
//! The value is the game's inputs, not its memory: the judge's initial
//! data (the wall and the prevalent wind) and readings, who sits where
//! and the caller's answers so far, replayed on restore (the parts every
//! ruleset's saved game shares are [`crate::learn::saved`]'s). Its JSON
//! is a few kilobytes at most:
//!
//! ```text
//! {"format":"mahjong-sim/mcr-game-state","version":1,"wall":"B9 H3 ...","prevalent_wind":0,"options":{"reading":"judge2018","minimum":"eight_plus_flowers","empty_wall_kong":"accepted"},"seats":[null,{"bot":"greedy","seed":7},null,null],"record":false,"answers":["PLAY W3","PASS"]}
//! ```

use crate::learn::saved::{self, from_json};
pub use crate::learn::saved::{SaveError, SavedBot};
use crate::mcr::bots::built_in::BuiltIn;
use crate::mcr::games::log::OptionsRecord;
use crate::mcr::judge::{InitData, Wall, PLAYERS};
use crate::mcr::learn::env::Env;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `format` of a saved game.
pub const FORMAT: &str = "mahjong-sim/mcr-game-state";

/// The version of the format this library reads and writes.
pub const VERSION: u32 = 1;

/// A game saved: rebuilt by [`SavedGame::restore`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Always [`FORMAT`].
    #[schemars(extend("const" = FORMAT))]
    pub format: String,
    /// [`VERSION`].
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// The wall as Botzone's `initdata.walltiles` writes it: tile names
    /// (flowers `H1`-`H8` included) separated by spaces.
    pub wall: String,
    /// The prevalent wind: 0-3 for east, south, west, north.
    #[schemars(range(max = 3))]
    pub prevalent_wind: u8,
    /// The readings the game is judged under.
    pub options: OptionsRecord,
    /// By seat: `None` for the caller's, or the built-in bot there.
    pub seats: [Option<SavedBot>; PLAYERS],
    /// The game keeps every answer (`Env::new`'s `record`).
    pub record: bool,
    /// The caller's answers to its decisions so far, in the order given.
    pub answers: Vec<String>,
}

impl SavedGame {
    /// `env` saved, its seats as `seats` says (the caller's `None`, the
    /// others the built-in bots it was made with, with their seeds); a
    /// game made [`Env::unsaved`] (a batched vector's) kept no answers to
    /// save.
    pub fn save(env: &Env, seats: [Option<SavedBot>; PLAYERS]) -> Result<SavedGame, SaveError> {
        let answers = env.given_answers().ok_or(SaveError::NotRecorded)?;
        let init = env.init();
        Ok(SavedGame {
            format: FORMAT.to_string(),
            version: VERSION,
            wall: init.wall.to_string(),
            prevalent_wind: init.quan,
            options: env.judge().options().into(),
            seats,
            record: env.replies().is_some(),
            answers: answers.iter().map(|a| a.to_string()).collect(),
        })
    }

    /// The saved game in the JSON text `text` (what [`SavedGame`]
    /// serializes to), refused with why when it is none of this format
    /// and version.
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        from_json(text, FORMAT, VERSION)
    }

    /// The game rebuilt: the deal, readings and bots as saved, the
    /// caller's answers replayed in order.
    pub fn restore(&self) -> Result<Env, SaveError> {
        saved::check_format(&self.format, self.version, FORMAT, VERSION)?;
        let bad_wall = |e: crate::mcr::judge::WallError| SaveError::Wall(e.to_string());
        let wall: Wall = self.wall.parse().map_err(bad_wall)?;
        let init = InitData::new(wall, i64::from(self.prevalent_wind)).map_err(bad_wall)?;
        let bots = saved::seat_bots::<BuiltIn, PLAYERS>(&self.seats)?;
        let env = Env::new(&init, self.options.into(), bots, self.record);
        saved::replay(env, &self.answers, Env::step_text)
    }
}

#[cfg(test)]
#[path = "saved_tests.rs"]
mod tests;
