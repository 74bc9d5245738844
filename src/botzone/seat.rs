//! Who plays at a seat of a game, for every ruleset: an in-process bot or
//! a bot program under Botzone's protocol ([`Seat`]).

use super::program::{Judged, ProgramBot};
use crate::named::BuiltInBot;

/// Who plays at a seat: an in-process bot `B` (a built-in one, or a front
/// end's own) or a bot program whose answers are read as `J` says. Each
/// ruleset's arena names its own (`mcr::games::arena::Seat`).
pub enum Seat<B: ?Sized, J: Judged> {
    /// An in-process bot.
    InProcess(Box<B>),
    /// A bot program (boxed: it is much larger than a pointer).
    Program(Box<ProgramBot<J>>),
}

impl<B: ?Sized, J: Judged> Seat<B, J> {
    /// The built-in bot `bot`, its random choices (if any) from `seed`.
    pub fn built_in<T: BuiltInBot<Bot = B>>(bot: T, seed: u64) -> Self {
        Seat::InProcess(bot.bot(seed))
    }

    /// A seat played by the bot program `bot`.
    pub fn program(bot: ProgramBot<J>) -> Self {
        Seat::Program(Box::new(bot))
    }
}
