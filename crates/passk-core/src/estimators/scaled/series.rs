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

use crate::estimators::likelihood::ln_choose;
use crate::num::gamma::{digamma_diff, ln_poch};
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
    let (cf, mf) = (c as f64, m as f64);
    let gamma = a + b + cf;
    let pre = ln_poch(a, cf) - ln_poch(a + b, cf);
    let pre_da = digamma_diff(a, cf) - digamma_diff(a + b, cf);
    let pre_db = -digamma_diff(a + b, cf);
    if s >= 1.0 {
        let v = pre + ln_poch(b, mf) - ln_poch(gamma, mf);
        let ds = if m == 0 {
            cf
        } else {
            cf - mf * (a + cf) / (b + mf - 1.0)
        };
        return (
            v,
            [
                pre_da - digamma_diff(gamma, mf),
                pre_db + digamma_diff(b, mf) - digamma_diff(gamma, mf),
                ds,
            ],
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
    let (dg0, db0) = (digamma_diff(gamma, peak), digamma_diff(b, peak));
    let ds_at = |j: f64| (cf + j) / s - (mf - j) / sc;
    let mut sum = 1.0;
    let mut acc = [-dg0, db0 - dg0, ds_at(peak)];
    // Upwards.
    let (mut t, mut dg, mut db, mut j) = (1.0, dg0, db0, peak);
    while j < mf {
        let r = ratio(j);
        dg += 1.0 / (gamma + j);
        db += 1.0 / (b + j);
        t *= r;
        j += 1.0;
        sum += t;
        acc[0] -= t * dg;
        acc[1] += t * (db - dg);
        acc[2] += t * ds_at(j);
        let next = if j < mf { ratio(j) } else { 0.0 };
        if next < 1.0 && t * next / (1.0 - next) < TAIL_NEGLIGIBLE * sum {
            break;
        }
    }
    // Downwards.
    let (mut t, mut dg, mut db, mut j) = (1.0, dg0, db0, peak);
    while j > 0.0 {
        let q = 1.0 / ratio(j - 1.0);
        dg -= 1.0 / (gamma + j - 1.0);
        db -= 1.0 / (b + j - 1.0);
        t *= q;
        j -= 1.0;
        sum += t;
        acc[0] -= t * dg;
        acc[1] += t * (db - dg);
        acc[2] += t * ds_at(j);
        let next = if j > 0.0 { 1.0 / ratio(j - 1.0) } else { 0.0 };
        if next < 1.0 && t * next / (1.0 - next) < TAIL_NEGLIGIBLE * sum {
            break;
        }
    }
    (
        pre + ln_top + sum.libm_ln(),
        [pre_da + acc[0] / sum, pre_db + acc[1] / sum, acc[2] / sum],
    )
}
