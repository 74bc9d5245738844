//! Where the `mcr_judge` fuzz target's time goes, uninstrumented: the whole
//! check (three readings, both judges) while the players' caches are cold,
//! then each part with them warm, over generated games.
//! `cargo run --release -p mahjong-oracle --features arbitrary --example mcr_judge_speed -- [GAMES] [SEED]`
use oracle::mcr_judge_harness::{self as h, generated};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map_or(200, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let inputs: Vec<_> = (0..n).map(|i| generated(seed, i)).collect();
    let mut steps = 0usize;
    let time = |what: &str, f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        let s = t.elapsed().as_secs_f64();
        println!("{what:>28}: {:8.2} ms a game", 1e3 * s / n as f64);
    };
    // First, while the players' caches are cold (they are shared by
    // every game on the thread).
    time("whole check, cold", &mut || {
        for i in &inputs {
            oracle::compare::mcr_judge(&oracle::engine::Production, i).expect("agree");
        }
    });
    time("engine judge, players warm", &mut || {
        for i in &inputs {
            for r in 0..3 {
                let run = h::engine(i, h::engine_options(r)).expect("a wall");
                if r == 0 {
                    steps += run.requests.len();
                }
            }
        }
    });
    time("oracle judge, players warm", &mut || {
        for i in &inputs {
            for r in 0..3 {
                std::hint::black_box(h::oracle(i, h::oracle_rules(r)));
            }
        }
    });
    let runs: Vec<_> = inputs
        .iter()
        .map(|i| h::engine(i, h::engine_options(0)).expect("a wall"))
        .collect();
    time("players alone, warm", &mut || {
        for (i, run) in inputs.iter().zip(&runs) {
            for _ in 0..3 {
                let mut p = h::Players::new(i);
                for (step, s) in run.requests.iter().enumerate() {
                    for (seat, request) in s.iter().enumerate() {
                        std::hint::black_box(p.answer(step, seat, request));
                    }
                }
            }
        }
    });
    println!("{n} games, {:.0} steps a game", steps as f64 / n as f64);
}
