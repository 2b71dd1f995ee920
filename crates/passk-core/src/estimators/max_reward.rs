//! Max@k of graded rewards: the expected best reward among k samples, the reward itself
//! ranking them (Bagirov et al. 2025, "The Best of N Worlds", Appendix C.1; scorio's
//! `max_at_k`), with the Bayesian interval of scorio's `max_at_k_ci` (a Dirichlet posterior
//! per task over a rubric's categories, as Bayes@N's). With the rubric 0/1 it is pass@k.
//!
//! Not the report's `max_at_k` ([`best_of::mean_max_at_k`](crate::estimators::best_of)):
//! that one takes the reward of the best-*scored* of k samples, ranked by a separate score (a
//! verifier's); here the reward ranks itself, so a task needs only its samples' tally by
//! reward ([`Rubric::counts_of_tasks`]).

use std::collections::HashMap;
use std::fmt;

use crate::data::counts::Counts;
use crate::estimators::bayes_at_n::{bayes_at_n, BayesError, Rubric};
use crate::estimators::unbiased::pass_at_k;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// Why Max@k cannot be computed.
#[derive(Debug, Clone, PartialEq)]
pub enum MaxRewardError {
    /// k = 0.
    ZeroBudget,
    /// The rubric or a task's categories (as Bayes@N's).
    Bayes(BayesError),
    /// A posterior variance or covariance materially negative (scorio raises the same).
    NegativeVariance,
}

impl fmt::Display for MaxRewardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaxRewardError::ZeroBudget => write!(f, "k must be at least 1"),
            MaxRewardError::Bayes(e) => e.fmt(f),
            MaxRewardError::NegativeVariance => {
                write!(f, "the Max@k posterior variance is materially negative")
            }
        }
    }
}

impl std::error::Error for MaxRewardError {}

impl From<BayesError> for MaxRewardError {
    fn from(e: BayesError) -> Self {
        MaxRewardError::Bayes(e)
    }
}

/// Max@k of a series at one budget.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MaxReward {
    /// The budget.
    pub k: u64,
    /// The unbiased finite-sample estimate (scorio's `max_at_k`); None when k exceeds some
    /// task's samples.
    pub estimate: Option<f64>,
    /// The posterior mean (scorio's `max_at_k_ci` μ), defined at any k.
    pub mean: f64,
    /// The posterior standard deviation σ = √(Σ σ_i²)/M.
    pub sd: f64,
    /// μ − zσ, clipped to the rubric's weights for k ≥ 2 (at k = 1, Bayes@N's, not clipped).
    pub lo: f64,
    /// μ + zσ, clipped likewise.
    pub hi: f64,
}

/// The rubric's weights in ascending order, each with its category's index.
fn ascending(rubric: &Rubric) -> Vec<(f64, usize)> {
    let mut levels: Vec<(f64, usize)> = rubric.weights.iter().copied().zip(0..).collect();
    levels.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    levels
}

/// One task's finite-sample Max@k in units of the rubric's range above its lowest weight.
///
/// # Formula
/// With levels r_1 < … < r_L, n_l samples at level l and C_l = n_1 + … + n_l of n,
/// Max@k = r_1 + Σ_{l<L} (r_{l+1} − r_l) · P(some of k draws above r_l), that probability
/// being pass@k(n, n − C_l) = 1 − C(C_l, k)/C(n, k) in the stable product form.
fn task_estimate(gaps: &[f64], counts: &[u64], k: u64) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    let mut below = 0u64;
    let mut total = Neumaier::default();
    for (gap, m) in gaps.iter().zip(counts) {
        below += m;
        total.add(gap * pass_at_k(Counts::new(n, n - below).ok()?, k).ok()?);
    }
    Some(total.total())
}

/// ln E[p^power] for p ~ Beta(α, β): Σ_{j<power} ln((α + j)/(α + β + j)), each term as
/// ln1p(−β/(α + β + j)) where that ratio is at most one half (no large log-gammas subtracted).
fn ln_beta_power_moment(alpha: f64, beta: f64, power: u64) -> f64 {
    let mut sum = Neumaier::default();
    for j in 0..power {
        let j = j as f64;
        let den = alpha + beta + j;
        let complement = beta / den;
        sum.add(if complement <= 0.5 {
            (-complement).libm_ln_1p()
        } else {
            (alpha + j).libm_ln() - den.libm_ln()
        });
    }
    sum.total()
}

/// E[XY] − E[X]E[Y] from ln E[XY] and the two ln E's, without cancellation.
fn covariance(ln_cross: f64, ln_left: f64, ln_right: f64) -> Result<f64, MaxRewardError> {
    let ln_product = ln_left + ln_right;
    let mut difference = ln_product - ln_cross;
    let tolerance = 64.0 * f64::EPSILON * 1f64.max(ln_product.abs()).max(ln_cross.abs());
    if difference > 0.0 {
        if difference <= tolerance {
            difference = 0.0;
        } else {
            return Err(MaxRewardError::NegativeVariance);
        }
    }
    Ok(ln_cross.libm_exp() * -difference.libm_exp_m1())
}

/// One task's posterior mean and variance of Max@k (normalised units), from its posterior
/// Dirichlet parameters γ_l per ascending level.
///
/// # Formula
/// With A_l = γ_1 + … + γ_l and T = Σ γ: Max@k = r_L − Σ_{l<L} g_l · P_l^k, where P_l, the
/// probability of a reward at most r_l, is Beta(A_l, T − A_l); so the mean is
/// r_1 + Σ g_l (1 − E[P_l^k]) and the variance gᵀ Σ g with Σ_ll = Var(P_l^k) and, for l < m,
/// Cov(P_l^k, P_m^k) = E[P_m^{2k}] E[V^k] − E[P_l^k] E[P_m^k], V = P_l/P_m ~ Beta(A_l,
/// A_m − A_l) independent of P_m (Dirichlet neutrality).
fn task_posterior(gaps: &[f64], gamma: &[f64], k: u64) -> Result<(f64, f64), MaxRewardError> {
    let total: f64 = gamma.iter().sum();
    let cum: Vec<f64> = gamma[..gaps.len()]
        .iter()
        .scan(0.0, |a, g| {
            *a += g;
            Some(*a)
        })
        .collect();
    let ln_k: Vec<f64> = cum
        .iter()
        .map(|&a| ln_beta_power_moment(a, total - a, k))
        .collect();
    let ln_2k: Vec<f64> = cum
        .iter()
        .map(|&a| ln_beta_power_moment(a, total - a, 2 * k))
        .collect();
    let mut mean = Neumaier::default();
    for (g, l) in gaps.iter().zip(&ln_k) {
        mean.add(g * -l.libm_exp_m1());
    }
    let mut var = Neumaier::default();
    for i in 0..gaps.len() {
        var.add(gaps[i] * gaps[i] * covariance(ln_2k[i], ln_k[i], ln_k[i])?);
        for j in i + 1..gaps.len() {
            let (a, b) = (cum[i], cum[j] - cum[i]);
            let cross =
                ln_beta_power_moment(a + b, total - a - b, 2 * k) + ln_beta_power_moment(a, b, k);
            var.add(2.0 * gaps[i] * gaps[j] * covariance(cross, ln_k[i], ln_k[j])?);
        }
    }
    let mut var = var.total();
    if var < 0.0 {
        if var >= -64.0 * f64::EPSILON {
            var = 0.0;
        } else {
            return Err(MaxRewardError::NegativeVariance);
        }
    }
    Ok((mean.total().clamp(0.0, 1.0), var))
}

/// Max@k from each task's counts per rubric category (as [`bayes_at_n`] takes them): the
/// finite-sample estimate and the posterior under the rubric's Dirichlet prior.
///
/// # Formula
/// Rewards normalised to [0, 1] over the rubric's range (offset its lowest weight, scale its
/// range); per task `task_estimate` and `task_posterior`; the estimate and μ are the means
/// over the M tasks, σ = √(Σ σ_i²)/M, the interval μ ± zσ clipped to the rubric's weights;
/// tasks of equal tallies computed once.
/// At k = 1 the posterior is Bayes@N's ([`bayes_at_n`]), not clipped, as scorio's.
///
/// # Errors
/// [`MaxRewardError::ZeroBudget`]; as [`bayes_at_n`] for no tasks, counts of the wrong
/// length or a task of no samples; [`MaxRewardError::NegativeVariance`].
pub fn max_reward_at_k(
    rubric: &Rubric,
    tasks: &[(String, Vec<u64>)],
    k: u64,
    confidence: f64,
) -> Result<MaxReward, MaxRewardError> {
    if k == 0 {
        return Err(MaxRewardError::ZeroBudget);
    }
    // Bayes@N validates the counts (and is the posterior at k = 1).
    let bayes = bayes_at_n(rubric, tasks, None, confidence)?;
    let levels = ascending(rubric);
    let (offset, top) = (levels[0].0, levels[levels.len() - 1].0);
    let scale = top - offset;
    let gaps: Vec<f64> = levels
        .windows(2)
        .map(|w| (w[1].0 - w[0].0) / scale)
        .collect();
    // Each distinct tally once (a benchmark's tasks share few), weighted by its tasks.
    let mut distinct: Vec<(&[u64], f64)> = Vec::new();
    let mut index: HashMap<&[u64], usize> = HashMap::new();
    for (_, counts) in tasks {
        let at = *index.entry(counts).or_insert_with(|| {
            distinct.push((counts, 0.0));
            distinct.len() - 1
        });
        distinct[at].1 += 1.0;
    }
    let mut estimate = Some(Neumaier::default());
    let (mut mean, mut var) = (Neumaier::default(), Neumaier::default());
    for (counts, tasks) in distinct {
        let sorted: Vec<u64> = levels.iter().map(|&(_, c)| counts[c]).collect();
        estimate = estimate.and_then(|mut s| {
            s.add(tasks * task_estimate(&gaps, &sorted, k)?);
            Some(s)
        });
        if k > 1 {
            let gamma: Vec<f64> = levels
                .iter()
                .map(|&(_, c)| rubric.prior[c] + counts[c] as f64)
                .collect();
            let (mu, v) = task_posterior(&gaps, &gamma, k)?;
            mean.add(tasks * mu);
            var.add(tasks * v);
        }
    }
    let m = tasks.len() as f64;
    let estimate = estimate.map(|s| offset + scale * (s.total() / m));
    if k == 1 {
        return Ok(MaxReward {
            k,
            estimate,
            mean: bayes.mean,
            sd: bayes.sd,
            lo: bayes.lo,
            hi: bayes.hi,
        });
    }
    let mean = offset + scale * (mean.total() / m);
    let sd = scale * var.total().max(0.0).sqrt() / m;
    let z = two_sided_z(confidence);
    let clip = |x: f64| x.max(offset).min(top);
    Ok(MaxReward {
        k,
        estimate,
        mean,
        sd,
        lo: clip(mean - z * sd),
        hi: clip(mean + z * sd),
    })
}

#[cfg(test)]
mod tests;
