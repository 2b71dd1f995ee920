//! The counts as the scaled fits read them, and their log marginal likelihood with its
//! gradient and Hessian: on the shared grid, each group the grid cannot resolve alone.

use super::distribution::Distribution;
use super::grid::Grid;
use super::kernel::Kernel;
use super::point::{with_point, GroupLn, Point};
use super::series::{scaled_beta_ln, scaled_beta_ln_hess};
use crate::data::groups::Groups;
use crate::estimators::likelihood::for_ln_choose;
use crate::num::tanh_sinh::{TanhSinh, LEVEL_REL};

/// The scaled Beta's groups with at most this many failures m = n − c are summed by their
/// exact series (m + 1 terms at most, each a few operations) rather than on the grid, whose
/// nodes cost a density evaluation each. Measured on the Pythia backtest, whose small
/// subsamples are nearly all such groups: 64 was the fastest of 16, 64, 128, 512 and 4096.
pub const SERIES_M: f64 = 64.0;

/// The counts as the fits read them: (c, m = n − c, weight) per group, Σ w·ln C(n, c), the
/// shared grid's level and the per-group quadrature rule (for the groups the grid cannot
/// resolve).
#[derive(Debug, Clone)]
pub struct ScaledData {
    groups: Vec<(u64, u64, f64)>,
    ln_choose_sum: f64,
    pub(super) n_max: u64,
    level: u32,
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
            level: Grid::level_for(g.n_max()),
            rule: TanhSinh::new(),
        }
    }

    /// The grid's level at (a, b, s): the series' own, finer where the density is narrower
    /// than the counts' binomial factor (a + b large: a concentrated prior).
    fn level_at(&self, p: [f64; 3]) -> u32 {
        self.level.max(Grid::level_for((p[0] + p[1]) as u64))
    }

    /// ln ∫ (sx)^c (1 − sx)^m f(x) dx of one task and its gradient in (a, b, s).
    pub fn task_ln(&self, dist: Distribution, p: [f64; 3], c: f64, m: f64) -> (f64, [f64; 3]) {
        let (r, _) = with_point(self.level_at(p), dist, p, |pt| {
            self.group(pt, dist, p, c, m, LEVEL_REL, 1)
        });
        (r.ln, r.grad)
    }

    /// ln ∫ (sx)^c (1 − sx)^m f(x) dx of each (c, m), at one point (its nodes computed once).
    pub fn tasks_ln(
        &self,
        dist: Distribution,
        p: [f64; 3],
        cm: impl Iterator<Item = (f64, f64)>,
    ) -> Vec<f64> {
        with_point(self.level_at(p), dist, p, |pt| {
            cm.map(|(c, m)| self.group(pt, dist, p, c, m, LEVEL_REL, 0).0.ln)
                .collect()
        })
    }

    /// One group on the shared grid, or alone where the grid cannot resolve its peak. The
    /// scaled Beta's exact series (with its own Hessian) takes its groups with few failures
    /// ([`SERIES_M`]) and those the grid cannot resolve; the Kumaraswamy's go to the
    /// per-group quadrature to `rel` (the flag says so), with its own Hessian for s < 1 and
    /// forward differences of the gradient at s = 1 (stepping inwards).
    #[allow(clippy::too_many_arguments)]
    fn group(
        &self,
        pt: &mut Point,
        dist: Distribution,
        p: [f64; 3],
        c: f64,
        m: f64,
        rel: f64,
        order: u8,
    ) -> (GroupLn, bool) {
        let whole = c.fract() == 0.0 && m.fract() == 0.0;
        let series = dist == Distribution::ScaledBeta && whole && m <= 2e5;
        // The series exactly, its Hessian only where asked (the predictions ask for values).
        let exact = || {
            let [a, b, s] = p;
            let (c, m) = (c as u64, m as u64);
            let (ln, grad, hess) = if order >= 2 {
                scaled_beta_ln_hess(a, b, s, c, m)
            } else {
                let (ln, grad) = scaled_beta_ln(a, b, s, c, m);
                (ln, grad, [[0.0; 3]; 3])
            };
            (GroupLn { ln, grad, hess }, false)
        };
        // At s = 1 the series' ∂²/∂s² is not known: there the grid, else differences.
        if series && p[2] < 1.0 && m <= SERIES_M {
            return exact();
        }
        if let Some(r) = pt.group(c, m, order) {
            return (r, false);
        }
        if series && (p[2] < 1.0 || order < 2) {
            return exact();
        }
        let kernel = |p: [f64; 3]| Kernel {
            dist,
            a: p[0],
            b: p[1],
            s: p[2],
            c,
            m,
        };
        if !series && order >= 2 && p[2] < 1.0 {
            // The per-group rule with its own Hessian (the same nodes average it).
            let (r, hess) = kernel(p).integrate_hess_to(&self.rule, rel);
            let (ln, grad) = (r.ln, r.grad);
            return (GroupLn { ln, grad, hess }, true);
        }
        // The rest alone: the value and gradient, and a Hessian by forward differences of the
        // gradient (at s = 1, stepping inwards).
        let alone = |p: [f64; 3]| -> (f64, [f64; 3]) {
            if series {
                scaled_beta_ln(p[0], p[1], p[2], c as u64, m as u64)
            } else {
                let r = kernel(p).integrate_to(&self.rule, rel);
                (r.ln, r.grad)
            }
        };
        let (ln, grad) = alone(p);
        let mut h = [[0.0; 3]; 3];
        if order >= 2 {
            for (j, row) in h.iter_mut().enumerate() {
                let mut q = p;
                // Inwards at s = 1.
                let step = if j == 2 && p[2] >= 1.0 { -1e-6 } else { 1e-6 } * p[j];
                q[j] += step;
                let (_, gq) = alone(q);
                for i in 0..3 {
                    row[i] = (gq[i] - grad[i]) / step;
                }
            }
        }
        (GroupLn { ln, grad, hess: h }, true)
    }

    /// The log marginal likelihood at (a, b, s) and its gradient in (a, b, s).
    ///
    /// # Formula
    /// ℓ = Σ_i [ln C(n_i, c_i) + ln ∫₀¹ (s x)^c_i (1 − s x)^(n_i − c_i) f(x; a, b) dx].
    pub fn log_likelihood(&self, dist: Distribution, p: [f64; 3]) -> (f64, [f64; 3]) {
        self.log_likelihood_to(dist, p, LEVEL_REL)
    }

    /// [`ScaledData::log_likelihood`], the groups the shared grid cannot resolve integrated
    /// alone to the level tolerance `rel` ([`SEARCH_REL`](crate::num::tanh_sinh::SEARCH_REL) while a fit searches).
    pub fn log_likelihood_to(&self, dist: Distribution, p: [f64; 3], rel: f64) -> (f64, [f64; 3]) {
        let s = self.sum(dist, p, rel, false);
        (s.value, s.grad)
    }

    /// [`ScaledData::log_likelihood_to`] with the Hessian in (a, b, s), and whether some
    /// group was integrated alone (to `rel`).
    pub fn log_likelihood_hess(&self, dist: Distribution, p: [f64; 3], rel: f64) -> Summed {
        self.sum(dist, p, rel, true)
    }

    fn sum(&self, dist: Distribution, p: [f64; 3], rel: f64, hess: bool) -> Summed {
        with_point(self.level_at(p), dist, p, |pt| {
            let mut v = self.ln_choose_sum;
            let mut g = [0.0; 3];
            let mut h = [[0.0; 3]; 3];
            let mut alone = false;
            for &(c, m, w) in &self.groups {
                let (r, apart) = self.group(pt, dist, p, c as f64, m as f64, rel, 1 + hess as u8);
                alone |= apart;
                v += w * r.ln;
                for ((gi, hi), (rg, rh)) in g.iter_mut().zip(&mut h).zip(r.grad.iter().zip(r.hess))
                {
                    *gi += w * rg;
                    for (hij, rhj) in hi.iter_mut().zip(rh) {
                        *hij += w * rhj;
                    }
                }
            }
            Summed {
                value: v,
                grad: g,
                hess: h,
                alone,
            }
        })
    }
}

/// The log-likelihood summed over the groups.
#[derive(Debug, Clone, Copy)]
pub struct Summed {
    /// ℓ.
    pub value: f64,
    /// ∇ℓ in (a, b, s).
    pub grad: [f64; 3],
    /// ∇²ℓ in (a, b, s).
    pub hess: [[f64; 3]; 3],
    /// Whether some group was integrated alone (to the tolerance asked, not the grid's).
    pub alone: bool,
}
