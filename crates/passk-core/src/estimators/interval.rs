//! Bayesian credible intervals for pass@k and pass^k (as in the scorio package).

use crate::data::groups::Groups;
use crate::num::excess::ln_gamma_ratio_excess;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// Which quantity the interval is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// pass@k: at least one of k samples passes, g(p) = 1 − (1 − p)^k.
    PassAtK,
    /// pass^k: all k samples pass, g(p) = p^k.
    PassHatK,
}

/// A Beta(α0, β0) prior on each task's success probability.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prior {
    /// α0 > 0.
    pub alpha: f64,
    /// β0 > 0.
    pub beta: f64,
}

impl Default for Prior {
    fn default() -> Self {
        Prior {
            alpha: 1.0,
            beta: 1.0,
        }
    }
}

/// Posterior mean, standard deviation and a normal-approximation interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Interval {
    /// μ, the mean over tasks of the posterior mean of g.
    pub mean: f64,
    /// σ = √(Σ Var_i) / N.
    pub sd: f64,
    /// max(0, μ − zσ).
    pub lo: f64,
    /// min(1, μ + zσ).
    pub hi: f64,
}

/// Posterior moments E\[g\], Var\[g\] of one task under Beta(α, β).
///
/// # Formula
/// With X = (1−p)^k (pass@k) or p^k (pass^k) and m₁ = E\[X\] = B(α, β+k)/B(α, β) (or
/// B(α+k, β)/B(α, β)): Var\[g\] = Var\[X\] = E\[X²\] − m₁² = E\[X²\]·(−expm1(−D)) with
/// D = ln(E\[X²\]/m₁²) from [`ln_gamma_ratio_excess`], a sum of positive terms. The plain
/// difference E\[X²\] − m₁² of two numbers near 1 lost the leading digits (at n = 10^6, c = 1
/// the sd came out 1.4141979e-6 instead of 1.4142086e-6).
pub fn task_moments(alpha: f64, beta: f64, k: f64, metric: Metric) -> (f64, f64) {
    task_moments_ln(alpha, beta, k, metric).0
}

/// [`task_moments`] and the log it starts from: ln E\[(1−p)^k\] for pass@k, ln E\[p^k\]
/// for pass^k.
pub fn task_moments_ln(alpha: f64, beta: f64, k: f64, metric: Metric) -> ((f64, f64), f64) {
    let (x, d) = match metric {
        Metric::PassAtK => (beta, alpha),
        Metric::PassHatK => (alpha, beta),
    };
    let l1 = ln_gamma_ratio(x, d, k);
    let m1 = l1.libm_exp();
    // m₂·(1 − m₁²/m₂): never m₁², which underflows before m₂ does.
    let excess = ln_gamma_ratio_excess(x, d, k);
    let var = (2.0 * l1 + excess).libm_exp() * -(-excess).libm_exp_m1();
    let var = if var.is_finite() { var.max(0.0) } else { 0.0 };
    let moments = match metric {
        Metric::PassAtK => (-l1.libm_exp_m1(), var),
        Metric::PassHatK => (m1, var),
    };
    (moments, l1)
}

/// One task's pass@k and pass^k posterior moments ([`task_moments`]) with their logs, shared
/// by the scores that need both (the blends' covariance).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PassMoments {
    /// pass@k's (E g, Var g).
    pub pass: (f64, f64),
    /// pass^k's (pass@1's at k = 1).
    pub hat: (f64, f64),
    /// ln E\[(1−p)^k\].
    pub ln_none: f64,
    /// ln E\[p^k\] (NaN at k = 1, where nothing needs it).
    pub ln_all: f64,
}

impl PassMoments {
    /// The moments of a task whose rate is Beta(a, b) a posteriori, at budget k ≥ 1.
    pub fn new(a: f64, b: f64, k: u64) -> PassMoments {
        let (pass, ln_none) = task_moments_ln(a, b, k as f64, Metric::PassAtK);
        let (hat, ln_all) = if k == 1 {
            (pass, f64::NAN)
        } else {
            task_moments_ln(a, b, k as f64, Metric::PassHatK)
        };
        PassMoments {
            pass,
            hat,
            ln_none,
            ln_all,
        }
    }
}

/// The credible interval of a dataset's pass@k or pass^k at budget k (any k ≥ 1).
///
/// # Formula
/// Per task p_i | data ~ Beta(α0 + c_i, β0 + n_i − c_i); μ = mean_i E\[g\], σ = √(Σ Var_i)/N,
/// interval μ ± zσ clipped to [0, 1], z the two-sided normal quantile of `level`.
///
/// # Errors
/// None; an empty dataset gives NaN.
pub fn credible_interval(g: &Groups, k: u64, prior: Prior, level: f64, metric: Metric) -> Interval {
    let mut mean = Neumaier::default();
    let mut var = Neumaier::default();
    for (t, w) in g.iter() {
        let a = prior.alpha + t.c() as f64;
        let b = prior.beta + (t.n() - t.c()) as f64;
        let (m, v) = task_moments(a, b, k as f64, metric);
        mean.add(w as f64 * m);
        var.add(w as f64 * v);
    }
    let n = g.tasks() as f64;
    let mu = mean.total() / n;
    let sd = var.total().max(0.0).sqrt() / n;
    Interval::clipped(mu, sd, two_sided_z(level))
}

impl Interval {
    /// μ ± zσ clipped to [0, 1], with its mean and sd.
    pub fn clipped(mean: f64, sd: f64, z: f64) -> Interval {
        Interval {
            mean,
            sd,
            lo: (mean - z * sd).clamp(0.0, 1.0),
            hi: (mean + z * sd).clamp(0.0, 1.0),
        }
    }
}
