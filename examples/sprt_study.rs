//! The study behind the duel's sequential test (`src/stats/mod.rs`): candidate
//! tests run on simulated sequences shaped like the duel's units, their
//! false-positive rate, power and mean length side by side.
//!
//! `cargo run --release --example sprt_study -- [RUNS] [UNITS.TSV ...]`
//!
//! Each `units.tsv` (a duel's `--logs` folder) gives an empirical shape;
//! without any, two built-in shapes recorded that way are used.

use mahjong_sim::rng::Rng;
use mahjong_sim::stats::calibration::Discrete;

/// How the LLR is computed.
#[derive(Clone, Copy, Debug)]
enum Llr {
    /// Normal model, variance from the sample (n - 1).
    Plug,
    /// Generalized LR of the normal model: the variance's MLE under each
    /// hypothesis.
    Glr,
    /// Normal model with the true variance.
    Known,
    /// Generalized LR of the multinomial on the values seen (empirical
    /// likelihood), a prior of weight 1e-3 on the bounds -3 and 3.
    El,
    /// The same, one-sided: sup over mean >= d1 against sup over mean <= d0.
    El1s,
}

/// Counts of the values seen, with the prior.
#[derive(Default)]
struct Counts(Vec<(f64, f64)>);

impl Counts {
    fn add(&mut self, x: f64, w: f64) {
        match self.0.iter_mut().find(|(v, _)| *v == x) {
            Some(e) => e.1 += w,
            None => self.0.push((x, w)),
        }
    }

    /// max over p with mean s of sum w log p, minus sum w log (w / W): the
    /// log of the profile likelihood ratio to the empirical distribution;
    /// `lam` is the warm start, updated.
    fn profile(&self, s: f64, lam: &mut f64) -> f64 {
        let (mut cmin, mut cmax) = (f64::INFINITY, f64::NEG_INFINITY);
        for &(v, _) in &self.0 {
            cmin = cmin.min(v - s);
            cmax = cmax.max(v - s);
        }
        // Domain of lam: 1 + lam c > 0 for every c.
        let (mut lo, mut hi) = (-1.0 / cmax, -1.0 / cmin);
        let f = |l: f64| -> (f64, f64) {
            let (mut f, mut df) = (0.0, 0.0);
            for &(v, w) in &self.0 {
                let c = v - s;
                let q = 1.0 + l * c;
                f += w * c / q;
                df -= w * c * c / (q * q);
            }
            (f, df)
        };
        let mut l = lam.clamp(lo + (hi - lo) * 1e-9, hi - (hi - lo) * 1e-9);
        for _ in 0..100 {
            let (fv, dfv) = f(l);
            if fv > 0.0 {
                lo = l
            } else {
                hi = l
            }
            let mut next = l - fv / dfv;
            if !(next > lo && next < hi) {
                next = (lo + hi) / 2.0;
            }
            if (next - l).abs() < 1e-13 * (1.0 + l.abs()) {
                l = next;
                break;
            }
            l = next;
        }
        *lam = l;
        -self
            .0
            .iter()
            .map(|&(v, w)| w * (1.0 + l * (v - s)).ln())
            .sum::<f64>()
    }
}

#[derive(Clone, Copy, Debug)]
struct Variant {
    llr: Llr,
    min_units: u64,
    /// 0 none, 1 dynamic (ladder heights), 2 Siegmund's Brownian constant.
    overshoot: u8,
}

/// The running sums of one run, and the LLR they give.
struct Run {
    v: Variant,
    d0: f64,
    d1: f64,
    var_true: f64,
    n: u64,
    s: f64,
    ss: f64,
    counts: Counts,
    l0: f64,
    l1: f64,
}

impl Run {
    fn new(v: Variant, d0: f64, d1: f64, var_true: f64) -> Run {
        let mut counts = Counts::default();
        counts.add(-3.0, 1e-3);
        counts.add(3.0, 1e-3);
        Run {
            v,
            d0,
            d1,
            var_true,
            n: 0,
            s: 0.0,
            ss: 0.0,
            counts,
            l0: 0.0,
            l1: 0.0,
        }
    }

    /// Takes unit `x`; the LLR after it, `None` while it is undefined.
    fn push(&mut self, x: f64) -> Option<f64> {
        let (d0, d1) = (self.d0, self.d1);
        self.n += 1;
        self.s += x;
        self.ss += x * x;
        let (nf, s, ss) = (self.n as f64, self.s, self.ss);
        match self.v.llr {
            Llr::Plug => {
                let var = ((ss - s * s / nf) / (nf - 1.0)).max(0.0);
                (self.n >= 2 && var > 0.0).then(|| (d1 - d0) * (s - nf * (d0 + d1) / 2.0) / var)
            }
            Llr::El => {
                self.counts.add(x, 1.0);
                Some(self.counts.profile(d1, &mut self.l1) - self.counts.profile(d0, &mut self.l0))
            }
            Llr::El1s => {
                self.counts.add(x, 1.0);
                let w: f64 = self.counts.0.iter().map(|e| e.1).sum();
                let m = self.counts.0.iter().map(|e| e.0 * e.1).sum::<f64>() / w;
                let p1 = if m >= d1 {
                    0.0
                } else {
                    self.counts.profile(d1, &mut self.l1)
                };
                let p0 = if m <= d0 {
                    0.0
                } else {
                    self.counts.profile(d0, &mut self.l0)
                };
                Some(p1 - p0)
            }
            Llr::Known => Some((d1 - d0) * (s - nf * (d0 + d1) / 2.0) / self.var_true),
            Llr::Glr => {
                let r = |d: f64| (ss - 2.0 * d * s + nf * d * d) / nf;
                let (r0, r1) = (r(d0), r(d1));
                (r0 > 0.0 && r1 > 0.0).then(|| nf / 2.0 * (r0 / r1).ln())
            }
        }
    }

    /// Siegmund's Brownian overshoot constant for this run so far.
    fn brownian_overshoot(&self) -> f64 {
        let nf = self.n as f64;
        let var = match self.v.llr {
            Llr::Known => self.var_true,
            _ => ((self.ss - self.s * self.s / nf) / (nf - 1.0).max(1.0)).max(1e-12),
        };
        0.583 * (self.d1 - self.d0) / var.sqrt()
    }
}

/// One run of variant `v` of the test `t = (d0, d1, alpha, beta)` on the
/// units `next` draws: the decision (1 H1, 0 H0, -1 none by `cap`) and
/// the units it took.
fn run_one(
    v: Variant,
    t: (f64, f64, f64, f64),
    var_true: f64,
    mut next: impl FnMut() -> f64,
    cap: u64,
) -> (i8, u64) {
    let (d0, d1, alpha, beta) = t;
    let (a, b) = ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln());
    let mut run = Run::new(v, d0, d1, var_true);
    // The LLR's record low and high, and the sums of squared jumps past
    // them (the ladder heights of the dynamic overshoot correction).
    let (mut m0, mut m1, mut sq0, mut sq1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    while run.n < cap {
        let Some(llr) = run.push(next()) else {
            continue;
        };
        if llr > m1 {
            sq1 += (llr - m1).powi(2);
            m1 = llr;
        }
        if llr < m0 {
            sq0 += (llr - m0).powi(2);
            m0 = llr;
        }
        if run.n < v.min_units {
            continue;
        }
        let (o0, o1) = match v.overshoot {
            1 => (
                if m0 < 0.0 { sq0 / (-2.0 * m0) } else { 0.0 },
                if m1 > 0.0 { sq1 / (2.0 * m1) } else { 0.0 },
            ),
            2 => (run.brownian_overshoot(), run.brownian_overshoot()),
            _ => (0.0, 0.0),
        };
        if llr >= b - o1 {
            return (1, run.n);
        }
        if llr <= a + o0 {
            return (0, run.n);
        }
    }
    (-1, run.n)
}

fn units_tsv(path: &str) -> Vec<f64> {
    std::fs::read_to_string(path)
        .expect("a units.tsv")
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(3).unwrap().parse().unwrap())
        .collect()
}

/// The candidates: name, LLR, no decision before this many units,
/// overshoot correction (see [`Variant`]).
const VARIANTS: [(&str, Llr, u64, u8); 17] = [
    ("plug min5 (today)", Llr::Plug, 5, 0),
    ("plug min30", Llr::Plug, 30, 0),
    ("glr min5", Llr::Glr, 5, 0),
    ("glr min30", Llr::Glr, 30, 0),
    ("glr min30 ovs-dyn", Llr::Glr, 30, 1),
    ("glr min30 ovs-bm", Llr::Glr, 30, 2),
    ("el min1", Llr::El, 1, 0),
    ("el min5", Llr::El, 5, 0),
    ("el min30", Llr::El, 30, 0),
    ("el min1 ovs-dyn", Llr::El, 1, 1),
    ("el min5 ovs-dyn", Llr::El, 5, 1),
    ("el min5 ovs-bm", Llr::El, 5, 2),
    ("el1s min1", Llr::El1s, 1, 0),
    ("el1s min1 ovs-dyn", Llr::El1s, 1, 1),
    ("known", Llr::Known, 1, 0),
    ("known ovs-bm", Llr::Known, 1, 2),
    ("known ovs-dyn", Llr::Known, 1, 1),
];

/// Runs variant `v` of test `t` `runs` times on each of `[null, alt]` and
/// prints its false positives, power and mean lengths.
fn compare(
    vname: &str,
    v: Variant,
    t: (f64, f64, f64, f64),
    var: f64,
    [null, alt]: [&Discrete; 2],
    runs: u64,
) {
    let d1 = t.1;
    let mut res = [(0u64, 0u64, 0u64); 2];
    for (k, dist) in [null, alt].into_iter().enumerate() {
        for r in 0..runs {
            let mut rng = Rng::new(r * 2 + k as u64 + 1000 * (d1 * 1000.0) as u64);
            let (d, n) = run_one(v, t, var, || dist.sample(&mut rng), 1_000_000);
            res[k].0 += u64::from(d == 1);
            res[k].1 += n;
            res[k].2 += u64::from(d == -1);
        }
    }
    println!(
        "    {vname:22} FP {:5.2}%  power {:6.2}%  mean units H0 {:8.1} H1 {:8.1}  undecided {} {}",
        100.0 * res[0].0 as f64 / runs as f64,
        100.0 * res[1].0 as f64 / runs as f64,
        res[0].1 as f64 / runs as f64,
        res[1].1 as f64 / runs as f64,
        res[0].2,
        res[1].2
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: u64 = args.first().map_or(2000, |a| a.parse().unwrap());
    let mut shapes: Vec<(String, Discrete)> = args
        .iter()
        .skip(1)
        .map(|p| (p.clone(), Discrete::empirical(&units_tsv(p)).unwrap()))
        .collect();
    if shapes.is_empty() {
        shapes.push((
            "zero-inflated 3 values".into(),
            Discrete::new(&[(-0.5, 0.1), (0.0, 0.8), (0.5, 0.1)]).unwrap(),
        ));
    }
    let only: Option<String> = std::env::var("VARIANTS").ok();
    let variants = VARIANTS.map(|(name, llr, min_units, overshoot)| {
        (
            name,
            Variant {
                llr,
                min_units,
                overshoot,
            },
        )
    });
    let d1s: Vec<f64> = std::env::var("D1S")
        .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect())
        .unwrap_or_else(|_| vec![0.02, 0.1, 0.5]);
    let ab: Vec<(f64, f64)> = std::env::var("AB")
        .map(|s| {
            s.split(',')
                .map(|p| {
                    let (a, b) = p.split_once('/').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .unwrap_or_else(|_| vec![(0.05, 0.05)]);
    for (name, shape) in &shapes {
        let var = shape.variance();
        println!(
            "shape {name}: mean {:+.4} sd {:.4}",
            shape.mean(),
            var.sqrt()
        );
        let null = shape.reflected(0.0);
        for &d1 in &d1s {
            for &(alpha, beta) in &ab {
                let alt = match shape.tilted(d1) {
                    Ok(a) => a,
                    Err(e) => {
                        println!("  d1 {d1}: {e}");
                        continue;
                    }
                };
                let t = (0.0, d1, alpha, beta);
                println!("  d1 {d1} alpha {alpha} beta {beta}:");
                for (vname, v) in variants {
                    if let Some(o) = &only {
                        if !o.split(',').any(|w| vname.starts_with(w)) {
                            continue;
                        }
                    }
                    compare(vname, v, t, var, [&null, &alt], runs);
                }
            }
        }
    }
}
