//! One NOI2014 game between built-in bots and bot programs, contained: what
//! `noi2014 play` runs.

use super::entrant::{check_runnable, seat, BotSpec, Limits};
use super::guard::Containment;
use super::seed::bot_seed;
use super::Error;
use crate::noi2014::arena::{self, Game, Seat, Turn};
use crate::noi2014::wall::Wall;
use crate::noi2014::{BuiltIn, PLAYERS};

/// A played game and who sat where.
pub struct Played {
    /// The game's record.
    pub game: Game,
    /// Each seat's bot, as shown: a built-in name or a command line.
    pub labels: Vec<String>,
}

/// The bots of the four seats: `bots` in seat order, the greedy bot in
/// the seats they leave empty.
pub fn seated(bots: &[BotSpec]) -> Vec<BotSpec> {
    let mut specs = bots.to_vec();
    specs.resize(PLAYERS.max(bots.len()), BotSpec::BuiltIn(BuiltIn::Greedy));
    specs
}

/// Plays `wall` with `bots` in seat order (at most four; empty seats get the
/// greedy bot). A sample bot at seat `p` follows
/// [`bot_seed`]`(seed, [p])`.
pub fn play(wall: &Wall, bots: &[BotSpec], seed: u64, limits: Limits) -> Result<Played, Error> {
    play_watched(wall, bots, seed, limits, |_| {})
}

/// [`play`], with `watch` shown each turn as soon as it is played (a log
/// streamed as the game goes). A bot program that cannot be run at all is
/// an error before the first turn.
pub fn play_watched(
    wall: &Wall,
    bots: &[BotSpec],
    seed: u64,
    limits: Limits,
    watch: impl FnMut(&Turn),
) -> Result<Played, Error> {
    if bots.len() > PLAYERS {
        return Err(Error::Usage(format!(
            "{} bots given; a table seats 4",
            bots.len()
        )));
    }
    let guard = Containment::new();
    // Before any turn is shown: a program that cannot run is the user's
    // error, not a move of the game.
    check_runnable(bots.iter(), &limits)?;
    let specs = seated(bots);
    let mut seats: [Seat; PLAYERS] =
        std::array::from_fn(|p| seat(&specs[p], bot_seed(seed, &[p as u64]), &limits));
    let labels = specs.iter().map(BotSpec::label).collect();
    let game = arena::play_watched(wall, &mut seats, watch);
    guard.finish();
    let game = game.map_err(|source| Error::Io {
        what: "cannot run a bot program".into(),
        source,
    })?;
    Ok(Played { game, labels })
}
