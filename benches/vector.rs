//! Batched stepping (`learn::vector::Vector`, what the Python package's
//! `VectorEnv`s call) of both rulesets side by side in one run: agent
//! steps a second with random legal actions (`Vector::random_actions`),
//! all four seats the caller's, same-step autoreset, N games at once (the
//! Rust side of `python/benchmarks/steps.py`). The goal: MCR's
//! batched steps at least half NOI2014's.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mahjong_sim::learn::vector::{Buffers, SingleEnv, Vector};
use mahjong_sim::mcr::judge::Options;
use mahjong_sim::noi2014::games::families::Family;
use std::hint::black_box;

/// `name`'s vectors of `N` games, each stepped with random legal actions.
fn steps<E: SingleEnv>(c: &mut Criterion, name: &str, make: impl Fn(usize) -> Vector<E>) {
    let mut group = c.benchmark_group(format!("vector-{name}"));
    for n in [1usize, 16, 64, 256] {
        group.throughput(Throughput::Elements(n as u64));
        let mut v = make(n);
        let mut b = Buffers::new::<E>(n);
        let mut actions = vec![0u32; n];
        group.bench_function(format!("step/{n}"), |bench| {
            bench.iter(|| {
                v.random_actions(&mut actions).unwrap();
                b.finals.clear();
                v.step(black_box(&actions), &mut b.out()).unwrap();
            })
        });
    }
    group.finish();
}

fn vectors(c: &mut Criterion) {
    steps(c, "noi2014", |n| {
        mahjong_sim::noi2014::learn::vector::Vector::new(n, [None; 4], Family::Uniform, 2014)
            .unwrap()
    });
    steps(c, "mcr", |n| {
        mahjong_sim::mcr::learn::vector::Vector::new(n, [None; 4], Options::default(), 2014)
            .unwrap()
    });
}

criterion_group!(benches, vectors);
criterion_main!(benches);
