//! Ranks by an evaluation metric averaged over the shared tasks: the mean success rate,
//! pass@k, pass^k, G-Pass@k_τ and mG-Pass@k (scorio 0.2.3's `rank/eval_ranking.py`: `avg`,
//! `pass_at_k`, `pass_hat_k`, `g_pass_at_k_tau`, `mg_pass_at_k`).

use serde::{Deserialize, Serialize};

use super::outcomes::Outcomes;
use super::ranking::{RankError, Ranking};
use crate::data::counts::Counts;
use crate::estimators::{g_pass_task, pass_at_k, pass_hat_k, threshold};
use crate::num::sum::Neumaier;

/// The metric a ranking averages over tasks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum EvalMetric {
    /// The mean success rate c/n (scorio's `avg`).
    Avg,
    /// The unbiased pass@k.
    PassAtK(u64),
    /// The unbiased pass^k (all k pass).
    PassHatK(u64),
    /// G-Pass@k_τ: at least max(1, ⌈τk⌉) of k pass.
    GPass(u64, f64),
    /// mG-Pass@k.
    MgPass(u64),
}

/// The series ranked by the mean over tasks of `metric`.
///
/// # Formula
/// s_l = (1/T)·Σ_t g(c_lt, n_t), g the per-task unbiased value of the metric (the
/// hypergeometric tails of k samples drawn without replacement; c/n for `Avg`), summed
/// compensated.
///
/// # Errors
/// [`RankError::TooFew`] below two series, [`RankError::NoTasks`] with no shared task,
/// [`RankError::Other`] when k is 0 or above some task's n.
pub fn by_metric(o: &Outcomes, metric: EvalMetric) -> Result<Ranking, RankError> {
    if o.series() < 2 {
        return Err(RankError::TooFew);
    }
    if o.tasks() == 0 {
        return Err(RankError::NoTasks);
    }
    let mut scores = Vec::with_capacity(o.series());
    for row in &o.c {
        let mut sum = Neumaier::default();
        for (&n, &c) in o.n.iter().zip(row) {
            let t = Counts::new(n, c).map_err(|e| RankError::Other(e.to_string()))?;
            let v = match metric {
                EvalMetric::Avg => Ok(c as f64 / n as f64),
                EvalMetric::PassAtK(k) => pass_at_k(t, k),
                EvalMetric::PassHatK(k) => pass_hat_k(t, k),
                EvalMetric::GPass(k, tau) => {
                    g_pass_task(t, k, &[threshold(tau, k)]).map(|g| g.tails[0])
                }
                EvalMetric::MgPass(k) => g_pass_task(t, k, &[]).map(|g| g.mg),
            }
            .map_err(|e| RankError::Other(e.to_string()))?;
            sum.add(v);
        }
        scores.push(sum.total() / o.tasks() as f64);
    }
    Ok(Ranking::of_scores(scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // n = 4: c = 2 and 4 for series A, 3 and 1 for B.
        let o = Outcomes::from_counts(vec![4, 4], vec![vec![2, 4], vec![3, 1]]);
        let avg = by_metric(&o, EvalMetric::Avg).unwrap();
        assert_eq!(avg.scores, vec![0.75, 0.5]);
        assert_eq!(avg.ranks, vec![1.0, 2.0]);
        // pass@2: 1 − C(2,2)/C(4,2) = 5/6 and 1; 1 − C(1,2)/C(4,2) = 1 and 1 − 3/6 = 1/2.
        let p = by_metric(&o, EvalMetric::PassAtK(2)).unwrap();
        assert!((p.scores[0] - (5.0 / 6.0 + 1.0) / 2.0).abs() < 1e-15);
        assert!((p.scores[1] - 0.75).abs() < 1e-15);
        // pass^2: C(2,2)/C(4,2) = 1/6 and 1; C(3,2)/6 = 1/2 and 0.
        let h = by_metric(&o, EvalMetric::PassHatK(2)).unwrap();
        assert!((h.scores[0] - 7.0 / 12.0).abs() < 1e-15);
        assert!((h.scores[1] - 0.25).abs() < 1e-15);
        assert!(by_metric(&o, EvalMetric::PassAtK(5)).is_err());
        assert_eq!(
            by_metric(
                &Outcomes::from_counts(vec![], vec![vec![], vec![]]),
                EvalMetric::Avg
            ),
            Err(RankError::NoTasks)
        );
    }
}
