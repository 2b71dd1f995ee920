//! Standard errors of a benchmark's unbiased pass@k — the "± stderr" evaluation harnesses
//! print beside it: over tasks (lm-evaluation-harness, lighteval, inspect_ai; cluster-robust
//! over groups of tasks when the input names them), or over the samples drawn per task only.
//!
//! Per task: the unbiased estimate Ĝ_i = 1 − C(n−c, k)/C(n, k), its unbiased sampling variance
//! V̂_i and, for a known success rate p, Hoeffding's exact variance. The dataset values here
//! are the per-group reference; the report sweeps them (`eval::std_errors`).

use super::unbiased::{ln_all_fail, pass_at_k, BudgetError, ShortTasks};
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::num::excess::ln_gamma_ratio_excess;
use crate::num::hypergeom::Hypergeom;
use crate::num::libm_math::LibmMath;
use crate::num::recips::Recips;
use crate::num::sum::Neumaier;
use std::fmt;

/// Which randomness a standard error accounts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SeKind {
    /// The tasks are a sample from a population of tasks: sd(Ĝ_i)/√T.
    Tasks,
    /// The tasks are fixed; only the n samples drawn per task vary: √(Σ V̂_i)/T.
    Sampling,
}

impl SeKind {
    /// Both kinds, tasks first.
    pub const ALL: [SeKind; 2] = [SeKind::Tasks, SeKind::Sampling];

    /// A stable key (`tasks`, `sampling`), as the report and share links name it.
    pub fn key(self) -> &'static str {
        match self {
            SeKind::Tasks => "tasks",
            SeKind::Sampling => "sampling",
        }
    }

    /// The kind with this key.
    pub fn from_key(key: &str) -> Option<SeKind> {
        SeKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// Why a standard error has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeError {
    /// The unbiased pass@k itself is undefined (some task has n < k, k = 0, no tasks).
    Undefined(ShortTasks),
    /// A spread over tasks needs at least two tasks.
    OneTask,
    /// The sampling variance estimate needs n ≥ 2k for every task.
    FewSamples {
        /// The budget.
        k: u64,
        /// Tasks with n < 2k.
        tasks: u64,
    },
    /// A cluster-robust spread needs at least two groups.
    OneGroup,
}

impl fmt::Display for SeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeError::Undefined(s) => write!(f, "{s}"),
            SeError::OneTask => write!(f, "a spread over tasks needs at least two tasks"),
            SeError::FewSamples { k, tasks } => {
                let s = if *tasks == 1 { "" } else { "s" };
                write!(
                    f,
                    "the sampling variance needs n ≥ 2k = {}; {tasks} task{s} have fewer samples",
                    2 * k
                )
            }
            SeError::OneGroup => write!(f, "a spread over groups needs at least two groups"),
        }
    }
}

impl std::error::Error for SeError {}

/// The unbiased estimate of the sampling variance of one task's unbiased pass@k.
///
/// # Formula
/// V̂ = Ĝ′² − C(n−c, 2k)/C(n, 2k), Ĝ′ = C(n−c, k)/C(n, k) (the all-fail probability), an
/// unbiased estimate of Var(Ĝ) for the task's true rate; evaluated as
/// Ĝ′²·(−expm1(−D)) with D = ln[Ĝ′²·C(n, 2k)/C(n−c, 2k)] =
/// [`ln_gamma_ratio_excess`](n−c−2k+1, c, k) ≥ 0, so that it keeps its digits when Ĝ′ is near
/// 1 (n = 10^9, c = 1); Ĝ′² when n − c < 2k (the second term is 0). Never negative.
///
/// # Errors
/// [`SeError::FewSamples`] when n < 2k; [`SeError::Undefined`] for k = 0.
pub fn sampling_variance(t: Counts, k: u64) -> Result<f64, SeError> {
    if k == 0 {
        return Err(SeError::Undefined(ShortTasks { k, tasks: 1 }));
    }
    if t.n() < 2 * k {
        return Err(SeError::FewSamples { k, tasks: 1 });
    }
    let ln_fail = ln_all_fail(t, k).unwrap_or(f64::NEG_INFINITY);
    if t.n() - t.c() < 2 * k {
        return Ok((2.0 * ln_fail).libm_exp());
    }
    let d = ln_gamma_ratio_excess((t.n() - t.c() - 2 * k + 1) as f64, t.c() as f64, k as f64);
    Ok(((2.0 * ln_fail).libm_exp() * -(-d).libm_exp_m1()).max(0.0))
}

/// The exact variance of one task's unbiased pass@k when its success rate is p (Hoeffding's
/// formula for a U-statistic of order k).
///
/// # Formula
/// Var(Ĝ) = Σ_{j=1..k} C(k, j)·C(n−k, k−j)/C(n, k) · (q^{2k−j} − q^{2k}), q = 1 − p: the
/// overlap j of two k-subsets of the n samples is hypergeometric, walked from its mode
/// ([`Hypergeom::walk`]); each term as q^{2k−j}·(−expm1(j·ln q)).
///
/// # Errors
/// [`BudgetError`] when k = 0 or k > n.
pub fn exact_variance(n: u64, k: u64, p: f64) -> Result<f64, BudgetError> {
    if k == 0 {
        return Err(BudgetError::ZeroBudget);
    }
    let h = Hypergeom::new(n, k, k).map_err(|_| BudgetError::ExceedsSamples { k, n })?;
    let p = p.clamp(0.0, 1.0);
    if p == 0.0 || p == 1.0 {
        return Ok(0.0);
    }
    let ln_q = (-p).libm_ln_1p();
    let kf = k as f64;
    let mut acc = Neumaier::default();
    h.walk(&Recips::new([0.0], 0), 1, 1, |j, pj| {
        let j = j as f64;
        let (pow, keep) = ((2.0 * kf - j) * ln_q, -(j * ln_q).libm_exp_m1());
        // q^{2k−j} far below 1: its product with P(overlap = j) formed in logarithms, so that
        // a variance near 10^-300 keeps its digits instead of passing through subnormals.
        let t = if pow > -600.0 {
            pj * pow.libm_exp() * keep
        } else if pj > 0.0 {
            (pj.libm_ln() + pow).libm_exp() * keep
        } else {
            0.0
        };
        acc.add(t);
        t
    });
    Ok(acc.total().max(0.0))
}

/// The mean of Ĝ over a dataset, or why it is undefined.
fn mean_unbiased(g: &Groups, k: u64) -> Result<f64, SeError> {
    super::unbiased::mean_pass_at_k(g, k).map_err(SeError::Undefined)
}

/// The standard error over tasks: sd(Ĝ_i, ddof 1)/√T (the reference: two passes over the
/// groups, one evaluation per group).
///
/// # Formula
/// √(Σ_i (Ĝ_i − Ḡ)² / (T − 1)) / √T.
///
/// # Errors
/// [`SeError::Undefined`] where the unbiased pass@k is; [`SeError::OneTask`] for T = 1.
pub fn tasks_se(g: &Groups, k: u64) -> Result<f64, SeError> {
    let mean = mean_unbiased(g, k)?;
    let t = g.tasks();
    if t < 2 {
        return Err(SeError::OneTask);
    }
    let mut ss = Neumaier::default();
    for (c, w) in g.iter() {
        let d = pass_at_k(c, k).unwrap_or(f64::NAN) - mean;
        ss.add(w as f64 * d * d);
    }
    Ok(tasks_se_of(ss.total(), t))
}

/// sd/√T from the sum of squared deviations of T values.
///
/// # Formula
/// √(max(0, Σ(x − x̄)²)/(T − 1)/T).
pub fn tasks_se_of(sum_sq: f64, tasks: u64) -> f64 {
    let t = tasks as f64;
    (sum_sq.max(0.0) / (t - 1.0) / t).sqrt()
}

/// The sampling standard error: √(Σ_i V̂_i)/T (the reference, one evaluation per group).
///
/// # Formula
/// With V̂_i from [`sampling_variance`]; the sum clamped at 0 before the root.
///
/// # Errors
/// [`SeError::Undefined`] where the unbiased pass@k is; [`SeError::FewSamples`] naming how
/// many tasks have n < 2k.
pub fn sampling_se(g: &Groups, k: u64) -> Result<f64, SeError> {
    mean_unbiased(g, k)?;
    let few = g.tasks_below(2 * k);
    if few > 0 {
        return Err(SeError::FewSamples { k, tasks: few });
    }
    let mut sum = Neumaier::default();
    for (c, w) in g.iter() {
        sum.add(w as f64 * sampling_variance(c, k)?);
    }
    Ok(sampling_se_of(sum.total(), g.tasks()))
}

/// The sampling standard error from the sum of the tasks' variance estimates.
///
/// # Formula
/// √(max(0, Σ V̂_i))/T.
pub fn sampling_se_of(sum_var: f64, tasks: u64) -> f64 {
    sum_var.max(0.0).sqrt() / tasks as f64
}

/// The cluster-robust standard error of the mean over T tasks in G groups, from each group's
/// task count and mean Ĝ (the groups partition the tasks).
///
/// # Formula
/// e_g = T_g·(Ḡ_g − Ḡ); SE = √(G/(G−1) · Σ_g e_g²) / T (CR1). With one task per group it is
/// the tasks standard error.
///
/// # Errors
/// [`SeError::OneGroup`] for fewer than two groups.
pub fn clustered_se(groups: &[(u64, f64)]) -> Result<f64, SeError> {
    let g = groups.iter().filter(|x| x.0 > 0).count();
    if g < 2 {
        return Err(SeError::OneGroup);
    }
    let t: u64 = groups.iter().map(|x| x.0).sum();
    let mut total = Neumaier::default();
    for &(n, m) in groups {
        total.add(n as f64 * m);
    }
    let mean = total.total() / t as f64;
    let mut ss = Neumaier::default();
    for &(n, m) in groups.iter().filter(|x| x.0 > 0) {
        let e = n as f64 * (m - mean);
        ss.add(e * e);
    }
    let gf = g as f64;
    Ok((gf / (gf - 1.0) * ss.total()).max(0.0).sqrt() / t as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases() {
        let t = |n, c| Counts::new(n, c).unwrap();
        assert_eq!(sampling_variance(t(10, 0), 3), Ok(0.0));
        assert_eq!(sampling_variance(t(10, 10), 3), Ok(0.0));
        assert_eq!(
            sampling_variance(t(5, 1), 3),
            Err(SeError::FewSamples { k: 3, tasks: 1 })
        );
        assert_eq!(exact_variance(10, 3, 0.0), Ok(0.0));
        assert!(exact_variance(2, 3, 0.5).is_err());
        let one = Groups::new([t(10, 3)]);
        assert_eq!(tasks_se(&one, 1), Err(SeError::OneTask));
        assert_eq!(clustered_se(&[(3, 0.5)]), Err(SeError::OneGroup));
        assert_eq!(SeKind::from_key("sampling"), Some(SeKind::Sampling));
    }
}
