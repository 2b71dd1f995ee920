//! A fitted ZOIBB prior and what it predicts per task and over a dataset.

use super::profile::log_add;
use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{bb_pass_at_k, bb_pass_hat_k};
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use crate::num::termination::TerminationReason;

/// A fitted ZOIBB prior.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ZoibbFit {
    /// a of the Beta part.
    pub a: f64,
    /// b of the Beta part.
    pub b: f64,
    /// Weight of the atom at 0.
    pub pi0: f64,
    /// Weight of the atom at 1.
    pub pi1: f64,
    /// Maximised log marginal likelihood (never below BB's).
    pub log_likelihood: f64,
    /// a or b on the edge of the box (π0 = 0 is a legitimate value, not a bound).
    pub at_bound: bool,
    /// Whether the optimiser converged.
    pub converged: bool,
    /// Newton iterations over all starts.
    pub iterations: u32,
    /// Why the optimiser stopped.
    pub stop_reason: TerminationReason,
}

impl ZoibbFit {
    /// The optimum's Beta part as a start of another search: (ln a, ln b).
    pub fn start(&self) -> [f64; 2] {
        [self.a.libm_ln(), self.b.libm_ln()]
    }

    /// The posterior weights (atom, Beta part) of a task: (0, 1) for interior tasks; at c = 0
    /// or c = n, (π/(π + r), r/(π + r)) with r = (1 − π0 − π1)·P(c | n) under the Beta part.
    /// Both are formed in logs, so neither loses digits to `1 − w`.
    pub fn weights(&self, t: Counts) -> (f64, f64) {
        let s = 1.0 - self.pi0 - self.pi1;
        let (atom, lp) = if t.c() == 0 {
            (self.pi0, ln_gamma_ratio(self.b, self.a, t.n() as f64))
        } else if t.c() == t.n() {
            (self.pi1, ln_gamma_ratio(self.a, self.b, t.n() as f64))
        } else {
            return (0.0, 1.0);
        };
        if atom == 0.0 {
            return (0.0, 1.0);
        }
        let (la, lr) = (atom.libm_ln(), s.libm_ln() + lp);
        let total = log_add(la, lr);
        ((la - total).libm_exp(), (lr - total).libm_exp())
    }

    /// Mixes the Beta part's value with the atom's: the atom at 1 adds its weight, the atom
    /// at 0 adds nothing.
    fn mix(&self, t: Counts, beta: f64) -> f64 {
        let (w_atom, w_beta) = self.weights(t);
        let at_one = t.c() == t.n();
        if at_one {
            w_atom + w_beta * beta
        } else {
            w_beta * beta
        }
    }

    /// Posterior-predictive pass@k of one task (spec §5).
    ///
    /// # Formula
    /// Interior tasks as BB with ZOIBB's (a, b); c = 0: w_B·(1 − B(a, b+n+k)/B(a, b+n));
    /// c = n: w_1 + w_B·(1 − B(a+n, b+k)/B(a+n, b)).
    pub fn task_pass_at_k(&self, t: Counts, k: f64) -> f64 {
        self.mix(t, bb_pass_at_k(self.a, self.b, t, k))
    }

    /// Posterior-predictive pass^k of one task.
    ///
    /// # Formula
    /// Interior tasks as BB; c = 0: w_B·B(a+k, b+n)/B(a, b+n); c = n: w_1 + w_B·B(a+n+k, b)/B(a+n, b).
    pub fn task_pass_hat_k(&self, t: Counts, k: f64) -> f64 {
        self.mix(t, bb_pass_hat_k(self.a, self.b, t, k))
    }

    /// Mean pass@k over a dataset.
    pub fn pass_at_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| self.task_pass_at_k(t, k))
    }

    /// Mean pass^k over a dataset.
    pub fn pass_hat_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| self.task_pass_hat_k(t, k))
    }

    /// Whether the Beta part collapsed to a point mass (a + b at the upper edge).
    pub fn collapsed(&self) -> bool {
        (self.pi0 > 0.0 || self.pi1 > 0.0)
            && (self.a >= 1e6 * (1.0 - 1e-9) || self.b >= 1e6 * (1.0 - 1e-9))
    }
}
