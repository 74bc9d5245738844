//! One MCR game between four players, and its record.
//!
//! The arena asks the judge's pending requests one seat at a time and
//! hands each answer back; the judge decides everything. The record keeps
//! what the official judge's transcripts keep: the initial data, every
//! step's four requests and four replies, and the result.

use crate::mcr::bots::bot::Bot;
use crate::mcr::judge::{Event, GameResult, InitData, Judge, Options, Reply, Request, PLAYERS};

/// Who plays at a seat.
pub enum Seat {
    /// An in-process bot.
    InProcess(Box<dyn Bot + Send>),
}

impl Seat {
    /// The seat's answer to `request`.
    fn reply(&mut self, request: &Request) -> Reply {
        match self {
            Seat::InProcess(bot) => Reply::Text(bot.respond(request).into_owned()),
        }
    }
}

/// One request and its answer, as a game being played shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The step, from 0 (the `0` requests).
    pub step: usize,
    /// The seat asked.
    pub player: usize,
    /// The request.
    pub request: Request,
    /// Its answer.
    pub reply: Reply,
}

/// A played game: everything its log and replay are written from.
#[derive(Clone, Debug)]
pub struct Game {
    /// The wall and the wind it was dealt.
    pub init: InitData,
    /// The readings it was judged under.
    pub options: Options,
    /// Every step's four requests, by seat.
    pub steps: Vec<[Request; PLAYERS]>,
    /// Every step's four replies, by seat.
    pub replies: Vec<[Reply; PLAYERS]>,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// How it ended.
    pub result: GameResult,
}

/// Plays `init` under `options` with `seats` in seat order, `watch` told
/// each turn as it is played.
pub fn play(
    init: &InitData,
    options: Options,
    seats: &mut [Seat; PLAYERS],
    watch: &mut dyn FnMut(&Turn),
) -> Game {
    let mut judge = Judge::with_options(init, options);
    let mut replies: Vec<[Reply; PLAYERS]> = Vec::with_capacity(192);
    while let Some((player, &request)) = judge.pending() {
        let step = judge.steps().len() - 1;
        let reply = seats[player].reply(&request);
        watch(&Turn {
            step,
            player,
            request,
            reply: reply.clone(),
        });
        if player == 0 {
            replies.push(std::array::from_fn(|_| Reply::Text(String::new())));
        }
        replies[step][player] = reply.clone();
        judge.answer(reply).expect("a request is pending");
    }
    Game {
        init: init.clone(),
        options,
        steps: judge.steps().to_vec(),
        replies,
        events: judge.events().to_vec(),
        result: judge.result().expect("the game is over").clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::games::walls::random_init;
    use crate::mcr::judge::End;
    use crate::rng::Rng;
    use std::borrow::Cow;

    /// Discards what it draws and passes everything else.
    struct DrawAndDiscard;

    impl Bot for DrawAndDiscard {
        fn respond(&mut self, request: &Request) -> Cow<'static, str> {
            match request {
                Request::Draw(t) => format!("PLAY {t}").into(),
                _ => "PASS".into(),
            }
        }
    }

    fn seats() -> [Seat; PLAYERS] {
        std::array::from_fn(|_| Seat::InProcess(Box::new(DrawAndDiscard)))
    }

    #[test]
    fn bots_that_discard_their_draws_exhaust_the_wall() {
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let init = random_init(&mut rng);
            let mut turns = 0;
            let game = play(&init, Options::default(), &mut seats(), &mut |_| turns += 1);
            assert!(
                matches!(game.result.end, End::Exhausted { .. }),
                "{:?}",
                game.result
            );
            assert_eq!(game.result.scores, [0; 4]);
            assert_eq!(game.steps.len(), game.replies.len());
            assert_eq!(turns, 4 * game.steps.len());
            // Init, deal, then draws: a part of 36 tiles gives at most 23 draws.
            assert!(game.steps.len() > 2 + 4 * 8, "{} steps", game.steps.len());
        }
    }

    #[test]
    fn a_wrong_answer_ends_the_game_with_the_penalty() {
        struct Garbage;
        impl Bot for Garbage {
            fn respond(&mut self, _: &Request) -> Cow<'static, str> {
                "PLAY".into()
            }
        }
        let mut s = seats();
        s[2] = Seat::InProcess(Box::new(Garbage));
        let game = play(
            &random_init(&mut Rng::new(1)),
            Options::default(),
            &mut s,
            &mut |_| {},
        );
        assert_eq!(game.result.scores, [10, 10, -30, 10]);
        assert_eq!(game.steps.len(), 1, "the first step's answer is wrong");
    }
}
