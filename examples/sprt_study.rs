//! The study behind the duel's sequential test (`src/stats/mod.rs`): candidate
//! tests run on simulated sequences shaped like the duel's units, their
//! false-positive rate, power and mean length side by side.
//!
//! `cargo run --release --example sprt_study -- [RUNS] [UNITS.TSV ...]`
//!
//! Each `units.tsv` (a duel's `--logs` folder) gives an empirical shape;
//! without any, two built-in shapes recorded that way are used.

// A throwaway study kept to reproduce the figures in `src/stats/mod.rs`; its
// two long functions are the candidates and the table (to split: issue 33).
#![allow(clippy::too_many_lines)]

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

fn run_one(
    v: Variant,
    t: (f64, f64, f64, f64),
    var_true: f64,
    mut next: impl FnMut() -> f64,
    cap: u64,
) -> (i8, u64) {
    let (d0, d1, alpha, beta) = t;
    let (a, b) = ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln());
    let (mut n, mut s, mut ss) = (0u64, 0.0f64, 0.0f64);
    let (mut m0, mut m1, mut sq0, mut sq1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut counts = Counts::default();
    counts.add(-3.0, 1e-3);
    counts.add(3.0, 1e-3);
    let (mut l0, mut l1) = (0.0, 0.0);
    while n < cap {
        let x = next();
        n += 1;
        s += x;
        ss += x * x;
        let nf = n as f64;
        let llr = match v.llr {
            Llr::Plug => {
                if n < 2 {
                    continue;
                }
                let var = ((ss - s * s / nf) / (nf - 1.0)).max(0.0);
                if var == 0.0 {
                    continue;
                }
                (d1 - d0) * (s - nf * (d0 + d1) / 2.0) / var
            }
            Llr::El => {
                counts.add(x, 1.0);
                counts.profile(d1, &mut l1) - counts.profile(d0, &mut l0)
            }
            Llr::El1s => {
                counts.add(x, 1.0);
                let w: f64 = counts.0.iter().map(|e| e.1).sum();
                let m = counts.0.iter().map(|e| e.0 * e.1).sum::<f64>() / w;
                let p1 = if m >= d1 {
                    0.0
                } else {
                    counts.profile(d1, &mut l1)
                };
                let p0 = if m <= d0 {
                    0.0
                } else {
                    counts.profile(d0, &mut l0)
                };
                p1 - p0
            }
            Llr::Known => (d1 - d0) * (s - nf * (d0 + d1) / 2.0) / var_true,
            Llr::Glr => {
                let r = |d: f64| (ss - 2.0 * d * s + nf * d * d) / nf;
                let (r0, r1) = (r(d0), r(d1));
                if r0 <= 0.0 || r1 <= 0.0 {
                    continue;
                }
                nf / 2.0 * (r0 / r1).ln()
            }
        };
        if llr > m1 {
            sq1 += (llr - m1).powi(2);
            m1 = llr;
        }
        if llr < m0 {
            sq0 += (llr - m0).powi(2);
            m0 = llr;
        }
        if n < v.min_units {
            continue;
        }
        let (o0, o1) = match v.overshoot {
            1 => (
                if m0 < 0.0 { sq0 / (-2.0 * m0) } else { 0.0 },
                if m1 > 0.0 { sq1 / (2.0 * m1) } else { 0.0 },
            ),
            2 => {
                let var = match v.llr {
                    Llr::Known => var_true,
                    _ => ((ss - s * s / nf) / (nf - 1.0).max(1.0)).max(1e-12),
                };
                let o = 0.583 * (d1 - d0) / var.sqrt();
                (o, o)
            }
            _ => (0.0, 0.0),
        };
        if llr >= b - o1 {
            return (1, n);
        }
        if llr <= a + o0 {
            return (0, n);
        }
    }
    (-1, n)
}

fn units_tsv(path: &str) -> Vec<f64> {
    std::fs::read_to_string(path)
        .expect("a units.tsv")
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(3).unwrap().parse().unwrap())
        .collect()
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
    let variants = [
        (
            "plug min5 (today)",
            Variant {
                llr: Llr::Plug,
                min_units: 5,
                overshoot: 0,
            },
        ),
        (
            "plug min30",
            Variant {
                llr: Llr::Plug,
                min_units: 30,
                overshoot: 0,
            },
        ),
        (
            "glr min5",
            Variant {
                llr: Llr::Glr,
                min_units: 5,
                overshoot: 0,
            },
        ),
        (
            "glr min30",
            Variant {
                llr: Llr::Glr,
                min_units: 30,
                overshoot: 0,
            },
        ),
        (
            "glr min30 ovs-dyn",
            Variant {
                llr: Llr::Glr,
                min_units: 30,
                overshoot: 1,
            },
        ),
        (
            "glr min30 ovs-bm",
            Variant {
                llr: Llr::Glr,
                min_units: 30,
                overshoot: 2,
            },
        ),
        (
            "el min1",
            Variant {
                llr: Llr::El,
                min_units: 1,
                overshoot: 0,
            },
        ),
        (
            "el min5",
            Variant {
                llr: Llr::El,
                min_units: 5,
                overshoot: 0,
            },
        ),
        (
            "el min30",
            Variant {
                llr: Llr::El,
                min_units: 30,
                overshoot: 0,
            },
        ),
        (
            "el min1 ovs-dyn",
            Variant {
                llr: Llr::El,
                min_units: 1,
                overshoot: 1,
            },
        ),
        (
            "el min5 ovs-dyn",
            Variant {
                llr: Llr::El,
                min_units: 5,
                overshoot: 1,
            },
        ),
        (
            "el min5 ovs-bm",
            Variant {
                llr: Llr::El,
                min_units: 5,
                overshoot: 2,
            },
        ),
        (
            "el1s min1",
            Variant {
                llr: Llr::El1s,
                min_units: 1,
                overshoot: 0,
            },
        ),
        (
            "el1s min1 ovs-dyn",
            Variant {
                llr: Llr::El1s,
                min_units: 1,
                overshoot: 1,
            },
        ),
        (
            "known",
            Variant {
                llr: Llr::Known,
                min_units: 1,
                overshoot: 0,
            },
        ),
        (
            "known ovs-bm",
            Variant {
                llr: Llr::Known,
                min_units: 1,
                overshoot: 2,
            },
        ),
        (
            "known ovs-dyn",
            Variant {
                llr: Llr::Known,
                min_units: 1,
                overshoot: 1,
            },
        ),
    ];
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
                    let mut res = [(0u64, 0u64, 0u64); 2];
                    for (k, dist) in [&null, &alt].into_iter().enumerate() {
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
            }
        }
    }
}
