//! Quickcheck properties of the distance and the game. `QUICKCHECK_TESTS`
//! (default 100) sets the cases per distance property; game properties run a
//! tenth as many, since each plays whole games in both simulators.

use mahjong_sim::distance::{best_discard, distance};
use mahjong_sim::hand::Hand;
use mahjong_sim::thupc2021::game::DISCARD_ORDER;
use mahjong_sim::tile::Tile;
use oracle::compare as check;
use oracle::engine::Production;
use oracle::input::{AnalyzeInput, HandInput, WallInput};
use oracle::target::{self, Target};
use quickcheck::{QuickCheck, TestResult, Testable};

fn cases(divisor: u64) -> u64 {
    let base = std::env::var("QUICKCHECK_TESTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100u64);
    (base / divisor).max(10)
}

fn qc<A: Testable>(divisor: u64, property: A) {
    let n = cases(divisor);
    QuickCheck::new()
        .tests(n)
        .max_tests(n * 20)
        .quickcheck(property);
}

/// Engine equals oracle on `QUICKCHECK_TESTS / CASE_DIVISOR` random inputs.
fn engine_equals_oracle<T: Target>()
where
    T::Input: quickcheck::Arbitrary,
{
    qc(
        T::CASE_DIVISOR,
        (|input: T::Input| verdict(T::check(&Production, &input))) as fn(T::Input) -> TestResult,
    );
}

/// One engine-equals-oracle property per target.
macro_rules! engine_equals_oracle {
    ($($name:ident: $target:ty),* $(,)?) => {$(
        #[test]
        fn $name() {
            engine_equals_oracle::<$target>();
        }
    )*};
}

engine_equals_oracle! {
    qc_engine_distance_equals_oracle: target::Distance,
    qc_engine_and_oracle_game_logs_are_equal: target::Game,
    qc_noi2014_engine_equals_oracle: target::Noi2014,
    qc_mcr_engine_fans_and_shanten_equal_oracle: target::McrFans,
    qc_mcr_judge_engine_equals_oracle: target::McrJudge,
}

/// The MCR generator is not degenerate: of 30,000 inputs (a few seconds),
/// a large share win but not nearly all, and every fan of the table (the
/// 81, flowers and 明暗杠) is hit at least 200 times (the targeted
/// patterns give each about 1% of inputs: 1,000 in 100,000, as
/// `examples/mcr_coverage` prints). A generator that silently stopped
/// reaching some hand would fail here before the properties went blind.
#[test]
fn mcr_generator_wins_often_and_hits_every_fan() {
    let c = oracle::mcr_harness::coverage(30_000, 1);
    assert!(
        c.wins * 4 > c.inputs && c.wins * 5 < c.inputs * 4,
        "{} of {} inputs win",
        c.wins,
        c.inputs
    );
    assert!(c.missed().is_empty(), "never hit: {:?}", c.missed());
    let rare: Vec<_> = (1..c.hits.len())
        .filter(|&i| c.hits[i] < 200)
        .map(|i| (mahjong_sim::mcr::Fan::from_index(i), c.hits[i]))
        .collect();
    assert!(rare.is_empty(), "hit fewer than 200 times: {rare:?}");
}
// The analysis target's check is the five `analysis` properties below, each
// run on its own for a clearer name.

fn verdict(r: Result<(), check::Failure>) -> TestResult {
    match r {
        Ok(()) => TestResult::passed(),
        Err(f) => TestResult::error(f.to_string()),
    }
}

fn d(h: &HandInput) -> u8 {
    distance(&h.hand(), h.melds).expect("HandInput sizes fit")
}

/// The hand with every tile mapped through `f`.
fn mapped(h: &HandInput, f: impl Fn(Tile) -> Tile) -> HandInput {
    HandInput {
        tiles: h.tiles.iter().map(|&t| f(t)).collect(),
        melds: h.melds,
    }
}

/// The permutation of `0..n` numbered `seed` (mod n!).
fn permutation(n: usize, mut seed: u64) -> Vec<usize> {
    let mut left: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n);
    while !left.is_empty() {
        let i = (seed % left.len() as u64) as usize;
        seed /= left.len() as u64;
        out.push(left.remove(i));
    }
    out
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("kind index")
}

/// The combination of groups, which `tests/exhaustive.rs` leaves to
/// sampling: hands with tiles in every group, each group dense (its tiles
/// from a window of three or four neighbouring kinds, so pairs, pungs,
/// chows and partial ones are common), against the oracle's whole-hand
/// search. `picks` chooses each tile's group and place in its window.
#[test]
fn qc_distance_of_hands_dense_in_every_group_equals_oracle() {
    fn prop(melds: u8, short: bool, windows: (u8, u8, u8, u8), picks: Vec<u8>) -> TestResult {
        let melds = melds % 5;
        let size = 14 - 3 * melds as usize - usize::from(short);
        let w = [windows.0, windows.1, windows.2, windows.3];
        // The window of group g: 4 kinds from a suit, 3 from the honors,
        // starting anywhere they fit.
        let window = |g: usize| -> (usize, usize) {
            if g < 3 {
                (9 * g + w[g] as usize % 6, 4)
            } else {
                (27 + w[g] as usize % 5, 3)
            }
        };
        let mut tiles = Vec::with_capacity(size);
        for i in 0..size {
            let x = picks.get(i).copied().unwrap_or(i as u8) as usize;
            // Every group gets tiles: the first four go one to a group.
            let g = if i < 4 { i } else { x % 4 };
            let (start, len) = window(g);
            tiles.push(tile(start + x / 4 % len));
        }
        verdict(target::Distance::check(
            &Production,
            &HandInput { tiles, melds },
        ))
    }
    qc(
        1,
        prop as fn(u8, bool, (u8, u8, u8, u8), Vec<u8>) -> TestResult,
    );
}

#[test]
fn qc_distance_unchanged_when_suits_are_permuted() {
    fn prop(h: HandInput, seed: u64) -> bool {
        let p = permutation(3, seed);
        let g = mapped(&h, |t| {
            if t.is_suited() {
                tile(p[t.index() / 9] * 9 + t.index() % 9)
            } else {
                t
            }
        });
        d(&h) == d(&g)
    }
    qc(1, prop as fn(HandInput, u64) -> bool);
}

#[test]
fn qc_distance_unchanged_when_numbers_are_mirrored() {
    fn prop(h: HandInput) -> bool {
        let g = mapped(&h, |t| {
            if t.is_suited() {
                tile(t.index() / 9 * 9 + 8 - t.index() % 9)
            } else {
                t
            }
        });
        d(&h) == d(&g)
    }
    qc(1, prop as fn(HandInput) -> bool);
}

#[test]
fn qc_distance_unchanged_when_honors_are_permuted() {
    fn prop(h: HandInput, seed: u64) -> bool {
        let p = permutation(7, seed);
        let g = mapped(&h, |t| {
            if t.is_honor() {
                tile(27 + p[t.index() - 27])
            } else {
                t
            }
        });
        d(&h) == d(&g)
    }
    qc(1, prop as fn(HandInput, u64) -> bool);
}

#[test]
fn qc_adding_a_tile_changes_the_distance_by_at_most_one() {
    fn prop(h: HandInput, extra: u8) -> TestResult {
        let mut short = h.clone();
        if short.tiles.len() == 14 - 3 * short.melds as usize {
            short.tiles.pop();
        }
        let mut long = short.clone();
        long.tiles.push(tile(extra as usize % 37));
        let (before, after) = (d(&short), d(&long));
        // The target size is the same, and one more tile adds at most one
        // to the overlap: the distance stays or drops by one.
        TestResult::from_bool(after == before || after + 1 == before)
    }
    qc(1, prop as fn(HandInput, u8) -> TestResult);
}

#[test]
fn qc_full_hand_has_the_distance_of_its_best_discard() {
    fn prop(h: HandInput, extra: u8) -> TestResult {
        let mut full = h.clone();
        if full.tiles.len() < 14 - 3 * full.melds as usize {
            full.tiles.push(tile(extra as usize % 37));
        }
        let hand = full.hand();
        let own = d(&full);
        let after: Vec<u8> = hand
            .kinds()
            .map(|t| {
                let mut rest: Hand = hand;
                rest.remove(t);
                distance(&rest, full.melds).unwrap()
            })
            .collect();
        let best = *after.iter().min().unwrap();
        let ok = if own == 0 {
            after.iter().all(|&x| x == 1)
        } else {
            best == own
        };
        let choice = best_discard(&hand, full.melds, &DISCARD_ORDER).unwrap();
        // The engine's one-call choice: the least distance, the highest kind.
        let first_best = hand
            .kinds()
            .rev()
            .zip(after.iter().rev())
            .find(|&(_, &x)| x == best)
            .map(|(t, _)| t);
        TestResult::from_bool(
            ok && choice.after == best && choice.before == own && Some(choice.tile) == first_best,
        )
    }
    qc(1, prop as fn(HandInput, u8) -> TestResult);
}

#[test]
fn qc_explain_verdicts_agree_with_the_events_that_follow() {
    fn prop(w: WallInput) -> TestResult {
        verdict(check::explain_verdicts(&Production, &w))
    }
    qc(10, prop as fn(WallInput) -> TestResult);
}

#[test]
fn qc_every_game_log_is_well_formed() {
    fn prop(w: WallInput) -> TestResult {
        let wall = w.wall();
        verdict(check::well_formed(
            &wall,
            &mahjong_sim::thupc2021::game::play(&wall),
        ))
    }
    qc(10, prop as fn(WallInput) -> TestResult);
}

#[test]
fn qc_listed_decompositions_use_exactly_the_hand_and_are_valid() {
    fn prop(a: AnalyzeInput) -> TestResult {
        verdict(check::decompositions_valid(&Production, &a))
    }
    qc(1, prop as fn(AnalyzeInput) -> TestResult);
}

#[test]
fn qc_engine_and_oracle_decompositions_are_equal_as_sets() {
    fn prop(a: AnalyzeInput) -> TestResult {
        verdict(check::decompositions_match(&Production, &a))
    }
    qc(1, prop as fn(AnalyzeInput) -> TestResult);
}

#[test]
fn qc_ready_hand_has_a_possible_wait_iff_distance_is_one() {
    fn prop(a: AnalyzeInput) -> TestResult {
        verdict(check::wait_iff_distance_one(&Production, &a))
    }
    qc(1, prop as fn(AnalyzeInput) -> TestResult);
}

#[test]
fn qc_hand_wins_iff_distance_is_zero() {
    fn prop(a: AnalyzeInput) -> TestResult {
        verdict(check::win_iff_distance_zero(&Production, &a))
    }
    qc(1, prop as fn(AnalyzeInput) -> TestResult);
}

#[test]
fn qc_whole_analysis_equals_the_definition() {
    fn prop(a: AnalyzeInput) -> TestResult {
        verdict(check::verdict_matches(&Production, &a))
    }
    qc(1, prop as fn(AnalyzeInput) -> TestResult);
}

#[test]
fn qc_noi2014_points_sum_to_10_and_places_agree_with_points() {
    fn prop(input: oracle::noi2014_harness::Noi2014Input) -> TestResult {
        // A panic (a bot or the judge) is reported with the input, which
        // quickcheck cannot show for a panicking property.
        let run = std::panic::catch_unwind(|| oracle::noi2014_harness::engine(&input));
        let Ok((_, outcome)) = run else {
            return TestResult::error(format!("the engine panicked\n  input: {input:?}"));
        };
        match oracle::noi2014_harness::ranking(&outcome) {
            Ok(()) => TestResult::passed(),
            Err(e) => TestResult::error(format!("{e}\n  input: {input:?}")),
        }
    }
    qc(
        1,
        prop as fn(oracle::noi2014_harness::Noi2014Input) -> TestResult,
    );
}

/// The MCR judge harness is not degenerate: of 2,000 generated games
/// (official readings), some end in each way (a win, a draw, each kind of
/// penalty) and some have kongs, claims and flowers drawn in play.
#[test]
fn mcr_judge_games_reach_every_end_and_move() {
    let c = oracle::mcr_judge_harness::coverage(2_000, 1);
    eprintln!("{c:?}");
    assert_eq!(c.games, 2_000, "every generated wall is playable");
    for (what, n) in [
        ("wins", c.wins),
        ("draws", c.draws),
        ("WA penalties", c.wrong),
        ("WH penalties", c.wrong_hu),
        ("failed runs", c.failed),
        ("games with a kong", c.kongs),
        ("games with a claim", c.claims),
        ("games with a flower in play", c.flowers),
    ] {
        assert!(n > 0, "no {what} in {c:?}");
    }
}
