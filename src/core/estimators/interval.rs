//! Bayesian credible intervals for pass@k and pass^k (as in the scorio package).

use crate::core::data::dataset::Groups;
use crate::core::num::gamma::ln_gamma_ratio;
use crate::core::num::math::Det;
use crate::core::num::normal::two_sided_z;
use crate::core::num::sum::Neumaier;

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
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
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
/// E[(1−p)^k] = B(α, β+k)/B(α, β); E[p^k] = B(α+k, β)/B(α, β); the second moment with 2k.
pub fn task_moments(alpha: f64, beta: f64, k: f64, metric: Metric) -> (f64, f64) {
    let (x, d) = match metric {
        Metric::PassAtK => (beta, alpha),
        Metric::PassHatK => (alpha, beta),
    };
    let m1 = ln_gamma_ratio(x, d, k).dexp();
    let m2 = ln_gamma_ratio(x, d, 2.0 * k).dexp();
    let var = (m2 - m1 * m1).max(0.0);
    match metric {
        Metric::PassAtK => (-ln_gamma_ratio(x, d, k).dexp_m1(), var),
        Metric::PassHatK => (m1, var),
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
    let z = two_sided_z(level);
    Interval {
        mean: mu,
        sd,
        lo: (mu - z * sd).clamp(0.0, 1.0),
        hi: (mu + z * sd).clamp(0.0, 1.0),
    }
}
