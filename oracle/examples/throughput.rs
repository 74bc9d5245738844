//! How fast the oracle is, for the fuzzers' sake, beside the engine: games
//! and hands a second on one core, from fixed seeds.
//! `cargo run --release -p mahjong-oracle --example throughput`
use mahjong_sim::rng::{random_hand, Rng};
use mahjong_sim::thupc2021::families::uniform_wall;
use std::time::{Duration, Instant};

/// Mean time of `f` over `items`.
fn per_item<T>(items: &[T], mut f: impl FnMut(&T)) -> Duration {
    let start = Instant::now();
    items.iter().for_each(&mut f);
    start.elapsed() / items.len() as u32
}

fn main() {
    let mut rng = Rng::new(2021);
    let walls: Vec<_> = (0..200).map(|_| uniform_wall(&mut rng)).collect();
    let hands: Vec<_> = (0..20_000)
        .map(|i| random_hand(&mut rng, 13 + i % 2))
        .collect();
    let engine = per_item(&walls, |w| {
        std::hint::black_box(mahjong_sim::thupc2021::game::play(w));
    });
    let oracle = per_item(&walls, |w| {
        std::hint::black_box(oracle::thupc2021::game::play(w));
    });
    let hand = per_item(&hands, |h| {
        std::hint::black_box(oracle::distance::distance(h, 0));
    });
    println!(
        "oracle: {:.0} games/s ({oracle:?} a game; engine {engine:?}), {:.0} hands/s ({hand:?} a hand)",
        1.0 / oracle.as_secs_f64(),
        1.0 / hand.as_secs_f64()
    );
}
