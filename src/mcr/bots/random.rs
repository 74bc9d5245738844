//! The random bot: a uniformly random legal answer to every request
//! ([`legal`]), from its own seeded stream. It never
//! breaks a rule, and plays far below any sensible bot: the baseline.

use super::bot::Bot;
use super::legal::{legal, note, Action};
use super::view::View;
use crate::mcr::judge::Request;
use crate::rng::Rng;
use std::borrow::Cow;

/// The random bot.
#[derive(Clone, Debug)]
pub struct RandomBot {
    view: View,
    rng: Rng,
    /// The legal answers, kept to save an allocation a request.
    moves: Vec<Action>,
}

impl RandomBot {
    /// A bot before its first request, its choices drawn from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            view: View::new(),
            rng: Rng::new(seed),
            moves: Vec::with_capacity(64),
        }
    }
}

impl Bot for RandomBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        legal(&self.view, &mut self.moves);
        // Only PASS: no draw from the stream, so that notices cost nothing.
        let pick = match self.moves.len() {
            1 => self.moves[0],
            n => self.moves[self.rng.below(n)],
        };
        note(&mut self.view, pick);
        pick.text()
    }
}
