//! Fitting ZOIBB: the profile likelihood maximised over (ln a, ln b).

use super::fitted::ZoibbFit;
use super::profile::{loglik, profile};
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::{log_box, on_edge, BbFit, Search};
use crate::estimators::likelihood::BbData;
use crate::num::libm_math::LibmMath;
use crate::num::optimize::WithHessian;

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

/// The ZOIBB log marginal likelihood of a dataset (with ln C(n, c)) under given parameters.
///
/// # Formula
/// Σ_interior w·[ln s + ln P(c | n)] + Σ_{c=0} w·ln(π0 + s·P(0 | n)) + Σ_{c=n} w·ln(π1 + s·P(n | n)),
/// s = 1 − π0 − π1, P the Beta-Binomial probability under (a, b).
pub fn zoibb_loglik(data: &BbData, z: &ZoibbFit) -> f64 {
    loglik(data, [z.a, z.b, z.pi0, z.pi1])
}
