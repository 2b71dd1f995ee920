//! One parameter point (a, b, s) of a scaled distribution on the shared [`Grid`]: the density's part
//! of each node computed once, when a group first needs it, and each group's integral
//! ∫₀¹ (sx)^c (1 − sx)^m f(x) dx from the nodes around its own peak, with its gradient and
//! Hessian in (a, b, s).
//!
//! How a group walks the nodes is in `walk.rs`.

use super::density::{Density, Vals};
use super::distribution::Distribution;
use super::grid::Grid;
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

/// The nodes' values of the latest point, valid where `stamp` equals `generation`.
#[derive(Debug, Default)]
struct Memo {
    key: Option<(u32, Distribution, [u64; 3])>,
    /// The density at the key's point.
    density: Density,
    generation: u32,
    stamp: Vec<u32>,
    vals: Vec<Vals>,
}

impl Memo {
    fn prepare(&mut self, key: (u32, Distribution, [u64; 3]), len: usize, p: [f64; 3]) {
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
            self.vals.resize(len, Vals::default());
        }
        if self.key != Some(key) {
            self.key = Some(key);
            self.density = Density::new(key.1, p);
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
    pub(super) p: [f64; 3],
    memo: &'m mut Memo,
}

/// Runs `f` on the point (a, b, s) = `p` of `dist` on the grid of `level`. Node values
/// are kept between calls at the same point on the same thread (a predictor's many budgets,
/// a Newton step's value and Hessian).
pub fn with_point<R>(
    level: u32,
    dist: Distribution,
    p: [f64; 3],
    f: impl FnOnce(&mut Point) -> R,
) -> R {
    let grid = Grid::get(level);
    let key = (grid.level, dist, p.map(f64::to_bits));
    let run = |memo: &mut Memo| {
        memo.prepare(key, grid.nodes.len(), p);
        f(&mut Point { grid, p, memo })
    };
    MEMO.with(|cell| match cell.try_borrow_mut() {
        Ok(mut memo) => run(&mut memo),
        // A point inside another's closure: a memo of its own.
        Err(_) => run(&mut Memo::default()),
    })
}

impl Point<'_> {
    /// The density at this point.
    pub(super) fn density(&self) -> &Density {
        &self.memo.density
    }

    pub(super) fn vals(&mut self, i: usize) -> Vals {
        let g = self.memo.generation;
        if self.memo.stamp[i] != g {
            let n = self.grid.nodes[i];
            self.memo.vals[i] = self.memo.density.at(n.x, n.xc, n.ln_x, n.ln_xc, n.ln_w);
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
