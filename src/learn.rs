//! What the batched learning environments of every ruleset share
//! (`noi2014::learn::vector`, `mcr::learn::vector`): Gymnasium's autoreset
//! modes and the errors of a batched step.

/// A batched set of games that cannot be made or stepped as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// Every seat is a bot: the caller would never decide anything.
    #[error("at least one seat must be the caller's (None)")]
    NoCallerSeat,
    /// An action number outside the action space, or a buffer of the
    /// wrong length.
    #[error("{0}")]
    Shape(String),
    /// An action the pending decision's mask forbids, refused by
    /// a step before any game moved.
    #[error("game {game}: action {action} is not legal there (its mask is 0)")]
    Illegal {
        /// The slot.
        game: usize,
        /// The action given.
        action: u32,
    },
    /// A step of a slot whose game is over and waits for
    /// a reset of the slot ([`Autoreset::Disabled`]).
    #[error("game {0} is over: reset it first (autoreset disabled)")]
    Over(usize),
}

/// When a slot whose game ended starts its next game: Gymnasium's
/// autoreset modes (`gymnasium.vector.AutoresetMode`), named as its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// In the step after the one that ended it: until then the slot shows
    /// the finished game (the observation of the seat that decided last,
    /// its mask all 0); that next step ignores the slot's action and shows
    /// the next game's first decision, with no reward and done 0.
    NextStep,
    /// In the step that ended it: the slot shows the next game's first
    /// decision at once, and the finished game's observations go to
    /// the step's final observations.
    SameStep,
    /// Only through a reset of the slot: until then the slot shows the
    /// finished game as [`Autoreset::NextStep`] does, and a step refuses
    /// to be given it ([`VectorError::Over`]).
    Disabled,
}

impl Autoreset {
    /// The modes' names, Gymnasium's values of `AutoresetMode`.
    pub const NAMES: [&'static str; 3] = ["NextStep", "SameStep", "Disabled"];

    /// The mode named `name` (one of [`Autoreset::NAMES`]).
    pub fn parse(name: &str) -> Option<Autoreset> {
        match name {
            "NextStep" => Some(Autoreset::NextStep),
            "SameStep" => Some(Autoreset::SameStep),
            "Disabled" => Some(Autoreset::Disabled),
            _ => None,
        }
    }
}
