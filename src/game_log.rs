//! The machinery every ruleset's game log shares, free of any game's
//! rules: a log is JSON Lines, a header line first (naming the format and
//! its version), then requests and events, then a result line, each line
//! tagged by `type` ([`Line`]). A ruleset's log module keeps only its own
//! record types, names its [`Line`] of them (for its schema and its
//! writer) and reads through [`read`].

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// A format of game log: its name and the versions its reader reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogFormat {
    /// The format's name, in every header (`mahjong-sim/mcr-game-log`).
    pub name: &'static str,
    /// The oldest version the reader reads.
    pub oldest_read: u32,
    /// The version written, the newest the reader reads.
    pub version: u32,
}

/// One line of a log of header `H`, requests `Q`, events `E` and result
/// `R`: each ruleset's line type (its schema's root, `Line`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schemars(
    rename = "Line",
    description = "One line of a log.",
    extend("unevaluatedProperties" = false)
)]
pub enum Line<H, Q, E, R> {
    /// The first line: the format and its version, the wall, the seats,
    /// and what else the ruleset's header records.
    Header(H),
    /// A request to one seat and its reply.
    Request(Q),
    /// An event of the game.
    Event(E),
    /// The last line: how the game ended.
    Result(R),
}

/// Writes one line of a log and its newline.
pub fn write_line(out: &mut (impl Write + ?Sized), line: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

/// Writes `lines`, one JSON object a line.
pub fn write_lines<L: Serialize>(
    out: &mut (impl Write + ?Sized),
    lines: impl IntoIterator<Item = L>,
) -> io::Result<()> {
    lines.into_iter().try_for_each(|l| write_line(out, &l))
}

/// A log read back: its header `H`, its requests `Q` and events `E` in
/// order, and its result `R`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog<H, Q, E, R> {
    /// The first line.
    pub header: H,
    /// The lines between the header and the result.
    pub body: Vec<Entry<Q, E>>,
    /// The last line.
    pub result: R,
}

/// A line between the header and the result.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry<Q, E> {
    /// A request and its reply.
    Request(Q),
    /// An event.
    Event(E),
}

impl<H, Q, E, R> GameLog<H, Q, E, R> {
    /// The requests, in order.
    pub fn requests(&self) -> impl Iterator<Item = &Q> {
        self.body.iter().filter_map(|e| match e {
            Entry::Request(r) => Some(r),
            Entry::Event(_) => None,
        })
    }

    /// The events, in order.
    pub fn events(&self) -> impl Iterator<Item = &E> {
        self.body.iter().filter_map(|e| match e {
            Entry::Event(e) => Some(e),
            Entry::Request(_) => None,
        })
    }

    /// Its lines, in order: what it was read from.
    pub fn into_lines(self) -> Vec<Line<H, Q, E, R>> {
        let mut lines = Vec::with_capacity(self.body.len() + 2);
        lines.push(Line::Header(self.header));
        lines.extend(self.body.into_iter().map(|e| match e {
            Entry::Request(r) => Line::Request(r),
            Entry::Event(e) => Line::Event(e),
        }));
        lines.push(Line::Result(self.result));
        lines
    }
}

/// Why bytes are not a game log of a format and version.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// Not UTF-8.
    #[error("a game log is UTF-8 text")]
    NotUtf8,
    /// A line that is not JSON or not one of the format's lines.
    #[error("line {line}: {source}")]
    Line {
        /// Its number, from 1.
        line: usize,
        /// What serde found.
        source: serde_json::Error,
    },
    /// The first line is no header of this format.
    #[error("line 1 is not a header of {format}: {first}")]
    NotThisFormat {
        /// The format expected.
        format: &'static str,
        /// The first line, cut to 120 characters.
        first: String,
    },
    /// A header of another version.
    #[error(
        "the log is version {version} of {format}; this reads versions {oldest_read} to {newest}"
    )]
    Version {
        /// The header's version (0 when it has none).
        version: u64,
        /// The format.
        format: &'static str,
        /// The oldest version read.
        oldest_read: u32,
        /// The newest version read.
        newest: u32,
    },
    /// A header or result out of place, or none.
    #[error("{0}")]
    Shape(String),
}

/// Reads a log of `format`: the header first (of the format's name,
/// versions [`LogFormat::oldest_read`] to [`LogFormat::version`]), the
/// result last, requests and events between.
pub fn read<H, Q, E, R>(bytes: &[u8], format: LogFormat) -> Result<GameLog<H, Q, E, R>, LogError>
where
    H: DeserializeOwned,
    Q: DeserializeOwned,
    E: DeserializeOwned,
    R: DeserializeOwned,
{
    let text = std::str::from_utf8(bytes).map_err(|_| LogError::NotUtf8)?;
    let mut numbered = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, first) = numbered
        .next()
        .ok_or_else(|| LogError::Shape("the log is empty".into()))?;
    // The format and version first, so that another version is named as
    // such rather than as a line that does not parse.
    let head: serde_json::Value =
        serde_json::from_str(first).map_err(|source| LogError::Line { line: 1, source })?;
    if head["type"] != "header" || head["format"] != format.name {
        return Err(LogError::NotThisFormat {
            format: format.name,
            first: first.chars().take(120).collect(),
        });
    }
    match head["version"].as_u64() {
        Some(v) if (u64::from(format.oldest_read)..=u64::from(format.version)).contains(&v) => {}
        v => {
            return Err(LogError::Version {
                version: v.unwrap_or(0),
                format: format.name,
                oldest_read: format.oldest_read,
                newest: format.version,
            })
        }
    }
    let parse = |i: usize, l: &str| {
        serde_json::from_str::<Line<H, Q, E, R>>(l).map_err(|source| LogError::Line {
            line: i + 1,
            source,
        })
    };
    let Line::Header(header) = parse(0, first)? else {
        unreachable!("the type is header")
    };
    let mut body = Vec::new();
    let mut result = None;
    for (i, l) in numbered {
        if result.is_some() {
            return Err(LogError::Shape(format!("line {}: after the result", i + 1)));
        }
        match parse(i, l)? {
            Line::Header(_) => {
                return Err(LogError::Shape(format!("line {}: a second header", i + 1)))
            }
            Line::Request(r) => body.push(Entry::Request(r)),
            Line::Event(e) => body.push(Entry::Event(e)),
            Line::Result(r) => result = Some(r),
        }
    }
    let result = result.ok_or_else(|| LogError::Shape("the log has no result line".into()))?;
    Ok(GameLog {
        header,
        body,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: LogFormat = LogFormat {
        name: "mahjong-sim/x-game-log",
        oldest_read: 1,
        version: 2,
    };

    fn err(text: &str) -> String {
        read::<serde_json::Value, u8, u8, u8>(text.as_bytes(), F)
            .unwrap_err()
            .to_string()
    }

    /// The reader's words, which users and tests read, letter for letter.
    #[test]
    fn the_reader_names_what_is_wrong() {
        let head = r#"{"type":"header","format":"mahjong-sim/x-game-log","version":2}"#;
        assert_eq!(
            err(r#"{"type":"header","format":"mahjong-sim/x-game-log","version":3}"#),
            "the log is version 3 of mahjong-sim/x-game-log; this reads versions 1 to 2"
        );
        assert_eq!(
            err(r#"{"type":"game"}"#),
            r#"line 1 is not a header of mahjong-sim/x-game-log: {"type":"game"}"#
        );
        assert_eq!(err(""), "the log is empty");
        assert_eq!(err(head), "the log has no result line");
        assert_eq!(err(&format!("{head}\n{head}")), "line 2: a second header");
        let two = format!("{head}\n{{\"type\":\"result\"}}\n{{\"type\":\"event\"}}");
        assert!(err(&two).starts_with("line 2: "), "{}", err(&two));
        let after = format!("{head}\n\n{{\"type\":\"result\",\"0\":1}}");
        assert!(err(&after).starts_with("line 3: "), "{}", err(&after));
        assert_eq!(err("\u{0}").split(':').next(), Some("line 1"));
        assert!(matches!(
            read::<u8, u8, u8, u8>(b"\xff", F),
            Err(LogError::NotUtf8)
        ));
    }

    /// The body keeps requests and events in order, and tells them apart.
    #[test]
    fn the_body_is_read_in_order() {
        let text = concat!(
            r#"{"type":"header","format":"mahjong-sim/x-game-log","version":1}"#,
            "\n",
            "{\"type\":\"request\",\"n\":1}\n{\"type\":\"event\",\"n\":2}\n",
            "{\"type\":\"request\",\"n\":3}\n{\"type\":\"result\",\"n\":4}\n",
        );
        let log: GameLog<
            serde_json::Value,
            serde_json::Value,
            serde_json::Value,
            serde_json::Value,
        > = read(text.as_bytes(), F).unwrap();
        let n = |v: &serde_json::Value| v["n"].as_u64().unwrap();
        assert_eq!(log.requests().map(n).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(log.events().map(n).collect::<Vec<_>>(), [2]);
        assert_eq!(n(&log.result), 4);
    }
}
