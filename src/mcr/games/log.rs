//! The MCR game log: a game's record as JSON Lines, versioned. The one
//! writer ([`write()`]) and the one reader ([`read`]) of the format that
//! `mcr play --json` prints and duels and tournaments save.
//!
//! A log is a [`Header`] line, then the game in order: each event
//! ([`EventRecord`], what happened at the table) followed by the requests
//! it led to, one line per seat ([`RequestRecord`], with the reply), and
//! last the [`ResultRecord`]. Every line is one [`Line`], tagged by `type`:
//!
//! ```text
//! {"type":"header","format":"mahjong-sim/mcr-game-log","version":2,"wall":"wall of seed 1 (uniform)","tiles":["B9","H3",...],"prevalent_wind":0,"options":{"reading":"judge2018","minimum":"eight_plus_flowers","empty_wall_kong":"accepted"},"seats":[{"name":"greedy","command":"greedy"},...]}
//! {"type":"request","step":0,"seat":0,"request":"0 0 0","reply":{"kind":"answer","text":"PASS"}}
//! {"type":"event","kind":"draw","seat":0,"tile":"W3"}
//! {"type":"request","step":2,"seat":0,"request":"2 W3","reply":{"kind":"answer","text":"PLAY W3"}}
//! {"type":"request","step":2,"seat":1,"request":"3 0 DRAW","reply":{"kind":"answer","text":"PASS"},"program":{"ms":3,"started":false}}
//! {"type":"request","step":2,"seat":2,"request":"3 0 DRAW","reply":{"kind":"failed","verdict":"TLE"},"program":{"ms":1004,"started":true,"failure":"time_limit","message":"took 1004 ms, over the time limit; it was sleeping","stderr":"thinking"}}
//! {"type":"result","scores":[10,10,-30,10],"end":{"kind":"penalty","seat":2,"action":"TLE","rule":"no_answer","verdict":"TLE","message":"no answer (TLE)"}}
//! ```
//!
//! A step is the official judge's: one request to each seat, judged once
//! the four replies are in. Each step but the first follows one event (the
//! deal, a draw, a discard, a claim, a kong); a claim refused at the wall's
//! end is an event followed by no step. The requests are the exact strings
//! the judge sends, the replies the exact strings received (the official
//! judge's transcripts keep the same, [`super::transcript`]). A bot
//! program's request also says how its step went (`program`: its time,
//! whether a process was started for it, and why it gave no usable
//! answer); times differ from run to run, so what compares games reads
//! everything but `program`.
//!
//! These types are the file format, apart from the judge's own types
//! (which convert into them): renaming a judge variant never changes a
//! log. Every enum is tagged with a snake_case name chosen here. A change
//! of the format is a new [`VERSION`]. The schema allows no field but the
//! format's (`unevaluatedProperties`), while the reader ignores unknown
//! ones.

use crate::botzone::protocol::Failure;
use crate::game_log::{self, LogFormat};
use crate::mcr::fan::Fan;
use crate::mcr::fan::Reading;
use crate::mcr::games::arena::{Game, ProgramStep, StepFailed, Turn};
use crate::mcr::judge::{
    EmptyWallKong, End, Event, GameResult, InitData, KongKind, Minimum, Offence, Options, Reply,
    Verdict, WallTile, WinKind, WrongMove, PLAYERS,
};
use crate::mcr::tile::Tile;
pub use crate::place::{Challenger, Context, SeatRecord, Setting};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, Write};

/// The format's name, in every header.
pub const FORMAT: &str = "mahjong-sim/mcr-game-log";
/// The format's version, in every header.
pub const VERSION: u32 = 2;

/// The oldest version the reader reads: version 2 only added to version 1
/// (a program's step, `program`), so a version 1 log is a version 2 log.
pub const OLDEST_READ: u32 = 1;

/// One line of a log.
pub type Line = game_log::Line<Header, RequestRecord, EventRecord, ResultRecord>;

/// The format's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Format {
    /// [`FORMAT`].
    #[serde(rename = "mahjong-sim/mcr-game-log")]
    McrGameLog,
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
    /// The wall's tiles (136, or 144 with the flowers `H1`-`H8`) as
    /// Botzone's `initdata.walltiles` gives them: seat `i` owns the `i`th
    /// quarter and draws from its end.
    pub tiles: Vec<WallTileName>,
    /// The prevalent wind: 0-3 for east, south, west, north.
    #[schemars(range(max = 3))]
    pub prevalent_wind: u8,
    /// The readings the game was judged under.
    pub options: OptionsRecord,
    /// The four seats, in seat order.
    pub seats: Vec<SeatRecord>,
    /// Which game of a duel or a tournament this is, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Context>,
}

/// The readings the judge followed where two official implementations
/// differ (the official judge's by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct OptionsRecord {
    /// The fan calculator: `judge2018` (the copy bundled with the official
    /// judge) or `v1_4_0` (MahjongGB 1.4.0).
    pub reading: ReadingRecord,
    /// The 8-fan minimum with flowers.
    pub minimum: MinimumRecord,
    /// A melded kong claimed by a seat whose own part of the wall is empty.
    pub empty_wall_kong: EmptyWallKongRecord,
}

/// The fan calculator's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReadingRecord {
    /// The calculator bundled with the official judge (2018).
    Judge2018,
    /// MahjongGB 1.4.0.
    #[serde(rename = "v1_4_0")]
    V1_4_0,
}

/// The minimum a win must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MinimumRecord {
    /// 8 plus one per flower, flowers counted in the total (the official
    /// judge).
    EightPlusFlowers,
    /// 8, flowers counted in the total (the Python environment).
    Eight,
}

/// What becomes of a melded kong claimed with one's own wall empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EmptyWallKongRecord {
    /// Accepted; its replacement draw ends the game drawn (the official
    /// judge).
    Accepted,
    /// An illegal answer (the Python environment).
    Refused,
}

impl From<Options> for OptionsRecord {
    fn from(o: Options) -> OptionsRecord {
        OptionsRecord {
            reading: match o.reading {
                Reading::Judge2018 => ReadingRecord::Judge2018,
                Reading::V1_4_0 => ReadingRecord::V1_4_0,
            },
            minimum: match o.minimum {
                Minimum::EightPlusFlowers => MinimumRecord::EightPlusFlowers,
                Minimum::Eight => MinimumRecord::Eight,
            },
            empty_wall_kong: match o.empty_wall_kong {
                EmptyWallKong::Accepted => EmptyWallKongRecord::Accepted,
                EmptyWallKong::Refused => EmptyWallKongRecord::Refused,
            },
        }
    }
}

impl From<OptionsRecord> for Options {
    fn from(o: OptionsRecord) -> Options {
        Options {
            reading: match o.reading {
                ReadingRecord::Judge2018 => Reading::Judge2018,
                ReadingRecord::V1_4_0 => Reading::V1_4_0,
            },
            minimum: match o.minimum {
                MinimumRecord::EightPlusFlowers => Minimum::EightPlusFlowers,
                MinimumRecord::Eight => Minimum::Eight,
            },
            empty_wall_kong: match o.empty_wall_kong {
                EmptyWallKongRecord::Accepted => EmptyWallKong::Accepted,
                EmptyWallKongRecord::Refused => EmptyWallKong::Refused,
            },
        }
    }
}

/// A request to one seat and its reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RequestRecord {
    /// The judge's step, from 0 (the `0` requests).
    pub step: usize,
    /// The seat asked, 0 to 3.
    #[schemars(range(max = 3))]
    pub seat: u8,
    /// The request string exactly as sent (`2 W3`, `3 1 PLAY B2`).
    pub request: String,
    /// The reply, or why there was none.
    pub reply: ReplyRecord,
    /// For a bot program, how its step went (version 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<ProgramRecord>,
}

/// How a bot program's step went. Its times differ from run to run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct ProgramRecord {
    /// Milliseconds from its input written to its answer (kept running: to
    /// the marker), or until it was stopped.
    pub ms: u64,
    /// A process was started for this request (not one kept running).
    pub started: bool,
    /// CPU time its processes used, in milliseconds, where the sandbox
    /// counts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<u64>,
    /// At the program's first step: what contains it (its sandbox, or
    /// none) and which memory limit applies, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub containment: Option<String>,
    /// Why it gave no usable answer, when it gave none (the judge's reply
    /// is then a verdict, or the empty response for malformed output).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<FailureRecord>,
    /// The driver's words on the failure (`took 1004 ms, over the time
    /// limit; it was sleeping`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    /// The end of its standard error, when the step failed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
    /// The end of its standard output, when the step failed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdout: String,
}

/// Why a bot program gave no usable answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FailureRecord {
    /// It ran past the time limit (`TLE`).
    TimeLimit,
    /// It was killed for using more memory than its limit (`MLE`).
    MemoryLimit,
    /// It exited with a failure status or was killed (`RE`).
    Crash,
    /// It printed more than the protocol allows (`OLE`).
    TooMuchOutput,
    /// Its output was not the protocol's JSON (the empty response).
    MalformedOutput,
}

impl From<Failure> for FailureRecord {
    fn from(f: Failure) -> FailureRecord {
        match f {
            Failure::TimeOut => FailureRecord::TimeLimit,
            Failure::MemoryLimit => FailureRecord::MemoryLimit,
            Failure::Crash => FailureRecord::Crash,
            Failure::TooMuchOutput => FailureRecord::TooMuchOutput,
            Failure::MalformedOutput => FailureRecord::MalformedOutput,
        }
    }
}

impl ProgramRecord {
    /// The record of a program's step, and of its failure if it failed.
    pub fn new(program: &ProgramStep, failed: Option<&StepFailed>) -> ProgramRecord {
        ProgramRecord {
            ms: program.ms,
            started: program.started,
            cpu_ms: program.cpu_ms,
            containment: program.containment.clone(),
            failure: failed.map(|f| f.kind.into()),
            message: failed.map(|f| f.words.clone()).unwrap_or_default(),
            stderr: failed.map(|f| f.stderr.clone()).unwrap_or_default(),
            stdout: failed.map(|f| f.stdout.clone()).unwrap_or_default(),
        }
    }
}

/// A seat's reply to a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum ReplyRecord {
    /// The response string exactly as received (Botzone's verdict `OK`).
    Answer {
        /// The response (`PLAY W3`).
        text: String,
    },
    /// No response.
    Failed {
        /// Why, as Botzone's verdict names it: `TLE`, `MLE`, `RE`, `OLE`,
        /// or another name.
        verdict: String,
    },
}

impl From<&Reply> for ReplyRecord {
    fn from(r: &Reply) -> ReplyRecord {
        match r {
            Reply::Text(t) => ReplyRecord::Answer {
                text: t.to_string(),
            },
            Reply::Failed(v) => ReplyRecord::Failed {
                verdict: v.name().to_string(),
            },
        }
    }
}

impl From<&ReplyRecord> for Reply {
    fn from(r: &ReplyRecord) -> Reply {
        match r {
            ReplyRecord::Answer { text } => Reply::Text(text.clone().into()),
            ReplyRecord::Failed { verdict } => Reply::Failed(Verdict::parse(verdict)),
        }
    }
}

/// What happened at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum EventRecord {
    /// The four hands were dealt (each seat's tiles are in its `1`
    /// request).
    Deal,
    /// A draw from the seat's own part of the wall (a kong's replacement
    /// too).
    Draw {
        /// The drawer.
        seat: u8,
        /// The tile.
        tile: TileName,
    },
    /// A flower drawn and set aside; the seat draws again.
    Flower {
        /// The drawer.
        seat: u8,
        /// The flower.
        flower: FlowerName,
    },
    /// A discard after a draw.
    Play {
        /// The discarder.
        seat: u8,
        /// The discard.
        tile: TileName,
    },
    /// A pung of a discard, and the punger's discard.
    Peng {
        /// The punger.
        seat: u8,
        /// The discarder of the punged tile.
        from: u8,
        /// The punged tile.
        tile: TileName,
        /// The punger's discard.
        discard: TileName,
    },
    /// A chow of the previous seat's discard, and the chower's discard.
    Chi {
        /// The chower.
        seat: u8,
        /// The chow's middle tile.
        middle: TileName,
        /// The chowed tile.
        tile: TileName,
        /// The chower's discard.
        discard: TileName,
    },
    /// Four concealed tiles made a kong, on the seat's own draw.
    ConcealedKong {
        /// The konger.
        seat: u8,
        /// The kong's tile.
        tile: TileName,
    },
    /// Three concealed tiles and a discard made a kong.
    MeldedKong {
        /// The konger.
        seat: u8,
        /// The discarder.
        from: u8,
        /// The kong's tile.
        tile: TileName,
    },
    /// A drawn or held tile added to the seat's exposed pung.
    PromotedKong {
        /// The konger.
        seat: u8,
        /// The kong's tile.
        tile: TileName,
    },
}

impl From<Event> for EventRecord {
    fn from(e: Event) -> EventRecord {
        let t = TileName;
        match e {
            Event::Deal => EventRecord::Deal,
            Event::Draw { seat, tile } => EventRecord::Draw {
                seat,
                tile: t(tile),
            },
            Event::Flower { seat, flower } => EventRecord::Flower {
                seat,
                flower: FlowerName(flower.number()),
            },
            Event::Play { seat, tile } => EventRecord::Play {
                seat,
                tile: t(tile),
            },
            Event::Peng {
                seat,
                from,
                tile,
                discard,
            } => EventRecord::Peng {
                seat,
                from,
                tile: t(tile),
                discard: t(discard),
            },
            Event::Chi {
                seat,
                middle,
                tile,
                discard,
            } => EventRecord::Chi {
                seat,
                middle: t(middle),
                tile: t(tile),
                discard: t(discard),
            },
            Event::Kong { seat, tile, kind } => match kind {
                KongKind::Concealed => EventRecord::ConcealedKong {
                    seat,
                    tile: t(tile),
                },
                KongKind::Melded { from } => EventRecord::MeldedKong {
                    seat,
                    from,
                    tile: t(tile),
                },
                KongKind::Promoted => EventRecord::PromotedKong {
                    seat,
                    tile: t(tile),
                },
            },
        }
    }
}

/// The last line: the scores and how the game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct ResultRecord {
    /// Each seat's points, whole and possibly negative; they sum to 0.
    pub scores: Vec<i32>,
    /// How the game ended.
    pub end: EndRecord,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndRecord {
    /// A win: the winner takes `8 + total` from each other seat on a
    /// self-drawn win, otherwise `8 + total` from the discarder (or the
    /// robbed konger) and 8 from the two others.
    Win {
        /// The winner.
        seat: u8,
        /// How it won.
        win: WinHow,
        /// The discarder, or the konger robbed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u8>,
        /// The winning tile.
        tile: TileName,
        /// The hand's fans (flowers included), as the calculator gives
        /// them.
        #[serde(flatten)]
        fans: FansRecord,
    },
    /// Drawn (every score 0): a seat had to draw from its empty part.
    Exhausted {
        /// The seat that could not draw.
        seat: u8,
    },
    /// A seat broke a rule: it loses 30 and each other seat wins 10.
    Penalty {
        /// The offender.
        seat: u8,
        /// The official judge's final action: `WA` (an illegal answer),
        /// `WH` (a false win) or a verdict such as `TLE`.
        action: String,
        /// The rule it broke.
        #[serde(flatten)]
        rule: RuleRecord,
        /// The rule in words.
        message: String,
        /// Its response string, when it gave one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<String>,
    },
}

/// How a win was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WinHow {
    /// On the winner's own draw (a kong's replacement included).
    SelfDrawn,
    /// On another seat's discard.
    Discard,
    /// Robbing another seat's promoted kong.
    RobbingKong,
}

/// A hand's total and its fans.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FansRecord {
    /// The calculator's total: the sum of points times count over the
    /// fans, flowers included.
    pub total: i32,
    /// The fans, in the calculator's table order.
    pub fans: Vec<FanRecord>,
}

/// One fan of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("unevaluatedProperties" = false))]
pub struct FanRecord {
    /// Its English name (`Pure Straight`).
    pub name: String,
    /// Its Chinese name, as the game's calculator reading names it (`清龙`).
    pub chinese: String,
    /// Points of one occurrence.
    pub points: u16,
    /// How many times the hand has it.
    pub count: u16,
}

impl FansRecord {
    /// The record of `fans` (with their counts) totalling `total`, named
    /// under `reading`.
    pub fn new(total: i32, fans: &[(Fan, u16)], reading: Reading) -> FansRecord {
        FansRecord {
            total,
            fans: fans
                .iter()
                .map(|&(f, count)| FanRecord {
                    name: f.english().to_string(),
                    chinese: f.chinese(reading).to_string(),
                    points: f.points(),
                    count,
                })
                .collect(),
        }
    }
}

/// The rule a penalised seat broke.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum RuleRecord {
    /// It gave no answer.
    NoAnswer {
        /// Botzone's verdict: `TLE`, `MLE`, `RE`, `OLE` or another name.
        verdict: String,
    },
    /// Anything but `PASS` where only `PASS` is allowed.
    NotPass,
    /// No answer of the protocol.
    Malformed,
    /// A word that should name a tile names none.
    UnknownTile,
    /// `PLAY T` without `T` in hand.
    NotHeld {
        /// The tile.
        tile: TileName,
    },
    /// `GANG T` on its own draw without four `T`.
    CannotConcealedKong {
        /// The tile.
        tile: TileName,
    },
    /// `BUGANG T` without a pung of `T` and a `T` in hand.
    CannotPromote {
        /// The tile.
        tile: TileName,
    },
    /// A kong on its own draw when its or the next seat's part of the
    /// wall is empty.
    KongAtWallEnd,
    /// `PENG` without two of the discard.
    CannotPeng {
        /// The discard.
        tile: TileName,
    },
    /// `GANG` on a discard without three of it.
    CannotMeldedKong {
        /// The discard.
        tile: TileName,
    },
    /// `CHI` by a seat other than the discarder's next.
    ChiNotNextSeat,
    /// `CHI M T` whose `M` makes no chow with the discard.
    NotAChow,
    /// `CHI` without the chow's other two tiles.
    CannotChi,
    /// After `PENG` or `CHI`, a discard not in hand.
    DiscardNotHeld {
        /// The tile.
        tile: TileName,
    },
    /// A claim after which the next seat's part of the wall is empty.
    ClaimAtWallEnd,
    /// A melded kong with its own part of the wall empty (when refused).
    KongWithoutReplacement,
    /// `HU` on a hand that is no win: the calculator's error code (-1
    /// wrong tile count, -2 a tile more than four times, -3 no win).
    NotAWin {
        /// The error code.
        code: i32,
    },
    /// `HU` on a winning hand short of the minimum.
    UnderMinimum {
        /// Its fans.
        #[serde(flatten)]
        fans: FansRecord,
    },
}

impl RuleRecord {
    /// The record of `offence`, fans named under `reading`.
    pub fn new(offence: &Offence, reading: Reading) -> RuleRecord {
        let t = TileName;
        match offence {
            Offence::Verdict(v) => RuleRecord::NoAnswer {
                verdict: v.name().to_string(),
            },
            Offence::Wrong(w) => match *w {
                WrongMove::NotPass => RuleRecord::NotPass,
                WrongMove::Malformed => RuleRecord::Malformed,
                WrongMove::UnknownTile => RuleRecord::UnknownTile,
                WrongMove::NotHeld(x) => RuleRecord::NotHeld { tile: t(x) },
                WrongMove::CannotConcealedKong(x) => RuleRecord::CannotConcealedKong { tile: t(x) },
                WrongMove::CannotPromote(x) => RuleRecord::CannotPromote { tile: t(x) },
                WrongMove::KongAtWallEnd => RuleRecord::KongAtWallEnd,
                WrongMove::CannotPeng(x) => RuleRecord::CannotPeng { tile: t(x) },
                WrongMove::CannotMeldedKong(x) => RuleRecord::CannotMeldedKong { tile: t(x) },
                WrongMove::ChiNotNextSeat => RuleRecord::ChiNotNextSeat,
                WrongMove::NotAChow => RuleRecord::NotAChow,
                WrongMove::CannotChi => RuleRecord::CannotChi,
                WrongMove::DiscardNotHeld(x) => RuleRecord::DiscardNotHeld { tile: t(x) },
                WrongMove::ClaimAtWallEnd => RuleRecord::ClaimAtWallEnd,
                WrongMove::KongWithoutReplacement => RuleRecord::KongWithoutReplacement,
            },
            Offence::WrongHu { total, .. } if *total < 0 => RuleRecord::NotAWin { code: *total },
            Offence::WrongHu { total, fans } => RuleRecord::UnderMinimum {
                fans: FansRecord::new(*total, fans, reading),
            },
        }
    }
}

impl ResultRecord {
    /// The record of `result`, fans named under `reading`.
    pub fn new(result: &GameResult, reading: Reading) -> ResultRecord {
        let end = match &result.end {
            End::Win(w) => {
                let (win, from) = match w.kind {
                    WinKind::SelfDrawn => (WinHow::SelfDrawn, None),
                    WinKind::Discard { from } => (WinHow::Discard, Some(from)),
                    WinKind::RobbingKong { from } => (WinHow::RobbingKong, Some(from)),
                };
                EndRecord::Win {
                    seat: w.seat,
                    win,
                    from,
                    tile: TileName(w.tile),
                    fans: FansRecord::new(w.total, &w.fans, reading),
                }
            }
            End::Exhausted { seat } => EndRecord::Exhausted { seat: *seat },
            End::Penalty {
                seat,
                offence,
                answer,
            } => EndRecord::Penalty {
                seat: *seat,
                action: offence.action().to_string(),
                rule: RuleRecord::new(offence, reading),
                message: offence.to_string(),
                answer: answer.clone(),
            },
        };
        ResultRecord {
            scores: result.scores.to_vec(),
            end,
        }
    }

    /// Each seat's points times two (the contest layer's half points).
    pub fn half_points(&self) -> Vec<i32> {
        self.scores.iter().map(|s| 2 * s).collect()
    }
}

/// A tile by its Botzone name (`W1`..`W9`, `T1`..`T9`, `B1`..`B9`,
/// `F1`..`F4`, `J1`..`J3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileName(pub Tile);

impl Serialize for TileName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

impl<'de> Deserialize<'de> for TileName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TileName, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        s.parse()
            .map(TileName)
            .map_err(|_| serde::de::Error::custom(format!("`{s}` is not an MCR tile")))
    }
}

impl JsonSchema for TileName {
    fn schema_name() -> Cow<'static, str> {
        "TileName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A tile: W1..W9, T1..T9, B1..B9, F1..F4 or J1..J3.",
            "type": "string",
            "pattern": "^([WTB][1-9]|F[1-4]|J[1-3])$"
        })
    }
}

/// A flower by its name, `H1`..`H8` (its number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlowerName(pub u8);

impl Serialize for FlowerName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("H{}", self.0))
    }
}

impl<'de> Deserialize<'de> for FlowerName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FlowerName, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        match s.parse::<WallTile>() {
            Ok(WallTile::Flower(h)) => Ok(FlowerName(h.number())),
            _ => Err(serde::de::Error::custom(format!("`{s}` is not a flower"))),
        }
    }
}

impl JsonSchema for FlowerName {
    fn schema_name() -> Cow<'static, str> {
        "FlowerName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A flower: H1..H8.",
            "type": "string",
            "pattern": "^H[1-8]$"
        })
    }
}

/// A tile of a wall: a tile or a flower, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallTileName(pub WallTile);

impl Serialize for WallTileName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for WallTileName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<WallTileName, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        s.parse()
            .map(WallTileName)
            .map_err(|_| serde::de::Error::custom(format!("`{s}` is no tile of an MCR wall")))
    }
}

impl JsonSchema for WallTileName {
    fn schema_name() -> Cow<'static, str> {
        "WallTileName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A tile of the wall: W1..W9, T1..T9, B1..B9, F1..F4, J1..J3 or a flower H1..H8.",
            "type": "string",
            "pattern": "^([WTB][1-9]|F[1-4]|J[1-3]|H[1-8])$"
        })
    }
}

/// The lines of `game`'s log, in order: [`header`], the events and
/// requests, [`result_line`].
pub fn lines(setting: &Setting, game: &Game) -> Vec<Line> {
    let mut lines = vec![header(setting, &game.init, game.options)];
    let turns = game_turns(game);
    let shown = turns.iter().map(|t| t.events.len()).sum();
    lines.extend(turns.iter().flat_map(turn_lines));
    lines.extend(last_events(game, shown));
    lines.push(result_line(game));
    lines
}

/// The turns of `game` as the arena showed them while playing: each
/// request with its reply, each step's seat 0 with the events before it.
pub fn game_turns(game: &Game) -> Vec<Turn> {
    // Each step but the first follows one event (see the module's doc).
    let mut events = game.events.iter();
    // Programs' steps and failures are in the order of the turns.
    let mut programs = game.programs.iter().peekable();
    let mut failures = game.failures.iter().peekable();
    let mut turns = Vec::with_capacity(PLAYERS * game.steps.len());
    for (step, (requests, replies)) in game.steps.iter().zip(&game.replies).enumerate() {
        for player in 0..PLAYERS {
            let before = if step > 0 && player == 0 {
                events.next().into_iter().copied().collect()
            } else {
                Vec::new()
            };
            let program = programs
                .next_if(|p| (p.step, p.player) == (step, player))
                .map(|p| p.program.clone());
            let failed = failures
                .next_if(|f| (f.step, f.player) == (step, player))
                .map(|f| f.failed.clone());
            turns.push(Turn {
                step,
                player,
                request: requests[player],
                reply: replies[player].clone(),
                events: before,
                program,
                failed,
            });
        }
    }
    turns
}

/// The first line of the log of a game dealt `init`, judged under
/// `options`.
pub fn header(setting: &Setting, init: &InitData, options: Options) -> Line {
    Line::Header(Header {
        format: Format::McrGameLog,
        version: VERSION,
        wall: setting.wall.clone(),
        tiles: init
            .wall
            .tiles()
            .iter()
            .copied()
            .map(WallTileName)
            .collect(),
        prevalent_wind: init.quan,
        options: options.into(),
        seats: setting.seats.to_vec(),
        context: setting.context.clone(),
    })
}

/// The lines of one turn, as a game being played shows it: the events
/// before it, then its request and reply.
pub fn turn_lines(turn: &Turn) -> Vec<Line> {
    let mut lines: Vec<Line> = turn.events.iter().map(|&e| Line::Event(e.into())).collect();
    lines.push(Line::Request(RequestRecord {
        step: turn.step,
        seat: turn.player as u8,
        request: turn.request.to_string(),
        reply: (&turn.reply).into(),
        program: turn
            .program
            .as_ref()
            .map(|p| ProgramRecord::new(p, turn.failed.as_ref())),
    }));
    lines
}

/// The events of `game` after the first `shown` (those the turns showed):
/// those no request followed (a claim refused at the wall's end).
pub fn last_events(game: &Game, shown: usize) -> Vec<Line> {
    game.events
        .iter()
        .skip(shown)
        .map(|&e| Line::Event(e.into()))
        .collect()
}

/// The last line: the result of `game`.
pub fn result_line(game: &Game) -> Line {
    Line::Result(ResultRecord::new(&game.result, game.options.reading))
}

pub use crate::game_log::{write_line, LogError};

/// Writes `game`'s log: one JSON object a line.
pub fn write(out: &mut impl Write, setting: &Setting, game: &Game) -> io::Result<()> {
    game_log::write_lines(out, lines(setting, game))
}

/// A log read back: its header, its events and requests in order, and its
/// result.
pub type GameLog = game_log::GameLog<Header, RequestRecord, EventRecord, ResultRecord>;

/// A line between the header and the result.
pub type Entry = game_log::Entry<RequestRecord, EventRecord>;

impl GameLog {
    /// The wall's tiles as the header gives them.
    pub fn wall_tiles(&self) -> Vec<WallTile> {
        self.header.tiles.iter().map(|t| t.0).collect()
    }
}

/// This format and the versions its reader reads.
pub const LOG_FORMAT: LogFormat = LogFormat {
    name: FORMAT,
    oldest_read: OLDEST_READ,
    version: VERSION,
};

/// Reads a log: the header first (of [`FORMAT`], versions [`OLDEST_READ`]
/// to [`VERSION`]), the result last, events and requests between.
pub fn read(bytes: &[u8]) -> Result<GameLog, LogError> {
    game_log::read(bytes, LOG_FORMAT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::games::arena::play;
    use crate::mcr::games::sloppy::seats;
    use crate::mcr::games::walls::random_init;
    use crate::rng::Rng;

    fn setting() -> Setting {
        Setting {
            wall: "a wall".into(),
            seats: std::array::from_fn(|p| SeatRecord {
                name: format!("bot{p}"),
                command: "sloppy".into(),
            }),
            context: Some(Context::Duel {
                unit: 3,
                game: 1,
                challenger: Challenger::A,
            }),
        }
    }

    fn game(seed: u64) -> Game {
        let init = random_init(&mut Rng::new(seed));
        play(&init, Options::default(), &mut seats(seed), &mut |_| {})
    }

    /// What the writer writes, the reader reads back as the same lines;
    /// the lines streamed turn by turn are the log's.
    #[test]
    fn logs_read_back_as_written_and_as_streamed() {
        let mut ends = std::collections::BTreeSet::new();
        for seed in 1..=40 {
            let init = random_init(&mut Rng::new(seed));
            let mut streamed = vec![];
            let mut shown = 0;
            let game = play(&init, Options::default(), &mut seats(seed), &mut |t| {
                shown += t.events.len();
                streamed.extend(turn_lines(t));
            });
            let mut all = vec![header(&setting(), &game.init, game.options)];
            all.extend(streamed);
            all.extend(last_events(&game, shown));
            all.push(result_line(&game));
            assert_eq!(all, lines(&setting(), &game));
            let mut out = Vec::new();
            write(&mut out, &setting(), &game).unwrap();
            let log = read(&out).unwrap();
            assert_eq!(log.clone().into_lines(), all);
            let events: Vec<EventRecord> = game.events.iter().map(|&e| e.into()).collect();
            assert_eq!(log.events().copied().collect::<Vec<_>>(), events);
            assert_eq!(log.requests().count(), 4 * game.steps.len());
            assert_eq!(log.wall_tiles(), game.init.wall.tiles());
            ends.insert(match log.result.end {
                EndRecord::Win { .. } => "win",
                EndRecord::Exhausted { .. } => "exhausted",
                EndRecord::Penalty { .. } => "penalty",
            });
        }
        // Not degenerate: draws and penalties (wins need real bots:
        // tests/mcr_play.rs).
        assert!(ends.len() >= 2, "{ends:?}");
    }

    /// Ends, rules and fans are snake_case tagged objects naming tiles as
    /// Botzone does.
    #[test]
    fn ends_are_tagged_and_name_their_rules() {
        let r = RuleRecord::new(
            &Offence::Wrong(WrongMove::CannotPeng("W2".parse().unwrap())),
            Reading::Judge2018,
        );
        assert_eq!(json(&r), r#"{"rule":"cannot_peng","tile":"W2"}"#);
        let v = RuleRecord::new(&Offence::Verdict(Verdict::TimeLimit), Reading::Judge2018);
        assert_eq!(json(&v), r#"{"rule":"no_answer","verdict":"TLE"}"#);
        let fans = FansRecord::new(
            3,
            &[(Fan::SingleWait, 1), (Fan::FlowerTiles, 2)],
            Reading::Judge2018,
        );
        assert_eq!(
            json(&fans),
            r#"{"total":3,"fans":[{"name":"Single Wait","chinese":"单钓将","points":1,"count":1},{"name":"Flower Tiles","chinese":"花牌","points":1,"count":2}]}"#
        );
        let under = RuleRecord::UnderMinimum { fans };
        assert!(json(&under).starts_with(r#"{"rule":"under_minimum","total":3,"fans":["#));
        let g = game(1);
        let line = serde_json::to_value(result_line(&g)).unwrap();
        assert_eq!(line["type"], "result");
        assert_eq!(line["scores"].as_array().unwrap().len(), 4);
    }

    fn json(v: &impl Serialize) -> String {
        serde_json::to_string(v).unwrap()
    }

    #[test]
    fn the_reader_names_what_is_wrong() {
        let mut out = Vec::new();
        write(&mut out, &setting(), &game(2)).unwrap();
        let text = String::from_utf8(out).unwrap();
        let err = |t: &str| read(t.as_bytes()).unwrap_err().to_string();
        let v3 = text.replacen("\"version\":2", "\"version\":3", 1);
        assert!(err(&v3).contains("version 3"), "{}", err(&v3));
        // Version 1 is version 2 without programs' steps.
        let v1 = text.replacen("\"version\":2", "\"version\":1", 1);
        assert_eq!(read(v1.as_bytes()).unwrap().header.version, 1);
        assert!(err(r#"{"type":"game"}"#).contains("not a header"));
        let no_result: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        assert!(err(&no_result).contains("no result"));
        let bad = text.replacen("\"tile\":\"", "\"tile\":\"X", 1);
        assert!(err(&bad).starts_with("line "), "{}", err(&bad));
        assert!(matches!(read(b"\xff"), Err(LogError::NotUtf8)));
    }
}
