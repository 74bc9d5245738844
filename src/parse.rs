//! Strict, helpful parsing of tile lists, hands and decks.
//!
//! Input is raw bytes: names separated by ASCII whitespace (so CRLF line ends,
//! several names a line and trailing blank lines are fine). Anything else is
//! an error that says where: `line 5, column 1: unknown tile `10M``.

use crate::tile::{Tile, COPIES, KINDS};
use std::fmt;

/// A 1-based position in the input. Columns count characters (an invalid
/// UTF-8 byte counts as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A word that is no tile name (shown escaped).
    UnknownTile(String),
    /// The input starts with a UTF-8 byte-order mark.
    ByteOrderMark,
    /// More tiles than expected; the position is the first extra tile.
    TooManyTiles {
        /// Tiles expected.
        expected: usize,
    },
    /// Fewer tiles than expected.
    TooFewTiles {
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
        /// Kinds with fewer than four copies, and their counts.
        short: Vec<(Tile, usize)>,
    },
    /// A hand's size fits no meld count (sizes 1 to 14 but 3, 6, 9, 12 do).
    HandSize(usize),
    /// A line longer than any hand could be; the position is its start.
    LineTooLong {
        /// The most bytes a line may hold.
        limit: usize,
    },
    /// A hand holds more than four copies of a kind; the position is its
    /// fifth copy.
    HandCopies {
        /// The kind.
        tile: Tile,
        /// How often the hand holds it.
        count: usize,
    },
    /// A kind appears too often; the position is its first copy too many.
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How often it appears in the whole input.
        count: usize,
    },
}

/// A parse error, with the position of the offending name where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where, when the error is about one name.
    pub pos: Option<Pos>,
    /// What.
    pub kind: ErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(pos) = self.pos {
            write!(f, "{pos}: ")?;
        }
        match &self.kind {
            ErrorKind::UnknownTile(word) => write!(
                f,
                "unknown tile `{word}` (tiles are 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, PASS REVERSE DOUBLE)"
            ),
            ErrorKind::ByteOrderMark => {
                f.write_str("the input starts with a UTF-8 byte-order mark; save it without one")
            }
            ErrorKind::TooManyTiles { expected } => {
                write!(f, "wall has more than {expected} tiles, expected {expected}; this is tile {}", expected + 1)
            }
            ErrorKind::TooFewTiles {
                found,
                expected,
                short,
            } => {
                write!(f, "wall has {found} tiles, expected {expected}")?;
                if !short.is_empty() && short.len() <= 8 {
                    let list: Vec<String> = short.iter().map(|(t, c)| format!("{t} ({c})")).collect();
                    write!(f, "; kinds with fewer than {COPIES} copies: {}", list.join(", "))?;
                }
                Ok(())
            }
            ErrorKind::HandSize(0) => f.write_str("empty line; each line holds one hand"),
            ErrorKind::HandSize(n) => write!(
                f,
                "a hand of {n} tiles fits no meld count (13 or 14 tiles: 0 melds, 10 or 11: 1, 7 or 8: 2, 4 or 5: 3, 1 or 2: 4)"
            ),
            ErrorKind::HandCopies { tile, count } => {
                write!(f, "kind {tile} appears {count} times in the hand; a set has only {COPIES}")
            }
            ErrorKind::TooManyCopies { tile, count } => {
                write!(f, "kind {tile} appears {count} times, expected {COPIES}")
            }
            ErrorKind::LineTooLong { limit } => write!(
                f,
                "a line of more than {limit} bytes; a hand is at most 14 tile names"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// A failure to read input: the reading itself, or what was read.
#[derive(Debug)]
pub enum ReadError {
    /// The input could not be read.
    Io(std::io::Error),
    /// The input is not what was expected.
    Parse(ParseError),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> ReadError {
        ReadError::Parse(e)
    }
}

/// The most bytes of one word kept for an error message: more than
/// [`show`] prints, so that a word of any length costs no more memory.
const WORD_KEPT: usize = 256;

/// Splits a stream of bytes into tile names with their positions, stopping
/// at the first name that is no tile and after `max + 1` names.
struct Tokenizer {
    out: Vec<(Pos, Tile)>,
    max: usize,
    line: usize,
    column: usize,
    /// The word being read: its start, its first bytes, whether it is longer.
    word: Option<(Pos, Vec<u8>, bool)>,
}

impl Tokenizer {
    /// Takes in `bytes`; true once it needs no more.
    fn feed(&mut self, bytes: &[u8]) -> Result<bool, ParseError> {
        for &b in bytes {
            if b.is_ascii_whitespace() {
                if self.end_word()? {
                    return Ok(true);
                }
                if b == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    self.column += 1;
                }
            } else {
                let at = Pos {
                    line: self.line,
                    column: self.column,
                };
                let w = self.word.get_or_insert_with(|| (at, Vec::new(), false));
                if w.1.len() == WORD_KEPT {
                    // No tile name is this long: no need to read the rest.
                    w.2 = true;
                    return self.end_word().map(|_| true);
                } else {
                    w.1.push(b);
                }
                // Columns count bytes: every earlier name on the line is a
                // tile name (reading stops at the first that is not), so
                // they are ASCII, and bytes are characters.
                self.column += 1;
            }
        }
        Ok(false)
    }

    /// Ends the word being read, if any; true once no more is needed.
    fn end_word(&mut self) -> Result<bool, ParseError> {
        let Some((pos, w, long)) = self.word.take() else {
            return Ok(false);
        };
        match Tile::from_bytes(&w).filter(|_| !long) {
            Some(t) => self.out.push((pos, t)),
            None => {
                let mut w = w;
                // A long word's first bytes are more than the 40 characters
                // `show` prints, so it still ends the name with `…`.
                if long {
                    // Cut at a character boundary, so the cut alone does
                    // not make the word look like invalid UTF-8.
                    if let Err(e) = std::str::from_utf8(&w) {
                        if e.error_len().is_none() {
                            w.truncate(e.valid_up_to());
                        }
                    }
                }
                return Err(ParseError {
                    pos: Some(pos),
                    kind: ErrorKind::UnknownTile(show(&w)),
                });
            }
        }
        Ok(self.out.len() > self.max)
    }
}

/// Reads tile names with their positions from `reader`, stopping at the
/// first name that is no tile and after `max + 1` names (one past what the
/// caller can use, so that it can say there are too many): memory stays
/// bounded whatever the input (an endless stream, a word of 200 MB).
pub fn read_positioned<R: std::io::BufRead>(
    mut reader: R,
    max: usize,
) -> Result<Vec<(Pos, Tile)>, ReadError> {
    use std::io::Read;
    let mut head = Vec::with_capacity(3);
    reader.by_ref().take(3).read_to_end(&mut head)?;
    if head == b"\xEF\xBB\xBF" {
        return Err(ParseError {
            pos: Some(Pos { line: 1, column: 1 }),
            kind: ErrorKind::ByteOrderMark,
        }
        .into());
    }
    let mut t = Tokenizer {
        out: Vec::new(),
        max,
        line: 1,
        column: 1,
        word: None,
    };
    if t.feed(&head)? {
        return Ok(t.out);
    }
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) => break,
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let n = chunk.len();
        let done = t.feed(chunk)?;
        reader.consume(n);
        if done {
            return Ok(t.out);
        }
    }
    t.end_word()?;
    Ok(t.out)
}

/// Splits input into words with their positions, in order.
pub fn words(input: &[u8]) -> impl Iterator<Item = (Pos, &[u8])> {
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < input.len() && input[i].is_ascii_whitespace() {
            if input[i] == b'\n' {
                line += 1;
                line_start = i + 1;
            }
            i += 1;
        }
        if i == input.len() {
            return None;
        }
        let start = i;
        while i < input.len() && !input[i].is_ascii_whitespace() {
            i += 1;
        }
        let column = 1 + String::from_utf8_lossy(&input[line_start..start])
            .chars()
            .count();
        Some((Pos { line, column }, &input[start..i]))
    })
}

/// Escapes a word for an error message: printable text as is, anything else
/// as `\u{..}` / `\x..` escapes, cut after 40 characters.
fn show(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    // Judged on the first WORD_KEPT bytes, all the streaming reader keeps of
    // a word, so that both readers say the same; a character cut at that
    // end of a longer word is no error.
    let valid = match std::str::from_utf8(&word[..word.len().min(WORD_KEPT)]) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none() && word.len() > WORD_KEPT,
    };
    if !valid {
        out.push_str(" (not valid UTF-8)");
    }
    out
}

/// Parses tile names with their positions, stopping at the first bad one.
pub fn parse_positioned(input: &[u8]) -> Result<Vec<(Pos, Tile)>, ParseError> {
    if input.starts_with(b"\xEF\xBB\xBF") {
        return Err(ParseError {
            pos: Some(Pos { line: 1, column: 1 }),
            kind: ErrorKind::ByteOrderMark,
        });
    }
    words(input)
        .map(|(pos, w)| match Tile::from_bytes(w) {
            Some(t) => Ok((pos, t)),
            None => Err(ParseError {
                pos: Some(pos),
                kind: ErrorKind::UnknownTile(show(w)),
            }),
        })
        .collect()
}

/// One hand a line, as read by `mahjong-sim distance`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    /// The line number, from 1.
    pub line: usize,
    /// The tiles, in input order.
    pub tiles: Vec<Tile>,
    /// Exposed melds implied by the size.
    pub melds: u8,
}

/// The most bytes a hand line may hold: far more than 14 names need, and a
/// bound on what one line can cost.
pub const MAX_LINE: usize = 64 * 1024;

/// Hands read one a line from a stream, each with its position: what
/// `distance` and `analyze` read. Blank lines are errors, except at the
/// end; a line longer than [`MAX_LINE`] is an error. Only one line is held
/// at a time.
pub struct HandLines<R> {
    reader: R,
    /// Lines read so far.
    line: usize,
    /// The first of the blank lines just read, if the last lines were blank.
    blank: Option<usize>,
    buf: Vec<u8>,
    done: bool,
}

impl<R: std::io::BufRead> HandLines<R> {
    /// Hands from `reader`.
    pub fn new(reader: R) -> HandLines<R> {
        HandLines {
            reader,
            line: 0,
            blank: None,
            buf: Vec::new(),
            done: false,
        }
    }

    /// Reads the next line into `buf`, up to [`MAX_LINE`] bytes: `None` at
    /// the end, `Some(false)` when the line was longer.
    fn read_line(&mut self) -> std::io::Result<Option<bool>> {
        self.buf.clear();
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(true));
            }
            any = true;
            let (part, used, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            self.reader.consume(used);
            if self.buf.len() > MAX_LINE {
                // Fatal for the caller: no need to read the rest of it.
                return Ok(Some(false));
            }
            if end {
                return Ok(Some(true));
            }
        }
    }
}

impl<R: std::io::BufRead> Iterator for HandLines<R> {
    /// A line's number and its tiles with their positions.
    type Item = Result<(usize, Vec<(Pos, Tile)>), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let fits = match self.read_line() {
                Ok(Some(fits)) => fits,
                Ok(None) => break,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e.into()));
                }
            };
            self.line += 1;
            let line = self.line;
            let fail = |kind, column| {
                Some(Err(ReadError::Parse(ParseError {
                    pos: Some(Pos { line, column }),
                    kind,
                })))
            };
            if !fits {
                self.done = true;
                return fail(ErrorKind::LineTooLong { limit: MAX_LINE }, 1);
            }
            if self.buf.iter().all(u8::is_ascii_whitespace) {
                self.blank.get_or_insert(line);
                continue;
            }
            if let Some(blank) = self.blank {
                // A blank line before this one: not at the end after all.
                self.done = true;
                return Some(Err(ReadError::Parse(ParseError {
                    pos: Some(Pos {
                        line: blank,
                        column: 1,
                    }),
                    kind: ErrorKind::HandSize(0),
                })));
            }
            return Some(match parse_positioned(&self.buf) {
                Ok(tiles) => Ok((line, tiles)),
                Err(mut e) => {
                    self.done = true;
                    if let Some(p) = &mut e.pos {
                        p.line = line;
                    }
                    Err(e.into())
                }
            });
        }
        None
    }
}

impl<T: std::io::Read> HandLines<std::io::BufReader<T>> {
    /// Whether the next line may have to wait for input: nothing is
    /// buffered (for callers that flush their answers before waiting).
    pub fn may_wait(&self) -> bool {
        self.reader.buffer().is_empty()
    }
}

/// A hand line as [`HandLine`]: its meld count from its size. No kind may
/// appear more than four times (the game has four copies of each).
pub fn hand_line(line: usize, tiles: Vec<(Pos, Tile)>) -> Result<HandLine, ParseError> {
    let column = tiles.first().map_or(1, |(p, _)| p.column);
    let melds = crate::distance::melds_for_size(tiles.len()).ok_or(ParseError {
        pos: Some(Pos { line, column }),
        kind: ErrorKind::HandSize(tiles.len()),
    })?;
    let mut seen = [0; KINDS];
    for (pos, t) in &tiles {
        seen[t.index()] += 1;
        if seen[t.index()] == COPIES + 1 {
            let count = tiles.iter().filter(|(_, u)| u == t).count();
            return Err(ParseError {
                pos: Some(Pos { line, ..*pos }),
                kind: ErrorKind::HandCopies { tile: *t, count },
            });
        }
    }
    let tiles = tiles.into_iter().map(|(_, t)| t).collect();
    Ok(HandLine { line, tiles, melds })
}

/// Parses one hand a line; the meld count follows from the size (13 or 14
/// tiles: 0, ..., 1 or 2: 4). Blank lines are errors, except at the end.
pub fn parse_hand_lines(input: &[u8]) -> Result<Vec<HandLine>, ParseError> {
    HandLines::new(input)
        .map(|r| match r {
            Ok((line, tiles)) => hand_line(line, tiles),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => unreachable!("reading memory cannot fail: {e}"),
        })
        .collect()
}

/// Checks a deck read by [`parse_positioned`]: exactly four copies of each
/// of `kinds` and nothing else, in `kinds.len() * 4` names. Errors point at
/// the first name past the end, or the earliest copy too many, or list the
/// kinds that are short.
pub fn parse_deck(tiles: Vec<(Pos, Tile)>, kinds: &[Tile]) -> Result<Vec<Tile>, ParseError> {
    let full = kinds.len() * COPIES;
    if tiles.len() > full {
        return Err(ParseError {
            pos: Some(tiles[full].0),
            kind: ErrorKind::TooManyTiles { expected: full },
        });
    }
    let mut seen = [0usize; KINDS];
    let mut first_extra: [Option<Pos>; KINDS] = [None; KINDS];
    let mut allowed = [false; KINDS];
    for k in kinds {
        allowed[k.index()] = true;
    }
    for &(pos, t) in &tiles {
        seen[t.index()] += 1;
        let limit = if allowed[t.index()] { COPIES } else { 0 };
        if seen[t.index()] == limit + 1 {
            first_extra[t.index()] = Some(pos);
        }
    }
    // The earliest copy too many in the input is the one to point at.
    if let Some((k, pos)) = (0..KINDS)
        .filter_map(|k| first_extra[k].map(|p| (k, p)))
        .min_by_key(|&(_, p)| p)
    {
        return Err(ParseError {
            pos: Some(pos),
            kind: ErrorKind::TooManyCopies {
                tile: Tile::from_index(k).expect("k < KINDS"),
                count: seen[k],
            },
        });
    }
    if tiles.len() < full {
        let short = kinds
            .iter()
            .filter(|t| seen[t.index()] < COPIES)
            .map(|&t| (t, seen[t.index()]))
            .collect();
        return Err(ParseError {
            pos: None,
            kind: ErrorKind::TooFewTiles {
                found: tiles.len(),
                expected: full,
                short,
            },
        });
    }
    Ok(tiles.into_iter().map(|(_, t)| t).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let e = parse_positioned("1M  é 2M x".as_bytes()).unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 1, column: 5 }));
        let e = parse_positioned("1M é x".as_bytes()).unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 1, column: 4 }));
    }

    /// A reader that gives its chunks in turn, an error where a chunk is
    /// `None`.
    struct Chunks(Vec<Option<(std::io::ErrorKind, &'static [u8])>>, usize);

    impl std::io::Read for Chunks {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            use std::io::BufRead;
            let n = {
                let got = self.fill_buf()?;
                let n = got.len().min(out.len());
                out[..n].copy_from_slice(&got[..n]);
                n
            };
            self.consume(n);
            Ok(n)
        }
    }

    impl std::io::BufRead for Chunks {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            match self.0.first() {
                None => Ok(&[]),
                Some(Some((kind, _))) if *kind != std::io::ErrorKind::Other => {
                    let kind = *kind;
                    self.0.remove(0);
                    Err(kind.into())
                }
                Some(Some((_, bytes))) => Ok(&bytes[self.1..]),
                Some(None) => unreachable!(),
            }
        }
        fn consume(&mut self, n: usize) {
            self.1 += n;
            if let Some(Some((_, bytes))) = self.0.first() {
                if self.1 == bytes.len() {
                    self.0.remove(0);
                    self.1 = 0;
                }
            }
        }
    }

    /// An interrupted read is tried again; any other error ends the reading.
    #[test]
    fn reading_retries_interruptions_only() {
        use std::io::ErrorKind::{Interrupted, Other, PermissionDenied};
        let data = |b: &'static [u8]| Some((Other, b));
        let fail = |k| Some((k, &b""[..]));
        let read = |chunks| read_positioned(Chunks(chunks, 0), 10);
        let got = read(vec![data(b"1M "), fail(Interrupted), data(b"2M")]).unwrap();
        assert_eq!(
            got.iter().map(|p| p.1.name()).collect::<Vec<_>>(),
            ["1M", "2M"]
        );
        let got = read(vec![data(b"1M "), fail(PermissionDenied), data(b"2M")]);
        assert!(matches!(got, Err(ReadError::Io(e)) if e.kind() == PermissionDenied));
        // Hand lines likewise.
        let lines = |chunks| HandLines::new(Chunks(chunks, 0)).collect::<Vec<_>>();
        let got = lines(vec![data(b"1M 1"), fail(Interrupted), data(b"M\n")]);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].as_ref().unwrap().1.len(), 2);
        let got = lines(vec![data(b"1M 1"), fail(PermissionDenied), data(b"M\n")]);
        assert!(matches!(&got[..], [Err(ReadError::Io(e))] if e.kind() == PermissionDenied));
    }

    /// Unknown words are shown escaped and cut after 40 characters.
    #[test]
    fn words_are_shown_escaped_and_cut_after_40_characters() {
        assert_eq!(show(&[b'x'; 40]), "x".repeat(40));
        assert_eq!(show(&[b'x'; 41]), format!("{}…", "x".repeat(40)));
        assert_eq!(show(&[b'x'; 400]), format!("{}…", "x".repeat(40)));
        assert_eq!(show(b"a\tb\xff"), "a\\tb\u{fffd} (not valid UTF-8)");
    }

    /// A short wall names the kinds it lacks copies of, when there are a
    /// few (one to eight) to name.
    #[test]
    fn a_short_wall_names_a_few_short_kinds() {
        let short = |n: usize| ParseError {
            pos: None,
            kind: ErrorKind::TooFewTiles {
                found: 100,
                expected: 148,
                short: Tile::ordinary().take(n).map(|t| (t, 3)).collect(),
            },
        };
        assert_eq!(short(0).to_string(), "wall has 100 tiles, expected 148");
        assert_eq!(
            short(2).to_string(),
            "wall has 100 tiles, expected 148; kinds with fewer than 4 copies: 1M (3), 2M (3)"
        );
        assert!(short(8).to_string().ends_with("8M (3)"));
        assert_eq!(short(9).to_string(), "wall has 100 tiles, expected 148");
    }

    /// Validity is judged on the first `WORD_KEPT` bytes: a character cut at
    /// that end of a longer word is no error, one cut at the end of a word
    /// no longer than that is, and a bad byte anywhere before it always is.
    #[test]
    fn utf8_is_judged_on_the_kept_bytes() {
        const BAD: &str = " (not valid UTF-8)";
        // "é" is two bytes: its first byte alone is a cut character.
        let cut_at = |len: usize| {
            let mut w = vec![b'x'; len - 1];
            w.push("é".as_bytes()[0]);
            w
        };
        assert!(show(&cut_at(10)).ends_with(BAD));
        assert!(show(&cut_at(WORD_KEPT)).ends_with(BAD));
        let mut longer = cut_at(WORD_KEPT);
        longer.extend_from_slice(b"yyyy");
        assert!(!show(&longer).ends_with(BAD), "{}", show(&longer));
        let mut bad_inside = vec![b'x'; WORD_KEPT + 10];
        bad_inside[100] = 0xFF;
        assert!(show(&bad_inside).ends_with(BAD));
    }

    /// A hand holds at most four copies of a kind, as `analyze` demands:
    /// the error points at the fifth.
    #[test]
    fn hand_lines_refuse_a_fifth_copy() {
        let four = parse_hand_lines(b"1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M\n").unwrap();
        assert_eq!(four[0].tiles.len(), 13);
        let e = parse_hand_lines(
            b"1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M\n1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M 1M\n",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 13: kind 1M appears 14 times in the hand; a set has only 4"
        );
    }

    /// A hand line of exactly `MAX_LINE` bytes is read; one byte more is an
    /// error, whatever the reader's chunk size.
    #[test]
    fn hand_lines_end_at_max_line() {
        let line = |len: usize| {
            let mut l = "1M ".repeat(len / 3).into_bytes();
            l.resize(len, b' ');
            l.push(b'\n');
            l
        };
        for capacity in [1, 1000, 8192] {
            let read = |l: Vec<u8>| {
                let r = std::io::BufReader::with_capacity(capacity, std::io::Cursor::new(l));
                HandLines::new(r).next().expect("a line")
            };
            let fits = read(line(MAX_LINE)).expect("a line of MAX_LINE bytes");
            assert_eq!(fits.1.len(), MAX_LINE / 3);
            let long = read(line(MAX_LINE + 1)).expect_err("one byte too long");
            assert!(
                matches!(&long, ReadError::Parse(e) if e.kind == ErrorKind::LineTooLong { limit: MAX_LINE }),
                "{capacity}: {long:?}"
            );
        }
    }

    /// A reader may wait only when nothing is buffered: before the first
    /// read, and after the last buffered line is taken.
    #[test]
    fn hand_lines_may_wait_only_with_nothing_buffered() {
        let mut lines = HandLines::new(std::io::BufReader::new(std::io::Cursor::new(
            b"1M\n2M\n".to_vec(),
        )));
        assert!(lines.may_wait());
        assert!(lines.next().expect("a line").is_ok());
        assert!(!lines.may_wait(), "the second line is buffered");
        assert!(lines.next().expect("a line").is_ok());
        assert!(lines.may_wait());
        assert!(lines.next().is_none());
    }
}
