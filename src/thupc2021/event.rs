//! Game events, and their contest-format printing (kept apart from playing, so
//! that tools compare events rather than strings).

use crate::tile::Tile;
use std::fmt;

/// One of the four seats, `A` to `D`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The four players in seating order.
    pub const ALL: [Player; 4] = [Player(0), Player(1), Player(2), Player(3)];
    /// Player A, who is dealt first and plays first.
    pub const A: Player = Player(0);

    /// The seat index, `0..4`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player `steps` seats further in the direction `dir`.
    #[inline]
    pub const fn step(self, dir: Direction, steps: u8) -> Player {
        match dir {
            Direction::Forward => Player((self.0 + steps) % 4),
            Direction::Backward => Player((self.0 + 4 * steps - steps) % 4),
        }
    }

    /// The seat's letter.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Debug for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The order of turns: `ABCD` (forward) or `ADCB` (backward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// A, B, C, D, A, ...
    Forward,
    /// A, D, C, B, A, ...
    Backward,
}

impl Direction {
    /// The other direction.
    pub const fn flip(self) -> Direction {
        match self {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        }
    }
}

/// What happened, one printed line each (`simulate --json` writes it as a
/// [`super::log::EventRecord`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// `x IN t`: a draw from the wall (also during the deal).
    Draw {
        /// Who drew.
        player: Player,
        /// What.
        tile: Tile,
    },
    /// `x OUT t`: a discard of an ordinary tile, REVERSE or DOUBLE.
    Discard {
        /// Who discarded.
        player: Player,
        /// What.
        tile: Tile,
    },
    /// `x OUT PASS y`: PASS played on `target`, who loses the next turn.
    Pass {
        /// Who played PASS.
        player: Player,
        /// Whose turn is skipped.
        target: Player,
    },
    /// `y PONG t t t`.
    Pong {
        /// Who ponged.
        player: Player,
        /// The kind.
        tile: Tile,
    },
    /// `y CHOW a b c`, tiles ascending.
    Chow {
        /// Who chowed.
        player: Player,
        /// The meld, ascending.
        tiles: [Tile; 3],
        /// The discarded tile taken.
        claimed: Tile,
    },
    /// `y RON`: `player` wins on `from`'s discard `tile`.
    Ron {
        /// The winner.
        player: Player,
        /// Who discarded.
        from: Player,
        /// The winning tile.
        tile: Tile,
    },
    /// `x SELFDRAWN`.
    SelfDrawn {
        /// The winner.
        player: Player,
    },
    /// `x WIN`, always right after RON or SELFDRAWN.
    Win {
        /// The winner.
        player: Player,
    },
    /// `DRAW`: the wall was empty at a draw.
    ExhaustedWall,
}

impl fmt::Display for LogLine {
    /// The line as the log prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = self.player.iter().map(Player::to_string).collect();
        words.push(self.verb.word().into());
        words.extend(self.tiles.iter().map(|t| t.name().to_string()));
        words.extend(self.target.iter().map(Player::to_string));
        f.write_str(&words.join(" "))
    }
}

impl fmt::Display for Event {
    /// The contest's line for the event, without the line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The word is the verb's, the one table of the log's words.
        let v = self.verb().word();
        match *self {
            Event::Draw { player, tile } | Event::Discard { player, tile } => {
                write!(f, "{player} {v} {tile}")
            }
            Event::Pass { player, target } => write!(f, "{player} {v} PASS {target}"),
            Event::Pong { player, tile } => write!(f, "{player} {v} {tile} {tile} {tile}"),
            Event::Chow {
                player,
                tiles: [a, b, c],
                ..
            } => write!(f, "{player} {v} {a} {b} {c}"),
            Event::Ron { player, .. } | Event::SelfDrawn { player } | Event::Win { player } => {
                write!(f, "{player} {v}")
            }
            Event::ExhaustedWall => f.write_str(v),
        }
    }
}

/// The word of a log line that says what happened (`IN`, `OUT`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `x IN t`.
    In,
    /// `x OUT t`, `x OUT PASS y`.
    Out,
    /// `y PONG t t t`.
    Pong,
    /// `y CHOW a b c`.
    Chow,
    /// `y RON`.
    Ron,
    /// `x SELFDRAWN`.
    SelfDrawn,
    /// `x WIN`.
    Win,
    /// `DRAW`.
    Draw,
}

impl Verb {
    /// The word as the log prints it.
    pub const fn word(self) -> &'static str {
        match self {
            Verb::In => "IN",
            Verb::Out => "OUT",
            Verb::Pong => "PONG",
            Verb::Chow => "CHOW",
            Verb::Ron => "RON",
            Verb::SelfDrawn => "SELFDRAWN",
            Verb::Win => "WIN",
            Verb::Draw => "DRAW",
        }
    }

    fn from_word(w: &str) -> Option<Verb> {
        [
            Verb::In,
            Verb::Out,
            Verb::Pong,
            Verb::Chow,
            Verb::Ron,
            Verb::SelfDrawn,
            Verb::Win,
            Verb::Draw,
        ]
        .into_iter()
        .find(|v| v.word() == w)
    }
}

impl Event {
    /// The event's word in the log.
    pub const fn verb(&self) -> Verb {
        match self {
            Event::Draw { .. } => Verb::In,
            Event::Discard { .. } | Event::Pass { .. } => Verb::Out,
            Event::Pong { .. } => Verb::Pong,
            Event::Chow { .. } => Verb::Chow,
            Event::Ron { .. } => Verb::Ron,
            Event::SelfDrawn { .. } => Verb::SelfDrawn,
            Event::Win { .. } => Verb::Win,
            Event::ExhaustedWall => Verb::Draw,
        }
    }
}

/// A log line read back (someone else's output): who, the word, the tiles
/// named after it and, for `x OUT PASS y`, the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The player the line starts with (`None` for `DRAW`).
    pub player: Option<Player>,
    /// What happened.
    pub verb: Verb,
    /// The tiles after the word.
    pub tiles: Vec<Tile>,
    /// The player after `OUT PASS`.
    pub target: Option<Player>,
}

/// Reads a log line; `None` when it is not a line the log could hold
/// (an unknown word, a bad tile or player).
pub fn read_line(line: &str) -> Option<LogLine> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words == ["DRAW"] {
        return Some(LogLine {
            player: None,
            verb: Verb::Draw,
            tiles: Vec::new(),
            target: None,
        });
    }
    let player_of = |w: &str| match w.as_bytes() {
        [c @ b'A'..=b'D'] => Some(Player(c - b'A')),
        _ => None,
    };
    let player = Some(player_of(words.first()?)?);
    let verb = Verb::from_word(words.get(1)?)?;
    let rest = &words[2..];
    let (tiles, target) = match rest {
        ["PASS", y] if verb == Verb::Out => (vec![Tile::PASS], Some(player_of(y)?)),
        _ => (
            rest.iter()
                .map(|w| w.parse().ok())
                .collect::<Option<Vec<Tile>>>()?,
            None,
        ),
    };
    let count = match verb {
        Verb::In | Verb::Out => 1,
        Verb::Pong | Verb::Chow => 3,
        _ => 0,
    };
    // `x OUT PASS` always names its target.
    let pass_alone = verb == Verb::Out && tiles == [Tile::PASS] && target.is_none();
    (tiles.len() == count && !pass_alone).then_some(LogLine {
        player,
        verb,
        tiles,
        target,
    })
}

/// Writes the events in contest format, one a line.
pub fn write_log(out: &mut impl std::io::Write, events: &[Event]) -> std::io::Result<()> {
    for e in events {
        writeln!(out, "{e}")?;
    }
    Ok(())
}

/// Writes records as JSON Lines, one object a line.
pub fn write_json_lines<T: serde::Serialize>(
    out: &mut impl std::io::Write,
    items: &[T],
) -> std::io::Result<()> {
    for item in items {
        serde_json::to_writer(&mut *out, item)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The contest-format log as one string.
pub fn log_string(events: &[Event]) -> String {
    let mut s = String::new();
    for e in events {
        use fmt::Write;
        writeln!(s, "{e}").expect("writing to a String");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_wrap_both_ways() {
        let b = Player::ALL[1];
        assert_eq!(b.step(Direction::Forward, 1).letter(), 'C');
        assert_eq!(b.step(Direction::Backward, 1).letter(), 'A');
        assert_eq!(Player::A.step(Direction::Backward, 1).letter(), 'D');
        assert_eq!(Player::A.step(Direction::Backward, 3).letter(), 'B');
    }

    #[test]
    fn lines() {
        let e = Event::Chow {
            player: Player::A,
            tiles: [
                "7P".parse().unwrap(),
                "8P".parse().unwrap(),
                "9P".parse().unwrap(),
            ],
            claimed: "9P".parse().unwrap(),
        };
        assert_eq!(e.to_string(), "A CHOW 7P 8P 9P");
        assert_eq!(Event::ExhaustedWall.to_string(), "DRAW");
    }

    /// Every line of a game reads back as its own event's word, player
    /// and tiles; what is not a log line does not.
    #[test]
    fn log_lines_read_back() {
        let wall = crate::thupc2021::families::uniform_wall(&mut crate::rng::Rng::new(4));
        for e in crate::thupc2021::game::play(&wall) {
            let l = read_line(&e.to_string()).unwrap_or_else(|| panic!("{e}"));
            assert_eq!(l.verb, e.verb(), "{e}");
            assert_eq!(l.to_string(), e.to_string());
        }
        for bad in [
            "B CHI 7M 8M 9M",
            "E IN 1M",
            "A IN",
            "A PONG 1M",
            "",
            "A OUT PASS",
        ] {
            assert_eq!(read_line(bad), None, "{bad}");
        }
        let pass = read_line("A OUT PASS C").unwrap();
        assert_eq!((pass.verb, pass.target), (Verb::Out, Some(Player(2))));
    }

    /// A player prints as its letter in `Debug` too, so that failure
    /// messages read like the log.
    #[test]
    fn players_debug_as_their_letter() {
        assert_eq!(format!("{:?}", Player::ALL[2]), "C");
        assert_eq!(format!("{:?}", [Player::A, Player::ALL[3]]), "[A, D]");
    }
}
