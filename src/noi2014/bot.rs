//! The in-process bot interface: a bot answers its own requests, one at a
//! time, and keeps its own view of the game (see [`super::view`]).

use super::request::{Request, RequestParseError};
use std::borrow::Cow;

/// A player that answers requests in process, deterministically.
///
/// Answers are `Cow<'static, str>`: the usual ones (`PASS`, `PLAY W3`, ...)
/// are static strings, so a game needs no formatting or allocation but for
/// the target hand.
pub trait Bot {
    /// Answers one request addressed to this bot.
    fn respond(&mut self, request: &Request) -> Cow<'static, str>;

    /// Answers one request given as its string (point 21).
    fn respond_str(&mut self, request: &str) -> Result<Cow<'static, str>, RequestParseError> {
        let r: Request = request.parse()?;
        Ok(self.respond(&r))
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        (**self).respond(request)
    }
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        (**self).respond(request)
    }
}

/// A built-in bot, as the command line names it: `greedy`, `sample`, or
/// `greedy:eps=P` (the noisy greedy bot, see [`super::greedy`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BuiltIn {
    /// The greedy bot (deterministic).
    Greedy,
    /// The 2014 sample bot (random discards and pung discards).
    Sample,
    /// The greedy bot with a random legal move with probability `eps`.
    NoisyGreedy {
        /// The chance of a random move at each decision, in `0..=1`.
        eps: f64,
    },
}

impl BuiltIn {
    /// The names, for help and errors.
    pub const NAMES: &'static str = "greedy, sample, greedy:eps=P (P from 0 to 1)";

    /// The built-in bot `name`; `Ok(None)` when `name` names none (it may
    /// be a program), an error for a built-in name with a bad setting.
    pub fn parse(name: &str) -> Result<Option<BuiltIn>, String> {
        let Some(setting) = name.strip_prefix("greedy:") else {
            return Ok(match name {
                "greedy" => Some(BuiltIn::Greedy),
                "sample" => Some(BuiltIn::Sample),
                _ => None,
            });
        };
        let eps = setting
            .strip_prefix("eps=")
            .and_then(|p| p.parse::<f64>().ok())
            .filter(|p| (0.0..=1.0).contains(p))
            .ok_or_else(|| {
                format!("`{name}`: the noisy greedy bot is greedy:eps=P, P a probability from 0 to 1 (e.g. greedy:eps=0.1)")
            })?;
        Ok(Some(BuiltIn::NoisyGreedy { eps }))
    }

    /// Its name as [`BuiltIn::parse`] reads it.
    pub fn name(&self) -> String {
        match self {
            BuiltIn::Greedy => "greedy".into(),
            BuiltIn::Sample => "sample".into(),
            BuiltIn::NoisyGreedy { eps } => format!("greedy:eps={eps}"),
        }
    }

    /// A fresh bot; the random choices of the sample and noisy bots follow
    /// `seed`.
    pub fn bot(&self, seed: u64) -> Box<dyn Bot + Send> {
        match *self {
            BuiltIn::Greedy => Box::new(super::GreedyBot::new()),
            BuiltIn::Sample => Box::new(super::SampleBot::new(seed)),
            BuiltIn::NoisyGreedy { eps } => Box::new(super::GreedyBot::noisy(eps, seed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BuiltIn;

    #[test]
    fn built_in_names_read_back() {
        for name in [
            "greedy",
            "sample",
            "greedy:eps=0.1",
            "greedy:eps=0",
            "greedy:eps=1",
        ] {
            let b = BuiltIn::parse(name).unwrap().unwrap();
            assert_eq!(b.name(), name);
        }
        assert_eq!(BuiltIn::parse("./mybot"), Ok(None));
        assert_eq!(BuiltIn::parse("greedy2"), Ok(None));
        for bad in [
            "greedy:eps=1.5",
            "greedy:eps=-0.1",
            "greedy:eps=x",
            "greedy:p=0.1",
            "greedy:eps=NaN",
        ] {
            let e = BuiltIn::parse(bad).unwrap_err();
            assert!(e.contains("greedy:eps=P"), "{e}");
        }
    }
}
