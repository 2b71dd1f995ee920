//! The scaled-Beta marginal likelihood as a finite sum of positive terms.
//!
//! For p = s·X, X ~ Beta(a, b), Euler's integral gives ∫ (sx)^c (1 − sx)^m f(x) dx =
//! s^c·B(a + c, b)/B(a, b)·₂F₁(−m, a + c; a + b + c; s), a polynomial whose terms alternate in
//! sign (cancellation ruins it for large m). Pfaff's transformation turns it into
//! (1 − s)^m·₂F₁(−m, b; a + b + c; s/(s − 1)), whose terms are all positive:
//! Σ_j C(m, j)·s^(c+j)·(1 − s)^(m−j)·(b)_j/(a + b + c)_j. The terms are log-concave in j, so
//! the sum starts at the largest and walks outwards until the rest is provably below 2^-64
//! of the sum: O(√m) terms (about 900 at m = 10^4), each a few multiplications, exact to
//! rounding. This is why the scaled Beta uses the series and not quadrature.

use super::moments::{add_outer, upper};
use crate::num::gamma::ln_choose;
use crate::num::gamma::{digamma_diff, ln_poch, trigamma_diff};
use crate::num::libm_math::LibmMath;
use crate::num::prec::TAIL_NEGLIGIBLE;

/// ln ∫₀¹ (sx)^c (1 − sx)^m Beta(x; a, b) dx and its gradient in (a, b, s), for whole c and
/// m, a, b > 0 and 0 < s ≤ 1.
///
/// # Formula
/// s = 1: ln B(a + c, b + m) − ln B(a, b) (BB without C(n, c)); otherwise
/// ln B(a + c, b) − ln B(a, b) + ln Σ_j T_j with T_j above; the gradient is the prefactor's
/// plus the T-weighted mean of ∂ln T_j = (−Δψ_γ(j), Δψ_b(j) − Δψ_γ(j), (c + j)/s −
/// (m − j)/(1 − s)), Δψ_x(j) = ψ(x + j) − ψ(x), γ = a + b + c.
pub fn scaled_beta_ln(a: f64, b: f64, s: f64, c: u64, m: u64) -> (f64, [f64; 3]) {
    let r = scaled_beta_terms(a, b, s, c, m, false);
    (r.0, r.1)
}

/// [`scaled_beta_ln`] with its Hessian in (a, b, s).
///
/// # Formula
/// The prefactor's second derivatives are trigamma differences Δψ′; those of ln T_j are
/// ∂²/∂a² = ∂²/∂a∂b = −Δψ′_γ(j), ∂²/∂b² = Δψ′_b(j) − Δψ′_γ(j), ∂²/∂s² = −(c + j)/s² −
/// (m − j)/(1 − s)², none across s; the sum's is the T-weighted mean of those plus the
/// T-weighted covariance of the gradients. At s = 1, ∂²/∂s² is NaN (the series is not
/// summed there; a search takes differences).
pub fn scaled_beta_ln_hess(
    a: f64,
    b: f64,
    s: f64,
    c: u64,
    m: u64,
) -> (f64, [f64; 3], [[f64; 3]; 3]) {
    scaled_beta_terms(a, b, s, c, m, true)
}

/// The walk of the series' terms, with the Hessian where `hess`.
fn scaled_beta_terms(
    a: f64,
    b: f64,
    s: f64,
    c: u64,
    m: u64,
    hess: bool,
) -> (f64, [f64; 3], [[f64; 3]; 3]) {
    let (cf, mf) = (c as f64, m as f64);
    let gamma = a + b + cf;
    let pre = ln_poch(a, cf) - ln_poch(a + b, cf);
    let pre_da = digamma_diff(a, cf) - digamma_diff(a + b, cf);
    let pre_db = -digamma_diff(a + b, cf);
    let pre_h = if hess {
        let (ta, tab) = (trigamma_diff(a, cf), trigamma_diff(a + b, cf));
        [ta - tab, -tab, -tab]
    } else {
        [0.0; 3]
    };
    if s >= 1.0 {
        let v = pre + ln_poch(b, mf) - ln_poch(gamma, mf);
        let ds = if m == 0 {
            cf
        } else {
            cf - mf * (a + cf) / (b + mf - 1.0)
        };
        let mut h = [[0.0; 3]; 3];
        if hess {
            let (tg, tb) = (trigamma_diff(gamma, mf), trigamma_diff(b, mf));
            h = [
                [pre_h[0] - tg, pre_h[1] - tg, f64::NAN],
                [pre_h[1] - tg, pre_h[2] + tb - tg, f64::NAN],
                [f64::NAN; 3],
            ];
        }
        return (
            v,
            [
                pre_da - digamma_diff(gamma, mf),
                pre_db + digamma_diff(b, mf) - digamma_diff(gamma, mf),
                ds,
            ],
            h,
        );
    }
    let sc = 1.0 - s;
    let ratio = |j: f64| (mf - j) / (j + 1.0) * (b + j) / (gamma + j) * (s / sc);
    // The largest term: the root of s(m − j)(b + j) = (1 − s)(j + 1)(γ + j), then adjusted.
    let bq = s * (mf - b) - sc * (gamma + 1.0);
    let cq = s * mf * b - sc * gamma;
    let disc = bq * bq + 4.0 * cq;
    let mut j = if disc > 0.0 {
        (0.5 * (bq + disc.sqrt())).floor()
    } else {
        0.0
    };
    j = j.clamp(0.0, mf);
    while j < mf && ratio(j) >= 1.0 {
        j += 1.0;
    }
    while j > 0.0 && ratio(j - 1.0) < 1.0 {
        j -= 1.0;
    }
    let peak = j;
    let ln_top = ln_choose(m, peak as u64)
        + (cf + peak) * s.libm_ln()
        + if mf > peak {
            (mf - peak) * (-s).libm_ln_1p()
        } else {
            0.0
        }
        + ln_poch(b, peak)
        - ln_poch(gamma, peak);
    // Per term: Δψ_γ(j), Δψ_b(j) and (with the Hessian) Δψ′_γ(j), Δψ′_b(j), stepped from the
    // peak's.
    let at_peak = Term {
        dg: digamma_diff(gamma, peak),
        db: digamma_diff(b, peak),
        tg: if hess {
            trigamma_diff(gamma, peak)
        } else {
            0.0
        },
        tb: if hess { trigamma_diff(b, peak) } else { 0.0 },
    };
    let mut acc = Sums::default();
    acc.add(1.0, &at_peak, peak, (cf, mf, s), hess);
    // Upwards.
    let (mut t, mut d, mut j) = (1.0, at_peak, peak);
    while j < mf {
        let r = ratio(j);
        d.step(gamma + j, b + j, 1.0);
        t *= r;
        j += 1.0;
        acc.add(t, &d, j, (cf, mf, s), hess);
        let next = if j < mf { ratio(j) } else { 0.0 };
        if next < 1.0 && t * next / (1.0 - next) < TAIL_NEGLIGIBLE * acc.sum {
            break;
        }
    }
    // Downwards.
    let (mut t, mut d, mut j) = (1.0, at_peak, peak);
    while j > 0.0 {
        let q = 1.0 / ratio(j - 1.0);
        d.step(gamma + j - 1.0, b + j - 1.0, -1.0);
        t *= q;
        j -= 1.0;
        acc.add(t, &d, j, (cf, mf, s), hess);
        let next = if j > 0.0 { 1.0 / ratio(j - 1.0) } else { 0.0 };
        if next < 1.0 && t * next / (1.0 - next) < TAIL_NEGLIGIBLE * acc.sum {
            break;
        }
    }
    let sum = acc.sum;
    let mean = acc.g.map(|v| v / sum);
    let mut h = [[0.0; 3]; 3];
    if hess {
        // E[∇²ln T] + E[∇ln T ∇ln Tᵀ] − E[∇ln T]E[∇ln T]ᵀ, plus the prefactor's.
        let e2 = acc.h2.map(|v| v / sum);
        let base = [
            [pre_h[0] + e2[0], pre_h[1] + e2[0], 0.0],
            [pre_h[1] + e2[0], pre_h[2] + e2[1], 0.0],
            [0.0, 0.0, e2[2]],
        ];
        for (i, row) in h.iter_mut().enumerate() {
            for (k, hik) in row.iter_mut().enumerate() {
                *hik = base[i][k] + acc.gg[upper(i, k)] / sum - mean[i] * mean[k];
            }
        }
    }
    (
        pre + ln_top + sum.libm_ln(),
        [pre_da + mean[0], pre_db + mean[1], mean[2]],
        h,
    )
}

/// Δψ_γ(j), Δψ_b(j), Δψ′_γ(j), Δψ′_b(j) of one term.
#[derive(Debug, Clone, Copy)]
struct Term {
    dg: f64,
    db: f64,
    tg: f64,
    tb: f64,
}

impl Term {
    /// To the next term (`dir` 1) or the one before (−1): the differences gain or lose
    /// 1/(γ + i), 1/(b + i) and −1/(γ + i)², −1/(b + i)² at i = `gi`, `bi`.
    fn step(&mut self, gi: f64, bi: f64, dir: f64) {
        self.dg += dir / gi;
        self.db += dir / bi;
        self.tg -= dir / (gi * gi);
        self.tb -= dir / (bi * bi);
    }
}

/// The terms' running sums (relative to the largest): Σ T, Σ T·∇ln T, Σ T·∇ln T ∇ln Tᵀ
/// (upper triangle) and Σ T·(∂²/∂a², ∂²/∂b², ∂²/∂s²) of ln T.
#[derive(Debug, Default)]
struct Sums {
    sum: f64,
    g: [f64; 3],
    gg: [f64; 6],
    h2: [f64; 3],
}

impl Sums {
    fn add(&mut self, t: f64, d: &Term, j: f64, (c, m, s): (f64, f64, f64), hess: bool) {
        let gs = (c + j) / s - (m - j) / (1.0 - s);
        let g = [-d.dg, d.db - d.dg, gs];
        self.sum += t;
        for (a, gi) in self.g.iter_mut().zip(g) {
            *a += t * gi;
        }
        if hess {
            add_outer(&mut self.gg, t, g);
            let ss = -(c + j) / (s * s) - (m - j) / ((1.0 - s) * (1.0 - s));
            self.h2[0] += t * -d.tg;
            self.h2[1] += t * (d.tb - d.tg);
            self.h2[2] += t * ss;
        }
    }
}
