//! The THUPC 2021 JSON outputs, versioned: the game log of `simulate
//! --json` and the explanation of `explain --json`, both JSON Lines. The
//! one writer of each ([`write_game_log`], [`write_explanation`]).
//!
//! Each starts with a header line naming the format and its version and
//! holding the wall; every line is tagged by `type`, every event by
//! `kind`:
//!
//! ```text
//! {"type":"header","format":"mahjong-sim/thupc2021-game-log","version":1,"tiles":["3P","7P",...]}
//! {"type":"event","line":1,"kind":"draw","player":"A","tile":"3P"}
//! {"type":"event","line":81,"kind":"chow","player":"C","tiles":["6S","7S","8S"],"claimed":"8S"}
//! {"type":"event","line":143,"kind":"ron","player":"A","from":"C","tile":"4P"}
//! ```
//!
//! ```text
//! {"type":"header","format":"mahjong-sim/thupc2021-explanation","version":1,"tiles":["3P","7P",...]}
//! {"type":"step","line":54,"event":{"kind":"discard","player":"A","tile":"DOUBLE"},"notes":[...],"rule":"..."}
//! ```
//!
//! These types are the file formats, apart from the engine's own types
//! (which convert into them): renaming an engine variant never changes an
//! output. A change of a format is a new version. The schemas allow no field
//! but the format's (`unevaluatedProperties`).

use super::event::{Event, Player};
use super::explain::Step;
use super::wall::Wall;
use crate::game_log::write_line;
use crate::tile::Tile;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, Write};

/// The game log's name, in its header.
pub const GAME_LOG_FORMAT: &str = "mahjong-sim/thupc2021-game-log";
/// The explanation's name, in its header.
pub const EXPLANATION_FORMAT: &str = "mahjong-sim/thupc2021-explanation";
/// The version of both formats, in their headers.
pub const VERSION: u32 = 1;

/// One line of a game log (`simulate --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum GameLogLine {
    /// The first line: the format and the wall.
    Header(Header<GameLogFormat>),
    /// An event, one for each line of the contest's log, in order.
    Event(EventLine),
}

/// One line of an explanation (`explain --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum ExplanationLine {
    /// The first line: the format and the wall.
    Header(Header<ExplanationFormat>),
    /// An event with the reasons behind it, one for each line of the log.
    Step(StepLine),
}

/// The game log's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum GameLogFormat {
    /// [`GAME_LOG_FORMAT`].
    #[serde(rename = "mahjong-sim/thupc2021-game-log")]
    Thupc2021GameLog,
}

/// The explanation's name as a type, so that the schema requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ExplanationFormat {
    /// [`EXPLANATION_FORMAT`].
    #[serde(rename = "mahjong-sim/thupc2021-explanation")]
    Thupc2021Explanation,
}

/// The first line of either format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Header<F> {
    /// The format's name.
    pub format: F,
    /// The version of the format, [`VERSION`].
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// The wall's 148 tiles, first drawn first.
    #[schemars(length(min = 148, max = 148))]
    pub tiles: Vec<TileName>,
}

/// An event of the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EventLine {
    /// Its line in the contest's log, from 1.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// What happened.
    #[serde(flatten)]
    pub event: EventRecord,
}

/// A step of the explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepLine {
    /// Its line in the contest's log, from 1.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// What happened.
    pub event: EventRecord,
    /// Why it happened, and what was considered, in words.
    pub notes: Vec<String>,
    /// The rule that decides this line, in a sentence.
    pub rule: String,
}

/// What happened: one line of the contest's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(extend("unevaluatedProperties" = false))]
pub enum EventRecord {
    /// `x IN t`: a draw from the wall (also during the deal).
    Draw {
        /// Who drew.
        player: Seat,
        /// The tile.
        tile: TileName,
    },
    /// `x OUT t`: a discard of an ordinary tile, REVERSE or DOUBLE.
    Discard {
        /// Who discarded.
        player: Seat,
        /// The tile.
        tile: TileName,
    },
    /// `x OUT PASS y`: PASS played on `target`, who loses its next turn.
    Pass {
        /// Who played PASS.
        player: Seat,
        /// Whose turn is skipped.
        target: Seat,
    },
    /// `y PONG t t t`.
    Pong {
        /// Who ponged.
        player: Seat,
        /// The kind.
        tile: TileName,
    },
    /// `y CHOW a b c`.
    Chow {
        /// Who chowed.
        player: Seat,
        /// The meld, ascending.
        tiles: [TileName; 3],
        /// The discarded tile taken.
        claimed: TileName,
    },
    /// `y RON`: `player` wins on `from`'s discard `tile`.
    Ron {
        /// The winner.
        player: Seat,
        /// Who discarded.
        from: Seat,
        /// The winning tile.
        tile: TileName,
    },
    /// `x SELFDRAWN`: `player` wins on the tile just drawn.
    SelfDrawn {
        /// The winner.
        player: Seat,
    },
    /// `x WIN`, right after `ron` or `self_drawn`.
    Win {
        /// The winner.
        player: Seat,
    },
    /// `DRAW`: the wall was empty at a draw; the game ends.
    ExhaustedWall,
}

impl From<&Event> for EventRecord {
    fn from(e: &Event) -> EventRecord {
        let (s, t) = (Seat, TileName);
        match *e {
            Event::Draw { player, tile } => EventRecord::Draw {
                player: s(player),
                tile: t(tile),
            },
            Event::Discard { player, tile } => EventRecord::Discard {
                player: s(player),
                tile: t(tile),
            },
            Event::Pass { player, target } => EventRecord::Pass {
                player: s(player),
                target: s(target),
            },
            Event::Pong { player, tile } => EventRecord::Pong {
                player: s(player),
                tile: t(tile),
            },
            Event::Chow {
                player,
                tiles,
                claimed,
            } => EventRecord::Chow {
                player: s(player),
                tiles: tiles.map(t),
                claimed: t(claimed),
            },
            Event::Ron { player, from, tile } => EventRecord::Ron {
                player: s(player),
                from: s(from),
                tile: t(tile),
            },
            Event::SelfDrawn { player } => EventRecord::SelfDrawn { player: s(player) },
            Event::Win { player } => EventRecord::Win { player: s(player) },
            Event::ExhaustedWall => EventRecord::ExhaustedWall,
        }
    }
}

/// A seat as its letter, `A` to `D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat(pub Player);

impl Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.0.letter())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        Player::ALL
            .into_iter()
            .find(|p| s.len() == 1 && s.starts_with(p.letter()))
            .map(Seat)
            .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a seat (A to D)")))
    }
}

impl JsonSchema for Seat {
    fn schema_name() -> Cow<'static, str> {
        "Seat".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A seat: A, B, C or D (A is dealt first and plays first).",
            "type": "string",
            "enum": ["A", "B", "C", "D"]
        })
    }
}

/// A tile as its contest name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileName(pub Tile);

impl Serialize for TileName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

impl<'de> Deserialize<'de> for TileName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TileName, D::Error> {
        let s = Cow::<str>::deserialize(d)?;
        Tile::from_bytes(s.as_bytes())
            .map(TileName)
            .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a THUPC tile")))
    }
}

impl JsonSchema for TileName {
    fn schema_name() -> Cow<'static, str> {
        "TileName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A tile: 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, PASS, REVERSE or DOUBLE.",
            "type": "string",
            "pattern": "^([1-9][MPS]|[ESWNBFZ]|PASS|REVERSE|DOUBLE)$"
        })
    }
}

fn header<F>(format: F, wall: &Wall) -> Header<F> {
    Header {
        format,
        version: VERSION,
        tiles: wall.tiles().iter().copied().map(TileName).collect(),
    }
}

/// The game log of `events`, the game on `wall`: `simulate --json`.
pub fn write_game_log(out: &mut dyn Write, wall: &Wall, events: &[Event]) -> io::Result<()> {
    write_line(
        out,
        &GameLogLine::Header(header(GameLogFormat::Thupc2021GameLog, wall)),
    )?;
    for (i, e) in events.iter().enumerate() {
        let line = EventLine {
            line: i + 1,
            event: e.into(),
        };
        write_line(out, &GameLogLine::Event(line))?;
    }
    Ok(())
}

/// The explanation of `steps`, the game on `wall`: `explain --json`.
pub fn write_explanation(out: &mut dyn Write, wall: &Wall, steps: &[Step]) -> io::Result<()> {
    write_line(
        out,
        &ExplanationLine::Header(header(ExplanationFormat::Thupc2021Explanation, wall)),
    )?;
    for s in steps {
        let step = StepLine {
            line: s.line,
            event: (&s.event).into(),
            notes: s.notes.clone(),
            rule: s.rule.clone(),
        };
        write_line(out, &ExplanationLine::Step(step))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line is tagged, its event by `kind`, and reads back.
    #[test]
    fn lines_are_tagged_and_read_back() {
        let wall = crate::thupc2021::families::uniform_wall(&mut crate::rng::Rng::new(4));
        let events = crate::thupc2021::game::play(&wall);
        let mut out = Vec::new();
        write_game_log(&mut out, &wall, &events).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), events.len() + 1);
        assert!(lines[0].starts_with(
            r#"{"type":"header","format":"mahjong-sim/thupc2021-game-log","version":1,"tiles":["#
        ));
        for (l, e) in lines[1..].iter().zip(&events) {
            let read: GameLogLine = serde_json::from_str(l).unwrap();
            let GameLogLine::Event(read) = read else {
                panic!("not an event: {l}")
            };
            assert_eq!(read.event, EventRecord::from(e), "{l}");
        }
        let chow = Event::Chow {
            player: Player::A,
            tiles: ["7P", "8P", "9P"].map(|t| t.parse().unwrap()),
            claimed: "9P".parse().unwrap(),
        };
        let line = GameLogLine::Event(EventLine {
            line: 60,
            event: (&chow).into(),
        });
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"type":"event","line":60,"kind":"chow","player":"A","tiles":["7P","8P","9P"],"claimed":"9P"}"#
        );
    }
}
