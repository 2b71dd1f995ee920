//! Posterior expected ranks under independent Beta posteriors, by Monte Carlo (scorio's
//! `rank/bayesian.py:thompson`).

use super::outcomes::Outcomes;
use super::pairwise_stream::{check, finite};
use super::ranking::{RankError, Ranking};
use crate::num::rng::SplitMix64;
use crate::num::sample;

/// Thompson ranking's settings; `Default` is scorio's (10,000 draws, Beta(1, 1), seed 42 —
/// the seed of a SplitMix64, not numpy's generator).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThompsonOptions {
    /// Posterior draws T (at least 1).
    pub samples: usize,
    /// The Beta prior's α (positive).
    pub prior_alpha: f64,
    /// The Beta prior's β (positive).
    pub prior_beta: f64,
    /// The seed of the draws.
    pub seed: u64,
}

impl Default for ThompsonOptions {
    fn default() -> Self {
        ThompsonOptions {
            samples: 10_000,
            prior_alpha: 1.0,
            prior_beta: 1.0,
            seed: 42,
        }
    }
}

/// numpy's `allclose(a, a[0])`: |a_i − a_0| ≤ 10⁻⁸ + 10⁻⁵|a_0| for every i.
fn all_close(a: &[f64]) -> bool {
    a.iter()
        .all(|x| (x - a[0]).abs() <= 1e-8 + 1e-5 * a[0].abs())
}

/// Minus each series' posterior expected rank, as scorio 0.2.3's `rank/bayesian.py:thompson`:
/// each series has one success probability over all its samples, p_s ~ Beta(α + S_s,
/// β + Σn − S_s) independently, and the expected rank (1 best) is estimated from `samples`
/// joint draws (SplitMix64: the same distribution as scorio's numpy draws, other numbers; its
/// spread is in `se`). Series with the same posterior share their average; when every
/// posterior is the same (numpy's `allclose`) all scores are −(L + 1)/2 exactly. Scores
/// higher are better. With unequal n per task the total is Σn (scorio's M·N).
///
/// # Formula
/// S_s = Σ_tasks c_s; score_s = −(1/T) Σ_t rank_s(p⁽ᵗ⁾), ranks by descending p (ties by
/// index, as numpy's stable small sort); `se` = the sample sd of rank_s over the draws / √T.
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] without a task,
/// [`RankError::Other`] for no draws or a prior that is not positive and finite.
pub fn thompson(o: &Outcomes, opts: &ThompsonOptions) -> Result<Ranking, RankError> {
    check(o)?;
    let a0 = finite("prior_alpha", opts.prior_alpha)?;
    let b0 = finite("prior_beta", opts.prior_beta)?;
    if a0 <= 0.0 || b0 <= 0.0 || opts.samples == 0 {
        return Err(RankError::Other(
            "the prior must be > 0 and samples >= 1".into(),
        ));
    }
    let m = o.series();
    let total = o.n.iter().sum::<u64>() as f64;
    let succ: Vec<f64> = o.c.iter().map(|r| r.iter().sum::<u64>() as f64).collect();
    let alpha: Vec<f64> = succ.iter().map(|s| a0 + s).collect();
    let beta: Vec<f64> = succ.iter().map(|s| b0 + (total - s)).collect();
    if all_close(&alpha) && all_close(&beta) {
        let mut r = Ranking::of_scores(vec![-((m + 1) as f64) / 2.0; m]);
        r.se = Some(vec![0.0; m]);
        return Ok(r);
    }
    let mut rng = SplitMix64::new(opts.seed);
    let (mut sum, mut sum2) = (vec![0.0; m], vec![0.0; m]);
    let mut p = vec![0.0; m];
    let mut order: Vec<usize> = (0..m).collect();
    for _ in 0..opts.samples {
        for s in 0..m {
            p[s] = sample::beta(&mut rng, alpha[s], beta[s]);
        }
        order.iter_mut().enumerate().for_each(|(i, x)| *x = i);
        order.sort_by(|x, y| p[*y].total_cmp(&p[*x]));
        for (pos, s) in order.iter().enumerate() {
            let r = (pos + 1) as f64;
            sum[*s] += r;
            sum2[*s] += r * r;
        }
    }
    let t = opts.samples as f64;
    let mut scores: Vec<f64> = sum.iter().map(|s| -(s / t)).collect();
    let se: Vec<f64> = (0..m)
        .map(|s| {
            let mean = sum[s] / t;
            let var = if t > 1.0 {
                ((sum2[s] - t * mean * mean) / (t - 1.0)).max(0.0)
            } else {
                0.0
            };
            (var / t).sqrt()
        })
        .collect();
    let keys: Vec<(f64, f64)> = alpha.iter().copied().zip(beta.iter().copied()).collect();
    average_equal(&mut scores, |i, j| keys[i] == keys[j]);
    let mut r = Ranking::of_scores(scores);
    r.se = Some(se);
    Ok(r)
}

/// scorio's `rank/_base.py:average_equivalent_scores`: series that `same` says are
/// indistinguishable share the mean of their scores.
pub(crate) fn average_equal(scores: &mut [f64], same: impl Fn(usize, usize) -> bool) {
    let m = scores.len();
    let mut done = vec![false; m];
    for i in 0..m {
        if done[i] {
            continue;
        }
        let group: Vec<usize> = (i..m).filter(|j| !done[*j] && same(i, *j)).collect();
        if group.len() > 1 {
            let mean = group.iter().map(|j| scores[*j]).sum::<f64>() / group.len() as f64;
            for j in &group {
                scores[*j] = mean;
            }
        }
        group.iter().for_each(|j| done[*j] = true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sure_order_and_equal_posteriors() {
        // 1000 of 1000 against 0 of 1000: Beta(1001, 1) vs Beta(1, 1001) never cross, so the
        // expected ranks are exactly 1 and 2.
        let o = Outcomes::from_counts(vec![1000], vec![vec![1000], vec![0]]);
        let r = thompson(&o, &ThompsonOptions::default()).unwrap();
        assert_eq!(r.scores, vec![-1.0, -2.0]);
        // Equal counts: −(2 + 1)/2 for both, no draw.
        let o = Outcomes::from_counts(vec![10], vec![vec![3], vec![3]]);
        let r = thompson(&o, &ThompsonOptions::default()).unwrap();
        assert_eq!(r.scores, vec![-1.5, -1.5]);
    }
}
