//! Analyses every single-suit 13-tile hand (every count vector of 1M..9M
//! with at most four of each number summing to 13) and reports how many are
//! ready and how long it took. `cargo run --release --example single_suit`
use mahjong_sim::analysis::{analyze, Verdict};
use mahjong_sim::tile::Tile;
use std::time::Instant;

fn main() {
    let mut hands = Vec::new();
    let mut c = [0u8; 9];
    loop {
        if c.iter().map(|&x| x as u32).sum::<u32>() == 13 {
            let tiles: Vec<Tile> = (0..9)
                .flat_map(|k| std::iter::repeat_n(Tile::from_index(k).unwrap(), c[k] as usize))
                .collect();
            hands.push(tiles);
        }
        let Some(i) = (0..9).find(|&i| c[i] < 4) else {
            break;
        };
        c[i] += 1;
        c[..i].fill(0);
    }
    let start = Instant::now();
    let (mut ready, mut waits) = (0, 0);
    for h in &hands {
        if let Verdict::Ready { waits: w } = analyze(h, &[]).expect("13 ordinary tiles").verdict {
            ready += 1;
            waits += w.len();
        }
    }
    let took = start.elapsed();
    println!(
        "{} single-suit 13-tile hands, {ready} ready ({waits} waits in all), analysed in {:.3} s ({:.1} us a hand)",
        hands.len(),
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / hands.len() as f64
    );
}
