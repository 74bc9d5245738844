//! Events: what happens at the table, typed; `Display` gives the canonical
//! line of the comparison interface (`draw 0 W3`, `hu-discard 2 B5 1`, ...).

use crate::noi2014::rules::tiles::name;
use crate::tile::Tile;
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The next player to draw found the wall empty (`end empty-wall`).
    EmptyWall,
    /// At most one player was still playing (`end one-left`).
    OneLeft,
}

/// One thing that happened, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// `draw P C`: a normal draw from the front.
    Draw {
        /// Who drew.
        player: u8,
        /// What.
        tile: Tile,
    },
    /// `draw-back P C`: a kong replacement from the back.
    DrawBack {
        /// Who drew.
        player: u8,
        /// What.
        tile: Tile,
    },
    /// `play P C`: a discard.
    Play {
        /// Who discarded.
        player: u8,
        /// What.
        tile: Tile,
    },
    /// `peng P C`: `player` pungs the discard `tile`.
    Peng {
        /// The punger.
        player: u8,
        /// The discard punged.
        tile: Tile,
    },
    /// `gang-discard P C`: `player` kongs the discard `tile` (a new kong or
    /// onto its exposed pung).
    GangDiscard {
        /// The konger.
        player: u8,
        /// The kind.
        tile: Tile,
    },
    /// `gang-concealed P C`: four concealed tiles become a kong.
    GangConcealed {
        /// The konger.
        player: u8,
        /// The kind.
        tile: Tile,
    },
    /// `gang-added P C`: a concealed tile added to the exposed pung.
    GangAdded {
        /// The konger.
        player: u8,
        /// The kind.
        tile: Tile,
    },
    /// `hu-discard P C Q`: `player` wins on `from`'s discard `tile`.
    HuDiscard {
        /// The winner.
        player: u8,
        /// The tile won on.
        tile: Tile,
        /// The discarder.
        from: u8,
    },
    /// `hu-self P C`: `player` wins on its own draw, `tile` the last drawn.
    HuSelf {
        /// The winner.
        player: u8,
        /// The tile it drew last.
        tile: Tile,
    },
    /// `out P`: the player is put out (point 14).
    Out {
        /// Who.
        player: u8,
    },
    /// `end empty-wall` / `end one-left`: always the last event.
    End(EndReason),
}

impl Event {
    /// The player the event concerns: every event but the end has one.
    pub fn player(&self) -> Option<u8> {
        match *self {
            Event::Draw { player, .. }
            | Event::DrawBack { player, .. }
            | Event::Play { player, .. }
            | Event::Peng { player, .. }
            | Event::GangDiscard { player, .. }
            | Event::GangConcealed { player, .. }
            | Event::GangAdded { player, .. }
            | Event::HuDiscard { player, .. }
            | Event::HuSelf { player, .. }
            | Event::Out { player } => Some(player),
            Event::End(_) => None,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Draw { player, tile } => write!(f, "draw {player} {}", name(tile)),
            Event::DrawBack { player, tile } => write!(f, "draw-back {player} {}", name(tile)),
            Event::Play { player, tile } => write!(f, "play {player} {}", name(tile)),
            Event::Peng { player, tile } => write!(f, "peng {player} {}", name(tile)),
            Event::GangDiscard { player, tile } => {
                write!(f, "gang-discard {player} {}", name(tile))
            }
            Event::GangConcealed { player, tile } => {
                write!(f, "gang-concealed {player} {}", name(tile))
            }
            Event::GangAdded { player, tile } => write!(f, "gang-added {player} {}", name(tile)),
            Event::HuDiscard { player, tile, from } => {
                write!(f, "hu-discard {player} {} {from}", name(tile))
            }
            Event::HuSelf { player, tile } => write!(f, "hu-self {player} {}", name(tile)),
            Event::Out { player } => write!(f, "out {player}"),
            Event::End(EndReason::EmptyWall) => f.write_str("end empty-wall"),
            Event::End(EndReason::OneLeft) => f.write_str("end one-left"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::rules::tiles::tile;

    #[test]
    fn canonical_lines() {
        let w7 = tile(6);
        let cases = [
            (
                Event::Draw {
                    player: 0,
                    tile: w7,
                },
                "draw 0 W7",
            ),
            (
                Event::DrawBack {
                    player: 1,
                    tile: w7,
                },
                "draw-back 1 W7",
            ),
            (
                Event::Play {
                    player: 2,
                    tile: w7,
                },
                "play 2 W7",
            ),
            (
                Event::Peng {
                    player: 3,
                    tile: w7,
                },
                "peng 3 W7",
            ),
            (
                Event::GangDiscard {
                    player: 0,
                    tile: w7,
                },
                "gang-discard 0 W7",
            ),
            (
                Event::GangConcealed {
                    player: 0,
                    tile: w7,
                },
                "gang-concealed 0 W7",
            ),
            (
                Event::GangAdded {
                    player: 0,
                    tile: w7,
                },
                "gang-added 0 W7",
            ),
            (
                Event::HuDiscard {
                    player: 1,
                    tile: w7,
                    from: 3,
                },
                "hu-discard 1 W7 3",
            ),
            (
                Event::HuSelf {
                    player: 1,
                    tile: w7,
                },
                "hu-self 1 W7",
            ),
            (Event::Out { player: 2 }, "out 2"),
            (Event::End(EndReason::EmptyWall), "end empty-wall"),
            (Event::End(EndReason::OneLeft), "end one-left"),
        ];
        for (e, line) in cases {
            assert_eq!(e.to_string(), line);
            // The player is the line's second word, except for the end.
            let second = line.split(' ').nth(1).and_then(|w| w.parse().ok());
            assert_eq!(e.player(), second, "{line}");
        }
    }
}
