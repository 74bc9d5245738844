//! How fast the oracle is, for the fuzzers' sake: games and hands a second on
//! one core. `cargo run --release -p mahjong-oracle --example throughput`
use mahjong_sim::hand::Hand;
use mahjong_sim::tile::Tile;
use mahjong_sim::wall::Wall;
use std::time::Instant;

/// A small xorshift generator, so the example needs no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn main() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let walls: Vec<Wall> = (0..200)
        .map(|_| {
            let mut deck = Wall::sorted_deck();
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.below(i + 1));
            }
            Wall::new(deck).unwrap()
        })
        .collect();
    let start = Instant::now();
    for w in &walls {
        std::hint::black_box(oracle::game::play(w));
    }
    let games = walls.len() as f64 / start.elapsed().as_secs_f64();

    let hands: Vec<Hand> = (0..20_000)
        .map(|_| {
            let mut deck = Wall::sorted_deck();
            deck.retain(|t| !t.is_special());
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.below(i + 1));
            }
            Hand::from_tiles(&deck[..13 + rng.below(2)])
        })
        .collect();
    let start = Instant::now();
    for h in &hands {
        std::hint::black_box(oracle::distance::distance(h, 0));
    }
    let per_hand = start.elapsed().as_secs_f64() / hands.len() as f64;
    let _ = Tile::EAST;
    println!(
        "oracle: {games:.0} games/s, {:.0} hands/s ({:.1} us a hand)",
        1.0 / per_hand,
        per_hand * 1e6
    );
}
