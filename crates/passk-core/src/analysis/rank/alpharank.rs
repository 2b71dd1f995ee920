//! Single-population α-Rank on the win-probability game of the series (scorio 0.2.3,
//! `rank/graph.py:alpharank`).

use super::linalg::{check_iteration, power_stationary};
use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use super::win_probability::{checked_pairwise, win_probabilities};
use crate::num::libm_math::LibmMath;

/// α-Rank's settings; the default is scorio's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaRankOptions {
    /// The selection intensity α ≥ 0 (1).
    pub alpha: f64,
    /// The finite population size m ≥ 2 (50).
    pub population_size: u32,
    /// The most power iterations for the stationary distribution (100,000).
    pub max_iter: u32,
    /// Stop once an iteration moves the distribution less than this in L1 (1e-12).
    pub tol: f64,
}

impl Default for AlphaRankOptions {
    fn default() -> Self {
        AlphaRankOptions {
            alpha: 1.0,
            population_size: 50,
            max_iter: 100_000,
            tol: 1e-12,
        }
    }
}

/// α-Rank (single population, a constant-sum game of payoff P̂), as scorio's
/// `rank/graph.py:alpharank`: the same Markov chain and scorio's power iteration for its
/// stationary distribution (same start, update and stopping rule), so the scores are
/// scorio's to rounding; with `tol` 1e-12 the chain mixes slowly enough (its moves have
/// probability about 1/m) that the answer stands some 1e-10 from the exact distribution.
///
/// Series with unequal n per task are compared sample by sample on each task.
///
/// # Formula
/// With population m and `u = α·(m/(m−1))·(P̂_rs − 1/2)`, the fixation probability of a
/// mutant r among residents s is `ρ = (1 − e^{−u}) / (1 − e^{−m u})` (1/m when |u| < 1e-14,
/// 1 when u > 50, 0 when u < −50, clipped to [0, 1]). The chain moves from s to r ≠ s with
/// `C_sr = ρ(P̂_rs) / (L − 1)` (L series) and stays with the rest. Scores: its stationary
/// distribution π (π C = π, Σπ = 1; from uniform by π ← πC/Σ until `‖Δπ‖₁ < tol`), clipped
/// at 0 and renormalised. Higher is better.
///
/// # Errors
/// [`RankError::TooFew`] under two series, [`RankError::NoTasks`] with no task,
/// [`RankError::Other`] for α negative or not finite, a population under 2, `max_iter` 0 or
/// a `tol` not positive.
pub fn alpharank(o: &Outcomes, opts: AlphaRankOptions) -> Result<Ranking, RankError> {
    check_iteration(opts.max_iter, opts.tol)?;
    let m = opts.population_size;
    if m < 2 {
        return Err(RankError::Other(format!(
            "population_size must be 2 or more, got {m}"
        )));
    }
    let alpha = opts.alpha;
    if !(alpha.is_finite() && alpha >= 0.0) {
        return Err(RankError::Other(format!("alpha must be >= 0, got {alpha}")));
    }
    let (wins, ties) = checked_pairwise(o)?;
    let p = win_probabilities(&wins, &ties);
    let l = p.len();
    let eta = 1.0 / (l - 1) as f64;
    let mf = f64::from(m);
    let rho = |payoff: f64| {
        let u = alpha * (mf / (mf - 1.0)) * (payoff - 0.5);
        if u.abs() < 1e-14 {
            return 1.0 / mf;
        }
        if u > 50.0 {
            return 1.0;
        }
        if u < -50.0 {
            return 0.0;
        }
        let num = -(-u).libm_exp_m1();
        let den = -(-mf * u).libm_exp_m1();
        if den == 0.0 {
            return 1.0 / mf;
        }
        (num / den).clamp(0.0, 1.0)
    };
    let mut c = vec![vec![0.0; l]; l];
    for s in 0..l {
        for r in 0..l {
            if r != s {
                c[s][r] = eta * rho(p[r][s]);
            }
        }
        c[s][s] = 1.0 - c[s].iter().sum::<f64>();
    }
    let (pi, stop) = power_stationary(&c, opts.max_iter, opts.tol)?;
    let pi: Vec<f64> = pi.into_iter().map(|v| v.max(0.0)).collect();
    let total: f64 = pi.iter().sum();
    let scores = if total > 0.0 {
        pi.iter().map(|v| v / total).collect()
    } else {
        vec![1.0 / l as f64; l]
    };
    let mut out = Ranking::of_scores(scores);
    out.stop = Some(stop);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rank::StopReason;

    #[test]
    fn two_series_by_hand() {
        // One task, n = 4, c = 3 and 1: P̂01 = 3/4, P̂10 = 1/4. With α = 1, m = 2:
        // u(3/4) = 2·(1/4) = 1/2, ρ = (1 − e^{−1/2})/(1 − e^{−1}) = 1/(1 + e^{−1/2});
        // u(1/4) = −1/2, ρ' = (1 − e^{1/2})/(1 − e) = 1/(1 + e^{1/2}). C01 = ρ', C10 = ρ;
        // π0 C01 = π1 C10 gives π0/π1 = ρ/ρ' = (1 + e^{1/2})/(1 + e^{−1/2}) = e^{1/2}:
        // π0 = e^{1/2}/(1 + e^{1/2}).
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let opts = AlphaRankOptions {
            population_size: 2,
            ..AlphaRankOptions::default()
        };
        let r = alpharank(&o, opts).expect("ranks");
        let e = 0.5f64.libm_exp();
        assert!(
            (r.scores[0] - e / (1.0 + e)).abs() < 1e-12,
            "{:?}",
            r.scores
        );
        assert_eq!(r.ranks, vec![1.0, 2.0]);
        assert_eq!(r.stop.map(|s| s.reason), Some(StopReason::Converged));
        // α = 0: every ρ = 1/m, a uniform answer (a tie).
        let flat = AlphaRankOptions {
            alpha: 0.0,
            ..AlphaRankOptions::default()
        };
        assert_eq!(alpharank(&o, flat).expect("ranks").ranks, vec![1.0, 1.0]);
    }

    #[test]
    fn refusals() {
        let o = Outcomes::from_counts(vec![4], vec![vec![3], vec![1]]);
        let with = |f: fn(&mut AlphaRankOptions)| {
            let mut p = AlphaRankOptions::default();
            f(&mut p);
            alpharank(&o, p)
        };
        assert!(matches!(with(|p| p.alpha = -1.0), Err(RankError::Other(_))));
        assert!(matches!(
            with(|p| p.population_size = 1),
            Err(RankError::Other(_))
        ));
        assert!(matches!(
            with(|p| p.tol = f64::INFINITY),
            Err(RankError::Other(_))
        ));
        let one = Outcomes::from_counts(vec![4], vec![vec![3]]);
        assert_eq!(
            alpharank(&one, AlphaRankOptions::default()),
            Err(RankError::TooFew)
        );
    }
}
