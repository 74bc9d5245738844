//! `mahjong-sim bench`: a quick speed figure without cargo. The rigorous,
//! side-by-side numbers are the criterion benchmarks in `benches/`.

use indicatif::ProgressBar;
use mahjong_sim::distance::{best_discard, distance};
use mahjong_sim::hand::Hand;
use mahjong_sim::rng::{random_hand, Rng};
use mahjong_sim::thupc2021::families::uniform_wall;
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::game::DISCARD_ORDER;
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;

/// The official THUPC 2021 solution's compute per game, about 5 ms.
pub const OFFICIAL_NS_PER_GAME: f64 = 5_000_000.0;

/// What `bench` measured.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games a second on one core: games over the summed time of `play`.
    pub games_per_second: f64,
    /// Median time of one game, in nanoseconds.
    pub median_game_ns: f64,
    /// How many times faster than the official solution's ~5 ms a game.
    pub speedup_vs_official: f64,
    /// Distance calls made.
    pub distance_calls: usize,
    /// Median nanoseconds per distance call (medians of batches of 1,000).
    pub distance_ns: f64,
    /// Median nanoseconds per best-discard call on 14-tile hands.
    pub discard_ns: f64,
    /// The seed of the walls and hands.
    pub seed: u64,
}

fn bar(len: usize, what: &str) -> ProgressBar {
    let pb = super::progress_bar(len, "{msg:>10} [{bar:40}] {pos}/{len} {eta}");
    pb.set_message(what.to_string());
    pb
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Mean ns per call of `f` over `calls` hands from `make`, in batches of
/// 1,000 made (untimed) just before they are timed; the median batch.
fn per_call(
    calls: usize,
    pb: &ProgressBar,
    mut make: impl FnMut(usize) -> Hand,
    mut f: impl FnMut(&Hand),
) -> f64 {
    let mut batches = Vec::new();
    let mut batch = Vec::with_capacity(1000);
    let mut done = 0;
    while done < calls {
        batch.clear();
        batch.extend((done..calls.min(done + 1000)).map(&mut make));
        let t = Instant::now();
        for h in &batch {
            f(h);
        }
        batches.push(t.elapsed().as_nanos() as f64 / batch.len() as f64);
        done += batch.len();
        pb.inc(batch.len() as u64);
    }
    median(batches)
}

/// Plays `games` seeded games and times `calls` distance and discard calls.
pub fn run(games: usize, calls: usize, seed: u64) -> Report {
    let mut rng = Rng::new(seed);
    let pb = bar(games, "games");
    let mut times = Vec::with_capacity(games);
    for i in 0..games {
        // Shuffling is not timed: a game counts from the wall to the events.
        let wall = uniform_wall(&mut rng);
        let t = Instant::now();
        black_box(play(black_box(&wall)));
        times.push(t.elapsed().as_nanos() as f64);
        if i % 256 == 255 {
            pb.inc(256);
        }
    }
    let total = times.iter().sum::<f64>() / 1e9;
    pb.finish_and_clear();

    let pb = bar(calls, "distance");
    let distance_ns = per_call(
        calls,
        &pb,
        |i| random_hand(&mut rng, 13 + i % 2),
        |h| {
            black_box(distance(black_box(h), 0).expect("13 or 14 tiles"));
        },
    );
    pb.finish_and_clear();
    let pb = bar(calls / 4, "discard");
    let discard_ns = per_call(
        calls / 4,
        &pb,
        |_| random_hand(&mut rng, 14),
        |h| {
            black_box(best_discard(black_box(h), 0, &DISCARD_ORDER).expect("14 tiles"));
        },
    );
    pb.finish_and_clear();

    let median_game_ns = median(times);
    Report {
        games,
        games_per_second: games as f64 / total,
        median_game_ns,
        speedup_vs_official: OFFICIAL_NS_PER_GAME / median_game_ns,
        distance_calls: calls,
        distance_ns,
        discard_ns,
        seed,
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "games:    {} uniformly shuffled walls, {:.0} games/s on one core, median {:.1} us a game",
            self.games,
            self.games_per_second,
            self.median_game_ns / 1000.0
        )?;
        writeln!(
            f,
            "          {:.0}x the official solution's ~5 ms a game",
            self.speedup_vs_official
        )?;
        writeln!(
            f,
            "distance: {:.1} ns a call (13/14-tile random hands, {} calls)",
            self.distance_ns, self.distance_calls
        )?;
        writeln!(
            f,
            "discard:  {:.1} ns a best-discard call (14-tile hands)",
            self.discard_ns
        )?;
        write!(
            f,
            "seed:     {} (criterion benchmarks: cargo bench)",
            self.seed
        )
    }
}
