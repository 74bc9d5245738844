//! The end of a game: declared targets (point 16), their Hamming distance
//! (point 17) and chance value (points 18, 35), places and points (points
//! 15, 19, 35), and how the game ended for each player.

use crate::meld::Meld;
use crate::noi2014::rules::event::EndReason;
use crate::noi2014::rules::request::StepFailure;
use crate::noi2014::rules::tiles::{name, parse_any_case};
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::tile::Tile;
use std::fmt;

/// Why a player was put out (point 14), in words by `Display`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OutReason {
    /// The reply was `Failed` (crash, time-out, too much output, not the
    /// protocol's JSON): the kind of failure when a bot program's driver
    /// said it (the [`crate::noi2014::rules::request::Reply::Failed`] kind), and the
    /// driver's words.
    Failed(Option<StepFailure>, String),
    /// The answer is no answer of the protocol (unknown keyword, keyword
    /// not in upper case, a word that is no tile, words missing or extra).
    Malformed(String),
    /// A well-formed answer that this request does not allow (e.g. `PENG`
    /// answered to a draw, anything but `PASS` to an announcement).
    NotAllowed(String),
    /// `PLAY c` with no `c` in the concealed hand.
    NotHeld(Tile),
    /// `PENG` without two concealed copies of the discard.
    CannotPeng(Tile),
    /// `PENG c2` with no `c2` left concealed after the pung.
    PengDiscardNotHeld(Tile),
    /// A kong the hand does not support.
    CannotGang(Tile),
    /// A kong with no tile left in the wall (point 8).
    KongOnEmptyWall(Tile),
    /// `HU` on a hand that does not win.
    NotWinning {
        /// On its own draw (true) or on a discard.
        self_drawn: bool,
    },
}

/// The kinds of reason [`OutReason::kind`] names, for readers of a record
/// of them (a duel's `duel.json`).
pub const OUT_KINDS: [&str; 4] = [
    "no usable answer",
    "malformed answer",
    "illegal move",
    "kong on an empty wall",
];

impl OutReason {
    /// A short name of the kind of reason, for summaries: `no usable
    /// answer` (the driver's words say more), `malformed answer`, `illegal
    /// move` or `kong on an empty wall`: one of [`OUT_KINDS`].
    pub fn kind(&self) -> &'static str {
        match self {
            OutReason::Failed(..) => "no usable answer",
            OutReason::Malformed(_) => "malformed answer",
            OutReason::KongOnEmptyWall(_) => "kong on an empty wall",
            OutReason::NotAllowed(_)
            | OutReason::NotHeld(_)
            | OutReason::CannotPeng(_)
            | OutReason::PengDiscardNotHeld(_)
            | OutReason::CannotGang(_)
            | OutReason::NotWinning { .. } => "illegal move",
        }
    }
}

impl fmt::Display for OutReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutReason::Failed(_, why) => write!(f, "gave no usable answer: {why}"),
            OutReason::Malformed(a) => write!(f, "answered `{a}`, which is not an answer of the protocol"),
            OutReason::NotAllowed(a) => write!(f, "answered `{a}`, which this request does not allow"),
            OutReason::NotHeld(t) => write!(f, "discarded {}, which its concealed hand does not hold", name(*t)),
            OutReason::CannotPeng(t) => write!(f, "declared PENG on {} without two concealed {}", name(*t), name(*t)),
            OutReason::PengDiscardNotHeld(t) => write!(f, "declared PENG discarding {}, which its concealed hand does not hold after the pung", name(*t)),
            OutReason::CannotGang(t) => write!(f, "declared a kong of {} that its hand does not support", name(*t)),
            OutReason::KongOnEmptyWall(t) => write!(f, "declared a kong of {} with no tile left in the wall", name(*t)),
            OutReason::NotWinning { self_drawn: true } => f.write_str("declared HU on its own draw with a hand that does not win"),
            OutReason::NotWinning { self_drawn: false } => f.write_str("declared HU on a discard with a hand that does not win"),
        }
    }
}

/// How the game ended for one player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerEnd {
    /// Won; `order` 1 for the first winner.
    Won {
        /// 1 for the first winner, 2 for the second, ...
        order: u8,
        /// On its own draw (true) or on a discard.
        self_drawn: bool,
    },
    /// Still playing when the game ended.
    Playing,
    /// Put out by its answer to request number `request` (an index into
    /// the judge's request list).
    Out {
        /// Index of the request whose answer put it out.
        request: usize,
        /// Why.
        reason: OutReason,
    },
}

/// One player's result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerResult {
    /// How the game ended for the player.
    pub end: PlayerEnd,
    /// The raw answer to request `4`, for players asked it who answered.
    pub target: Option<String>,
    /// The target is valid (point 16); false when there is none.
    pub valid: bool,
    /// Why the target of a player still playing is not valid; `None` for
    /// a valid target, no answer, and players who won or were put out.
    pub flaw: Option<TargetFlaw>,
    /// Hamming distance of a valid target (point 17).
    pub hamming: Option<u32>,
    /// Chance value of a valid target (point 18).
    pub chance: Option<u32>,
    /// Place 1..=4; a tied group takes the first place it spans.
    pub place: u8,
    /// Twice the points of point 19 (an integer; the four sum to 20).
    pub half_points: u8,
}

impl PlayerResult {
    /// The points of point 19 (4, 3, 2, 1 by place, ties sharing).
    pub fn points(&self) -> f64 {
        self.half_points as f64 / 2.0
    }
}

/// The result of a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// How the game ended.
    pub end: EndReason,
    /// Players 0..3.
    pub players: [PlayerResult; PLAYERS],
}

/// Why a declared target is not valid (point 16), in words by `Display`
/// (a clause: "it lacks the exposed pung W2").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TargetFlaw {
    /// The answer names no tile at all.
    Empty,
    /// A word that is no tile name.
    NotATile(String),
    /// Fewer than 14 or more than 18 tiles: how many.
    Size(u32),
    /// More than four copies of this kind.
    MoreThanFour(Tile),
    /// An exposed pung or kong that the target does not hold.
    LacksExposed(Meld),
    /// The tiles left once the exposed sets are taken out are not `sets`
    /// sets and a pair.
    NotWinning {
        /// The sets the rest should make: four less the exposed ones.
        sets: u8,
    },
}

impl fmt::Display for TargetFlaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetFlaw::Empty => f.write_str("it names no tile"),
            TargetFlaw::NotATile(w) => write!(f, "`{w}` is not a tile name"),
            TargetFlaw::Size(n) => write!(f, "it has {n} tiles, not 14 to 18"),
            TargetFlaw::MoreThanFour(t) => {
                write!(f, "it holds more than the four {} there are", name(*t))
            }
            TargetFlaw::LacksExposed(m) => {
                let kind = if m.size() == 4 { "kong" } else { "pung" };
                write!(f, "it lacks the exposed {kind} {}", name(m.first()))
            }
            TargetFlaw::NotWinning { sets: 4 } => f.write_str("it is not four sets and a pair"),
            TargetFlaw::NotWinning { sets } => {
                write!(f, "less the exposed sets, it is not {sets} sets and a pair")
            }
        }
    }
}

/// A declared target read as counts by kind: words separated by runs of
/// spaces or tabs (point 27), names in either case (point 16). A word that
/// is not a tile name makes no target.
pub fn target_counts(text: &str) -> Result<[u8; KINDS], TargetFlaw> {
    let mut counts = [0u8; KINDS];
    for w in text.split([' ', '\t']).filter(|w| !w.is_empty()) {
        let t = parse_any_case(w.as_bytes()).ok_or_else(|| TargetFlaw::NotATile(w.to_string()))?;
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    Ok(counts)
}

/// Point 16 (with 34): 14 to 18 tiles, at most four of a kind, a winning
/// hand whose decomposition holds each exposed pung as a pung and each
/// exposed kong as a kong (further kongs allowed). The first flaw found,
/// checked in that order.
pub fn check_target(target: &[u8; KINDS], melds: &[Meld]) -> Result<(), TargetFlaw> {
    let size: u32 = target.iter().map(|&c| c as u32).sum();
    if size == 0 {
        return Err(TargetFlaw::Empty);
    }
    if !(14..=18).contains(&size) {
        return Err(TargetFlaw::Size(size));
    }
    if let Some(k) = target.iter().position(|&c| c > 4) {
        return Err(TargetFlaw::MoreThanFour(
            crate::noi2014::rules::tiles::tile(k),
        ));
    }
    // A hand has room for four sets at most, so no more are ever exposed.
    let sets = 4u8.saturating_sub(melds.len() as u8);
    let mut rest = *target;
    for m in melds {
        let (k, n) = (m.first().index(), m.size());
        if rest[k] < n {
            return Err(TargetFlaw::LacksExposed(*m));
        }
        rest[k] -= n;
    }
    if !decomposes(&mut rest, sets as u32, true) {
        return Err(TargetFlaw::NotWinning { sets });
    }
    Ok(())
}

/// True when [`check_target`] finds no flaw.
pub fn is_valid_target(target: &[u8; KINDS], melds: &[Meld]) -> bool {
    check_target(target, melds).is_ok()
}

/// True when `r` is exactly `sets` sets (chows, pungs, kongs) and, if
/// `pair`, one pair. The lowest kind held must start a pair, pung, kong or
/// chow, so trying those at it covers every decomposition.
pub fn decomposes(r: &mut [u8; KINDS], sets: u32, pair: bool) -> bool {
    let Some(k) = r.iter().position(|&c| c > 0) else {
        return sets == 0 && !pair;
    };
    let try_take = |r: &mut [u8; KINDS], take: &[(usize, u8)], sets: u32, pair: bool| {
        for &(i, n) in take {
            r[i] -= n;
        }
        let ok = decomposes(r, sets, pair);
        for &(i, n) in take {
            r[i] += n;
        }
        ok
    };
    if pair && r[k] >= 2 && try_take(r, &[(k, 2)], sets, false) {
        return true;
    }
    if sets > 0 {
        if r[k] >= 3 && try_take(r, &[(k, 3)], sets - 1, pair) {
            return true;
        }
        if r[k] >= 4 && try_take(r, &[(k, 4)], sets - 1, pair) {
            return true;
        }
        if k % 9 <= 6
            && r[k + 1] > 0
            && r[k + 2] > 0
            && try_take(r, &[(k, 1), (k + 1, 1), (k + 2, 1)], sets - 1, pair)
        {
            return true;
        }
    }
    false
}

/// Point 17: the L1 distance of the two multisets.
pub fn hamming(target: &[u8; KINDS], held: &[u8; KINDS]) -> u32 {
    target
        .iter()
        .zip(held)
        .map(|(&t, &h)| (t as i32 - h as i32).unsigned_abs())
        .sum()
}

/// For each kind, the position of its last occurrence in the chance
/// sequence of point 18: unclaimed discards at 1..=L, then every player's
/// tiles (concealed and exposed, winners and players put out included,
/// point 35) together at L+1; 0 when it never occurs.
pub fn last_positions(pool: &[Tile], held: &[[u8; KINDS]; PLAYERS]) -> [u32; KINDS] {
    let mut last = [0u32; KINDS];
    for (i, t) in pool.iter().enumerate() {
        last[t.index()] = i as u32 + 1;
    }
    let end = pool.len() as u32 + 1;
    for (k, slot) in last.iter_mut().enumerate() {
        if held.iter().any(|h| h[k] > 0) {
            *slot = end;
        }
    }
    last
}

/// Point 18: the least last position over the kinds the target holds more
/// of than the player. A valid target always lacks some kind (it has more
/// tiles than a player at rest holds); for none the value is `L+1`.
pub fn chance(
    target: &[u8; KINDS],
    held: &[u8; KINDS],
    last: &[u32; KINDS],
    pool_len: usize,
) -> u32 {
    (0..KINDS)
        .filter(|&k| target[k] > held[k])
        .map(|k| last[k])
        .min()
        .unwrap_or(pool_len as u32 + 1)
}

/// Where a player stands for ranking (point 15): winners by order, then
/// players still in by target, then players put out, tied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// Won, in this order.
    Won(u8),
    /// Still in with a valid target: lower Hamming first, then higher
    /// chance (stored negated so that the derived order is right).
    Valid {
        /// Hamming distance.
        hamming: u32,
        /// Minus the chance value.
        neg_chance: i64,
    },
    /// Still in with no valid target.
    NoTarget,
    /// Put out.
    Out,
}

/// Places and half points from standings (point 19, 35): a tied group takes
/// the first place it spans and shares the points of the places it spans.
pub fn places(standings: &[Standing; PLAYERS]) -> [(u8, u8); PLAYERS] {
    std::array::from_fn(|p| {
        let better = standings.iter().filter(|s| **s < standings[p]).count();
        let tied = standings.iter().filter(|s| **s == standings[p]).count();
        let place = better + 1;
        // Points of place i are 5 - i; the group spans place..place+tied.
        let sum: usize = (place..place + tied).map(|i| 5 - i).sum();
        (place as u8, (2 * sum / tied) as u8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::rules::tiles::parse_tiles;

    fn counts(s: &str) -> [u8; KINDS] {
        crate::noi2014::rules::tiles::counts_of(&parse_tiles(s).unwrap())
    }

    #[test]
    fn decomposition_handles_kongs_and_chows() {
        assert!(decomposes(
            &mut counts("W1 W1 W1 W1 W2 W3 W4 B5 B5 B5 T7 T8 T9 T1 T1"),
            4,
            true
        ));
        assert!(decomposes(
            &mut counts("W1 W1 W1 W1 W2 W3 B5 B5 B5 T7 T8 T9 T1 T1"),
            4,
            true
        ));
        assert!(!decomposes(
            &mut counts("W1 W1 W1 W1 W2 W4 B5 B5 B5 T7 T8 T9 T1 T1"),
            4,
            true
        ));
        assert!(!decomposes(&mut counts("W8 W9 B1 B1"), 0, true));
        assert!(decomposes(&mut counts("W7 W8 W9 B1 B1"), 1, true));
        // Chows never wrap between suits.
        assert!(!decomposes(&mut counts("W8 W9 B1 T5 T5"), 1, true));
    }

    #[test]
    fn places_share_points() {
        use Standing::*;
        let v = |h, c| Valid {
            hamming: h,
            neg_chance: -(c as i64),
        };
        assert_eq!(
            places(&[Won(1), Won(2), Won(3), NoTarget]),
            [(1, 8), (2, 6), (3, 4), (4, 2)]
        );
        assert_eq!(
            places(&[Won(1), v(3, 5), v(3, 5), Out]),
            [(1, 8), (2, 5), (2, 5), (4, 2)]
        );
        assert_eq!(places(&[Out, Out, Out, Out]), [(1, 5); 4]);
        assert_eq!(
            places(&[v(1, 9), Out, Out, Out]),
            [(1, 8), (2, 4), (2, 4), (2, 4)]
        );
        assert_eq!(
            places(&[v(1, 9), v(1, 10), v(2, 40), NoTarget]),
            [(2, 6), (1, 8), (3, 4), (4, 2)]
        );
    }
}
