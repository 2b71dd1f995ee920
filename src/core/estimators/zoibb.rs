//! Zero/one-inflated Beta-Binomial: p ~ π0·δ0 + π1·δ1 + (1−π0−π1)·Beta(a, b).
//! Fitted by maximising the profile likelihood over (ln a, ln b), the mixture weights being
//! solved exactly (a concave problem) at every (a, b).

use crate::core::data::counts::Counts;
use crate::core::data::dataset::Groups;
use crate::core::estimators::beta_binomial::{
    bb_pass_at_k, bb_pass_hat_k, log_box, on_edge, BbFit, Search,
};
use crate::core::estimators::likelihood::{BbData, Pieces, D2};
use crate::core::num::gamma::ln_gamma_ratio;
use crate::core::num::math::Det;
use crate::core::num::optimize::{Objective, Problem, StopReason};
use crate::core::num::sum::Neumaier;
use serde::Serialize;

/// A fitted ZOIBB prior.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ZoibbFit {
    /// a of the Beta part.
    pub a: f64,
    /// b of the Beta part.
    pub b: f64,
    /// Weight of the atom at 0.
    pub pi0: f64,
    /// Weight of the atom at 1.
    pub pi1: f64,
    /// Maximised log marginal likelihood (never below BB's).
    pub log_likelihood: f64,
    /// a or b on the edge of the box (π0 = 0 is a legitimate value, not a bound).
    pub at_bound: bool,
    /// Whether the optimiser converged.
    pub converged: bool,
    /// Newton iterations over all starts.
    pub iterations: u32,
    /// Why the optimiser stopped.
    pub stop_reason: StopReason,
}

/// Relative margin by which ZOIBB must beat BB to be reported as its own solution.
pub const ZOIBB_MARGIN: f64 = 1e-9;

fn log_add(x: f64, y: f64) -> f64 {
    if x == f64::NEG_INFINITY {
        return y;
    }
    if y == f64::NEG_INFINITY {
        return x;
    }
    let m = x.max(y);
    m + (-(x - y).abs()).dexp().dln_1p()
}

/// One boundary group at fixed (a, b): its weight, ln P(c | n) under the Beta part with
/// derivatives in (a, b), and that probability itself.
struct Side {
    w: f64,
    d: D2,
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
                    p: d.v.dexp(),
                })
                .collect()
        };
        Weights {
            m: data.interior_weight,
            sides: [side(&data.zero, &p.zero), side(&data.full, &p.full)],
            last: None,
        }
    }

    /// ln(own + s·P), own + s·P (clamped above 0) and the Beta part's responsibility
    /// r = s·P/(own + s·P); in logs when P underflows.
    fn den(own: f64, s: f64, side: &Side) -> (f64, f64, f64) {
        if side.p > 1e-250 {
            let den = own + s * side.p;
            (den.dln(), den, s * side.p / den)
        } else {
            let lb = s.dln() + side.d.v;
            let l = log_add(own.dln(), lb);
            (l, l.dexp().max(1e-300), (lb - l).dexp())
        }
    }

    fn terms(&self, x: [f64; 2]) -> Option<(f64, [f64; 2], [[f64; 2]; 2])> {
        let (u, v) = (x[0], x[1]);
        let s = 1.0 - u - v;
        if u < 0.0 || v < 0.0 || s <= 0.0 {
            return None;
        }
        let m = self.m;
        let mut h = Neumaier::default();
        h.add(if m > 0.0 { m * s.dln() } else { 0.0 });
        let mut g = [-m / s, -m / s];
        let mut hs = [[-m / (s * s); 2]; 2];
        for (atom, side) in self.sides.iter().enumerate() {
            let own = if atom == 0 { u } else { v };
            for grp in side {
                let (lden, den, _) = Self::den(own, s, grp);
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
struct Profile {
    /// The optimal (π0, π1).
    pi: [f64; 2],
    /// ℓ with its gradient and Hessian in (a, b), π following its optimum.
    d: D2,
}

/// The profile at (a, b): the optimal (π0, π1), the log-likelihood, its gradient (envelope
/// theorem) and Hessian (implicit function theorem: H_θθ − H_θπ·H_ππ⁻¹·H_πθ over the free
/// weights) in (a, b).
fn profile(data: &BbData, a: f64, b: f64, warm: [f64; 2]) -> Profile {
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
    if !best.value.is_finite() || best.reason == StopReason::MaxIterations {
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

/// The profile likelihood in (ln a, ln b), warm-starting the weights from the last point.
struct ProfileObjective<'a> {
    data: &'a BbData,
    warm: [f64; 2],
    last: Option<([f64; 2], [[f64; 2]; 2])>,
}

impl Objective for ProfileObjective<'_> {
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]) {
        let (a, b) = (x[0].dexp(), x[1].dexp());
        let pr = profile(self.data, a, b, self.warm);
        self.warm = [pr.pi[0].max(1e-3), pr.pi[1].max(1e-3)];
        let d = pr.d;
        let g = [a * d.g[0], b * d.g[1]];
        let h = [
            [a * a * d.h[0] + g[0], a * b * d.h[1]],
            [a * b * d.h[1], b * b * d.h[2] + g[1]],
        ];
        self.last = Some((x, h));
        (d.v, g)
    }

    fn hessian(&mut self, x: [f64; 2]) -> [[f64; 2]; 2] {
        match self.last {
            Some((at, h)) if at == x => h,
            _ => {
                self.eval(x);
                self.last.map(|l| l.1).unwrap_or([[-1.0, 0.0], [0.0, -1.0]])
            }
        }
    }
}

/// Fits ZOIBB; returns BB's (a, b) with π0 = π1 = 0 when ZOIBB is not better by more than
/// [`ZOIBB_MARGIN`] relative.
///
/// # Formula
/// Per task: π0·[c=0] + π1·[c=n] + (1−π0−π1)·C(n,c)·B(a+c, b+n−c)/B(a, b).
pub fn fit_zoibb(g: &Groups, bb: &BbFit) -> ZoibbFit {
    fit_zoibb_data(&BbData::new(g), bb, &[], Search::GLOBAL_ZOIBB)
}

impl Search {
    /// ZOIBB's global search: a 5×5 grid and its 2 best cells, besides BB's optimum.
    pub const GLOBAL_ZOIBB: Search = Search { grid: 5, runs: 2 };
}

/// [`fit_zoibb`] on prepared statistics; starts from BB's optimum and `starts` (in ln a,
/// ln b).
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
    let mut f = ProfileObjective {
        data,
        warm: [0.05, 0.05],
        last: None,
    };
    let mut all = vec![[bb.a.dln(), bb.b.dln()]];
    all.extend_from_slice(starts);
    let o = log_box().maximize(&mut f, &all, search.grid, search.runs);
    let (a, b) = (o.x[0].dexp(), o.x[1].dexp());
    let pr = profile(data, a, b, f.warm);
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

impl ZoibbFit {
    /// The posterior weights (atom, Beta part) of a task: (0, 1) for interior tasks; at c = 0
    /// or c = n, (π/(π + r), r/(π + r)) with r = (1 − π0 − π1)·P(c | n) under the Beta part.
    /// Both are formed in logs, so neither loses digits to `1 − w`.
    pub fn weights(&self, t: Counts) -> (f64, f64) {
        let s = 1.0 - self.pi0 - self.pi1;
        let (atom, lp) = if t.c() == 0 {
            (self.pi0, ln_gamma_ratio(self.b, self.a, t.n() as f64))
        } else if t.c() == t.n() {
            (self.pi1, ln_gamma_ratio(self.a, self.b, t.n() as f64))
        } else {
            return (0.0, 1.0);
        };
        if atom == 0.0 {
            return (0.0, 1.0);
        }
        let (la, lr) = (atom.dln(), s.dln() + lp);
        let total = log_add(la, lr);
        ((la - total).dexp(), (lr - total).dexp())
    }

    /// Mixes the Beta part's value with the atom's: the atom at 1 adds its weight, the atom
    /// at 0 adds nothing.
    fn mix(&self, t: Counts, beta: f64) -> f64 {
        let (w_atom, w_beta) = self.weights(t);
        let at_one = t.c() == t.n();
        if at_one {
            w_atom + w_beta * beta
        } else {
            w_beta * beta
        }
    }

    /// Posterior-predictive pass@k of one task (spec §5).
    ///
    /// # Formula
    /// Interior tasks as BB with ZOIBB's (a, b); c = 0: w_B·(1 − B(a, b+n+k)/B(a, b+n));
    /// c = n: w_1 + w_B·(1 − B(a+n, b+k)/B(a+n, b)).
    pub fn task_pass_at_k(&self, t: Counts, k: f64) -> f64 {
        self.mix(t, bb_pass_at_k(self.a, self.b, t, k))
    }

    /// Posterior-predictive pass^k of one task.
    ///
    /// # Formula
    /// Interior tasks as BB; c = 0: w_B·B(a+k, b+n)/B(a, b+n); c = n: w_1 + w_B·B(a+n+k, b)/B(a+n, b).
    pub fn task_pass_hat_k(&self, t: Counts, k: f64) -> f64 {
        self.mix(t, bb_pass_hat_k(self.a, self.b, t, k))
    }

    /// Mean pass@k over a dataset.
    pub fn pass_at_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| self.task_pass_at_k(t, k))
    }

    /// Mean pass^k over a dataset.
    pub fn pass_hat_k(&self, g: &Groups, k: f64) -> f64 {
        g.mean(|t| self.task_pass_hat_k(t, k))
    }

    /// Whether the Beta part collapsed to a point mass (a + b at the upper edge).
    pub fn collapsed(&self) -> bool {
        (self.pi0 > 0.0 || self.pi1 > 0.0)
            && (self.a >= 1e6 * (1.0 - 1e-9) || self.b >= 1e6 * (1.0 - 1e-9))
    }
}

/// The ZOIBB log marginal likelihood of a dataset (with ln C(n, c)) under given parameters.
///
/// # Formula
/// Σ_interior w·[ln s + ln P(c | n)] + Σ_{c=0} w·ln(π0 + s·P(0 | n)) + Σ_{c=n} w·ln(π1 + s·P(n | n)),
/// s = 1 − π0 − π1, P the Beta-Binomial probability under (a, b).
pub fn zoibb_loglik(data: &BbData, z: &ZoibbFit) -> f64 {
    let p = data.pieces(z.a, z.b);
    let w = Weights::new(data, &p);
    let s = 1.0 - z.pi0 - z.pi1;
    let mut ll = Neumaier::default();
    ll.add(data.ln_choose_sum());
    ll.add(p.interior.v);
    if data.interior_weight > 0.0 {
        ll.add(data.interior_weight * s.dln());
    }
    for (side, own) in w.sides.iter().zip([z.pi0, z.pi1]) {
        for grp in side {
            ll.add(grp.w * Weights::den(own, s, grp).0);
        }
    }
    ll.total()
}
