//! The profile likelihood of ZOIBB at fixed (a, b): the mixture weights (π0, π1) solved
//! exactly (a concave problem), warm-started from the last point.

use crate::estimators::likelihood::{BbData, Pieces, D2};
use crate::num::libm_math::LibmMath;
use crate::num::optimize::{Objective, Problem};
use crate::num::sum::Neumaier;
use crate::num::termination::TerminationReason;

/// ln(e^x + e^y) without overflow.
pub(super) fn log_add(x: f64, y: f64) -> f64 {
    if x == f64::NEG_INFINITY {
        return y;
    }
    if y == f64::NEG_INFINITY {
        return x;
    }
    let m = x.max(y);
    m + (-(x - y).abs()).libm_exp().libm_ln_1p()
}

/// One boundary group at fixed (a, b): its weight, ln P(c | n) under the Beta part with
/// derivatives in (a, b), and that probability itself.
struct Side {
    w: f64,
    pub(super) d: D2,
    p: f64,
}

/// The mixture-weight problem at fixed (a, b): maximise over (π0, π1)
/// M·ln s + Σ_Z w·ln(π0 + s·A_g) + Σ_O w·ln(π1 + s·B_g), s = 1 − π0 − π1 (concave).
struct Weights {
    /// Total weight of the interior tasks.
    m: f64,
    /// The c = 0 groups and the c = n groups.
    sides: [Vec<Side>; 2],
    /// The Hessian of the last evaluation.
    last: Option<([f64; 2], [[f64; 2]; 2])>,
}

impl Weights {
    fn new(data: &BbData, p: &Pieces) -> Weights {
        let side = |groups: &[(u64, f64)], pieces: &[D2]| -> Vec<Side> {
            groups
                .iter()
                .zip(pieces)
                .map(|(&(_, w), d)| Side {
                    w,
                    d: *d,
                    p: d.v.libm_exp(),
                })
                .collect()
        };
        Weights {
            m: data.interior_weight,
            sides: [side(&data.zero, &p.zero), side(&data.full, &p.full)],
            last: None,
        }
    }

    /// ln(own + s·P) and own + s·P (clamped above 0); in logs when P underflows.
    /// `logs` = (ln own, ln s), taken once for all the groups of a side.
    fn log_den(own: f64, s: f64, logs: (f64, f64), side: &Side) -> (f64, f64) {
        if side.p > 1e-250 {
            let den = own + s * side.p;
            return (den.libm_ln(), den);
        }
        let (ln_own, ln_s) = logs;
        let lb = ln_s + side.d.v;
        // s·P/own < e^-40: ln(own + s·P) − ln own < 5e-18, below what a double resolves
        // next to the other terms of the sum; no exponential or logarithm needed.
        if lb < ln_own - 40.0 {
            return (ln_own, own);
        }
        let l = log_add(ln_own, lb);
        (l, l.libm_exp().max(1e-300))
    }

    /// [`log_den`](Self::log_den) and the Beta part's responsibility r = s·P/(own + s·P).
    fn den(own: f64, s: f64, side: &Side) -> (f64, f64, f64) {
        let logs = (own.libm_ln(), s.libm_ln());
        let (l, den) = Self::log_den(own, s, logs, side);
        let r = if side.p > 1e-250 {
            s * side.p / den
        } else {
            (logs.1 + side.d.v - l).libm_exp()
        };
        (l, den, r)
    }

    fn terms(&self, x: [f64; 2]) -> Option<(f64, [f64; 2], [[f64; 2]; 2])> {
        let (u, v) = (x[0], x[1]);
        let s = 1.0 - u - v;
        if u < 0.0 || v < 0.0 || s <= 0.0 {
            return None;
        }
        let m = self.m;
        let mut h = Neumaier::default();
        h.add(if m > 0.0 { m * s.libm_ln() } else { 0.0 });
        let mut g = [-m / s, -m / s];
        let mut hs = [[-m / (s * s); 2]; 2];
        let ln_s = s.libm_ln();
        for (atom, side) in self.sides.iter().enumerate() {
            let own = if atom == 0 { u } else { v };
            let logs = (own.libm_ln(), ln_s);
            for grp in side {
                let (lden, den) = Self::log_den(own, s, logs, grp);
                if !lden.is_finite() {
                    return None;
                }
                h.add(grp.w * lden);
                // ∂/∂own = (1 − P)/den, ∂/∂other = −P/den.
                let (d_own, d_other) =
                    (((1.0 - grp.p) / den).min(1e150), (-grp.p / den).max(-1e150));
                let (i, j) = (atom, 1 - atom);
                let w = grp.w;
                g[i] += w * d_own;
                g[j] += w * d_other;
                hs[i][i] -= w * d_own * d_own;
                hs[j][j] -= w * d_other * d_other;
                hs[i][j] -= w * d_own * d_other;
                hs[j][i] -= w * d_own * d_other;
            }
        }
        Some((h.total(), g, hs))
    }
}

impl Objective for Weights {
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]) {
        match self.terms(x) {
            Some((h, g, hs)) => {
                self.last = Some((x, hs));
                (h, g)
            }
            None => (f64::NEG_INFINITY, [0.0; 2]),
        }
    }

    fn hessian(&mut self, x: [f64; 2]) -> [[f64; 2]; 2] {
        match self.last {
            Some((at, hs)) if at == x => hs,
            _ => self
                .terms(x)
                .map(|t| t.2)
                .unwrap_or([[-1.0, 0.0], [0.0, -1.0]]),
        }
    }
}

/// The profile likelihood at one (a, b).
pub(super) struct Profile {
    /// The optimal (π0, π1).
    pub(super) pi: [f64; 2],
    /// ℓ with its gradient and Hessian in (a, b), π following its optimum.
    pub(super) d: D2,
}

/// The profile at (a, b): the optimal (π0, π1), the log-likelihood, its gradient (envelope
/// theorem) and Hessian (implicit function theorem: H_θθ − H_θπ·H_ππ⁻¹·H_πθ over the free
/// weights) in (a, b).
pub(super) fn profile(data: &BbData, a: f64, b: f64, warm: [f64; 2]) -> Profile {
    let p = data.pieces(a, b);
    let hi = [
        if data.zero.is_empty() { 0.0 } else { 1.0 },
        if data.full.is_empty() { 0.0 } else { 1.0 },
    ];
    let inner = Problem {
        lo: [0.0, 0.0],
        hi,
        max_iter: 100,
    };
    let mut w = Weights::new(data, &p);
    let start = [warm[0].min(hi[0] * 0.5), warm[1].min(hi[1] * 0.5)];
    let mut best = inner.newton(&mut w, start);
    if !best.value.is_finite() || best.reason == TerminationReason::MaxIterations {
        let alt = inner.newton(&mut w, [hi[0] * 0.25, hi[1] * 0.25]);
        if alt.value > best.value || !best.value.is_finite() {
            best = alt;
        }
    }
    let [u, v] = best.x;
    let s = 1.0 - u - v;
    let mut ll = Neumaier::default();
    ll.add(data.ln_choose_sum());
    ll.add(p.interior.v);
    ll.add(best.value);
    let mut d = p.interior;
    // ∂²ℓ/∂θ∂π_j, θ = (a, b).
    let mut cross = [[0.0; 2]; 2];
    for (atom, side) in w.sides.iter().enumerate() {
        let own = if atom == 0 { u } else { v };
        for grp in side {
            let (_, den, r) = Weights::den(own, s, grp);
            let (dg, dh) = (grp.d.g, grp.d.h);
            d.g[0] += grp.w * r * dg[0];
            d.g[1] += grp.w * r * dg[1];
            let q = r * (1.0 - r);
            d.h[0] += grp.w * (r * dh[0] + q * dg[0] * dg[0]);
            d.h[1] += grp.w * (r * dh[1] + q * dg[0] * dg[1]);
            d.h[2] += grp.w * (r * dh[2] + q * dg[1] * dg[1]);
            // ∂r/∂own = −P·(own + s)/den², ∂r/∂other = −P·own/den².
            let pd = (grp.p / (den * den)).min(1e300);
            let dr = [-pd * (own + s), -pd * own];
            let (i, j) = (atom, 1 - atom);
            for (t, dgt) in dg.iter().enumerate() {
                cross[t][i] += grp.w * dr[0] * dgt;
                cross[t][j] += grp.w * dr[1] * dgt;
            }
        }
    }
    // Weights off their bounds move with θ.
    let free: Vec<usize> = (0..2).filter(|&i| best.x[i] > 1e-12).collect();
    let hpp = w.hessian(best.x);
    let correction = match free.as_slice() {
        [i] if hpp[*i][*i] < 0.0 => {
            let i = *i;
            let c = [cross[0][i], cross[1][i]];
            [
                c[0] * c[0] / hpp[i][i],
                c[0] * c[1] / hpp[i][i],
                c[1] * c[1] / hpp[i][i],
            ]
        }
        [_, _] => {
            let det = hpp[0][0] * hpp[1][1] - hpp[0][1] * hpp[1][0];
            if det > 0.0 && hpp[0][0] < 0.0 {
                let inv = [
                    [hpp[1][1] / det, -hpp[0][1] / det],
                    [-hpp[1][0] / det, hpp[0][0] / det],
                ];
                let quad = |x: usize, y: usize| {
                    let mut acc = 0.0;
                    for i in 0..2 {
                        for j in 0..2 {
                            acc += cross[x][i] * inv[i][j] * cross[y][j];
                        }
                    }
                    acc
                };
                [quad(0, 0), quad(0, 1), quad(1, 1)]
            } else {
                [0.0; 3]
            }
        }
        _ => [0.0; 3],
    };
    for (h, c) in d.h.iter_mut().zip(correction) {
        *h -= c;
    }
    d.v = ll.total();
    Profile { pi: best.x, d }
}

/// The ZOIBB log marginal likelihood at (a, b, π0, π1) (`zoibb_loglik`'s).
///
/// # Formula
/// Σ_interior w·[ln s + ln P(c | n)] + Σ_{c=0} w·ln(π0 + s·P(0 | n)) + Σ_{c=n} w·ln(π1 + s·P(n | n)),
/// s = 1 − π0 − π1, P the Beta-Binomial probability under (a, b).
pub(super) fn loglik(data: &BbData, z: [f64; 4]) -> f64 {
    let [a, b, pi0, pi1] = z;
    let p = data.pieces(a, b);
    let w = Weights::new(data, &p);
    let s = 1.0 - pi0 - pi1;
    let mut ll = Neumaier::default();
    ll.add(data.ln_choose_sum());
    ll.add(p.interior.v);
    if data.interior_weight > 0.0 {
        ll.add(data.interior_weight * s.libm_ln());
    }
    for (side, own) in w.sides.iter().zip([pi0, pi1]) {
        for grp in side {
            ll.add(grp.w * Weights::den(own, s, grp).0);
        }
    }
    ll.total()
}
