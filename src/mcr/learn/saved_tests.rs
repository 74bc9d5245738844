use super::*;
use crate::mcr::games::walls::random_init;
use crate::mcr::judge::{Event, Options, Request};
use crate::mcr::learn::action::{Action, Mask};
use crate::mcr::learn::env::OBS_SIZE;
use crate::named::BuiltInBot;
use crate::rng::Rng;

/// The seats of game `seed`: the caller at 0 and 2, the random bot (its
/// own stream) at 1, the greedy bot at 3.
fn seats(seed: u64) -> [Option<SavedBot>; PLAYERS] {
    let bot = |name: &str, seed| {
        Some(SavedBot {
            bot: name.into(),
            seed,
        })
    };
    [None, bot("random", seed ^ 1), None, bot("greedy", seed ^ 3)]
}

/// A new game of `seed`: Python's readings and recording for some seeds.
fn start(seed: u64) -> Env {
    let init = random_init(&mut Rng::new(seed));
    let options = if seed % 3 == 0 {
        Options::python_twin()
    } else {
        Options::default()
    };
    let bots = seats(seed).map(|s| s.map(|b| BuiltIn::parse(&b.bot).unwrap().unwrap().bot(b.seed)));
    Env::new(&init, options, bots, seed % 2 == 0)
}

fn random(mask: Mask, rng: &mut Rng) -> Action {
    mask.nth(rng.below(mask.len())).unwrap()
}

/// One move with random legal actions: one decision, or for odd `seed`
/// every decision of the step at once. False once the game is over.
fn play_one(env: &mut Env, seed: u64, rng: &mut Rng) -> bool {
    if env.judge().is_over() {
        return false;
    }
    if seed % 2 == 1 {
        let ds = env.decisions();
        let actions = ds.map(|m| m.map(|m| random(m, rng)));
        env.step_all(&actions).unwrap();
    } else {
        let mask = env.pending_mask().unwrap();
        env.step(random(mask, rng)).unwrap();
    }
    true
}

/// What two games must share: requests, events, replies, the next
/// decisions, every seat's observation, scores.
type Trace = (
    Vec<[Request; PLAYERS]>,
    Vec<Event>,
    Option<Vec<[String; PLAYERS]>>,
    [Option<Mask>; PLAYERS],
    Vec<u8>,
    Option<[i32; PLAYERS]>,
);

fn trace(env: &Env) -> Trace {
    let mut obs = vec![0u8; OBS_SIZE * PLAYERS];
    for (p, o) in obs.chunks_mut(OBS_SIZE).enumerate() {
        env.observe(p, o);
    }
    (
        env.judge().steps().to_vec(),
        env.judge().events().to_vec(),
        env.replies().map(<[_]>::to_vec),
        env.decisions(),
        obs,
        env.scores(),
    )
}

/// Saved at many decisions of many games (one by one and all at once,
/// both readings, recording or not), a game restores as the same game,
/// and the two go on the same way under the same actions to the end:
/// the random bot's stream is where it was.
#[test]
fn a_restored_game_is_the_same_game_and_goes_on_the_same() {
    let (mut saves, mut after) = (0, 0);
    for seed in 0..16 {
        let mut env = start(seed);
        let mut rng = Rng::new(seed + 100);
        let every = 3 + seed % 5;
        let mut moves = 0;
        loop {
            if moves % every == 0 {
                let saved = SavedGame::save(&env, seats(seed)).unwrap();
                assert_eq!(saved.answers.len(), env.given_answers().unwrap().len());
                let json = serde_json::to_string(&saved).unwrap();
                let back = SavedGame::from_json(&json).unwrap();
                assert_eq!(back, saved);
                let mut copy = back.restore().unwrap();
                assert_eq!(trace(&copy), trace(&env), "seed {seed} move {moves}");
                // The original game, made again with the same actions,
                // and the copy go on under the same actions, to the end.
                let mut original = start(seed);
                let mut again = Rng::new(seed + 100);
                for _ in 0..moves {
                    play_one(&mut original, seed, &mut again);
                }
                assert_eq!(trace(&original), trace(&env));
                let (mut a, mut b) = (Rng::new(seed * 1000 + moves), Rng::new(seed * 1000 + moves));
                while play_one(&mut original, seed, &mut a) {
                    assert!(play_one(&mut copy, seed, &mut b));
                    after += 1;
                }
                assert!(copy.judge().is_over());
                assert_eq!(trace(&copy), trace(&original), "seed {seed} move {moves}");
                assert_eq!(
                    SavedGame::save(&copy, seats(seed)).unwrap(),
                    SavedGame::save(&original, seats(seed)).unwrap()
                );
                saves += 1;
            }
            if !play_one(&mut env, seed, &mut rng) {
                break;
            }
            moves += 1;
        }
        // The finished game saves and restores too.
        let saved = SavedGame::save(&env, seats(seed)).unwrap();
        assert_eq!(trace(&saved.restore().unwrap()), trace(&env));
        assert_eq!(saved.record, seed % 2 == 0);
    }
    // Not degenerate: saves at many points, games going on after them.
    assert!(saves > 100, "{saves} saves");
    assert!(after > 2000, "{after} moves after a save");
}

/// A game part played: its saved value as JSON.
fn saved_json(seed: u64, moves: usize) -> (SavedGame, String) {
    let mut env = start(seed);
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        play_one(&mut env, seed, &mut rng);
    }
    let saved = SavedGame::save(&env, seats(seed)).unwrap();
    let json = serde_json::to_string(&saved).unwrap();
    (saved, json)
}

/// Another ruleset's state, another version, text that is no saved game,
/// an unknown field, a bad wall, wind or bot, and answers past the end
/// are refused, each with why.
#[test]
fn bad_and_foreign_values_are_refused_with_why() {
    let (good, json) = saved_json(2, 6);
    assert_eq!(good.answers.len(), 6, "the game went on");
    assert!(good.restore().is_ok());
    let err = |text: &str| SavedGame::from_json(text).unwrap_err().to_string();
    // NOI2014's saved game (the rulesets do not use each other: its
    // shape as its module documents it; NOI2014's tests refuse ours).
    let noi = r#"{"format":"mahjong-sim/noi2014-game-state","version":1,"wall":"W1","seats":[null,null,null,null],"answers":[]}"#;
    assert_eq!(
        err(noi),
        "not a saved game of this version: format `mahjong-sim/noi2014-game-state` version 1 \
         (this library reads `mahjong-sim/mcr-game-state` version 1)"
    );
    let v2 = json.replace("\"version\":1", "\"version\":2");
    assert!(err(&v2).contains("version 2"), "{}", err(&v2));
    assert!(
        err("{}").contains("missing field `format`"),
        "{}",
        err("{}")
    );
    assert!(err(&json[..json.len() / 2]).contains("EOF"));
    let extra = json.replacen("\"record\"", "\"recorded\":true,\"record\"", 1);
    assert!(
        err(&extra).contains("unknown field `recorded`"),
        "{}",
        err(&extra)
    );
    let bad = |edit: fn(&mut SavedGame)| {
        let mut v = good.clone();
        edit(&mut v);
        v.restore().err().unwrap().to_string()
    };
    assert!(bad(|v| v.wall = "W1 W2".into()).starts_with("the saved wall: "));
    assert!(bad(|v| v.wall = v.wall.replacen("W", "X", 1)).starts_with("the saved wall: "));
    assert!(bad(|v| v.prevalent_wind = 4).starts_with("the saved wall: "));
    assert_eq!(
        bad(|v| {
            v.seats[3] = Some(SavedBot {
                bot: "nobody".into(),
                seed: 0,
            })
        }),
        "seat 3: `nobody` is no built-in bot"
    );
    // Answers past the end of a finished game.
    let (mut over, _) = saved_json(5, 10_000);
    assert!(over.restore().unwrap().judge().is_over());
    let count = over.answers.len() + 1;
    over.answers.push("PASS".into());
    assert_eq!(
        over.restore().err(),
        Some(SaveError::TooManyAnswers {
            index: count - 1,
            count
        })
    );
}

/// The JSON's fields, in order, as the module's documentation shows them.
#[test]
fn the_json_has_the_documented_fields() {
    let (saved, json) = saved_json(3, 4);
    assert_eq!(saved.answers.len(), 4);
    let expected = format!(
        r#"{{"format":"mahjong-sim/mcr-game-state","version":1,"wall":{},"prevalent_wind":{},"options":{{"reading":"judge2018","minimum":"eight","empty_wall_kong":"refused"}},"seats":[null,{{"bot":"random","seed":2}},null,{{"bot":"greedy","seed":0}}],"record":false,"answers":{}}}"#,
        serde_json::to_string(&saved.wall).unwrap(),
        saved.prevalent_wind,
        serde_json::to_string(&saved.answers).unwrap()
    );
    assert_eq!(json, expected);
}

/// A game made unsaved (a batched vector's) plays as the same game made
/// to be saved, move for move, and refuses to be saved: it kept no
/// answers.
#[test]
fn an_unsaved_game_plays_the_same_and_refuses_to_be_saved() {
    // Odd seeds: games without record (the trace compares the replies).
    for seed in [1, 3] {
        let mut kept = start(seed);
        let bots =
            seats(seed).map(|s| s.map(|b| BuiltIn::parse(&b.bot).unwrap().unwrap().bot(b.seed)));
        let mut unsaved = Env::unsaved(kept.init(), kept.judge().options(), bots);
        let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
        let mut moves = 0;
        while play_one(&mut kept, seed, &mut a) {
            assert!(play_one(&mut unsaved, seed, &mut b));
            assert_eq!(trace(&unsaved), trace(&kept), "seed {seed} move {moves}");
            moves += 1;
        }
        assert!(moves > 20, "{moves} moves");
        assert!(unsaved.given_answers().is_none());
        assert_eq!(
            SavedGame::save(&unsaved, seats(seed)),
            Err(SaveError::NotRecorded)
        );
        assert!(SavedGame::save(&kept, seats(seed)).is_ok());
    }
}
