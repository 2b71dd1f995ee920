//! The paired-comparison and Luce likelihoods as one form: counted choices among
//! alternatives whose log-weights are linear in the parameters (log-strengths θ, then any
//! tie parameters), with the exact gradient and observed information.
//!
//! Every model of this group is a sum of such choices: Bradley–Terry (i against j),
//! Davidson (i, j or a tie, the tie's log-weight λ + (θ_i + θ_j)/2), Rao–Kupper (a tie is
//! two choices with the offset ln κ), Bradley–Terry–Luce (each winner against the losers)
//! and Davidson–Luce (the winner set among all sets of up to D series).

use crate::num::libm_math::LibmMath;

/// One alternative: its log-weight is `offset + Σ coef·x[index]`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Alt {
    /// The constant part of the log-weight (ln κ for Rao–Kupper).
    pub offset: f64,
    /// The linear part, (parameter index, coefficient).
    pub feats: Vec<(usize, f64)>,
}

impl Alt {
    /// An alternative of log-weight x\[i\].
    pub fn one(i: usize) -> Alt {
        Alt {
            offset: 0.0,
            feats: vec![(i, 1.0)],
        }
    }
}

/// A choice among `alts`, made `counts[k]` times for alternative k.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ChoiceSet {
    /// The alternatives.
    pub alts: Vec<Alt>,
    /// How often each was chosen.
    pub counts: Vec<f64>,
}

/// A log-likelihood Σ_sets Σ_k n_k·(η_k − ln Σ_l e^{η_l}) over `n_theta` log-strengths and
/// `n_extra` further parameters (indices `n_theta..`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ChoiceModel {
    /// The counted choices.
    pub sets: Vec<ChoiceSet>,
    /// Log-strengths (indices 0..n_theta).
    pub n_theta: usize,
    /// Further parameters (tie parameters), after the strengths.
    pub n_extra: usize,
}

/// The log-likelihood, its gradient and the observed information (minus the Hessian).
pub(crate) type Eval = (f64, Vec<f64>, Vec<Vec<f64>>);

impl ChoiceModel {
    /// The number of parameters.
    pub fn dim(&self) -> usize {
        self.n_theta + self.n_extra
    }

    /// The log-likelihood at `x`, its gradient and information: a choice set chosen N times
    /// in all adds Σ n_k f_k − N·E_p\[f\] to the gradient and N·Cov_p\[f\] to the information,
    /// p the softmax of the log-weights η, f the alternatives' coefficient vectors.
    pub fn eval(&self, x: &[f64]) -> Eval {
        let p = self.dim();
        let mut ll = 0.0;
        let mut g = vec![0.0; p];
        let mut h = vec![vec![0.0; p]; p];
        let mut mean = vec![0.0; p];
        let mut touched: Vec<usize> = Vec::with_capacity(p);
        for set in &self.sets {
            let total: f64 = set.counts.iter().sum();
            if total <= 0.0 {
                continue;
            }
            let eta: Vec<f64> = set
                .alts
                .iter()
                .map(|a| a.offset + a.feats.iter().map(|(i, c)| c * x[*i]).sum::<f64>())
                .collect();
            let top = eta.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let w: Vec<f64> = eta.iter().map(|e| (e - top).libm_exp()).collect();
            let z: f64 = w.iter().sum();
            let lse = top + z.libm_ln();
            touched.clear();
            for ((a, e), (wk, nk)) in set.alts.iter().zip(&eta).zip(w.iter().zip(&set.counts)) {
                let pk = wk / z;
                if *nk > 0.0 {
                    ll += nk * (e - lse);
                }
                for (i, c) in &a.feats {
                    g[*i] += nk * c;
                    if mean[*i] == 0.0 && !touched.contains(i) {
                        touched.push(*i);
                    }
                    mean[*i] += pk * c;
                    for (j, d) in &a.feats {
                        h[*i][*j] += total * pk * c * d;
                    }
                }
            }
            for i in &touched {
                g[*i] -= total * mean[*i];
                for j in &touched {
                    h[*i][*j] -= total * mean[*i] * mean[*j];
                }
            }
            for i in &touched {
                mean[*i] = 0.0;
            }
        }
        (ll, g, h)
    }
}

/// Whether every vertex reaches every other along `adj` (i → j when `adj[i][j]`), and back
/// (scorio's `rank/_base.py:is_strongly_connected`).
pub(crate) fn strongly_connected(adj: &[Vec<bool>]) -> bool {
    let m = adj.len();
    if m <= 1 {
        return true;
    }
    let reach = |rev: bool| {
        let mut seen = vec![false; m];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..m {
                let edge = if rev { adj[j][i] } else { adj[i][j] };
                if edge && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|s| *s)
    };
    reach(false) && reach(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradient_and_information_by_differences() {
        // A Davidson-like set and a BT set over θ0, θ1 and λ (index 2).
        let tie = Alt {
            offset: 0.3,
            feats: vec![(0, 0.5), (1, 0.5), (2, 1.0)],
        };
        let m = ChoiceModel {
            sets: vec![
                ChoiceSet {
                    alts: vec![Alt::one(0), Alt::one(1), tie],
                    counts: vec![3.0, 1.0, 5.0],
                },
                ChoiceSet {
                    alts: vec![Alt::one(1), Alt::one(0)],
                    counts: vec![2.0, 0.0],
                },
            ],
            n_theta: 2,
            n_extra: 1,
        };
        let x = [0.2, -0.4, 0.7];
        let (_, g, h) = m.eval(&x);
        let e = 1e-6;
        for i in 0..3 {
            let (mut up, mut dn) = (x, x);
            up[i] += e;
            dn[i] -= e;
            let (fu, gu, _) = m.eval(&up);
            let (fd, gd, _) = m.eval(&dn);
            assert!((g[i] - (fu - fd) / (2.0 * e)).abs() < 1e-7, "gradient {i}");
            for j in 0..3 {
                assert!(
                    (h[j][i] + (gu[j] - gd[j]) / (2.0 * e)).abs() < 1e-7,
                    "info {j}{i}"
                );
            }
        }
    }

    #[test]
    fn connectivity() {
        let a = vec![vec![false, true], vec![true, false]];
        assert!(strongly_connected(&a));
        let b = vec![vec![false, true], vec![false, false]];
        assert!(!strongly_connected(&b));
    }
}
