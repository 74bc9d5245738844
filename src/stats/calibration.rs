//! Calibration of a sequential test by simulation: run it many times on
//! sequences whose mean is known (H0's `d0`, H1's `d1`), and compare the
//! false-positive rate, the power and the expected length with what the
//! test promises.
//!
//! The sequences come from a [`Discrete`] distribution shaped like the
//! duel's units: a few values on a grid, bounded, often exactly zero. A
//! distribution measured from real units (a duel's `units.tsv`) is made
//! one of mean `d0` by reflecting it about `d0` ([`Discrete::reflected`])
//! and one of mean `d1` by exponential tilting ([`Discrete::tilted`]), so
//! that its support, and so its discreteness, is kept. Any other source of
//! units (real duels) can be fed to [`run_tests`].
//!
//! A setup whose units are all equal (all zero: two bots that play
//! identically) has no spread: no sequence from it can tell anything about
//! the test, and [`Calibration::check`] refuses to call it calibrated.

use super::{Decision, Sequential, Sprt};
use crate::rng::Rng;
use statrs::distribution::{Binomial, DiscreteCDF};

/// A distribution on finitely many values.
#[derive(Clone, Debug, PartialEq)]
pub struct Discrete {
    /// The values, ascending and distinct.
    values: Vec<f64>,
    /// Their probabilities (positive, summing to 1).
    probs: Vec<f64>,
}

impl Discrete {
    /// The distribution giving each value its weight (weights need not sum
    /// to 1; values may repeat, their weights add up; zero weights drop).
    pub fn new(weighted: &[(f64, f64)]) -> Result<Discrete, String> {
        let mut pairs: Vec<(f64, f64)> = Vec::new();
        for &(v, w) in weighted {
            if !(v.is_finite() && w.is_finite() && w >= 0.0) {
                return Err(format!("value {v} with weight {w}: not a distribution"));
            }
            if w > 0.0 {
                pairs.push((v, w));
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut values: Vec<f64> = Vec::new();
        let mut probs: Vec<f64> = Vec::new();
        for (v, w) in pairs {
            if values.last() == Some(&v) {
                *probs.last_mut().expect("a value") += w;
            } else {
                values.push(v);
                probs.push(w);
            }
        }
        let total: f64 = probs.iter().sum();
        if values.is_empty() || total <= 0.0 {
            return Err("no value has a positive weight".into());
        }
        probs.iter_mut().for_each(|p| *p /= total);
        Ok(Discrete { values, probs })
    }

    /// The empirical distribution of a sample (e.g. a duel's differences).
    pub fn empirical(sample: &[f64]) -> Result<Discrete, String> {
        Discrete::new(&sample.iter().map(|&x| (x, 1.0)).collect::<Vec<_>>())
    }

    /// The values and their probabilities.
    pub fn support(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.values.iter().copied().zip(self.probs.iter().copied())
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        self.support().map(|(v, p)| v * p).sum()
    }

    /// The variance.
    pub fn variance(&self) -> f64 {
        let m = self.mean();
        self.support().map(|(v, p)| p * (v - m).powi(2)).sum()
    }

    /// All its mass is on one value: a sequence from it has no spread.
    pub fn is_degenerate(&self) -> bool {
        self.values.len() == 1
    }

    /// The distribution of `2 c - x`, mixed half and half with that of
    /// `x`: symmetric about `c`, so of mean exactly `c`, on the same grid
    /// when `c` is on it.
    pub fn reflected(&self, c: f64) -> Discrete {
        let both: Vec<(f64, f64)> = self
            .support()
            .flat_map(|(v, p)| [(v, p), (2.0 * c - v, p)])
            .collect();
        Discrete::new(&both).expect("a distribution")
    }

    /// The exponential tilt of mean `mean` (`p_i e^(t v_i)`, normalized):
    /// of all the distributions on the same values with that mean, the
    /// closest to this one (in Kullback-Leibler divergence). The mean must
    /// lie strictly between the smallest and the largest value.
    pub fn tilted(&self, mean: f64) -> Result<Discrete, String> {
        let (lo, hi) = (self.values[0], *self.values.last().expect("a value"));
        if !(mean > lo && mean < hi) {
            return Err(format!(
                "no distribution on [{lo}, {hi}] with these values has mean {mean}"
            ));
        }
        let at = |t: f64| -> Discrete {
            // Shifted exponents: no overflow for large |t|.
            let top = self
                .values
                .iter()
                .map(|v| t * v)
                .fold(f64::NEG_INFINITY, f64::max);
            let w: Vec<(f64, f64)> = self
                .support()
                .map(|(v, p)| (v, p * (t * v - top).exp()))
                .collect();
            Discrete::new(&w).expect("positive weights")
        };
        // The tilted mean rises with t: bisection.
        let (mut a, mut b) = (-1.0, 1.0);
        while at(a).mean() > mean {
            a *= 2.0;
        }
        while at(b).mean() < mean {
            b *= 2.0;
        }
        for _ in 0..200 {
            let m = (a + b) / 2.0;
            if at(m).mean() < mean {
                a = m;
            } else {
                b = m;
            }
        }
        Ok(at((a + b) / 2.0))
    }

    /// One value drawn with `rng`.
    pub fn sample(&self, rng: &mut Rng) -> f64 {
        // 53 random bits: a uniform in [0, 1).
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut acc = 0.0;
        for (v, p) in self.support() {
            acc += p;
            if u < acc {
                return v;
            }
        }
        *self.values.last().expect("a value")
    }
}

/// What many runs of a sequential test gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Runs.
    pub runs: u64,
    /// Runs that accepted H1.
    pub h1: u64,
    /// Runs that accepted H0.
    pub h0: u64,
    /// Runs with no decision within the cap.
    pub undecided: u64,
    /// Runs whose units were all zero up to their end.
    pub all_zero: u64,
    /// Units of each run, in run order.
    pub units: Vec<u64>,
}

impl Outcome {
    /// The share of runs that accepted H1.
    pub fn h1_rate(&self) -> f64 {
        self.h1 as f64 / self.runs.max(1) as f64
    }

    /// The mean units a run took.
    pub fn mean_units(&self) -> f64 {
        self.units.iter().sum::<u64>() as f64 / self.units.len().max(1) as f64
    }

    /// The `q` quantile of the units a run took.
    pub fn units_quantile(&self, q: f64) -> u64 {
        let mut u = self.units.clone();
        u.sort_unstable();
        u.get(((u.len().max(1) - 1) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0)
    }
}

/// Runs `runs` tests, each a fresh `make()`, test `r` fed `unit(r, 0)`,
/// `unit(r, 1)`, ... until it decides or has had `max_units` units.
pub fn run_tests(
    runs: u64,
    max_units: u64,
    mut make: impl FnMut() -> Sequential,
    mut unit: impl FnMut(u64, u64) -> f64,
) -> Outcome {
    let mut out = Outcome {
        runs,
        ..Outcome::default()
    };
    for r in 0..runs {
        let mut test = make();
        let mut zero = true;
        let d = test.run(max_units, |i| {
            let x = unit(r, i);
            zero &= x == 0.0;
            x
        });
        match d {
            Decision::H1 => out.h1 += 1,
            Decision::H0 => out.h0 += 1,
            Decision::Continue => out.undecided += 1,
        }
        out.all_zero += u64::from(zero);
        out.units.push(test.units());
    }
    out
}

/// Runs `runs` tests of units in `range` on independent sequences from
/// `dist` (inside the range), run `r` drawn from a generator seeded
/// `seed + r`.
pub fn simulate(
    sprt: Sprt,
    range: (f64, f64),
    dist: &Discrete,
    runs: u64,
    max_units: u64,
    seed: u64,
) -> Outcome {
    let mut rng = Rng::new(seed);
    let mut current = u64::MAX;
    run_tests(
        runs,
        max_units,
        || Sequential::new(sprt, range).expect("d0 and d1 inside the range"),
        |r, _| {
            if r != current {
                current = r;
                rng = Rng::new(seed.wrapping_add(r));
            }
            dist.sample(&mut rng)
        },
    )
}

/// The calibration of one test on one distribution of units: the test run
/// on sequences of mean `d0` (the distribution reflected about `d0`) and
/// of mean `d1` (tilted to it).
#[derive(Clone, Debug)]
pub struct Calibration {
    /// The test.
    pub sprt: Sprt,
    /// The range of a unit.
    pub range: (f64, f64),
    /// The units' distribution, as given.
    pub shape: Discrete,
    /// Runs at `d0`.
    pub null: Outcome,
    /// Runs at `d1`.
    pub alternative: Outcome,
    /// Wald's expected units at `d0` and at `d1` under the normal model
    /// with the shape's variance.
    pub wald_units: (f64, f64),
}

/// Why a calibration fails.
#[derive(Clone, Debug, PartialEq)]
pub enum NotCalibrated {
    /// Every unit was zero: the sequences carry no information.
    Degenerate,
    /// More false positives than a test of level alpha gives with
    /// probability `1 - risk`.
    FalsePositives {
        /// H1 accepted this many times at `d0`,
        h1: u64,
        /// above this bound.
        bound: u64,
    },
    /// Less power than a test with this beta gives with probability
    /// `1 - risk`.
    Power {
        /// H1 accepted this many times at `d1`,
        h1: u64,
        /// below this bound.
        bound: u64,
    },
}

impl Calibration {
    /// Runs the calibration: `runs` tests at `d0` and `runs` at `d1`, each
    /// stopped undecided after `max_units`, units in `range`. `shape` must
    /// have a spread.
    pub fn run(
        sprt: Sprt,
        range: (f64, f64),
        shape: &Discrete,
        runs: u64,
        max_units: u64,
        seed: u64,
    ) -> Result<Calibration, String> {
        if shape.is_degenerate() {
            return Err("the units have no spread (all equal): nothing to calibrate on".into());
        }
        let null = shape.reflected(sprt.d0);
        Sequential::new(sprt, range)?;
        let alt = shape.tilted(sprt.d1)?;
        let var = shape.variance();
        Ok(Calibration {
            sprt,
            range,
            shape: shape.clone(),
            null: simulate(sprt, range, &null, runs, max_units, seed),
            alternative: simulate(sprt, range, &alt, runs, max_units, seed ^ 0x5555_5555),
            wald_units: (sprt.wald_units(false, var), sprt.wald_units(true, var)),
        })
    }

    /// Checks the rates: at `d0` no more H1 than the `1 - risk` quantile
    /// of Binomial(runs, alpha); at `d1` no fewer than the `risk` quantile
    /// of Binomial(runs, 1 - beta). A calibrated test passes each with
    /// probability at least `1 - risk`. Runs whose units were all zero
    /// fail it: they measure nothing.
    pub fn check(&self, risk: f64) -> Result<(), NotCalibrated> {
        check_rates(&self.sprt, &self.null, &self.alternative, risk)
    }
}

/// [`Calibration::check`] on outcomes however they were obtained (real
/// duels included).
pub fn check_rates(
    sprt: &Sprt,
    null: &Outcome,
    alternative: &Outcome,
    risk: f64,
) -> Result<(), NotCalibrated> {
    if null.all_zero == null.runs || alternative.all_zero == alternative.runs {
        return Err(NotCalibrated::Degenerate);
    }
    let bound = fp_bound(null.runs, sprt.alpha, risk);
    if null.h1 > bound {
        return Err(NotCalibrated::FalsePositives { h1: null.h1, bound });
    }
    let bound = power_bound(alternative.runs, sprt.beta, risk);
    if alternative.h1 < bound {
        return Err(NotCalibrated::Power {
            h1: alternative.h1,
            bound,
        });
    }
    Ok(())
}

/// The most false positives in `runs` tests of level `alpha` with
/// probability at least `1 - risk`: the `1 - risk` quantile of
/// Binomial(runs, alpha).
pub fn fp_bound(runs: u64, alpha: f64, risk: f64) -> u64 {
    Binomial::new(alpha, runs)
        .expect("a probability")
        .inverse_cdf(1.0 - risk)
}

/// The fewest H1 in `runs` tests of power `1 - beta` with probability at
/// least `1 - risk`: `runs` minus the `1 - risk` quantile of the misses,
/// Binomial(runs, beta).
pub fn power_bound(runs: u64, beta: f64, risk: f64) -> u64 {
    runs - fp_bound(runs, beta, risk)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflection_and_tilt_keep_the_grid_and_set_the_mean() {
        let d = Discrete::new(&[(0.0, 8.0), (0.25, 1.0), (-0.5, 1.0)]).unwrap();
        assert!((d.mean() + 0.025).abs() < 1e-12);
        let r = d.reflected(0.0);
        assert!(r.mean().abs() < 1e-12);
        assert_eq!(r.support().count(), 5);
        let t = d.tilted(0.1).unwrap();
        assert!((t.mean() - 0.1).abs() < 1e-9, "{}", t.mean());
        assert_eq!(t.support().count(), 3);
        assert!(d.tilted(0.25).is_err());
        assert!(Discrete::new(&[(0.0, 0.0)]).is_err());
        assert!(Discrete::empirical(&[0.0, 0.0]).unwrap().is_degenerate());
    }

    #[test]
    fn samples_follow_the_distribution() {
        let d = Discrete::new(&[(0.0, 0.5), (1.0, 0.25), (2.0, 0.25)]).unwrap();
        let mut rng = Rng::new(3);
        let n = 40_000;
        let mean = (0..n).map(|_| d.sample(&mut rng)).sum::<f64>() / n as f64;
        // Mean 0.75, sd of the mean sqrt(0.6875 / 40000) = 0.0041.
        assert!((mean - 0.75).abs() < 0.02, "{mean}");
    }

    #[test]
    fn binomial_bounds() {
        // Binomial(2000, 0.05): mean 100, sd 9.75; its 99% quantile is
        // about 100 + 2.33 * 9.75 = 123.
        let b = fp_bound(2000, 0.05, 0.01);
        assert!((121..=125).contains(&b), "{b}");
        assert_eq!(power_bound(2000, 0.05, 0.01), 2000 - b);
    }

    #[test]
    fn a_degenerate_setup_is_refused() {
        let zero = Discrete::new(&[(0.0, 1.0)]).unwrap();
        let t = Sprt::new(0.0, 0.1, 0.05, 0.05).unwrap();
        assert!(Calibration::run(t, (-3.0, 3.0), &zero, 10, 100, 1).is_err());
        // Outcomes of runs whose units were all zero (real duels of two
        // identical bots) are refused too, though the test decided H0.
        let make = || Sequential::new(t, (-3.0, 3.0)).unwrap();
        let o = run_tests(5, 200, make, |_, _| 0.0);
        assert_eq!(o.h0, 5);
        assert_eq!(o.all_zero, 5);
        assert_eq!(
            check_rates(&t, &o, &o, 0.01),
            Err(NotCalibrated::Degenerate)
        );
    }
}
