//! Requests, typed, whose `Display` is the exact string the official judge
//! sends; the replies players give; and answers as the judge reads them.

use super::super::tile::Tile;
use super::wall::{Flower, HAND_TILES};
use std::borrow::Cow;
use std::fmt;

/// One request to one player. Every step sends one to each of the four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Request {
    /// `0 seat quan`: your seat and the prevalent wind. Answer `PASS`.
    Init {
        /// The player's seat.
        seat: u8,
        /// The prevalent wind.
        quan: u8,
    },
    /// `1 f0 f1 f2 f3 t1 .. t13 h..`: flowers per seat, the player's 13
    /// tiles in the order dealt, then every seat's flowers (seat 0 first).
    /// Answer `PASS`.
    Deal {
        /// The player's tiles.
        hand: [Tile; HAND_TILES],
        /// Flowers dealt to each seat.
        flowers_per_seat: [u8; 4],
        /// The flowers, seat by seat (the first `sum(flowers_per_seat)`).
        flowers: [Option<Flower>; 8],
    },
    /// `2 T`: you drew `T`. Answer `PLAY`, `GANG`, `BUGANG` or `HU`.
    Draw(Tile),
    /// `3 p DRAW`: seat `p` drew. Answer `PASS`.
    Drew(u8),
    /// `3 p BUHUA H`: seat `p` drew flower `H` and draws again. Answer `PASS`.
    Flower {
        /// Who drew it.
        seat: u8,
        /// The flower.
        flower: Flower,
    },
    /// `3 p PLAY T`: seat `p` discarded `T`. Answer `PASS`, `HU`, `PENG`,
    /// `GANG` or (the next seat) `CHI`; the discarder `PASS`.
    Play {
        /// The discarder.
        seat: u8,
        /// The discard.
        tile: Tile,
    },
    /// `3 p PENG T`: seat `p` punged and discarded `T`. Answered as [`Request::Play`].
    Peng {
        /// The punger.
        seat: u8,
        /// Its discard.
        tile: Tile,
    },
    /// `3 p CHI M T`: seat `p` chowed around `M` and discarded `T`.
    /// Answered as [`Request::Play`].
    Chi {
        /// The chower.
        seat: u8,
        /// The chow's middle tile.
        middle: Tile,
        /// Its discard.
        tile: Tile,
    },
    /// `3 p GANG`: seat `p` made a concealed kong, or a kong of the last
    /// discard. Answer `PASS`.
    Gang(u8),
    /// `3 p BUGANG T`: seat `p` added `T` to its pung. Answer `PASS`, or
    /// `HU` to rob the kong (not `p`).
    BuGang {
        /// The konger.
        seat: u8,
        /// The kong's tile.
        tile: Tile,
    },
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Request::Init { seat, quan } => write!(f, "0 {seat} {quan}"),
            Request::Deal {
                hand,
                flowers_per_seat,
                flowers,
            } => {
                f.write_str("1")?;
                for n in flowers_per_seat {
                    write!(f, " {n}")?;
                }
                for t in hand {
                    write!(f, " {t}")?;
                }
                for h in flowers.iter().flatten() {
                    write!(f, " {h}")?;
                }
                Ok(())
            }
            Request::Draw(t) => write!(f, "2 {t}"),
            Request::Drew(p) => write!(f, "3 {p} DRAW"),
            Request::Flower { seat, flower } => write!(f, "3 {seat} BUHUA {flower}"),
            Request::Play { seat, tile } => write!(f, "3 {seat} PLAY {tile}"),
            Request::Peng { seat, tile } => write!(f, "3 {seat} PENG {tile}"),
            Request::Chi { seat, middle, tile } => write!(f, "3 {seat} CHI {middle} {tile}"),
            Request::Gang(p) => write!(f, "3 {p} GANG"),
            Request::BuGang { seat, tile } => write!(f, "3 {seat} BUGANG {tile}"),
        }
    }
}

/// Why a player gave no answer, as Botzone's `verdict` names it; the
/// official judge ends the game with this name as the action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `TLE`: over the time limit.
    TimeLimit,
    /// `MLE`: over the memory limit.
    MemoryLimit,
    /// `RE`: crashed.
    RuntimeError,
    /// `OLE`: too much output.
    OutputLimit,
    /// Any other verdict, by its name (`""` when the player's output object
    /// was missing altogether).
    Other(String),
}

impl Verdict {
    /// The verdict named `s` (`OK` is no failure: it reads as `Other("OK")`).
    pub fn parse(s: &str) -> Verdict {
        match s {
            "TLE" => Verdict::TimeLimit,
            "MLE" => Verdict::MemoryLimit,
            "RE" => Verdict::RuntimeError,
            "OLE" => Verdict::OutputLimit,
            other => Verdict::Other(other.to_string()),
        }
    }

    /// Its name: `TLE`, `MLE`, `RE`, `OLE` or the other name.
    pub fn name(&self) -> &str {
        match self {
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::RuntimeError => "RE",
            Verdict::OutputLimit => "OLE",
            Verdict::Other(s) => s,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a player gave to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Its response string, exactly (verdict `OK`); borrowed where a
    /// bot's answer is a fixed string (no allocation an answer).
    Text(Cow<'static, str>),
    /// No response: the verdict says why.
    Failed(Verdict),
}

/// An answer as the official judge reads it: the response split on single
/// spaces (so `PASS ` has two words, the second empty), keywords and tile
/// names matched exactly. The word count of an unknown answer matters:
/// on a discard, three words are left for the chow check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Pass,
    Hu,
    /// `GANG`, one word: a kong of the discard.
    Gang,
    /// `PLAY T`; `None` for a word that is no tile.
    Play(Option<Tile>),
    /// `GANG T` on one's own draw.
    GangTile(Option<Tile>),
    BuGang(Option<Tile>),
    Peng(Option<Tile>),
    /// `CHI M T`.
    Chi(Option<Tile>, Option<Tile>),
    /// Anything else, with its number of words (4 for four or more).
    Other(u8),
}

impl Answer {
    pub(crate) fn read(text: &str) -> Answer {
        if text == "PASS" {
            return Answer::Pass;
        }
        let mut words = text.split(' ');
        let w: [Option<&str>; 4] = std::array::from_fn(|_| words.next());
        let tile = Tile::from_name;
        match w {
            [Some("HU"), None, ..] => Answer::Hu,
            [Some("GANG"), None, ..] => Answer::Gang,
            [Some(_), None, ..] => Answer::Other(1),
            [Some(k), Some(t), None, _] => match k {
                "PLAY" => Answer::Play(tile(t)),
                "GANG" => Answer::GangTile(tile(t)),
                "BUGANG" => Answer::BuGang(tile(t)),
                "PENG" => Answer::Peng(tile(t)),
                _ => Answer::Other(2),
            },
            [Some("CHI"), Some(m), Some(t), None] => Answer::Chi(tile(m), tile(t)),
            [Some(_), Some(_), Some(_), None] => Answer::Other(3),
            _ => Answer::Other(4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_split_on_single_spaces() {
        let t = |s: &str| s.parse::<Tile>().ok();
        assert_eq!(Answer::read("PASS"), Answer::Pass);
        assert_eq!(Answer::read("PASS "), Answer::Other(2));
        assert_eq!(Answer::read(""), Answer::Other(1));
        assert_eq!(Answer::read("pass"), Answer::Other(1));
        assert_eq!(Answer::read("PLAY  W1"), Answer::Other(3));
        assert_eq!(Answer::read("PLAY W1"), Answer::Play(t("W1")));
        assert_eq!(Answer::read("PLAY w1"), Answer::Play(None));
        assert_eq!(Answer::read("CHI W2 J1"), Answer::Chi(t("W2"), t("J1")));
        assert_eq!(Answer::read("A B C D"), Answer::Other(4));
        assert_eq!(Answer::read("   "), Answer::Other(4));
        assert_eq!(Answer::read("  "), Answer::Other(3));
    }
}
