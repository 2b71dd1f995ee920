//! The maximum-marginal-likelihood fit of a scaled family.

use super::kernel::Kernel;
use super::series::scaled_beta_ln;
use super::Family;
use crate::data::groups::Groups;
use crate::estimators::beta_binomial::BbFit;
use crate::estimators::likelihood::for_ln_choose;
use crate::num::libm_math::LibmMath;
use crate::num::newton_box::BoxN;
use crate::num::optimize::StopReason;
use crate::num::tanh_sinh::{TanhSinh, LEVEL_REL, SEARCH_REL};

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

/// A fitted scaled family.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ScaledFit {
    /// Which family.
    pub family: Family,
    /// Shape a: the left-tail exponent, and the power law's.
    pub a: f64,
    /// Shape b.
    pub b: f64,
    /// The ceiling of the per-task success rate, s ∈ (0, 1].
    pub scale: f64,
    /// Maximised log marginal likelihood, including Σ ln C(n, c).
    pub log_likelihood: f64,
    /// a, b or s on the edge of the box (s = 1 is the plain family, not a failure).
    pub at_bound: bool,
    /// False when no task has n ≥ 3 (three parameters from two moments).
    pub identifiable: bool,
    /// Whether the optimiser converged.
    pub converged: bool,
    /// Newton iterations over all starts.
    pub iterations: u32,
    /// Why the optimiser stopped.
    pub stop_reason: StopReason,
}

/// The counts as the fits read them: (c, m = n − c, weight) per group, Σ w·ln C(n, c), and the
/// quadrature rule.
#[derive(Debug, Clone)]
pub struct ScaledData {
    groups: Vec<(u64, u64, f64)>,
    ln_choose_sum: f64,
    n_max: u64,
    rule: TanhSinh,
}

impl ScaledData {
    /// Prepares grouped counts.
    pub fn new(g: &Groups) -> ScaledData {
        let mut groups = Vec::with_capacity(g.len());
        let mut ln_choose_sum = 0.0;
        for block in g.blocks() {
            for_ln_choose(block, |t, w, lnc| {
                groups.push((t.c(), t.n() - t.c(), w as f64));
                ln_choose_sum += w as f64 * lnc;
            });
        }
        ScaledData {
            groups,
            ln_choose_sum,
            n_max: g.n_max(),
            rule: TanhSinh::new(),
        }
    }

    /// ln ∫ (sx)^c (1 − sx)^m f(x) dx of one task and its gradient in (a, b, s).
    pub fn task_ln(&self, family: Family, p: [f64; 3], c: f64, m: f64) -> (f64, [f64; 3]) {
        self.task_ln_to(family, p, c, m, LEVEL_REL)
    }

    /// [`ScaledData::task_ln`] with the quadrature's level tolerance `rel`.
    fn task_ln_to(&self, family: Family, p: [f64; 3], c: f64, m: f64, rel: f64) -> (f64, [f64; 3]) {
        let [a, b, s] = p;
        match family {
            Family::ScaledBeta if c.fract() == 0.0 && m.fract() == 0.0 && m <= 2e5 => {
                scaled_beta_ln(a, b, s, c as u64, m as u64)
            }
            _ => {
                let r = Kernel {
                    family,
                    a,
                    b,
                    s,
                    c,
                    m,
                }
                .integrate_to(&self.rule, rel);
                (r.ln, r.grad)
            }
        }
    }

    /// The log marginal likelihood at (a, b, s) and its gradient in (a, b, s).
    ///
    /// # Formula
    /// ℓ = Σ_i [ln C(n_i, c_i) + ln ∫₀¹ (s x)^c_i (1 − s x)^(n_i − c_i) f(x; a, b) dx].
    pub fn log_likelihood(&self, family: Family, p: [f64; 3]) -> (f64, [f64; 3]) {
        self.log_likelihood_to(family, p, LEVEL_REL)
    }

    /// [`ScaledData::log_likelihood`] with the quadrature's level tolerance `rel`
    /// ([`SEARCH_REL`] while a fit searches).
    pub fn log_likelihood_to(&self, family: Family, p: [f64; 3], rel: f64) -> (f64, [f64; 3]) {
        let mut v = self.ln_choose_sum;
        let mut g = [0.0; 3];
        for &(c, m, w) in &self.groups {
            let (tv, tg) = self.task_ln_to(family, p, c as f64, m as f64, rel);
            v += w * tv;
            for i in 0..3 {
                g[i] += w * tg[i];
            }
        }
        (v, g)
    }
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
    let beta = fit_scaled_from(&data, Family::ScaledBeta, &starts);
    let kuma = fit_scaled_from(&data, Family::Kumaraswamy, &[beta.start(), starts[0]]);
    [beta, kuma]
}

/// [`fit_scaled`] on prepared data from given starts in (ln a, ln b, ln s).
pub fn fit_scaled_from(data: &ScaledData, family: Family, starts: &[[f64; 3]]) -> ScaledFit {
    fit_scaled_in(data, family, &scaled_box(), starts)
}

/// [`fit_scaled_from`] in a given box (a coordinate pinned where lo = hi: a profile).
pub fn fit_scaled_in(
    data: &ScaledData,
    family: Family,
    bx: &BoxN<3>,
    starts: &[[f64; 3]],
) -> ScaledFit {
    fit_in(data, family, bx, starts, true)
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
pub fn fit_scaled_near(data: &ScaledData, family: Family, near: &ScaledFit) -> ScaledFit {
    let bx = BoxN {
        gain_tol: NEAR_GAIN,
        ..scaled_box()
    };
    fit_in(data, family, &bx, &[near.start()], false)
}

/// The search in `bx` from `starts`; with `exact`, the optimum's likelihood evaluated to
/// `LEVEL_REL`.
fn fit_in(
    data: &ScaledData,
    family: Family,
    bx: &BoxN<3>,
    starts: &[[f64; 3]],
    exact: bool,
) -> ScaledFit {
    // The search integrates to SEARCH_REL; the optimum's likelihood is evaluated to
    // LEVEL_REL (the scaled Beta's series, where it applies, is exact either way).
    let mut f = |x: [f64; 3]| {
        let p = [x[0].libm_exp(), x[1].libm_exp(), x[2].libm_exp()];
        let (v, g) = data.log_likelihood_to(family, p, SEARCH_REL);
        (v, [g[0] * p[0], g[1] * p[1], g[2] * p[2]])
    };
    let mut o = bx.maximize(&mut f, starts);
    if exact {
        let p = [o.x[0].libm_exp(), o.x[1].libm_exp(), o.x[2].libm_exp()];
        o.value = data.log_likelihood(family, p).0;
    }
    let full = scaled_box();
    let edge = |i: usize| o.x[i] <= full.lo[i] + 1e-12 || (i < 2 && o.x[i] >= full.hi[i] - 1e-12);
    ScaledFit {
        family,
        a: o.x[0].libm_exp(),
        b: o.x[1].libm_exp(),
        scale: o.x[2].libm_exp(),
        log_likelihood: o.value,
        at_bound: edge(0) || edge(1) || edge(2),
        identifiable: data.n_max >= 3,
        converged: o.reason.converged(),
        iterations: o.iterations,
        stop_reason: o.reason,
    }
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
