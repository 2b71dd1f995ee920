//! Beta-Binomial empirical Bayes (Vérine et al. 2026): p_i ~ Beta(a, b), c_i ~ Bin(n_i, p_i).
//! The fit maximises the marginal likelihood over a, b ∈ [10^-6, 10^6]; its posterior
//! predictive gives pass@k and pass^k for any k, also far beyond n.

use crate::num::libm_math::LibmMath;

use crate::data::counts::Counts;
use crate::data::groups::Groups;
use crate::estimators::likelihood::BbData;
use crate::num::gamma::ln_gamma_ratio;
use crate::num::optimize::{Problem, WithHessian};
use crate::num::termination::TerminationReason;

/// Smallest a or b of the fit.
pub const PARAM_MIN: f64 = 1e-6;
/// Largest a or b of the fit.
pub const PARAM_MAX: f64 = 1e6;

/// The box of the fit in (ln a, ln b).
pub fn log_box() -> Problem {
    let (lo, hi) = (PARAM_MIN.libm_ln(), PARAM_MAX.libm_ln());
    Problem {
        lo: [lo, lo],
        hi: [hi, hi],
        max_iter: 200,
    }
}

/// A fitted Beta-Binomial prior.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BbFit {
    /// a > 0.
    pub a: f64,
    /// b > 0.
    pub b: f64,
    /// Maximised log marginal likelihood, including Σ ln C(n, c).
    pub log_likelihood: f64,
    /// ΔPass = a + b (improvability).
    pub delta_pass: f64,
    /// a or b on the edge of the box.
    pub at_bound: bool,
    /// False when every task has n = 1 (only a/(a+b) is identified).
    pub identifiable: bool,
    /// Whether the optimiser converged.
    pub converged: bool,
    /// Newton iterations over all starts.
    pub iterations: u32,
    /// Why the optimiser stopped.
    pub stop_reason: TerminationReason,
}

/// The edge test used for `at_bound`.
pub fn on_edge(v: f64) -> bool {
    v <= PARAM_MIN * (1.0 + 1e-9) || v >= PARAM_MAX * (1.0 - 1e-9)
}

/// A method-of-moments start in (ln a, ln b).
pub fn moments_start(g: &Groups) -> [f64; 2] {
    let m = g.mean(|t| t.rate()).clamp(1e-3, 1.0 - 1e-3);
    let var = g.mean(|t| (t.rate() - m).pow_int(2));
    let inv_n = g.mean(|t| 1.0 / t.n() as f64);
    // Var(p̂) ≈ m(1−m)[ρ + (1−ρ)/n], ρ = 1/(a+b+1).
    let base = m * (1.0 - m);
    let rho = ((var / base - inv_n) / (1.0 - inv_n).max(1e-9)).clamp(1e-6, 0.999);
    let s = (1.0 / rho - 1.0).clamp(1e-3, 1e5);
    [(m * s).libm_ln(), ((1.0 - m) * s).libm_ln()]
}

/// Fits (a, b) by maximum marginal likelihood.
///
/// # Formula
/// ℓ(a, b) = Σ_i [ln C(n_i, c_i) + ln B(a + c_i, b + n_i − c_i) − ln B(a, b)], maximised over
/// (ln a, ln b) by Newton steps with the analytic gradient (digamma differences) from a
/// method-of-moments start and the best cells of a grid over the box.
///
/// # Errors
/// None: degenerate data (all c = 0, all c = n, one task, equal c/n) give the boundary
/// maximiser with `at_bound`; all n = 1 gives the point with a·b = 1 and
/// `identifiable: false`. An empty dataset gives NaN values.
pub fn fit_bb(g: &Groups) -> BbFit {
    fit_bb_data(&BbData::new(g), &[moments_start(g)], Search::GLOBAL)
}

/// How widely a fit searches the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    /// Cells per axis of the grid of candidate starts over the box (0: none).
    pub grid: usize,
    /// How many of the best grid cells start a Newton run, besides the given starts.
    pub runs: usize,
}

impl Search {
    /// The global search of a fit on new data: a 6×6 grid, its 3 best cells and the given
    /// starts.
    pub const GLOBAL: Search = Search { grid: 6, runs: 3 };
    /// Only the given starts: for data close to a fitted one (a CV fold, a resample).
    pub const LOCAL: Search = Search { grid: 0, runs: 0 };
}

/// [`fit_bb`] on prepared statistics from the given starts (in ln a, ln b).
pub fn fit_bb_data(data: &BbData, starts: &[[f64; 2]], search: Search) -> BbFit {
    if data.all_n_one() {
        return fit_all_n_one(data);
    }
    // ℓ in (ln a, ln b) with its analytic gradient and Hessian (one pass over the data gives
    // all three).
    let mut f = WithHessian::new(|x: [f64; 2]| {
        let (a, b) = (x[0].libm_exp(), x[1].libm_exp());
        data.bb_loglik(a, b).in_log_params(a, b)
    });
    let o = log_box().maximize(&mut f, starts, search.grid, search.runs);
    let (a, b) = (o.x[0].libm_exp(), o.x[1].libm_exp());
    BbFit {
        a,
        b,
        log_likelihood: o.value,
        delta_pass: a + b,
        at_bound: on_edge(a) || on_edge(b),
        identifiable: true,
        converged: o.reason.converged(),
        iterations: o.iterations,
        stop_reason: o.reason,
    }
}

/// All n = 1: ℓ depends on a/(a+b) = m only; report the point with a·b = 1.
fn fit_all_n_one(data: &BbData) -> BbFit {
    let ones: f64 = data.full.iter().map(|x| x.1).sum();
    let m = (ones / data.tasks).clamp(PARAM_MIN * PARAM_MIN, 1.0 - PARAM_MIN * PARAM_MIN);
    let a = (m / (1.0 - m)).sqrt().clamp(PARAM_MIN, PARAM_MAX);
    let b = (1.0 / a).clamp(PARAM_MIN, PARAM_MAX);
    let ll = data.bb_loglik(a, b).v;
    BbFit {
        a,
        b,
        log_likelihood: ll,
        delta_pass: a + b,
        at_bound: on_edge(a) || on_edge(b),
        identifiable: false,
        converged: true,
        iterations: 0,
        stop_reason: TerminationReason::GradientTolerance,
    }
}

/// Posterior-predictive pass@k of one task under Beta(a, b), for any k > 0.
///
/// # Formula
/// 1 − B(a′, b′+k)/B(a′, b′) = 1 − ∏_{j<k} (b′+j)/(a′+b′+j), a′ = a + c, b′ = b + n − c.
pub fn bb_pass_at_k(a: f64, b: f64, t: Counts, k: f64) -> f64 {
    -ln_gamma_ratio(b + (t.n() - t.c()) as f64, a + t.c() as f64, k).libm_exp_m1()
}

/// Posterior-predictive pass^k of one task: B(a′+k, b′)/B(a′, b′).
pub fn bb_pass_hat_k(a: f64, b: f64, t: Counts, k: f64) -> f64 {
    ln_gamma_ratio(a + t.c() as f64, b + (t.n() - t.c()) as f64, k).libm_exp()
}

impl BbFit {
    /// The optimum as a start of another search: (ln a, ln b).
    pub fn start(&self) -> [f64; 2] {
        [self.a.libm_ln(), self.b.libm_ln()]
    }

    /// Mean posterior-predictive pass@k over a dataset.
    pub fn pass_at_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| bb_pass_at_k(self.a, self.b, t, k))
    }

    /// Mean posterior-predictive pass^k over a dataset.
    pub fn pass_hat_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| bb_pass_hat_k(self.a, self.b, t, k))
    }

    /// Prior pass@k of a new task: 1 − B(a, b+k)/B(a, b).
    pub fn prior_pass_at_k(&self, k: f64) -> f64 {
        -ln_gamma_ratio(self.b, self.a, k).libm_exp_m1()
    }

    /// Whether the fit ran to the binomial limit (a + b at the upper edge): every task then
    /// gets the pooled rate and far extrapolations are overestimated.
    pub fn binomial_limit(&self) -> bool {
        self.a >= PARAM_MAX * (1.0 - 1e-9) || self.b >= PARAM_MAX * (1.0 - 1e-9)
    }
}
