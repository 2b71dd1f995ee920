//! The two-parameter fits' maximiser: the crate's one Newton search ([`super::newton`]) in a
//! box of two dimensions, its direction from the objective's 2×2 Hessian (analytic, or
//! central differences of the gradient) solved in closed form, its starts a coarse grid's
//! best cells and the caller's.

use super::newton::{Ascent, OutcomeN, Search};

/// The result of a maximisation.
pub type Outcome = OutcomeN<2>;

/// A smooth objective of two variables: value and gradient, and optionally its Hessian
/// (by default central differences of the gradient).
pub trait Objective {
    /// Value and gradient at x.
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]);

    /// The Hessian at x.
    fn hessian(&mut self, x: [f64; 2]) -> [[f64; 2]; 2] {
        let h = 1e-5;
        let mut hess = [[0.0; 2]; 2];
        for i in 0..2 {
            let mut xp = x;
            let mut xm = x;
            xp[i] += h;
            xm[i] -= h;
            let (_, gp) = self.eval(xp);
            let (_, gm) = self.eval(xm);
            for (j, row) in hess.iter_mut().enumerate() {
                row[i] = (gp[j] - gm[j]) / (2.0 * h);
            }
        }
        hess
    }
}

impl<F: FnMut([f64; 2]) -> (f64, [f64; 2])> Objective for F {
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]) {
        self(x)
    }
}

/// A Hessian at a point.
type Hessian = [[f64; 2]; 2];

/// An objective whose function gives value, gradient and Hessian in one evaluation; the
/// Hessian of the last evaluation is kept for the Newton step.
pub struct WithHessian<F> {
    f: F,
    last: Option<([f64; 2], Hessian)>,
}

impl<F: FnMut([f64; 2]) -> (f64, [f64; 2], Hessian)> WithHessian<F> {
    /// The objective of `f`.
    pub fn new(f: F) -> Self {
        WithHessian { f, last: None }
    }
}

impl<F: FnMut([f64; 2]) -> (f64, [f64; 2], Hessian)> Objective for WithHessian<F> {
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]) {
        let (v, g, h) = (self.f)(x);
        self.last = Some((x, h));
        (v, g)
    }

    fn hessian(&mut self, x: [f64; 2]) -> Hessian {
        match self.last {
            Some((at, h)) if at == x => h,
            _ => {
                let (_, _, h) = (self.f)(x);
                self.last = Some((x, h));
                h
            }
        }
    }
}

/// A box [lo, hi]² and iteration limits.
#[derive(Debug, Clone, Copy)]
pub struct Problem {
    /// Lower bounds.
    pub lo: [f64; 2],
    /// Upper bounds.
    pub hi: [f64; 2],
    /// Newton iterations per start.
    pub max_iter: u32,
}

/// The search's gradient tolerance (relative to 1 + |value|).
const GRAD_TOL: f64 = 1e-11;

impl Problem {
    fn search(&self) -> Search<2> {
        Search {
            lo: self.lo,
            hi: self.hi,
            max_iter: self.max_iter,
            grad_tol: GRAD_TOL,
            gain_tol: f64::NEG_INFINITY,
        }
    }

    fn clamp(&self, x: [f64; 2]) -> [f64; 2] {
        self.search().clamp(x)
    }

    /// Maximises `f` (value and gradient) from one start.
    pub fn newton(&self, f: &mut impl Objective, start: [f64; 2]) -> Outcome {
        self.search().newton(&mut Closed(f), start)
    }

    /// Maximises from a coarse grid and the given extra starts; returns the best run, with
    /// the iterations of every run added up.
    pub fn maximize(
        &self,
        f: &mut impl Objective,
        extra_starts: &[[f64; 2]],
        grid: usize,
        runs: usize,
    ) -> Outcome {
        let mut cands: Vec<(f64, [f64; 2])> = Vec::new();
        for i in 0..grid {
            for j in 0..grid {
                let at = |k: usize, d: usize| {
                    self.lo[d] + (self.hi[d] - self.lo[d]) * (k as f64 + 0.5) / grid as f64
                };
                let x = [at(i, 0), at(j, 1)];
                let (v, _) = f.eval(x);
                if v.is_finite() {
                    cands.push((v, x));
                }
            }
        }
        cands.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut starts: Vec<[f64; 2]> = extra_starts.iter().map(|s| self.clamp(*s)).collect();
        starts.extend(cands.iter().take(runs).map(|c| c.1));
        self.search().best(&mut Closed(f), starts)
    }
}

/// An objective with the Newton direction of its 2×2 Hessian solved in closed form.
struct Closed<'a, O>(&'a mut O);

impl<O: Objective> Ascent<2> for Closed<'_, O> {
    fn eval(&mut self, x: [f64; 2]) -> (f64, [f64; 2]) {
        self.0.eval(x)
    }

    /// A Newton direction on the free coordinates, or the gradient itself where the Hessian
    /// is not negative definite.
    fn direction(&mut self, x: [f64; 2], _: [f64; 2], pg: [f64; 2], free: [bool; 2]) -> [f64; 2] {
        let hess = self.0.hessian(x);
        let sym = 0.5 * (hess[0][1] + hess[1][0]);
        let (h00, h11) = (hess[0][0], hess[1][1]);
        let cap = |d: [f64; 2]| {
            let m = d[0].abs().max(d[1].abs());
            if m > 3.0 {
                [d[0] * 3.0 / m, d[1] * 3.0 / m]
            } else {
                d
            }
        };
        match free {
            [true, true] => {
                let det = h00 * h11 - sym * sym;
                if h00 < 0.0 && det > 0.0 {
                    // d = −H⁻¹ g
                    return cap([
                        -(h11 * pg[0] - sym * pg[1]) / det,
                        -(-sym * pg[0] + h00 * pg[1]) / det,
                    ]);
                }
            }
            [true, false] if h00 < 0.0 => return cap([-pg[0] / h00, 0.0]),
            [false, true] if h11 < 0.0 => return cap([0.0, -pg[1] / h11]),
            _ => {}
        }
        // Steepest ascent, scaled to a modest step in the variables.
        let m = pg[0].abs().max(pg[1].abs()).max(f64::MIN_POSITIVE);
        [pg[0] / m, pg[1] / m]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::libm_math::LibmMath;
    use crate::num::termination::TerminationReason;

    #[test]
    fn finds_interior_and_boundary_maxima() {
        let p = Problem {
            lo: [-5.0, -5.0],
            hi: [5.0, 5.0],
            max_iter: 100,
        };
        // Concave quadratic with its maximum at (1, −2).
        let mut f = |x: [f64; 2]| {
            let (a, b) = (x[0] - 1.0, x[1] + 2.0);
            (-(a * a) - 3.0 * b * b - a * b, [-2.0 * a - b, -6.0 * b - a])
        };
        let o = p.maximize(&mut f, &[], 3, 2);
        assert!(
            (o.x[0] - 1.0).abs() < 1e-8 && (o.x[1] + 2.0).abs() < 1e-8,
            "{o:?}"
        );
        assert!(o.reason.converged());
        // Maximum outside the box: the edge.
        let mut g = |x: [f64; 2]| (x[0] - (x[1] - 1.0).pow_int(2), [1.0, -2.0 * (x[1] - 1.0)]);
        let o = p.maximize(&mut g, &[], 3, 2);
        assert_eq!(o.x[0], 5.0);
        assert!((o.x[1] - 1.0).abs() < 1e-8);
        assert_eq!(o.at_bound, [true, false]);
    }

    #[test]
    fn at_an_optimum_rounding_does_not_cost_forty_evaluations() {
        let p = Problem {
            lo: [-5.0, -5.0],
            hi: [5.0, 5.0],
            max_iter: 100,
        };
        // A large value (a log-likelihood of 10^6 tasks) whose gradient at the optimum is
        // rounding noise, above the gradient tolerance: no step can gain.
        let calls = std::cell::Cell::new(0);
        let mut f = |x: [f64; 2]| {
            calls.set(calls.get() + 1);
            let (a, b) = (x[0] - 1.0, x[1] + 2.0);
            let v = -1e6 - (a * a) - b * b;
            (v, [-2.0 * a + 1e-4, -2.0 * b - 1e-4])
        };
        let o = p.newton(&mut f, [1.0, -2.0]);
        assert_eq!(o.reason, TerminationReason::NoImprovement);
        assert_eq!(o.x, [1.0, -2.0]);
        // (Without the bound on the promised gain: 41 and more.)
        assert!(calls.get() <= 12, "{} evaluations", calls.get());
    }
}
