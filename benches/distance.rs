//! Winning distance: ours against xiangting's `calculate_replacement_number`
//! on the same hands in the same run. Hands come from a fixed seed.
//!
//! xiangting computes the replacement number (shanten + 1) as the least of
//! the standard form, seven pairs and thirteen orphans; ours computes the
//! standard form with explicit melds, special tiles and the four-copy rule.
//!
//! `mahjong-sim` measures a call on a `Hand`, which keeps its table keys up
//! to date as tiles come and go (what the game does); `mahjong-sim-from-counts`
//! starts from raw counts, as xiangting does, and builds the keys in the call
//! (`distance_from_counts`); `mahjong-sim-hand-from-counts` builds a `Hand`
//! from them first.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mahjong_sim::distance::{distance, distance_from_counts};
use mahjong_sim::hand::Hand;
use mahjong_sim::rng::{flush_hand, random_hand, Rng};
use std::hint::black_box;

const HANDS: usize = 4096;

/// (name, hands with their meld counts)
fn sets() -> Vec<(&'static str, Vec<(Hand, u8)>)> {
    let mut rng = Rng::new(2021);
    let random = (0..HANDS)
        .map(|i| (random_hand(&mut rng, 13 + i % 2), 0))
        .collect();
    let flush = (0..HANDS)
        .map(|i| (flush_hand(&mut rng, 13 + i % 2), 0))
        .collect();
    let melds = (0..HANDS)
        .map(|i| {
            let n = 1 + (i % 4) as u8;
            (random_hand(&mut rng, 13 - 3 * n as usize + (i / 4) % 2), n)
        })
        .collect();
    vec![("random", random), ("flush", flush), ("melds", melds)]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("distance");
    for (name, hands) in sets() {
        let counts: Vec<[u8; 34]> = hands.iter().map(|(h, _)| h.ordinary_counts()).collect();
        let mut i = 0;
        group.bench_function(BenchmarkId::new("mahjong-sim", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                let (h, n) = &hands[i];
                black_box(distance(black_box(h), *n).unwrap())
            })
        });
        // The same starting point as xiangting: raw counts, keys built in the call.
        // Counts and meld count side by side, as xiangting's counts are: the
        // loop reads nothing else.
        let raw: Vec<([u8; 37], u8)> = hands.iter().map(|(h, n)| (*h.counts(), *n)).collect();
        let mut i = 0;
        group.bench_function(BenchmarkId::new("mahjong-sim-from-counts", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                let (counts, n) = &raw[i];
                black_box(distance_from_counts(black_box(counts), *n).unwrap())
            })
        });
        // The same through a `Hand` built from the counts in the call.
        let mut i = 0;
        group.bench_function(
            BenchmarkId::new("mahjong-sim-hand-from-counts", name),
            |b| {
                b.iter(|| {
                    i = (i + 1) % HANDS;
                    let (counts, n) = &raw[i];
                    let h = Hand::from_counts(*black_box(counts));
                    black_box(distance(&h, *n).unwrap())
                })
            },
        );
        let mut i = 0;
        group.bench_function(BenchmarkId::new("xiangting", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                black_box(
                    xiangting::calculate_replacement_number(
                        black_box(&counts[i]),
                        xiangting::PlayerCount::Four,
                    )
                    .unwrap(),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
