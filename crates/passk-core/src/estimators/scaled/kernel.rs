//! The integrand ∫₀¹ (sx)^c (1 − sx)^m f(x) dx of both scaled families, for tanh-sinh
//! quadrature: its peak and its end exponents (its logarithm and gradient at a node are the
//! `Density`'s, as on the shared grid).

use super::density::Density;
use super::distribution::Distribution;
use super::moments::hessian;
use crate::num::libm_math::LibmMath;
use crate::num::tanh_sinh::{Ends, LogIntegral, TanhSinh, LEVEL_REL};

/// One integrand: a distribution's density with (a, b), the scale s, and the exponents c and m
/// (whole or not: pass^k raises c by k, pass@k raises m by k).
#[derive(Debug, Clone, Copy)]
pub struct Kernel {
    /// The density's distribution.
    pub dist: Distribution,
    /// Shape a.
    pub a: f64,
    /// Shape b.
    pub b: f64,
    /// Scale s ∈ (0, 1].
    pub s: f64,
    /// Exponent of sx.
    pub c: f64,
    /// Exponent of 1 − sx.
    pub m: f64,
}

impl Kernel {
    /// d ln g/dx at x = 1/(1 + e^-u), for locating the peak (x and 1 − x both exact).
    fn slope(&self, u: f64) -> f64 {
        let (a, b, s) = (self.a, self.b, self.s);
        let (x, xc) = (1.0 / (1.0 + (-u).libm_exp()), 1.0 / (1.0 + u.libm_exp()));
        let mut d = (self.c + a - 1.0) / x - self.m * s / ((1.0 - s) + s * xc);
        d -= match self.dist {
            Distribution::ScaledBeta => (b - 1.0) / xc,
            Distribution::Kumaraswamy => {
                // ln x = −ln(1 + e^-u); x^a and 1 − x^a from it.
                let ln_x = -(-u).libm_exp().libm_ln_1p();
                let xa = (a * ln_x).libm_exp();
                (b - 1.0) * a * xa / (x * -(a * ln_x).libm_exp_m1())
            }
        };
        d
    }

    /// Where ln g peaks inside (0, 1), None at an end: from the mode of the Beta(c + a,
    /// m + b) the likelihood and the tail suggest, the slope's sign change is bracketed by
    /// doubling steps in logit x and bisected. (With b < 1 ln g also rises at 1, and with
    /// c + a < 1 at 0: the peak between is the one that carries the mass.)
    fn peak(&self) -> Option<f64> {
        const U_MAX: f64 = 40.0;
        let (a, b, s) = (self.a, self.b, self.s);
        let guess =
            ((self.c + a - 1.0) / (s * (self.c + self.m + a + b - 2.0))).clamp(1e-17, 1.0 - 1e-17);
        let u0 = (guess / (1.0 - guess)).libm_ln();
        let up = self.slope(u0) > 0.0;
        let (mut inner, mut step) = (u0, if up { 0.5 } else { -0.5 });
        let outer = loop {
            let next = inner + step;
            if next.abs() > U_MAX {
                return None;
            }
            if (self.slope(next) > 0.0) != up {
                break next;
            }
            inner = next;
            step *= 2.0;
        };
        let (mut lo, mut hi) = if up { (inner, outer) } else { (outer, inner) };
        for _ in 0..60 {
            if hi - lo < 1e-12 {
                break;
            }
            let mid = 0.5 * (lo + hi);
            if self.slope(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(1.0 / (1.0 + (-0.5 * (lo + hi)).libm_exp()))
    }

    /// ln ∫₀¹ g and its gradient in (a, b, s), by tanh-sinh split at the peak.
    pub fn integrate(&self, rule: &TanhSinh) -> LogIntegral<3> {
        self.integrate_to(rule, LEVEL_REL)
    }

    /// [`Kernel::integrate_to`] with the Hessian of ln ∫ g in (a, b, s), for s < 1 (at s = 1
    /// the integral of ∂²/∂s² may diverge at x = 1).
    ///
    /// # Formula
    /// ∇²ln ∫ g = E(∇²ln g) + E(d·dᵀ) − E(d)·E(d)ᵀ under g, d = ∇ln g − ∇ln g(peak): the
    /// same quadrature averages ∇ln g and ∇²ln g + d·dᵀ (the latter quadratic in ln x near
    /// the ends: `TanhSinh::integrate_curved_to`).
    pub fn integrate_hess_to(&self, rule: &TanhSinh, rel: f64) -> (LogIntegral<3>, [[f64; 3]; 3]) {
        let density = Density::new(self.dist, [self.a, self.b, self.s]);
        let peak = self.peak();
        let x0 = peak.unwrap_or(0.5);
        let g0 = density.log_g(self.c, self.m, x0, 1.0 - x0).1;
        let splits: Vec<f64> = peak.into_iter().collect();
        // The gradient's products are quadratic in ln x near the ends.
        let r = rule.integrate_curved_to(rel, &splits, self.ends(), 3, |x, xc| {
            density.log_g_hess(self.c, self.m, x, xc, g0)
        });
        let grad = [r.grad[0], r.grad[1], r.grad[2]];
        let e = [grad[0] - g0[0], grad[1] - g0[1], grad[2] - g0[2]];
        // ∇²ln g is inside the averaged products: no base of its own.
        let h = hessian([[0.0; 3]; 3], &r.grad[3..], 1.0, e);
        (
            LogIntegral {
                ln: r.ln,
                grad,
                level: r.level,
            },
            h,
        )
    }

    /// The integrand's end exponents.
    fn ends(&self) -> Ends {
        Ends {
            e0: self.c + self.a,
            e1: self.b + if self.s >= 1.0 { self.m } else { 0.0 },
        }
    }

    /// [`Kernel::integrate`] with the rule's level tolerance `rel`.
    pub fn integrate_to(&self, rule: &TanhSinh, rel: f64) -> LogIntegral<3> {
        let (a, b) = (self.a, self.b);
        let density = Density::new(self.dist, [a, b, self.s]);
        let splits: Vec<f64> = self.peak().into_iter().collect();
        rule.integrate_to(rel, &splits, self.ends(), |x, xc| {
            density.log_g(self.c, self.m, x, xc)
        })
    }
}
