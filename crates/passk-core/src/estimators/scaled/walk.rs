//! One group's integral on the grid: the walk of a [`Point`]'s nodes around the group's peak.
//!
//! A group walks the grid at the stride its peak's width allows, outwards from the peak until
//! the terms fall below 2^-64 of the sum (or to the end, where the integrand may be singular:
//! then the mass beyond the last node is added as the per-group rule adds it), and checks
//! itself against every other node: the trapezoid's error roughly squares when the step
//! halves, so two strides that agree to [`LEVEL_REL`] leave an error near 10^-14. Where they
//! disagree, the walk at half the stride keeps the nodes it has (every other one of the finer
//! lattice) and adds those between them: on the Pythia backtest a third of the nodes were
//! walked again before. A group whose peak the finest stride cannot resolve gives None (the
//! caller integrates it alone).

use super::density::Vals;
use super::moments::{add_outer, hessian};
use super::point::{GroupLn, Point};
use crate::num::fast_exp;
use crate::num::libm_math::LibmMath;
use crate::num::prec::TAIL_NEGLIGIBLE;
use crate::num::tanh_sinh::{end_mass, LEVEL_REL};

impl Point<'_> {
    /// ln ∫₀¹ (sx)^c (1 − sx)^m f(x) dx with its derivatives in (a, b, s) up to `order` (0:
    /// the value alone, 1: the gradient, 2: the Hessian too; the others are left zero); None
    /// where the finest stride cannot resolve the peak.
    pub fn group(&mut self, c: f64, m: f64, order: u8) -> Option<GroupLn> {
        let (grad, hess) = (order >= 1, order >= 2);
        let [a, b, s] = self.p;
        let guess = (c + a - 1.0) / (s * (c + m + a + b - 2.0));
        let guess = if guess.is_finite() { guess } else { 0.5 };
        let x0 = guess.clamp(1e-17, 1.0 - 1e-17);
        // The peak's width in t: a binomial's in p = s·x, through dx/dt = π·cosh t·x(1 − x).
        let p0 = s * x0;
        let logit = x0.libm_ln() - (-x0).libm_ln_1p();
        let cosh_t = (1.0 + (logit / core::f64::consts::PI).pow_int(2)).sqrt();
        let sigma = (p0 * (1.0 - p0) / (c + m + a + b).max(1.0)).sqrt()
            / (s * core::f64::consts::PI * cosh_t * x0 * (1.0 - x0));
        let h = self.grid.h;
        let max_stride = 1usize << (self.grid.level - 3);
        let stride_for = |sigma: f64| {
            let mut stride = 1usize;
            while stride < max_stride && (2 * stride) as f64 * h <= 0.5 * sigma {
                stride *= 2;
            }
            stride
        };
        // A peak at an end (the guess outside (0, 1)) is wide in t: the coarsest stride.
        let stride = if guess == x0 && sigma.is_finite() {
            stride_for(sigma)
        } else {
            max_stride
        };
        // The peak at that stride, then the stride its curvature there asks for (the guess
        // knows the binomial factor's width, not the density's).
        let half = self.grid.half as isize;
        let kp = self.peak(c, m, stride, self.grid.index_of(x0));
        let ip = (half + kp * stride as isize) as usize;
        let mut stride = if kp.abs() < half / stride as isize {
            let l = |pt: &mut Self, i: usize| pt.ln_at(i, c, m);
            let (l0, lm, lp) = (l(self, ip), l(self, ip - stride), l(self, ip + stride));
            let kappa = (2.0 * l0 - lm - lp) / (stride as f64 * h).pow_int(2);
            if kappa > 0.0 {
                stride_for(1.0 / kappa.sqrt())
            } else {
                stride
            }
        } else {
            stride
        };
        // Each finer stride keeps the coarser one's nodes and adds those between them.
        let mut last = None;
        loop {
            let walked = match last.take() {
                None => self.first_walk(c, m, stride, ip, (grad, hess))?,
                Some(w) => self.refine(c, m, w),
            };
            if let Some(r) = self.finish(c, m, &walked) {
                return Some(r);
            }
            if stride == 1 {
                return None;
            }
            stride /= 2;
            last = Some(walked);
        }
    }

    /// The peak on the lattice of `stride` (in lattice steps k from t = 0), from `start`.
    fn peak(&mut self, c: f64, m: f64, stride: usize, start: usize) -> isize {
        let half = self.grid.half as isize;
        let kmax = half / stride as isize;
        let at = |k: isize| (half + k * stride as isize) as usize;
        let f = |pt: &mut Self, k: isize| pt.ln_at(at(k), c, m);
        let k0 = ((start as isize - half) as f64 / stride as f64).round() as isize;
        let mut k = k0.clamp(-kmax, kmax);
        let mut v = f(self, k);
        let dir = if k < kmax && f(self, k + 1) > v {
            1
        } else if k > -kmax && f(self, k - 1) > v {
            -1
        } else {
            return k;
        };
        // Gallop uphill, then bisect the slope's sign change.
        let (mut prev, mut step) = (k, 1isize);
        let (mut lo, mut hi) = loop {
            let next = (k + dir * step).clamp(-kmax, kmax);
            if next == k {
                return k;
            }
            let vn = f(self, next);
            if vn > v {
                (prev, k, v) = (k, next, vn);
                step *= 2;
            } else {
                break (prev.min(next), prev.max(next));
            }
        };
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if f(self, mid) < f(self, mid + 1) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The nodes one stride adds to a walk: `e` = the integrand at node index `k` (in units of
    /// the walk's stride, from t = 0) over e^lp, with its half weight at the grid's ends, added
    /// to the running sums (its gradient and Hessian parts where asked).
    fn add(&mut self, w: &mut Walked, c: f64, m: f64, k: isize) -> f64 {
        let v = self.vals((self.grid.half as isize + k * w.stride as isize) as usize);
        let mut e = fast_exp::exp(c * v.lsx + m * v.l1 + v.f - w.lp);
        if k.abs() == w.kmax {
            e *= 0.5;
        }
        let acc = &mut w.acc;
        acc.sum += e;
        if k % 2 == 0 {
            acc.sum2 += e;
        }
        if !w.grad {
            return e;
        }
        let vp = &w.vp;
        let d = [v.fa - vp.fa, v.fb - vp.fb, -m * (v.q - vp.q)];
        for (a, di) in acc.d.iter_mut().zip(d) {
            *a += e * di;
        }
        if w.hess {
            add_outer(&mut acc.dd, e, d);
            acc.h2[0] += e * v.faa;
            acc.h2[1] += e * v.fab;
            acc.h2[2] += e * v.fbb;
            // (With m = 0, q², which overflows near x = 1 at s = 1, is not needed.)
            if m != 0.0 {
                acc.h2[3] += e * v.q * v.q;
            }
        }
        e
    }

    /// The walk at one stride: outwards from the peak on its lattice until the terms are
    /// negligible (or to the grid's end); None where the peak's value is not finite.
    fn first_walk(
        &mut self,
        c: f64,
        m: f64,
        stride: usize,
        start: usize,
        (grad, hess): (bool, bool),
    ) -> Option<Walked> {
        let [a, b, s] = self.p;
        let half = self.grid.half as isize;
        let kmax = half / stride as isize;
        let kp = self.peak(c, m, stride, start);
        let ip = (half + kp * stride as isize) as usize;
        let vp = self.vals(ip);
        let lp = c * vp.lsx + m * vp.l1 + vp.f;
        if !lp.is_finite() {
            return None;
        }
        let mut w = Walked {
            stride,
            kmax,
            grad,
            hess,
            lp,
            vp,
            ends: [a + c, b + if s >= 1.0 { m } else { 0.0 }],
            acc: Acc::default(),
            ext: [kp; 2],
            reached: [false; 2],
        };
        self.add(&mut w, c, m, kp);
        // Beyond the mode of (sx)^c (1 − sx)^m, on either side, the mass left is at most
        // that factor at the last node (f integrates to 1): cut once it is below 2^-64 of the
        // sum. At s = 1 the right end's ∂/∂s integrand is singular: cut there only after two
        // negligible terms where g vanishes faster than (1 − x)², as at the left end with
        // c = 0.
        let mode = if c + m > 0.0 {
            c / (s * (c + m))
        } else {
            f64::NAN
        };
        let ln_tail = TAIL_NEGLIGIBLE.libm_ln() + lp;
        for (side, dir) in [(0usize, -1isize), (1, 1)] {
            let bound = side == 0 || s < 1.0;
            // The sum so far (it only grows: a cut against it is on the safe side).
            let ln_cut = ln_tail + (stride as f64 * w.acc.sum).libm_ln();
            let mut k = kp + dir;
            let mut small = 0;
            while k.abs() <= kmax {
                w.ext[side] = k;
                let e = self.add(&mut w, c, m, k);
                if w.ends[side] > 2.0 {
                    small = if e < TAIL_NEGLIGIBLE * w.acc.sum {
                        small + 1
                    } else {
                        0
                    };
                    if small == 2 {
                        break;
                    }
                }
                if bound {
                    let i = (half + k * stride as isize) as usize;
                    let x = self.grid.nodes[i].x;
                    let beyond = if side == 0 { x < mode } else { x > mode };
                    if beyond {
                        let v = self.vals(i);
                        let binomial = c * v.lsx + m * v.l1;
                        if binomial < ln_cut {
                            break;
                        }
                    }
                }
                if k.abs() == kmax {
                    w.reached[side] = true;
                }
                k += dir;
            }
            if kp.abs() == kmax && kp.signum() == dir {
                w.reached[side] = true;
            }
        }
        Some(w)
    }

    /// The walk at half the stride of `w`: its nodes (every other one now) and those between
    /// them, over the same span (the terms beyond it were negligible), in the same units.
    fn refine(&mut self, c: f64, m: f64, mut w: Walked) -> Walked {
        // The grid's half width is a multiple of the coarsest stride: the ends stay nodes.
        debug_assert!(self.grid.half.is_multiple_of(w.stride));
        w.stride /= 2;
        w.kmax *= 2;
        w.ext = w.ext.map(|k| 2 * k);
        w.acc.sum2 = w.acc.sum;
        let [lo, hi] = w.ext;
        for k in (lo + 1..hi).step_by(2) {
            self.add(&mut w, c, m, k);
        }
        w
    }

    /// The group's integral from a walk; None when its stride and twice it disagree.
    fn finish(&mut self, c: f64, m: f64, w: &Walked) -> Option<GroupLn> {
        let [_, b, s] = self.p;
        let hess = w.hess;
        let (acc, vp, lp) = (&w.acc, w.vp, w.lp);
        let fine = (w.stride as f64 * acc.sum).libm_ln();
        let coarse = (2.0 * w.stride as f64 * acc.sum2).libm_ln();
        // (NaN fails too.)
        if (fine - coarse).abs() >= LEVEL_REL || fine.is_nan() || coarse.is_nan() {
            return None;
        }
        // Sums in units of e^lp: the nodes' at this stride, then the masses beyond the ends.
        let sf = w.stride as f64;
        let mut total = sf * acc.sum;
        let mut d = acc.d.map(|v| sf * v);
        let mut dd = acc.dd.map(|v| sf * v);
        let h2 = acc.h2.map(|v| sf * v);
        let gp = [vp.fa, vp.fb, c / s - m * vp.q];
        for (side, &e) in w.ends.iter().enumerate() {
            if !w.reached[side] {
                continue;
            }
            let density = *self.density();
            let mut g = |x: f64, xc: f64| density.log_g(c, m, x, xc);
            for (wt, (v, grad)) in end_mass(sf * self.grid.h, 0.5, e, side == 1, &mut g) {
                let t = wt * (v - lp).libm_exp();
                if !(t.is_finite()) || t == 0.0 {
                    continue;
                }
                total += t;
                let dv = [grad[0] - gp[0], grad[1] - gp[1], grad[2] - gp[2]];
                for (di, dvi) in d.iter_mut().zip(dv) {
                    *di += t * dvi;
                }
                if hess {
                    add_outer(&mut dd, t, dv);
                }
            }
        }
        let mean = d.map(|v| v / total);
        let grad = std::array::from_fn(|i| gp[i] + mean[i]);
        let mut hm = [[0.0; 3]; 3];
        if hess {
            // m·E[q²]; at s = 1 with m + b ≤ 2 the integral of g·q² diverges at x = 1 (the
            // Hessian is unknown there: NaN, and the Newton step takes differences).
            let h_ss = if m == 0.0 {
                0.0
            } else if s >= 1.0 && m + b <= 2.0 {
                f64::NAN
            } else {
                m * h2[3] / total
            };
            let base = [
                [h2[0] / total, h2[1] / total, 0.0],
                [h2[1] / total, h2[2] / total, 0.0],
                [0.0, 0.0, -c / (s * s) - h_ss],
            ];
            hm = hessian(base, &dd, total, mean);
        }
        let ln = lp + total.libm_ln();
        ln.is_finite().then_some(GroupLn { ln, grad, hess: hm })
    }
}

/// A walk at one stride: its lattice's last index (kmax: the grid's end), what it sums (the
/// gradient, the Hessian), its peak's values (the units e^lp and the gradient's reference),
/// the exponents of the integrand at x = 0 and 1, its running sums, the outermost nodes it
/// took on each side (in units of the stride), and whether it reached each end of the grid.
struct Walked {
    stride: usize,
    kmax: isize,
    grad: bool,
    hess: bool,
    lp: f64,
    vp: Vals,
    ends: [f64; 2],
    acc: Acc,
    ext: [isize; 2],
    reached: [bool; 2],
}

/// The running sums of a walk, in units of e^lp.
#[derive(Debug, Default)]
struct Acc {
    sum: f64,
    /// The nodes of twice the stride.
    sum2: f64,
    /// Σ e·(∇ln g − ∇ln g at the peak).
    d: [f64; 3],
    /// Σ e·d·dᵀ (upper triangle, row by row).
    dd: [f64; 6],
    /// Σ e·∂²ln f/∂a², ∂a∂b, ∂b², and Σ e·q².
    h2: [f64; 4],
}
