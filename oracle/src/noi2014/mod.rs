//! Oracle judge for the NOI2014 team-contest mahjong.
//!
//! A deliberately plain second judge of the rules page
//! `shared/rules/NOI2014-CLARIFICATIONS.md` (its numbered points are cited as
//! "point N"), against which a fast engine is tested. It speaks the shared
//! comparison interface: [`play`] takes a wall and an answer source and
//! returns an [`Outcome`] (requests in order, canonical event lines, and per
//! player [`PlayerResult`]s).
//!
//! # Why it can be trusted
//!
//! *It shares nothing.* It was written from the rules page and the
//! statement only; it uses no crate, no table of the engine, no precomputed
//! data. Its single table is the 27 tile names ([`tiles::NAMES`]), used both
//! to name and to parse tiles, so the two cannot disagree.
//!
//! *Each rule function is its definition, written out:*
//! - [`is_winning`] (point 6) is an exhaustive search for a split of the
//!   concealed tiles into `4 - exposed` sets (chow, pung or kong) and one
//!   pair. Its only shortcut is to look at the lowest kind left first; the
//!   proof that this loses no split is on `rules::splits_into`: the lowest
//!   tile present lies in some group and is that group's lowest tile, so
//!   the four ways it can start a group (pair, pung, kong, chow upwards) are
//!   all the ways there are.
//! - [`target_valid`] (points 16, 34) checks the length (14-18), at most 4
//!   of a kind, takes the player's exposed sets out of the target as they
//!   are (pung as pung, kong as kong) and asks [`is_winning`] of the rest.
//!   A split holding those sets is exactly those sets plus a split of the
//!   rest.
//! - [`hamming`] (point 17) is `sum_k |target_k - held_k|`.
//! - [`chance_value`] (points 18, 35) looks up, for every kind the target
//!   holds more of than the player, its last position in the sequence
//!   "unclaimed discards 1..L, then every hand at L+1", and takes the least.
//!   Its "no kind is short" fallback never matters in a game: when the wall
//!   runs out every player still in holds `13 + (its kongs)` tiles, while a
//!   valid target holds `14 + (its kongs)` tiles and keeps each of the
//!   player's kongs as a kong, so the target always has more tiles than the
//!   player and some kind is short.
//! - [`rank`] (points 15, 19, 35) gives each player place
//!   `1 + (number ranking strictly higher)` and the average points of the
//!   places its tied group spans, using the pairwise order [`compare`].
//!
//! *The judge is a transcription.* Hands are plain `Vec<u8>`s, the wall is a
//! vector with a front and a back index, and the game is one loop over three
//! steps (draw, act on a draw, answers to a discard). Every answer is cut
//! into words (point 27) and matched against the forms point 21 allows for
//! that request; every legality condition is the sentence of point 7, 8, 9
//! or 31 it comes from, and the comments cite the point. Every answer to
//! every request is judged the moment it is given, and point 33's "at most
//! one player still playing" is checked after each answer that removes a
//! player (a player put out or a win), which is the only time it can change.
//!
//! *The tests pin it down* (module `tests`): hand-checked examples for every
//! rule function; a cross-check of [`is_winning`] against an independent
//! enumeration of all set combinations; the rules table
//! (`tests/rules/noi2014/` of the main crate: cases for each point 1-23 and
//! 27-35, run on this judge and the engine's); a few hundred seeded random games (legal and illegal answers) checked for
//! the invariants of the outcome and of who is asked what; and, when `g++`
//! is present, whole games of four copies of the official 2014 sample bot
//! run through the Botzone protocol, none of which is put out but for a kong
//! declared on an empty wall.
//!
//! # Readings of the page
//!
//! Where the page leaves room, the most literal reading is taken (and the
//! code cites the point):
//! - Point 5: the deal is not an event; the first event is player 0's
//!   `draw`.
//! - Points 21, 29: all four get `0 id` (seat order), then all still in the
//!   game get `1 ...`. A player put out by its `0` answer gets no `1`.
//! - Point 27: words are separated by spaces and tabs only, leading and
//!   trailing runs ignored; `"PASS\n"` is not `PASS`. Keywords must be upper
//!   case, tile names may be any case.
//! - Point 33: a step is one answer. After each answer (and each win) at
//!   most one player still playing ends the game at once: no further
//!   request, not even the rest of an announcement. A win that leaves one
//!   player is not announced.
//! - Points 11, 22: after a PENG the events are `peng`, then the answers to
//!   the `3 q PENG c` announcement, then `play q c2` and its `3 q PLAY c2`
//!   requests; a game ended by the announcement has no `play` line.
//! - Point 8: a `GANG` answer to a discard when the wall is empty is illegal
//!   too (a kong is legal only while the wall holds a tile).
//! - Points 13, 35: after an empty wall every player still in is asked `4`
//!   even if a `Failed` answer to `4` leaves one player; the end line stays
//!   `end empty-wall` and comes after those answers (and their `out` lines).
//! - Point 16: an answer to `4` with a word that is not a tile name is an
//!   invalid target (the player stays in; only `Failed` puts it out).
//! - Point 15: players still in without a valid target tie with one another
//!   below all valid ones, and above players put out.

pub mod judge;
pub mod rules;
pub mod tiles;

pub use judge::{play, End, Outcome, PlayerResult, Reply};
pub use rules::{
    chance_value, compare, hamming, is_winning, parse_target, rank, target_valid, Exposed, Standing,
};
pub use tiles::{count_tiles, names_of, parse_tile, parse_tiles, tile_name, words, KINDS, NAMES};

#[cfg(test)]
mod tests;
