//! The maximum-marginal-likelihood fit of a scaled distribution.

use super::data::{ScaledData, Summed};
use super::distribution::Distribution;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::BbFit;
use crate::num::libm_math::LibmMath;
use crate::num::newton_box::{BoxN, BoxObjective};
use crate::num::tanh_sinh::SEARCH_REL;
use crate::num::termination::TerminationReason;

/// Smallest a or b of the fit (below it the mass of x^(a−1) near 0 would need quadrature
/// nodes beyond what a double holds).
pub const PARAM_MIN: f64 = 0.01;
/// Largest a or b of the fit.
pub const PARAM_MAX: f64 = 1e4;
/// Smallest scale of the fit.
pub const SCALE_MIN: f64 = 1e-3;

/// The box of the fit in (ln a, ln b, ln s).
pub fn scaled_box() -> BoxN<3> {
    let (lo, hi) = (PARAM_MIN.libm_ln(), PARAM_MAX.libm_ln());
    BoxN {
        lo: [lo, lo, SCALE_MIN.libm_ln()],
        hi: [hi, hi, 0.0],
        max_iter: 200,
        gain_tol: 0.0,
    }
}

/// A fitted scaled distribution.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ScaledFit {
    /// Which distribution (the report's key is `family`, kept: `passk-report/2`'s schema).
    #[serde(rename = "family")]
    pub dist: Distribution,
    /// Shape a: the left-tail exponent, and the power law's.
    pub a: f64,
    /// Shape b.
    pub b: f64,
    /// The ceiling of the per-task success rate, s ∈ (0, 1].
    pub scale: f64,
    /// Maximised log marginal likelihood, including Σ ln C(n, c).
    pub log_likelihood: f64,
    /// a, b or s on the edge of the box (s = 1 is the plain distribution, not a failure).
    pub at_bound: bool,
    /// False when no task has n ≥ 3 (three parameters from two moments).
    pub identifiable: bool,
    /// Whether the optimiser converged.
    pub converged: bool,
    /// Newton iterations over all starts.
    pub iterations: u32,
    /// Why the optimiser stopped.
    pub stop_reason: TerminationReason,
}

/// Fits both scaled families by maximum marginal likelihood, starting from the BB fit.
///
/// # Formula
/// ℓ(a, b, s) of [`ScaledData::log_likelihood`], maximised over (ln a, ln b, ln s) in
/// [0.01, 10^4]² × [10^-3, 1] by projected Newton steps with the analytic gradient. The
/// scaled Beta starts from BB's (a, b) at s = 1 (BB itself, so it never ends below BB), 0.7,
/// 0.4 and 0.2 (b moved to keep the mean rate); the Kumaraswamy, whose likelihood costs
/// twenty times as much (quadrature), from the scaled Beta's optimum and BB's point.
///
/// # Errors
/// None: an empty dataset gives NaN values; the optimiser's stop reason, `at_bound` and
/// `identifiable` say how far to trust the optimum.
pub fn fit_scaled(g: &Groups, bb: &BbFit) -> [ScaledFit; 2] {
    let data = ScaledData::new(g);
    let mean = g.mean(|t| t.rate()).clamp(1e-6, 1.0 - 1e-6);
    let (a, b) = (
        bb.a.clamp(PARAM_MIN, PARAM_MAX),
        bb.b.clamp(PARAM_MIN, PARAM_MAX),
    );
    let starts: Vec<[f64; 3]> = [1.0, 0.7, 0.4, 0.2]
        .iter()
        .map(|&s: &f64| {
            // Keep the mean s·a/(a + b) where the scale allows it.
            let b_s = if s > mean { a * (s / mean - 1.0) } else { b };
            [
                a.libm_ln(),
                b_s.clamp(PARAM_MIN, PARAM_MAX).libm_ln(),
                s.libm_ln(),
            ]
        })
        .collect();
    let beta = fit_scaled_from(&data, Distribution::ScaledBeta, &starts);
    let kuma = fit_scaled_from(&data, Distribution::Kumaraswamy, &[beta.start(), starts[0]]);
    [beta, kuma]
}

/// [`fit_scaled`] on prepared data from given starts in (ln a, ln b, ln s).
pub fn fit_scaled_from(data: &ScaledData, dist: Distribution, starts: &[[f64; 3]]) -> ScaledFit {
    fit_scaled_in(data, dist, &scaled_box(), starts)
}

/// [`fit_scaled_from`] in a given box (a coordinate pinned where lo = hi: a profile).
pub fn fit_scaled_in(
    data: &ScaledData,
    dist: Distribution,
    bx: &BoxN<3>,
    starts: &[[f64; 3]],
) -> ScaledFit {
    fit_in(data, dist, bx, starts, true)
}

/// How close [`fit_scaled_near`] comes to its optimum, in nats of log-likelihood: it stops
/// once a Newton step promises less. On the Pythia subsamples (7 series, 13 levels, 3
/// repeats, both families) this took the fits from 7.9 s (two starts, to working precision)
/// to 2.1 s, and moved no prediction at k ≤ n_min by more than 2.8·10^-4 (one start to
/// working precision: 1.9·10^-4, the likelihood's flat ridges at two samples per task;
/// 10^-6 nats: 1.2·10^-3; 10^-4 nats: 0.22).
pub const NEAR_GAIN: f64 = 1e-7;

/// A fit to data close to data already fitted (the backtest's subsamples, hundreds per
/// series), from the optimum `near` found there: Newton from that point alone, and the
/// log-likelihood reported is the search's (integrated to `SEARCH_REL`, not re-evaluated
/// to `LEVEL_REL`: the backtest reads the fit's predictions, not its likelihood). On the
/// Pythia subsamples this is what the search from several starts finds (the test in
/// `tests/scaled.rs` bounds the difference).
pub fn fit_scaled_near(data: &ScaledData, dist: Distribution, near: &ScaledFit) -> ScaledFit {
    let bx = BoxN {
        gain_tol: NEAR_GAIN,
        ..scaled_box()
    };
    fit_in(data, dist, &bx, &[near.start()], false)
}

/// The search in `bx` from `starts`; with `exact`, the optimum's likelihood evaluated to
/// `LEVEL_REL`.
fn fit_in(
    data: &ScaledData,
    dist: Distribution,
    bx: &BoxN<3>,
    starts: &[[f64; 3]],
    exact: bool,
) -> ScaledFit {
    fit_in_hess(data, dist, bx, starts, exact).0
}

/// A profile's point: [`fit_scaled_in`] from one start, with the Hessian of ℓ in
/// (ln a, ln b, ln s) at the optimum where the search evaluated it there (for the next
/// point's start).
pub fn fit_scaled_profile(
    data: &ScaledData,
    dist: Distribution,
    bx: &BoxN<3>,
    start: [f64; 3],
) -> (ScaledFit, Option<[[f64; 3]; 3]>) {
    fit_in_hess(data, dist, bx, &[start], true)
}

fn fit_in_hess(
    data: &ScaledData,
    dist: Distribution,
    bx: &BoxN<3>,
    starts: &[[f64; 3]],
    exact: bool,
) -> (ScaledFit, Option<[[f64; 3]; 3]>) {
    // The search integrates the groups the grid cannot resolve to SEARCH_REL; the optimum's
    // likelihood is evaluated to LEVEL_REL.
    let mut f = LnObjective {
        data,
        dist,
        last: None,
    };
    let mut o = bx.maximize(&mut f, starts);
    // On the grid the search's value is the exact one; a group integrated alone is redone.
    let searched = f.last.filter(|l| l.0 == o.x).is_some_and(|l| !l.1.alone);
    if exact && !searched {
        let p = [o.x[0].libm_exp(), o.x[1].libm_exp(), o.x[2].libm_exp()];
        o.value = data.log_likelihood(dist, p).0;
    }
    let hess = if f.last.is_some_and(|l| l.0 == o.x) {
        f.hessian(o.x)
    } else {
        None
    };
    let full = scaled_box();
    let edge = |i: usize| o.x[i] <= full.lo[i] + 1e-12 || (i < 2 && o.x[i] >= full.hi[i] - 1e-12);
    let fit = ScaledFit {
        dist,
        a: o.x[0].libm_exp(),
        b: o.x[1].libm_exp(),
        scale: o.x[2].libm_exp(),
        log_likelihood: o.value,
        at_bound: edge(0) || edge(1) || edge(2),
        identifiable: data.n_max >= 3,
        converged: o.reason.converged(),
        iterations: o.iterations,
        stop_reason: o.reason,
    };
    (fit, hess)
}

impl ScaledFit {
    /// The optimum as a start: (ln a, ln b, ln s).
    pub fn start(&self) -> [f64; 3] {
        [self.a.libm_ln(), self.b.libm_ln(), self.scale.libm_ln()]
    }

    /// (a, b, s).
    pub fn params(&self) -> [f64; 3] {
        [self.a, self.b, self.scale]
    }
}

/// The log-likelihood in (ln a, ln b, ln s), with its Hessian from the grid (computed with
/// every value: the Newton step asks for it where it last evaluated).
struct LnObjective<'d> {
    data: &'d ScaledData,
    dist: Distribution,
    last: Option<([f64; 3], Summed)>,
}

impl BoxObjective<3> for LnObjective<'_> {
    fn eval(&mut self, x: [f64; 3]) -> (f64, [f64; 3]) {
        let p = x.map(|v| v.libm_exp());
        let s = self.data.log_likelihood_hess(self.dist, p, SEARCH_REL);
        self.last = Some((x, s));
        (
            s.value,
            [s.grad[0] * p[0], s.grad[1] * p[1], s.grad[2] * p[2]],
        )
    }

    /// ∂²ℓ/∂θ_i∂θ_j = p_i·p_j·∂²ℓ/∂p_i∂p_j + δ_ij·p_i·∂ℓ/∂p_i, θ = ln p.
    fn hessian(&mut self, x: [f64; 3]) -> Option<[[f64; 3]; 3]> {
        let s = match self.last {
            Some((at, s)) if at == x => s,
            _ => {
                self.eval(x);
                self.last?.1
            }
        };
        let p = x.map(|v| v.libm_exp());
        let (g, h) = (s.grad, s.hess);
        Some(std::array::from_fn(|i| {
            std::array::from_fn(|j| p[i] * p[j] * h[i][j] + if i == j { p[i] * g[i] } else { 0.0 })
        }))
    }
}
