//! Requests (point 21), typed; their `Display` is the exact request string
//! (single spaces, upper-case names), and `FromStr` reads it back, so a bot
//! can be driven by strings as well.

use crate::noi2014::rules::tiles::{name, parse_upper};
use crate::noi2014::rules::wall::HAND_TILES;
use crate::tile::Tile;
use std::fmt;

/// One request from the judge to one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Request {
    /// `0 id`: the player's own number. Answer `PASS`.
    Id(u8),
    /// `1 c1 .. c13`: the dealt hand, in dealt order (point 27). Answer `PASS`.
    Deal([Tile; HAND_TILES]),
    /// `2 c`: you drew `c` (also a kong replacement). Answer `PLAY c`,
    /// `GANG c` or `HU`.
    Draw(Tile),
    /// `3 p PLAY c`: player `p` discarded `c`. Answer `PASS`, `PENG c2`,
    /// `GANG` or `HU`.
    Play {
        /// Who discarded.
        player: u8,
        /// The discard.
        tile: Tile,
    },
    /// `3 p PENG c`: player `p` punged `c`. Answer `PASS`.
    Peng {
        /// Who punged.
        player: u8,
        /// The tile punged.
        tile: Tile,
    },
    /// `3 p GANG c`: player `p` made a kong of `c` (any kind, point 23).
    /// Answer `PASS`.
    Gang {
        /// Who konged.
        player: u8,
        /// The kind.
        tile: Tile,
    },
    /// `3 p HU SELF`: player `p` won on its own draw. Answer `PASS`.
    HuSelf {
        /// The winner.
        player: u8,
    },
    /// `3 p HU c`: player `p` won on the discard `c`. Answer `PASS`.
    HuDiscard {
        /// The winner.
        player: u8,
        /// The tile won on.
        tile: Tile,
    },
    /// `4`: the wall ran out; answer the target hand.
    Target,
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Request::Id(p) => write!(f, "0 {p}"),
            Request::Deal(tiles) => {
                f.write_str("1")?;
                for t in tiles {
                    write!(f, " {}", name(t))?;
                }
                Ok(())
            }
            Request::Draw(t) => write!(f, "2 {}", name(t)),
            Request::Play { player, tile } => write!(f, "3 {player} PLAY {}", name(tile)),
            Request::Peng { player, tile } => write!(f, "3 {player} PENG {}", name(tile)),
            Request::Gang { player, tile } => write!(f, "3 {player} GANG {}", name(tile)),
            Request::HuSelf { player } => write!(f, "3 {player} HU SELF"),
            Request::HuDiscard { player, tile } => write!(f, "3 {player} HU {}", name(tile)),
            Request::Target => f.write_str("4"),
        }
    }
}

/// A string that is not a request of point 21.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a NOI2014 request (`0 P`, `1` and 13 tiles, `2 T`, `3 P PLAY T`, `3 P PENG T`, `4`, ...)")]
pub struct RequestParseError(pub String);

impl std::str::FromStr for Request {
    type Err = RequestParseError;

    /// Reads a request as the judge writes it (words separated by single
    /// spaces; runs of spaces and tabs are accepted too).
    fn from_str(s: &str) -> Result<Request, RequestParseError> {
        let bad = || RequestParseError(s.to_string());
        let w: Vec<&str> = s.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
        let tile = |w: &str| parse_upper(w.as_bytes()).ok_or_else(bad);
        let player = |w: &str| match w {
            "0" | "1" | "2" | "3" => Ok(w.as_bytes()[0] - b'0'),
            _ => Err(bad()),
        };
        Ok(match w.as_slice() {
            ["0", p] => Request::Id(player(p)?),
            ["1", rest @ ..] if rest.len() == HAND_TILES => {
                let mut tiles = [tile(rest[0])?; HAND_TILES];
                for (slot, w) in tiles.iter_mut().zip(rest) {
                    *slot = tile(w)?;
                }
                Request::Deal(tiles)
            }
            ["2", c] => Request::Draw(tile(c)?),
            ["3", p, "PLAY", c] => Request::Play {
                player: player(p)?,
                tile: tile(c)?,
            },
            ["3", p, "PENG", c] => Request::Peng {
                player: player(p)?,
                tile: tile(c)?,
            },
            ["3", p, "GANG", c] => Request::Gang {
                player: player(p)?,
                tile: tile(c)?,
            },
            ["3", p, "HU", "SELF"] => Request::HuSelf { player: player(p)? },
            ["3", p, "HU", c] => Request::HuDiscard {
                player: player(p)?,
                tile: tile(c)?,
            },
            ["4"] => Request::Target,
            _ => return Err(bad()),
        })
    }
}

/// How a bot program's step failed (the kind of the protocol's
/// `StepError`), for summaries and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepFailure {
    /// Ran past the time limit.
    TimeOut,
    /// Exited with a failure status or was killed.
    Crash,
    /// More output than the protocol's limit (point 28).
    TooMuchOutput,
    /// Output that is not the protocol's JSON.
    MalformedOutput,
    /// Killed for using more memory than its limit.
    MemoryLimit,
}

impl StepFailure {
    /// Every kind of failure.
    pub const ALL: [StepFailure; 5] = [
        StepFailure::TimeOut,
        StepFailure::Crash,
        StepFailure::TooMuchOutput,
        StepFailure::MalformedOutput,
        StepFailure::MemoryLimit,
    ];

    /// Its short name: `time-out`, `crash`, `too much output`, `malformed
    /// output` or `memory limit`.
    pub fn name(self) -> &'static str {
        match self {
            StepFailure::TimeOut => "time-out",
            StepFailure::Crash => "crash",
            StepFailure::TooMuchOutput => "too much output",
            StepFailure::MalformedOutput => "malformed output",
            StepFailure::MemoryLimit => "memory limit",
        }
    }
}

/// What one player answered to one request (the interface's `Reply`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// The response string exactly as the bot printed it.
    Text(String),
    /// The bot gave no usable answer (crash, time-out, too much output,
    /// output that is not the protocol's): the kind of failure when a bot
    /// program's driver knows it (`None` for a reply from elsewhere, e.g. a
    /// script), and the driver's words, for logs.
    Failed(Option<StepFailure>, String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::rules::tiles::tile;

    #[test]
    fn strings_round_trip() {
        let deal: [Tile; 13] = std::array::from_fn(|i| tile(i * 2));
        for r in [
            Request::Id(2),
            Request::Deal(deal),
            Request::Draw(tile(22)),
            Request::Play {
                player: 1,
                tile: tile(6),
            },
            Request::Peng {
                player: 1,
                tile: tile(6),
            },
            Request::Gang {
                player: 3,
                tile: tile(26),
            },
            Request::HuSelf { player: 0 },
            Request::HuDiscard {
                player: 1,
                tile: tile(6),
            },
            Request::Target,
        ] {
            assert_eq!(r.to_string().parse::<Request>(), Ok(r), "{r}");
        }
        assert_eq!(
            Request::Play {
                player: 1,
                tile: tile(6)
            }
            .to_string(),
            "3 1 PLAY W7"
        );
        assert_eq!(Request::HuSelf { player: 1 }.to_string(), "3 1 HU SELF");
        for bad in [
            "",
            "5",
            "0 4",
            "2 w1",
            "3 1 PLAY",
            "1 W1",
            "3 1 CHI W1",
            "4 4",
        ] {
            assert!(bad.parse::<Request>().is_err(), "{bad:?}");
        }
    }
}
