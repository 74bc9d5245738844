//! One game between built-in bots and bot programs, contained: what
//! `noi2014 play` runs.

use super::entrant::{check_runnable, seat, BotSpec};
use super::guard::Containment;
use super::limits::Limits;
use super::ruleset::{Draws, Player, Ruleset, PLAYERS};
use super::seed::bot_seed;
use super::Error;

/// A played game and who sat where.
pub struct Played<R: Ruleset> {
    /// The game's record.
    pub game: R::Game,
    /// Each seat's bot, as shown: a built-in name or a command line.
    pub labels: Vec<String>,
}

/// The bots of the four seats: `bots` in seat order, the house bot
/// ([`Ruleset::house`]) in the seats they leave empty.
pub fn seated<R: Ruleset>(bots: &[BotSpec<R>]) -> Vec<BotSpec<R>> {
    let mut specs = bots.to_vec();
    specs.resize(PLAYERS.max(bots.len()), BotSpec::BuiltIn(R::house()));
    specs
}

/// Plays `wall` with `bots` in seat order (at most four; empty seats get the
/// house bot), in the wall's order, judged under `rules`. A built-in bot
/// at seat `p` draws its random choices from [`bot_seed`]`(seed, [p])`.
pub fn play<R: Ruleset>(
    wall: &R::Wall,
    rules: R::Rules,
    bots: &[BotSpec<R>],
    seed: u64,
    limits: Limits,
) -> Result<Played<R>, Error> {
    play_watched(wall, rules, bots, seed, limits, |_| {})
}

/// [`play`], with `watch` shown each turn as soon as it is played (a log
/// streamed as the game goes). A bot program that cannot be run at all is
/// an error before the first turn.
pub fn play_watched<R: Ruleset>(
    wall: &R::Wall,
    rules: R::Rules,
    bots: &[BotSpec<R>],
    seed: u64,
    limits: Limits,
    mut watch: impl FnMut(&R::Turn),
) -> Result<Played<R>, Error> {
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
    let mut seats: [Player<R>; PLAYERS] =
        std::array::from_fn(|p| seat(&specs[p], bot_seed(seed, &[p as u64]), &limits));
    let labels = specs.iter().map(BotSpec::label).collect();
    let game = R::play(wall, Draws::Wall, rules, &mut seats, &mut watch);
    guard.finish();
    let game = game.map_err(|source| Error::Io {
        what: "cannot run a bot program".into(),
        source,
    })?;
    Ok(Played { game, labels })
}
