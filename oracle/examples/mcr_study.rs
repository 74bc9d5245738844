//! The study of the MCR engine against the reference, MahjongGB 1.4.0
//! compiled from `../shared/anchors/mcr/MahjongGB` (`oracle::mahjonggb`),
//! not run in CI:
//!
//! 1. every concealed hand of four sets and a pair with each kind it holds
//!    as the winning tile (`oracle::mcr_harness::concealed`: 86,249,952
//!    pairs), with a context drawn from the pair (self-drawn or not, the
//!    winds, the flags one time in eight, flowers one time in four);
//! 2. N random inputs of the harness generator (default 10,000,000; melds,
//!    flags, winds, flowers, near misses, fifth copies): the fans, and
//!    for one input in K (default 10: the useful tiles cost far more than
//!    the fans) the shanten of the standing tiles (every form, useful
//!    tiles, the best).
//!
//! Prints the counts of agreement, every disagreement by fan (and the
//! first few hands), and how often each fan is hit. Exits non-zero on a
//! disagreement.
//!
//!   cargo run --release -p mahjong-oracle --features arbitrary --example mcr_study -- [--random N] [--seed S] [--shanten-every K] [--threads T] [--no-exhaustive]

use mahjong_sim::mcr::fan::TABLE_SIZE;
use mahjong_sim::mcr::{Fan, Hand, Reading, Tile, WinContext};
use oracle::mahjonggb::{compare_fans, compare_shanten, Disagreement, MahjongGb};
use oracle::mcr_harness::{concealed, generated, McrInput};
use std::collections::BTreeMap;
use std::time::Instant;

/// What one part of the study saw.
#[derive(Clone)]
struct Tally {
    compared: u64,
    wins: u64,
    disagreements: u64,
    /// Hands in which each fan's count differs.
    by_fan: Vec<u64>,
    /// Hands whose totals differ with equal fans, or whose outcome does
    /// (win against error, or two errors).
    other: BTreeMap<String, u64>,
    /// Winning hands in which each fan counts (MahjongGB's table).
    hits: Vec<u64>,
    shanten_compared: u64,
    /// Shanten disagreements by form.
    shanten: BTreeMap<String, u64>,
    examples: Vec<String>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            compared: 0,
            wins: 0,
            disagreements: 0,
            by_fan: vec![0; TABLE_SIZE],
            other: BTreeMap::new(),
            hits: vec![0; TABLE_SIZE],
            shanten_compared: 0,
            shanten: BTreeMap::new(),
            examples: Vec::new(),
        }
    }

    fn fans(&mut self, mgb: &MahjongGb, input: &McrInput) {
        let (d, answer) = compare_fans(mgb, input);
        self.compared += 1;
        if let Ok((table, _)) = &answer {
            self.wins += 1;
            for (h, &n) in self.hits.iter_mut().zip(&table.0) {
                *h += u64::from(n > 0);
            }
        }
        let Some(d) = d else { return };
        self.disagreements += 1;
        match &d {
            Disagreement::Fans { fans, totals } => {
                fans.iter()
                    .for_each(|(f, _, _)| self.by_fan[*f as usize] += 1);
                if fans.is_empty() {
                    *self.other.entry(format!("totals {totals:?}")).or_default() += 1;
                }
            }
            Disagreement::Outcome { engine, reference } => {
                let key = format!("engine {engine:?}, MahjongGB {reference:?}");
                *self.other.entry(key).or_default() += 1;
            }
        }
        if self.examples.len() < 10 {
            self.examples.push(format!("{d:?}\n    {input:?}"));
        }
    }

    fn shanten(&mut self, mgb: &MahjongGb, standing: &[Tile]) {
        self.shanten_compared += 1;
        if let Some(d) = compare_shanten(mgb, standing) {
            let form = d.split(':').next().unwrap_or_default().to_string();
            *self.shanten.entry(form).or_default() += 1;
            if self.examples.len() < 10 {
                self.examples.push(format!("shanten {d}: {standing:?}"));
            }
        }
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.compared += o.compared;
        self.wins += o.wins;
        self.disagreements += o.disagreements;
        self.shanten_compared += o.shanten_compared;
        for i in 0..TABLE_SIZE {
            self.by_fan[i] += o.by_fan[i];
            self.hits[i] += o.hits[i];
        }
        for (k, v) in o.other {
            *self.other.entry(k).or_default() += v;
        }
        for (k, v) in o.shanten {
            *self.shanten.entry(k).or_default() += v;
        }
        self.examples.extend(o.examples);
        self.examples.truncate(10);
        self
    }

    /// Prints the counts; returns whether anything disagreed.
    fn print(&self, what: &str, seconds: f64) -> bool {
        println!(
            "{what}: {} hands compared in {seconds:.0} s, {} winning; fans agree on {}, disagree on {}",
            self.compared,
            self.wins,
            self.compared - self.disagreements,
            self.disagreements
        );
        for (i, &n) in self.by_fan.iter().enumerate() {
            if n > 0 {
                let f = Fan::from_index(i).expect("a fan");
                println!(
                    "  {n:>10} hands differ in {} ({})",
                    f.chinese(Reading::V1_4_0),
                    f.english()
                );
            }
        }
        for (k, n) in &self.other {
            println!("  {n:>10} hands: {k}");
        }
        if self.shanten_compared > 0 {
            let bad: u64 = self.shanten.values().sum();
            println!(
                "  shanten (every form, useful tiles, the best): {} hands compared, {} agree, {bad} disagree",
                self.shanten_compared,
                self.shanten_compared - bad
            );
            for (k, n) in &self.shanten {
                println!("  {n:>10} hands differ in shanten: {k}");
            }
        }
        for e in &self.examples {
            println!("  e.g. {e}");
        }
        self.disagreements > 0 || !self.shanten.is_empty()
    }
}

/// A context drawn from the hand and its winning kind (a splitmix64 of
/// both), so that runs repeat whatever the threads.
fn context(counts: &[u8; 34], win: usize) -> WinContext {
    let mut h = counts.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x100_0000_01b3)
    });
    h ^= win as u64;
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    WinContext {
        win_tile: Tile::from_index(win).expect("a kind"),
        self_drawn: h & 1 != 0,
        seat_wind: (h >> 1 & 3) as u8,
        prevalent_wind: (h >> 3 & 3) as u8,
        last_copy: h >> 5 & 7 == 0,
        about_kong: h >> 8 & 7 == 0,
        wall_last: h >> 11 & 7 == 0,
        flowers: if h >> 14 & 3 == 0 {
            (h >> 16 & 7) as u8 + 1
        } else {
            0
        },
    }
}

fn exhaustive(mgb: &MahjongGb, threads: usize) -> Tally {
    let groups = concealed::groups();
    let (hands, pairs) = concealed::count(&groups);
    println!("concealed hands of four sets and a pair: {hands}, with each winning kind {pairs}");
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|part| {
                let groups = &groups;
                s.spawn(move || {
                    let mut t = Tally::new();
                    let mut done = 0u64;
                    let mut hand = Hand {
                        melds: Vec::new(),
                        standing: Vec::with_capacity(13),
                    };
                    concealed::for_each_hand(groups, part, threads, |counts| {
                        for win in (0..34).filter(|&k| counts[k] > 0) {
                            hand.standing.clear();
                            for (k, &n) in counts.iter().enumerate() {
                                let n = n - u8::from(k == win);
                                let t = Tile::from_index(k).expect("a kind");
                                hand.standing.extend(std::iter::repeat_n(t, n as usize));
                            }
                            let input = McrInput {
                                hand: hand.clone(),
                                ctx: context(counts, win),
                            };
                            t.fans(mgb, &input);
                        }
                        done += 1;
                        if part == 0 && done.is_multiple_of(1 << 18) {
                            eprint!("\r  about {} pairs", t.compared * threads as u64);
                        }
                    });
                    t
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    eprintln!();
    let t = tallies.into_iter().reduce(Tally::merge).expect("a thread");
    assert_eq!(t.compared, pairs, "the walk missed pairs");
    t
}

fn random(mgb: &MahjongGb, n: u64, seed: u64, every: u64, threads: usize) -> Tally {
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads as u64)
            .map(|part| {
                s.spawn(move || {
                    let mut t = Tally::new();
                    for i in (part..n).step_by(threads) {
                        let input = generated(seed, i);
                        t.fans(mgb, &input);
                        if i.is_multiple_of(every) {
                            t.shanten(mgb, &input.hand.standing);
                        }
                        if part == 0 && i.is_multiple_of(1_000_000) {
                            eprint!("\r  {i} inputs");
                        }
                    }
                    t
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    eprintln!();
    tallies.into_iter().reduce(Tally::merge).expect("a thread")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.replace('_', "").parse().expect("a number"))
            .unwrap_or(default)
    };
    let n = value("--random", 10_000_000);
    let seed = value("--seed", 1);
    let every = value("--shanten-every", 10).max(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let threads = value("--threads", cores).max(1) as usize;
    let mgb = match oracle::mahjonggb::load() {
        Ok(m) => m,
        Err(why) => {
            eprintln!("{why}");
            std::process::exit(2);
        }
    };
    println!(
        "MahjongGB 1.4.0: {}; {threads} threads",
        mgb.library.display()
    );
    let mut failed = false;
    if !args.iter().any(|a| a == "--no-exhaustive") {
        let start = Instant::now();
        let t = exhaustive(mgb, threads);
        failed |= t.print(
            "every concealed winning hand, each winning kind",
            start.elapsed().as_secs_f64(),
        );
        print_hits("exhaustive", &t, 0);
    }
    let start = Instant::now();
    let t = random(mgb, n, seed, every, threads);
    failed |= t.print(
        &format!("random generated inputs (seed {seed})"),
        start.elapsed().as_secs_f64(),
    );
    print_hits("generators", &t, 1_000);
    if failed {
        std::process::exit(1);
    }
}

/// How many winning hands hit each fan; flags those under `least`.
fn print_hits(what: &str, t: &Tally, least: u64) {
    println!("fan coverage ({what}): winning hands in which each fan counts (MahjongGB's table)");
    let mut under = Vec::new();
    for i in 1..TABLE_SIZE {
        let f = Fan::from_index(i).expect("a fan");
        println!(
            "  {i:>3} {:>10} {} ({})",
            t.hits[i],
            f.chinese(Reading::V1_4_0),
            f.english()
        );
        if t.hits[i] < least {
            under.push(f);
        }
    }
    let rarest = (1..TABLE_SIZE).min_by_key(|&i| t.hits[i]).expect("a fan");
    println!(
        "  rarest: {} ({} hands){}",
        Fan::from_index(rarest).expect("a fan").english(),
        t.hits[rarest],
        if under.is_empty() {
            String::new()
        } else {
            format!("; under {least}: {under:?}")
        }
    );
}
