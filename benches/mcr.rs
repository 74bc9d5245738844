//! MCR: the fan calculator on winning hands and shanten on 13-tile hands,
//! from a fixed seed, each beside MahjongGB 1.4.0 on the same hands in the
//! same run (`*-mahjonggb`: the reference compiled by `oracle::mahjonggb`
//! from `../shared/anchors/mcr/MahjongGB` with `g++ -O2`, called
//! in-process; skipped with a message when the sources or g++ are
//! missing). The target is 0.8 us a winning hand.
//!
//! Winning hands: four random sets and a pair within four copies a kind,
//! concealed, or with one to four of the sets melded (claimed), the winning
//! tile a random standing tile, on a discard or self-drawn.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mahjong_sim::mcr::shanten::{best, best_number, FORMS};
use mahjong_sim::mcr::{calculate, Hand, Meld, MeldKind, Reading, Tile, WinContext};
use mahjong_sim::rng::Rng;
use oracle::mahjonggb::MahjongGb;
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

/// The reference, or `None` after saying why it is skipped.
fn mahjonggb() -> Option<&'static MahjongGb> {
    static SAID: std::sync::Once = std::sync::Once::new();
    match oracle::mahjonggb::load() {
        Ok(m) => Some(m),
        Err(why) => {
            SAID.call_once(|| eprintln!("SKIPPED the MahjongGB benchmarks: {why}"));
            None
        }
    }
}

fn fans(c: &mut Criterion) {
    let mgb = mahjonggb();
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
        if let Some(m) = mgb {
            let mut i = 0;
            group.bench_function(BenchmarkId::new("fan-mahjonggb", name), |b| {
                b.iter(|| {
                    i = (i + 1) % HANDS;
                    let (h, ctx) = &hands[i];
                    black_box(m.fan(black_box(h), ctx).unwrap())
                })
            });
        }
    }
    group.finish();
}

fn shanten(c: &mut Criterion) {
    let mgb = mahjonggb();
    let mut rng = Rng::new(52);
    let mut group = c.benchmark_group("mcr");
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
    if let Some(m) = mgb {
        let mut i = 0;
        group.bench_function(BenchmarkId::new("shanten-mahjonggb", "random-13"), |b| {
            b.iter(|| {
                i = (i + 1) % HANDS;
                black_box(m.best_shanten(black_box(&hands[i])))
            })
        });
    }
    // With every form's useful tiles.
    let mut i = 0;
    group.bench_function(BenchmarkId::new("shanten-useful", "random-13"), |b| {
        b.iter(|| {
            i = (i + 1) % HANDS;
            black_box(best(black_box(&hands[i])))
        })
    });
    // MahjongGB's five forms, each with its useful tiles.
    if let Some(m) = mgb {
        let mut i = 0;
        group.bench_function(
            BenchmarkId::new("shanten-useful-mahjonggb", "random-13"),
            |b| {
                b.iter(|| {
                    i = (i + 1) % HANDS;
                    let h = black_box(&hands[i]);
                    black_box(FORMS.map(|f| m.shanten(f, h)))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, fans, shanten);
criterion_main!(benches);
