//! The distance tables, exhaustively, one group of kinds at a time.
//!
//! The engine's tables are built per group: a suit's nine counts (or the
//! seven honors') map to the group's best overlaps with at most `m` melds
//! and `p` pairs, `m <= 4`, `p <= 1`, and the groups are then combined. Here
//! every count vector a hand can hold is checked against the oracle's
//! exhaustive search ([`oracle::distance::best_overlap`], run on the group's
//! tiles alone, for every meld and pair budget), both as the engine's group
//! tables give it ([`suit_bests`], [`honor_bests`]) and through `distance`
//! itself, on hands holding that one group padded with special tiles (which
//! never fit) for every meld count the size allows:
//!
//! - every suit vector of at most 14 tiles (405,350 of them; a hand holds at
//!   most 14, and counts above 4 reach the tables as 4), in each of the
//!   three suits' places in turn;
//! - every honor vector, counts 0 to 4 (78,125 of them).
//!
//! What this leaves to sampling is the combination of groups: the man+pin
//! and sou+honors tables, the final table that joins them, and the keys the
//! hand keeps as tiles come and go. The properties
//! `qc_engine_distance_equals_oracle` (random hands over all kinds and over
//! nine neighbouring kinds) and `qc_distance_of_hands_dense_in_every_group_equals_oracle`
//! (hands with several tiles in every group, so groups of many different
//! shapes meet) compare the whole distance with the oracle's whole-hand
//! search, as do the `distance` fuzz target and its corpus.

use mahjong_sim::distance::{distance, honor_bests, suit_bests};
use mahjong_sim::hand::Hand;
use mahjong_sim::tile::{KINDS, ORDINARY_KINDS};
use oracle::distance::best_overlap;

/// Every vector of `N` counts 0..=4 holding at most `most` tiles.
fn vectors<const N: usize>(most: usize) -> Vec<[u8; N]> {
    let mut out = Vec::new();
    let mut v = [0u8; N];
    loop {
        if v.iter().map(|&c| c as usize).sum::<usize>() <= most {
            out.push(v);
        }
        // Next vector in base 5, the first count lowest.
        let Some(i) = v.iter().position(|&c| c < 4) else {
            return out;
        };
        v[..i].fill(0);
        v[i] += 1;
    }
}

/// The oracle's best overlaps of `counts` placed at kind `at`.
fn oracle_bests(counts: &[u8], at: usize) -> [[u8; 2]; 5] {
    let mut have = [0u8; ORDINARY_KINDS];
    have[at..at + counts.len()].copy_from_slice(counts);
    let mut bests = [[0u8; 2]; 5];
    for (m, row) in bests.iter_mut().enumerate() {
        for (p, best) in row.iter_mut().enumerate() {
            *best = best_overlap(&have, m, p);
        }
    }
    bests
}

/// The engine's distance of `counts` placed at kind `at`, padded with PASS
/// tiles to a full hand, for every meld count whose hand size holds them,
/// against the oracle's bests with a pair.
fn check_distance(counts: &[u8], at: usize, bests: &[[u8; 2]; 5]) {
    let tiles: usize = counts.iter().map(|&c| c as usize).sum();
    for melds in 0..=4u8 {
        let full = 14 - 3 * melds as usize;
        if tiles > full {
            break;
        }
        let mut all = [0u8; KINDS];
        all[at..at + counts.len()].copy_from_slice(counts);
        all[ORDINARY_KINDS] = (full - tiles) as u8;
        let hand = Hand::from_counts(all);
        let want = bests[4 - melds as usize][1];
        assert_eq!(
            distance(&hand, melds),
            Ok(full as u8 - want),
            "{hand} with {melds} melds"
        );
    }
}

/// Runs `check` on every item, the items shared between two threads.
fn on_two_threads<T: Sync>(items: &[T], check: impl Fn(&T) + Sync) {
    let half = items.len() / 2;
    std::thread::scope(|s| {
        let check = &check;
        s.spawn(move || items[..half].iter().for_each(check));
        items[half..].iter().for_each(check);
    });
}

#[test]
fn every_suit_vector_of_at_most_14_tiles_and_every_budget() {
    let all = vectors::<9>(14);
    assert_eq!(all.len(), 405_350);
    let places = [0, 9, 18];
    let indexed: Vec<(usize, [u8; 9])> = all.into_iter().enumerate().collect();
    on_two_threads(&indexed, |(i, counts)| {
        let want = oracle_bests(counts, 0);
        assert_eq!(suit_bests(counts), want, "suit {counts:?}");
        check_distance(counts, places[i % 3], &want);
    });
}

#[test]
fn every_honor_vector_and_every_budget() {
    let all = vectors::<7>(28);
    assert_eq!(all.len(), 78_125);
    on_two_threads(&all, |counts| {
        let want = oracle_bests(counts, 27);
        assert_eq!(honor_bests(counts), want, "honors {counts:?}");
        check_distance(counts, 27, &want);
    });
}

#[test]
fn counts_above_four_are_read_as_four() {
    for k in 0..9 {
        let mut counts = [1u8; 9];
        counts[k] = 4;
        let mut more = counts;
        more[k] = 7;
        assert_eq!(suit_bests(&more), suit_bests(&counts));
    }
    assert_eq!(
        honor_bests(&[9, 0, 0, 0, 0, 0, 2]),
        honor_bests(&[4, 0, 0, 0, 0, 0, 2])
    );
}
