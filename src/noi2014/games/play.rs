//! Driving a [`Judge`] to the end with in-process bots (games with bot
//! programs are [`crate::noi2014::games::arena`]'s).

use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::greedy::GreedyBot;
use crate::noi2014::rules::judge::Judge;
use crate::noi2014::rules::result::GameResult;
use crate::noi2014::rules::wall::Wall;

/// Answers every pending request with `bots[player]` until the game ends.
pub fn run_bots<B: Bot>(judge: &mut Judge, bots: &mut [B; 4]) {
    while let Some((p, request)) = judge.pending() {
        let answer = bots[p].respond(request);
        judge.answer_text(&answer).expect("a request is pending");
    }
}

/// A whole game on `wall` with these bots; the finished judge.
pub fn play<B: Bot>(wall: &Wall, bots: &mut [B; 4]) -> Judge {
    let mut judge = Judge::new(wall);
    run_bots(&mut judge, bots);
    judge
}

/// A whole game of four greedy bots; the finished judge.
pub fn play_greedy(wall: &Wall) -> Judge {
    let mut bots: [GreedyBot; 4] = Default::default();
    play(wall, &mut bots)
}

/// The result of a finished judge.
pub fn result_of(judge: &Judge) -> &GameResult {
    judge.result().expect("the game is over")
}
