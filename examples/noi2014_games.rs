//! Plays NOI2014 games with four in-process greedy bots over seeded uniform
//! walls and prints games a second of CPU time (user time of this process,
//! so the figure holds on a busy machine too); the criterion benchmark
//! `cargo bench --bench noi2014` gives wall-clock figures.
//! `cargo run --release --example noi2014_games [GAMES]`
use mahjong_sim::noi2014::games::families::{walls, Family};
use mahjong_sim::noi2014::games::play::play_greedy;
use std::hint::black_box;

fn cpu_seconds() -> f64 {
    // SAFETY: getrusage fills the struct it is given; nothing else is touched.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let ws = walls(Family::Uniform, 2014, 1024);
    let start = cpu_seconds();
    let mut points = 0u64;
    for i in 0..games {
        let judge = play_greedy(black_box(&ws[i % ws.len()]));
        points += judge
            .result()
            .map_or(0, |r| r.players[0].half_points as u64);
    }
    let cpu = cpu_seconds() - start;
    println!(
        "{games} games with four greedy bots in {cpu:.2} s of CPU: {:.0} games a second on one core, {:.1} us a game (checksum {points})",
        games as f64 / cpu,
        cpu * 1e6 / games as f64
    );
}
