//! Statistics for "is A stronger than B?" over paired trials: the mean
//! difference with a 95% confidence interval, and a sequential test on that
//! mean whose error rates hold on the units a duel produces
//! ([`Sequential`]), with its calibration by simulation ([`calibration`]).
//!
//! # The test: a generalized SPRT on the empirical distribution
//!
//! Each unit gives one difference `x_i` in a known range `[lo, hi]` (a
//! duel's wall: `[-3, 3]` points a game, on a grid of 1/2). H0 is "the
//! mean is `d0`", H1 "the mean is `d1`" (`d0 < d1`); the distribution's
//! shape is unknown. The log-likelihood ratio is the generalized one of
//! the multinomial on the values seen, as fishtest computes it for game
//! pairs (`MLE_expected` in its `LLRcalc.py`):
//!
//! `LLR = max { log L(p) : mean(p) = d1 } - max { log L(p) : mean(p) = d0 }`,
//!
//! each maximum over distributions `p` on the values seen plus a prior
//! weight of 1/1000 of a unit at `lo` and at `hi` (fishtest's
//! regularization, so that both maxima exist whatever was seen). With
//! weights `w_j` on values `v_j`, the maximum for mean `d` is
//! `p_j = w_j / (W (1 + t (v_j - d)))`, `t` the root of the decreasing
//! `sum_j w_j (v_j - d) / (1 + t (v_j - d))` (empirical likelihood, Owen
//! 2001, ch. 2; the dual root is found by a safeguarded Newton). The test
//! stops at the first unit where the LLR leaves Wald's
//! `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))` (Wald 1945): below,
//! H0; above, H1.
//!
//! # Why this one: measurements
//!
//! `cargo run --release --example sprt_study -- RUNS UNITS.TSV...` runs the
//! candidates on sequences drawn from shapes recorded from real duels
//! (`units.tsv`; these were recorded when a duel's wall was eight games, a
//! mean of four games a side on a grid of 1/8; it is now one game a side,
//! see `src/contest/duplicate.rs`, and `tests/duel.rs` calibrates the
//! test on shapes of the new walls): the sample bot against itself with three sample
//! opponents (sd 0.49 a wall, bell-shaped on the 1/8 grid), the same with
//! greedy opponents (95% of walls exactly 0, sd 0.14), and a close-pair
//! shape (70% zeros). H0 sequences are the shape reflected about `d0`, H1
//! sequences its exponential tilt to mean `d1` (same values, so the same
//! discreteness). With 2,000 runs each (1,000 for the alpha = 0.01 rows),
//! false positives / power at alpha = beta = 0.05:
//!
//! | shape, d1 | normal, sample variance, 5-unit floor (before) | normal GLR (variance MLE per hypothesis) | normal, true variance | this test |
//! | --- | --- | --- | --- | --- |
//! | sample opp., 0.02 | 4.95% / 95.5% | 4.8% / 95.5% | 4.8% / 95.9% | 4.8% / 95.6% |
//! | sample opp., 0.1 | **7.0%** / 93.2% | 4.65% / 95.5% | 4.35% / 95.8% | 3.2% / 96.8% |
//! | sample opp., 0.5 | 3.55% / 94.6% | 1.85% / 96.9% | 2.65% / 96.5% | 0% / 100% |
//! | 95% zeros, 0.02 | 2.4% / **78.6%** | 2.4% / **79.3%** | 4.55% / 93.9% | 0.3% / 99.4% |
//! | 95% zeros, 0.1 | 0.05% / **79.4%** | 0.05% / **80.9%** | **8.35%** / **72.8%** | 0% / 100% |
//!
//! - The variance from the sample is what breaks the normal test. On
//!   bell-shaped units its early underestimates cross the upper bound too
//!   often (7% at alpha 5%; a real duel measured 8.1%). On units that are
//!   mostly zero it is underestimated for long stretches (a run of zeros),
//!   and the drift term `-n (d1 - d0)^2 / (2 s^2)` then drives the LLR to
//!   H0: power 71-88% where 95% is promised, at every d1 from 0.02 to 0.5
//!   and alpha, beta from 0.01 to 0.1. A burn-in (no decision before 30
//!   units) fixes the first (5.3%) but not the second (87%): at d1 = 0.02
//!   the decisions come after ~200 units, when a 5%-nonzero sequence still
//!   has a variance uncertain by a third. Fishtest's normalized GLR (the
//!   variance's MLE under each hypothesis) is the same story.
//! - Even the true variance does not save the normal model on units that
//!   jump: one wall of +0.75 against a spread of 0.14 carries the LLR past
//!   a bound on its own (8.35% false positives at d1 = 0.1), and
//!   Siegmund's overshoot corrections (Brownian or from the ladder heights)
//!   make that worse, not better.
//! - The empirical-likelihood LLR weighs each value by how likely it is
//!   under the best distribution of each mean, so a jump counts for what
//!   it is and zeros count as evidence of a small mean. Its error rates
//!   held on every shape, d1 in {0.02, 0.05, 0.1, 0.2, 0.5} and
//!   alpha/beta in {0.01/0.01, 0.05/0.05, 0.1/0.1, 0.05/0.1}: false
//!   positives at most the nominal alpha within the binomial noise of the
//!   runs (worst: 1.8% of 1,000 at alpha 0.01 and 6.0% of 1,000 at alpha
//!   0.05, beta 0.1, both on the bell shape at d1 = 0.05, as the normal
//!   GLR's),
//!   power at least the nominal. Near the nominal when d1 is small against
//!   the spread (4.8% at d1 = 0.02), conservative when it is not, where it
//!   also takes longer: 161 units against the normal test's 122-137 on
//!   the bell shape at d1 = 0.1, 600 against 270 on the 95%-zero shape at
//!   d1 = 0.02. That is its price: any distribution on `[lo, hi]` of mean
//!   `d1` is an alternative, including one that wins rarely but by 3
//!   points, and it must be ruled out. Its one-sided variant (the sup over
//!   mean >= d1 against mean <= d0) was faster but gave 9.3% false
//!   positives at d1 = 0.02. A burn-in changed nothing (no early
//!   decisions to remove), and the dynamic overshoot correction moved
//!   false positives by under half a point: neither is used.
//! - It needs no variance, so it has no zero-spread special case: the LLR
//!   is always a number, and two bots that play identically (every unit 0)
//!   are sent to H0 by the evidence itself, at the floor below (90 walls
//!   at the duel's defaults).
//!
//! # The fewest units to a decision
//!
//! Units all equal to some `x > d1` are the strongest evidence for H1 the
//! test can see, and it is weak: the best distribution of mean `d` puts
//! mass `(x - d) / (x - lo)` at `lo` (a rare wall lost by the most, as a
//! bot that crashes on 3% of walls would), so each unit adds only
//! `ln((d1 - lo) / (d0 - lo))` to the LLR, whatever `x`; likewise units
//! all below `d0` subtract at most `ln((hi - d0) / (hi - d1))`. The test
//! makes no decision before the smaller of the two counts that reach the
//! bounds this way ([`Sequential::min_units`]: 90 walls at the duel's
//! defaults, 20 at d1 = 0.5); a cap below it can never decide. This floor
//! is the price of assuming nothing about the shape: a distribution of
//! mean 0 that gives `x` 96.8% of the time and `-3` otherwise yields 89
//! straight `x` more than 5% of the time.
//!
//! References: A. Wald, "Sequential tests of statistical hypotheses", Ann.
//! Math. Statist. 16 (1945); A. B. Owen, *Empirical Likelihood* (2001);
//! D. Siegmund, *Sequential Analysis* (1985), ch. 8 and 10 (overshoot);
//! M. Van den Bergh, "A practical introduction to the GSPRT" and
//! "Computing the MLE of a multinomial with given expectation"
//! (cantate.be/Fishtest), implemented in fishtest's
//! `server/fishtest/stats/LLRcalc.py` and `sprt.py`; H.-P. Liu et al. on the
//! GSPRT's asymptotics (stat.columbia.edu/~jcliu/paper/GSPRT_SQA3.pdf).
//! Quantiles come from `statrs`.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

pub mod calibration;

/// Count, mean and sample variance of a series, kept as running sums.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Number of values.
    pub n: u64,
    sum: f64,
    sum_sq: f64,
}

impl Summary {
    /// The summary of `xs`.
    pub fn of(xs: &[f64]) -> Summary {
        let mut s = Summary::default();
        xs.iter().for_each(|&x| s.push(x));
        s
    }

    /// Adds one value.
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// The sum of the values.
    pub fn sum(&self) -> f64 {
        self.sum
    }

    /// The mean (0 for no values).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The sample variance (divisor `n - 1`); `None` below two values.
    pub fn variance(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        // Rounding can leave a tiny negative for equal values.
        Some(((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0))
    }

    /// The 95% confidence interval of the mean (Student's t with `n - 1`
    /// degrees of freedom); `None` below two values.
    pub fn ci95(&self) -> Option<(f64, f64)> {
        let var = self.variance()?;
        let t = t_quantile(0.975, (self.n - 1) as f64);
        let half = t * (var / self.n as f64).sqrt();
        Some((self.mean() - half, self.mean() + half))
    }
}

/// The `p` quantile of the standard normal distribution.
pub fn normal_quantile(p: f64) -> f64 {
    Normal::new(0.0, 1.0)
        .expect("a valid normal")
        .inverse_cdf(p)
}

/// The `p` quantile of Student's t distribution with `df` degrees of freedom.
pub fn t_quantile(p: f64, df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df)
        .expect("positive degrees of freedom")
        .inverse_cdf(p)
}

/// The hypotheses and error rates of a sequential test: H0 "the mean is
/// `d0`" against H1 "the mean is `d1`", `alpha` the chance of accepting
/// H1 when H0 holds, `beta` of accepting H0 when H1 holds.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    /// The mean under H0.
    pub d0: f64,
    /// The mean under H1 (above `d0`).
    pub d1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Decision {
    /// Not enough evidence yet.
    Continue,
    /// The LLR fell to the lower bound: H0.
    H0,
    /// The LLR rose to the upper bound: H1.
    H1,
}

impl Sprt {
    /// Checks the parameters: `d0 < d1`, `alpha` and `beta` in (0, 0.5).
    pub fn new(d0: f64, d1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(d0.is_finite() && d1.is_finite() && d0 < d1) {
            return Err(format!("d0 ({d0}) must be below d1 ({d1})"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("{name} ({v}) must be above 0 and below 0.5"));
            }
        }
        Ok(Sprt {
            d0,
            d1,
            alpha,
            beta,
        })
    }

    /// The lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The units a fixed-size one-sided test with the same error rates
    /// needs for a difference of standard deviation `sd`:
    /// `((z(1 - alpha) + z(1 - beta)) sd / (d1 - d0))^2`, rounded up.
    pub fn fixed_units(&self, sd: f64) -> u64 {
        let z = normal_quantile(1.0 - self.alpha) + normal_quantile(1.0 - self.beta);
        ((z * sd / (self.d1 - self.d0)).powi(2)).ceil() as u64
    }

    /// Wald's approximation of the expected units to a decision when the
    /// mean is `d0` (`at_d1` false) or `d1`, for units of variance `var`
    /// under the normal model (the theory a calibration compares with):
    /// the expected final LLR over the expected LLR a unit.
    pub fn wald_units(&self, at_d1: bool, var: f64) -> f64 {
        let (lo, hi) = self.bounds();
        let step = (self.d1 - self.d0).powi(2) / (2.0 * var);
        if at_d1 {
            ((1.0 - self.beta) * hi + self.beta * lo) / step
        } else {
            (self.alpha * hi + (1.0 - self.alpha) * lo) / -step
        }
    }
}

/// The prior weight (in units) at each end of the range: fishtest's
/// regularization, small enough to leave any real sample's likelihood
/// alone, there so that every mean inside the range has a maximum.
const PRIOR: f64 = 1e-3;

/// The sequential test of the module's documentation, fed one unit at a
/// time: the generalized SPRT on the empirical distribution of units in
/// `[lo, hi]`.
#[derive(Clone, Debug)]
pub struct Sequential {
    /// The hypotheses and error rates.
    pub sprt: Sprt,
    /// The range every unit lies in.
    pub range: (f64, f64),
    /// The units so far (count, mean, variance).
    pub summary: Summary,
    /// Weight of each value seen, the two ends of the range included.
    weights: Vec<(f64, f64)>,
    /// The last dual roots for `d0` and `d1` (warm starts).
    roots: (f64, f64),
    llr: f64,
    decision: Decision,
}

impl Sequential {
    /// A test of units in `range`; `d0` and `d1` must lie strictly inside.
    pub fn new(sprt: Sprt, range: (f64, f64)) -> Result<Sequential, String> {
        let (lo, hi) = range;
        if !(lo < sprt.d0 && sprt.d1 < hi) {
            return Err(format!(
                "d0 ({}) and d1 ({}) must lie inside the range of a unit, ({lo}, {hi})",
                sprt.d0, sprt.d1
            ));
        }
        Ok(Sequential {
            sprt,
            range,
            summary: Summary::default(),
            weights: vec![(lo, PRIOR), (hi, PRIOR)],
            roots: (0.0, 0.0),
            llr: 0.0,
            decision: Decision::Continue,
        })
    }

    /// No decision comes before this many units: the fewest in which
    /// constant units reach a bound (the module's documentation).
    pub fn min_units(&self) -> u64 {
        let (lo, hi) = self.range;
        let (a, b) = self.sprt.bounds();
        let Sprt { d0, d1, .. } = self.sprt;
        let up = b / ((d1 - lo) / (d0 - lo)).ln();
        let down = -a / ((hi - d0) / (hi - d1)).ln();
        up.min(down).ceil().max(1.0) as u64
    }

    /// Adds a unit (in the range); the decision after it. After a decision
    /// the test stays decided.
    pub fn push(&mut self, x: f64) -> Decision {
        let (lo, hi) = self.range;
        assert!(
            (lo..=hi).contains(&x),
            "a unit of {x} outside the range [{lo}, {hi}]"
        );
        self.summary.push(x);
        match self.weights.iter_mut().find(|(v, _)| *v == x) {
            Some(e) => e.1 += 1.0,
            None => self.weights.push((x, 1.0)),
        }
        let (r0, r1) = self.roots;
        let (l0, r0) = profile(&self.weights, self.sprt.d0, r0);
        let (l1, r1) = profile(&self.weights, self.sprt.d1, r1);
        self.roots = (r0, r1);
        self.llr = l1 - l0;
        if self.decision == Decision::Continue && self.summary.n >= self.min_units() {
            let (a, b) = self.sprt.bounds();
            if self.llr >= b {
                self.decision = Decision::H1;
            } else if self.llr <= a {
                self.decision = Decision::H0;
            }
        }
        self.decision
    }

    /// The decision so far.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The units so far.
    pub fn units(&self) -> u64 {
        self.summary.n
    }

    /// The LLR so far (0 before any unit): always a number.
    pub fn llr(&self) -> f64 {
        self.llr
    }

    /// Feeds `next(0)`, `next(1)`, ... until a decision or `max_units`
    /// units; the decision (`Continue` when none came).
    pub fn run(&mut self, max_units: u64, mut next: impl FnMut(u64) -> f64) -> Decision {
        for i in 0..max_units {
            let d = self.push(next(i));
            if d != Decision::Continue {
                return d;
            }
        }
        Decision::Continue
    }
}

/// The log of the largest likelihood of the weighted values under a
/// distribution on them with mean `d`, relative to their own (empirical)
/// distribution, and the dual root `t` it came from (`start`: a guess).
/// The values must straddle `d`.
fn profile(weights: &[(f64, f64)], d: f64, start: f64) -> (f64, f64) {
    // g(t) = sum w c / (1 + t c), c = v - d, decreases on the t with every
    // 1 + t c > 0: (-1 / max c, -1 / min c).
    let (cmin, cmax) = weights.iter().fold((0.0f64, 0.0f64), |(a, b), &(v, _)| {
        (a.min(v - d), b.max(v - d))
    });
    let (mut lo, mut hi) = (-1.0 / cmax, -1.0 / cmin);
    let g = |t: f64| {
        weights.iter().fold((0.0, 0.0), |(g, dg), &(v, w)| {
            let c = v - d;
            let q = 1.0 + t * c;
            (g + w * c / q, dg - w * c * c / (q * q))
        })
    };
    let mut t = start.clamp(lo + (hi - lo) * 1e-12, hi - (hi - lo) * 1e-12);
    for _ in 0..200 {
        let (gv, dg) = g(t);
        if gv > 0.0 {
            lo = t;
        } else {
            hi = t;
        }
        // Newton, or bisection when Newton leaves the bracket.
        let mut next = t - gv / dg;
        if !(next > lo && next < hi) {
            next = lo + (hi - lo) / 2.0;
        }
        let done = (next - t).abs() <= 1e-14 * (1.0 + t.abs());
        t = next;
        if done {
            break;
        }
    }
    let ll = -weights
        .iter()
        .map(|&(v, w)| w * (t * (v - d)).ln_1p())
        .sum::<f64>();
    (ll, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn quantiles_match_the_tables() {
        assert!(close(normal_quantile(0.975), 1.959_964, 1e-5));
        assert!(close(normal_quantile(0.95), 1.644_854, 1e-5));
        assert!(close(t_quantile(0.975, 10.0), 2.228_139, 1e-5));
        assert!(close(t_quantile(0.975, 1.0), 12.706_205, 1e-4));
        assert!(close(t_quantile(0.975, 1000.0), 1.962_339, 1e-5));
    }

    #[test]
    fn summary_mean_variance_and_interval() {
        let s = Summary::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(s.n, 8);
        assert!(close(s.mean(), 5.0, 1e-12));
        assert!(close(s.variance().unwrap(), 32.0 / 7.0, 1e-12));
        let (lo, hi) = s.ci95().unwrap();
        // 5 -+ t(0.975, 7) * sqrt(32/7/8), t = 2.364624.
        let half = 2.364_624 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!(close(lo, 5.0 - half, 1e-5) && close(hi, 5.0 + half, 1e-5));
        assert_eq!(Summary::of(&[1.0]).variance(), None);
    }

    #[test]
    fn sprt_bounds() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        assert!(Sprt::new(0.5, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.5, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.5, 0.05, 0.5).is_err());
    }

    /// On two values the only distribution of mean `d` is fixed: the
    /// profile is its likelihood, in closed form.
    #[test]
    fn the_profile_of_two_values_is_in_closed_form() {
        let w = [(0.0, 6.0), (1.0, 4.0)];
        for d in [0.1, 0.4, 0.7] {
            let (ll, _) = profile(&w, d, 0.0);
            let want = 6.0 * ((1.0 - d) / 0.6).ln() + 4.0 * (d / 0.4).ln();
            assert!(close(ll, want, 1e-9), "{d}: {ll} {want}");
        }
        // At the sample's own mean nothing is lost.
        assert!(close(profile(&w, 0.4, 3.0).0, 0.0, 1e-12));
        // Three values: the maximum beats any other distribution of the
        // same mean, e.g. the one moving mass from 0 to the ends.
        let w = [(-1.0, 2.0), (0.0, 5.0), (2.0, 3.0)];
        let (ll, _) = profile(&w, 0.2, 0.0);
        let other = |q: [f64; 3]| -> f64 {
            w.iter()
                .zip(q)
                .map(|(&(_, n), p)| n * (p / (n / 10.0)).ln())
                .sum()
        };
        // Mean 0.2: -0.2 + 0 + 2 * 0.2 = 0.2.
        assert!(ll > other([0.2, 0.6, 0.2]), "{ll}");
        assert!(ll <= 0.0);
    }

    #[test]
    fn the_fewest_units_follow_from_constant_units() {
        let duel = |d1: f64| Sequential::new(Sprt::new(0.0, d1, 0.05, 0.05).unwrap(), (-3.0, 3.0));
        // ln(19) / ln(3 / 2.9) = 86.8 (H0) below ln(19) / ln(3.1 / 3) = 89.8.
        assert_eq!(duel(0.1).unwrap().min_units(), 87);
        // ln(19) / ln(3 / 2.5) = 16.1.
        assert_eq!(duel(0.5).unwrap().min_units(), 17);
        assert!(duel(3.0).is_err());
        // Constant units reach the bounds near there, never before.
        for (x, want) in [
            (0.0, Decision::H0),
            (-3.0, Decision::H0),
            (1.3, Decision::H1),
            (3.0, Decision::H1),
        ] {
            let mut t = duel(0.1).unwrap();
            let d = t.run(1000, |_| x);
            assert_eq!(d, want, "{x}");
            assert!((87..=95).contains(&t.units()), "{x}: {}", t.units());
        }
    }

    /// Every unit zero (identical play): the LLR is a number at every
    /// step, falling steadily, and H0 comes at the floor.
    #[test]
    fn zero_units_have_a_number_and_lead_to_h0() {
        let mut t = Sequential::new(Sprt::new(0.0, 0.1, 0.05, 0.05).unwrap(), (-3.0, 3.0)).unwrap();
        assert_eq!(t.llr(), 0.0);
        let mut last = 0.0;
        let mut n = 0;
        while t.decision() == Decision::Continue {
            t.push(0.0);
            n += 1;
            assert!(t.llr().is_finite() && t.llr() < last, "{n}: {}", t.llr());
            last = t.llr();
        }
        assert_eq!(t.decision(), Decision::H0);
        // Each zero costs mean 0.1 about ln(1 - 0.1 / 3) = -0.0339 (a little
        // less: the prior weight at 3 helps it): from 2.944 / 0.0339 = 87.
        assert!((87..=92).contains(&n), "{n}");
        let per = last / n as f64;
        assert!(per < -0.031 && per > (1.0 - 0.1 / 3.0f64).ln(), "{per}");
    }

    #[test]
    fn a_sequential_test_stops_at_the_first_decision_and_stays() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let mut seq = Sequential::new(t, (-3.0, 3.0)).unwrap();
        let mut fed = 0;
        let d = seq.run(1000, |i| {
            fed += 1;
            if i % 2 == 0 {
                1.0
            } else {
                0.5
            }
        });
        assert_eq!(d, Decision::H1);
        assert_eq!(fed, seq.units());
        assert!(seq.llr() >= t.bounds().1);
        assert_eq!(seq.push(-3.0), Decision::H1);
        let mut never = Sequential::new(t, (-3.0, 3.0)).unwrap();
        assert_eq!(never.run(5, |_| 1.0), Decision::Continue);
        assert_eq!(never.units(), 5);
    }

    #[test]
    #[should_panic(expected = "outside the range")]
    fn a_unit_outside_the_range_is_a_bug() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        Sequential::new(t, (-1.0, 1.0)).unwrap().push(1.5);
    }

    #[test]
    fn wald_units_under_the_normal_model() {
        // Drift (0.1)^2 / (2 * 0.25) = 0.02; at d1: (0.95 * 2.944 - 0.05 *
        // 2.944) / 0.02 = 132.5.
        let t = Sprt::new(0.0, 0.1, 0.05, 0.05).unwrap();
        assert!(close(t.wald_units(true, 0.25), 132.5, 0.1));
        assert!(close(t.wald_units(false, 0.25), 132.5, 0.1));
    }

    #[test]
    fn fixed_units_of_a_one_sided_test() {
        // z(0.95) = 1.644854: ((2 * 1.644854) * 1 / 0.5)^2 = 43.29, so 44.
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        assert_eq!(t.fixed_units(1.0), 44);
    }
}
