//! Games between seats of any kind (in-process bots and bot programs), with
//! the full record of each: every request and answer, how long a program
//! took, why it failed, and every event with the table after it (from the
//! judge's [`Observer`]).
//! The `play` and `tournament` commands print and save these records; the
//! record is all a log holds, so a log can be replayed.

use crate::noi2014::bots::bot::Bot;
use crate::noi2014::programs::program::Noi2014Replies;
use crate::noi2014::rules::event::Event;
use crate::noi2014::rules::judge::Judge;
use crate::noi2014::rules::request::{Reply, Request};
use crate::noi2014::rules::result::{OutReason, PlayerEnd};
use crate::noi2014::rules::table::{Held, Observer, Table};
use crate::noi2014::rules::wall::Wall;
use crate::noi2014::rules::PLAYERS;
use crate::place::Draws;

/// Who plays at a seat: an in-process bot or a bot program, its answers
/// read as NOI2014's judge reads them.
pub type Seat = crate::botzone::seat::Seat<dyn Bot + Send, Noi2014Replies>;

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
    /// The events this answer led to, each with the table after it.
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
    /// The end of its standard output, when the step failed.
    pub stdout: String,
    /// CPU time its processes used, in milliseconds, where counted.
    pub cpu_ms: Option<u64>,
    /// At its first step: what contains the program, in words.
    pub containment: Option<String>,
}

impl ProgramStep {
    /// The ends of what it printed, when the step failed, for people:
    /// `; its stdout ends: ...; its stderr ends: ...` (empty when there was
    /// nothing).
    pub fn output_words(&self) -> String {
        let mut words = String::new();
        for (name, text) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
            if !text.is_empty() {
                words.push_str(&format!("; its {name} ends: {text}"));
            }
        }
        words
    }
}

/// An event and the table right after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    /// The judge's event (its `Display` is the canonical line).
    pub event: Event,
    /// The table right after it.
    pub table: Table,
}

impl EventLine {
    /// The tiles of the player the event concerns ([`Event::player`]);
    /// `None` for the end.
    pub fn hand(&self) -> Option<&Held> {
        self.event
            .player()
            .map(|p| &self.table.seats[usize::from(p)])
    }
}

/// Gives `reply` to the judge's pending request (player `p`'s) and
/// records the turn: the request, the reply, how a program's step went
/// and the events it caused, each with the table after it. The one way a
/// recorded turn is made (the arena's games, the step-by-step `env`).
pub(crate) fn answer_recorded(
    judge: &mut Judge,
    p: usize,
    reply: Reply,
    program: Option<ProgramStep>,
) -> Turn {
    let request = judge.pending().expect("a request is pending").1.to_string();
    let mut lines = Lines(Vec::new());
    judge
        .answer_observed(&reply, &mut lines)
        .expect("a request is pending");
    Turn {
        player: p,
        request,
        reply,
        program,
        events: lines.0,
    }
}

/// The observer of one answer: its events with their tables.
struct Lines(Vec<EventLine>);

impl Observer for Lines {
    fn event(&mut self, table: &Table, event: &Event) {
        self.0.push(EventLine {
            event: *event,
            table: *table,
        });
    }
}

/// A finished game and its record.
pub struct Game {
    /// The wall it was played on: with the normal draws in seat order, as
    /// rearranged, so that a replay in the wall's order is the same game.
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
    play_watched(wall, seats, |_| {})
}

/// [`play`] with the normal draws in `order`: the game's `wall` is then
/// the wall as rearranged ([`crate::noi2014::rules::draw_order`]).
pub fn play_in_order(
    wall: &Wall,
    order: Draws,
    seats: &mut [Seat; PLAYERS],
) -> std::io::Result<Game> {
    play_judged(Judge::with_order(wall, order), seats, |_| {})
}

/// [`play_in_order`], with `watch` shown each turn as soon as it is
/// played.
pub fn play_ordered(
    wall: &Wall,
    order: Draws,
    seats: &mut [Seat; PLAYERS],
    watch: impl FnMut(&Turn),
) -> std::io::Result<Game> {
    play_judged(Judge::with_order(wall, order), seats, watch)
}

/// [`play`], with `watch` shown each turn as soon as it is played (a log
/// streamed as the game goes).
pub fn play_watched(
    wall: &Wall,
    seats: &mut [Seat; PLAYERS],
    watch: impl FnMut(&Turn),
) -> std::io::Result<Game> {
    play_judged(Judge::new(wall), seats, watch)
}

fn play_judged(
    judge: Judge,
    seats: &mut [Seat; PLAYERS],
    watch: impl FnMut(&Turn),
) -> std::io::Result<Game> {
    let answer = |p: usize, request: &Request| match &mut seats[p] {
        Seat::InProcess(bot) => Ok((Reply::Text(bot.respond(request).into_owned()), None)),
        Seat::Program(bot) => {
            let step = bot.ask(&request.to_string())?;
            let program = ProgramStep {
                ms: step.elapsed_ms,
                started: step.started,
                stderr: step.stderr_tail,
                stdout: step.stdout_tail,
                cpu_ms: step.cpu_ms,
                containment: step.containment,
            };
            Ok((step.reply, Some(program)))
        }
    };
    let outcome = record_judged(judge, answer, watch);
    let mut starts = [0; PLAYERS];
    for (seat, n) in seats.iter_mut().zip(&mut starts) {
        if let Seat::Program(bot) = seat {
            bot.stop();
            *n = bot.starts();
        }
    }
    outcome.map(|game| Game { starts, ..game })
}

/// Plays a whole game on `wall` with the answers `answer` gives (for player
/// `p`'s request: the reply and, for a program, how its step went), and
/// records it; no process is started here, so every seat's count of starts
/// is 0. An error of `answer` ends the game there and is returned.
pub fn record(
    wall: &Wall,
    answer: impl FnMut(usize, &Request) -> std::io::Result<(Reply, Option<ProgramStep>)>,
) -> std::io::Result<Game> {
    record_watched(wall, answer, |_| {})
}

/// [`record`], with `watch` shown each turn as soon as it is recorded.
pub fn record_watched(
    wall: &Wall,
    answer: impl FnMut(usize, &Request) -> std::io::Result<(Reply, Option<ProgramStep>)>,
    watch: impl FnMut(&Turn),
) -> std::io::Result<Game> {
    record_judged(Judge::new(wall), answer, watch)
}

fn record_judged(
    mut judge: Judge,
    mut answer: impl FnMut(usize, &Request) -> std::io::Result<(Reply, Option<ProgramStep>)>,
    mut watch: impl FnMut(&Turn),
) -> std::io::Result<Game> {
    let mut turns = Vec::new();
    while let Some((p, request)) = judge.pending() {
        let request = *request;
        let (reply, program) = answer(p, &request)?;
        let turn = answer_recorded(&mut judge, p, reply, program);
        watch(&turn);
        turns.push(turn);
    }
    Ok(Game {
        wall: judge.wall(),
        turns,
        judge,
        starts: [0; PLAYERS],
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

/// The kind of a [`PutOut`] named `name`, as `'static`: a program's
/// failure ([`StepFailure::name`](crate::noi2014::rules::request::StepFailure::name)) or a
/// reason of the rules ([`OUT_KINDS`](crate::noi2014::rules::result::OUT_KINDS)); `None`
/// for any other name.
pub fn put_out_kind(name: &str) -> Option<&'static str> {
    crate::noi2014::rules::request::StepFailure::ALL
        .iter()
        .map(|f| f.name())
        .chain(crate::noi2014::rules::result::OUT_KINDS)
        .find(|&k| k == name)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named::WallFamily;
    use crate::noi2014::bots::built_in::BuiltIn;
    use crate::noi2014::games::families::Family;
    use crate::noi2014::rules::tiles::{lower_name, name};
    use crate::rng::Rng;

    /// Every event line carries its player's tiles, concealed in upper case
    /// then exposed sets in lower case; a player's last one is its hand at
    /// the end.
    #[test]
    fn event_lines_carry_their_players_tiles() {
        let mut melds = 0;
        for seed in 1..=5 {
            // The walls duels play (`contest::duplicate::unit_wall`, unit 0).
            let wall = Family::Uniform.wall(&mut Rng::new(seed));
            let mut seats = std::array::from_fn(|_| Seat::built_in(BuiltIn::Greedy, 0));
            let game = play(&wall, &mut seats).unwrap();
            let lines: Vec<&EventLine> = game.turns.iter().flat_map(|t| &t.events).collect();
            assert!(!lines.is_empty());
            // Every event but the end has a player, the one whose tiles
            // it shows.
            for line in &lines {
                let player = line.hand().map(|h| h.player as u8);
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
                assert_eq!(game.judge.held(p).text(), want.join(" "));
                let last = lines
                    .iter()
                    .rev()
                    .find_map(|l| l.hand().filter(|h| h.player == p));
                assert_eq!(last.map(Held::text), Some(want.join(" ")));
            }
        }
        assert!(melds > 0, "no game had an exposed set");
    }
}
