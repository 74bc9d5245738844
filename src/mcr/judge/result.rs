//! What happens in a game (events) and how it ends (the result: scores,
//! and the winner's fans or why a seat was penalised).

use super::super::fan::Fan;
use super::super::tile::Tile;
use super::request::Verdict;
use super::wall::Flower;
use std::fmt;

/// How a kong was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KongKind {
    /// Four concealed tiles, on one's own draw (`GANG T`).
    Concealed,
    /// Three concealed tiles and another seat's discard (`GANG`).
    Melded {
        /// The discarder.
        from: u8,
    },
    /// A tile added to one's own pung (`BUGANG T`).
    Promoted,
}

/// One move of the game, in order (the official judge's `display` actions
/// other than the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The four hands were dealt.
    Deal,
    /// `seat` drew `tile` (also a kong's replacement).
    Draw {
        /// The drawer.
        seat: u8,
        /// The tile.
        tile: Tile,
    },
    /// `seat` drew a flower and draws again.
    Flower {
        /// The drawer.
        seat: u8,
        /// The flower.
        flower: Flower,
    },
    /// `seat` discarded `tile` after its draw.
    Play {
        /// The discarder.
        seat: u8,
        /// The discard.
        tile: Tile,
    },
    /// `seat` punged `from`'s discard `tile` and discarded `discard`.
    Peng {
        /// The punger.
        seat: u8,
        /// The discarder of the punged tile.
        from: u8,
        /// The punged tile.
        tile: Tile,
        /// The punger's discard.
        discard: Tile,
    },
    /// `seat` chowed the previous seat's discard `tile` as the chow around
    /// `middle`, and discarded `discard`.
    Chi {
        /// The chower.
        seat: u8,
        /// The chow's middle tile.
        middle: Tile,
        /// The chowed tile.
        tile: Tile,
        /// The chower's discard.
        discard: Tile,
    },
    /// `seat` made a kong of `tile`.
    Kong {
        /// The konger.
        seat: u8,
        /// The kong's tile.
        tile: Tile,
        /// How.
        kind: KongKind,
    },
}

/// How a win was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// On one's own draw (a kong's replacement included).
    SelfDrawn,
    /// On `from`'s discard.
    Discard {
        /// The discarder, who pays most.
        from: u8,
    },
    /// Robbing `from`'s promoted kong.
    RobbingKong {
        /// The konger, who pays like a discarder.
        from: u8,
    },
}

/// A declared win: the calculator's total (flowers included) and its
/// fans in table order with their counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The winner.
    pub seat: u8,
    /// How.
    pub kind: WinKind,
    /// The winning tile.
    pub tile: Tile,
    /// The total.
    pub total: i32,
    /// The fans, in table order, with their counts (flowers included).
    pub fans: Vec<(Fan, u16)>,
}

/// A rule an answer broke (the official judge's `WA`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WrongMove {
    /// Anything but `PASS` where only `PASS` is allowed (after the deal, a
    /// draw notice, a flower, one's own discard, a concealed kong...).
    NotPass,
    /// No answer of the protocol (words split on single spaces).
    Malformed,
    /// A word that should name a tile names none.
    UnknownTile,
    /// `PLAY T` without `T` in hand.
    NotHeld(Tile),
    /// `GANG T` on one's own draw without four `T`.
    CannotConcealedKong(Tile),
    /// `BUGANG T` without a pung of `T`, or without `T` in hand.
    CannotPromote(Tile),
    /// A kong on one's own draw when the konger's or the next seat's part
    /// of the wall is empty.
    KongAtWallEnd,
    /// `PENG` without two of the discard.
    CannotPeng(Tile),
    /// `GANG` on a discard without three of it.
    CannotMeldedKong(Tile),
    /// `CHI` by a seat other than the next one.
    ChiNotNextSeat,
    /// `CHI M T` whose `M` is no chow's middle tile around the discard.
    NotAChow,
    /// `CHI M T` without the chow's other two tiles in hand.
    CannotChi,
    /// After `PENG`/`CHI`, a discard not in hand.
    DiscardNotHeld(Tile),
    /// A pung, chow or melded kong of a discard after which the next seat
    /// cannot draw (its part is empty); found once the claim is made.
    ClaimAtWallEnd,
    /// A melded kong by a seat whose own part is empty (only under
    /// [`super::EmptyWallKong::Refused`]).
    KongWithoutReplacement,
}

impl fmt::Display for WrongMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrongMove::NotPass => f.write_str("only PASS is allowed here"),
            WrongMove::Malformed => f.write_str("not an answer of the protocol"),
            WrongMove::UnknownTile => f.write_str("a word that is no tile name"),
            WrongMove::NotHeld(t) => write!(f, "PLAY {t} without {t} in hand"),
            WrongMove::CannotConcealedKong(t) => write!(f, "GANG {t} without four {t}"),
            WrongMove::CannotPromote(t) => {
                write!(f, "BUGANG {t} without a pung of {t} and a {t} in hand")
            }
            WrongMove::KongAtWallEnd => {
                f.write_str("a kong when the konger's or the next seat's wall is empty")
            }
            WrongMove::CannotPeng(t) => write!(f, "PENG without two {t}"),
            WrongMove::CannotMeldedKong(t) => write!(f, "GANG without three {t}"),
            WrongMove::ChiNotNextSeat => f.write_str("CHI by a seat other than the next one"),
            WrongMove::NotAChow => {
                f.write_str("CHI whose middle tile makes no chow with the discard")
            }
            WrongMove::CannotChi => f.write_str("CHI without the chow's other two tiles"),
            WrongMove::DiscardNotHeld(t) => write!(f, "a discard of {t} without {t} in hand"),
            WrongMove::ClaimAtWallEnd => {
                f.write_str("a claim after which the next seat's wall is empty")
            }
            WrongMove::KongWithoutReplacement => {
                f.write_str("a kong of a discard with one's own wall empty")
            }
        }
    }
}

/// Why a seat was penalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offence {
    /// No answer (`TLE`, `RE`, ...).
    Verdict(Verdict),
    /// An illegal answer (`WA`).
    Wrong(WrongMove),
    /// `HU` on a hand short of the minimum (`WH`): the calculator's total
    /// (or error code: -1 wrong tile count, -2 a tile more than four
    /// times, -3 no win) and the fans it found.
    WrongHu {
        /// The total or error code.
        total: i32,
        /// The fans found, in table order.
        fans: Vec<(Fan, u16)>,
    },
}

impl Offence {
    /// The official judge's action for it: the verdict's name, `WA` or `WH`.
    pub fn action(&self) -> &str {
        match self {
            Offence::Verdict(v) => v.name(),
            Offence::Wrong(_) => "WA",
            Offence::WrongHu { .. } => "WH",
        }
    }
}

impl fmt::Display for Offence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offence::Verdict(v) => write!(f, "no answer ({v})"),
            Offence::Wrong(w) => write!(f, "wrong answer: {w}"),
            Offence::WrongHu { total, .. } if *total < 0 => {
                write!(f, "HU without a winning hand ({total})")
            }
            Offence::WrongHu { total, .. } => {
                write!(f, "HU worth {total} fans, under the minimum")
            }
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A win.
    Win(Win),
    /// Drawn: `seat` had to draw from an empty part (`HUANG`).
    Exhausted {
        /// The seat that could not draw.
        seat: u8,
    },
    /// A seat was penalised: it loses 30, the others win 10.
    Penalty {
        /// The offender.
        seat: u8,
        /// What it did.
        offence: Offence,
        /// Its response string, when it gave one.
        answer: Option<String>,
    },
}

impl End {
    /// The official judge's final `display.action`: `HU`, `HUANG`, `WA`,
    /// `WH` or a verdict.
    pub fn action(&self) -> &str {
        match self {
            End::Win(_) => "HU",
            End::Exhausted { .. } => "HUANG",
            End::Penalty { offence, .. } => offence.action(),
        }
    }
}

/// The end of a game: the scores by seat and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Points by seat (they sum to zero).
    pub scores: [i32; 4],
    /// How it ended.
    pub end: End,
}
