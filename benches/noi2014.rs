//! Whole NOI2014 games, wall to result, with four in-process greedy bots,
//! over uniformly shuffled walls from a fixed seed. The goal is at least
//! 20,000 games a second on one core (50 us a game).
//!
//! And batched stepping (`noi2014::learn::vector`, what the Python package's
//! `VectorEnv` calls): agent steps a second with random legal actions, all
//! four seats the caller's, N games at once (the Rust side of the Python
//! benchmark `python/benchmarks/steps.py`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mahjong_sim::noi2014::games::families::{walls, Family};
use mahjong_sim::noi2014::games::play::play_greedy;
use mahjong_sim::noi2014::learn::env::{ACTIONS, OBS_SIZE};
use mahjong_sim::noi2014::learn::vector::{Out, Vector};
use mahjong_sim::rng::Rng;
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

fn vector(c: &mut Criterion) {
    let mut group = c.benchmark_group("noi2014-vector");
    for n in [1usize, 64, 1024] {
        group.throughput(Throughput::Elements(n as u64));
        let mut v = Vector::new(n, [None; 4], Family::Uniform, 2014).unwrap();
        let (mut obs, mut masks) = (vec![0u8; n * OBS_SIZE], vec![0u8; n * ACTIONS]);
        let (mut seats, mut rewards, mut done) = (vec![0u8; n], vec![0f32; n * 4], vec![0u8; n]);
        let mut reward = vec![0f32; n];
        let mut out = Out {
            obs: &mut obs,
            masks: &mut masks,
            seats: &mut seats,
            rewards: &mut rewards,
            reward: &mut reward,
            done: &mut done,
            final_obs: None,
        };
        v.current(&mut out).unwrap();
        let mut rng = Rng::new(1);
        let mut actions = vec![0u32; n];
        group.bench_function(format!("step/{n}"), |b| {
            b.iter(|| {
                for (i, a) in actions.iter_mut().enumerate() {
                    let row = &out.masks[i * ACTIONS..(i + 1) * ACTIONS];
                    let legal = row.iter().filter(|&&m| m == 1).count();
                    let k = rng.below(legal);
                    *a = row
                        .iter()
                        .enumerate()
                        .filter(|(_, &m)| m == 1)
                        .nth(k)
                        .map(|(j, _)| j as u32)
                        .unwrap();
                }
                v.step(black_box(&actions), &mut out).unwrap();
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, vector);
criterion_main!(benches);
