//! Swiss rounds (points 24-26): who sits at which table and seat in each
//! round, from the seed and the totals so far, and the standings. Pure: the
//! tournament command plays the games.
//!
//! - Round 1 orders the bots by a seeded shuffle; later rounds by total
//!   points, highest first, ties in a seeded shuffle of their own. Places
//!   1-4 form table 1, 5-8 table 2, and so on.
//! - When the number of bots is not a multiple of four, house bots fill the
//!   last table (point 25); they score nothing and are not standings.
//! - Within a table the seats are a seeded shuffle; each table's wall has
//!   its own seed. The same seed gives the same tournament (point 26).
//! - Duplicate format: a table plays its wall four times, the seats rotated
//!   one place each time, so each bot plays the wall from every seat.

use super::ruleset::PLAYERS;
use crate::rng::Rng;

/// Who sits in a chair: a bot of the tournament (its index) or a house bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chair {
    /// The tournament's bot with this index.
    Bot(usize),
    /// A house bot (the built-in greedy bot), filling the last table.
    House,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The round, from 1.
    pub round: u32,
    /// The table in the round, from 1 (table 1 holds the leaders).
    pub number: u32,
    /// Who sits at seats 0..3 in the table's first game (seat 0 deals).
    pub chairs: [Chair; PLAYERS],
    /// The seed of the table's wall.
    pub wall_seed: u64,
}

impl Table {
    /// Who sits at seats 0..3 in game `game` (0-based) of the table: in the
    /// duplicate format each game moves everyone one seat on.
    pub fn seats(&self, game: usize) -> [Chair; PLAYERS] {
        std::array::from_fn(|s| self.chairs[(s + PLAYERS - game % PLAYERS) % PLAYERS])
    }
}

/// A seed for one purpose of one round: the tournament's seed mixed with
/// the round and a tag, so that rounds and purposes do not share draws.
fn seed_for(seed: u64, round: u32, tag: u64) -> u64 {
    let mut rng = Rng::new(
        seed ^ (u64::from(round) << 32)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(tag),
    );
    rng.next_u64()
}

/// The tables of round `round` (from 1) for `totals.len()` bots, given each
/// bot's total so far (any unit; only the order matters).
pub fn pair_round(seed: u64, round: u32, totals: &[i64]) -> Vec<Table> {
    let n = totals.len();
    let mut order: Vec<usize> = (0..n).collect();
    Rng::new(seed_for(seed, round, 1)).shuffle(&mut order);
    if round > 1 {
        // Leaders first, by their totals so far. Stable: ties keep the
        // shuffled order, so the shuffle breaks ties.
        order.sort_by_key(|&b| std::cmp::Reverse(totals[b]));
    }
    let mut seats_rng = Rng::new(seed_for(seed, round, 2));
    let mut walls_rng = Rng::new(seed_for(seed, round, 3));
    order
        .chunks(PLAYERS)
        .enumerate()
        .map(|(i, group)| {
            let mut chairs = [Chair::House; PLAYERS];
            for (c, &b) in chairs.iter_mut().zip(group) {
                *c = Chair::Bot(b);
            }
            seats_rng.shuffle(&mut chairs);
            Table {
                round,
                number: i as u32 + 1,
                chairs,
                wall_seed: walls_rng.next_u64(),
            }
        })
        .collect()
}

/// One bot's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Standing {
    /// 1 + the number of bots with more points (ties share a place).
    pub place: usize,
    /// The bot's index.
    pub bot: usize,
    /// Twice its total points (points may come in halves).
    pub half_points: i64,
}

/// The standings by total points, highest first; ties share the higher
/// place and are listed in bot order.
pub fn standings(half_points: &[i64]) -> Vec<Standing> {
    let mut order: Vec<usize> = (0..half_points.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(half_points[b]), b));
    order
        .iter()
        .map(|&b| Standing {
            place: 1 + half_points.iter().filter(|&&h| h > half_points[b]).count(),
            bot: b,
            half_points: half_points[b],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bots_of(tables: &[Table]) -> Vec<usize> {
        let mut all: Vec<usize> = tables
            .iter()
            .flat_map(|t| t.chairs)
            .filter_map(|c| match c {
                Chair::Bot(b) => Some(b),
                Chair::House => None,
            })
            .collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn every_bot_sits_once_and_house_bots_fill_only_the_last_table() {
        for n in 1..=13 {
            let tables = pair_round(7, 1, &vec![0; n]);
            assert_eq!(tables.len(), n.div_ceil(4));
            assert_eq!(bots_of(&tables), (0..n).collect::<Vec<_>>());
            for t in &tables[..tables.len() - 1] {
                assert!(t.chairs.iter().all(|c| *c != Chair::House));
            }
            let houses = tables
                .last()
                .unwrap()
                .chairs
                .iter()
                .filter(|c| **c == Chair::House)
                .count();
            assert_eq!(houses, (4 - n % 4) % 4);
        }
    }

    #[test]
    fn later_rounds_seat_the_leaders_together() {
        let totals = [3, 40, 7, 12, 33, 0, 21, 8];
        let tables = pair_round(1, 2, &totals);
        let table_of = |t: &Table| -> Vec<i64> {
            t.chairs
                .iter()
                .map(|c| match c {
                    Chair::Bot(b) => totals[*b],
                    Chair::House => unreachable!(),
                })
                .collect()
        };
        let (a, b) = (table_of(&tables[0]), table_of(&tables[1]));
        assert!(a.iter().min() > b.iter().max(), "{a:?} then {b:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_round_and_another_seed_another() {
        let totals = [0; 8];
        assert_eq!(pair_round(5, 1, &totals), pair_round(5, 1, &totals));
        let differ = (0..20u64).any(|s| pair_round(s, 1, &totals) != pair_round(5, 1, &totals));
        assert!(differ);
        // Ties are broken by the seed too.
        let firsts: std::collections::HashSet<_> = (0..40u64)
            .map(|s| pair_round(s, 3, &totals)[0].chairs)
            .collect();
        assert!(firsts.len() > 1);
    }

    #[test]
    fn duplicate_games_rotate_every_chair_through_every_seat() {
        let t = &pair_round(3, 1, &[0; 4])[0];
        assert_eq!(t.seats(0), t.chairs);
        for chair in t.chairs {
            let seats: Vec<usize> = (0..4)
                .map(|g| t.seats(g).iter().position(|&c| c == chair).unwrap())
                .collect();
            let mut sorted = seats.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2, 3], "{seats:?}");
        }
    }

    #[test]
    fn standings_share_places_on_ties() {
        let s = standings(&[10, 30, 10, 25]);
        let places: Vec<(usize, usize)> = s.iter().map(|s| (s.bot, s.place)).collect();
        assert_eq!(places, vec![(1, 1), (3, 2), (0, 3), (2, 3)]);
    }

    /// In game `g + 1` every chair sits one seat on from where it sat in
    /// game `g`, and tables are numbered from 1.
    #[test]
    fn each_game_moves_everyone_one_seat_on_and_tables_count_from_1() {
        let tables = pair_round(3, 1, &[0; 8]);
        assert_eq!(tables.iter().map(|t| t.number).collect::<Vec<_>>(), [1, 2]);
        let t = &tables[0];
        for g in 0..4 {
            let (now, next) = (t.seats(g), t.seats(g + 1));
            for s in 0..4 {
                assert_eq!(next[(s + 1) % 4], now[s], "game {g}, seat {s}");
            }
        }
    }

    /// A tournament's rounds and purposes do not share a stream, and
    /// another tournament seed gives another stream for each of them.
    #[test]
    fn seeds_differ_by_round_and_purpose_and_by_seed() {
        let mut within = vec![std::collections::HashSet::new(); 8];
        for round in 1..=8 {
            for tag in 1..=3 {
                let mut across = std::collections::HashSet::new();
                for seed in 0..8 {
                    let s = seed_for(seed, round, tag);
                    assert!(within[seed as usize].insert(s), "{seed} {round} {tag}");
                    assert!(across.insert(s), "{seed} {round} {tag}");
                }
            }
        }
    }
}
