//! One NOI2014 game between built-in bots and bot programs, contained: what
//! `noi2014 play` runs.

use super::entrant::{seat, BotSpec, Limits};
use super::guard::Containment;
use super::seed::bot_seed;
use super::Error;
use crate::noi2014::arena::{self, Game, Seat};
use crate::noi2014::wall::Wall;
use crate::noi2014::{BuiltIn, PLAYERS};

/// A played game and who sat where.
pub struct Played {
    /// The game's record.
    pub game: Game,
    /// Each seat's bot, as shown: a built-in name or a command line.
    pub labels: Vec<String>,
}

/// Plays `wall` with `bots` in seat order (at most four; empty seats get the
/// greedy bot). A sample bot at seat `p` follows
/// [`bot_seed`]`(seed, [p])`.
pub fn play(wall: &Wall, bots: &[BotSpec], seed: u64, limits: Limits) -> Result<Played, Error> {
    if bots.len() > PLAYERS {
        return Err(Error::Usage(format!(
            "{} bots given; a table seats 4",
            bots.len()
        )));
    }
    let mut specs: Vec<BotSpec> = bots.to_vec();
    specs.resize(PLAYERS, BotSpec::BuiltIn(BuiltIn::Greedy));
    let mut seats: [Seat; PLAYERS] =
        std::array::from_fn(|p| seat(&specs[p], bot_seed(seed, &[p as u64]), limits));
    let labels = specs.iter().map(BotSpec::label).collect();
    let guard = Containment::new();
    let game = arena::play(wall, &mut seats);
    guard.finish();
    let game = game.map_err(|source| Error::Io {
        what: "cannot run a bot program".into(),
        source,
    })?;
    Ok(Played { game, labels })
}
