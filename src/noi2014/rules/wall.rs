//! The wall (point 3): 108 tiles, four of each of the 27 kinds, in drawing
//! order. Normal draws take the front, kong replacements the back.
//!
//! Parsing is strict, with the line and column in every error. Names are
//! upper case only: in this ruleset lower case marks exposed tiles (point 2),
//! which means nothing in a wall, so `w1` in a wall is reported as an error
//! that says so rather than silently accepted.

use crate::noi2014::rules::tiles::{self, name, parse_any_case, parse_upper};
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::parse::words;
use crate::parse::Pos;
use crate::rng::Rng;
use crate::tile::Tile;
use std::fmt;

/// Tiles in a wall.
pub const WALL_TILES: usize = 108;
/// Copies of each kind.
pub const COPIES: usize = 4;
/// Tiles dealt to each player (point 5).
pub const HAND_TILES: usize = 13;
/// Tiles dealt before the first draw.
pub const DEALT: usize = HAND_TILES * PLAYERS;

/// A full wall: 108 tiles, four of each kind.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Wall([Tile; WALL_TILES]);

/// Why a tile list is not a wall.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WallError {
    /// Not 108 tiles.
    #[error("a wall has {WALL_TILES} tiles, not {0}")]
    Length(usize),
    /// A kind outside the 27 of this ruleset (a core honor or special tile).
    #[error("tile kind {0:?} is not one of the 27 NOI2014 kinds")]
    Kind(Tile),
    /// A kind number not below 27.
    #[error("kind number {0} is not below 27")]
    Number(u8),
    /// A kind not exactly four times.
    #[error("kind {tile} appears {count} times, expected {COPIES}", tile = name(*tile))]
    Copies {
        /// The kind.
        tile: Tile,
        /// How often it appears.
        count: usize,
    },
}

/// The position in the wall of player `player`'s `i`-th dealt tile (point 5:
/// three rounds of four tiles each, then one tile each).
pub const fn deal_position(player: usize, i: usize) -> usize {
    if i < 12 {
        (i / 4) * 16 + player * 4 + i % 4
    } else {
        48 + player
    }
}

impl Wall {
    /// Checks a tile list: exactly 108 tiles, four of each NOI2014 kind.
    pub fn new(tiles: &[Tile]) -> Result<Wall, WallError> {
        let arr: [Tile; WALL_TILES] = tiles
            .try_into()
            .map_err(|_| WallError::Length(tiles.len()))?;
        if let Some(&t) = arr.iter().find(|t| !tiles::is_noi(**t)) {
            return Err(WallError::Kind(t));
        }
        let counts = tiles::counts_of(&arr);
        if let Some(k) = (0..KINDS).find(|&k| counts[k] as usize != COPIES) {
            return Err(WallError::Copies {
                tile: tiles::tile(k),
                count: counts[k] as usize,
            });
        }
        Ok(Wall(arr))
    }

    /// A wall from kind numbers `0..27` (the interface's `[u8; 108]`).
    pub fn from_kinds(kinds: &[u8; WALL_TILES]) -> Result<Wall, WallError> {
        let mut tiles = [tiles::tile(0); WALL_TILES];
        for (slot, &k) in tiles.iter_mut().zip(kinds) {
            if k as usize >= KINDS {
                return Err(WallError::Number(k));
            }
            *slot = tiles::tile(k as usize);
        }
        Wall::new(&tiles)
    }

    /// The kinds as numbers `0..27`.
    pub fn kinds(&self) -> [u8; WALL_TILES] {
        self.0.map(|t| t.index() as u8)
    }

    /// The unshuffled deck: four `W1`, four `W2`, ..., four `T9`.
    pub fn sorted() -> Wall {
        let mut tiles = [tiles::tile(0); WALL_TILES];
        for (i, slot) in tiles.iter_mut().enumerate() {
            *slot = tiles::tile(i / COPIES);
        }
        Wall(tiles)
    }

    /// A uniformly shuffled wall.
    pub fn shuffled(rng: &mut Rng) -> Wall {
        let mut w = Wall::sorted();
        rng.shuffle(&mut w.0);
        w
    }

    /// The tiles, first drawn first.
    pub fn tiles(&self) -> &[Tile; WALL_TILES] {
        &self.0
    }

    /// Player `player`'s thirteen tiles in the order dealt (point 27).
    pub fn dealt(&self, player: usize) -> [Tile; HAND_TILES] {
        std::array::from_fn(|i| self.0[deal_position(player, i)])
    }

    /// Parses a wall: 108 whitespace-separated upper-case names, four of
    /// each kind. Errors name the line and column (1-based, in characters).
    pub fn parse(input: &[u8]) -> Result<Wall, WallParseError> {
        if input.starts_with(b"\xEF\xBB\xBF") {
            return Err(WallParseError {
                pos: Pos { line: 1, column: 1 },
                kind: WallParseErrorKind::ByteOrderMark,
            });
        }
        let mut tiles = Vec::with_capacity(WALL_TILES);
        let mut seen = [0usize; KINDS];
        for (pos, word) in words(input) {
            let Some(t) = parse_upper(word) else {
                let kind = match parse_any_case(word) {
                    Some(t) => WallParseErrorKind::LowerCase {
                        word: show(word),
                        tile: t,
                    },
                    None => WallParseErrorKind::UnknownTile(show(word)),
                };
                return Err(WallParseError { pos, kind });
            };
            if tiles.len() == WALL_TILES {
                return Err(WallParseError {
                    pos,
                    kind: WallParseErrorKind::TooManyTiles,
                });
            }
            seen[t.index()] += 1;
            if seen[t.index()] > COPIES {
                return Err(WallParseError {
                    pos,
                    kind: WallParseErrorKind::FifthCopy(t),
                });
            }
            tiles.push(t);
        }
        if tiles.len() < WALL_TILES {
            let short = tiles::all()
                .filter(|t| seen[t.index()] < COPIES)
                .map(|t| (t, seen[t.index()]))
                .collect();
            return Err(WallParseError {
                pos: end_of(input),
                kind: WallParseErrorKind::TooFewTiles {
                    found: tiles.len(),
                    short,
                },
            });
        }
        Ok(Wall::new(&tiles).expect("108 tiles, at most four of each kind"))
    }

    /// A hand-made wall: each player is dealt `hands[p]` first (at most 13
    /// tiles, in dealt order), the front draws after the deal are `front`,
    /// the back of the wall (last tile first) is `back`, and every other
    /// place is filled with the remaining tiles in an order shuffled by
    /// `rng`.
    pub fn arrange(
        hands: [&[Tile]; PLAYERS],
        front: &[Tile],
        back: &[Tile],
        rng: &mut Rng,
    ) -> Result<Wall, ArrangeError> {
        let mut places: [Option<Tile>; WALL_TILES] = [None; WALL_TILES];
        for (p, hand) in hands.iter().enumerate() {
            if hand.len() > HAND_TILES {
                return Err(ArrangeError::HandTooLong(p));
            }
            for (i, &t) in hand.iter().enumerate() {
                places[deal_position(p, i)] = Some(t);
            }
        }
        if front.len() + back.len() > WALL_TILES - DEALT {
            return Err(ArrangeError::NoRoom);
        }
        for (i, &t) in front.iter().enumerate() {
            places[DEALT + i] = Some(t);
        }
        for (i, &t) in back.iter().enumerate() {
            places[WALL_TILES - 1 - i] = Some(t);
        }
        Wall::from_places(&places, rng)
    }

    /// A wall with the given tiles at the given places and every empty
    /// place filled with the remaining tiles in an order shuffled by `rng`.
    pub fn from_places(
        places: &[Option<Tile>; WALL_TILES],
        rng: &mut Rng,
    ) -> Result<Wall, ArrangeError> {
        let mut left = [COPIES as u8; KINDS];
        for &t in places.iter().flatten() {
            if !tiles::is_noi(t) {
                return Err(ArrangeError::Kind(t));
            }
            let c = &mut left[t.index()];
            if *c == 0 {
                return Err(ArrangeError::TooMany(t));
            }
            *c -= 1;
        }
        let mut rest: Vec<Tile> = tiles::all()
            .flat_map(|t| std::iter::repeat_n(t, left[t.index()] as usize))
            .collect();
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        let tiles: Vec<Tile> = places
            .iter()
            .map(|p| p.or_else(|| rest.next()).expect("108 tiles in all"))
            .collect();
        Ok(Wall::new(&tiles).expect("a permutation of the deck"))
    }
}

/// Why [`Wall::arrange`] cannot build a wall.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArrangeError {
    /// A kind asked for more than four times.
    #[error("kind {} is asked for more than four times", name(*.0))]
    TooMany(Tile),
    /// A kind outside this ruleset.
    #[error("tile kind {0:?} is not one of the 27 NOI2014 kinds")]
    Kind(Tile),
    /// A hand of more than 13 tiles.
    #[error("player {0} is dealt more than 13 tiles")]
    HandTooLong(usize),
    /// Front and back draws overlap.
    #[error("more front and back draws than the 56 undealt tiles")]
    NoRoom,
}

/// The position just past the input's last character.
fn end_of(input: &[u8]) -> Pos {
    let line_start = input.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + input.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + String::from_utf8_lossy(&input[line_start..])
        .chars()
        .count();
    Pos { line, column }
}

/// A word for an error message: escaped, cut after 40 characters.
fn show(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// What is wrong with a wall's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WallParseErrorKind {
    /// The input starts with a UTF-8 byte-order mark.
    ByteOrderMark,
    /// A word that is no tile name.
    UnknownTile(String),
    /// A tile name in lower case (exposed tiles' spelling).
    LowerCase {
        /// The word as written.
        word: String,
        /// The tile it names.
        tile: Tile,
    },
    /// A kind a fifth time; the position is that fifth copy.
    FifthCopy(Tile),
    /// A 109th tile; the position is that tile.
    TooManyTiles,
    /// Fewer than 108 tiles; the position is the end of the input.
    TooFewTiles {
        /// Tiles found.
        found: usize,
        /// Kinds with fewer than four copies, and their counts.
        short: Vec<(Tile, usize)>,
    },
}

/// A wall parse error: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallParseError {
    /// Line and column (1-based, characters).
    pub pos: Pos,
    /// What is wrong.
    pub kind: WallParseErrorKind,
}

impl fmt::Display for WallParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.pos)?;
        match &self.kind {
            WallParseErrorKind::ByteOrderMark => {
                f.write_str("the input starts with a UTF-8 byte-order mark; save it without one")
            }
            WallParseErrorKind::UnknownTile(w) => {
                write!(f, "unknown tile `{w}` (tiles are W1..W9, B1..B9, T1..T9)")
            }
            WallParseErrorKind::LowerCase { word, tile } => write!(
                f,
                "`{word}`: wall tiles are upper case (lower case marks exposed tiles); write `{}`",
                name(*tile)
            ),
            WallParseErrorKind::FifthCopy(t) => {
                write!(
                    f,
                    "kind {} appears a fifth time; a wall holds 4 of each",
                    name(*t)
                )
            }
            WallParseErrorKind::TooManyTiles => {
                write!(
                    f,
                    "tile {} is one too many; a wall has {WALL_TILES}",
                    WALL_TILES + 1
                )
            }
            WallParseErrorKind::TooFewTiles { found, short } => {
                write!(
                    f,
                    "the wall ends after {found} tiles, expected {WALL_TILES}"
                )?;
                if !short.is_empty() && short.len() <= 8 {
                    let list: Vec<String> = short
                        .iter()
                        .map(|(t, c)| format!("{} ({c})", name(*t)))
                        .collect();
                    write!(f, "; kinds with fewer than 4 copies: {}", list.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for WallParseError {}

impl std::str::FromStr for Wall {
    type Err = WallParseError;

    fn from_str(s: &str) -> Result<Wall, WallParseError> {
        Wall::parse(s.as_bytes())
    }
}

impl fmt::Display for Wall {
    /// One name a line, the format [`Wall::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &t in &self.0 {
            writeln!(f, "{}", name(t))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wall[{}]", tiles::format_tiles(&self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(sep: &str) -> String {
        let names: Vec<&str> = Wall::sorted().tiles().iter().map(|&t| name(t)).collect();
        names.join(sep)
    }

    #[test]
    fn parses_any_whitespace_and_round_trips() {
        let w = Wall::parse(text("\r\n").as_bytes()).unwrap();
        assert_eq!(w, Wall::sorted());
        let shuffled = Wall::shuffled(&mut Rng::new(3));
        assert_eq!(
            Wall::parse(shuffled.to_string().as_bytes()).unwrap(),
            shuffled
        );
        let k = shuffled.kinds();
        assert_eq!(Wall::from_kinds(&k).unwrap(), shuffled);
    }

    #[test]
    fn every_error_has_a_position() {
        let bad = text(" ").replacen("W5", "W10", 1);
        let e = Wall::parse(bad.as_bytes()).unwrap_err();
        assert_eq!(
            e.pos,
            Pos {
                line: 1,
                column: 49
            }
        );
        assert!(e
            .to_string()
            .starts_with("line 1, column 49: unknown tile `W10`"));

        let lower = text("\n").replacen("B2", "b2", 1);
        let e = Wall::parse(lower.as_bytes()).unwrap_err();
        assert_eq!(
            e.pos,
            Pos {
                line: 41,
                column: 1
            }
        );
        assert!(matches!(e.kind, WallParseErrorKind::LowerCase { .. }));
        assert!(e.to_string().contains("write `B2`"), "{e}");

        let fifth = text("\n").replacen("W9", "W8", 1);
        let e = Wall::parse(fifth.as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 33, column 1: kind W8 appears a fifth time; a wall holds 4 of each"
        );

        let long = format!("{}\n  T1", text("\n"));
        let e = Wall::parse(long.as_bytes()).unwrap_err();
        assert_eq!(
            (e.pos, e.kind),
            (
                Pos {
                    line: 109,
                    column: 3
                },
                WallParseErrorKind::TooManyTiles
            )
        );

        let short = text(" ").replacen(" T9", "", 1);
        let e = Wall::parse(short.as_bytes()).unwrap_err();
        assert_eq!(e.pos.line, 1);
        assert_eq!(e.pos.column, short.len() + 1);
        assert!(e.to_string().ends_with("the wall ends after 107 tiles, expected 108; kinds with fewer than 4 copies: T9 (3)"), "{e}");

        let e = Wall::parse(b"\xEF\xBB\xBFW1").unwrap_err();
        assert_eq!(e.kind, WallParseErrorKind::ByteOrderMark);
        for garbage in [&b""[..], b"\xff\xfe", b"   \n\n", b"\xc3"] {
            assert!(Wall::parse(garbage).is_err());
        }
    }

    #[test]
    fn deal_positions_follow_point_5() {
        let w = Wall::sorted();
        let dealt: Vec<usize> = (0..13).map(|i| deal_position(1, i)).collect();
        assert_eq!(dealt, [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 49]);
        let mut all: Vec<usize> = (0..4)
            .flat_map(|p| (0..13).map(move |i| deal_position(p, i)))
            .collect();
        all.sort();
        assert_eq!(all, (0..52).collect::<Vec<_>>());
        assert_eq!(w.dealt(0)[12], w.tiles()[48]);
    }

    #[test]
    fn arrange_places_hands_and_draws() {
        let t = |s: &str| tiles::parse_tiles(s).unwrap();
        let w = Wall::arrange(
            [&t("W1 W1 W1 W1"), &[], &t("T9"), &[]],
            &t("B5 B5"),
            &t("T1 T2"),
            &mut Rng::new(0),
        )
        .unwrap();
        assert_eq!(&w.dealt(0)[..4], &t("W1 W1 W1 W1")[..]);
        assert_eq!(w.dealt(2)[0], t("T9")[0]);
        assert_eq!(&w.tiles()[52..54], &t("B5 B5")[..]);
        assert_eq!(w.tiles()[107], t("T1")[0]);
        assert_eq!(w.tiles()[106], t("T2")[0]);
        let too_many = Wall::arrange(
            [&t("W1 W1 W1"), &t("W1 W1"), &[], &[]],
            &[],
            &[],
            &mut Rng::new(0),
        );
        assert!(matches!(too_many, Err(ArrangeError::TooMany(_))));
    }

    /// A wall that ends early is refused at the position just past its last
    /// character: on the next line after a final newline, else after the
    /// last word on its line.
    #[test]
    fn a_short_wall_is_refused_just_past_its_end() {
        let short = text("\n");
        let short = &short[..short.rfind('\n').expect("lines")];
        for (input, line, column) in [
            (format!("{short}\n"), 108, 1),
            (format!("{short}\n  "), 108, 3),
            (short.to_string(), 107, 3),
        ] {
            let e = Wall::parse(input.as_bytes()).unwrap_err();
            assert!(matches!(e.kind, WallParseErrorKind::TooFewTiles { .. }));
            assert_eq!(e.pos, Pos { line, column }, "{input:?}");
        }
        // Short of more than eight kinds: no list.
        let e = Wall::parse(b"W1 W1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 6: the wall ends after 2 tiles, expected 108"
        );
    }

    /// An unknown word is quoted whole up to 40 characters, and cut with an
    /// ellipsis beyond.
    #[test]
    fn unknown_words_are_cut_after_40_characters() {
        for (len, shown) in [(40, "X".repeat(40)), (41, format!("{}…", "X".repeat(40)))] {
            let e = Wall::parse("X".repeat(len).as_bytes()).unwrap_err();
            assert_eq!(e.kind, WallParseErrorKind::UnknownTile(shown));
        }
    }

    /// Front and back draws may fill the 56 undealt places, not more.
    #[test]
    fn front_and_back_draws_fill_the_undealt_places_at_most() {
        let tiles: Vec<Tile> = (0..57).map(|i| tiles::all().nth(i % 27).unwrap()).collect();
        let arrange = |front: usize, back: usize| {
            Wall::arrange(
                [&[], &[], &[], &[]],
                &tiles[..front],
                &tiles[front..front + back],
                &mut Rng::new(1),
            )
        };
        for (front, back) in [(56, 0), (0, 56), (30, 26)] {
            let w = arrange(front, back).expect("room");
            assert_eq!(w.tiles()[DEALT..DEALT + front], tiles[..front]);
        }
        for (front, back) in [(57, 0), (0, 57), (30, 27)] {
            assert!(matches!(arrange(front, back), Err(ArrangeError::NoRoom)));
        }
    }

    /// `Debug` lists the tiles in wall order on one line; `Display` one a
    /// line, as `parse` reads them.
    #[test]
    fn debug_and_display_list_the_tiles_in_order() {
        let w = Wall::sorted();
        let names: Vec<&str> = w.tiles().iter().map(|&t| name(t)).collect();
        assert_eq!(format!("{w:?}"), format!("Wall[{}]", names.join(" ")));
        assert_eq!(w.to_string(), format!("{}\n", names.join("\n")));
        assert!(format!("{w:?}").starts_with("Wall[W1 W1 W1 W1 W2 "));
    }
}
