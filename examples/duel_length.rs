//! The figures behind the duel's unit and its length (docs/duel.md, "How
//! many games"), measured with in-process bots against three greedy
//! opponents:
//!
//! - `units [WALLS]`: for a few pairs, the correlation of one wall's four
//!   seats' differences, and the variance a game of an eight-game wall
//!   (A and B in every seat) against a one-seat wall (A and B in one
//!   seat): what playing every seat of a wall buys; and the variance of a
//!   one-seat wall with each seat drawing its column (a duel's order)
//!   against the wall's order: what the columns buy.
//! - `compare A B D1 ALPHA DUELS [independent]`: the same duels (seeds 1
//!   to DUELS, the same walls in the same order) decided by four tests:
//!   the test of 2026-11-24, when issue 33 was filed (the normal SPRT with
//!   the walls' sample variance, no decision before 5 walls, on
//!   eight-game walls, A and B with streams of their own); the test of
//!   2026-11-25 (the generalized SPRT on eight-game walls, common random
//!   numbers); that of 2026-11-26 (the generalized SPRT on one seat a
//!   wall, common random numbers); and today's (the same with each seat
//!   drawing its column). All but today's draw in the wall's order, as
//!   they did. With `independent` all four give A and B streams of their
//!   own (two copies of one random bot are then two equally strong
//!   players). Prints how often each accepted H1 and its games to a
//!   decision.
//! - `versus A B D1 FILED_ALPHA ALPHA DUELS [independent]`: the filed
//!   test at alpha = beta = FILED_ALPHA against today's at ALPHA on the
//!   same duels, in one run: both tests' games at error rates one can
//!   match (issue 33's "2x fewer games at the same error rates").
//! - `today A B D1 ALPHA DUELS [independent]`: today's test alone on the
//!   same duels, with a 95% interval on its rate of H1 (the calibration
//!   on real duels: `tests/duel.rs` checks that these in-process duels
//!   are the CLI's, wall for wall).
//!
//! `cargo run --release --example duel_length -- compare greedy greedy:eps=0.05 0.14 0.05 300`

use mahjong_sim::contest::duplicate::{unit_seat, Unit, DRAWS};
use mahjong_sim::contest::noi2014::{play_built_in_at, Noi2014};
use mahjong_sim::contest::ruleset::{Draws, Ruleset};
use mahjong_sim::named::BuiltInBot;

/// The range of a NOI2014 duel's unit.
const UNIT_RANGE: (f64, f64) = Noi2014::UNIT_RANGE;
use mahjong_sim::noi2014::bots::built_in::BuiltIn;
use mahjong_sim::noi2014::rules::PLAYERS;
use mahjong_sim::stats::{Decision, Sequential, Sprt, Summary};
use std::collections::HashMap;

/// The test of 2026-11-24 (commit 9076645, `src/stats.rs`): the normal
/// model's LLR with the sample variance, no decision before 5 units; all
/// units equal decide by the side of the midpoint they lie on.
struct Filed {
    sprt: Sprt,
    units: Summary,
}

impl Filed {
    fn push(&mut self, x: f64) -> Decision {
        self.units.push(x);
        let s = &self.units;
        if s.n < 5 {
            return Decision::Continue;
        }
        let Sprt { d0, d1, .. } = self.sprt;
        let (lo, hi) = self.sprt.bounds();
        match s.variance().filter(|&v| v > 0.0) {
            Some(var) => {
                let llr = (d1 - d0) * (s.sum() - s.n as f64 * (d0 + d1) / 2.0) / var;
                if llr >= hi {
                    Decision::H1
                } else if llr <= lo {
                    Decision::H0
                } else {
                    Decision::Continue
                }
            }
            None if s.mean() > (d0 + d1) / 2.0 => Decision::H1,
            None => Decision::H0,
        }
    }
}

/// The walls of one duel, each seat played at most once.
struct Walls {
    a: BuiltIn,
    b: BuiltIn,
    seed: u64,
    played: HashMap<(u64, usize, bool, Draws), Unit>,
}

impl Walls {
    /// The walls of the duel of `a` against `b` with this seed, none played.
    fn new(a: BuiltIn, b: BuiltIn, seed: u64) -> Walls {
        Walls {
            a,
            b,
            seed,
            played: HashMap::new(),
        }
    }

    /// One seat of wall `u`: its difference, A's points minus B's.
    fn seat(&mut self, u: u64, seat: usize, common: bool, order: Draws) -> f64 {
        self.unit(u, seat, common, order).diff()
    }

    /// One seat of wall `u`, played once.
    fn unit(&mut self, u: u64, seat: usize, common: bool, order: Draws) -> &Unit {
        let (a, b, seed) = (self.a, self.b, self.seed);
        self.played
            .entry((u, seat, common, order))
            .or_insert_with(|| play_built_in_at(a, b, seed, u, seat, common, order))
    }

    /// The filed test at `t` on these walls (eight-game walls, A and B
    /// with streams of their own, as then): its decision and games.
    fn filed(&mut self, t: Sprt) -> (Decision, u64) {
        let mut filed = Filed {
            sprt: t,
            units: Summary::default(),
        };
        let (mut d, mut n) = (Decision::Continue, 0);
        while d == Decision::Continue && 8 * n < CAP {
            d = filed.push(self.wall(n, false));
            n += 1;
        }
        (d, 8 * n)
    }

    /// Wall `u` in all four seats, in the wall's order (as eight-game
    /// walls were played): the mean difference a game.
    fn wall(&mut self, u: u64, common: bool) -> f64 {
        (0..PLAYERS)
            .map(|s| self.seat(u, s, common, Draws::Wall))
            .sum::<f64>()
            / PLAYERS as f64
    }
}

/// How one test did over the duels: H1 count and games to a decision.
#[derive(Default)]
struct Tally {
    h1: u64,
    undecided: u64,
    games: Vec<u64>,
}

impl Tally {
    fn add(&mut self, d: Decision, games: u64) {
        self.h1 += u64::from(d == Decision::H1);
        self.undecided += u64::from(d == Decision::Continue);
        self.games.push(games);
    }

    fn line(&mut self, name: &str) -> String {
        self.games.sort_unstable();
        let n = self.games.len();
        let mean = self.games.iter().sum::<u64>() as f64 / n as f64;
        let at = |q: f64| self.games[((n - 1) as f64 * q).round() as usize];
        format!(
            "{name:58} H1 {:5.1}% ({}/{n}){}  games: mean {mean:6.0}, median {:5}, 90th percentile {:5}",
            100.0 * self.h1 as f64 / n as f64,
            self.h1,
            if self.undecided > 0 { format!(", {} undecided", self.undecided) } else { String::new() },
            at(0.5),
            at(0.9),
        )
    }
}

const CAP: u64 = 20_000;

fn compare(a: BuiltIn, b: BuiltIn, t: Sprt, duels: u64, independent: bool, only_today: bool) {
    let common = !independent;
    let mut tallies: [Tally; 4] = Default::default();
    for seed in 1..=duels {
        let mut walls = Walls::new(a, b, seed);
        if !only_today {
            let (d, games) = walls.filed(t);
            tallies[0].add(d, games);
            let mut eight = Sequential::new(t, UNIT_RANGE).expect("inside the range");
            let d = eight.run(CAP / 8, |u| walls.wall(u, common));
            tallies[1].add(d, 8 * eight.units());
            let mut one = Sequential::new(t, UNIT_RANGE).expect("inside the range");
            let d = one.run(CAP / 2, |u| {
                walls.seat(u, unit_seat(u), common, Draws::Wall)
            });
            tallies[2].add(d, 2 * one.units());
        }
        let mut one = Sequential::new(t, UNIT_RANGE).expect("inside the range");
        let d = one.run(CAP / 2, |u| walls.seat(u, unit_seat(u), common, DRAWS));
        tallies[3].add(d, 2 * one.units());
    }
    let streams = if independent { "independent" } else { "common" };
    println!("{} against {}, d0=0 d1={} alpha=beta={}, {duels} duels (seeds 1-{duels}), cap {CAP} games:", a.name(), b.name(), t.d1, t.alpha);
    if !only_today {
        println!(
            "  {}",
            tallies[0].line("2026-11-24: normal SPRT, 8-game walls, independent streams")
        );
        println!(
            "  {}",
            tallies[1].line(&format!(
                "2026-11-25: GSPRT, 8-game walls, {streams} streams"
            ))
        );
        println!(
            "  {}",
            tallies[2].line(&format!(
                "2026-11-26: GSPRT, one seat a wall, {streams} streams"
            ))
        );
    }
    println!(
        "  {}",
        tallies[3].line("today: the same, each seat drawing its column")
    );
    let (lo, hi) = wilson(tallies[3].h1, duels);
    println!(
        "  today's H1 rate: {:.2}%, 95% interval {:.2}-{:.2}%",
        100.0 * tallies[3].h1 as f64 / duels as f64,
        100.0 * lo,
        100.0 * hi
    );
}

/// The filed test (its streams independent, as then) at `filed`, against
/// today's at `today`, on the same duels in one run: the games each takes
/// at error rates of one's choosing.
fn versus(a: BuiltIn, b: BuiltIn, filed: Sprt, today: Sprt, duels: u64, independent: bool) {
    let common = !independent;
    let mut tallies: [Tally; 2] = Default::default();
    for seed in 1..=duels {
        let mut walls = Walls::new(a, b, seed);
        let (d, games) = walls.filed(filed);
        tallies[0].add(d, games);
        let mut one = Sequential::new(today, UNIT_RANGE).expect("inside the range");
        let d = one.run(CAP / 2, |u| walls.seat(u, unit_seat(u), common, DRAWS));
        tallies[1].add(d, 2 * one.units());
    }
    let streams = if independent { "independent" } else { "common" };
    println!(
        "{} against {}, d0=0 d1={}, {duels} duels (seeds 1-{duels}), cap {CAP} games:",
        a.name(),
        b.name(),
        today.d1
    );
    println!(
        "  {}",
        tallies[0].line(&format!(
            "2026-11-24 at alpha=beta={}: normal SPRT, 8-game walls",
            filed.alpha
        ))
    );
    println!(
        "  {}",
        tallies[1].line(&format!(
            "today at alpha=beta={}, {streams} streams",
            today.alpha
        ))
    );
}

/// Wilson's 95% interval for `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.959_964);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

fn units(walls: u64) {
    let pairs = [
        ("greedy", "greedy:eps=0.05", true),
        ("greedy:eps=0.05", "greedy:eps=0.1", true),
        ("greedy:eps=0.05", "greedy:eps=0.1", false),
        ("sample", "sample", false),
        ("greedy", "sample", false),
    ];
    for (a, b, common) in pairs {
        let (a, b) = (bot(a), bot(b));
        let mut w = Walls::new(a, b, 7);
        let (mut eight, mut one) = (Summary::default(), Summary::default());
        // One seat a wall in the wall's order, against seat columns.
        let mut one_in_wall_order = Summary::default();
        // A's and B's points alone: A and B on walls of their own.
        let (mut alone_a, mut alone_b) = (Summary::default(), Summary::default());
        let (mut cross, mut pairs_seen) = (0.0, 0.0);
        for u in 0..walls {
            let d: Vec<f64> = (0..PLAYERS).map(|s| w.seat(u, s, common, DRAWS)).collect();
            eight.push(d.iter().sum::<f64>() / 4.0);
            d.iter().for_each(|&x| one.push(x));
            one_in_wall_order.push(w.seat(u, unit_seat(u), common, Draws::Wall));
            for s in 0..PLAYERS {
                let unit = w.unit(u, s, common, DRAWS);
                alone_a.push(unit.a_points());
                alone_b.push(unit.b_points());
            }
            for i in 0..PLAYERS {
                for j in (0..PLAYERS).filter(|&j| j != i) {
                    cross += d[i] * d[j];
                    pairs_seen += 1.0;
                }
            }
        }
        let m = one.mean();
        let v1 = one.variance().unwrap();
        let rho = (cross / pairs_seen - m * m) / v1;
        let v8 = eight.variance().unwrap();
        let unpaired = alone_a.variance().unwrap() + alone_b.variance().unwrap();
        println!(
            "{} against {} ({} streams), {walls} walls: mean {m:+.3} a game; seats of a wall correlate {rho:+.3}; variance a game: 8-game wall {:.3} (8 x {v8:.4}), one seat {:.3} (2 x {v1:.4}): ratio {:.2}; unpaired (A and B on walls of their own) {:.3}: {:.1}x the one seat's",
            a.name(), b.name(), if common { "common" } else { "independent" },
            8.0 * v8, 2.0 * v1, 8.0 * v8 / (2.0 * v1),
            2.0 * unpaired, unpaired / v1,
        );
        let vw = one_in_wall_order.variance().unwrap();
        println!(
            "  a wall's difference (one seat): variance {v1:.4} with each seat drawing its column, {vw:.4} in the wall's order ({:.2}x); mean {m:+.3} and {:+.3}",
            vw / v1,
            one_in_wall_order.mean(),
        );
    }
}

fn bot(name: &str) -> BuiltIn {
    BuiltIn::parse(name)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{name}: not a built-in bot ({})", BuiltIn::NAMES))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["units"] => units(2000),
        ["units", n] => units(n.parse().expect("a number of walls")),
        [mode @ ("compare" | "today"), a, b, d1, alpha, duels, rest @ ..] => {
            let d1: f64 = d1.parse().expect("d1");
            let alpha: f64 = alpha.parse().expect("alpha");
            let t = Sprt::new(0.0, d1, alpha, alpha).expect("a test");
            let duels = duels.parse().expect("a number of duels");
            compare(bot(a), bot(b), t, duels, rest == ["independent"], *mode == "today");
        }
        ["versus", a, b, d1, filed_alpha, alpha, duels, rest @ ..] => {
            let d1: f64 = d1.parse().expect("d1");
            let test = |alpha: &str| {
                let alpha: f64 = alpha.parse().expect("alpha");
                Sprt::new(0.0, d1, alpha, alpha).expect("a test")
            };
            let duels = duels.parse().expect("a number of duels");
            versus(bot(a), bot(b), test(filed_alpha), test(alpha), duels, rest == ["independent"]);
        }
        _ => eprintln!("usage: duel_length units [WALLS] | duel_length compare|today A B D1 ALPHA DUELS [independent] | duel_length versus A B D1 FILED_ALPHA ALPHA DUELS [independent]"),
    }
}
