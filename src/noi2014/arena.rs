//! Games between seats of any kind (in-process bots and bot programs), with
//! the full record of each: every request and answer, how long a program
//! took, why it failed, and every event with its player's tiles after it.
//! The `play` and `tournament` commands print and save these records; the
//! record is all a log holds, so a log can be replayed.

use super::bot::Bot;
use super::event::Event;
use super::greedy::GreedyBot;
use super::judge::Judge;
use super::program::ProgramBot;
use super::request::Reply;
use super::result::{OutReason, PlayerEnd};
use super::sample::SampleBot;
use super::tiles::{lower_name, name};
use super::wall::Wall;
use super::{Meld, Tile, PLAYERS};

/// Who plays at a seat.
pub enum Seat {
    /// An in-process bot.
    BuiltIn(Box<dyn Bot + Send>),
    /// A bot program.
    Program(ProgramBot),
}

impl Seat {
    /// The built-in bot `name` (`greedy` or `sample`; the sample bot's
    /// random choices follow `seed`), or `None` for another name.
    pub fn built_in(name: &str, seed: u64) -> Option<Seat> {
        match name {
            "greedy" => Some(Seat::BuiltIn(Box::new(GreedyBot::new()))),
            "sample" => Some(Seat::BuiltIn(Box::new(SampleBot::new(seed)))),
            _ => None,
        }
    }
}

/// One request and its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The player asked.
    pub player: usize,
    /// The request, as the protocol writes it.
    pub request: String,
    /// The answer, or why there was none.
    pub reply: Reply,
    /// For a program: milliseconds it took and whether a process was
    /// started for this request.
    pub program: Option<ProgramStep>,
    /// The events this answer led to, each with its player's tiles after it.
    pub events: Vec<EventLine>,
}

/// How a program's step went, beyond its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramStep {
    /// Milliseconds until it answered (or was killed).
    pub ms: u64,
    /// A process was started for this request (not kept running).
    pub started: bool,
    /// The end of its standard error, when the step failed.
    pub stderr: String,
}

/// An event and the tiles of the player it concerns right after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    /// The judge's event (its `Display` is the canonical line).
    pub event: Event,
    /// The tiles of the player the event concerns ([`Event::player`]);
    /// `None` for the end.
    pub hand: Option<Held>,
}

/// A player's tiles at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// The player.
    pub player: usize,
    /// Its concealed tiles, in its hand's order.
    pub concealed: Vec<Tile>,
    /// Its exposed sets, in the order they were made.
    pub exposed: Vec<Meld>,
}

impl Held {
    /// Player `p`'s tiles now.
    pub fn of(judge: &Judge, p: usize) -> Held {
        Held {
            player: p,
            concealed: judge.hand(p).tiles().collect(),
            exposed: judge.melds(p).to_vec(),
        }
    }

    /// The tiles as the protocol writes them: concealed in upper case,
    /// exposed sets in lower case.
    pub fn text(&self) -> String {
        let mut words: Vec<&str> = self.concealed.iter().map(|&t| name(t)).collect();
        for m in &self.exposed {
            words.extend(m.tiles().into_iter().map(lower_name));
        }
        words.join(" ")
    }
}

/// A finished game and its record.
pub struct Game {
    /// The wall it was played on.
    pub wall: Wall,
    /// Every request in the order asked.
    pub turns: Vec<Turn>,
    /// The finished judge (result, hands, melds).
    pub judge: Judge,
    /// Processes started per seat (0 for a built-in bot).
    pub starts: [u64; PLAYERS],
}

/// Plays a whole game on `wall`; the programs' processes are gone when it
/// returns. A program that cannot be started at all is an I/O error.
pub fn play(wall: &Wall, seats: &mut [Seat; PLAYERS]) -> std::io::Result<Game> {
    let mut judge = Judge::new(wall);
    let mut turns = Vec::new();
    let mut shown = 0;
    let outcome = (|| {
        while let Some((p, request)) = judge.pending() {
            let text = request.to_string();
            let (reply, program) = match &mut seats[p] {
                Seat::BuiltIn(bot) => (Reply::Text(bot.respond(request).into_owned()), None),
                Seat::Program(bot) => {
                    let step = bot.ask(&text)?;
                    let program = ProgramStep {
                        ms: step.elapsed_ms,
                        started: step.started,
                        stderr: step.stderr_tail,
                    };
                    (step.reply, Some(program))
                }
            };
            judge.answer(reply.clone()).expect("a request is pending");
            let events = judge.events()[shown..]
                .iter()
                .map(|&event| EventLine {
                    event,
                    hand: event.player().map(|p| Held::of(&judge, usize::from(p))),
                })
                .collect();
            shown = judge.events().len();
            turns.push(Turn {
                player: p,
                request: text,
                reply,
                program,
                events,
            });
        }
        Ok(())
    })();
    let mut starts = [0; PLAYERS];
    for (seat, n) in seats.iter_mut().zip(&mut starts) {
        if let Seat::Program(bot) = seat {
            bot.stop();
            *n = bot.starts();
        }
    }
    outcome.map(|()| Game {
        wall: wall.clone(),
        turns,
        judge,
        starts,
    })
}

impl Game {
    /// Why each player was put out, if it was: the turn that put it out,
    /// the kind of reason (the program's failure, or the judge's verdict on
    /// its answer, both from the judge's [`OutReason`]) and the judge's
    /// words.
    pub fn put_out(&self) -> [Option<PutOut<'_>>; PLAYERS] {
        let result = self.judge.result().expect("the game is over");
        std::array::from_fn(|p| match &result.players[p].end {
            PlayerEnd::Out { request, reason } => {
                let kind = match reason {
                    OutReason::Failed(Some(failure), _) => failure.name(),
                    _ => reason.kind(),
                };
                Some(PutOut {
                    request: *request,
                    turn: &self.turns[*request],
                    kind,
                    reason: reason.to_string(),
                })
            }
            _ => None,
        })
    }
}

/// Why a player was put out.
#[derive(Clone, Debug)]
pub struct PutOut<'a> {
    /// The index of the request (and turn) whose answer put it out.
    pub request: usize,
    /// That turn.
    pub turn: &'a Turn,
    /// The kind of reason: `time-out`, `crash`, `too much output`,
    /// `malformed output`, `malformed answer`, `illegal move`, `kong on an
    /// empty wall`.
    pub kind: &'static str,
    /// The judge's words.
    pub reason: String,
}

/// A player's tiles as the protocol writes them: concealed in upper case,
/// exposed sets in lower case.
pub fn hand_text(judge: &Judge, p: usize) -> String {
    Held::of(judge, p).text()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::families::{family_wall, Family};
    use crate::rng::Rng;

    /// Every event line carries its player's tiles, concealed in upper case
    /// then exposed sets in lower case; a player's last one is its hand at
    /// the end.
    #[test]
    fn event_lines_carry_their_players_tiles() {
        let mut melds = 0;
        for seed in 1..=5 {
            // The walls duels play (`contest::duplicate::unit_wall`, unit 0).
            let wall = family_wall(&mut Rng::new(seed), Family::Uniform);
            let mut seats = std::array::from_fn(|_| Seat::built_in("greedy", 0).unwrap());
            let game = play(&wall, &mut seats).unwrap();
            let lines: Vec<&EventLine> = game.turns.iter().flat_map(|t| &t.events).collect();
            assert!(!lines.is_empty());
            // Every event but the end has a player, the one whose tiles
            // it shows.
            for line in &lines {
                let player = line.hand.as_ref().map(|h| h.player as u8);
                assert_eq!(line.event.player(), player);
                assert_eq!(player.is_none(), matches!(line.event, Event::End(_)));
            }
            for p in 0..PLAYERS {
                let mut want: Vec<&str> = game.judge.hand(p).tiles().map(name).collect();
                for m in game.judge.melds(p) {
                    want.extend(m.tiles().into_iter().map(lower_name));
                    melds += 1;
                }
                assert!(want.len() >= 13, "{want:?}");
                assert_eq!(hand_text(&game.judge, p), want.join(" "));
                let last = lines
                    .iter()
                    .rev()
                    .find_map(|l| l.hand.as_ref().filter(|h| h.player == p));
                assert_eq!(last.map(Held::text), Some(want.join(" ")));
            }
        }
        assert!(melds > 0, "no game had an exposed set");
    }
}
