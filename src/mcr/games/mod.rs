//! MCR games between players: the walls they are dealt and the arena
//! that plays one game.
//!
//! - [`walls`]: the 144-tile set and random walls, as Botzone deals them.
//! - [`arena`]: one game between four players, and its record.
//! - [`program`]: bot programs under Botzone's protocol, and the official
//!   judge's verdicts for their failures.
//! - [`log`]: the game log, versioned JSON Lines, written and read.
//! - [`transcript`]: a game as the official judge's transcript (the
//!   conformance format `mcr conform` replays), and the official judge's
//!   input at each of its steps.

pub mod arena;
pub mod log;
pub mod program;
pub mod transcript;
pub mod walls;

/// A bot for the tests of games: plays its draw and now and then answers
/// nonsense, so that games end drawn or in a penalty.
#[cfg(test)]
pub(crate) mod sloppy {
    use crate::mcr::bots::bot::Bot;
    use crate::mcr::games::arena::Seat;
    use crate::mcr::judge::{Request, PLAYERS};
    use crate::rng::Rng;
    use std::borrow::Cow;

    /// The bot, its choices from its stream.
    pub(crate) struct Sloppy(pub Rng);

    impl Bot for Sloppy {
        fn respond(&mut self, request: &Request) -> Cow<'static, str> {
            if self.0.below(600) == 0 {
                return "PLAY X9".into();
            }
            match request {
                Request::Draw(t) => format!("PLAY {t}").into(),
                _ => "PASS".into(),
            }
        }
    }

    /// Four sloppy seats, their streams from `seed`.
    pub(crate) fn seats(seed: u64) -> [Seat; PLAYERS] {
        let mut streams = Rng::new(seed);
        std::array::from_fn(|_| Seat::InProcess(Box::new(Sloppy(Rng::new(streams.next_u64())))))
    }
}
