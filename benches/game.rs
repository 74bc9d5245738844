//! Whole games: from a parsed wall to the event list, over uniformly shuffled
//! walls from a fixed seed. The official THUPC solution spends about 5 ms of
//! compute a game; the goal is 20 us (50,000 games a second) or less.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mahjong_sim::rng::Rng;
use mahjong_sim::thupc2021::families::uniform_wall;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(148);
    let walls: Vec<_> = (0..1024).map(|_| uniform_wall(&mut rng)).collect();
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function("play", |b| {
        b.iter(|| {
            i = (i + 1) % walls.len();
            black_box(mahjong_sim::thupc2021::game::play(black_box(&walls[i])))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
