//! How well the `mcr_fans` generator covers the fans: runs N generated
//! inputs (default 100,000), checks engine against oracle on each (unless
//! `--no-check`), and prints the share of winning hands and how many
//! winning hands hit each fan. Exits non-zero when a fan is never hit or a
//! check fails.
//!
//! With `--corpus DIR`, writes a seed corpus to DIR: the first input to
//! hit each fan not hit by an input written before it (a greedy cover of
//! the fans), plus the first few non-winning hands and errors.
//!
//!   cargo run --release -p mahjong-oracle --features arbitrary --example mcr_coverage -- [N] [SEED] [--no-check] [--corpus DIR]

use mahjong_sim::mcr::{Fan, Reading};
use oracle::engine::Production;
use oracle::mcr_harness::{coverage, coverage_bytes};
use oracle::target::{McrFans, Target};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = !args.iter().any(|a| a == "--no-check");
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let n = nums.first().copied().unwrap_or(100_000);
    let seed = nums.get(1).copied().unwrap_or(1);
    let start = Instant::now();
    let c = coverage(n, seed);
    println!(
        "{n} inputs (seed {seed}): {} winning ({:.1}%), generated and scored in {:.1} s",
        c.wins,
        100.0 * c.wins as f64 / n as f64,
        start.elapsed().as_secs_f64()
    );
    for (i, &h) in c.hits.iter().enumerate().skip(1) {
        let f = Fan::from_index(i).expect("a fan");
        println!(
            "{i:>3} {:>8} {} ({})",
            h,
            f.chinese(Reading::V1_4_0),
            f.english()
        );
    }
    let mut failed = false;
    let missed = c.missed();
    if !missed.is_empty() {
        println!("never hit: {missed:?}");
        failed = true;
    }
    if check {
        let start = Instant::now();
        let mut failures = 0;
        for i in 0..n {
            let bytes = coverage_bytes(seed, i, 64);
            if let Err(f) = oracle::fuzz::run::<McrFans>(&Production, &bytes) {
                failures += 1;
                if failures <= 5 {
                    println!("{f}\n");
                }
            }
        }
        println!(
            "engine against oracle: {n} inputs, {failures} failing, {:.1} s",
            start.elapsed().as_secs_f64()
        );
        failed |= failures > 0;
    }
    if let Some(dir) = args
        .iter()
        .position(|a| a == "--corpus")
        .and_then(|i| args.get(i + 1))
    {
        write_corpus(dir, n, seed);
    }
    if failed {
        std::process::exit(1);
    }
}

/// Writes a greedy cover of the fans (see the module docs) to `dir`.
fn write_corpus(dir: &str, n: u64, seed: u64) {
    std::fs::create_dir_all(dir).expect("the corpus folder");
    let mut hit = [false; mahjong_sim::mcr::fan::TABLE_SIZE];
    let (mut written, mut losers) = (0, 0);
    for i in 0..n {
        let bytes = coverage_bytes(seed, i, 64);
        let input = McrFans::decode(&bytes).expect("every byte string decodes");
        let keep = match input.fans() {
            Some(t) => {
                let new: Vec<Fan> = t
                    .entries()
                    .map(|(f, _)| f)
                    .filter(|&f| !hit[f as usize])
                    .collect();
                new.iter().for_each(|&f| hit[f as usize] = true);
                !new.is_empty()
            }
            None => {
                losers += 1;
                losers <= 6
            }
        };
        if keep {
            let path = format!("{dir}/seed-{written:03}");
            std::fs::write(&path, &bytes).expect("a corpus file");
            written += 1;
        }
    }
    println!("wrote {written} files to {dir}");
}
