//! The NOI2014 game log: a game's record as JSON Lines, versioned. The one
//! writer ([`write()`]) and the one reader ([`read`]) of the format that
//! `noi2014 play --json` prints and duels and tournaments save.
//!
//! A log is a [`Header`] line, then each request ([`RequestRecord`]) followed
//! by the events its answer led to ([`EventRecord`]), then the
//! [`ResultRecord`]; every line is one [`Line`], tagged by `type`:
//!
//! ```text
//! {"type":"header","format":"mahjong-sim/noi2014-game-log","version":2,"wall":"wall of seed 1 (uniform)","tiles":["B9","B3",...],"seats":[{"name":"greedy","command":"greedy"},...]}
//! {"type":"request","player":0,"request":"2 W3","reply":{"kind":"answer","text":"PLAY W3"}}
//! {"type":"request","player":1,"request":"0 1","reply":{"kind":"failed","failure":"malformed_output","message":"..."},"program":{"ms":1,"started":true}}
//! {"type":"event","kind":"draw","player":0,"tile":"W3","tiles":{"concealed":["W1",...],"exposed":[{"set":"pung","tile":"B2"}]}}
//! {"type":"event","kind":"end","reason":"empty_wall"}
//! {"type":"result","end":"empty_wall","players":[{"place":1,"points":4.0,"half_points":8,"end":"won","order":1,"self_drawn":true},...]}
//! ```
//!
//! These types are the file format, apart from the engine's own types (which
//! convert into them): renaming an engine variant never changes a log. Every
//! enum is tagged with a snake_case name chosen here. A change of the format
//! is a new [`VERSION`]. The schema allows no field but the format's
//! (`unevaluatedProperties`), while the reader ignores unknown ones.

use crate::game_log::{self, LogFormat};
use crate::meld::Meld;
use crate::noi2014::games::arena::{Game, ProgramStep, Turn};
use crate::noi2014::rules::event::{EndReason, Event};
use crate::noi2014::rules::judge::Judge;
use crate::noi2014::rules::request::Reply;
use crate::noi2014::rules::request::StepFailure;
use crate::noi2014::rules::result::{OutReason, PlayerEnd, TargetFlaw};
use crate::noi2014::rules::table::Held;
use crate::noi2014::rules::tiles::{name, parse_upper};
use crate::noi2014::rules::wall::Wall;
pub use crate::place::{Challenger, Context, SeatRecord, Setting};
use crate::tile::Tile;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, Write};

/// The format's name, in every header.
pub const FORMAT: &str = "mahjong-sim/noi2014-game-log";
/// The format's version, in every header; the reader reads this one only.
pub const VERSION: u32 = 2;

/// The oldest version the reader reads: version 2 only added to version 1
/// (a step's `cpu_ms` and `containment`, the `memory_limit` failure), so a version 1 log is a
/// version 2 log.
pub const OLDEST_READ: u32 = 1;

/// One line of a log.
pub type Line = game_log::Line<Header, RequestRecord, EventRecord, ResultRecord>;

/// The format's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Format {
    /// [`FORMAT`].
    #[serde(rename = "mahjong-sim/noi2014-game-log")]
    Noi2014GameLog,
}

/// The first line of a log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: Format,
    /// The version of the format, [`VERSION`].
    #[schemars(range(min = 2, max = 2))]
    pub version: u32,
    /// Where the wall comes from, for people (`wall of seed 3 (uniform)`).
    pub wall: String,
    /// The wall's 108 tiles, first drawn first.
    pub tiles: Vec<TileName>,
    /// The four seats, in seat order.
    pub seats: Vec<SeatRecord>,
    /// Which game of a duel or a tournament this is, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Context>,
}

/// A request and its reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RequestRecord {
    /// The player asked, 0 to 3.
    pub player: u8,
    /// The request as the protocol writes it (point 21: `2 W3`).
    pub request: String,
    /// The answer, or why there was none.
    pub reply: ReplyRecord,
    /// For a bot program, how its step went.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<ProgramRecord>,
}

/// A player's reply to a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum ReplyRecord {
    /// The response string exactly as the bot gave it.
    Answer {
        /// The response (`PLAY W3`).
        text: String,
    },
    /// No usable answer: the player is put out.
    Failed {
        /// The kind of failure.
        failure: Failure,
        /// The driver's words (`took 1203 ms, over the time limit`).
        message: String,
    },
}

/// Why a bot program gave no usable answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Failure {
    /// It ran past the time limit.
    TimeLimit,
    /// It exited with a failure status or was killed.
    Crash,
    /// It printed more than the protocol allows.
    TooMuchOutput,
    /// Its output was not the protocol's JSON.
    MalformedOutput,
    /// It was killed for using more memory than its limit.
    MemoryLimit,
    /// A failure of no known kind (a reply from elsewhere than a program).
    NoAnswer,
}

impl From<StepFailure> for Failure {
    fn from(f: StepFailure) -> Failure {
        match f {
            StepFailure::TimeOut => Failure::TimeLimit,
            StepFailure::Crash => Failure::Crash,
            StepFailure::TooMuchOutput => Failure::TooMuchOutput,
            StepFailure::MalformedOutput => Failure::MalformedOutput,
            StepFailure::MemoryLimit => Failure::MemoryLimit,
        }
    }
}

/// How a bot program's step went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct ProgramRecord {
    /// Milliseconds until it answered (or was stopped).
    pub ms: u64,
    /// A process was started for this request (not one kept running).
    pub started: bool,
    /// The end of its standard error, when the step failed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
    /// The end of its standard output, when the step failed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdout: String,
    /// CPU time its processes used, in milliseconds, where the sandbox
    /// counts it (version 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<u64>,
    /// At the program's first step: what contains it (its sandbox, or
    /// none) and which memory limit applies, in words (version 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub containment: Option<String>,
}

impl From<&ProgramStep> for ProgramRecord {
    fn from(s: &ProgramStep) -> ProgramRecord {
        ProgramRecord {
            cpu_ms: s.cpu_ms,
            containment: s.containment.clone(),
            ms: s.ms,
            started: s.started,
            stderr: s.stderr.clone(),
            stdout: s.stdout.clone(),
        }
    }
}

/// An event and the tiles of its player right after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EventRecord {
    /// What happened.
    #[serde(flatten)]
    pub event: EventKind,
    /// The player's tiles after it (every event but the end has a player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<TilesRecord>,
}

/// What happened at the table (the events of the comparison interface).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// A draw from the front of the wall.
    Draw {
        /// Who drew.
        player: u8,
        /// The tile.
        tile: TileName,
    },
    /// A kong's replacement from the back of the wall.
    DrawBack {
        /// Who drew.
        player: u8,
        /// The tile.
        tile: TileName,
    },
    /// A discard.
    Play {
        /// Who discarded.
        player: u8,
        /// The tile.
        tile: TileName,
    },
    /// A pung of the discard.
    Peng {
        /// The punger.
        player: u8,
        /// The discard.
        tile: TileName,
    },
    /// A kong of the discard.
    GangDiscard {
        /// The konger.
        player: u8,
        /// The kind.
        tile: TileName,
    },
    /// Four concealed tiles made a kong.
    GangConcealed {
        /// The konger.
        player: u8,
        /// The kind.
        tile: TileName,
    },
    /// A concealed tile added to an exposed pung.
    GangAdded {
        /// The konger.
        player: u8,
        /// The kind.
        tile: TileName,
    },
    /// A win on another player's discard.
    HuDiscard {
        /// The winner.
        player: u8,
        /// The tile won on.
        tile: TileName,
        /// The discarder.
        from: u8,
    },
    /// A win on the player's own draw.
    HuSelf {
        /// The winner.
        player: u8,
        /// The tile it drew last.
        tile: TileName,
    },
    /// The player was put out.
    Out {
        /// Who.
        player: u8,
    },
    /// The game ended; always the last event.
    End {
        /// Why.
        reason: GameEnd,
    },
}

impl From<Event> for EventKind {
    fn from(e: Event) -> EventKind {
        let t = TileName;
        match e {
            Event::Draw { player, tile } => EventKind::Draw {
                player,
                tile: t(tile),
            },
            Event::DrawBack { player, tile } => EventKind::DrawBack {
                player,
                tile: t(tile),
            },
            Event::Play { player, tile } => EventKind::Play {
                player,
                tile: t(tile),
            },
            Event::Peng { player, tile } => EventKind::Peng {
                player,
                tile: t(tile),
            },
            Event::GangDiscard { player, tile } => EventKind::GangDiscard {
                player,
                tile: t(tile),
            },
            Event::GangConcealed { player, tile } => EventKind::GangConcealed {
                player,
                tile: t(tile),
            },
            Event::GangAdded { player, tile } => EventKind::GangAdded {
                player,
                tile: t(tile),
            },
            Event::HuDiscard { player, tile, from } => EventKind::HuDiscard {
                player,
                tile: t(tile),
                from,
            },
            Event::HuSelf { player, tile } => EventKind::HuSelf {
                player,
                tile: t(tile),
            },
            Event::Out { player } => EventKind::Out { player },
            Event::End(reason) => EventKind::End {
                reason: reason.into(),
            },
        }
    }
}

impl From<EventKind> for Event {
    fn from(e: EventKind) -> Event {
        match e {
            EventKind::Draw { player, tile } => Event::Draw {
                player,
                tile: tile.0,
            },
            EventKind::DrawBack { player, tile } => Event::DrawBack {
                player,
                tile: tile.0,
            },
            EventKind::Play { player, tile } => Event::Play {
                player,
                tile: tile.0,
            },
            EventKind::Peng { player, tile } => Event::Peng {
                player,
                tile: tile.0,
            },
            EventKind::GangDiscard { player, tile } => Event::GangDiscard {
                player,
                tile: tile.0,
            },
            EventKind::GangConcealed { player, tile } => Event::GangConcealed {
                player,
                tile: tile.0,
            },
            EventKind::GangAdded { player, tile } => Event::GangAdded {
                player,
                tile: tile.0,
            },
            EventKind::HuDiscard { player, tile, from } => Event::HuDiscard {
                player,
                tile: tile.0,
                from,
            },
            EventKind::HuSelf { player, tile } => Event::HuSelf {
                player,
                tile: tile.0,
            },
            EventKind::Out { player } => Event::Out { player },
            EventKind::End { reason } => Event::End(reason.into()),
        }
    }
}

/// A player's tiles: concealed, then its exposed sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct TilesRecord {
    /// The concealed tiles, in the player's order.
    pub concealed: Vec<TileName>,
    /// The exposed sets, in the order they were made.
    pub exposed: Vec<SetRecord>,
}

impl From<&Held> for TilesRecord {
    fn from(h: &Held) -> TilesRecord {
        TilesRecord {
            concealed: h.concealed.tiles().map(TileName).collect(),
            exposed: h.exposed.iter().map(|m| SetRecord::from(&m)).collect(),
        }
    }
}

/// An exposed set (NOI2014 has no chows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SetRecord {
    /// A pung or a kong.
    pub set: SetKind,
    /// Its tile.
    pub tile: TileName,
}

/// The kind of an exposed set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SetKind {
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
}

impl From<&Meld> for SetRecord {
    fn from(m: &Meld) -> SetRecord {
        SetRecord {
            set: if m.size() == 4 {
                SetKind::Kong
            } else {
                SetKind::Pung
            },
            tile: TileName(m.first()),
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// The next player to draw found the wall empty.
    EmptyWall,
    /// At most one player was still playing.
    OneLeft,
}

impl From<EndReason> for GameEnd {
    fn from(e: EndReason) -> GameEnd {
        match e {
            EndReason::EmptyWall => GameEnd::EmptyWall,
            EndReason::OneLeft => GameEnd::OneLeft,
        }
    }
}

impl From<GameEnd> for EndReason {
    fn from(e: GameEnd) -> EndReason {
        match e {
            GameEnd::EmptyWall => EndReason::EmptyWall,
            GameEnd::OneLeft => EndReason::OneLeft,
        }
    }
}

/// The last line: how the game ended, for the table and each player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ResultRecord {
    /// How the game ended.
    pub end: GameEnd,
    /// Players 0 to 3.
    pub players: Vec<PlayerRecord>,
}

/// One player's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct PlayerRecord {
    /// 1 to 4; a tied group takes the first place it spans.
    pub place: u8,
    /// The points of point 19 (4, 3, 2, 1 by place, ties sharing; the four
    /// sum to 10).
    pub points: f64,
    /// Twice the points, an integer (the four sum to 20).
    pub half_points: u8,
    /// How the game ended for the player.
    #[serde(flatten)]
    pub end: PlayerEndRecord,
}

/// How the game ended for one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum PlayerEndRecord {
    /// It won.
    Won {
        /// 1 for the first winner, 2 for the second, ...
        order: u8,
        /// On its own draw (true) or on a discard.
        self_drawn: bool,
    },
    /// It was put out.
    Out {
        /// The index of the request (its line among the request lines,
        /// from 0) whose reply put it out.
        request: usize,
        /// Why.
        #[serde(flatten)]
        reason: OutRecord,
        /// The judge's words.
        message: String,
    },
    /// It was still playing when the game ended.
    Playing {
        /// Its answer to request `4` (its declared target), if it was asked
        /// and answered.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// Why the target is not valid (point 16), when it is not.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        flaw: Option<FlawRecord>,
        /// The Hamming distance of a valid target (point 17).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hamming: Option<u32>,
        /// The chance value of a valid target (point 18).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chance: Option<u32>,
    },
}

/// Why a player was put out (point 14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum OutRecord {
    /// Its program ran past the time limit.
    TimeLimit,
    /// Its program exited with a failure status or was killed.
    Crash,
    /// Its program printed more than the protocol allows.
    TooMuchOutput,
    /// Its program's output was not the protocol's JSON.
    MalformedOutput,
    /// Its program was killed for using more memory than its limit.
    MemoryLimit,
    /// No usable answer, of no known kind.
    NoAnswer,
    /// The answer is no answer of the protocol.
    MalformedAnswer {
        /// The answer.
        answer: String,
    },
    /// A well-formed answer that the request does not allow.
    NotAllowed {
        /// The answer.
        answer: String,
    },
    /// A discard of a tile the concealed hand does not hold.
    NotHeld {
        /// The tile.
        tile: TileName,
    },
    /// `PENG` without two concealed copies of the discard.
    CannotPeng {
        /// The discard.
        tile: TileName,
    },
    /// `PENG c2` with no `c2` left concealed after the pung.
    PengDiscardNotHeld {
        /// The tile it would discard.
        tile: TileName,
    },
    /// A kong the hand does not support.
    CannotGang {
        /// The kind.
        tile: TileName,
    },
    /// A kong with no tile left in the wall (point 8).
    KongOnEmptyWall {
        /// The kind.
        tile: TileName,
    },
    /// `HU` with a hand that does not win.
    NotWinning {
        /// On its own draw (true) or on a discard.
        self_drawn: bool,
    },
}

impl OutRecord {
    /// The record of `reason`; a failure keeps its kind, when the judge
    /// was told it.
    pub fn new(reason: &OutReason) -> OutRecord {
        let t = TileName;
        match reason {
            OutReason::Failed(kind, _) => match kind.map(Failure::from) {
                Some(Failure::TimeLimit) => OutRecord::TimeLimit,
                Some(Failure::Crash) => OutRecord::Crash,
                Some(Failure::TooMuchOutput) => OutRecord::TooMuchOutput,
                Some(Failure::MalformedOutput) => OutRecord::MalformedOutput,
                Some(Failure::MemoryLimit) => OutRecord::MemoryLimit,
                Some(Failure::NoAnswer) | None => OutRecord::NoAnswer,
            },
            OutReason::Malformed(a) => OutRecord::MalformedAnswer { answer: a.clone() },
            OutReason::NotAllowed(a) => OutRecord::NotAllowed { answer: a.clone() },
            OutReason::NotHeld(x) => OutRecord::NotHeld { tile: t(*x) },
            OutReason::CannotPeng(x) => OutRecord::CannotPeng { tile: t(*x) },
            OutReason::PengDiscardNotHeld(x) => OutRecord::PengDiscardNotHeld { tile: t(*x) },
            OutReason::CannotGang(x) => OutRecord::CannotGang { tile: t(*x) },
            OutReason::KongOnEmptyWall(x) => OutRecord::KongOnEmptyWall { tile: t(*x) },
            OutReason::NotWinning { self_drawn } => OutRecord::NotWinning {
                self_drawn: *self_drawn,
            },
        }
    }
}

/// Why a declared target is not valid (point 16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum FlawRecord {
    /// It names no tile.
    Empty,
    /// A word that is no tile name.
    NotATile {
        /// The word.
        word: String,
    },
    /// Fewer than 14 or more than 18 tiles.
    Size {
        /// How many.
        tiles: u32,
    },
    /// More than four of a kind.
    MoreThanFour {
        /// The kind.
        tile: TileName,
    },
    /// An exposed set that the target does not hold.
    LacksExposed {
        /// The set.
        #[serde(flatten)]
        set: SetRecord,
    },
    /// Less the exposed sets, it is not `sets` sets and a pair.
    NotWinning {
        /// The sets the rest should make.
        sets: u8,
    },
}

impl From<&TargetFlaw> for FlawRecord {
    fn from(f: &TargetFlaw) -> FlawRecord {
        match f {
            TargetFlaw::Empty => FlawRecord::Empty,
            TargetFlaw::NotATile(w) => FlawRecord::NotATile { word: w.clone() },
            TargetFlaw::Size(n) => FlawRecord::Size { tiles: *n },
            TargetFlaw::MoreThanFour(t) => FlawRecord::MoreThanFour { tile: TileName(*t) },
            TargetFlaw::LacksExposed(m) => FlawRecord::LacksExposed { set: m.into() },
            TargetFlaw::NotWinning { sets } => FlawRecord::NotWinning { sets: *sets },
        }
    }
}

/// A tile by its name in this ruleset (`W1`..`W9`, `B1`..`B9`, `T1`..`T9`),
/// as the protocol writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileName(pub Tile);

impl Serialize for TileName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(self.0))
    }
}

impl<'de> Deserialize<'de> for TileName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TileName, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        parse_upper(s.as_bytes())
            .map(TileName)
            .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a NOI2014 tile")))
    }
}

impl JsonSchema for TileName {
    fn schema_name() -> Cow<'static, str> {
        "TileName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A tile: W1..W9, B1..B9 or T1..T9.",
            "type": "string",
            "pattern": "^[WBT][1-9]$"
        })
    }
}

/// The lines of `game`'s log, in order: [`header`], each turn's
/// [`turn_lines`], [`result_line`].
pub fn lines(setting: &Setting, game: &Game) -> Vec<Line> {
    let mut lines = vec![header(setting, &game.wall)];
    lines.extend(game.turns.iter().flat_map(turn_lines));
    lines.push(result_line(&game.judge));
    lines
}

/// The first line of the log of a game on `wall`.
pub fn header(setting: &Setting, wall: &Wall) -> Line {
    Line::Header(Header {
        format: Format::Noi2014GameLog,
        version: VERSION,
        wall: setting.wall.clone(),
        tiles: wall.tiles().iter().copied().map(TileName).collect(),
        seats: setting.seats.to_vec(),
        context: setting.context.clone(),
    })
}

/// The lines of one turn: its request and reply, then its events.
pub fn turn_lines(turn: &Turn) -> Vec<Line> {
    let mut lines = vec![Line::Request(RequestRecord {
        player: turn.player as u8,
        request: turn.request.clone(),
        reply: match &turn.reply {
            Reply::Text(t) => ReplyRecord::Answer { text: t.clone() },
            Reply::Failed(kind, why) => ReplyRecord::Failed {
                failure: kind.map_or(Failure::NoAnswer, Failure::from),
                message: why.clone(),
            },
        },
        program: turn.program.as_ref().map(ProgramRecord::from),
    })];
    for e in &turn.events {
        lines.push(Line::Event(EventRecord {
            event: e.event.into(),
            tiles: e.hand().map(TilesRecord::from),
        }));
    }
    lines
}

/// The last line: the result of the finished game of `judge`.
pub fn result_line(judge: &Judge) -> Line {
    let result = judge.result().expect("the game is over");
    let players = result
        .players
        .iter()
        .map(|r| PlayerRecord {
            place: r.place,
            points: r.points(),
            half_points: r.half_points,
            end: match &r.end {
                PlayerEnd::Won { order, self_drawn } => PlayerEndRecord::Won {
                    order: *order,
                    self_drawn: *self_drawn,
                },
                PlayerEnd::Out { request, reason } => PlayerEndRecord::Out {
                    request: *request,
                    reason: OutRecord::new(reason),
                    message: reason.to_string(),
                },
                PlayerEnd::Playing => PlayerEndRecord::Playing {
                    target: r.target.clone(),
                    flaw: r.flaw.as_ref().map(FlawRecord::from),
                    hamming: r.hamming,
                    chance: r.chance,
                },
            },
        })
        .collect();
    Line::Result(ResultRecord {
        end: result.end.into(),
        players,
    })
}

pub use crate::game_log::{write_line, LogError};

/// Writes `game`'s log: one JSON object a line.
pub fn write(out: &mut impl Write, setting: &Setting, game: &Game) -> io::Result<()> {
    game_log::write_lines(out, lines(setting, game))
}

/// A log read back: its header, its requests and events in order, and its
/// result.
pub type GameLog = game_log::GameLog<Header, RequestRecord, EventRecord, ResultRecord>;

/// A line between the header and the result.
pub type Entry = game_log::Entry<RequestRecord, EventRecord>;

/// This format and the versions its reader reads.
pub const LOG_FORMAT: LogFormat = LogFormat {
    name: FORMAT,
    oldest_read: OLDEST_READ,
    version: VERSION,
};

/// Reads a log: the header first (of [`FORMAT`], versions [`OLDEST_READ`]
/// to [`VERSION`]), the result last, requests and events between.
pub fn read(bytes: &[u8]) -> Result<GameLog, LogError> {
    game_log::read(bytes, LOG_FORMAT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::named::WallFamily;
    use crate::noi2014::games::arena::{play, Seat};
    use crate::noi2014::games::families::Family;
    use crate::noi2014::rules::wall::Wall;
    use crate::rng::Rng;

    /// A seeded wall of `family`.
    fn unit_wall(seed: u64, family: Family) -> Wall {
        family.wall(&mut Rng::new(seed))
    }

    fn setting() -> Setting {
        Setting {
            wall: "a wall".into(),
            seats: std::array::from_fn(|p| SeatRecord {
                name: format!("bot{p}"),
                command: "greedy".into(),
            }),
            context: Some(Context::Duel {
                unit: 3,
                game: 5,
                challenger: Challenger::B,
            }),
        }
    }

    /// What the writer writes, the reader reads back as the same lines.
    #[test]
    fn logs_read_back_as_written() {
        for seed in 1..=4 {
            let wall = unit_wall(seed, Family::Kongs);
            let mut seats = std::array::from_fn(|p| {
                Seat::built_in(crate::noi2014::bots::built_in::BuiltIn::Sample, p as u64)
            });
            let game = play(&wall, &mut seats).unwrap();
            let mut out = Vec::new();
            write(&mut out, &setting(), &game).unwrap();
            let log = read(&out).unwrap();
            assert_eq!(log.clone().into_lines(), lines(&setting(), &game));
            let events: Vec<Event> = log.events().map(|e| e.event.into()).collect();
            let judged: Vec<Event> = game.judge.events().to_vec();
            assert_eq!(events, judged);
            assert_eq!(log.requests().count(), game.turns.len());
        }
    }

    /// Reasons and flaws name their tiles as the protocol does (`W2`), in
    /// snake_case tagged objects.
    #[test]
    fn reasons_and_flaws_are_tagged_and_name_tiles() {
        use crate::noi2014::rules::tiles::tile;
        let w2 = tile(1);
        let out = OutRecord::new(&OutReason::CannotPeng(w2));
        assert_eq!(json(&out), r#"{"reason":"cannot_peng","tile":"W2"}"#);
        let failed = OutRecord::new(&OutReason::Failed(None, "x".into()));
        assert_eq!(json(&failed), r#"{"reason":"no_answer"}"#);
        let flaw = FlawRecord::from(&TargetFlaw::LacksExposed(Meld::Kong(tile(25))));
        assert_eq!(
            json(&flaw),
            r#"{"kind":"lacks_exposed","set":"kong","tile":"T8"}"#
        );
        let won = PlayerRecord {
            place: 1,
            points: 3.5,
            half_points: 7,
            end: PlayerEndRecord::Won {
                order: 1,
                self_drawn: true,
            },
        };
        assert_eq!(
            json(&won),
            r#"{"place":1,"points":3.5,"half_points":7,"end":"won","order":1,"self_drawn":true}"#
        );
    }

    fn json(v: &impl Serialize) -> String {
        serde_json::to_string(v).unwrap()
    }

    #[test]
    fn the_reader_names_what_is_wrong() {
        let wall = unit_wall(1, Family::Uniform);
        let mut seats = std::array::from_fn(|_| {
            Seat::built_in(crate::noi2014::bots::built_in::BuiltIn::Greedy, 0)
        });
        let game = play(&wall, &mut seats).unwrap();
        let mut out = Vec::new();
        write(&mut out, &setting(), &game).unwrap();
        let text = String::from_utf8(out).unwrap();
        let err = |t: &str| read(t.as_bytes()).unwrap_err().to_string();
        let v3 = text.replacen("\"version\":2", "\"version\":3", 1);
        assert!(err(&v3).contains("version 3"), "{}", err(&v3));
        // Version 1 is a part of version 2: read.
        let v1 = text.replacen("\"version\":2", "\"version\":1", 1);
        assert!(read(v1.as_bytes()).is_ok());
        let v0 = text.replacen("\"version\":2", "\"version\":0", 1);
        assert!(err(&v0).contains("version 0"), "{}", err(&v0));
        assert!(err(r#"{"type":"game"}"#).contains("not a header"));
        let no_result: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        assert!(err(&no_result).contains("no result"));
        let bad = text.replacen("\"kind\":\"draw\"", "\"kind\":\"Draw\"", 1);
        assert!(err(&bad).starts_with("line "), "{}", err(&bad));
        assert!(matches!(read(b"\xff"), Err(LogError::NotUtf8)));
    }
}
