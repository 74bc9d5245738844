//! The built-in bots by name, as the command line and the contest name
//! them, and a fresh bot of each.

use crate::named::BuiltInBot;
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::greedy::GreedyBot;
use crate::noi2014::bots::sample::SampleBot;

/// A built-in bot, as the command line names it: `greedy`, `sample`, or
/// `greedy:eps=P` (the noisy greedy bot, see [`crate::noi2014::bots::greedy`]).
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

impl BuiltInBot for BuiltIn {
    const NAMES: &'static str = "greedy, sample, greedy:eps=P (P from 0 to 1)";
    type Bot = dyn Bot + Send;

    fn parse(name: &str) -> Result<Option<BuiltIn>, String> {
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

    fn name(&self) -> String {
        match self {
            BuiltIn::Greedy => "greedy".into(),
            BuiltIn::Sample => "sample".into(),
            BuiltIn::NoisyGreedy { eps } => format!("greedy:eps={eps}"),
        }
    }

    /// A fresh bot; the random choices of the sample and noisy bots follow
    /// `seed`.
    fn bot(&self, seed: u64) -> Box<dyn Bot + Send> {
        match *self {
            BuiltIn::Greedy => Box::new(GreedyBot::new()),
            BuiltIn::Sample => Box::new(SampleBot::new(seed)),
            BuiltIn::NoisyGreedy { eps } => Box::new(GreedyBot::noisy(eps, seed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BuiltIn, BuiltInBot};

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
