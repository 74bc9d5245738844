//! Whole NOI2014 games, wall to result, with four in-process greedy bots,
//! over uniformly shuffled walls from a fixed seed. The goal is at least
//! 20,000 games a second on one core (50 us a game).
//!
//! (Batched stepping: `benches/vector.rs`, beside MCR's.)

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mahjong_sim::named::WallFamily;
use mahjong_sim::noi2014::games::families::{walls, Family};
use mahjong_sim::noi2014::games::play::play_greedy;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("noi2014");
    group.throughput(Throughput::Elements(1));
    for family in [Family::Uniform, Family::Long] {
        let ws = walls(family, 2014, if family == Family::Long { 64 } else { 1024 });
        let mut i = 0;
        group.bench_function(format!("greedy-game/{}", family.name()), |b| {
            b.iter(|| {
                i = (i + 1) % ws.len();
                let judge = play_greedy(black_box(&ws[i]));
                black_box(judge.result().map(|r| r.players[0].half_points))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
