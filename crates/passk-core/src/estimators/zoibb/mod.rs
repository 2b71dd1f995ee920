//! Zero/one-inflated Beta-Binomial: p ~ π0·δ0 + π1·δ1 + (1−π0−π1)·Beta(a, b).
//! Fitted by maximising the profile likelihood over (ln a, ln b), the mixture weights being
//! solved exactly (a concave problem) at every (a, b).

use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{
    bb_pass_at_k, bb_pass_hat_k, log_box, on_edge, BbFit, Search,
};
use crate::estimators::likelihood::BbData;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::libm_math::LibmMath;
use crate::num::optimize::{StopReason, WithHessian};

mod profile;
pub use profile::zoibb_loglik;
use profile::{log_add, profile};

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
    pub stop_reason: StopReason,
}

/// Relative margin by which ZOIBB must beat BB to be reported as its own solution.
pub const ZOIBB_MARGIN: f64 = 1e-9;

/// Fits ZOIBB; returns BB's (a, b) with π0 = π1 = 0 when ZOIBB is not better by more than
/// [`ZOIBB_MARGIN`] relative.
///
/// # Formula
/// Per task: π0·[c=0] + π1·[c=n] + (1−π0−π1)·C(n,c)·B(a+c, b+n−c)/B(a, b).
pub fn fit_zoibb(g: &Groups, bb: &BbFit) -> ZoibbFit {
    fit_zoibb_data(&BbData::new(g), bb, &[bb.start()], Search::GLOBAL_ZOIBB)
}

impl Search {
    /// ZOIBB's global search: a 5×5 grid and its 2 best cells, besides BB's optimum.
    pub const GLOBAL_ZOIBB: Search = Search { grid: 5, runs: 2 };
}

/// [`fit_zoibb`] on prepared statistics, from `starts` (in ln a, ln b: BB's optimum
/// [`BbFit::start`] for a fit on new data, the full fit's optimum for a warm start on nearly
/// the same data — a CV fold, a backtest subsample) and the cells `search` adds.
pub fn fit_zoibb_data(data: &BbData, bb: &BbFit, starts: &[[f64; 2]], search: Search) -> ZoibbFit {
    let as_bb = ZoibbFit {
        a: bb.a,
        b: bb.b,
        pi0: 0.0,
        pi1: 0.0,
        log_likelihood: bb.log_likelihood,
        at_bound: bb.at_bound,
        converged: bb.converged,
        iterations: 0,
        stop_reason: bb.stop_reason,
    };
    if (data.zero.is_empty() && data.full.is_empty()) || !bb.log_likelihood.is_finite() {
        return as_bb;
    }
    // The profile likelihood in (ln a, ln b), warm-starting the weights from the last point.
    let mut warm = [0.05, 0.05];
    let o = {
        let mut f = WithHessian::new(|x: [f64; 2]| {
            let (a, b) = (x[0].libm_exp(), x[1].libm_exp());
            let pr = profile(data, a, b, warm);
            warm = [pr.pi[0].max(1e-3), pr.pi[1].max(1e-3)];
            pr.d.in_log_params(a, b)
        });
        log_box().maximize(&mut f, starts, search.grid, search.runs)
    };
    let (a, b) = (o.x[0].libm_exp(), o.x[1].libm_exp());
    let pr = profile(data, a, b, warm);
    let (pi, ll) = (pr.pi, pr.d.v);
    let gain = ll - bb.log_likelihood;
    if gain.is_nan() || gain <= ZOIBB_MARGIN * bb.log_likelihood.abs() {
        return ZoibbFit {
            iterations: o.iterations,
            ..as_bb
        };
    }
    ZoibbFit {
        a,
        b,
        pi0: pi[0],
        pi1: pi[1],
        log_likelihood: ll,
        at_bound: on_edge(a) || on_edge(b),
        converged: o.reason.converged(),
        iterations: o.iterations,
        stop_reason: o.reason,
    }
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
