//! The rule functions, each written straight from its definition on the
//! rules page: the winning hand (point 6), the declared target (points 16
//! and 34), the Hamming distance (17), the chance value (18 and 35), and the
//! ranking with its points (15, 19 and 35).

use super::tiles::{count_tiles, parse_tiles, KINDS};
use std::cmp::Ordering;

/// A set a player has shown: a pung made on a discard, or a kong (on a
/// discard, added to a shown pung, or from four concealed tiles, which is
/// shown too: point 34).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exposed {
    /// Three of a kind.
    Pung(u8),
    /// Four of a kind.
    Kong(u8),
}

impl Exposed {
    /// The kind of the set's tiles.
    pub fn kind(self) -> u8 {
        match self {
            Exposed::Pung(kind) | Exposed::Kong(kind) => kind,
        }
    }

    /// How many tiles the set holds (3 or 4).
    pub fn size(self) -> u8 {
        match self {
            Exposed::Pung(_) => 3,
            Exposed::Kong(_) => 4,
        }
    }
}

/// Point 6: the hand is four sets and a pair, where a set is a chow (three
/// consecutive numbers of one suit), a pung (three of a kind) or a kong (four
/// of a kind), and every exposed set counts as one set as it is.
///
/// So the concealed tiles must split into exactly `4 - exposed.len()` sets
/// and exactly one pair, with nothing left over. `concealed[k]` is the number
/// of concealed tiles of kind `k`.
///
/// (In play a concealed hand never holds a "hidden kong" set: at the moment
/// of a win it has `3 * (4 - exposed.len()) + 2` tiles, and each kong set
/// would need one tile more. In a declared target a four of a kind may be a
/// kong set: point 34's "further kongs are allowed".)
pub fn is_winning(concealed: &[u8; KINDS], exposed: &[Exposed]) -> bool {
    if exposed.len() > 4 {
        return false;
    }
    let mut left = *concealed;
    splits_into(&mut left, 4 - exposed.len(), 1)
}

/// Can the tiles in `left` be split into exactly `sets` sets and `pairs`
/// pairs with none left over? Exhaustive search; `left` is restored before
/// returning.
///
/// Why looking only at the lowest kind present is enough: in any split, the
/// lowest tile present lies in some group. If that group is a chow, the
/// lowest tile is the chow's first tile (a chow's other tiles are higher,
/// and nothing lower is left). So every split starts by taking, from the
/// lowest kind `k`, one of: a pair of `k`, a pung of `k`, a kong of `k`, or
/// the chow `k, k+1, k+2` (same suit: `k % 9 <= 6`). Trying all four and
/// recursing on what is left therefore finds a split exactly when one
/// exists; nothing is pruned.
fn splits_into(left: &mut [u8; KINDS], sets: usize, pairs: usize) -> bool {
    let Some(k) = (0..KINDS).find(|&kind| left[kind] > 0) else {
        // No tile left: a split exactly when no group is still owed.
        return sets == 0 && pairs == 0;
    };
    // A pair of k.
    if pairs > 0 && left[k] >= 2 {
        left[k] -= 2;
        let found = splits_into(left, sets, pairs - 1);
        left[k] += 2;
        if found {
            return true;
        }
    }
    if sets > 0 {
        // A pung, then a kong, of k.
        for size in [3u8, 4] {
            if left[k] >= size {
                left[k] -= size;
                let found = splits_into(left, sets - 1, pairs);
                left[k] += size;
                if found {
                    return true;
                }
            }
        }
        // The chow k, k+1, k+2 of one suit.
        if k % 9 <= 6 && left[k + 1] > 0 && left[k + 2] > 0 {
            left[k] -= 1;
            left[k + 1] -= 1;
            left[k + 2] -= 1;
            let found = splits_into(left, sets - 1, pairs);
            left[k] += 1;
            left[k + 1] += 1;
            left[k + 2] += 1;
            if found {
                return true;
            }
        }
    }
    false
}

/// Reads an answer to request `4` as a target: the kinds named by its words
/// (split as in point 27, names case-insensitive). `None` when some word is
/// not a tile name. An empty answer gives an empty target, which no rule
/// accepts (point 27: "empty means no target").
pub fn parse_target(answer: &str) -> Option<Vec<u8>> {
    parse_tiles(answer)
}

/// Point 16 (with 34): a target is valid when it has 14 to 18 tiles, at most
/// 4 of a kind, and is a winning hand (point 6) whose split holds each of the
/// player's exposed pungs as a pung and each exposed kong as a kong; other
/// four-of-a-kinds may be kongs.
///
/// Taking the exposed sets' tiles out of the target and asking
/// [`is_winning`] of the rest with the same exposed sets is exactly that: a
/// split containing those sets is those sets plus a split of the rest into
/// the remaining `4 - exposed.len()` sets and a pair.
pub fn target_valid(target: &[u8], exposed: &[Exposed]) -> bool {
    if target.len() < 14 || target.len() > 18 {
        return false;
    }
    let mut rest = count_tiles(target);
    if rest.iter().any(|&n| n > 4) {
        return false;
    }
    for set in exposed {
        let kind = set.kind() as usize;
        if rest[kind] < set.size() {
            return false;
        }
        rest[kind] -= set.size();
    }
    is_winning(&rest, exposed)
}

/// Point 17: the L1 distance of the two multisets, `sum |target_k - held_k|`
/// (`held` = concealed plus exposed tiles).
pub fn hamming(target: &[u8; KINDS], held: &[u8; KINDS]) -> u32 {
    (0..KINDS)
        .map(|k| (i32::from(target[k]) - i32::from(held[k])).unsigned_abs())
        .sum()
}

/// Point 18 (with 35): the chance value.
///
/// The sequence is `table` (the discards nobody claimed, in order) at
/// positions `1..=L`, then every tile in every player's hand at the end
/// (concealed and exposed, winners and players put out included:
/// `all_hands`) together at position `L + 1`. For each kind the target holds
/// more of than the player does (`held`), take the position of that kind's
/// last occurrence (0 if none); the chance value is the least of these.
///
/// When no kind is short (the player already holds the whole target, which a
/// valid target never allows at the end of a game: see the module docs) the
/// least of nothing is taken to be `L + 1`.
pub fn chance_value(
    target: &[u8; KINDS],
    held: &[u8; KINDS],
    table: &[u8],
    all_hands: &[u8; KINDS],
) -> u32 {
    let end_position = table.len() as u32 + 1;
    let last_position = |kind: usize| -> u32 {
        if all_hands[kind] > 0 {
            return end_position;
        }
        match table.iter().rposition(|&tile| tile as usize == kind) {
            Some(index) => index as u32 + 1,
            None => 0,
        }
    };
    (0..KINDS)
        .filter(|&k| target[k] > held[k])
        .map(last_position)
        .min()
        .unwrap_or(end_position)
}

/// What the ranking (point 15) needs to know of one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Won; `order` 1 for the first winner.
    Won {
        /// 1 for the first winner of the game, 2 for the second, ...
        order: u8,
    },
    /// Still in the game at the end; `score` is `Some((hamming, chance))`
    /// when its target is valid, `None` when it is invalid or missing.
    Playing {
        /// Hamming distance and chance value of a valid target.
        score: Option<(u32, u32)>,
    },
    /// Put out (point 14).
    Out,
}

/// Point 15: does `a` rank higher (`Less`), lower (`Greater`) or tie
/// (`Equal`) with `b`? Winners first by the order they won; then players
/// still in with a valid target, by Hamming distance (lower first) and then
/// chance value (higher first); then players still in without a valid target
/// (tied); then players put out (tied).
pub fn compare(a: Standing, b: Standing) -> Ordering {
    fn class(s: Standing) -> u8 {
        match s {
            Standing::Won { .. } => 0,
            Standing::Playing { score: Some(_) } => 1,
            Standing::Playing { score: None } => 2,
            Standing::Out => 3,
        }
    }
    match (a, b) {
        (Standing::Won { order: x }, Standing::Won { order: y }) => x.cmp(&y),
        (
            Standing::Playing {
                score: Some((hamming_a, chance_a)),
            },
            Standing::Playing {
                score: Some((hamming_b, chance_b)),
            },
        ) => hamming_a
            .cmp(&hamming_b)
            .then_with(|| chance_b.cmp(&chance_a)),
        _ => class(a).cmp(&class(b)),
    }
}

/// Points 15, 19 and 35: each player's place and twice its points.
///
/// A player's place is 1 + the number of players ranking strictly higher
/// (so a tied group takes the first place it spans); a group of `n` tied
/// players spans places `place..place + n`, and each gets the average of
/// the points of those places (place 1, 2, 3, 4 score 4, 3, 2, 1). Returns
/// `(place, half_points)` per player, `half_points` being twice the points.
pub fn rank(standings: &[Standing; 4]) -> [(u8, u8); 4] {
    let mut out = [(0u8, 0u8); 4];
    for i in 0..4 {
        let higher = (0..4)
            .filter(|&j| compare(standings[j], standings[i]) == Ordering::Less)
            .count() as u32;
        let tied = (0..4)
            .filter(|&j| compare(standings[j], standings[i]) == Ordering::Equal)
            .count() as u32;
        let place = 1 + higher;
        let points_sum: u32 = (place..place + tied).map(|p| 5 - p).sum();
        // 2 * sum / tied is first + last place's points: always whole.
        debug_assert_eq!(2 * points_sum % tied, 0);
        out[i] = (place as u8, (2 * points_sum / tied) as u8);
    }
    out
}
