//! The one projected Newton search of the crate's maximisers: in a box of N dimensions, a
//! Newton direction on the free coordinates (those not held at an edge by a gradient pointing
//! out), backtracking that keeps every step uphill, several starts, and the reason it stopped
//! (as argmin reports it). How the direction is found is the caller's: the two-parameter fits
//! solve their analytic 2×2 Hessian in closed form (`optimize.rs`), the three-parameter ones
//! by a shifted Cholesky factorisation (`newton_box.rs`).

use super::termination::TerminationReason;

/// The result of a maximisation in N dimensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OutcomeN<const N: usize> {
    /// The maximiser.
    pub x: [f64; N],
    /// The maximum.
    pub value: f64,
    /// Newton iterations taken (summed over starts).
    pub iterations: u32,
    /// Why the best run stopped.
    pub reason: TerminationReason,
    /// Which coordinates sit on a box edge.
    pub at_bound: [bool; N],
}

/// What one search needs of its objective: the value and gradient at a point, and the
/// ascent direction from there.
pub(crate) trait Ascent<const N: usize> {
    /// The value and gradient at x.
    fn eval(&mut self, x: [f64; N]) -> (f64, [f64; N]);
    /// The direction from x (gradient g, projected gradient pg, free coordinates `free`).
    fn direction(&mut self, x: [f64; N], g: [f64; N], pg: [f64; N], free: [bool; N]) -> [f64; N];
}

/// A box, its limits, and the search's tolerances.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Search<const N: usize> {
    /// Lower bounds.
    pub lo: [f64; N],
    /// Upper bounds.
    pub hi: [f64; N],
    /// Newton iterations per start.
    pub max_iter: u32,
    /// Stop when the projected gradient's largest entry is at most this times 1 + |value|.
    pub grad_tol: f64,
    /// Stop once a Newton step promises to gain at most this much (the slope along the step
    /// over two); −∞: never.
    pub gain_tol: f64,
}

/// How close to an edge a coordinate is held there.
pub(crate) const EDGE: f64 = 1e-12;

impl<const N: usize> Search<N> {
    /// x clamped into the box.
    pub fn clamp(&self, x: [f64; N]) -> [f64; N] {
        std::array::from_fn(|i| x[i].clamp(self.lo[i], self.hi[i]))
    }

    /// Maximises from each start; returns the best run (a run with a value beats one
    /// without) with the iterations of every run added up.
    pub fn best(
        &self,
        f: &mut impl Ascent<N>,
        starts: impl IntoIterator<Item = [f64; N]>,
    ) -> OutcomeN<N> {
        let mut best: Option<OutcomeN<N>> = None;
        let mut total = 0;
        for s in starts {
            let o = self.newton(f, s);
            total += o.iterations;
            if best.is_none_or(|b| o.value > b.value || b.value.is_nan()) {
                best = Some(o);
            }
        }
        let mut best = best.unwrap_or(OutcomeN {
            x: self.clamp([0.0; N]),
            value: f64::NAN,
            iterations: 0,
            reason: TerminationReason::MaxIterations,
            at_bound: [false; N],
        });
        best.iterations = total;
        best
    }

    /// Maximises from one start.
    pub fn newton(&self, f: &mut impl Ascent<N>, start: [f64; N]) -> OutcomeN<N> {
        let mut x = self.clamp(start);
        let (mut v, mut g) = f.eval(x);
        let mut reason = TerminationReason::MaxIterations;
        let mut it = 0;
        while it < self.max_iter {
            it += 1;
            if !v.is_finite() {
                break;
            }
            let free: [bool; N] = std::array::from_fn(|i| {
                !((x[i] <= self.lo[i] + EDGE && g[i] <= 0.0)
                    || (x[i] >= self.hi[i] - EDGE && g[i] >= 0.0))
            });
            let pg: [f64; N] = std::array::from_fn(|i| if free[i] { g[i] } else { 0.0 });
            let gnorm = pg.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            if gnorm <= self.grad_tol * (1.0 + v.abs()) {
                reason = TerminationReason::GradientTolerance;
                break;
            }
            let d = f.direction(x, g, pg, free);
            if self.gain_tol > f64::NEG_INFINITY {
                let promised: f64 = (0..N).map(|i| pg[i] * d[i]).sum::<f64>() / 2.0;
                if promised <= self.gain_tol {
                    reason = TerminationReason::GainTolerance;
                    break;
                }
            }
            match uphill(&mut |y| f.eval(y), |y| self.clamp(y), (x, v), pg, d) {
                Some((xn, vn, gn, small)) => {
                    (x, v, g) = (xn, vn, gn);
                    if small {
                        reason = TerminationReason::NoImprovement;
                        break;
                    }
                }
                None => {
                    reason = TerminationReason::NoImprovement;
                    break;
                }
            }
        }
        OutcomeN {
            x,
            value: v,
            iterations: it,
            reason,
            at_bound: std::array::from_fn(|i| {
                x[i] <= self.lo[i] + EDGE || x[i] >= self.hi[i] - EDGE
            }),
        }
    }
}

/// One backtracking step: from x (value v) along d, t halving from 1 while the gain the
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
