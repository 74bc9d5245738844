//! A learning environment's game ([`Env`]) saved as a small, versioned
//! value, and the same game rebuilt from it: what a search (MCTS,
//! expectimax) needs to branch from any decision, and what `pickle` and
//! `copy.deepcopy` of a Python game are made of.
//!
//! The value is the game's inputs, not its memory: the wall, who sits
//! where and the caller's answers so far, replayed on restore (the parts
//! every ruleset's saved game shares are [`crate::learn::saved`]'s). Its
//! JSON is a few kilobytes at most.

use crate::learn::saved::{self, from_json};
pub use crate::learn::saved::{SaveError, SavedBot};
use crate::noi2014::bots::built_in::BuiltIn;
use crate::noi2014::learn::env::Env;
use crate::noi2014::rules::wall::Wall;
use crate::noi2014::rules::PLAYERS;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `format` of a saved game.
pub const FORMAT: &str = "mahjong-sim/noi2014-game-state";

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
    /// The wall, 108 tile names in the wall's order.
    pub wall: String,
    /// By seat: `None` for the caller's, or the built-in bot there.
    pub seats: [Option<SavedBot>; PLAYERS],
    /// The caller's answers so far, in the order given.
    pub answers: Vec<String>,
}

impl SavedGame {
    /// `env` saved, its seats as `seats` says (the caller's `None`, the
    /// others the built-in bots it was made with, with their seeds); it
    /// needs `record`, which keeps the answers.
    pub fn save(env: &Env, seats: [Option<SavedBot>; PLAYERS]) -> Result<SavedGame, SaveError> {
        let answers = env
            .given_answers()
            .ok_or(SaveError::NotRecorded)?
            .into_iter()
            .map(str::to_string)
            .collect();
        Ok(SavedGame {
            format: FORMAT.to_string(),
            version: VERSION,
            wall: env.judge().wall().to_string(),
            seats,
            answers,
        })
    }

    /// The saved game in the JSON text `text` (what [`SavedGame`]
    /// serializes to), refused with why when it is none of this format
    /// and version.
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        from_json(text, FORMAT, VERSION)
    }

    /// The game rebuilt (recording, so that it can be saved again): the
    /// wall and bots as saved, the caller's answers replayed in order.
    pub fn restore(&self) -> Result<Env, SaveError> {
        saved::check_format(&self.format, self.version, FORMAT, VERSION)?;
        let wall = Wall::parse(self.wall.as_bytes()).map_err(|e| SaveError::Wall(e.to_string()))?;
        let bots = saved::seat_bots::<BuiltIn, PLAYERS>(&self.seats)?;
        saved::replay(Env::new(&wall, bots, true), &self.answers, Env::step_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named::{BuiltInBot, WallFamily};
    use crate::noi2014::games::families::Family;
    use crate::noi2014::learn::env::Action;
    use crate::rng::Rng;

    /// A game with the caller at seats 0 and 2, played `moves` decisions
    /// with random legal actions from `seed`.
    fn played(seed: u64, moves: usize) -> (Env, [Option<SavedBot>; PLAYERS]) {
        let wall = Family::Uniform.seeded_wall(seed);
        let seats = [
            None,
            Some(SavedBot {
                bot: "greedy:eps=0.3".into(),
                seed: seed ^ 1,
            }),
            None,
            Some(SavedBot {
                bot: "sample".into(),
                seed: seed ^ 3,
            }),
        ];
        let bots = std::array::from_fn(|p| {
            seats[p]
                .as_ref()
                .map(|s| BuiltIn::parse(&s.bot).unwrap().unwrap().bot(s.seed))
        });
        let mut env = Env::new(&wall, bots, true);
        let mut rng = Rng::new(seed);
        for _ in 0..moves {
            let Some(mask) = env.pending_mask() else {
                break;
            };
            let pick = mask.nth(rng.below(mask.len())).unwrap();
            env.step(pick).unwrap();
        }
        (env, seats)
    }

    /// The events and requests of a game, to compare two.
    fn trace(env: &Env) -> (Vec<String>, Option<String>) {
        let events = env.judge().events().iter().map(|e| e.to_string()).collect();
        (events, env.decision().map(|(_, r, _)| r.to_string()))
    }

    /// Restored at any point, the game is the same game, and it goes on
    /// the same way as the original under the same actions: the bots'
    /// random streams are where they were.
    #[test]
    fn a_restored_game_is_the_same_game_and_goes_on_the_same() {
        let mut branched = 0;
        for seed in 0..40 {
            let (mut env, seats) = played(seed, (seed as usize * 7) % 60);
            let saved = SavedGame::save(&env, seats.clone()).unwrap();
            let json = serde_json::to_string(&saved).unwrap();
            let back: SavedGame = serde_json::from_str(&json).unwrap();
            let mut copy = back.restore().unwrap();
            assert_eq!(trace(&env), trace(&copy), "seed {seed}");
            // Both go on under the same actions, to the end.
            let mut rng = Rng::new(seed + 1000);
            while let Some(mask) = env.pending_mask() {
                assert_eq!(copy.pending_mask(), Some(mask));
                let pick: Action = mask.nth(rng.below(mask.len())).unwrap();
                env.step(pick).unwrap();
                copy.step(pick).unwrap();
                branched += 1;
            }
            assert_eq!(trace(&env), trace(&copy), "seed {seed}");
            assert_eq!(env.points(), copy.points());
            assert_eq!(
                SavedGame::save(&copy, seats.clone()),
                SavedGame::save(&env, seats)
            );
        }
        // Not degenerate: the games went on after the save.
        assert!(branched > 400, "{branched}");
    }

    /// The JSON's fields and their order, which states saved before
    /// the shared `learn::saved` was written keep.
    #[test]
    fn the_json_is_as_it_was() {
        let (env, seats) = played(3, 4);
        let saved = SavedGame::save(&env, seats).unwrap();
        assert_eq!(saved.answers.len(), 4);
        let expected = format!(
            r#"{{"format":"mahjong-sim/noi2014-game-state","version":1,"wall":{},"seats":[null,{{"bot":"greedy:eps=0.3","seed":2}},null,{{"bot":"sample","seed":0}}],"answers":{}}}"#,
            serde_json::to_string(&saved.wall).unwrap(),
            serde_json::to_string(&saved.answers).unwrap()
        );
        assert_eq!(serde_json::to_string(&saved).unwrap(), expected);
    }

    #[test]
    fn bad_values_are_refused_with_why() {
        let (env, seats) = played(3, 5);
        let good = SavedGame::save(&env, seats).unwrap();
        let mut v = good.clone();
        v.version = 2;
        assert!(matches!(v.restore(), Err(SaveError::Format { .. })));
        // MCR's saved game (its shape as its module documents it) is
        // refused as another format.
        let mcr = r#"{"format":"mahjong-sim/mcr-game-state","version":1,"wall":"W1","prevalent_wind":0,"options":{"reading":"judge2018","minimum":"eight_plus_flowers","empty_wall_kong":"accepted"},"seats":[null,null,null,null],"record":false,"answers":[]}"#;
        assert_eq!(
            SavedGame::from_json(mcr).err().unwrap().to_string(),
            "not a saved game of this version: format `mahjong-sim/mcr-game-state` version 1 \
             (this library reads `mahjong-sim/noi2014-game-state` version 1)"
        );
        let mut v = good.clone();
        v.seats[1] = Some(SavedBot {
            bot: "nobody".into(),
            seed: 0,
        });
        assert_eq!(
            v.restore().err().unwrap().to_string(),
            "seat 1: `nobody` is no built-in bot"
        );
        let mut v = good.clone();
        v.wall = "1W".into();
        assert!(matches!(v.restore(), Err(SaveError::Wall(_))));
        let (over, seats) = played(4, 10_000);
        assert!(over.pending_mask().is_none());
        let mut v = SavedGame::save(&over, seats).unwrap();
        let count = v.answers.len() + 1;
        v.answers.push("PASS".into());
        assert_eq!(
            v.restore().err(),
            Some(SaveError::TooManyAnswers {
                index: count - 1,
                count
            })
        );
        let wall = Family::Uniform.seeded_wall(1);
        let unrecorded = Env::new(&wall, Default::default(), false);
        assert_eq!(
            SavedGame::save(&unrecorded, Default::default()).err(),
            Some(SaveError::NotRecorded)
        );
    }
}
