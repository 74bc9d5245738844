//! Whole MCR games between four built-in bots in process, over random
//! walls from a fixed seed: through the arena (which keeps the full record,
//! a `String` per answer), and with the judge driven directly (answers
//! passed as borrowed strings). The target for the cheap bots is
//! 10,000 games a second a core.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mahjong_sim::mcr::bots::bot::Bot;
use mahjong_sim::mcr::bots::built_in::BuiltIn;
use mahjong_sim::mcr::games::arena::{play, Seat};
use mahjong_sim::mcr::games::walls::random_init;
use mahjong_sim::mcr::judge::{InitData, Judge, Options};
use mahjong_sim::named::BuiltInBot;
use mahjong_sim::rng::Rng;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(48);
    let walls: Vec<InitData> = (0..1024).map(|_| random_init(&mut rng)).collect();
    let mut group = c.benchmark_group("mcr-game");
    group.throughput(Throughput::Elements(1));
    for bot in [BuiltIn::Random, BuiltIn::Greedy] {
        let mut i = 0;
        group.bench_function(BenchmarkId::new("arena", bot.name()), |b| {
            b.iter(|| {
                i = (i + 1) % walls.len();
                let mut seats: [Seat; 4] =
                    std::array::from_fn(|s| Seat::InProcess(bot.bot((i * 4 + s) as u64)));
                black_box(play(&walls[i], Options::default(), &mut seats, &mut |_| {}))
            })
        });
        let mut i = 0;
        group.bench_function(BenchmarkId::new("judge", bot.name()), |b| {
            b.iter(|| {
                i = (i + 1) % walls.len();
                let mut bots: [Box<dyn Bot + Send>; 4] =
                    std::array::from_fn(|s| bot.bot((i * 4 + s) as u64));
                let mut judge = Judge::new(&walls[i]);
                while let Some((seat, request)) = judge.pending() {
                    let request = *request;
                    let answer = bots[seat].respond(&request);
                    judge.answer_text(&answer).expect("a request is pending");
                }
                black_box(judge.result().cloned())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
