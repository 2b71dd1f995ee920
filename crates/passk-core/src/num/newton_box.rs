//! The three-parameter fits' maximiser: the crate's one Newton search ([`super::newton`]) in a
//! box of any small dimension N, its direction from the objective's Hessian (or forward
//! differences of its analytic gradient) by a Cholesky solve of the free coordinates' system,
//! shifted towards the gradient when the Hessian is not negative definite.

use super::newton::{Ascent, OutcomeN, Search};

/// What [`BoxN`] maximises: the value and gradient at a point, and where it can, the Hessian
/// (else forward differences of the gradient stand in).
pub trait BoxObjective<const N: usize> {
    /// The value and gradient at x.
    fn eval(&mut self, x: [f64; N]) -> (f64, [f64; N]);
    /// The Hessian at x, None where it is not known in closed form.
    fn hessian(&mut self, _x: [f64; N]) -> Option<[[f64; N]; N]> {
        None
    }
}

impl<const N: usize, F: FnMut([f64; N]) -> (f64, [f64; N])> BoxObjective<N> for F {
    fn eval(&mut self, x: [f64; N]) -> (f64, [f64; N]) {
        self(x)
    }
}

/// The box, its iteration limit and the result type of a maximisation.
#[derive(Debug, Clone, Copy)]
pub struct BoxN<const N: usize> {
    /// Lower bounds.
    pub lo: [f64; N],
    /// Upper bounds.
    pub hi: [f64; N],
    /// Newton iterations per start.
    pub max_iter: u32,
    /// Stop once a Newton step promises to gain at most this much (the slope along the step
    /// over two; 0: search to working precision).
    pub gain_tol: f64,
}

/// Forward-difference step of the Hessian.
const H_STEP: f64 = 1e-6;

/// The search's gradient tolerance (relative to 1 + |value|).
const GRAD_TOL: f64 = 1e-10;

impl<const N: usize> BoxN<N> {
    fn search(&self) -> Search<N> {
        Search {
            lo: self.lo,
            hi: self.hi,
            max_iter: self.max_iter,
            grad_tol: GRAD_TOL,
            gain_tol: self.gain_tol,
        }
    }

    /// Maximises `f` (value and gradient) from each start; returns the best run with the
    /// iterations of all runs added up.
    pub fn maximize(&self, f: &mut impl BoxObjective<N>, starts: &[[f64; N]]) -> OutcomeN<N> {
        self.search()
            .best(&mut Cholesky { bx: self, f }, starts.iter().copied())
    }

    /// Maximises from one start.
    pub fn newton(&self, f: &mut impl BoxObjective<N>, start: [f64; N]) -> OutcomeN<N> {
        self.search().newton(&mut Cholesky { bx: self, f }, start)
    }
}

/// An objective with the Newton direction of a shifted Cholesky solve.
struct Cholesky<'a, const N: usize, O> {
    bx: &'a BoxN<N>,
    f: &'a mut O,
}

impl<const N: usize, O: BoxObjective<N>> Ascent<N> for Cholesky<'_, N, O> {
    fn eval(&mut self, x: [f64; N]) -> (f64, [f64; N]) {
        self.f.eval(x)
    }

    /// The Newton direction on the free coordinates, −H⁻¹·g, with −H shifted by λ·I until
    /// positive definite; capped at 3 in every coordinate.
    fn direction(&mut self, x: [f64; N], g: [f64; N], pg: [f64; N], free: [bool; N]) -> [f64; N] {
        let (bx, f) = (self.bx, &mut *self.f);
        let idx: Vec<usize> = (0..N).filter(|&i| free[i]).collect();
        let m = idx.len();
        let mut neg_h = vec![0.0; m * m];
        // −H on the free coordinates: the objective's where its entries there are known (a
        // coordinate held at an edge may have none), else forward differences of the
        // gradient (stepping inwards at an upper bound).
        let known = f.hessian(x).filter(|h| {
            idx.iter()
                .all(|&i| idx.iter().all(|&j| h[i][j].is_finite()))
        });
        for (a, &i) in idx.iter().enumerate() {
            if let Some(h) = &known {
                for (b, &j) in idx.iter().enumerate() {
                    neg_h[b * m + a] = -h[j][i];
                }
                continue;
            }
            let step = if x[i] + H_STEP > bx.hi[i] {
                -H_STEP
            } else {
                H_STEP
            };
            let mut xp = x;
            xp[i] += step;
            let (_, gp) = f.eval(xp);
            for (b, &j) in idx.iter().enumerate() {
                neg_h[b * m + a] = -(gp[j] - g[j]) / step;
            }
        }
        for a in 0..m {
            for b in 0..a {
                let s = 0.5 * (neg_h[a * m + b] + neg_h[b * m + a]);
                neg_h[a * m + b] = s;
                neg_h[b * m + a] = s;
            }
        }
        let scale = (0..m)
            .fold(0.0f64, |s, a| s.max(neg_h[a * m + a].abs()))
            .max(1e-12);
        let rhs: Vec<f64> = idx.iter().map(|&i| pg[i]).collect();
        let mut lambda = 0.0;
        for _ in 0..12 {
            if let Some(sol) = cholesky_solve(&neg_h, m, lambda, &rhs) {
                let mut d = [0.0; N];
                for (a, &i) in idx.iter().enumerate() {
                    d[i] = sol[a];
                }
                let big = d.iter().fold(0.0f64, |s, v| s.max(v.abs()));
                if big.is_finite() {
                    if big > 3.0 {
                        d.iter_mut().for_each(|v| *v *= 3.0 / big);
                    }
                    return d;
                }
            }
            lambda = if lambda == 0.0 {
                1e-8 * scale
            } else {
                lambda * 10.0
            };
        }
        let big = pg.iter().fold(f64::MIN_POSITIVE, |s, v| s.max(v.abs()));
        std::array::from_fn(|i| pg[i] / big)
    }
}

/// Solves (A + λI)·y = r for a symmetric m×m A (row-major) by Cholesky; None unless A + λI
/// is positive definite.
pub(crate) fn cholesky_solve(a: &[f64], m: usize, lambda: f64, r: &[f64]) -> Option<Vec<f64>> {
    let mut l = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..=i {
            let mut s = a[i * m + j] + if i == j { lambda } else { 0.0 };
            for k in 0..j {
                s -= l[i * m + k] * l[j * m + k];
            }
            if i == j {
                if s <= 0.0 || s.is_nan() {
                    return None;
                }
                l[i * m + i] = s.sqrt();
            } else {
                l[i * m + j] = s / l[j * m + j];
            }
        }
    }
    let mut y = r.to_vec();
    for i in 0..m {
        for k in 0..i {
            y[i] -= l[i * m + k] * y[k];
        }
        y[i] /= l[i * m + i];
    }
    for i in (0..m).rev() {
        for k in i + 1..m {
            y[i] -= l[k * m + i] * y[k];
        }
        y[i] /= l[i * m + i];
    }
    Some(y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::libm_math::LibmMath;
    use crate::num::termination::TerminationReason;

    #[test]
    fn finds_an_interior_maximum_and_a_boundary_one() {
        let bx = BoxN::<3> {
            lo: [-5.0; 3],
            hi: [5.0, 5.0, 0.0],
            max_iter: 100,
            gain_tol: 0.0,
        };
        // −(x−1)² − 2(y+2)² − (z−1)² − x·y/2: the maximum in z is at the bound z = 0.
        let mut f = |p: [f64; 3]| {
            let [x, y, z] = p;
            (
                -(x - 1.0).pow_int(2)
                    - 2.0 * (y + 2.0).pow_int(2)
                    - (z - 1.0).pow_int(2)
                    - 0.5 * x * y,
                [
                    -2.0 * (x - 1.0) - 0.5 * y,
                    -4.0 * (y + 2.0) - 0.5 * x,
                    -2.0 * (z - 1.0),
                ],
            )
        };
        let o = bx.maximize(&mut f, &[[0.0, 0.0, -3.0], [4.0, 4.0, -1.0]]);
        // Stationary in (x, y): 2x + y/2 = 2 + … solved exactly.
        let det = 2.0 * 4.0 - 0.25;
        let (x, y) = (
            (2.0 * 4.0 - 0.5 * -8.0) / det,
            (2.0 * -8.0 - 0.5 * 2.0) / det,
        );
        assert!(
            (o.x[0] - x).abs() < 1e-8 && (o.x[1] - y).abs() < 1e-8,
            "{o:?} {x} {y}"
        );
        assert_eq!(o.x[2], 0.0);
        assert_eq!(o.at_bound, [false, false, true]);
        assert!(o.reason.converged());
    }

    #[test]
    fn an_unknown_hessian_entry_of_a_held_coordinate_costs_no_differences() {
        // −(x−1)² − 2(y+2)² + z in a box with z ≤ 0: z is held at its edge, and the Hessian
        // says nothing of z (NaN, as the scaled fits' ∂²/∂s² at s = 1). The free block is
        // known, so no step takes differences: a start, a step, and the stop.
        struct Quad(u32);
        impl BoxObjective<3> for Quad {
            fn eval(&mut self, p: [f64; 3]) -> (f64, [f64; 3]) {
                self.0 += 1;
                let [x, y, z] = p;
                (
                    -(x - 1.0).pow_int(2) - 2.0 * (y + 2.0).pow_int(2) + z,
                    [-2.0 * (x - 1.0), -4.0 * (y + 2.0), 1.0],
                )
            }
            fn hessian(&mut self, _: [f64; 3]) -> Option<[[f64; 3]; 3]> {
                let n = f64::NAN;
                Some([[-2.0, 0.0, n], [0.0, -4.0, n], [n, n, n]])
            }
        }
        let bx = BoxN::<3> {
            lo: [-5.0; 3],
            hi: [5.0, 5.0, 0.0],
            max_iter: 100,
            gain_tol: 0.0,
        };
        let mut f = Quad(0);
        let o = bx.maximize(&mut f, &[[0.0, 0.0, 0.0]]);
        assert!(
            (o.x[0] - 1.0).abs() < 1e-12 && (o.x[1] + 2.0).abs() < 1e-12,
            "{o:?}"
        );
        assert_eq!(o.at_bound, [false, false, true]);
        assert!(f.0 <= 3, "{} evaluations: the Hessian was differenced", f.0);
    }

    #[test]
    fn a_gain_tolerance_stops_early_within_it() {
        // −Σ cosh(x_i − c_i): maximum −3 at c; Newton converges quadratically, not in one
        // step, so a tolerance of 10^-6 stops it before the gradient is below 10^-10.
        let c = [0.5, -1.0, 2.0];
        let mut f = |x: [f64; 3]| {
            let v = -(0..3).map(|i| (x[i] - c[i]).cosh()).sum::<f64>();
            (v, std::array::from_fn(|i| -(x[i] - c[i]).sinh()))
        };
        let exact = BoxN::<3> {
            lo: [-5.0; 3],
            hi: [5.0; 3],
            max_iter: 100,
            gain_tol: 0.0,
        };
        let loose = BoxN {
            gain_tol: 1e-6,
            ..exact
        };
        let start = [[3.0, 1.0, -1.0]];
        let (a, b) = (
            exact.maximize(&mut f, &start),
            loose.maximize(&mut f, &start),
        );
        assert_eq!(b.reason, TerminationReason::GainTolerance, "{b:?}");
        assert!(a.reason != TerminationReason::GainTolerance, "{a:?}");
        assert!(b.iterations <= a.iterations, "{a:?} {b:?}");
        assert!(
            a.value - b.value <= 1e-6 && a.value >= b.value,
            "{a:?} {b:?}"
        );
        assert!((a.value + 3.0).abs() < 1e-12, "{a:?}");
    }
}
