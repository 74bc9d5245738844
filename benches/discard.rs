//! Best discard of a full hand: the one call the game makes, against asking
//! the distance of every candidate, and against xiangting's
//! `calculate_unnecessary_tiles` (all discards that keep its number) on the
//! same hands. Hands come from a fixed seed.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mahjong_sim::distance::{best_discard, distance};
use mahjong_sim::hand::Hand;
use mahjong_sim::rng::{random_hand, Rng};
use mahjong_sim::thupc2021::game::DISCARD_ORDER;
use std::hint::black_box;

const HANDS: usize = 4096;

fn each_candidate(h: &Hand, n: u8) -> (usize, u8) {
    let mut best = (0, u8::MAX);
    for k in (0..34).rev() {
        if h.counts()[k] > 0 {
            let mut rest = *h;
            rest.remove(mahjong_sim::tile::Tile::from_index(k).unwrap());
            let d = distance(&rest, n).unwrap();
            if d < best.1 {
                best = (k, d);
            }
        }
    }
    best
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(2014);
    let sets: Vec<(&str, Vec<(Hand, u8)>)> = vec![
        (
            "random14",
            (0..HANDS).map(|_| (random_hand(&mut rng, 14), 0)).collect(),
        ),
        (
            "melds",
            (0..HANDS)
                .map(|i| {
                    let n = 1 + (i % 4) as u8;
                    (random_hand(&mut rng, 14 - 3 * n as usize), n)
                })
                .collect(),
        ),
    ];
    let mut group = c.benchmark_group("discard");
    for (name, hands) in &sets {
        let mut i = 0;
        group.bench_function(BenchmarkId::new("best_discard", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                let (h, n) = &hands[i];
                black_box(best_discard(black_box(h), *n, &DISCARD_ORDER).unwrap())
            })
        });
        let mut i = 0;
        group.bench_function(BenchmarkId::new("distance_per_candidate", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                let (h, n) = &hands[i];
                black_box(each_candidate(black_box(h), *n))
            })
        });
        let counts: Vec<[u8; 34]> = hands.iter().map(|(h, _)| h.ordinary_counts()).collect();
        let mut i = 0;
        group.bench_function(BenchmarkId::new("xiangting_unnecessary_tiles", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                black_box(
                    xiangting::calculate_unnecessary_tiles(
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
