//! One parameter point (a, b, s) of a scaled family on the shared [`Grid`]: the density's part
//! of each node computed once, when a group first needs it, and each group's integral
//! ∫₀¹ (sx)^c (1 − sx)^m f(x) dx from the nodes around its own peak, with its gradient and
//! Hessian in (a, b, s).
//!
//! How a group walks the nodes is in `walk.rs`.

use super::grid::Grid;
use super::Family;
use crate::num::beta::ln_beta;
use crate::num::gamma::{digamma, trigamma};
use crate::num::libm_math::LibmMath;
use std::cell::RefCell;

/// ln of one group's integral, its gradient and Hessian in (a, b, s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroupLn {
    /// ln ∫ (sx)^c (1 − sx)^m f(x) dx.
    pub ln: f64,
    /// Its gradient in (a, b, s).
    pub grad: [f64; 3],
    /// Its Hessian in (a, b, s) (zero unless asked for).
    pub hess: [[f64; 3]; 3],
}

/// The density's part of a node at a parameter point.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Vals {
    /// ln f(x) plus the node's ln weight.
    pub(super) f: f64,
    /// ∂ln f/∂a.
    pub(super) fa: f64,
    /// ∂ln f/∂b.
    pub(super) fb: f64,
    /// ∂²ln f/∂a².
    pub(super) faa: f64,
    /// ∂²ln f/∂a∂b.
    pub(super) fab: f64,
    /// ∂²ln f/∂b².
    pub(super) fbb: f64,
    /// ln(sx).
    pub(super) lsx: f64,
    /// ln(1 − sx).
    pub(super) l1: f64,
    /// x/(1 − sx).
    pub(super) q: f64,
}

/// The nodes' values of the latest point, valid where `stamp` equals `generation`.
#[derive(Debug, Default)]
struct Memo {
    key: Option<(u32, Family, [u64; 3])>,
    generation: u32,
    stamp: Vec<u32>,
    vals: Vec<Vals>,
}

impl Memo {
    fn prepare(&mut self, key: (u32, Family, [u64; 3]), len: usize) {
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
            self.vals.resize(len, Vals::default());
        }
        if self.key != Some(key) {
            self.key = Some(key);
            self.generation = self.generation.wrapping_add(1);
            if self.generation == 0 {
                self.stamp.iter_mut().for_each(|s| *s = 0);
                self.generation = 1;
            }
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// A parameter point on a grid.
pub struct Point<'m> {
    pub(super) grid: &'static Grid,
    family: Family,
    pub(super) p: [f64; 3],
    ln_s: f64,
    /// The scaled Beta: ln B(a, b), ψ(a) − ψ(a + b), ψ(b) − ψ(a + b), and the constant
    /// second derivatives; the Kumaraswamy: ln a + ln b.
    consts: [f64; 6],
    memo: &'m mut Memo,
}

/// Runs `f` on the point (a, b, s) = `p` of `family` on the grid of `level`. Node values
/// are kept between calls at the same point on the same thread (a predictor's many budgets,
/// a Newton step's value and Hessian).
pub fn with_point<R>(
    level: u32,
    family: Family,
    p: [f64; 3],
    f: impl FnOnce(&mut Point) -> R,
) -> R {
    let grid = Grid::get(level);
    let key = (grid.level, family, p.map(f64::to_bits));
    let run = |memo: &mut Memo| {
        memo.prepare(key, grid.nodes.len());
        f(&mut Point::new(grid, family, p, memo))
    };
    MEMO.with(|cell| match cell.try_borrow_mut() {
        Ok(mut memo) => run(&mut memo),
        // A point inside another's closure: a memo of its own.
        Err(_) => run(&mut Memo::default()),
    })
}

impl<'m> Point<'m> {
    fn new(grid: &'static Grid, family: Family, p: [f64; 3], memo: &'m mut Memo) -> Self {
        let [a, b, s] = p;
        let consts = match family {
            Family::ScaledBeta => {
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
            Family::Kumaraswamy => [a.libm_ln() + b.libm_ln(), 0.0, 0.0, 0.0, 0.0, 0.0],
        };
        Point {
            grid,
            family,
            p,
            ln_s: s.libm_ln(),
            consts,
            memo,
        }
    }

    /// The density's part at x (1 − x, ln x and ln(1 − x) given exactly), with weight ln_w.
    pub(super) fn vals_at(&self, x: f64, xc: f64, ln_x: f64, ln_xc: f64, ln_w: f64) -> Vals {
        let [a, b, s] = self.p;
        let (one_m, l1) = if x <= 0.5 {
            (1.0 - s * x, (-s * x).libm_ln_1p())
        } else {
            let v = (1.0 - s) + s * xc;
            (v, v.libm_ln())
        };
        let k = &self.consts;
        let (f, fa, fb, faa, fab, fbb) = match self.family {
            Family::ScaledBeta => (
                (a - 1.0) * ln_x + (b - 1.0) * ln_xc - k[0],
                ln_x - k[1],
                ln_xc - k[2],
                k[3],
                k[4],
                k[5],
            ),
            Family::Kumaraswamy => {
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

    pub(super) fn vals(&mut self, i: usize) -> Vals {
        let g = self.memo.generation;
        if self.memo.stamp[i] != g {
            let n = self.grid.nodes[i];
            self.memo.vals[i] = self.vals_at(n.x, n.xc, n.ln_x, n.ln_xc, n.ln_w);
            self.memo.stamp[i] = g;
        }
        self.memo.vals[i]
    }

    /// ln of the group's integrand (times the weight) at node i.
    pub(super) fn ln_at(&mut self, i: usize, c: f64, m: f64) -> f64 {
        let v = self.vals(i);
        c * v.lsx + m * v.l1 + v.f
    }
}
