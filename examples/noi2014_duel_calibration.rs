//! The figures behind `noi2014 duel` (docs/duel.md, "Is my new bot better?"),
//! measured with in-process bots:
//!
//! 1. the variance of the paired difference on duplicate walls against
//!    unpaired games, and the games the pairing saves;
//! 2. the SPRT's calibration: how often it accepts H1 for two equally strong
//!    bots (the sample bot with two seeds) and for greedy against the sample
//!    bot, and how many games it takes, beside the fixed count a one-sided
//!    test with the same error rates would need.
//!
//! `cargo run --release --example noi2014_duel_calibration [TESTS_EQUAL TESTS_UNEQUAL]`

use mahjong_sim::contest::duplicate::{play_built_in_unit, GAMES_PER_UNIT, UNIT_RANGE};
use mahjong_sim::noi2014::BuiltIn as Bot;
use mahjong_sim::stats::{Decision, Sequential, Sprt, Summary};

/// Prints the variances; returns the standard deviation of a paired unit.
fn variance_report(name: &str, a: Bot, b: Bot, units: u64) -> f64 {
    let mut paired = Summary::default();
    let mut sa = Summary::default();
    let mut sb = Summary::default();
    // One game per side per wall, A and B on different walls and seats:
    // an unpaired design with the same 8 games a unit, as 4 + 4 games.
    let mut single_a = Summary::default();
    let mut single_b = Summary::default();
    for i in 0..units {
        // A and B with streams of their own: two seeds of one bot.
        let u = play_built_in_unit(a, b, 11, i, false);
        paired.push(u.diff());
        sa.push(u.a_points());
        sb.push(u.b_points());
        for s in 0..4 {
            single_a.push(f64::from(u.a_half[s]) / 2.0);
            single_b.push(f64::from(u.b_half[s]) / 2.0);
        }
    }
    let vp = paired.variance().unwrap();
    let vu = sa.variance().unwrap() + sb.variance().unwrap();
    // The difference of one game of A and one of B on other walls.
    let single = single_a.variance().unwrap() + single_b.variance().unwrap();
    println!(
        "{name}: {units} walls ({} games); mean difference {:+.3} points a game",
        units * GAMES_PER_UNIT as u64,
        paired.mean()
    );
    println!(
        "  variance of a unit's difference: paired (same wall, every seat) {vp:.4}; \
         unpaired (A and B on different walls, 4 games each) {vu:.4}; \
         one unpaired game each side {single:.4}"
    );
    println!(
        "  games for the same confidence: unpaired / paired = {:.2}x; one game a side / paired unit of 8 = {:.2}x",
        vu / vp,
        single / 4.0 / vp
    );
    vp.sqrt()
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Runs `tests` sequential tests; `sd` is the long-run standard deviation
/// of a unit, for the fixed test's size.
fn calibration(name: &str, t: &Sprt, sd: f64, tests: u64, a: Bot, b: Bot) {
    let mut h1 = 0;
    let mut undecided = 0;
    let mut units = Vec::new();
    for k in 0..tests {
        let mut test = Sequential::new(*t, UNIT_RANGE).expect("inside the range");
        match test.run(5000, |i| {
            play_built_in_unit(a, b, 1000 + k, i, false).diff()
        }) {
            Decision::H1 => h1 += 1,
            Decision::Continue => undecided += 1,
            Decision::H0 => {}
        }
        units.push(test.summary.n);
    }
    units.sort_unstable();
    let g = GAMES_PER_UNIT as u64;
    println!(
        "{name}: {tests} tests, H1 accepted {h1} times ({:.1}%), undecided after 5000 walls {undecided}; \
         games to a decision: median {}, 90th percentile {}; a fixed one-sided test needs {} games (sd {:.3} a wall)",
        100.0 * h1 as f64 / tests as f64,
        percentile(&units, 0.5) * g,
        percentile(&units, 0.9) * g,
        t.fixed_units(sd) * g,
        sd
    );
}

fn main() {
    if std::env::var("DUEL_DEBUG").is_ok() {
        for i in 0..5 {
            let u = play_built_in_unit(Bot::Greedy, Bot::Sample, 11, i, false);
            println!("{:?} {:?} {:?} {}", u.a_half, u.b_half, u.b_out, u.diff());
        }
        return;
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a count"))
        .collect();
    let (equal, unequal) = (
        args.first().copied().unwrap_or(1000),
        args.get(1).copied().unwrap_or(200),
    );
    let sd_unequal = variance_report("greedy vs sample", Bot::Greedy, Bot::Sample, 2000);
    let sd_equal = variance_report(
        "sample vs sample (two seeds)",
        Bot::Sample,
        Bot::Sample,
        2000,
    );
    if equal + unequal == 0 {
        return;
    }
    // The duel's defaults.
    let t = Sprt::new(0.0, 0.1, 0.05, 0.05).unwrap();
    let min_units = Sequential::new(t, UNIT_RANGE).unwrap().min_units();
    println!("SPRT d0=0 d1=0.1 alpha=0.05 beta=0.05, no decision before {min_units} walls:");
    calibration(
        "  sample vs sample",
        &t,
        sd_equal,
        equal,
        Bot::Sample,
        Bot::Sample,
    );
    calibration(
        "  greedy vs sample",
        &t,
        sd_unequal,
        unequal,
        Bot::Greedy,
        Bot::Sample,
    );
}
