//! Bayesian Bradley–Terry posterior means by random-walk Metropolis–Hastings (scorio's
//! `rank/bayesian.py:bayesian_mcmc`).

use super::outcomes::Outcomes;
use super::pairwise_stream::{check, finite};
use super::ranking::{RankError, Ranking, Stop, StopReason};
use super::thompson::average_equal;
use crate::num::libm_math::LibmMath;
use crate::num::rng::SplitMix64;
use crate::num::sample;

/// The sampler's settings; `Default` is scorio's (5,000 kept draws after 1,000 of burn-in,
/// prior variance 1, seed 42 — of a SplitMix64, not numpy's generator) and 95% intervals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct McmcOptions {
    /// Draws kept (at least 1).
    pub samples: usize,
    /// Warm-up iterations dropped (the proposal is tuned during them).
    pub burnin: usize,
    /// The Gaussian prior's variance on each θ (positive).
    pub prior_var: f64,
    /// The seed of the chain.
    pub seed: u64,
    /// The level of the central posterior intervals.
    pub level: f64,
}

impl Default for McmcOptions {
    fn default() -> Self {
        McmcOptions {
            samples: 5000,
            burnin: 1000,
            prior_var: 1.0,
            seed: 42,
            level: 0.95,
        }
    }
}

/// scorio's log-likelihood: Σ_{i≠j, W_ij>0} W_ij log P(i beats j), with −log(1 + e^d),
/// d = θ_j − θ_i, cut to −d above 20 and 0 below −20.
fn log_lik(theta: &[f64], wins: &[Vec<f64>]) -> f64 {
    let mut ll = 0.0;
    for (i, row) in wins.iter().enumerate() {
        for (j, w) in row.iter().enumerate() {
            if i == j || *w == 0.0 {
                continue;
            }
            let d = theta[j] - theta[i];
            let lp = if d > 20.0 {
                -d
            } else if d < -20.0 {
                0.0
            } else {
                -(1.0 + d.libm_exp()).libm_ln()
            };
            ll += w * lp;
        }
    }
    ll
}

/// Linear-interpolated quantile of sorted values (numpy's default).
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let h = p * (sorted.len() - 1) as f64;
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// Posterior means of Bradley–Terry log-strengths θ under independent N(0, σ²) priors, as
/// scorio 0.2.3's `rank/bayesian.py:bayesian_mcmc`: a random-walk Metropolis chain from
/// θ = 0 with N(0, 0.1²) steps, the step scaled by 0.8 (acceptance below 0.2) or 1.2 (above
/// 0.5) every 500 burn-in iterations, the mean of the draws kept after burn-in. The chain is
/// SplitMix64's (scorio's is numpy's: the same algorithm, other numbers). Series with the
/// same counts on every task share their average; without a decisive win all scores are 0.
/// `se` is the posterior sd and `intervals` the central posterior interval at `level`, both
/// from the kept draws; the chain always runs its full length (`MaxIterations`).
///
/// # Formula
/// W_ij = decisive wins of i over j (sample by sample); log π(θ) = Σ W_ij log σ(θ_i − θ_j)
/// − Σθ²/(2σ²); accept θ' when ln U < min(log π(θ') − log π(θ), 0).
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] without a task,
/// [`RankError::Other`] for no kept draw, a prior variance that is not positive and finite,
/// or a level outside (0, 1).
pub fn bayesian_mcmc(o: &Outcomes, opts: &McmcOptions) -> Result<Ranking, RankError> {
    check(o)?;
    let prior_var = finite("prior_var", opts.prior_var)?;
    if prior_var <= 0.0 || opts.samples == 0 || !(opts.level > 0.0 && opts.level < 1.0) {
        return Err(RankError::Other(
            "prior_var must be > 0, samples >= 1, level in (0, 1)".into(),
        ));
    }
    let m = o.series();
    let (wins, _) = o.pairwise();
    if wins.iter().flatten().sum::<f64>() <= 0.0 {
        let mut r = Ranking::of_scores(vec![0.0; m]);
        r.stop = Some(Stop {
            reason: StopReason::Exact,
            iterations: 0,
        });
        return Ok(r);
    }
    let log_post =
        |t: &[f64]| log_lik(t, &wins) + -0.5 * t.iter().map(|x| x * x).sum::<f64>() / prior_var;
    let mut rng = SplitMix64::new(opts.seed);
    let mut cur = vec![0.0; m];
    let mut lp_cur = log_post(&cur);
    let mut prop = vec![0.0; m];
    let (mut step, mut accepted) = (0.1, 0usize);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(opts.samples); m];
    let total = opts.samples.saturating_add(opts.burnin);
    for it in 0..total {
        for (p, c) in prop.iter_mut().zip(&cur) {
            *p = c + step * sample::normal(&mut rng);
        }
        let lp_prop = log_post(&prop);
        if rng.uniform().libm_ln() < (lp_prop - lp_cur).min(0.0) {
            cur.copy_from_slice(&prop);
            lp_cur = lp_prop;
            accepted += 1;
        }
        if it >= opts.burnin {
            for (d, c) in draws.iter_mut().zip(&cur) {
                d.push(*c);
            }
        }
        if it > 0 && it % 500 == 0 && it < opts.burnin {
            let rate = accepted as f64 / it as f64;
            if rate < 0.2 {
                step *= 0.8;
            } else if rate > 0.5 {
                step *= 1.2;
            }
        }
    }
    let k = opts.samples as f64;
    let mut scores: Vec<f64> = draws.iter().map(|d| d.iter().sum::<f64>() / k).collect();
    let sd: Vec<f64> = draws
        .iter()
        .zip(&scores)
        .map(|(d, mu)| (d.iter().map(|x| (x - mu) * (x - mu)).sum::<f64>() / k).sqrt())
        .collect();
    average_equal(&mut scores, |i, j| o.c[i] == o.c[j]);
    let tail = (1.0 - opts.level) / 2.0;
    let intervals = draws
        .iter_mut()
        .map(|d| {
            d.sort_by(f64::total_cmp);
            (quantile(d, tail), quantile(d, 1.0 - tail))
        })
        .collect();
    let mut r = Ranking::of_scores(scores);
    r.se = Some(sd);
    r.intervals = Some(intervals);
    r.stop = Some(Stop {
        reason: StopReason::MaxIterations,
        iterations: u32::try_from(total).unwrap_or(u32::MAX),
    });
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_and_no_wins() {
        // No decisive sample: zeros, exactly.
        let o = Outcomes::from_counts(vec![4], vec![vec![2], vec![2]]);
        let r = bayesian_mcmc(&o, &McmcOptions::default()).unwrap();
        assert_eq!(r.scores, vec![0.0, 0.0]);
        // One win each way (1 of 2 vs the mirror): the posterior is symmetric, θ₁ = −θ₂ in
        // law, so both means are near 0 (prior sd 1, posterior sd ≈ 0.8).
        let o = Outcomes::from_counts(vec![2, 2], vec![vec![2, 0], vec![0, 2]]);
        let r = bayesian_mcmc(&o, &McmcOptions::default()).unwrap();
        assert!(r.scores.iter().all(|s| s.abs() < 0.3), "{:?}", r.scores);
    }
}
