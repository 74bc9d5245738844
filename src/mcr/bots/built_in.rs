//! The built-in MCR bots by name, as the command line and the contest name
//! them, and a fresh bot of each.

use super::bot::Bot;
use super::greedy::GreedyBot;
use super::planner::PlannerBot;
use super::random::RandomBot;
use crate::named::BuiltInBot;

/// A built-in bot, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltIn {
    /// `random`: a uniformly random legal answer ([`RandomBot`]).
    Random,
    /// `greedy`: lowest shanten, blind to fans ([`GreedyBot`]).
    Greedy,
    /// `planner`: fan-aware, counting unseen tiles ([`PlannerBot`]).
    Planner,
}

impl BuiltInBot for BuiltIn {
    const NAMES: &'static str = "random, greedy, planner";
    type Bot = dyn Bot + Send;

    fn parse(name: &str) -> Result<Option<BuiltIn>, String> {
        Ok(BuiltIn::ALL.into_iter().find(|b| b.name() == name))
    }

    fn name(&self) -> String {
        match self {
            BuiltIn::Random => "random".into(),
            BuiltIn::Greedy => "greedy".into(),
            BuiltIn::Planner => "planner".into(),
        }
    }

    /// A fresh bot; its random choices (if any) follow `seed`.
    fn bot(&self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BuiltIn::Random => Box::new(RandomBot::new(seed)),
            BuiltIn::Greedy => Box::new(GreedyBot::new()),
            BuiltIn::Planner => Box::new(PlannerBot::new()),
        }
    }
}

impl BuiltIn {
    /// Every built-in bot.
    pub const ALL: [BuiltIn; 3] = [BuiltIn::Random, BuiltIn::Greedy, BuiltIn::Planner];
}

#[cfg(test)]
mod tests {
    use super::{BuiltIn, BuiltInBot};

    #[test]
    fn built_in_names_read_back() {
        for b in BuiltIn::ALL {
            assert_eq!(BuiltIn::parse(&b.name()), Ok(Some(b)));
            assert!(BuiltIn::NAMES.contains(&b.name()), "{}", b.name());
        }
        assert_eq!(BuiltIn::parse("./mybot"), Ok(None));
        assert_eq!(BuiltIn::parse("Random"), Ok(None));
    }
}
