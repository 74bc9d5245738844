//! Hand-checked examples of the rule functions, and an independent
//! cross-check of `is_winning`.

use super::*;

// ----- point 1, 2, 27: tiles and words ----------------------------------

#[test]
fn point_01_twenty_seven_kinds_named_w_b_t() {
    assert_eq!(NAMES.len(), 27);
    assert_eq!(tile_name(0), "W1");
    assert_eq!(tile_name(8), "W9");
    assert_eq!(tile_name(9), "B1");
    assert_eq!(tile_name(17), "B9");
    assert_eq!(tile_name(18), "T1");
    assert_eq!(tile_name(26), "T9");
    for kind in 0..27u8 {
        assert_eq!(parse_tile(tile_name(kind)), Some(kind));
    }
    for bad in ["", "W0", "W10", "Z1", "1W", " W1", "W", "E1", "W1 "] {
        assert_eq!(parse_tile(bad), None, "{bad:?}");
    }
}

#[test]
fn point_02_tile_names_are_read_case_insensitively() {
    assert_eq!(parse_tile("w5"), Some(4));
    assert_eq!(parse_tile("b9"), Some(17));
    assert_eq!(parse_tile("t2"), Some(19));
    assert_eq!(parse_tiles("t2 t2 t2 t2 B1"), Some(vec![19, 19, 19, 19, 9]));
}

#[test]
fn point_27_words_are_cut_at_runs_of_spaces_and_tabs() {
    assert_eq!(words("PLAY W1"), ["PLAY", "W1"]);
    assert_eq!(words("  PLAY \t\t W1  "), ["PLAY", "W1"]);
    assert_eq!(words("\tPASS"), ["PASS"]);
    assert!(words("").is_empty());
    assert!(words(" \t ").is_empty());
    // Only spaces and tabs separate words.
    assert_eq!(words("PASS\n"), ["PASS\n"]);
    assert_eq!(words("PLAY\nW1"), ["PLAY\nW1"]);
}

// ----- point 6: the winning hand -----------------------------------------

#[test]
fn point_06_four_sets_and_a_pair() {
    let yes = [
        "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2",
        "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B3", // B1 B1 + B1 B2 B3
        "W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 W5 W5",
        "W1 W1 W2 W2 W3 W3 W4 W4 W5 W5 W6 W6 W7 W7", // four chows + pair
        "W1 W1 W1 W2 W3 W4 W5 W5 W6 W7 W8 W9 W9 W9", // nine gates + W5
        "T7 T8 T9 T7 T8 T9 B5 B5 B5 W2 W3 W4 T1 T1",
        "W1 W1 W1 W1 B1 B2 B3 B4 B5 B6 T7 T8 T9 T5 T5", // a kong set, 15 tiles
        "W1 W1 W1 W1 W2 W2 W2 W2 W3 W3 W3 W3 W4 W4 W4 W4 W5 W5", // 18 tiles
        "W1 W1 W1 W1 W2 W3 B4 B5 B6 T1 T2 T3 T9 T9",    // W1 pung + W1 W2 W3
    ];
    for hand in yes {
        assert!(is_winning(&counts(hand), &[]), "{hand}");
    }
    let no = [
        "W1 W1 W3 W3 W5 W5 W7 W7 B1 B1 B3 B3 B5 B5", // seven pairs
        "W8 W9 B1 B2 B3 B4 B5 B6 B7 T1 T1 T1 T5 T5", // W8 W9 B1 crosses suits
        "B8 B9 T1 B2 B3 B4 B5 B6 B7 T2 T2 T2 T5 T5", // B8 B9 T1 crosses suits
        "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2",    // 13 tiles
        "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B2 B2 B3", // B1 B1 B2 B2 B3 fits no way
        "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2 B2", // 15 tiles, no kong
        "W1 W1",                                     // a pair is not enough
        "",
        "W1 W1 W1 W2 W2 W2 W3 W3 W3 W4 W4 W4 W5 W5 W6 W6 W6", // five sets + pair
    ];
    for hand in no {
        assert!(!is_winning(&counts(hand), &[]), "{hand}");
    }
}

#[test]
fn point_06_exposed_sets_count_as_they_are() {
    use Exposed::{Kong, Pung};
    let four_pungs = [Pung(t("W1")), Pung(t("W5")), Kong(t("B9")), Pung(t("T3"))];
    assert!(is_winning(&counts("B2 B2"), &four_pungs));
    assert!(!is_winning(&counts("B2 B3"), &four_pungs));
    assert!(is_winning(
        &counts("W1 W2 W3 T5 T5"),
        &[Kong(t("B1")), Pung(t("B2")), Pung(t("T9"))]
    ));
    // The exposed sets' tiles are not in the concealed counts: they cannot
    // be borrowed for a chow.
    assert!(!is_winning(
        &counts("W2 W3 B4 B5 B6 T1 T2 T3 T9 T9 W5"),
        &[Pung(t("W1"))]
    ));
    // More than four exposed sets never win.
    let five = [Pung(0), Pung(1), Pung(2), Pung(3), Pung(4)];
    assert!(!is_winning(&counts(""), &five));
    assert!(!is_winning(&counts("W9 W9"), &five));
    // Concealed tiles must split into exactly 4 - exposed sets.
    assert!(!is_winning(
        &counts("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2"),
        &[Pung(t("T5"))]
    ));
}

/// An independent brute force: enumerate every multiset of sets (chosen
/// from the 75 possible sets, in non-decreasing order so each multiset is
/// tried once) that fits in the hand, and ask whether what is left is one
/// pair. No "lowest tile" argument is used.
fn wins_by_enumeration(hand: &[u8; 27], sets_needed: usize) -> bool {
    let mut all_sets: Vec<[u8; 27]> = Vec::new();
    for k in 0..27 {
        let mut pung = [0u8; 27];
        pung[k] = 3;
        all_sets.push(pung);
        let mut kong = [0u8; 27];
        kong[k] = 4;
        all_sets.push(kong);
        if k % 9 <= 6 {
            let mut chow = [0u8; 27];
            chow[k] = 1;
            chow[k + 1] = 1;
            chow[k + 2] = 1;
            all_sets.push(chow);
        }
    }
    assert_eq!(all_sets.len(), 75);
    fn go(left: &mut [u8; 27], sets: &[[u8; 27]], from: usize, needed: usize) -> bool {
        if needed == 0 {
            let total: u32 = left.iter().map(|&n| u32::from(n)).sum();
            return total == 2 && left.contains(&2);
        }
        for i in from..sets.len() {
            if (0..27).all(|k| left[k] >= sets[i][k]) {
                for k in 0..27 {
                    left[k] -= sets[i][k];
                }
                let found = go(left, sets, i, needed - 1);
                for k in 0..27 {
                    left[k] += sets[i][k];
                }
                if found {
                    return true;
                }
            }
        }
        false
    }
    let mut left = *hand;
    go(&mut left, &all_sets, 0, sets_needed)
}

/// Small deterministic generator for the tests (splitmix64).
pub(super) struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `per_mille / 1000`.
    pub fn chance(&mut self, per_mille: u32) -> bool {
        (self.next() % 1000) < u64::from(per_mille)
    }
}

#[test]
fn point_06_is_winning_agrees_with_set_enumeration() {
    let mut rng = Rng(6);
    let mut wins = 0;
    for case in 0..3000 {
        let exposed_sets = rng.below(4); // 0..=3 exposed sets
        let size = 3 * (4 - exposed_sets) + 2 + usize::from(case % 5 == 0); // sometimes one extra
        let mut hand = [0u8; 27];
        if case % 2 == 0 {
            // Built from random sets and a pair, then maybe one tile changed.
            let mut placed = 0;
            while placed < 4 - exposed_sets {
                let k = rng.below(27);
                let ok = match rng.below(3) {
                    0 if hand[k] <= 1 => {
                        hand[k] += 3;
                        true
                    }
                    1 if k % 9 <= 6 && hand[k] < 4 && hand[k + 1] < 4 && hand[k + 2] < 4 => {
                        hand[k] += 1;
                        hand[k + 1] += 1;
                        hand[k + 2] += 1;
                        true
                    }
                    2 if hand[k] == 0 => {
                        hand[k] += 4;
                        true
                    }
                    _ => false,
                };
                placed += usize::from(ok);
            }
            loop {
                let k = rng.below(27);
                if hand[k] <= 2 {
                    hand[k] += 2;
                    break;
                }
            }
            if rng.chance(500) {
                let from = loop {
                    let k = rng.below(27);
                    if hand[k] > 0 {
                        break k;
                    }
                };
                let to = loop {
                    let k = rng.below(27);
                    if hand[k] < 4 {
                        break k;
                    }
                };
                hand[from] -= 1;
                hand[to] += 1;
            }
        } else {
            // Random tiles from a few neighbouring kinds (dense hands).
            let base = rng.below(20);
            let mut n = 0;
            while n < size {
                let k = base + rng.below(8);
                if hand[k] < 4 {
                    hand[k] += 1;
                    n += 1;
                }
            }
        }
        let exposed: Vec<Exposed> = (0..exposed_sets).map(|i| Exposed::Pung(i as u8)).collect();
        let expected = wins_by_enumeration(&hand, 4 - exposed_sets);
        assert_eq!(
            is_winning(&hand, &exposed),
            expected,
            "hand {:?} with {exposed_sets} exposed",
            hand
        );
        wins += usize::from(expected);
    }
    // Both answers were exercised plenty.
    assert!(wins > 500 && wins < 2500, "wins {wins}");
}

// ----- points 16, 34: the declared target --------------------------------

#[test]
fn point_16_target_validity() {
    use Exposed::{Kong, Pung};
    let sample = ts("W1 W1 W1 T1 T1 T1 B1 B1 B1 B2 B2 B2 T9 T9");
    assert!(target_valid(&sample, &[]));
    assert!(target_valid(&sample, &[Pung(t("W1"))]));
    assert!(target_valid(&sample, &[Pung(t("W1")), Pung(t("B2"))]));
    assert!(
        !target_valid(&sample, &[Pung(t("W5"))]),
        "lacks the exposed pung"
    );
    assert!(
        !target_valid(&sample, &[Kong(t("W1"))]),
        "pung is not the kong"
    );
    // Case-insensitive names.
    let lower = parse_target("w1 w1 w1 t1 t1 t1 b1 b1 b1 b2 b2 b2 t9 t9").unwrap();
    assert_eq!(lower, sample);
    // Length 14..=18.
    assert!(!target_valid(
        &ts("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2"),
        &[]
    ));
    assert!(!target_valid(&ts(""), &[]));
    assert!(target_valid(
        &ts("W1 W1 W1 W1 W2 W2 W2 W2 W3 W3 W3 W3 W4 W4 W4 W4 W5 W5"),
        &[]
    ));
    // Not a winning hand.
    assert!(!target_valid(
        &ts("W1 W1 W3 W3 W5 W5 W7 W7 B1 B1 B3 B3 B5 B5"),
        &[]
    ));
    // Five of a kind is never valid, even if it would "split".
    assert!(!target_valid(
        &ts("W1 W1 W1 W1 W1 W2 W3 B4 B5 B6 T1 T2 T3 T9 T9"),
        &[]
    ));
    // Not tile names: no target.
    assert_eq!(parse_target("W1 W1 X"), None);
    assert_eq!(parse_target(""), Some(vec![]));
}

#[test]
fn point_34_exposed_kong_must_be_a_kong_and_pung_a_pung() {
    use Exposed::{Kong, Pung};
    let kong_target = ts("W1 W1 W1 W1 B1 B2 B3 B4 B5 B6 T7 T8 T9 T5 T5");
    let pung_and_chow = ts("W1 W1 W1 W1 W2 W3 B1 B2 B3 B4 B5 B6 T5 T5");
    // A concealed kong is exposed (point 34): it must be a kong in the target.
    assert!(target_valid(&kong_target, &[Kong(t("W1"))]));
    assert!(!target_valid(&pung_and_chow, &[Kong(t("W1"))]));
    // An exposed pung must stay a pung: four W1 may not be read as its kong.
    assert!(target_valid(&pung_and_chow, &[Pung(t("W1"))]));
    assert!(!target_valid(&kong_target, &[Pung(t("W1"))]));
    // Further kongs are allowed.
    assert!(target_valid(&kong_target, &[]));
    assert!(target_valid(
        &ts("W1 W1 W1 W1 W5 W5 W5 W5 B1 B2 B3 T5 T5 T5 T2 T2"),
        &[Kong(t("W5"))]
    ));
}

// ----- points 17, 18, 35: Hamming distance and chance value --------------

#[test]
fn point_17_hamming_distance_statement_examples() {
    // One tile missing: 1.
    let held = counts("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2");
    let target = counts("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2");
    assert_eq!(hamming(&target, &held), 1);
    // Two missing and one too many: 3.
    let held = counts("W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 T7");
    assert_eq!(hamming(&target, &held), 3);
    // Identical: 0; disjoint: sum of both sizes.
    assert_eq!(hamming(&target, &target), 0);
    assert_eq!(hamming(&counts("W1 W1"), &counts("T9 T9 T9")), 5);
}

#[test]
fn point_18_chance_value_is_the_least_last_position() {
    let table = ts("W1 B2 W1 T3 B2 T7"); // positions 1..=6, L = 6
    let all_hands = counts("B5 B5 T9");
    let held = counts("B5 B5");
    // Needs W1 (last at 3) and T3 (last at 4): 3.
    assert_eq!(
        chance_value(&counts("W1 T3 B5 B5"), &held, &table, &all_hands),
        3
    );
    // Needs T7 (6) and T9 (in a hand: L + 1 = 7): 6.
    assert_eq!(chance_value(&counts("T7 T9"), &held, &table, &all_hands), 6);
    // Needs a third B5: B5 is in a hand: 7.
    assert_eq!(
        chance_value(&counts("B5 B5 B5"), &held, &table, &all_hands),
        7
    );
    // Needs W9, which never occurs: 0.
    assert_eq!(chance_value(&counts("W9 B2"), &held, &table, &all_hands), 0);
    // Kinds the player already has enough of do not count (B2 is short,
    // W1 is not: held has two W1).
    let held = counts("W1 W1");
    assert_eq!(
        chance_value(&counts("W1 W1 B2"), &held, &table, &all_hands),
        5
    );
    // Nothing short: L + 1 by convention (never happens in a game).
    assert_eq!(chance_value(&counts("W1"), &held, &table, &all_hands), 7);
}

// ----- points 15, 19, 35: ranking and points -----------------------------

#[test]
fn point_15_ranking_order() {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let won1 = Standing::Won { order: 1 };
    let won2 = Standing::Won { order: 2 };
    let good = Standing::Playing {
        score: Some((1, 5)),
    };
    let far = Standing::Playing {
        score: Some((2, 50)),
    };
    let late = Standing::Playing {
        score: Some((1, 9)),
    };
    let invalid = Standing::Playing { score: None };
    assert_eq!(compare(won1, won2), Less);
    assert_eq!(compare(won2, good), Less);
    assert_eq!(compare(good, far), Less, "lower Hamming distance first");
    assert_eq!(compare(late, good), Less, "higher chance value first");
    assert_eq!(compare(far, invalid), Less, "any valid target beats none");
    assert_eq!(compare(invalid, Standing::Out), Less);
    assert_eq!(compare(Standing::Out, Standing::Out), Equal);
    assert_eq!(compare(invalid, invalid), Equal);
    assert_eq!(compare(good, good), Equal);
    assert_eq!(compare(Standing::Out, won2), Greater);
    // Places and points of a mixed table.
    assert_eq!(
        rank(&[Standing::Out, late, won1, good]),
        [(4, 2), (2, 6), (1, 8), (3, 4)]
    );
}

#[test]
fn point_19_ties_share_the_average_points() {
    let playing = |h, c| Standing::Playing {
        score: Some((h, c)),
    };
    // Two tied for 2nd get 2.5 each (half points 5).
    assert_eq!(
        rank(&[
            Standing::Won { order: 1 },
            playing(2, 10),
            Standing::Out,
            playing(2, 10)
        ]),
        [(1, 8), (2, 5), (4, 2), (2, 5)]
    );
    // Players put out tie with one another: 1.5 each.
    assert_eq!(
        rank(&[
            Standing::Out,
            Standing::Out,
            Standing::Won { order: 1 },
            Standing::Playing { score: None }
        ]),
        [(3, 3), (3, 3), (1, 8), (2, 6)]
    );
    // Three put out: 2, 1.. average of places 2-4 is 2 points.
    assert_eq!(
        rank(&[
            Standing::Playing { score: None },
            Standing::Out,
            Standing::Out,
            Standing::Out
        ]),
        [(1, 8), (2, 4), (2, 4), (2, 4)]
    );
    // All tied: 2.5 each.
    let none = Standing::Playing { score: None };
    assert_eq!(rank(&[none; 4]), [(1, 5); 4]);
}

#[test]
fn point_35_a_tied_group_takes_the_first_place_it_spans() {
    let same = Standing::Playing {
        score: Some((3, 20)),
    };
    let ranks = rank(&[Standing::Won { order: 1 }, same, same, same]);
    assert_eq!(ranks, [(1, 8), (2, 4), (2, 4), (2, 4)]);
    let total: u32 = ranks.iter().map(|r| u32::from(r.1)).sum();
    assert_eq!(total, 20);
}
