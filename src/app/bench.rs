//! `mahjong-sim bench`: a quick speed figure without cargo. The rigorous,
//! side-by-side numbers are the criterion benchmarks in `benches/`.

use super::args::count_in;
use super::{CliError, Verdict};
use indicatif::ProgressBar;
use mahjong_sim::distance::{best_discard, distance};
use mahjong_sim::hand::Hand;
use mahjong_sim::rng::{random_hand, Rng};
use mahjong_sim::thupc2021::families::uniform_wall;
use mahjong_sim::thupc2021::game::play;
use mahjong_sim::thupc2021::game::DISCARD_ORDER;
use serde::Serialize;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Measure speed: games a second and nanoseconds per distance call.
///
/// Plays seeded random walls and times distance and best-discard calls on
/// seeded random hands, on one core, with a progress bar on a terminal.
/// For side-by-side figures with other libraries, run `cargo bench`.
///
/// Example: mahjong-sim bench --games 2000 --calls 100000
#[derive(clap::Args)]
pub struct Args {
    /// Games to play (1 to 10,000,000).
    #[arg(long, default_value_t = 20_000, value_parser = count_in(1, 10_000_000))]
    pub games: usize,
    /// Distance calls to time, a quarter as many best-discard calls (4 to
    /// 1,000,000,000).
    #[arg(long, default_value_t = 1_000_000, value_parser = count_in(4, 1_000_000_000))]
    pub calls: usize,
    /// Seed for walls and hands.
    #[arg(long, default_value_t = 2021)]
    pub seed: u64,
    /// Print the figures as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `bench`: a quick speed figure.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // The options' ranges (at least a game and four calls) are clap's.
    let report = measure(args.games, args.calls, args.seed);
    let mut out = if args.json {
        serde_json::to_vec(&report).expect("a report serializes")
    } else {
        report.to_string().into_bytes()
    };
    out.push(b'\n');
    super::emit(&out, Verdict::Ok)
}

/// What `bench` measured.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games a second on one core: games over the summed time of `play`.
    pub games_per_second: f64,
    /// Median time of one game, in nanoseconds.
    pub median_game_ns: f64,
    /// Distance calls made.
    pub distance_calls: usize,
    /// Median nanoseconds per distance call (medians of batches of 1,000).
    pub distance_ns: f64,
    /// Best-discard calls made: a quarter of the distance calls.
    pub discard_calls: usize,
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

/// The middle value (the upper of the two middle ones for an even count).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Mean nanoseconds a call of `calls` calls that took `elapsed`.
fn mean_ns(elapsed: Duration, calls: usize) -> f64 {
    elapsed.as_nanos() as f64 / calls as f64
}

/// Games a second (games over their summed time) and the median game, from
/// each game's nanoseconds. (No speed-up over other programs: those are
/// measured side by side by `cargo bench`, not assumed here.)
fn game_figures(times: Vec<f64>) -> (f64, f64) {
    let seconds = times.iter().sum::<f64>() / 1e9;
    let games_per_second = times.len() as f64 / seconds;
    (games_per_second, median(times))
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
        batches.push(mean_ns(t.elapsed(), batch.len()));
        done += batch.len();
        pb.inc(batch.len() as u64);
    }
    median(batches)
}

/// Plays `games` seeded games and times `calls` distance and discard calls.
pub fn measure(games: usize, calls: usize, seed: u64) -> Report {
    let mut rng = Rng::new(seed);
    let pb = bar(games, "games");
    let mut times = Vec::with_capacity(games);
    for _ in 0..games {
        // Shuffling is not timed: a game counts from the wall to the events.
        let wall = uniform_wall(&mut rng);
        let t = Instant::now();
        black_box(play(black_box(&wall)));
        times.push(t.elapsed().as_nanos() as f64);
        // After the clock stopped: the bar costs the game nothing.
        pb.inc(1);
    }
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
    let discard_calls = calls / 4;
    let pb = bar(discard_calls, "discard");
    let discard_ns = per_call(
        discard_calls,
        &pb,
        |_| random_hand(&mut rng, 14),
        |h| {
            black_box(best_discard(black_box(h), 0, &DISCARD_ORDER).expect("14 tiles"));
        },
    );
    pb.finish_and_clear();

    let (games_per_second, median_game_ns) = game_figures(times);
    Report {
        games,
        games_per_second,
        median_game_ns,
        distance_calls: calls,
        distance_ns,
        discard_calls,
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
            "distance: {:.1} ns a call (13/14-tile random hands, {} calls)",
            self.distance_ns, self.distance_calls
        )?;
        writeln!(
            f,
            "discard:  {:.1} ns a best-discard call (14-tile hands, {} calls)",
            self.discard_ns, self.discard_calls
        )?;
        write!(
            f,
            "seed:     {} (side by side with other programs: cargo bench)",
            self.seed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_is_the_middle_value_and_the_upper_middle_of_an_even_count() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 3.0);
        assert_eq!(median(vec![7.0]), 7.0);
    }

    #[test]
    fn figures_follow_from_the_times() {
        assert_eq!(mean_ns(Duration::from_micros(3), 1000), 3.0);
        // Three games of 1, 2 and 3 ms: 6 ms in all.
        let (per_second, median_ns) = game_figures(vec![3e6, 1e6, 2e6]);
        assert_eq!(per_second, 500.0);
        assert_eq!(median_ns, 2e6);
    }

    /// A measurement is at least what the calls took (a sleep sleeps at
    /// least that long): a lower bound, never a speed claim.
    #[test]
    fn per_call_measures_the_calls() {
        let pb = ProgressBar::hidden();
        let mut made = Vec::new();
        let ns = per_call(
            3,
            &pb,
            |i| {
                made.push(i);
                Hand::default()
            },
            |_| std::thread::sleep(Duration::from_millis(1)),
        );
        assert!(ns >= 1e6, "{ns} ns a call");
        assert_eq!(made, [0, 1, 2]);
        assert_eq!(pb.position(), 3);
    }

    #[test]
    fn a_run_makes_the_calls_it_reports_and_says_so() {
        let r = measure(3, 8, 7);
        assert_eq!((r.games, r.distance_calls, r.discard_calls), (3, 8, 2));
        assert_eq!(r.seed, 7);
        let text = r.to_string();
        for part in [
            "games:    3 uniformly shuffled walls,",
            "(13/14-tile random hands, 8 calls)\n",
            "(14-tile hands, 2 calls)\n",
            "seed:     7 (side by side with other programs: cargo bench)",
        ] {
            assert!(text.contains(part), "{part:?} in {text}");
        }
        assert_eq!(text.lines().count(), 4);
    }
}
