//! MCR: the fan calculator on winning hands and shanten on 13-tile hands,
//! from a fixed seed. The target is 0.8 us a winning hand
//! (MahjongGB 1.4.0 measured 7.9 us natively on this kind of machine).
//!
//! Winning hands: four random sets and a pair within four copies a kind,
//! concealed, or with one to four of the sets melded (claimed), the winning
//! tile a random standing tile, on a discard or self-drawn.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mahjong_sim::mcr::shanten::{best, best_number};
use mahjong_sim::mcr::{calculate, Hand, Meld, MeldKind, Reading, Tile, WinContext};
use mahjong_sim::rng::Rng;
use std::hint::black_box;

const HANDS: usize = 4096;

fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

/// A random winning hand with `melds` melds.
fn winning_hand(rng: &mut Rng, melds: usize) -> (Hand, WinContext) {
    loop {
        let mut counts = [0u8; 34];
        let mut sets = Vec::new();
        let mut ok = true;
        for _ in 0..4 {
            let chow = rng.below(3) != 0;
            let (kind, start) = if chow {
                (MeldKind::Chow, rng.below(3) * 9 + rng.below(7))
            } else {
                (MeldKind::Pung, rng.below(34))
            };
            let tiles: Vec<usize> = match kind {
                MeldKind::Chow => vec![start, start + 1, start + 2],
                _ => vec![start; 3],
            };
            for &t in &tiles {
                counts[t] += 1;
                ok &= counts[t] <= 4;
            }
            sets.push((kind, start, tiles));
        }
        let pair = rng.below(34);
        counts[pair] += 2;
        if !ok || counts[pair] > 4 {
            continue;
        }
        let mut hand = Hand {
            melds: Vec::new(),
            standing: Vec::new(),
        };
        for (i, (kind, start, tiles)) in sets.into_iter().enumerate() {
            if i < melds {
                let t = if kind == MeldKind::Chow {
                    start + 1
                } else {
                    start
                };
                hand.melds.push(Meld {
                    kind,
                    tile: tile(t),
                    offer: 1 + rng.below(3) as u8,
                });
            } else {
                hand.standing.extend(tiles.into_iter().map(tile));
            }
        }
        hand.standing.extend([tile(pair), tile(pair)]);
        let w = rng.below(hand.standing.len());
        let win = hand.standing.remove(w);
        let mut ctx = WinContext::on(win);
        ctx.self_drawn = rng.below(2) == 0;
        ctx.seat_wind = rng.below(4) as u8;
        ctx.prevalent_wind = rng.below(4) as u8;
        return (hand, ctx);
    }
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(51);
    let mut group = c.benchmark_group("mcr");
    for (name, melds) in [("concealed", 0), ("melds", 5)] {
        let hands: Vec<(Hand, WinContext)> = (0..HANDS)
            .map(|i| {
                let n = if melds == 5 { 1 + i % 4 } else { 0 };
                winning_hand(&mut rng, n)
            })
            .collect();
        let mut i = 0;
        group.bench_function(BenchmarkId::new("fan", name), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                let (h, ctx) = &hands[i];
                black_box(calculate(black_box(h), ctx, Reading::V1_4_0).unwrap())
            })
        });
    }
    let deck: Vec<Tile> = (0..136).map(|i| tile(i / 4)).collect();
    let hands: Vec<Vec<Tile>> = (0..HANDS)
        .map(|_| {
            let mut d = deck.clone();
            rng.shuffle(&mut d);
            d.truncate(13);
            d
        })
        .collect();
    // The number alone, as MahjongGB's MahjongShanten gives it.
    let mut i = 0;
    group.bench_function(BenchmarkId::new("shanten", "random-13"), |b| {
        b.iter(|| {
            i = (i + 1) % HANDS;
            black_box(best_number(black_box(&hands[i])))
        })
    });
    // With every form's useful tiles.
    let mut i = 0;
    group.bench_function(BenchmarkId::new("shanten-useful", "random-13"), |b| {
        b.iter(|| {
            i = (i + 1) % HANDS;
            black_box(best(black_box(&hands[i])))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
