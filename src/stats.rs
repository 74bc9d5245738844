//! Statistics for "is A stronger than B?" over paired trials: the mean
//! difference with a 95% confidence interval, and Wald's sequential
//! probability ratio test (SPRT) on that mean.
//!
//! The model is the normal approximation on paired units, as fishtest's
//! "normalized" SPRT uses: each unit gives one difference `x_i`; the `x_i`
//! are taken as independent normal with unknown mean `mu` and a variance
//! estimated from the sample. H0 is `mu = d0`, H1 is `mu = d1` (`d1 > d0`).
//! The log-likelihood ratio of the sample is
//!
//! `LLR = sum_i [(x_i - d0)^2 - (x_i - d1)^2] / (2 s^2)
//!      = (d1 - d0) (sum_i x_i - n (d0 + d1) / 2) / s^2`
//!
//! and the test stops at the first unit where it leaves
//! `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`: below, H0 is
//! accepted; above, H1. Quantiles come from `statrs`.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

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

/// A sequential probability ratio test of H0 `mean = d0` against H1
/// `mean = d1`, with error rates `alpha` (accepting H1 when H0 holds) and
/// `beta` (accepting H0 when H1 holds).
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
    /// Every difference so far is zero: the two sides play identically, and
    /// no variance exists to divide by.
    Identical,
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

    /// The log-likelihood ratio of the sample under the normal model with
    /// its own variance; `None` below two values or with zero variance.
    pub fn llr(&self, s: &Summary) -> Option<f64> {
        let var = s.variance().filter(|&v| v > 0.0)?;
        Some((self.d1 - self.d0) * (s.sum() - s.n as f64 * (self.d0 + self.d1) / 2.0) / var)
    }

    /// The decision after the values in `s`. No decision before
    /// `min_units` values: the variance of a handful of units is too
    /// uncertain to divide by. When every value so far is the same there is
    /// no spread to divide by: all zero means the sides play identically
    /// ([`Decision::Identical`]); another common value decides by the side
    /// of the midpoint `(d0 + d1) / 2` it lies on (the LLR's limit as the
    /// variance goes to zero).
    pub fn decide(&self, s: &Summary, min_units: u64) -> Decision {
        if s.n < min_units.max(2) {
            return Decision::Continue;
        }
        let Some(llr) = self.llr(s) else {
            let mid = (self.d0 + self.d1) / 2.0;
            let mean = s.mean();
            return if s.sum() == 0.0 && s.sum_sq == 0.0 {
                Decision::Identical
            } else if mean > mid {
                Decision::H1
            } else if mean < mid {
                Decision::H0
            } else {
                Decision::Continue
            };
        };
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Decision::H1
        } else if llr <= lo {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    /// The units a fixed-size one-sided test with the same error rates
    /// needs for a difference of standard deviation `sd`:
    /// `((z(1 - alpha) + z(1 - beta)) sd / (d1 - d0))^2`, rounded up.
    pub fn fixed_units(&self, sd: f64) -> u64 {
        let z = normal_quantile(1.0 - self.alpha) + normal_quantile(1.0 - self.beta);
        ((z * sd / (self.d1 - self.d0)).powi(2)).ceil() as u64
    }
}

/// A sequential test in progress: values go in one at a time, in order.
#[derive(Clone, Copy, Debug)]
pub struct Sequential {
    /// The test.
    pub sprt: Sprt,
    /// No decision before this many values.
    pub min_units: u64,
    /// The values so far.
    pub summary: Summary,
}

impl Sequential {
    /// A test with no values yet.
    pub fn new(sprt: Sprt, min_units: u64) -> Sequential {
        Sequential {
            sprt,
            min_units,
            summary: Summary::default(),
        }
    }

    /// Adds a value; the decision after it.
    pub fn push(&mut self, x: f64) -> Decision {
        self.summary.push(x);
        self.decision()
    }

    /// The decision after the values so far.
    pub fn decision(&self) -> Decision {
        self.sprt.decide(&self.summary, self.min_units)
    }

    /// The LLR so far, when there is a spread to divide by.
    pub fn llr(&self) -> Option<f64> {
        self.sprt.llr(&self.summary)
    }

    /// Feeds `next(0)`, `next(1)`, ... until a decision or `max_units`
    /// values; the decision (`Continue` when none came).
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
    fn sprt_bounds_and_llr() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        // LLR = (d1 - d0)(sum - n (d0 + d1)/2)/var: sum 3, n 4, var 1/3.
        let s = Summary::of(&[0.5, 1.0, 1.0, 0.5]);
        let llr = t.llr(&s).unwrap();
        assert!(close(llr, 0.5 * (3.0 - 1.0) / (1.0 / 12.0), 1e-9), "{llr}");
        // The same as summing the per-value log-likelihood ratios.
        let var = s.variance().unwrap();
        let direct: f64 = [0.5, 1.0, 1.0, 0.5]
            .iter()
            .map(|x: &f64| (x.powi(2) - (x - 0.5).powi(2)) / (2.0 * var))
            .sum();
        assert!(close(llr, direct, 1e-9));
        assert_eq!(t.decide(&s, 2), Decision::H1);
        assert_eq!(t.decide(&s, 5), Decision::Continue);
        let s = Summary::of(&[-0.5, 0.0, -1.0, 0.0, -0.5]);
        assert_eq!(t.decide(&s, 2), Decision::H0);
        assert_eq!(t.decide(&Summary::of(&[0.0; 12]), 10), Decision::Identical);
        assert_eq!(t.decide(&Summary::of(&[0.0; 9]), 10), Decision::Continue);
        // No spread: the side of the midpoint 0.25 decides.
        assert_eq!(t.decide(&Summary::of(&[1.5; 3]), 2), Decision::H1);
        assert_eq!(t.decide(&Summary::of(&[0.1; 3]), 2), Decision::H0);
        assert_eq!(t.decide(&Summary::of(&[0.25; 3]), 2), Decision::Continue);
        assert!(Sprt::new(0.5, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.5, 0.0, 0.05).is_err());
    }

    #[test]
    fn fixed_units_of_a_one_sided_test() {
        // z(0.95) = 1.644854: ((2 * 1.644854) * 1 / 0.5)^2 = 43.29, so 44.
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        assert_eq!(t.fixed_units(1.0), 44);
    }

    /// The edges the tests above leave open: two values have a variance,
    /// `d0` counts in the LLR and in the fixed size (tests above have
    /// `d0 = 0`), a spread scales the fixed size, and a decision comes at
    /// exactly `min_units` values.
    #[test]
    fn two_values_d0_above_zero_sd_and_exactly_min_units() {
        assert_eq!(Summary::of(&[1.0, 3.0]).variance(), Some(2.0));
        let t = Sprt::new(0.25, 0.75, 0.05, 0.05).unwrap();
        // sum 5.5, n 4, var 0.1875 / 3: 0.5 * (5.5 - 4 * 0.5) / 0.0625.
        let s = Summary::of(&[1.0, 1.5, 1.5, 1.5]);
        assert!(close(t.llr(&s).unwrap(), 28.0, 1e-9));
        // ((2 * 1.644854) * 2 / 0.5)^2 = 173.2, so 174.
        assert_eq!(t.fixed_units(2.0), 174);
        assert_eq!(t.decide(&s, 4), Decision::H1);
        assert_eq!(t.decide(&s, 5), Decision::Continue);
    }

    /// Values too small to square (their squares round to 0) are not all
    /// zero: not `Identical`, they lie below the midpoint.
    #[test]
    fn tiny_values_are_not_identical_play() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let s = Summary::of(&[1e-200; 3]);
        assert_eq!(s.sum_sq, 0.0);
        assert_eq!(t.decide(&s, 2), Decision::H0);
    }

    /// A sequential test feeds values until the first decision, and its
    /// LLR is the test's on the values so far.
    #[test]
    fn a_sequential_test_stops_at_the_first_decision() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let mut seq = Sequential::new(t, 2);
        assert_eq!(seq.llr(), None);
        let values = [0.5, 1.0, 1.0, 0.5, 9.0];
        let mut fed = 0;
        let d = seq.run(10, |i| {
            fed += 1;
            values[i as usize]
        });
        // After two values the LLR is 0.5 * (1.5 - 0.5) / 0.125 = 4, above
        // the upper bound 2.94.
        assert_eq!((d, fed), (Decision::H1, 2));
        assert!(close(seq.llr().unwrap(), 4.0, 1e-9));
        let mut never = Sequential::new(t, 100);
        assert_eq!(never.run(10, |_| 1.0), Decision::Continue);
        assert_eq!(never.summary.n, 10);
    }
}
