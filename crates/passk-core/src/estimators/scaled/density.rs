//! A scaled distribution's density at a parameter point (a, b, s): its constants once, then its
//! part of the integrand ∫₀¹ (sx)^c (1 − sx)^m f(x) dx at any x — ln f, its derivatives in
//! (a, b), ln(sx), ln(1 − sx) — for the shared grid's nodes and the per-group rule alike.

use super::distribution::Distribution;
use crate::num::beta::ln_beta;
use crate::num::gamma::{digamma, trigamma};
use crate::num::libm_math::LibmMath;
use crate::num::tanh_sinh::LogValue;

/// The density's part of a node at a parameter point.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Vals {
    /// ln f(x) plus the node's ln weight.
    pub(crate) f: f64,
    /// ∂ln f/∂a.
    pub(crate) fa: f64,
    /// ∂ln f/∂b.
    pub(crate) fb: f64,
    /// ∂²ln f/∂a².
    pub(crate) faa: f64,
    /// ∂²ln f/∂a∂b.
    pub(crate) fab: f64,
    /// ∂²ln f/∂b².
    pub(crate) fbb: f64,
    /// ln(sx).
    pub(crate) lsx: f64,
    /// ln(1 − sx).
    pub(crate) l1: f64,
    /// x/(1 − sx).
    pub(crate) q: f64,
}

/// A distribution's density at (a, b, s), its constants computed once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Density {
    dist: Distribution,
    p: [f64; 3],
    ln_s: f64,
    /// The scaled Beta: ln B(a, b), ψ(a) − ψ(a + b), ψ(b) − ψ(a + b), and the constant
    /// second derivatives; the Kumaraswamy: ln a + ln b.
    consts: [f64; 6],
}

/// ln x and ln(1 − x), each from whichever of x and 1 − x is exact (the smaller).
pub(crate) fn ln_both(x: f64, xc: f64) -> (f64, f64) {
    (
        if x > 0.5 {
            (-xc).libm_ln_1p()
        } else {
            x.libm_ln()
        },
        if x < 0.5 {
            (-x).libm_ln_1p()
        } else {
            xc.libm_ln()
        },
    )
}

impl Default for Density {
    /// Beta(1, 1) at s = 1 (an unused memo's).
    fn default() -> Density {
        Density::new(Distribution::ScaledBeta, [1.0, 1.0, 1.0])
    }
}

impl Density {
    /// The density of `dist` at (a, b, s) = `p`.
    pub(crate) fn new(dist: Distribution, p: [f64; 3]) -> Density {
        let [a, b, s] = p;
        let consts = match dist {
            Distribution::ScaledBeta => {
                let (dab, tab) = (digamma(a + b), trigamma(a + b));
                [
                    ln_beta(a, b),
                    digamma(a) - dab,
                    digamma(b) - dab,
                    tab - trigamma(a),
                    tab,
                    tab - trigamma(b),
                ]
            }
            Distribution::Kumaraswamy => [a.libm_ln() + b.libm_ln(), 0.0, 0.0, 0.0, 0.0, 0.0],
        };
        Density {
            dist,
            p,
            ln_s: s.libm_ln(),
            consts,
        }
    }

    /// The density's part at x (1 − x, ln x and ln(1 − x) given exactly), with weight ln_w.
    pub(crate) fn at(&self, x: f64, xc: f64, ln_x: f64, ln_xc: f64, ln_w: f64) -> Vals {
        let [a, b, s] = self.p;
        let (one_m, l1) = if x <= 0.5 {
            (1.0 - s * x, (-s * x).libm_ln_1p())
        } else {
            let v = (1.0 - s) + s * xc;
            (v, v.libm_ln())
        };
        let k = &self.consts;
        let (f, fa, fb, faa, fab, fbb) = match self.dist {
            Distribution::ScaledBeta => (
                (a - 1.0) * ln_x + (b - 1.0) * ln_xc - k[0],
                ln_x - k[1],
                ln_xc - k[2],
                k[3],
                k[4],
                k[5],
            ),
            Distribution::Kumaraswamy => {
                // 1 − x^a = −expm1(a·ln x), exact near both ends.
                let om = -(a * ln_x).libm_exp_m1();
                let xa = 1.0 - om;
                let l1a = om.libm_ln();
                let r = xa * ln_x / om;
                (
                    k[0] + (a - 1.0) * ln_x + (b - 1.0) * l1a,
                    1.0 / a + ln_x - (b - 1.0) * r,
                    1.0 / b + l1a,
                    -1.0 / (a * a) - (b - 1.0) * r * ln_x / om,
                    -r,
                    -1.0 / (b * b),
                )
            }
        };
        Vals {
            f: f + ln_w,
            fa,
            fb,
            faa,
            fab,
            fbb,
            lsx: self.ln_s + ln_x,
            l1,
            q: x / one_m,
        }
    }

    /// ln of the integrand (sx)^c (1 − sx)^m f(x) and its gradient in (a, b, s), at x given
    /// with 1 − x (both exact).
    pub(crate) fn log_g(&self, c: f64, m: f64, x: f64, xc: f64) -> LogValue<3> {
        let (ln_x, ln_xc) = ln_both(x, xc);
        let v = self.at(x, xc, ln_x, ln_xc, 0.0);
        (c * v.lsx + m * v.l1 + v.f, self.grad(&v, c, m))
    }

    /// [`Density::log_g`] with what the Hessian of ln ∫ g needs, for a quadrature that
    /// averages the vector under g: ∇ln g, then ∇²ln g + d·dᵀ (upper triangle, row by row)
    /// with d = ∇ln g − `g0` (a gradient near the peak: the covariance then cancels little).
    pub(crate) fn log_g_hess(&self, c: f64, m: f64, x: f64, xc: f64, g0: [f64; 3]) -> LogValue<9> {
        let (ln_x, ln_xc) = ln_both(x, xc);
        let v = self.at(x, xc, ln_x, ln_xc, 0.0);
        let s = self.p[2];
        let g = self.grad(&v, c, m);
        let d = [g[0] - g0[0], g[1] - g0[1], g[2] - g0[2]];
        // ∂²ln g/∂s² = −c/s² − m·q²; nothing across (a, b) and s.
        let ss = -c / (s * s) - if m == 0.0 { 0.0 } else { m * v.q * v.q };
        (
            c * v.lsx + m * v.l1 + v.f,
            [
                g[0],
                g[1],
                g[2],
                v.faa + d[0] * d[0],
                v.fab + d[0] * d[1],
                d[0] * d[2],
                v.fbb + d[1] * d[1],
                d[1] * d[2],
                ss + d[2] * d[2],
            ],
        )
    }

    /// ∇ln g in (a, b, s) from a node's values.
    fn grad(&self, v: &Vals, c: f64, m: f64) -> [f64; 3] {
        let s = self.p[2];
        [v.fa, v.fb, c / s - if m == 0.0 { 0.0 } else { m * v.q }]
    }
}
