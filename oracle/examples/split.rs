//! Per-game time of the engine and of the oracle simulator, uninstrumented.
//! `cargo run --release -p mahjong-oracle --example split`
use mahjong_sim::gen::{uniform_wall, Rng};
use std::time::Instant;
fn main() {
    let mut rng = Rng::new(99);
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let walls: Vec<_> = (0..n).map(|_| uniform_wall(&mut rng)).collect();
    let t = Instant::now();
    for w in &walls {
        std::hint::black_box(mahjong_sim::game::play(w));
    }
    let engine = t.elapsed() / walls.len() as u32;
    let t = Instant::now();
    for w in &walls {
        std::hint::black_box(oracle::game::play(w));
    }
    let oracle = t.elapsed() / walls.len() as u32;
    println!("per game: engine {engine:?}, oracle {oracle:?}");
}
