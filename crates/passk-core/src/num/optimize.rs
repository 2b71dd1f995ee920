//! A small maximiser for smooth functions of two variables in a box: projected Newton steps
//! with a finite-difference Hessian of the analytic gradient, backtracking, several starts,
//! and the reason it stopped (as argmin reports it).

use std::fmt;

/// Why the optimiser stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The projected gradient fell below the tolerance: a (possibly boundary) maximum.
    GradientTolerance,
    /// No step improved the objective any more (converged to working precision).
    NoImprovement,
    /// The iteration limit was reached first.
    MaxIterations,
    /// The next Newton step promised to gain less than the search's tolerance (a search
    /// that needs its optimum to a set number of nats, not to working precision).
    GainTolerance,
}

impl StopReason {
    /// Whether this counts as converged.
    pub fn converged(&self) -> bool {
        !matches!(self, StopReason::MaxIterations)
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::GradientTolerance => "projected gradient below tolerance",
            StopReason::NoImprovement => "no further improvement at working precision",
            StopReason::MaxIterations => "iteration limit reached",
            StopReason::GainTolerance => "the next step would gain less than the tolerance",
        })
    }
}

/// The result of a maximisation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The maximiser.
    pub x: [f64; 2],
    /// The maximum.
    pub value: f64,
    /// Newton iterations taken (summed over starts).
    pub iterations: u32,
    /// Why the best run stopped.
    pub reason: StopReason,
    /// Which coordinates sit on a box edge.
    pub at_bound: [bool; 2],
}

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

const EDGE: f64 = 1e-12;

impl Problem {
    fn clamp(&self, x: [f64; 2]) -> [f64; 2] {
        [
            x[0].clamp(self.lo[0], self.hi[0]),
            x[1].clamp(self.lo[1], self.hi[1]),
        ]
    }

    /// Maximises `f` (value and gradient) from one start.
    pub fn newton(&self, f: &mut impl Objective, start: [f64; 2]) -> Outcome {
        let mut x = self.clamp(start);
        let (mut v, mut g) = f.eval(x);
        let mut reason = StopReason::MaxIterations;
        let mut it = 0;
        while it < self.max_iter {
            it += 1;
            // Free coordinates: not pinned at a bound by a gradient pointing outwards.
            let free: [bool; 2] = std::array::from_fn(|i| {
                !((x[i] <= self.lo[i] + EDGE && g[i] <= 0.0)
                    || (x[i] >= self.hi[i] - EDGE && g[i] >= 0.0))
            });
            let pg: [f64; 2] = std::array::from_fn(|i| if free[i] { g[i] } else { 0.0 });
            let gnorm = pg[0].abs().max(pg[1].abs());
            if !v.is_finite() {
                break;
            }
            if gnorm <= 1e-11 * (1.0 + v.abs()) {
                reason = StopReason::GradientTolerance;
                break;
            }
            let d = self.direction(f, x, pg, free);
            match uphill(&mut |y| f.eval(y), |y| self.clamp(y), (x, v), pg, d) {
                Some((xn, vn, gn, small)) => {
                    (x, v, g) = (xn, vn, gn);
                    if small {
                        reason = StopReason::NoImprovement;
                        break;
                    }
                }
                None => {
                    reason = StopReason::NoImprovement;
                    break;
                }
            }
        }
        Outcome {
            x,
            value: v,
            iterations: it,
            reason,
            at_bound: std::array::from_fn(|i| {
                x[i] <= self.lo[i] + EDGE || x[i] >= self.hi[i] - EDGE
            }),
        }
    }

    /// A Newton direction on the free coordinates, or the gradient itself where the Hessian
    /// is not negative definite.
    fn direction(
        &self,
        f: &mut impl Objective,
        x: [f64; 2],
        pg: [f64; 2],
        free: [bool; 2],
    ) -> [f64; 2] {
        let hess = f.hessian(x);
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
        let mut best: Option<Outcome> = None;
        let mut total = 0;
        for s in starts {
            let o = self.newton(f, s);
            total += o.iterations;
            if best.is_none_or(|b| o.value > b.value) {
                best = Some(o);
            }
        }
        let mut best = best.unwrap_or(Outcome {
            x: self.clamp([0.0, 0.0]),
            value: f64::NAN,
            iterations: 0,
            reason: StopReason::MaxIterations,
            at_bound: [false, false],
        });
        best.iterations = total;
        best
    }
}

/// One backtracking step of a projected Newton search (this file's, and the N-dimensional
/// one's): from x (value v) along d, t halving from 1 while the gain the
/// slope pg·d promises is above what a double resolves at v (at an optimum, rounding leaves a
/// gradient that no step can follow: forty evaluations would find nothing). The first point
/// uphill, its value and gradient, and whether the gain was negligible (≤ 10^-15 relative);
/// None when no step gains.
pub fn uphill<const N: usize>(
    f: &mut impl FnMut([f64; N]) -> (f64, [f64; N]),
    clamp: impl Fn([f64; N]) -> [f64; N],
    (x, v): ([f64; N], f64),
    pg: [f64; N],
    d: [f64; N],
) -> Option<([f64; N], f64, [f64; N], bool)> {
    let slope: f64 = (0..N).map(|i| pg[i] * d[i]).sum();
    let resolution = 4.0 * f64::EPSILON * v.abs().max(1.0);
    let mut t = 1.0;
    for _ in 0..40 {
        if t * slope <= resolution {
            return None;
        }
        let xn = clamp(std::array::from_fn(|i| x[i] + t * d[i]));
        if xn == x {
            return None;
        }
        let (vn, gn) = f(xn);
        if vn.is_finite() && vn > v {
            let small = (vn - v).abs() <= 1e-15 * v.abs().max(1.0);
            return Some((xn, vn, gn, small));
        }
        t *= 0.5;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut g = |x: [f64; 2]| (x[0] - (x[1] - 1.0).powi(2), [1.0, -2.0 * (x[1] - 1.0)]);
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
        assert_eq!(o.reason, StopReason::NoImprovement);
        assert_eq!(o.x, [1.0, -2.0]);
        // (Without the bound on the promised gain: 41 and more.)
        assert!(calls.get() <= 12, "{} evaluations", calls.get());
    }
}
