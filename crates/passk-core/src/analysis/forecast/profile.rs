//! 95 % intervals of a fitted shape a (the power law's exponent) and of the scale: the profile
//! likelihood (the Kumaraswamy's searched with the looser quadrature of its fit), the observed
//! information (Wald, in ln a) only where a profile finds neither end inside the box.

use crate::estimators::scaled::{fit_scaled_profile, scaled_box, ScaledData, ScaledFit};
use crate::num::libm_math::LibmMath;
use crate::num::newton_box::{cholesky_solve, BoxN};
use crate::num::normal::two_sided_z;

/// How an interval was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IntervalMethod {
    /// {a : 2·(ℓ̂ − ℓ_p(a)) ≤ χ²₁(0.95)}, ℓ_p maximised over the other parameters.
    Profile,
    /// ln â ± z·se(ln â) from the inverse of the observed information.
    Wald,
}

/// The profile-likelihood interval of a at `level`, the scale pinned at 1 when `bb` (BB as
/// the scaled Beta at s = 1). Each end is None where the profile stays above the cut up to
/// the box's edge.
///
/// # Formula
/// ℓ_p(θ) = max over (ln b, ln s) of ℓ(e^θ, b, s); the ends solve r(θ) = z on each side of
/// θ̂ = ln â, r = √(2·(ℓ̂ − ℓ_p(θ))) the signed root of the deviance (secant steps from θ̂ + 0.25
/// until r passes z, or the box's edge; then regula falsi on r − z, Anderson and Björck's
/// weight on an end kept twice, until the secant's correction is below
/// 10^-5 in θ).
pub fn profile_a(
    data: &ScaledData,
    fit: &ScaledFit,
    bb: bool,
    level: f64,
) -> (Option<f64>, Option<f64>) {
    profile(data, fit, 0, bb, level)
}

/// The profile-likelihood interval of the scale s at `level` (as [`profile_a`], over
/// (ln a, ln b) at each s). The upper end is None where the profile stays above the cut up to
/// s = 1: the interval then reaches 1.
pub fn profile_scale(data: &ScaledData, fit: &ScaledFit, level: f64) -> (Option<f64>, Option<f64>) {
    profile(data, fit, 2, false, level)
}

/// The profile interval of coordinate `coord` of (ln a, ln b, ln s), back on its own scale.
fn profile(
    data: &ScaledData,
    fit: &ScaledFit,
    coord: usize,
    bb: bool,
    level: f64,
) -> (Option<f64>, Option<f64>) {
    let z = two_sided_z(level);
    let full = scaled_box();
    let theta_hat = fit.start()[coord];
    // ℓ̂ − ℓ_p(θ). The previous point's optimum and Hessian: the next point starts on the
    // tangent of the ridge, (ln b, ln s) moved by −H_νν⁻¹·H_νθ·Δθ (two or three Newton steps
    // fewer).
    let drop = |theta: f64, last: &mut Last| {
        let mut bx: BoxN<3> = full;
        bx.lo[coord] = theta;
        bx.hi[coord] = theta;
        if bb {
            bx.lo[2] = 0.0;
        }
        bx.max_iter = 60;
        bx.gain_tol = PROFILE_GAIN;
        let start = tangent_start(last, coord, theta, &bx);
        let (f, h) = fit_scaled_profile(data, fit.dist, &bx, start);
        *last = (f.start(), h);
        fit.log_likelihood - f.log_likelihood
    };
    // The signed root of the deviance, r(θ) = √(2·(ℓ̂ − ℓ_p(θ))), is nearly linear in θ (exactly
    // so for a normal likelihood): each side's end solves r = z, found by secant steps on
    // r − z, bracketed.
    let root = |theta: f64, last: &mut Last| (2.0 * drop(theta, last)).max(0.0).sqrt() - z;
    // Anderson and Björck's weight on the end kept twice in a row: 1 − f_new/f_old where
    // positive, else Illinois' ½.
    let weight = |new: f64, old: f64| {
        let m = 1.0 - new / old;
        if m > 0.0 {
            m
        } else {
            0.5
        }
    };
    let side = |dir: f64| -> Option<f64> {
        let mut memo: Last = (fit.start(), None);
        let edge = if dir > 0.0 {
            full.hi[coord]
        } else {
            full.lo[coord]
        };
        // Outwards from θ̂ (where r − z = −z) until r passes z: each step aims 10 % beyond
        // where the line through the last two points reaches z (at least 1.25 and at most 4
        // times as far out as the last point; twice where the line does not rise), and the
        // box's edge is tried before the step leaves the box (the end is None where r stays
        // below z there).
        let mut inner = (theta_hat, -z);
        let mut dist: f64 = 0.25;
        let outer = loop {
            let at_edge = (theta_hat + dir * dist - edge) * dir >= 0.0;
            let theta = if at_edge {
                edge
            } else {
                theta_hat + dir * dist
            };
            if (theta - inner.0) * dir <= 0.0 {
                return None;
            }
            let v = root(theta, &mut memo);
            if v > 0.0 {
                break (theta, v);
            }
            if at_edge {
                return None;
            }
            let slope = (v - inner.1) / ((theta - inner.0) * dir);
            let aim = if slope > 0.0 {
                dist + 1.1 * (-v) / slope
            } else {
                2.0 * dist
            };
            inner = (theta, v);
            dist = aim.clamp(1.25 * dist, 4.0 * dist);
        };
        // Regula falsi on r − z with Anderson and Björck's weight on the end kept twice in a
        // row (r is convex in ln s: plain halving, Illinois', crept), until the secant's
        // correction is below PROFILE_THETA.
        let (mut lo, mut hi) = (inner, outer);
        let mut kept = 0;
        for _ in 0..40 {
            let theta = lo.0 - lo.1 * (hi.0 - lo.0) / (hi.1 - lo.1);
            let v = root(theta, &mut memo);
            if v > 0.0 {
                if kept == -1 {
                    lo.1 *= weight(v, hi.1);
                }
                hi = (theta, v);
                kept = -1;
            } else {
                if kept == 1 {
                    hi.1 *= weight(v, lo.1);
                }
                lo = (theta, v);
                kept = 1;
            }
            let slope = (hi.1 - lo.1) / (hi.0 - lo.0);
            if (v / slope).abs() < PROFILE_THETA || (hi.0 - lo.0).abs() < PROFILE_THETA {
                return Some((theta - v / slope).libm_exp());
            }
        }
        Some((lo.0 - lo.1 * (hi.0 - lo.0) / (hi.1 - lo.1)).libm_exp())
    };
    let lo = side(-1.0);
    let hi = side(1.0);
    (lo, hi)
}

/// When an interval's end search stops: once the secant's correction to the root of
/// r(θ) = z is below this, in θ (ln of the parameter). The correction is applied, and r is
/// nearly linear there, so the end is left within about 10^-9 of the root (on Pythia, against
/// a search run to 10^-9 itself).
pub const PROFILE_THETA: f64 = 1e-5;

/// A profile point's optimum in (ln a, ln b, ln s) and the Hessian there, where known.
type Last = ([f64; 3], Option<[[f64; 3]; 3]>);

/// How close a profile point's fit comes to its optimum, in nats: the interval's ends solve
/// ℓ̂ − ℓ_p(θ) = z²/2 to 10^-3 in θ, where the profile's slope is about z, so 10^-10 nats moves
/// an end by about 10^-10.
pub const PROFILE_GAIN: f64 = 1e-10;

/// The start of the profile's fit at θ: the last optimum with coordinate `coord` at θ and the
/// free others moved along the ridge's tangent (where the last Hessian is known and negative
/// definite on them), clamped to the box.
fn tangent_start(last: &Last, coord: usize, theta: f64, bx: &BoxN<3>) -> [f64; 3] {
    let (x, h) = last;
    let mut start = *x;
    let dt = theta - x[coord];
    start[coord] = theta;
    let free: Vec<usize> = (0..3)
        .filter(|&i| i != coord && bx.lo[i] < bx.hi[i] && x[i] > bx.lo[i] && x[i] < bx.hi[i])
        .collect();
    if let Some(h) = h {
        // On the ridge ∂ℓ/∂ν = 0: −H_νν·Δν = H_νθ·Δθ, −H_νν positive definite (else the
        // plain start).
        let neg: Vec<f64> = free
            .iter()
            .flat_map(|&i| free.iter().map(move |&j| -h[i][j]))
            .collect();
        let rhs: Vec<f64> = free.iter().map(|&i| h[i][coord] * dt).collect();
        let step = cholesky_solve(&neg, free.len(), 0.0, &rhs);
        if let Some(step) = step.filter(|v| v.iter().all(|d| d.is_finite())) {
            for (&i, d) in free.iter().zip(step) {
                start[i] = (x[i] + d).clamp(bx.lo[i], bx.hi[i]);
            }
        }
    }
    start
}

/// The Wald interval of a: ln â ± z·√[(−H)⁻¹]₀₀, H the Hessian of ℓ in (ln a, ln b, ln s)
/// by central differences of the analytic gradient (the scale dropped when it sits at 1).
pub fn wald_a(data: &ScaledData, fit: &ScaledFit, level: f64) -> (Option<f64>, Option<f64>) {
    let z = two_sided_z(level);
    let x = fit.start();
    let dims = if fit.scale >= 1.0 { 2 } else { 3 };
    let grad = |x: [f64; 3]| {
        let p = [x[0].libm_exp(), x[1].libm_exp(), x[2].libm_exp()];
        let (_, g) = data.log_likelihood(fit.dist, p);
        [g[0] * p[0], g[1] * p[1], g[2] * p[2]]
    };
    let h = 1e-4;
    let mut m = [[0.0; 3]; 3];
    for i in 0..dims {
        let (mut up, mut dn) = (x, x);
        up[i] += h;
        dn[i] -= h;
        let (gu, gd) = (grad(up), grad(dn));
        for j in 0..dims {
            m[j][i] = -(gu[j] - gd[j]) / (2.0 * h);
        }
    }
    // [(−H)⁻¹]₀₀ = cofactor₀₀ / det.
    let var = if dims == 2 {
        let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        m[1][1] / det
    } else {
        let cof = m[1][1] * m[2][2] - m[1][2] * m[2][1];
        let det = m[0][0] * cof - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        cof / det
    };
    if !(var > 0.0 && var.is_finite()) {
        return (None, None);
    }
    let se = var.sqrt();
    let la = fit.a.libm_ln();
    (
        Some((la - z * se).libm_exp()),
        Some((la + z * se).libm_exp()),
    )
}

/// The interval of a fit's a: [`profile_a`], or [`wald_a`] where the profile finds neither
/// end inside the box.
pub fn interval_a(
    data: &ScaledData,
    fit: &ScaledFit,
    level: f64,
) -> (Option<f64>, Option<f64>, IntervalMethod) {
    match profile_a(data, fit, false, level) {
        (None, None) => {
            let (lo, hi) = wald_a(data, fit, level);
            (lo, hi, IntervalMethod::Wald)
        }
        (lo, hi) => (lo, hi, IntervalMethod::Profile),
    }
}
