//! One MCR game between four players, and its record.
//!
//! The arena asks the judge's pending requests one seat at a time and
//! hands each answer back; the judge decides everything. The record keeps
//! what the official judge's transcripts keep: the initial data, every
//! step's four requests and four replies, and the result; and, beyond
//! them, how each program's step went (its time, whether a process was
//! started for it) and each program's step that gave no answer, with the
//! end of its output.

use super::program::reply_of;
use crate::botzone::program::AsIs;
use crate::botzone::protocol::Failure;
use crate::mcr::bots::bot::Bot;
use crate::mcr::judge::{
    End, Event, GameResult, InitData, Judge, Offence, Options, Reply, Request, Verdict, WrongMove,
    PLAYERS,
};

/// Who plays at a seat: an in-process bot or a bot program under
/// Botzone's protocol, its answers as the official judge reads them.
pub type Seat = crate::botzone::seat::Seat<dyn Bot + Send, AsIs>;

impl Seat {
    /// The seat's answer to `request`; for a program, how its step went
    /// and why it gave no answer (its kind, the driver's words, the ends
    /// of its stderr and stdout). An error when a program cannot be run at
    /// all.
    fn reply(&mut self, request: &Request) -> std::io::Result<Answered> {
        match self {
            Seat::InProcess(bot) => Ok((Reply::Text(bot.respond(request)), None, None)),
            Seat::Program(bot) => {
                let step = bot.ask(&request.to_string())?;
                let failed = step.reply.as_ref().err().map(|e| StepFailed {
                    kind: e.failure(),
                    words: e.to_string(),
                    stderr: step.stderr_tail.clone(),
                    stdout: step.stdout_tail.clone(),
                });
                let program = ProgramStep {
                    ms: step.elapsed_ms,
                    started: step.started,
                    cpu_ms: step.cpu_ms,
                    containment: step.containment,
                };
                Ok((reply_of(&step.reply), Some(program), failed))
            }
        }
    }
}

/// A seat's reply, how a program's step went, and why it gave no answer.
type Answered = (Reply, Option<ProgramStep>, Option<StepFailed>);

/// How a program's step went, beyond its reply. Its times differ from run
/// to run: what compares games (duels, merges, conformance) reads the
/// requests, replies and result, never these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramStep {
    /// Milliseconds from its input written to its answer (kept running: to
    /// the marker), kills included.
    pub ms: u64,
    /// A process was started for this request (not one kept running).
    pub started: bool,
    /// CPU time its processes used, in milliseconds, where the sandbox's
    /// cgroup counts it.
    pub cpu_ms: Option<u64>,
    /// At the program's first step: what contains it and which memory
    /// limit applies, in words.
    pub containment: Option<String>,
}

/// A program's step in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramTurn {
    /// The step, from 0.
    pub step: usize,
    /// The seat.
    pub player: usize,
    /// How it went.
    pub program: ProgramStep,
}

/// Why a program's step gave no answer: what the game records beside the
/// judge's reply (a time-out is only `TLE` to the judge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFailed {
    /// The kind of failure ([`Failure::name`]: `time-out`, `crash`, ...).
    pub kind: Failure,
    /// The driver's words ("crashed (exit status 1)").
    pub words: String,
    /// The end of its standard error.
    pub stderr: String,
    /// The end of its standard output.
    pub stdout: String,
}

/// A program's failed step in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramFailure {
    /// The step, from 0.
    pub step: usize,
    /// The seat.
    pub player: usize,
    /// Why.
    pub failed: StepFailed,
}

/// One request and its answer, as a game being played shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The step, from 0 (the `0` requests).
    pub step: usize,
    /// The seat asked.
    pub player: usize,
    /// The request.
    pub request: Request,
    /// Its answer.
    pub reply: Reply,
    /// The events made since the turn before (those that led to this
    /// step's requests: seat 0's turn of a step has them, the others none).
    pub events: Vec<Event>,
    /// For a program: how its step went.
    pub program: Option<ProgramStep>,
    /// For a program that gave no answer: why.
    pub failed: Option<StepFailed>,
}

/// A played game: everything its log and replay are written from.
#[derive(Clone, Debug)]
pub struct Game {
    /// The wall and the wind it was dealt.
    pub init: InitData,
    /// The readings it was judged under.
    pub options: Options,
    /// Every step's four requests, by seat.
    pub steps: Vec<[Request; PLAYERS]>,
    /// Every step's four replies, by seat.
    pub replies: Vec<[Reply; PLAYERS]>,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// How it ended.
    pub result: GameResult,
    /// Every step of a program that gave no answer, in order.
    pub failures: Vec<ProgramFailure>,
    /// Every step of a program, in order (none without programs).
    pub programs: Vec<ProgramTurn>,
    /// Bot processes started for the game, by seat.
    pub starts: [u64; PLAYERS],
}

/// Plays `init` under `options` with `seats` in seat order, `watch` told
/// each turn as it is played. Panics when a program seat cannot be run
/// at all: with program seats, [`try_play`].
pub fn play(
    init: &InitData,
    options: Options,
    seats: &mut [Seat; PLAYERS],
    watch: &mut dyn FnMut(&Turn),
) -> Game {
    try_play(init, options, seats, watch).expect("a seat that cannot be run")
}

/// [`play`], with an error when a program seat cannot be run at all (not
/// found, not executable, no sandbox where one is required); programs
/// still running are stopped when the game ends.
pub fn try_play(
    init: &InitData,
    options: Options,
    seats: &mut [Seat; PLAYERS],
    watch: &mut dyn FnMut(&Turn),
) -> std::io::Result<Game> {
    let game = play_seats(init, options, seats, watch);
    let mut starts = [0; PLAYERS];
    for (seat, n) in seats.iter_mut().zip(&mut starts) {
        if let Seat::Program(bot) = seat {
            bot.stop();
            *n = bot.starts();
        }
    }
    game.map(|game| Game { starts, ..game })
}

fn play_seats(
    init: &InitData,
    options: Options,
    seats: &mut [Seat; PLAYERS],
    watch: &mut dyn FnMut(&Turn),
) -> std::io::Result<Game> {
    let mut judge = Judge::with_options(init, options);
    let mut replies: Vec<[Reply; PLAYERS]> = Vec::with_capacity(192);
    let mut failures = Vec::new();
    let mut programs = Vec::new();
    let mut seen = 0;
    // One buffer for each turn's events, handed back after the watch
    // (speed: no allocation a turn).
    let mut events = Vec::new();
    while let Some((player, &request)) = judge.pending() {
        let step = judge.steps().len() - 1;
        let (reply, program, failed) = seats[player].reply(&request)?;
        if let Some(failed) = &failed {
            failures.push(ProgramFailure {
                step,
                player,
                failed: failed.clone(),
            });
        }
        if let Some(program) = &program {
            programs.push(ProgramTurn {
                step,
                player,
                program: program.clone(),
            });
        }
        events.clear();
        events.extend_from_slice(&judge.events()[seen..]);
        seen = judge.events().len();
        let turn = Turn {
            step,
            player,
            request,
            reply,
            events,
            program,
            failed,
        };
        watch(&turn);
        if player == 0 {
            replies.push(std::array::from_fn(|_| Reply::Text("".into())));
        }
        // The reply moves to the record: no copy of it (speed).
        replies[step][player] = turn.reply;
        events = turn.events;
        judge
            .answer_ref(&replies[step][player])
            .expect("a request is pending");
    }
    let (steps, events, result) = judge.into_record();
    Ok(Game {
        init: init.clone(),
        options,
        steps,
        replies,
        events,
        result: result.expect("the game is over"),
        failures,
        programs,
        starts: [0; PLAYERS],
    })
}

/// The kinds of reason a seat is penalised for, in words (the contest
/// layer's put-out kinds): a failed answer by its verdict, then the
/// kinds of [`offence_kind`].
pub const PUT_OUT_KINDS: [&str; 9] = [
    "time-out",
    "crash",
    "memory limit",
    "too much output",
    "no usable answer",
    "malformed answer",
    "illegal move",
    "claim at the wall's end",
    "false win",
];

/// The kind of `offence`, one of [`PUT_OUT_KINDS`]: a verdict's
/// (`TLE` is a time-out, `RE` a crash, ...), a malformed answer (no answer
/// of the protocol, or a word that is no tile), a claim or kong the end
/// of the wall forbids, a `HU` short of a win or of the minimum (`WH`),
/// or any other illegal move.
pub fn offence_kind(offence: &Offence) -> &'static str {
    match offence {
        Offence::Verdict(v) => match v {
            Verdict::TimeLimit => "time-out",
            Verdict::RuntimeError => "crash",
            Verdict::MemoryLimit => "memory limit",
            Verdict::OutputLimit => "too much output",
            Verdict::Other(_) => "no usable answer",
        },
        Offence::Wrong(WrongMove::Malformed | WrongMove::UnknownTile) => "malformed answer",
        Offence::Wrong(
            WrongMove::KongAtWallEnd
            | WrongMove::ClaimAtWallEnd
            | WrongMove::KongWithoutReplacement,
        ) => "claim at the wall's end",
        Offence::Wrong(_) => "illegal move",
        Offence::WrongHu { .. } => "false win",
    }
}

/// The put-out kind named `name`, if it is one of [`PUT_OUT_KINDS`].
pub fn put_out_kind(name: &str) -> Option<&'static str> {
    PUT_OUT_KINDS.iter().copied().find(|&k| k == name)
}

impl Game {
    /// The penalised seat, the step its answer was judged at (the last),
    /// its offence and its answer, if the game ended in a penalty.
    pub fn penalty(&self) -> Option<(usize, usize, &Offence, Option<&str>)> {
        match &self.result.end {
            End::Penalty {
                seat,
                offence,
                answer,
            } => Some((
                usize::from(*seat),
                self.steps.len() - 1,
                offence,
                answer.as_deref(),
            )),
            _ => None,
        }
    }
}
